"""Writing outputs safely: to a temporary file beside the target, then an
atomic rename, so a crash never leaves a half-written file and an existing
file is only replaced when asked."""

from __future__ import annotations

import contextlib
import ctypes
import errno
import functools
import gc
import os
import re
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from dipxl.errors import DipxlError, InputError
from dipxl.io.limits import MAX_INPUT
from dipxl.io.signals import raise_if_terminated, shielded

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]  # no advisory locks there

__all__ = [
    "MAX_INPUT",
    "STALE_AFTER",
    "Replaceable",
    "WriteError",
    "atomic_write",
    "atomic_write_set",
    "atomic_write_text",
    "file_identity",
    "read_input",
]


class WriteError(DipxlError, OSError):
    """An output that could not be written: a :class:`DipxlError` whose
    text names the file and what to do, and still the ``OSError`` it was."""


Replaceable = Callable[[Path], bool]


def atomic_write(
    target: Path,
    write: Callable[[Path], object],
    *,
    force: bool = False,
    replaceable: Replaceable | None = None,
    sync: bool = True,
) -> Path:
    """Call ``write(temp_path)`` then rename the temp file onto ``target``.

    Without ``force`` an existing ``target`` is an error and is left as it
    is, unless ``replaceable(target)`` allows replacing it (see
    :mod:`dipxl.io.owned`: dipxl's own unchanged output); a file that
    appears while ``write`` runs is never replaced without ``force``, also
    on filesystems without hard links.  A failure to write (a read-only
    folder, a full disk, a file-size limit, a name too long) is a
    :class:`WriteError` naming ``target`` and saying what to do; whatever
    happens (SIGTERM and SIGHUP too, see :mod:`dipxl.io.signals`), the
    temporary file is removed.  Abandoned temporary files of dipxl in the
    folder (a process killed outright) are removed once they are old.
    ``sync`` (default) flushes the file to the disk before the rename;
    without it a power cut may leave the file empty (for small records
    whose loss does no harm: it saves a disk flush each).
    """
    target = Path(target)
    hook = sys.unraisablehook
    try:
        try:
            return _atomic_write(target, write, force, replaceable, sync)
        except DipxlError:
            raise
        except Exception as err:  # only write failures are translated, others re-raised
            raise_if_terminated()  # a signal's exception turned into a library's error
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


Member = tuple[Path, Callable[[Path], object]]  # a target and how to write it


def atomic_write_set(
    members: Sequence[Member],
    *,
    force: bool = False,
    replaceable: Replaceable | None = None,
    guard: Callable[[Sequence[Path]], contextlib.AbstractContextManager[object]] | None = None,
    on_commit: Callable[[Sequence[Path]], object] | None = None,
) -> tuple[Path, ...]:
    """Publish a set of files that belong together (the WDD's two files)
    all or nothing: every member is written to a temporary file beside its
    target first (``write(temp_path)``), and only when all are written are
    they renamed into place, one by one; should anything fail on the way (a
    full disk, a file-size limit, a refused name, Ctrl-C, SIGTERM), every
    member already renamed is taken back and the files it replaced are put
    back, so the previous set stays whole and nothing new is published.
    Existing targets are moved aside (renamed, no hard link needed: FAT and
    exFAT too) and removed only once the whole set is in place.

    ``force`` and ``replaceable`` as for :func:`atomic_write`; every target
    is checked before anything is written.  ``guard(targets)``, when
    given, is held around those checks and around the renames
    (:func:`dipxl.io.owned.folder_lock`: two dipxl processes then never
    interleave their checks and publications); ``on_commit(targets)`` runs
    under it once the set is in place (recording the outputs).  Failures
    are :class:`WriteError` naming the member and what to do."""
    targets = [Path(target) for target, _ in members]
    at: list[Path] = targets[:1]  # the member being worked on, named by an error
    hook = sys.unraisablehook
    try:
        try:
            _write_set(targets, members, force, replaceable, guard, on_commit, at)
            return tuple(targets)
        except DipxlError:
            raise
        except Exception as err:  # only write failures are translated, others re-raised
            raise_if_terminated()
            reason = _write_failure(err)
            if reason is None:
                raise
            failure = WriteError(
                f"cannot write the file: {reason}"
                + ("; nothing of this set was replaced" if len(targets) > 1 else ""),
                str(at[0]),
            )
            sys.unraisablehook = _quiet_write_failures(hook)
        gc.collect()
    finally:
        sys.unraisablehook = hook
    raise failure


