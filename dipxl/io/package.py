"""The xlsx package: a zip archive, checked before anything reads it.

Anything that is not an xlsx package (a CSV or an .xls renamed .xlsx, an
encrypted file, a truncated zip, an .xlsb or .ods) is refused in a TD's
words, and so is an archive that would take more memory than any workbook
does (a zip bomb, honest or lying about its sizes; millions of parts) or a
part whose XML declares a document type (entity bombs and external
entities need one; xlsx parts never have one).

zipfile reads the archive.  Every part python-calamine reads (the
workbook's own, and the XML parts its relationships name: sheets, styles,
shared strings) is inflated once, in chunks, never past its declared size,
its CRC compared, straight into a copy of the archive whose parts are
stored uncompressed, each under its normal name (:func:`part_name`), the
relationships pointing at them by their absolute names: python-calamine
reads that copy (:attr:`Package.unpacked`), so nothing is inflated twice
and what it reads is what was checked.  Images, charts and the like stay
packed.  The copy is all dipxl holds of the parts (at most
:data:`MAX_UNPACKED`); a part is read back from it when it is looked at.
Every limit is in :mod:`dipxl.io.limits`.
"""

from __future__ import annotations

import io
import itertools
import posixpath
import re
import struct
import zipfile
import zlib
from collections.abc import Callable, Collection
from html import escape, unescape
from typing import IO

from dipxl.errors import InputError
from dipxl.io.heads import SharedStrings, head_rows
from dipxl.io.limits import (
    HEAD_BYTES,
    HEADS_BYTES,
    MAX_CELLS,
    MAX_PARTS,
    MAX_RATIO,
    MAX_ROWS,
    MAX_SHARED_STRINGS,
    MAX_UNPACKED,
    PROLOG_LIMIT,
)
from dipxl.io.sheet_xml import ScannedCells, scan_cells
from dipxl.workbook.a1 import column_letter

__all__ = ["MAX_CELLS", "MAX_PARTS", "MAX_RATIO", "MAX_UNPACKED", "PROLOG_LIMIT", "Package",
           "part_name", "sheet_ref"]

_CHUNK = 1 << 20  # parts are inflated this much at a time
_WORKBOOK = "xl/workbook.xml"
_WORKBOOK_RELS = "xl/_rels/workbook.xml.rels"
_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_ZIP = b"PK\x03\x04"
_EMPTY_ZIP = b"PK\x05\x06"
_END_RECORD = b"PK\x05\x06"
# The parts of every workbook python-calamine reads.
_OWN = ("[Content_Types].xml", "_rels/.rels", _WORKBOOK, _WORKBOOK_RELS)
_DAMAGED = (zipfile.BadZipFile, OSError, EOFError, ValueError, zlib.error)


def sheet_ref(sheet: str) -> str:
    """``Results`` or ``'My results'`` as in a cell reference."""
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.]*", sheet):
        return sheet
    return "'" + sheet.replace("'", "''") + "'"


