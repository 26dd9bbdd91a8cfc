"""Diminishing Value DBS (source: seeds/001, SCORING.md section 4)."""

from __future__ import annotations

from dataclasses import dataclass

from dipxl.model import Game
from dipxl.systems.common import GameParams, check_number, solo_winner

__all__ = ["Params", "score"]


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
    winner = solo_winner(game, params.victory_centres)
    if winner is not None:
        solo = 6 * params.ante + params.solo_bonus
        loss = -params.solo_loss
        return params.finish(tuple([float(solo) if i == winner else float(loss) for i in range(7)]))
    members = game.draw_members
    eliminated = centres.count(0)
    n_members = members.count(True)
    left_out = 7 - eliminated - n_members
    share = (params.ante * eliminated + params.out_of_draw_loss * left_out) / n_members
    ante = -float(params.ante)
    out = -float(params.out_of_draw_loss)
    return params.finish(
        tuple(
            [
                share if m else (ante if c == 0 else out)
                for c, m in zip(centres, members, strict=True)
            ]
        )
    )
