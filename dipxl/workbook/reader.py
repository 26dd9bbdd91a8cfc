"""Reading a saved workbook into a tournament (and its Settings, if any).

What is read: the results sheet, found by its header row (``Round``,
``Board``, ``Power``, ``Player``, ``Centres`` and optionally ``Eliminated``
and ``Draw``, or their synonyms of :mod:`dipxl.workbook.layout`) within the
first rows of a sheet named ``Results`` or else of any sheet; other columns,
their order, blank rows and a title above the header do not matter.  A
``Settings`` sheet in the layout's format gives the system, its parameters
and the title.

Only input cells are read.  Values come from python-calamine (the fastest
reader here; it returns cached values), and a second, cheap pass over the
sheet's XML finds the cells that hold formulas: a formula in an input cell
is an error naming the cell, so a cached formula result is never taken as
data.

The file is read once into memory and never opened for writing.  Anything
that is not an xlsx package (a CSV or an .xls renamed .xlsx, an encrypted
file, a truncated zip, a workbook without a results sheet) is an
:class:`~dipxl.errors.InputError` that names the file, and errors in the
data name the file, sheet and cell:
``spring.xlsx: Results!E14: centres must be a whole number 0-34, got "12a"``.
"""

from __future__ import annotations

import io
import posixpath
import re
import struct
import zipfile
import zlib
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from html import unescape
from pathlib import Path
from typing import Any, NamedTuple

import python_calamine
from defusedxml import ElementTree  # type: ignore[import-untyped]  # no stubs shipped

from dipxl.errors import DipxlError, InputError
from dipxl.fields import FIELDS, REQUIRED, header_columns
from dipxl.fileio import read_input
from dipxl.model import Tournament
from dipxl.rows import Rows, tournament_from_rows
from dipxl.systems import System
from dipxl.workbook.layout import INPUT_HEADERS, SETTINGS_HEADER, SHEETS
from dipxl.workbook.layout import system_from_settings as _system_from_settings
from dipxl.workbook.xlsx import column_letter

__all__ = ["HEADER_ROWS", "WorkbookInput", "read_workbook", "read_workbook_bytes"]

HEADER_ROWS = 20  # the header row is looked for in this many first rows
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
_END_RECORD = b"PK\x05\x06"
_CHUNK = 1 << 20  # parts are checked by inflating this much at a time
# Parts read again after the check (the workbook, its relationships, the
# Results and Settings sheets) are kept from it when no bigger than this.
_KEEP_LIMIT = 64 << 20
# Zip flags zipfile refuses or handles specially: encrypted (bit 0),
# compressed patched data (bit 5), strong encryption (bit 6).
_UNUSUAL_FLAGS = 0x1 | 0x20 | 0x40
_WORKBOOK = "xl/workbook.xml"
_WORKBOOK_RELS = "xl/_rels/workbook.xml.rels"
# An XML part's prolog (declaration, comments) must end within this many
# bytes: the document type declaration (DTD) that entity bombs need sits there.
PROLOG_LIMIT = 64 << 10
# python-calamine holds a sheet as a dense grid from A1 to its last used cell:
# one stray value at XFD1048576 would ask for gigabytes and abort the process.
MAX_CELLS = 20_000_000
_TITLES = dict(zip(FIELDS, INPUT_HEADERS, strict=True))

_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_ZIP = b"PK\x03\x04"
_EMPTY_ZIP = b"PK\x05\x06"
_REF = re.compile(r"^\$?([A-Za-z]{1,3})\$?([0-9]+)$")


@dataclass(frozen=True)
class WorkbookInput:
    """What a workbook holds: its tournament, where it was found, and the
    system, parameter overrides and title of its Settings sheet (``system``
    is None when the workbook has no Settings sheet naming one), and
    ``params``: the system's parameters with those overrides, built and
    checked once, when the workbook is read (None without a system)."""

    tournament: Tournament
    sheet: str
    header_row: int
    title: str
    system: System | None = None
    overrides: Mapping[str, Any] = field(default_factory=dict)
    params: Any = None


def read_workbook(path: Path, label: str | None = None) -> WorkbookInput:
    """Read the workbook at ``path``; every error is prefixed with ``label``
    (default: the file name)."""
    path = Path(path)
    name = label if label is not None else path.name
    return read_workbook_bytes(read_input(path, name), name, default_title=path.stem)


def read_workbook_bytes(data: bytes, label: str = "", default_title: str = "") -> WorkbookInput:
    """Read a workbook from its bytes; errors are prefixed with ``label``."""
    try:
        return _Reader(data).read(default_title)
    except DipxlError as err:
        raise err.located(label) if label else err from None


# ---------------------------------------------------------------- the package


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


class _Entry(NamedTuple):
    """What the reader needs of one record of a zip archive's central
    directory (the attributes of :class:`zipfile.ZipInfo` it reads)."""

    position: int  # the record's place in the directory (zipfile's infolist order)
    filename: str
    flag_bits: int
    compress_type: int
    CRC: int
    compress_size: int
    file_size: int
    header_offset: int

    @property
    def orig_filename(self) -> str:
        return self.filename  # no NUL in it: zipfile would cut the name there


_Member = zipfile.ZipInfo | _Entry
_CENTRAL = struct.Struct("<4s4B4HL2L5H2L")  # a central directory record, as zipfile reads it
_CENTRAL_SIGNATURE = b"PK\x01\x02"
_ZIP64_LOCATOR = b"PK\x06\x07"
_MAX_VERSION = 63  # zipfile refuses members that need a later version


