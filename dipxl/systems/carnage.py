"""Carnage (SCORING.md section 8; beyond the source texts) and dipvis's
Carnage family (CATALOGUE.md): elimination order, Center-count Carnage,
Carnage 2023 are presets of this one rule."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from dipxl.errors import Notice, ParameterError
from dipxl.model import FIRST_YEAR, LAST_YEAR, MAX_CENTRES, Game
from dipxl.ranking import TieShare, position_points, round_half_up
from dipxl.systems.base import (
    ELIMINATED_YEARS,
    OPTIONAL_DRAW_FLAGS,
    BoardInput,
    GameSystem,
    param,
)
from dipxl.systems.common import (
    GameParams,
    Rule,
    check_number,
    check_positions,
    game_winner,
    missing_years,
    score_table,
    solo_winner,
)
from dipxl.systems.tables import RuleOf, Table, score_by_shape, score_one_by_shape

__all__ = [
    "ABOVE_YEARS", "Carnage", "Params", "by_rule", "notices", "score", "score_many", "standing",
]


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """Carnage parameters; the defaults are the system of SCORING.md section 8."""

    positions: tuple[float, ...] = param(
        (7000, 6000, 5000, 4000, 3000, 2000, 1000),
        "rank points of 1st, 2nd, ... 7th by centres in a draw (ties share)",
        item="rank points of {ordinal} by centres in a draw")
    eliminated_by_year: bool = param(
        False, "TRUE: eliminated powers ranked by elimination year, the later the better "
        "(FALSE: they share the lowest ranks)")
    centre_points: float = param(1, "points for each final centre in a draw")
    solo: float | None = param(
        None, "points of the winner of a solo or a concession (blank: every rank point "
        "and 34 centres at centre_points each, 28034)")
    solo_loss: float = param(
        0, "points of every other power in a solo or a concession, eliminated ones too")
    lead_bonus: float = param(
        0, "in a draw, points for each centre the sole leader is ahead of the next "
        "power (the next survivor, or 0 centres when it is the only survivor)")

    def __post_init__(self) -> None:
        super().__post_init__()
        check_positions(self.positions)
        if not isinstance(self.eliminated_by_year, bool):
            raise ParameterError(
                f"eliminated_by_year must be true or false, got {self.eliminated_by_year!r}",
                field="eliminated_by_year", value=self.eliminated_by_year,
            )
        for name in ("centre_points", "solo_loss", "lead_bonus"):
            check_number(name, getattr(self, name))
        if self.solo is not None:
            check_number("solo", self.solo)

    @property
    def solo_points(self) -> float:
        """The winner's points: ``solo``, or every rank point and every centre."""
        if self.solo is not None:
            return float(self.solo)
        return float(sum(self.positions) + MAX_CENTRES * self.centre_points)


DEFAULT = Params()

# A survivor's standing is its centres times this, above any elimination year.
ABOVE_YEARS = 10 * LAST_YEAR


class Carnage(GameSystem[Params]):
    """Carnage: 1 point a centre plus rank points 7000, 6000, ... 1000.

    Solo (18+ centres) or concession (the draw flags mark one survivor
    alone): the winner scores every rank point and every centre,
    7000 + 6000 + ... + 1000 + 34 = 28034; everyone else 0. Draw: each player
    scores 1 per final centre + the rank points of his rank by centres, 7000
    for 1st down to 1000 for 7th; players tied on centres share equally the
    points of the ranks they occupy together, and eliminated players share
    the lowest ranks (option eliminated_by_year: they are ranked by
    elimination year, the later the better, equal years sharing; an unknown
    year ranks last). Options as in dipvis's Carnage family: centre_points
    a centre, a fixed solo score, solo_loss to every loser of a solo or
    concession, and a lead_bonus for each centre a sole leader is ahead of
    the next power. Tournament score: the sum of game scores (option: best
    N rounds). No tie-breakers.
    Presets, dipvis's Carnage family (dipvis GScoringCarnage): "Carnage with
    elimination order" (eliminated_by_year); "Center-count Carnage" (by
    year, 500 a centre, rank points 7007, 6006, ... 1001, solo 39028, 1000
    to each loser; https://docs.google.com/document/d/1JukC2QHv_dEUamoB8qHDKEOjf3G3pnRxTWc1lVe41MY);
    "Carnage 2023" (by year, lead bonus 300 a centre; dipvis issue #250).
    A lone survivor short of a solo ranks 1st (dipvis cannot score it).
    Source: SCORING.md section 8 (beyond the source texts: a system TDs ask for).
    """

    twin = "carnage"
    reads = ("centres", "eliminated", "draw")
    # Published before it read concessions: =CARNAGE(centres, years,
    # "round_to=2") keeps its meaning.
    after_parameters = ("draw_flags",)
    own_inputs = (
        BoardInput(ELIMINATED_YEARS, "Optional: the year each eliminated power lost its last "
                   "centre (blank for survivors), in the same order; read only with "
                   "eliminated_by_year."),
        OPTIONAL_DRAW_FLAGS,
    )

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)

    def score_games(self, games: Sequence[Game], params: Params = DEFAULT
                    ) -> list[tuple[float, ...]]:
        return score_many(games, params)

    def notices(self, game: Game, params: Params = DEFAULT) -> list[Notice]:
        return notices(game, params)


