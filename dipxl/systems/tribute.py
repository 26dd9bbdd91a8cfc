"""Tribute (dipvis GScoringTribute; source http://windycityweasels.org/tribute-scoring-system/)."""

from __future__ import annotations

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

__all__ = ["Params", "Tribute", "exact", "score", "score_many"]


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

    def score_games(self, games: Sequence[Game], params: Params = DEFAULT
                    ) -> list[tuple[float, ...]]:
        return score_many(games, params)


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Tribute scores of one game (the rule: :class:`Tribute`)."""
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
    survivors = sum(1 for c in centres if c > 0)
    toppers = centres.count(top)
    share = params.survival / survivors
    tribute = min(share, top - params.threshold) if top > params.threshold else 0
    received = tribute * (survivors - toppers) / toppers
    scores = tuple([
        0.0 if c == 0 else c + share + (received if c == top else -tribute) for c in centres
    ])
    return params.finish(scores)


def _rule(params: Params) -> Rule:
    """The parameters the tables depend on."""
    return rule_of(params.victory_centres, params.solo, params.survival, params.threshold,
                   params.round_to)


# A bounded cache of a pure function returning immutable tables: the same
# game shape under the same rule gives the same table.
@lru_cache(maxsize=1 << 16)
def _game_table(ordered: tuple[int, ...], rule: Rule) -> tuple[float, ...] | None:
    """The scores by centre count of a game whose counts, highest first,
    are ``ordered`` (as :func:`exact` works them out); None when two powers
    reach the victory criterion."""
    victory, solo, survival, threshold, round_to = rule.values
    top = ordered[0]
    if top >= victory:
        if ordered[1] == top:
            return None
        return score_table({c: float(solo) if c == top else 0.0 for c in ordered}, round_to)
    survivors = 7 - ordered.count(0)
    toppers = ordered.count(top)
    share = survival / survivors
    tribute = min(share, top - threshold) if top > threshold else 0
    received = tribute * (survivors - toppers) / toppers
    return score_table({
        c: 0.0 if c == 0 else c + share + (received if c == top else -tribute) for c in ordered
    }, round_to)