def _write_set(
    targets: list[Path],
    members: Sequence[Member],
    force: bool,
    replaceable: Replaceable | None,
    guard: Callable[[Sequence[Path]], contextlib.AbstractContextManager[object]] | None,
    on_commit: Callable[[Sequence[Path]], object] | None,
    at: list[Path],
) -> None:
    def guarded() -> contextlib.AbstractContextManager[object]:
        return guard(targets) if guard is not None else contextlib.nullcontext()

    with guarded():  # nothing is written for a set one of whose files is refused
        for target in targets:
            at[0] = target
            if not force and os.path.lexists(target) and not (replaceable and replaceable(target)):
                raise _exists(target)
    staged: list[tuple[int, Path]] = []
    try:
        for target, write in members:
            at[0] = target = Path(target)
            target.parent.mkdir(parents=True, exist_ok=True)
            _sweep_stale(target)
            with shielded():
                staged.append(_reserve(target))
                if fcntl is None:  # Windows: a file held open could not be renamed
                    os.close(staged[-1][0])
                    staged[-1] = (-1, staged[-1][1])
            fd, tmp = staged[-1]
            _lock(fd)
            write(tmp)
            os.chmod(tmp, _mode_for(target))
            with open(tmp, "rb+") as fh:
                os.fsync(fh.fileno())
        raise_if_terminated()
        with guarded(), shielded():  # published whole, or the earlier set kept
            _commit_set([(tmp, t) for (_, tmp), t in zip(staged, targets, strict=True)],
                        force, replaceable, at)
            if on_commit is not None:
                on_commit(targets)
    finally:
        with shielded():
            for fd, tmp in staged:
                if fd >= 0:
                    os.close(fd)
                if os.path.lexists(tmp):
                    tmp.unlink()


def _commit_set(
    staged: list[tuple[Path, Path]],
    force: bool,
    replaceable: Replaceable | None,
    at: list[Path],
) -> None:
    """Rename each finished temporary file onto its target, the files they
    replace moved aside; on any failure undo what was done, in reverse."""
    done: list[tuple[Path, Path | None, os.stat_result]] = []
    try:
        for tmp, target in staged:
            at[0] = target
            aside = _move_aside(target, force, replaceable)
            try:
                new = os.lstat(tmp)
                if force:
                    os.replace(tmp, target)
                else:
                    try:
                        _publish_new(tmp, target)
                    except FileExistsError:  # another program's file appeared meanwhile
                        raise _exists(target) from None
            except BaseException:
                if aside is not None:
                    _restore(aside, target, None)
                raise
            done.append((target, aside, new))
    except BaseException:
        for target, aside, new in reversed(done):
            _restore(aside, target, new)
        raise
    for _, aside, _ in done:
        if aside is not None:
            with contextlib.suppress(OSError):
                aside.unlink()


def _move_aside(target: Path, force: bool, replaceable: Replaceable | None) -> Path | None:
    """Rename the file at ``target`` (if any) to a hidden temporary name
    and return that name; without ``force`` only a file ``replaceable``
    allows, and only that very version (else put back and refused)."""
    try:
        seen = os.lstat(target)
    except FileNotFoundError:
        return None
    if not force and not (replaceable and replaceable(target)):
        raise _exists(target)
    fd, aside = _reserve(target)
    os.close(fd)
    try:
        os.replace(target, aside)
    except FileNotFoundError:  # gone meanwhile: nothing to keep
        aside.unlink()
        return None
    except BaseException:
        aside.unlink()
        raise
    if not force and not _same_version(os.lstat(aside), seen):
        _put_back(aside, target)  # raises
    return aside


