"""Detour 98e (SCORING.md section 3): worked examples as the rule's arithmetic."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dipxl.model import Game
from dipxl.systems import detour98e
from dipxl.systems.detour98e import Outcome, compare, view
from tests.helpers import board, finished_games

# Each raw score: centres + survived to Fall 1905 + holds a centre + leader's
# margin + position points (ties take the lowest position's points).
EX1 = (
    (10, 8, 8, 5, 3, 0, 0), (None,) * 5 + (1904, 1907),
    [10 + 1 + 1 + (10 - 8) + 4, 8 + 1 + 1 + 2, 8 + 1 + 1 + 2, 5 + 1 + 1 + 1, 3 + 1 + 1 + 0,
     0, 0 + 1],
)
EX2 = (
    (12, 12, 6, 4, 0, 0, 0), (None,) * 4 + (1906, 1905, 1903),
    [12 + 1 + 1 + 3, 12 + 1 + 1 + 3, 6 + 1 + 1 + 2, 4 + 1 + 1 + 1, 0 + 1, 0, 0],
)
EX3 = (
    (9, 7, 7, 7, 4, 0, 0), (None,) * 5 + (1908, 1902),
    [9 + 1 + 1 + (9 - 7) + 4, 7 + 1 + 1 + 1, 7 + 1 + 1 + 1, 7 + 1 + 1 + 1, 4 + 1 + 1 + 0, 1, 0],
)


# Each example with the raw total the rulebook states for it.
@pytest.mark.parametrize(("centres", "years", "raw", "total"),
                         [(*EX1, 56), (*EX2, 52), (*EX3, 54)])
def test_drawn_examples_are_raw_scores_standardised_to_100(
    centres: tuple[int, ...], years: tuple[int | None, ...], raw: list[int], total: int
) -> None:
    assert sum(raw) == total
    expected = [r * 100 / sum(raw) for r in raw]
    assert detour98e.score(board(centres, years)) == pytest.approx(expected, rel=1e-12)


def test_first_example_matches_the_rulebook_fractions() -> None:
    scores = detour98e.score(board(*EX1[:2]))
    assert scores == pytest.approx(
        [225 / 7, 150 / 7, 150 / 7, 100 / 7, 125 / 14, 0, 25 / 14], rel=1e-12)


def test_win_scores_100_and_losers_keep_centres_plus_survival() -> None:
    game = board((18, 7, 5, 4, 0, 0, 0), (None,) * 4 + (1905, 1906, 1904))
    assert detour98e.score(game) == (100, 7 + 1, 5 + 1, 4 + 1, 0 + 0, 0 + 1, 0 + 0)


WIN_GAME = ((18, 7, 5, 4, 0, 0, 0), (None,) * 4 + (1905, 1906, 1904))


def test_win_parameter_is_the_winners_score() -> None:
    params = detour98e.Params(win=80)
    assert detour98e.score(board(*WIN_GAME), params) == (80, 7 + 1, 5 + 1, 4 + 1, 0, 0 + 1, 0)


def test_survival_year_parameter_moves_the_survival_point() -> None:
    # Surviving to Fall 1903: eliminated in 1904, 1905 and 1906 all count.
    params = detour98e.Params(survival_year=1903)
    assert detour98e.score(board(*WIN_GAME), params) == \
        (100, 7 + 1, 5 + 1, 4 + 1, 0 + 1, 0 + 1, 0 + 1)
    # The first example's Russia (out in 1904) now has its point: 56 + 1.
    raw = [10 + 1 + 1 + 2 + 4, 8 + 1 + 1 + 2, 8 + 1 + 1 + 2, 5 + 1 + 1 + 1, 3 + 1 + 1 + 0,
           0 + 1, 0 + 1]
    assert sum(raw) == 56 + 1
    assert detour98e.score(board(*EX1[:2]), params) == pytest.approx(
        [r * 100 / sum(raw) for r in raw], rel=1e-12)


def test_positions_and_draw_total_parameters() -> None:
    # Position points 5/3/1: the two tied on 8 occupy 2nd-3rd and take the
    # 3rd's 1; 4th gets nothing.  Standardised to 50 instead of 100.
    params = detour98e.Params(positions=(5, 3, 1), draw_total=50)
    raw = [10 + 1 + 1 + (10 - 8) + 5, 8 + 1 + 1 + 1, 8 + 1 + 1 + 1, 5 + 1 + 1 + 0,
           3 + 1 + 1 + 0, 0, 0 + 1]
    assert detour98e.score(board(*EX1[:2]), params) == pytest.approx(
        [r * 50 / sum(raw) for r in raw], rel=1e-12)


def test_missing_elimination_year_gives_no_survival_point_and_a_warning() -> None:
    game = board((10, 8, 8, 5, 3, 0, 0))
    raw = [10 + 1 + 1 + 2 + 4, 12, 12, 8, 5, 0, 0]
    assert detour98e.score(game) == pytest.approx([r * 100 / 55 for r in raw])
    assert [n.code for n in detour98e.notices(game)] == ["no_elimination_year"] * 2


@given(finished_games(solo=False))
def test_every_draw_totals_100(game: Game) -> None:
    assert sum(detour98e.score(game)) == pytest.approx(100, abs=1e-9)


@given(finished_games(solo=True))
def test_a_win_totals_at_most_122(game: Game) -> None:
    assert sum(detour98e.score(game)) <= 122 + 1e-9


def _view(game: Game, power: int) -> detour98e.SeatView:
    winner = game.centres.index(max(game.centres)) if max(game.centres) >= 18 else None
    return view(detour98e.score(game), game, power, winner)


def test_comparison_outcome_beats_points() -> None:
    solo = board((18, 16, 0, 0, 0, 0, 0), (None, None, 1906, 1906, 1906, 1906, 1906))
    draw = board((10, 8, 8, 5, 3, 0, 0), (None,) * 5 + (1904, 1907))
    loss, small_draw = _view(solo, 1), _view(draw, 4)
    assert loss.outcome is Outcome.LOSS and small_draw.outcome is Outcome.DRAW
    assert loss.points > small_draw.points
    assert compare(small_draw, loss) > 0


def test_comparison_elimination_beats_loss_and_later_year_wins() -> None:
    draw = board((10, 8, 8, 5, 3, 0, 0), (None,) * 5 + (1904, 1907))
    early, late = _view(draw, 5), _view(draw, 6)
    assert early.outcome is Outcome.ELIMINATION
    assert compare(late, early) > 0  # more points (1 for 1907) already
    same = board((10, 8, 8, 5, 3, 0, 0), (None,) * 5 + (1903, 1904))
    a, b = _view(same, 5), _view(same, 6)
    assert a.points == b.points and (a.place, a.shared) == (b.place, b.shared)
    assert compare(b, a) > 0  # 1904 outlived 1903


def test_comparison_outright_place_beats_shared_place_on_equal_points() -> None:
    shared = board((17, 17, 0, 0, 0, 0, 0), (None, None) + (1903,) * 5)
    outright = board((10, 8, 1, 0, 0, 0, 0), (None,) * 3 + (1903,) * 4)
    a, b = _view(shared, 0), _view(outright, 0)
    assert a.points == pytest.approx(50) and b.points == pytest.approx(50)
    assert compare(b, a) > 0 and compare(a, b) < 0
    assert compare(a, a) == 0


@given(st.lists(finished_games(), min_size=1, max_size=6), st.integers(0, 3))
def test_rounding_a_memoised_table_is_rounding_each_score(games: list[Game], digits: int) -> None:
    params = dataclasses.replace(detour98e.DEFAULT, round_to=digits)
    exact = detour98e.score_many(games)
    assert detour98e.score_many(games, params) == [params.finish(s) for s in exact]


# ---------------------------------------------------------------- comparing games

N = False
Seat_ = tuple[tuple[int, ...], tuple[int | None, ...], tuple[bool | None, ...] | None, int]
ALL_OUT_1903 = (None, None, None, 1903, 1903, 1903, 1903)


def _seat_view(spec: Seat_, params: detour98e.Params = detour98e.DEFAULT) -> detour98e.SeatView:
    centres, years, flags, index = spec
    game = board(centres, years, flags)
    winner = centres.index(max(centres)) if max(centres) >= params.victory_centres else None
    return view(detour98e.score(game, params), game, index, winner)


SOLO = ((18, 16, 0, 0, 0, 0, 0), (None, None) + (1903,) * 5, None)
# Italy (3 centres) left out of the draw: an Elimination with 5/56 x 100 points.
LEFT_OUT = ((10, 8, 8, 5, 3, 0, 0), (None,) * 5 + (1904, 1907), (None,) * 4 + (N, None, None))
# Italy (1 centre) a draw member with only 3/61 x 100 points.
SMALL_DRAW = ((16, 10, 5, 1, 1, 1, 0), (None,) * 6 + (1904,), None)
ONE_POINT_WIN = detour98e.Params(win=1)  # a winner with fewer points than anyone below

# Rule 1, outcome: (better, worse); the worse game has more points each time.
OUTCOMES = [
    ((*SOLO, 0), (*LEFT_OUT, 0), ONE_POINT_WIN),  # Win 1 > Draw 18 x 100 / 56
    ((*SOLO, 0), (*LEFT_OUT, 4), ONE_POINT_WIN),  # Win 1 > Elimination 5 x 100 / 56
    ((*SOLO, 0), (*SOLO, 1), ONE_POINT_WIN),  # Win 1 > Loss 16 + 1
    ((*SMALL_DRAW, 4), (*LEFT_OUT, 4), detour98e.DEFAULT),  # Draw > Elimination
    ((*SMALL_DRAW, 4), (*SOLO, 1), detour98e.DEFAULT),  # Draw > Loss
    ((*LEFT_OUT, 5), (*SOLO, 1), detour98e.DEFAULT),  # Elimination (0) > Loss (17)
]


@pytest.mark.parametrize(("better", "worse", "params"), OUTCOMES)
def test_comparison_rule_1_outcome_whatever_the_points(
    better: Seat_, worse: Seat_, params: detour98e.Params
) -> None:
    a, b = _seat_view(better, params), _seat_view(worse, params)
    assert a.outcome > b.outcome and a.points < b.points
    assert compare(a, b) > 0 and compare(b, a) < 0


def test_comparison_rule_2_points_before_position() -> None:
    # England 2nd with 16 + 2 + 3 = 21 of 50; Austria 1st with 6 + 2 + 1 + 4 =
    # 13 of 53 (the four on 5 share 2nd-5th and take the 5th's 0).
    second = _seat_view(((17, 16, 1, 0, 0, 0, 0), ALL_OUT_1903, None, 1))
    first = _seat_view(((6, 5, 5, 5, 5, 4, 4), (None,) * 7, None, 0))
    assert second.points == pytest.approx(21 * 100 / 50) and \
        first.points == pytest.approx(13 * 100 / 53)
    assert (second.place, first.place) == (2, 1)
    assert compare(second, first) > 0 and compare(first, second) < 0


# Rule 3, position: four draw members on exactly 25 points (raw / total).
POSITIONS = [
    # outright 1st: 7 + 2 + (7 - 6) + 4 = 14 of 56
    ((7, 6, 6, 6, 5, 3, 1), (None,) * 7, None, 0),
    # 1st shared by 2 (the 2nd's 3 points): 9 + 2 + 3 = 14 of 56
    ((9, 9, 8, 3, 3, 1, 1), (None,) * 7, None, 0),
    # 1st shared by 3 (the 3rd's 2 points): 9 + 2 + 2 = 13 of 52
    ((9, 9, 9, 3, 3, 1, 0), (None,) * 6 + (1903,), None, 0),
    # outright 2nd: 10 + 2 + 3 = 15 of 60
    ((17, 10, 5, 1, 1, 0, 0), (None,) * 5 + (1903, 1903), None, 1),
]


def test_comparison_rule_3_position_chain() -> None:
    views = [_seat_view(spec) for spec in POSITIONS]
    assert [(v.place, v.shared) for v in views] == [(1, 1), (1, 2), (1, 3), (2, 1)]
    assert all(v.points == pytest.approx(25) and v.outcome is Outcome.DRAW for v in views)
    for i, better in enumerate(views):
        for worse in views[i + 1:]:
            assert compare(better, worse) > 0 and compare(worse, better) < 0
        assert compare(better, better) == 0


def test_comparison_rule_3_before_rule_5() -> None:
    # On 25 points each: outright 2nd (15 of 60, behind a leader on 30 of 60)
    # beats 2nd shared by 2 (9 + 2 + 2 = 13 of 52, behind a leader on
    # 10 + 2 + 1 + 4 = 17 of 52), though the latter is nearer its leader.
    outright = _seat_view(POSITIONS[3])
    shared = _seat_view(((10, 9, 9, 6, 0, 0, 0), (None,) * 4 + (1903,) * 3, None, 1))
    assert (shared.place, shared.shared) == (2, 2) and shared.points == pytest.approx(25)
    assert shared.margins > outright.margins
    assert compare(outright, shared) > 0 and compare(shared, outright) < 0


def test_comparison_rule_4_later_elimination() -> None:
    # Russia out in 1903 and Turkey in 1904: both 0 points, sharing 6th-7th.
    game = ((10, 8, 8, 5, 3, 0, 0), (None,) * 5 + (1903, 1904), None)
    early, late = _seat_view((*game, 5)), _seat_view((*game, 6))
    assert (early.points, early.place, early.shared) == (late.points, late.place, late.shared)
    assert compare(late, early) > 0 and compare(early, late) < 0


def test_comparison_rule_5_margin_to_the_1st_then_the_2nd_placed() -> None:
    # France outright 3rd on 10 points in both; the 1st-placed scored
    # (17 + 2 + 1 + 4) x 100 / 50 = 48 in one, (17 + 2 + 5 + 4) x 100 / 60
    # = 46.67 in the other: the smaller deficit is the better game.
    far = _seat_view(((17, 16, 1, 0, 0, 0, 0), ALL_OUT_1903, None, 2))
    near = _seat_view(((17, 12, 2, 1, 1, 1, 0), (None,) * 6 + (1903,), None, 2))
    assert far.points == near.points == pytest.approx(10) and (far.place, far.shared) == \
        (near.place, near.shared) == (3, 1)
    assert far.placed[0] == pytest.approx(48) and near.placed[0] == pytest.approx(28 * 100 / 60)
    assert compare(near, far) > 0 and compare(far, near) < 0
    # France outright 3rd on 8 of 68 in both, the 1st-placed on 33 of 68 in
    # both: the 2nd-placed scored 7 + 2 + 3 = 12 in one and 5 + 2 + 3 = 10 in
    # the other.
    behind_12 = _seat_view(((17, 7, 4, 3, 1, 1, 1), (None,) * 7, None, 2))
    behind_10 = _seat_view(((16, 5, 4, 3, 3, 2, 1), (None,) * 7, None, 2))
    assert behind_12.points == behind_10.points == pytest.approx(8 * 100 / 68)
    assert behind_12.placed[0] == behind_10.placed[0] == pytest.approx(33 * 100 / 68)
    assert (behind_12.placed[1], behind_10.placed[1]) == \
        pytest.approx((12 * 100 / 68, 10 * 100 / 68))
    assert compare(behind_10, behind_12) > 0 and compare(behind_12, behind_10) < 0
