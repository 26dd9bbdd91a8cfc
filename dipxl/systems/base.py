"""What a scoring system is: the typed interfaces every system implements.

A system is one class in its own module (``dipxl/systems/<id>.py``): the
class docstring is the rule, cited to its source, and is the system's
description everywhere (``dipxl systems``, DIPXL_SYSTEMS, the workbook's
About sheet).  Its parameters are a frozen, keyword-only dataclass whose
defaults are the published system and whose fields each carry their
documentation (``param(default, "doc")``); a parameter may be left blank
exactly when its type admits None (``int | None``).

- :class:`GameSystem` scores each game on its own (C-Diplo, Detour 98e,
  Diminishing Value): :meth:`~GameSystem.score_game` is all a system must
  write; notices, tie-breakers, its comparison of single games (best games,
  best country) and the worksheet function's extra board inputs have
  defaults it may override.
- :class:`EventSystem` scores a whole tournament at once (HTM).

A registry entry is an instance: ``CDiplo("cdiplo", "C-Diplo", Params())``;
a preset is the same class with other parameters and an id of its own
(:meth:`~SystemBase.preset`).
"""

from __future__ import annotations

import dataclasses
import inspect
import math
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any, ClassVar, Generic, TypeVar

from dipxl.errors import Notice, ParameterError
from dipxl.ledger import GameJudge, PlainJudge
from dipxl.model import Game, Power, Tournament
from dipxl.tiebreaks import Tiebreaker

__all__ = [
    "CONCESSION_FLAGS",
    "BoardInput",
    "EventScores",
    "EventSystem",
    "GameSystem",
    "SystemBase",
    "list_text",
    "param",
    "parameter_doc",
    "parameter_fields",
    "truth",
]

P = TypeVar("P")
_T = TypeVar("_T")

_ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th")


def param(
    default: _T, doc: str, *, item: str = "", last: bool = False, workbook: bool = True
) -> _T:
    """A parameter field with its documentation.  ``item``: for a tuple, the
    documentation of one element, ``{ordinal}`` standing for 1st, 2nd, ...
    (up to 7th) or ``{n}`` for its number; ``last``: listed after the
    system's own parameters (the tournament formats every system shares);
    ``workbook=False``: not on a generated workbook's Settings sheet (its
    formulas do not follow it yet): an :meth:`SystemBase.event_parameters`."""
    meta: dict[str, object] = {"doc": doc}
    if item:
        meta["item"] = item
    if last:
        meta["last"] = True
    if not workbook:
        meta["workbook"] = False
    return dataclasses.field(default=default, metadata=meta)


def parameter_fields(params: object) -> list[dataclasses.Field[Any]]:
    """The fields of a parameter dataclass (or instance) in the order they
    are listed: the system's own first, then those declared ``last``."""
    found = dataclasses.fields(params)  # type: ignore[arg-type]  # a dataclass
    return sorted(found, key=lambda f: bool(f.metadata.get("last")))


def parameter_doc(params_type: type, name: str) -> str:
    """The documentation of parameter ``name`` of a parameter dataclass, or
    of one element of a tuple parameter written ``name_<n>`` (``positions_2``:
    "points for 2nd place"); "" for an unknown name."""
    by_name = {f.name: f for f in dataclasses.fields(params_type)}
    found = by_name.get(name)
    if found is not None:
        return str(found.metadata.get("doc", ""))
    base, _, number = name.rpartition("_")
    found = by_name.get(base)
    if found is None or not number.isdigit() or int(number) < 1:
        return ""
    item = str(found.metadata.get("item", ""))
    n = int(number)
    if not item or ("{ordinal}" in item and n > len(_ORDINALS)):
        return ""
    return item.format(ordinal=_ORDINALS[min(n, len(_ORDINALS)) - 1], n=n)


def _admits_none(hint: object) -> bool:
    return isinstance(hint, types.UnionType) and type(None) in typing.get_args(hint)


@dataclass(frozen=True)
class BoardInput:
    """An input of a per-game system's worksheet function besides the
    centres: a per-seat range (``eliminated_years``, ``draw_flags``)."""

    name: str
    doc: str
    required: bool = False


ELIMINATED_YEARS = "eliminated_years"
DRAW_FLAGS = "draw_flags"
FINAL_YEAR = "final_year"
CHART = "chart"
# The draw flags as every system that reads them takes them: optional.
OPTIONAL_DRAW_FLAGS = BoardInput(
    DRAW_FLAGS, "Optional: Y for each member of the draw, N for a survivor "
    "left out; blank: every survivor is in the draw; Y on one survivor alone: "
    "the game was conceded to it.")
