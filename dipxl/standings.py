"""Scoring a whole tournament: game scores, totals, ranked standings,
tie-breakers, best country and power statistics.

:func:`score_tournament` is the one entry point every adapter calls.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from dipxl import tiebreaks
from dipxl.counted import Counted, counted
from dipxl.errors import Notice, ordered
from dipxl.formats import check_event, final_bands, top_board, weights_by_round
from dipxl.ledger import Ledger, PlainJudge, Played, ScoredGame
from dipxl.model import Game, Power, Tournament
from dipxl.ranking import competition_ranks, rank_key, tie_groups
from dipxl.systems import EventSystem, GameSystem, System, get_system
from dipxl.systems.base import EventScores
from dipxl.systems.common import solo_winner

__all__ = [
    "BestGame",
    "Ledger",
    "Played",
    "PowerStats",
    "Row",
    "ScoredGame",
    "Standings",
    "score_tournament",
]  # Ledger, Played and ScoredGame live in dipxl.ledger


_NONE_SHOWN: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the standings.  ``exact`` is the exact total where the
    system defines one (HTM); ``tiebreaks`` the values of the tie-breakers
    (None where a tie-breaker did not apply to the player's group)."""

    rank: int
    player: str
    score: float
    games: int
    tiebreaks: Mapping[str, Any] = field(default_factory=lambda: _NONE_SHOWN)
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


