"""Writing outputs safely: to a temporary file beside the target, then an
atomic rename, so a crash never leaves a half-written file and an existing
file is only replaced when asked."""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path

from dipxl.errors import DipxlError, InputError

__all__ = ["MAX_INPUT", "atomic_write", "atomic_write_text", "read_input"]

MAX_INPUT = 256 << 20  # no tournament file is near this; a bigger one is refused unread


def atomic_write(target: Path, write: Callable[[Path], object], *, force: bool = False) -> Path:
    """Call ``write(temp_path)`` then rename the temp file onto ``target``.

    Without ``force`` an existing ``target`` is an error and is left as it is.
    """
    target = Path(target)
    if target.exists() and not force:
        raise DipxlError("already exists (use --force to replace it)", str(target))
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        write(tmp)
        # mkstemp makes the file private (0600): give the output the mode a
        # plain open() would (or the mode of the file it replaces).
        os.chmod(tmp, _mode_for(target))
        with open(tmp, "rb+") as fh:
            os.fsync(fh.fileno())
        if force:
            os.replace(tmp, target)
        else:
            # link() refuses to replace a file that appeared meanwhile.
            try:
                os.link(tmp, target)
            except FileExistsError:
                raise DipxlError(
                    "already exists (use --force to replace it)", str(target)
                ) from None
            except OSError:
                os.replace(tmp, target)
            else:
                tmp.unlink()
    finally:
        if tmp.exists():
            tmp.unlink()
    return target


def _mode_for(target: Path) -> int:
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def atomic_write_text(target: Path, text: str, *, force: bool = False) -> Path:
    """Write UTF-8 ``text`` to ``target`` atomically."""
    return atomic_write(target, lambda p: p.write_text(text, encoding="utf-8"), force=force)


def read_input(path: Path, label: str, limit: int = MAX_INPUT) -> bytes:
    """The bytes of an input file.  A device, pipe or folder (``/dev/zero``
    would never end, a pipe would wait forever) and a file over ``limit``
    bytes are refused before anything is read; errors start with ``label``."""
    try:
        # O_NONBLOCK: opening a pipe must not wait for a writer.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as err:
        raise InputError(f"cannot read the file: {err.strerror or err}", label) from None
    with os.fdopen(fd, "rb") as fh:
        info = os.fstat(fh.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise InputError("not a regular file (a device, pipe or folder?); refusing to read it",
                             label)
        if info.st_size > limit:
            raise InputError(
                f"the file is {info.st_size:,} bytes, more than dipxl reads ({limit:,})", label
            )
        try:
            # Its size and one byte more (a buffer of the size asked for is
            # allocated: not the whole limit for every small file); then the
            # rest, if it grew meanwhile.
            data = fh.read(info.st_size + 1)
            if len(data) > info.st_size:
                data += fh.read(limit + 1 - len(data))
        except OSError as err:
            raise InputError(f"cannot read the file: {err.strerror or err}", label) from None
    if len(data) > limit:  # it grew while being read
        raise InputError(f"the file is more than dipxl reads ({limit:,} bytes)", label)
    return data
