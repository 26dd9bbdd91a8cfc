"""Finding input files: a folder's files and a glob pattern's matches,
never hanging on symbolic links that loop.

Symbolic links are followed, to files and to folders alike, in folders and
in globs: a link is the file or folder it points to.  A link that cannot be
followed is skipped with a note saying why (it points nowhere, or it loops
back on itself or to a folder that contains it), never taken for "no such
file".  ``**`` descends into each real folder once per pattern position
(compared by identity), so a tree whose links loop is walked in a time
proportional to its size, and a link leading back to a folder above it is
not followed at all.
"""

from __future__ import annotations

import errno
import fnmatch
import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

from dipxl.io.terminal import visible

__all__ = ["Notes", "folder_entries", "glob_matches", "link_note", "why_missing"]

Notes = dict[str, None]  # notes in the order first made, each once

Identity = tuple[int, int]

_MAGIC = frozenset("*?[")


def _identity(info: os.stat_result) -> Identity:
    return (info.st_dev, info.st_ino)


def link_note(path: str, err: OSError) -> str:
    """The note for the symbolic link ``path`` that could not be followed."""
    shown = visible(path)
    if err.errno == errno.ELOOP:
        return (f"skipped the symbolic link {shown}: it loops back on itself "
                "(directly or through other links); point it at a real file or remove it")
    target = _target(path)
    if err.errno in (errno.ENOENT, errno.ENOTDIR):
        return (f"skipped the symbolic link {shown}: it points to {target}, which does not "
                "exist; fix the link or remove it")
    return f"skipped the symbolic link {shown} (to {target}): {err.strerror or err}"


def _target(link: str) -> str:
    try:
        return visible(os.readlink(link))
    except OSError:
        return "?"


def why_missing(text: str) -> str:
    """Why the argument ``text``, which names no file or folder, does not,
    and what to do: a link that loops or points nowhere is said to be
    one, never "no such file"."""
    try:
        os.lstat(text)
    except OSError as err:
        if err.errno == errno.ELOOP:
            return ("a symbolic link on the way loops back on itself; "
                    "fix or remove that link, or name the file by another path")
        if err.errno == errno.ENOTDIR:
            return "a part of this path is a file, not a folder: check the path"
        if err.errno != errno.ENOENT:
            return f"{err.strerror or err}: check the path"
        return "no such file or folder: check the name (a glob pattern goes in quotes)"
    try:
        os.stat(text)
    except OSError as err:
        if err.errno == errno.ELOOP:
            return ("a symbolic link that loops back on itself (directly or through other "
                    "links): point it at a real file or folder, or remove it")
        if err.errno in (errno.ENOENT, errno.ENOTDIR):
            return (f"a symbolic link to {_target(text)}, which does not exist: "
                    "fix the link or remove it")
        return f"{err.strerror or err}: check the path"
    return "cannot be read: check the path"


def folder_entries(folder: str, take: Callable[[str], bool], notes: Notes) -> list[str]:
    """Paths of the regular files of ``folder`` (not recursive; links to
    files followed) whose names ``take`` accepts.  A link among them that
    cannot be followed is noted.  ``OSError`` when the folder cannot be
    listed."""
    found: list[str] = []
    with os.scandir(folder) as entries:
        listed = list(entries)
    for entry in listed:
        if not take(entry.name):
            continue
        try:
            info = os.stat(entry.path)
        except OSError as err:
            if entry.is_symlink():
                notes[link_note(entry.path, err)] = None
            continue
        if stat.S_ISREG(info.st_mode):
            found.append(entry.path)
    return found


def glob_matches(pattern: str, notes: Notes) -> list[str]:
    """The paths ``pattern`` matches (``*``, ``?``, ``[...]`` within a
    name, ``**`` any number of folders), sorted; hidden names only where
    the pattern's part starts with a dot, as :mod:`glob`.  Links are
    followed; one that loops back to a folder containing it, or that cannot
    be followed, is noted and skipped.  Always ends."""
    drive, rest = os.path.splitdrive(pattern)
    seps = os.sep + (os.altsep or "")
    root = drive + rest[: len(rest) - len(rest.lstrip(seps))]
    parts = [p for p in _split(rest.lstrip(seps), seps) if p]
    if not parts:
        return []
    base = root or os.curdir
    above: set[Identity] = set()
    try:  # the folders above the start: a link to one of them loops
        real = Path(os.path.realpath(base))
        for folder in (real, *real.parents):
            above.add(_identity(os.stat(folder)))
    except OSError:
        pass
    walker = _Walker(notes, above)
    found = sorted(set(walker.match(root, parts, 0, ())))
    return found


