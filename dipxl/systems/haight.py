"""Haight v1.0 (dipvis's GScoringHaight; CATALOGUE.md "Haight v1.0")."""

from __future__ import annotations

from dataclasses import dataclass

from dipxl.model import FIRST_YEAR, Game
from dipxl.ranking import TieShare, position_points
from dipxl.systems.base import ELIMINATED_YEARS, BoardInput, GameSystem, param
from dipxl.systems.common import (
    GameParams,
    check_number,
    check_positions,
    need_elimination_years,
    solo_year,
)

__all__ = ["ABOVE_YEARS", "DEFAULT", "Haight", "Params", "rank_key", "score", "second_key"]


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """Haight parameters; the defaults are Haight v1.0 (WDC 2025)."""

    solo: float = param(451, "points of a power on victory_centres or more")
    loser_centres: float = param(
        5, "points a centre of a survivor of a won game (solo or concession), when more "
        "than its years played")
    centre_points: float = param(10, "points a centre of a survivor in a draw")
    positions: tuple[float, ...] = param(
        (66, 55, 44, 33, 22, 11), "rank points for 1st, 2nd, ... in a draw, survivors by "
        "centres, then the eliminated by elimination year, the later the higher (ties: "
        "the lowest place's)", item="rank points for {ordinal} place in a draw")
    lead: float = param(
        5, "points a centre of the sole board topper's lead over the second place in a draw")

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("solo", "loser_centres", "centre_points", "lead"):
            check_number(name, getattr(self, name))
        check_positions(self.positions)


DEFAULT = Params()

# A survivor's rank key is its centres times this, above every eliminated
# power's key (its elimination year - 1901).
ABOVE_YEARS = 1000


class Haight(GameSystem[Params]):
    """Haight v1.0: 10 a centre plus rank points 66 ... 0, a solo 451.

    Draw: a survivor scores 10 a centre, an eliminated power 1 a year
    played (elimination year - 1900); each adds rank points 66 / 55 / 44 /
    33 / 22 / 11 / 0 for 1st to 7th, survivors ranked by centres, then the
    eliminated by elimination year (the later the higher, the same year
    tied); powers tied all get the points of the lowest place they occupy
    (two tied for 1st: 55 each). A sole board topper adds 5 a centre of its
    lead over the second place (over a lone survivor, the second is the
    last eliminated power, counted as (its year - 1901) / 100 centres).
    Solo (18+ centres, or a game conceded to one power): a power on 18 or
    more scores 451; every other survivor the larger of 5 a centre and the
    solo year - 1900 (the final year; for a concession the year of the
    vote, the year after the final counts); an eliminated power its
    elimination year - 1900. A concession is a solo with nobody on 18:
    nobody scores 451 and the power conceded to scores as a survivor.
    Needs the elimination year of every eliminated power and, in a solo or
    concession with a survivor below 18, the final year. Tournament score:
    the sum of game scores (option: best N rounds). No tie-breakers.
    Source: dipvis GScoringHaight, Haight v1.0 as adopted for WDC 2025
    (https://www.thenadf.org/wp-content/uploads/2024/10/Whipping-WDC-House-Rules-2025.pdf).
    """

    twin = "haight"
    reads = ("centres", "eliminated", "draw", "year")
    own_inputs = (
        BoardInput(ELIMINATED_YEARS, "The year each eliminated power lost its last centre "
                   "(blank for survivors), in the same order: its years played and rank."),
    )

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)


def rank_key(centres: int, year: int | None) -> int:
    """A power's rank in a draw, higher is better: a survivor's centres x
    :data:`ABOVE_YEARS`; an eliminated power's elimination year - 1901."""
    assert centres or year is not None
    return centres * ABOVE_YEARS if centres else int(year or 0) - FIRST_YEAR


def second_key(key: int) -> float:
    """A rank key as the centres the topper's lead is measured against: a
    survivor's centres, an eliminated power's (year - 1901) / 100."""
    return key / ABOVE_YEARS if key >= ABOVE_YEARS else key / 100


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Haight scores of one game (the rule: :class:`Haight`)."""
    centres = game.centres
    years = need_elimination_years(game)
    victory = params.victory_centres
    if game.soloer(victory) is not None:
        beaten = any(0 < c < victory for c in centres)
        played = solo_year(game) - 1900 if beaten else 0
        scores = tuple([
            float(params.solo) if c >= victory
            else float(max(params.loser_centres * c, played)) if c
            else float(int(e or 0) - 1900)
            for c, e in zip(centres, years, strict=True)
        ])
        return params.finish(scores)
    keys = [rank_key(c, e) for c, e in zip(centres, years, strict=True)]
    points = position_points(keys, params.positions, TieShare.LOWEST)
    result = [
        (params.centre_points * c if c else int(e or 0) - 1900) + points[k]
        for c, e, k in zip(centres, years, keys, strict=True)
    ]
    ordered = sorted(keys, reverse=True)
    if ordered[0] > ordered[1]:  # a sole board topper adds its lead
        top = centres.index(game.centres_desc[0])
        result[top] += params.lead * (centres[top] - second_key(ordered[1]))
    return params.finish(tuple(map(float, result)))
