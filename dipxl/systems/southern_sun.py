"""Southern Sun (dipvis GScoringSouthernSun; the rules text of dipvis issue #377)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from dipxl.model import FIRST_YEAR, Game
from dipxl.ranking import TieShare, position_points, round_half_up
from dipxl.systems.base import CONCESSION_FLAGS, ELIMINATED_YEARS, BoardInput, GameSystem, param
from dipxl.systems.common import (
    GameParams,
    Rule,
    check_number,
    check_positions,
    game_winner,
    need_elimination_years,
    score_table,
    solo_scores,
)
from dipxl.systems.tables import rule_maker, year_table

__all__ = ["DEFAULT", "Params", "SouthernSun", "score", "score_many"]


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

    def score_games(self, games: Sequence[Game], params: Params = DEFAULT
                    ) -> list[tuple[float, ...]]:
        return score_many(games, params)


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Southern Sun scores of one game (the rule: :class:`SouthernSun`)."""
    return score_many((game,), params)[0]


def score_many(games: Iterable[Game], params: Params = DEFAULT) -> list[tuple[float, ...]]:
    """:func:`score` of many games: each game shape's table is worked out
    once a call (a look-up a game, and one a year for the eliminated)."""
    rule = _rule(params)
    by_year = _year_scores(rule)
    conceded = _conceded(rule)
    memo: dict[tuple[int, ...], Table] = {}
    get = memo.get
    out: list[tuple[float, ...]] = []
    append = out.append
    for game in games:
        desc = game.centres_desc
        shape = get(desc)
        if shape is None:
            found = _game_table(desc, rule)
            if found is None:  # two powers on the victory count
                _score_exact(game, params)  # raises, naming the game
                raise AssertionError("unreachable: two winners are refused")
            shape = memo[desc] = found
        won, table = shape
        if not won and game.conceded_to is not None:
            append(conceded[game.conceded_to])
            continue
        a, b, c, d, e, f, g = game.centres  # seven subscripts beat map() here
        if won or desc[6]:  # a solo (no year read), or nobody eliminated
            append((table[a], table[b], table[c], table[d], table[e], table[f], table[g]))
            continue
        ya, yb, yc, yd, ye, yf, yg = game.years
        try:
            append((table[a] if a else by_year[ya], table[b] if b else by_year[yb],
                    table[c] if c else by_year[yc], table[d] if d else by_year[yd],
                    table[e] if e else by_year[ye], table[f] if f else by_year[yf],
                    table[g] if g else by_year[yg]))
        except KeyError:  # an eliminated power with no year
            append(_score_exact(game, params))  # raises, naming the seats
    return out


def _rule_values(p: Params) -> tuple[Hashable, ...]:
    """The parameters the tables depend on."""
    return (p.victory_centres, p.solo, p.survived, p.per_centre, p.positions, p.per_year,
            p.round_to)


_rule = rule_maker(_rule_values)


# A game shape's table: whether it is won on centres, and its scores by
# centre count (a drawn game: the survivors').
Table = tuple[bool, tuple[float, ...]]


# A bounded cache of a pure function returning immutable tables: the same
# shape of game under the same rule gives the same table.
@lru_cache(maxsize=1 << 16)
def _game_table(ordered: tuple[int, ...], rule: Rule) -> Table | None:
    """The table of a game whose counts, highest first, are ``ordered``
    (scores rounded to ``round_to`` decimals, if set); None when two powers
    reach the victory criterion.

    Solo: the winner scores ``solo``, everyone else 0.  Draw: a survivor
    scores ``survived`` + ``per_centre`` a centre + the rank points of its
    rank by centres among the survivors (tied survivors share, rounded
    half to even).
    """
    victory, solo, survived, per_centre, positions, _, round_to, _ = rule.values
    top = ordered[0]
    if top >= victory:
        if ordered[1] == top:
            return None
        table = {c: 0.0 for c in ordered}
        table[top] = float(solo)
        return True, score_table(table, round_to)
    survivors = [c for c in ordered if c]
    shares = position_points(survivors, positions, TieShare.SHARE)
    return False, score_table(
        {c: survived + per_centre * c + float(round(shares[c])) for c in survivors}, round_to)


# Bounded caches of pure functions of the rule returning tables nobody
# changes (a look-up a call).
@lru_cache(maxsize=64)
def _year_scores(rule: Rule) -> Mapping[int | None, float]:
    """The score of an eliminated power of a drawn game by elimination
    year: ``per_year`` a year played, its elimination year included
    (rounded to ``round_to`` decimals, if set)."""
    per_year, round_to = rule.values[5], rule.values[6]
    return year_table(lambda year: float(per_year * (year - FIRST_YEAR + 1)), round_to)


@lru_cache(maxsize=64)
def _conceded(rule: Rule) -> tuple[tuple[float, ...], ...]:
    """The scores of a game conceded to each power, in power order: ``solo``
    to the winner, 0 to everyone else (rounded as the scores are)."""
    solo, round_to = rule.values[1], rule.values[6]
    return tuple([tuple([round_half_up(s, round_to) for s in solo_scores(winner, solo)])
                  for winner in range(7)])


def _score_exact(game: Game, params: Params) -> tuple[float, ...]:
    """The rule as written, seat by seat: what the tables reproduce, and
    the path of boards to refuse."""
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
