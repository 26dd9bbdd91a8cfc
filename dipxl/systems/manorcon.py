"""ManorCon, Original ManorCon and ManorCon v2 (dipvis GScoringManorCon; CATALOGUE.md)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

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
from dipxl.systems.tables import score_by_years, score_one_by_years, year_table

__all__ = ["BASE_YEAR", "DEFAULT", "ManorCon", "Params", "score", "score_many"]

# Survival points count the years after this one (1902 is the first).
BASE_YEAR = 1901


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """ManorCon parameters; the defaults are dipvis's "ManorCon"."""

    solo: float = param(75, "points of the winner: a solo, or the power the game is conceded to")
    dead_n: float = param(
        16, "what each eliminated power adds to the draw's sum of N (0: only the survivors "
        "count, and they then total 100)")
    year_points: float = param(
        0.1, "points a year survived after 1901, for the eliminated (to their elimination "
        "year) and for the survivors of a won game (to its solo year)")

    def __post_init__(self) -> None:
        super().__post_init__()
        check_number("solo", self.solo)
        check_number("dead_n", self.dead_n, 0)
        check_number("year_points", self.year_points)


DEFAULT = Params()


class ManorCon(GameSystem[Params]):
    """ManorCon: survivors of a draw share 100 in proportion to N = c^2 + 4c + 16.

    Won game (a power on 18+ centres, or one power alone in the passed draw
    vote: a concession): the winner scores 75; every other power 0.1 a year
    survived after 1901: an eliminated power 0.1 x (elimination year - 1901),
    a survivor 0.1 x (solo year - 1901), the solo year being the final year
    of a solo and the year of the vote (final year + 1) of a concession.
    Draw: each survivor on c centres has N = c^2 + 4c + 16 and each eliminated
    power counts N = 16 in the sum of N (dead_n); a survivor scores
    100 x N / (sum of N) and an eliminated power 0.1 x (elimination year -
    1901). Presets: Original ManorCon (a win scores 100) and ManorCon v2 (a
    win scores 100 and the eliminated add nothing to the sum of N, so the
    survivors total exactly 100). Tournament score: the sum of game scores
    (option: best N rounds). No tie-breakers.
    Source: dipvis GScoringManorCon (Don Del Grande's description, corrected
    to the WDD's), https://github.com/UEWBot/dipvis; CATALOGUE.md.
    """

    twin = "manorcon"
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
    """The ManorCon scores of one game (the rule: :class:`ManorCon`)."""
    return score_one_by_years(game, params, _rule(params), _game_table, _year_scores, exact,
                              concessions=True)


def score_many(games: Iterable[Game], params: Params = DEFAULT) -> list[tuple[float, ...]]:
    """:func:`score` of many games (each game shape's table worked out once a call)."""
    rule = _rule(params)
    return score_by_years(games, params, rule, _game_table, _year_scores(rule), exact,
                          concessions=True)


def exact(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """:func:`score` seat by seat, reading everything: the path of the
    games the tables do not settle (a concession; a draw with eliminated
    powers whose sum of N depends on the seating) and of those it refuses."""
    centres = game.centres
    years = need_elimination_years(game) if 0 in centres else (None,) * 7
    survived = [params.year_points * (y - BASE_YEAR) if y is not None else 0.0 for y in years]
    won = game_winner(game, params.victory_centres)  # a concession wins too
    if won is not None:
        losers = [i for i, c in enumerate(centres) if c and i != won]
        lost = params.year_points * (solo_year(game) - BASE_YEAR) if losers else 0.0
        scores = tuple([
            float(params.solo) if i == won else lost if c else survived[i]
            for i, c in enumerate(centres)
        ])
    else:
        total = sum(c * c + 4 * c + 16 if c else params.dead_n for c in centres)
        scores = tuple([
            100 * (c * c + 4 * c + 16) / total if c else survived[i]
            for i, c in enumerate(centres)
        ])
    return params.finish(scores)


def _rule(params: Params) -> Rule:
    """The parameters the tables depend on (the type of year_points too: an
    int makes the year scores ints, as the exact path does)."""
    year_points = params.year_points
    return rule_of(params.victory_centres, params.solo, params.dead_n, year_points,
                   isinstance(year_points, int), params.round_to)


# A bounded cache of a pure function returning immutable tables: the same
# game shape under the same rule gives the same table.
@lru_cache(maxsize=1 << 16)
def _game_table(ordered: tuple[int, ...], rule: Rule) -> tuple[float, ...] | None:
    """The scores by centre count of the survivors of a game whose counts,
    highest first, are ``ordered``: the winner's alone when a power reaches
    the victory criterion.  None when the shape does not settle them: two
    powers reach the victory criterion (refused), or eliminated powers
    count a dead_n with a fraction in the sum of N (a sum of fractions
    depends on the order it is added in: the seating)."""
    victory, solo, dead_n, _, _, round_to = rule.values
    top = ordered[0]
    if top >= victory:
        return None if ordered[1] == top else score_table({top: float(solo)}, round_to)
    if ordered[6] == 0 and not float(dead_n).is_integer():
        return None
    total = sum(c * c + 4 * c + 16 if c else dead_n for c in ordered)
    return score_table({c: 100 * (c * c + 4 * c + 16) / total for c in ordered if c}, round_to)


# Worked out once a rule (a few hundred years), not once a game or a call.
@lru_cache(maxsize=64)
def _year_scores(rule: Rule) -> dict[int | None, float]:
    """The score of a power that survived to a year, by the year (every
    year a game may give): 0.1 a year after 1901.  Private: nobody changes
    it."""
    year_points, round_to = rule.values[3], rule.values[5]
    return year_table(lambda year: year_points * (year - BASE_YEAR), round_to)

