"""One parser per input field, and the header synonyms, for every input.

CSV files, workbooks and the worksheet functions all read result rows with
these: :func:`header_columns` finds the columns of a header row (synonyms
such as ``Centers``, ``SCs`` or ``Board #`` included), and each field has
one parser from a raw cell value (as a spreadsheet or a CSV delivers it) to
the model's value: :func:`parse_round`, :func:`parse_board`,
:func:`parse_power`, :func:`parse_player`, :func:`parse_centres`,
:func:`parse_year` and :func:`parse_draw`.  A refused value is an
:class:`~dipxl.errors.InputError` that names the field and the value seen.
Rows of such values become a tournament through :mod:`dipxl.rows`.
"""

from __future__ import annotations

import datetime
import math
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from dipxl.errors import InputError
from dipxl.model import FIRST_YEAR, LAST_YEAR, MAX_CENTRES, POWERS, Power, Seat, Status

__all__ = [
    "CELL_READERS",
    "EXTRA_FIELDS",
    "EXTRA_SYNONYMS",
    "FIELDS",
    "FIELD_SPECS",
    "HEADER_SYNONYMS",
    "MAX_ADJUSTMENT",
    "MAX_BOARD",
    "MAX_NAME",
    "MAX_ROUND",
    "PARSERS",
    "READERS",
    "REFUSED",
    "REQUIRED",
    "SPEC",
    "STATUS_SYNONYMS",
    "UNREAD",
    "Field",
    "chart_columns",
    "chart_year",
    "describe",
    "extra_columns",
    "header_columns",
    "header_field",
    "is_blank",
    "number_text",
    "parse_adjustment",
    "parse_board",
    "parse_centres",
    "parse_chart_count",
    "parse_draw",
    "parse_final_year",
    "parse_note",
    "parse_player",
    "parse_power",
    "parse_round",
    "parse_status",
    "parse_text",
    "parse_whole",
    "parse_year",
    "read_draw",
    "read_power",
    "read_whole",
    "seat_entries",
    "unread_reason",
]

# The fields of a result row, in the order they are read (and reported).
FIELDS = ("round", "board", "power", "player", "centres", "eliminated", "draw", "year")
REQUIRED = FIELDS[:5]  # eliminated, year and draw may be left out
MAX_ROUND = 10_000  # round and board numbers beyond these are typos
MAX_BOARD = 100_000

# ---------------------------------------------------------------- headers

# Field -> accepted header texts (compared case-insensitively, spaces folded;
# "_" and "." read as spaces, apostrophes dropped: "SC's").  "#" counts: a
# "Player #" column holds ids, not names.
HEADER_SYNONYMS: dict[str, tuple[str, ...]] = {
    "round": ("round", "rnd", "rd", "round no", "round number", "round #", "rd #"),
    "board": ("board", "game", "table", "board no", "game no", "table no", "board number",
              "board #", "game #", "table #"),
    "power": ("power", "country", "nation", "great power"),
    "player": ("player", "name", "player name"),
    "centres": (
        "centres", "centers", "centre", "center", "scs", "sc", "final scs", "final sc",
        "supply centre", "supply center", "sc count", "supply centres", "supply centers",
        "final centres", "final centers", "dots", "centre count", "center count",
    ),
    "eliminated": (
        "eliminated", "elimination year", "eliminated in", "year eliminated", "elim",
        "elim year",
    ),
    "year": ("year", "final year", "game year", "end year", "last year", "year ended",
             "ended in", "game end"),
    "draw": ("draw", "in draw", "draw member", "drawn", "draw?"),
}

_HEADER_SPACES = str.maketrans("_.", "  ", "'\u2019")


def _header_key(text: str) -> str:
    return " ".join(text.translate(_HEADER_SPACES).split()).lower()


_LOOKUP = {
    _header_key(alias): name for name, aliases in HEADER_SYNONYMS.items() for alias in aliases
}