def _split(text: str, seps: str) -> list[str]:
    for sep in seps[1:]:
        text = text.replace(sep, seps[0])
    return text.split(seps[0])


def _join(base: str, name: str) -> str:
    return os.path.join(base, name) if base else name


class _Walker:
    """One glob's walk: its notes and the folders ``**`` has expanded."""

    def __init__(self, notes: Notes, above: set[Identity]) -> None:
        self.notes = notes
        self.above = above
        self.expanded: set[tuple[int, Identity]] = set()

    def match(
        self, base: str, parts: list[str], index: int, path: tuple[Identity, ...]
    ) -> Iterator[str]:
        """Paths under ``base`` matching ``parts[index:]``; ``path``: the
        identities of the folders descended through (to tell a loop)."""
        if index == len(parts):
            yield base
            return
        part = parts[index]
        last = index == len(parts) - 1
        if part == "**":
            yield from self._recurse(base, parts, index, path)
            return
        if not _MAGIC & set(part):
            name = _join(base, part)
            if last:
                if os.path.lexists(name):
                    yield name
            elif (inside := self._folder(name, path)) is not None:
                yield from self.match(name, parts, index + 1, inside)
            return
        for entry in self._entries(base, hidden=part.startswith(".")):
            if not fnmatch.fnmatch(entry.name, part):
                continue
            name = _join(base, entry.name)
            if last:
                yield name
            elif (inside := self._folder(name, path)) is not None:
                yield from self.match(name, parts, index + 1, inside)

    def _recurse(
        self, base: str, parts: list[str], index: int, path: tuple[Identity, ...]
    ) -> Iterator[str]:
        """``**`` at ``parts[index]``: ``base`` and every folder below it,
        each real folder once, never through a link that loops."""
        try:
            here = _identity(os.stat(base or os.curdir))
        except OSError:
            return
        if (index, here) in self.expanded:
            return
        self.expanded.add((index, here))
        last = index == len(parts) - 1  # a trailing ** matches everything below
        if not last:
            yield from self.match(base, parts, index + 1, path)
        for entry in self._entries(base, hidden=False):
            name = _join(base, entry.name)
            if last:
                yield name
            inside = self._folder(name, path, walking=True)
            if inside is not None:
                yield from self._recurse(name, parts, index, inside)

    def _entries(self, base: str, *, hidden: bool) -> list[os.DirEntry[str]]:
        try:
            with os.scandir(base or os.curdir) as entries:
                return sorted(
                    (e for e in entries if hidden or not e.name.startswith(".")),
                    key=lambda e: e.name,
                )
        except OSError as err:
            if base and err.errno not in (errno.ENOENT, errno.ENOTDIR):
                self.notes[
                    f"skipped the folder {visible(base)}: {err.strerror or err}"
                ] = None
            return []

    def _folder(
        self, name: str, path: tuple[Identity, ...], *, walking: bool = False
    ) -> tuple[Identity, ...] | None:
        """The descent ``path`` extended by the folder ``name``; None when
        ``name`` is no folder to enter: not a folder, or a link that cannot
        be followed; while ``walking`` (``**``) also a link that leads back
        to a folder containing it (noted).  A link the pattern names
        without ``**`` is followed: the pattern's length bounds it."""
        link = os.path.islink(name)
        try:
            info = os.stat(name)
        except OSError as err:
            if link and err.errno == errno.ELOOP:
                self.notes[link_note(name, err)] = None
            return None
        if not stat.S_ISDIR(info.st_mode):
            return None
        ident = _identity(info)
        if walking and link and (ident in path or ident in self.above):
            self.notes[
                f"skipped the symbolic link {visible(name)}: it loops back to "
                f"{visible(os.path.realpath(name))}, a folder that contains it "
                "(not followed, so that the search ends)"
            ] = None
            return None
        return (*path, ident)
