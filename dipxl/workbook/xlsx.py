"""A small xlsx writer for value-only workbooks: the scored outputs and the
demo inputs.

Why not openpyxl: a scored workbook holds values only, and writing it as
SpreadsheetML directly is ~20x faster than building an openpyxl workbook
(see ``benchmarks/batch.py``), which is most of the time of a batch.  It
also makes one rule easy to keep: every ``str`` is written as an inline
string (``t="inlineStr"``), so text that starts with ``=`` stays text and is
never run as a formula.  Numbers are numbers, ``bool`` is a boolean and
``None`` an empty cell; nothing else is accepted.

The package is deterministic (fixed zip timestamps): the same sheets give
the same bytes.
"""

from __future__ import annotations

import io
import math
import re
import zipfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from dipxl.workbook.a1 import column_letter
from dipxl.workbook.look import Look

__all__ = ["HEADER_SHADE", "MAX_TEXT", "Sheet", "write_xlsx"]

MAX_TEXT = 32_767  # Excel's limit for one cell's text
_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
_CT = "application/vnd.openxmlformats-officedocument.spreadsheetml"
_EPOCH = (1980, 1, 1, 0, 0, 0)
# Characters XML 1.0 cannot hold at all (tab, LF and CR are fine).
_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_BAD_SHEET_NAME = re.compile(r"[\[\]:*?/\\]")

Value = str | int | float | bool | None


@dataclass
class Sheet:
    """One worksheet: a bold header row (frozen, repeated on every printed
    page), then rows of values, printed one page wide.

    ``look`` formats each column as its kind (:class:`~dipxl.workbook.look.Look`:
    number format, alignment of the data and its header, a width that fits
    the header); None leaves every cell in the General format.
    ``widths`` are column widths in characters (None: fit the header and
    the values of the first rows, as shown).  ``landscape``: None turns
    the page when the columns are wider than a portrait page."""

    name: str
    header: Sequence[str]
    rows: Iterable[Sequence[Value]] = ()
    widths: Sequence[float] | None = None
    look: Look | None = None
    landscape: bool | None = None


# The shade of a header row (as in a generated workbook).
HEADER_SHADE = "DDE5F0"
# Rows read to guess the widths of the columns.
WIDTH_ROWS = 2000
# Columns wider than this in all (characters) print on a landscape page.
PORTRAIT_WIDTH = 95.0


class _Styles:
    """The cell formats of a package: (number format, bold, alignment) ->
    index in ``cellXfs`` (0 the plain cell, 1 the plain header)."""

    def __init__(self) -> None:
        self.xfs: dict[tuple[str, bool, str, int], int] = {
            ("General", False, "", 0): 0,
            ("General", True, "", 0): 1,
        }
        self.formats: dict[str, int] = {"General": 0, "0": 1, "0.00": 2}

    def index(self, number_format: str, bold: bool, align: str, indent: int = 0) -> int:
        key = (number_format, bold, align, indent)
        if key not in self.xfs:
            if number_format not in self.formats:
                custom = [v for v in self.formats.values() if v >= 164]
                self.formats[number_format] = 164 + len(custom)
            self.xfs[key] = len(self.xfs)
        return self.xfs[key]

    def xml(self) -> str:
        custom = [(code, n) for code, n in self.formats.items() if n >= 164]
        num_fmts = (
            f'<numFmts count="{len(custom)}">'
            + "".join(f"<numFmt numFmtId={chr(34)}{n}{chr(34)} formatCode={quoteattr(c)}/>"
                      for c, n in custom)
            + "</numFmts>"
            if custom
            else ""
        )
        xfs = []
        for (code, bold, align, indent), _ in sorted(self.xfs.items(), key=lambda kv: kv[1]):
            attrs = (
                f'numFmtId="{self.formats[code]}" fontId="{1 if bold else 0}" '
                f'fillId="{2 if bold else 0}" '
                'borderId="0" xfId="0"'
                + (' applyNumberFormat="1"' if code != "General" else "")
                + (' applyFont="1" applyFill="1"' if bold else "")
            )
            if align:
                step = f' indent="{indent}"' if indent else ""
                xfs.append(
                    f'<xf {attrs} applyAlignment="1"><alignment horizontal="{align}"{step}/></xf>'
                )
            else:
                xfs.append(f"<xf {attrs}/>")
        return (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<styleSheet xmlns="{_MAIN}">{num_fmts}'
            '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>'
            '<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>'
            '<fills count="3"><fill><patternFill patternType="none"/></fill>'
            '<fill><patternFill patternType="gray125"/></fill>'
            f'<fill><patternFill patternType="solid"><fgColor rgb="FF{HEADER_SHADE}"/>'
            "</patternFill></fill></fills>"
            '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border>'
            "</borders>"
            '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/>'
            "</cellStyleXfs>"
            f'<cellXfs count="{len(xfs)}">{"".join(xfs)}</cellXfs>'
            '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
            "</styleSheet>"
        )