def _directory(data: bytes) -> list[_Entry] | None:
    """The central directory of the usual archive (one disk, no comment,
    no ZIP64, no extra fields, nothing before or between its parts and
    records), read as zipfile reads it; None for any other archive, which
    zipfile then reads (and refuses in its own words)."""
    end = len(data) - 22
    if end < 20 or data[end : end + 4] != _END_RECORD:
        return None
    if data[end - 20 : end - 16] == _ZIP64_LOCATOR:
        return None
    disk, first, here, total, size, offset, comment = struct.unpack_from("<4H2LH", data, end + 4)
    if disk or first or here != total or comment or offset + size != end:
        return None
    entries = []
    pos = offset
    for index in range(total):
        if data[pos : pos + 4] != _CENTRAL_SIGNATURE:
            return None
        (_, _, _, version, _, flags, method, _, _, crc, packed, unpacked, name_len, extra_len,
         comment_len, disk_start, _, _, header) = _CENTRAL.unpack_from(data, pos)
        if version > _MAX_VERSION or disk_start or extra_len \
                or 0xFFFFFFFF in (packed, unpacked, header):
            return None  # (zipfile checks extra fields, and says what is wrong with one)
        start = pos + _CENTRAL.size
        try:
            name = data[start : start + name_len].decode("utf-8" if flags & 0x800 else "cp437")
        except UnicodeDecodeError:
            return None
        if "\0" in name:
            return None
        entries.append(_Entry(index, name, flags, method, crc, packed, unpacked, header))
        pos = start + name_len + extra_len + comment_len
    return entries if pos == end else None


def _wanted_parts(parts: Mapping[str, str]) -> set[str]:
    """The XML parts of the sheets a workbook is read from: its Settings
    sheet and its Results sheet (else the first other sheet, where the
    header is looked for first)."""
    settings, results = SHEETS["settings"].lower(), SHEETS["results"].lower()
    others = [n for n in parts if n.lower() != settings]
    named = [parts[n] for n in parts if n.lower() in (settings, results)]
    if not any(n.lower() == results for n in others):
        named += [parts[n] for n in others[:1]]
    return set(named)


