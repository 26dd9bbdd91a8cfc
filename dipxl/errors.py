"""One error hierarchy for everything dipxl refuses, and the warning record.

Every message says what was wrong, where (a cell such as ``Results!E14``, or
round/board/power/player when no cell is known) and the value seen.  Bad data
never produces a number: it raises one of these.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "DipxlError",
    "InputError",
    "Notice",
    "ParameterError",
    "UnknownSystemError",
]


class DipxlError(Exception):
    """Base of every error dipxl raises on purpose.

    ``where`` names the place (a cell, a file, or round/board/power/player);
    ``str(error)`` is ``"<where>: <message>"`` so it can be shown as it is.
    """

    def __init__(self, message: str, where: str = "") -> None:
        self.message = message
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)

    def located(self, where: str) -> DipxlError:
        """The same error with ``where`` prefixed (e.g. the file name)."""
        inner = f"{where}: {self.where}" if self.where else where
        return type(self)(self.message, inner)


class InputError(DipxlError):
    """Tournament data that cannot be scored: a bad value or a broken game."""


class ParameterError(DipxlError):
    """A scoring parameter outside what its system allows."""


class UnknownSystemError(DipxlError):
    """A system id that is not in the registry."""


@dataclass(frozen=True, slots=True)
class Notice:
    """Something odd that does not stop scoring (SCORING.md section 1).

    ``code`` is stable (``centres_over_34``, ``repeated_power``,
    ``two_games_in_round``, ``no_elimination_year``) so tools can filter.
    """

    code: str
    message: str
    where: str = ""

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message
