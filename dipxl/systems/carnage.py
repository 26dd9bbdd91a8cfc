"""Carnage (SCORING.md section 8; beyond the source texts)."""

from __future__ import annotations

from dataclasses import dataclass

from dipxl.errors import Notice, ParameterError
from dipxl.model import LAST_YEAR, MAX_CENTRES, Game
from dipxl.ranking import TieShare, position_points
from dipxl.systems.base import ELIMINATED_YEARS, BoardInput, GameSystem, param
from dipxl.systems.common import (
    GameParams,
    check_positions,
    missing_years,
    solo_scores,
    solo_winner,
)

__all__ = ["ABOVE_YEARS", "Carnage", "Params", "notices", "score", "standing"]


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """Carnage parameters; the defaults are the system of SCORING.md section 8."""

    positions: tuple[float, ...] = param(
        (7000, 6000, 5000, 4000, 3000, 2000, 1000),
        "rank points of 1st, 2nd, ... 7th by centres in a draw (ties share); "
        "a solo scores all of them and every centre",
        item="rank points of {ordinal} by centres in a draw")
    eliminated_by_year: bool = param(
        False, "TRUE: eliminated powers ranked by elimination year, the later the better "
        "(FALSE: they share the lowest ranks)")

    def __post_init__(self) -> None:
        super().__post_init__()
        check_positions(self.positions)
        if not isinstance(self.eliminated_by_year, bool):
            raise ParameterError(
                f"eliminated_by_year must be true or false, got {self.eliminated_by_year!r}",
                field="eliminated_by_year", value=self.eliminated_by_year,
            )


DEFAULT = Params()

# A survivor's standing is its centres times this, above any elimination year.
ABOVE_YEARS = 10 * LAST_YEAR


class Carnage(GameSystem[Params]):
    """Carnage: 1 point a centre plus rank points 7000, 6000, ... 1000.

    Solo (18+ centres): the soloist scores every rank point and every centre,
    7000 + 6000 + ... + 1000 + 34 = 28034; everyone else 0. Draw: each player
    scores 1 per final centre + the rank points of his rank by centres, 7000
    for 1st down to 1000 for 7th; players tied on centres share equally the
    points of the ranks they occupy together, and eliminated players share
    the lowest ranks (option eliminated_by_year: they are ranked by
    elimination year, the later the better, equal years sharing; an unknown
    year ranks last). Tournament score: the sum of game scores (option: best
    N rounds). No tie-breakers.
    Source: SCORING.md section 8 (beyond the source texts: a system TDs ask for).
    """

    twin = "carnage"
    reads = ("centres", "eliminated")
    own_inputs = (
        BoardInput(ELIMINATED_YEARS, "Optional: the year each eliminated power lost its last "
                   "centre (blank for survivors), in the same order; read only with "
                   "eliminated_by_year."),
    )

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)

    def notices(self, game: Game, params: Params = DEFAULT) -> list[Notice]:
        return notices(game, params)


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Carnage scores of one game (the rule: :class:`Carnage`)."""
    centres = game.centres
    winner = solo_winner(game, params.victory_centres)
    if winner is not None:
        scores = solo_scores(winner, sum(params.positions) + MAX_CENTRES)
    else:
        if params.eliminated_by_year and 0 in centres:
            standings = [standing(c, y) for c, y in zip(centres, game.years, strict=True)]
        else:  # by centres: the eliminated are tied on 0 and share the lowest ranks
            standings = list(centres)
        points = position_points(standings, params.positions, TieShare.SHARE)
        scores = tuple([c + points[k] for c, k in zip(centres, standings, strict=True)])
    return params.finish(scores)


def standing(centres: int, year: int | None) -> int:
    """A seat's standing for rank points when eliminated powers are ranked
    by year, higher is better: a survivor's centres x :data:`ABOVE_YEARS`,
    above every eliminated power; an eliminated power's elimination year
    (0 when not recorded: below every recorded year)."""
    return centres * ABOVE_YEARS if centres else (year or 0)


def notices(game: Game, params: Params = DEFAULT) -> list[Notice]:
    """Ranked by year, an eliminated power with no elimination year ranks last."""
    if not params.eliminated_by_year or max(game.centres) >= params.victory_centres:
        return []
    return missing_years(game, "ranked below every power eliminated in a recorded year")
