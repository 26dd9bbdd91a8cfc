"""Ranked Classic and Ranked Classic v2 (dipvis's GScoringRankedClassic;
CATALOGUE.md "Ranked Classic family")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from dipxl.errors import ParameterError
from dipxl.model import FIRST_YEAR, Game
from dipxl.systems.base import ELIMINATED_YEARS, BoardInput, GameSystem, param
from dipxl.systems.common import (
    GameParams,
    Rule,
    check_number,
    check_positions,
    need_elimination_years,
    rule_of,
    score_table,
    solo_year,
)
from dipxl.systems.tables import ByYear, score_by_years, seats_by_years, years_after

__all__ = ["DEFAULT", "Params", "RankedClassic", "rank_points", "score", "score_many"]


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """Ranked Classic parameters; the defaults are dipvis's Ranked Classic."""

    solo: float = param(550, "points of a power on victory_centres or more")
    survival: float = param(30, "points of a survivor in a draw")
    centre_points: float = param(10, "points a centre of a survivor in a draw")
    positions: tuple[float, ...] = param(
        (200, 90, 60, 40, 30, 20, 10), "rank points for 1st, 2nd, ... place by centres of a "
        "survivor in a draw, held alone", item="rank points for {ordinal} place held alone")
    two_way: tuple[float, ...] = param(
        (135, 70, 50, 35, 25, 15), "rank points of each of two survivors tied for 1st, "
        "2nd, ... place", item="rank points of each of two tied for {ordinal} place")
    multi_way_lower: bool = param(
        True, "TRUE: three or more tied get the points of the lowest place they occupy "
        "(Ranked Classic); FALSE: the two-way points of the second-lowest (v2)")

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("solo", "survival", "centre_points"):
            check_number(name, getattr(self, name))
        check_positions(self.positions)
        if not isinstance(self.two_way, tuple) or not 1 <= len(self.two_way) <= 7:
            raise ParameterError(
                f"two_way must list 1 to 7 numbers, got {self.two_way!r}",
                field="two_way", value=self.two_way,
            )
        for value in self.two_way:
            check_number("two_way", value)
        if not isinstance(self.multi_way_lower, bool):
            raise ParameterError(
                f"multi_way_lower must be true or false, got {self.multi_way_lower!r}",
                field="multi_way_lower", value=self.multi_way_lower,
            )


DEFAULT = Params()


class RankedClassic(GameSystem[Params]):
    """Ranked Classic: 30 + 10 a centre + rank points 200 ... 10, a solo 550.

    Draw: a survivor scores 30 + 10 a centre + rank points for its place by
    centres: held alone, 200 / 90 / 60 / 40 / 30 / 20 / 10 for 1st to 7th;
    two tied for a place from 1st to 6th get 135 / 70 / 50 / 35 / 25 / 15
    each; three or more tied get the points of the lowest place they occupy
    held alone (three tied for 1st: 60 each; option multi_way_lower FALSE,
    Ranked Classic v2: the two-way points of the second-lowest place they
    occupy, 70 each, none past 6th). An eliminated power scores only its
    elimination year - 1901 (the eliminated take the last places and change
    nobody's rank points). Solo (18+ centres, or a game conceded to one
    power): a power on 18 or more scores 550; every other survivor the solo
    year - 1901 (the final year; for a concession the year of the vote, the
    year after the final counts); an eliminated power its elimination year
    - 1901. A concession is a solo with nobody on 18: nobody scores 550 and
    the power conceded to scores as a survivor. Needs the elimination year
    of every eliminated power and, in a solo or concession with a survivor
    below 18, the final year. Tournament score: the sum of game scores
    (option: best N rounds). No tie-breakers.
    Source: dipvis GScoringRankedClassic, no source cited.
    """

    twin = "ranked_classic"
    reads = ("centres", "eliminated", "draw", "year")
    own_inputs = (
        BoardInput(ELIMINATED_YEARS, "The year each eliminated power lost its last centre "
                   "(blank for survivors), in the same order: its years survived."),
    )

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)

    def score_games(self, games: Sequence[Game], params: Params = DEFAULT
                    ) -> list[tuple[float, ...]]:
        return score_many(games, params)


def _at(table: Sequence[float], index: int) -> float:
    """Entry ``index`` of a points table, 0 past its end."""
    return float(table[index]) if index < len(table) else 0.0


def rank_points(centres: Sequence[int], params: Params = DEFAULT) -> dict[int, float]:
    """The rank points of each centre count of a drawn game: a group of k
    powers tied on the places p .. p + k - 1 (0-based, all seven ranked by
    centres) gets ``positions[p]`` alone, ``two_way[p]`` when two, and three
    or more ``positions[p + k - 1]`` (``multi_way_lower``) or
    ``two_way[p + k - 2]``; 0 past a table's end."""
    return _rank_points(sorted(centres, reverse=True), params.positions, params.two_way,
                        params.multi_way_lower)


