"""Hostile files, built in milliseconds: zip bombs (with honest and with
lying size headers), XML entity bombs in each kind of workbook part, and
files of other kinds named ``.xlsx``.

The zip bombs are written by hand (local headers, central directory, end
record) so the deflate stream can be assembled from one compressed block
repeated: after a full flush a deflate compressor forgets its history, so
compressing the same megabyte again gives the same bytes.  No gigabyte is
ever compressed or even held in memory; the CRC of the whole member is
computed by combining the CRC of one block (zlib's crc32_combine, in
Python).
"""

from __future__ import annotations

import functools
import io
import re
import struct
import zipfile
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from dipxl.examples import worked_games_event
from dipxl.io.limits import HEAD_BYTES
from dipxl.workbook.a1 import column_letter
from dipxl.workbook.demo import results_sheets
from dipxl.workbook.xlsx import write_xlsx

__all__ = [
    "BOMB_PARTS",
    "crc32_combine",
    "csv_long_names",
    "csv_wide_rows",
    "dense",
    "entity_bomb",
    "good_workbook_bytes",
    "heads_not_needed",
    "log_rows",
    "many_parts",
    "odd_member",
    "ods_file",
    "padded",
    "room",
    "sheets",
    "zip_bomb",
]

MiB = 1 << 20


@functools.cache
def good_workbook_bytes() -> bytes:
    """A valid results workbook (the rulebook's boards, C-Diplo) as bytes."""
    buffer = io.BytesIO()
    path = Path("unused")
    sheets = results_sheets(worked_games_event(), "cdiplo")
    # write_xlsx writes to a path; go through a temporary file in memory.
    import tempfile

    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "good.xlsx"
        write_xlsx(path, sheets)
        buffer.write(path.read_bytes())
    return buffer.getvalue()


# ---------------------------------------------------------------- CRC-32


def _gf2_times(matrix: Sequence[int], vector: int) -> int:
    total, i = 0, 0
    while vector:
        if vector & 1:
            total ^= matrix[i]
        vector >>= 1
        i += 1
    return total


def _gf2_square(matrix: Sequence[int]) -> list[int]:
    return [_gf2_times(matrix, row) for row in matrix]


def crc32_combine(crc1: int, crc2: int, len2: int) -> int:
    """CRC-32 of A+B from crc(A), crc(B) and len(B) (zlib's algorithm)."""
    if len2 <= 0:
        return crc1
    odd = [0xEDB88320] + [1 << n for n in range(31)]  # one zero bit
    even = _gf2_square(odd)  # two zero bits
    odd = _gf2_square(even)  # four zero bits
    while True:
        even = _gf2_square(odd)
        if len2 & 1:
            crc1 = _gf2_times(even, crc1)
        len2 >>= 1
        if not len2:
            break
        odd = _gf2_square(even)
        if len2 & 1:
            crc1 = _gf2_times(odd, crc1)
        len2 >>= 1
        if not len2:
            break
    return crc1 ^ crc2


def _crc_repeated(crc: int, length: int, times: int) -> tuple[int, int]:
    """(crc, length) of a block of CRC ``crc`` and ``length`` bytes repeated."""
    total_crc, total_len = 0, 0
    while times:
        if times & 1:
            total_crc = crc32_combine(total_crc, crc, length)
            total_len += length
        crc, length = crc32_combine(crc, crc, length), length * 2
        times >>= 1
    return total_crc, total_len


# ---------------------------------------------------------------- zip files


@dataclass
class _Member:
    name: str
    method: int  # 0 stored, 8 deflated
    payload: bytes  # as stored in the archive
    crc: int
    size: int  # the uncompressed size written in the headers
    flags: int = 0  # bit 0: encrypted