class Standings:
    """The scored tournament: what every output shows.

    ``rows`` (ranked, with tie-break values) are computed at once; ``games``,
    ``best_country``, ``powers``, ``notices`` and ``round_scores`` on first
    use.  What the outputs read besides the rows:

    - ``rounds``: the round numbers played (with a finished game), ascending;
    - ``round_scores[player][round]``: the player's score in that round,
      after weights, before best N (every game the player played in it;
      HTM: the games' adjusted results x weight / divisor, so they sum to
      the total without best N); a round the player did not play is absent
      (:meth:`round_score` gives None);
    - ``top_board``: the final's top board (board 1 of ``final_round``)
      once it is finished, else None (then no one is a finalist);
      ``finalists``: its seven players in power order; ``final_winner``:
      its soloist, or None.
    """

    def __init__(
        self,
        system: System,
        params: Any,
        rows: tuple[Row, ...],
        breakers: tuple[tiebreaks.Tiebreaker, ...],
        tournament: Tournament,
        after_round: int | None,
        scored: tuple[ScoredGame, ...] | None = None,
        event: EventScores | None = None,
        *,
        final: _Final | None = None,
        weights: Mapping[int, float] | None = None,
    ) -> None:
        self.system = system
        self.params = params
        self.rows = rows
        self.tiebreak_names = tuple(tb.name for tb in breakers)
        self.tiebreak_titles = tuple(tb.title for tb in breakers)
        self.tournament = tournament
        self.after_round = after_round
        self.title = tournament.title
        self._scored = scored
        self._event = event
        self._weights = weights
        final = final if final is not None else _NO_FINAL
        self.top_board: Game | None = final.top
        self.finalists: tuple[str, ...] = final.top.players if final.top is not None else ()
        self.final_winner: str | None = (
            final.top.players[final.winner]
            if final.top is not None and final.winner is not None else None)

    @property
    def rounds(self) -> tuple[int, ...]:
        """The round numbers played (with a finished game), ascending."""
        return self.tournament.rounds

    @functools.cached_property
    def round_scores(self) -> Mapping[str, Mapping[int, float]]:
        """Per player, the score of each round played (see the class)."""
        event = self._event
        if event is not None:
            exact: dict[str, dict[int, Fraction]] = {}
            for k, game in enumerate(self.tournament.finished_games):
                for i, name in enumerate(game.players):
                    mine = exact.setdefault(name, {})
                    mine[game.round] = mine.get(game.round, Fraction(0)) + event.part(k, i, name)
            return {p: {r: float(v) for r, v in by.items()} for p, by in exact.items()}
        weights = self._weights
        scores: dict[str, dict[int, float]] = {}
        for sg in self.games:
            w = 1.0 if weights is None else weights[sg.round]
            for name, score in zip(sg.game.players, sg.scores, strict=True):
                by_round = scores.setdefault(name, {})
                by_round[sg.round] = by_round.get(sg.round, 0.0) + w * score
        return scores

    def round_score(self, player: str, round_number: int) -> float | None:
        """The player's score in that round (None: not played)."""
        return self.round_scores.get(player, {}).get(round_number)

    def __repr__(self) -> str:
        return f"<Standings {self.system.id}: {len(self.rows)} players>"

    @functools.cached_property
    def games(self) -> tuple[ScoredGame, ...]:
        """Every finished game with its seat scores (HTM: result - mean)."""
        if self._scored is not None:
            return self._scored
        system, event = self.system, self._event
        if not isinstance(system, EventSystem) or event is None:
            raise TypeError("standings of a per-game system are built with their games")
        victory = system.victory_centres(self.params)
        return tuple(
            ScoredGame(game, event.seat_scores(k), _winner(game, victory))
            for k, game in enumerate(self.tournament.finished_games)
        )

    @functools.cached_property
    def best_country(self) -> dict[Power, tuple[BestGame, ...]]:
        """Per power, the holders of the best single game."""
        return _best_country(self.system, self.games)

    @functools.cached_property
    def powers(self) -> tuple[PowerStats, ...]:
        """Per power statistics over the finished games."""
        return _power_stats(self.games)

    @functools.cached_property
    def notices(self) -> tuple[Notice, ...]:
        """The warnings: odd data (SCORING.md section 1) and the system's
        own; those that may change a score first (:attr:`Notice.changes_score`)."""
        found = list(self.tournament.notices())
        system = self.system
        if isinstance(system, GameSystem):
            for game in self.tournament.finished_games:
                found.extend(system.notices(game, self.params))
        return ordered(found)

    @functools.cached_property
    def counted(self) -> Counted:
        """The boards counted and left out (:mod:`dipxl.counted`): the
        status line every output shows."""
        return counted(self.tournament, self.notices, self.after_round)

    def row(self, player: str) -> Row:
        """The row of ``player`` (KeyError when absent)."""
        for row in self.rows:
            if row.player == player:
                return row
        raise KeyError(player)


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
    check_event(params, tournament)  # the whole event, even for standings after a round
    if after_round is not None:
        tournament = tournament.up_to_round(after_round)
    if isinstance(spec, EventSystem):
        return _event_standings(spec, params, tournament, after_round)
    finished = tournament.finished_games
    # The soloist of each game, found once: the winner of a scored game is
    # the one seat on the victory count (scoring refused two).
    victory = params.victory_centres
    scored = tuple(
        ScoredGame(game, scores, _winner(game, victory))
        for game, scores in zip(finished, spec.score_games(finished, params), strict=True)
    )
    breakers = spec.breakers(params)
    weight = weights_by_round(params, tournament.rounds)
    best_rounds, best_games = params.best_rounds, params.best_games
    totals: dict[str, float] = {}
    plain: dict[str, float] = totals  # unweighted: what the tie-breakers read
    played: dict[str, int] = {}
    games_of: dict[str, list[Played]] = {}
    if breakers or best_rounds is not None or best_games is not None:
        for sg in scored:
            for i, name in enumerate(sg.game.players):
                plays = games_of.get(name)
                if plays is None:
                    games_of[name] = [Played(name, sg, i)]
                else:
                    plays.append(Played(name, sg, i))
        if best_rounds is not None:
            games_of = {p: _mark_best(plays, best_rounds, weight) for p, plays in games_of.items()}
        elif best_games is not None:
            games_of = {p: _mark_best_games(plays, best_games, weight)
                        for p, plays in games_of.items()}
        totals = {p: _counted_total(plays, weight) for p, plays in games_of.items()}
        plain = totals if weight is None else {
            p: _counted_total(plays, None) for p, plays in games_of.items()}
        played = {p: len(plays) for p, plays in games_of.items()}
    else:  # no tie-breaker reads single games: totals straight from the scores
        for sg in scored:
            w = 1.0 if weight is None else weight[sg.round]
            for name, score in zip(sg.game.players, sg.scores, strict=True):
                counts = score if weight is None else w * score
                total = totals.get(name)
                if total is None:
                    totals[name] = counts
                    played[name] = 1
                else:
                    totals[name] = total + counts
                    played[name] += 1
    final = _Final.of(params, finished, victory)
    keys = final.keys({p: rank_key(t) for p, t in totals.items()})
    order = sorted(totals, key=_alphabetical)
    order.sort(key=keys.__getitem__, reverse=True)
    groups = tie_groups(order, keys.__getitem__)
    shown: dict[str, dict[str, Any]] = {}
    if breakers:
        ledger = Ledger(spec.judge(), games_of, plain, order)
        shown = {p: {} for p in totals}
        everyone = list(totals)
        for tb in breakers:
            measured = tb.measure(everyone, ledger) if tb.everyone else None
            for p in everyone:
                shown[p][tb.name] = tb.display(measured[p]) if measured is not None else None
        groups = [part for group in groups
                  for part in tiebreaks.split(group, breakers, ledger, shown)]
    rows = _rows(groups, totals, played, shown)
    return Standings(spec, params, rows, breakers, tournament, after_round, scored=scored,
                     final=final, weights=weight)


