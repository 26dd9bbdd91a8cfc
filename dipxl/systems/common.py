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
    # The event format beyond SCORING.md section 7 (issue 26; dipxl.event
    # applies it).  Not on a generated workbook's Settings sheet yet: its
    # formulas do not follow them (``workbook=False``).
    round_systems: str = param(
        "", "the system of each round played, ids separated by commas, e.g. "
        "cdiplo,cdiplo,detour09 (a blank id or blank: this system); a round scored by "
        "another system takes that system's own parameters; a warning when the "
        "systems' scales (the highest score of a reference solo and draw) differ more "
        "than 10 times", last=True, workbook=False)
    round_score: str = param(
        "sum", '"sum" (a player\'s round score is the sum of their games in it) or "best" '
        "(their best game in it; not with best_games, rest or average_offset)",
        last=True, workbook=False)
    rest: str = param(
        "", 'after the best_games best games: "mean" (add rest_weight x the mean of the '
        'remaining games), "next" (rest_weight x the next best game only) or "each" '
        "(rest_weight x each remaining game); needs best_games and rest_weight "
        "(blank: the rest count nothing)", last=True, workbook=False)
    rest_weight: float | None = param(
        None, "the weight of the rest (see rest), e.g. 0.5", last=True, workbook=False)
    rest_weight_one: float | None = param(
        None, "with rest: the weight when exactly one game remains (blank: rest_weight); "
        "dipvis's \"best 2 + either 1/2 the 3rd or 1/3 the sum of the 3rd and 4th\" is "
        "best_games=2, rest=each, rest_weight=0.333333333333, rest_weight_one=0.5",
        last=True, workbook=False)
    average_offset: float | None = param(
        None, "the total is the sum of all games / (number of games + K), e.g. 10 "
        "(blank: the sum; not with best_rounds, best_games, round_score=best or a cut)",
        last=True, workbook=False)
    cut_round: int | None = param(
        None, "a cut before this round (WDC 2025): the cut_size best players after the "
        "other rounds (best_rounds applied to them) score cut_weight x their score in this "
        "round, everyone else 1 x; ties at the cut: the better best single game outside "
        "this round, then the more centres of the best two such games, then the better "
        "third best game (0 if none), then the name in alphabetical order (dipvis: at "
        "random) (blank: no cut)", last=True, workbook=False)
    cut_size: int | None = param(
        None, "with cut_round: how many players make the cut, e.g. 21", last=True,
        workbook=False)
    cut_weight: float | None = param(
        None, "with cut_round: the weight of the cut round for those who made the cut, "
        "e.g. 1.5", last=True, workbook=False)
    sit_out_bonus: float = param(
        0, "the round score of a player present in a round who sat out (a results row with "
        "a round and a player, no board); best_games, rest and average_offset count a "
        "non-zero bonus as a game; a player with no row in a round scores nothing",
        last=True, workbook=False)
    sit_out_bonus_once: bool = param(
        False, "the sit-out bonus only the first time a player sits out (later sit-outs: 0)",
        last=True, workbook=False)

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
        self._check_event_format()

    def _check_event_format(self) -> None:
        """The event-format parameters alone, then the pairs refused
        together (the message names both)."""
        if isinstance(self.round_systems, list | tuple):  # from Python: ids as a list
            object.__setattr__(self, "round_systems", ",".join(
                "" if s is None else str(s) for s in self.round_systems))
        if not isinstance(self.round_systems, str):
            raise ParameterError(
                f"round_systems must list system ids separated by commas, got "
                f"{self.round_systems!r}", field="round_systems", value=self.round_systems)
        _choice("round_score", self.round_score, ROUND_SCORES)
        if self.rest:
            _choice("rest", self.rest, RESTS)
        for name in ("rest_weight", "rest_weight_one", "average_offset", "cut_weight",
                     "sit_out_bonus"):
            if getattr(self, name) is not None:
                check_number(name, getattr(self, name), 0 if name != "sit_out_bonus" else None)
        for name in ("cut_round", "cut_size"):
            if getattr(self, name) is not None:
                check_number(name, getattr(self, name), 1, whole=True)
                object.__setattr__(self, name, int(getattr(self, name)))
        if not isinstance(self.sit_out_bonus_once, bool):
            raise ParameterError(
                f"sit_out_bonus_once must be true or false, got {self.sit_out_bonus_once!r}",
                field="sit_out_bonus_once", value=self.sit_out_bonus_once)
        for a, b in self._refused_pairs():
            raise ParameterError(
                f"{a} ({_shown(getattr(self, a))}) cannot be combined with {b} "
                f"({_shown(getattr(self, b))}): {_WHY[a, b]}", field=a, value=getattr(self, a))

    def _refused_pairs(self) -> list[tuple[str, str]]:
        """(a, b) for each pair of event-format parameters that make no
        sense together (or one that needs the other), first first."""
        given = {f: getattr(self, f) is not None for f in (
            "best_rounds", "best_games", "rest_weight", "rest_weight_one",
            "average_offset", "cut_round", "cut_size", "cut_weight")}
        given["rest"] = bool(self.rest)
        given["round_score"] = self.round_score == "best"
        given["sit_out_bonus_once"] = self.sit_out_bonus_once
        given["sit_out_bonus"] = self.sit_out_bonus != 0
        found = []
        for (a, b), needs in _PAIRS.items():
            if given[a] and given[b] != needs:
                found.append((a, b))
        return found

    def finish(self, scores: tuple[float, ...]) -> tuple[float, ...]:
        """Apply the optional per-game rounding."""
        if self.round_to is None:
            return scores
        return tuple(round_half_up(s, self.round_to) for s in scores)


