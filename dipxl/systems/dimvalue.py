"""Diminishing Value DBS (source: seeds/001, SCORING.md section 4)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from dipxl.ledger import Ledger
from dipxl.model import Game
from dipxl.ranking import rank_key
from dipxl.systems.base import GameSystem, param
from dipxl.systems.common import GameParams, check_number, solo_winner
from dipxl.tiebreaks import Measure, Tiebreaker

__all__ = ["DimValue", "Params", "score", "tiebreakers"]


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """Diminishing Value parameters; the defaults are the published system."""

    ante: float = param(60, "each eliminated player loses this in a draw")
    solo_bonus: float = param(12, "the soloist scores 6 x ante + this")
    solo_loss: float = param(62, "each other player loses this in a solo")
    out_of_draw_loss: float = param(10, "a survivor left out of the draw loses this")

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("ante", "solo_bonus", "solo_loss", "out_of_draw_loss"):
            check_number(name, getattr(self, name))


DEFAULT = Params()


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Diminishing Value scores of one game (the rule: :class:`DimValue`)."""
    centres = game.centres
    if max(centres) >= params.victory_centres:
        winner = solo_winner(game, params.victory_centres)
        solo = float(6 * params.ante + params.solo_bonus)
        loss = -float(params.solo_loss)
        scores = tuple([solo if i == winner else loss for i in range(7)])
    else:
        members = game.draw_members
        eliminated = centres.count(0)
        n_members = members.count(True)
        if eliminated + n_members == 7:  # every survivor is in the draw
            scores = _all_survivors_draw(members, params.ante)
        else:
            left_out = 7 - eliminated - n_members
            share = (params.ante * eliminated + params.out_of_draw_loss * left_out) / n_members
            ante = -float(params.ante)
            out = -float(params.out_of_draw_loss)
            scores = tuple(
                [
                    share if m else (ante if c == 0 else out)
                    for c, m in zip(centres, members, strict=True)
                ]
            )
    return scores if params.round_to is None else params.finish(scores)


# A memo of a pure function: the same draw gives the same scores.
@lru_cache(maxsize=1 << 10)
def _all_survivors_draw(members: tuple[bool, ...], ante: float) -> tuple[float, ...]:
    """Every non-member eliminated: members share ante x eliminated."""
    eliminated = members.count(False)
    share = ante * eliminated / (7 - eliminated)
    return tuple([share if m else -float(ante) for m in members])


# ------------------------------------------------------------ tie-breakers


def _head_to_head(group: Sequence[str], ledger: Ledger) -> dict[str, float] | None:
    shared = frozenset.intersection(*(ledger.game_keys(p) for p in group))
    if not shared:
        return None
    return {p: rank_key(sum(g.score for g in ledger.games_of[p] if g.key in shared)) for p in group}


def _power_to_power(group: Sequence[str], ledger: Ledger) -> dict[str, float] | None:
    common = set.intersection(*({g.index for g in ledger.games_of[p]} for p in group))
    if not common:
        return None
    return {
        p: rank_key(sum(g.score for g in ledger.games_of[p] if g.index in common)) for p in group
    }


def _superior_player(group: Sequence[str], ledger: Ledger) -> dict[str, float] | None:
    # The best-placed player outside the group who shared a game with each
    # member: among the members' common opponents, the first in the order.
    common = set(ledger.opponents(group[0])).intersection(*map(ledger.opponents, group[1:]))
    common.difference_update(group)
    if not common:
        return None
    theirs = ledger.game_keys(min(common, key=ledger.place))
    result = {}
    for p in group:
        against = [g.score for g in ledger.games_of[p] if g.key in theirs]
        result[p] = rank_key(sum(against) / len(against))
    return result


def _zero_for_defeat(ante: float) -> Measure:
    """The total with each counted draw in which the player was eliminated
    scored 0 instead of -ante."""

    def measure(group: Sequence[str], ledger: Ledger) -> dict[str, float]:
        result = {}
        for p in group:
            defeats = sum(1 for g in ledger.games_of[p]
                          if g.counted and g.game.winner is None and g.centres == 0)
            result[p] = rank_key(ledger.totals[p] + ante * defeats)
        return result

    return measure


def _total_centres(group: Sequence[str], ledger: Ledger) -> dict[str, int]:
    return {p: sum(g.centres for g in ledger.games_of[p]) for p in group}


def tiebreakers(params: Params = DEFAULT) -> tuple[Tiebreaker, ...]:
    """Diminishing Value's tie-breakers, in order (SCORING.md section 4)."""
    return (
        Tiebreaker("head_to_head", "Head-to-head points", _head_to_head, False),
        Tiebreaker("power_to_power", "Power-to-power points", _power_to_power, False),
        Tiebreaker(
            "superior_player", "Average against the superior player", _superior_player, False
        ),
        Tiebreaker("zero_for_defeat", "Score with 0 for defeat",
                   _zero_for_defeat(float(params.ante)), True),
        Tiebreaker("total_centres", "Total centres", _total_centres, True),
    )


class DimValue(GameSystem[Params]):
    """Diminishing Value DBS: every player antes 60; every game sums to 0.

    Solo (18+ centres): the soloist scores 6 x 60 + 12 = 372, every other
    player -62. Draw: each eliminated player scores -60 and each survivor
    left out of the draw -10; the N draw members (by default every survivor)
    share equally what those players lost: (60 x eliminated + 10 x survivors
    out of the draw) / N each. Tie-breakers: head-to-head, power-to-power,
    superior player, zero for defeat, total centres. A game conceded to one
    power (Y on it alone) is a draw of that one member, who takes the whole
    pot: the source text covers only an 18-centre win.
    Source: Diminishing Value DBS (seeds/001).
    """

    twin = "dimvalue"
    reads = ("centres", "draw")

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)

    def breakers(self, params: Params) -> tuple[Tiebreaker, ...]:
        return tiebreakers(params)