@dataclass(frozen=True, slots=True)
class _Final:
    """A final's effect on the ranking: its top board (None: no final, or
    not finished yet), the top board's soloist (an index) and the band of
    each player it lifts (:func:`dipxl.formats.final_bands`)."""

    top: Game | None = None
    winner: int | None = None
    bands: Mapping[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, params: Any, finished: Sequence[Game], victory: int) -> _Final:
        top = top_board(params, finished)
        if top is None:
            return _NO_FINAL
        winner = _winner(top, victory)
        return cls(top, winner, final_bands(params, top, winner))

    def keys(self, keys: dict[str, Any]) -> dict[str, Any]:
        """Rank keys with the final's bands first (unchanged with no band)."""
        bands = self.bands
        if not bands:
            return keys
        return {p: (bands.get(p, 0), k) for p, k in keys.items()}


_NO_FINAL = _Final()


def _event_standings(
    spec: EventSystem[Any], params: Any, tournament: Tournament, after_round: int | None
) -> Standings:
    """Standings of a tournament-wide system (HTM): exact keys, no tie-breakers."""
    event = spec.score_event(tournament, params)
    final = _Final.of(params, tournament.finished_games, spec.victory_centres(params))
    keys = final.keys(dict(event.rank_keys()))
    order = sorted(keys, key=_alphabetical)
    order.sort(key=keys.__getitem__, reverse=True)
    totals = {p: event.numerators[p] / event.denominators[p] for p in keys}
    groups = tie_groups(order, keys.__getitem__)
    rows = _rows(groups, totals, event.played, {}, exact=event)
    return Standings(spec, params, rows, (), tournament, after_round, event=event, final=final)


def _rows(
    groups: Sequence[Sequence[str]],
    totals: Mapping[str, float],
    played: Mapping[str, int],
    shown: Mapping[str, Mapping[str, Any]],
    exact: EventScores | None = None,
) -> tuple[Row, ...]:
    """Ranked rows: a group shares the better rank; alphabetical inside."""
    rows: list[Row] = []
    append_row = rows.append
    for rank, group in zip(competition_ranks(groups), groups, strict=True):
        for player in group if len(group) == 1 else sorted(group, key=_alphabetical):
            append_row(Row(rank, player, totals[player], played[player],
                           shown.get(player, _NONE_SHOWN),
                           exact.exact(player) if exact is not None else None))
    return tuple(rows)


def _alphabetical(player: str) -> tuple[str, str]:
    return (player.casefold(), player)



def _winner(game: Game, victory: int) -> int | None:
    """Index of the soloist (None for a draw); cheap for the common draw."""
    return solo_winner(game, victory) if game.centres_desc[0] >= victory else None


def _weighted(p: Played, weight: Mapping[int, float] | None) -> float:
    """The score of a game as it counts: times its round's weight."""
    return p.score if weight is None else weight[p.game.round] * p.score


def _counted_total(plays: Sequence[Played], weight: Mapping[int, float] | None) -> float:
    """The sum of the counted scores (times their rounds' weights), added
    in game order."""
    total = 0.0
    for p in plays:
        if p.counted:
            total += _weighted(p, weight)
    return total


def _mark_best(
    plays: list[Played], best: int, weight: Mapping[int, float] | None
) -> list[Played]:
    """Count only the best ``best`` rounds (a round's score is the sum of the
    player's games in it, after weights; equal rounds: the earlier counts)."""
    by_round: dict[int, float] = {}
    for p in plays:
        by_round[p.game.round] = by_round.get(p.game.round, 0.0) + _weighted(p, weight)
    ranked = sorted(by_round, key=lambda r: (-rank_key(by_round[r]), r))
    keep = set(ranked[:best])
    return [Played(p.player, p.game, p.index, p.game.round in keep) for p in plays]


def _mark_best_games(
    plays: list[Played], best: int, weight: Mapping[int, float] | None
) -> list[Played]:
    """Count only the best ``best`` games, after weights, whatever their
    rounds (equal games: the earlier counts)."""
    ranked = sorted(range(len(plays)), key=lambda k: (-rank_key(_weighted(plays[k], weight)), k))
    keep = set(ranked[:best])
    return [Played(p.player, p.game, p.index, k in keep) for k, p in enumerate(plays)]


def _best_country(
    system: System, scored: Sequence[ScoredGame]
) -> dict[Power, tuple[BestGame, ...]]:
    judge = system.judge() if isinstance(system, GameSystem) else PlainJudge()
    result: dict[Power, tuple[BestGame, ...]] = {}
    for power in Power:
        i = int(power)
        plays = [Played(sg.game.players[i], sg, i) for sg in scored]
        result[power] = tuple(
            BestGame(power, p.player, p.game.round, p.game.board, p.score, p.centres)
            for p in (judge.best(plays) if plays else ())
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