class Package:
    """The checked archive: its parts, and the sheet name -> XML part map."""

    def __init__(self, data: bytes) -> None:
        _refuse_non_xlsx(data)
        _refuse_big_directory(data)
        try:
            archive = zipfile.ZipFile(io.BytesIO(data))
        # NotImplementedError: a zip version zipfile does not know
        except (*_DAMAGED, NotImplementedError) as err:
            raise InputError(
                f"the workbook is damaged or truncated (not a readable zip archive: {err})"
            ) from None
        infos = archive.infolist()
        _refuse_foreign(archive)
        unpacked = sum(i.file_size for i in infos)
        if unpacked > MAX_UNPACKED:
            raise InputError(
                f"the workbook unpacks to {unpacked / (1 << 20):,.0f} MiB, more than dipxl reads "
                f"({MAX_UNPACKED >> 20} MiB, more than twice the largest workbook `dipxl new` "
                "writes): a zip bomb? Refusing to read it"
            )
        for info in infos:
            if info.file_size > 1 << 20 and info.file_size > MAX_RATIO * info.compress_size:
                raise InputError(
                    f"the workbook's part {info.filename} inflates {info.compress_size:,} bytes "
                    f"to {info.file_size:,}, more than {MAX_RATIO} times (spreadsheet XML "
                    "compresses about 10 times): a zip bomb? Refusing to read it"
                )
        self.unpacked = _stored_copy(archive, infos)
        """The archive with every part python-calamine reads checked and
        stored uncompressed, under its normal name, the workbook's
        relationships pointing at the very parts :attr:`parts` names:
        python-calamine reads what is checked.  The parts are held here
        only, and read back from it one at a time."""
        self._stored = zipfile.ZipFile(io.BytesIO(self.unpacked))
        self.parts = self._sheet_parts()
        """Sheet name -> its XML part (a normal part name, see :func:`part_name`)."""
        self._cells: dict[tuple[str, frozenset[int] | None], ScannedCells] = {}
        self._last_rows: dict[str, int] = {}
        self._grids: dict[str, int] = {}  # sheet -> cells from A1 to its last, of those read
        self._shared: SharedStrings | None = None
        self._heads_left = HEADS_BYTES  # bytes of sheet_head still to spend

    def part(self, name: str) -> bytes:
        """A part's bytes, read back from the stored copy."""
        try:
            return self._stored.read(name)
        except KeyError:
            raise InputError(f"the workbook is damaged: {name} is missing") from None

    def _sheet_parts(self) -> dict[str, str]:
        """Sheet name -> XML part, from workbook.xml and its relationships
        (small parts, read with regular expressions: no entity is expanded).
        Two sheets of one name (python-calamine would read the first) and
        two relationships of one id are refused."""
        targets: dict[str, str] = {}
        for attrs in _REL_TAG.findall(self.part(_WORKBOOK_RELS)):
            rel_id, target = _attr(attrs, b"Id"), _attr(attrs, b"Target")
            if rel_id is None or not target:
                continue
            if rel_id in targets:
                raise InputError(f"the workbook is damaged: two relationships are named {rel_id!r}")
            targets[rel_id] = target
        parts: dict[str, str] = {}
        seen: set[str] = set()
        for attrs in _SHEET_TAG.findall(self.part(_WORKBOOK)):
            name = _attr(attrs, b"name")
            rels = _RID_ATTR.findall(attrs)
            if len(rels) > 1:
                raise InputError(f"the workbook is damaged: sheet {name!r} has {len(rels)} ids")
            target = targets.get(_unquote(rels[0][0] or rels[0][1])) if rels else None
            if name is None or not target:
                continue
            if name.lower() in seen:
                raise InputError(f"the workbook is damaged: two sheets are named {name!r}")
            seen.add(name.lower())
            parts[name] = part_name(target, _WORKBOOK)
        return parts

    def defined_names(self) -> dict[str, str]:
        """Workbook-level defined names -> what they refer to (``Settings!$B$4``,
        ``"cdiplo"``), from workbook.xml (a small part, read with a regular
        expression: no entity is expanded); names local to a sheet are left out."""
        found: dict[str, str] = {}
        for attrs, text in _DEFINED_NAME.findall(self.part(_WORKBOOK)):
            name = _attr(attrs, b"name")
            if name is not None and _attr(attrs, b"localSheetId") is None:
                found.setdefault(name, unescape(text.decode("utf-8", "replace")).strip())
        return found

    def sheet_head(self, sheet: str, nrows: int) -> list[list[object]]:
        """The values of the first ``nrows`` rows of ``sheet`` (see
        :mod:`dipxl.io.heads`), from no more than the first
        :data:`HEAD_BYTES` of its XML: the sheet is neither loaded nor
        counted against :data:`MAX_CELLS`.  A sheet without a part of its
        own has none, and so has every sheet once :data:`HEADS_BYTES` are
        spent."""
        part = self.parts.get(sheet)
        if part is None or self._heads_left <= 0:
            return []
        try:
            with self._stored.open(part) as stream:
                head = stream.read(min(HEAD_BYTES, self._heads_left))
        except KeyError:
            return []
        self._heads_left -= len(head)
        return head_rows(head, nrows, self._shared_strings)

    def _shared_strings(self, index: int) -> str:
        if self._shared is None:
            names = [n for n in self._stored.namelist() if n.lower() == "xl/sharedstrings.xml"]
            self._shared = SharedStrings(self.part(names[0]) if names else b"")
        return self._shared(index)

    def check_extent(self, sheet: str) -> None:
        """Refuse a sheet too big to load: more than :data:`MAX_ROWS` rows,
        or more than :data:`MAX_CELLS` cells from A1 to its last cell (the
        grid python-calamine allocates), counted with those of the sheets
        checked before it.  Found from every cell and row reference of its
        XML (a ``<dimension>`` may understate it), plus one for each cell or
        row written without one (placed after the previous); a sheet
        without a part of its own is refused (damaged)."""
        part = self.parts.get(sheet)
        if part is None:
            raise InputError(f"the workbook is damaged: no XML part for sheet {sheet!r}")
        rows, columns = sheet_extent(self.part(part))
        self._last_rows[sheet] = rows
        if rows > MAX_ROWS:
            raise InputError(
                f"the sheet reaches row {rows:,}, more rows than dipxl reads ({MAX_ROWS:,}): is "
                "there a stray value far below the table? Delete those rows",
                sheet_ref(sheet),
            )
        if rows * columns > MAX_CELLS:
            span = f"A1:{column_letter(columns)}{rows}"
            raise InputError(
                f"the sheet's used range {span} holds {rows * columns:,} cells, "
                f"more than dipxl reads ({MAX_CELLS:,}): is there a stray value far "
                "below or right of the table? Delete those rows and columns",
                sheet_ref(sheet),
            )
        self._grids[sheet] = rows * columns
        grids = sum(self._grids.values())
        if grids > MAX_CELLS:
            others = [sheet_ref(s) for s in self._grids if s != sheet]
            named = ", ".join(others[:3]) + (", ..." if len(others) > 3 else "")
            raise InputError(
                f"the sheet's used range A1:{column_letter(columns)}{rows} holds "
                f"{rows * columns:,} cells, and with those of the {len(others)} sheets read "
                f"before it ({named}) {grids:,}, more than dipxl reads in a workbook "
                f"({MAX_CELLS:,}): "
                "are there stray values far below or right of the tables? Delete those rows "
                "and columns",
                sheet_ref(sheet),
            )

    def cells(self, sheet: str, columns: Collection[int] | None = None) -> ScannedCells:
        """The formula and error cells of ``sheet`` in ``columns`` (all when
        None); its XML is searched once for each set of columns asked about."""
        key = (sheet, None if columns is None else frozenset(columns))
        found = self._cells.get(key)
        if found is None:
            part = self.parts.get(sheet)
            if part is None:
                raise InputError(f"the workbook is damaged: no XML part for sheet {sheet!r}")
            found = self._cells[key] = scan_cells(self.part(part), columns)
        return found

    def formula_cells(
        self, sheet: str, columns: Collection[int] | None = None, after_row: int = 0
    ) -> dict[tuple[int, int], str]:
        """(row, column) -> formula text of the cells of ``sheet`` that hold a
        formula (1-based row, 0-based column), only those in ``columns`` (all
        when None) below ``after_row``."""
        return self.cells(sheet, columns).formulas_in(
            columns, after_row, self._last_rows.get(sheet, MAX_ROWS))

    def constant_cells(
        self, sheet: str, columns: Collection[int], after_row: int = 0
    ) -> dict[tuple[int, int], object]:
        """(row, column) -> value of the cells of ``sheet`` in ``columns``
        below ``after_row`` whose own formula is a constant (``=TRUE()``,
        ``=5``, ``="Y"``: see :func:`dipxl.io.sheet_xml.constant`), as
        LibreOffice saves every TRUE and FALSE typed in."""
        return self.cells(sheet, columns).constants_in(columns, after_row)

    def error_cells(
        self, sheet: str, columns: Collection[int], after_row: int = 0
    ) -> dict[tuple[int, int], str]:
        """(row, column) -> error text of the cells of ``sheet`` in ``columns``
        below ``after_row`` that hold an error value (``#N/A``, ``#DIV/0!``
        ...), which python-calamine reads as empty cells."""
        return self.cells(sheet, columns).errors_in(columns, after_row)


