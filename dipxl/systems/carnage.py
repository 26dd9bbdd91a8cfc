"""Carnage (SCORING.md section 8; beyond the source texts) and dipvis's
Carnage family (CATALOGUE.md): elimination order, Center-count Carnage,
Carnage 2023 are presets of this one rule."""

from __future__ import annotations

from dataclasses import dataclass

from dipxl.errors import Notice, ParameterError
from dipxl.model import LAST_YEAR, MAX_CENTRES, Game
from dipxl.ranking import TieShare, position_points
from dipxl.systems.base import (
    ELIMINATED_YEARS,
    OPTIONAL_DRAW_FLAGS,
    BoardInput,
    GameSystem,
    param,
)
from dipxl.systems.common import (
    GameParams,
    check_number,
    check_positions,
    missing_years,
    solo_winner,
)

__all__ = ["ABOVE_YEARS", "Carnage", "Params", "notices", "score", "standing", "winner"]


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """Carnage parameters; the defaults are the system of SCORING.md section 8."""

    positions: tuple[float, ...] = param(
        (7000, 6000, 5000, 4000, 3000, 2000, 1000),
        "rank points of 1st, 2nd, ... 7th by centres in a draw (ties share)",
        item="rank points of {ordinal} by centres in a draw")
    eliminated_by_year: bool = param(
        False, "TRUE: eliminated powers ranked by elimination year, the later the better "
        "(FALSE: they share the lowest ranks)")
    centre_points: float = param(1, "points for each final centre in a draw")
    solo: float | None = param(
        None, "points of the winner of a solo or a concession (blank: every rank point "
        "and 34 centres at centre_points each, 28034)")
    solo_loss: float = param(
        0, "points of every other power in a solo or a concession, eliminated ones too")
    lead_bonus: float = param(
        0, "in a draw, points for each centre the sole leader is ahead of the next "
        "power (the next survivor, or 0 centres when it is the only survivor)")

    def __post_init__(self) -> None:
        super().__post_init__()
        check_positions(self.positions)
        if not isinstance(self.eliminated_by_year, bool):
            raise ParameterError(
                f"eliminated_by_year must be true or false, got {self.eliminated_by_year!r}",
                field="eliminated_by_year", value=self.eliminated_by_year,
            )
        for name in ("centre_points", "solo_loss", "lead_bonus"):
            check_number(name, getattr(self, name))
        if self.solo is not None:
            check_number("solo", self.solo)

    @property
    def solo_points(self) -> float:
        """The winner's points: ``solo``, or every rank point and every centre."""
        if self.solo is not None:
            return float(self.solo)
        return float(sum(self.positions) + MAX_CENTRES * self.centre_points)


DEFAULT = Params()

# A survivor's standing is its centres times this, above any elimination year.
ABOVE_YEARS = 10 * LAST_YEAR


class Carnage(GameSystem[Params]):
    """Carnage: 1 point a centre plus rank points 7000, 6000, ... 1000.

    Solo (18+ centres) or concession (the draw flags mark one survivor
    alone): the winner scores every rank point and every centre,
    7000 + 6000 + ... + 1000 + 34 = 28034; everyone else 0. Draw: each player
    scores 1 per final centre + the rank points of his rank by centres, 7000
    for 1st down to 1000 for 7th; players tied on centres share equally the
    points of the ranks they occupy together, and eliminated players share
    the lowest ranks (option eliminated_by_year: they are ranked by
    elimination year, the later the better, equal years sharing; an unknown
    year ranks last). Options as in dipvis's Carnage family: centre_points
    a centre, a fixed solo score, solo_loss to every loser of a solo or
    concession, and a lead_bonus for each centre a sole leader is ahead of
    the next power. Tournament score: the sum of game scores (option: best
    N rounds). No tie-breakers.
    Presets, dipvis's Carnage family (dipvis GScoringCarnage): "Carnage with
    elimination order" (eliminated_by_year); "Center-count Carnage" (by
    year, 500 a centre, rank points 7007, 6006, ... 1001, solo 39028, 1000
    to each loser; https://docs.google.com/document/d/1JukC2QHv_dEUamoB8qHDKEOjf3G3pnRxTWc1lVe41MY);
    "Carnage 2023" (by year, lead bonus 300 a centre; dipvis issue #250).
    A lone survivor short of a solo ranks 1st (dipvis cannot score it).
    Source: SCORING.md section 8 (beyond the source texts: a system TDs ask for).
    """

    twin = "carnage"
    reads = ("centres", "eliminated", "draw")
    # Published before it read concessions: =CARNAGE(centres, years,
    # "round_to=2") keeps its meaning.
    after_parameters = ("draw_flags",)
    own_inputs = (
        BoardInput(ELIMINATED_YEARS, "Optional: the year each eliminated power lost its last "
                   "centre (blank for survivors), in the same order; read only with "
                   "eliminated_by_year."),
        OPTIONAL_DRAW_FLAGS,
    )

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)

    def notices(self, game: Game, params: Params = DEFAULT) -> list[Notice]:
        return notices(game, params)


def winner(game: Game, victory_centres: int) -> int | None:
    """The winner of ``game``: the power on ``victory_centres`` or more
    (InputError for two of them), else the power it was conceded to."""
    found = solo_winner(game, victory_centres)
    return game.conceded_to if found is None else found


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Carnage scores of one game (the rule: :class:`Carnage`)."""
    centres = game.centres
    won = winner(game, params.victory_centres)
    if won is not None:
        scores = tuple([params.solo_points if i == won else float(params.solo_loss)
                        for i in range(7)])
    else:
        if params.eliminated_by_year and 0 in centres:
            standings = [standing(c, y) for c, y in zip(centres, game.years, strict=True)]
        else:  # by centres: the eliminated are tied on 0 and share the lowest ranks
            standings = list(centres)
        points = position_points(standings, params.positions, TieShare.SHARE)
        per_centre = params.centre_points
        top, second = game.centres_desc[:2]
        lead = params.lead_bonus * (top - second)  # 0 when the top is shared
        scores = tuple([per_centre * c + points[k] + (lead if c == top else 0)
                        for c, k in zip(centres, standings, strict=True)])
    return params.finish(scores)


def standing(centres: int, year: int | None) -> int:
    """A seat's standing for rank points when eliminated powers are ranked
    by year, higher is better: a survivor's centres x :data:`ABOVE_YEARS`,
    above every eliminated power; an eliminated power's elimination year
    (0 when not recorded: below every recorded year)."""
    return centres * ABOVE_YEARS if centres else (year or 0)


def notices(game: Game, params: Params = DEFAULT) -> list[Notice]:
    """Ranked by year, an eliminated power with no elimination year ranks
    last (a solo or a concession ranks nobody)."""
    won = max(game.centres) >= params.victory_centres or game.conceded_to is not None
    if not params.eliminated_by_year or won:
        return []
    return missing_years(game, "ranked below every power eliminated in a recorded year")
