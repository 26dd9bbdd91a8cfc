"""Tie-breakers as pure functions, applied group by group.

A tie-breaker measures the players of one tied group and returns a sortable
value per player (higher is better), or None when it does not apply to that
group (e.g. head-to-head when the group never shared a game).  :func:`split`
applies them in order; a group that a tie-breaker splits starts again from
the first tie-breaker with each sub-group's own members (SCORING.md
section 4), which for group-independent tie-breakers (Detour's) gives the
same order as simply going on to the next.  Still equal: equal rank.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dipxl.ledger import Ledger, Played
from dipxl.ranking import tie_groups

__all__ = ["Measure", "Tiebreaker", "best_game", "show_game", "split"]

# A tie-breaker's measure of one tied group: a sortable value per player
# (higher is better), or None when it does not apply to the group.
Measure = Callable[[Sequence[str], Ledger], Mapping[str, Any] | None]


@dataclass(frozen=True)
class Tiebreaker:
    """``everyone``: the value does not depend on the group, so it is shown
    for every player; otherwise only for players whose tie it was used on."""

    name: str
    title: str
    measure: Measure
    everyone: bool
    display: Callable[[Any], Any] = lambda value: value


def split(
    group: list[str],
    breakers: Sequence[Tiebreaker],
    ledger: Ledger,
    shown: dict[str, dict[str, Any]],
) -> list[list[str]]:
    """Order one group tied on score into sub-groups, best first."""
    if len(group) < 2:
        return [group]
    for tb in breakers:
        values = tb.measure(group, ledger)
        if values is None:
            continue
        if not tb.everyone:
            for p in group:
                shown[p][tb.name] = tb.display(values[p])
        parts = tie_groups(group, values.__getitem__)
        if len(parts) > 1:
            result: list[list[str]] = []
            for part in parts:
                result.extend(split(part, breakers, ledger, shown))
            return result
    return [group]


# ------------------------------------------------------- k-th best game


@dataclass(frozen=True, slots=True, eq=False)
class _GameKey:
    """A player's k-th best game as a sortable value (missing loses to any)."""

    played: Played | None
    ledger: Ledger

    def _cmp(self, other: _GameKey) -> int:
        if self.played is None or other.played is None:
            return (self.played is not None) - (other.played is not None)
        return self.ledger.better_game(self.played, other.played)

    def __gt__(self, other: _GameKey) -> bool:
        return self._cmp(other) > 0

    def __lt__(self, other: _GameKey) -> bool:
        return self._cmp(other) < 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _GameKey) and self._cmp(other) == 0

    __hash__ = None  # type: ignore[assignment]  # compared, never hashed


def best_game(k: int) -> Measure:
    """The measure "the player's k-th best game" (by the ledger's judge)."""
    def measure(group: Sequence[str], ledger: Ledger) -> dict[str, _GameKey]:
        result = {}
        for p in group:
            games = ledger.ranked_games(p)
            result[p] = _GameKey(games[k - 1] if len(games) >= k else None, ledger)
        return result

    return measure


def show_game(key: _GameKey) -> float | None:
    """A k-th best game as shown: its score (blank when there is none)."""
    return key.played.score if key.played is not None else None
