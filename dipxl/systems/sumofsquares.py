"""Sum of Squares (SCORING.md section 8; beyond the source texts)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from dipxl.model import Game
from dipxl.systems.base import CONCESSION_FLAGS, GameSystem, param
from dipxl.systems.common import Rule, WinDrawParams, game_winner, score_table, solo_scores
from dipxl.systems.tables import RuleOf, Table, score_by_shape, score_one_by_shape

__all__ = ["Params", "SumOfSquares", "by_rule", "score", "score_many"]


@dataclass(frozen=True, kw_only=True)
class Params(WinDrawParams):
    """Sum of Squares parameters; the defaults are the system of SCORING.md section 8."""

    draw_total: float = param(
        100, "a drawn game shares this in proportion to the squares of the centre counts")


DEFAULT = Params()


class SumOfSquares(GameSystem[Params]):
    """Sum of Squares: a drawn game shares 100 points by the squares of the centres.

    Solo (18+ centres) or concession (the board marks one survivor alone in
    the draw, as dipvis scores it): the winner scores 100, everyone else 0.
    Draw: a
    player with c final centres scores 100 x c^2 / the sum of the squares of
    the seven counts (eliminated players: 0); equal counts score equally and
    every draw totals 100. Tournament score: the sum of game scores (option:
    best N rounds). No tie-breakers.
    Source: SCORING.md section 8 (beyond the source texts: a system TDs ask for).
    """

    twin = "sumofsquares"
    reads = ("centres", "draw")
    own_inputs = (CONCESSION_FLAGS,)
    # Published before it read concessions: =SUMOFSQUARES(centres, "round_to=2")
    # keeps its meaning.
    after_parameters = ("draw_flags",)

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)

    def score_games(self, games: Sequence[Game], params: Params = DEFAULT
                    ) -> list[tuple[float, ...]]:
        return score_many(games, params)


def by_rule(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Sum of Squares scores of one game worked out seat by seat from the
    rule (:class:`SumOfSquares`): what :func:`score` gives, the path of a
    concession."""
    centres = game.centres
    winner = game_winner(game, params.victory_centres)
    if winner is not None:
        scores = solo_scores(winner, params.win)
    else:
        squares = sum(c * c for c in centres)  # a draw has a survivor: never 0
        scores = tuple([params.draw_total * (c * c) / squares for c in centres])
    return params.finish(scores)


# What is memoised, and why: a game's scores follow from its shape (its
# counts, highest first) as a table by centre count, so a tournament costs a
# look-up and seven subscripts a game (tables.score_by_shape); a bounded cache
# keeps the tables between calls.  A concession is scored by by_rule.


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Sum of Squares scores of one game (the rule: :class:`SumOfSquares`)."""
    return score_one_by_shape(game, params, _rule(params), _game_table, by_rule)


def score_many(games: Iterable[Game], params: Params = DEFAULT) -> list[tuple[float, ...]]:
    """:func:`score` of many games (each game shape's table worked out once a call)."""
    return score_by_shape(games, params, _rule(params), _game_table, by_rule)


# The parameters the tables depend on.
_rule = RuleOf[Params](lambda p: (p.victory_centres, p.win, p.draw_total, p.round_to))


# A bounded cache of a pure function returning immutable tables.
@lru_cache(maxsize=1 << 16)
def _game_table(ordered: tuple[int, ...], rule: Rule) -> Table | None:
    """The scores by centre count of a game whose counts, highest first, are
    ``ordered``; None when two powers reach the victory criterion.  Solo: the
    soloist scores ``win``, everyone else 0.  Draw: ``draw_total`` x c^2 / the
    sum of the squares of the seven counts.  Rounded to ``round_to``
    decimals, if set."""
    victory, win, draw_total, round_to, _ = rule.values
    top = ordered[0]
    if top >= victory:
        if ordered[1] == top:
            return None
        table = {c: float(win) if c == top else 0.0 for c in ordered}
    else:
        squares = sum(c * c for c in ordered)  # a draw has a survivor: never 0
        table = {c: draw_total * (c * c) / squares for c in ordered}
    return score_table(table, round_to)