class _Package:
    """The zip container: checked, with the sheet name -> XML part map.

    Every part is inflated once here, never past its declared size, and its
    CRC compared, before anything else reads the file; the parts read again
    later (the workbook, its relationships, the Results and Settings
    sheets) are kept from that one inflation.
    """

    def __init__(self, data: bytes) -> None:
        _refuse_non_xlsx(data)
        _refuse_big_directory(data)
        self.data = data
        self._zip: zipfile.ZipFile | None = None
        # The usual archive's directory is read here; anything else by zipfile.
        infos: Sequence[_Member] | None = _directory(data)
        if infos is None:
            infos = self.zip.infolist()
        names = {i.filename for i in infos}
        if "xl/workbook.xml" not in names:
            if "xl/workbook.bin" in names:
                raise InputError(
                    "this is a binary workbook (.xlsb), not an xlsx workbook: save it as .xlsx"
                )
            if "content.xml" in names and "mimetype" in names:
                raise InputError(
                    "this is an OpenDocument spreadsheet (.ods), not an xlsx workbook: "
                    "save it as .xlsx"
                )
            raise InputError("this zip archive is not an xlsx workbook (no xl/workbook.xml)")
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
        self.kept: dict[str, bytes] = {}  # checked parts read again later
        by_name = {i.filename: i for i in infos}
        keep = {_WORKBOOK, _WORKBOOK_RELS}
        # The workbook and its relationships first (checked like any part; a
        # bad one is reported below, in its turn): they say which sheets to keep.
        done: list[_Member] = []
        for name in keep & by_name.keys():
            try:
                if self._inflate(by_name[name], keep=True):
                    done.append(by_name[name])
            except InputError:
                pass
        parts = self._sheet_parts() if keep <= self.kept.keys() else None
        if parts is not None:
            keep |= _wanted_parts(parts)
        for info in infos:
            if any(info is d for d in done):
                continue
            if not self._inflate(info, keep=info.filename in keep):
                self._check_member(info)  # the slow way, which says what is wrong
        self.parts = parts if parts is not None else self._sheet_parts()

    @property
    def zip(self) -> zipfile.ZipFile:
        """The archive as zipfile reads it, opened when first needed (an
        unusual directory, a member read the slow way)."""
        if self._zip is None:
            try:
                self._zip = zipfile.ZipFile(io.BytesIO(self.data))
            # NotImplementedError: a zip version zipfile does not know
            except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError) as err:
                raise InputError(
                    f"the workbook is damaged or truncated (not a readable zip archive: {err})"
                ) from None
        return self._zip

    def _inflate(self, info: _Member, *, keep: bool) -> bool:
        """Check one member straight from the archive's bytes: inflate it,
        never past its declared size, compare its size and CRC, and refuse a
        DTD in an XML part (xlsx parts never have one; entity bombs and
        external entities need one).  False when anything is unusual (an
        encrypted member, another compression method, a size or CRC that
        differs, a damaged stream): :meth:`_check_member` then says what."""
        if info.flag_bits & _UNUSUAL_FLAGS or info.compress_type not in (0, 8):
            return False
        data, offset = self.data, info.header_offset
        if data[offset : offset + 4] != _ZIP or len(data) < offset + 30:
            return False
        name_len, extra_len = struct.unpack_from("<HH", data, offset + 26)
        start = offset + 30 + name_len + extra_len
        local_flags = struct.unpack_from("<H", data, offset + 6)[0]
        local_name = data[offset + 30 : offset + 30 + name_len]
        try:
            if local_name.decode("utf-8" if local_flags & 0x800 else "cp437") != info.orig_filename:
                return False
        except UnicodeDecodeError:
            return False
        end = start + info.compress_size
        size = info.file_size
        if end > len(data):
            return False
        payload = memoryview(data)[start:end]
        xml = info.filename.lower().endswith((".xml", ".rels", ".vml"))
        if info.compress_type == 0:
            if info.compress_size != size:
                return False
            keep = keep and size <= _KEEP_LIMIT
            out = bytes(payload if keep else payload[: PROLOG_LIMIT + 1])
            crc = zlib.crc32(payload)
        elif keep and size <= _KEEP_LIMIT:
            try:
                out = zlib.decompressobj(-15).decompress(payload, size + 1)
            except zlib.error:
                return False
            if len(out) != size:
                return False
            crc = zlib.crc32(out)
        else:  # in chunks: memory stays small whatever the part holds
            keep = False
            inflater = zlib.decompressobj(-15)
            crc, total, out = 0, 0, b""
            rest: bytes | memoryview = payload
            try:
                while True:
                    chunk = inflater.decompress(rest, _CHUNK)
                    if not total:
                        out = chunk[: PROLOG_LIMIT + 1]
                    total += len(chunk)
                    if total > size:
                        return False
                    crc = zlib.crc32(chunk, crc)
                    rest = inflater.unconsumed_tail
                    if inflater.eof or not chunk:
                        break
            except zlib.error:
                return False
            if total != size:
                return False
        if crc != info.CRC:
            return False
        if xml:
            _check_prolog(out[: PROLOG_LIMIT + 1], info.filename)
        if keep:
            self.kept[info.filename] = out
        return True

    def _check_member(self, member: _Member) -> None:
        """Inflate one member in chunks, never past its declared size (a
        member that holds more, or whose CRC differs, is refused before
        anything else reads it), and refuse a DTD in an XML part: xlsx parts
        never have one, and entity bombs and external entities need one."""
        info = self.zip.infolist()[member.position] if isinstance(member, _Entry) else member
        xml = info.filename.lower().endswith((".xml", ".rels", ".vml"))
        try:
            with self.zip.open(info) as fh:
                head = fh.read(PROLOG_LIMIT + 1 if xml else _CHUNK)
                if xml:
                    _check_prolog(head, info.filename)
                # zipfile stops at the declared size and checks the CRC at the end.
                while fh.read(_CHUNK):
                    pass
        except InputError:
            raise
        except NotImplementedError as err:  # compression methods zipfile lacks
            raise InputError(f"the workbook is damaged: {info.filename}: {err}") from None
        except RuntimeError:  # zipfile: "... is encrypted, password required"
            raise InputError(
                f"the workbook is damaged: its part {info.filename} is encrypted with a zip "
                "password (Excel never does that): refusing to read it"
            ) from None
        except (zipfile.BadZipFile, OSError, EOFError, ValueError, zlib.error) as err:
            raise InputError(
                f"the workbook is damaged: {info.filename}: {err} (a tampered or "
                "truncated file, or a zip bomb whose headers understate its size)"
            ) from None

    def _part(self, name: str) -> bytes:
        if name in self.kept:
            return self.kept[name]
        try:
            return self.zip.read(name)
        except KeyError:
            raise InputError(f"the workbook is damaged: {name} is missing") from None
        except (zipfile.BadZipFile, OSError, EOFError, ValueError) as err:
            raise InputError(f"the workbook is damaged: {name}: {err}") from None

    def _sheet_parts(self) -> dict[str, str]:
        """Sheet name -> XML part, from workbook.xml and its relationships
        (small parts, read with regular expressions: no entity is expanded)."""
        targets: dict[str, str] = {}
        for attrs in _REL_TAG.findall(self._part(_WORKBOOK_RELS)):
            rel_id, target = _battr(attrs, b"Id"), _battr(attrs, b"Target")
            if rel_id is not None and target:
                targets[rel_id] = target
        parts: dict[str, str] = {}
        for attrs in _SHEET_TAG.findall(self._part(_WORKBOOK)):
            name = _battr(attrs, b"name")
            rel = _RID_ATTR.search(attrs)
            target = targets.get(unescape(rel.group(1).decode("utf-8", "replace"))) if rel else None
            if name is None or not target:
                continue
            part = target.lstrip("/") if target.startswith("/") else f"xl/{target}"
            parts[name] = posixpath.normpath(part)
        return parts

    def check_extent(self, sheet: str) -> None:
        """Refuse a sheet whose used range (A1 to its last cell) is too big to
        load as a grid; the ``<dimension>`` element at the head of the sheet
        says it (without one, the cell references are scanned)."""
        part = self.parts.get(sheet)
        if part is None:
            return
        try:
            if part in self.kept:
                head = self.kept[part][:4096]
            else:
                with self.zip.open(part) as fh:
                    head = fh.read(4096)
        except (KeyError, zipfile.BadZipFile, OSError, EOFError, ValueError) as err:
            raise InputError(f"the workbook is damaged: {part}: {err}") from None
        found = _DIMENSION.search(head)
        if found is not None:
            last = _parse_ref(found.group(1).decode("ascii", "replace").split(":")[-1])
        else:
            xml = self._part(part)
            refs = _R_ATTR.findall(xml)
            rows = max((int(r) for _, r in refs), default=0)
            cols = max((_column_index(c) for c, _ in refs), default=0)
            last = (rows, cols)
        if last is not None and last[0] * (last[1] + 1) > MAX_CELLS:
            span = f"A1:{column_letter(last[1])}{last[0]}"
            raise InputError(
                f"the sheet's used range {span} holds {last[0] * (last[1] + 1):,} cells, "
                f"more than dipxl reads ({MAX_CELLS:,}): is there a stray value far "
                "below or right of the table? Delete those rows and columns",
                _sheet_ref(sheet),
            )

    def error_cells(
        self, sheet: str, columns: Collection[int], after_row: int = 0
    ) -> dict[tuple[int, int], str]:
        """(row, column) -> error text of the cells of ``sheet`` in ``columns``
        below ``after_row`` that hold an error value (``#N/A``, ``#DIV/0!``
        ...), which python-calamine reads as empty cells."""
        part = self.parts.get(sheet)
        if part is None:
            raise InputError(f"the workbook is damaged: no XML part for sheet {sheet!r}")
        xml = self._part(part)
        found = _error_cells(xml)
        if found is None:
            found = _error_cells_slow(xml)
        return {(r, c): text for (r, c), text in found.items() if r > after_row and c in columns}

    def formula_cells(
        self, sheet: str, columns: Collection[int] | None = None, after_row: int = 0
    ) -> dict[tuple[int, int], str]:
        """(row, column) -> formula text of the cells of ``sheet`` that hold a
        formula (1-based row, 0-based column), only those in ``columns`` (all
        when None) below ``after_row``."""
        part = self.parts.get(sheet)
        if part is None:
            raise InputError(f"the workbook is damaged: no XML part for sheet {sheet!r}")
        xml = self._part(part)
        plain = _plain_markup(xml)
        if plain and b"<f" not in xml:
            return {}  # no formula at all (each starts "<f")
        if plain and columns is not None and _no_formula_in(xml, columns):
            return {}  # formulas, none in a column read
        found = _plain_formula_cells(xml, columns, after_row) if plain else None
        if found is None:
            found = _formula_cells_slow(xml)
        return {
            (r, c): text
            for (r, c), text in found.items()
            if r > after_row and (columns is None or c in columns)
        }