ROUND_SCORES = ("sum", "best")
RESTS = ("mean", "next", "each")

# (a, b) -> True: a needs b; False: a is refused with b.  Checked in order.
_PAIRS: dict[tuple[str, str], bool] = {
    ("rest", "best_games"): True,
    ("rest", "rest_weight"): True,
    ("rest_weight", "rest"): True,
    ("rest_weight_one", "rest"): True,
    ("round_score", "best_games"): False,
    ("average_offset", "best_rounds"): False,
    ("average_offset", "best_games"): False,
    ("average_offset", "round_score"): False,
    ("average_offset", "cut_round"): False,
    ("cut_round", "best_games"): False,
    ("cut_round", "cut_size"): True,
    ("cut_round", "cut_weight"): True,
    ("cut_size", "cut_round"): True,
    ("cut_weight", "cut_round"): True,
    ("sit_out_bonus_once", "sit_out_bonus"): True,
}
_WHY: dict[tuple[str, str], str] = {
    ("rest", "best_games"): "the rest is what remains after the best_games best games; "
    "set best_games too",
    ("rest", "rest_weight"): "say how much the rest weighs with rest_weight",
    ("rest_weight", "rest"): "say how the rest counts with rest=mean, next or each",
    ("rest_weight_one", "rest"): "say how the rest counts with rest=mean, next or each",
    ("round_score", "best_games"): "best_games counts single games, whatever their round; "
    "round_score=best keeps one game a round",
    ("average_offset", "best_rounds"): "the average counts every game",
    ("average_offset", "best_games"): "the average counts every game",
    ("average_offset", "round_score"): "the average counts every game",
    ("average_offset", "cut_round"): "a cut weighs a round of a sum, not an average",
    ("cut_round", "best_games"): "a cut is made on round scores; use best_rounds",
    ("cut_round", "cut_size"): "say how many make the cut with cut_size",
    ("cut_round", "cut_weight"): "say what the cut round weighs with cut_weight",
    ("cut_size", "cut_round"): "say which round follows the cut with cut_round",
    ("cut_weight", "cut_round"): "say which round follows the cut with cut_round",
    ("sit_out_bonus_once", "sit_out_bonus"): "set the bonus with sit_out_bonus",
}


def _shown(value: object) -> str:
    if value is None:
        return "blank"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return f"{value:g}" if isinstance(value, float) else str(value)


def _choice(name: str, value: object, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise ParameterError(
            f"{name} must be one of {', '.join(choices)}, got {value!r}",
            field=name, value=value)


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

