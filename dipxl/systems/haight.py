"""Haight v1.0 (dipvis's GScoringHaight; CATALOGUE.md "Haight v1.0")."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from dipxl.model import FIRST_YEAR, Game
from dipxl.ranking import TieShare, position_points, round_half_up
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
from dipxl.systems.tables import ByYear, seats_by_years, years_after

__all__ = [
    "ABOVE_YEARS", "DEFAULT", "Haight", "Params", "rank_key", "score", "score_many",
    "second_key",
]


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """Haight parameters; the defaults are Haight v1.0 (WDC 2025)."""

    solo: float = param(451, "points of a power on victory_centres or more")
    loser_centres: float = param(
        5, "points a centre of a survivor of a won game (solo or concession), when more "
        "than its years played")
    centre_points: float = param(10, "points a centre of a survivor in a draw")
    positions: tuple[float, ...] = param(
        (66, 55, 44, 33, 22, 11), "rank points for 1st, 2nd, ... in a draw, survivors by "
        "centres, then the eliminated by elimination year, the later the higher (ties: "
        "the lowest place's)", item="rank points for {ordinal} place in a draw")
    lead: float = param(
        5, "points a centre of the sole board topper's lead over the second place in a draw")

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("solo", "loser_centres", "centre_points", "lead"):
            check_number(name, getattr(self, name))
        check_positions(self.positions)


DEFAULT = Params()

# A survivor's rank key is its centres times this, above every eliminated
# power's key (its elimination year - 1901).
ABOVE_YEARS = 1000


class Haight(GameSystem[Params]):
    """Haight v1.0: 10 a centre plus rank points 66 ... 0, a solo 451.

    Draw: a survivor scores 10 a centre, an eliminated power 1 a year
    played (elimination year - 1900); each adds rank points 66 / 55 / 44 /
    33 / 22 / 11 / 0 for 1st to 7th, survivors ranked by centres, then the
    eliminated by elimination year (the later the higher, the same year
    tied); powers tied all get the points of the lowest place they occupy
    (two tied for 1st: 55 each). A sole board topper adds 5 a centre of its
    lead over the second place (over a lone survivor, the second is the
    last eliminated power, counted as (its year - 1901) / 100 centres).
    Solo (18+ centres, or a game conceded to one power): a power on 18 or
    more scores 451; every other survivor the larger of 5 a centre and the
    solo year - 1900 (the final year; for a concession the year of the
    vote, the year after the final counts); an eliminated power its
    elimination year - 1900. A concession is a solo with nobody on 18:
    nobody scores 451 and the power conceded to scores as a survivor.
    Needs the elimination year of every eliminated power and, in a solo or
    concession with a survivor below 18, the final year. Tournament score:
    the sum of game scores (option: best N rounds). No tie-breakers.
    Source: dipvis GScoringHaight, Haight v1.0 as adopted for WDC 2025
    (https://www.thenadf.org/wp-content/uploads/2024/10/Whipping-WDC-House-Rules-2025.pdf).
    """

    twin = "haight"
    reads = ("centres", "eliminated", "draw", "year")
    own_inputs = (
        BoardInput(ELIMINATED_YEARS, "The year each eliminated power lost its last centre "
                   "(blank for survivors), in the same order: its years played and rank."),
    )

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)

    def score_games(self, games: Sequence[Game], params: Params = DEFAULT
                    ) -> list[tuple[float, ...]]:
        return score_many(games, params)


def rank_key(centres: int, year: int | None) -> int:
    """A power's rank in a draw, higher is better: a survivor's centres x
    :data:`ABOVE_YEARS`; an eliminated power's elimination year - 1901."""
    assert centres or year is not None
    return centres * ABOVE_YEARS if centres else int(year or 0) - FIRST_YEAR


def second_key(key: int) -> float:
    """A rank key as the centres the topper's lead is measured against: a
    survivor's centres, an eliminated power's (year - 1901) / 100."""
    return key / ABOVE_YEARS if key >= ABOVE_YEARS else key / 100


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Haight scores of one game (the rule: :class:`Haight`)."""
    return _score(game, params, _rule(params))


def _score(game: Game, params: Params, rule: Rule) -> tuple[float, ...]:
    """:func:`score` of one game under ``rule`` (the parameters' Rule): by
    the tables, else (a board no table covers) by :func:`_exact`."""
    desc = game.centres_desc
    solo = desc[0] >= params.victory_centres
    by_count = _game_table(desc, game.year if solo else None, rule)
    if by_count is None or game.conceded_to is not None:
        return _exact(game, params)
    if desc[6]:  # nobody eliminated
        return tuple([by_count[c] for c in game.centres])
    if solo or desc[5]:  # one eliminated in a draw, or the eliminated of a solo
        by_year = _years_played(0 if solo else _seventh(params.positions), params.round_to)
        # An eliminated seat without its year: refused.
        return seats_by_years(game, by_count, by_year) or _exact(game, params)
    given, eliminated = _eliminated(game.years, rule)
    if not desc[6 - given]:  # an eliminated seat without its year (see score_many)
        return _exact(game, params)
    return tuple([by_count[c] if c else x
                  for c, x in zip(game.centres, eliminated, strict=True)])


def score_many(games: Iterable[Game], params: Params = DEFAULT) -> list[tuple[float, ...]]:
    """:func:`score` of many games (each game shape's table, and the scores
    of the eliminated by pattern of elimination years, worked out once a
    call: a tournament costs a look-up or two a game)."""
    rule = _rule(params)
    victory = params.victory_centres
    alone = _years_played(_seventh(params.positions), params.round_to)
    memo: dict[tuple[int, ...], tuple[float, ...]] = {}
    get = memo.get
    patterns: dict[tuple[int | None, ...], Eliminated] = {}
    pattern_of = patterns.get
    out: list[tuple[float, ...]] = []
    append = out.append
    for game in games:
        desc = game.centres_desc
        by_count = get(desc)
        if by_count is None:
            # (): one by one, as a solo is (its table depends on its year too).
            by_count = memo[desc] = (() if desc[0] >= victory
                                     else _game_table(desc, None, rule) or ())
        if not by_count or game.conceded_to is not None:
            append(_score(game, params, rule))
            continue
        a, b, c, d, e, f, g = game.centres  # seven subscripts beat map() here
        if desc[6]:  # nobody eliminated
            append((by_count[a], by_count[b], by_count[c], by_count[d], by_count[e],
                    by_count[f], by_count[g]))
        elif desc[5]:  # one eliminated: 7th, whatever its year
            ya, yb, yc, yd, ye, yf, yg = game.years
            try:
                append((by_count[a] if a else alone[ya], by_count[b] if b else alone[yb],
                        by_count[c] if c else alone[yc], by_count[d] if d else alone[yd],
                        by_count[e] if e else alone[ye], by_count[f] if f else alone[yf],
                        by_count[g] if g else alone[yg]))
            except KeyError:  # an eliminated seat without its year: refused
                append(_exact(game, params))
        else:  # two or more eliminated: they rank by year
            years = game.years
            pattern = pattern_of(years)
            if pattern is None:
                pattern = patterns[years] = _eliminated(years, rule)
            given, (xa, xb, xc, xd, xe, xf, xg) = pattern
            # Only eliminated seats give years: each does when the count just
            # above the last `given` is a survivor's (else: refused).
            if not desc[6 - given]:
                append(_exact(game, params))
                continue
            append((by_count[a] if a else xa, by_count[b] if b else xb,
                    by_count[c] if c else xc, by_count[d] if d else xd,
                    by_count[e] if e else xe, by_count[f] if f else xf,
                    by_count[g] if g else xg))
    return out


def _rule(params: Params) -> Rule:
    """The parameters the tables depend on."""
    return rule_of(params.victory_centres, params.solo, params.loser_centres,
                   params.centre_points, params.positions, params.lead, params.round_to)


def _seventh(positions: tuple[float, ...]) -> float:
    """The rank points of 7th place (a lone eliminated power's in a draw)."""
    return positions[6] if len(positions) > 6 else 0.0


# A bounded cache of a pure function returning immutable tables: the same
# shape (and, after a solo, year) under the same rule gives the same table.
@lru_cache(maxsize=1 << 16)
def _game_table(ordered: tuple[int, ...], year: int | None, rule: Rule
                ) -> tuple[float, ...] | None:
    """The survivors' scores by centre count (:func:`score_table`: rounded
    to ``round_to`` decimals, if set) of a game whose counts, highest
    first, are ``ordered`` and which was not conceded; ``year``: the final
    year, read after a solo.  None (the exact path scores or refuses the
    board): a solo whose survivors need the final year when it is not
    given, or a draw with one survivor (its lead is measured against the
    last elimination year)."""
    victory, solo, loser_centres, centre_points, positions, lead, round_to = rule.values
    top, second = ordered[0], ordered[1]
    if top >= victory:
        beaten = any(0 < c < victory for c in ordered)
        if beaten and year is None:
            return None
        played = year - 1900 if beaten and year is not None else 0
        table = {c: float(solo) if c >= victory else float(max(loser_centres * c, played))
                 for c in ordered if c}
        return score_table(table, round_to)
    if not second:
        return None
    # The survivors take the first places, whatever the elimination years.
    points = position_points([c * ABOVE_YEARS for c in ordered], positions, TieShare.LOWEST)
    result = {c: centre_points * c + points[c * ABOVE_YEARS] for c in ordered if c}
    if top > second:  # a sole board topper adds its lead
        result[top] += lead * (top - second_key(second * ABOVE_YEARS))
    return score_table({c: float(r) for c, r in result.items()}, round_to)


# Per seat: the draw score of an eliminated seat (NaN, never read: a
# survivor), and how many elimination years are given.
Eliminated = tuple[int, tuple[float, ...]]


# A bounded cache of a pure function: the draw scores of the eliminated, per
# pattern of elimination years (which says how many survive).
@lru_cache(maxsize=1 << 16)
def _eliminated(years: tuple[int | None, ...], rule: Rule) -> Eliminated:
    """The eliminated seats' scores in a draw: years played + the rank
    points of the places after the survivors', the later out the higher,
    the same year all taking the lowest place's (rounded as finish rounds)."""
    positions, round_to = rule.values[4], rule.values[-1]
    out = sorted((e for e in years if e is not None), reverse=True)
    place = years.count(None)  # the survivors take the places before
    points: dict[int, float] = {}
    for e in out:  # the last place of a year's group is its points
        points[e] = positions[place] if place < len(positions) else 0.0
        place += 1
    scores = tuple([math.nan if e is None else round_half_up(float(e - 1900 + points[e]), round_to)
                    for e in years])
    return len(out), scores


def _years_played(points: float, round_to: int | None) -> ByYear:
    """An eliminated power's score by its year: its years played +
    ``points`` of rank, rounded as finish rounds (a seat with no year is a
    KeyError)."""
    return years_after(1900, round_to, points)


def _exact(game: Game, params: Params) -> tuple[float, ...]:
    """:func:`score` worked out seat by seat: boards no table covers (a
    concession, a draw with one survivor, a board refused)."""
    centres = game.centres
    years = need_elimination_years(game)
    victory = params.victory_centres
    if game.soloer(victory) is not None:
        beaten = any(0 < c < victory for c in centres)
        played = solo_year(game) - 1900 if beaten else 0
        scores = tuple([
            float(params.solo) if c >= victory
            else float(max(params.loser_centres * c, played)) if c
            else float(int(e or 0) - 1900)
            for c, e in zip(centres, years, strict=True)
        ])
        return params.finish(scores)
    keys = [rank_key(c, e) for c, e in zip(centres, years, strict=True)]
    points = position_points(keys, params.positions, TieShare.LOWEST)
    result = [
        (params.centre_points * c if c else int(e or 0) - 1900) + points[k]
        for c, e, k in zip(centres, years, keys, strict=True)
    ]
    ordered = sorted(keys, reverse=True)
    if ordered[0] > ordered[1]:  # a sole board topper adds its lead
        top = centres.index(game.centres_desc[0])
        result[top] += params.lead * (centres[top] - second_key(ordered[1]))
    return params.finish(tuple(map(float, result)))