def _plain_markup(xml: bytes) -> bool:
    """Whether every ``<`` of a sheet's XML after its declaration starts a
    tag without a namespace prefix for a cell or formula: text in UTF-8 (or
    ASCII), no comment, CDATA section or processing instruction (which may
    hold text that looks like a cell), no ``x:c`` or ``x:f`` tag (which
    calamine reads as cells and formulas).  Only then can the formulas be
    found by searching the bytes; anything else is parsed as XML."""
    body = xml.find(b"<", xml.find(b"?>") + 2 if xml.startswith(b"<?xml") else 0)
    if body < 0 or b"\0" in xml[: body + 64]:
        return False  # UTF-16 (or no markup at all)
    return not (
        _after_lt(xml, b"!", 0)
        or _after_lt(xml, b"?", body)
        or _prefixed_cell_or_f(xml)
    )


def _prefixed_cell_or_f(xml: bytes) -> bool:
    """Whether a cell or formula tag has a namespace prefix (``<x:c``); the
    colons are found by a search for them alone (see :func:`_after_lt`)."""
    pos = xml.find(b":")
    while pos >= 0:
        if xml[pos + 1 : pos + 2] in (b"c", b"f") and _PREFIXED_CELL_OR_F.match(
            xml, xml.rfind(b"<", 0, pos)
        ):
            return True
        pos = xml.find(b":", pos + 1)
    return False


def _after_lt(xml: bytes, mark: bytes, start: int) -> bool:
    """Whether ``"<" + mark`` occurs in ``xml`` from ``start``; ``mark`` is a
    byte rare in a sheet (``!``, ``?``), found by a search for it alone,
    which is many times faster than one for two bytes that start with "<"."""
    pos = xml.find(mark, start)
    while pos >= 0:
        if pos > start and xml[pos - 1] == 60:  # "<"
            return True
        pos = xml.find(mark, pos + 1)
    return False


def _no_formula_in(xml: bytes, columns: Collection[int]) -> bool:
    """Whether a sheet of plain markup (see :func:`_plain_markup`) certainly
    has no formula in ``columns``: every formula is written as the usual
    writers write it, first in a cell whose tag opens with its ``r``
    reference, in another column, and none is an array formula (which
    covers other cells).  Searches over the bytes reversed, so that each
    starts at a formula tag (a rare pair of bytes) and reads its cell's
    reference from there: first for a formula tag with attributes or one
    in a column read (none: no array formula either, which needs
    attributes), else, when no array formula is there, for a formula tag
    in a column read.  False sends the sheet the per-formula way
    (:func:`_plain_formula_cells`)."""
    if b"'" in xml or (b"&" in xml and b"&#" in xml):  # "&" alone is found much faster
        return False  # a quoted '<c r="H9"' or an encoded "array" must be parsed
    letters = frozenset(column_letter(c) for c in columns)
    patterns = _OTHER_FORMULAS.get(letters)
    if patterns is None:
        if len(_OTHER_FORMULAS) > 64:
            _OTHER_FORMULAS.clear()
        wanted = b"|".join(sorted(c.encode()[::-1] for c in letters))
        # The cell's other attributes, reversed ('"1"=s '): short names, none
        # an r (calamine would take a second r).
        elsewhere = (rb'(?!>(?:"[^"<>]*"=(?:[a-qs-z]|[a-z]{2,3})\s+)*"[0-9]+(?!(?:' + wanted
                     + rb')"=r c<)[A-Z]{1,3}"=r c<)')
        patterns = _OTHER_FORMULAS[letters] = (
            re.compile(rb"f<(?:(?<=\sf<)|(?<=[>/]f<)" + elsewhere + rb")"),
            re.compile(rb"f<(?<=[\s>/]f<)" + elsewhere),
        )
    plain, any_kind = patterns
    backwards = xml[::-1]
    if plain.search(backwards) is None:
        return True
    if b'"array"' in xml or b'"dataTable"' in xml:
        return False
    return any_kind.search(backwards) is None


def _plain_formula_cells(
    xml: bytes, columns: Collection[int] | None, after_row: int
) -> dict[tuple[int, int], str] | None:
    """The formula cells of a sheet of plain markup (see
    :func:`_plain_markup`): each ``<f`` element belongs to the nearest cell
    tag before it, wherever it stands in the cell.  None when such a cell
    has no ``r`` reference (the cells must then be counted)."""
    found: dict[tuple[int, int], str] = {}
    # Column initials of the cells passed over: a cell whose r="..." is its
    # first attribute and starts with one of these is in no column wanted.
    others = (
        frozenset(range(ord("A"), ord("Z") + 1))
        - {ord(column_letter(c)[0]) for c in columns}
        if columns is not None
        else frozenset()
    )
    start, searched = -1, 0
    pos = xml.find(b"<f")
    while pos >= 0:
        if xml[pos + 2 : pos + 3] not in _AFTER_TAG:  # <filterColumn ...: not a formula
            pos = xml.find(b"<f", pos + 2)
            continue
        # The cell tag before it ("<c " or "<c>" ..., not "<col"), looked for
        # back to the previous formula only: each byte is searched once.
        cell = xml.rfind(b"<c", max(searched, pos - 64), pos)  # most cell tags are short
        if cell < 0:
            cell = xml.rfind(b"<c", searched, pos)
        while cell >= 0 and xml[cell + 2 : cell + 3] not in _AFTER_TAG:
            cell = xml.rfind(b"<c", searched, cell)
        if cell >= 0:
            start = cell
        searched = pos
        tag_end = xml.find(b">", pos)
        if tag_end < 0:
            break
        f_attrs = xml[pos + 2 : tag_end]
        cell_attrs = xml[start + 2 : xml.find(b">", start)] if start >= 0 else b""
        if start < 0:
            pass  # before any cell: not in one
        elif xml.startswith(b' r="', start + 2) and xml[start + 6] in others \
                and b"t" not in f_attrs and b"&" not in f_attrs and _simple_attrs(cell_attrs):
            pass  # a formula in a column not read, not an array spanning others
        else:
            ref = _R_ATTR.search(cell_attrs)
            if ref is None or not (_simple_attrs(cell_attrs) and _simple_attrs(f_attrs)):
                return None
            _note(found, xml, ref, f_attrs.rstrip(b"/"), tag_end + 1, columns, after_row)
        pos = xml.find(b"<f", tag_end)
    return found


