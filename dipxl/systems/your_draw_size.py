"""Your Draw Size (dipvis GScoringYourDrawSize; Diplomacy World 172)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from dipxl.model import MAX_CENTRES, Game
from dipxl.ranking import round_half_up
from dipxl.systems.base import CONCESSION_FLAGS, GameSystem, param
from dipxl.systems.common import (
    GameParams,
    Rule,
    check_number,
    game_winner,
    solo_scores,
)
from dipxl.systems.tables import rule_maker

__all__ = ["BANDS", "DEFAULT", "Params", "YourDrawSize", "band_points", "score", "score_many"]

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

    def score_games(self, games: Sequence[Game], params: Params = DEFAULT
                    ) -> list[tuple[float, ...]]:
        return score_many(games, params)


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Your Draw Size scores of one game (the rule: :class:`YourDrawSize`)."""
    return score_many((game,), params)[0]


def score_many(games: Iterable[Game], params: Params = DEFAULT) -> list[tuple[float, ...]]:
    """:func:`score` of many games: the band points by centre count and
    the scores of a game won by each power are worked out once (a look-up
    a game)."""
    victory = params.victory_centres
    bands, won = _tables(_rule(params))
    out: list[tuple[float, ...]] = []
    append = out.append
    for game in games:
        top, second = game.centres_desc[:2]
        if top >= victory:
            if second == top:  # two powers on the victory count
                _score_exact(game, params)  # raises, naming the game
                raise AssertionError("unreachable: two winners are refused")
            append(won[game.centres.index(top)])
        elif game.conceded_to is not None:
            append(won[game.conceded_to])
        else:
            a, b, c, d, e, f, g = game.centres  # seven subscripts beat map() here
            append((bands[a], bands[b], bands[c], bands[d], bands[e], bands[f], bands[g]))
    return out


def _rule_values(p: Params) -> tuple[Hashable, ...]:
    """The parameters the tables depend on."""
    return (p.win, p.round_to)


_rule = rule_maker(_rule_values)


# A bounded cache of a pure function of the rule returning immutable tables
# (a look-up a call).
@lru_cache(maxsize=64)
def _tables(rule: Rule) -> tuple[tuple[float, ...], tuple[tuple[float, ...], ...]]:
    """The band points of 0 to 34 centres, and the scores of a game won by
    each power in power order (``win`` to the winner, 0 to everyone else),
    rounded to ``round_to`` decimals, if set."""
    win, round_to, _ = rule.values
    bands = tuple([round_half_up(band_points(c), round_to) for c in range(MAX_CENTRES + 1)])
    won = tuple([tuple([round_half_up(s, round_to) for s in solo_scores(winner, win)])
                 for winner in range(7)])
    return bands, won


def _score_exact(game: Game, params: Params) -> tuple[float, ...]:
    """The rule as written, seat by seat: what the tables reproduce, and
    the path of boards to refuse."""
    winner = game_winner(game, params.victory_centres)
    if winner is not None:
        return params.finish(solo_scores(winner, params.win))
    return params.finish(tuple([band_points(c) for c in game.centres]))
