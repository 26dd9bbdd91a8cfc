"""The xlsx package: a zip archive, checked before anything reads it.

Anything that is not an xlsx package (a CSV or an .xls renamed .xlsx, an
encrypted file, a truncated zip, an .xlsb or .ods) is refused in a TD's
words, and so is an archive that would take more memory than any workbook
does (a zip bomb, honest or lying about its sizes; millions of parts) or a
part whose XML declares a document type (entity bombs and external
entities need one; xlsx parts never have one).

zipfile reads the archive.  Every part is inflated once, never past its
declared size, its CRC compared, into a copy of the archive whose parts
are stored uncompressed: python-calamine reads that copy
(:attr:`Package.unpacked`), so nothing is inflated twice.  The parts and
the copy are held in memory while the workbook is read: about twice its
unpacked size (at most :data:`MAX_UNPACKED` each).
"""

from __future__ import annotations

import io
import posixpath
import re
import struct
import zipfile
import zlib
from collections.abc import Collection
from html import unescape

from dipxl.errors import InputError
from dipxl.io.cells import Cells, parse_ref, scan_cells
from dipxl.workbook.a1 import column_letter

__all__ = ["MAX_CELLS", "MAX_PARTS", "MAX_RATIO", "MAX_UNPACKED", "PROLOG_LIMIT", "Package",
           "sheet_ref"]

# Refuse packages that claim to unpack to more than this (a zip bomb, or far
# more than any tournament): the 10,000-row benchmark workbook is ~2 MiB, a
# generated 1,000-player 7-round workbook ~19 MiB (the biggest `dipxl new`
# makes, 14,000 players, ~270 MiB).
MAX_UNPACKED = 512 << 20
# A part over 1 MiB that claims to inflate more than this many times its
# stored size is a bomb: real sheets compress about 10:1, deflate's limit is
# about 1000:1.
MAX_RATIO = 100
MAX_PARTS = 10_000  # a workbook has tens of parts; a zip of millions is a memory bomb
# An XML part's prolog (declaration, comments) must end within this many
# bytes: the document type declaration (DTD) that entity bombs need sits there.
PROLOG_LIMIT = 64 << 10
# python-calamine holds a sheet as a dense grid from A1 to its last used cell:
# one stray value at XFD1048576 would ask for gigabytes and abort the process.
MAX_CELLS = 20_000_000