def _simple_attrs(attrs: bytes) -> bool:
    """Whether a tag's attributes (up to its first ``>``) are all in double
    quotes, none holding a ``>``, none written with a character reference
    (``t="&#97;rray"``), and at most one is an ``r`` (calamine takes the last
    of two): then what looks like an attribute is the one that counts."""
    return (
        b"'" not in attrs
        and b"&" not in attrs
        and attrs.count(b'"') % 2 == 0
        and len(_R_NAMES.findall(attrs)) <= 1
    )


def _error_cells(xml: bytes) -> dict[tuple[int, int], str] | None:
    """(row, column) -> error text (``#N/A``) of the cells of a sheet that hold
    an error value (``t="e"``); None when a cell omits its reference."""
    found: dict[tuple[int, int], str] = {}
    # Each match of _ANY_ERROR holds "e" between quotes: look for those first.
    if not (
        b'"e"' in xml or (b"'" in xml and (b"'e'" in xml or b"'e\"" in xml or b"\"e'" in xml))
    ) or not _ANY_ERROR.search(xml):
        return found
    for match in _ERROR_CELL.finditer(xml):
        ref = _R_ANY_QUOTE.search(match.group(1))
        if ref is None:
            return None
        value = _V_TEXT.search(match.group(2) or b"")
        text = unescape(value.group(1).decode("utf-8", "replace")).strip() if value else ""
        found[(int(ref.group(2)), _column_index(ref.group(1)))] = text or "#error"
    return found


def _error_cells_slow(xml: bytes) -> dict[tuple[int, int], str]:
    """:func:`_error_cells` for a sheet whose cells omit their reference."""
    found: dict[tuple[int, int], str] = {}
    row_number, col, cell = 0, -1, (0, -1)
    try:
        for event, elem in ElementTree.iterparse(io.BytesIO(xml), events=("start", "end")):
            tag = elem.tag.rpartition("}")[2]
            if event == "start" and tag == "row":
                r = elem.get("r")
                row_number = int(r) if r and r.isdigit() else row_number + 1
                col = -1
            elif event == "start" and tag == "c":
                ref = _parse_ref(elem.get("r") or "")
                cell = ref if ref else (row_number, col + 1)
                col = cell[1]
            elif event == "end" and tag == "c" and elem.get("t") == "e":
                texts = [child.text for child in elem if child.tag.endswith("v")]
                found[cell] = texts[0] if texts and texts[0] else "#error"
    except (ElementTree.ParseError, ValueError) as err:
        raise InputError(
            f"the workbook is damaged: a sheet is not well-formed XML: {err}"
        ) from None
    return found


_ANY_ERROR = re.compile(rb"""\st\s*=\s*["']e["']""")
_ERROR_CELL = re.compile(
    rb"""<(?:[\w.-]+:)?c\b([^>]*?\st\s*=\s*["']e["'][^>]*?)(?:/>|>(.*?)</(?:[\w.-]+:)?c>)""",
    re.S,
)
_R_ANY_QUOTE = re.compile(rb"""\sr\s*=\s*["']\$?([A-Za-z]{1,3})\$?([0-9]+)["']""")
_V_TEXT = re.compile(rb"<(?:[\w.-]+:)?v\b[^>]*>([^<]*)<")


_PROLOG_ITEM = re.compile(rb"\s+|<\?.*?\?>|<!--.*?-->", re.S)
_ROOT_START = re.compile(rb"<[A-Za-z_]")


def _check_prolog(head: bytes, part: str) -> None:
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


_DIMENSION = re.compile(rb'<(?:[\w.-]+:)?dimension\s+ref\s*=\s*"([^"]+)"')
# What may follow a tag's name ("<f" of "<f>", not of "<filterColumn").
_AFTER_TAG = frozenset((b" ", b">", b"/", b"\t", b"\n", b"\r"))
# Per set of column letters, searches in a sheet's bytes reversed for a
# formula tag ("<f" and what may follow a tag's name, reversed) that is not
# the first thing after the tag of a cell of another column that opens with
# its reference (after a self-closed cell it is in no cell at all): one that
# also finds every formula tag with attributes, one for any formula tag.
_OTHER_FORMULAS: dict[frozenset[str], tuple[re.Pattern[bytes], re.Pattern[bytes]]] = {}
# A cell or formula tag with a namespace prefix.
_PREFIXED_CELL_OR_F = re.compile(rb"<[\w.-]+:[cf][\s/>]")
_REL_TAG = re.compile(rb"<(?:[\w.-]+:)?Relationship\b([^>]*)>")
_SHEET_TAG = re.compile(rb"<(?:[\w.-]+:)?sheet\b([^>]*)>")
_RID_ATTR = re.compile(rb'\s[\w.-]+:id\s*=\s*"([^"]*)"')
_R_ATTR = re.compile(rb'\sr\s*=\s*"\$?([A-Za-z]{1,3})\$?([0-9]+)"')
_R_NAMES = re.compile(rb"\sr\s*=")
_T_ATTR = re.compile(rb'\st\s*=\s*"([^"]*)"')
_COLUMNS: dict[bytes, int] = {}
_ATTRS: dict[bytes, re.Pattern[bytes]] = {}  # attribute name -> its pattern


