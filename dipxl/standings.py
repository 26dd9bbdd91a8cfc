"""Scoring a whole tournament: game scores, totals, ranked standings,
tie-breakers, best country and power statistics.

:func:`score_tournament` is the one entry point every adapter calls.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from dipxl import tiebreaks
from dipxl.errors import Notice
from dipxl.model import Game, Power, Tournament
from dipxl.ranking import competition_ranks, rank_key, tie_groups
from dipxl.systems import System, get_system
from dipxl.systems.common import param_table, solo_winner

__all__ = [
    "BestGame",
    "Ledger",
    "Played",
    "PowerStats",
    "Row",
    "ScoredGame",
    "Standings",
    "score_tournament",
]


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
    """One player's seat in one scored game, as the tie-breakers read it."""

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


@dataclass(frozen=True)
class Ledger:
    """Everything the tie-breakers may read: each player's games, totals and
    the standings order by total (players level taken alphabetically)."""

    system: System
    params: Any
    games_of: Mapping[str, Sequence[Played]]
    totals: Mapping[str, float]
    order: Sequence[str]

    def better_game(self, a: Played, b: Played) -> int:
        """>0 when ``a`` is the better single game (Detour's comparison for
        Detour, else the higher score, then more centres)."""
        return _compare_played(self.system, a, b)


def _compare_played(system: System, a: Played, b: Played) -> int:
    if system.game_view is not None and system.compare_games is not None:
        va = system.game_view(a.game.scores, a.game.game, a.index, a.game.winner)
        vb = system.game_view(b.game.scores, b.game.game, b.index, b.game.winner)
        return system.compare_games(va, vb)
    ka = (rank_key(a.score), a.centres)
    kb = (rank_key(b.score), b.centres)
    return (ka > kb) - (ka < kb)


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the standings.  ``exact`` is the exact total where the
    system defines one (HTM); ``tiebreaks`` the values of the tie-breakers
    (None where a tie-breaker did not apply to the player's group)."""

    rank: int
    player: str
    score: float
    games: int
    tiebreaks: Mapping[str, Any] = field(default_factory=dict)
    exact: Fraction | None = None


@dataclass(frozen=True, slots=True)
class BestGame:
    """A best-country holder: the game and its score."""

    power: Power
    player: str
    round: int
    board: int
    score: float
    centres: int


@dataclass(frozen=True, slots=True)
class PowerStats:
    """Per power over the finished games."""

    power: Power
    games: int
    total_centres: int
    mean_centres: float | None
    solos: int
    eliminations: int
    mean_score: float | None


@dataclass(frozen=True)
class Standings:
    """The scored tournament: what every output shows."""

    system: System
    params: Any
    rows: tuple[Row, ...]
    games: tuple[ScoredGame, ...]
    best_country: Mapping[Power, tuple[BestGame, ...]]
    powers: tuple[PowerStats, ...]
    notices: tuple[Notice, ...]
    tiebreak_names: tuple[str, ...]
    after_round: int | None = None
    title: str = ""

    def row(self, player: str) -> Row:
        """The row of ``player`` (KeyError when absent)."""
        for row in self.rows:
            if row.player == player:
                return row
        raise KeyError(player)

    def to_dict(self) -> dict[str, Any]:
        """The JSON contract (see README): plain dicts, lists, str, int, float."""
        return {
            "system": self.system.id,
            "title": self.title,
            "parameters": {k: _jsonable(v) for k, v in param_table(self.params)},
            "after_round": self.after_round,
            "standings": [
                {
                    "rank": r.rank,
                    "player": r.player,
                    "score": r.score,
                    "games": r.games,
                    **({"exact": str(r.exact)} if r.exact is not None else {}),
                    **{k: _jsonable(v) for k, v in r.tiebreaks.items()},
                }
                for r in self.rows
            ],
            "games": [
                {
                    "round": sg.round,
                    "board": sg.board,
                    "solo": Power(sg.winner).title if sg.winner is not None else None,
                    "seats": [
                        {
                            "power": seat.power.title,
                            "player": seat.player,
                            "centres": seat.centres,
                            "eliminated": seat.eliminated,
                            "in_draw": sg.winner is None and sg.game.draw_members[i],
                            "score": sg.scores[i],
                        }
                        for i, seat in enumerate(sg.game.seats)
                    ],
                }
                for sg in self.games
            ],
            "best_country": {
                power.title: [
                    {
                        "player": b.player,
                        "round": b.round,
                        "board": b.board,
                        "score": b.score,
                        "centres": b.centres,
                    }
                    for b in self.best_country.get(power, ())
                ]
                for power in Power
            },
            "powers": [
                {
                    "power": p.power.title,
                    "games": p.games,
                    "total_centres": p.total_centres,
                    "mean_centres": p.mean_centres,
                    "solos": p.solos,
                    "eliminations": p.eliminations,
                    "mean_score": p.mean_score,
                }
                for p in self.powers
            ],
            "warnings": [str(n) for n in self.notices],
        }


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, Fraction):
        return float(value)
    return value


