"""``dipxl``: the command line, a thin shell over the same core.

Exit status: 0 all scored, 1 any input failed, 2 usage errors, 130
interrupted (Ctrl-C), 141 (128 + SIGPIPE, as a shell reports ``yes | head
-1``) when the program reading standard output closed it before the output
ended (``dipxl systems | head -1``), quietly.  :func:`main` is the one
error boundary: whatever goes wrong ends in one line on standard error,
never a traceback, and standard output is checked (a full disk or a closed
output is an error).
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import click
from rich.text import Text

from dipxl.errors import DipxlError
from dipxl.examples import AS_PUBLISHED, EXAMPLES, example
from dipxl.io.console import render_table
from dipxl.io.limits import NEW_SEATS
from dipxl.io.signals import Terminated, raise_if_terminated
from dipxl.io.terminal import CheckedStdout, error_lines, visible
from dipxl.report import OutConsole, emit, score_batch, stdout_failure
from dipxl.standings import score_tournament
from dipxl.systems import SYSTEMS, get_system, system_ids
from dipxl.systems.base import list_text

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


BROKEN_PIPE = 141  # 128 + SIGPIPE: what a shell reports for `yes | head -1`


class _BrokenPipe(Exception):
    """Standard output was closed by the program reading it."""


class _Group(click.Group):
    """The command group, whose commands end quietly with
    :data:`BROKEN_PIPE` when standard output is closed by its reader
    (``dipxl systems | head -1``): click would exit 1 without a word.  A
    batch reports a closed output itself, as the failure of its file."""

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        with _pipe_closed():  # dipxl --help, --version
            return super().make_context(*args, **kwargs)

    def invoke(self, ctx: click.Context) -> Any:
        with _pipe_closed():
            return super().invoke(ctx)


@contextlib.contextmanager
def _pipe_closed() -> Iterator[None]:
    """A broken pipe on standard output as :class:`_BrokenPipe`."""
    try:
        yield
    except OSError as err:
        if err.errno == errno.EPIPE and err.filename is None:
            raise _BrokenPipe from None
        raise


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
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
                "reads": list(s.reads),
                "parameters": {k: v for k, v in s.all_parameters()},
                "parameter_docs": {k: s.parameter_doc(k) for k, _ in s.all_parameters()},
                "tiebreakers": list(s.tiebreakers),
            }
            for s in SYSTEMS
        ]
        click.echo(json.dumps(data, indent=2))
        return
    console = OutConsole()
    for s in SYSTEMS:
        # The title on a line of its own: a rule cuts a long one short.
        console.rule()
        console.print(Text.assemble((s.id, "bold"), f" - {s.title}"), highlight=False)
        # A web address longer than the line stays whole (to click or copy):
        # the console wraps the words and never folds one in two.
        console.print(
            s.description, highlight=False, markup=False, overflow="ignore", crop=False
        )
        console.print(f"reads: {s.inputs}", highlight=False, markup=False)
        params = ", ".join(f"{k}={_setting_text(v)}" for k, v in s.all_parameters())
        console.print(f"parameters (-p NAME=VALUE): {params}", highlight=False, markup=False)
        for name, value in s.all_parameters():  # each documented on its field
            form = f"; a list: -p {name}={list_text(value)}" if isinstance(value, tuple) else ""
            console.print(
                f"  {name}: {s.parameter_doc(name)}{form}", highlight=False, markup=False
            )
        if s.tiebreakers:
            console.print(f"tie-breakers: {', '.join(s.tiebreakers)}", markup=False)


def _setting_text(value: Any) -> str:
    """A parameter's value as it is written after ``-p NAME=``."""
    return list_text(value) if isinstance(value, tuple) else str(value)


PARAM_HELP = (
    "Override a parameter of the system, e.g. -p best_rounds=3 or -p final_round=5; a "
    "list is written with commas, e.g. -p positions=38,14,7 or -p round_weights=1,1,2 "
    "(names and defaults: dipxl systems)."
)

SCORE_FORMATS = ("xlsx", "csv", "json", "wdd", "table")