def _note(
    found: dict[tuple[int, int], str],
    xml: bytes,
    ref: re.Match[bytes],
    f_attrs: bytes,
    end: int,
    columns: Collection[int] | None,
    after_row: int,
) -> None:
    """Record a formula cell (``ref`` groups 1-2: column letters, row) if it
    is wanted; an array formula marks its whole range."""
    row, col = int(ref.group(2)), _column_index(ref.group(1))
    kind = _T_ATTR.search(f_attrs) if b"t" in f_attrs else None
    if kind is not None and kind.group(1) in (b"array", b"dataTable"):
        text = _formula_text(xml, end)
        for cell in _range_cells(_battr(f_attrs, b"ref")):
            found.setdefault(cell, text)
    elif row > after_row and (columns is None or col in columns):
        found[(row, col)] = _formula_text(xml, end)


def _battr(attrs: bytes, name: bytes) -> str | None:
    pattern = _ATTRS.get(name)
    if pattern is None:
        pattern = _ATTRS[name] = re.compile(rb"(?:^|\s)" + name + rb'\s*=\s*"([^"]*)"')
    m = pattern.search(attrs)
    return unescape(m.group(1).decode("utf-8", "replace")) if m else None


def _column_index(letters: bytes) -> int:
    index = _COLUMNS.get(letters)
    if index is None:
        index = 0
        for ch in letters.upper():
            index = index * 26 + (ch - 64)
        index = _COLUMNS[letters] = index - 1
    return index


def _parse_ref(ref: str) -> tuple[int, int] | None:
    m = _REF.match(ref.strip())
    if not m:
        return None
    col = 0
    for ch in m.group(1).upper():
        col = col * 26 + (ord(ch) - 64)
    return int(m.group(2)), col - 1


def _range_cells(ref: str | None) -> Iterator[tuple[int, int]]:
    if not ref:
        return
    first, _, last = ref.partition(":")
    a, b = _parse_ref(first), _parse_ref(last or first)
    if a is None or b is None:
        return
    for row in range(a[0], min(b[0], a[0] + 1_000_000) + 1):
        for col in range(a[1], b[1] + 1):
            yield row, col


def _formula_text(xml: bytes, start: int) -> str:
    end = xml.find(b"<", start)
    text = xml[start : end if end >= 0 else start + 200][:200].decode("utf-8", "replace")
    text = text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"')
    return "=" + text.replace("&amp;", "&") if text else "(shared formula)"


def _formula_cells_slow(xml: bytes) -> dict[tuple[int, int], str]:
    """Formula cells of a sheet parsed as XML, for what the byte search does
    not read (see :func:`_plain_markup`) and cells that omit their ``r``
    reference (allowed by the standard, rarely written): a cell is where its
    reference says, else after the previous one in its row, as calamine
    places it; a formula counts wherever it stands inside a cell, and an
    array formula marks its whole range."""
    found: dict[tuple[int, int], str] = {}
    row_number, cell, inside = 0, (0, -1), 0
    try:
        for event, elem in ElementTree.iterparse(io.BytesIO(xml), events=("start", "end")):
            tag = elem.tag.rpartition("}")[2]
            if event == "start":
                if tag == "row":
                    r = elem.get("r")
                    row_number = int(r) if r and r.isdigit() else row_number + 1
                    cell = (row_number, -1)
                elif tag == "c":
                    ref = _parse_ref(elem.get("r") or "")
                    cell = ref if ref else (row_number, cell[1] + 1)
                    inside += 1
            elif tag == "c":
                inside -= 1
            elif tag == "f" and inside:
                text = "=" + elem.text if elem.text else "(formula)"
                found[cell] = text
                if elem.get("t") in ("array", "dataTable"):
                    for covered in _range_cells(elem.get("ref")):
                        found.setdefault(covered, text)
    except (ElementTree.ParseError, ValueError) as err:  # defusedxml's refusals are ValueErrors
        raise InputError(
            f"the workbook is damaged: a sheet is not well-formed XML: {err}"
        ) from None
    return found


# ---------------------------------------------------------------- sheets


def _sheet_ref(sheet: str) -> str:
    """``Results`` or ``'My results'`` as in a cell reference."""
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.]*", sheet):
        return sheet
    return "'" + sheet.replace("'", "''") + "'"


def _blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _blank_rows(columns: Sequence[list[Any]]) -> set[int]:
    """Rows (indexes) empty or blank text in every one of ``columns``."""
    blank: Sequence[int] | None = None
    for values in columns:
        kinds = set(map(type, values))
        if str not in kinds and type(None) not in kinds:
            return set()
        blank = [
            i
            for i in (range(len(values)) if blank is None else blank)
            if values[i] is None or (type(values[i]) is str and not values[i].strip())
        ]
        if not blank:
            return set()
    return set(blank or ())


def _as_typed(values: list[Any]) -> list[Any]:
    """Cell values as typed: empty is None, a whole float an int (calamine
    stores every number as a float; "-1" must not read "-1.0")."""
    kinds = set(map(type, values))
    if kinds == {str}:
        if values.count("") == len(values):
            return [None] * len(values)
        return [None if v == "" else v for v in values] if "" in values else values
    if kinds == {float} and all(map(float.is_integer, values)):
        return list(map(int, values))
    return [
        None if v == "" else (int(v) if type(v) is float and v.is_integer() else v)
        for v in values
    ]


