"""The scored outputs of ``dipxl score``: a values-only workbook, CSV, JSON.

The scored workbook (``NAME-scored.xlsx``) has one sheet per part of the
standings, all plain values (no formulas, nothing recomputed by Excel):

- ``Standings``: rank, player, score, games, then the values of the
  system's tie-breakers (HTM adds the exact score as a fraction);
- ``Games``: every seat of every finished game with its score;
- ``Best country``: per power, the holders of the best single game;
- ``Powers``: per power, games, centres, solos, eliminations, mean score;
- ``Warnings``: what the engine noticed (empty when nothing);
- ``Settings``: title, system and every parameter used, in the layout's
  ``Setting | Value | Notes`` format, plus the source file.

User text (names, titles) is written as text whatever it starts with.
CSV is the standings table (text defused by :func:`dipxl.csvio.safe_cell`);
JSON is the contract of :meth:`dipxl.standings.Standings.to_dict`.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

from dipxl.csvio import standings_rows, to_csv
from dipxl.io.files import atomic_write, atomic_write_text
from dipxl.model import Power
from dipxl.standings import Standings
from dipxl.workbook.layout import SETTINGS_HEADER, settings_rows
from dipxl.workbook.xlsx import Sheet, Value, write_xlsx

__all__ = [
    "scored_csv",
    "scored_json",
    "scored_sheets",
    "write_scored",
]

OUTPUT_SUFFIX = {"xlsx": ".xlsx", "csv": ".csv", "json": ".json"}


def _title(name: str) -> str:
    return name.replace("_", " ").capitalize()


def _value(value: Any) -> Value:
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, Fraction):
        return float(value)
    if isinstance(value, tuple | list):
        return ", ".join(str(_value(v)) for v in value)
    return str(value)


def scored_sheets(standings: Standings, source: str = "") -> list[Sheet]:
    """The sheets of the scored workbook, values only."""
    names = list(standings.tiebreak_names)
    exact = any(r.exact is not None for r in standings.rows)
    table = Sheet(
        "Standings",
        ["Rank", "Player", "Score", "Games", *(_title(n) for n in names)]
        + (["Exact score"] if exact else []),
        [
            [
                r.rank,
                r.player,
                r.score,
                r.games,
                *(_value(r.tiebreaks.get(n)) for n in names),
                *([str(r.exact) if r.exact is not None else None] if exact else []),
            ]
            for r in standings.rows
        ],
    )
    games = Sheet(
        "Games",
        ["Round", "Board", "Power", "Player", "Centres", "Eliminated", "In draw", "Solo", "Score"],
        [
            [
                sg.round,
                sg.board,
                seat.power.title,
                seat.player,
                seat.centres,
                seat.eliminated,
                "Y" if sg.winner is None and sg.game.draw_members[i] else "N",
                "Y" if sg.winner == i else None,
                sg.scores[i],
            ]
            for sg in standings.games
            for i, seat in enumerate(sg.game.seats)
        ],
    )
    best = Sheet(
        "Best country",
        ["Power", "Player", "Round", "Board", "Score", "Centres"],
        [
            [power.title, b.player, b.round, b.board, b.score, b.centres]
            for power in Power
            for b in standings.best_country.get(power, ())
        ],
    )
    powers = Sheet(
        "Powers",
        ["Power", "Games", "Total centres", "Mean centres", "Solos", "Eliminations", "Mean score"],
        [
            [
                p.power.title,
                p.games,
                p.total_centres,
                p.mean_centres,
                p.solos,
                p.eliminations,
                p.mean_score,
            ]
            for p in standings.powers
        ],
    )
    warnings = Sheet(
        "Warnings",
        ["Where", "Warning", "Code"],
        [[n.where, n.message, n.code] for n in standings.notices],
    )
    settings: list[list[Value]] = [
        [name, _value(value), note]
        for name, value, note in settings_rows(standings.system, standings.params, standings.title)
    ]
    settings.append(
        ["after_round", standings.after_round, "Standings as they stood after this round"]
    )
    if source:
        settings.append(["source", source, "The workbook or CSV file scored"])
    return [
        table,
        games,
        best,
        powers,
        warnings,
        Sheet("Settings", list(SETTINGS_HEADER), settings),
    ]


def scored_csv(standings: Standings) -> str:
    """The standings as CSV (``rank,player,score,games,<tie-breakers>``)."""
    return to_csv(standings_rows(standings))


def scored_json(standings: Standings) -> str:
    """The JSON contract (README), indented."""
    return json.dumps(standings.to_dict(), indent=2, ensure_ascii=False) + "\n"


def write_scored(
    target: Path, standings: Standings, fmt: str, *, source: str = "", force: bool = False
) -> Path:
    """Write ``standings`` to ``target`` as ``xlsx``, ``csv`` or ``json``,
    atomically; an existing ``target`` is replaced only with ``force``."""
    if fmt == "xlsx":
        sheets = scored_sheets(standings, source)
        return atomic_write(target, lambda p: write_xlsx(p, sheets), force=force)
    if fmt == "csv":
        return atomic_write_text(target, scored_csv(standings), force=force)
    if fmt == "json":
        return atomic_write_text(target, scored_json(standings), force=force)
    raise ValueError(f"unknown output format {fmt!r}")