def header_field(text: object) -> str | None:
    """The result field a header cell names, or None."""
    if not isinstance(text, str):
        return None
    return _LOOKUP.get(_header_key(text))


def header_columns(row: Sequence[object]) -> dict[str, int]:
    """The column (0-based) of each field a header row names; the first
    column naming a field wins, other columns are ignored."""
    found: dict[str, int] = {}
    looked_at: set[object] = set()  # a text seen before names nothing new
    for index, text in enumerate(row):
        if not isinstance(text, str) or text in looked_at:
            continue
        looked_at.add(text)
        name = header_field(text)
        if name is not None and name not in found:
            found[name] = index
    return found


# ---------------------------------------------------------------- values


def describe(value: object) -> str:
    """A value as an error message shows it: text in double quotes, escaped
    (like repr) when it holds control or other unprintable characters, so a
    message never carries a raw escape sequence to a terminal.  A date or
    time (a spreadsheet turns "12-3" into one) is named as what it is."""
    if isinstance(value, datetime.datetime) and value.time() == datetime.time():
        value = value.date()
    if isinstance(value, datetime.date | datetime.time | datetime.timedelta):
        kind = "a date" if isinstance(value, datetime.date) else "a time"
        return f"{kind} ({value}), not a number"
    if not isinstance(value, str):
        return repr(value)
    if value.isprintable():
        return f'"{value}"'
    return '"' + repr(value)[1:-1].replace('"', '\\"') + '"'


# A number typed as text: ASCII digits, sign, point and exponent only (what a
# spreadsheet reads as a number; Python's int() would also take "1_0" or
# other scripts' digits).
_NUMBER_TEXT = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?", re.ASCII)


def is_blank(value: object) -> bool:
    """Empty: None, or text of white space only."""
    return value is None or (isinstance(value, str) and value.strip() == "")


class Refused:
    """What a reader (:data:`READERS`) gives for a value its field refuses:
    the one :data:`REFUSED`, found without building an error."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "REFUSED"


REFUSED = Refused()


def read_whole(value: object, low: int, high: int) -> int | Refused | None:
    """:func:`parse_whole` without the error: :data:`REFUSED` for a value it refuses."""
    if type(value) is float:
        return int(value) if value.is_integer() and low <= value <= high else REFUSED
    if type(value) is int:
        return value if low <= value <= high else REFUSED
    if value is None:
        return None
    if type(value) is str and value.isdigit() and value.isascii() and len(value) < 20:
        # digits alone (a CSV's "15"), too few to be past int()'s limit
        whole = int(value)
        return whole if low <= whole <= high else REFUSED
    if is_blank(value):
        return None
    number: float | int | None = None
    if isinstance(value, bool):
        pass
    elif isinstance(value, int | float):
        number = value
    elif isinstance(value, str):
        number = number_text(value)
    if isinstance(number, float) and math.isfinite(number) and number == math.floor(number):
        number = int(number)
    if type(number) is int and low <= number <= high:
        return number
    return REFUSED


def parse_whole(
    value: object, what: str, low: int, high: int, where: str = "", field: str | None = None
) -> int | None:
    """A whole number in ``low..high`` from a cell value; blank gives None.

    Accepts ints, integral floats (as spreadsheets deliver them) and text
    holding a whole number; anything else is an InputError naming ``where``
    (and ``field``: ``what`` when not given).
    """
    number = read_whole(value, low, high)
    if not isinstance(number, Refused):
        return number
    seen = repr(value) if isinstance(value, bool) else describe(value)
    raise InputError(
        f"{what} must be a whole number {low}-{high}, got {seen}",
        where,
        field=field or what,
        value=value,
    )


def parse_round(value: object, where: str = "") -> int | None:
    """Round number (1-10,000); blank gives None."""
    return parse_whole(value, "round", 1, MAX_ROUND, where)


def parse_board(value: object, where: str = "") -> int | None:
    """Board number within its round (1-100,000); blank gives None."""
    return parse_whole(value, "board", 1, MAX_BOARD, where)


def parse_centres(value: object, where: str = "") -> int | None:
    """Final centre count 0-34; blank (not entered yet) gives None."""
    return parse_whole(value, "centres", 0, MAX_CENTRES, where)


def parse_year(value: object, where: str = "") -> int | None:
    """Elimination year (1901-2100); blank gives None."""
    return parse_whole(value, "elimination year", FIRST_YEAR, LAST_YEAR, where, "eliminated")


def parse_final_year(value: object, where: str = "") -> int | None:
    """The year of a game's final centre counts (1901-2100); blank gives None."""
    return parse_whole(value, "final year", FIRST_YEAR, LAST_YEAR, where, "year")


