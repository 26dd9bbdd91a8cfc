"""Standings as the terminal shows them: rich tables fitted to the
console's width, every name, title and warning printed literally
(:mod:`dipxl.io.terminal`), the warnings listed up to a count."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from dipxl.errors import grouped, listed
from dipxl.io.terminal import fit_columns, literal, visible
from dipxl.standings import Standings
from dipxl.tables import EXACT, best_country_table, display_decimals, flag, shown, standings_table

__all__ = ["render_table"]


def render_table(
    standings: Standings,
    console: Console,
    *,
    limit: int | None = None,
    warnings: bool = True,
    as_published: tuple[frozenset[str], str] = (frozenset(), ""),
) -> None:
    """Standings, best country and warnings as terminal tables, fitted to
    the console's width: scores to the system's display decimals, never a
    number or a header word cut; tie-breakers that do not fit are left out
    from the last, with a line that says which.  ``as_published``: warning
    codes expected of a built-in example, and the note said once instead."""
    title = standings.title or "Standings"
    suffix = f" after round {standings.after_round}" if standings.after_round else ""
    data = standings_table(standings)
    decimals = display_decimals(standings.system, standings.params)
    # Every column but the exact score (HTM's scores are shown to 4 decimals).
    shown_at = [i for i, c in enumerate(data.columns) if c != EXACT]
    rows = data.rows if limit is None else data.rows[:limit]
    cells = [[visible(_cell(flag(row[i]), decimals)) for i in shown_at] for row in rows]
    headers = [data.columns[i].header for i in shown_at]
    names = [data.columns[i].name for i in shown_at]
    left_out = _print_fitted(
        console, literal(f"{title} - {standings.system.title}{suffix}"), headers, names, cells,
        keep=max(names.index(n) for n in ("games", "finalist", "adjustment", "status")
                 if n in names) + 1,
    )
    if left_out:
        console.print(
            f"Not shown in {console.width} columns: {', '.join(left_out)} "
            "(a wider terminal, --format csv or --format json shows every column)",
            markup=False, highlight=False,
        )
    best = [
        [b["power"], visible(str(b["player"])), f"R{b['round']} B{b['board']}",
         _cell(b["score"], decimals)]
        for b in best_country_table(standings).records()
    ]
    _print_fitted(console, "Best country", ["Power", "Player", "Game", "Score"],
                  ["power", "player", "game", "score"], best, keep=4)
    status = standings.counted
    console.print(f"Counted: {literal(str(status))}", style=None if status.complete else "yellow",
                  markup=False, highlight=False)
    codes, note = as_published
    told = grouped([n for n in standings.notices if n.code not in codes]) if warnings else []
    for line in listed(told, what="warning"):
        console.print(f"[yellow]warning[/yellow] {literal(line)}", markup=True, highlight=False)
    if warnings and note:
        console.print(f"note: {note}", markup=False, highlight=False)


def _cell(value: Any, decimals: int) -> str:
    """A table value as shown: scores to ``decimals``, None blank."""
    return "" if value is None else str(shown(value, decimals))


def _print_fitted(
    console: Console,
    title: str,
    headers: list[str],
    names: list[str],
    cells: list[list[str]],
    *,
    keep: int,
) -> list[str]:
    """Print a table of text ``cells`` within the console's width (see
    :func:`~dipxl.io.terminal.fit_columns`); the headers of the columns
    left out."""
    wrap = frozenset(i for i, name in enumerate(names) if name == "player")
    kept, widths = fit_columns(headers, cells, console.width, keep=keep, wrap=wrap)
    table = Table(title=title)
    for i, width in zip(kept, widths, strict=True):
        text = names[i] in ("player", "power", "game")
        table.add_column(
            headers[i], justify="left" if text else "right", width=width, overflow="fold"
        )
    for row in cells:
        # Text, not markup: a player named "[/b]" is shown as it is.
        table.add_row(*(Text(row[i]) for i in kept))
    console.print(table)
    return [headers[i] for i in range(len(headers)) if i not in kept]