# The worksheet function's argument of each input field a system may read
# besides the centres, in argument order, as a system takes it unless it
# says more (GameSystem.own_inputs).
FUNCTION_INPUTS: dict[str, BoardInput] = {
    "eliminated": BoardInput(
        ELIMINATED_YEARS, "Optional: the year each eliminated power lost its last centre "
        "(blank for survivors), in the same order."),
    "draw": OPTIONAL_DRAW_FLAGS,
    "year": BoardInput(
        FINAL_YEAR, "Optional: the year of the final centre counts (one cell)."),
    "chart": BoardInput(
        CHART, "Optional: the year-by-year chart: the years (1901, 1902, ...) in its first "
        "row, then one row a power, Austria to Turkey (or the years in its first column "
        "and one column a power); blank cells: not entered."),
}


# How each input field is named where a system lists what it reads.
_INPUT_NAMES = {
    "centres": "Centres",
    "eliminated": "Eliminated (year)",
    "draw": "Draw (votes and concessions)",
    "year": "Year (of the final counts)",
    "chart": "the year-by-year chart (columns 1901, 1902, ...)",
}

# The draw flags of a system that reads them only for a concession.
CONCESSION_FLAGS = BoardInput(
    DRAW_FLAGS, "Optional: Y on the one survivor a game was conceded to (nobody on 18): it "
    "scores as a soloist; other draw flags are not read.")


class SystemBase(ABC, Generic[P]):
    """What every registry entry has: a stable id, a human title, its
    parameters and the module (the family) it belongs to, shared by its
    presets.  The class docstring of a system is its rule."""

    per_game: ClassVar[bool]
    # The inputs the rule reads, by field name (dipxl.fields.FIELDS:
    # "centres", "eliminated", "draw" (draw votes and concessions), "year";
    # "chart": the year-by-year chart).  An input not listed is never
    # required; one listed may still be needed only on some boards (the
    # system raises an InputError naming the field when it is missing).
    reads: ClassVar[tuple[str, ...]] = ("centres",)
    # The formula twin: the module of dipxl.workbook.formulas writing this
    # rule as worksheet formulas (imported lazily, by the workbook writer);
    # None where the system has none (yet).
    twin: ClassVar[str | None] = None

    def __init__(self, system_id: str, title: str, params: P, *, module: str = "") -> None:
        self.id = system_id
        self.title = title
        self.params = params
        self.module = module or system_id

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id}>"

    def preset(self, system_id: str, title: str, **changes: Any) -> typing.Self:
        """This system with other parameters and an id of its own."""
        params = dataclasses.replace(self.params, **changes)  # type: ignore[type-var]  # P is a dataclass
        return type(self)(system_id, title, params, module=self.module)

    @property
    def description(self) -> str:
        """The rule: the docstring of the system's class."""
        return inspect.cleandoc(type(self).__doc__ or "")

    @property
    def summary(self) -> str:
        """The first line of the description."""
        return self.description.splitlines()[0] if self.description else self.title

    def parameters(self) -> list[tuple[str, Any]]:
        """(name, default) of every parameter of this entry a generated
        workbook's Settings sheet lists, in order (the others:
        :meth:`event_parameters`)."""
        return [(f.name, getattr(self.params, f.name)) for f in parameter_fields(self.params)
                if f.metadata.get("workbook", True)]

    def event_parameters(self) -> list[tuple[str, Any]]:
        """(name, default) of the event-format parameters only ``dipxl score``,
        the JSON and DIPXL_STANDINGS follow so far (issue 26: a system a
        round, the combination rules, sit-outs), in order."""
        return [(f.name, getattr(self.params, f.name)) for f in parameter_fields(self.params)
                if not f.metadata.get("workbook", True)]

    def all_parameters(self) -> list[tuple[str, Any]]:
        """:meth:`parameters` then :meth:`event_parameters`."""
        return [*self.parameters(), *self.event_parameters()]

    def parameter_doc(self, name: str) -> str:
        """The documentation of a parameter (or of one element of a tuple
        parameter, ``positions_2``), "" when none."""
        return parameter_doc(type(self.params), name)

    @cached_property
    def blank_parameters(self) -> frozenset[str]:
        """The parameters that may be left blank: those whose type admits None."""
        hints = typing.get_type_hints(type(self.params))
        return frozenset(name for name, hint in hints.items() if _admits_none(hint))

    @property
    def inputs(self) -> str:
        """The inputs the rule reads, as a TD names the columns:
        ``Centres, Eliminated, Draw (votes and concessions), Year``."""
        return ", ".join(_INPUT_NAMES.get(name, name) for name in self.reads)

    @property
    def tiebreakers(self) -> tuple[str, ...]:
        """The names of the tie-breakers this entry applies, in order."""
        return tuple(tb.name for tb in self.breakers(self.params))

    def breakers(self, params: P) -> tuple[Tiebreaker, ...]:
        """The tie-breakers applied under ``params``, in order (none by default)."""
        return ()

    def make_params(self, overrides: Mapping[str, Any] | None = None) -> P:
        """This entry's parameters with ``overrides`` applied and validated.

        Values may be given as text (from a command line or a cell): they are
        converted to the type of the default.  Unknown names are an error.
        Build them once per input and pass them on: nothing is remembered.
        """
        if not overrides:
            return self.params
        known = dict(self.all_parameters())
        changes: dict[str, Any] = {}
        for name, value in overrides.items():
            key = name.strip().lower().replace("-", "_")
            if key not in known:
                raise ParameterError(
                    f"{self.id} has no parameter {name!r}; it has {', '.join(known)}",
                    field=key, value=value,
                )
            changes[key] = _convert(key, value, known[key], key in self.blank_parameters)
        return dataclasses.replace(self.params, **changes)  # type: ignore[type-var]  # P is a dataclass


