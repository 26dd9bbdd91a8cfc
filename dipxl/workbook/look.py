"""How a column looks, decided by what it holds: one place for every
workbook dipxl writes (the generated workbook's sheets and the scored
output alike).

A column's :class:`Kind` comes from its name (a table's snake-case name
such as ``total_centres`` or a header such as ``Total centres``):
:data:`KINDS` names the known ones, a round column (``round_2``,
``Round 2``) is a score, and any other column is taken for a score too,
so that a column another part adds (a tie-breaker's points, a round's
score) is shown as scores are.  :class:`Look` turns a kind into a number
format, an alignment (a header is aligned as its data) and a width that
fits the header.

Scores are shown to 2 decimals, or to the system's own: ``round_to``
when the parameters round each game (0 for whole points), 4 for HTM (Hurst
shows its scores to 4 decimals).  Counts and years are whole numbers.
Number formats change what is shown, never a value: formulas and the
engine compare the full numbers.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from enum import Enum
from typing import Any

from dipxl.tables import display_decimals

__all__ = ["KINDS", "Kind", "Look", "column_kind", "column_name"]


class Kind(Enum):
    """What a column holds."""

    TEXT = "text"  # names, notes, codes: left
    FLAG = "flag"  # Y/N or 1/0 marks: centred
    COUNT = "count"  # games, centres, ranks, ids, keys: whole numbers
    YEAR = "year"  # an elimination year: whole, no separator
    SCORE = "score"  # points: the system's decimals
    MEAN = "mean"  # an average of counts: 2 decimals (or the score's, if more)
    EXACT = "exact"  # a number written as text (a fraction, 47/12): as it is, right


KINDS: dict[str, Kind] = {
    **dict.fromkeys(
        (
            "player", "first_name", "last_name", "power", "best_country", "where", "warning",
            "code", "setting", "value", "notes", "source", "title", "system",
        ),
        Kind.TEXT,
    ),
    **dict.fromkeys(("in_draw", "solo", "draw", "finalist"), Kind.FLAG),
    **dict.fromkeys(
        (
            "rank", "games", "round", "board", "centres", "id", "player_id", "game_done",
            "wins", "draws", "total_centres", "solos", "eliminations", "holders", "result",
            "power_total", "result_total", "tally", "rank_key", "game_key", "row", "after_round",
            "chart_key_1", "chart_key_2", "chart_key_3", "chart_flag", "chart_check",
        ),
        Kind.COUNT,
    ),
    "eliminated": Kind.YEAR,
    "year": Kind.YEAR,
    "chart_until": Kind.YEAR,
    **dict.fromkeys(("exact", "exact_score"), Kind.EXACT),
    **dict.fromkeys(("mean_centres", "power_mean"), Kind.MEAN),
}  # fmt: skip

def column_name(header: str) -> str:
    """``Total centres`` -> ``total_centres`` (a name stays as it is)."""
    return re.sub(r"[^a-z0-9]+", "_", header.strip().lower()).strip("_")


def column_kind(header: str) -> Kind:
    """The kind of a column named or headed ``header`` (a score unless
    :data:`KINDS` says otherwise)."""
    name = column_name(header)
    if name.isdigit():  # a year of the chart (1901): that year's centre count
        return Kind.COUNT
    return KINDS.get(name, Kind.SCORE)  # a round's column (round_2) is a score too


_ALIGN = {Kind.TEXT: "left", Kind.FLAG: "center"}
# Narrowest width (characters) of a column of each kind.
_MIN_WIDTH = {Kind.TEXT: 10.0, Kind.FLAG: 6.0, Kind.COUNT: 6.0, Kind.YEAR: 7.0}
# A bold header is wider than its characters in the width unit (the
# width of "0" in the default font); a little spare for the filter button.
_BOLD = 1.15
_SPARE = 2.5


@dataclass(frozen=True)
class Look:
    """The formats of one system's workbook: ``decimals`` of a score."""

    decimals: int = 2

    @classmethod
    def of(cls, system: Any, params: Any = None) -> Look:
        """The look of ``system`` (a registry entry) under ``params``: HTM
        to 4 decimals, a system rounding each game to ``round_to``
        decimals to those, any other to 2."""
        return cls(display_decimals(system, params))  # as the terminal and CSV show them

    def number_format(self, header: str) -> str:
        """The number format of a column (``General`` for text)."""
        kind = column_kind(header)
        if kind in (Kind.COUNT, Kind.YEAR, Kind.FLAG):
            return "0"
        if kind is Kind.SCORE:
            return _decimals(self.decimals)
        if kind is Kind.MEAN:
            return _decimals(max(2, self.decimals))
        return "General"

    def align(self, header: str) -> str:
        """The horizontal alignment of a column's header and data."""
        return _ALIGN.get(column_kind(header), "right")

    def indent(self, header: str) -> int:
        """The indent of a column: text a step in from the left, clear of a
        number to its left."""
        return 1 if column_kind(header) is Kind.TEXT else 0

    def width(self, header: str, widest: float = 0.0) -> float:
        """A width that fits the bold header and ``widest`` (the widest
        value as shown, in characters)."""
        kind = column_kind(header)
        need = max(len(header) * _BOLD, widest) + _SPARE + self.indent(header)
        return float(math.ceil(max(need, _MIN_WIDTH.get(kind, 8.0))))

    def decimals_of(self, header: str) -> int | None:
        """The decimals a column shows its numbers with (None: General)."""
        fmt = self.number_format(header)
        if fmt == "General":
            return None
        return len(fmt.split(".")[1]) if "." in fmt else 0


def _decimals(n: int) -> str:
    return "0" if n <= 0 else "0." + "0" * n
