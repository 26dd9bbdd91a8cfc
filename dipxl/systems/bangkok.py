"""Bangkok (and its preset Olympic): dipvis's GScoringBangkok (CATALOGUE.md)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from dipxl.errors import ParameterError
from dipxl.model import FIRST_YEAR, Game
from dipxl.systems.base import ELIMINATED_YEARS, BoardInput, GameSystem, param
from dipxl.systems.common import (
    GameParams,
    Rule,
    check_number,
    game_winner,
    need_elimination_years,
    score_table,
)
from dipxl.systems.tables import rule_maker, year_table

__all__ = ["Bangkok", "Params", "score", "score_many"]


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """Bangkok parameters; the defaults are the Bangkok 2020 system."""

    solo: float = param(41, "points of the winner of a solo or a concession")
    loser_per_centre: float = param(
        0.5, "points per centre of every other power of a won game")
    survival: float = param(3, "points of each survivor of a drawn game")
    per_year: float = param(
        0.3, "points of an eliminated power of a drawn game per year from 1901 to its "
        "elimination year (0.3 x (year - 1901))")
    domination: float = param(
        12, "points of a drawn game split by the domination shares")
    top_shares: float = param(3, "domination shares of each power on the top count")
    one_behind_shares: float = param(
        2, "domination shares of each power one centre behind the top")
    two_behind_shares: float = param(
        1, "domination shares of each power two centres behind the top")

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("solo", "loser_per_centre", "survival", "per_year", "domination"):
            check_number(name, getattr(self, name))
        for name in ("top_shares", "one_behind_shares", "two_behind_shares"):
            check_number(name, getattr(self, name), 0)
        if self.top_shares == 0:
            raise ParameterError(
                "top_shares must be more than 0 (the domination points are split by the "
                "shares, and the top always has some), got 0",
                field="top_shares", value=self.top_shares,
            )


DEFAULT = Params()


class Bangkok(GameSystem[Params]):
    """Bangkok: centres, 3 for surviving and 12 domination points split by shares.

    Solo (18+ centres) or concession (the draw marks one survivor alone):
    the winner scores 41, every other power 0.5 per centre (the eliminated
    0). Draw: each power scores its centres; each survivor +3, each
    eliminated power 0.3 x (its elimination year - 1901) instead; and 12
    domination points are split by shares: 3 shares to each power on the
    top count, 2 to each one centre behind it, 1 to each two behind,
    none to the rest, each power scoring 12 x its shares / all the shares.
    A lone leader with nobody one or two behind takes all 12. A drawn
    board with an eliminated power and no elimination year is refused.
    Olympic (preset): solo 46, 0 to the losers of a solo, shares 4 / 1.5 /
    0.5. Tournament score: the sum of game scores (option: best N rounds).
    No tie-breakers.
    Source: https://world-diplomacy-wiki.fandom.com/wiki/Bangkok_2020_Scoring_System
    (as dipvis GScoringBangkok scores it; Olympic: dipvis, no source cited).
    """

    twin = "bangkok"
    reads = ("centres", "eliminated", "draw")
    own_inputs = (
        BoardInput(ELIMINATED_YEARS, "The year each eliminated power lost its last centre "
                   "(blank for survivors), in the same order; needed in a drawn game."),
    )


    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)

    def score_games(self, games: Sequence[Game], params: Params = DEFAULT
                    ) -> list[tuple[float, ...]]:
        return score_many(games, params)


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Bangkok scores of one game (the rule: :class:`Bangkok`)."""
    return score_many((game,), params)[0]


def score_many(games: Iterable[Game], params: Params = DEFAULT) -> list[tuple[float, ...]]:
    """:func:`score` of many games: each game shape's table is worked out
    once a call (a look-up a game, and one a year for the eliminated)."""
    rule = _rule(params)
    if not _any_order(rule):  # shares whose total depends on their order (rare): as written
        return [_score_exact(game, params) for game in games]
    memo: dict[tuple[int, ...], Table] = {}
    get = memo.get
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
        won, table, by_year = shape
        if game.conceded_to is not None and not won:  # a concession (rare): as written
            append(_score_exact(game, params))
            continue
        a, b, c, d, e, f, g = game.centres  # seven subscripts beat map() here
        if won or desc[6]:  # a solo (no year read), or nobody eliminated
            append((table[a], table[b], table[c], table[d], table[e], table[f], table[g]))
            continue
        ya, yb, yc, yd, ye, yf, yg = game.years
        try:
            append((table[a] if a else by_year[ya], table[b] if b else by_year[yb],
                    table[c] if c else by_year[yc], table[d] if d else by_year[yd],
                    table[e] if e else by_year[ye], table[f] if f else by_year[yf],
                    table[g] if g else by_year[yg]))
        except KeyError:  # an eliminated power with no year
            append(_score_exact(game, params))  # raises, naming the seats
    return out