class GameSystem(SystemBase[P]):
    """A system that scores each game on its own."""

    per_game: ClassVar[bool] = True
    # What the system says of a worksheet function input beyond the default
    # (FUNCTION_INPUTS), e.g. Detour's elimination years are required.
    own_inputs: ClassVar[tuple[BoardInput, ...]] = ()
    # Worksheet function inputs placed after the parameters argument, by
    # name: those a system came to read after its function was published
    # (=CARNAGE(centres, years, "round_to=2") keeps working).
    after_parameters: ClassVar[tuple[str, ...]] = ()

    @property
    def board_inputs(self) -> tuple[BoardInput, ...]:
        """The worksheet function's inputs after the centres (and before
        the parameters): one for each field the system :attr:`reads`
        besides the centres, in the order of :data:`FUNCTION_INPUTS`."""
        own = {i.name: i for i in self.own_inputs}
        return tuple(own.get(i.name, i) for name, i in FUNCTION_INPUTS.items()
                     if name in self.reads)

    @abstractmethod
    def score_game(self, game: Game, params: P) -> tuple[float, ...]:
        """The seven scores of a finished game, in power order."""

    def score_games(self, games: Sequence[Game], params: P) -> list[tuple[float, ...]]:
        """:meth:`score_game` of many games (a system may do it faster)."""
        return [self.score_game(game, params) for game in games]

    def score_counts(self, centres: tuple[int, ...], params: P) -> tuple[float, ...] | None:
        """The scores of a finished game known only by its seven centre
        counts (already checked as a Game checks them), for a system that
        reads nothing else; None (the default) when it reads more."""
        return None

    def notices(self, game: Game, params: P) -> list[Notice]:
        """The system's own warnings about a finished game (none by default)."""
        return []

    def judge(self) -> GameJudge:
        """How two single games compare (best games, best country); by
        default the higher score, then more centres."""
        return PlainJudge()

    @property
    def function_arguments(self) -> tuple[str, ...]:
        """The one-board worksheet function's arguments in order: the
        centres, the :attr:`board_inputs`, the parameters, then the inputs
        named in :attr:`after_parameters`."""
        names = [i.name for i in self.board_inputs]
        late = [n for n in names if n in self.after_parameters]
        return ("centres", *[n for n in names if n not in late], "parameters", *late)

    @property
    def function(self) -> str:
        """The name of the system's one-board worksheet function."""
        return self.id.upper().replace("-", "_")


