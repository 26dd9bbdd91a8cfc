"""Sydney League (dipvis GScoringSydneyLeague; no source cited)."""

from __future__ import annotations

from dataclasses import dataclass

from dipxl.model import FIRST_YEAR, Game
from dipxl.ranking import TieShare, position_points
from dipxl.systems.base import CONCESSION_FLAGS, ELIMINATED_YEARS, BoardInput, GameSystem, param
from dipxl.systems.carnage import standing
from dipxl.systems.common import (
    GameParams,
    check_number,
    check_positions,
    game_winner,
    need_elimination_years,
)

__all__ = ["DEFAULT", "Params", "SydneyLeague", "score"]


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """Sydney League parameters; the defaults are the system as dipvis scores it."""

    per_centre: float = param(25, "points a final centre")
    positions: tuple[float, ...] = param(
        (700, 600, 500, 400, 300, 200, 100),
        "rank points of 1st, 2nd, ... 7th: survivors by centres, then the eliminated by "
        "elimination year, the later the better (ties share)",
        item="rank points of {ordinal}")
    per_year: float = param(
        1, "points of an eliminated power a year played, its elimination year included")
    win_factor: float = param(
        1.5, "a solo or a concession: the winner's score (as if drawn) is multiplied by this")
    loss_factor: float = param(
        0.5, "a solo or a concession: everyone else's score (as if drawn) is multiplied by this")

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("per_centre", "per_year", "win_factor", "loss_factor"):
            check_number(name, getattr(self, name))
        check_positions(self.positions)


DEFAULT = Params()


class SydneyLeague(GameSystem[Params]):
    """Sydney League: 25 a centre and rank points 700 ... 100, a solo x 1.5.

    Every game is first scored as a draw: a survivor scores 25 per final
    centre + the rank points of its rank by centres among the survivors
    (700 for 1st, 600, 500, ... 100 for 7th); the eliminated powers take the
    ranks below every survivor, ordered by elimination year (the later the
    higher), and score those rank points + 1 point a year played, their
    elimination year included (elimination year - 1900). Powers tied on
    centres, or eliminated in the same year, share equally the points of
    the ranks they occupy together. Solo (18+ centres) or concession (the
    board marks one survivor alone in the draw): the winner scores 1.5 x
    its score as a draw and everyone else, the eliminated too, 0.5 x theirs.
    A board with an eliminated power needs its elimination year. Tournament
    score: the sum of game scores (option: best N rounds). No tie-breakers.
    Source: dipvis GScoringSydneyLeague, no source cited.
    """

    twin = "sydney_league"
    reads = ("centres", "eliminated", "draw")
    own_inputs = (
        BoardInput(ELIMINATED_YEARS, "The year each eliminated power lost its last centre "
                   "(blank for survivors), in the same order; needed for a game with an "
                   "eliminated power."),
        CONCESSION_FLAGS,
    )

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Sydney League scores of one game (the rule: :class:`SydneyLeague`)."""
    centres = game.centres
    years = need_elimination_years(game) if 0 in centres else (None,) * 7
    keys = [standing(c, y) for c, y in zip(centres, years, strict=True)]
    points = position_points(keys, params.positions, TieShare.SHARE)
    drawn = [
        params.per_centre * c + points[k] if c
        else points[k] + params.per_year * (k - FIRST_YEAR + 1)
        for c, k in zip(centres, keys, strict=True)
    ]
    winner = game_winner(game, params.victory_centres)
    if winner is not None:
        drawn = [s * (params.win_factor if i == winner else params.loss_factor)
                 for i, s in enumerate(drawn)]
    return params.finish(tuple(drawn))