def _text(value: str) -> str:
    if len(value) > MAX_TEXT:
        value = value[:MAX_TEXT]
    if _ILLEGAL.search(value):
        value = _ILLEGAL.sub("\ufffd", value)
    return escape(value)


def _row(number: int, values: Sequence[Value], heads: list[str], tails: Sequence[str]) -> str:
    """One ``<row>``: text as inline strings, numbers, booleans; None skipped.
    ``heads[i]`` is ``<c r="`` + column letter (extended as needed),
    ``tails[i]`` the end of the reference and the cell's style attribute."""
    while len(heads) < len(values):
        heads.append('<c r="' + column_letter(len(heads) + 1))
    n = str(number)
    parts = ['<row r="', n, '">']
    for i, value in enumerate(values):
        if value is None:
            continue
        parts.append(heads[i])
        parts.append(n)
        parts.append(tails[i] if i < len(tails) else '"')
        if isinstance(value, str):
            # Inline string: text, never a formula, whatever it starts with.
            parts.append(' t="inlineStr"><is><t xml:space="preserve">')
            parts.append(_text(value))
            parts.append("</t></is></c>")
        elif isinstance(value, bool):
            parts.append(' t="b"><v>1</v></c>' if value else ' t="b"><v>0</v></c>')
        elif isinstance(value, int):
            parts.append(f"><v>{int(value)}</v></c>")
        elif isinstance(value, float) and math.isfinite(value):
            parts.append(f"><v>{float(value)!r}</v></c>")
        elif isinstance(value, float):  # inf, nan: no number in a cell can hold them
            parts.append(f' t="inlineStr"><is><t>{value}</t></is></c>')
        else:
            raise TypeError(f"cannot write {type(value).__name__} to a cell: {value!r}")
    parts.append("</row>")
    return "".join(parts)


def _width(value: Value, look: Look | None, header: str) -> float:
    if value is None:
        return 0
    if look is not None:
        return min(len(look.shown(header, value)), 60)
    if isinstance(value, float):
        return min(len(f"{value:.6g}"), 60)
    return min(len(str(value)), 60)


def _tail(style: int) -> str:
    return f'" s="{style}"' if style else '"'


