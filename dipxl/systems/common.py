"""Parameters every per-game system shares, validated in one place."""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from dipxl.errors import InputError, Notice, ParameterError
from dipxl.model import MAX_CENTRES, Game, Power
from dipxl.ranking import round_half_up
from dipxl.systems.base import param, parameter_fields

__all__ = [
    "MAX_PARAMETER",
    "YEAR_HINT",
    "FormatParams",
    "GameParams",
    "Rule",
    "WinDrawParams",
    "check_number",
    "game_winner",
    "missing_years",
    "need_elimination_years",
    "need_year",
    "param_table",
    "rule_of",
    "solo_scores",
    "solo_winner",
    "solo_year",
]

MAX_PARAMETER = 1e12  # no scoring parameter is larger in magnitude

ALL_POWERS = tuple(Power)  # every seat: a board's Year cells
# What need_year's refusal tells a results table to do (the one-board
# worksheet functions say their final_year argument instead).
YEAR_HINT = "type it in the Year column"


def check_number(
    name: str, value: object, low: float | None = None, *, whole: bool = False
) -> None:
    """ParameterError unless ``value`` is a real number (>= ``low``)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ParameterError(f"{name} must be a number, got {value!r}", field=name, value=value)
    if value != value or value in (float("inf"), float("-inf")):
        raise ParameterError(
            f"{name} must be a finite number, got {value!r}", field=name, value=value
        )
    if not -MAX_PARAMETER <= value <= MAX_PARAMETER:
        # Sums of such values overflow to inf: a typo, never a rule.
        raise ParameterError(
            f"{name} must be between -{MAX_PARAMETER:g} and {MAX_PARAMETER:g}, got {value!r}",
            field=name, value=value,
        )
    if whole and not float(value).is_integer():
        raise ParameterError(
            f"{name} must be a whole number, got {value!r}", field=name, value=value
        )
    if low is not None and value < low:
        raise ParameterError(
            f"{name} must be at least {low}, got {value!r}", field=name, value=value
        )


def check_positions(positions: object) -> None:
    """ParameterError unless ``positions`` is a tuple of 1 to 7 numbers
    (the points of 1st, 2nd, ...)."""
    if not isinstance(positions, tuple) or not 1 <= len(positions) <= 7:
        raise ParameterError(
            f"positions must list 1 to 7 numbers, got {positions!r}",
            field="positions", value=positions,
        )
    for value in positions:
        check_number("positions", value)


@dataclass(frozen=True, kw_only=True)
class FormatParams:
    """The tournament formats of SCORING.md section 7, parameters of every
    system (per game and tournament-wide alike), listed after each system's
    own.  What the event itself must agree with (as many weights as rounds
    played, a final round that exists) is checked when it is scored
    (:func:`dipxl.formats.check_event`)."""

    round_weights: tuple[float, ...] = param(
        (), "multiply each round's game scores by its weight before totalling, one weight "
        "a round played, e.g. 1,1,2 (blank: every round 1; tie-breakers read the games "
        "unweighted; HTM: the adjusted results, same divisor)",
        item="weight of round {n}", last=True)
    best_games: int | None = param(
        None, "count only each player's best N game scores, after weights, whatever their "
        "rounds (blank: all; not with best_rounds)", last=True)
    final_round: int | None = param(
        None, "the round that is the final: its board 1 is the top board and its players "
        "the finalists (blank: no final)", last=True)
    finalists_first: bool = param(
        True, "with a final: every finalist ranks above every other player", last=True)
    final_solo_wins: bool = param(
        True, "with a final: a solo on the top board ranks first, whatever the totals",
        last=True)

    def __post_init__(self) -> None:
        weights = self.round_weights
        if not isinstance(weights, tuple):
            raise ParameterError(
                f"round_weights must list one number a round, e.g. 1,1,2, got {weights!r}",
                field="round_weights", value=weights,
            )
        for weight in weights:
            check_number("round_weights", weight, 0)
        if self.best_games is not None:
            check_number("best_games", self.best_games, 1, whole=True)
        if self.final_round is not None:
            check_number("final_round", self.final_round, 1, whole=True)
        for name in ("finalists_first", "final_solo_wins"):
            if not isinstance(getattr(self, name), bool):
                raise ParameterError(
                    f"{name} must be true or false, got {getattr(self, name)!r}",
                    field=name, value=getattr(self, name),
                )


@dataclass(frozen=True, kw_only=True)
class GameParams(FormatParams):
    """Shared by the per-game systems (each field documents itself)."""

    victory_centres: int = param(18, "centres that make a solo")
    round_to: int | None = param(
        None, "round each game score half-up to this many decimals (blank: exact)")
    best_rounds: int | None = param(None, "count only each player's best N rounds (blank: all)")

    def __post_init__(self) -> None:
        super().__post_init__()
        check_number("victory_centres", self.victory_centres, 1, whole=True)
        if self.victory_centres > MAX_CENTRES:
            raise ParameterError(
                f"victory_centres must be at most 34, got {self.victory_centres}",
                field="victory_centres", value=self.victory_centres,
            )
        if self.round_to is not None:
            check_number("round_to", self.round_to, 0, whole=True)
            if self.round_to > 9:
                raise ParameterError(
                    f"round_to must be at most 9 decimals, got {self.round_to}",
                    field="round_to", value=self.round_to,
                )
            # A whole float (2.0, from Python) as the int round() needs.
            object.__setattr__(self, "round_to", int(self.round_to))
        if self.best_rounds is not None:
            check_number("best_rounds", self.best_rounds, 1, whole=True)
            if self.best_games is not None:
                raise ParameterError(
                    f"best_games ({self.best_games}) cannot be combined with best_rounds "
                    f"({self.best_rounds}): count the best games or the best rounds, not both",
                    field="best_games", value=self.best_games,
                )

    def finish(self, scores: tuple[float, ...]) -> tuple[float, ...]:
        """Apply the optional per-game rounding."""
        if self.round_to is None:
            return scores
        return tuple(round_half_up(s, self.round_to) for s in scores)


@dataclass(frozen=True, kw_only=True)
class WinDrawParams(GameParams):
    """The parameters of a system that gives the soloist ``win`` and shares
    ``draw_total`` among the players of a drawn game (each system documents
    its own share on ``draw_total``)."""

    win: float = param(100, "points of the soloist (everyone else scores 0)")
    draw_total: float = param(100, "a drawn game shares this")

    def __post_init__(self) -> None:
        super().__post_init__()
        check_number("win", self.win)
        check_number("draw_total", self.draw_total, 0)


def solo_scores(winner: int, points: float) -> tuple[float, ...]:
    """A solo's seven scores: ``points`` for the soloist, 0 for everyone else."""
    return tuple([float(points) if i == winner else 0.0 for i in range(7)])


