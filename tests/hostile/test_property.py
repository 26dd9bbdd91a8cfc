"""Property (issue 19, "Tests"): whatever the input, the CSV reader, the
xlsx reader and every worksheet function give a result or a DipxlError,
never another exception, and never more than a stated bound of time and
memory for one call:

- ``CPU_SECONDS``: the process's CPU time for the call (not the wall
  clock, which a loaded machine stretches);
- ``MEMORY_MIB``: how far the call raises the process's peak resident set
  (``VmHWM``, reset before each call through ``/proc/self/clear_refs``:
  python-calamine allocates outside Python's heap); where the kernel has
  no such reset, the peak of Python's own heap (tracemalloc).

Inputs: any text and any bytes (mostly refused at once), text shaped like
a results table (headers, delimiters, quotes, line ends, cells of every
kind), workbooks made from a good one by splicing hostile XML into any
part, adding a cell anywhere, rewriting a relationship, flipping bytes
or truncating; and for
every function of dipxl.udfs (the registry's one-board functions
included), arguments of any shape and kind, whole columns (a million
rows, nearly all blank) among them.  The worst input of each class (the
stray cell, the million rows ...) is in tests/hostile/refuse.py; of the
worksheet functions, in tests/hostile/test_udf_ranges.py.

Examples per test follow ``DIPXL_FUZZ_EXAMPLES`` (default 120).
"""

from __future__ import annotations

import datetime
import inspect
import io
import math
import os
import re
import tempfile
import time
import tracemalloc
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from datetime import timedelta
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from dipxl import udfs
from dipxl.batch import score_file
from dipxl.errors import DipxlError
from dipxl.systems import system_ids
from dipxl.workbook.a1 import column_letter
from tests.hostile import files

CPU_SECONDS = 5.0
MEMORY_MIB = 256

EXAMPLES = int(os.environ.get("DIPXL_FUZZ_EXAMPLES", "120"))
PROPERTY = settings(
    max_examples=EXAMPLES,
    deadline=timedelta(seconds=30),  # a hang in the making; the bound is checked below
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

_CLEAR_REFS = Path("/proc/self/clear_refs")
_STATUS = Path("/proc/self/status")


def _status(field: str) -> int:
    """A field of /proc/self/status in KiB."""
    found = re.search(rf"^{field}:\s+(\d+)", _STATUS.read_text(), re.M)
    assert found is not None, field
    return int(found.group(1))


def _peak_resettable() -> bool:
    try:
        _CLEAR_REFS.write_text("5")
        return _status("VmHWM") <= _status("VmRSS") + 1024
    except OSError:
        return False


RESET = _peak_resettable()


@contextmanager
def bounded(what: object) -> Iterator[None]:
    """Run the block; fail when it took more than the bound."""
    if RESET:
        _CLEAR_REFS.write_text("5")
        before = _status("VmRSS")
    else:
        tracemalloc.start()
    cpu = time.process_time()
    try:
        yield
    finally:
        seconds = time.process_time() - cpu
        if RESET:
            mib = (_status("VmHWM") - before) / 1024
        else:
            mib = tracemalloc.get_traced_memory()[1] / (1 << 20)
            tracemalloc.stop()
    assert seconds <= CPU_SECONDS, f"{seconds:.1f} s of CPU for {what!r:.300}"
    assert mib <= MEMORY_MIB, f"{mib:.0f} MiB for {what!r:.300}"


def _outcome(call: Callable[[], object], what: object) -> None:
    """The call gives a result or a DipxlError, within the bound."""
    with bounded(what), suppress(DipxlError):
        call()


SYSTEMS = st.sampled_from(system_ids())

# ---------------------------------------------------------------- CSV

POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey", "A", "tur",
          "Prussia", ""]
HEADERS = ["round", "board", "power", "player", "centres", "eliminated", "draw", "Centers",
           "SCs", "Board #", "Round", "Player", "x", "", "centres "]
CELL_TEXT = st.one_of(
    st.integers(-5, 40).map(str),
    st.sampled_from(["", " ", "1.0", "1e9", "NaN", "inf", "-0", "1_0", "١٢", "0x11", "#N/A",
                     "TRUE", "yes", "=1+1", "'5", "1900", "1907", "9" * 40, '"', '""', "\x00",
                     "\u202e", "\ufeff"]),
    st.sampled_from(POWERS),
    st.text(max_size=12),
)


