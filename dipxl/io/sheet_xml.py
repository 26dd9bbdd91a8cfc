"""Which cells of a sheet hold a formula or an error value.

python-calamine returns a formula cell's cached result, and reads an error
value (``#N/A``, ``#DIV/0!`` ...) as an empty cell: neither can be told from
a typed-in value by the values alone.  The sheet's XML says.

:func:`scan_cells` is specified by one plain parse (:func:`parsed`: expat,
refusing any document type declaration, so no entity is ever expanded).
A search of the bytes (:func:`searched`) gives the same answer three to six
times faster for sheets written the usual way (the benchmark's 10,000-row
sheet: 50 ms instead of 150 ms), and gives up (None) on anything else,
which is then parsed; a property test (``tests/io/test_sheet_xml.py``) holds
the two equal on well-formed XML.  Only the parse checks that the XML is
well-formed; where the search answers, a malformed sheet is left to
python-calamine, which reads the same bytes (as before this module).

Cells are placed as calamine places them: at their ``r`` reference, else
after the previous cell of their row; a row without its ``r`` follows the
previous row.  Tags are matched by their local name (``<x:c>`` is a cell,
whatever its prefix).  A formula counts wherever it stands inside a cell
(before or after the value), and an array formula (``t="array"`` or
``"dataTable"``) covers its whole ``ref`` range.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field
from xml.parsers import expat

from dipxl.errors import InputError
from dipxl.io.limits import MAX_ROWS
from dipxl.workbook.a1 import column_number, parse_cell

__all__ = [
    "NOT_CONSTANT", "ScannedCells", "constant", "parse_ref", "parsed", "scan_cells", "searched",
]

Cell = tuple[int, int]  # (1-based row, 0-based column)

_SHOWN = 200  # a formula's text is quoted in messages up to this many characters


def parse_ref(ref: str) -> Cell | None:
    """``"B12"`` (or ``"$B$12"``) -> ``(12, 1)``: 0-based column; None for
    anything else."""
    found = parse_cell(ref)
    return (found[0], found[1] - 1) if found else None


# A formula that is a constant, as LibreOffice writes every TRUE and FALSE
# typed in a cell (``<f>TRUE()</f>``) and Excel takes ``=5`` or ``="Y"``:
# TRUE or FALSE (with or without its brackets), a number (signs before it,
# a point, an exponent) or a text in double quotes.  Nothing else: no
# reference, operator between values, or other function.
_CONSTANT = re.compile(
    r"""=\s*(?:
      (?P<bool>TRUE|FALSE)\s*(?:\(\s*\))?
    | (?P<number>[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)
    | "(?P<text>(?:[^"]|"")*)"
    )\s*""",
    re.ASCII | re.IGNORECASE | re.VERBOSE,
)
NOT_CONSTANT = object()  # what :func:`constant` gives for a formula that computes


def constant(formula: str) -> object:
    """The value of a formula that is a constant (``"=TRUE()"`` -> True,
    ``"=-5"`` -> -5.0, ``'="Y"'`` -> ``"Y"``), as a spreadsheet reads the
    value typed in (a number as a float, as python-calamine gives it);
    :data:`NOT_CONSTANT` for any other formula text (as :class:`ScannedCells`
    shows it: ``=`` then the text), which computes its value."""
    found = _CONSTANT.fullmatch(formula)
    if found is None:
        return NOT_CONSTANT
    if found["bool"] is not None:
        return found["bool"].upper() == "TRUE"
    if found["number"] is not None:
        number = float(found["number"])
        return number if number - number == 0 else NOT_CONSTANT  # 1e999 is no value
    return found["text"].replace('""', '"')


def _column(letters: str) -> int:
    """``"A" -> 0``, ``"AA" -> 26``."""
    return column_number(letters) - 1


@dataclass(frozen=True)
class ScannedCells:
    """The formula and error cells of one sheet, in the columns looked at."""

    columns: frozenset[int] | None = None  # the columns looked at (None: all)
    formulas: dict[Cell, str] = field(default_factory=dict)  # cell -> "=text"
    # Array formulas, wherever they are: (first cell, last cell, text) of the
    # range each covers.
    arrays: list[tuple[Cell, Cell, str]] = field(default_factory=list)
    errors: dict[Cell, str] = field(default_factory=dict)  # cell -> "#N/A"
    # The cells whose own formula is a plain constant (:func:`constant`; not
    # an array or shared formula) -> its value.
    constants: dict[Cell, object] = field(default_factory=dict)

    def formulas_in(
        self, columns: Collection[int] | None, after_row: int, last_row: int = MAX_ROWS
    ) -> dict[Cell, str]:
        """Cell -> formula text of the cells in ``columns`` (all when None)
        below ``after_row`` down to ``last_row`` (the sheet's last: an array
        formula's ``ref`` may claim every row of a sheet) that hold a
        formula or lie in an array formula's range (a cell's own formula
        comes first)."""
        found = {
            cell: text
            for cell, text in self.formulas.items()
            if cell[0] > after_row and (columns is None or cell[1] in columns)
        }
        for (top, left), (bottom, right), text in self.arrays:
            wanted = range(left, right + 1) if columns is None else [
                c for c in columns if left <= c <= right]
            for row in range(max(top, after_row + 1), min(bottom, last_row) + 1):
                for col in wanted:
                    found.setdefault((row, col), text)
        return found

    def constants_in(self, columns: Collection[int], after_row: int) -> dict[Cell, object]:
        """Cell -> value of the cells in ``columns`` below ``after_row``
        whose own formula is a constant (:func:`constant`)."""
        return {
            cell: value
            for cell, value in self.constants.items()
            if cell[0] > after_row and cell[1] in columns
        }

    def errors_in(self, columns: Collection[int], after_row: int) -> dict[Cell, str]:
        """Cell -> error text of the cells in ``columns`` below ``after_row``
        that hold an error value."""
        return {
            cell: text
            for cell, text in self.errors.items()
            if cell[0] > after_row and cell[1] in columns
        }


def scan_cells(xml: bytes, columns: Collection[int] | None = None) -> ScannedCells:
    """The cells of a sheet's XML in ``columns`` (all when None) that hold a
    formula or an error value, as :func:`parsed` finds them.  Comments
    (no writer puts them in a sheet; a hostile file pads one with a hundred
    megabytes, which the parse takes seconds over) are cut before the
    search, unless a CDATA section could hide where one ends."""
    bare = xml
    if b"<!--" in xml and b"<![CDATA[" not in xml:
        bare = _without_comments(xml)
    found = searched(bare, columns)
    return found if found is not None else parsed(xml, columns)


def _without_comments(xml: bytes) -> bytes:
    """``xml`` with its comments cut out (found with two byte searches
    each, at the speed of memory: a regular expression steps through a
    long comment a byte at a time).  An unclosed comment is left in: the
    search then gives up, and the parse says what is wrong."""
    kept = []
    pos = 0
    while (start := xml.find(b"<!--", pos)) >= 0:
        end = xml.find(b"-->", start + 4)
        if end < 0:
            break
        kept.append(xml[pos:start])
        pos = end + 3
    kept.append(xml[pos:])
    return b"".join(kept)


def parsed(xml: bytes, columns: Collection[int] | None = None) -> ScannedCells:
    """The cells of a sheet's XML in ``columns`` (all when None) that hold a
    formula or an error value, by parsing it; XML that is not well-formed,
    or that declares a document type, is an :class:`~dipxl.errors.InputError`."""
    scan = _Scan(_looked_at(columns))
    parser = expat.ParserCreate()
    parser.buffer_text = True
    parser.StartDoctypeDeclHandler = _refuse_dtd
    parser.EntityDeclHandler = _refuse_dtd
    parser.StartElementHandler = scan.start
    parser.EndElementHandler = scan.end
    scan.parser = parser
    try:
        parser.Parse(xml, True)
    except expat.ExpatError as err:
        raise InputError(
            f"the workbook is damaged: a sheet is not well-formed XML: {err}"
        ) from None
    return scan.found


def _refuse_dtd(*_args: object) -> None:
    raise InputError(
        "the workbook is damaged: a sheet declares a document type (DTD); "
        "xlsx files never do: refusing to read it"
    )


def _looked_at(columns: Collection[int] | None) -> ScannedCells:
    return ScannedCells(None if columns is None else frozenset(columns))


def _record_formula(found: ScannedCells, cell: Cell, attrs: dict[str, str], text: str) -> None:
    shown = "=" + text[:_SHOWN] if text else (
        "(shared formula)" if attrs.get("t") == "shared" else "(formula)")
    if found.columns is None or cell[1] in found.columns:
        found.formulas[cell] = shown
        value = NOT_CONSTANT if attrs.get("t") not in (None, "normal") else constant(shown)
        if value is not NOT_CONSTANT:
            found.constants[cell] = value
    if attrs.get("t") in ("array", "dataTable"):
        first, _, last = attrs.get("ref", "").partition(":")
        top_left, bottom_right = parse_ref(first), parse_ref(last or first)
        if top_left is not None and bottom_right is not None:
            found.arrays.append((top_left, bottom_right, shown))


class _Scan:
    """The state of one parse: where the current cell is, and what it holds."""

    def __init__(self, found: ScannedCells) -> None:
        self.found = found
        self.parser: expat.XMLParserType | None = None
        self.row = 0  # the current row's number
        self.cell: Cell = (0, -1)  # the current (or last) cell
        self.inside = 0  # how many cell elements are open
        self.error = False  # the current cell holds an error value (t="e")
        self.value: str | None = None  # the error cell's value, when read
        self.formula: tuple[Cell, dict[str, str]] | None = None  # a formula being read
        self.text: list[str] = []

    def start(self, name: str, attrs: dict[str, str]) -> None:
        tag = name.rpartition(":")[2]
        if tag == "c":
            ref = parse_ref(attrs["r"]) if "r" in attrs else None
            self.cell = ref if ref is not None else (self.row, self.cell[1] + 1)
            self.inside += 1
            self.error = attrs.get("t") == "e"
            self.value = None
        elif tag == "row":
            number = attrs.get("r", "")
            self.row = int(number) if number.isdigit() else self.row + 1
            self.cell = (self.row, -1)
        elif not self.inside:
            return
        elif tag == "f":
            self.formula = (self.cell, attrs)
            self._read_text()
        elif tag == "v" and self.error and self.value is None:
            self._read_text()

    def end(self, name: str) -> None:
        tag = name.rpartition(":")[2]
        if tag == "c" and self.inside:
            self.inside -= 1
            columns = self.found.columns
            if self.error and (columns is None or self.cell[1] in columns):
                self.found.errors[self.cell] = (self.value or "").strip() or "#error"
                self.error = False
        elif tag == "f" and self.formula is not None:
            _record_formula(self.found, *self.formula, self._text())
            self.formula = None
        elif tag == "v" and self.error and self.value is None and self.inside:
            self.value = self._text()

    def _read_text(self) -> None:
        self.text = []
        assert self.parser is not None  # set before parsing
        self.parser.CharacterDataHandler = self.text.append

    def _text(self) -> str:
        assert self.parser is not None  # set before parsing
        self.parser.CharacterDataHandler = None
        return "".join(self.text)


# ---------------------------------------------------------------- the byte search

# A tag's attributes, each in double quotes (which hold neither '"' nor '<').
_ATTRS = rb'((?:\s+[\w:.-]+\s*=\s*"[^"<]*")*)\s*'
_ATTR = re.compile(rb'\s+([\w:.-]+)\s*=\s*"([^"<]*)"')
# A cell whose first child is a formula: its attributes, the formula's and its text.
_FORMULA_CELL = re.compile(rb"<c" + _ATTRS + rb">\s*<f" + _ATTRS + rb"(?:/>|>([^<]*)</f>)")
_FORMULA_TAG = re.compile(rb"<f[\s/>]")
# A cell tag; then what an error cell holds: an optional formula, then its
# value (or none: the cell ends).
_CELL_TAG = re.compile(rb"<c" + _ATTRS + rb"(/?)>")
_ERROR_BODY = re.compile(
    rb"\s*(?:<f" + _ATTRS + rb"(?:/>|>[^<]*</f>)\s*)?(?:<v\s*>([^<]*)</v>|<v\s*/>|</c>)"
)
_ERROR_TYPE = re.compile(rb'\st\s*=\s*"e"')
_PREFIXED = re.compile(rb"<[\w.-]+:[cf][\s/>]")
_ENTITY = re.compile(rb"&(?!(?:amp|lt|gt|quot|apos);)")
_DECLARATION = re.compile(rb'<\?xml[^>]*?encoding\s*=\s*["\'](?!utf-8["\'])', re.I)
_ENTITIES = (("&lt;", "<"), ("&gt;", ">"), ("&quot;", '"'), ("&apos;", "'"), ("&amp;", "&"))


def searched(xml: bytes, columns: Collection[int] | None = None) -> ScannedCells | None:
    """:func:`parsed`'s answer for a well-formed sheet written the usual
    way, found by searching its bytes; None for any other (then parse it).

    Usual: UTF-8; no comment, CDATA section, processing instruction,
    character reference or ``\\r``; no cell or formula tag with a prefix,
    no ``'e'``; every formula the first child of a cell tag with an ``r``
    reference and double-quoted attributes; every ``t="e"`` in a cell tag of
    that kind, whose value (after an optional formula) is plain text.  Then
    every ``<`` starts a tag, and these searches see what the parse sees.
    """
    head = xml[:200]
    if b"\0" in head or _DECLARATION.match(xml.lstrip(b"\xef\xbb\xbf")):
        return None  # UTF-16, Latin-1 ...
    body = xml.find(b"?>") + 2 if xml.lstrip(b"\xef\xbb\xbf").startswith(b"<?xml") else 0
    if (  # each pair of bytes looked for only when its rarer byte is there
        (b"!" in xml and b"<!" in xml)
        or (b"?" in xml and xml.find(b"<?", body) >= 0)
        or b"\r" in xml
        or (b"'" in xml and b"'e'" in xml)
        or (b"&" in xml and _ENTITY.search(xml))
        or ((b":c" in xml or b":f" in xml) and _PREFIXED.search(xml))
    ):
        return None
    found = _looked_at(columns)
    for tag in _FORMULA_TAG.finditer(xml):
        start = max(0, xml.rfind(b"<c", 0, tag.start()))
        if found.columns is not None and xml[tag.start() + 2] == 62:  # "<f>"
            # No attributes (no array): if the last cell tag opened before
            # it is in a column not looked at, so is the formula, if in a cell.
            other = _R_FIRST.match(xml, start)
            if other is not None and _letters_column(other.group(1)) not in found.columns:
                continue
        cell = _FORMULA_CELL.match(xml, start)
        if cell is None or cell.start(2) != tag.start() + 2:
            return None  # not the first child of a cell tag
        ref = _cell_ref(cell.group(1))
        if ref is None:
            return None
        f_attrs = _attributes(cell.group(2)) if cell.group(2) else {}
        text = _text(cell.group(3) or b"")
        if f_attrs is None or text is None:
            return None
        _record_formula(found, ref, f_attrs, text)
    if b'"e"' in xml:
        for kind in _ERROR_TYPE.finditer(xml):
            if not _error_cell(found, xml, kind.start()):
                return None
    return found


def _error_cell(found: ScannedCells, xml: bytes, at: int) -> bool:
    """Note the error cell whose tag holds the ``t="e"`` found at ``at``
    (nothing when that is text, or an attribute of another tag); False when
    the cell is not written the usual way."""
    start = xml.rfind(b"<", 0, at)
    if not xml.startswith(b"<c", start) or xml[start + 2 : start + 3] not in _SPACE:
        return True  # text, or another tag (a prefixed cell tag was ruled out)
    tag = _CELL_TAG.match(xml, start)
    if tag is None:
        return False
    if tag.end() <= at:
        return True  # text inside the cell
    attrs = _attributes(tag.group(1))
    ref = _cell_ref(tag.group(1))
    if ref is None or attrs is None or attrs.get("t") != "e":
        return False
    if found.columns is not None and ref[1] not in found.columns:
        return True
    value: str | None = ""
    if not tag.group(2):  # not self-closed: its formula and value
        body = _ERROR_BODY.match(xml, tag.end())
        if body is None or (body.group(1) and _attributes(body.group(1)) is None):
            return False
        value = _text(body.group(2) or b"")
    if value is None:
        return False
    found.errors[ref] = value.strip() or "#error"
    return True


_SPACE = (b" ", b"\t", b"\n")  # what follows a tag's name when attributes do


def _cell_ref(attrs: bytes) -> Cell | None:
    """Where a cell tag with these attributes is (its ``r``); None when it
    has none, or they are not plain text."""
    usual = _R_ONLY.fullmatch(attrs)  # most cell tags: r="H2" alone
    if usual is not None:
        return int(usual.group(2)), _letters_column(usual.group(1))
    named = _attributes(attrs)
    return parse_ref(named["r"]) if named is not None and "r" in named else None


_R_ONLY = re.compile(rb'\s+r="([A-Z]{1,3})([0-9]+)"')
# A cell tag that opens with its r, and has no other (calamine takes the last).
_R_FIRST = re.compile(rb'<c\s+r="([A-Z]{1,3})[0-9]+"(?:\s+(?!r\s*=)[\w:.-]+\s*=\s*"[^"<]*")*\s*>')


def _letters_column(letters: bytes) -> int:
    """``b"A" -> 0``, ``b"AA" -> 26`` (capitals)."""
    return letters[0] - 65 if len(letters) == 1 else _column(letters.decode("ascii"))


def _attributes(attrs: bytes) -> dict[str, str] | None:
    """A tag's attributes by name; None when one is repeated (not
    well-formed) or not plain text."""
    pairs = _ATTR.findall(attrs)
    named = {}
    for name, value in pairs:
        text = _text(value)
        if text is None or b"\t" in value or b"\n" in value:  # the parser makes them spaces
            return None
        named[name.decode("ascii", "replace")] = text
    return named if len(named) == len(pairs) else None


def _text(raw: bytes) -> str | None:
    """Text or an attribute value as the parser reads it (the five named
    entities replaced); None when it is not UTF-8."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if "&" in text:
        for entity, char in _ENTITIES:
            text = text.replace(entity, char)
    return text