def _refuse_non_xlsx(data: bytes) -> None:
    """Errors for what is not an xlsx package, said in a TD's words."""
    if not data:
        raise InputError("the file is empty (0 bytes), not an xlsx workbook")
    if data.startswith(_OLE):
        if "EncryptedPackage".encode("utf-16-le") in data:
            raise InputError(
                "the workbook is password-protected (encrypted); dipxl cannot read it: "
                "open it in Excel, remove the password and save it again"
            )
        raise InputError(
            "this is an old Excel 97-2003 (.xls) or other OLE file, not an xlsx "
            "workbook: open it in Excel or LibreOffice and save it as .xlsx"
        )
    if data.startswith(_EMPTY_ZIP):
        raise InputError("the file is an empty zip archive, not an xlsx workbook")
    if not data.startswith(_ZIP):
        head = data[:2048]
        # Text in any 8-bit encoding (UTF-8, Windows-1252 ...): no control bytes.
        text = not any(b < 9 or 13 < b < 32 or b == 127 for b in head)
        if text and head.lstrip()[:1] == b"<":
            raise InputError("this is an HTML or XML file, not an xlsx workbook: save it as .xlsx")
        if text:
            raise InputError(
                "this is a text file (a CSV?), not an xlsx workbook: name it .csv "
                "to score it as CSV, or save it as .xlsx"
            )
        raise InputError("this is not an xlsx workbook (not a zip package)")


