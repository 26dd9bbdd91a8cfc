"""The first rows of a sheet, read without loading the sheet.

A sheet dipxl does not need (a player database, a pasted log) is only
looked at for a results header in its first rows: its first
:data:`~dipxl.io.limits.HEAD_BYTES` of XML are parsed (expat, no document
type: the part's prolog was checked when it was unpacked) up to the first
row past those wanted, and nothing else of it is read, whatever its size.
Values are as python-calamine gives them (text, float, bool; ``""`` for an
empty cell), placed as it places them; error values read as empty.  A
shared string is found in the shared strings table by its index, the table
searched only as far as that index.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import unescape
from xml.parsers import expat

from dipxl.io.sheet_xml import parse_ref

__all__ = ["MAX_COLUMNS", "SharedStrings", "head_rows"]

MAX_COLUMNS = 16_384  # a spreadsheet's columns (A-XFD): cells past them are not looked at
_CHUNK = 64 << 10


class _Stop(Exception):
    """The rows wanted are read (or the XML is not worth reading on)."""


def head_rows(xml: bytes, nrows: int, shared: Callable[[int], str]) -> list[list[object]]:
    """The values of the first ``nrows`` rows of the sheet XML ``xml`` (its
    beginning is enough), from A1, as a grid of rows of one length;
    ``shared`` gives a shared string by its index.  XML that is not
    well-formed ends the reading where it goes wrong."""
    cells: dict[tuple[int, int], object] = {}
    row, col = 0, -1
    kind = ""  # the current cell's type (its t), None outside a cell
    text: list[str] = []
    reading = False  # inside <v>, or an inline string's <t> (not a phonetic one)
    inline = phonetic = 0

    def start(name: str, attrs: dict[str, str]) -> None:
        nonlocal row, col, kind, reading, inline, phonetic
        tag = name.rpartition(":")[2]
        if tag == "row":
            number = attrs.get("r", "")
            row = int(number) if number.isdigit() and len(number) < 10 else row + 1
            if row > nrows:
                raise _Stop
            col = -1
        elif tag == "c":
            ref = parse_ref(attrs.get("r", ""))
            row, col = (ref[0], ref[1]) if ref is not None else (row, col + 1)
            if row > nrows:
                raise _Stop
            kind, text[:] = attrs.get("t", "n"), []
        elif tag == "is":
            inline += 1
        elif tag == "rPh":
            phonetic += 1
        elif tag == "v" or (tag == "t" and inline and not phonetic):
            reading = True

    def end(name: str) -> None:
        nonlocal reading, inline, phonetic
        tag = name.rpartition(":")[2]
        if tag in ("v", "t"):
            reading = False
        elif tag == "is":
            inline -= 1
        elif tag == "rPh":
            phonetic -= 1
        elif tag == "c" and 0 <= col < MAX_COLUMNS and row > 0:
            cells[(row, col)] = _value(kind, "".join(text), shared)
        elif tag == "sheetData":
            raise _Stop

    def chars(data: str) -> None:
        if reading:
            text.append(data)

    def refuse(*_args: object) -> None:
        raise _Stop

    parser = expat.ParserCreate()
    parser.buffer_text = True
    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    try:
        for at in range(0, len(xml), _CHUNK):
            parser.Parse(xml[at : at + _CHUNK], False)
    except (_Stop, expat.ExpatError):
        pass
    if not cells:
        return []
    width = max(c for _, c in cells) + 1
    grid: list[list[object]] = [[""] * width for _ in range(max(r for r, _ in cells))]
    for (r, c), value in cells.items():
        grid[r - 1][c] = value
    return grid


def _value(kind: str, text: str, shared: Callable[[int], str]) -> object:
    if kind == "s":
        return shared(int(text)) if text.strip().isdigit() else ""
    if kind == "b":
        return text.strip() == "1"
    if kind in ("str", "inlineStr", "d"):
        return text
    if kind == "e":
        return ""
    try:
        return float(text) if text.strip() else ""
    except ValueError:
        return ""


_ENTRY = re.compile(rb"<(?:[\w.-]+:)?si[\s/>]")
_ENTRY_END = re.compile(rb"</(?:[\w.-]+:)?si\s*>")
_PHONETIC = re.compile(rb"<(?:[\w.-]+:)?rPh[\s>].*?</(?:[\w.-]+:)?rPh\s*>", re.S)
_TEXT = re.compile(rb"<(?:[\w.-]+:)?t(?:\s[^>]*)?>([^<]*)</(?:[\w.-]+:)?t\s*>")


class SharedStrings:
    """A shared strings table's entries by index, each found when first
    asked for (the table searched only as far as that entry)."""

    def __init__(self, xml: bytes) -> None:
        self.xml = xml
        self.starts: list[int] = []  # where each entry found so far begins
        self.entries = _ENTRY.finditer(xml)

    def __call__(self, index: int) -> str:
        while len(self.starts) <= index:
            found = next(self.entries, None)
            if found is None:
                return ""
            self.starts.append(found.start())
        start = self.starts[index]
        if self.xml[start : self.xml.find(b">", start) + 1].endswith(b"/>"):
            return ""  # <si/>
        end = _ENTRY_END.search(self.xml, start)
        entry = self.xml[start : end.start() if end else len(self.xml)]
        texts = _TEXT.findall(_PHONETIC.sub(b"", entry))
        return unescape(b"".join(texts).decode("utf-8", "replace"))
