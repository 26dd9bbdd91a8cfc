"""Scoring many files: finding them, scoring each one, writing its output.

The command line (``dipxl score``) is a thin shell over this module:
:func:`collect_inputs` turns arguments (files, folders, globs) into a list
of files, :func:`score_file` reads and scores one of them, and
:func:`run_batch` scores them all, writes each output atomically and never
lets one broken file stop the others.  Inputs are only ever read.
"""

from __future__ import annotations

import dataclasses
import os
import stat
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dipxl.csvio import decode_csv, parse_csv
from dipxl.errors import DipxlError, InputError, ParameterError, grouped, listed
from dipxl.io.files import file_identity, read_input
from dipxl.io.owned import folder_lock, is_own_output
from dipxl.io.signals import raise_if_terminated
from dipxl.io.terminal import error_lines, visible
from dipxl.io.walk import Notes, folder_entries, glob_matches, link_note, why_missing
from dipxl.model import Tournament
from dipxl.standings import Standings, score_tournament
from dipxl.systems import System, get_system
from dipxl.wdd import Names
from dipxl.workbook.reader import read_workbook
from dipxl.workbook.scored import OUTPUT_SUFFIX, WDD_SUFFIXES, write_scored, write_wdd

__all__ = [
    "INPUT_SUFFIXES",
    "FileOutcome",
    "OptionError",
    "OverrideError",
    "UsageProblem",
    "check_after_round",
    "collect_inputs",
    "output_path",
    "output_paths",
    "run_batch",
    "score_file",
]

INPUT_SUFFIXES = (".xlsx", ".xlsm", ".csv")
SCORED_SUFFIX = "-scored"
_GLOB_CHARS = frozenset("*?[")


class UsageProblem(Exception):
    """The command was given something it cannot work with (exit status 2)."""


class OptionError(DipxlError):
    """An option of the command that this input cannot honour (a ``-p`` its
    system does not accept, ``--after-round`` past its last round): a usage
    error (exit status 2), not a fault of the file."""


class OverrideError(OptionError, ParameterError):
    """A ``-p NAME=VALUE`` the input's system does not accept: a usage error
    (exit status 2) whether the system came from ``--system`` or from a
    workbook's Settings sheet."""


def check_after_round(tournament: Tournament, after_round: int | None) -> None:
    """``--after-round`` must name one of the event's rounds (those with a
    board entered): past the last one it is an :class:`OptionError`."""
    if after_round is None:
        return
    last = max((g.round for g in tournament.games), default=0)
    if after_round > last:
        held = f"rounds 1-{last}" if last > 1 else "round 1" if last else "no round"
        raise OptionError(
            f"--after-round {after_round}: this event has {held}; "
            "leave --after-round out for the standings after the last round"
        )


@dataclass
class FileOutcome:
    """What happened to one input: its standings and output, or its error."""

    path: Path
    label: str
    standings: Standings | None = None
    output: Path | None = None
    more_outputs: tuple[Path, ...] = ()  # the WDD's second file
    error: str | None = None
    warnings: list[str] = field(default_factory=list)
    usage: bool = False  # the error is the command's (-p, --after-round), not the file's

    @property
    def ok(self) -> bool:
        return self.error is None


def _skipped_in_listing(path: Path) -> bool:
    """Files a folder or glob never yields: our own outputs (the WDD's
    too), Excel's lock files (``~$book.xlsx``), hidden files."""
    name = path.name
    return (
        name.startswith(("~$", "."))
        or path.stem.endswith(SCORED_SUFFIX)
        or name.lower().endswith(WDD_SUFFIXES)
    )


