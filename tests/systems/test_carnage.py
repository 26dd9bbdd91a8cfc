"""Carnage (SCORING.md section 8): 1 point a centre plus rank points 7000 ...
1000; the worked example as the rule's arithmetic, ties at every place,
solos, eliminations shared or ranked by year, draw flags."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dipxl.errors import InputError, ParameterError
from dipxl.model import Game
from dipxl.systems import carnage
from tests.helpers import board, finished_games

BY_YEAR = carnage.Params(eliminated_by_year=True)
SOLO = 7000 + 6000 + 5000 + 4000 + 3000 + 2000 + 1000 + 34  # every rank point and centre

# centres (Austria ... Turkey) | scores: centres + rank points, ties sharing
# the points of the ranks they occupy, the eliminated sharing the lowest
WORKED = [
    # SCORING.md's example
    ((10, 8, 8, 4, 2, 1, 1),
     (7000 + 10, (6000 + 5000) / 2 + 8, (6000 + 5000) / 2 + 8, 4000 + 4, 3000 + 2,
      (2000 + 1000) / 2 + 1, (2000 + 1000) / 2 + 1)),
    # four tied for 1st, two for 5th
    ((6, 6, 6, 6, 5, 5, 0),
     (*[(7000 + 6000 + 5000 + 4000) / 4 + 6] * 4, *[(3000 + 2000) / 2 + 5] * 2, 1000 + 0)),
    # two tied for 1st; five eliminated share 3rd-7th
    ((17, 17, 0, 0, 0, 0, 0),
     (*[(7000 + 6000) / 2 + 17] * 2, *[(5000 + 4000 + 3000 + 2000 + 1000) / 5 + 0] * 5)),
    ((11, 11, 11, 1, 0, 0, 0),
     (*[(7000 + 6000 + 5000) / 3 + 11] * 3, 4000 + 1, *[(3000 + 2000 + 1000) / 3] * 3)),
    ((10, 4, 4, 4, 4, 4, 4),
     (7000 + 10, *[(6000 + 5000 + 4000 + 3000 + 2000 + 1000) / 6 + 4] * 6)),
    # a lone survivor short of a solo: 1st alone, the six eliminated share the rest
    ((0, 0, 9, 0, 0, 0, 0),
     (*[(6000 + 5000 + 4000 + 3000 + 2000 + 1000) / 6] * 2, 7000 + 9,
      *[(6000 + 5000 + 4000 + 3000 + 2000 + 1000) / 6] * 4)),
    # solo: every rank point and every centre to the soloist, 0 to everyone else
    ((18, 10, 6, 0, 0, 0, 0), (SOLO, 0, 0, 0, 0, 0, 0)),
    ((0, 0, 0, 1, 0, 33, 0), (0, 0, 0, 0, 0, SOLO, 0)),
]


@pytest.mark.parametrize(("centres", "expected"), WORKED)
def test_worked_examples(centres: tuple[int, ...], expected: tuple[float, ...]) -> None:
    assert carnage.score(board(centres)) == pytest.approx(expected, rel=1e-12)


def test_the_worked_example_as_printed() -> None:
    assert SOLO == 28034
    assert carnage.score(board((10, 8, 8, 4, 2, 1, 1)))[:3] == (7010, 5508, 5508)


# centres | elimination years | scores with eliminated_by_year: the later
# elimination ranks higher, equal years share, an unknown year ranks last
BY_YEAR_CASES = [
    ((17, 17, 0, 0, 0, 0, 0), (None, None, 1903, 1907, 1907, 1905, None),
     (*[(7000 + 6000) / 2 + 17] * 2, 2000, (5000 + 4000) / 2, (5000 + 4000) / 2, 3000, 1000)),
    # equal years share as the default does
    ((17, 17, 0, 0, 0, 0, 0), (None, None, *[1906] * 5),
     (*[(7000 + 6000) / 2 + 17] * 2, *[(5000 + 4000 + 3000 + 2000 + 1000) / 5] * 5)),
    # two unknown years share the last two ranks
    ((9, 8, 8, 0, 7, 0, 0), (None, None, None, None, None, 1904, None),
     (7000 + 9, (6000 + 5000) / 2 + 8, (6000 + 5000) / 2 + 8, (2000 + 1000) / 2, 4000 + 7,
      3000, (2000 + 1000) / 2)),
    # nobody eliminated: nothing changes
    ((10, 8, 8, 4, 2, 1, 1), (None,) * 7,
     (7000 + 10, (6000 + 5000) / 2 + 8, (6000 + 5000) / 2 + 8, 4000 + 4, 3000 + 2,
      (2000 + 1000) / 2 + 1, (2000 + 1000) / 2 + 1)),
]


@pytest.mark.parametrize(("centres", "years", "expected"), BY_YEAR_CASES)
def test_eliminated_by_year(
    centres: tuple[int, ...], years: tuple[int | None, ...], expected: tuple[float, ...]
) -> None:
    assert carnage.score(board(centres, years), BY_YEAR) == pytest.approx(expected, rel=1e-12)


def test_by_default_elimination_years_change_nothing() -> None:
    centres, years = (17, 17, 0, 0, 0, 0, 0), (None, None, 1903, 1907, 1907, 1905, None)
    assert carnage.score(board(centres, years)) == carnage.score(board(centres))


def test_draw_flags_change_nothing() -> None:
    """Every seat ranks by its centres, in the draw or not."""
    centres = (12, 11, 8, 2, 1, 0, 0)
    flagged = board(centres, draw=(True, True, True, None, None, None, None))
    assert carnage.score(flagged) == carnage.score(board(centres))


def test_an_unknown_year_ranked_by_year_is_a_notice() -> None:
    game = board((17, 17, 0, 0, 0, 0, 0), (None, None, 1903, 1907, 1907, 1905, None))
    assert carnage.notices(game) == []
    found = carnage.notices(game, BY_YEAR)
    assert [(n.code, n.where) for n in found] == [("no_elimination_year", "round 1, board 1")]
    assert "Turkey (P7)" in found[0].message
    assert carnage.notices(board((18, 16, 0, 0, 0, 0, 0)), BY_YEAR) == []  # a solo ranks nobody


def test_parameters_change_the_arithmetic() -> None:
    params = carnage.Params(positions=(10, 5))
    assert carnage.score(board((18, 10, 6, 0, 0, 0, 0)), params) == (
        10 + 5 + 34, 0, 0, 0, 0, 0, 0)
    assert carnage.score(board((10, 8, 8, 4, 2, 1, 1)), params) == (
        10 + 10, (5 + 0) / 2 + 8, (5 + 0) / 2 + 8, 4, 2, 1, 1)
    lowered = carnage.Params(victory_centres=15)
    assert carnage.score(board((15, 10, 6, 0, 0, 0, 0)), lowered)[0] == SOLO


def test_rounding_is_half_up() -> None:
    # two tied on 8 share (3 + 2) / 2: 8 + 2.5 = 10.5 -> 11 (round() gives 10)
    params = dataclasses.replace(carnage.DEFAULT, positions=(3, 2), round_to=0)
    assert 8 + (3 + 2) / 2 == 10.5 and round(10.5) == 10
    assert carnage.score(board((8, 8, 7, 0, 0, 0, 0)), params) == (11, 11, 7, 0, 0, 0, 0)


def test_a_lowered_victory_criterion_reached_twice_is_an_error() -> None:
    with pytest.raises(InputError, match="two powers reach the victory criterion of 17"):
        carnage.score(board((17, 17, 0, 0, 0, 0, 0)), carnage.Params(victory_centres=17))


@pytest.mark.parametrize("value", [1, 0, "yes", None])
def test_eliminated_by_year_is_true_or_false(value: object) -> None:
    with pytest.raises(ParameterError, match="eliminated_by_year must be true or false"):
        carnage.Params(eliminated_by_year=value)  # type: ignore[arg-type]  # a caller's mistake


@given(finished_games(solo=False), st.sampled_from([carnage.DEFAULT, BY_YEAR]))
def test_a_draws_rank_points_total_28000_plus_the_centres(game: Game,
                                                         params: carnage.Params) -> None:
    assert sum(carnage.score(game, params)) == pytest.approx(28000 + sum(game.centres), abs=1e-9)


@given(finished_games(solo=False), st.sampled_from([carnage.DEFAULT, BY_YEAR]))
def test_every_survivor_outranks_every_eliminated_power(game: Game,
                                                        params: carnage.Params) -> None:
    points = [s - c for s, c in zip(carnage.score(game, params), game.centres, strict=True)]
    survivors = [p for p, c in zip(points, game.centres, strict=True) if c]
    eliminated = [p for p, c in zip(points, game.centres, strict=True) if not c]
    assert min(survivors) >= max(eliminated, default=0)


@given(finished_games(solo=True))
def test_a_solo_scores_everything_alone(game: Game) -> None:
    assert sorted(carnage.score(game)) == [0.0] * 6 + [28034.0]
