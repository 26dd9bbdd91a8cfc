"""Your Draw Size (dipvis GScoringYourDrawSize; Diplomacy World 172)."""

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

__all__ = ["BANDS", "DEFAULT", "Params", "YourDrawSize", "band_points", "score"]

# (fewest centres of the band, points of a drawn game's power in it), in
# ascending centres: 0 -> 0, 1-3 -> 21, 4-7 -> 30, 8-10 -> 42, 11-13 -> 70,
# 14 and more (up to 17 in a draw) -> 105.
BANDS: tuple[tuple[int, float], ...] = ((0, 0), (1, 21), (4, 30), (8, 42), (11, 70), (14, 105))


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """Your Draw Size parameters; the defaults are the short-games system."""

    win: float = param(
        300, "points of the winner of a solo or a concession (everyone else 0)")

    def __post_init__(self) -> None:
        super().__post_init__()
        check_number("win", self.win)


DEFAULT = Params()


def band_points(centres: int) -> float:
    """A drawn game's points of a power on ``centres``: its band's."""
    return float(next(points for low, points in reversed(BANDS) if centres >= low))


class YourDrawSize(GameSystem[Params]):
    """Your Draw Size: points by centre bands, 300 for a solo (short games).

    Solo (18+ centres) or concession (the board marks one survivor alone in
    the draw): the winner scores 300 (preset yds-unlimited: 320, for
    unlimited games), everyone else 0. Any other game: each power scores by
    the band of its final centres, 0 centres 0, 1-3 centres 21, 4-7 30,
    8-10 42, 11-13 70, 14-17 105; nothing else counts (no rank, draw or
    year). Tournament score: the sum of game scores (option: best N rounds).
    No tie-breakers.
    Source: Diplomacy World 172, https://www.diplomacyworld.net/pdf/dw172.pdf
    (as dipvis GScoringYourDrawSize scores it).
    """

    twin = "your_draw_size"
    reads = ("centres", "draw")
    own_inputs = (CONCESSION_FLAGS,)

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Your Draw Size scores of one game (the rule: :class:`YourDrawSize`)."""
    winner = game_winner(game, params.victory_centres)
    if winner is not None:
        return params.finish(solo_scores(winner, params.win))
    return params.finish(tuple([band_points(c) for c in game.centres]))