def by_rule(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Carnage scores of one game worked out seat by seat from the rule
    (:class:`Carnage`): what :func:`score` gives, the path of a concession."""
    centres = game.centres
    won = game_winner(game, params.victory_centres)
    if won is not None:
        scores = tuple([params.solo_points if i == won else float(params.solo_loss)
                        for i in range(7)])
    else:
        if params.eliminated_by_year and 0 in centres:
            standings = [standing(c, y) for c, y in zip(centres, game.years, strict=True)]
        else:  # by centres: the eliminated are tied on 0 and share the lowest ranks
            standings = list(centres)
        points = position_points(standings, params.positions, TieShare.SHARE)
        per_centre = params.centre_points
        top, second = game.centres_desc[:2]
        lead = params.lead_bonus * (top - second)  # 0 when the top is shared
        scores = tuple([per_centre * c + points[k] + (lead if c == top else 0)
                        for c, k in zip(centres, standings, strict=True)])
    return params.finish(scores)


def standing(centres: int, year: int | None) -> int:
    """A seat's standing for rank points when eliminated powers are ranked
    by year, higher is better: a survivor's centres x :data:`ABOVE_YEARS`,
    above every eliminated power; an eliminated power's elimination year
    (0 when not recorded: below every recorded year)."""
    return centres * ABOVE_YEARS if centres else (year or 0)


# ---------------------------------------------------------------- by game shape
#
# What is memoised, and why: a game's scores follow from its shape (its
# counts, highest first: Game.centres_desc) as a table by centre count, so
# a tournament costs a table look-up and seven subscripts a game
# (tables.score_by_shape); a bounded cache keeps the tables between calls,
# a dict holds them within one.  Ranked by year, the eliminated seats of a
# drawn game score by their elimination years when two or more went out:
# two in different years take the 6th and 7th ranks apart, more read a
# bounded cache by pattern of years.  A concession is rare: it is scored by
# the rule itself (by_rule).


def _table_or_raise(game: Game, rule: Rule, victory: int) -> Table:
    """The table of ``game``'s shape, or the InputError of two powers on the
    victory criterion."""
    table = _game_table(game.centres_desc, rule)
    if table is None:
        solo_winner(game, victory)  # raises, naming the game
        raise AssertionError("unreachable: solo_winner raises")
    return table


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Carnage scores of one game (the rule: :class:`Carnage`)."""
    if params.eliminated_by_year and not game.centres_desc[5]:  # two or more eliminated
        return score_many((game,), params)[0]
    # By centres, or ranked by year with one eliminated seat at most (ranked
    # last either way): the shape's table.
    return score_one_by_shape(game, params, _rule(params), _game_table, by_rule)


def score_many(games: Iterable[Game], params: Params = DEFAULT) -> list[tuple[float, ...]]:
    """:func:`score` of many games (each game shape's table is worked out
    once a call)."""
    rule = _rule(params)
    if not params.eliminated_by_year:
        return score_by_shape(games, params, rule, _game_table, by_rule)
    victory = params.victory_centres
    memo: dict[tuple[int, ...], Table] = {}
    get = memo.get
    # Two eliminated seats (most games that rank by year) eliminated in
    # different years: the later takes the 6th rank alone, the other the 7th.
    later, earlier = _eliminated_apart(rule)
    out: list[tuple[float, ...]] = []
    append = out.append
    for game in games:
        desc = game.centres_desc
        if game.conceded_to is not None and desc[0] < victory:
            append(by_rule(game, params))
            continue
        table = get(desc)
        if table is None:
            table = memo[desc] = _table_or_raise(game, rule, victory)
        centres = game.centres
        a, b, c, d, e, f, g = centres
        if desc[5] or desc[0] >= victory:  # one eliminated at most, or a solo
            append((table[a], table[b], table[c], table[d], table[e], table[f], table[g]))
            continue
        if desc[4]:  # two eliminated: in the same year (or both in none) they share
            years = game.years
            i = centres.index(0)
            j = centres.index(0, i + 1)
            year_i, year_j = years[i], years[j]
            row = [table[a], table[b], table[c], table[d], table[e], table[f], table[g]]
            if year_i != year_j:
                if (year_i or 0) > (year_j or 0):
                    row[i], row[j] = later, earlier
                else:
                    row[i], row[j] = earlier, later
            append(tuple(row))
            continue
        found = _eliminated_seats(game.years, desc.index(0), rule)
        xa, xb, xc, xd, xe, xf, xg = found  # an eliminated seat's score
        append((table[a] if a else xa, table[b] if b else xb, table[c] if c else xc,
                table[d] if d else xd, table[e] if e else xe, table[f] if f else xf,
                table[g] if g else xg))
    return out


# The parameters the tables depend on.
_rule = RuleOf[Params](lambda p: (p.victory_centres, p.positions, p.centre_points,
                                   p.solo_points, p.solo_loss, p.lead_bonus, p.round_to))


# A bounded cache of a pure function returning immutable tables: the same
# shape of game under the same rule gives the same table.
@lru_cache(maxsize=1 << 16)
def _game_table(ordered: tuple[int, ...], rule: Rule) -> Table | None:
    """The scores by centre count of a game whose counts, highest first,
    are ``ordered``; None when two powers reach the victory criterion.

    Solo: the soloist scores the solo points, everyone else solo_loss.
    Draw: centres x centre_points + the rank points of the count's ranks
    (ties share them; the eliminated, tied on 0, share the lowest) + the
    lead bonus of the sole leader, per centre ahead of the next count.
    Ranked by year, a survivor's entry is the same (the survivors take the
    top ranks either way); the eliminated seats read :func:`_eliminated_table`.
    Rounded to ``round_to`` decimals, if set.
    """
    victory, positions, per_centre, solo, solo_loss, lead_bonus, round_to, _ = rule.values
    top, second = ordered[0], ordered[1]
    if top >= victory:
        if second == top:
            return None
        table = {c: solo if c == top else float(solo_loss) for c in ordered}
    else:
        points = position_points(ordered, positions, TieShare.SHARE)
        lead = lead_bonus * (top - second)  # 0 when the top is shared
        table = {c: per_centre * c + points[c] + (lead if c == top else 0) for c in ordered}
    return score_table(table, round_to)


# A bounded cache of a pure function.
@lru_cache(maxsize=64)
def _eliminated_apart(rule: Rule) -> tuple[float, float]:
    """Ranked by year, the scores of two eliminated seats of a drawn game
    eliminated in different years (the one without a year the earlier): the
    later one's, then the earlier one's."""
    by_year = _eliminated_table(5, (FIRST_YEAR + 1, FIRST_YEAR), rule)
    return by_year[FIRST_YEAR + 1], by_year[FIRST_YEAR]


# Per seat, its score if it is eliminated (NaN, never read: a survivor, when
# every eliminated seat has its year).
SeatScores = tuple[float, ...]


# A bounded cache of a pure function: an event has few patterns of years.
@lru_cache(maxsize=1 << 16)
def _eliminated_seats(years: tuple[int | None, ...], survivors: int, rule: Rule) -> SeatScores:
    """Ranked by year, each seat's score if it is eliminated in a drawn game
    with ``survivors`` survivors and these elimination years (power order;
    None: a survivor, or no year recorded)."""
    recorded = tuple(sorted((y for y in years if y is not None), reverse=True))
    by_year = _eliminated_table(survivors, recorded, rule)
    return tuple([by_year.get(y, math.nan) for y in years])


# A bounded cache of a pure function returning read-only tables.
@lru_cache(maxsize=1 << 12)
def _eliminated_table(
    survivors: int, recorded: tuple[int, ...], rule: Rule
) -> Mapping[int | None, float]:
    """Ranked by year, the score of an eliminated seat of a drawn game with
    ``survivors`` survivors and the elimination years ``recorded`` (the
    other eliminated seats have none): the eliminated take the ranks below
    the survivors', the later year the better, equal years sharing, no year
    ranking last; each scores its rank points (and 0 centres).  Rounded to
    ``round_to`` decimals, if set."""
    _, positions, per_centre, _, _, _, round_to, _ = rule.values
    unrecorded = 7 - survivors - len(recorded)
    ranked = [standing(0, y) for y in recorded] + [standing(0, None)] * unrecorded
    points = position_points(ranked, positions[survivors:], TieShare.SHARE)
    years = (*recorded, None) if unrecorded else recorded
    # Added up as by_rule adds a seat's score (0 centres, no lead): the same float.
    return MappingProxyType({
        y: round_half_up(per_centre * 0 + points[standing(0, y)] + 0, round_to) for y in years
    })


def notices(game: Game, params: Params = DEFAULT) -> list[Notice]:
    """Ranked by year, an eliminated power with no elimination year ranks
    last (a solo or a concession ranks nobody)."""
    won = max(game.centres) >= params.victory_centres or game.conceded_to is not None
    if not params.eliminated_by_year or won:
        return []
    return missing_years(game, "ranked below every power eliminated in a recorded year")