def score_tournament(
    tournament: Tournament,
    system: str | System = "cdiplo",
    params: Any = None,
    *,
    after_round: int | None = None,
) -> Standings:
    """Score ``tournament`` under ``system``.

    ``params`` is the system's parameter object, or a mapping of overrides
    (names as in ``dipxl systems``), or None for the entry's defaults.
    ``after_round`` gives the standings as they stood after that round.
    Unfinished games are ignored.
    """
    spec = get_system(system)
    if params is None or isinstance(params, Mapping):
        params = spec.make_params(params)
    if after_round is not None:
        tournament = tournament.up_to_round(after_round)
    notices = list(tournament.notices())
    finished = tournament.finished_games
    exact: dict[str, Fraction] = {}
    if spec.score_game is not None:
        scorer = spec.score_game
        scored = []
        for game in finished:
            scored.append(
                ScoredGame(game, scorer(game, params), solo_winner(game, params.victory_centres))
            )
            if spec.game_notices is not None:
                notices.extend(spec.game_notices(game, params))
    else:
        assert spec.score_event is not None
        event = spec.score_event(tournament, params)
        scored = []
        n = event.games
        for game, results in zip(finished, event.seat_results, strict=True):
            seat_scores = tuple((n * r - event.power_sums[i]) / n for i, r in enumerate(results))
            scored.append(ScoredGame(game, seat_scores, solo_winner(game, params.victory_centres)))
        exact = event.totals

    games_of: dict[str, list[Played]] = {}
    for sg in scored:
        for i, seat in enumerate(sg.game.seats):
            games_of.setdefault(seat.player, []).append(Played(seat.player, sg, i))
    best = getattr(params, "best_rounds", None)
    if best is not None:
        games_of = {p: _mark_best(plays, best) for p, plays in games_of.items()}
    totals: dict[str, float] = {}
    for player, plays in games_of.items():
        if exact:
            totals[player] = float(exact[player])
        else:
            totals[player] = sum(p.score for p in plays if p.counted)

    def primary(player: str) -> Any:
        return exact[player] if exact else rank_key(totals[player])

    order = sorted(games_of, key=lambda p: (_neg(primary(p)), p.casefold(), p))
    ledger = Ledger(spec, params, games_of, totals, order)
    breakers = tiebreaks.for_system(spec)
    shown: dict[str, dict[str, Any]] = {p: {} for p in games_of}
    for tb in breakers:
        if tb.everyone:
            measured = tb.measure(list(games_of), ledger)
            if measured is not None:
                for p in games_of:
                    shown[p][tb.name] = tb.display(measured[p])
            else:
                for p in games_of:
                    shown[p][tb.name] = None
        else:
            for p in games_of:
                shown[p][tb.name] = None
    rows: list[Row] = []
    groups = tie_groups(order, primary)
    final: list[list[str]] = []
    for group in groups:
        final.extend(tiebreaks.split(group, breakers, ledger, shown))
    for rank, group in zip(competition_ranks(final), final, strict=True):
        for player in sorted(group, key=lambda p: (p.casefold(), p)):
            rows.append(
                Row(
                    rank,
                    player,
                    totals[player],
                    len(games_of[player]),
                    shown[player],
                    exact.get(player) if exact else None,
                )
            )
    return Standings(
        system=spec,
        params=params,
        rows=tuple(rows),
        games=tuple(scored),
        best_country=_best_country(spec, games_of),
        powers=_power_stats(scored),
        notices=tuple(notices),
        tiebreak_names=tuple(tb.name for tb in breakers),
        after_round=after_round,
        title=tournament.title,
    )


def _neg(value: Any) -> Any:
    return -value


def _mark_best(plays: list[Played], best: int) -> list[Played]:
    """Count only the best ``best`` rounds (a round's score is the sum of the
    player's games in it; equal rounds: the earlier counts)."""
    by_round: dict[int, float] = {}
    for p in plays:
        by_round[p.game.round] = by_round.get(p.game.round, 0.0) + p.score
    ranked = sorted(by_round, key=lambda r: (-rank_key(by_round[r]), r))
    keep = set(ranked[:best])
    return [Played(p.player, p.game, p.index, p.game.round in keep) for p in plays]


def _best_country(
    system: System, games_of: Mapping[str, Sequence[Played]]
) -> dict[Power, tuple[BestGame, ...]]:
    candidates: dict[Power, list[Played]] = {p: [] for p in Power}
    for plays in games_of.values():
        for p in plays:
            candidates[p.power].append(p)
    cmp = functools.cmp_to_key(functools.partial(_compare_played, system))
    result: dict[Power, tuple[BestGame, ...]] = {}
    for power, plays in candidates.items():
        if not plays:
            result[power] = ()
            continue
        top = max(plays, key=cmp)
        winners = [p for p in plays if _compare_played(system, p, top) == 0]
        result[power] = tuple(
            BestGame(power, p.player, p.game.round, p.game.board, p.score, p.centres)
            for p in sorted(winners, key=lambda p: (p.game.round, p.game.board))
        )
    return result


def _power_stats(scored: Sequence[ScoredGame]) -> tuple[PowerStats, ...]:
    stats = []
    n = len(scored)
    for power in Power:
        i = int(power)
        total = sum(sg.game.centres[i] for sg in scored)
        score_total = sum(sg.scores[i] for sg in scored)
        stats.append(
            PowerStats(
                power,
                n,
                total,
                total / n if n else None,
                sum(1 for sg in scored if sg.winner == i),
                sum(1 for sg in scored if sg.game.centres[i] == 0),
                score_total / n if n else None,
            )
        )
    return tuple(stats)
