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
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Callable
from pathlib import Path

from dipxl.errors import DipxlError
from dipxl.io.files import atomic_write, read_input

__all__ = ["RECORD", "is_own_output", "write_output", "write_output_text"]

RECORD = ".dipxl-outputs"  # the hidden folder of records, beside the outputs
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


def write_output(target: Path, write: Callable[[Path], object], *, force: bool = False) -> Path:
    """Write an output of dipxl to ``target`` with ``write(temp_path)``,
    atomically (:func:`dipxl.io.files.atomic_write`), and record it as
    dipxl's own.  An existing ``target`` is replaced with ``force``, or
    without it when it is dipxl's own unchanged output
    (:func:`is_own_output`); anything else is refused, also a file that
    appears while this one is written.  The one way every output format
    (xlsx, CSV, JSON, WDD...) is written."""
    target = Path(target)
    written: list[tuple[str, int]] = []

    def write_and_digest(path: Path) -> None:
        write(path)
        written.append(_digest(path))

    result = atomic_write(target, write_and_digest, force=force, replaceable=is_own_output)
    _record(result, *written[-1])
    return result


def write_output_text(target: Path, text: str, *, force: bool = False) -> Path:
    """:func:`write_output` of UTF-8 ``text``."""
    return write_output(target, lambda p: p.write_text(text, encoding="utf-8"), force=force)