@st.composite
def results_text(draw: st.DrawFn) -> str:
    """Text shaped like a results table, with anything in its cells."""
    delimiter = draw(st.sampled_from([",", ";", "\t", "|"]))
    end = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    header = draw(st.lists(st.sampled_from(HEADERS), min_size=0, max_size=9))
    if draw(st.booleans()):
        header = ["round", "board", "power", "player", "centres", *header]
    rows = draw(st.lists(st.lists(CELL_TEXT, max_size=9), max_size=30))
    quote = draw(st.booleans())

    def line(cells: list[str]) -> str:
        if quote:
            cells = ['"' + c.replace('"', '""') + '"' for c in cells]
        return delimiter.join(cells)

    return end.join(line(r) for r in [header, *rows]) + draw(st.sampled_from(["", end]))


@PROPERTY
@given(data=st.one_of(results_text().map(str.encode), st.text().map(str.encode), st.binary()),
       system=SYSTEMS)
def test_the_csv_reader_gives_a_result_or_a_dipxl_error(data: bytes, system: str) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "f.csv"
        path.write_bytes(data)
        _outcome(lambda: score_file(path, system_id=system), data)


# ---------------------------------------------------------------- xlsx

GOOD = files.good_workbook_bytes()
with zipfile.ZipFile(io.BytesIO(GOOD)) as _zf:
    PARTS = {i.filename: _zf.read(i) for i in _zf.infolist()}

XML_BITS = st.sampled_from([
    b'<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>', b'<c r="XFD1">', b"<c>",
    b'<row r="0">', b"<row>", b'<c r="A1" t="s"><v>99</v></c>', b'<c r="E2" t="e"><v>#N/A</v>',
    b'<f t="array" ref="A1:XFD1048576">1</f>', b'<f t="shared" si="0"/>', b"<v>1e308</v>",
    b'<dimension ref="A1"/>', b"<!DOCTYPE x>", b"&lt;", b"&#0;", b"&amp", b"]]>", b"<![CDATA[",
    b"<!-- -->", b"<?pi?>", b"</sheetData>", b"<sheetData>", b"</worksheet>", b'"', b"'",
    b"<", b">", b"\x00", b"\xff\xfe", "é".encode(), b'r="A1"', b't="inlineStr"',
    b"<is><t>x</t></is>", b"<si/>" * 50,
    b'<Relationship Id="rId1" Target="worksheets/../worksheets/sheet2.xml"/>',
    b'<sheet name="Results" sheetId="9" r:id="rId2"/>',
])


@st.composite
def workbooks(draw: st.DrawFn) -> bytes:
    """The good workbook, damaged in one of several ways."""
    how = draw(st.sampled_from(["splice", "splice", "cell", "target", "flip", "truncate"]))
    if how == "flip":
        data = bytearray(GOOD)
        for at in draw(st.lists(st.integers(0, len(GOOD) - 1), min_size=1, max_size=8)):
            data[at] = draw(st.integers(0, 255))
        return bytes(data)
    if how == "truncate":
        return GOOD[: draw(st.integers(0, len(GOOD)))]
    parts = dict(PARTS)
    if how == "target":
        rels = "xl/_rels/workbook.xml.rels"
        target = draw(st.sampled_from([
            "worksheets/../worksheets/sheet2.xml", "/xl/worksheets/sheet1.xml", "../x.xml",
            "worksheets/sheet1.xml#x", "", "worksheets\\sheet1.xml", "sheet1.xml",
            "xl/worksheets/sheet1.xml", "../../../etc/passwd", "http://example.com/x.xml"]))
        parts[rels] = parts[rels].replace(b"worksheets/sheet1.xml", target.encode())
    elif how == "cell":  # one more cell anywhere, the <dimension> unchanged
        row = draw(st.integers(1, 1 << 20))
        cell = column_letter(draw(st.integers(1, 1 << 14))) + str(row)
        value = draw(st.sampled_from([b"<v>1</v>", b"<f>1+1</f><v>2</v>", b"", b"<v>x</v>"]))
        parts[files.SHEET] = parts[files.SHEET].replace(
            b"</sheetData>", b'<row r="%d"><c r="%s">%s</c></row></sheetData>'
            % (row, cell.encode(), value))
    else:
        name = draw(st.sampled_from(sorted(parts)))
        for _ in range(draw(st.integers(1, 3))):
            xml = parts[name]
            start = draw(st.integers(0, len(xml)))
            stop = draw(st.integers(start, min(len(xml), start + 64)))
            bit = draw(st.one_of(XML_BITS, st.binary(max_size=16)))
            parts[name] = xml[:start] + bit + xml[stop:]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, content in parts.items():
            zf.writestr(name, content)
    return buffer.getvalue()


