"""Vulcan (dipvis GScoringVulcan, no source cited)."""

from __future__ import annotations

from dataclasses import dataclass

from dipxl.model import Game
from dipxl.systems.base import CONCESSION_FLAGS, GameSystem, param
from dipxl.systems.common import GameParams, check_number, game_winner

__all__ = ["Params", "Vulcan", "score"]


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """Vulcan parameters; the defaults are dipvis's system."""

    solo: float = param(130, "points of the soloist, or of the power the game was conceded to")
    solo_survival: float = param(5, "points of each other survivor of a solo or concession")
    survival: float = param(5, "points of each survivor of a draw")
    top_bonus: float = param(10, "bonus of the board topper of a draw (a shared top splits it)")

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("solo", "solo_survival", "survival", "top_bonus"):
            check_number(name, getattr(self, name))


DEFAULT = Params()


class Vulcan(GameSystem[Params]):
    """Vulcan: centres, the gaps to everyone below, 5 for surviving, 10 for topping.

    Eliminated powers always score 0. Solo (18+ centres) or a game conceded
    to one power: that power scores 130, every other survivor 5. Draw: a
    survivor on c centres scores c + 5 + the sum over every power below it
    (eliminated ones on 0) of c minus that power's centres, and the n powers
    on the top count add 10 / n each. Draw votes are not read. Tournament
    score: the sum of game scores (option: best N rounds). No tie-breakers.
    Source: dipvis GScoringVulcan, no source cited.
    """

    twin = "vulcan"
    reads = ("centres", "draw")
    own_inputs = (CONCESSION_FLAGS,)

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Vulcan scores of one game (the rule: :class:`Vulcan`)."""
    centres = game.centres
    winner = game_winner(game, params.victory_centres)
    if winner is not None:
        scores = tuple([
            float(params.solo if i == winner else params.solo_survival if c else 0)
            for i, c in enumerate(centres)
        ])
        return params.finish(scores)
    top = max(centres)
    bonus = params.top_bonus / centres.count(top)
    scores = tuple([
        0.0 if c == 0 else float(c + params.survival + sum(c - d for d in centres if d < c)
                                 + (bonus if c == top else 0))
        for c in centres
    ])
    return params.finish(scores)
