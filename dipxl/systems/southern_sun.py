"""Southern Sun (dipvis GScoringSouthernSun; the rules text of dipvis issue #377)."""

from __future__ import annotations

from dataclasses import dataclass

from dipxl.model import FIRST_YEAR, Game
from dipxl.ranking import TieShare, position_points
from dipxl.systems.base import CONCESSION_FLAGS, ELIMINATED_YEARS, BoardInput, GameSystem, param
from dipxl.systems.common import (
    GameParams,
    check_number,
    check_positions,
    game_winner,
    need_elimination_years,
    solo_scores,
)

__all__ = ["DEFAULT", "Params", "SouthernSun", "score"]


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """Southern Sun parameters; the defaults are the system as dipvis scores it."""

    solo: float = param(500, "points of the winner of a solo or a concession (everyone else 0)")
    survived: float = param(30, "points of each survivor of a drawn game")
    per_centre: float = param(10, "points a final centre of a survivor of a drawn game")
    positions: tuple[float, ...] = param(
        (130, 80, 50, 30, 20, 10, 10),
        "rank points of 1st, 2nd, ... by centres among the survivors of a drawn game "
        "(tied survivors share, rounded half to even)",
        item="rank points of {ordinal} by centres among the survivors of a drawn game")
    per_year: float = param(
        3, "points of an eliminated power of a drawn game a year played, its "
        "elimination year included")

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("solo", "survived", "per_centre", "per_year"):
            check_number(name, getattr(self, name))
        check_positions(self.positions)


DEFAULT = Params()


class SouthernSun(GameSystem[Params]):
    """Southern Sun: 30 a survivor, 10 a centre and Fibonacci rank points.

    Solo (18+ centres) or concession (the board marks one survivor alone in
    the draw): the winner scores 500, everyone else 0, the eliminated too.
    Draw: a survivor scores 30 + 10 per final centre + the rank points of
    its rank by centres among the survivors, 130, 80, 50, 30, 20, 10, 10
    for 1st to 7th; survivors tied on centres share equally the points of
    the ranks they occupy together, and the share is rounded to a whole
    number half to even (as Python's round(): a 4-way tie for 1st shares
    (130 + 80 + 50 + 30) / 4 = 72.5 and scores 72; 27.5 and 17.5 give 28
    and 18). An eliminated power scores 3 points a year played, its
    elimination year included: 3 x (elimination year - 1900); it needs its
    elimination year. Tournament score: the sum of game scores (option:
    best N rounds). No tie-breakers.
    Source: dipvis GScoringSouthernSun (the rules text of dipvis issue #377,
    "3 points per full game year survived"; dipvis counts the elimination
    year as played, and dipxl does as dipvis).
    """

    twin = "southern_sun"
    reads = ("centres", "eliminated", "draw")
    own_inputs = (
        BoardInput(ELIMINATED_YEARS, "The year each eliminated power lost its last centre "
                   "(blank for survivors), in the same order; needed for a drawn game "
                   "with an eliminated power."),
        CONCESSION_FLAGS,
    )

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Southern Sun scores of one game (the rule: :class:`SouthernSun`)."""
    winner = game_winner(game, params.victory_centres)
    if winner is not None:
        return params.finish(solo_scores(winner, params.solo))
    centres = game.centres
    years = need_elimination_years(game) if 0 in centres else (None,) * 7
    shares = position_points([c for c in centres if c], params.positions, TieShare.SHARE)
    scores = tuple([
        params.survived + params.per_centre * c + float(round(shares[c])) if c
        else float(params.per_year * (_year(y) - FIRST_YEAR + 1))
        for c, y in zip(centres, years, strict=True)
    ])
    return params.finish(scores)


def _year(year: int | None) -> int:
    assert year is not None, "need_elimination_years gives every eliminated power a year"
    return year
