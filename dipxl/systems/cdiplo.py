"""C-Diplo (source: seeds/004, SCORING.md section 2)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from dipxl.errors import InputError
from dipxl.model import Game, Power
from dipxl.ranking import TieShare, position_points
from dipxl.systems.base import GameSystem, param
from dipxl.systems.common import (
    GameParams,
    Rule,
    check_number,
    check_positions,
    rule_of,
    score_table,
    solo_winner,
)

__all__ = ["CDiplo", "Params", "score", "score_counts", "score_many"]


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """C-Diplo parameters; the defaults are the published system."""

    solo: float = param(100, "points of the soloist")
    solo_loss: float = param(0, "points of each other player in a solo")
    played: float = param(1, "points for playing a drawn game (eliminated players too)")
    positions: tuple[float, ...] = param(
        (38, 14, 7), "points for 1st, 2nd, ... place by centres in a draw (ties share)",
        item="points for {ordinal} place by centres in a draw")

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("solo", "solo_loss", "played"):
            check_number(name, getattr(self, name))
        check_positions(self.positions)


DEFAULT = Params()


class CDiplo(GameSystem[Params]):
    """C-Diplo: a game is worth 100 points.

    Solo (18+ centres): the soloist scores 100, everyone else 0.
    Draw: each player scores 1 for playing (eliminated players too) + final
    centres + position points 38 / 14 / 7 for 1st / 2nd / 3rd by centres.
    Players tied on centres share equally the points of all the positions
    they occupy together; eliminated players are tied on 0 and share what is
    left. Tournament score: the sum of game scores (option: best N rounds).
    Source: C-Diplo rules (seeds/004).
    """

    twin = "cdiplo"

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)

    def score_games(self, games: Sequence[Game], params: Params = DEFAULT
                    ) -> list[tuple[float, ...]]:
        return score_many(games, params)

    def score_counts(self, centres: tuple[int, ...], params: Params = DEFAULT
                     ) -> tuple[float, ...]:
        return score_counts(centres, params)


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The C-Diplo scores of one game (the rule: :class:`CDiplo`)."""
    table = _game_table(game.centres_desc, _rule(params))
    if table is None:
        solo_winner(game, params.victory_centres)  # raises, naming the game
        raise AssertionError("unreachable: solo_winner raises")
    a, b, c, d, e, f, g = game.centres
    return (table[a], table[b], table[c], table[d], table[e], table[f], table[g])


def score_many(games: Iterable[Game], params: Params = DEFAULT) -> list[tuple[float, ...]]:
    """:func:`score` of many games (the loop both use; each game shape's
    table is worked out once a call, so a tournament costs one look-up a
    game)."""
    rule = _rule(params)
    memo: dict[tuple[int, ...], tuple[float, ...]] = {}
    get = memo.get
    out: list[tuple[float, ...]] = []
    append = out.append
    for game in games:
        table = get(game.centres_desc)
        if table is None:
            found = _game_table(game.centres_desc, rule)
            if found is None:
                solo_winner(game, params.victory_centres)  # raises, naming the game
            assert found is not None
            table = memo[game.centres_desc] = found
        a, b, c, d, e, f, g = game.centres  # seven subscripts beat map() here
        append((table[a], table[b], table[c], table[d], table[e], table[f], table[g]))
    return out


def score_counts(centres: tuple[int, ...], params: Params = DEFAULT) -> tuple[float, ...]:
    """:func:`score` of a finished game known only by its seven centre counts
    in power order (all C-Diplo reads), already checked as a :class:`Game`
    checks them (see :func:`dipxl.rows.finished_counts`): the one-board
    worksheet function's path, which builds no Game."""
    table = _game_table(tuple(sorted(centres, reverse=True)), _rule(params))
    if table is None:
        top = max(centres)
        names = ", ".join(f"{p.title} {c}" for p, c in zip(Power, centres, strict=True)
                          if c == top)
        raise InputError(
            "more than one power reaches the victory criterion "
            f"({params.victory_centres} centres): {names}"
        )
    return tuple(map(table.__getitem__, centres))


def _rule(params: Params) -> Rule:
    """The parameters the tables depend on."""
    return rule_of(params.victory_centres, params.solo, params.solo_loss, params.played,
                   params.positions, params.round_to)


# A bounded cache of a pure function returning immutable tables: the same
# shape of game under the same rule gives the same table.
@lru_cache(maxsize=1 << 16)
def _game_table(ordered: tuple[int, ...], rule: Rule) -> tuple[float, ...] | None:
    """The scores by centre count (:func:`score_table`: rounded to
    ``round_to`` decimals, if set) of a game whose counts, highest first, are
    ``ordered``; None when two powers reach the victory criterion."""
    victory, solo, solo_loss, played, positions, round_to = rule.values
    top = ordered[0]
    if top >= victory:
        if ordered[1] == top:
            return None
        table = {c: float(solo if c == top else solo_loss) for c in ordered}
    else:
        shares = position_points(ordered, positions, TieShare.SHARE)
        table = {c: played + c + points for c, points in shares.items()}
    return score_table(table, round_to)
