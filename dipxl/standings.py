"""Scoring a whole tournament: game scores, totals, ranked standings,
tie-breakers, best country and power statistics.

:func:`score_tournament` is the one entry point every adapter calls: it
composes the steps of :mod:`dipxl.event` (each game by its round's system
-> round scores -> total -> adjustments -> rank) and wraps the result in
:class:`Standings`, what every output reads.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from dipxl import tiebreaks
from dipxl.counted import Counted, counted
from dipxl.errors import Notice, ordered
from dipxl.event import (
    NO_FINAL,
    Final,
    RoundPlan,
    Row,
    adjustment_notices,
    adjustments,
    plan_rounds,
    player_units,
    rank,
    round_scores,
    score_games,
    totals,
    winner,
)
from dipxl.formats import check_event, weights_by_round
from dipxl.ledger import Ledger, PlainJudge, Played, ScoredGame
from dipxl.model import Adjustment, Game, Power, Status, Tournament
from dipxl.ranking import rank_key
from dipxl.systems import EventSystem, GameSystem, System, get_system
from dipxl.systems.base import EventScores

__all__ = [
    "BestGame",
    "Ledger",
    "Played",
    "PowerStats",
    "Row",
    "ScoredGame",
    "Standings",
    "score_tournament",
]  # Ledger, Played and ScoredGame live in dipxl.ledger, Row in dipxl.event


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
      after weights, before best N and a cut (the sum of the games the
      player played in it, or the best one with ``round_score=best``; a
      round sat out: the sit-out bonus, when one is set; HTM: the games'
      adjusted results x weight / divisor, so they sum to the total without
      best N); a round the player did not play is absent (:meth:`round_score`
      gives None);
    - ``round_system(round)``: the system that scored that round's games;
      ``adjustments``: the TD's adjustments counted (each row's
      ``adjustment`` is their sum for the player);
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
        final: Final | None = None,
        round_scores: Callable[[], Mapping[str, Mapping[int, float]]] | None = None,
        plan: RoundPlan | None = None,
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
        self._round_scores = round_scores
        self.plan = plan
        final = final if final is not None else NO_FINAL
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
        return self._round_scores() if self._round_scores is not None else {}

    def round_system(self, round_number: int) -> System:
        """The system that scored ``round_number``'s games (``round_systems``)."""
        return self.plan.of(round_number)[0] if self.plan is not None else self.system

    @functools.cached_property
    def adjustments(self) -> tuple[Adjustment, ...]:
        """The TD's adjustments counted (those of a later round left out)."""
        return self.tournament.adjustments

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
            ScoredGame(game, event.seat_scores(k), winner(game, victory))
            for k, game in enumerate(self.tournament.finished_games)
        )

    @functools.cached_property
    def best_country(self) -> dict[Power, tuple[BestGame, ...]]:
        """Per power, the holders of the best single game."""
        unranked = {p for p, s in self.tournament.statuses if s is Status.UNRANKED}
        return _best_country(self.system, self.games, unranked)

    @functools.cached_property
    def powers(self) -> tuple[PowerStats, ...]:
        """Per power statistics over the finished games."""
        return _power_stats(self.games)

    @functools.cached_property
    def notices(self) -> tuple[Notice, ...]:
        """The warnings: odd data (SCORING.md section 1) and the system's
        own; those that may change a score first (:attr:`Notice.changes_score`)."""
        found = list(self.tournament.notices())
        found.extend(adjustment_notices(self.tournament, {r.player for r in self.rows}))
        plan = self.plan
        if plan is not None:
            found.extend(plan.notices(self.tournament.rounds))
            for game in self.tournament.finished_games:
                system, params = plan.of(game.round)
                found.extend(system.notices(game, params))
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
    whole = tournament
    if after_round is not None:
        tournament = tournament.up_to_round(after_round)
    if isinstance(spec, EventSystem):
        return _event_standings(spec, params, tournament, after_round)
    plan = plan_rounds(spec, params, whole)  # the whole event's rounds too
    scored = score_games(tournament.finished_games, plan)  # 1. each game by its round's system
    weights = weights_by_round(params, tournament.rounds)
    breakers = spec.breakers(params)
    summed = totals(scored, tournament, params, weights, need_games=bool(breakers))  # 2., 3.
    adjusted = adjustments(tournament)  # 4.
    scores = {p: t + adjusted.get(p, 0.0) for p, t in summed.sums.items()}
    victory = plan.of(params.final_round or 0)[1].victory_centres  # the final's own system
    final = Final.of(params, tournament.finished_games, victory)
    keys = final.keys({p: rank_key(t) for p, t in scores.items()})

    def ledger(order: list[str]) -> Ledger:
        units, combined = summed.units or {}, summed.combined or {}
        games_of = {p: [u.play if flag else replace(u.play, counted=False)
                        for u, flag in zip(mine, combined[p].counted, strict=True)
                        if u.play is not None] for p, mine in units.items()}
        plain = {p: c.plain + adjusted.get(p, 0.0) for p, c in combined.items()}
        return Ledger(spec.judge(), games_of, plain, order)

    def by_round() -> dict[str, dict[int, float]]:
        units = summed.units
        if units is None:
            units = player_units(scored, tournament.sit_outs, params, weights)
        return round_scores(units, params)

    rows = rank(keys, scores, summed.played, tournament, breakers=breakers,  # 5.
                ledger=ledger, adjusted=adjusted)
    return Standings(spec, params, rows, breakers, tournament, after_round, scored=scored,
                     final=final, round_scores=by_round, plan=plan)


def _event_standings(
    spec: EventSystem[Any], params: Any, tournament: Tournament, after_round: int | None
) -> Standings:
    """Standings of a tournament-wide system (HTM): exact keys, no
    tie-breakers; adjustments added exactly."""
    event = spec.score_event(tournament, params)
    final = Final.of(params, tournament.finished_games, spec.victory_centres(params))
    adjusted = adjustments(tournament)

    def exact(player: str) -> Fraction:
        return event.exact(player) + Fraction(adjusted.get(player, 0))

    base: dict[str, Any] = (dict(event.rank_keys()) if not adjusted
                            else {p: exact(p) for p in event.numerators})
    keys = final.keys(base)
    totals = {p: float(exact(p)) if adjusted else event.numerators[p] / event.denominators[p]
              for p in keys}
    rows = rank(keys, totals, event.played, tournament, adjusted=adjusted, exact=exact)
    return Standings(spec, params, rows, (), tournament, after_round, event=event, final=final)


def _best_country(
    system: System, scored: Sequence[ScoredGame], unranked: Collection[str] = ()
) -> dict[Power, tuple[BestGame, ...]]:
    """Per power, the holders of the best single game, unranked players
    left out (they take no award)."""
    judge = system.judge() if isinstance(system, GameSystem) else PlainJudge()
    result: dict[Power, tuple[BestGame, ...]] = {}
    for power in Power:
        i = int(power)
        plays = [Played(sg.game.players[i], sg, i) for sg in scored
                 if sg.game.players[i] not in unranked]
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
