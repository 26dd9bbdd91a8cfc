"""Seeded events with a final (SCORING.md section 7), shared by the tests
of every surface: four qualifying rounds of three boards, then a final
round whose top board (board 1) seats the seven leaders after round 4
under C-Diplo, the other fourteen playing boards 2 and 3."""

from __future__ import annotations

import random

from dipxl.model import Game, Power, Seat, Tournament
from dipxl.standings import score_tournament
from tests.workbook.tournaments import names, random_game

QUALIFYING = 4
FINAL = QUALIFYING + 1
# The final's top board, power order: a solo by the seventh seat (who need
# not lead on points), or a draw.
SOLO_FINAL = (2, 3, 4, 2, 3, 2, 18)
DRAWN_FINAL = (9, 8, 7, 5, 3, 2, 0)


def final_event(seed: int, *, solo: bool) -> Tournament:
    """The event (players with awkward names, all boards finished).  In the
    top board the leader after the qualifying rounds plays Austria, the
    seventh Turkey: with ``solo`` Turkey solos, else the final is drawn."""
    rng = random.Random(seed)
    roster = names(21, rng)
    games: list[Game] = []
    for rnd in range(1, QUALIFYING + 1):
        seated = roster[:]
        rng.shuffle(seated)
        games.extend(random_game(rnd, b + 1, seated[7 * b : 7 * b + 7], rng) for b in range(3))
    before = score_tournament(Tournament(tuple(games)), "cdiplo")
    leaders = [row.player for row in before.rows[:7]]
    others = [row.player for row in before.rows[7:]]
    centres = SOLO_FINAL if solo else DRAWN_FINAL
    top = Game(FINAL, 1, tuple(
        Seat(leaders[i], Power(i), centres[i], None if centres[i] else 1909, None, 1909)
        for i in range(7)))
    games.append(top)
    rng.shuffle(others)
    games.extend(random_game(FINAL, b + 2, others[7 * b : 7 * b + 7], rng) for b in range(2))
    return Tournament(tuple(games), f"final {seed}")
