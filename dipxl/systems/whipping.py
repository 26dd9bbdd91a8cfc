"""Whipping (dipvis GScoringWhipping; CATALOGUE.md)."""

from __future__ import annotations

from dataclasses import dataclass

from dipxl.model import Game
from dipxl.systems.base import ELIMINATED_YEARS, FINAL_YEAR, BoardInput, GameSystem, param
from dipxl.systems.common import (
    GameParams,
    check_number,
    need_elimination_years,
    need_year,
    solo_winner,
)

__all__ = ["BASE_YEAR", "DEFAULT", "Params", "Whipping", "score"]

# A power scores a point for each year played from 1901: the year minus this.
BASE_YEAR = 1900


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """Whipping parameters; the defaults are the published system."""

    solo: float = param(468, "points of the soloist (18+ centres; a concession is not a solo)")
    per_centre: float = param(10, "points a centre of a survivor in a draw")
    survivors_share: float = param(60, "the survivors of a draw share this equally")
    top_factor: float = param(
        2, "the sole board topper of a draw adds this times its centres (none when tied)")

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("solo", "per_centre", "survivors_share", "top_factor"):
            check_number(name, getattr(self, name))


DEFAULT = Params()


class Whipping(GameSystem[Params]):
    """Whipping: 10 a centre, 60 shared by the survivors, twice the top count to a sole topper.

    Eliminated powers always score a point a year played: elimination year
    - 1900. Solo (18+ centres; a concession is scored as a draw): the
    soloist scores 468 and every other survivor final year - 1900, as if
    eliminated when the solo happened. Draw: each survivor scores 10 x
    centres + 60 / the number of survivors (every survivor, whatever the
    draw vote), and the power on the top count, if it holds it alone, adds
    2 x its centres. Tournament score: the sum of game scores (option: best
    N rounds). No tie-breakers.
    Source: https://docs.google.com/document/d/1JkRYnyGP7efPPTBWNgW7IB-xN37KsqJ7H30dKFr32e8/edit
    (dipvis GScoringWhipping, issue #189).
    """

    twin = "whipping"
    reads = ("centres", "eliminated", "year")
    own_inputs = (
        BoardInput(ELIMINATED_YEARS, "The year each eliminated power lost its last centre "
                   "(blank for survivors), in the same order: needed when a power is "
                   "eliminated."),
        BoardInput(FINAL_YEAR, "The year of the final centre counts (one cell): needed "
                   "when survivors lose a solo."),
    )

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Whipping scores of one game (the rule: :class:`Whipping`)."""
    centres = game.centres
    years = need_elimination_years(game) if 0 in centres else (None,) * 7
    played = [float(y - BASE_YEAR) if y is not None else 0.0 for y in years]
    soloist = solo_winner(game, params.victory_centres)
    if soloist is not None:
        losers = [i for i, c in enumerate(centres) if c and i != soloist]
        why = "the survivors of a solo score the years played"
        lost = float(need_year(game, why) - BASE_YEAR) if losers else 0.0
        scores = tuple([
            float(params.solo) if i == soloist else lost if c else played[i]
            for i, c in enumerate(centres)
        ])
    else:
        top = max(centres)
        alone = centres.count(top) == 1
        share = params.survivors_share / (7 - centres.count(0))
        scores = tuple([
            params.per_centre * c + share + (params.top_factor * c if alone and c == top else 0.0)
            if c else played[i]
            for i, c in enumerate(centres)
        ])
    return params.finish(scores)