def _input_columns(
    header: _Header, rows: Sequence[list[Any]]
) -> tuple[dict[str, list[Any]], Sequence[int]]:
    """The values of each input column below the header as read (``""``
    for an empty cell), without the rows blank in all of them, and the row
    numbers of the rows kept."""
    columns = header.columns
    present = [(f, columns[f]) for f in FIELDS if f in columns]
    last = max(c for _, c in present)
    body = rows[header.row :]
    if body and min(map(len, body)) <= last:
        body = [r if len(r) > last else [*r, *[None] * (last + 1 - len(r))] for r in body]
    raw = [[row[c] for row in body] for _, c in present]
    numbers: Sequence[int] = range(header.row + 1, len(rows) + 1)
    blank = _blank_rows(raw)
    if blank:
        kept = [i for i in range(len(body)) if i not in blank]
        raw = [[values[i] for i in kept] for values in raw]
        numbers = [numbers[i] for i in kept]
    return dict(zip((f for f, _ in present), raw, strict=True)), numbers


def _rows(ref: str, header: _Header, columns: Mapping[str, list[Any]],
          numbers: Sequence[int]) -> Rows:
    """The rows of ``columns`` (values as read; typed here, see
    :func:`_as_typed`), row ``i`` being sheet row ``numbers[i]``, each value
    at its cell; a row is named by its first input cell."""
    letters = {f: f"{ref}!{column_letter(c)}" for f, c in header.columns.items()}
    first = f"{ref}!{column_letter(min(header.columns.values()))}"

    def cell(name: str, i: int) -> str:
        return f"{letters[name]}{numbers[i]}" if name in letters else ""

    typed = {f: _as_typed(values) for f, values in columns.items()}
    return Rows(typed, [f"{first}{n}" for n in numbers], cell)


def _row_place(
    ref: str, header: _Header, rows: Sequence[list[Any]], row: int, unread: Collection[int],
    name: str,
) -> str:
    """Where field ``name`` of sheet row ``row`` (1-based) is, for a refused
    cell: the cell, and the round, board, power and player of the row, the
    cells of columns ``unread`` (formulas, error values: never read) taken
    as blank."""
    values = rows[row - 1] if row <= len(rows) else []
    columns = {
        f: [values[c] if c < len(values) and c not in unread else None]
        for f, c in header.columns.items()
    }
    return _rows(ref, header, columns, (row,)).locate(name, 0)


def _unread(
    ref: str, header: _Header, rows: Sequence[list[Any]], cells: Mapping[tuple[int, int], str],
    holds: str, advice: str,
) -> InputError:
    """The error for input cells never read (formulas, error values:
    ``cells`` maps (row, column) to the text seen): the first of them named,
    the others counted; ``holds`` says what the cell holds (``{}``: the
    text), ``advice`` comes before "enter the value itself"."""
    row, col = min(cells)
    name = next(f for f, c in header.columns.items() if c == col)
    more = f" (and {len(cells) - 1} more input cells)" if len(cells) > 1 else ""
    return InputError(
        f"{_TITLES[name].lower()} holds {holds.format(cells[(row, col)])}{more}; "
        f"{advice}enter the value itself",
        _row_place(ref, header, rows, row, {c for r, c in cells if r == row}, name),
        field=name,
        value=cells[(row, col)],
        cell=f"{ref}!{column_letter(col)}{row}",
    )


