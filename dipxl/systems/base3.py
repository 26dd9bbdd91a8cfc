"""Base 3: dipvis's GScoringBase3 (CATALOGUE.md)."""

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

__all__ = ["Base3", "Params", "by_rule", "score", "score_many"]


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """Base 3 parameters; the defaults are dipvis's Base 3."""

    solo: float = param(46, "points of the winner of a solo or a concession (everyone "
                        "else scores 0)")
    survival: float = param(3, "points of each survivor of a drawn game")
    top_bonus: float = param(9, "bonus of a lone board topper in a draw")
    top_divisor: float = param(
        3, "a shared top divides the bonus by this once for each topper after the first "
        "(9, 3 each, 1 each, ...)")

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("solo", "survival", "top_bonus"):
            check_number(name, getattr(self, name))
        check_number("top_divisor", self.top_divisor, 1)


DEFAULT = Params()


class Base3(GameSystem[Params]):
    """Base 3: centres, 3 for surviving and a top bonus of 9 divided by 3 per sharer.

    Solo (18+ centres) or concession (the draw marks one survivor alone):
    the winner scores 46, everyone else 0. Draw: each survivor scores 3 +
    its centres, each eliminated power 0; each of the n powers on the top
    count adds 9 / 3^(n - 1): 9 alone, 3 each when two share the top, 1
    each for three, 1/3 each for four. Tournament score: the sum of game
    scores (option: best N rounds). No tie-breakers.
    Source: dipvis GScoringBase3, no source cited.
    """

    twin = "base3"
    reads = ("centres", "draw")

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)

    def score_games(self, games: Sequence[Game], params: Params = DEFAULT
                    ) -> list[tuple[float, ...]]:
        return score_many(games, params)


def by_rule(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Base 3 scores of one game worked out seat by seat from the rule
    (:class:`Base3`): what :func:`score` gives, the path of a concession."""
    centres = game.centres
    winner = game_winner(game, params.victory_centres)
    if winner is not None:
        return params.finish(solo_scores(winner, params.solo))
    top = game.centres_desc[0]
    bonus = params.top_bonus / params.top_divisor ** (centres.count(top) - 1)
    scores = tuple([float((params.survival + c if c else 0) + (bonus if c == top else 0))
                    for c in centres])
    return params.finish(scores)


# What is memoised, and why: a game's scores follow from its shape (its
# counts, highest first) as a table by centre count, so a tournament costs a
# look-up and seven subscripts a game (tables.score_by_shape); a bounded cache
# keeps the tables between calls.  A concession is scored by by_rule.


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Base 3 scores of one game (the rule: :class:`Base3`)."""
    return score_one_by_shape(game, params, _rule(params), _game_table, by_rule)


def score_many(games: Iterable[Game], params: Params = DEFAULT) -> list[tuple[float, ...]]:
    """:func:`score` of many games (each game shape's table worked out once a call)."""
    return score_by_shape(games, params, _rule(params), _game_table, by_rule)


# The parameters the tables depend on.
_rule = RuleOf[Params](lambda p: (p.victory_centres, p.solo, p.survival, p.top_bonus,
                                   p.top_divisor, p.round_to))


# A bounded cache of a pure function returning immutable tables.
@lru_cache(maxsize=1 << 16)
def _game_table(ordered: tuple[int, ...], rule: Rule) -> Table | None:
    """The scores by centre count of a game whose counts, highest first, are
    ``ordered``; None when two powers reach the victory criterion.  Solo: the
    soloist scores ``solo``, everyone else 0.  Draw: a survivor scores
    ``survival`` + its centres, an eliminated power 0; each of the n powers
    on the top count adds ``top_bonus`` / ``top_divisor`` ^ (n - 1).
    Rounded to ``round_to`` decimals, if set."""
    victory, solo, survival, top_bonus, top_divisor, round_to, _ = rule.values
    top = ordered[0]
    if top >= victory:
        if ordered[1] == top:
            return None
        table = {c: float(solo) if c == top else 0.0 for c in ordered}
    else:
        bonus = top_bonus / top_divisor ** (ordered.count(top) - 1)
        table = {c: float((survival + c if c else 0) + (bonus if c == top else 0))
                 for c in ordered}
    return score_table(table, round_to)
