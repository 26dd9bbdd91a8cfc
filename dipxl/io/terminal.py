"""What the command line prints: text shown as it is, output that is checked.

:func:`visible` makes a name, title or file name safe to print: control
characters (escape sequences, newlines, tabs) and the invisible characters
that reorder or hide text are shown as ``\\x1b``, ``\\n``, ``\\u202e``;
:func:`literal` also escapes rich's markup, so ``[/b]`` prints as ``[/b]``.

:class:`CheckedStdout` replaces ``sys.stdout``: every write reaches the
file descriptor whole or raises ``OSError`` (Python's own unbuffered text
stream drops the rest of a short write without a word), and a closed
standard output raises instead of swallowing the output.
"""

from __future__ import annotations

import errno
import io
import os
import unicodedata
from collections.abc import Sequence

from rich.cells import cell_len
from rich.markup import escape

from dipxl.errors import InputErrors

__all__ = ["CheckedStdout", "error_lines", "fit_columns", "literal", "visible"]

# Characters that change how the text around them is shown without being
# seen themselves: bidirectional overrides and isolates, line and paragraph
# separators, zero-width characters.
_INVISIBLE = frozenset(
    "\u200b\u200c\u200d\u200e\u200f\u2028\u2029\u202a\u202b\u202c\u202d\u202e"
    "\u2066\u2067\u2068\u2069\ufeff"
)


def _shown(char: str) -> str:
    if char in _INVISIBLE or unicodedata.category(char) == "Cc":
        return repr(char)[1:-1] if char not in "'\"" else char
    return char


def visible(text: str) -> str:
    """``text`` with its control and invisible characters written out
    (``"a\\x1b[31mb"`` prints as ``a\\x1b[31mb``, a newline as ``\\n``)."""
    if text.isprintable():
        return text
    return "".join(_shown(char) for char in text)


def literal(text: str) -> str:
    """``text`` for a rich string that is read as markup: shown as it is."""
    return escape(visible(text))


def error_lines(error: BaseException) -> list[str]:
    """An error as the lines to print, each :func:`visible`: one a problem
    (a newline inside a name or file name is shown, it does not split)."""
    if isinstance(error, InputErrors):
        return [visible(line) for line in str(error).split("\n")]
    return [visible(str(error))]


def fit_columns(
    headers: Sequence[str],
    cells: Sequence[Sequence[str]],
    width: int,
    *,
    keep: int,
    wrap: frozenset[int] = frozenset(),
) -> tuple[list[int], list[int]]:
    """Which columns of a boxed table fit in ``width`` characters, and the
    width of each, so that no number and no word of a header is ever cut.

    Each column needs its longest cell and the longest word of its header
    (a header wraps between words); the columns of ``wrap`` (names) need
    only 12 characters, their text folds onto more lines.  While the table
    is too wide the last column is left out, but never one of the first
    ``keep``.  Spare width widens the columns, those that need least
    first, up to their whole header or longest cell.  Returns the indices kept and their
    widths; a box takes 3 characters a column and 1 more."""
    count = len(headers)
    longest = [max((cell_len(row[i]) for row in cells), default=0) for i in range(count)]
    need = [
        max(max((len(word) for word in headers[i].split()), default=1), longest[i])
        for i in range(count)
    ]
    ideal = [max(len(headers[i]), longest[i]) for i in range(count)]
    for i in wrap:
        need[i] = min(ideal[i], max(12, max(len(w) for w in headers[i].split() or [""])))
    kept = list(range(count))

    def room(columns: list[int]) -> int:
        return width - (3 * len(columns) + 1) - sum(need[i] for i in columns)

    while room(kept) < 0 and len(kept) > keep:
        kept.pop()
    widths = {i: need[i] for i in kept}
    spare = room(kept)
    for i in sorted(kept, key=lambda i: ideal[i] - need[i]):  # cheapest first
        grow = min(spare, ideal[i] - widths[i]) if spare > 0 else 0
        widths[i] += grow
        spare -= grow
    return kept, [widths[i] for i in kept]


class CheckedStdout(io.TextIOBase):
    """A text stream over a file descriptor whose writes are complete or fail.

    ``fd`` None stands for a standard output that was closed when the
    program started: writing to it raises ``OSError(EBADF)``."""

    def __init__(self, fd: int | None, encoding: str = "utf-8", errors: str = "strict") -> None:
        super().__init__()
        self._fd = fd
        self._encoding = encoding
        self._errors = errors

    @property
    def encoding(self) -> str:  # type: ignore[override]  # read-only, as on io streams
        return self._encoding

    @property
    def errors(self) -> str:  # type: ignore[override]  # read-only, as on io streams
        return self._errors

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        if self._fd is None:
            raise OSError(errno.EBADF, "standard output is closed")
        return self._fd

    def isatty(self) -> bool:
        return self._fd is not None and os.isatty(self._fd)

    def write(self, text: str) -> int:
        fd = self.fileno()
        view = memoryview(text.encode(self._encoding, self._errors))
        while view:
            written = os.write(fd, view)
            if written <= 0:  # pragma: no cover - os.write raises instead
                raise OSError(errno.EIO, "nothing written")
            view = view[written:]
        return len(text)

    def flush(self) -> None:
        """Nothing is held back: every write went to the descriptor."""
