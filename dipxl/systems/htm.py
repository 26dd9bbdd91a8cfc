"""Hurst Tournament Mean (sources: seeds/003 and seeds/000, SCORING.md section 5)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import chain

from dipxl.errors import ParameterError
from dipxl.formats import weights_by_round
from dipxl.model import MAX_CENTRES, Game, Tournament
from dipxl.systems.base import EventScores, EventSystem, param
from dipxl.systems.common import FormatParams, check_number, solo_winner

__all__ = ["DIVISORS", "SOLO_MODES", "EventScores", "Htm", "Params", "score"]

SOLO_MODES = ("centres", "winner_takes_all")
DIVISORS = ("rounds", "played")


@dataclass(frozen=True, kw_only=True)
class Params(FormatParams):
    """HTM parameters; the defaults are Hurst's system."""

    solo: str = param(
        "centres", '"centres" (a soloist\'s count counts like any other) or '
        '"winner_takes_all" (the soloist scores solo_centres, the others 0)')
    solo_centres: int | None = param(
        None, "winner takes all: the soloist's result, e.g. 18 or 34 (blank: his count)")
    divisor: str = param(
        "rounds", '"rounds" (rounds of the event) or "played" (rounds the player played)')
    victory_centres: int = param(18, "centres that make a solo")

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.solo not in SOLO_MODES:
            raise ParameterError(
                f"solo must be one of {', '.join(SOLO_MODES)}, got {self.solo!r}",
                field="solo", value=self.solo,
            )
        if self.divisor not in DIVISORS:
            raise ParameterError(
                f"divisor must be one of {', '.join(DIVISORS)}, got {self.divisor!r}",
                field="divisor", value=self.divisor,
            )
        if self.solo_centres is not None:
            check_number("solo_centres", self.solo_centres, 1, whole=True)
            if self.solo_centres > MAX_CENTRES:
                raise ParameterError(
                    f"solo_centres must be at most 34, got {self.solo_centres}",
                    field="solo_centres", value=self.solo_centres,
                )
        check_number("victory_centres", self.victory_centres, 1, whole=True)


DEFAULT = Params()


def _results(centres: tuple[int, ...], winner: int | None, params: Params) -> tuple[int, ...]:
    if winner is None or params.solo == "centres":
        return centres
    top = params.solo_centres if params.solo_centres is not None else centres[winner]
    return tuple(top if i == winner else 0 for i in range(7))


class Htm(EventSystem[Params]):
    """Hurst Tournament Mean: each player against the others of the same power.

    A player's result in a game is the final centre count (eliminated: 0).
    A power's mean is the sum of its results over all finished games divided
    by the number of finished games. A player's score is the sum over his
    games of (result - mean of the power played), divided by the number of
    rounds of the tournament (option: rounds the player played). Solos count
    like any other result (option: winner takes all, 18/34/actual); a game
    conceded to one power is scored by its centres, like a draw (the sources
    cover only an 18-centre win). Exact: ties are broken only by more
    decimals. Sources: Hurst (seeds/003, seeds/000).
    """

    twin = "htm"

    def score_event(self, tournament: Tournament, params: Params = DEFAULT) -> EventScores:
        return score(tournament, params)

    def victory_centres(self, params: Params) -> int:
        return params.victory_centres


def score(tournament: Tournament, params: Params = DEFAULT) -> EventScores:
    """The HTM scores of a tournament (the rule: :class:`Htm`)."""
    games = tournament.finished_games
    n = len(games)
    if params.solo == "centres":
        seat_results = tuple(g.centres for g in games)
    else:
        seat_results = tuple(
            _results(g.centres, solo_winner(g, params.victory_centres), params) for g in games
        )
    sums = tuple(sum(column) for column in zip(*seat_results, strict=True)) if n else (0,) * 7
    played = dict(Counter(chain.from_iterable(g.players for g in games)))
    weights = weights_by_round(params, tournament.rounds)
    scale = 1
    game_weights: tuple[int, ...] = ()  # every round weighs 1
    if weights is None and params.best_games is None:
        numerators = _plain_numerators(games, seat_results, sums, played)
    else:
        scale, game_weights = _scaled_weights(games, weights)
        numerators = _weighted_numerators(
            games, seat_results, sums, played, game_weights, params.best_games)
    rounds = len(tournament.rounds)
    if params.divisor == "played":
        rounds_of: dict[str, set[int]] = {}
        for game in games:
            for name in game.players:
                rounds_of.setdefault(name, set()).add(game.round)
        denominators = {p: n * len(rounds_of[p]) * scale for p in numerators}
    else:
        denominators = dict.fromkeys(numerators, n * rounds * scale)
    return EventScores(n, rounds, sums, seat_results, numerators, denominators, played,
                       game_weights)


def _plain_numerators(
    games: Sequence[Game],
    seat_results: Sequence[tuple[int, ...]],
    sums: tuple[int, ...],
    played: Mapping[str, int],
) -> dict[str, int]:
    """n x (each player's score x rounds) = the sum over his games of
    (n x result - power sum); the seven seats written out: no inner loop, no
    map (the hot loop of HTM)."""
    n = len(games)
    numerators = dict.fromkeys(played, 0)
    s0, s1, s2, s3, s4, s5, s6 = sums
    for game, (r0, r1, r2, r3, r4, r5, r6) in zip(games, seat_results, strict=True):
        a, b, c, d, e, f, g = game.players
        numerators[a] += n * r0 - s0
        numerators[b] += n * r1 - s1
        numerators[c] += n * r2 - s2
        numerators[d] += n * r3 - s3
        numerators[e] += n * r4 - s4
        numerators[f] += n * r5 - s5
        numerators[g] += n * r6 - s6
    return numerators


def _scaled_weights(
    games: Sequence[Game], weights: Mapping[int, float] | None
) -> tuple[int, tuple[int, ...]]:
    """(scale, each game's weight x scale as a whole number): the weights
    are read exactly (a float's own binary value) and brought to one
    denominator, ``scale``, so that the scores stay exact fractions."""
    if weights is None:
        return 1, (1,) * len(games)
    exact = {r: Fraction(w) for r, w in weights.items()}
    scale = math.lcm(*(w.denominator for w in exact.values())) if exact else 1
    return scale, tuple(int(exact[g.round] * scale) for g in games)


def _weighted_numerators(
    games: Sequence[Game],
    seat_results: Sequence[tuple[int, ...]],
    sums: tuple[int, ...],
    played: Mapping[str, int],
    game_weights: Sequence[int],
    best_games: int | None,
) -> dict[str, int]:
    """As :func:`_plain_numerators` with each game's adjusted results times
    its round's weight, counting only each player's ``best_games`` best."""
    n = len(games)
    parts: dict[str, list[int]] = {p: [] for p in played}
    for game, results, weight in zip(games, seat_results, game_weights, strict=True):
        for name, r, s in zip(game.players, results, sums, strict=True):
            parts[name].append(weight * (n * r - s))
    if best_games is None:
        return {p: sum(values) for p, values in parts.items()}
    return {p: sum(sorted(values, reverse=True)[:best_games]) for p, values in parts.items()}
