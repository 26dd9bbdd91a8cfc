"""OpenTribute (dipvis GScoringOpenTribute, no source cited)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from dipxl.model import Game
from dipxl.systems.base import CONCESSION_FLAGS, GameSystem, param
from dipxl.systems.common import (
    GameParams,
    Rule,
    check_number,
    game_winner,
    rule_of,
    score_table,
    solo_scores,
)
from dipxl.systems.tables import score_by_shape, score_one_by_shape

__all__ = ["OpenTribute", "Params", "exact", "score", "score_many"]


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """OpenTribute parameters; the defaults are dipvis's system."""

    solo: float = param(340, "points of the soloist, or of the power the game was conceded "
                             "to (everyone else scores 0)")
    base: float = param(34, "points of each survivor of a draw before centres and tribute")
    per_centre: float = param(3, "points a centre of a survivor of a draw")

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("solo", "base", "per_centre"):
            check_number(name, getattr(self, name))


DEFAULT = Params()


class OpenTribute(GameSystem[Params]):
    """OpenTribute: 34 + 3 a centre, each power paying the topper its gap.

    Solo (18+ centres) or a game conceded to one power: that power scores
    340, everyone else 0. Draw, with L the top count: a survivor on c
    centres scores 34 + 3 x c - (L - c), paying L - c into the tribute; an
    eliminated power scores 0 and pays L. The tribute T (the sum of every
    payment: 7 x L minus all the centres) goes to the topper; when n powers
    share the top, each gets T / n^2 rounded down, so a shared top loses
    part of it. Draw votes are not read. Tournament score: the sum of game
    scores (option: best N rounds). No tie-breakers.
    Source: dipvis GScoringOpenTribute, no source cited.
    """

    twin = "opentribute"
    reads = ("centres", "draw")
    own_inputs = (CONCESSION_FLAGS,)

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)

    def score_games(self, games: Sequence[Game], params: Params = DEFAULT
                    ) -> list[tuple[float, ...]]:
        return score_many(games, params)


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The OpenTribute scores of one game (the rule: :class:`OpenTribute`)."""
    return score_one_by_shape(game, params, _rule(params), _game_table, exact)


def score_many(games: Iterable[Game], params: Params = DEFAULT) -> list[tuple[float, ...]]:
    """:func:`score` of many games (each game shape's table worked out once a call)."""
    return score_by_shape(games, params, _rule(params), _game_table, exact)


def exact(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """:func:`score` seat by seat: the path of a concession, and of the
    boards it refuses."""
    winner = game_winner(game, params.victory_centres)
    if winner is not None:
        return params.finish(solo_scores(winner, params.solo))
    centres = game.centres
    top = max(centres)
    tribute = sum(top - c for c in centres)  # the eliminated pay top - 0
    toppers = centres.count(top)
    bonus = math.floor(tribute / toppers**2)
    scores = tuple([
        0.0 if c == 0 else float(params.base + params.per_centre * c - (top - c)
                                 + (bonus if c == top else 0))
        for c in centres
    ])
    return params.finish(scores)


def _rule(params: Params) -> Rule:
    """The parameters the tables depend on."""
    return rule_of(params.victory_centres, params.solo, params.base, params.per_centre,
                   params.round_to)


# A bounded cache of a pure function returning immutable tables: the same
# game shape under the same rule gives the same table.
@lru_cache(maxsize=1 << 16)
def _game_table(ordered: tuple[int, ...], rule: Rule) -> tuple[float, ...] | None:
    """The scores by centre count of a game whose counts, highest first,
    are ``ordered`` (as :func:`exact` works them out); None when two powers
    reach the victory criterion."""
    victory, solo, base, per_centre, round_to = rule.values
    top = ordered[0]
    if top >= victory:
        if ordered[1] == top:
            return None
        return score_table({c: float(solo) if c == top else 0.0 for c in ordered}, round_to)
    tribute = sum(top - c for c in ordered)  # the eliminated pay top - 0
    toppers = ordered.count(top)
    bonus = math.floor(tribute / toppers**2)
    return score_table({
        c: 0.0 if c == 0 else float(base + per_centre * c - (top - c)
                                    + (bonus if c == top else 0))
        for c in ordered
    }, round_to)