def collect_inputs(
    arguments: Iterable[str | Path], notes: list[str] | None = None
) -> list[Path]:
    """Files to score from files, folders (their .xlsx, .xlsm and .csv files,
    not recursive) and glob patterns (``'events/**/*.xlsx'``), in order,
    each once.  Folders and globs skip ``*-scored.*`` outputs, lock files
    and hidden files (dipxl's temporary files among them); a file named
    explicitly is always taken.  Symbolic links are followed, to files and
    folders alike; one that cannot be (it points nowhere, or loops back on
    itself or to a folder containing it) is skipped, and a note saying so
    is added to ``notes`` (see :mod:`dipxl.io.walk`): a search always ends."""
    found: list[Path] = []
    seen: set[Path] = set()
    noted: Notes = {}

    def add(path: Path) -> None:
        try:
            key = path.resolve()
        except (OSError, RuntimeError):  # a link loop met on the way
            key = Path(os.path.abspath(path))
        if key not in seen:
            seen.add(key)
            found.append(path)

    try:
        for argument in arguments:
            text = str(argument)
            try:
                _collect(text, add, noted)
            except OSError as err:  # a name too long, a folder that cannot be listed
                raise UsageProblem(
                    f"{visible(text)}: {err.strerror or err}: check the path and its permissions"
                ) from None
    finally:
        if notes is not None:
            notes.extend(noted)
    return found


def _collect(text: str, add: Callable[[Path], None], notes: Notes) -> None:
    """Add the files of one argument of :func:`collect_inputs`."""
    path = Path(text)
    if path.is_dir():
        children = sorted(
            folder_entries(
                text,
                lambda name: Path(name).suffix.lower() in INPUT_SUFFIXES
                and not _skipped_in_listing(Path(name)),
                notes,
            ),
            key=lambda p: os.path.basename(p).lower(),
        )
        if not children:
            raise UsageProblem(
                f"{visible(text)}: no .xlsx, .xlsm or .csv files in this folder"
                + (" (see the notes above)" if notes else "")
                + "; name the files, or the folder that holds them"
            )
        for child in children:
            add(path / os.path.basename(child))
    elif path.exists():
        add(path)
    elif _GLOB_CHARS & set(text):
        matches: list[Path] = []
        for match in map(Path, glob_matches(text, notes)):
            if _skipped_in_listing(match):
                continue
            try:
                regular = stat.S_ISREG(os.stat(match).st_mode)
            except OSError as err:
                if match.is_symlink():
                    notes[link_note(str(match), err)] = None
                continue
            if regular:
                matches.append(match)
        if not matches:
            raise UsageProblem(
                f"{visible(text)}: no file matches this pattern"
                + (" (see the notes above)" if notes else "")
                + "; check the pattern (quoted, `**` for any depth of folders)"
            )
        for match in matches:
            add(match)
    else:
        raise UsageProblem(f"{visible(text)}: {why_missing(text)}")


def output_path(path: Path, fmt: str, out_dir: Path | None) -> Path:
    """``NAME-scored.<fmt>`` in ``out_dir``, or beside the input."""
    folder = out_dir if out_dir is not None else path.parent
    return folder / f"{path.stem}{SCORED_SUFFIX}{OUTPUT_SUFFIX[fmt]}"


def output_paths(path: Path, fmt: str, out_dir: Path | None) -> tuple[Path, ...]:
    """The files ``fmt`` writes for ``path``: :func:`output_path`, or for
    ``wdd`` ``NAME-wdd-classification.csv`` and ``NAME-wdd-boards.csv``;
    none for ``table``."""
    if fmt == "wdd":
        folder = out_dir if out_dir is not None else path.parent
        return tuple(folder / f"{path.stem}{suffix}" for suffix in WDD_SUFFIXES)
    return (output_path(path, fmt, out_dir),) if fmt in OUTPUT_SUFFIX else ()


def _resolve_system(
    system_id: str | None,
    book_system: System | None,
    book_overrides: Mapping[str, Any],
    overrides: Mapping[str, Any],
    book_params: Any = None,
) -> tuple[System, Any]:
    """The system and parameters: ``--system`` wins over the Settings sheet
    (whose parameters then apply only when it names the same system);
    ``-p`` overrides apply last.  The Settings sheet's parameters, built
    when it was read (``book_params``), are used as they are when nothing
    changes them."""
    if system_id is not None:
        spec = get_system(system_id)
        base = dict(book_overrides) if book_system is not None and book_system.id == spec.id else {}
    elif book_system is not None:
        spec, base = book_system, dict(book_overrides)
    else:
        raise InputError(
            "no scoring system: there is no Settings sheet naming one; "
            "give --system (see `dipxl systems`)"
        )
    if not overrides and book_params is not None and book_system is not None \
            and book_system.id == spec.id:
        return spec, book_params
    try:  # the command's own overrides first: a bad one is a usage error
        spec.make_params(overrides)
    except ParameterError as err:
        raise OverrideError(f"-p: {err}") from None
    base.update(overrides)
    return spec, spec.make_params(base)