def _raw_zip(members: Sequence[_Member]) -> bytes:
    """A zip archive of members given as raw payloads with their headers'
    claims (which may lie): no checking, no compression here."""
    out = io.BytesIO()
    central = io.BytesIO()
    for m in members:
        offset = out.tell()
        name = m.name.encode()
        header = struct.pack(
            "<IHHHHHIIIHH", 0x04034B50, 20, m.flags, m.method, 0, 0x21,
            m.crc, len(m.payload), m.size, len(name), 0,
        )
        out.write(header + name + m.payload)
        central.write(
            struct.pack(
                "<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, m.flags, m.method, 0, 0x21,
                m.crc, len(m.payload), m.size, len(name), 0, 0, 0, 0, 0o644 << 16, offset,
            )
            + name
        )
    directory = central.getvalue()
    start = out.tell()
    out.write(directory)
    count = min(len(members), 0xFFFF)  # 16 bits; zipfile reads the whole directory anyway
    out.write(struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count, count, len(directory), start, 0))
    return out.getvalue()


def _members_of(data: bytes) -> list[_Member]:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        members = []
        for info in zf.infolist():
            raw = zf.read(info)
            co = zlib.compressobj(6, zlib.DEFLATED, -15)
            members.append(_Member(info.filename, 8, co.compress(raw) + co.flush(),
                                   zlib.crc32(raw), len(raw)))
    return members


SHEET = "xl/worksheets/sheet1.xml"  # the Results sheet of good_workbook_bytes()


