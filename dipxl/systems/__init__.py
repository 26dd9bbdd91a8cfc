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
    bangkok,
    bangkok_pike,
    base3,
    carnage,
    cdiplo,
    detour09,
    detour98e,
    dimvalue,
    drawsize,
    duct_tape,
    haight,
    htm,
    manorcon,
    maxonian,
    mischief,
    omg,
    opentribute,
    ranked_classic,
    solo_or_bust,
    southern_sun,
    sumofsquares,
    sydney_league,
    tribute,
    vulcan,
    whipping,
    world_classic,
    your_draw_size,
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
_YDS = your_draw_size.YourDrawSize(
    "yds-short", "Your Draw Size (short games): centre bands, solo 300", your_draw_size.DEFAULT)
_BANGKOK = bangkok.Bangkok("bangkok", "Bangkok", bangkok.DEFAULT)
_MAXONIAN = maxonian.Maxonian("maxonian", "Maxonian", maxonian.DEFAULT)
_RANKED_CLASSIC = ranked_classic.RankedClassic("ranked-classic", "Ranked Classic",
                                               ranked_classic.DEFAULT)
_CARNAGE = carnage.Carnage("carnage", "Carnage", carnage.DEFAULT)
_DUCT_TAPE = duct_tape.DuctTape("duct-tape", "Duct Tape V2", duct_tape.DEFAULT)
_MANORCON = manorcon.ManorCon("manorcon", "ManorCon", manorcon.DEFAULT)
_WORLD_CLASSIC = world_classic.WorldClassic("world-classic", "World Classic", world_classic.DEFAULT)

SYSTEMS: tuple[System, ...] = (
    _CDIPLO,
    _DETOUR98E,
    dimvalue.DimValue("dimvalue", "Diminishing Value DBS", dimvalue.DEFAULT),
    _HTM,
    sumofsquares.SumOfSquares("sumofsquares", "Sum of Squares", sumofsquares.DEFAULT),
    drawsize.DrawSize("drawsize", "Draw size", drawsize.DEFAULT),
    _CARNAGE,
    _CDIPLO.preset("cdiplo-rounded", "C-Diplo, game scores rounded to whole points", round_to=0),
    # dipvis's "CDiplo 80" (CATALOGUE.md): the same rule, other numbers.
    _CDIPLO.preset("cdiplo-80", "CDiplo 80: solo 80, no point for playing, places 25/14/7",
                   solo=80, played=0, positions=(25, 14, 7)),
    _DETOUR98E.preset("detour98e-2dp",
                      "Detour 98e, game scores rounded to 2 decimals before totalling", round_to=2),
    _HTM.preset("htm-wta", "Hurst Tournament Mean, winner takes all (solo scores 34)",
                solo="winner_takes_all", solo_centres=34),
    southern_sun.SouthernSun("southern-sun", "Southern Sun", southern_sun.DEFAULT),
    sydney_league.SydneyLeague("sydney-league", "Sydney League", sydney_league.DEFAULT),
    solo_or_bust.SoloOrBust("solo-or-bust", "Solo or bust", solo_or_bust.DEFAULT),
    _YDS,
    _YDS.preset("yds-unlimited", "Your Draw Size (unlimited games): centre bands, solo 320",
                win=320),
    _BANGKOK,
    # dipvis's "Olympic" (CATALOGUE.md): Bangkok's rule, other numbers.
    _BANGKOK.preset("olympic", "Olympic: Bangkok with solo 46, nothing to the losers of a "
                    "solo, domination shares 4 / 1.5 / 0.5", solo=46, loser_per_centre=0,
                    top_shares=4, one_behind_shares=1.5, two_behind_shares=0.5),
    bangkok_pike.BangkokPike("bangkok-pike", "Bangkok Pike", bangkok_pike.DEFAULT),
    base3.Base3("base3", "Base 3", base3.DEFAULT),
    mischief.Mischief("mischief", "Mischief", mischief.DEFAULT),
    _MAXONIAN,
    # dipvis's "7Eleven" (CATALOGUE.md): Maxonian with the bonus from 11 centres.
    _MAXONIAN.preset("7eleven", "7Eleven: Maxonian with the bonus above 11 centres",
                     threshold=11),
    detour09.Detour09("detour09", "Detour09", detour09.DEFAULT),
    haight.Haight("haight", "Haight v1.0", haight.DEFAULT),
    _RANKED_CLASSIC,
    # dipvis's "Ranked Classic v2" (CATALOGUE.md): ties of three or more differ.
    _RANKED_CLASSIC.preset("ranked-classic-v2",
                           "Ranked Classic v2: three or more tied get the two-way points of "
                           "the second-lowest place", multi_way_lower=False),
    # dipvis's Carnage family (CATALOGUE.md): Carnage's rule, other numbers.
    _CARNAGE.preset("carnage-elimination-order",
                    "Carnage with elimination order (eliminated powers ranked by year)",
                    eliminated_by_year=True),
    _CARNAGE.preset("carnage-centre-count",
                    "Center-count Carnage: 500 a centre, rank points 7007 ... 1001, solo 39028, "
                    "1000 to each loser of a solo", eliminated_by_year=True, centre_points=500,
                    positions=(7007, 6006, 5005, 4004, 3003, 2002, 1001), solo=39028,
                    solo_loss=1000),
    _CARNAGE.preset("carnage-2023", "Carnage 2023: elimination order, 300 a centre of lead",
                    eliminated_by_year=True, lead_bonus=300),
    _DUCT_TAPE,
    _DUCT_TAPE.preset("duct-tape-elimination-order", "Duct Tape V2 with elimination order",
                      eliminated_by_year=True),
    # dipvis's "C-Diplo Namur" (CATALOGUE.md): C-Diplo with a solo of 85 and a centre table.
    _CDIPLO.preset("cdiplo-namur", "C-Diplo Namur: solo 85, centre points 0/5/9/12/14/16/18 "
                   "for 0-6 centres, then 1 a centre", solo=85,
                   centre_points=(0, 5, 9, 12, 14, 16, 18)),
    omg.Omg("omg", "OMG (Open Mind the Gap)", omg.DEFAULT),
    tribute.Tribute("tribute", "Tribute", tribute.DEFAULT),
    opentribute.OpenTribute("opentribute", "OpenTribute", opentribute.DEFAULT),
    vulcan.Vulcan("vulcan", "Vulcan", vulcan.DEFAULT),
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