def _read_csv(path: Path, label: str) -> Any:
    data = read_input(path, label)
    if data.startswith(b"PK\x03\x04"):
        raise InputError("this is an xlsx workbook named .csv: rename it .xlsx", label)
    text, remark = decode_csv(data, label)
    tournament = parse_csv(text, label, title=path.stem)
    if remark is None:
        return tournament
    return dataclasses.replace(tournament, remarks=(remark, *tournament.remarks))


def score_file(
    path: Path,
    *,
    label: str | None = None,
    system_id: str | None = None,
    overrides: Mapping[str, Any] | None = None,
    after_round: int | None = None,
    strict: bool = False,
) -> Standings:
    """Read and score one CSV file or workbook.  Every error is a
    :class:`DipxlError` whose text starts with ``label`` (default: the path).
    With ``strict`` a warning is an error."""
    return _score_file(path, label if label is not None else str(path), system_id,
                       overrides, after_round, strict, names=False)[0]


def _score_file(
    path: Path,
    label: str,
    system_id: str | None,
    overrides: Mapping[str, Any] | None,
    after_round: int | None,
    strict: bool,
    *,
    names: bool,
) -> tuple[Standings, Names]:
    """:func:`score_file`, and with ``names`` the first and last names a
    workbook's Players sheet gives (for the WDD; none for a CSV file)."""
    book_system: System | None = None
    book_overrides: Mapping[str, Any] = {}
    book_params: Any = None
    given: Names = {}
    if path.suffix.lower() == ".csv":
        tournament = _read_csv(path, label)
    else:
        book = read_workbook(path, label, names=names)
        tournament, book_system, book_overrides = book.tournament, book.system, book.overrides
        book_params, given = book.params, book.names
    try:
        spec, params = _resolve_system(
            system_id, book_system, book_overrides, overrides or {}, book_params
        )
        check_after_round(tournament, after_round)
        standings = score_tournament(tournament, spec, params, after_round=after_round)
    except DipxlError as err:
        raise err.located(label) from None
    escalated = [n for n in standings.notices if n.changes_score]
    if strict and escalated:
        lines = "; ".join(listed([str(n) for n in escalated], what="warning"))
        raise InputError(
            f"{len(escalated)} warning(s) that may change a score, errors under --strict "
            f"({standings.counted}): {lines}", label
        )
    return standings, given


_SPARE_MEMORY = 8 << 20