def score_table(scores: dict[int, float], round_to: int | None) -> tuple[float, ...]:
    """A game's scores by centre count as a tuple (immutable, so a cache may
    hand it out): entry ``c`` is the score of a power on ``c`` centres,
    rounded as :meth:`GameParams.finish` rounds (once a table, not every
    game); counts no power of the game holds are NaN and never read."""
    if round_to is not None:
        scores = {c: round_half_up(value, round_to) for c, value in scores.items()}
    return tuple([scores.get(c, math.nan) for c in range(max(scores) + 1)])


@dataclass(frozen=True, eq=False)
class Rule:
    """The parameters a system's score tables depend on, compared by
    identity: equal values get the same Rule from :func:`rule_of`, so a
    table cache keyed by (game shape, rule) hashes a pointer, not every
    parameter, on each look-up."""

    values: tuple[Any, ...]


@lru_cache(maxsize=64, typed=True)  # 2 and 2.0 are two rules: a score keeps its type
def rule_of(*values: Hashable) -> Rule:
    """The one Rule of these parameter values (while it is cached)."""
    return Rule(values)


def solo_winner(game: Game, victory_centres: int) -> int | None:
    """Index (power order) of the soloist, or None for a draw.

    Two powers on the victory count (possible only when a variant lowers it)
    cannot be scored: InputError.
    """
    centres = game.centres
    top = max(centres)
    if top < victory_centres:
        return None
    if centres.count(top) > 1:
        names = ", ".join(
            f"{s.power.title} {s.centres}"
            + ("" if s.player == s.power.title else f" ({s.player or 'no player'})")
            for s in game.seats if s.centres == top
        )
        raise InputError(
            f"two powers reach the victory criterion of {victory_centres} centres: {names}",
            game.label,
        )
    return centres.index(top)


def need_elimination_years(game: Game) -> tuple[int | None, ...]:
    """The elimination years of ``game`` in power order, for a system that
    reads them: InputError naming every eliminated seat without one (the
    reader names their cells)."""
    missing = tuple(s.power for s in game.seats if s.centres == 0 and s.eliminated is None)
    if missing:
        names = ", ".join(p.title for p in missing)
        raise InputError(
            f"this system needs the year each eliminated power lost its last centre; "
            f"none is given for {names}", game.where("eliminated", missing),
            field="eliminated", value=missing,
        )
    return game.years


def need_year(game: Game, why: str) -> int:
    """The final year of ``game`` for a system that reads it (``why``: what
    for): InputError naming the board's Year cells when it is not given."""
    if game.year is None:
        raise InputError(
            f"this system needs the year of the final centre counts ({why}); the board "
            f"gives none: {YEAR_HINT}", game.where("year", ALL_POWERS),
            field="year", value=ALL_POWERS,
        )
    return game.year


def solo_year(game: Game) -> int:
    """The "solo year" of a won game: the final year after a solo on
    centres, the year of the passed vote (the year after) after a
    concession; InputError when the board gives no final year."""
    year = need_year(game, "the survivors of a solo score by the year it ended")
    return year + 1 if game.conceded_to is not None else year


def missing_years(game: Game, consequence: str) -> list[Notice]:
    """A notice for each eliminated seat of ``game`` with no elimination
    year, saying what the system does to it (``consequence``)."""
    return [
        Notice(
            "no_elimination_year",
            f"{seat.power.title} ({seat.player}) is eliminated with no elimination year: "
            + consequence,
            game.label,
        )
        for seat in game.seats
        if seat.centres == 0 and seat.eliminated is None
    ]


def param_table(params: object) -> list[tuple[str, Any]]:
    """(name, value) of every parameter, in the order they are listed (the
    system's own, then the tournament formats)."""
    return [(f.name, getattr(params, f.name)) for f in parameter_fields(params)]


def game_winner(game: Game, victory_centres: int) -> int | None:
    """The winner of a finished game for a system that reads concessions
    (dipvis's ``soloer()``): :meth:`Game.soloer`, the power on
    ``victory_centres`` or more, else the power the game was conceded to
    (None for a draw), but two powers on the victory count are refused
    (InputError, as :func:`solo_winner`), where ``soloer`` takes the first
    in power order."""
    desc = game.centres_desc
    if desc[0] >= victory_centres and desc[1] == desc[0]:
        solo_winner(game, victory_centres)  # raises, naming the game
    return game.soloer(victory_centres)

