"""Detour09 (dipvis's GScoringDetour09; CATALOGUE.md "Detour09")."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from dipxl.model import FIRST_YEAR, Game
from dipxl.ranking import TieShare, position_points
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
from dipxl.systems.tables import score_by_years, seats_by_years, sums_exactly, year_table

__all__ = [
    "DEFAULT", "Detour09", "Params", "score", "score_many", "survival",
]


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """Detour09 parameters; the defaults are dipvis's Detour09."""

    win: float = param(
        110, "points of the soloist, or of the power a game is conceded to (the others "
        "score their survival points)")
    draw_total: float = param(100, "a drawn game's raw scores are scaled to total this")
    alive: float = param(2, "raw points of a survivor in a draw, besides 1 a centre")
    positions: tuple[float, ...] = param(
        (4, 3, 2, 1), "raw points for 1st, 2nd, ... place by centres in a draw "
        "(ties: the lowest place's)", item="raw points for {ordinal} place by centres in a draw")
    survival: float = param(
        0.25, "points a year survived after 1901, added after the scaling: an eliminated "
        "power's years to its elimination, a loser of a solo's to the solo year")
    survival_years: int = param(8, "survival years counted at most")

    def __post_init__(self) -> None:
        super().__post_init__()
        check_number("win", self.win)
        check_number("draw_total", self.draw_total, 0)
        check_number("alive", self.alive, 0)
        check_positions(self.positions)
        for value in self.positions:
            check_number("positions", value, 0)
        check_number("survival", self.survival)
        check_number("survival_years", self.survival_years, 0, whole=True)


DEFAULT = Params()


class Detour09(GameSystem[Params]):
    """Detour09: a draw's raw scores scaled to 100, a solo 110, survival points.

    Solo (18+ centres, or a game conceded to one power): the soloist scores
    110; everyone else 0 + survival points. Draw: each power's raw score is
    its centres, + 2 for a survivor, + the sole board topper's lead over the
    second count, + 4 / 3 / 2 / 1 for 1st / 2nd / 3rd / 4th place by
    centres (powers tied all get the points of the lowest place they
    occupy, so a tie of 5 or more gets none); the raw scores are scaled to
    total 100, then each eliminated power adds its survival points.
    Survival points: 0.25 a year after 1901, at most 8 years (2 points);
    the year is the elimination year of an eliminated power and the solo
    year of a survivor who lost to a solo (the final year; for a
    concession the year of the vote, the year after the final counts).
    Needs the elimination year of every eliminated power and, when a
    survivor lost to a solo, the final year. Tournament score: the sum of
    game scores (option: best N rounds). No tie-breakers.
    Source: dipvis GScoringDetour09 (http://www.totalcon.com/docs/DiplomacyRules.pdf;
    https://docs.google.com/document/d/1KI4w3fVuHG1Wcz33Nm4devevHhdst3FnWf3cuHhRmbo/edit).
    """

    twin = "detour09"
    reads = ("centres", "eliminated", "draw", "year")
    own_inputs = (
        BoardInput(ELIMINATED_YEARS, "The year each eliminated power lost its last centre "
                   "(blank for survivors), in the same order: survival points."),
    )

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)

    def score_games(self, games: Sequence[Game], params: Params = DEFAULT
                    ) -> list[tuple[float, ...]]:
        return score_many(games, params)