def _refuse_big_directory(data: bytes) -> None:
    """Refuse an archive whose central directory lists more parts than any
    workbook has, from its end record, before zipfile builds an object per
    entry (millions of empty entries would take gigabytes)."""
    end = data.rfind(_END_RECORD, max(0, len(data) - (1 << 16) - 22))
    if end < 0 or len(data) < end + 22:
        return  # zipfile says what is wrong
    entries, size = struct.unpack_from("<HI", data, end + 10)
    if entries > MAX_PARTS or size > MAX_PARTS * 512:
        raise InputError(
            f"the workbook's zip archive lists {entries:,} parts in a {size:,}-byte "
            f"directory, more than any workbook has ({MAX_PARTS:,}); refusing to read it"
        )


def _refuse_foreign(archive: zipfile.ZipFile) -> None:
    """Refuse a zip archive that holds another kind of document."""
    names = set(archive.namelist())
    if _WORKBOOK in names:
        return
    if "xl/workbook.bin" in names:
        raise InputError(
            "this is a binary workbook (.xlsb), not an xlsx workbook: save it as .xlsx"
        )
    if "content.xml" in names and "mimetype" in names:
        raise InputError(
            "this is an OpenDocument spreadsheet (.ods), not an xlsx workbook: save it as .xlsx"
        )
    raise InputError("this zip archive is not an xlsx workbook (no xl/workbook.xml)")


def _inflate(archive: zipfile.ZipFile, info: zipfile.ZipInfo,
             sink: Callable[[bytes], object] | None = None) -> bytes:
    """One part, inflated in chunks never past its declared size (zipfile
    stops there and compares the CRC at the end; one unbounded read would
    inflate a lying part's whole stream at once), each chunk given to
    ``sink`` (then ``b""`` is returned), or all of them joined; an XML
    part's prolog is checked for a DTD before the rest is inflated."""
    xml = info.filename.lower().endswith((".xml", ".rels", ".vml"))
    chunks: list[bytes] = []
    give = chunks.append if sink is None else sink
    try:
        with archive.open(info) as part:
            chunk = part.read(PROLOG_LIMIT + 1 if xml else _CHUNK)
            if xml:
                check_prolog(chunk, info.filename)
            while chunk:
                give(chunk)
                chunk = part.read(_CHUNK)
        return b"".join(chunks)
    except InputError:
        raise
    except NotImplementedError as err:  # compression methods zipfile lacks
        raise InputError(f"the workbook is damaged: {info.filename}: {err}") from None
    except RuntimeError:  # zipfile: "... is encrypted, password required"
        raise InputError(
            f"the workbook is damaged: its part {info.filename} is encrypted with a zip "
            "password (Excel never does that): refusing to read it"
        ) from None
    except _DAMAGED as err:
        raise InputError(
            f"the workbook is damaged: {info.filename}: {err} (a tampered or "
            "truncated file, or a zip bomb whose headers understate its size)"
        ) from None


