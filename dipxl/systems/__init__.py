"""The registry of scoring systems: an explicit list of presets.

Each entry has a stable id, a human title, its default parameters and the
pure functions of its module.  Presets are entries with other parameters and
an id of their own.  ``get_system(id)`` finds one; ``SYSTEMS`` lists them all.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dipxl.errors import Notice, ParameterError, UnknownSystemError
from dipxl.model import Game, Tournament
from dipxl.systems import cdiplo, detour98e, dimvalue, htm
from dipxl.systems.common import param_table

__all__ = ["SYSTEMS", "System", "get_system", "system_ids"]

GameScorer = Callable[[Game, Any], tuple[float, ...]]


@dataclass(frozen=True)
class System:
    """One entry of the registry.

    ``score_game`` is set for per-game systems (``score_games``: the same
    for many games at once), ``score_event`` for
    tournament-wide ones (HTM).  ``tiebreakers`` names the tie-breakers of
    ``dipxl.tiebreaks`` the system applies, in order.  ``game_views`` (the
    seven seats of a scored game as the system compares them) and
    ``compare_games`` (Detour) replace the default comparison of two single
    games (higher score, then more centres) for best games and best country.
    ``score_counts`` scores a finished game from its centre counts alone,
    for systems that read nothing else (C-Diplo).
    """

    id: str
    title: str
    params: Any
    module: str
    score_game: GameScorer | None = None
    score_games: Callable[[Sequence[Game], Any], list[tuple[float, ...]]] | None = None
    score_event: Callable[[Tournament, Any], htm.EventScores] | None = None
    game_notices: Callable[[Game, Any], list[Notice]] | None = None
    tiebreakers: tuple[str, ...] = ()
    game_views: Callable[[tuple[float, ...], Game, int | None], tuple[Any, ...]] | None = None
    compare_games: Callable[[Any, Any], int] | None = None
    score_counts: Callable[[tuple[int, ...], Any], tuple[float, ...]] | None = None

    @property
    def per_game(self) -> bool:
        """True for systems that score each game on its own."""
        return self.score_game is not None

    @property
    def description(self) -> str:
        """The rule, from the docstring of the system's score function."""
        fn = self.score_game or self.score_event
        return inspect.cleandoc(fn.__doc__ or "") if fn else ""

    @property
    def summary(self) -> str:
        """The first line of the description."""
        return self.description.splitlines()[0] if self.description else self.title

    def parameters(self) -> list[tuple[str, Any]]:
        """(name, default) of every parameter of this entry."""
        return param_table(self.params)

    def make_params(self, overrides: Mapping[str, Any] | None = None) -> Any:
        """This entry's parameters with ``overrides`` applied and validated.

        Values may be given as text (from a command line or a cell): they are
        converted to the type of the default.  Unknown names are an error.
        """
        if not overrides:
            return self.params
        memo = _exact_key(overrides)
        made = _MADE.get((self.id, self.params, memo)) if memo is not None else None
        if made is not None:
            return made
        known = dict(self.parameters())
        changes: dict[str, Any] = {}
        for name, value in overrides.items():
            key = name.strip().lower().replace("-", "_")
            if key not in known:
                raise ParameterError(
                    f"{self.id} has no parameter {name!r}; it has {', '.join(known)}"
                )
            changes[key] = _convert(key, value, known[key])
        made = dataclasses.replace(self.params, **changes)
        if memo is not None:
            if len(_MADE) >= _MADE_LIMIT:
                _MADE.clear()
            _MADE[(self.id, self.params, memo)] = made
        return made


# Parameters made from the same overrides, kept: a batch makes the same ones
# for every file of an event series (and twice for each: once to check the
# Settings sheet, once to score).  Parameters are frozen, so one is shared.
_MADE: dict[tuple[str, Any, tuple[Any, ...]], Any] = {}
_MADE_LIMIT = 256
_PLAIN = (str, int, float, bool, type(None))


