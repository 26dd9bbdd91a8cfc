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