@PROPERTY
@given(data=st.one_of(workbooks(), workbooks(), st.binary()), system=SYSTEMS)
def test_the_xlsx_reader_gives_a_result_or_a_dipxl_error(data: bytes, system: str) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "f.xlsx"
        path.write_bytes(data)
        _outcome(lambda: score_file(path, system_id=system), data)


# ---------------------------------------------------------------- worksheet functions

# Every function of dipxl.udfs (the one-board functions come from the registry).
FUNCTIONS: dict[str, Callable[..., Any]] = {name: getattr(udfs, name) for name in udfs.__all__}

CELLS = st.one_of(
    st.none(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(-(10**20), 10**20),
    st.sampled_from([0.0, 1.0, 7.0, 17.0, 34.0, 1907.0, 2.5, -1.0, True, False]),
    st.sampled_from([*POWERS, "#N/A", "#VALUE!", "cdiplo", "detour98e", "round_to=2",
                     "best_rounds=2", "x=1;y", "Alice", "N", "Y", ""]),
    st.text(max_size=8),
    st.just(datetime.datetime(2026, 5, 1)),
    st.just(datetime.date(2026, 5, 1)),
)
RANGES = st.one_of(
    st.lists(st.lists(CELLS, min_size=1, max_size=8), min_size=0, max_size=12),
    st.lists(st.lists(CELLS, min_size=7, max_size=7), min_size=1, max_size=30),  # results rows
    st.lists(st.lists(st.sampled_from([0.0, 3.0, 4.0, 5.0, 17.0, None]), min_size=1,
                      max_size=1), min_size=7, max_size=7),  # a board
)


@st.composite
def whole_columns(draw: st.DrawFn) -> list[list[object]]:
    """A range as a whole-column reference passes it: a few rows typed,
    then up to a million blank rows, perhaps a value in the very last."""
    width = draw(st.integers(1, 8))
    rows = draw(st.lists(st.lists(CELLS, min_size=width, max_size=width), max_size=8))
    rows += [[None] * width] * draw(st.integers(0, 1 << 20))  # one list: cheap
    if draw(st.booleans()):
        rows.append(draw(st.lists(CELLS, min_size=width, max_size=width)))
    return rows


ARGUMENTS = st.one_of(CELLS, RANGES, whole_columns())


@PROPERTY
@given(data=st.data(), name=st.sampled_from(sorted(FUNCTIONS)))
def test_every_worksheet_function_gives_a_result_or_a_dipxl_error(
    data: st.DataObject, name: str
) -> None:
    function = FUNCTIONS[name]
    parameters = list(inspect.signature(function).parameters.values())
    required = sum(p.default is inspect.Parameter.empty for p in parameters)
    count = data.draw(st.integers(required, len(parameters)), label="arguments")
    arguments = [data.draw(ARGUMENTS, label=p.name) for p in parameters[:count]]
    _outcome(lambda: function(*arguments), (name, arguments))


def test_the_bound_can_fail() -> None:
    # The measure sees what a call allocates, outside Python's heap too.
    big = MEMORY_MIB + 64
    try:
        with bounded("a big allocation"):
            block = bytearray(big << 20)
            block[:: 4096] = b"x" * math.ceil(len(block) / 4096)  # touched: resident
    except AssertionError as err:
        assert "MiB for 'a big allocation'" in str(err)
    else:
        raise AssertionError("the memory bound did not fail")