def _rank_points(ordered: Sequence[int], positions: Sequence[float],
                 two_way: Sequence[float], lower: bool) -> dict[int, float]:
    """:func:`rank_points` of the counts ``ordered`` highest first."""
    table: dict[int, float] = {}
    p = 0
    while p < len(ordered):
        count = ordered.count(ordered[p])
        if count == 1:
            points = _at(positions, p)
        elif count == 2:
            points = _at(two_way, p)
        elif lower:
            points = _at(positions, p + count - 1)
        else:
            points = _at(two_way, p + count - 2)
        table[ordered[p]] = points
        p += count
    return table


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Ranked Classic scores of one game (the rule: :class:`RankedClassic`)."""
    return _score(game, params, _rule(params))


def _score(game: Game, params: Params, rule: Rule) -> tuple[float, ...]:
    """:func:`score` of one game under ``rule`` (the parameters' Rule): by
    the tables, else (a board no table covers) by :func:`_exact`."""
    desc = game.centres_desc
    table = _game_table(desc, game.year if desc[0] >= params.victory_centres else None, rule)
    if table is None or game.conceded_to is not None:
        return _exact(game, params)
    # An eliminated seat without its year: refused.
    return seats_by_years(game, table, _eliminated(params.round_to)) or _exact(game, params)


def score_many(games: Iterable[Game], params: Params = DEFAULT) -> list[tuple[float, ...]]:
    """:func:`score` of many games (each drawn shape's table is worked out
    once a call, so a tournament costs one look-up a game; a solo, one by
    one: its table depends on its year too)."""
    rule = _rule(params)
    return score_by_years(games, params, rule, _draw_table, _eliminated(params.round_to), _exact,
                          concessions=True, other=_score)


def _draw_table(ordered: tuple[int, ...], rule: Rule) -> tuple[float, ...] | None:
    """The survivors' scores by centre count of a drawn game of that shape."""
    return _game_table(ordered, None, rule)


def _rule(params: Params) -> Rule:
    """The parameters the tables depend on."""
    return rule_of(params.victory_centres, params.solo, params.survival, params.centre_points,
                   params.positions, params.two_way, params.multi_way_lower, params.round_to)


# A bounded cache of a pure function returning immutable tables: the same
# shape (and, after a solo, year) under the same rule gives the same table.
@lru_cache(maxsize=1 << 16)
def _game_table(ordered: tuple[int, ...], year: int | None, rule: Rule
                ) -> tuple[float, ...] | None:
    """The survivors' scores by centre count (:func:`score_table`: rounded
    to ``round_to`` decimals, if set) of a game whose counts, highest
    first, are ``ordered``; ``year``: the final year, read after a solo.
    None: a solo whose survivors need the final year, and it is not given
    (the exact path refuses the board)."""
    victory, solo, survival, centre_points, positions, two_way, lower, round_to = rule.values
    survivors = {c for c in ordered if c}
    if ordered[0] >= victory:
        beaten = any(c < victory for c in survivors)
        if beaten and year is None:
            return None
        survived = float(year - FIRST_YEAR) if beaten and year is not None else 0.0
        table = {c: float(solo) if c >= victory else survived for c in survivors}
    else:
        points = _rank_points(ordered, positions, two_way, lower)
        table = {c: survival + centre_points * c + points[c] for c in survivors}
    return score_table(table, round_to)


def _eliminated(round_to: int | None) -> ByYear:
    """An eliminated power's score by elimination year: its years survived
    after 1901, rounded as finish rounds (a seat with no year is a KeyError)."""
    return years_after(FIRST_YEAR, round_to)


def _exact(game: Game, params: Params) -> tuple[float, ...]:
    """:func:`score` worked out seat by seat: boards no table covers
    (a concession; a board refused for a missing year)."""
    centres = game.centres
    years = [float(e - FIRST_YEAR) if e is not None else 0.0
             for e in need_elimination_years(game)]
    victory = params.victory_centres
    if game.soloer(victory) is not None:
        beaten = any(0 < c < victory for c in centres)
        survived = float(solo_year(game) - FIRST_YEAR) if beaten else 0.0
        scores = tuple([
            float(params.solo) if c >= victory else survived if c else e
            for c, e in zip(centres, years, strict=True)
        ])
        return params.finish(scores)
    points = rank_points(centres, params)
    scores = tuple([
        params.survival + params.centre_points * c + points[c] if c else e
        for c, e in zip(centres, years, strict=True)
    ])
    return params.finish(scores)
