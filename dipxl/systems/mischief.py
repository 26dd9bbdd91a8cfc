"""Mischief: dipvis's GScoringMischief (CATALOGUE.md)."""

from __future__ import annotations

from dataclasses import dataclass

from dipxl.model import Game
from dipxl.systems.base import GameSystem, param
from dipxl.systems.common import GameParams, check_number, game_winner, solo_scores

__all__ = ["Mischief", "Params", "score"]


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """Mischief parameters; the defaults are dipvis's Mischief."""

    solo: float = param(34, "points of the winner of a solo or a concession (everyone "
                        "else scores 0)")
    sole_top: float = param(5, "bonus of a lone board topper in a draw")
    two_way_top: float = param(
        1, "bonus of each of two powers sharing the top in a draw (a top shared by three "
        "or more: none)")

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("solo", "sole_top", "two_way_top"):
            check_number(name, getattr(self, name))


DEFAULT = Params()


class Mischief(GameSystem[Params]):
    """Mischief: a point a centre, and 5 for a lone board top.

    Solo (18+ centres) or concession (the draw marks one survivor alone):
    the winner scores 34, everyone else 0. Draw: each power scores its
    centres; a lone topper adds 5, each of two powers sharing the top adds
    1, a top shared by three or more adds nothing. Tournament score: the
    sum of game scores (option: best N rounds). No tie-breakers.
    Source: dipvis GScoringMischief, no source cited.
    """

    twin = "mischief"
    reads = ("centres", "draw")

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Mischief scores of one game (the rule: :class:`Mischief`)."""
    centres = game.centres
    winner = game_winner(game, params.victory_centres)
    if winner is not None:
        return params.finish(solo_scores(winner, params.solo))
    top = game.centres_desc[0]
    toppers = centres.count(top)
    bonus = params.sole_top if toppers == 1 else params.two_way_top if toppers == 2 else 0.0
    scores = tuple([float(c + (bonus if c == top else 0)) for c in centres])
    return params.finish(scores)