@dataclass
class _Header:
    row: int  # 1-based
    columns: dict[str, int]  # field -> 0-based column


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.package = _Package(data)
        try:
            self.book = python_calamine.CalamineWorkbook.from_filelike(io.BytesIO(data))
        except Exception as err:  # calamine's own errors: damaged or unreadable parts
            raise InputError(f"the workbook cannot be read (damaged?): {err}") from None
        self.names: list[str] = list(self.book.sheet_names)
        self.loaded: dict[str, Any] = {}

    def rows(self, sheet: str, nrows: int | None = None) -> list[list[Any]]:
        """Cell values from A1 (``""`` for empty cells); the sheet is parsed once."""
        loaded = self.loaded.get(sheet)
        if loaded is None:
            self.package.check_extent(sheet)
        try:
            if loaded is None:
                loaded = self.loaded[sheet] = self.book.get_sheet_by_name(sheet)
            return list(loaded.to_python(skip_empty_area=False, nrows=nrows))
        except Exception as err:  # calamine's own errors
            raise InputError(f"sheet {sheet!r} cannot be read (damaged?): {err}") from None

    def read(self, default_title: str) -> WorkbookInput:
        if not self.names:
            raise InputError("the workbook has no sheets")
        system, overrides, params, settings_title = self.settings()
        sheet, header, rows = self.results_sheet()
        input_cols = set(header.columns.values())
        formulas = self.package.formula_cells(sheet, input_cols, header.row)
        ref = _sheet_ref(sheet)
        if formulas:
            raise _unread(ref, header, rows, formulas, "a formula ({})",
                          "dipxl reads only typed-in values, never formula results: ")
        errors = self.package.error_cells(sheet, input_cols, header.row)
        if errors:
            raise _unread(ref, header, rows, errors, "the error value {}", "")
        columns, numbers = _input_columns(header, rows)
        if not numbers:
            raise InputError(
                "no results: the sheet has a header row but no result rows below it",
                f"{ref}!A{header.row}",
            )
        title = settings_title or self.title_above(rows, header) or default_title
        tournament = tournament_from_rows(_rows(ref, header, columns, numbers), title)
        return WorkbookInput(tournament, sheet, header.row, title, system, overrides, params)

    # -- results

    def results_sheet(self) -> tuple[str, _Header, list[list[Any]]]:
        wanted = SHEETS["results"].lower()
        order = sorted(
            (n for n in self.names if n.lower() != SHEETS["settings"].lower()),
            key=lambda n: n.lower() != wanted,
        )
        partial: tuple[int, str, int, dict[str, int]] | None = None
        full: list[tuple[str, _Header]] = []
        for sheet in order:
            # The Results sheet is read whole, once; another sheet's first
            # rows only, until it proves to hold the results.
            results = sheet.lower() == wanted
            head = self.rows(sheet) if results else self.rows(sheet, HEADER_ROWS)
            for index, row in enumerate(head[:HEADER_ROWS]):
                columns = header_columns(row)
                if all(f in columns for f in REQUIRED):
                    if results:  # the Results sheet: no other is read
                        return sheet, _Header(index + 1, columns), head
                    full.append((sheet, _Header(index + 1, columns)))
                    break
                count = sum(f in columns for f in REQUIRED)
                if count >= 3 and (partial is None or count > partial[0]):
                    partial = (count, sheet, index + 1, columns)
        if len(full) == 1:
            sheet, header = full[0]
            return sheet, header, self.rows(sheet)
        if full:  # results spread over sheets: reading one would lose the others
            names = ", ".join(repr(n) for n, _ in full)
            sheet, header = full[0]
            raise InputError(
                f"results headers on {len(full)} sheets ({names}): dipxl reads the results "
                "of one sheet; put them all on one sheet, or name the one to read 'Results'",
                f"{_sheet_ref(sheet)}!{column_letter(min(header.columns.values()))}{header.row}",
            )
        if partial is not None:
            _count, sheet, header_row, columns = partial
            missing = [_TITLES[f] for f in REQUIRED if f not in columns]
            have = [_TITLES[f] for f in FIELDS if f in columns]
            first = min(columns.values())
            raise InputError(
                f"missing column(s) {', '.join(missing)}: the header row has "
                f"{', '.join(have)}; a results header needs "
                f"{', '.join(_TITLES[f] for f in REQUIRED)}",
                f"{_sheet_ref(sheet)}!{column_letter(first)}{header_row}",
            )
        sheets = ", ".join(repr(n) for n in self.names)
        raise InputError(
            f"no results found: no sheet ({sheets}) has a header row with "
            f"{', '.join(_TITLES[f] for f in REQUIRED)} in its first {HEADER_ROWS} rows"
        )

    @staticmethod
    def title_above(rows: Sequence[list[Any]], header: _Header) -> str:
        for row in rows[: header.row - 1]:
            for value in row:
                if isinstance(value, str) and value.strip():
                    return " ".join(value.split())
        return ""

    # -- settings

    def settings(self) -> tuple[System | None, dict[str, Any], Any, str]:
        """The system, parameter overrides, parameters (built and checked
        once, here) and title of the Settings sheet; Nones without one."""
        sheet = next((n for n in self.names if n.lower() == SHEETS["settings"].lower()), None)
        if sheet is None:
            return None, {}, None, ""
        rows = self.rows(sheet)
        found = _settings_header(rows)
        if found is None:
            return None, {}, None, ""  # a Settings sheet of another kind: not ours
        header_index, name_col, value_col = found
        ref = _sheet_ref(sheet)
        formulas = self.package.formula_cells(sheet, (value_col,), header_index + 1)
        errors = self.package.error_cells(sheet, (value_col,), header_index + 1)
        entries: list[tuple[object, object, str]] = []
        for i in range(header_index + 1, len(rows)):
            row = rows[i]
            key = row[name_col] if name_col < len(row) else None
            value = row[value_col] if value_col < len(row) else None
            cell = f"{ref}!{column_letter(value_col)}{i + 1}"
            if _blank(key):
                continue
            if (i + 1, value_col) in formulas:
                raise InputError(
                    f"setting {str(key).strip()!r} holds a formula "
                    f"({formulas[(i + 1, value_col)]}); enter the value itself",
                    cell, field=str(key).strip(), value=formulas[(i + 1, value_col)], cell=cell,
                )
            if (i + 1, value_col) in errors:
                raise InputError(
                    f"setting {str(key).strip()!r} holds the error value "
                    f"{errors[(i + 1, value_col)]}; enter the value itself",
                    cell, field=str(key).strip(), value=errors[(i + 1, value_col)], cell=cell,
                )
            entries.append((key, None if value == "" else value, cell))
        if not any(isinstance(k, str) and k.strip().lower() == "system" for k, _, _ in entries):
            return None, {}, None, _plain_title(entries)
        system, overrides, title = _system_from_settings(entries)
        try:
            params = system.make_params(overrides)  # the one build, naming the cell
        except DipxlError as err:
            raise err.moved(_setting_cell(entries, err, ref)) from None
        return system, overrides, params, title


def _setting_cell(entries: Sequence[tuple[object, object, str]], err: DipxlError, ref: str) -> str:
    """The cell of the setting a parameter error is about: the row of its
    ``field``, or for a list parameter (``positions_1``, ``positions_2`` ...)
    the element holding its ``value``.  (A parameter error without a field
    is read the old way: the field is the message's first word, the value
    what follows its last "got ".)"""
    name = err.field
    if name is None:
        named = re.match(r"\w+", err.message)
        if named is None:
            return ref
        name = named.group(0)
    name = name.lower()
    rows = [
        (k.strip().lower(), v, c)
        for k, v, c in entries
        if isinstance(k, str) and re.fullmatch(rf"{re.escape(name)}(?:_[0-9]+)?", k.strip().lower())
    ]
    if not rows:
        return ref
    if err.field is not None:
        for _key, value, cell in rows:
            if value is not None and value == err.value:
                return cell
        return rows[0][2]
    quoted = err.message.rpartition("got ")[2]
    for _key, value, cell in rows:
        if value is not None and (str(value).strip() == quoted or repr(value) == quoted):
            return cell
    return rows[0][2]


def _settings_header(rows: Sequence[list[Any]]) -> tuple[int, int, int] | None:
    """(row index, name column, value column) of the ``Setting | Value`` header."""
    want = [h.lower() for h in SETTINGS_HEADER[:2]]
    for index, row in enumerate(rows[:HEADER_ROWS]):
        texts = [v.strip().lower() if isinstance(v, str) else None for v in row]
        if want[0] in texts and want[1] in texts:
            return index, texts.index(want[0]), texts.index(want[1])
    return None


def _plain_title(entries: Sequence[tuple[object, object, str]]) -> str:
    for key, value, _cell in entries:
        if isinstance(key, str) and key.strip().lower() == "title" and isinstance(value, str):
            return value.strip()
    return ""