# The draw flags every surface reads alike, and the workbook's formulas too
# (``formulas.member``): Y/Yes, N/No, any case.  Numbers and TRUE/FALSE are
# refused, not guessed: Excel on the web sends a blank cell as 0, and a
# spreadsheet compares TRUE, 1 and "Y" as three different things.
_YES = {"y", "yes"}
_NO = {"n", "no"}


def read_draw(value: object) -> bool | Refused | None:
    """:func:`parse_draw` without the error: :data:`REFUSED` for a value it refuses."""
    if is_blank(value):
        return None
    text = value.strip().lower() if isinstance(value, str) else None
    if text in _YES:
        return True
    if text in _NO:
        return False
    return REFUSED


def parse_draw(value: object, where: str = "") -> bool | None:
    """Draw-member flag: ``Y`` or ``Yes`` (in the draw), ``N`` or ``No``
    (a survivor left out), any case, spaces around ignored; blank gives
    None (every survivor is in the draw).  Anything else is an InputError."""
    flag = read_draw(value)
    if not isinstance(flag, Refused):
        return flag
    raise InputError(
        f"draw must be Y, N or blank (Yes and No too), got "
        f"{repr(value) if isinstance(value, bool) else describe(value)}",
        where, field="draw", value=value,
    )


_POWER_ALIASES: dict[str, Power] = {
    alias: p for p in Power for alias in (p.name.lower(), p.name[:3].lower(), p.name[0].lower())
}
_POWER_ALIASES.update(
    {
        "austria hungary": Power.AUSTRIA,
        "a h": Power.AUSTRIA,
        "ah": Power.AUSTRIA,
        "aut": Power.AUSTRIA,
        "great britain": Power.ENGLAND,
        "britain": Power.ENGLAND,
        "frn": Power.FRANCE,
        "deu": Power.GERMANY,
        "ity": Power.ITALY,
        "tky": Power.TURKEY,
        "ottoman empire": Power.TURKEY,
    }
)


def read_power(value: object) -> Power | Refused:
    """:func:`parse_power` without the error: :data:`REFUSED` for a value it refuses."""
    if isinstance(value, Power):
        return value
    if isinstance(value, str):
        quick = _POWER_ALIASES.get(value.lower())
        if quick is not None or value.isalnum():  # nothing to fold: no other spelling
            return REFUSED if quick is None else quick
        found = _POWER_ALIASES.get(re.sub(r"[\s_\-]+", " ", value.strip().lower()))
        if found is not None:
            return found
    return REFUSED


def parse_power(value: object, where: str = "") -> Power:
    """A power from its name, abbreviation or a ``Power``; else InputError."""
    power = read_power(value)
    if not isinstance(power, Refused):
        return power
    raise InputError(
        f"power must be one of {', '.join(POWERS)} (or A/E/F/G/I/R/T), got {value!r}",
        where,
        field="power",
        value=value,
    )


# Bidirectional embedding, override and isolate controls: they make a name
# display as other text ("Trojan Source"); never needed in a name.
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# A player's name longer than this is a paste gone wrong, not a name (a
# spreadsheet cell holds 32,767 characters; no table shows 256).
MAX_NAME = 255


