"""World Classic and Summer Classic (dipvis GScoringWorldClassic; CATALOGUE.md)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from dipxl.errors import ParameterError
from dipxl.model import Game
from dipxl.systems.base import (
    ELIMINATED_YEARS,
    FINAL_YEAR,
    BoardInput,
    GameSystem,
    param,
)
from dipxl.systems.common import (
    GameParams,
    Rule,
    check_number,
    game_winner,
    need_elimination_years,
    rule_of,
    score_table,
    solo_year,
)
from dipxl.systems.tables import ByYear, score_by_years, score_one_by_years, years_after

__all__ = ["BASE_YEAR", "DEFAULT", "Params", "WorldClassic", "exact", "score", "score_many"]

# A power scores a point for each year survived after this one.
BASE_YEAR = 1901


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """World Classic parameters; the defaults are the World Diplomacy Classic's."""

    solo: float = param(420, "points of the winner: a solo, or the power the game is conceded to")
    per_centre: float = param(10, "points a centre of a survivor in a draw")
    survived: float = param(30, "points of each survivor of a draw")
    top_pool: float = param(48, "the board toppers of a draw share this equally")
    top_sharers: int | None = param(
        None, "the topping pool is given only when at most this many powers top "
        "(blank: however many; Summer Classic: 2)")

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("solo", "per_centre", "survived", "top_pool"):
            check_number(name, getattr(self, name))
        if self.top_sharers is not None:
            check_number("top_sharers", self.top_sharers, 1, whole=True)
            if self.top_sharers > 7:
                raise ParameterError(
                    f"top_sharers must be at most 7, got {self.top_sharers}",
                    field="top_sharers", value=self.top_sharers,
                )


DEFAULT = Params()


class WorldClassic(GameSystem[Params]):
    """World Classic: 10 a centre, 30 for surviving, a pool of 48 for topping.

    Eliminated powers always score a point a year survived after 1901:
    elimination year - 1901, in a draw and in a won game alike.
    Won game (a power on 18+ centres, or one power alone in the passed draw
    vote: a concession): the winner scores 420 and every other survivor
    solo year - 1901, the solo year being the final year of a solo and the
    year of the vote (final year + 1) of a concession.
    Draw: each survivor scores 10 x centres + 30, and the powers on the top
    count share the topping pool of 48 equally. Preset Summer Classic: the
    pool is given only when one or two powers top (48 alone, 24 each), none
    for three or more. Tournament score: the sum of game scores (option:
    best N rounds). No tie-breakers.
    Source: https://liberty-cup.com/world-diplomacy-classic/ (dipvis
    GScoringWorldClassic, issue #141; Summer Classic: dipvis issue #305).
    """

    twin = "world_classic"
    reads = ("centres", "eliminated", "draw", "year")
    own_inputs = (
        BoardInput(ELIMINATED_YEARS, "The year each eliminated power lost its last centre "
                   "(blank for survivors), in the same order: needed when a power is "
                   "eliminated."),
        BoardInput(FINAL_YEAR, "The year of the final centre counts (one cell): needed "
                   "when survivors lose a won game (a solo or a concession)."),
    )

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)

    def score_games(self, games: Sequence[Game], params: Params = DEFAULT
                    ) -> list[tuple[float, ...]]:
        return score_many(games, params)


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The World Classic scores of one game (the rule: :class:`WorldClassic`)."""
    return score_one_by_years(game, params, _rule(params), _game_table, _year_scores, exact,
                              concessions=True)


def score_many(games: Iterable[Game], params: Params = DEFAULT) -> list[tuple[float, ...]]:
    """:func:`score` of many games (each game shape's table worked out once a call)."""
    rule = _rule(params)
    return score_by_years(games, params, rule, _game_table, _year_scores(rule), exact,
                          concessions=True)


def exact(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """:func:`score` seat by seat, reading everything: the path of the
    games the tables do not settle (a concession) and of those it refuses."""
    centres = game.centres
    years = need_elimination_years(game) if 0 in centres else (None,) * 7
    dead = [float(y - BASE_YEAR) if y is not None else 0.0 for y in years]
    won = game_winner(game, params.victory_centres)  # a concession wins too
    if won is not None:
        losers = [i for i, c in enumerate(centres) if c and i != won]
        lost = float(solo_year(game) - BASE_YEAR) if losers else 0.0
        scores = tuple([
            float(params.solo) if i == won else lost if c else dead[i]
            for i, c in enumerate(centres)
        ])
    else:
        top = max(centres)
        toppers = centres.count(top)
        pooled = params.top_sharers is None or toppers <= params.top_sharers
        bonus = params.top_pool / toppers if pooled else 0.0
        scores = tuple([
            params.per_centre * c + params.survived + (bonus if c == top else 0.0)
            if c else dead[i]
            for i, c in enumerate(centres)
        ])
    return params.finish(scores)


def _rule(params: Params) -> Rule:
    """The parameters the tables depend on."""
    return rule_of(params.victory_centres, params.solo, params.per_centre, params.survived,
                   params.top_pool, params.top_sharers, params.round_to)


# A bounded cache of a pure function returning immutable tables: the same
# game shape under the same rule gives the same table.
@lru_cache(maxsize=1 << 16)
def _game_table(ordered: tuple[int, ...], rule: Rule) -> tuple[float, ...] | None:
    """The scores by centre count of the survivors of a game whose counts,
    highest first, are ``ordered``: the winner's alone when a power reaches
    the victory criterion; None when two do (refused)."""
    victory, solo, per_centre, survived, top_pool, top_sharers, round_to = rule.values
    top = ordered[0]
    if top >= victory:
        return None if ordered[1] == top else score_table({top: float(solo)}, round_to)
    toppers = ordered.count(top)
    pooled = top_sharers is None or toppers <= top_sharers
    bonus = top_pool / toppers if pooled else 0.0
    return score_table({c: per_centre * c + survived + (bonus if c == top else 0.0)
                        for c in ordered if c}, round_to)


def _year_scores(rule: Rule) -> ByYear:
    """The score of a power that lasted to a year, by the year (every year
    a game may give): a point a year after 1901."""
    return years_after(BASE_YEAR, rule.values[-1])