def _restore(aside: Path | None, target: Path, new: os.stat_result | None) -> None:
    """Undo one member: remove the file published at ``target`` (``new``;
    only while it is still that file) and put back the one moved aside.
    Never raises: an undo that cannot be done keeps the earlier file under
    a visible name beside the target."""
    with contextlib.suppress(OSError):
        if new is not None:
            now = os.lstat(target)
            if (now.st_size, now.st_mtime_ns) == (new.st_size, new.st_mtime_ns):
                os.unlink(target)  # ours (an inode may change on FUSE disks: size and time)
        if aside is None:
            return
        try:
            _publish_new(aside, target)
        except FileExistsError:
            os.rename(aside, aside.with_name(aside.name[1:].removesuffix(".tmp") + ".kept"))


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


def _atomic_write(
    target: Path,
    write: Callable[[Path], object],
    force: bool,
    replaceable: Replaceable | None,
    sync: bool,
) -> Path:
    if not force and os.path.lexists(target) and not (replaceable and replaceable(target)):
        raise _exists(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    _sweep_stale(target)
    fd, tmp = -1, None
    try:
        # A signal arriving as the file is made waits until its name is
        # known, so that the clean-up below can remove it.
        with shielded():
            fd, tmp = _reserve(target)
            if fcntl is None:  # Windows: a file held open could not be renamed
                os.close(fd)
                fd = -1
        _lock(fd)  # a sweeping dipxl leaves a temporary file in use alone
        write(tmp)
        # mkstemp makes the file private (0600): give the output the mode a
        # plain open() would (or the mode of the file it replaces).
        os.chmod(tmp, _mode_for(target))
        if sync:
            with open(tmp, "rb+") as fh:
                os.fsync(fh.fileno())
        raise_if_terminated()  # a signal whose exception a library swallowed
        with shielded():  # the file is published whole, or not at all
            _commit(tmp, target, force, replaceable)
    finally:
        # Also on Ctrl-C, SIGTERM and SIGHUP (see dipxl.io.signals): no
        # temporary file is left.
        with shielded():
            if fd >= 0:
                os.close(fd)
            if tmp is not None and os.path.lexists(tmp):
                tmp.unlink()
    return target


def _commit(tmp: Path, target: Path, force: bool, replaceable: Replaceable | None) -> None:
    """Give the finished temporary file ``tmp`` the name ``target``."""
    if force:
        os.replace(tmp, target)
        return
    try:
        _publish_new(tmp, target)
    except FileExistsError:  # it appeared while the file was written
        if replaceable is None or not replaceable(target):
            raise _exists(target) from None
        _replace_checked(tmp, target, replaceable)


def _exists(target: Path) -> DipxlError:
    return DipxlError("already exists (use --force to replace it)", str(target))


# The temporary files of dipxl: ".NAME.dipxl-XXXXXXXX.tmp" beside the output
# (hidden; XXXXXXXX is mkstemp's), and ".NAME.XXXXXXXX.tmp" of earlier versions.
_TEMP_MARK = ".dipxl-"
_TEMP = re.compile(r"\..+\.dipxl-[a-z0-9_]{8}\.tmp")
STALE_AFTER = 3600.0  # seconds unchanged before a temporary file is taken as abandoned
_swept: set[str] = set()


def _reserve(target: Path) -> tuple[int, Path]:
    """A new temporary file beside ``target``: its open descriptor and path."""
    fd, name = tempfile.mkstemp(
        prefix=f".{target.name}{_TEMP_MARK}", suffix=".tmp", dir=target.parent
    )
    return fd, Path(name)


def _lock(fd: int) -> None:
    """Hold an advisory lock on a temporary file while it is in use."""
    if fcntl is not None and fd >= 0:
        with contextlib.suppress(OSError):  # a filesystem without locks: age alone decides
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _sweep_stale(target: Path) -> None:
    """Remove dipxl's own abandoned temporary files from ``target``'s folder
    (once a folder a process): those left by a process killed outright
    (SIGKILL, a power cut).  Only names of dipxl's own pattern, only regular
    files of this user unchanged for :data:`STALE_AFTER` seconds, and never
    one another dipxl holds locked (still being written)."""
    folder = os.path.abspath(target.parent)
    if folder in _swept:
        return
    _swept.add(folder)
    legacy = re.compile(re.escape(f".{target.name}.") + r"[a-z0-9_]{8}\.tmp")
    now = time.time()
    user = os.getuid() if hasattr(os, "getuid") else None
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if not (_TEMP.fullmatch(entry.name) or legacy.fullmatch(entry.name)):
            continue
        with contextlib.suppress(OSError):
            info = entry.stat(follow_symlinks=False)
            if (
                not stat.S_ISREG(info.st_mode)
                or now - info.st_mtime < STALE_AFTER
                or (user is not None and info.st_uid != user)
            ):
                continue
            _remove_unlocked(entry.path)


def _remove_unlocked(path: str) -> None:
    """Remove ``path`` unless another process holds it locked."""
    if fcntl is None:
        os.unlink(path)  # Windows: a file still open elsewhere cannot be removed
        return
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | os.O_NONBLOCK)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return  # being written
        except OSError:
            pass  # no locks on this filesystem: its age decides
        os.unlink(path)
    finally:
        os.close(fd)


