"""Writing outputs and reading inputs (``dipxl.io.files``, ``dipxl.io.owned``):
a file that appears during a save is never replaced without ``force``, also
where the filesystem has no hard links; dipxl's own unchanged output is
replaced, nothing else; abandoned temporary files of dipxl are removed, and
only those; an input that changes while it is read is refused.

The filesystem without hard links is simulated here where ``link()`` fails
as FAT's does (EPERM), and where neither ``link()`` nor a no-replace rename
exist; ``test_fat.py`` runs the same on a real exFAT filesystem.
"""

from __future__ import annotations

import errno
import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from dipxl.errors import DipxlError, InputError
from dipxl.io import files
from dipxl.io.files import STALE_AFTER, atomic_write, read_input
from dipxl.io.owned import RECORD, is_own_output, write_output, write_output_text

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]


def _no_links(monkeypatch: pytest.MonkeyPatch) -> None:
    """link() fails as on FAT, exFAT and many SMB shares."""

    def refuse(src: object, dst: object, **_: object) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", refuse)


# How a filesystem publishes a new name: with link(); without it, with a
# no-replace rename (Linux); with neither, by claiming the name (O_EXCL).
KINDS = ["links", "no links", "no links, no rename2"]


@pytest.fixture(params=KINDS)
def kind(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param != "links":
        _no_links(monkeypatch)
    if request.param == "no links, no rename2":
        monkeypatch.setattr(files, "_renameat2", lambda: None)
    return str(request.param)


def _appears(target: Path, content: bytes) -> Callable[[Path], None]:
    """A writer during whose save a file of the TD's appears at ``target``."""

    def write(path: Path) -> None:
        path.write_bytes(b"dipxl's output")
        target.write_bytes(content)

    return write


def _temps(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_a_new_output_is_written(tmp_path: Path, kind: str) -> None:
    target = tmp_path / "out.xlsx"
    atomic_write(target, lambda p: p.write_bytes(b"whole"))
    assert target.read_bytes() == b"whole"
    assert _temps(tmp_path) == []


def test_a_file_that_appears_during_the_save_is_kept(tmp_path: Path, kind: str) -> None:
    # The old code fell back to os.replace() where link() failed: the TD's
    # file, saved while dipxl wrote, was replaced.
    target = tmp_path / "out.xlsx"
    with pytest.raises(DipxlError, match="already exists"):
        atomic_write(target, _appears(target, b"the TD's file"))
    assert target.read_bytes() == b"the TD's file"
    assert _temps(tmp_path) == []
    # Nor by an output of dipxl: the file that appeared is not its own.
    target.unlink()
    with pytest.raises(DipxlError, match="already exists"):
        write_output(target, _appears(target, b"the TD's second file"))
    assert target.read_bytes() == b"the TD's second file"
    # With force it is replaced.
    atomic_write(target, lambda p: p.write_bytes(b"forced"), force=True)
    assert target.read_bytes() == b"forced"


@pytest.mark.parametrize("fmt", ["xlsx", "csv", "json"])
def test_dipxl_replaces_its_own_unchanged_output_and_nothing_else(
    tmp_path: Path, kind: str, fmt: str
) -> None:
    target = tmp_path / f"cup-scored.{fmt}"
    write_output_text(target, "round 1")
    assert is_own_output(target)
    write_output_text(target, "round 2")  # re-scoring: no --force needed
    assert target.read_text() == "round 2"
    # Edited (opened and saved again, typed in): it is the TD's now.
    target.write_text("round 2, with the TD's notes")
    assert not is_own_output(target)
    with pytest.raises(DipxlError, match="already exists"):
        write_output_text(target, "round 3")
    assert target.read_text() == "round 2, with the TD's notes"
    write_output_text(target, "round 3", force=True)
    assert is_own_output(target)
    # Another file under the name, even another output of dipxl: refused.
    other = tmp_path / "other.txt"
    write_output_text(other, "another output")
    os.replace(other, target)
    assert not is_own_output(target)
    # A record that is lost or broken only means --force is needed.
    write_output_text(target, "round 4", force=True)
    (tmp_path / RECORD / f"cup-scored.{fmt}.sha256").write_text("{not json")
    assert not is_own_output(target)
    with pytest.raises(DipxlError, match="already exists"):
        write_output_text(target, "round 5")
    assert target.read_text() == "round 4"
    assert _temps(tmp_path) == []


def test_an_own_output_saved_again_while_it_is_replaced_is_kept(
    tmp_path: Path, kind: str
) -> None:
    # dipxl checked the file is its own; the TD saves it in that instant:
    # the check is not followed by a blind replace.
    target = tmp_path / "cup-scored.csv"
    write_output_text(target, "round 1")
    real = is_own_output

    def then_saved(path: Path) -> bool:
        own = real(path)
        time.sleep(0.01)  # the file's time must move on a coarse clock too
        path.write_text("the TD's edit, saved just now")
        return own

    with pytest.raises(DipxlError, match="already exists"):
        atomic_write(target, lambda p: p.write_text("round 2"), replaceable=then_saved)
    assert target.read_text() == "the TD's edit, saved just now"
    assert _temps(tmp_path) == []


def _file(path: Path, age: float = 0.0) -> Path:
    """A small file at ``path``, last changed ``age`` seconds ago."""
    path.write_bytes(b"x" * 1000)
    then = time.time() - age
    os.utime(path, (then, then))
    return path


def test_only_dipxl_s_own_old_temporary_files_are_swept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(files, "_swept", set())
    old = STALE_AFTER + 60
    abandoned = _file(tmp_path / ".spring-scored.xlsx.dipxl-k2j4x9_a.tmp", old)
    legacy = _file(tmp_path / ".out.xlsx.ab3cd9ef.tmp", old)  # as earlier versions named it
    fresh = _file(tmp_path / ".spring-scored.json.dipxl-zzzzzzzz.tmp")  # maybe being written
    kept = [
        _file(tmp_path / name, old)
        for name in (
            ".notes.txt.ab3cd9ef.tmp",  # another program's (not the output's name)
            ".out.xlsx.dipxl-abc.tmp",  # not mkstemp's pattern
            "out.xlsx.dipxl-abcdefgh.tmp",  # not hidden
            ".out.xlsx.dipxl-abcdefgh.tmp.bak",
        )
    ]
    busy = _file(tmp_path / ".other.xlsx.dipxl-busy1234.tmp", old)
    lock = os.open(busy, os.O_RDONLY)
    try:
        if fcntl is not None:  # another dipxl still writing it (a stopped process)
            fcntl.flock(lock, fcntl.LOCK_EX)
        atomic_write(tmp_path / "out.xlsx", lambda p: p.write_bytes(b"new"))
    finally:
        os.close(lock)
    assert not abandoned.exists() and not legacy.exists()
    assert fresh.exists() and all(p.exists() for p in kept)
    assert busy.exists() == (fcntl is not None)


def _rewrite_midway(monkeypatch: pytest.MonkeyPatch, change: Callable[[], None]) -> None:
    """The file is saved again while dipxl reads it: ``change`` runs (a
    real change of the file on disk) after the first bytes are read."""
    real = files._read

    def read(fh: object, size: int, limit: int) -> bytes:
        first: bytes = fh.read(10)  # type: ignore[attr-defined]
        change()
        return first + real(fh, size - 10, limit)

    monkeypatch.setattr(files, "_read", read)


OLD = b"round,board,power,player,centres\n" + b"1,1,Austria,Alice,18\n" * 7
NEW = b"round,board,power,player,centres\n" + b"1,1,Austria,Bruno,04\n" * 7


def test_an_input_rewritten_in_place_while_read_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "spring.csv"
    path.write_bytes(OLD)
    assert read_input(path, "spring.csv") == OLD

    def in_place() -> None:  # as an editor that writes into the file does
        time.sleep(0.01)
        with open(path, "r+b") as fh:
            fh.write(NEW)

    _rewrite_midway(monkeypatch, in_place)
    with pytest.raises(InputError, match="changed while dipxl read it"):
        read_input(path, "spring.csv")


def test_an_input_replaced_while_read_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "spring.csv"
    path.write_bytes(OLD)

    def renamed() -> None:  # as most programs save: a new file renamed over it
        (tmp_path / "new.csv").write_bytes(NEW + b"1,2,England,Chris,4\n")
        os.replace(tmp_path / "new.csv", path)

    _rewrite_midway(monkeypatch, renamed)
    with pytest.raises(InputError, match="changed while dipxl read it"):
        read_input(path, "spring.csv")
