"""Mischief: dipvis's GScoringMischief (CATALOGUE.md)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from dipxl.model import Game
from dipxl.systems.base import GameSystem, param
from dipxl.systems.common import (
    GameParams,
    Rule,
    check_number,
    game_winner,
    score_table,
    solo_scores,
)
from dipxl.systems.tables import RuleOf, Table, score_by_shape, score_one_by_shape

__all__ = ["Mischief", "Params", "by_rule", "score", "score_many"]


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

    def score_games(self, games: Sequence[Game], params: Params = DEFAULT
                    ) -> list[tuple[float, ...]]:
        return score_many(games, params)


def by_rule(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Mischief scores of one game worked out seat by seat from the rule
    (:class:`Mischief`): what :func:`score` gives, the path of a concession."""
    centres = game.centres
    winner = game_winner(game, params.victory_centres)
    if winner is not None:
        return params.finish(solo_scores(winner, params.solo))
    top = game.centres_desc[0]
    toppers = centres.count(top)
    bonus = params.sole_top if toppers == 1 else params.two_way_top if toppers == 2 else 0.0
    scores = tuple([float(c + (bonus if c == top else 0)) for c in centres])
    return params.finish(scores)


# What is memoised, and why: a game's scores follow from its shape (its
# counts, highest first) as a table by centre count, so a tournament costs a
# look-up and seven subscripts a game (tables.score_by_shape); a bounded cache
# keeps the tables between calls.  A concession is scored by by_rule.


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Mischief scores of one game (the rule: :class:`Mischief`)."""
    return score_one_by_shape(game, params, _rule(params), _game_table, by_rule)


def score_many(games: Iterable[Game], params: Params = DEFAULT) -> list[tuple[float, ...]]:
    """:func:`score` of many games (each game shape's table worked out once a call)."""
    return score_by_shape(games, params, _rule(params), _game_table, by_rule)


# The parameters the tables depend on.
_rule = RuleOf[Params](lambda p: (p.victory_centres, p.solo, p.sole_top, p.two_way_top,
                                   p.round_to))


# A bounded cache of a pure function returning immutable tables.
@lru_cache(maxsize=1 << 16)
def _game_table(ordered: tuple[int, ...], rule: Rule) -> Table | None:
    """The scores by centre count of a game whose counts, highest first, are
    ``ordered``; None when two powers reach the victory criterion.  Solo: the
    soloist scores ``solo``, everyone else 0.  Draw: each power scores its
    centres; a lone topper adds ``sole_top``, each of two sharing the top
    ``two_way_top``, a top shared by three or more nothing.  Rounded to
    ``round_to`` decimals, if set."""
    victory, solo, sole_top, two_way_top, round_to, _ = rule.values
    top = ordered[0]
    if top >= victory:
        if ordered[1] == top:
            return None
        table = {c: float(solo) if c == top else 0.0 for c in ordered}
    else:
        toppers = ordered.count(top)
        bonus = sole_top if toppers == 1 else two_way_top if toppers == 2 else 0.0
        table = {c: float(c + (bonus if c == top else 0)) for c in ordered}
    return score_table(table, round_to)