def _exact_key(overrides: Mapping[str, Any]) -> tuple[Any, ...] | None:
    """A key telling apart any two overrides that could make different
    parameters or errors: each value with its type and its repr (``1``,
    ``1.0`` and ``True`` compare equal, ``0.0`` and ``-0.0`` too); None when
    a value is of another kind."""
    items: list[tuple[str, type, object]] = []
    for name, value in overrides.items():
        if type(value) in (tuple, list):
            if not all(type(v) in _PLAIN for v in value):
                return None
            items.append((name, type(value), tuple((type(v), repr(v)) for v in value)))
        elif type(value) in _PLAIN:
            items.append((name, type(value), repr(value)))
        else:
            return None
    return tuple(items)


def _convert(name: str, value: Any, default: Any) -> Any:
    """Coerce ``value`` (possibly text) to the kind of ``default``."""
    if isinstance(value, str):
        text = value.strip()
        optional = default is None or name in ("round_to", "best_rounds", "solo_centres")
        if optional and text.lower() in ("", "none", "all", "exact"):
            return None
        if isinstance(default, tuple):
            parts = [p for p in text.replace(";", ",").replace("/", ",").split(",") if p.strip()]
            return tuple(_number(name, p) for p in parts)
        if isinstance(default, str):
            return text
        return _number(name, text)
    if isinstance(default, tuple) and isinstance(value, list | tuple):
        return tuple(value)
    if (
        isinstance(value, float)
        and value.is_integer()
        and (default is None or isinstance(default, int))
    ):
        return int(value)
    return value


def _number(name: str, text: str) -> int | float:
    try:
        number = float(text.strip())
    except ValueError:
        raise ParameterError(f"{name} must be a number, got {text!r}") from None
    return int(number) if number.is_integer() else number


CDIPLO = System(
    "cdiplo",
    "C-Diplo",
    cdiplo.DEFAULT,
    "cdiplo",
    score_game=cdiplo.score,
    score_games=cdiplo.score_many,
    score_counts=cdiplo.score_counts,
)
DETOUR98E = System(
    "detour98e",
    "Detour 98e",
    detour98e.DEFAULT,
    "detour98e",
    score_game=detour98e.score,
    score_games=detour98e.score_many,
    game_notices=detour98e.notices,
    tiebreakers=("wins", "draws", "best_game_1", "best_game_2", "best_game_3"),
    game_views=detour98e.views,
    compare_games=detour98e.compare,
)
DIMVALUE = System(
    "dimvalue",
    "Diminishing Value DBS",
    dimvalue.DEFAULT,
    "dimvalue",
    score_game=dimvalue.score,
    score_games=dimvalue.score_many,
    tiebreakers=(
        "head_to_head",
        "power_to_power",
        "superior_player",
        "zero_for_defeat",
        "total_centres",
    ),
)
HTM = System("htm", "Hurst Tournament Mean", htm.DEFAULT, "htm", score_event=htm.score)


def _preset(base: System, system_id: str, title: str, **changes: Any) -> System:
    """An entry with other parameters and an id of its own."""
    return dataclasses.replace(
        base, id=system_id, title=title, params=dataclasses.replace(base.params, **changes)
    )


SYSTEMS: tuple[System, ...] = (
    CDIPLO,
    DETOUR98E,
    DIMVALUE,
    HTM,
    _preset(CDIPLO, "cdiplo-rounded", "C-Diplo, game scores rounded to whole points",
            round_to=0),
    _preset(DETOUR98E, "detour98e-2dp",
            "Detour 98e, game scores rounded to 2 decimals before totalling", round_to=2),
    _preset(HTM, "htm-wta", "Hurst Tournament Mean, winner takes all (solo scores 34)",
            solo="winner_takes_all", solo_centres=34),
)

_BY_ID = {s.id: s for s in SYSTEMS}


def system_ids() -> tuple[str, ...]:
    """Every registered id, canonical systems first."""
    return tuple(_BY_ID)


def get_system(system_id: str | System) -> System:
    """The registry entry of ``system_id`` (case-insensitive)."""
    found = _BY_ID.get(system_id) if type(system_id) is str else None  # the usual call
    if found is not None:
        return found
    if isinstance(system_id, System):
        return system_id
    key = str(system_id).strip().lower()
    found = _BY_ID.get(key)
    if found is None:
        raise UnknownSystemError(
            f"unknown scoring system {system_id!r}; known: {', '.join(_BY_ID)}"
        )
    return found
