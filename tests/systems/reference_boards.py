"""CATALOGUE.md's three reference boards (powers A E F G I R T), as games."""

from __future__ import annotations

from dipxl.model import Game
from tests.helpers import board

Y = True
_ = None

# Board 1 (edge:tie_2nd_3rd): 12-7-7-4-3-1-0, Turkey out in 1906, final year 1907, no vote.
BOARD_1 = board((12, 7, 7, 4, 3, 1, 0), (_, _, _, _, _, _, 1906), year=1907)
# Board 2 (edge:solo_18_four_tied_losers): 18-4-4-4-4-0-0, Russia out 1905,
# Turkey out 1906, final year 1907.
BOARD_2 = board((18, 4, 4, 4, 4, 0, 0), (_, _, _, _, _, 1905, 1906), year=1907)
# Board 3 (edge:concession_to_leader): 15-10-9-0-0-0-0, G/I/R/T out
# 1904/1905/1907/1908, final year 1909, conceded to Austria (voted in 1910).
BOARD_3 = board((15, 10, 9, 0, 0, 0, 0), (_, _, _, 1904, 1905, 1907, 1908),
                (Y, _, _, _, _, _, _), year=1909)

REFERENCE: dict[str, Game] = {"board 1": BOARD_1, "board 2": BOARD_2, "board 3": BOARD_3}
