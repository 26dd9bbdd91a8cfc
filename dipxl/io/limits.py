"""How much dipxl reads and writes at most: every size limit, in one place.

A file past one of these is refused with a message naming the limit, and
the limits are set so that any file inside all of them, however it is
built, is read (or refused) in under 2 s and 500 MB: the worst such files
are measured by ``benchmarks/hostile.py`` and held under 500 MB by
``tests/hostile/test_budget.py``.  README, "Untrusted input", lists them.
Each limit is far above any tournament: the yardstick is the largest
workbooks ``dipxl new`` writes (:data:`NEW_SEATS` result rows, 800
players over 7 rounds), which stay at least twice inside every one of
them (``tests/io/test_limits.py`` writes one and checks).
"""

from __future__ import annotations

__all__ = [
    "HEADS_BYTES",
    "HEAD_BYTES",
    "MAX_CELLS",
    "MAX_INPUT",
    "MAX_LINE",
    "MAX_PARTS",
    "MAX_RATIO",
    "MAX_ROWS",
    "MAX_SHARED_STRINGS",
    "MAX_TEXT",
    "MAX_UNPACKED",
    "NEW_SEATS",
    "PROLOG_LIMIT",
]

# -- any input file

# Bytes of an input file (CSV, xlsx, players file), refused unread above
# this: a generated workbook at NEW_SEATS is at most 2.1 MB, a CSV of as
# many rows under 1 MB.
MAX_INPUT = 64 << 20

# -- xlsx packages (dipxl.io.package)

# Bytes a workbook's parts unpack to, in all, as their headers declare
# (and never inflated past that).  dipxl holds the parts python-calamine
# reads once, python-calamine a copy, and one part is read back at a time:
# about three times this at most, and reads a part padded to it in about
# 1.5 s.  The largest `dipxl new` workbook unpacks to 23 MiB (Diminishing
# Value; C-Diplo 14 MiB).
MAX_UNPACKED = 48 << 20
# A part over 1 MiB that claims to inflate more than this many times its
# stored size is a bomb: real sheets compress about 10:1, deflate's limit
# is about 1000:1.
MAX_RATIO = 100
# Parts of a package: a workbook has tens; a zip of millions is a memory bomb.
MAX_PARTS = 10_000
# An XML part's prolog (declaration, comments) must end within this many
# bytes: the document type declaration (DTD) that entity bombs need sits there.
PROLOG_LIMIT = 64 << 10
# Entries of the shared strings table (python-calamine holds each as a
# string before any sheet is read); a generated workbook has a few
# thousand, one a distinct text.
MAX_SHARED_STRINGS = 1_000_000
# Cells of the sheets read (loaded whole: the results, Settings, Players
# when needed), in all, each counted from A1 to its last cell
# as python-calamine holds it (a dense grid): one stray value at
# XFD1048576 would ask for hundreds of gigabytes, and a million cells take
# python-calamine a second and dipxl as long again.  A workbook's sheets
# are counted together, so that many sheets at the limit are refused like
# one.  The largest `dipxl new` workbook's sheets hold 204,423 (with the Year column).
MAX_CELLS = 450_000
# Bytes of a sheet's XML read, at most, to look for a header in its first
# rows when the sheet is not needed (a player database, a pasted log):
# such a sheet is never loaded, nor counted in MAX_CELLS, whatever its
# size.  Twenty rows of a wide table take tens of kilobytes.  HEADS_BYTES
# bounds them all in a workbook (Python looks at about 5 MB of cells a
# second): sheets past it are not looked at.
HEAD_BYTES = 256 << 10
HEADS_BYTES = 2 << 20
# Characters of one cell's text: Excel's own limit, which no spreadsheet
# application goes past (a name, a title).
MAX_TEXT = 32_767

# -- results tables (a sheet or a CSV file)

# Rows of a sheet read (its last row), or lines of a CSV file: a
# tournament of 3,500 players over 14 rounds fits; a file of as many rows,
# each bad in every cell, is refused in about a second.
MAX_ROWS = 50_000
# Characters on one line of a CSV file (the csv module's own limit on one
# field is 131,072): a header of millions of columns is refused before it
# is split.
MAX_LINE = 1 << 20

# -- what `dipxl new` writes

# Result rows (seven a board, every round) of a generated workbook: 820
# boards in all, enough for 800 players over 7 rounds (115 boards a round),
# several times the largest real events.  Writing one this big takes a few
# seconds, and every size measure stays at least twice inside what `dipxl
# score` reads (tests/io/test_limits.py).
NEW_SEATS = 5_740
