"""Tribute (dipvis GScoringTribute; source http://windycityweasels.org/tribute-scoring-system/)."""

from __future__ import annotations

from dataclasses import dataclass

from dipxl.model import Game
from dipxl.systems.base import CONCESSION_FLAGS, GameSystem, param
from dipxl.systems.common import GameParams, check_number, game_winner, solo_scores

__all__ = ["Params", "Tribute", "score"]


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """Tribute parameters; the defaults are the published system."""

    solo: float = param(100, "points of the soloist, or of the power the game was conceded "
                             "to (everyone else scores 0)")
    survival: float = param(66, "the survivors of a draw share this equally")
    threshold: int = param(6, "each survivor pays the board topper 1 point a centre the "
                              "topper holds above this (at most its survival share)")

    def __post_init__(self) -> None:
        super().__post_init__()
        check_number("solo", self.solo)
        check_number("survival", self.survival, 0)
        check_number("threshold", self.threshold, 0, whole=True)


DEFAULT = Params()


class Tribute(GameSystem[Params]):
    """Tribute: 1 point a centre, 66 shared by the survivors, tribute to the topper.

    Solo (18+ centres) or a game conceded to one power: that power scores
    100, everyone else 0. Draw: each survivor scores its centres + 66 / S
    (S survivors); the eliminated score 0. If the top count L is above 6,
    every survivor not on L pays the tribute b = min(66 / S, L - 6), and
    the n powers on L share what the S - n others paid: b x (S - n) / n
    each. Draw votes are not read. Tournament score: the sum of game scores
    (option: best N rounds). No tie-breakers.
    Source: http://windycityweasels.org/tribute-scoring-system/ (as dipvis
    GScoringTribute scores it).
    """

    twin = "tribute"
    reads = ("centres", "draw")
    own_inputs = (CONCESSION_FLAGS,)

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Tribute scores of one game (the rule: :class:`Tribute`)."""
    winner = game_winner(game, params.victory_centres)
    if winner is not None:
        return params.finish(solo_scores(winner, params.solo))
    centres = game.centres
    top = max(centres)
    survivors = sum(1 for c in centres if c > 0)
    toppers = centres.count(top)
    share = params.survival / survivors
    tribute = min(share, top - params.threshold) if top > params.threshold else 0
    received = tribute * (survivors - toppers) / toppers
    scores = tuple([
        0.0 if c == 0 else c + share + (received if c == top else -tribute) for c in centres
    ])
    return params.finish(scores)
