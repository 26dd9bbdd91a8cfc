"""OMG, Open Mind the Gap (dipvis GScoringOMG; source: the Nexus rules quoted in
dipvis issue #208)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from dipxl.model import Game
from dipxl.ranking import TieShare, position_points
from dipxl.systems.base import CONCESSION_FLAGS, GameSystem, param
from dipxl.systems.common import (
    GameParams,
    Rule,
    check_number,
    check_positions,
    game_winner,
    rule_of,
    score_table,
    solo_scores,
)
from dipxl.systems.tables import score_by_shape, score_one_by_shape, sums_exactly

__all__ = ["Omg", "Params", "score", "score_many"]


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """OMG parameters; the defaults are the published system."""

    solo: float = param(100, "points of the soloist, or of the power the game was conceded "
                             "to (everyone else scores 0)")
    per_centre: float = param(1.5, "points a centre in a draw")
    survival: float = param(9, "points of each survivor of a draw")
    positions: tuple[float, ...] = param(
        (4.5, 3, 1.5), "points for 1st, 2nd, ... place by centres in a draw (ties share)",
        item="points for {ordinal} place by centres in a draw")
    tribute_cap: float = param(
        0.5, "the most of its own score a power pays the sole topper, as a fraction")

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("solo", "per_centre", "survival"):
            check_number(name, getattr(self, name))
        check_positions(self.positions)
        check_number("tribute_cap", self.tribute_cap, 0)


DEFAULT = Params()


class Omg(GameSystem[Params]):
    """OMG (Open Mind the Gap): 1.5 a centre, 9 to survive, top-3 points, tribute to a sole topper.

    Solo (18+ centres) or a game conceded to one power: that power scores
    100, everyone else 0. Draw: each power's own score is 1.5 x centres + 9
    if it survived + 4.5 / 3 / 1.5 for 1st / 2nd / 3rd by centres over all
    seven (powers tied on centres share the points of the places they
    occupy together; the eliminated are tied on 0). If one power alone
    holds the top count, with a gap of g centres to the second count, every
    power (the topper too, and the eliminated) pays the lesser of g and
    half its own score, and the topper receives every payment: its own
    comes back to it. A shared top pays no tribute. Draw votes are not
    read. Tournament score: the sum of game scores (option: best N rounds).
    No tie-breakers.
    Source: the Nexus rules text quoted in dipvis issue #208 (as dipvis
    GScoringOMG scores it).
    """

    twin = "omg"
    reads = ("centres", "draw")
    own_inputs = (CONCESSION_FLAGS,)

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)

    def score_games(self, games: Sequence[Game], params: Params = DEFAULT
                    ) -> list[tuple[float, ...]]:
        return score_many(games, params)


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The OMG scores of one game (the rule: :class:`Omg`)."""
    return score_one_by_shape(game, params, _rule(params), _game_table, _exact)


def score_many(games: Iterable[Game], params: Params = DEFAULT) -> list[tuple[float, ...]]:
    """:func:`score` of many games (each game shape's table is worked out
    once a call, so a tournament costs one look-up a game)."""
    return score_by_shape(games, params, _rule(params), _game_table, _exact)


def _rule(params: Params) -> Rule:
    """The parameters the tables depend on."""
    return rule_of(params.victory_centres, params.solo, params.per_centre, params.survival,
                   params.positions, params.tribute_cap, params.round_to)


# A bounded cache of a pure function returning immutable tables: the same
# shape of game under the same rule gives the same table.
@lru_cache(maxsize=1 << 16)
def _game_table(ordered: tuple[int, ...], rule: Rule) -> tuple[float, ...] | None:
    """The scores by centre count (:func:`score_table`: rounded to
    ``round_to`` decimals, if set) of a game whose counts, highest first,
    are ``ordered`` and which was not conceded.  None (the exact path
    scores or refuses the board): two powers on the victory count, or a
    tribute whose total could depend on the order of the payments (the
    exact path adds them in power order)."""
    victory, solo, per_centre, survival, positions, cap, round_to = rule.values
    top, second = ordered[0], ordered[1]
    if top >= victory:
        if second == top:
            return None
        return score_table({c: float(solo) if c == top else 0.0 for c in ordered}, round_to)
    points = position_points(ordered, positions, TieShare.SHARE)
    own = {c: per_centre * c + (survival if c else 0) + p for c, p in points.items()}
    if top == second:  # a shared top: no tribute
        return score_table(own, round_to)
    gap = top - second
    paid = {c: min(gap, cap * s) for c, s in own.items()}
    payments = [paid[c] for c in ordered]
    if not sums_exactly(payments):
        return None
    table = {c: s - paid[c] + 0 for c, s in own.items()}
    table[top] = own[top] - paid[top] + sum(payments)  # the topper receives every payment
    return score_table(table, round_to)


def _exact(game: Game, params: Params) -> tuple[float, ...]:
    """:func:`score` worked out seat by seat: boards no table covers (a
    concession, two powers on the victory count, a tribute added in power
    order)."""
    winner = game_winner(game, params.victory_centres)
    if winner is not None:
        return params.finish(solo_scores(winner, params.solo))
    centres = game.centres
    points = position_points(centres, params.positions, TieShare.SHARE)
    own = [params.per_centre * c + (params.survival if c else 0) + points[c] for c in centres]
    ordered = game.centres_desc
    if ordered[0] == ordered[1]:  # a shared top: no tribute
        return params.finish(tuple(own))
    gap = ordered[0] - ordered[1]
    paid = [min(gap, params.tribute_cap * s) for s in own]
    topper = centres.index(ordered[0])
    scores = tuple([
        s - p + (sum(paid) if i == topper else 0)
        for i, (s, p) in enumerate(zip(own, paid, strict=True))
    ])
    return params.finish(scores)
