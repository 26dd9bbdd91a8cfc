"""Bangkok Pike: dipvis's GScoringBangkokPike (CATALOGUE.md)."""

from __future__ import annotations

from dataclasses import dataclass

from dipxl.model import Game
from dipxl.systems.base import ELIMINATED_YEARS, FINAL_YEAR, BoardInput, GameSystem, param
from dipxl.systems.common import (
    GameParams,
    check_number,
    game_winner,
    need_elimination_years,
    solo_year,
)

__all__ = ["BangkokPike", "Params", "score"]

# Years played are counted from 1901 inclusive: a power out in 1905 played 5.
BEFORE_FIRST_YEAR = 1900


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """Bangkok Pike parameters; the defaults are the published system."""

    solo: float = param(60, "points of the winner of a solo or a concession")
    per_year: float = param(
        0.1, "points per game year played (from 1901, the last year counted) of an "
        "eliminated power, and of every loser of a won game")
    survival: float = param(3, "points of each survivor of a drawn game")
    sole_top: float = param(6, "bonus of a lone board topper in a draw")
    shared_top: float = param(4, "bonus of each topper when the top is shared")
    one_behind: float = param(
        4, "bonus of each power one centre behind the top; a lone topper gets it too "
        "when nobody is one behind")
    two_behind: float = param(
        2, "bonus of each power two centres behind the top; a lone topper gets it too "
        "when nobody is one or two behind")

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("solo", "per_year", "survival", "sole_top", "shared_top", "one_behind",
                     "two_behind"):
            check_number(name, getattr(self, name))


DEFAULT = Params()


class BangkokPike(GameSystem[Params]):
    """Bangkok Pike: centres, 3 for surviving and bonuses by distance from the top.

    Solo (18+ centres) or concession (the draw marks one survivor alone):
    the winner scores 60; every other power 0.1 per game year it played:
    0.1 x (year - 1900), the year being its elimination year, or for a
    survivor the solo year (the final year; after a concession the year of
    the vote, the year after the final counts). Draw: each power scores its
    centres; each survivor +3, each eliminated power 0.1 x (its elimination
    year - 1900) instead. Top bonuses: a lone topper +6, +4 more if nobody
    is exactly one centre behind, and +2 more if nobody is one or two
    behind either (6, 10 or 12); a shared top +4 each; each power exactly
    one centre behind the top +4, exactly two behind +2. A board missing an
    elimination year of an eliminated power, or the final year of a won
    game with survivors besides the winner, is refused. Tournament score:
    the sum of game scores (option: best N rounds). No tie-breakers.
    Source: https://regenscon.com/Scoring_System.html (as dipvis
    GScoringBangkokPike scores it).
    """

    twin = "bangkok_pike"
    reads = ("centres", "eliminated", "draw", "year")
    own_inputs = (
        BoardInput(ELIMINATED_YEARS, "The year each eliminated power lost its last centre "
                   "(blank for survivors), in the same order."),
        BoardInput(FINAL_YEAR, "The year of the final centre counts (one cell); needed "
                   "when a won game has survivors besides the winner."),
    )

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Bangkok Pike scores of one game (the rule: :class:`BangkokPike`)."""
    centres = game.centres
    years = need_elimination_years(game) if 0 in centres else game.years
    winner = game_winner(game, params.victory_centres)

    def played(year: int | None) -> float:
        assert year is not None  # need_elimination_years: every eliminated power has one
        return float(params.per_year * (year - BEFORE_FIRST_YEAR))

    if winner is not None:
        losers_alive = any(c for i, c in enumerate(centres) if i != winner)
        last = solo_year(game) if losers_alive else None
        scores = tuple([float(params.solo) if i == winner else played(y if c == 0 else last)
                        for i, (c, y) in enumerate(zip(centres, years, strict=True))])
        return params.finish(scores)
    top = game.centres_desc[0]
    toppers = centres.count(top)

    def bonus(c: int) -> float:
        if c == top:
            if toppers > 1:
                return params.shared_top
            extra = 0.0
            if top - 1 not in centres:
                extra += params.one_behind
                if top - 2 not in centres:
                    extra += params.two_behind
            return params.sole_top + extra
        if c == top - 1:
            return params.one_behind
        if c == top - 2:
            return params.two_behind
        return 0.0

    scores = tuple([float(c + bonus(c) + (params.survival if c else played(y)))
                    for c, y in zip(centres, years, strict=True)])
    return params.finish(scores)