_PROLOG_ITEM = re.compile(rb"\s+|<\?.*?\?>|<!--.*?-->", re.S)
_ROOT_START = re.compile(rb"<[A-Za-z_]")


def check_prolog(head: bytes, part: str) -> None:
    """Refuse an XML part whose prolog has a document type declaration, or
    whose prolog does not end within :data:`PROLOG_LIMIT` bytes."""
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):  # UTF-16: compare as UTF-8
        head = head.decode("utf-16", "replace").encode("utf-8", "replace")
    elif head.startswith(b"\xef\xbb\xbf"):
        head = head[3:]
    pos = 0
    while True:
        item = _PROLOG_ITEM.match(head, pos)
        if item is None or item.end() == pos:
            break
        pos = item.end()
    rest = head[pos : pos + 9]
    if rest.upper().startswith(b"<!DOCTYPE") or b"<!ENTITY" in head[:PROLOG_LIMIT]:
        raise InputError(
            f"the workbook's part {part} declares a document type (DTD) with entities; "
            "xlsx files never do (an XML entity bomb or an external entity?): refusing "
            "to read it"
        )
    if len(head) > PROLOG_LIMIT and (pos >= PROLOG_LIMIT or not _ROOT_START.match(rest)):
        raise InputError(
            f"the workbook's part {part} has no XML element in its first "
            f"{PROLOG_LIMIT >> 10} KiB; refusing to read it"
        )


def part_name(target: str, source: str = "") -> str:
    """The normal name of the part a relationship ``target`` of part
    ``source`` names (a zip entry's own name: ``source`` empty): relative
    to ``source``'s folder unless it starts with ``/``, empty, ``.`` and
    ``..`` segments resolved, no leading ``/``.  The one place a part name
    is made: the checks and python-calamine's copy both use what it
    returns.  A name that leads out of the package is damaged."""
    path = target if target.startswith("/") else f"{posixpath.dirname(source)}/{target}"
    segments: list[str] = []
    for segment in path.split("/"):
        if segment == "..":
            if not segments:
                raise InputError(f"the workbook is damaged: the part name {target!r} leads "
                                 "out of the package")
            segments.pop()
        elif segment not in ("", "."):
            segments.append(segment)
    if not segments:
        raise InputError(f"the workbook is damaged: the part name {target!r} names no part")
    return "/".join(segments)


def _absolute_target(tag: re.Match[bytes]) -> bytes:
    """A relationship tag of the workbook whose internal target is
    rewritten as the absolute name of the part it resolves to."""
    attrs = tag.group(1)
    target = _attr(attrs, b"Target")
    external = (_attr(attrs, b"TargetMode") or "").lower() == "external"
    if not target or external:
        return tag.group(0)
    absolute = escape("/" + part_name(target, _WORKBOOK), quote=True).encode("utf-8")
    attrs = _TARGET_ATTR.sub(lambda _: b' Target="' + absolute + b'"', attrs, count=1)
    whole, start = tag.group(0), tag.start(0)
    return whole[: tag.start(1) - start] + attrs + whole[tag.end(1) - start :]