def _rule_values(p: Params) -> tuple[Hashable, ...]:
    """The parameters the tables depend on."""
    return (p.victory_centres, p.solo, p.loser_per_centre, p.survival, p.per_year,
            p.domination, p.top_shares, p.one_behind_shares, p.two_behind_shares, p.round_to)


_rule = rule_maker(_rule_values)


# A bounded cache of a pure function of the rule (a look-up a call).
@lru_cache(maxsize=64)
def _any_order(rule: Rule) -> bool:
    """Whether the domination shares of seven powers total the same in any
    order (the rule as written adds them in power order; a table by game
    shape serves every order): true unless some share needs more bits than
    the sum of seven can keep, e.g. 0.1; the shares are whole numbers or
    halves, quarters ... in every published system."""
    shares = [Fraction(v) for v in rule.values[6:9]]
    unit = max(f.denominator for f in shares)  # floats: powers of two
    # All multiples of 1 / unit, the sum of seven within 53 bits: exact.
    return 7 * max(shares) * unit <= 2**53


# A game shape's table: whether it is won on centres, its scores by centre
# count, and (a drawn game with eliminated powers) their scores by year.
Table = tuple[bool, tuple[float, ...], Mapping[int | None, float]]
_NO_YEARS: Mapping[int | None, float] = {}


# A bounded cache of a pure function returning immutable tables: the same
# shape of game under the same rule gives the same table.
@lru_cache(maxsize=1 << 16)
def _game_table(ordered: tuple[int, ...], rule: Rule) -> Table | None:
    """The table of a game whose counts, highest first, are ``ordered``
    (scores rounded to ``round_to`` decimals, if set); None when two powers
    reach the victory criterion.

    Solo: the winner scores ``solo``, every other power ``loser_per_centre``
    a centre.  Draw: a survivor scores centres + ``survival``, an
    eliminated power ``per_year`` a year after 1901, and each power its
    share of ``domination``.
    """
    victory, solo, loser_per_centre, survival, _, domination, *shares, round_to, _ = rule.values
    top = ordered[0]
    if top >= victory:
        if ordered[1] == top:
            return None
        table = {c: float(loser_per_centre * c) for c in ordered}
        table[top] = float(solo)
        return True, score_table(table, round_to), _NO_YEARS
    by_gap = dict(enumerate(shares))  # 0, 1 or 2 centres behind the top
    held = [by_gap.get(top - c, 0) for c in ordered]
    total = sum(held)
    dominated = {c: domination * share / total for c, share in zip(ordered, held, strict=True)}
    table = {c: float(c + survival) + dominated[c] for c in ordered if c}
    by_year = _year_scores(dominated[0].hex(), rule) if 0 in dominated else _NO_YEARS
    return False, score_table(table, round_to), by_year


# A bounded cache of a pure function returning tables nobody changes: an
# eliminated power's domination points are 0 but on the smallest boards.
@lru_cache(maxsize=256)
def _year_scores(dominated: str, rule: Rule) -> Mapping[int | None, float]:
    """The score of an eliminated power of a drawn game by elimination
    year, given its ``dominated`` points (:meth:`float.hex`: exact, the
    sign of a zero too): ``per_year`` a year after 1901, rounded to
    ``round_to`` decimals, if set."""
    per_year, round_to = rule.values[4], rule.values[9]
    points = float.fromhex(dominated)
    return year_table(lambda year: float(per_year * (year - FIRST_YEAR)) + points, round_to)


def _score_exact(game: Game, params: Params) -> tuple[float, ...]:
    """The rule as written, seat by seat: what the tables reproduce, and
    the path of concessions and of boards to refuse."""
    centres = game.centres
    winner = game_winner(game, params.victory_centres)
    if winner is not None:
        scores = tuple([float(params.solo) if i == winner else float(params.loser_per_centre * c)
                        for i, c in enumerate(centres)])
        return params.finish(scores)
    years = need_elimination_years(game) if 0 in centres else game.years
    top = game.centres_desc[0]
    by_gap = {0: params.top_shares, 1: params.one_behind_shares, 2: params.two_behind_shares}
    shares = [by_gap.get(top - c, 0) for c in centres]
    total = sum(shares)

    def base(c: int, year: int | None) -> float:
        if c:
            return float(c + params.survival)
        assert year is not None  # need_elimination_years: every eliminated power has one
        return float(params.per_year * (year - FIRST_YEAR))

    scores = tuple([base(c, y) + params.domination * share / total
                    for c, y, share in zip(centres, years, shares, strict=True)])
    return params.finish(scores)
