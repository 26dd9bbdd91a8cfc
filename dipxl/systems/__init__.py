"""The registry of scoring systems: an explicit list, one line an entry.

Each entry is an instance of its system's class (see
:mod:`dipxl.systems.base`) with a stable id, a human title and its
parameters; a preset is an entry with other parameters and an id of its
own.  ``get_system(id)`` finds one; ``SYSTEMS`` lists them all, canonical
systems first.
"""

from __future__ import annotations

from typing import Any

from dipxl.errors import UnknownSystemError
from dipxl.systems import (
    carnage,
    cdiplo,
    detour98e,
    dimvalue,
    drawsize,
    htm,
    manorcon,
    sumofsquares,
    whipping,
    world_classic,
)
from dipxl.systems.base import EventSystem, GameSystem

__all__ = [
    "SYSTEMS", "EventSystem", "GameSystem", "System", "canonical", "get_system", "system_ids",
]

# A registry entry: a per-game or a tournament-wide system.
System = GameSystem[Any] | EventSystem[Any]

_CDIPLO = cdiplo.CDiplo("cdiplo", "C-Diplo", cdiplo.DEFAULT)
_DETOUR98E = detour98e.Detour98e("detour98e", "Detour 98e", detour98e.DEFAULT)
_HTM = htm.Htm("htm", "Hurst Tournament Mean", htm.DEFAULT)
_MANORCON = manorcon.ManorCon("manorcon", "ManorCon", manorcon.DEFAULT)
_WORLD_CLASSIC = world_classic.WorldClassic("world-classic", "World Classic", world_classic.DEFAULT)

SYSTEMS: tuple[System, ...] = (
    _CDIPLO,
    _DETOUR98E,
    dimvalue.DimValue("dimvalue", "Diminishing Value DBS", dimvalue.DEFAULT),
    _HTM,
    sumofsquares.SumOfSquares("sumofsquares", "Sum of Squares", sumofsquares.DEFAULT),
    drawsize.DrawSize("drawsize", "Draw size", drawsize.DEFAULT),
    carnage.Carnage("carnage", "Carnage", carnage.DEFAULT),
    _CDIPLO.preset("cdiplo-rounded", "C-Diplo, game scores rounded to whole points", round_to=0),
    # dipvis's "CDiplo 80" (CATALOGUE.md): the same rule, other numbers.
    _CDIPLO.preset("cdiplo-80", "CDiplo 80: solo 80, no point for playing, places 25/14/7",
                   solo=80, played=0, positions=(25, 14, 7)),
    _DETOUR98E.preset("detour98e-2dp",
                      "Detour 98e, game scores rounded to 2 decimals before totalling", round_to=2),
    _HTM.preset("htm-wta", "Hurst Tournament Mean, winner takes all (solo scores 34)",
                solo="winner_takes_all", solo_centres=34),
    _MANORCON,
    # dipvis's "Original ManorCon" and "ManorCon v2" (CATALOGUE.md).
    _MANORCON.preset("manorcon-original", "Original ManorCon: a win scores 100", solo=100),
    _MANORCON.preset("manorcon-v2", "ManorCon v2: a win scores 100, the eliminated add "
                     "nothing to the sum of N", solo=100, dead_n=0),
    _WORLD_CLASSIC,
    # dipvis's "Summer Classic" (CATALOGUE.md, dipvis issue #305).
    _WORLD_CLASSIC.preset("summer-classic", "Summer Classic: no topping pool for three or "
                          "more toppers", top_sharers=2),
    whipping.Whipping("whipping", "Whipping", whipping.DEFAULT),
)

_BY_ID = {s.id: s for s in SYSTEMS}


def system_ids() -> tuple[str, ...]:
    """Every registered id, canonical systems first."""
    return tuple(_BY_ID)


def canonical() -> tuple[System, ...]:
    """The entries that are not presets (each system once)."""
    return tuple(s for s in SYSTEMS if s.id == s.module)


def get_system(system_id: str | System) -> System:
    """The registry entry of ``system_id`` (case-insensitive)."""
    found = _BY_ID.get(system_id) if type(system_id) is str else None  # the usual call
    if found is not None:
        return found
    if isinstance(system_id, GameSystem | EventSystem):
        return system_id
    key = str(system_id).strip().lower()
    found = _BY_ID.get(key)
    if found is None:
        raise UnknownSystemError(
            f"unknown scoring system {system_id!r}; known: {', '.join(_BY_ID)}"
        )
    return found
