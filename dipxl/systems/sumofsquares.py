"""Sum of Squares (SCORING.md section 8; beyond the source texts)."""

from __future__ import annotations

from dataclasses import dataclass

from dipxl.model import Game
from dipxl.systems.base import CONCESSION_FLAGS, GameSystem, param
from dipxl.systems.common import WinDrawParams, game_winner, solo_scores

__all__ = ["Params", "SumOfSquares", "score"]


@dataclass(frozen=True, kw_only=True)
class Params(WinDrawParams):
    """Sum of Squares parameters; the defaults are the system of SCORING.md section 8."""

    draw_total: float = param(
        100, "a drawn game shares this in proportion to the squares of the centre counts")


DEFAULT = Params()


class SumOfSquares(GameSystem[Params]):
    """Sum of Squares: a drawn game shares 100 points by the squares of the centres.

    Solo (18+ centres) or concession (the board marks one survivor alone in
    the draw, as dipvis scores it): the winner scores 100, everyone else 0.
    Draw: a
    player with c final centres scores 100 x c^2 / the sum of the squares of
    the seven counts (eliminated players: 0); equal counts score equally and
    every draw totals 100. Tournament score: the sum of game scores (option:
    best N rounds). No tie-breakers.
    Source: SCORING.md section 8 (beyond the source texts: a system TDs ask for).
    """

    twin = "sumofsquares"
    reads = ("centres", "draw")
    own_inputs = (CONCESSION_FLAGS,)
    # Published before it read concessions: =SUMOFSQUARES(centres, "round_to=2")
    # keeps its meaning.
    after_parameters = ("draw_flags",)

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Sum of Squares scores of one game (the rule: :class:`SumOfSquares`)."""
    centres = game.centres
    winner = game_winner(game, params.victory_centres)
    if winner is not None:
        scores = solo_scores(winner, params.win)
    else:
        squares = sum(c * c for c in centres)  # a draw has a survivor: never 0
        scores = tuple([params.draw_total * (c * c) / squares for c in centres])
    return params.finish(scores)
