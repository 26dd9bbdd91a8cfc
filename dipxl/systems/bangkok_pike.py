"""Bangkok Pike: dipvis's GScoringBangkokPike (CATALOGUE.md)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from dipxl.model import Game
from dipxl.systems.base import ELIMINATED_YEARS, FINAL_YEAR, BoardInput, GameSystem, param
from dipxl.systems.common import (
    GameParams,
    Rule,
    check_number,
    game_winner,
    need_elimination_years,
    score_table,
    solo_year,
)
from dipxl.systems.tables import rule_maker, year_table

__all__ = ["BangkokPike", "Params", "score", "score_many"]

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

    def score_games(self, games: Sequence[Game], params: Params = DEFAULT
                    ) -> list[tuple[float, ...]]:
        return score_many(games, params)


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Bangkok Pike scores of one game (the rule: :class:`BangkokPike`)."""
    return score_many((game,), params)[0]


def score_many(games: Iterable[Game], params: Params = DEFAULT) -> list[tuple[float, ...]]:
    """:func:`score` of many games: each game shape's table is worked out
    once a call (a look-up a game, and one a year for the eliminated, or
    for the losers of a solo)."""
    rule = _rule(params)
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
        won, table, by_year = shape
        if game.conceded_to is not None:  # a concession (rare; a solo's year moves): as written
            append(_score_exact(game, params))
            continue
        a, b, c, d, e, f, g = game.centres  # seven subscripts beat map() here
        if won:  # the winner on the top count; the others by the year they played to
            top, final = desc[0], game.year
            ya, yb, yc, yd, ye, yf, yg = game.years
            win = table[top]
            try:
                append((win if a == top else by_year[final if a else ya],
                        win if b == top else by_year[final if b else yb],
                        win if c == top else by_year[final if c else yc],
                        win if d == top else by_year[final if d else yd],
                        win if e == top else by_year[final if e else ye],
                        win if f == top else by_year[final if f else yf],
                        win if g == top else by_year[final if g else yg]))
            except KeyError:  # no final year, or an eliminated power with no year
                append(_score_exact(game, params))  # raises, naming the cells
            continue
        if desc[6]:  # nobody eliminated
            append((table[a], table[b], table[c], table[d], table[e], table[f], table[g]))
        else:
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
    return (p.victory_centres, p.solo, p.per_year, p.survival, p.sole_top, p.shared_top,
            p.one_behind, p.two_behind, p.round_to)


_rule = rule_maker(_rule_values)


# A game shape's table: whether it is won on centres, its scores by centre
# count, and the scores of a power eliminated in (a drawn game) or playing
# to (a solo's losers) each year.
Table = tuple[bool, tuple[float, ...], Mapping[int | None, float]]


# A bounded cache of a pure function returning immutable tables: the same
# shape of game under the same rule gives the same table.
@lru_cache(maxsize=1 << 16)
def _game_table(ordered: tuple[int, ...], rule: Rule) -> Table | None:
    """The table of a game whose counts, highest first, are ``ordered``
    (scores rounded to ``round_to`` decimals, if set); None when two powers
    reach the victory criterion.

    Solo: the winner scores ``solo``, every other power ``per_year`` a year
    it played (from 1901 to its elimination year, or the final year).
    Draw: each power scores its centres + its top bonus, + ``survival`` for
    a survivor, ``per_year`` a year played for an eliminated power.  Top
    bonuses: a lone topper ``sole_top``, + ``one_behind`` if nobody is one
    centre behind, + ``two_behind`` more if nobody is two behind either; a
    shared top ``shared_top`` each; ``one_behind`` to each power one centre
    behind the top, ``two_behind`` to each two behind.
    """
    (victory, solo, _, survival, sole_top, shared_top, one_behind, two_behind, round_to,
     _) = rule.values
    top = ordered[0]
    if top >= victory:
        if ordered[1] == top:
            return None
        return True, score_table({top: float(solo)}, round_to), _year_scores(None, rule)
    if ordered[1] == top:
        bonus = {top: shared_top}
    else:
        extra = 0.0
        if top - 1 not in ordered:
            extra += one_behind
            if top - 2 not in ordered:
                extra += two_behind
        bonus = {top: sole_top + extra}
    bonus[top - 1], bonus[top - 2] = one_behind, two_behind
    table = {c: float(c + bonus.get(c, 0.0) + survival) for c in ordered if c}
    by_year = _year_scores(float(0 + bonus.get(0, 0.0)).hex(), rule) if 0 in ordered else {}
    return False, score_table(table, round_to), by_year


# A bounded cache of a pure function returning tables nobody changes: an
# eliminated power's top bonus is 0 but on the smallest boards.
@lru_cache(maxsize=256)
def _year_scores(bonus: str | None, rule: Rule) -> Mapping[int | None, float]:
    """``per_year`` a year played, 1901 to each year, + ``bonus`` (an
    eliminated power's top bonus in a drawn game, as :meth:`float.hex`:
    exact; None for a loser of a solo), rounded to ``round_to`` decimals,
    if set."""
    per_year, round_to = rule.values[2], rule.values[8]
    base = None if bonus is None else float.fromhex(bonus)

    def score(year: int) -> float:
        played = float(per_year * (year - BEFORE_FIRST_YEAR))
        return played if base is None else float(base + played)

    return year_table(score, round_to)


def _score_exact(game: Game, params: Params) -> tuple[float, ...]:
    """The rule as written, seat by seat: what the tables reproduce, and
    the path of concessions and of boards to refuse."""
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
