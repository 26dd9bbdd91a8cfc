"""C-Diplo (source: seeds/004, SCORING.md section 2)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from dipxl.errors import InputError, ParameterError
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

__all__ = [
    "CDiplo", "Params", "centre_points", "check_centre_points", "score", "score_counts",
    "score_many",
]

# The most entries of the centre points table (a Settings row each, as positions).
MAX_TABLE = 7


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """C-Diplo parameters; the defaults are the published system."""

    solo: float = param(100, "points of the soloist")
    solo_loss: float = param(0, "points of each other player in a solo")
    played: float = param(1, "points for playing a drawn game (eliminated players too)")
    positions: tuple[float, ...] = param(
        (38, 14, 7), "points for 1st, 2nd, ... place by centres in a draw (ties share)",
        item="points for {ordinal} place by centres in a draw")
    centre_points: tuple[float, ...] = param(
        (0,), "points for 0, 1, 2, ... centres in a draw (up to 7 entries); each centre past "
        "the last entry adds 1 (0 alone: one point a centre)",
        item="{ordinal} entry of the centre table (its entries: the points of 0, 1, 2, ... "
             "centres)")

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("solo", "solo_loss", "played"):
            check_number(name, getattr(self, name))
        check_positions(self.positions)
        check_centre_points(self.centre_points)


def check_centre_points(table: object) -> None:
    """ParameterError unless ``table`` is a tuple of at most 7 numbers (the
    centre points of 0, 1, 2, ... centres; empty is one point a centre)."""
    if not isinstance(table, tuple) or len(table) > MAX_TABLE:
        raise ParameterError(
            f"centre_points must list at most {MAX_TABLE} numbers (the points of 0, 1, 2, ... "
            f"centres; one more each centre past the last), got {table!r}",
            field="centre_points", value=table,
        )
    for value in table:
        check_number("centre_points", value)


def centre_points(centres: int, table: tuple[float, ...]) -> float:
    """The centre points of ``centres`` by ``table`` (entry k: the points of
    k centres), 1 more each centre past the last entry; no table: one point a
    centre."""
    if centres < len(table):
        return float(table[centres])
    if not table:
        return float(centres)
    return table[-1] + centres - (len(table) - 1)


DEFAULT = Params()


class CDiplo(GameSystem[Params]):
    """C-Diplo: a game is worth 100 points.

    Solo (18+ centres): the soloist scores 100, everyone else 0.
    Draw: each player scores 1 for playing (eliminated players too) + final
    centres + position points 38 / 14 / 7 for 1st / 2nd / 3rd by centres.
    Players tied on centres share equally the points of all the positions
    they occupy together; eliminated players are tied on 0 and share what is
    left. Tournament score: the sum of game scores (option: best N rounds).
    Option centre_points: a table of points for 0, 1, 2, ... centres in
    place of one a centre (each centre past its last entry adds 1).
    Source: C-Diplo rules (seeds/004).

    Preset cdiplo-namur, C-Diplo Namur (dipvis GScoringCDiploNamur; source
    https://world-diplomacy-wiki.fandom.com/wiki/C-Diplo_Namur_Scoring_System):
    solo 85; centre points 0, 5, 9, 12, 14, 16, 18 for 0 to 6 centres, then
    1 more a centre (17 centres: 29). Like C-Diplo it reads the centres
    only: a conceded game is scored as a draw.
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
                   params.positions, params.centre_points, params.round_to)


# A bounded cache of a pure function returning immutable tables: the same
# shape of game under the same rule gives the same table.
@lru_cache(maxsize=1 << 16)
def _game_table(ordered: tuple[int, ...], rule: Rule) -> tuple[float, ...] | None:
    """The scores by centre count (:func:`score_table`: rounded to
    ``round_to`` decimals, if set) of a game whose counts, highest first, are
    ``ordered``; None when two powers reach the victory criterion."""
    victory, solo, solo_loss, played, positions, centre_table, round_to = rule.values
    top = ordered[0]
    if top >= victory:
        if ordered[1] == top:
            return None
        table = {c: float(solo if c == top else solo_loss) for c in ordered}
    else:
        shares = position_points(ordered, positions, TieShare.SHARE)
        table = {c: played + centre_points(c, centre_table) + points
                 for c, points in shares.items()}
    return score_table(table, round_to)
