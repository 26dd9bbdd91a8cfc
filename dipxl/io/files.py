"""Writing outputs safely: to a temporary file beside the target, then an
atomic rename, so a crash never leaves a half-written file and an existing
file is only replaced when asked."""

from __future__ import annotations

import errno
import gc
import os
import stat
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from dipxl.errors import DipxlError, InputError
from dipxl.io.limits import MAX_INPUT

__all__ = ["MAX_INPUT", "WriteError", "atomic_write", "atomic_write_text", "read_input"]


class WriteError(DipxlError, OSError):
    """An output that could not be written: a :class:`DipxlError` whose
    text names the file and what to do, and still the ``OSError`` it was."""


def atomic_write(target: Path, write: Callable[[Path], object], *, force: bool = False) -> Path:
    """Call ``write(temp_path)`` then rename the temp file onto ``target``.

    Without ``force`` an existing ``target`` is an error and is left as it is.
    A failure to write (a read-only folder, a full disk, a file-size limit,
    a name too long) is a :class:`WriteError` naming ``target`` and saying
    what to do; whatever happens, the temporary file is removed.
    """
    target = Path(target)
    hook = sys.unraisablehook
    try:
        try:
            return _atomic_write(target, write, force)
        except DipxlError:
            raise
        except Exception as err:  # only write failures are translated, others re-raised
            reason = _write_failure(err)
            if reason is None:
                raise
            failure = WriteError(f"cannot write the file: {reason}", str(target))
            # The writer's half-closed streams (lxml's, inside openpyxl) fail
            # again when collected, each "Exception ignored ..." with a
            # traceback: the failure is reported once, here.
            sys.unraisablehook = _quiet_write_failures(hook)
        gc.collect()  # ``err`` and the writers it held are gone: close them now
    finally:
        sys.unraisablehook = hook
    raise failure


def _quiet_write_failures(
    hook: Callable[[sys.UnraisableHookArgs], object],
) -> Callable[[sys.UnraisableHookArgs], object]:
    def quiet(unraisable: sys.UnraisableHookArgs) -> None:
        value = unraisable.exc_value
        if value is None or _write_failure(value) is None:
            hook(unraisable)

    return quiet


_ADVICE = {
    errno.ENOSPC: "free some space or write to another disk",
    errno.EDQUOT: "free some space or write to another disk",
    errno.EFBIG: "more than this system lets a file hold: raise `ulimit -f` or write less",
    errno.EACCES: "choose a folder you may write to",
    errno.EPERM: "choose a folder you may write to",
    errno.EROFS: "the disk is read-only: choose another folder",
    errno.ENAMETOOLONG: "choose a shorter name or folder",
}


def _write_failure(err: BaseException) -> str | None:
    """What went wrong when writing failed with ``err``, with what to do;
    None when ``err`` is not a failure to write (a bug: let it show)."""
    if isinstance(err, OSError):
        advice = _ADVICE.get(err.errno or 0, "choose another folder or name")
        return f"{err.strerror or err} ({advice})"
    if isinstance(err, MemoryError):
        return "out of memory"
    # lxml reports a failed write of its serialised XML (full disk, file-size
    # limit) as its own error, "IO_EFBIG", without the OSError behind it.
    if type(err).__name__ == "SerialisationError" and type(err).__module__.startswith("lxml"):
        code = getattr(errno, str(err).removeprefix("IO_"), None)
        if code is None:
            return f"{err} (is the disk full, or the file larger than this system allows?)"
        return f"{os.strerror(code)} ({_ADVICE.get(code, 'choose another folder or name')})"
    return None


def _atomic_write(target: Path, write: Callable[[Path], object], force: bool) -> Path:
    if target.exists() and not force:
        raise DipxlError("already exists (use --force to replace it)", str(target))
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp: Path | None = None
    try:
        fd, tmp_name = tempfile.mkstemp(
            prefix=f".{target.name}.", suffix=".tmp", dir=target.parent
        )
        tmp = Path(tmp_name)
        os.close(fd)
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
        # Also on Ctrl-C (KeyboardInterrupt): no temporary file is left.
        if tmp is not None and os.path.lexists(tmp):
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
