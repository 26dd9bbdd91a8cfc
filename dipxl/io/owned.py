"""dipxl's own outputs: re-scoring replaces them without ``--force``, and
nothing else.

Every output dipxl writes through :func:`write_output` (the scored xlsx,
CSV and JSON files, and any other format that calls it) is recorded in a
small hidden file of its folder, ``.dipxl-outputs.json``: for each file
name, the SHA-256 digest and size of the bytes dipxl wrote there.  An
existing file is dipxl's own unchanged output (:func:`is_own_output`) when
its bytes still have that digest: opened and saved again in Excel, edited
by hand, or replaced by any other file, it is not, and only ``--force``
replaces it.  The record works alike for every format (it needs nothing
inside the file) and on every filesystem.

A record that is missing, unreadable or lost (two runs writing into one
folder at once may each keep only their own entries) only means that
``--force`` is needed once more: it can make dipxl refuse, never replace a
file it did not write.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path

from dipxl.errors import DipxlError
from dipxl.io.files import atomic_write, read_input

__all__ = ["RECORD", "is_own_output", "write_output", "write_output_text"]

RECORD = ".dipxl-outputs.json"
_RECORD_LIMIT = 4 << 20  # bytes; a record bigger than this is not dipxl's
_VERSION = 1


def _digest(path: Path) -> tuple[str, int]:
    """SHA-256 (hex) and size of the file at ``path``."""
    digest = hashlib.sha256()
    size = 0
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
            size += len(block)
    return digest.hexdigest(), size


def _entries(folder: Path) -> dict[str, dict[str, object]]:
    """The record of ``folder``: file name -> {"sha256", "size"}; empty when
    there is none or it cannot be read."""
    try:
        data = json.loads(read_input(folder / RECORD, RECORD, _RECORD_LIMIT))
    except (DipxlError, OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("version") != _VERSION:
        return {}
    files = data.get("files")
    if not isinstance(files, dict):
        return {}
    return {k: v for k, v in files.items() if isinstance(k, str) and isinstance(v, dict)}


def is_own_output(path: Path) -> bool:
    """Whether ``path`` holds exactly the bytes dipxl last wrote there as an
    output (a regular file; its digest as recorded in the folder)."""
    path = Path(path)
    entry = _entries(path.parent).get(path.name)
    if entry is None:
        return False
    try:
        if not path.is_file() or path.is_symlink() or path.stat().st_size != entry.get("size"):
            return False
        return _digest(path)[0] == entry.get("sha256")
    except OSError:
        return False


def _record(target: Path, digest: str, size: int) -> None:
    """Note ``target`` as dipxl's output of this digest; names whose file
    is gone are dropped.  A record that cannot be written is let go (the
    output is written: only a later replace then needs ``--force``)."""
    folder = target.parent
    files = {
        name: entry
        for name, entry in _entries(folder).items()
        if name != target.name and os.path.lexists(folder / name)
    }
    files[target.name] = {"sha256": digest, "size": size}
    text = json.dumps({"version": _VERSION, "files": files}, indent=1, sort_keys=True) + "\n"
    with contextlib.suppress(DipxlError, OSError):
        atomic_write(
            folder / RECORD, lambda p: p.write_text(text, encoding="utf-8"), force=True
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
