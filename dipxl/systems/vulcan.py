"""Vulcan (dipvis GScoringVulcan, no source cited)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from dipxl.model import Game
from dipxl.systems.base import CONCESSION_FLAGS, GameSystem, param
from dipxl.systems.common import GameParams, Rule, check_number, game_winner, rule_of, score_table
from dipxl.systems.tables import score_by_shape, score_one_by_shape

__all__ = ["Params", "Vulcan", "exact", "score", "score_many"]


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

    def score_games(self, games: Sequence[Game], params: Params = DEFAULT
                    ) -> list[tuple[float, ...]]:
        return score_many(games, params)


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Vulcan scores of one game (the rule: :class:`Vulcan`)."""
    return score_one_by_shape(game, params, _rule(params), _game_table, exact)


def score_many(games: Iterable[Game], params: Params = DEFAULT) -> list[tuple[float, ...]]:
    """:func:`score` of many games (each game shape's table worked out once a call)."""
    return score_by_shape(games, params, _rule(params), _game_table, exact)


def exact(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """:func:`score` seat by seat: the path of a concession, and of the
    boards it refuses."""
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


def _rule(params: Params) -> Rule:
    """The parameters the tables depend on."""
    return rule_of(params.victory_centres, params.solo, params.solo_survival, params.survival,
                   params.top_bonus, params.round_to)


# A bounded cache of a pure function returning immutable tables: the same
# game shape under the same rule gives the same table.
@lru_cache(maxsize=1 << 16)
def _game_table(ordered: tuple[int, ...], rule: Rule) -> tuple[float, ...] | None:
    """The scores by centre count of a game whose counts, highest first,
    are ``ordered`` (as :func:`exact` works them out); None when two powers
    reach the victory criterion."""
    victory, solo, solo_survival, survival, top_bonus, round_to = rule.values
    top = ordered[0]
    if top >= victory:
        if ordered[1] == top:
            return None
        return score_table({c: float(solo if c == top else solo_survival if c else 0)
                            for c in ordered}, round_to)
    bonus = top_bonus / ordered.count(top)
    return score_table({
        c: 0.0 if c == 0 else float(c + survival + sum(c - d for d in ordered if d < c)
                                    + (bonus if c == top else 0))
        for c in ordered
    }, round_to)
