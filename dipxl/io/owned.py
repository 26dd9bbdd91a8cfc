"""dipxl's own outputs: re-scoring replaces them without ``--force``, and
nothing else.

Every output dipxl writes through :func:`write_output` (the scored xlsx,
CSV and JSON files, and any other format that calls it) is recorded in a
small hidden folder beside it, ``.dipxl-outputs``: for an output
``NAME``, the file ``.dipxl-outputs/NAME.sha256`` holds the SHA-256 digest
and size of the bytes dipxl wrote there.  An existing file is dipxl's own
unchanged output (:func:`is_own_output`) when its bytes still have that
digest: opened and saved again in Excel, edited by hand, or replaced by
any other file, it is not, and only ``--force`` replaces it.  The record
works alike for every format (it needs nothing inside the file), on every
filesystem, and costs the same for the thousandth output of a folder as
for the first; two runs writing into one folder at once each record their
own files.

A record that is missing or unreadable only means that ``--force`` is
needed once more: it can make dipxl refuse, never replace a file it did
not write.

Several dipxl processes writing into one folder at once take turns for
the short moments that matter (:func:`folder_lock`, an advisory lock on
``.dipxl-outputs/.lock``): checking whether a file is their own, renaming
outputs into place and recording them.  So one never sees another's
output before its record and takes it for a TD's file ("already exists"),
nor reads a record while another replaces it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

from dipxl.errors import DipxlError
from dipxl.io.files import atomic_write, atomic_write_set, read_input

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]  # no advisory locks there: no turns taken

__all__ = [
    "RECORD",
    "folder_lock",
    "is_own_output",
    "write_output",
    "write_output_text",
    "write_outputs",
]

RECORD = ".dipxl-outputs"  # the hidden folder of records, beside the outputs
_LOCK = ".lock"  # in RECORD: held while outputs of the folder are checked or published
_held: set[str] = set()  # folders whose lock this process holds
_SUFFIX = ".sha256"
_RECORD_LIMIT = 1 << 10  # bytes; a record bigger than this is not dipxl's


def _digest(path: Path) -> tuple[str, int]:
    """SHA-256 (hex) and size of the file at ``path``."""
    digest = hashlib.sha256()
    size = 0
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
            size += len(block)
    return digest.hexdigest(), size


def _record_path(output: Path) -> Path:
    return output.parent / RECORD / (output.name + _SUFFIX)


def _recorded(output: Path) -> tuple[str, int] | None:
    """The digest and size recorded for ``output``; None when there is no
    readable record."""
    try:
        data = json.loads(read_input(_record_path(output), RECORD, _RECORD_LIMIT))
        digest, size = data["sha256"], data["size"]
    except (DipxlError, OSError, ValueError, TypeError, KeyError):
        return None
    if not isinstance(digest, str) or not isinstance(size, int):
        return None
    return digest, size


def is_own_output(path: Path) -> bool:
    """Whether ``path`` holds exactly the bytes dipxl last wrote there as an
    output (a regular file whose digest is the one recorded for it)."""
    path = Path(path)
    recorded = _recorded(path)
    if recorded is None:
        return False
    try:
        if path.is_symlink() or not path.is_file() or path.stat().st_size != recorded[1]:
            return False
        return _digest(path) == recorded
    except OSError:
        return False


def _record(output: Path, digest: str, size: int) -> None:
    """Record ``output`` as dipxl's, with this digest and size.  A record
    that cannot be written is let go: the output is written, only a later
    replace then needs ``--force``."""
    text = json.dumps({"sha256": digest, "size": size}) + "\n"
    with contextlib.suppress(DipxlError, OSError):
        atomic_write(
            _record_path(output),
            lambda p: p.write_text(text, encoding="utf-8"),
            force=True,
            sync=False,  # a record lost to a power cut only asks for --force
        )


@contextlib.contextmanager
def folder_lock(folders: Iterable[Path], *, create: bool = True) -> Iterator[None]:
    """Hold the output lock of each of ``folders`` (that exists), in a
    fixed order: other dipxl processes wait for it.  Without ``create``
    a folder without records is not locked (nothing is made there: no
    dipxl has published into it, none is doing so).  Where no lock can be
    taken (a read-only folder, a filesystem without locks, Windows) the
    block runs without one: the writes themselves never replace a file
    that appeared meanwhile."""
    with contextlib.ExitStack() as stack:
        for folder in sorted({os.path.abspath(f) for f in folders}):
            if folder in _held or fcntl is None or not os.path.isdir(folder):
                continue
            records = os.path.join(folder, RECORD)
            if not create and not os.path.isdir(records):
                continue
            try:
                os.makedirs(records, exist_ok=True)
                fd = os.open(os.path.join(folder, RECORD, _LOCK), os.O_RDWR | os.O_CREAT, 0o666)
            except OSError:
                continue
            stack.callback(os.close, fd)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
            except OSError:
                continue  # no locks on this filesystem
            _held.add(folder)
            stack.callback(_held.discard, folder)
        yield


def write_outputs(
    members: Sequence[tuple[Path, Callable[[Path], object]]], *, force: bool = False
) -> tuple[Path, ...]:
    """Write outputs of dipxl that belong together (``(target,
    write(temp_path))`` each) all or nothing
    (:func:`dipxl.io.files.atomic_write_set`: a failure leaves the previous
    set whole), and record each as dipxl's own.  An existing target is
    replaced with ``force``, or without it when it is dipxl's own unchanged
    output (:func:`is_own_output`); anything else is refused, also a file
    that appears while these are written.  The one way every output format
    (xlsx, CSV, JSON, WDD...) is written."""
    digests: dict[int, tuple[str, int]] = {}

    def digested(i: int, write: Callable[[Path], object]) -> Callable[[Path], None]:
        def write_and_digest(path: Path) -> None:
            write(path)
            digests[i] = _digest(path)

        return write_and_digest

    def record(targets: Sequence[Path]) -> None:
        for i, target in enumerate(targets):
            _record(target, *digests[i])

    return atomic_write_set(
        [(Path(target), digested(i, write)) for i, (target, write) in enumerate(members)],
        force=force,
        replaceable=is_own_output,
        guard=lambda targets: folder_lock(t.parent for t in targets),
        on_commit=record,
    )


def write_output(target: Path, write: Callable[[Path], object], *, force: bool = False) -> Path:
    """:func:`write_outputs` of one file: ``write(temp_path)`` writes it."""
    return write_outputs([(Path(target), write)], force=force)[0]


def write_output_text(target: Path, text: str, *, force: bool = False) -> Path:
    """:func:`write_output` of UTF-8 ``text``."""
    return write_output(target, lambda p: p.write_text(text, encoding="utf-8"), force=force)
