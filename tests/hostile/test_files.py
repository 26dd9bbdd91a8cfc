"""Hostile files are refused in under a second with bounded memory and a
clear message naming the file: zip bombs (honest and lying size headers),
XML entity bombs in every kind of part, an external entity, encrypted,
.xls, .ods and CSV files named .xlsx, a truncated workbook."""

from __future__ import annotations

import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest

from dipxl.errors import DipxlError
from dipxl.workbook.reader import read_workbook_bytes
from tests.hostile import files
from tests.hostile.refuse import HOSTILE, measure

SECONDS = 1.0
PEAK_MIB = 100  # the interpreter with dipxl, click and calamine takes ~32 MiB


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_each_hostile_file_is_refused_quickly_in_little_memory(tmp_path: Path, name: str) -> None:
    make, says = HOSTILE[name]
    path = tmp_path / name
    make(path)
    refusal = measure(path)
    assert refusal.exception is None, refusal.exception
    assert refusal.exit == 1, refusal.message
    assert refusal.message.startswith(f"error: {path}: "), refusal.message
    assert says in " ".join(refusal.message.split()), refusal.message
    assert refusal.seconds < SECONDS, refusal
    assert refusal.peak_mib < PEAK_MIB, refusal


def test_the_bombs_are_what_they_claim() -> None:
    # The honest bomb really inflates to gigabytes with a correct CRC: read
    # its first and last megabytes through zipfile, which checks the CRC
    # only at the end, so check the claim from the header and a sample.
    import io

    data = files.zip_bomb()
    assert len(data) < 4 << 20
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        info = zf.getinfo(files.SHEET)
        assert info.file_size > 3_000_000_000
        with zf.open(info) as fh:
            assert fh.read(1 << 20).startswith(b"<?xml")
    lying = files.zip_bomb(1 << 30, honest=False)
    with zipfile.ZipFile(io.BytesIO(lying)) as zf:
        info = zf.getinfo(files.SHEET)
        assert info.file_size < 1000
        raw = zf.fp.getbuffer()[info.header_offset:]  # type: ignore[union-attr]
        # Inflate 64 MiB of it: far more than the header's claim.
        start = 30 + len(info.filename)
        out = zlib.decompressobj(-15).decompress(bytes(raw[start:start + (64 << 10)]), 64 << 20)
        assert len(out) > 60 << 20
    bomb = files.entity_bomb(files.SHEET)
    with zipfile.ZipFile(io.BytesIO(bomb)) as zf:
        assert b"<!ENTITY lol9" in zf.read(files.SHEET)


def test_crc32_combine_is_zlibs() -> None:
    a, b = b"dipxl " * 1000, b"diplomacy" * 77
    assert files.crc32_combine(zlib.crc32(a), zlib.crc32(b), len(b)) == zlib.crc32(a + b)


@pytest.mark.parametrize("prolog", [
    b'<?xml version="1.0"?>\n<!-- hello -->\n<!doctype x>',
    b"\xef\xbb\xbf<!DOCTYPE x>",
    '<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE x>'.encode("utf-16"),
    b"<?xml version='1.0'?>" + b"<!--" + b"x" * (70 << 10) + b"--><!DOCTYPE x>",
], ids=["comment-then-lowercase", "bom", "utf-16", "long-comment"])
def test_a_dtd_anywhere_in_a_prolog_is_refused(prolog: bytes) -> None:
    good = files.good_workbook_bytes()
    buffer = __import__("io").BytesIO()
    with zipfile.ZipFile(__import__("io").BytesIO(good)) as src, \
            zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename == "xl/workbook.xml":
                body = data[data.index(b"?>") + 2:]
                data = prolog + body
            dst.writestr(info, data)
    with pytest.raises(DipxlError) as err:
        read_workbook_bytes(buffer.getvalue(), "x.xlsx")
    assert str(err.value).startswith("x.xlsx: the workbook's part xl/workbook.xml ")


def test_the_good_workbook_still_reads() -> None:
    book = read_workbook_bytes(files.good_workbook_bytes(), "good.xlsx")
    assert len(book.tournament.games) == 6


def _corrupt_stream() -> bytes:
    """The good workbook whose Results sheet's deflate stream is garbage
    (headers, sizes and CRC as before)."""
    members = []
    for m in files._members_of(files.good_workbook_bytes()):
        if m.name == files.SHEET:
            m = files._Member(m.name, 8, b"\xff" * 8 + m.payload[8:], m.crc, m.size)
        members.append(m)
    return files._raw_zip(members)


def _unknown_zip_version() -> bytes:
    """The good workbook whose first central directory entry asks for zip
    version 25.5 to extract (zipfile knows up to 6.3)."""
    data = bytearray(files.good_workbook_bytes())
    data[data.index(b"PK\x01\x02") + 6] = 255
    return bytes(data)


# Each case is a damaged file that once escaped as a traceback: a tampered
# deflate stream (zlib's error) and a zip version zipfile does not know.
@pytest.mark.parametrize(("make", "says"), [
    (_corrupt_stream, "the workbook is damaged: xl/worksheets/sheet1.xml: Error -3 "),
    (_unknown_zip_version, "the workbook is damaged or truncated (not a readable zip archive: "
                           "zip file version 25.5)"),
], ids=["corrupt-deflate-stream", "unknown-zip-version"])
def test_a_damaged_archive_is_an_input_error(make: Callable[[], bytes], says: str) -> None:
    with pytest.raises(DipxlError) as err:
        read_workbook_bytes(make(), "x.xlsx")
    assert str(err.value).startswith(f"x.xlsx: {says}"), str(err.value)


def _bomb_claiming_one_mib(path: Path) -> None:
    """A Results sheet whose headers claim 1 MiB (no more than the size
    whose ratio is checked) while its deflate stream inflates to 512 MiB:
    read in one go, it would be inflated whole before its size is found
    wrong."""
    bomb = files._members_of(files.zip_bomb(512 << 20))
    members = [files._Member(m.name, 8, m.payload, m.crc, 1 << 20) if m.name == files.SHEET
               else m for m in bomb]
    path.write_bytes(files._raw_zip(members))


def test_a_part_that_understates_its_size_is_never_inflated_whole(tmp_path: Path) -> None:
    path = tmp_path / "lying-1MiB.xlsx"
    _bomb_claiming_one_mib(path)
    refusal = measure(path)
    assert refusal.exit == 1, refusal.message
    assert "the workbook is damaged: xl/worksheets/sheet1.xml" in refusal.message, refusal
    assert refusal.seconds < SECONDS, refusal
    assert refusal.peak_mib < PEAK_MIB, refusal
