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
from typing import TYPE_CHECKING, Any

from dipxl.ranking import rank_key, tie_groups

if TYPE_CHECKING:
    from dipxl.standings import Ledger, Played
    from dipxl.systems import System

__all__ = ["TIEBREAKERS", "Tiebreaker", "for_system", "split"]

Measure = Callable[[Sequence[str], "Ledger"], Mapping[str, Any] | None]


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


# ------------------------------------------------------------------ Detour 98e


def _wins(group: Sequence[str], ledger: Ledger) -> dict[str, int]:
    return {p: sum(1 for g in ledger.games_of[p] if g.won) for p in group}


def _draws(group: Sequence[str], ledger: Ledger) -> dict[str, int]:
    return {p: sum(1 for g in ledger.games_of[p] if g.in_draw) for p in group}


class _GameKey:
    """A player's k-th best game as a sortable value (missing loses to any)."""

    __slots__ = ("ledger", "played")

    def __init__(self, played: Played | None, ledger: Ledger) -> None:
        self.played = played
        self.ledger = ledger

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


def _best_game(k: int) -> Measure:
    def measure(group: Sequence[str], ledger: Ledger) -> dict[str, _GameKey]:
        result = {}
        for p in group:
            games = ledger.ranked_games(p)
            result[p] = _GameKey(games[k - 1] if len(games) >= k else None, ledger)
        return result

    return measure


def _show_game(key: _GameKey) -> float | None:
    return key.played.score if key.played is not None else None


# ---------------------------------------------------------- Diminishing Value


def _head_to_head(group: Sequence[str], ledger: Ledger) -> dict[str, float] | None:
    shared = frozenset.intersection(*(ledger.game_keys(p) for p in group))
    if not shared:
        return None
    return {p: rank_key(sum(g.score for g in ledger.games_of[p] if g.key in shared)) for p in group}


def _power_to_power(group: Sequence[str], ledger: Ledger) -> dict[str, float] | None:
    common = set.intersection(*({g.index for g in ledger.games_of[p]} for p in group))
    if not common:
        return None
    return {
        p: rank_key(sum(g.score for g in ledger.games_of[p] if g.index in common)) for p in group
    }


def _superior_player(group: Sequence[str], ledger: Ledger) -> dict[str, float] | None:
    # The best-placed player outside the group who shared a game with each
    # member: among the members' common opponents, the first in the order.
    common = set(ledger.opponents(group[0])).intersection(*map(ledger.opponents, group[1:]))
    common.difference_update(group)
    if not common:
        return None
    theirs = ledger.game_keys(min(common, key=ledger.place))
    result = {}
    for p in group:
        against = [g.score for g in ledger.games_of[p] if g.key in theirs]
        result[p] = rank_key(sum(against) / len(against))
    return result


def _zero_for_defeat(group: Sequence[str], ledger: Ledger) -> dict[str, float]:
    ante = float(ledger.params.ante)
    result = {}
    for p in group:
        defeats = sum(
            1 for g in ledger.games_of[p] if g.counted and g.game.winner is None and g.centres == 0
        )
        result[p] = rank_key(ledger.totals[p] + ante * defeats)
    return result


def _total_centres(group: Sequence[str], ledger: Ledger) -> dict[str, int]:
    return {p: sum(g.centres for g in ledger.games_of[p]) for p in group}


TIEBREAKERS: dict[str, Tiebreaker] = {
    tb.name: tb
    for tb in (
        Tiebreaker("wins", "Wins", _wins, True),
        Tiebreaker("draws", "Drawn games in the draw", _draws, True),
        Tiebreaker("best_game_1", "Best game", _best_game(1), True, _show_game),
        Tiebreaker("best_game_2", "Second-best game", _best_game(2), True, _show_game),
        Tiebreaker("best_game_3", "Third-best game", _best_game(3), True, _show_game),
        Tiebreaker("head_to_head", "Head-to-head points", _head_to_head, False),
        Tiebreaker("power_to_power", "Power-to-power points", _power_to_power, False),
        Tiebreaker(
            "superior_player", "Average against the superior player", _superior_player, False
        ),
        Tiebreaker("zero_for_defeat", "Score with 0 for defeat", _zero_for_defeat, True),
        Tiebreaker("total_centres", "Total centres", _total_centres, True),
    )
}


def for_system(system: System) -> tuple[Tiebreaker, ...]:
    """The tie-breakers ``system`` applies, in order."""
    return tuple(TIEBREAKERS[name] for name in system.tiebreakers)
