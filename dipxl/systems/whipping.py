"""Whipping (dipvis GScoringWhipping; CATALOGUE.md)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from dipxl.model import Game
from dipxl.systems.base import ELIMINATED_YEARS, FINAL_YEAR, BoardInput, GameSystem, param
from dipxl.systems.common import (
    GameParams,
    Rule,
    check_number,
    need_elimination_years,
    need_year,
    rule_of,
    score_table,
    solo_winner,
)
from dipxl.systems.tables import ByYear, score_by_years, score_one_by_years, years_after

__all__ = ["BASE_YEAR", "DEFAULT", "Params", "Whipping", "exact", "score", "score_many"]

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

    def score_games(self, games: Sequence[Game], params: Params = DEFAULT
                    ) -> list[tuple[float, ...]]:
        return score_many(games, params)


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Whipping scores of one game (the rule: :class:`Whipping`)."""
    return score_one_by_years(game, params, _rule(params), _game_table, _year_scores, exact,
                              concessions=False)


def score_many(games: Iterable[Game], params: Params = DEFAULT) -> list[tuple[float, ...]]:
    """:func:`score` of many games (each game shape's table worked out once a call)."""
    rule = _rule(params)
    return score_by_years(games, params, rule, _game_table, _year_scores(rule), exact,
                          concessions=False)


def exact(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """:func:`score` seat by seat, reading everything: the path of the
    boards it refuses."""
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


def _rule(params: Params) -> Rule:
    """The parameters the tables depend on."""
    return rule_of(params.victory_centres, params.solo, params.per_centre,
                   params.survivors_share, params.top_factor, params.round_to)


# A bounded cache of a pure function returning immutable tables: the same
# game shape under the same rule gives the same table.
@lru_cache(maxsize=1 << 16)
def _game_table(ordered: tuple[int, ...], rule: Rule) -> tuple[float, ...] | None:
    """The scores by centre count of the survivors of a game whose counts,
    highest first, are ``ordered``: the soloist's alone when a power reaches
    the victory criterion; None when two do (refused)."""
    victory, solo, per_centre, survivors_share, top_factor, round_to = rule.values
    top = ordered[0]
    if top >= victory:
        return None if ordered[1] == top else score_table({top: float(solo)}, round_to)
    alone = ordered.count(top) == 1
    share = survivors_share / (7 - ordered.count(0))
    return score_table({c: per_centre * c + share + (top_factor * c if alone and c == top
                                                      else 0.0)
                        for c in ordered if c}, round_to)


def _year_scores(rule: Rule) -> ByYear:
    """The score of a power that played to a year, by the year (every year
    a game may give): the year - 1900."""
    return years_after(BASE_YEAR, rule.values[-1])
