"""dipxl: score Diplomacy tournaments exactly as the rulebook says.

The core is pure Python (no I/O): build a :class:`Tournament` of
:class:`Game` objects (or parse raw rows with :func:`tournament_from_rows`)
and call :func:`score_tournament` with a system id from :data:`SYSTEMS`.
"""

from dipxl.errors import DipxlError, InputError, Notice, ParameterError, UnknownSystemError
from dipxl.model import (
    POWERS,
    Game,
    Power,
    Seat,
    Tournament,
)
from dipxl.rows import Rows, tournament_from_rows
from dipxl.standings import Standings, score_tournament
from dipxl.systems import SYSTEMS, System, get_system

__version__ = "0.1.0"

__all__ = [
    "POWERS",
    "SYSTEMS",
    "DipxlError",
    "Game",
    "InputError",
    "Notice",
    "ParameterError",
    "Power",
    "Rows",
    "Seat",
    "Standings",
    "System",
    "Tournament",
    "UnknownSystemError",
    "__version__",
    "get_system",
    "score_tournament",
    "tournament_from_rows",
]