_CHUNK = 1 << 20  # parts are inflated this much at a time
_WORKBOOK = "xl/workbook.xml"
_WORKBOOK_RELS = "xl/_rels/workbook.xml.rels"
_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_ZIP = b"PK\x03\x04"
_EMPTY_ZIP = b"PK\x05\x06"
_END_RECORD = b"PK\x05\x06"
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
        if sum(i.file_size for i in infos) > MAX_UNPACKED:
            raise InputError(
                f"the workbook unpacks to more than {MAX_UNPACKED >> 20} MiB; refusing to read it"
                " (a zip bomb?)"
            )
        for info in infos:
            if info.file_size > 1 << 20 and info.file_size > MAX_RATIO * info.compress_size:
                raise InputError(
                    f"the workbook's part {info.filename} inflates {info.compress_size:,} bytes "
                    f"to {info.file_size:,}, more than {MAX_RATIO} times (spreadsheet XML "
                    "compresses about 10 times): a zip bomb? Refusing to read it"
                )
        # Every part, inflated once; a name given twice: the last, as zipfile reads it.
        self._contents = {info.filename: _inflate(archive, info) for info in infos}
        copy = io.BytesIO()
        with zipfile.ZipFile(copy, "w", zipfile.ZIP_STORED) as stored:
            for name, content in self._contents.items():
                stored.writestr(zipfile.ZipInfo(name), content)
        self.unpacked = copy.getvalue()
        """The archive with every part checked and stored uncompressed."""
        self.parts = self._sheet_parts()
        """Sheet name -> its XML part."""
        self._cells: dict[tuple[str, frozenset[int] | None], Cells] = {}

    def part(self, name: str) -> bytes:
        """A part's bytes (inflated when the package was checked)."""
        try:
            return self._contents[name]
        except KeyError:
            raise InputError(f"the workbook is damaged: {name} is missing") from None

    def _sheet_parts(self) -> dict[str, str]:
        """Sheet name -> XML part, from workbook.xml and its relationships
        (small parts, read with regular expressions: no entity is expanded)."""
        targets: dict[str, str] = {}
        for attrs in _REL_TAG.findall(self.part(_WORKBOOK_RELS)):
            rel_id, target = _attr(attrs, b"Id"), _attr(attrs, b"Target")
            if rel_id is not None and target:
                targets[rel_id] = target
        parts: dict[str, str] = {}
        for attrs in _SHEET_TAG.findall(self.part(_WORKBOOK)):
            name = _attr(attrs, b"name")
            rel = _RID_ATTR.search(attrs)
            target = targets.get(unescape(rel.group(1).decode("utf-8", "replace"))) if rel else None
            if name is None or not target:
                continue
            part = target.lstrip("/") if target.startswith("/") else f"xl/{target}"
            parts[name] = posixpath.normpath(part)
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

    def check_extent(self, sheet: str) -> None:
        """Refuse a sheet whose used range (A1 to its last cell) is too big to
        load as a grid; the ``<dimension>`` element at the head of the sheet
        says it (without one, the cell references are searched)."""
        part = self.parts.get(sheet)
        if part is None:
            return
        found = _DIMENSION.search(self.part(part)[:4096])
        if found is not None:
            last = parse_ref(found.group(1).decode("ascii", "replace").split(":")[-1])
        else:
            refs = [parse_ref(r.decode("ascii")) for r in _R_ATTR.findall(self.part(part))]
            last = (max((r[0] for r in refs if r), default=0),
                    max((r[1] for r in refs if r), default=0))
        if last is not None and last[0] * (last[1] + 1) > MAX_CELLS:
            span = f"A1:{column_letter(last[1] + 1)}{last[0]}"
            raise InputError(
                f"the sheet's used range {span} holds {last[0] * (last[1] + 1):,} cells, "
                f"more than dipxl reads ({MAX_CELLS:,}): is there a stray value far "
                "below or right of the table? Delete those rows and columns",
                sheet_ref(sheet),
            )

    def cells(self, sheet: str, columns: Collection[int] | None = None) -> Cells:
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
        return self.cells(sheet, columns).formulas_in(columns, after_row)

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


def _inflate(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    """One part, inflated in chunks never past its declared size (zipfile
    stops there and compares the CRC at the end; one unbounded read would
    inflate a lying part's whole stream at once); an XML part's prolog is
    checked for a DTD before the rest is inflated."""
    xml = info.filename.lower().endswith((".xml", ".rels", ".vml"))
    try:
        with archive.open(info) as part:
            chunks = [part.read(PROLOG_LIMIT + 1 if xml else _CHUNK)]
            if xml:
                check_prolog(chunks[0], info.filename)
            while chunks[-1]:
                chunks.append(part.read(_CHUNK))
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


def _attr(attrs: bytes, name: bytes) -> str | None:
    m = re.search(rb"(?:^|\s)" + name + rb'\s*=\s*"([^"]*)"', attrs)
    return unescape(m.group(1).decode("utf-8", "replace")) if m else None


_DIMENSION = re.compile(rb'<(?:[\w.-]+:)?dimension\s+ref\s*=\s*"([^"]+)"')
_REL_TAG = re.compile(rb"<(?:[\w.-]+:)?Relationship\b([^>]*)>")
_SHEET_TAG = re.compile(rb"<(?:[\w.-]+:)?sheet\b([^>]*)>")
_DEFINED_NAME = re.compile(
    rb"<(?:[\w.-]+:)?definedName\b([^>]*)>([^<]*)</(?:[\w.-]+:)?definedName>")
_RID_ATTR = re.compile(rb'\s[\w.-]+:id\s*=\s*"([^"]*)"')
_R_ATTR = re.compile(rb'\sr\s*=\s*"(\$?[A-Za-z]{1,3}\$?[0-9]+)"')