def zip_bomb(inflated: int = 3 << 30, *, honest: bool = True, part: str = SHEET) -> bytes:
    """A workbook whose ``part`` inflates to ``inflated`` bytes (default
    3 GiB, under the 4 GiB a zip without ZIP64 can declare) from about
    1/1000 of that: well-formed XML, gigabytes of spaces inside
    ``<sheetData>``.  ``honest``: the headers declare the true size and CRC;
    otherwise they claim the few hundred bytes of a small sheet."""
    head = (b'<?xml version="1.0" encoding="UTF-8"?>\n<worksheet xmlns='
            b'"http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>')
    tail = b"</sheetData></worksheet>"
    block = b" " * MiB
    co = zlib.compressobj(9, zlib.DEFLATED, -15)
    first = co.compress(head) + co.flush(zlib.Z_FULL_FLUSH)
    body = co.compress(block) + co.flush(zlib.Z_FULL_FLUSH)
    again = co.compress(block) + co.flush(zlib.Z_FULL_FLUSH)
    assert body == again, "a full flush must make blocks repeatable"
    last = co.compress(tail) + co.flush()
    times = max(1, (inflated - len(head) - len(tail)) // MiB)
    payload = first + body * times + last
    crc_blocks, len_blocks = _crc_repeated(zlib.crc32(block), MiB, times)
    crc = crc32_combine(zlib.crc32(head), crc_blocks, len_blocks)
    crc = crc32_combine(crc, zlib.crc32(tail), len(tail))
    size = len(head) + len_blocks + len(tail)
    members = [m for m in _members_of(good_workbook_bytes()) if m.name != part]
    if honest:
        bomb = _Member(part, 8, payload, crc, size)
    else:
        small = head + tail
        bomb = _Member(part, 8, payload, zlib.crc32(small), len(small))
    return _raw_zip([*members, bomb])


# ---------------------------------------------------------------- XML bombs

# Parts of a workbook a reader parses, and where in each one the entity goes.
BOMB_PARTS = (
    "xl/workbook.xml",
    "xl/_rels/workbook.xml.rels",
    "[Content_Types].xml",
    "xl/worksheets/sheet1.xml",
    "xl/styles.xml",
)

_LAUGHS = (
    b'<!DOCTYPE lolz [<!ENTITY lol "lol">'
    + b"".join(
        b"<!ENTITY lol%d \"%s\">" % (i, (b"&lol%d;" % (i - 1) if i > 1 else b"&lol;") * 10)
        for i in range(1, 10)
    )
    + b"]>"
)


def entity_bomb(part: str = SHEET, *, external: bool = False) -> bytes:
    """The good workbook with a billion-laughs DTD (10^9 'lol's from a few
    hundred bytes) in ``part`` and its entity used there; ``external``: an
    external entity reading ``/etc/passwd`` instead."""
    members = _members_of(good_workbook_bytes())
    out = []
    for m in members:
        if m.name == part:
            raw = zlib.decompress(m.payload, -15)
            decl_end = raw.find(b"?>") + 2 if raw.startswith(b"<?xml") else 0
            dtd = (b'<!DOCTYPE x [<!ENTITY lol9 SYSTEM "file:///etc/passwd">]>'
                   if external else _LAUGHS)
            body = raw[decl_end:]
            # Use the entity inside the first element's content.
            close = body.find(b">") + 1
            raw = raw[:decl_end] + dtd + body[:close] + b"&lol9;" + body[close:]
            co = zlib.compressobj(6, zlib.DEFLATED, -15)
            m = _Member(m.name, 8, co.compress(raw) + co.flush(), zlib.crc32(raw), len(raw))
        out.append(m)
    return _raw_zip(out)


def many_parts(count: int = 1_000_000) -> bytes:
    """The good workbook plus ``count`` empty stored parts (a central
    directory bomb: about 100 bytes each in the file, an object each in a
    reader that lists them); the end record's 16-bit count says 65535 when
    there are more (zipfile reads them all anyway)."""
    members = _members_of(good_workbook_bytes())
    members += [_Member(f"x/{i}", 0, b"", 0, 0) for i in range(count)]
    return _raw_zip(members)


def odd_member(method: int = 99, flags: int = 0) -> bytes:
    """The good workbook whose Results sheet is stored with compression
    ``method`` (99: AES, which no reader here has) or ``flags`` (1: the
    traditional zip encryption)."""
    members = []
    for m in _members_of(good_workbook_bytes()):
        if m.name == SHEET:
            m = _Member(m.name, method, m.payload, m.crc, m.size, flags)
        members.append(m)
    return _raw_zip(members)


def ods_file() -> bytes:
    """A minimal OpenDocument spreadsheet (mimetype first, stored)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        zf.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        zf.writestr("content.xml", '<?xml version="1.0"?><office:document-content '
                    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"/>')
        zf.writestr("META-INF/manifest.xml", "<manifest/>")
    return buffer.getvalue()


# ---------------------------------------------------------------- readers starved or steered


def _edited(edits: dict[str, bytes], extra: Sequence[_Member] = ()) -> bytes:
    """The good workbook with the parts of ``edits`` replaced by the given
    (uncompressed) contents, deflated, and ``extra`` members added."""
    members = []
    for m in _members_of(good_workbook_bytes()):
        if m.name in edits:
            m = _deflated(m.name, edits[m.name])
        members.append(m)
    return _raw_zip([*members, *extra])


def _deflated(name: str, raw: bytes) -> _Member:
    co = zlib.compressobj(6, zlib.DEFLATED, -15)
    return _Member(name, 8, co.compress(raw) + co.flush(), zlib.crc32(raw), len(raw))


def _part(name: str) -> bytes:
    with zipfile.ZipFile(io.BytesIO(good_workbook_bytes())) as zf:
        return zf.read(name)


def stray_cell(ref: str = "XFD1048576", settings_ref: str = "") -> bytes:
    """The good workbook whose Results sheet holds one more value, at
    ``ref``, while its ``<dimension>`` still says ``A1:H43``: a reader that
    trusts the dimension loads a grid of 17 billion cells (512 GB); and its
    Settings sheet one at ``settings_ref`` when given."""
    def strayed(part: str, ref: str) -> bytes:
        row = "".join(ch for ch in ref if ch.isdigit())
        return _part(part).replace(
            b"</sheetData>", f'<row r="{row}"><c r="{ref}"><v>1</v></c></row></sheetData>'.encode())

    sheet = strayed(SHEET, ref)
    assert b'<dimension ref="A1:H43"/>' in sheet
    edits = {SHEET: sheet}
    if settings_ref:
        edits[SETTINGS] = strayed(SETTINGS, settings_ref)
    return _edited(edits)


SETTINGS = "xl/worksheets/sheet2.xml"  # the Settings sheet of good_workbook_bytes()


STEERED = "worksheets/../worksheets/sheet1.xml"


def steered(*, twin: bool = True) -> bytes:
    """The good workbook whose relationship to its Results sheet reads
    ``worksheets/../worksheets/sheet1.xml``.  ``twin``: the archive also
    holds a part of that very name, whose Alice (E2, 17 centres) is a
    formula with 17 as its cached value.  A reader that normalises the
    target checks ``xl/worksheets/sheet1.xml`` (typed values), while one
    that takes it as written reads the twin: a formula's result is scored."""
    rels = _part("xl/_rels/workbook.xml.rels").replace(
        b'Target="worksheets/sheet1.xml"', f'Target="{STEERED}"'.encode())
    extra = []
    if twin:
        sheet = alice_as_formula(_part(SHEET))
        extra.append(_deflated(f"xl/{STEERED}", sheet))
    return _edited({"xl/_rels/workbook.xml.rels": rels}, extra)


def alice_as_formula(sheet: bytes) -> bytes:
    """The good workbook's Results sheet with Alice's 17 centres (E2, any
    style) written as the formula ``=10+7`` whose cached value is 17."""
    edited, count = re.subn(rb'<c r="E2"([^>]*)><v>17</v></c>',
                            rb'<c r="E2"\1><f>10+7</f><v>17</v></c>', sheet)
    assert count == 1, "the good workbook's E2 is not Alice's 17 centres"
    return edited


def shared_strings(count: int) -> bytes:
    """The good workbook with a shared strings table of ``count`` empty
    entries (``<si/>``, 5 bytes each), stored uncompressed so that no
    ratio betrays it: python-calamine holds every entry as a string."""
    head = (b'<?xml version="1.0" encoding="UTF-8"?>\n<sst xmlns="http://schemas.openxml'
            b'formats.org/spreadsheetml/2006/main" count="%d" uniqueCount="%d">' % (count, count))
    raw = head + b"<si/>" * count + b"</sst>"
    rels = _part("xl/_rels/workbook.xml.rels").replace(
        b"</Relationships>",
        b'<Relationship Id="rId99" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
        b'relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>')
    types = _part("[Content_Types].xml").replace(
        b"</Types>",
        b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxml'
        b'formats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>')
    table = _Member("xl/sharedStrings.xml", 0, raw, zlib.crc32(raw), len(raw))
    return _edited({"xl/_rels/workbook.xml.rels": rels, "[Content_Types].xml": types}, [table])


def many_rows(rows: int, *, cells: bool = True) -> bytes:
    """The good workbook whose Results sheet goes on for ``rows`` more rows
    of one number each (about 40 bytes a row, deflated about 10:1), or
    empty (``cells`` false: 17 bytes a row)."""
    row = b'<row r="%d"><c r="H%d"><v>%d</v></c></row>' if cells else b'<row r="%d"/>'
    body = b"".join(row % ((r,) * row.count(b"%d")) for r in range(44, 44 + rows))
    return _edited({SHEET: _part(SHEET).replace(b"</sheetData>", body + b"</sheetData>")})


def array_formula(ref: str = "A2:G1048576") -> bytes:
    """The good workbook whose Results!A2 holds an array formula claiming
    ``ref``: every input cell of a million rows, as a reader that expands
    the range sees it."""
    sheet, count = re.subn(
        rb'<c r="A2"([^>]*)><v>1</v></c>',
        rb'<c r="A2"\1><f t="array" ref="' + ref.encode() + rb'">1</f><v>1</v></c>', _part(SHEET))
    assert count == 1, "the good workbook's A2 is not round 1"
    return _edited({SHEET: sheet})


CSV_HEADER = "round,board,power,player,centres"


def csv_one_field(size: int) -> bytes:
    """A CSV file of one field, ``size`` bytes long, on one line."""
    return b"x" * size


def csv_wide_header(columns: int) -> bytes:
    """A CSV file whose header holds ``columns`` columns (2 bytes each)."""
    return (CSV_HEADER + ",x" * columns + "\n1,1,Austria,A,5\n").encode()


def csv_wide_rows(lines: int, width: int) -> bytes:
    """A CSV file of a header and ``lines`` rows of one seat, each ending in
    commas to ``width`` characters (empty fields, a million a line)."""
    row = "1,1,Austria,A,5"
    return (CSV_HEADER + "\n" + (row + "," * (width - len(row)) + "\n") * lines).encode()


def csv_long_names(lines: int, length: int) -> bytes:
    """A CSV file of ``lines`` seats, each player's name ``length``
    characters long (a name over 255 is refused)."""
    return (CSV_HEADER + "\n" + "".join(f"1,1,Austria,{'N' * length},5\n"
                                         for _ in range(lines))).encode()


def csv_rows(rows: int) -> bytes:
    """A CSV file of ``rows`` result rows (a board of seven a line group)."""
    powers = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
    lines = [CSV_HEADER]
    lines += [f"1,{i // 7 + 1},{powers[i % 7]},P{i},{4 if i % 7 == 6 else 5}"
              for i in range(rows)]
    return ("\n".join(lines) + "\n").encode()


def padded(size: int, part: str = "xl/media/image1.png", how: str = "comment") -> bytes:
    """The good workbook with ``size`` bytes that deflate shrinks about 40
    times (under the ratio that betrays a zip bomb): an extra part no
    reader parses (an "image"), or, in the XML ``part``, which
    python-calamine reads, put ``how``: an XML ``comment`` inside its root
    element, the ``text`` of an element no reader knows there
    (``<extLst>``), one ``attribute`` value of such an element, or, in a
    sheet, one ``cell``'s text (an inline string at A60).  Within every
    limit when ``size`` is under :func:`room`."""
    import base64
    import random

    rng = random.Random(19)
    block = base64.b64encode(rng.randbytes(1536)) + b" " * 100_000
    raw = (block * (size // len(block) + 1))[:size]
    if not part.endswith(".xml"):
        return _edited({}, [_deflated(part, raw)])
    xml = _part(part)
    if how == "cell":  # (no spaces: a reader may trim them)
        cell = (b'<row r="60"><c r="A60" t="inlineStr"><is><t>' + raw.replace(b" ", b"_")
                + b"</t></is></c></row>")
        return _edited({part: xml.replace(b"</sheetData>", cell + b"</sheetData>")})
    head = xml.index(b">", xml.index(b"<", xml.index(b"?>") + 2)) + 1
    if how == "comment":
        raw = b"<!--" + raw + b"-->"
    elif how == "text":
        raw = b'<extLst><ext uri="urn:dipxl:pad">' + raw + b"</ext></extLst>"
    else:
        assert how == "attribute", how
        raw = b'<extLst><ext uri="urn:dipxl:pad" pad="' + raw.replace(b" ", b"_") + b'"/></extLst>'
    return _edited({part: xml[:head] + raw + xml[head:]})


def room() -> int:
    """Bytes that can be added to the good workbook while its parts stay
    within :data:`~dipxl.io.limits.MAX_UNPACKED` (a few kilobytes spare for
    the tags around them)."""
    from dipxl.io.limits import MAX_UNPACKED

    with zipfile.ZipFile(io.BytesIO(good_workbook_bytes())) as zf:
        return MAX_UNPACKED - sum(i.file_size for i in zf.infolist()) - (16 << 10)


def dense(rows: int, columns: int = 15) -> bytes:
    """The good workbook whose Results sheet goes on, below its games, to
    row ``rows`` with ``columns`` numbers a row: every row a bad result
    (a number where a power goes), the sheet as full as dipxl reads when
    ``rows * columns`` is just under :data:`~dipxl.io.limits.MAX_CELLS`."""
    letters = [column_letter(c + 1).encode() for c in range(columns)]
    body = b"".join(
        b'<row r="%d">' % r + b"".join(b'<c r="%s%d"><v>%d</v></c>' % (col, r, r)
                                       for col in letters) + b"</row>"
        for r in range(44, rows + 1))
    return _edited({SHEET: _part(SHEET).replace(b"</sheetData>", body + b"</sheetData>")})


def log_rows(rows: int, columns: int = 10, header: Sequence[str] = ("When", "What")) -> bytes:
    """The rows of a pasted log (a sheet dipxl does not need): ``header``
    then ``rows`` rows of ``columns`` varied numbers (compressing as real
    data does, not as a bomb)."""
    first = b"".join(b'<c r="%s1" t="inlineStr"><is><t>%s</t></is></c>'
                     % (column_letter(c + 1).encode(), h.encode()) for c, h in enumerate(header))
    letters = [column_letter(c + 1).encode() for c in range(columns)]
    body = [b'<row r="1">' + first + b"</row>"]
    for r in range(2, rows + 2):
        body.append(b'<row r="%d">' % r + b"".join(
            b'<c r="%s%d"><v>%d</v></c>' % (letter, r, (r * 7919 + c * 104729) % 1000003)
            for c, letter in enumerate(letters)) + b"</row>")
    return b"".join(body)


def heads_not_needed(count: int = 30) -> bytes:
    """The good workbook with ``count`` sheets it does not need, each of a
    first row longer than dipxl reads of such a sheet (varied numbers,
    cells without references): as costly to look at as such sheets get."""
    cells = b"".join(b"<c><v>%d</v></c>" % ((n * 7919) % 1000003) for n in range(20_000))
    assert len(cells) > HEAD_BYTES
    return sheets(count, rows=b'<row r="1">' + cells + b"</row>")


def sheets(count: int, ref: str = "", rows: bytes = b"") -> bytes:
    """The good workbook with ``count`` more sheets ("Notes 1" ...), each
    holding one value at ``ref`` (or ``rows``, the XML of its rows): each
    under the cells dipxl reads of a sheet, all together maybe over what
    it reads of a workbook."""
    row = "".join(ch for ch in ref if ch.isdigit())
    rows = rows or b'<row r="%s"><c r="%s" t="inlineStr"><is><t>x</t></is></c></row>' % (
        row.encode(), ref.encode())
    sheet = (b'<?xml version="1.0" encoding="UTF-8"?>\n<worksheet xmlns="http://schemas.'
             b'openxmlformats.org/spreadsheetml/2006/main"><sheetData>%s</sheetData></worksheet>'
             % rows)
    book, rels, types = (_part("xl/workbook.xml"), _part("xl/_rels/workbook.xml.rels"),
                         _part("[Content_Types].xml"))
    extra = []
    for n in range(1, count + 1):
        name = f"xl/worksheets/extra{n}.xml"
        book = book.replace(b"</sheets>", b'<sheet name="Notes %d" sheetId="%d" r:id="rIdX%d"/>'
                            b"</sheets>" % (n, 100 + n, n))
        rels = rels.replace(b"</Relationships>", b'<Relationship Id="rIdX%d" Type="http://'
                            b"schemas.openxmlformats.org/officeDocument/2006/relationships/"
                            b'worksheet" Target="worksheets/extra%d.xml"/></Relationships>'
                            % (n, n))
        types = types.replace(b"</Types>", b'<Override PartName="/%s" ContentType="application/'
                              b'vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
                              b"</Types>" % name.encode())
        extra.append(_deflated(name, sheet))
    return _edited({"xl/workbook.xml": book, "xl/_rels/workbook.xml.rels": rels,
                    "[Content_Types].xml": types}, extra)
