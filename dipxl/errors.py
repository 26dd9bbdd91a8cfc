"""One error hierarchy for everything dipxl refuses, and the warning record.

Every message says what was wrong, where (a cell such as ``Results!E14``, or
round/board/power/player when no cell is known) and the value seen.  Bad data
never produces a number: it raises one of these.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Self

__all__ = [
    "NOTICE_KINDS",
    "DipxlError",
    "InputError",
    "InputErrors",
    "Notice",
    "ParameterError",
    "UnknownSystemError",
    "grouped",
    "listed",
    "ordered",
]


class DipxlError(Exception):
    """Base of every error dipxl raises on purpose.

    ``where`` names the place (a cell, a file, or round/board/power/player);
    ``str(error)`` is ``"<where>: <message>"`` so it can be shown as it is.

    What the error is about, for programs (nobody parses the message):
    ``field`` (an input field such as ``centres``, ``eliminated``,
    ``power``, or a parameter's name; None when about the whole input),
    ``value`` (the value seen; for an error about some seats of a game,
    the tuple of their powers) and ``cell`` (the cell or row it came from,
    without the file; ``""`` when unknown).
    """

    def __init__(
        self,
        message: str,
        where: str = "",
        *,
        field: str | None = None,
        value: object = None,
        cell: str = "",
    ) -> None:
        self.message = message
        self.where = where
        self.field = field
        self.value = value
        self.cell = cell
        super().__init__(f"{where}: {message}" if where else message)

    def located(self, where: str) -> Self:
        """The same error with ``where`` prefixed (e.g. the file name)."""
        return self.moved(f"{where}: {self.where}" if self.where else where)

    def moved(self, where: str, cell: str | None = None) -> Self:
        """The same error at another place (``cell`` too, when given)."""
        return type(self)(
            self.message,
            where,
            field=self.field,
            value=self.value,
            cell=self.cell if cell is None else cell,
        )


class InputError(DipxlError):
    """Tournament data that cannot be scored: a bad value or a broken game."""


class InputErrors(InputError):
    """Several problems of one input found in one pass, in the input's order,
    so that a TD sees them all at once: ``message`` and ``where`` are the
    first one's; ``problems`` holds the first of them (at most :data:`KEPT`,
    each located in full) and ``total`` counts them all; ``str()`` is one
    line a problem, the first :data:`SHOWN`, then a line that counts the
    others.

    An input with a million bad cells is refused as fast as one with a
    thousand: a reader locates the first :data:`KEPT` problems and only
    counts the rest."""

    SHOWN = 50
    KEPT = 1000

    def __init__(
        self, problems: Sequence[InputError], total: int | None = None, label: str = ""
    ) -> None:
        first = problems[0]
        super().__init__(
            first.message, first.where, field=first.field, value=first.value, cell=first.cell
        )
        self.problems = tuple(problems)
        self.total = len(self.problems) if total is None else max(total, len(self.problems))
        self.label = label  # the file (what located() added): the count line names it too

    @property
    def unlisted(self) -> int:
        """How many problems were counted but not kept in ``problems``."""
        return self.total - len(self.problems)

    def __str__(self) -> str:
        return "\n".join(
            listed(list(map(str, self.problems[: self.SHOWN])), self.total, where=self.label)
        )

    def located(self, where: str) -> Self:
        return type(self)([problem.located(where) for problem in self.problems], self.total,
                          f"{where}: {self.label}" if self.label else where)

    def moved(self, where: str, cell: str | None = None) -> Self:
        """Every problem at ``where`` (one input's problems found elsewhere)."""
        return type(self)(
            [problem.moved(where, cell) for problem in self.problems], self.total, self.label
        )

    def first(self) -> InputError:
        """The first problem alone, saying how many more there are (for a
        place with room for one line, such as a worksheet cell)."""
        head = self.problems[0]
        return InputError(
            f"{head.message} (and {_more(self.total - 1)})",
            head.where,
            field=head.field,
            value=head.value,
            cell=head.cell,
        )

    @staticmethod
    def of(problems: Sequence[InputError], total: int | None = None) -> InputError:
        """The one problem itself, or all of them (``total`` counts those
        not kept in ``problems`` too)."""
        if len(problems) == 1 and (total is None or total <= 1):
            return problems[0]
        return InputErrors(problems, total)


def _more(count: int, what: str = "problem") -> str:
    return f"{count:,} more {what}{'' if count == 1 else 's'}"


def listed(
    texts: Sequence[str], total: int | None = None, what: str = "problem",
    shown: int = InputErrors.SHOWN, where: str = "",
) -> list[str]:
    """The first ``shown`` of ``texts`` (problems, warnings), then a line
    counting the others (``and 1,234 more problems``, after ``where``, the
    file, when given): ``total`` of them in all (the length of ``texts``
    when not given).  For a terminal or a message, where tens of thousands
    of lines help nobody."""
    total = len(texts) if total is None else total
    lines = list(texts[:shown])
    if total > len(lines):
        more = f"and {_more(total - len(lines), what)}"
        lines.append(f"{where}: {more}" if where else more)
    return lines


class ParameterError(DipxlError):
    """A scoring parameter outside what its system allows."""


class UnknownSystemError(DipxlError):
    """A system id that is not in the registry."""


# Every warning code: whether it may change a score (a board or a seat not
# counted, a count that looks mistyped, a name that may be one player typed
# two ways) or is information only (scoring is as the rules say: a power
# played again, a player on two boards of a round, a file's encoding), and
# how a line counting many of that kind names them.  Warnings that may
# change a score are shown first, one a line; information is one line a
# kind with its count; ``--strict`` makes only the first kind errors.
NOTICE_KINDS: dict[str, tuple[bool, str]] = {
    "not_counted": (True, "boards not counted: a value no formula reads"),
    "board_half_entered": (True, "boards not counted: some centre counts blank"),
    "not_on_players": (True, "players not on the Players sheet"),
    "did_you_mean": (False, "names one letter or an accent from another, never in one round"),
    "similar_names": (True, "names that differ only in case"),
    "names_alike": (True, "names typed two ways that print alike"),
    "other_results_sheet": (True, "other sheets with results, not read"),
    "no_elimination_year": (True, "eliminated players with no elimination year"),
    "tie_without_chart": (True, "ties on centres no year-by-year chart breaks (shared)"),
    "round_not_finished": (True, "rounds asked for with no finished board"),
    "centres_over_34": (True, "boards whose centres total more than 34"),
    "centres_under_22": (True, "boards whose centres total fewer than 22"),
    "repeated_power": (False, "a power played again before all seven"),
    "two_games_in_round": (False, "a player on two boards of one round"),
    "sat_out_twice": (False, "sit-outs typed on two rows (read once)"),
    "not_utf8": (True, "files read as Windows-1252 (a name may read wrong)"),
    "round_systems_scale": (False, "round systems whose scales differ more than 10 times"),
    "adjustment_no_player": (True, "adjustments of a player not in the standings"),
}


@dataclass(frozen=True, slots=True)
class Notice:
    """Something odd that does not stop scoring (SCORING.md section 1).

    ``code`` is stable (``centres_over_34``, ``centres_under_22``,
    ``board_half_entered``, ``repeated_power``, ``two_games_in_round``,
    ``similar_names``, ``names_alike``, ``not_on_players``,
    ``other_results_sheet``, ``no_elimination_year``, ``round_not_finished``,
    ``round_systems_scale``, ``adjustment_no_player``, ``sat_out_twice``)
    so tools can filter.
    """

    code: str
    message: str
    where: str = ""
    # The (round, board) a notice about one board is about, and how the
    # standings' status line names it (``Results!E51 text "8 "``).
    board: tuple[int, int] | None = None
    brief: str = ""
    count: int = 1  # how many cases it names (rows of one unknown player)

    @property
    def changes_score(self) -> bool:
        """Whether it may change a score (:data:`NOTICE_KINDS`; a code not
        listed is taken to)."""
        return NOTICE_KINDS.get(self.code, (True, ""))[0]

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


def ordered(notices: Iterable[Notice]) -> tuple[Notice, ...]:
    """Warnings that may change a score first, each kind in its order."""
    return tuple(sorted(notices, key=lambda n: not n.changes_score))


def grouped(notices: Sequence[Notice]) -> list[str]:
    """Warnings as a TD reads them: those that may change a score first,
    one a line (``<where>: <message>``), then each kind of information as
    one line with its count and its first case (:data:`NOTICE_KINDS`; the
    full list stays in the JSON output and the xlsx Warnings sheet)."""
    lines = [str(n) for n in notices if n.changes_score]
    kinds: dict[str, list[Notice]] = {}
    for n in notices:
        if not n.changes_score:
            kinds.setdefault(n.code, []).append(n)
    for code, cases in kinds.items():
        if len(cases) == 1:
            lines.append(f"information: {cases[0]}")
        else:
            lines.append(f"information: {len(cases)} x {NOTICE_KINDS[code][1]} ({code}; the "
                         f"first: {cases[0]}); every one in the JSON and xlsx outputs")
    return lines
