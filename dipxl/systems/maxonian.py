"""Maxonian and 7Eleven (CATALOGUE.md, "Maxonian family"; dipvis GScoringMaxonian)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from dipxl.errors import InputError, Notice
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
)

__all__ = ["DEFAULT", "Maxonian", "Params", "bonus", "score", "score_many", "walk_keys"]


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """Maxonian parameters; the defaults are Maxonian (7Eleven: threshold 11)."""

    positions: tuple[float, ...] = param(
        (7, 6, 5, 4, 3, 2, 1),
        "points of 1st, 2nd, ... 7th by centres, ties broken by earlier years of the chart "
        "(identical histories share), in a draw and a solo alike",
        item="points of {ordinal} by centres and the chart")
    threshold: int = param(
        13, "a power on more centres scores 1 more per centre above it, up to "
        "victory_centres (after a solo or a concession: the winner alone)")

    def __post_init__(self) -> None:
        super().__post_init__()
        check_positions(self.positions)
        check_number("threshold", self.threshold, 0, whole=True)


DEFAULT = Params()


class Maxonian(GameSystem[Params]):
    """Maxonian: places 7 to 1 by centres, ties broken by the year-by-year chart, plus a bonus.

    Every power, in a draw and a solo alike, scores the points of its place
    by final centres: 7, 6, 5, 4, 3, 2, 1 for 1st to 7th. Powers tied on
    centres are placed by their counts in the latest earlier year of the
    chart, those still tied by the year before, and so on back to 1901; a
    year the board's chart leaves blank is skipped. Powers with identical
    counts in every year given share equally the points of the places they
    occupy together (so the dead are ordered by how long they held on).
    Bonus: a power on more than 13 centres (the threshold; 7Eleven: 11)
    scores 1 more per centre above it, counting at most 18 (at most +5;
    7Eleven +7); after a solo or a concession (one survivor marked Y while
    nobody holds 18) only the winner can take it. Tournament score: the sum
    of game scores (option: best N rounds). No tie-breakers.
    Decisions: a board with no tie on centres needs no chart; a board with a
    tie and no earlier year in its chart splits the tie, as dipvis does (its
    histories are then identical as far as anything says), with a warning
    naming the tied powers (the chart would break it); a chart year must
    give all seven counts or none (the final year too); with
    no final year every chart year is earlier (one repeating the final
    counts changes nothing).
    Source: Tour of Britain 2022 rules, as dipvis implements them
    (GScoringMaxonian, https://github.com/UEWBot/dipvis).
    """

    twin = "maxonian"
    reads = ("centres", "draw", "year", "chart")

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)

    def score_games(self, games: Sequence[Game], params: Params = DEFAULT
                    ) -> list[tuple[float, ...]]:
        return score_many(games, params)

    def notices(self, game: Game, params: Params = DEFAULT) -> list[Notice]:
        return notices(game)


def notices(game: Game) -> list[Notice]:
    """A tie on final centres that no earlier year of the chart can break:
    the tied powers share their places (dipvis's reading), which the chart
    would decide."""
    centres = game.centres
    if game.earlier_years() or len(set(centres)) == 7:
        return []
    tied = [p for p, c in zip(Power, centres, strict=True) if centres.count(c) > 1]
    names = ", ".join(f"{p.title} {centres[p]}" for p in tied)
    return [Notice(
        "tie_without_chart",
        f"{names} tie on centres and the board gives no earlier year of the chart: they "
        "share their places (type the year-by-year chart, columns 1901, 1902, ..., to "
        "break the tie)", game.label,
    )]


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Maxonian scores of one game (the rule: :class:`Maxonian`)."""
    table = _game_table(game.centres_desc, _rule(params))
    if table is None or game.conceded_to is not None or (game.chart and not _chart_idle(game)):
        return _exact(game, params)
    a, b, c, d, e, f, g = game.centres
    return (table[a], table[b], table[c], table[d], table[e], table[f], table[g])


def score_many(games: Iterable[Game], params: Params = DEFAULT) -> list[tuple[float, ...]]:
    """:func:`score` of many games (each game shape's table is worked out
    once a call, so a tournament costs one look-up a game)."""
    rule = _rule(params)
    memo: dict[tuple[int, ...], tuple[float, ...]] = {}
    get = memo.get
    out: list[tuple[float, ...]] = []
    append = out.append
    for game in games:
        table = get(game.centres_desc)
        if table is None:
            table = memo[game.centres_desc] = _game_table(game.centres_desc, rule) or ()
        if (not table or game.conceded_to is not None
                or (game.chart and not _chart_idle(game))):
            append(_exact(game, params))
            continue
        a, b, c, d, e, f, g = game.centres  # seven subscripts beat map() here
        append((table[a], table[b], table[c], table[d], table[e], table[f], table[g]))
    return out


def _chart_idle(game: Game) -> bool:
    """True when the board's chart changes no score: no tie on final
    centres for it to break, and no earlier year it gives is refused as
    incomplete (:func:`walk_keys`)."""
    if len(set(game.centres_desc)) < 7:
        return False
    final = game.year
    return not any(None in counts for year, counts in game.chart.items()
                   if final is None or year <= final)


def _rule(params: Params) -> Rule:
    """The parameters the tables depend on."""
    return rule_of(params.victory_centres, params.positions, params.threshold,
                   params.round_to)


# A bounded cache of a pure function returning immutable tables: the same
# shape of game under the same rule gives the same table.
@lru_cache(maxsize=1 << 16)
def _game_table(ordered: tuple[int, ...], rule: Rule) -> tuple[float, ...] | None:
    """The scores by centre count (:func:`score_table`: rounded to
    ``round_to`` decimals, if set) of a game whose counts, highest first,
    are ``ordered``, placed by centres alone (no chart, or one breaking no
    tie) and not conceded.  None: two powers on the victory count (the
    winner, the first in power order, is a seat, not a count: the exact
    path scores it)."""
    victory, positions, threshold, round_to = rule.values
    top = ordered[0]
    if top >= victory and ordered[1] == top:
        return None
    points = position_points(ordered, positions, TieShare.SHARE)
    table = {c: p + _bonus(c, victory, threshold) if top < victory or c == top else p + 0.0
             for c, p in points.items()}
    return score_table(table, round_to)


def _exact(game: Game, params: Params) -> tuple[float, ...]:
    """:func:`score` worked out seat by seat, walking the chart: boards no
    table covers (a tie the chart may break, a concession, a board refused)."""
    keys = walk_keys(game)
    order = {key: n for n, key in enumerate(sorted(set(keys)))}  # higher is better
    places = [order[key] for key in keys]
    points = position_points(places, params.positions, TieShare.SHARE)
    winner = game.soloer(params.victory_centres)
    scores = tuple([points[k] + bonus(c, params) if winner is None or winner == i
                    else points[k] + 0.0
                    for i, (k, c) in enumerate(zip(places, game.centres, strict=True))])
    return params.finish(scores)


def bonus(centres: int, params: Params) -> float:
    """The bonus of a power on ``centres`` that may take it."""
    return _bonus(centres, params.victory_centres, params.threshold)


def _bonus(centres: int, victory: int, threshold: int) -> float:
    return float(max(0, min(centres, victory) - threshold))


def walk_keys(game: Game) -> list[tuple[int, ...]]:
    """Each seat's place key, higher is better: its final count, then its
    counts in the chart's earlier years, latest first (comparing these
    tuples is the walk back through the years).  InputError for a chart
    year that gives some counts but not all seven (tied final counts with
    no earlier year share their places: :func:`notices` warns)."""
    years = game.earlier_years()
    # Every year given must be whole, the final year too (which the walk
    # does not read: it repeats the final counts).
    for year in sorted(game.chart, reverse=True):
        if game.year is not None and year > game.year:
            continue
        counts = game.chart[year]
        if None in counts:
            blank = tuple(p for p, c in zip(Power, counts, strict=True) if c is None)
            raise InputError(
                f"the chart gives counts for {year} but none for "
                f"{', '.join(p.title for p in blank)}: give all seven counts of a year, or "
                "none (a year left wholly blank is skipped)", game.label,
                field="chart", value=blank,
            )
    centres = game.centres
    chart = game.chart
    return [(c, *(int(chart[y][i] or 0) for y in years)) for i, c in enumerate(centres)]