def _stored_copy(archive: zipfile.ZipFile, infos: list[zipfile.ZipInfo]) -> bytes:
    """A zip archive, stored uncompressed, of the parts python-calamine
    reads, each inflated once and checked, one at a time, under its normal
    name (:func:`part_name`): the package's and the workbook's own, and the
    XML parts the workbook's relationships name (sheets, styles, shared
    strings), the relationships' targets rewritten as the absolute names
    of the parts they resolve to.  Images, charts, drawings and the like
    are left out, their declared sizes counted all the same.  A name given
    twice: the last, as zipfile reads it.  Two names for one part
    (``xl/worksheets/sheet1.xml`` and ``xl/./worksheets/sheet1.xml``) are
    refused: which one a reader takes would be a guess."""
    named: dict[str, zipfile.ZipInfo] = {}
    given: dict[str, str] = {}
    for info in infos:
        name = part_name(info.filename)
        if given.setdefault(name, info.filename) != info.filename:
            raise InputError(
                f"the workbook is damaged: two parts are named {name} "
                f"({given[name]!r} and {info.filename!r}); refusing to guess which counts"
            )
        named[name] = info
    copy = io.BytesIO()
    wanted = {name for name in named if "sharedstrings" in name.lower()}
    with zipfile.ZipFile(copy, "w", zipfile.ZIP_STORED) as stored:
        for name in _OWN:
            if name not in named:
                continue
            content = _inflate(archive, named[name])
            if name == _WORKBOOK_RELS:
                wanted |= _xml_targets(content)
                content = _REL_TAG.sub(_absolute_target, content)
            stored.writestr(zipfile.ZipInfo(name), content)
        for name in sorted(wanted & named.keys() - set(_OWN)):
            # Straight from the archive into the copy, a chunk at a time.
            with stored.open(zipfile.ZipInfo(name), "w") as into:
                if "sharedstrings" in name.lower():
                    entries = _Entries(into)
                    _inflate(archive, named[name], entries.write)
                    entries.check(name)
                else:
                    _inflate(archive, named[name], into.write)
    return copy.getvalue()


def _xml_targets(rels: bytes) -> set[str]:
    """The XML parts the workbook's relationships ``rels`` name, internal ones."""
    found = set()
    for attrs in _REL_TAG.findall(rels):
        target = _attr(attrs, b"Target")
        external = (_attr(attrs, b"TargetMode") or "").lower() == "external"
        if target and not external and target.lower().endswith(".xml"):
            found.add(part_name(target, _WORKBOOK))
    return found


class _Entries:
    """Counts the entries of a shared strings table as it goes by in
    chunks, to refuse one of more than :data:`MAX_SHARED_STRINGS` entries
    (python-calamine holds them all when it opens the workbook)."""

    def __init__(self, into: IO[bytes]) -> None:
        self.into = into  # where the chunks go on to
        self.found = 0
        self.tail = b""  # the last bytes of the chunk before

    def write(self, chunk: bytes) -> None:
        """Count ``chunk``'s entries (those it shares with the chunk before
        too), then write it on."""
        # Entries, prefixed ones too (a text holding ":si" counts: an upper bound).
        seam = self.tail + chunk[:2]
        self.found += seam.count(b"<si") + seam.count(b":si")
        self.found += chunk.count(b"<si") + chunk.count(b":si")
        self.tail = chunk[-2:]
        self.into.write(chunk)

    def check(self, name: str) -> None:
        if self.found > MAX_SHARED_STRINGS:
            raise InputError(
                f"the workbook's shared strings table ({name}) holds {self.found:,} entries, "
                f"more than dipxl reads ({MAX_SHARED_STRINGS:,}); refusing to read it"
            )