# What link() answers on a filesystem without hard links (FAT, exFAT, many
# SMB shares): a publish without links is needed there.
_NO_LINKS = frozenset(
    getattr(errno, name)
    for name in ("EPERM", "EOPNOTSUPP", "ENOTSUP", "ENOSYS", "EMLINK", "EXDEV")
    if hasattr(errno, name)
)


def _publish_new(src: Path, dst: Path) -> None:
    """Give the file ``src`` the name ``dst``, atomically and only if
    ``dst`` does not exist: ``FileExistsError`` otherwise, and nothing is
    replaced, also on filesystems without hard links.  Never a check
    followed by a replace."""
    if os.name == "nt":
        os.rename(src, dst)  # refuses an existing dst (FileExistsError)
        return
    try:
        os.link(src, dst)
    except FileExistsError:
        raise
    except OSError as err:
        if err.errno not in _NO_LINKS:
            raise
    else:
        src.unlink()
        return
    if not _rename_noreplace(src, dst):
        _claim_and_replace(src, dst)


def _rename_noreplace(src: Path, dst: Path) -> bool:
    """Linux's ``renameat2(RENAME_NOREPLACE)``: True when done, False when
    this system or filesystem has no such rename (then nothing happened)."""
    rename2 = _renameat2()
    if rename2 is None:
        return False
    if rename2(-100, os.fsencode(src), -100, os.fsencode(dst), 1) == 0:  # AT_FDCWD, NOREPLACE
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(dst))


@functools.cache
def _renameat2() -> Any:
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None, use_errno=True).renameat2
    except (AttributeError, OSError):  # a C library without it
        return None


