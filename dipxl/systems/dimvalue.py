"""Diminishing Value DBS (source: seeds/001, SCORING.md section 4)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from dipxl.model import Game
from dipxl.systems.common import GameParams, check_number, solo_winner

__all__ = ["Params", "score", "score_many"]


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """Diminishing Value parameters; the defaults are the published system."""

    ante: float = 60
    solo_bonus: float = 12
    solo_loss: float = 62
    out_of_draw_loss: float = 10

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("ante", "solo_bonus", "solo_loss", "out_of_draw_loss"):
            check_number(name, getattr(self, name))


DEFAULT = Params()


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """Diminishing Value DBS: every player antes 60; every game sums to 0.

    Solo (18+ centres): the soloist scores 6 x 60 + 12 = 372, every other
    player -62. Draw: each eliminated player scores -60 and each survivor
    left out of the draw -10; the N draw members (by default every survivor)
    share equally what those players lost: (60 x eliminated + 10 x survivors
    out of the draw) / N each. Tie-breakers: head-to-head, power-to-power,
    superior player, zero for defeat, total centres.
    Source: Diminishing Value DBS (seeds/001).
    """
    centres = game.centres
    if max(centres) >= params.victory_centres:
        winner = solo_winner(game, params.victory_centres)
        solo = float(6 * params.ante + params.solo_bonus)
        loss = -float(params.solo_loss)
        scores = tuple([solo if i == winner else loss for i in range(7)])
    else:
        members = game.draw_members
        eliminated = centres.count(0)
        n_members = members.count(True)
        if eliminated + n_members == 7:  # every survivor is in the draw
            scores = _all_survivors_draw(members, params.ante)
        else:
            left_out = 7 - eliminated - n_members
            share = (params.ante * eliminated + params.out_of_draw_loss * left_out) / n_members
            ante = -float(params.ante)
            out = -float(params.out_of_draw_loss)
            scores = tuple(
                [
                    share if m else (ante if c == 0 else out)
                    for c, m in zip(centres, members, strict=True)
                ]
            )
    return scores if params.round_to is None else params.finish(scores)


# A memo of a pure function: the same draw gives the same scores.
@lru_cache(maxsize=1 << 10)
def _all_survivors_draw(members: tuple[bool, ...], ante: float) -> tuple[float, ...]:
    """Every non-member eliminated: members share ante x eliminated."""
    eliminated = members.count(False)
    share = ante * eliminated / (7 - eliminated)
    return tuple([share if m else -float(ante) for m in members])


def score_many(games: Iterable[Game], params: Params = DEFAULT) -> list[tuple[float, ...]]:
    """:func:`score` of many games (the same numbers)."""
    return [score(game, params) for game in games]
