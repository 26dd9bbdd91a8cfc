"""Solo or bust (dipvis GScoringSolos; no source cited)."""

from __future__ import annotations

from dataclasses import dataclass

from dipxl.model import Game
from dipxl.systems.base import CONCESSION_FLAGS, GameSystem, param
from dipxl.systems.common import (
    GameParams,
    check_number,
    game_winner,
    solo_scores,
)

__all__ = ["DEFAULT", "Params", "SoloOrBust", "score"]


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """Solo or bust parameters; the defaults are the system as dipvis scores it."""

    win: float = param(100, "points of the winner of a solo or a concession (everyone else 0)")

    def __post_init__(self) -> None:
        super().__post_init__()
        check_number("win", self.win)


DEFAULT = Params()


class SoloOrBust(GameSystem[Params]):
    """Solo or bust: only a win scores, 100 points.

    Solo (18+ centres) or concession (the board marks one survivor alone in
    the draw): the winner scores 100, everyone else 0. Any other game (a
    draw, however shared): everyone scores 0. Tournament score: the sum of
    game scores (option: best N rounds). No tie-breakers.
    Source: dipvis GScoringSolos, no source cited.
    """

    twin = "solo_or_bust"
    reads = ("centres", "draw")
    own_inputs = (CONCESSION_FLAGS,)

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Solo or bust scores of one game (the rule: :class:`SoloOrBust`)."""
    winner = game_winner(game, params.victory_centres)
    if winner is None:
        return params.finish((0.0,) * 7)
    return params.finish(solo_scores(winner, params.win))
