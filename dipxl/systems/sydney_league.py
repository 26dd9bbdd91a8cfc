"""Sydney League (dipvis GScoringSydneyLeague; no source cited)."""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from dipxl.model import FIRST_YEAR, Game
from dipxl.ranking import TieShare, position_points, round_half_up
from dipxl.systems.base import CONCESSION_FLAGS, ELIMINATED_YEARS, BoardInput, GameSystem, param
from dipxl.systems.carnage import standing
from dipxl.systems.common import (
    GameParams,
    Rule,
    check_number,
    check_positions,
    game_winner,
    need_elimination_years,
    score_table,
)
from dipxl.systems.tables import rule_maker, year_table

__all__ = ["DEFAULT", "Params", "SydneyLeague", "score", "score_many"]


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """Sydney League parameters; the defaults are the system as dipvis scores it."""

    per_centre: float = param(25, "points a final centre")
    positions: tuple[float, ...] = param(
        (700, 600, 500, 400, 300, 200, 100),
        "rank points of 1st, 2nd, ... 7th: survivors by centres, then the eliminated by "
        "elimination year, the later the better (ties share)",
        item="rank points of {ordinal}")
    per_year: float = param(
        1, "points of an eliminated power a year played, its elimination year included")
    win_factor: float = param(
        1.5, "a solo or a concession: the winner's score (as if drawn) is multiplied by this")
    loss_factor: float = param(
        0.5, "a solo or a concession: everyone else's score (as if drawn) is multiplied by this")

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("per_centre", "per_year", "win_factor", "loss_factor"):
            check_number(name, getattr(self, name))
        check_positions(self.positions)


DEFAULT = Params()