def _claim_and_replace(src: Path, dst: Path) -> None:
    """Publish ``src`` as ``dst`` where neither link() nor a no-replace
    rename exist: claim the name by creating it exclusively (``O_EXCL``,
    atomic on local and network filesystems alike; ``FileExistsError`` when
    it exists), then rename ``src`` over that empty claim of our own."""
    fd = os.open(dst, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        claim = os.fstat(fd)
    finally:
        os.close(fd)
    try:
        os.replace(src, dst)
    except BaseException:
        with contextlib.suppress(OSError):
            now = os.lstat(dst)
            if _same_file(now, claim) and now.st_size == 0:  # still our empty claim
                os.unlink(dst)
        raise


def _replace_checked(tmp: Path, target: Path, replaceable: Replaceable) -> None:
    """Replace ``target``, which ``replaceable`` allowed, by ``tmp``, never
    losing a version of it saved meanwhile: the file is moved aside, checked
    to be the very one allowed (same file, size and time), and only then is
    ``tmp`` published; a file that changed is put back and refused."""
    seen = os.lstat(target)
    fd, aside = _reserve(target)
    os.close(fd)
    try:
        os.replace(target, aside)
    except BaseException:
        aside.unlink()
        raise
    try:
        if not _same_version(os.lstat(aside), seen):
            _put_back(aside, target)
        try:
            _publish_new(tmp, target)
        except BaseException:  # nothing published: the earlier output goes back
            with contextlib.suppress(OSError):
                _publish_new(aside, target)
            raise
    finally:
        with contextlib.suppress(FileNotFoundError):
            aside.unlink()


def _put_back(aside: Path, target: Path) -> None:
    """Return a file that changed since it was checked to ``target``, then
    refuse; should ``target`` have been created yet again meanwhile, keep
    it under a visible name and say where."""
    try:
        _publish_new(aside, target)
    except FileExistsError:
        kept = aside.with_name(aside.name[1:].removesuffix(".tmp") + ".kept")
        os.rename(aside, kept)
        raise DipxlError(
            f"changed twice while dipxl replaced it; its earlier version is kept as {kept.name}",
            str(target),
        ) from None
    raise _exists(target)


def _same_file(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _same_version(a: os.stat_result, b: os.stat_result) -> bool:
    return _same_file(a, b) and (a.st_size, a.st_mtime_ns) == (b.st_size, b.st_mtime_ns)


def file_identity(path: Path | str) -> tuple[int, int] | None:
    """The identity of the file at ``path`` (device and inode, following
    links): equal for two names of one file (a hard link, a symbolic link,
    another spelling of the path); None when there is no such file."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return (info.st_dev, info.st_ino)


def _mode_for(target: Path) -> int:
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def atomic_write_text(
    target: Path, text: str, *, force: bool = False, replaceable: Replaceable | None = None
) -> Path:
    """Write UTF-8 ``text`` to ``target`` atomically (see :func:`atomic_write`)."""
    return atomic_write(
        target, lambda p: p.write_text(text, encoding="utf-8"), force=force, replaceable=replaceable
    )


def read_input(path: Path, label: str, limit: int = MAX_INPUT) -> bytes:
    """The bytes of an input file.  A device, pipe or folder (``/dev/zero``
    would never end, a pipe would wait forever) and a file over ``limit``
    bytes are refused before anything is read; so is a file that changed
    while it was read (saved again meanwhile: half old, half new), which is
    told by its size, time and identity before and after the read.  Errors
    start with ``label``."""
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
            data = _read(fh, info.st_size, limit)
            after = os.fstat(fh.fileno())
        except OSError as err:
            raise InputError(f"cannot read the file: {err.strerror or err}", label) from None
    if len(data) > limit:  # it grew while being read
        raise InputError(f"the file is more than dipxl reads ({limit:,} bytes)", label)
    if len(data) != info.st_size or not _same_version(after, info) or _moved(path, after):
        raise InputError(
            "the file changed while dipxl read it (is it being saved?); nothing was "
            "read from it: try again once it is saved",
            label,
        )
    return data


def _read(fh: Any, size: int, limit: int) -> bytes:
    """Read ``fh`` of ``size`` bytes: its size and one byte more (a buffer
    of the size asked for is allocated: not the whole limit for every small
    file); then the rest, up to ``limit`` and one byte, if it grew."""
    data: bytes = fh.read(size + 1)
    if len(data) > size:
        data += fh.read(limit + 1 - len(data))
    return data


def _moved(path: Path, opened: os.stat_result) -> bool:
    """Whether ``path`` no longer names the file that was read (replaced
    by a rename, as most programs save, or removed)."""
    try:
        return not _same_version(os.stat(path), opened)
    except OSError:
        return True