def run_batch(
    paths: Sequence[Path],
    *,
    fmt: str,
    out_dir: Path | None = None,
    force: bool = False,
    system_id: str | None = None,
    overrides: Mapping[str, Any] | None = None,
    after_round: int | None = None,
    strict: bool = False,
    on_done: Callable[[FileOutcome], None] | None = None,
    keep_standings: bool = True,
    expected: Mapping[Path, frozenset[str]] | None = None,
) -> list[FileOutcome]:
    """Score every file of ``paths``; with ``fmt`` ``xlsx``, ``csv`` or
    ``json`` write each one's ``NAME-scored`` output, with ``wdd`` its two
    WDD files (``table``: write nothing).  A failing file is recorded and the batch goes on; a file
    that fails leaves no output behind.  ``on_done`` is called after each;
    without ``keep_standings`` each outcome drops its standings after that
    call, so a long batch does not hold every event in memory.
    ``expected``: per input, warning codes that are no warning for it (the
    demo's examples as published); they stay in the scored output."""
    outcomes: list[FileOutcome] = []
    claimed: dict[Path, Path] = {}
    # Files are compared by identity (device and inode), not by name: a
    # link, another spelling or a case-insensitive disk is the same file.
    inputs = {ident: p for p in paths if (ident := file_identity(p)) is not None}
    written: dict[tuple[int, int], tuple[Path, Path]] = {}  # output: its input, its name
    for path in paths:
        raise_if_terminated()
        # Control characters in a file name are shown, never sent to the terminal.
        outcome = FileOutcome(path, visible(str(path)))
        # Memory set aside while the file is scored and given back when it
        # runs out: what the failed file held is then cleaned up with room
        # to spare, not failing again in finalisers ("Exception ignored").
        spare: bytearray | None = bytearray(_SPARE_MEMORY)
        try:
            targets = output_paths(path, fmt, out_dir)
            for target in targets:
                key = Path(os.path.abspath(target))
                if key == Path(os.path.abspath(path)):
                    raise DipxlError("the output would replace the input", str(target))
                if key in claimed:
                    raise DipxlError(
                        f"another input of this run ({claimed[key]}) writes the same output",
                        str(target),
                    )
                claimed[key] = path
                _check_target(target, path, inputs, written, force)
            standings, names = _score_file(
                path, outcome.label, system_id, overrides, after_round, strict,
                names=fmt == "wdd",
            )
            outcome.standings = standings
            known = (expected or {}).get(path, frozenset())
            outcome.warnings = [f"{outcome.label}: {line}" for line in grouped(
                [n for n in standings.notices if n.code not in known])]
            if fmt == "wdd":
                try:
                    outcome.output, *more = write_wdd(targets, standings, names, force=force)
                except InputError as err:  # an event the WDD cannot take
                    raise err.located(outcome.label) from None
                outcome.more_outputs = tuple(more)
            elif targets:
                outcome.output = write_scored(
                    targets[0], standings, fmt, source=path.name, force=force
                )
            for made in (outcome.output, *outcome.more_outputs):
                if made is not None and (ident := file_identity(made)) is not None:
                    written[ident] = (path, made)
        except DipxlError as err:
            outcome.error = "\n".join(error_lines(err))  # one problem a line
            outcome.usage = isinstance(err, OptionError)
        except OSError as err:  # a failure no layer below translated
            outcome.error = f"{outcome.label}: {err.strerror or err}"
        except MemoryError:
            spare = None  # given back before the failed file's frames are freed
            outcome.error = (
                f"{outcome.label}: out of memory while scoring this file; "
                "close other programs or score it on its own"
            )
        except Exception as err:  # one broken file never stops the batch
            outcome.error = (
                f"{outcome.label}: internal error ({type(err).__name__}: {err}); "
                "please report it with the file"
            )
        del spare
        outcomes.append(outcome)
        if on_done is not None:
            on_done(outcome)
        if not keep_standings:
            outcome.standings = None
    raise_if_terminated()
    return outcomes


def _check_target(
    target: Path,
    path: Path,
    inputs: Mapping[tuple[int, int], Path],
    written: Mapping[tuple[int, int], tuple[Path, Path]],
    force: bool,
) -> None:
    """Refuse to write ``target`` (the output of ``path``) over an input of
    the run or another input's output of this run, with or without
    ``force``; over any other existing file without ``force``, unless it
    is dipxl's own unchanged output (re-scoring)."""
    key = file_identity(target)
    if key is not None and key in inputs:
        raise DipxlError(
            f"is also an input of this run ({visible(str(inputs[key]))}): dipxl never "
            "writes over an input, --force or not; choose another name or --out",
            str(target),
        )
    # The same file as an output written before, still there under its name
    # (not a number the disk reused: another dipxl may have replaced that one).
    if key is not None and key in written and written[key][0] != path \
            and file_identity(written[key][1]) == key:
        raise DipxlError(
            f"another input of this run ({visible(str(written[key][0]))}) writes the same output",
            str(target),
        )
    if force:
        return
    with folder_lock([target.parent], create=False):  # not while another dipxl publishes
        if os.path.lexists(target) and not is_own_output(target):
            raise DipxlError("already exists (use --force to replace it)", str(target))