def sheet_extent(xml: bytes) -> tuple[int, int]:
    """(rows, columns) from A1 to the last cell of a sheet's XML as
    python-calamine places its cells, or more: the largest row and column
    of any reference, plus one for each row tag without one, and for the
    cell tags without one, the most of them in a row.  A sheet of more row
    or cell tags than dipxl reads is measured by them alone (enough to
    refuse it), without a look at each."""
    if xml.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\0" in xml[:200]:
        xml = xml.decode("utf-16", "replace").encode("utf-8", "replace")
    # Rows and cells written the usual way: <row r="12" and <c r="B12".
    rows, cells = xml.count(b'<row r="'), xml.count(b'<c r="')
    if rows > MAX_ROWS or cells > MAX_CELLS:
        return rows, max(1, -(-cells // max(1, rows)))
    if (_UNUSUAL_TAG.search(xml) is None and b":row" not in xml and b":c" not in xml
            and b'r="&' not in xml):
        return _usual_extent(xml)
    row_tags, cell_tags = _tags(xml, b"row"), _tags(xml, b"c")
    if row_tags > MAX_ROWS or cell_tags > MAX_CELLS:
        return row_tags, max(1, -(-cell_tags // max(1, row_tags)))
    last_row, last_col, row_refs, cell_refs = _references(xml)
    rows = last_row + max(0, row_tags - row_refs)
    if cell_tags <= cell_refs:
        return rows, last_col
    # Cells without a reference follow the previous one of their row: count
    # them row by row (written so by a few tools; the rows are bounded).
    starts = [0, *(m.start() for m in _ROW_START.finditer(xml)), len(xml)]
    most = 0
    for start, end in itertools.pairwise(starts):
        row = xml[start:end]
        most = max(most, _tags(row, b"c") - _references(row)[3])
    return rows, last_col + most


def _usual_extent(xml: bytes) -> tuple[int, int]:
    """:func:`sheet_extent` of a sheet whose every row and cell tag starts
    with its reference (``<row r="12"``, ``<c r="B12"``), as every writer
    writes them: two searches of the bytes, no look at each cell in Python
    (a reference's first nine digits and letters are enough to refuse it)."""
    rows = re.findall(rb'<(?:row|c) r="[A-Za-z]*([0-9]{1,9})', xml)
    columns = set(re.findall(rb'<c r="([A-Za-z]{1,9})', xml))
    return max(map(int, rows), default=0), max(map(_column_number, columns), default=0)


def _references(xml: bytes) -> tuple[int, int, int, int]:
    """The largest row and column of the cell and row references of
    ``xml``, and how many row and cell references it holds."""
    last_row = last_col = row_refs = cell_refs = 0
    for double, single in _REF.findall(xml):
        value = double or single
        found = _REF_VALUE.fullmatch(value if b"&" not in value else _unquote(value).encode())
        if found is None:
            continue  # not a reference: python-calamine refuses it
        letters, digits = found.groups()
        if letters:
            cell_refs += 1
            last_col = max(last_col, _column_number(letters))
        else:
            row_refs += 1
        last_row = max(last_row, int(digits[:9] or 0))
    return last_row, last_col, row_refs, cell_refs


def _tags(xml: bytes, tag: bytes) -> int:
    """How many ``<tag`` elements ``xml`` holds (prefixed ones too)."""
    count = sum(xml.count(b"<" + tag + end) for end in (b" ", b">", b"/", b"\t", b"\n", b"\r"))
    if b":" + tag in xml:
        count += len(re.findall(rb"<[\w.-]+:" + tag + rb"[\s/>]", xml))
    return count


def _column_number(letters: bytes) -> int:
    """``b"A"`` -> 1, ``b"xfd"`` -> 16384 (any number of letters)."""
    number = 0
    for letter in letters[:9].upper():
        number = number * 26 + letter - 64
    return number


def _attr(attrs: bytes, name: bytes) -> str | None:
    """An attribute's value, in double or single quotes (as XML allows)."""
    m = re.search(rb"(?:^|\s)" + name + rb"""\s*=\s*(?:"([^"]*)"|'([^']*)')""", attrs)
    return _unquote(m.group(1) if m.group(1) is not None else m.group(2)) if m else None


def _unquote(value: bytes) -> str:
    return unescape(value.decode("utf-8", "replace"))


_REL_TAG = re.compile(rb"<(?:[\w.-]+:)?Relationship\b([^>]*)>")
_SHEET_TAG = re.compile(rb"<(?:[\w.-]+:)?sheet\b([^>]*)>")
_RID_ATTR = re.compile(rb"""\s[\w.-]+:id\s*=\s*(?:"([^"]*)"|'([^']*)')""")
# A cell's or a row's reference (``r="B12"``, ``r='12'``): its letters (none
# for a row) and digits.
_REF = re.compile(rb"""\s(?:[\w.-]+:)?r\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_REF_VALUE = re.compile(rb"\s*\$?([A-Za-z]*)\$?([0-9]*)\s*")
_TARGET_ATTR = re.compile(rb"""\sTarget\s*=\s*(?:"[^"]*"|'[^']*')""")
# A row or cell tag not followed by its reference (as " r=")
_UNUSUAL_TAG = re.compile(rb'<(?:row|c)(?:[\t\n\r/>]| (?!r="))')
_ROW_START = re.compile(rb"<(?:[\w.-]+:)?row[\s/>]")

_DEFINED_NAME = re.compile(
    rb"<(?:[\w.-]+:)?definedName\b([^>]*)>([^<]*)</(?:[\w.-]+:)?definedName>")
