"""What the standings counted and what they left out: the status line every
output shows (terminal, JSON, CSV, xlsx, ``DIPXL_STANDINGS``, ``DIPXL_CHECK``
and, by formulas, a generated workbook's Standings sheet).

``after round 4: 21 of 22 boards counted; not counted: R2 B3 (Results!E51
text "8 "), R4 B2 (5 of 7 counts); 3 seats whose player is not on Players``

A board counts once it is finished and every value of it is read.  A board
is *entered* when it is counted or a reader left it out for a reason it
named: a value no formula reads (``not_counted``) or some counts still
blank (``board_half_entered``).  Boards of a later round than the one the
standings are after are not mentioned.  Pure: it reads a tournament and its
notices.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from dipxl.errors import Notice
from dipxl.model import Tournament

__all__ = ["LEFT_OUT_CODES", "SHOWN", "Counted", "counted"]

# The notices that name a board not counted, and the one naming seats
# whose player is not on a generated workbook's Players sheet.
LEFT_OUT_CODES = ("not_counted", "board_half_entered")
_UNKNOWN_PLAYER = "not_on_players"
SHOWN = 5  # boards named on the line; the others are counted


def _all(boards: int) -> str:
    return "the one board" if boards == 1 else f"all {boards} boards"


@dataclass(frozen=True)
class Counted:
    """The boards counted and left out, after round ``after_round`` (0:
    none finished yet); ``left_out``: (round, board, why) in round and
    board order; ``unknown_seats``: seats whose player is not on Players
    (a generated workbook's formulas leave them out)."""

    after_round: int
    counted: int
    left_out: tuple[tuple[int, int, str], ...] = ()
    unknown_seats: int = 0

    @property
    def boards(self) -> int:
        """The boards entered: counted or left out."""
        return self.counted + len(self.left_out)

    @property
    def complete(self) -> bool:
        """Nothing left out."""
        return not self.left_out and not self.unknown_seats

    def __str__(self) -> str:
        head = f"after round {self.after_round}: " if self.after_round else "no round finished: "
        if not self.left_out:
            line = f"{head}{_all(self.counted)} counted" if self.counted else (
                f"{head}no board counted")
        else:
            named = ", ".join(f"R{r} B{b} ({why})" if why else f"R{r} B{b}"
                              for r, b, why in self.left_out[:SHOWN])
            more = len(self.left_out) - SHOWN
            if more > 0:
                named += f" and {more} more"
            line = f"{head}{self.counted} of {self.boards} boards counted; not counted: {named}"
        if self.unknown_seats:
            s = "" if self.unknown_seats == 1 else "s"
            line += (f"; {self.unknown_seats} seat{s} whose player is not on Players "
                     "(the workbook leaves them out)")
        return line

    def as_dict(self) -> dict[str, object]:
        """The JSON contract's ``counted``."""
        return {
            "after_round": self.after_round,
            "boards": self.boards,
            "counted": self.counted,
            "not_counted": [{"round": r, "board": b, "why": why} for r, b, why in self.left_out],
            "seats_not_on_players": self.unknown_seats,
            "line": str(self),
        }


def counted(tournament: Tournament, notices: Iterable[Notice],
            after_round: int | None = None) -> Counted:
    """What ``tournament`` (as the standings read it: up to ``after_round``)
    counted and left out, from the readers' ``notices``."""
    finished = [g for g in tournament.games
                if g.finished and (after_round is None or g.round <= after_round)]
    last = max((g.round for g in finished), default=0)
    left: dict[tuple[int, int], str] = {}
    unknown = 0
    for notice in notices:
        if notice.code in LEFT_OUT_CODES and notice.board is not None:
            if after_round is None or notice.board[0] <= after_round:
                left.setdefault(notice.board, notice.brief)
        elif notice.code == _UNKNOWN_PLAYER:
            unknown += notice.count
    return Counted(last, len(finished),
                   tuple((r, b, why) for (r, b), why in sorted(left.items())), unknown)
