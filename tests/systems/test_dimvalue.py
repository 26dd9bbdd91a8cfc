"""Diminishing Value DBS (SCORING.md section 4): worked examples, zero sum."""

from __future__ import annotations

import pytest
from hypothesis import given

from dipxl.model import Game
from dipxl.systems import dimvalue
from tests.helpers import board, finished_games

Y = True

# centres | draw flags | scores: eliminated -60, survivor out of draw -10,
# members share (60 x eliminated + 10 x survivors out) / members
WORKED = [
    ((18, 10, 6, 0, 0, 0, 0), None, (6 * 60 + 12,) + (-62,) * 6),
    ((17, 17, 0, 0, 0, 0, 0), None, ((60 * 5) / 2,) * 2 + (-60,) * 5),
    ((10, 8, 8, 8, 0, 0, 0), None, ((60 * 3) / 4,) * 4 + (-60,) * 3),
    ((10, 4, 4, 4, 4, 4, 4), None, ((60 * 0) / 7,) * 7),
    ((12, 11, 8, 2, 1, 0, 0), (Y, Y, Y, None, None, None, None),
     ((60 * 2 + 10 * 2) / 3,) * 3 + (-10, -10, -60, -60)),
]


@pytest.mark.parametrize(("centres", "flags", "expected"), WORKED)
def test_worked_examples(
    centres: tuple[int, ...], flags: tuple[bool | None, ...] | None, expected: tuple[float, ...]
) -> None:
    assert dimvalue.score(board(centres, draw=flags)) == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize(("members", "share"), [(2, 150), (3, 80), (4, 45), (5, 24), (6, 10),
                                                 (7, 0)])
def test_the_texts_draw_table(members: int, share: float) -> None:
    centres = [5] * members + [0] * (7 - members)
    assert dimvalue.score(board(centres))[0] == pytest.approx(share)


def test_a_survivor_marked_n_is_left_out() -> None:
    game = board((10, 8, 8, 8, 0, 0, 0), draw=(None, None, None, False, None, None, None))
    assert dimvalue.score(game) == pytest.approx(
        [(60 * 3 + 10) / 3] * 3 + [-10, -60, -60, -60])


@given(finished_games())
def test_every_game_totals_zero(game: Game) -> None:
    assert sum(dimvalue.score(game)) == pytest.approx(0, abs=1e-9)


def test_parameters_change_the_arithmetic() -> None:
    params = dimvalue.Params(ante=50, solo_bonus=20, solo_loss=55, out_of_draw_loss=5)
    # Solo: 6 x ante + solo bonus; every other player loses solo_loss.
    assert dimvalue.score(board((18, 10, 6, 0, 0, 0, 0)), params) == \
        (6 * 50 + 20,) + (-55,) * 6
    # Every survivor in the draw: the members share the eliminated players' antes.
    assert dimvalue.score(board((17, 17, 0, 0, 0, 0, 0)), params) == pytest.approx(
        ((50 * 5) / 2,) * 2 + (-50,) * 5, rel=1e-12)
    # Two survivors out of the draw lose out_of_draw_loss each.
    game = board((12, 11, 8, 2, 1, 0, 0), draw=(Y, Y, Y, None, None, None, None))
    assert dimvalue.score(game, params) == pytest.approx(
        ((50 * 2 + 5 * 2) / 3,) * 3 + (-5, -5, -50, -50), rel=1e-12)
