"""Tie-aware ordering, shared by every system (STYLE: one rule, one place).

- :func:`position_points`: points for positions by centres, with ties either
  sharing the points of the positions they occupy (C-Diplo) or all taking
  the points of the lowest of them (Detour 98e).
- :func:`places`: each seat's place by centres and how many share it.
- :func:`tie_groups` / :func:`competition_ranks`: ordering with ties
  (1, 2, 2, 4), comparing totals rounded to 9 decimals so float noise never
  splits a tie.
- :func:`round_half_up`: the optional per-game rounding of real events.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal
from enum import Enum
from functools import lru_cache
from operator import itemgetter
from typing import TypeVar

__all__ = [
    "RANK_DECIMALS",
    "TieShare",
    "competition_ranks",
    "places",
    "position_points",
    "rank_key",
    "round_half_up",
    "tie_groups",
]

RANK_DECIMALS = 9

T = TypeVar("T")
K = TypeVar("K")
# A key sorted high to low: a centre count, or any number standing for one.
N = TypeVar("N", int, float)


class TieShare(Enum):
    """How players tied on centres split position points."""

    SHARE = "share"  # equal shares of all the positions they occupy together
    LOWEST = "lowest"  # each takes the points of the lowest position occupied


def rank_key(value: float) -> float:
    """A total as compared for rank: rounded to 9 decimals (STYLE rule 8)."""
    if type(value) is float and value.is_integer():
        # round() gives a whole number back unchanged (its exact decimal
        # digits, read back), at several times the cost of this test.
        return value + 0.0  # + 0.0 folds -0.0 into 0.0
    return round(value, RANK_DECIMALS) + 0.0


# A bounded cache of a pure function: a game shape's table is worked out
# once (the tables are read, never changed: Mapping).
@lru_cache(maxsize=1 << 16)
def _position_table(
    ordered: tuple[N, ...], points: tuple[float, ...], mode: TieShare
) -> Mapping[N, float]:
    """Key (a centre count) -> position points for keys sorted high to low."""
    table: dict[N, float] = {}
    start = 0
    n = len(ordered)
    while start < n:
        value = ordered[start]
        end = start
        while end + 1 < n and ordered[end + 1] == value:
            end += 1
        occupied = [points[i] if i < len(points) else 0.0 for i in range(start, end + 1)]
        if mode is TieShare.SHARE:
            table[value] = sum(occupied) / len(occupied)
        else:
            table[value] = occupied[-1]
        start = end + 1
    return table


def position_points(
    centres: Sequence[N], points: tuple[float, ...], mode: TieShare
) -> Mapping[N, float]:
    """Points of each centre count for its position (1st = most centres);
    any sortable keys may stand for the counts (higher is better).

    ``points`` lists the points of 1st, 2nd, ...; positions beyond it score 0.
    Returns a mapping centre count -> points, e.g. for centres
    (9, 8, 8, 8, 1, 0, 0) and points (38, 14, 7) shared:
    {9: 38, 8: (14 + 7 + 0) / 3, 1: 0, 0: 0}.  (The systems keep the score
    tables built from it, one per game shape.)
    """
    return _position_table(tuple(sorted(centres, reverse=True)), points, mode)


def places(centres: Sequence[int]) -> list[tuple[int, int]]:
    """Each seat's (place, number sharing it): the best position its centre
    count occupies, 1 = most centres, and how many seats hold that count."""
    counts: dict[int, int] = {}
    for c in centres:
        counts[c] = counts.get(c, 0) + 1
    result = []
    for c in centres:
        above = sum(n for value, n in counts.items() if value > c)
        result.append((above + 1, counts[c]))
    return result


def tie_groups(items: Sequence[T], key: Callable[[T], K]) -> list[list[T]]:
    """``items`` ordered by ``key``, best (largest) first, grouped where keys
    are equal.  The order inside a group is the input order (stable)."""
    # sort(reverse=True) keeps equal keys in input order (it is stable).
    keyed = list(zip(map(key, items), items, strict=True))
    keyed.sort(key=_first, reverse=True)
    groups: list[list[T]] = []
    last: object = _NOTHING
    for k, item in keyed:
        if groups and k == last:
            groups[-1].append(item)
        else:
            groups.append([item])
            last = k
    return groups


_first = itemgetter(0)
_NOTHING = object()


def competition_ranks(groups: Sequence[Sequence[object]]) -> list[int]:
    """Rank of each group: ties share the better rank, the next is skipped
    (groups of sizes 1, 2, 1 rank 1, 2, 4)."""
    ranks = []
    rank = 1
    for group in groups:
        ranks.append(rank)
        rank += len(group)
    return ranks


def round_half_up(value: float, decimals: int | None) -> float:
    """``value`` rounded half away from zero to ``decimals`` (as Excel's
    ROUND does, on the number as printed); None leaves it exact."""
    if decimals is None:
        return value
    scale = 10**decimals
    scaled = abs(value) * scale
    whole = math.floor(scaled)
    if abs(scaled - whole - 0.5) > max(1e-6, scaled * 1e-12):  # clearly no tie
        rounded = (whole + (scaled - whole > 0.5)) / scale
        return math.copysign(rounded, value) if rounded else 0.0
    quantum = Decimal(1).scaleb(-decimals)
    return float(Decimal(repr(value)).quantize(quantum, rounding=ROUND_HALF_UP)) + 0.0
