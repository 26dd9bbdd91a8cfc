"""Tie-breakers: tournaments built so that each one is the one that decides,
and one where none does (equal rank)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from dipxl.model import Game, Power, Seat, Tournament
from dipxl.standings import Standings, score_tournament

Spec = tuple[int, int | None, bool | None]  # centres, elimination year, draw flag
_counter = iter(range(1, 10_000))


def game(rnd: int, specs: Sequence[Spec], named: dict[int, str] | None = None) -> Game:
    """A board whose seat ``i`` is (centres, year, flag); ``named`` puts chosen
    players on chosen powers, the others are fresh filler players."""
    named = named or {}
    number = next(_counter)
    return Game(rnd, number, tuple(
        Seat(named.get(i, f"f{number}-{i}"), Power(i), c, y, d)
        for i, (c, y, d) in enumerate(specs)))


def d(c: int, y: int | None = None, flag: bool | None = None) -> Spec:
    return (c, y, flag)


# Board shapes, seat 0 first.  Elimination years 1903 (no survival point).
TWO_WAY = [d(17), d(17)] + [d(0, 1903)] * 5           # Detour: 50 / 50
OUTRIGHT = [d(10), d(8), d(1)] + [d(0, 1903)] * 4     # Detour: seat 0 outright 1st, 50
SOLO = [d(18), d(16)] + [d(0, 1903)] * 5              # Detour: 100 to seat 0


def ranks(standings: Standings, *players: str) -> list[int]:
    return [standings.row(p).rank for p in players]


def assert_tied(standings: Standings, *players: str) -> None:
    totals = {round(standings.row(p).score, 9) for p in players}
    assert len(totals) == 1, f"the test needs {players} level on score: {totals}"


# ---------------------------------------------------------------- Detour 98e


def test_detour_most_wins_decides() -> None:
    event = Tournament((
        game(1, SOLO, {0: "W"}), game(2, TWO_WAY, {2: "W"}),
        game(1, TWO_WAY, {0: "D"}), game(2, TWO_WAY, {0: "D"}),
    ))
    s = score_tournament(event, "detour98e")
    assert_tied(s, "W", "D")
    assert (s.row("W").tiebreaks["wins"], s.row("D").tiebreaks["wins"]) == (1, 0)
    assert ranks(s, "W", "D") == [1, 2]


def test_detour_most_draws_decides() -> None:
    left_out = [d(17, None, True), d(17, None, False)] + [d(0, 1903)] * 5
    event = Tournament((
        game(1, TWO_WAY, {0: "A"}), game(2, TWO_WAY, {0: "A"}),
        game(1, TWO_WAY, {0: "B"}), game(2, left_out, {1: "B"}),
    ))
    s = score_tournament(event, "detour98e")
    assert_tied(s, "A", "B")
    assert (s.row("A").tiebreaks["draws"], s.row("B").tiebreaks["draws"]) == (2, 1)
    assert ranks(s, "A", "B") == [1, 2]


@pytest.mark.parametrize("k", [1, 2, 3])
def test_detour_kth_best_game_decides(k: int) -> None:
    # Both play k-1 identical solos, then a 50-point game: shared 1st for A,
    # outright 1st for B (Detour's game comparison, rule 3), then equal games.
    games = []
    for player, decisive in (("A", TWO_WAY), ("B", OUTRIGHT)):
        for r in range(1, k):
            games.append(game(r, SOLO, {0: player}))
        games.append(game(k, decisive, {0: player}))
        games.append(game(k + 1, TWO_WAY, {1: player}))
    s = score_tournament(Tournament(tuple(games)), "detour98e")
    assert_tied(s, "A", "B")
    assert ranks(s, "A", "B") == [2, 1]
    for j in range(1, k):
        assert s.row("A").tiebreaks[f"best_game_{j}"] == s.row("B").tiebreaks[f"best_game_{j}"]


def test_detour_none_decides_equal_rank() -> None:
    event = Tournament((
        game(1, TWO_WAY, {0: "A", 1: "B"}), game(2, TWO_WAY, {1: "A", 0: "B"}),
        game(1, OUTRIGHT, {0: "C"}),
    ))
    s = score_tournament(event, "detour98e")
    assert ranks(s, "A", "B") == [1, 1]
    assert s.row("C").rank == 3


def test_detour_a_missing_game_loses_to_any_game() -> None:
    event = Tournament((
        game(1, TWO_WAY, {0: "A"}), game(2, TWO_WAY, {0: "A"}),
        game(1, SOLO, {2: "B"}), game(2, TWO_WAY, {0: "B"}), game(3, TWO_WAY, {0: "B"}),
    ))
    s = score_tournament(event, "detour98e")
    assert_tied(s, "A", "B")
    # equal wins and draws; B's best game is an elimination (0 points) loss
    # ... so B's best games are the two 50s, equal to A's, and B's third game
    # beats A's missing one.
    assert s.row("A").tiebreaks["best_game_3"] is None
    assert s.row("B").rank == s.row("A").rank - 1


# ---------------------------------------------------------- Diminishing Value

FOUR_WAY = [d(10), d(8), d(8), d(8)] + [d(0)] * 3          # members 45, eliminated -60
SEVEN_WAY = [d(5)] * 6 + [d(4)]                            # everyone 0
TWO_WAY_AE = [d(17), d(17)] + [d(0)] * 5                   # Austria, England 150
TWO_WAY_FG = [d(0), d(0), d(10), d(9)] + [d(0)] * 3        # France, Germany 150
THREE_WAY_IRT = [d(0)] * 4 + [d(12), d(11), d(10)]         # Italy, Russia, Turkey 80
TWO_OF_SEVEN = [d(10, None, True), d(9, None, True)] + [d(3)] * 5  # 10 x 5 / 2 = 25, -10
TWO_OF_FOUR = [d(12, None, True), d(11, None, True), d(8), d(3)] + [d(0)] * 3  # 100, -10


def test_dimvalue_head_to_head_decides() -> None:
    event = Tournament((
        game(1, FOUR_WAY, {0: "A", 5: "B"}),     # their one shared game: A +45, B -60
        game(2, FOUR_WAY, {5: "A"}),             # A -60
        game(2, FOUR_WAY, {1: "B"}),             # B +45
    ))
    s = score_tournament(event, "dimvalue")
    assert_tied(s, "A", "B")
    assert (s.row("A").tiebreaks["head_to_head"], s.row("B").tiebreaks["head_to_head"]) == (
        45, -60)
    assert s.row("A").rank < s.row("B").rank


def test_dimvalue_power_to_power_decides() -> None:
    france_out = [d(10), d(8), d(0), d(8), d(8), d(0), d(0)]  # France eliminated
    event = Tournament((
        game(1, FOUR_WAY, {2: "A"}), game(2, FOUR_WAY, {5: "A"}),      # France +45, Russia -60
        game(1, france_out, {2: "B"}), game(2, FOUR_WAY, {0: "B"}),    # France -60, Austria +45
    ))
    s = score_tournament(event, "dimvalue")
    assert_tied(s, "A", "B")
    a, b = s.row("A").tiebreaks, s.row("B").tiebreaks
    assert a["head_to_head"] is None  # never in one game
    assert (a["power_to_power"], b["power_to_power"]) == (45, -60)  # France only
    assert s.row("A").rank < s.row("B").rank


def test_dimvalue_superior_player_decides() -> None:
    event = Tournament((
        game(1, TWO_WAY_AE, {0: "S", 1: "A"}),   # A +150 against S
        game(2, FOUR_WAY, {5: "A"}),             # A -60
        game(1, TWO_WAY_AE, {0: "S", 2: "B"}),   # B -60 against S
        game(2, TWO_WAY_FG, {3: "B"}),           # B +150
    ))
    s = score_tournament(event, "dimvalue")
    assert_tied(s, "A", "B")
    assert s.rows[0].player == "S"
    a, b = s.row("A").tiebreaks, s.row("B").tiebreaks
    assert (a["head_to_head"], a["power_to_power"]) == (None, None)
    assert (a["superior_player"], b["superior_player"]) == (150, -60)
    assert s.row("A").rank < s.row("B").rank


def test_dimvalue_zero_for_defeat_decides() -> None:
    event = Tournament((
        game(1, TWO_WAY_AE, {1: "A"}), game(2, FOUR_WAY, {5: "A"}),      # 150 - 60
        game(1, TWO_OF_FOUR, {2: "B"}), game(2, TWO_OF_FOUR, {0: "B"}),  # -10 + 100
    ))
    s = score_tournament(event, "dimvalue")
    assert_tied(s, "A", "B")
    a, b = s.row("A").tiebreaks, s.row("B").tiebreaks
    assert (a["head_to_head"], a["power_to_power"], a["superior_player"]) == (None,) * 3
    assert (a["zero_for_defeat"], b["zero_for_defeat"]) == (150 - 60 + 60, -10 + 100)
    assert s.row("A").rank < s.row("B").rank


def test_dimvalue_total_centres_decides() -> None:
    event = Tournament((
        game(1, TWO_WAY_AE, {1: "A"}), game(2, FOUR_WAY, {5: "A"}),      # 17 centres
        game(1, TWO_WAY_FG, {2: "B"}), game(2, FOUR_WAY, {6: "B"}),      # 10 centres
    ))
    s = score_tournament(event, "dimvalue")
    assert_tied(s, "A", "B")
    a, b = s.row("A").tiebreaks, s.row("B").tiebreaks
    assert a["zero_for_defeat"] == b["zero_for_defeat"]
    assert (a["total_centres"], b["total_centres"]) == (17 + 0, 10 + 0)
    assert s.row("A").rank < s.row("B").rank


def test_dimvalue_none_decides_equal_rank() -> None:
    event = Tournament((
        game(1, TWO_WAY_AE, {1: "A"}), game(2, FOUR_WAY, {5: "A"}),
        game(1, TWO_WAY_AE, {0: "B"}), game(2, FOUR_WAY, {6: "B"}),
    ))
    s = score_tournament(event, "dimvalue")
    assert s.row("A").rank == s.row("B").rank
    assert s.row("A").tiebreaks == s.row("B").tiebreaks


def test_dimvalue_a_split_group_starts_again_from_head_to_head() -> None:
    event = Tournament((
        game(1, FOUR_WAY, {0: "A", 5: "B", 6: "C"}),   # all three: A +45, B -60, C -60
        game(2, FOUR_WAY, {0: "B", 5: "C"}),           # B and C only: B +45, C -60
        game(3, FOUR_WAY, {4: "A"}),                   # A -60
        game(3, SEVEN_WAY, {4: "B"}),                  # B Italy 0
        game(3, THREE_WAY_IRT, {4: "C"}),              # C Italy +80
        game(4, TWO_OF_SEVEN, {1: "C"}),               # C +25
    ))
    s = score_tournament(event, "dimvalue")
    assert_tied(s, "A", "B", "C")
    # head-to-head over the game all three shared puts A first; B and C start
    # again from head-to-head over the two games they shared: B -15, C -120.
    # (Going on to power-to-power instead would put C first: Italy and Russia.)
    assert s.row("B").tiebreaks["head_to_head"] == -60 + 45
    assert s.row("C").tiebreaks["head_to_head"] == -60 - 60
    assert s.row("A").rank < s.row("B").rank < s.row("C").rank
