"""Scoring by tables: the fast paths the per-game systems share.

A system whose scores follow from a game's shape (its centre counts,
highest first: :attr:`Game.centres_desc`) works its scores out once a
shape, as a table by centre count (:func:`~dipxl.systems.common.score_table`;
a bounded cache of a pure function of the shape and the :class:`Rule` of
its parameters), and scores a game by seven subscripts; the eliminated
seats of a drawn game may score by a table by elimination year.  What the
tables do not settle (a concession, a refused board, a missing year ...)
each system scores by its rule written out seat by seat (its exact path),
which raises where a board cannot be scored.

- the :class:`Rule` of a system's parameters: :class:`RuleOf`,
  :func:`exact_rule`, :func:`rule_maker`;
- when a table may stand for a sum taken in power order: :func:`sums_exactly`;
- tables by year: :func:`year_table`, :func:`years_after`;
- the loops: :func:`score_by_shape` (every seat by its centre count),
  :func:`score_by_years` (a draw's eliminated seats by their years, a
  won game by its own path).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from functools import lru_cache
from typing import Generic, TypeVar

from dipxl.model import FIRST_YEAR, LAST_YEAR, Game
from dipxl.ranking import round_half_up
from dipxl.systems.common import GameParams, Rule, rule_of

__all__ = [
    "ByYear",
    "RuleOf",
    "Scores",
    "Table",
    "TableOf",
    "exact_rule",
    "rule_maker",
    "score_by_shape",
    "score_by_years",
    "score_one_by_shape",
    "score_one_by_years",
    "seats_by_years",
    "sums_exactly",
    "year_table",
    "years_after",
]

P = TypeVar("P", bound=GameParams)
Q = TypeVar("Q")
Scores = tuple[float, ...]
# A game shape's scores by centre count (score_table: counts no power holds
# are NaN, never read).
Table = tuple[float, ...]
# ``table(shape, rule)``: the table of a game of that shape (None: the
# tables do not settle it; what that means is each loop's).
TableOf = Callable[[tuple[int, ...], Rule], "Table | None"]
# ``exact(game, params)``: the rule written out seat by seat.
Exact = Callable[[Game, P], Scores]
# A score by year (every year a game may give; no key None: a look-up for a
# missing elimination year fails).  Read, never changed.
ByYear = Mapping[int | None, float]


# ------------------------------------------------------------------ rules


class RuleOf(Generic[P]):
    """The :class:`Rule` of a system's parameters: ``values(params)``, the
    parameters its tables depend on, then a tuple of their types (1 and 1.0
    are one key to a cache, but ``(10**12) ** 6`` is exact and ``1e12 ** 6``
    rounded: each gets the tables the rule gives it).  The last parameters
    seen are remembered by identity (a caller scores game after game under
    one Params object, kept alive here)."""

    def __init__(self, values: Callable[[P], tuple[Hashable, ...]]) -> None:
        self._values = values
        self._last: tuple[P | None, Rule | None] = (None, None)

    def __call__(self, params: P) -> Rule:
        last, rule = self._last
        if last is params and rule is not None:
            return rule
        values = self._values(params)
        rule = rule_of(*values, tuple(map(type, values)))
        self._last = (params, rule)
        return rule


def exact_rule(*values: Hashable) -> Rule:
    """The :class:`Rule` of these parameter values (:func:`rule_of`), told
    apart by their repr too: 12 and 12.0, or 0.0 and -0.0, compare equal
    but need not score alike (a product past 2**53, the sign of a zero)."""
    return rule_of(*values, tuple(map(repr, values)))


def rule_maker(values: Callable[[Q], tuple[Hashable, ...]]) -> Callable[[Q], Rule]:
    """A system's ``_rule(params)``: :func:`exact_rule` of ``values(params)``,
    remembered per parameter object (frozen: its values never change), as
    working it out costs more than scoring a game."""
    seen: dict[int, tuple[Q, Rule]] = {}  # id -> (the object, kept alive; its rule)

    def rule(params: Q) -> Rule:
        found = seen.get(id(params))
        if found is not None and found[0] is params:
            return found[1]
        if len(seen) >= 64:
            seen.clear()
        made = exact_rule(*values(params))
        seen[id(params)] = (params, made)
        return made

    return rule


def sums_exactly(values: Iterable[float]) -> bool:
    """True when adding up to seven of ``values`` in any order gives the
    same number, every partial sum being exact: each is a multiple of
    2**-16 under 2**30 in magnitude (a sum of seven then needs at most 49
    of a float's 53 bits).  A table worked out in order of centres may then
    stand for a sum the rule takes in power order."""
    return all(abs(v) < 2**30 and (float(v) * 65536).is_integer() for v in values)


# ------------------------------------------------------------------ by year


def year_table(score: Callable[[int], float], round_to: int | None) -> dict[int | None, float]:
    """``score(year)`` of every year a game may give, rounded to
    ``round_to`` decimals as :meth:`GameParams.finish` rounds (a table a
    rule: cache it)."""
    return {year: round_half_up(score(year), round_to)
            for year in range(FIRST_YEAR, LAST_YEAR + 1)}


# A small cache of a pure function: a few tables serve every system that
# counts years this way.
@lru_cache(maxsize=64, typed=True)
def years_after(base: int, round_to: int | None, plus: float = 0) -> ByYear:
    """A point a year after ``base`` (+ ``plus``), by year: ``float(year -
    base + plus)``, rounded (:func:`year_table`)."""
    return year_table(lambda year: float(year - base + plus), round_to)


# ------------------------------------------------------------------ by shape
# Every seat scores by its centre count and the game's shape (the
# eliminated on 0 too), but in a game conceded to one power while nobody
# reaches the victory criterion: the rule written out scores it.


def score_by_shape(games: Iterable[Game], params: P, rule: Rule, table: TableOf,
                   exact: Exact[P]) -> list[Scores]:
    """The scores of ``games`` by a system's tables: ``table(shape, rule)``
    the scores by centre count (None: a shape the tables do not settle,
    such as two powers on the victory count); ``exact(game, params)``
    scores what they do not, and a concession (raising for a refused
    board)."""
    victory = params.victory_centres
    # Each game shape met in this call (None, no table: asked again when met again).
    memo: dict[tuple[int, ...], Table | None] = {}
    get = memo.get
    out: list[Scores] = []
    append = out.append
    for game in games:
        desc = game.centres_desc
        scores = get(desc)
        if scores is None:
            scores = memo[desc] = table(desc, rule)
        if scores is None or (game.conceded_to is not None and desc[0] < victory):
            append(exact(game, params))
            continue
        a, b, c, d, e, f, g = game.centres  # seven subscripts beat map() here
        append((scores[a], scores[b], scores[c], scores[d], scores[e], scores[f], scores[g]))
    return out


def score_one_by_shape(game: Game, params: P, rule: Rule, table: TableOf,
                       exact: Exact[P]) -> Scores:
    """:func:`score_by_shape` of one game (``table`` should be cached)."""
    desc = game.centres_desc
    scores = table(desc, rule)
    if scores is None or (game.conceded_to is not None and desc[0] < params.victory_centres):
        return exact(game, params)
    a, b, c, d, e, f, g = game.centres
    return (scores[a], scores[b], scores[c], scores[d], scores[e], scores[f], scores[g])


# ------------------------------------------------------------------ by years
# A drawn game's survivors score by the shape's table, its eliminated seats
# by their elimination years; a won game (and a concession, for a system
# that reads them) takes a path of its own.

# ``other(game, params, rule)``: a game the draw tables do not settle.
Other = Callable[[Game, P, Rule], Scores]


def seats_by_years(game: Game, table: Table, years: ByYear) -> Scores | None:
    """The scores of ``game``'s seats: a survivor's by its centre count
    from ``table``, an eliminated seat's by its elimination year from
    ``years``; None when an eliminated seat has no year."""
    a, b, c, d, e, f, g = game.centres
    if game.centres_desc[6]:  # nobody eliminated
        return (table[a], table[b], table[c], table[d], table[e], table[f], table[g])
    ya, yb, yc, yd, ye, yf, yg = game.years
    try:
        return (table[a] if a else years[ya], table[b] if b else years[yb],
                table[c] if c else years[yc], table[d] if d else years[yd],
                table[e] if e else years[ye], table[f] if f else years[yf],
                table[g] if g else years[yg])
    except KeyError:  # an eliminated seat without its year
        return None


def score_by_years(
    games: Iterable[Game], params: P, rule: Rule, table: TableOf, years: ByYear,
    exact: Exact[P], *, concessions: bool, other: Other[P] | None = None,
) -> list[Scores]:
    """The scores of ``games`` by a system's tables: ``table(shape, rule)``
    the survivors' scores by centre count of a drawn game of that shape
    (None: the shape does not settle them), ``years`` an eliminated seat's
    by its elimination year.  ``other(game, params, rule)`` scores the rest:
    a game won on centres, a shape with no table, a concession when the
    system reads them (``concessions``); by default as :func:`_won`
    (``table`` of a won shape: the winner's score alone; ``years`` also
    the score of a survivor beaten, by the final year).  ``exact(game,
    params)`` scores a game whose eliminated seat has no year (it raises,
    or scores it as the rule says)."""
    if other is None:
        def won(game: Game, params: P, rule: Rule) -> Scores:
            return _won(game, params, rule, table, years, exact, concessions)
        other = won
    victory = params.victory_centres
    # The table of each drawn shape met in this call; () for a won shape or
    # one with no table (scored by other).
    memo: dict[tuple[int, ...], Table] = {}
    get = memo.get
    out: list[Scores] = []
    append = out.append
    for game in games:
        desc = game.centres_desc
        scores = get(desc)
        if scores is None:
            scores = memo[desc] = (table(desc, rule) if desc[0] < victory else None) or ()
        if not scores or (concessions and game.conceded_to is not None):
            append(other(game, params, rule))
            continue
        # seats_by_years, inlined: a call a game would cost more than the rest.
        a, b, c, d, e, f, g = game.centres  # seven subscripts beat map() here
        if desc[6]:  # nobody eliminated
            append((scores[a], scores[b], scores[c], scores[d], scores[e], scores[f],
                    scores[g]))
            continue
        ya, yb, yc, yd, ye, yf, yg = game.years
        try:
            append((scores[a] if a else years[ya], scores[b] if b else years[yb],
                    scores[c] if c else years[yc], scores[d] if d else years[yd],
                    scores[e] if e else years[ye], scores[f] if f else years[yf],
                    scores[g] if g else years[yg]))
        except KeyError:  # an eliminated seat without its year
            append(exact(game, params))
    return out


def score_one_by_years(
    game: Game, params: P, rule: Rule, table: TableOf, years_of: Callable[[Rule], ByYear],
    exact: Exact[P], *, concessions: bool,
) -> Scores:
    """:func:`score_by_years` of one game, a won game scored by :func:`_won`
    (``years_of(rule)``: ``years``)."""
    desc = game.centres_desc
    scores = table(desc, rule)
    if (scores is None or desc[0] >= params.victory_centres
            or (concessions and game.conceded_to is not None)):
        return _won(game, params, rule, table, years_of(rule), exact, concessions)
    return seats_by_years(game, scores, years_of(rule)) or exact(game, params)


def _won(game: Game, params: P, rule: Rule, table: TableOf, years: ByYear,
         exact: Exact[P], concessions: bool) -> Scores:
    """A game won on centres: the winner scores its table's entry, every
    other survivor the score of the final year, the eliminated by their
    years.  Anything else (a concession when the system reads them, a
    refused shape, a missing year) is ``exact``'s, which raises where the
    board cannot be scored."""
    desc, final = game.centres_desc, game.year
    scores = table(desc, rule)
    if (scores is None or (concessions and game.conceded_to is not None)
            or (final is None and desc[1])):  # other survivors score the final year
        return exact(game, params)
    top = desc[0]
    win, lost = scores[top], years[final] if final is not None else 0.0
    try:
        return tuple([win if c == top else lost if c else years[y]
                      for c, y in zip(game.centres, game.years, strict=True)])
    except KeyError:  # an eliminated power without its year
        return exact(game, params)