def _sheet_xml(sheet: Sheet, styles: _Styles) -> str:
    heads: list[str] = []
    header = list(sheet.header)
    look = sheet.look
    if look is None:
        head_tails = [_tail(1)] * len(header)
        tails: list[str] = []
    else:
        head_tails = [
            _tail(styles.index("General", True, look.align(h), look.indent(h))) for h in header
        ]
        tails = [
            _tail(styles.index(look.number_format(h), False, look.align(h), look.indent(h)))
            for h in header
        ]
    body = [_row(1, header, heads, head_tails)]
    widest = [0.0] * len(header)
    number = 1
    for number, values in enumerate(sheet.rows, start=2):
        if number <= WIDTH_ROWS + 1 and sheet.widths is None:
            for i, v in enumerate(values):
                if i >= len(widest):
                    widest.append(0.0)
                name = header[i] if i < len(header) else ""
                widest[i] = max(widest[i], _width(v, look, name))
        body.append(_row(number, values, heads, tails))
    if sheet.widths is not None:
        chosen = [float(w) for w in sheet.widths]
    elif look is not None:
        chosen = [look.width(h, widest[i]) for i, h in enumerate(header)]
        chosen += [w + 2 for w in widest[len(header):]]
    else:
        padded = [*header, *[""] * (len(widest) - len(header))]
        chosen = [max(w, len(h)) + 2 for w, h in zip(widest, padded, strict=True)]
    cols = "".join(
        f'<col min="{i}" max="{i}" width="{max(w, 6):.1f}" customWidth="1"/>'
        for i, w in enumerate(chosen, start=1)
    )
    pane = (
        '<sheetViews><sheetView workbookViewId="0">'
        '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>'
        "</sheetView></sheetViews>"
    )
    last = f"{column_letter(max(len(heads), 1))}{number}"
    landscape = sheet.landscape
    if landscape is None:
        landscape = sum(max(w, 6) for w in chosen) > PORTRAIT_WIDTH
    page = (
        '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>'
        f'<pageSetup orientation="{"landscape" if landscape else "portrait"}" '
        'fitToWidth="1" fitToHeight="0"/>'
    )
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<worksheet xmlns="{_MAIN}" xmlns:r="{_REL}">'
        '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>'
        f'<dimension ref="A1:{last}"/>{pane}'
        f"{'<cols>' + cols + '</cols>' if cols else ''}"
        f"<sheetData>{''.join(body)}</sheetData>{page}</worksheet>"
    )


def _check_names(sheets: Sequence[Sheet]) -> None:
    seen: set[str] = set()
    for sheet in sheets:
        name = sheet.name
        if not name or len(name) > 31 or _BAD_SHEET_NAME.search(name) or _ILLEGAL.search(name):
            raise ValueError(f"invalid sheet name {name!r}")
        if name.lower() in seen:
            raise ValueError(f"duplicate sheet name {name!r}")
        seen.add(name.lower())


# The workbook's theme part (Excel expects one: the Open XML validator
# reports a workbook without it): the Office palette and Calibri/Cambria,
# each format list the three entries the schema asks for, all plain.
_DRAWING = "http://schemas.openxmlformats.org/drawingml/2006/main"
_COLOURS = (
    ("dk2", "1F497D"), ("lt2", "EEECE1"), ("accent1", "4F81BD"), ("accent2", "C0504D"),
    ("accent3", "9BBB59"), ("accent4", "8064A2"), ("accent5", "4BACC6"), ("accent6", "F79646"),
    ("hlink", "0000FF"), ("folHlink", "800080"),
)  # fmt: skip
_PLAIN_FILL = '<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>'
_PLAIN_LINE = f'<a:ln w="9525">{_PLAIN_FILL}</a:ln>'
_PLAIN_EFFECT = "<a:effectStyle><a:effectLst/></a:effectStyle>"


def _fonts(kind: str, face: str) -> str:
    scripts = '<a:ea typeface=""/><a:cs typeface=""/>'
    return f'<a:{kind}><a:latin typeface="{face}"/>{scripts}</a:{kind}>'


_THEME = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    f'<a:theme xmlns:a="{_DRAWING}" name="Office Theme"><a:themeElements>'
    '<a:clrScheme name="Office">'
    '<a:dk1><a:sysClr val="windowText" lastClr="000000"/></a:dk1>'
    '<a:lt1><a:sysClr val="window" lastClr="FFFFFF"/></a:lt1>'
    + "".join(f'<a:{name}><a:srgbClr val="{rgb}"/></a:{name}>' for name, rgb in _COLOURS)
    + "</a:clrScheme>"
    '<a:fontScheme name="Office">'
    + _fonts("majorFont", "Cambria")
    + _fonts("minorFont", "Calibri")
    + "</a:fontScheme>"
    '<a:fmtScheme name="Office">'
    f"<a:fillStyleLst>{_PLAIN_FILL * 3}</a:fillStyleLst>"
    f"<a:lnStyleLst>{_PLAIN_LINE * 3}</a:lnStyleLst>"
    f"<a:effectStyleLst>{_PLAIN_EFFECT * 3}</a:effectStyleLst>"
    f"<a:bgFillStyleLst>{_PLAIN_FILL * 3}</a:bgFillStyleLst>"
    "</a:fmtScheme></a:themeElements></a:theme>"
)