@cli.command("score")
@click.argument("inputs", nargs=-1, required=True, metavar="FILE_OR_FOLDER...")
@click.option("--system", "-s", "system_id", help="Scoring system id (see `dipxl systems`).")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(SCORE_FORMATS),
    default=None,
    help="xlsx: NAME-scored.xlsx per input (default for workbooks); csv/json: the "
    "standings/JSON contract (stdout for one input without --out, else NAME-scored "
    "files); wdd: NAME-wdd-classification.csv and NAME-wdd-boards.csv for the World "
    "Diplomacy Database; table: print only (default when every input is a CSV file).",
)
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder for the outputs (default: beside each input).",
)
@click.option(
    "--force",
    is_flag=True,
    help="Replace existing outputs (dipxl's own unchanged outputs are replaced without it).",
)
@click.option(
    "--strict", is_flag=True,
    help="Fail a file whose warnings may change a score: a board or a seat not counted, a "
    "count that looks mistyped (centres totalling over 34 or under 22), a name that may be "
    "one player typed two ways, an eliminated player without a year where the system "
    "reads it. Information (a power played again, a player on two boards of a round) "
    "never fails a file.",
)
@click.option(
    "--param",
    "-p",
    "params",
    multiple=True,
    metavar="NAME=VALUE",
    help=PARAM_HELP,
)
@click.option("--after-round", type=click.IntRange(min=1), help="Standings after this round.")
def score_cmd(
    inputs: tuple[str, ...],
    system_id: str | None,
    fmt: str | None,
    out_dir: Path | None,
    force: bool,
    strict: bool,
    params: tuple[str, ...],
    after_round: int | None,
) -> None:
    """Score workbooks (.xlsx) and CSV files, or every one in a folder or glob.

    A workbook made by `dipxl new` brings its system and parameters (Settings
    sheet); any other workbook needs a sheet whose header row has Round,
    Board, Power, Player and Centres (synonyms accepted), and --system.
    CSV header: round,board,power,player,centres,eliminated,draw (synonyms
    accepted).

    Folders (not recursive) and globs follow symbolic links; a link that
    loops or points nowhere is skipped with a note.

    Inputs are never modified; outputs are written atomically (the WDD pair
    both or neither).  Re-scoring
    replaces dipxl's own unchanged output; anything else needs --force.  Exit status: 0 all scored,
    1 any input failed, 2 usage errors.
    """
    from dipxl.batch import UsageProblem, collect_inputs

    overrides = parse_overrides(params)
    if system_id is not None:
        try:
            get_system(system_id).make_params(overrides)
        except DipxlError as err:
            raise click.UsageError(str(err)) from None
    if out_dir is not None and out_dir.exists() and not out_dir.is_dir():
        raise click.UsageError(f"--out {out_dir}: not a folder")
    if out_dir is not None and fmt == "table":
        raise click.UsageError("--format table writes no file: drop --out or choose a format")
    notes: list[str] = []
    try:
        paths = collect_inputs(inputs, notes)
    except UsageProblem as err:
        raise click.UsageError(str(err)) from None
    finally:
        for note in notes:  # a symbolic link skipped: why, and what to do
            click.echo(f"note: {note}", err=True)
    _check_stdout(paths)
    all_csv = all(p.suffix.lower() == ".csv" for p in paths)
    if system_id is None and all_csv:
        raise click.UsageError("--system is required for CSV input; see `dipxl systems`")
    chosen = fmt or ("table" if all_csv else "xlsx")
    to_stdout = chosen in ("json", "csv") and out_dir is None and len(paths) == 1
    status = score_batch(
        paths,
        fmt="table" if to_stdout else chosen,
        data_fmt=chosen if to_stdout else None,
        out_dir=out_dir,
        force=force,
        system_id=system_id,
        overrides=overrides,
        after_round=after_round,
        strict=strict,
    )
    if status:
        sys.exit(status)


