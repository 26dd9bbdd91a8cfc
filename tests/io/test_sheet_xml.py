"""Which cells of a sheet hold a formula or an error value: the plain XML
parse is the specification; the search of the bytes agrees with it
wherever it answers, and answers for sheets written the usual way."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from dipxl.errors import InputError
from dipxl.io.sheet_xml import ScannedCells, parse_ref, parsed, scan_cells, searched

_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


def sheet(rows: str, *, head: str = "", after: str = "") -> bytes:
    return (f'{head}<worksheet xmlns="{_MAIN}" xmlns:x="{_MAIN}"><sheetData>{rows}'
            f"</sheetData>{after}</worksheet>").encode()


def test_a_reference_is_row_and_column() -> None:
    assert parse_ref("B12") == (12, 1)
    assert parse_ref("$AA$3") == (3, 26)
    assert parse_ref("XFD1048576") == (1_048_576, 16_383)
    assert parse_ref("12") is None and parse_ref("A1:B2") is None


def test_formula_and_error_cells_are_placed_where_calamine_places_them() -> None:
    # E2 by its reference; then a cell without one, after it (F2); a row
    # without r after the previous row (3), its first cell in column A.
    xml = sheet('<row r="2"><c r="E2"><f>1+1</f><v>2</v></c><c t="e"><v>#N/A</v></c></row>'
                '<row><c><v>1</v></c><c><v>2</v><f>3+4</f></c></row>')
    assert parsed(xml) == ScannedCells(formulas={(2, 4): "=1+1", (3, 1): "=3+4"},
                                errors={(2, 5): "#N/A"})


def test_only_the_columns_looked_at_are_reported_and_arrays_from_anywhere() -> None:
    xml = sheet('<row r="2"><c r="A2" t="e"><v>#N/A</v></c><c r="B2"><f>1</f></c>'
                '<c r="H2"><f t="array" ref="A3:B3">1</f></c></row>')
    for found in (parsed(xml, {1}), searched(xml, {1})):
        assert found == ScannedCells(frozenset({1}), {(2, 1): "=1"}, [((3, 0), (3, 1), "=1")], {},
                              {(2, 1): 1.0})  # B2's own formula is a constant


def test_an_array_formula_covers_its_range_in_the_columns_asked_for() -> None:
    xml = sheet('<row r="1"><c r="H1"><f t="array" ref="E1:H3">E1:H3*1</f><v>1</v></c></row>'
                '<row r="2"><c r="E2"><f>5</f><v>5</v></c></row>')
    found = scan_cells(xml)
    assert found.formulas_in({4}, 0) == {(1, 4): "=E1:H3*1", (2, 4): "=5", (3, 4): "=E1:H3*1"}
    assert found.formulas_in({4, 5}, 2) == {(3, 4): "=E1:H3*1", (3, 5): "=E1:H3*1"}
    assert found.formulas_in({0}, 0) == {}


def test_texts_are_read_as_xml_reads_them() -> None:
    xml = sheet('<row r="1"><c r="A1"><f>IF(B1&gt;0,&quot;y&quot;,"&amp;")</f></c>'
                '<c r="B1"><f t="shared" si="0"/></c><c r="C1" t="e"/>'
                '<c r="D1" t="e"><f>1/0</f><v> #DIV/0! </v></c></row>')
    expected = ScannedCells(formulas={(1, 0): '=IF(B1>0,"y","&")', (1, 1): "(shared formula)",
                               (1, 3): "=1/0"},
                     errors={(1, 2): "#error", (1, 3): "#DIV/0!"})
    assert parsed(xml) == expected
    assert searched(xml) == expected  # written the usual way: the search answers


@pytest.mark.parametrize("columns", [None, {4}, {7}])
def test_a_cell_with_two_references_is_left_to_the_parse(columns: set[int] | None) -> None:
    # Not well-formed; calamine would take the last (E9): never H9's.
    xml = sheet('<row r="9"><c r="H9" r="E9"><f>3+4</f><v>7</v></c></row>')
    assert searched(xml, columns) is None


@pytest.mark.parametrize("xml", [
    sheet('<row r="1"><c r="A1"><f>1</f></row>'),
    b'<!DOCTYPE w [<!ENTITY e "x">]><w><c r="A1"><f>&e;</f></c></w>',
], ids=["not-well-formed", "dtd"])
def test_a_damaged_or_dangerous_sheet_is_refused_by_the_parse(xml: bytes) -> None:
    with pytest.raises(InputError, match="the workbook is damaged"):
        parsed(xml)


# How a cell's tag may be written, what it may hold, and what may stand
# between cells and after the sheet's data: the usual ways (first of each
# list) and ways a search of the bytes could be misled by (a prefix, a tab,
# quotes of either kind, ">" or a character reference in a value, a comment,
# CDATA or a processing instruction holding what looks like a cell).
_TAGS = ['<c r="{ref}"{attrs}>', '<c{attrs} r="{ref}">', "<c{attrs}>", '<c r="{ref}"{attrs}/>',
         '<x:c r="{ref}"{attrs}>', '<c\tr="{ref}"{attrs}>', "<c r='{ref}'{attrs}>",
         '<c x="a>b" r="{ref}"{attrs}>', '<c r="{ref}" r="A1"{attrs}>']
_ATTRS = ["", ' s="1"', ' t="str"', ' t="e"', ' s="2" t="e"', " t='e'", ' t="&#101;"',
          ' x="t=&quot;e&quot;"', ' t="e" x="\t"', ' t=\n"e"']
_BODIES = ["<f>1+1</f><v>2</v>", "<v>2</v><f>1+1</f>", '<f t="shared" si="0"/><v>2</v>',
           '<f t="array" ref="A1:C3">1</f><v>1</v>', "<v>3</v>", "<is><t>x</t></is>", "",
           "<v>#N/A</v>", "<f>IF(A1&gt;0,&quot;y&quot;,&apos;n&apos;)</f><v>y</v>",
           "<x:f>1</x:f><v>1</v>", "\n  <f>1</f>\n  <v>1</v>\n", "<v/>", "<f>a</f><f>b</f>",
           '<f t="dataTable" ref="B2:B3" r1="A1"/>', "<!-- <f>1</f> --><v>1</v>",
           "<v><![CDATA[#N/A]]></v>", "<?x <c r=\"H9\"><f>1</f>?><v>1</v>", "<f>&#49;</f>",
           "<f>\u00e9\u00e8</f>", "<v>\r\n#REF!</v>"]
_BETWEEN = ["", '<!-- <c r="H9"><f>1</f></c> -->', " t=\"e\" ", "<f>stray</f>"]
_HEADS = ["", '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n',
          "<?xml version='1.0' encoding='ISO-8859-1'?>", "\ufeff"]
_AFTER = ["", '<dataValidations><dataValidation><formula1>"Y,N"</formula1>'
          "</dataValidation></dataValidations>"]
_COLUMNS = ["A", "B", "H", "AA", "XFD"]


def _cell(column: str, row: int, tag: str, attrs: str, body: str) -> str:
    opened = tag.format(ref=f"{column}{row}", attrs=attrs)
    if opened.endswith("/>"):
        return opened + body if body.startswith("<f") else opened
    return f"{opened}{body}</{opened[1:].split()[0].split('>')[0]}>"


def _sheet(rows: list[tuple[bool, list[tuple[str, int, str, str, str, str]]]],
           head: str, after: str) -> bytes:
    parts = []
    for number, (numbered, cells) in enumerate(rows, 1):
        parts.append(f'<row r="{number}">' if numbered else "<row>")
        for column, row, tag, attrs, body, between in cells:
            parts.append(_cell(column, row, tag, attrs, body) + between)
        parts.append("</row>")
    return sheet("".join(parts), head=head, after=after)


# Columns looked at: all (None), or some of A, B, H, AA, XFD.
_looked_at = st.none() | st.sets(st.sampled_from([0, 1, 7, 26, 16_383]))
_cells = st.tuples(st.sampled_from(_COLUMNS), st.integers(1, 30), st.sampled_from(_TAGS),
                   st.sampled_from(_ATTRS), st.sampled_from(_BODIES), st.sampled_from(_BETWEEN))
_rows = st.lists(st.tuples(st.booleans(), st.lists(_cells, max_size=4)), max_size=4)


@settings(max_examples=600)
@given(_rows, st.sampled_from(_HEADS), st.sampled_from(_AFTER), _looked_at)
@example([(True, [("E", 9, _TAGS[7], "", _BODIES[0], "")])], "", "", None)
@example([(True, [("E", 9, _TAGS[0], _ATTRS[3], _BODIES[14], "")])], "", "", None)
@example([(True, [("A", 2, _TAGS[3], "", _BODIES[0], "")])], "", "", {1})
@example([(True, [("H", 2, _TAGS[0], "", _BODIES[3], "")])], "", "", {0})
@example([(True, [("H", 2, _TAGS[0], "", _BODIES[0], ""), ("B", 2, _TAGS[0], "", _BODIES[0], "")])],
         "", "", {1})
def test_the_byte_search_agrees_with_the_parse_wherever_it_answers(
    rows: list[tuple[bool, list[tuple[str, int, str, str, str, str]]]], head: str, after: str,
    columns: set[int] | None,
) -> None:
    xml = _sheet(rows, head, after)
    try:
        expected = parsed(xml, columns)
    except InputError:  # not well-formed (the parse alone checks that)
        return
    found = searched(xml, columns)
    assert found is None or found == expected


_usual_cells = st.tuples(
    st.sampled_from(_COLUMNS), st.integers(1, 30), st.just(_TAGS[0]),
    st.sampled_from(_ATTRS[:5]),
    st.sampled_from([b for b in _BODIES[:9] if not b.startswith(("<v>2</v><f>", "<is>"))]),
    st.just(""))


@settings(max_examples=200)
@given(st.lists(st.tuples(st.just(True), st.lists(_usual_cells, max_size=4)), max_size=4),
       st.sampled_from(_HEADS[:2]), st.sampled_from(_AFTER), _looked_at)
def test_the_byte_search_answers_for_sheets_written_the_usual_way(
    rows: list[tuple[bool, list[tuple[str, int, str, str, str, str]]]], head: str, after: str,
    columns: set[int] | None,
) -> None:
    xml = _sheet(rows, head, after)
    assert searched(xml, columns) == parsed(xml, columns)


def test_comments_are_cut_before_the_search_never_a_cell() -> None:
    # A comment holds no cell, however it looks; a CDATA section could hide
    # where a comment ends, so a sheet with one is parsed as it is.
    from dipxl.io.sheet_xml import parsed, scan_cells

    sheet = (b'<worksheet><sheetData><!-- <c r="A1"><f>1</f></c> --><row r="2">'
             b'<c r="B2"><f>2</f><v>2</v></c><!----></row></sheetData></worksheet>')
    assert scan_cells(sheet).formulas == {(2, 1): "=2"} == parsed(sheet).formulas
    tricky = sheet.replace(b"<row", b"<x><![CDATA[<!--]]></x><row").replace(
        b"<!---->", b"<x><![CDATA[-->]]></x>")
    assert scan_cells(tricky).formulas == {(2, 1): "=2"} == parsed(tricky).formulas


def test_an_unclosed_comment_is_left_to_the_parse_which_refuses_it() -> None:
    sheet = (b'<worksheet><sheetData><row r="2"><c r="B2"><f>2</f><v>2</v></c></row>'
             b"<!-- never closed </sheetData></worksheet>")
    with pytest.raises(InputError, match="not well-formed"):
        scan_cells(sheet)


@given(st.lists(st.integers(0, 3), min_size=1, max_size=4), st.binary(max_size=40))
def test_comments_anywhere_between_tags_change_nothing(places: list[int], text: bytes) -> None:
    # Cut by two byte searches each (a long comment is a hostile file's
    # padding): the cells found are those of the sheet without them.
    body = text.replace(b"-", b"").replace(b"\0", b"") or b" "
    parts = [b'<worksheet><sheetData><row r="2">', b'<c r="B2"><f>2</f><v>2</v></c>',
             b'<c r="C2" t="e"><v>#N/A</v></c>', b"</row></sheetData>", b"</worksheet>"]
    for place in sorted(places, reverse=True):
        parts.insert(place + 1, b"<!--" + body + b'<c r="D2"><f>9</f></c>-->')
    sheet = b"".join(parts)
    plain = scan_cells(b"".join(p for p in parts if not p.startswith(b"<!--")))
    try:
        found = scan_cells(sheet)
    except InputError:  # a comment the parse refuses (bytes that are not UTF-8 ...)
        with pytest.raises(InputError):
            parsed(sheet)
        return
    assert found == plain
