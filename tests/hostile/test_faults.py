"""Faults of issue 24, each tried for real: outputs that belong together (the
WDD pair) on a full disk and when a rename fails or Ctrl-C comes half-way;
several ``dipxl score`` processes over one folder at once; globs and folders
over trees whose symbolic links loop, point to a parent or point nowhere.

A set of outputs is published all or nothing (the previous set stays
whole); concurrent runs report no false collision and never take another's
files for inputs; a search always ends, each skipped link with a note that
says why, and a refusal says what is wrong and what to do.
"""

from __future__ import annotations

import errno
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from dipxl.errors import DipxlError
from dipxl.io import files
from dipxl.io.files import WriteError, atomic_write_set
from dipxl.io.owned import RECORD, write_outputs
from tests.test_cli_csv import event_csv

DIPXL = [sys.executable, "-m", "dipxl.cli"]
PAIR = ("cup-wdd-classification.csv", "cup-wdd-boards.csv")


def dipxl(*args: str | Path, cwd: Path | None = None,
          timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*DIPXL, *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, timeout=timeout, check=False)


def contents(folder: Path) -> dict[str, bytes]:
    """Every visible file of ``folder`` and its bytes."""
    return {p.name: p.read_bytes() for p in folder.iterdir()
            if p.is_file() and not p.name.startswith(".")}


def no_temp_files(folder: Path) -> None:
    left = [p.name for p in folder.rglob("*") if p.name.endswith((".tmp", ".kept"))]
    assert left == [], left


# -- a set of outputs: all or nothing ------------------------------------------