def write_xlsx(path: Path, sheets: Sequence[Sheet], *, compresslevel: int = 1) -> None:
    """Write ``sheets`` as an xlsx package to ``path`` (which is replaced).

    Callers that must not leave a partial file write to a temporary path
    (``dipxl.io.files.atomic_write``)."""
    if not sheets:
        raise ValueError("a workbook needs at least one sheet")
    _check_names(sheets)
    n = len(sheets)
    overrides = "".join(
        f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="{_CT}.worksheet+xml"/>'
        for i in range(1, n + 1)
    )
    content_types = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" '
        'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        f'<Override PartName="/xl/workbook.xml" ContentType="{_CT}.sheet.main+xml"/>'
        f'<Override PartName="/xl/styles.xml" ContentType="{_CT}.styles+xml"/>'
        '<Override PartName="/xl/theme/theme1.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.theme+xml"/>'
        f"{overrides}</Types>"
    )
    root_rels = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<Relationships xmlns="{_PKG_REL}">'
        f'<Relationship Id="rId1" Type="{_REL}/officeDocument" Target="xl/workbook.xml"/>'
        "</Relationships>"
    )
    sheet_entries = "".join(
        f'<sheet name={quoteattr(s.name)} sheetId="{i}" r:id="rId{i}"/>'
        for i, s in enumerate(sheets, start=1)
    )
    # The header row repeated on every printed page of each sheet.
    titles = "".join(
        f'<definedName name="_xlnm.Print_Titles" localSheetId="{i}">'
        f"{escape(_quoted(s.name))}!$1:$1</definedName>"
        for i, s in enumerate(sheets)
    )
    workbook = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<workbook xmlns="{_MAIN}" xmlns:r="{_REL}">'
        '<bookViews><workbookView activeTab="0"/></bookViews>'
        f"<sheets>{sheet_entries}</sheets><definedNames>{titles}</definedNames></workbook>"
    )
    workbook_rels = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<Relationships xmlns="{_PKG_REL}">'
        + "".join(
            f'<Relationship Id="rId{i}" Type="{_REL}/worksheet" Target="worksheets/sheet{i}.xml"/>'
            for i in range(1, n + 1)
        )
        + f'<Relationship Id="rId{n + 1}" Type="{_REL}/styles" Target="styles.xml"/>'
        + f'<Relationship Id="rId{n + 2}" Type="{_REL}/theme" Target="theme/theme1.xml"/>'
        "</Relationships>"
    )
    styles = _Styles()
    sheet_parts = [
        (f"xl/worksheets/sheet{i}.xml", _sheet_xml(sheet, styles))
        for i, sheet in enumerate(sheets, start=1)
    ]
    parts: list[tuple[str, str]] = [
        ("[Content_Types].xml", content_types),
        ("_rels/.rels", root_rels),
        ("xl/workbook.xml", workbook),
        ("xl/_rels/workbook.xml.rels", workbook_rels),
        ("xl/styles.xml", styles.xml()),
        ("xl/theme/theme1.xml", _THEME),
        *sheet_parts,
    ]
    buffer = io.BytesIO()  # one write to the file: small writes and seeks cost more
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, text in parts:
            _put(zf, name, text, compresslevel)
    Path(path).write_bytes(buffer.getvalue())


def _quoted(name: str) -> str:
    """A sheet name as a formula names it: ``'Best country'``."""
    return "'" + name.replace("'", "''") + "'"


def _put(zf: zipfile.ZipFile, name: str, text: str, compresslevel: int) -> None:
    info = zipfile.ZipInfo(name, date_time=_EPOCH)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    zf.writestr(info, text.encode("utf-8"), compresslevel=compresslevel)
