"""Tournament formats (SCORING.md section 7) as the engine applies them:
round weights, the best N games and a final's top board.

The parameters themselves (``round_weights``, ``best_games``,
``final_round``, ``finalists_first``, ``final_solo_wins``) are declared and
checked on their own in :class:`dipxl.systems.common.FormatParams`; what
depends on the event (one weight a round played, a final round that is
there) is checked here, once, by :func:`check_event`.  Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dipxl.errors import ParameterError
from dipxl.model import Game, Tournament

__all__ = [
    "FINALIST",
    "FINAL_WINNER",
    "check_event",
    "final_bands",
    "top_board",
    "weights_by_round",
]

# The bands a final puts players in (higher ranks first); everyone else 0.
FINALIST = 1
FINAL_WINNER = 2


def _rounds_text(rounds: Sequence[int]) -> str:
    if not rounds:
        return "no round has been played"
    if len(rounds) == 1:
        return f"1 round has been played (round {rounds[0]})"
    return f"{len(rounds)} rounds have been played (up to round {rounds[-1]})"


def check_event(params: Any, tournament: Tournament) -> None:
    """ParameterError, naming the parameter, when the formats of ``params``
    do not fit ``tournament`` (the whole event, before any ``after_round``):
    a weights list other than one weight for each round up to the last
    round played, a final round with no board entered, or a final round
    before a round that has boards."""
    weights = getattr(params, "round_weights", ())
    if weights:
        played = tournament.rounds
        last = played[-1] if played else 0
        if len(weights) != last:
            listed = ",".join(f"{w:g}" for w in weights)
            raise ParameterError(
                f"round_weights lists {len(weights)} weight{'s' if len(weights) != 1 else ''} "
                f"({listed}) but {_rounds_text(played)}: give one weight a round, "
                f"{last} in all",
                field="round_weights", value=weights,
            )
    final = getattr(params, "final_round", None)
    if final is not None:
        entered = sorted({g.round for g in tournament.games})
        if final not in entered:
            have = ", ".join(map(str, entered)) if entered else "none"
            raise ParameterError(
                f"final_round is {final} but the event has no board in round {final} "
                f"(rounds entered: {have})",
                field="final_round", value=final,
            )
        if entered[-1] > final:
            raise ParameterError(
                f"final_round is {final} but round {entered[-1]} comes after it: the final "
                "is the last round",
                field="final_round", value=final,
            )


def weights_by_round(params: Any, rounds: Sequence[int]) -> dict[int, float] | None:
    """The weight of each of ``rounds`` (round numbers played) under
    ``params``; None when no weights are set (every round 1).  A played
    round beyond the list is a ParameterError (a list longer than the
    rounds is allowed here: standings after an earlier round)."""
    weights: tuple[float, ...] = getattr(params, "round_weights", ())
    if not weights:
        return None
    if rounds and rounds[-1] > len(weights):
        raise ParameterError(
            f"round_weights lists {len(weights)} weights but round {rounds[-1]} has been "
            "played: give one weight a round",
            field="round_weights", value=weights,
        )
    return {r: float(weights[r - 1]) for r in rounds}


def top_board(params: Any, games: Sequence[Game]) -> Game | None:
    """The final's top board (board 1 of ``final_round``) among the
    finished ``games``; None with no final or while it is unfinished (the
    standings then rank as if there were no final)."""
    final = getattr(params, "final_round", None)
    if final is None:
        return None
    return next((g for g in games if g.round == final and g.board == 1 and g.finished), None)


def final_bands(params: Any, top: Game | None, winner: int | None) -> Mapping[str, int]:
    """Who the final puts above everyone else: :data:`FINAL_WINNER` for the
    soloist of the top board (``final_solo_wins``), :data:`FINALIST` for its
    other players (``finalists_first``); players not listed are in band 0.
    ``winner``: the index of the top board's soloist, None for a draw."""
    if top is None:
        return {}
    bands: dict[str, int] = {}
    if params.finalists_first:
        bands = dict.fromkeys(top.players, FINALIST)
    if winner is not None and params.final_solo_wins:
        bands[top.players[winner]] = FINAL_WINNER
    return bands
