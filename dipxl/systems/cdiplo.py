"""C-Diplo (source: seeds/004, SCORING.md section 2)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from dipxl.errors import ParameterError
from dipxl.model import Game
from dipxl.ranking import TieShare, position_points
from dipxl.systems.common import GameParams, check_number, solo_winner

__all__ = ["Params", "score"]


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """C-Diplo parameters; the defaults are the published system."""

    solo: float = 100
    solo_loss: float = 0
    played: float = 1
    positions: tuple[float, ...] = (38, 14, 7)

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("solo", "solo_loss", "played"):
            check_number(name, getattr(self, name))
        if not isinstance(self.positions, tuple) or not 1 <= len(self.positions) <= 7:
            raise ParameterError(f"positions must list 1 to 7 numbers, got {self.positions!r}")
        for value in self.positions:
            check_number("positions", value)


DEFAULT = Params()


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """C-Diplo: a game is worth 100 points.

    Solo (18+ centres): the soloist scores 100, everyone else 0.
    Draw: each player scores 1 for playing (eliminated players too) + final
    centres + position points 38 / 14 / 7 for 1st / 2nd / 3rd by centres.
    Players tied on centres share equally the points of all the positions
    they occupy together; eliminated players are tied on 0 and share what is
    left. Tournament score: the sum of game scores (option: best N rounds).
    Source: C-Diplo rules (seeds/004).
    """
    centres = game.centres
    if max(centres) >= params.victory_centres:
        winner = solo_winner(game, params.victory_centres)
        scores = tuple(
            [float(params.solo if i == winner else params.solo_loss) for i in range(7)]
        )
    else:
        table = _draw_table(tuple(sorted(centres)), params.positions, params.played)
        scores = tuple(map(table.__getitem__, centres))
    return scores if params.round_to is None else params.finish(scores)


# A memo of a pure function: the same centres give the same table.
@lru_cache(maxsize=1 << 16)
def _draw_table(
    ordered: tuple[int, ...], positions: tuple[float, ...], played: float
) -> dict[int, float]:
    """Centre count -> its drawn-game score: played + centres + position points."""
    shares = position_points(ordered, positions, TieShare.SHARE)
    return {c: played + c + points for c, points in shares.items()}
