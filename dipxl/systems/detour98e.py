"""Detour 98e (source: seeds/002, SCORING.md section 3)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from functools import lru_cache
from operator import sub

from dipxl.errors import Notice, ParameterError
from dipxl.model import Game
from dipxl.ranking import TieShare, places, position_points, rank_key
from dipxl.systems.common import GameParams, check_number, solo_winner

__all__ = ["Outcome", "Params", "SeatView", "compare", "notices", "score", "view", "views"]


@dataclass(frozen=True, kw_only=True)
class Params(GameParams):
    """Detour 98e parameters; the defaults are the published system."""

    win: float = 100
    draw_total: float = 100
    survival_year: int = 1905
    positions: tuple[float, ...] = (4, 3, 2, 1)

    def __post_init__(self) -> None:
        super().__post_init__()
        check_number("win", self.win)
        check_number("draw_total", self.draw_total, 0)
        check_number("survival_year", self.survival_year, 1901, whole=True)
        if not isinstance(self.positions, tuple) or not 1 <= len(self.positions) <= 7:
            raise ParameterError(f"positions must list 1 to 7 numbers, got {self.positions!r}")
        for value in self.positions:
            check_number("positions", value)


DEFAULT = Params()


def _survived(centres: int, year: int | None, survival_year: int) -> int:
    """1 for surviving to Fall of ``survival_year``: still holding a centre,
    or eliminated in a later year (a blank year for an eliminated player
    gives nothing)."""
    return 1 if centres > 0 or (year is not None and year > survival_year) else 0


def score(game: Game, params: Params = DEFAULT) -> tuple[float, ...]:
    """Detour 98e: centre-count scoring standardised to 100 a drawn game.

    Draw: raw score = 1 per centre + 1 for surviving to Fall 1905 (eliminated
    in 1905 or earlier: nothing) + 1 for holding a centre at the end + the
    outright leader's margin over the second-highest count + position points
    4/3/2/1 for 1st-4th (ties all take the points of the lowest position they
    occupy); each raw score is then multiplied by 100 / the game's raw total.
    Win (18+ centres): winner 100, each loser centres + 1 for surviving to
    Fall 1905 (not standardised). Tie-breakers: wins, draws, best, 2nd and
    3rd best game. Source: Detour 98e (seeds/002).
    """
    centres = game.centres
    years = game.years
    cutoff = params.survival_year
    if max(centres) >= params.victory_centres:
        winner = solo_winner(game, params.victory_centres)
        scores = tuple(
            [
                float(params.win) if i == winner else float(c + _survived(c, y, cutoff))
                for i, (c, y) in enumerate(zip(centres, years, strict=True))
            ]
        )
        return scores if params.round_to is None else params.finish(scores)
    # 1 for each seat eliminated after the cutoff (a blank year reads as 0)
    late = tuple(map(cutoff.__lt__, game.year_or_zero))
    n_late = late.count(True)
    table = _draw_scores(tuple(sorted(centres)), params.positions, n_late, params.draw_total)
    # a seat eliminated after the cutoff is looked up under -1 (0 centres + 1)
    scores = tuple(map(table.__getitem__, map(sub, centres, late)))
    return scores if params.round_to is None else params.finish(scores)


# A memo of a pure function: the same input gives the same table.
@lru_cache(maxsize=1 << 16)
def _draw_scores(
    ordered: tuple[int, ...], positions: tuple[float, ...], n_late: int, scale: float
) -> dict[int, float]:
    """Centre count -> standardised score of a drawn game, and -1 -> the
    score of a seat eliminated after Fall 1905.

    Raw score: centres + position points (ties: the lowest position's) + the
    outright leader's margin over the second-highest count + 1 for holding a
    centre at the end + 1 for surviving to Fall 1905 (survivors, and the
    ``n_late`` seats eliminated later); each raw score x scale / raw total.
    """
    raw = {
        c: c + points + (2 if c else 0)
        for c, points in position_points(ordered, positions, TieShare.LOWEST).items()
    }
    top, second = ordered[-1], ordered[-2]
    if top != second:
        raw[top] += top - second
    total = sum(raw[c] for c in ordered) + n_late
    table = {c: r * scale / total for c, r in raw.items()}
    if 0 in raw:
        table[-1] = (raw[0] + 1) * scale / total
    return table


def notices(game: Game, params: Params = DEFAULT) -> list[Notice]:
    """An eliminated seat with no elimination year gets no survival point."""
    return [
        Notice(
            "no_elimination_year",
            f"{seat.power.title} ({seat.player}) is eliminated with no elimination year: "
            "no survival point",
            game.label,
        )
        for seat in game.seats
        if seat.centres == 0 and seat.eliminated is None
    ]


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