def survival(year: int, params: Params = DEFAULT) -> float:
    """The survival points of a power out (or beaten by a solo) in ``year``."""
    return _survival(year, params.survival, params.survival_years)


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Detour09 scores of one game (the rule: :class:`Detour09`)."""
    return _score(game, params, _rule(params))


def _score(game: Game, params: Params, rule: Rule) -> tuple[float, ...]:
    """:func:`score` of one game under ``rule`` (the parameters' Rule): by
    the tables, else (a board no table covers) by :func:`_exact`."""
    desc = game.centres_desc
    table = _game_table(desc, game.year if desc[0] >= params.victory_centres else None, rule)
    if table is None or game.conceded_to is not None:
        return _exact(game, params)
    # An eliminated seat without its year: refused.
    return seats_by_years(game, *table) or _exact(game, params)


def score_many(games: Iterable[Game], params: Params = DEFAULT) -> list[tuple[float, ...]]:
    """:func:`score` of many games (each drawn shape's table is worked out
    once a call, so a tournament costs one look-up a game; a solo, one by
    one: its table depends on its year too)."""
    rule = _rule(params)
    return score_by_years(games, params, rule, _draw_table, _by_year(rule, True), _exact,
                          concessions=True, other=_score)


def _rule(params: Params) -> Rule:
    """The parameters the tables depend on."""
    return rule_of(params.victory_centres, params.win, params.draw_total, params.alive,
                   params.positions, params.survival, params.survival_years, params.round_to)


# A game shape's scores by centre count (score_table: rounded as finish
# rounds), and an eliminated seat's score by its elimination year (one
# mapping serves every drawn game, another every solo).
Table = tuple[tuple[float, ...], Mapping[int | None, float]]


def _draw_table(ordered: tuple[int, ...], rule: Rule) -> tuple[float, ...] | None:
    """The scores by centre count of a drawn game of that shape (the
    eliminated: :func:`_by_year`)."""
    found = _game_table(ordered, None, rule)
    return found[0] if found else None


# A bounded cache of a pure function returning immutable tables: the same
# shape (and, after a solo, year) under the same rule gives the same table.
@lru_cache(maxsize=1 << 16)
def _game_table(ordered: tuple[int, ...], year: int | None, rule: Rule) -> Table | None:
    """The scores of a game whose counts, highest first, are ``ordered``
    and which was not conceded; ``year``: the final year, read after a
    solo.  None (the exact path scores or refuses the board): two powers
    on the victory count (the winner is the first in power order: a seat,
    not a count), a solo whose survivors need the final year when it is
    not given, raw scores whose total could depend on the order they are
    added in (the exact path adds them in power order), or eliminated seats
    with raw points (a 7th place's position points: their scaled score
    depends on the game's total)."""
    victory, win, draw_total, alive, positions, per_year, most, round_to = rule.values
    top, second = ordered[0], ordered[1]
    if top >= victory:
        if second == top:
            return None
        table = {top: float(win)}
        if second:  # survivors beaten by the solo: their years to the final year
            if year is None:
                return None
            table.update({c: _survival(year, per_year, most) for c in ordered[1:] if c})
        return score_table(table, round_to), _by_year(rule, False)
    points = position_points(ordered, positions, TieShare.LOWEST)
    raw = {c: c + (alive if c else 0) + p for c, p in points.items()}
    if raw.get(0, 0):
        return None
    each = [raw[c] for c in ordered]
    if top > second:  # a sole board topper adds its lead
        each[0] += top - second
    if not sums_exactly(each):
        return None
    total = sum(each)
    table = {c: r * draw_total / total + 0.0 for c, r in raw.items()}
    table[top] = each[0] * draw_total / total + 0.0
    return score_table(table, round_to), _by_year(rule, True)


def _survival(year: int, per_year: float, most: int) -> float:
    """:func:`survival` under these parameters."""
    points: float = per_year * min(most, year - FIRST_YEAR)
    return points


# A small cache of a pure function: an eliminated seat's score by its year
# (read, never changed: Mapping; a seat with no year is a KeyError).
@lru_cache(maxsize=64)
def _by_year(rule: Rule, drawn: bool) -> Mapping[int | None, float]:
    """An eliminated seat's score by elimination year: its survival points,
    rounded as finish rounds; in a draw, added to its scaled raw score,
    a raw 0 (0 whatever the total, signed as draw_total)."""
    _, _, draw_total, _, _, per_year, most, round_to = rule.values
    scaled = 0.0 * draw_total
    return year_table(lambda e: scaled + _survival(e, per_year, most) if drawn
                      else _survival(e, per_year, most), round_to)


def _exact(game: Game, params: Params) -> tuple[float, ...]:
    """:func:`score` worked out seat by seat: boards no table covers (a
    concession, two powers on the victory count, raw scores added in power
    order, eliminated seats with position points, a board refused)."""
    centres = game.centres
    years = need_elimination_years(game)
    winner = game.soloer(params.victory_centres)
    if winner is not None:
        beaten = any(c and i != winner for i, c in enumerate(centres))
        y = solo_year(game) if beaten else FIRST_YEAR
        scores = tuple([
            float(params.win) if i == winner
            else survival(y if c else _year(e), params)
            for i, (c, e) in enumerate(zip(centres, years, strict=True))
        ])
        return params.finish(scores)
    points = position_points(centres, params.positions, TieShare.LOWEST)
    raw = [c + (params.alive if c else 0) + points[c] for c in centres]
    desc = game.centres_desc
    if desc[0] > desc[1]:  # a sole board topper adds its lead
        raw[centres.index(desc[0])] += desc[0] - desc[1]
    total = sum(raw)
    scores = tuple([
        r * params.draw_total / total + (0.0 if c else survival(_year(e), params))
        for r, c, e in zip(raw, centres, years, strict=True)
    ])
    return params.finish(scores)


def _year(year: int | None) -> int:
    """An eliminated power's year (need_elimination_years gave them all)."""
    assert year is not None
    return year