class SydneyLeague(GameSystem[Params]):
    """Sydney League: 25 a centre and rank points 700 ... 100, a solo x 1.5.

    Every game is first scored as a draw: a survivor scores 25 per final
    centre + the rank points of its rank by centres among the survivors
    (700 for 1st, 600, 500, ... 100 for 7th); the eliminated powers take the
    ranks below every survivor, ordered by elimination year (the later the
    higher), and score those rank points + 1 point a year played, their
    elimination year included (elimination year - 1900). Powers tied on
    centres, or eliminated in the same year, share equally the points of
    the ranks they occupy together. Solo (18+ centres) or concession (the
    board marks one survivor alone in the draw): the winner scores 1.5 x
    its score as a draw and everyone else, the eliminated too, 0.5 x theirs.
    A board with an eliminated power needs its elimination year. Tournament
    score: the sum of game scores (option: best N rounds). No tie-breakers.
    Source: dipvis GScoringSydneyLeague, no source cited.
    """

    twin = "sydney_league"
    reads = ("centres", "eliminated", "draw")
    own_inputs = (
        BoardInput(ELIMINATED_YEARS, "The year each eliminated power lost its last centre "
                   "(blank for survivors), in the same order; needed for a game with an "
                   "eliminated power."),
        CONCESSION_FLAGS,
    )

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)

    def score_games(self, games: Sequence[Game], params: Params = DEFAULT
                    ) -> list[tuple[float, ...]]:
        return score_many(games, params)


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Sydney League scores of one game (the rule: :class:`SydneyLeague`)."""
    return score_many((game,), params)[0]


def score_many(games: Iterable[Game], params: Params = DEFAULT) -> list[tuple[float, ...]]:
    """:func:`score` of many games: each game shape's table is worked out
    once a call (a look-up a game); one or two eliminated powers score by
    their years' tables (a look-up each), more by each pattern of
    elimination years met (worked out once a call)."""
    rule = _rule(params)
    memo: dict[tuple[int, ...], Table] = {}
    get = memo.get
    # The eliminated powers' scores per pattern of elimination years.
    patterns: dict[tuple[int | None, ...], Eliminated] = {}
    pattern_get = patterns.get
    out: list[tuple[float, ...]] = []
    append = out.append
    for game in games:
        desc = game.centres_desc
        shape = get(desc)
        if shape is None:
            found = _game_table(desc, rule)
            if found is None:  # two powers on the victory count
                _score_exact(game, params)  # raises, naming the game
                raise AssertionError("unreachable: two winners are refused")
            shape = memo[desc] = found
        won, table, eliminated, ranked = shape
        if game.conceded_to is not None and not won:  # a concession (rare): as written
            append(_score_exact(game, params))
            continue
        a, b, c, d, e, f, g = game.centres  # seven subscripts beat map() here
        if not eliminated:
            append((table[a], table[b], table[c], table[d], table[e], table[f], table[g]))
            continue
        if eliminated == 1:  # its rank is the last, whatever its year
            (lone,) = ranked
            ya, yb, yc, yd, ye, yf, yg = game.years
            try:
                append((table[a] if a else lone[ya], table[b] if b else lone[yb],
                        table[c] if c else lone[yc], table[d] if d else lone[yd],
                        table[e] if e else lone[ye], table[f] if f else lone[yf],
                        table[g] if g else lone[yg]))
            except KeyError:  # no elimination year
                append(_score_exact(game, params))  # raises, naming the seat
            continue
        years = game.years
        if eliminated == 2:  # the later one ranks 6th, the other 7th; the same year: shared
            if years.count(None) != 5:  # an eliminated power with no year
                append(_score_exact(game, params))  # raises, naming the seat
                continue
            shared, ahead, behind = ranked
            ya, yb, yc, yd, ye, yf, yg = years
            first = ya or yb or yc or yd or ye or yf or yg  # in power order
            last = yg or yf or ye or yd or yc or yb or ya
            if first == last:
                x = y = shared[first]
            elif first > last:  # type: ignore[operator]  # both are years
                x, y = ahead[first], behind[last]
            else:
                x, y = behind[first], ahead[last]
            append((table[a] if a else x if ya == first else y,
                    table[b] if b else x if yb == first else y,
                    table[c] if c else x if yc == first else y,
                    table[d] if d else x if yd == first else y,
                    table[e] if e else x if ye == first else y,
                    table[f] if f else x if yf == first else y,
                    table[g] if g else x if yg == first else y))
            continue
        dead = pattern_get(years)
        if dead is None:
            dead = patterns[years] = _eliminated_scores(years, rule)
        dated, drawn, lost = dead
        if dated != eliminated:  # an eliminated power with no year
            append(_score_exact(game, params))  # raises, naming the seats
            continue
        ea, eb, ec, ed, ee, ef, eg = lost if won else drawn
        append((table[a] if a else ea, table[b] if b else eb, table[c] if c else ec,
                table[d] if d else ed, table[e] if e else ee, table[f] if f else ef,
                table[g] if g else eg))
    return out


def _rule_values(p: Params) -> tuple[Hashable, ...]:
    """The parameters the tables depend on."""
    return (p.victory_centres, p.per_centre, p.positions, p.per_year, p.win_factor,
            p.loss_factor, p.round_to)


_rule = rule_maker(_rule_values)


# A game shape's table: whether it is won on centres, the survivors' scores
# by centre count, how many powers are eliminated and, when one or two
# are, their scores by elimination year (:func:`_ranked_tables`).
Table = tuple[bool, tuple[float, ...], int, tuple[Mapping[int | None, float], ...]]


# A bounded cache of a pure function returning immutable tables: the same
# shape of game under the same rule gives the same table.
@lru_cache(maxsize=1 << 16)
def _game_table(ordered: tuple[int, ...], rule: Rule) -> Table | None:
    """The table of a game whose counts, highest first, are ``ordered``
    (scores rounded to ``round_to`` decimals, if set); None when two powers
    reach the victory criterion.

    A survivor scores ``per_centre`` a centre + the rank points of its rank
    by centres, the survivors ranking above every eliminated power (tied
    survivors share); a solo: the winner ``win_factor`` times that, every
    other survivor ``loss_factor`` times (the eliminated powers:
    :func:`_eliminated_scores`).
    """
    victory, per_centre, positions, _, win_factor, loss_factor, round_to, _ = rule.values
    top = ordered[0]
    won = top >= victory
    if won and ordered[1] == top:
        return None
    survivors = [c for c in ordered if c]
    points = position_points(survivors, positions, TieShare.SHARE)
    drawn = {c: per_centre * c + points[c] for c in survivors}
    if won:
        drawn = {c: s * (win_factor if c == top else loss_factor) for c, s in drawn.items()}
    eliminated = 7 - len(survivors)
    return won, score_table(drawn, round_to), eliminated, _ranked_tables(eliminated, won, rule)


# (how many powers have an elimination year, and their scores in power
# order in a drawn game and in a won game; NaN, never read, for the others).
Eliminated = tuple[int, tuple[float, ...], tuple[float, ...]]


# A bounded cache of a pure function returning immutable scores: the same
# elimination years under the same rule give the same scores.
@lru_cache(maxsize=1 << 16)
def _eliminated_scores(years: tuple[int | None, ...], rule: Rule) -> Eliminated:
    """The scores of the powers eliminated in ``years`` (power order; None
    for a survivor, whose entry is NaN, never read), rounded to
    ``round_to`` decimals, if set: they take the ranks below every
    survivor, ordered by elimination year, the later the higher, and score
    those rank points (the same year: shared) + ``per_year`` a year
    played, their elimination year included; in a won game
    ``loss_factor`` times that."""
    dated = [year for year in years if year is not None]
    drawn = _drawn_eliminated(dated, rule)
    loss_factor, round_to = rule.values[5], rule.values[6]
    return (
        len(dated),
        tuple([math.nan if y is None else round_half_up(drawn[y], round_to) for y in years]),
        tuple([math.nan if y is None else round_half_up(drawn[y] * loss_factor, round_to)
               for y in years]),
    )


def _drawn_eliminated(dated: Sequence[int], rule: Rule) -> dict[int, float]:
    """Elimination year -> the drawn score (unrounded) of the powers
    eliminated in those years, ``dated``: the rank points of the ranks
    after every survivor's by year (the same year: shared) + ``per_year``
    a year played, the elimination year included."""
    positions, per_year = rule.values[2], rule.values[3]
    below = positions[7 - len(dated):]  # the ranks after every survivor's
    points = position_points(dated, below, TieShare.SHARE)
    return {year: points[year] + per_year * (year - FIRST_YEAR + 1) for year in dated}


def _ranked_tables(eliminated: int, won: bool, rule: Rule
                   ) -> tuple[Mapping[int | None, float], ...]:
    """The scores by elimination year of one eliminated power (it ranks
    7th), or of two: tied (same year: 6th and 7th shared), the later (6th)
    and the earlier (7th); none for more."""
    if eliminated == 1:
        return (_rank_scores(6, 1, won, rule),)
    if eliminated == 2:
        return (_rank_scores(5, 2, won, rule), _rank_scores(5, 1, won, rule),
                _rank_scores(6, 1, won, rule))
    return ()


# A bounded cache of a pure function of the rule returning tables nobody
# changes (a look-up a game shape).
@lru_cache(maxsize=256)
def _rank_scores(start: int, tied: int, won: bool, rule: Rule) -> Mapping[int | None, float]:
    """The score by elimination year of an eliminated power on the ranks
    after the first ``start``, with ``tied`` - 1 others eliminated the same
    year (:func:`_eliminated_scores`; the same sums), rounded to
    ``round_to`` decimals, if set."""
    positions, per_year, loss_factor, round_to = (rule.values[2], rule.values[3],
                                                  rule.values[5], rule.values[6])
    points = position_points([0] * tied, positions[start:], TieShare.SHARE)[0]

    def score(year: int) -> float:
        drawn: float = points + per_year * (year - FIRST_YEAR + 1)
        return drawn * loss_factor if won else drawn

    return year_table(score, round_to)


def _score_exact(game: Game, params: Params) -> tuple[float, ...]:
    """The rule as written, seat by seat: what the tables reproduce, and
    the path of concessions and of boards to refuse."""
    centres = game.centres
    years = need_elimination_years(game) if 0 in centres else (None,) * 7
    keys = [standing(c, y) for c, y in zip(centres, years, strict=True)]
    points = position_points(keys, params.positions, TieShare.SHARE)
    drawn = [
        params.per_centre * c + points[k] if c
        else points[k] + params.per_year * (k - FIRST_YEAR + 1)
        for c, k in zip(centres, keys, strict=True)
    ]
    winner = game_winner(game, params.victory_centres)
    if winner is not None:
        drawn = [s * (params.win_factor if i == winner else params.loss_factor)
                 for i, s in enumerate(drawn)]
    return params.finish(tuple(drawn))
