"""Detour 98e (source: seeds/002, SCORING.md section 3)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import lru_cache

from dipxl.errors import Notice
from dipxl.ledger import GameJudge, Ledger, Played
from dipxl.model import Game
from dipxl.ranking import TieShare, places, position_points, rank_key, round_half_up
from dipxl.systems.base import ELIMINATED_YEARS, BoardInput, GameSystem, param
from dipxl.systems.common import (
    GameParams,
    Rule,
    check_number,
    check_positions,
    missing_years,
    rule_of,
    score_table,
    solo_winner,
)
from dipxl.tiebreaks import Tiebreaker, best_game, show_game

__all__ = [
    "Detour98e", "Outcome", "Params", "SeatView", "compare", "notices", "score", "score_many",
    "view", "views",
]


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """Detour 98e parameters; the defaults are the published system."""

    win: float = param(100, "points of the soloist")
    draw_total: float = param(100, "a drawn game's scores are scaled to total this")
    survival_year: int = param(
        1905, "eliminated in this year or earlier: no survival point")
    positions: tuple[float, ...] = param(
        (4, 3, 2, 1), "raw points for 1st, 2nd, ... place by centres in a draw "
        "(ties: the lowest place's)", item="raw points for {ordinal} place by centres in a draw")

    def __post_init__(self) -> None:
        super().__post_init__()
        check_number("win", self.win)
        check_number("draw_total", self.draw_total, 0)
        check_number("survival_year", self.survival_year, 1901, whole=True)
        check_positions(self.positions)


DEFAULT = Params()


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """The Detour 98e scores of one game (the rule: :class:`Detour98e`)."""
    desc = game.centres_desc
    k, late = (0, None) if desc[6] else _late_seats(game.years, params.survival_year)
    found = _game_table(desc, k, _rule(params))
    if found is None:
        solo_winner(game, params.victory_centres)  # raises, naming the game
        raise AssertionError("unreachable: solo_winner raises")
    table, x = found
    if late is None:
        return tuple([table[c] for c in game.centres])
    return tuple([x if flag else table[c] for c, flag in zip(game.centres, late, strict=True)])


def score_many(games: Iterable[Game], params: Params = DEFAULT) -> list[tuple[float, ...]]:
    """:func:`score` of many games (the loop both use; each game shape's
    table is worked out once a call, so a tournament costs one look-up a
    game)."""
    rule = _rule(params)
    memo: dict[tuple[int, ...], list[Table | None]] = {}
    get = memo.get
    # Which seats went out after the survival year, per pattern of
    # elimination years met in this call (one look-up a game).
    lates: dict[tuple[int | None, ...], LateSeats] = {}
    late_get = lates.get
    survival = params.survival_year
    out: list[tuple[float, ...]] = []
    append = out.append
    for game in games:
        desc = game.centres_desc
        if desc[6]:  # nobody eliminated: nobody eliminated late
            k, late = 0, None
        else:
            years = game.years
            found = late_get(years)
            if found is None:
                found = lates[years] = _late_seats(years, survival)
            k, late = found
        tables = get(desc)
        if tables is None:
            tables = memo[desc] = [None] * 8
        found_table = tables[k]
        if found_table is None:
            found_table = tables[k] = _game_table(desc, k, rule)
            if found_table is None:
                solo_winner(game, params.victory_centres)  # raises, naming the game
                raise AssertionError("unreachable: solo_winner raises")
        table, x = found_table
        a, b, c, d, e, f, g = game.centres  # seven subscripts beat map() here
        if late is None:
            append((table[a], table[b], table[c], table[d], table[e], table[f], table[g]))
        else:  # a late-eliminated seat scores x
            la, lb, lc, ld, le, lf, lg = late
            append((x if la else table[a], x if lb else table[b], x if lc else table[c],
                    x if ld else table[d], x if le else table[e], x if lf else table[f],
                    x if lg else table[g]))
    return out


# (number of seats eliminated after the survival year, a flag per seat or
# None when there are none).
LateSeats = tuple[int, tuple[bool, ...] | None]


# A bounded cache of a pure function: which seats went out after the
# survival year, per pattern of elimination years (an event has few).
@lru_cache(maxsize=1 << 16)
def _late_seats(years: tuple[int | None, ...], survival: int) -> LateSeats:
    flags = tuple([year is not None and year > survival for year in years])
    k = sum(flags)
    return (k, flags) if k else (0, None)


def _rule(params: Params) -> Rule:
    """The parameters the tables depend on."""
    return rule_of(params.victory_centres, params.win, params.positions, params.draw_total,
                   params.round_to)


# The scores by centre count (:func:`score_table`) of a game, and the score
# of a seat eliminated after the survival year.
Table = tuple[tuple[float, ...], float]


# A bounded cache of a pure function returning immutable tables: the same
# input gives the same table.
@lru_cache(maxsize=1 << 16)
def _game_table(ordered: tuple[int, ...], n_late: int, rule: Rule) -> Table | None:
    """The scores by centre count of a game whose counts, highest first,
    are ``ordered`` and in which ``n_late`` seats were eliminated after Fall
    1905, and the score of such a seat.  None when two powers reach the
    victory criterion.

    Win: the winner scores ``win``; a loser centres + 1 for surviving to Fall
    1905 (a survivor, or a seat eliminated later).  Draw: raw score =
    centres + position points (ties: the lowest position's) + the outright
    leader's margin over the second-highest count + 1 for holding a centre at
    the end + 1 for surviving to Fall 1905; each raw score x scale / total.
    Rounded to ``round_to`` decimals, if set.
    """
    victory, win, positions, scale, round_to = rule.values
    top, second = ordered[0], ordered[1]
    if top >= victory:
        if second == top:
            return None
        table = {c: float(win) if c == top else float(c + (1 if c else 0)) for c in ordered}
        return score_table(table, round_to), round_half_up(1.0, round_to)
    raw = {
        c: c + points + (2 if c else 0)
        for c, points in position_points(ordered, positions, TieShare.LOWEST).items()
    }
    if top != second:
        raw[top] += top - second
    total = sum(raw[c] for c in ordered) + n_late
    table = {c: r * scale / total for c, r in raw.items()}
    late = (raw.get(0, 0) + 1) * scale / total
    return score_table(table, round_to), round_half_up(late, round_to)


def notices(game: Game, params: Params = DEFAULT) -> list[Notice]:
    """An eliminated seat with no elimination year gets no survival point."""
    return missing_years(game, "no survival point")


class Outcome(IntEnum):
    """Rule 1 of comparing games: Win > Draw > Elimination > Loss."""

    LOSS = 0
    ELIMINATION = 1
    DRAW = 2
    WIN = 3


@dataclass(frozen=True, slots=True)
class SeatView:
    """What the game comparison needs of one player's game."""

    outcome: Outcome
    points: float  # compared as rounded to 9 decimals
    place: int
    shared: int
    centres: int
    year: int | None
    own: float
    placed: tuple[float, ...]  # scores of the 1st..7th placed players, 0 if eliminated

    @property
    def margins(self) -> tuple[float, ...]:
        """Own points minus the 1st, 2nd, ... 7th placed player's."""
        return tuple([rank_key(self.own - other) for other in self.placed])


def views(scores: tuple[float, ...], game: Game, winner: int | None) -> tuple[SeatView, ...]:
    """The comparison views of the seven seats of a scored game."""
    centres = game.centres
    order = sorted(range(7), key=centres.__getitem__, reverse=True)
    placed = tuple([scores[i] if centres[i] > 0 else 0.0 for i in order])
    spots = places(centres)
    members = game.draw_members
    result = []
    for i in range(7):
        if winner is not None:
            outcome = Outcome.WIN if i == winner else Outcome.LOSS
        else:
            outcome = Outcome.DRAW if members[i] else Outcome.ELIMINATION
        place, shared = spots[i]
        result.append(SeatView(outcome, rank_key(scores[i]), place, shared, centres[i],
                               game.years[i], scores[i], placed))
    return tuple(result)


def view(scores: tuple[float, ...], game: Game, index: int, winner: int | None) -> SeatView:
    """The comparison view of seat ``index`` of a scored game."""
    return views(scores, game, winner)[index]


def compare(a: SeatView, b: SeatView) -> int:
    """Detour's game comparison: >0 when ``a`` is the better game.

    1. Win > Draw > Elimination > Loss; 2. points; 3. position by centres
    (an outright place beats a shared one, fewer sharing beats more, any 1st
    beats any 2nd); 4. both eliminated: the later year; 5. points minus the
    1st-placed player's, then the 2nd's, ... (0 for eliminated players).
    """
    if a.outcome != b.outcome:
        return 1 if a.outcome > b.outcome else -1
    if a.points != b.points:
        return 1 if a.points > b.points else -1
    pa, pb = (-a.place, -a.shared), (-b.place, -b.shared)
    if pa != pb:
        return 1 if pa > pb else -1
    if a.centres == 0 and b.centres == 0 and a.year is not None and b.year is not None \
            and a.year != b.year:
        return 1 if a.year > b.year else -1
    ma, mb = a.margins, b.margins
    if ma != mb:
        return 1 if ma > mb else -1
    return 0


class _DetourJudge(GameJudge):
    """Detour's comparison of single games, on views computed once a game."""

    def __init__(self) -> None:
        self._views: dict[int, tuple[SeatView, ...]] = {}

    def _view(self, p: Played) -> SeatView:
        sg = p.game
        found = self._views.get(id(sg))
        if found is None:
            found = self._views[id(sg)] = views(sg.scores, sg.game, sg.winner)
        return found[p.index]

    def compare(self, a: Played, b: Played) -> int:
        return compare(self._view(a), self._view(b))


def _wins(group: Sequence[str], ledger: Ledger) -> dict[str, int]:
    return {p: sum(1 for g in ledger.games_of[p] if g.won) for p in group}


def _draws(group: Sequence[str], ledger: Ledger) -> dict[str, int]:
    return {p: sum(1 for g in ledger.games_of[p] if g.in_draw) for p in group}


TIEBREAKERS = (
    Tiebreaker("wins", "Wins", _wins, True),
    Tiebreaker("draws", "Drawn games in the draw", _draws, True),
    Tiebreaker("best_game_1", "Best game", best_game(1), True, show_game),
    Tiebreaker("best_game_2", "Second-best game", best_game(2), True, show_game),
    Tiebreaker("best_game_3", "Third-best game", best_game(3), True, show_game),
)


class Detour98e(GameSystem[Params]):
    """Detour 98e: centre-count scoring standardised to 100 a drawn game.

    Draw: raw score = 1 per centre + 1 for surviving to Fall 1905 (eliminated
    in 1905 or earlier: nothing) + 1 for holding a centre at the end + the
    outright leader's margin over the second-highest count + position points
    4/3/2/1 for 1st-4th (ties all take the points of the lowest position they
    occupy); each raw score is then multiplied by 100 / the game's raw total.
    Win (18+ centres): winner 100, each loser centres + 1 for surviving to
    Fall 1905 (not standardised). Tie-breakers: wins, draws, best, 2nd and
    3rd best game. A game conceded to one power (Y on it alone in the Draw
    column) is a draw with that one member: the source text covers only an
    18-centre win. Source: Detour 98e (seeds/002).
    """

    twin = "detour98e"
    reads = ("centres", "eliminated")
    own_inputs = (
        BoardInput(ELIMINATED_YEARS, "The year each eliminated power lost its last centre "
                   "(blank for survivors), in the same order.", required=True),
    )

    def score_game(self, game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
        return score(game, params)

    def score_games(self, games: Sequence[Game], params: Params = DEFAULT
                    ) -> list[tuple[float, ...]]:
        return score_many(games, params)

    def notices(self, game: Game, params: Params = DEFAULT) -> list[Notice]:
        return notices(game, params)

    def breakers(self, params: Params) -> tuple[Tiebreaker, ...]:
        return TIEBREAKERS

    def judge(self) -> GameJudge:
        return _DetourJudge()