def _invisible(ch: str) -> bool:
    """A character that prints as nothing: the format characters (zero-width
    space, non-joiner and joiner, word joiner, direction marks, byte order
    mark, soft hyphen ...) other than the bidirectional controls refused."""
    return unicodedata.category(ch) == "Cf" and ch not in _BIDI


def parse_player(value: object, where: str = "") -> str:
    """A player's name as text, read as :func:`parse_text` reads text (NFC,
    invisible characters dropped, white space folded); blank gives ``""``.

    Numbers are accepted (``12.0`` reads as ``"12"``); anything else that is
    not text, and a name longer than :data:`MAX_NAME`, is an InputError.
    """
    if type(value) is str and value.isprintable() and value == value.strip() \
            and "  " not in value and len(value) <= MAX_NAME \
            and (value.isascii() or unicodedata.is_normalized("NFC", value)):
        return value
    if value is None:
        return ""
    if isinstance(value, str):
        name = parse_text(value, "player name", where, "player")
        if len(name) > MAX_NAME:
            raise InputError(
                f"player name is {len(name):,} characters long, more than {MAX_NAME} "
                f"(pasted by mistake?): {describe(name[:40])}...",
                where, field="player", value=value,
            )
        return name
    if isinstance(value, float) and math.isfinite(value):
        return str(int(value)) if value.is_integer() else str(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    raise InputError(
        f"player must be a name, got {describe(value)}", where, field="player", value=value
    )


def parse_text(value: str, what: str = "text", where: str = "", field: str | None = None) -> str:
    """User text (a name, a title) as every input reads it, so that two
    texts that print the same are the same text: Unicode NFC (an accented
    letter typed as one code point or as a letter and a combining accent
    alike), invisible characters (:func:`_invisible`) dropped, white space
    folded.  Control characters (tab and line breaks aside) and
    bidirectional overrides are an InputError naming ``what``."""
    if not value.isprintable() and any(
        (unicodedata.category(ch) in ("Cc", "Cs") and ch not in "\t\n\r") or ch in _BIDI
        for ch in value
    ):
        raise InputError(
            f"{what} holds a control character: {describe(value)}",
            where,
            field=field or what,
            value=value,
        )
    if not value.isascii():
        value = unicodedata.normalize("NFC", "".join(ch for ch in value if not _invisible(ch)))
    return " ".join(value.split())


# ---------------------------------------------------------------- unread


class Unread:
    """What a board field's reader gives for a value that no spreadsheet
    formula would read as that field (text in a count, ``x`` in a draw
    column): the one :data:`UNREAD`.  It is not an error: the value's board
    is not counted, on every surface, with a warning naming the cell, as a
    generated workbook's own formulas leave it out (:attr:`Field.board`)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNREAD"


UNREAD = Unread()


def number_text(value: str) -> int | float | None:
    """The number a text holds as a TD types one into a text file, or None:
    spaces around (no-break spaces too) and full-width digits are read
    (Unicode NFKC: full-width 17 is 17); a decimal comma is not (``"17,0"``:
    a thousands separator to some, a decimal comma to others)."""
    text = value if value.isascii() else unicodedata.normalize("NFKC", value)
    text = text.strip()
    if not _NUMBER_TEXT.fullmatch(text):
        return None
    try:
        return int(text)
    except ValueError:
        return float(text)


def _count_reader(low: int, high: int, sheet: bool) -> Callable[[object], object]:
    """The reader of a count or a year (a board field): in a spreadsheet
    (``sheet``) only a number is one, any text is :data:`UNREAD` (the
    formulas' COUNT skips it: ``"8 "`` and ``"8"`` alike); in a text file the
    text is read as :func:`number_text` reads it.  A number outside
    ``low..high`` or fractional is :data:`REFUSED` (an error) everywhere."""

    def read(value: object) -> object:
        if type(value) is float:
            return int(value) if value.is_integer() and low <= value <= high else REFUSED
        if type(value) is int:
            return value if low <= value <= high else REFUSED
        if value is None or value == "":
            return None
        if type(value) is str:
            if sheet:
                return UNREAD
            if not value.strip():
                return None
            number = number_text(value)
            if number is None:
                return UNREAD
            return read(float(number) if type(number) is float else number)
        if isinstance(value, bool):
            return UNREAD
        return read_whole(value, low, high)

    return read


def _flag_reader(sheet: bool) -> Callable[[object], object]:
    """The reader of a draw flag: Y, Yes, N, No in any case; in a text file
    spaces around them too, in a spreadsheet not (COUNTIF does not match
    ``" Y"``).  Anything else (``x``, 1, TRUE) is :data:`UNREAD`."""

    def read(value: object) -> object:
        if value is None or value == "":
            return None
        if type(value) is float and not math.isfinite(value):
            return REFUSED  # no cell holds one: a program's value, never a flag
        if type(value) is not str:
            return UNREAD
        text = value.lower() if sheet else value.strip().lower()
        if not sheet and not text:
            return None
        if text in _YES:
            return True
        if text in _NO:
            return False
        return UNREAD

    return read


# What a message calls the value of each count or year field (a chart
# column is "the chart's 1905 count").
_COUNT_NAMES = {"centres": "centres", "eliminated": "elimination year", "year": "final year"}


def unread_reason(field: str, value: object, sheet: bool) -> str:
    """Why a value of board field ``field`` is :data:`UNREAD`, and what to
    type instead."""
    seen = repr(value) if isinstance(value, bool) else describe(value)
    if field == "draw":
        if isinstance(value, bool):
            return (f"draw {seen} (a checkbox?) is not a draw flag: type Y for a draw "
                    "member, N for a survivor left out, or leave it blank")
        if isinstance(value, str) and not value.strip():
            return "draw holds only spaces, which a spreadsheet counts as an entry: clear it"
        if isinstance(value, str) and read_draw(value) is not REFUSED:
            return (f"draw {seen} has spaces around it, which a spreadsheet's COUNTIF "
                    "does not read: type it without them")
        return (f"draw {seen} is not a draw flag: type Y for a draw member, N for a "
                "survivor left out, or leave it blank")
    year = chart_year(field)
    what = f"the chart's {year} count" if year is not None else _COUNT_NAMES[field]
    if isinstance(value, bool):
        return f"{what} {seen} (a checkbox?) is not a number: type the number"
    if isinstance(value, str):
        if not value.strip():
            return f"{what} holds only spaces, which a spreadsheet counts as text: clear it"
        if sheet and number_text(value) is not None:
            return (f"{what} {seen} is a number typed as text, which a spreadsheet's "
                    "formulas skip: type it as a number")
        if "," in value and number_text(value.replace(",", ".")) is not None:
            return f"{what} {seen} has a decimal comma: type a whole number"
    return f"{what} {seen} is not a number: type a whole number"


# ---------------------------------------------------------------- the fields


@dataclass(frozen=True)
class Field:
    """One input field of a result row, declared once: every reader (CSV,
    workbooks, the worksheet functions) and a generated workbook's formulas
    take their reading of it from here.

    - ``header``: its column header in a generated workbook; ``synonyms``:
      the headers read for it (:data:`HEADER_SYNONYMS`);
    - ``parse``: the value or an InputError saying why not; ``read``: the
      same without the error (:data:`REFUSED`), for a text file, and
      ``read_cell`` for a spreadsheet cell, where text is text;
    - ``board``: a value that cannot be read (:data:`UNREAD`) leaves its
      board not counted, with a warning, instead of refusing the file: a
      generated workbook's formulas do the same;
    - ``number``: held as a number; a generated workbook's formulas COUNT
      it, and a board with text in it is not counted (``formulas.typed``);
    - ``flags``: the texts a flag field accepts (``formulas.flags_read``
      counts them with COUNTIF, which ignores case as the readers do);
    - ``careless``: what a TD's careless forms mean (README, Help);
    - ``bounds``: the lowest and highest number a number board field
      holds (others are refused: an error in dipxl score, the board not
      counted by a generated workbook's formulas).
    """

    name: str
    header: str
    synonyms: tuple[str, ...]
    parse: Callable[..., object]
    read: Callable[[object], object]
    read_cell: Callable[[object], object]
    required: bool = False
    board: bool = False
    number: bool = False
    flags: tuple[str, ...] = ()
    careless: str = ""
    instead: str = ""  # what to type, said to a column of checkboxes
    bounds: tuple[int, int] | None = None


def _read_player(value: object) -> str | Refused:
    """:func:`parse_player`, :data:`REFUSED` for a value it refuses (rare:
    names are refused one by one)."""
    try:
        return parse_player(value)
    except InputError:
        return REFUSED


def _whole(low: int, high: int) -> Callable[[object], object]:
    return lambda value: read_whole(value, low, high)  # a lambda calls faster than a partial


_COUNTS = (
    "Text is not a number in a spreadsheet: a count typed as text (\"8 \", \"8\") leaves its "
    "board not counted, with a warning naming the cell, in the workbook's formulas, dipxl "
    "score and the worksheet functions alike. In a CSV file spaces around a number, no-break "
    "spaces and full-width digits are read; a decimal comma (17,0) or other text is not, and "
    "leaves the board not counted."
)

FIELD_SPECS: tuple[Field, ...] = (
    Field("round", "Round", HEADER_SYNONYMS["round"], parse_round, _whole(1, MAX_ROUND),
          _whole(1, MAX_ROUND), required=True, number=True,
          careless="A whole number; text holding one is read (\"2\", \" 2 \").",
          instead="type the round's number"),
    Field("board", "Board", HEADER_SYNONYMS["board"], parse_board, _whole(1, MAX_BOARD),
          _whole(1, MAX_BOARD), required=True, number=True,
          careless="A whole number; text holding one is read.",
          instead="type the board's number"),
    Field("power", "Power", HEADER_SYNONYMS["power"], parse_power, read_power, read_power,
          required=True,
          careless="A power's name or abbreviation in any case (A, Aus, Austria-Hungary).",
          instead="type the power's name (Austria, England, France, Germany, Italy, Russia, "
          "Turkey)"),
    Field("player", "Player", HEADER_SYNONYMS["player"], parse_player, _read_player,
          _read_player, required=True,
          careless="Case, spaces around and doubled, accents typed as one character or "
          "two, invisible characters: one player, with a warning where two spellings "
          "meet; a name one letter or an accent away from another gets \"did you mean\".",
          instead="type the player's name"),
    Field("centres", "Centres", HEADER_SYNONYMS["centres"], parse_centres,
          _count_reader(0, MAX_CENTRES, False), _count_reader(0, MAX_CENTRES, True),
          required=True, board=True, number=True, careless=_COUNTS,
          instead="type the centres held at the end (0-34)", bounds=(0, MAX_CENTRES)),
    Field("eliminated", "Eliminated", HEADER_SYNONYMS["eliminated"], parse_year,
          _count_reader(FIRST_YEAR, LAST_YEAR, False),
          _count_reader(FIRST_YEAR, LAST_YEAR, True), board=True, number=True,
          careless=_COUNTS, instead="type the year the power was eliminated, or leave blank",
          bounds=(FIRST_YEAR, LAST_YEAR)),
    Field("draw", "Draw", HEADER_SYNONYMS["draw"], parse_draw, _flag_reader(False),
          _flag_reader(True), board=True, flags=("Y", "Yes", "N", "No"),
          careless="Y, Yes, N or No in any case; in a CSV file spaces around them too. "
          "Anything else (x, 1, TRUE, \" Y\" in a spreadsheet) leaves the board not counted, "
          "with a warning naming the cell.",
          instead="type Y for a draw member, N for a survivor left out, or leave blank"),
    Field("year", "Year", HEADER_SYNONYMS["year"], parse_final_year,
          _count_reader(FIRST_YEAR, LAST_YEAR, False),
          _count_reader(FIRST_YEAR, LAST_YEAR, True), board=True, number=True,
          careless=_COUNTS, instead="type the year of the final centre counts (on any row of "
          "the board, or every row alike), or leave blank", bounds=(FIRST_YEAR, LAST_YEAR)),
)
SPEC = {f.name: f for f in FIELD_SPECS}
if tuple(SPEC) != FIELDS or tuple(f.name for f in FIELD_SPECS if f.required) != REQUIRED:
    raise AssertionError("FIELD_SPECS and FIELDS disagree")  # pragma: no cover

def seat_entries(seat: Seat) -> dict[str, object]:
    """What a seat's row holds in each entry field after the power, as a
    TD types it (``Y``/``N`` for the draw flag; None where blank): the
    workbook writers fill Results with these."""
    flag = None if seat.in_draw is None else ("Y" if seat.in_draw else "N")
    return {"player": seat.player or None, "centres": seat.centres,
            "eliminated": seat.eliminated, "draw": flag, "year": seat.year}


# Each field's parser, in the order fields are read.
PARSERS: dict[str, Callable[[object], object]] = {f.name: f.parse for f in FIELD_SPECS}
# Each field's reader: its parser without the error, :data:`REFUSED` for a
# value the parser refuses (to tell many values apart fast; the parser says
# why), :data:`UNREAD` for a board field's value no formula reads; for a
# text file (READERS) and for spreadsheet cells (CELL_READERS).
READERS: dict[str, Callable[[object], object]] = {f.name: f.read for f in FIELD_SPECS}
CELL_READERS: dict[str, Callable[[object], object]] = {
    f.name: f.read_cell for f in FIELD_SPECS}


# ---------------------------------------------------------------- the chart
#
# The year-by-year chart (Maxonian reads it): one column a year, headed by
# the year (1901, 1902, ...: text, or the number in a spreadsheet), holding
# each power's count of that year (0-34; blank: not entered).  Its columns
# are keyed by the year as text ("1901") in the readers' columns, beside
# the fields, and read as the other counts are (a value refused is an
# error, text in a spreadsheet leaves the board not counted).


def chart_year(header: object) -> int | None:
    """The year a chart column's header names (1901-2100: ``"1901"``, a
    number 1901 in a spreadsheet), else None."""
    if type(header) is str:
        text = header.strip()
        if len(text) != 4 or not text.isascii() or not text.isdigit():
            return None
        year = int(text)
    elif type(header) is int:
        year = header
    elif type(header) is float and header.is_integer():
        year = int(header)
    else:
        return None
    return year if FIRST_YEAR <= year <= LAST_YEAR else None


def chart_columns(row: Sequence[object]) -> dict[str, int]:
    """The column (0-based) of each chart year a header row names, keyed by
    the year as text (``"1901"``); the first column naming a year wins."""
    found: dict[str, int] = {}
    for index, text in enumerate(row):
        year = chart_year(text)
        if year is not None and str(year) not in found:
            found[str(year)] = index
    return found


def parse_chart_count(value: object, year: int, where: str = "") -> int | None:
    """A chart count of ``year`` (0-34); blank gives None."""
    return parse_whole(value, f"the chart's {year} count", 0, MAX_CENTRES, where, "chart")


# Readers of a chart count: a text file's, a spreadsheet cell's.
CHART_READ = _count_reader(0, MAX_CENTRES, False)
CHART_READ_CELL = _count_reader(0, MAX_CENTRES, True)


# ---------------------------------------------------------------- around the games
#
# Columns of a results table beside the seven fields of a seat (issue 26):
# ``adjustment`` (points added to a player's total, + or -) and ``note``
# (the TD's reason for it).  They are not fields of a seat: a row with a
# player and no board and no power is a sit-out, or, with an adjustment,
# an adjustment (:mod:`dipxl.rows`).  Their headers are found by
# :func:`extra_columns`, beside :func:`header_columns`, by the readers that
# read them (a CSV file, a workbook's results sheet).
#
# No ``penalty`` or ``bonus`` header: a penalty typed as 5 would mean -5 to
# one TD and +5 to another; an adjustment is signed, as typed.

EXTRA_FIELDS = ("adjustment", "note")
EXTRA_SYNONYMS: dict[str, tuple[str, ...]] = {
    "adjustment": ("adjustment", "adjustments", "adj", "points adjustment",
                   "adjustment points", "score adjustment"),
    "note": ("note", "notes", "adjustment note", "reason"),
}
# The Players sheet's (and a players file's) column of who is ranked.
STATUS_SYNONYMS = ("status", "player status")
MAX_ADJUSTMENT = 1_000_000  # points beyond this are a typo (or a paste)

_EXTRA_LOOKUP = {
    _header_key(alias): name for name, aliases in EXTRA_SYNONYMS.items() for alias in aliases
}


def extra_columns(row: Sequence[object]) -> dict[str, int]:
    """The column (0-based) of ``adjustment`` and ``note`` in a header row
    (:data:`EXTRA_SYNONYMS`), those it names; the first column naming one wins."""
    found: dict[str, int] = {}
    for index, text in enumerate(row):
        if isinstance(text, str):
            name = _EXTRA_LOOKUP.get(_header_key(text))
            if name is not None and name not in found:
                found[name] = index
    return found


def parse_adjustment(value: object, where: str = "", sheet: bool = False) -> float | None:
    """Points of an adjustment, a number with its sign (``-5`` a penalty,
    ``+2.5`` a bonus); blank gives None.  In a text file (not ``sheet``) a
    number typed as text is read (spaces around, a leading ``+``, the
    minus sign U+2212); in a spreadsheet only a number is one (text holding
    a number is an error saying so, as a spreadsheet's SUM would skip it).
    Anything else, and a number beyond :data:`MAX_ADJUSTMENT`, is an
    InputError naming the field."""
    if is_blank(value):
        return None
    number: object = None
    if isinstance(value, int | float) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str) and not sheet:
        number = number_text(value.replace("\u2212", "-"))
    if isinstance(number, int | float) and math.isfinite(number) \
            and abs(number) <= MAX_ADJUSTMENT:
        return float(number)
    seen = repr(value) if isinstance(value, bool) else describe(value)
    if isinstance(number, int | float):
        why = f"more than {MAX_ADJUSTMENT:,} points either way"
    elif isinstance(value, str) and sheet and number_text(value) is not None:
        why = "a number typed as text, which a spreadsheet's formulas skip: type it as a number"
    elif isinstance(value, str) and "," in value \
            and number_text(value.replace(",", ".")) is not None:
        why = "a decimal comma: type a decimal point"
    else:
        why = "not a number"
    raise InputError(
        f"adjustment must be a number of points (+ or -), got {seen}: {why}",
        where, field="adjustment", value=value,
    )


def parse_note(value: object, where: str = "") -> str:
    """An adjustment's note, read as text is (:func:`parse_text`); blank
    gives ``""``, a number its text."""
    if value is None:
        return ""
    if isinstance(value, str):
        return parse_text(value, "note", where, "note")
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


_STATUSES = {s.value: s for s in Status}


def parse_status(value: object, where: str = "") -> Status:
    """Who is ranked, from a Players ``status`` cell: blank (ranked),
    ``withdrawn`` or ``unranked``, any case, spaces around ignored; anything
    else is an InputError naming the allowed values."""
    if is_blank(value):
        return Status.RANKED
    if isinstance(value, str):
        found = _STATUSES.get(" ".join(value.split()).lower())
        if found is not None:
            return found
    seen = repr(value) if isinstance(value, bool) else describe(value)
    raise InputError(
        f"status must be blank (ranked), withdrawn or unranked, got {seen}",
        where, field="status", value=value,
    )