@dataclass(frozen=True, slots=True)
class EventScores:
    """The exact scores of a tournament-wide system (HTM).

    ``power_sums``/``games``: each power's summed results over the finished
    games, and their number (mean = sum / games).  ``seat_results``: per
    finished game (tournament order) the results in power order.  A player's
    score is ``numerators[p] / denominators[p]`` exactly (integers).
    ``game_weights``: per finished game its round's weight times a common
    scale (whole numbers; the denominators include the scale), empty when
    every round weighs 1.
    """

    games: int
    rounds: int
    power_sums: tuple[int, ...]
    seat_results: tuple[tuple[int, ...], ...]
    numerators: dict[str, int]
    denominators: dict[str, int]
    played: dict[str, int]
    game_weights: tuple[int, ...] = ()

    def mean(self, power: Power) -> Fraction:
        """The power mean: summed results / finished games."""
        return Fraction(self.power_sums[power], self.games) if self.games else Fraction(0)

    def seat_scores(self, k: int) -> tuple[float, ...]:
        """The k-th finished game's results minus the power means, in power
        order: (games x result - power sum) / games."""
        n = self.games
        return tuple(
            [(n * r - s) / n for r, s in zip(self.seat_results[k], self.power_sums, strict=True)]
        )

    def part(self, k: int, i: int, player: str) -> Fraction:
        """What seat ``i`` of the k-th finished game adds to its player's
        score (before best N games): the adjusted result times the round's
        weight, over the player's divisor."""
        weight = self.game_weights[k] if self.game_weights else 1
        adjusted = self.games * self.seat_results[k][i] - self.power_sums[i]
        return Fraction(weight * adjusted, self.denominators[player])

    def exact(self, player: str) -> Fraction:
        """The player's score as an exact fraction."""
        return Fraction(self.numerators[player], self.denominators[player])

    @property
    def totals(self) -> dict[str, Fraction]:
        """Every player's exact score."""
        return {p: self.exact(p) for p in self.numerators}

    def rank_keys(self) -> dict[str, int]:
        """Integers ordered exactly as the scores (no float ever decides)."""
        dens = set(self.denominators.values())
        if len(dens) <= 1:
            return dict(self.numerators)
        common = math.lcm(*dens)
        return {p: n * (common // self.denominators[p]) for p, n in self.numerators.items()}


class EventSystem(SystemBase[P]):
    """A system that scores the whole tournament at once (HTM): exact
    scores, no tie-breakers."""

    per_game: ClassVar[bool] = False

    @abstractmethod
    def score_event(self, tournament: Tournament, params: P) -> EventScores:
        """The exact scores of every player of ``tournament``."""

    @abstractmethod
    def victory_centres(self, params: P) -> int:
        """The centres that make a solo under ``params``."""


def _convert(name: str, value: Any, default: Any, blank: bool) -> Any:
    """Coerce ``value`` (possibly text) to the kind of ``default``; ``blank``:
    the parameter may be None."""
    if isinstance(default, bool):
        return truth(name, value)
    if isinstance(value, str):
        text = value.strip()
        if blank and text.lower() in ("", "none", "all", "exact"):
            return None
        if isinstance(default, tuple):
            return _numbers(name, text, default)
        if isinstance(default, str):
            return text
        return _number(name, text)
    if isinstance(default, tuple):
        if isinstance(value, list | tuple):
            return tuple(value)
        if value is None:
            return ()
        if isinstance(value, int | float) and not isinstance(value, bool):
            return (value,)  # one number: a list of one (a cell holding 2)
    if (
        isinstance(value, float)
        and value.is_integer()
        and (default is None or isinstance(default, int))
    ):
        return int(value)
    return value


_TRUE = ("true", "yes", "1")
_FALSE = ("false", "no", "0")


def truth(name: str, value: object) -> bool:
    """A yes/no parameter's value: a bool, the number 1 or 0, or the text
    true/yes/1 or false/no/0 (any case, spaces around ignored); anything
    else is a ParameterError naming the parameter and the value seen."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float) and value in (0, 1):
        return value == 1
    text = value.strip().lower() if isinstance(value, str) else None
    if text in _TRUE or text in _FALSE:
        return text in _TRUE
    raise ParameterError(
        f"{name} must be true or false (yes or no), got {value!r}", field=name, value=value
    )


def list_text(values: tuple[Any, ...]) -> str:
    """A list parameter as it is written: ``38,14,7`` (``-p positions=38,14,7``)."""
    return ",".join(str(v) for v in values)


def _numbers(name: str, text: str, default: tuple[Any, ...]) -> tuple[int | float, ...]:
    """A list parameter from text: numbers separated by commas (``;`` and
    ``/`` too); anything else names the accepted form."""
    parts = [p for p in text.replace(";", ",").replace("/", ",").split(",") if p.strip()]
    try:
        return tuple(_number(name, p) for p in parts)
    except ParameterError:
        raise ParameterError(
            f"{name} is a list of numbers separated by commas, e.g. "
            f"{name}={list_text(default)}; got {text!r}",
            field=name, value=text,
        ) from None


def _number(name: str, text: str) -> int | float:
    try:
        number = float(text.strip())
    except ValueError:
        raise ParameterError(
            f"{name} must be a number, got {text!r}", field=name, value=text
        ) from None
    return int(number) if number.is_integer() else number
