"""What the command line prints: each input's standings, warnings and
errors as a batch goes (a progress bar on a terminal), then its summary.

What cannot be printed to standard output (a full disk, a closed output,
a broken pipe) is that input's failure, said in one line, and the batch
goes on; :mod:`dipxl.cli` turns the outcome into the exit status.
"""

from __future__ import annotations

import contextlib
import errno
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich.console import Console
from rich.markup import escape

from dipxl.errors import listed
from dipxl.io.console import render_table
from dipxl.io.terminal import literal, visible
from dipxl.standings import Standings
from dipxl.tables import standings_csv, standings_json

if TYPE_CHECKING:
    from dipxl.batch import FileOutcome

__all__ = ["OutConsole", "emit", "score_batch", "stdout_failure"]


class OutConsole(Console):
    """A console whose broken pipe is an ``OSError`` like any other failure
    to print (rich's own exits the program, ending a batch half-way)."""

    def on_broken_pipe(self) -> None:
        raise OSError(errno.EPIPE, "broken pipe")


def emit(standings: Standings, fmt: str, console: Console) -> None:
    if fmt == "json":
        click.echo(standings_json(standings))
    elif fmt == "csv":
        click.echo(standings_csv(standings), nl=False)
    else:
        render_table(standings, console)


def score_batch(
    paths: Sequence[Path],
    *,
    fmt: str,
    data_fmt: str | None,
    out_dir: Path | None,
    force: bool,
    system_id: str | None,
    overrides: dict[str, str],
    after_round: int | None,
    strict: bool,
    show_tables: bool | None = None,
    as_published: Mapping[Path, tuple[frozenset[str], str]] | None = None,
) -> int:
    """Run the batch with its terminal output; the exit status (0 all
    scored, 1 any input failed, 2 a ``-p`` its system does not accept).

    ``data_fmt`` (json/csv) sends that format of a single input to stdout.
    ``as_published``: per input, warning codes expected of it and the one
    note printed instead (the demo's examples).
    What is printed to stdout is part of a file's outcome: when it cannot be
    printed (a full disk, a closed output) that file failed, and the batch
    goes on."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from dipxl.batch import run_batch  # (not at start-up: `dipxl systems` needs none of it)

    out = OutConsole()
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    many = len(paths) > 1
    tables = show_tables if show_tables is not None else (fmt == "table" or not many)

    bar = None
    if many and err.is_terminal:  # a progress bar on a terminal only
        bar = Progress(
            TextColumn("scoring"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.description}"),
            console=err,
            transient=True,
        )
        task = bar.add_task("", total=len(paths))

    # While the bar is drawn, what goes to the same terminal is printed through
    # the bar's console, which clears the bar first and draws it again below.
    shown = bar.console if bar is not None and out.is_terminal else out

    def report(outcome: FileOutcome) -> None:
        if outcome.error is not None:
            for line in outcome.error.splitlines():  # one problem a line
                err.print(f"[red]error:[/red] {literal(line)}")
            return
        standings = outcome.standings
        assert standings is not None
        try:
            if data_fmt is not None:
                emit(standings, data_fmt, out)
            elif tables:
                if many:
                    shown.rule(escape(outcome.label))
                render_table(standings, shown, warnings=False)
        except OSError as error:
            outcome.error = f"{outcome.label}: {stdout_failure(error)}"
            err.print(f"[red]error:[/red] {literal(outcome.error)}")
            return
        for line in listed(outcome.warnings, what="warning", where=outcome.label):  # all: json
            err.print(f"[yellow]warning:[/yellow] {literal(line)}")
        if as_published and outcome.path in as_published:
            err.print(f"note: {escape(outcome.label)}: {literal(as_published[outcome.path][1])}")
        if outcome.output is not None:
            written = ", ".join(literal(str(p)) for p in (outcome.output, *outcome.more_outputs))
            try:
                shown.print(
                    f"scored {escape(outcome.label)} -> {written} "
                    f"({standings.system.id}, {len(standings.rows)} players, "
                    f"{len(standings.games)} games)",
                    highlight=False,
                    soft_wrap=True,
                )
            except OSError as error:  # the output is written: only the line is lost
                outcome.error = (
                    f"{outcome.label}: scored -> {visible(str(outcome.output))}, "
                    f"but {stdout_failure(error)}"
                )
                err.print(f"[red]error:[/red] {literal(outcome.error)}")

    def step(outcome: FileOutcome) -> None:
        report(outcome)
        if bar is not None:
            bar.update(task, advance=1, description=literal(outcome.path.name))

    with bar if bar is not None else contextlib.nullcontext():
        outcomes = run_batch(
            paths,
            fmt=fmt,
            out_dir=out_dir,
            force=force,
            system_id=system_id,
            overrides=overrides,
            after_round=after_round,
            strict=strict,
            on_done=step,
            keep_standings=False,
            expected={p: codes for p, (codes, _) in (as_published or {}).items()},
        )
    failed = sum(1 for o in outcomes if not o.ok)
    status = 2 if any(o.usage for o in outcomes) else 1 if failed else 0
    if many or failed:
        warned = sum(1 for o in outcomes if o.ok and o.warnings)
        err.print(
            f"{len(outcomes)} file(s): {len(outcomes) - failed} scored"
            + (f" ({warned} with warnings)" if warned else "")
            + f", {failed} failed",
            style="bold red" if failed else "bold",
        )
    return status


def stdout_failure(error: OSError) -> str:
    """Why printing to standard output failed, and what to do."""
    if error.errno == errno.EPIPE:
        return "standard output was closed by the program reading it (broken pipe)"
    if error.errno == errno.EBADF:
        return "standard output is closed: nothing can be printed (use --out for files)"
    return (
        f"cannot print to standard output: {error.strerror or error} "
        "(free some space, or write files with --out)"
    )
