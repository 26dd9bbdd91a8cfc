"""What tie-breakers and game comparisons read: scored games, each
player's seats in them, and the ledger of a whole tournament.

Both :mod:`dipxl.standings` (which builds these) and :mod:`dipxl.tiebreaks`
(which reads them) import this module; it imports neither.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import chain

from dipxl.model import Game, Power
from dipxl.ranking import rank_key

__all__ = ["GameJudge", "Ledger", "PlainJudge", "Played", "ScoredGame"]


@dataclass(frozen=True, slots=True)
class ScoredGame:
    """A finished game with its seat scores in power order (HTM: result
    minus the power mean) and the index of the soloist, if any."""

    game: Game
    scores: tuple[float, ...]
    winner: int | None

    @property
    def round(self) -> int:
        return self.game.round

    @property
    def board(self) -> int:
        return self.game.board


@dataclass(frozen=True, slots=True)
class Played:
    """One player's seat in one scored game, as the tie-breakers read it.
    ``counted``: False for a round left out by "best N rounds"."""

    player: str
    game: ScoredGame
    index: int
    counted: bool = True

    @property
    def power(self) -> Power:
        return Power(self.index)

    @property
    def score(self) -> float:
        return self.game.scores[self.index]

    @property
    def centres(self) -> int:
        return self.game.game.centres[self.index]

    @property
    def won(self) -> bool:
        return self.game.winner == self.index

    @property
    def in_draw(self) -> bool:
        """A member of the draw of a drawn game."""
        return self.game.winner is None and self.game.game.draw_members[self.index]

    @property
    def key(self) -> tuple[int, int]:
        return (self.game.round, self.game.board)


class GameJudge:
    """Compares two single games (best games, best country).  A system with
    its own comparison subclasses this and overrides :meth:`compare`; the
    default is :class:`PlainJudge`'s."""

    def compare(self, a: Played, b: Played) -> int:
        """>0 when ``a`` is the better single game, 0 when equal."""
        raise NotImplementedError

    def best(self, plays: Sequence[Played]) -> list[Played]:
        """The best of ``plays`` (all of them where exactly equal)."""
        leader = max(plays, key=functools.cmp_to_key(self.compare))
        return [p for p in plays if self.compare(p, leader) == 0]

    def ranked(self, plays: Sequence[Played]) -> list[Played]:
        """``plays`` best first (equal games keep their order)."""
        return sorted(plays, key=functools.cmp_to_key(self.compare), reverse=True)


def _plain_key(p: Played) -> tuple[float, int]:
    return (rank_key(p.score), p.centres)


class PlainJudge(GameJudge):
    """The usual order of single games: the higher score, then more centres."""

    def compare(self, a: Played, b: Played) -> int:
        ka, kb = _plain_key(a), _plain_key(b)
        return (ka > kb) - (ka < kb)

    def best(self, plays: Sequence[Played]) -> list[Played]:
        keys = [_plain_key(p) for p in plays]
        top = max(keys)
        return [p for p, k in zip(plays, keys, strict=True) if k == top]

    def ranked(self, plays: Sequence[Played]) -> list[Played]:
        return sorted(plays, key=_plain_key, reverse=True)


class Ledger:
    """Everything the tie-breakers may read: each player's games, totals,
    the standings order by total (players level taken alphabetically) and
    the system's judge of single games."""

    def __init__(
        self,
        judge: GameJudge,
        games_of: Mapping[str, Sequence[Played]],
        totals: Mapping[str, float],
        order: Sequence[str],
    ) -> None:
        self.judge = judge
        self.games_of = games_of
        self.totals = totals
        self.order = order
        self._ranked: dict[str, list[Played]] = {}
        self._keys: dict[str, frozenset[tuple[int, int]]] = {}
        self._opponents: dict[str, frozenset[str]] = {}
        self._places: dict[str, int] = {}

    def better_game(self, a: Played, b: Played) -> int:
        """>0 when ``a`` is the better single game."""
        return self.judge.compare(a, b)

    def ranked_games(self, player: str) -> list[Played]:
        """The player's games, best first (computed once)."""
        found = self._ranked.get(player)
        if found is None:
            found = self._ranked[player] = self.judge.ranked(self.games_of[player])
        return found

    def opponents(self, player: str) -> frozenset[str]:
        """Everyone who sat at one of the player's games, the player
        included (computed once)."""
        found = self._opponents.get(player)
        if found is None:
            found = self._opponents[player] = frozenset(
                chain.from_iterable(g.game.game.players for g in self.games_of[player]))
        return found

    def place(self, player: str) -> int:
        """The player's index in :attr:`order`."""
        if not self._places:
            self._places = {p: i for i, p in enumerate(self.order)}
        return self._places[player]

    def game_keys(self, player: str) -> frozenset[tuple[int, int]]:
        """(round, board) of every game the player played (computed once)."""
        found = self._keys.get(player)
        if found is None:
            found = self._keys[player] = frozenset(g.key for g in self.games_of[player])
        return found