def _same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` name one existing file (by identity)."""
    from dipxl.io.files import file_identity

    key = file_identity(a)
    return key is not None and key == file_identity(b)


def _check_stdout(paths: Sequence[Path]) -> None:
    """Refuse when standard output is redirected into an input
    (``>> event.csv``): what is printed would be written into it."""
    from dipxl.io.files import file_identity

    try:
        info = os.fstat(sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):  # closed, or a test's capture
        return
    for path in paths:
        if file_identity(path) == (info.st_dev, info.st_ino):
            raise click.UsageError(
                f"standard output goes into the input {visible(str(path))}: dipxl never "
                "writes into an input (with > the shell has already emptied it); "
                "redirect to another file"
            )


@cli.command("demo")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path), default="dipxl-demo")
@click.option("--force", is_flag=True, help="Replace the demo files if they exist.")
def demo_cmd(folder: Path, force: bool) -> None:
    """Write example workbooks of the source texts' worked examples and score them.

    FOLDER (default dipxl-demo) gets the 21-player HTM tournament and the
    rulebook's worked boards as C-Diplo, Detour 98e and Diminishing Value
    events, each beside its NAME-scored.xlsx.
    """
    from dipxl.batch import output_path
    from dipxl.workbook.demo import DEMOS, write_demo_workbooks

    # The workbooks and their scored outputs: nothing is replaced without --force.
    books = [folder / name for name, _, _ in DEMOS]
    targets = books + [output_path(book, "xlsx", None) for book in books]
    clash = [path for path in targets if os.path.lexists(path)]
    if clash and not force:
        raise click.UsageError(
            f"{visible(str(clash[0]))} already exists; use --force or another FOLDER"
        )
    try:
        paths = write_demo_workbooks(folder, force=force)
    except (DipxlError, OSError) as err:
        sys.exit(_fail(error_lines(err), 1))
    click.echo(f"wrote {len(paths)} example workbooks in {visible(str(folder))}/", err=True)
    status = score_batch(
        paths,
        fmt="xlsx",
        data_fmt=None,
        out_dir=None,
        force=force,
        system_id=None,
        overrides={},
        after_round=None,
        strict=False,
        show_tables=True,
        as_published={
            folder / name: AS_PUBLISHED[example_name]
            for name, example_name, _ in DEMOS
            if example_name in AS_PUBLISHED
        },
    )
    if status:
        sys.exit(status)


@cli.command("new")
@click.argument("out", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--system", "-s", "system_id", required=True, type=click.Choice(system_ids()))
@click.option("--rounds", "-r", type=click.IntRange(1, 50), default=3, show_default=True)
@click.option("--boards", "-b", type=click.IntRange(1, NEW_SEATS // 7), help="Boards a round.")
@click.option("--players", "-n", "n_players", type=click.IntRange(1, NEW_SEATS),
              help="Placeholders.")
@click.option(
    "--players-file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Player names, one a line (UTF-8).",
)
@click.option("--title", "-t", default="", help="Tournament title.")
@click.option("--param", "-p", "params", multiple=True, metavar="NAME=VALUE", help=PARAM_HELP)
@click.option("--force", is_flag=True, help="Replace OUT if it exists.")
def new_cmd(
    out: Path,
    system_id: str,
    rounds: int,
    boards: int | None,
    n_players: int | None,
    players_file: Path | None,
    title: str,
    params: tuple[str, ...],
    force: bool,
) -> None:
    """Write a tournament workbook whose own formulas score everything.

    Settings holds every parameter (change one and every score follows),
    Players the names with stable ids, Results seven rows a board; Standings,
    Powers and Charts follow as results are typed in, in Excel or LibreOffice.
    Default sizes: 3 rounds; boards for every player (3 boards of placeholders
    when no players are given).
    """
    from dipxl.workbook.writer import (
        SizeError,
        default_players,
        formulas_follow,
        user_text,
        write_workbook,
    )

    if out.suffix.lower() != ".xlsx":
        raise click.UsageError(
            f"{visible(str(out))}: dipxl new writes an Excel workbook (.xlsx, which Excel "
            f"and LibreOffice open); name it {visible(out.stem or out.name)}.xlsx"
        )
    if n_players is not None and players_file is not None:
        raise click.UsageError("give --players or --players-file, not both")
    if players_file is not None and _same_file(out, players_file):
        raise click.UsageError(
            f"{visible(str(out))} is the players file: dipxl never writes over an input, "
            "--force or not; choose another name"
        )
    if n_players is not None and boards is not None and n_players < 7 * boards:
        raise click.UsageError(
            f"--boards {boards} seats {7 * boards} players a round, more than the "
            f"{n_players} of --players: give --players {7 * boards} or fewer boards"
        )
    spec = get_system(system_id)
    try:
        chosen = spec.make_params(parse_overrides(params))
        formulas_follow(spec, chosen)
    except DipxlError as err:
        raise click.UsageError(f"-p: {err}") from None
    _check_rounds(chosen, rounds, rounds_given=_given("rounds"))
    names: list[str] | None = None
    try:
        title = user_text(title, "--title", "title")
        if players_file is not None:
            names = _names_file(players_file)
    except DipxlError as err:
        sys.exit(_fail(error_lines(err), 1))
    if names is None and n_players is not None:
        names = default_players(n_players)
    elif names is None and boards is not None:
        names = default_players(7 * boards)
    try:
        write_workbook(out, spec, chosen, title, rounds, boards, names, force=force)
    except SizeError as err:
        raise click.UsageError(str(err)) from None
    except DipxlError as err:
        sys.exit(_fail(error_lines(err), 1))
    click.echo(f"wrote {visible(str(out))}", err=True)


# Parameters that count or name rounds (a list: one value a round): more
# rounds than the workbook's is a slip.  final_round and round_weights are
# the tournament formats' (issue 17), absent from systems without them.
ROUND_COUNTS = ("best_rounds", "final_round", "round_weights")


def _given(name: str) -> bool:
    """Whether option ``name`` of the running command was given (not its default)."""
    source = click.get_current_context().get_parameter_source(name)
    return source is not None and source is not click.core.ParameterSource.DEFAULT


def _check_rounds(params: Any, rounds: int, *, rounds_given: bool) -> None:
    """A usage error when a parameter needs more rounds than ``--rounds``."""
    for name in ROUND_COUNTS:
        value = getattr(params, name, None)
        need = len(value) if isinstance(value, tuple) else value
        if isinstance(need, int) and not isinstance(need, bool) and need > rounds:
            text = list_text(value) if isinstance(value, tuple) else value
            where = f"--rounds {rounds}" if rounds_given else f"{rounds}, the default of --rounds"
            raise click.UsageError(
                f"-p {name}={text} needs {need} rounds, more than the workbook has "
                f"({where}); give --rounds {need} or more, or change {name}"
            )


def _names_file(path: Path) -> list[str]:
    """Player names, one a line, from a UTF-8 file (blank lines and ``#``
    comments skipped: :func:`~dipxl.workbook.sheets.players.names_from_text`)."""
    from dipxl.io.files import read_input
    from dipxl.workbook.sheets.players import names_from_text

    data = read_input(path, str(path))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise DipxlError(
            f"not UTF-8 text (byte {err.start}): save it as UTF-8", str(path)
        ) from None
    return names_from_text(text, str(path))


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
    from dipxl.batch import OptionError, check_after_round

    chosen = system_id or ("htm" if name == "htm" else "cdiplo")
    event = example(name)
    try:
        check_after_round(event, after_round)
    except OptionError as err:
        raise click.UsageError(str(err)) from None
    standings = score_tournament(event, chosen, after_round=after_round)
    if fmt == "table":  # what the example holds as published: said once
        published = AS_PUBLISHED.get(name, (frozenset(), ""))
        render_table(standings, OutConsole(), as_published=published)
    else:
        emit(standings, fmt, OutConsole())


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point of the ``dipxl`` script: the one error boundary.

    Whatever a command raises ends here as one line on standard error and
    an exit status: 1 for a failure (a file that cannot be read or written,
    standard output full or closed, memory exhausted), 2 for usage, 130
    for Ctrl-C; never a traceback."""
    from dipxl.io.signals import terminate_cleanly

    original = sys.stdout
    sys.stdout = _checked_stdout(original)
    try:
        with terminate_cleanly():  # SIGTERM, SIGHUP: clean up, exit 128 + N
            status = _run(list(argv) if argv is not None else None)
    finally:
        sys.stdout = original
    sys.exit(status)


def _checked_stdout(stream: Any) -> Any:
    """``stream`` (``sys.stdout``) as a :class:`CheckedStdout` when it is a
    file descriptor (or was closed at start), else as it is (a test's
    capture).  Not on Windows, whose console and newline translation need
    Python's own stream: there output is checked only as far as it goes."""
    if stream is None:
        return CheckedStdout(None)
    if os.name != "posix":
        return stream
    try:
        fd = stream.fileno()
        stream.flush()
    except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation is both
        return stream
    return CheckedStdout(fd, stream.encoding or "utf-8", stream.errors or "strict")


def _run(args: list[str] | None) -> int:
    """Run the command line; its exit status."""
    try:
        result = cli.main(args=args, prog_name="dipxl", standalone_mode=False)
        raise_if_terminated()  # a signal whose exception a library swallowed
    except _BrokenPipe:
        return BROKEN_PIPE
    except click.exceptions.Abort as abort:
        if isinstance(abort.__cause__, KeyboardInterrupt):
            return _fail("interrupted; no output was left half-written", 130)
        return _fail("aborted", 1)
    except KeyboardInterrupt:
        return _fail("interrupted; no output was left half-written", 130)
    except Terminated as end:
        return _fail(f"{end}; no output was left half-written", end.status)
    except click.ClickException as exc:
        with contextlib.suppress(OSError):  # standard error is gone too
            exc.show()
        return exc.exit_code
    except DipxlError as err:
        return _fail(error_lines(err), 1)
    except MemoryError:
        return _fail("out of memory; close other programs or give dipxl less to do at once", 1)
    except OSError as err:
        if err.filename is None and err.errno in (errno.EPIPE, errno.EBADF, errno.ENOSPC,
                                                  errno.EFBIG, errno.EIO):
            return _fail(stdout_failure(err), 1)
        where = f"{visible(str(err.filename))}: " if err.filename is not None else ""
        return _fail(f"{where}{err.strerror or err}", 1)
    except Exception as err:  # the boundary: one line, never a traceback
        return _fail(f"internal error ({type(err).__name__}: {err}); please report it", 1)
    return result if isinstance(result, int) else 0


def _fail(message: str | list[str], status: int) -> int:
    """Print ``error: message`` on standard error (when it can), a line for
    each of a list (shown as they are: see :func:`error_lines`), and return
    ``status``."""
    lines = [visible(message)] if isinstance(message, str) else message
    with contextlib.suppress(OSError):  # standard error is gone too: the status says it
        for line in lines:
            click.echo(f"error: {line}", err=True)
    return status


if __name__ == "__main__":  # pragma: no cover
    main()
