"""``dipxl``: the command line, a thin shell over the same core.

Exit status: 0 all scored, 1 any input failed, 2 usage errors.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from dipxl.csvio import parse_csv, standings_rows, to_csv
from dipxl.errors import DipxlError
from dipxl.examples import EXAMPLES, example
from dipxl.model import Power
from dipxl.standings import Standings, score_tournament
from dipxl.systems import SYSTEMS, get_system, system_ids

__all__ = ["main", "parse_overrides", "render_table"]

FORMATS = ("table", "json", "csv")


def parse_overrides(pairs: Sequence[str]) -> dict[str, str]:
    """``name=value`` options into a mapping (values converted later)."""
    result = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise click.BadParameter(f"expected NAME=VALUE, got {pair!r}", param_hint="--param")
        result[name.strip()] = value.strip()
    return result


def _fmt(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.4f}".rstrip("0").rstrip(".") if value == value else "nan"
    return str(value)


def render_table(standings: Standings, console: Console, *, limit: int | None = None) -> None:
    """Standings, best country and warnings as terminal tables."""
    title = standings.title or "Standings"
    suffix = f" after round {standings.after_round}" if standings.after_round else ""
    table = Table(title=f"{title} - {standings.system.title}{suffix}")
    table.add_column("Rank", justify="right")
    table.add_column("Player")
    table.add_column("Score", justify="right")
    table.add_column("Games", justify="right")
    for name in standings.tiebreak_names:
        table.add_column(name.replace("_", " ").capitalize(), justify="right")
    rows = standings.rows if limit is None else standings.rows[:limit]
    for row in rows:
        score = f"{row.score:.4f}" if standings.system.score_event else _fmt(row.score)
        table.add_row(
            str(row.rank),
            row.player,
            score,
            str(row.games),
            *(_fmt(row.tiebreaks.get(n)) for n in standings.tiebreak_names),
        )
    console.print(table)
    best = Table(title="Best country")
    best.add_column("Power")
    best.add_column("Player")
    best.add_column("Game")
    best.add_column("Score", justify="right")
    for power in Power:
        for b in standings.best_country.get(power, ()):
            best.add_row(power.title, b.player, f"R{b.round} B{b.board}", _fmt(b.score))
    console.print(best)
    for notice in standings.notices:
        console.print(f"[yellow]warning[/yellow] {notice}", markup=True, highlight=False)


def _emit(standings: Standings, fmt: str, console: Console) -> None:
    if fmt == "json":
        click.echo(json.dumps(standings.to_dict(), indent=2, ensure_ascii=False))
    elif fmt == "csv":
        click.echo(to_csv(standings_rows(standings)), nl=False)
    else:
        render_table(standings, console)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="dipxl")
def cli() -> None:
    """Score Diplomacy tournaments: C-Diplo, Detour 98e, Diminishing Value, HTM."""


@cli.command("systems")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table")
def systems_cmd(fmt: str) -> None:
    """List the scoring systems: ids, titles, rules and parameters."""
    if fmt == "json":
        data = [
            {
                "id": s.id,
                "title": s.title,
                "description": s.description,
                "parameters": {k: v for k, v in s.parameters()},
                "tiebreakers": list(s.tiebreakers),
            }
            for s in SYSTEMS
        ]
        click.echo(json.dumps(data, indent=2))
        return
    console = Console()
    for s in SYSTEMS:
        console.rule(f"[bold]{s.id}[/bold] - {s.title}")
        console.print(s.description, highlight=False, markup=False)
        params = ", ".join(f"{k}={v}" for k, v in s.parameters())
        console.print(f"parameters: {params}", highlight=False, markup=False)
        if s.tiebreakers:
            console.print(f"tie-breakers: {', '.join(s.tiebreakers)}", markup=False)


@cli.command("score")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--system", "-s", "system_id", help="Scoring system id (see `dipxl systems`).")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="table", show_default=True)
@click.option(
    "--param",
    "-p",
    "params",
    multiple=True,
    metavar="NAME=VALUE",
    help="Override a parameter of the system, e.g. -p best_rounds=3.",
)
@click.option("--after-round", type=click.IntRange(min=1), help="Standings after this round.")
def score_cmd(
    files: tuple[Path, ...],
    system_id: str | None,
    fmt: str,
    params: tuple[str, ...],
    after_round: int | None,
) -> None:
    """Score tournaments from CSV files.

    CSV header: round,board,power,player,centres,eliminated,draw.
    """
    console = Console(stderr=False)
    overrides = parse_overrides(params)
    if system_id is None:
        raise click.UsageError("--system is required for CSV input; see `dipxl systems`")
    try:
        get_system(system_id)
    except DipxlError as err:
        raise click.UsageError(str(err)) from None
    failed = 0
    for path in files:
        try:
            text = path.read_text(encoding="utf-8-sig")
            tournament = parse_csv(text, path.name, title=path.stem)
            standings = score_tournament(tournament, system_id, overrides, after_round=after_round)
        except (OSError, UnicodeDecodeError) as err:
            failed += 1
            click.echo(f"error: {path}: cannot read: {err}", err=True)
            continue
        except DipxlError as err:
            failed += 1
            click.echo(f"error: {err}", err=True)
            continue
        _emit(standings, fmt, console)
    if failed:
        sys.exit(1)


@cli.command("example")
@click.argument("name", type=click.Choice(sorted(EXAMPLES)), default="htm")
@click.option(
    "--system",
    "-s",
    "system_id",
    type=click.Choice(system_ids()),
    default=None,
    help="Scoring system (default: htm for the htm example, else cdiplo).",
)
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="table", show_default=True)
@click.option("--after-round", type=click.IntRange(min=1))
def example_cmd(name: str, system_id: str | None, fmt: str, after_round: int | None) -> None:
    """Score a built-in example tournament from the source texts."""
    chosen = system_id or ("htm" if name == "htm" else "cdiplo")
    standings = score_tournament(example(name), chosen, after_round=after_round)
    _emit(standings, fmt, Console())


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point of the ``dipxl`` script."""
    try:
        cli.main(args=list(argv) if argv is not None else None, prog_name="dipxl")
    except DipxlError as err:  # pragma: no cover - commands report their own
        click.echo(f"error: {err}", err=True)
        sys.exit(1)


if __name__ == "__main__":  # pragma: no cover
    main()