def fill_leaving(folder: Path, leave: int) -> Path:
    """Fill the disk of ``folder`` to the last byte, then free ``leave`` bytes."""
    filler = folder / ".filler"
    with open(filler, "wb") as fh:
        block = b"\0" * (64 << 10)
        while True:
            try:
                fh.write(block)
                fh.flush()
            except OSError as err:
                assert err.errno == errno.ENOSPC, err
                break
    size = filler.stat().st_size
    with open(filler, "r+b") as fh:
        fh.truncate(max(size - leave, 0))
    return filler


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real filesystem of 1 MiB (tmpfs), to fill."""
    if os.name != "posix" or os.geteuid() != 0:
        pytest.skip("mounting a filesystem needs root on Linux")
    mount = tmp_path / "disk"
    mount.mkdir()
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)],
                          capture_output=True, check=False, timeout=60)
    if made.returncode:
        pytest.skip(f"cannot mount a tmpfs: {made.stderr!r}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False, timeout=60)


def test_a_full_disk_leaves_the_previous_wdd_pair_whole(small_disk: Path) -> None:
    # The disk has room for the new classification, not for the boards: it
    # once replaced the classification, then removed it: half a pair, the
    # earlier classification lost.
    cup = small_disk / "cup.csv"
    cup.write_text(event_csv(), encoding="utf-8")
    first = dipxl("score", cup, "-s", "cdiplo", "--format", "wdd")
    assert first.returncode == 0, first.stderr
    before = contents(small_disk)
    assert set(PAIR) <= set(before)
    room = -(-len(before[PAIR[0]]) // 4096) * 4096  # the first file's pages
    filler = fill_leaving(small_disk, room)
    again = dipxl("score", cup, "-s", "detour98e", "--format", "wdd")
    filler.unlink()
    assert again.returncode == 1, again.stderr
    assert "Traceback" not in again.stderr
    assert "No space left on device" in again.stderr
    assert "free some space or write to another disk" in again.stderr
    assert "cup-wdd-" in again.stderr
    assert contents(small_disk) == before  # the earlier pair, byte for byte
    no_temp_files(small_disk)
    # With room again the new pair replaces the old one, both files.
    third = dipxl("score", cup, "-s", "detour98e", "--format", "wdd")
    assert third.returncode == 0, third.stderr
    after = contents(small_disk)
    assert after[PAIR[0]] != before[PAIR[0]]


def _old_pair(folder: Path) -> dict[str, bytes]:
    write_outputs([(folder / name, lambda p, n=name: p.write_text(f"old {n}"))
                   for name in PAIR])
    return contents(folder)


def _failing_on_call(n: int, real: Callable[..., object],
                     err: BaseException) -> Callable[..., object]:
    calls: list[None] = []

    def fail(*args: object, **kwargs: object) -> object:
        calls.append(None)
        if len(calls) == n:
            raise err
        return real(*args, **kwargs)

    return fail


@pytest.mark.parametrize("force", [False, True])
@pytest.mark.parametrize("err", [OSError(errno.ENOSPC, "No space left on device"),
                                 KeyboardInterrupt()], ids=["enospc", "ctrl-c"])
def test_a_rename_failing_half_way_puts_the_previous_set_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, force: bool, err: BaseException
) -> None:
    # The second member's rename fails after the first is in place (with
    # --force: aside, in place, aside, in place; else a link each).
    before = _old_pair(tmp_path)
    name = "replace" if force else "link"
    monkeypatch.setattr(os, name, _failing_on_call(4 if force else 2, getattr(os, name), err))
    with pytest.raises((WriteError, KeyboardInterrupt)) as raised:
        write_outputs([(tmp_path / n, lambda p: p.write_text("new")) for n in PAIR],
                      force=force)
    if isinstance(raised.value, WriteError):
        assert "cup-wdd-boards.csv" in str(raised.value)
        assert "nothing of this set was replaced" in str(raised.value)
    monkeypatch.undo()
    assert contents(tmp_path) == before
    no_temp_files(tmp_path)


@pytest.mark.parametrize("err", [OSError(errno.EDQUOT, "Disk quota exceeded"),
                                 KeyboardInterrupt()], ids=["quota", "ctrl-c"])
def test_a_member_failing_to_be_written_publishes_nothing(
    tmp_path: Path, err: BaseException
) -> None:
    before = _old_pair(tmp_path)

    def second(path: Path) -> None:
        path.write_text("half")
        raise err

    with pytest.raises((WriteError, KeyboardInterrupt)):
        atomic_write_set([(tmp_path / PAIR[0], lambda p: p.write_text("new")),
                          (tmp_path / PAIR[1], second)], force=True)
    assert contents(tmp_path) == before
    no_temp_files(tmp_path)


def test_a_set_with_a_foreign_member_writes_nothing(tmp_path: Path) -> None:
    _old_pair(tmp_path)
    (tmp_path / PAIR[1]).write_text("the TD's edit")
    before = contents(tmp_path)
    with pytest.raises(DipxlError, match="already exists"):
        write_outputs([(tmp_path / n, lambda p: p.write_text("new")) for n in PAIR])
    assert contents(tmp_path) == before
    no_temp_files(tmp_path)


def test_a_file_that_appears_during_a_set_is_kept_and_the_set_undone(
    tmp_path: Path,
) -> None:
    before = _old_pair(tmp_path)
    target = tmp_path / "late.csv"

    def appears(path: Path) -> None:
        path.write_text("dipxl's")
        target.write_text("the TD's file")

    with pytest.raises(DipxlError, match="already exists"):
        write_outputs([*((tmp_path / n, lambda p: p.write_text("new")) for n in PAIR),
                       (target, appears)])
    assert contents(tmp_path) == {**before, "late.csv": b"the TD's file"}
    no_temp_files(tmp_path)


def test_a_set_is_undone_without_hard_links(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As on FAT and exFAT (see tests/io/test_fat.py for the real disk).
    before = _old_pair(tmp_path)

    def no_links(*args: object, **kwargs: object) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    monkeypatch.setattr(files, "_renameat2", lambda: None)
    monkeypatch.setattr(os, "replace", _failing_on_call(
        4, os.replace, OSError(errno.ENOSPC, "No space left on device")))
    with pytest.raises(WriteError, match="No space left"):
        write_outputs([(tmp_path / n, lambda p: p.write_text("new")) for n in PAIR])
    monkeypatch.undo()
    assert contents(tmp_path) == before
    no_temp_files(tmp_path)
    write_outputs([(tmp_path / n, lambda p: p.write_text("new")) for n in PAIR])
    assert set(contents(tmp_path).values()) == {b"new"}


# -- several runs over one folder at once ---------------------------------------


def _events(folder: Path, count: int) -> list[Path]:
    folder.mkdir(exist_ok=True)
    paths = []
    for i in range(count):
        path = folder / f"event{i:02}.csv"
        path.write_text(event_csv(), encoding="utf-8")
        paths.append(path)
    return paths


@pytest.mark.parametrize(("fmt", "out"), [("wdd", False), ("csv", True), ("json", False)])
def test_runs_at_once_over_one_folder_report_nothing_false(
    tmp_path: Path, fmt: str, out: bool
) -> None:
    # Each run re-scores every event; outputs are dipxl's own, so each run
    # replaces the others' without a word: never "already exists", never
    # "changed while dipxl read it", never another's file as an input.
    inputs = tmp_path / "events"
    count = 24
    _events(inputs, count)
    where = ["--out", str(inputs)] if out else []
    args = ["score", str(inputs), "-s", "cdiplo", "--format", fmt, *where]
    reference = dipxl(*args)
    assert reference.returncode == 0, reference.stderr
    want = contents(inputs)
    for _ in range(3):
        runs = [subprocess.Popen([*DIPXL, *args], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True) for _ in range(6)]
        for run in runs:
            _, stderr = run.communicate(timeout=300)
            assert run.returncode == 0, stderr
            assert "error:" not in stderr and "Traceback" not in stderr, stderr
            assert f"{count} file(s): {count} scored" in stderr, stderr
        assert contents(inputs) == want
        no_temp_files(inputs)


def test_runs_at_once_take_no_temporary_file_for_an_input(tmp_path: Path) -> None:
    # A glob over the folder while others write there: their temporary
    # files (hidden) and outputs are never inputs.
    inputs = tmp_path / "events"
    count = 12
    _events(inputs, count)
    pattern = str(inputs / "**" / "*")
    runs = [subprocess.Popen([*DIPXL, "score", pattern, "-s", "cdiplo", "--format", fmt],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for fmt in ("csv", "wdd", "json", "xlsx") * 2]
    for run in runs:
        _, stderr = run.communicate(timeout=300)
        assert run.returncode == 0, stderr
        assert f"{count} file(s): {count} scored" in stderr, stderr


# -- symbolic links that loop ----------------------------------------------------


@pytest.fixture
def tangled(tmp_path: Path) -> Path:
    """A tree of events whose links loop every way there is."""
    if not hasattr(os, "symlink"):
        pytest.skip("no symbolic links")
    root = tmp_path / "tree"
    (root / "a" / "deep").mkdir(parents=True)
    (root / "b").mkdir()
    (root / "a" / "cup.csv").write_text(event_csv(), encoding="utf-8")
    (root / "b" / "spring.csv").write_text(event_csv(), encoding="utf-8")
    links = {
        "a/self": ".",            # a folder linking to itself
        "a/deep/up": "../..",     # to a folder above
        "a/deep/top": "/",        # to the root of everything
        "a/tob": "../b",          # two folders linking to each other
        "b/toa": "../a",
        "a/loop.csv": "loop.csv",  # a file link looping on itself
        "a/ping.csv": "pong.csv",  # two file links looping on each other
        "a/pong.csv": "ping.csv",
        "b/gone.csv": "nowhere.csv",  # a dangling link
        "b/same.csv": "spring.csv",   # a good link: the file it points to
    }
    for name, target in links.items():
        os.symlink(target, root / name)
    return root


def test_a_recursive_glob_over_looping_links_ends_with_notes(tangled: Path) -> None:
    result = dipxl("score", str(tangled / "**" / "*.csv"), "-s", "cdiplo",
                   "--format", "csv", "--out", tangled.parent / "out", timeout=60)
    assert result.returncode == 0, result.stderr
    assert "no such file" not in result.stderr.lower()
    for link in ("a/self", "a/deep/up", "a/deep/top"):
        assert f"skipped the symbolic link {tangled / link}: it loops back to" in result.stderr
    for link in ("a/loop.csv", "a/ping.csv", "a/pong.csv"):
        assert f"skipped the symbolic link {tangled / link}: it loops back on itself" \
            in result.stderr
    # b/ is first reached through the link a/tob: its dangling link is named so.
    assert re.search(re.escape(str(tangled)) + r"/(b|a/tob)/gone.csv: it points to "
                     r"nowhere.csv, which does not exist; fix the link or remove it",
                     result.stderr), result.stderr
    # Each real file once (the good link is the file it points to).
    assert "2 file(s): 2 scored" in result.stderr, result.stderr
    made = sorted(p.name for p in (tangled.parent / "out").iterdir() if p.name != RECORD)
    assert made[0] == "cup-scored.csv" and made[1] in ("same-scored.csv", "spring-scored.csv")
    assert len(made) == 2


@pytest.mark.parametrize("pattern", ["**", "*/**/*.csv", "**/deep/**/*.csv"])
def test_other_recursive_globs_over_looping_links_end(tangled: Path, pattern: str) -> None:
    result = dipxl("score", pattern, "-s", "cdiplo", "--format", "json", "--out",
                   tangled.parent / "out", cwd=tangled, timeout=60)
    assert "Traceback" not in result.stderr
    assert "no such file" not in result.stderr.lower()
    assert "it loops back" in result.stderr


def test_a_folder_with_looping_links_notes_each(tangled: Path) -> None:
    result = dipxl("score", tangled / "a", "-s", "cdiplo", "--format", "json",
                   "--out", tangled.parent / "out", timeout=60)
    assert result.returncode == 0, result.stderr
    assert f"skipped the symbolic link {tangled / 'a' / 'loop.csv'}: it loops back on itself" \
        in result.stderr
    assert (tangled.parent / "out" / "cup-scored.json").is_file()


@pytest.mark.parametrize(("name", "said"), [
    ("a/loop.csv", "a symbolic link that loops back on itself"),
    ("a/ping.csv", "a symbolic link that loops back on itself"),
    ("a/self/self/self/loop.csv", "a symbolic link that loops back on itself"),
    ("b/gone.csv", "a symbolic link to nowhere.csv, which does not exist"),
])
def test_a_named_link_that_loops_or_dangles_is_said_to_be_one(
    tangled: Path, name: str, said: str
) -> None:
    result = dipxl("score", tangled / name, "-s", "cdiplo", timeout=60)
    assert result.returncode == 2
    assert said in result.stderr
    assert "no such file" not in result.stderr.lower()
    assert "remove it" in result.stderr  # what to do


def test_a_path_through_a_looping_folder_link_is_said_to_loop(tmp_path: Path) -> None:
    os.symlink("knot", tmp_path / "knot")
    result = dipxl("score", tmp_path / "knot" / "cup.csv", "-s", "cdiplo", timeout=60)
    assert result.returncode == 2
    assert "a symbolic link on the way loops back on itself" in result.stderr
    assert "no such file" not in result.stderr.lower()
