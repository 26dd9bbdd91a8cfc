"""Draw size, the Calhamer points (SCORING.md section 8; beyond the source texts)."""

from __future__ import annotations

from dataclasses import dataclass

from dipxl.errors import InputError
from dipxl.model import Game
from dipxl.systems.base import GameSystem, param
from dipxl.systems.common import WinDrawParams, solo_scores, solo_winner

__all__ = ["DrawSize", "Params", "score"]


@dataclass(frozen=True, kw_only=True)
class Params(WinDrawParams):
    """Draw-size parameters; the defaults are the system of SCORING.md section 8."""

    draw_total: float = param(
        100, "the members of a draw share this equally (everyone else scores 0)")


DEFAULT = Params()


class DrawSize(GameSystem[Params]):
    """Draw size (the Calhamer points): the draw members share 100 equally.

    Solo (18+ centres): the soloist scores 100, everyone else 0. Draw: the
    N members of the draw (by default every survivor; a board may record its
    draw with Y/N flags) score 100 / N each, everyone else 0, whatever the
    centre counts: a 3-way draw gives 100/3 to each member. Tournament score:
    the sum of game scores (option: best N rounds). No tie-breakers.
    Source: SCORING.md section 8 (beyond the source texts: a system TDs ask for).
    """

    twin = "drawsize"
    reads = ("centres", "draw")

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Draw size scores of one game (the rule: :class:`DrawSize`)."""
    winner = solo_winner(game, params.victory_centres)
    if winner is not None:
        scores = solo_scores(winner, params.win)
    else:
        members = game.draw_members
        size = members.count(True)
        if not size:  # possible only where victory_centres is raised above 18
            raise InputError("the draw has no member: every survivor is marked N",
                             game.label, field="draw")
        share = params.draw_total / size
        scores = tuple([share if member else 0.0 for member in members])
    return params.finish(scores)
