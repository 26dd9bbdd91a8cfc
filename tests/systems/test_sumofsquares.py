"""Sum of Squares (SCORING.md section 8): the worked example and the rule's
arithmetic, ties at every place, solos, eliminations, draw flags;
concessions scored as dipvis scores them (CATALOGUE.md: a solo's 100 for
the conceded power) and the catalogue's reference boards."""

from __future__ import annotations

import dataclasses
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dipxl.errors import InputError, ParameterError
from dipxl.model import Game
from dipxl.systems import sumofsquares
from tests.helpers import board, finished_games
from tests.systems.reference_boards import REFERENCE

Y = True

# centres (Austria ... Turkey) | scores: 100 x c^2 / the sum of the seven squares
WORKED = [
    # SCORING.md's example: the squares sum to 100 + 64 + 64 + 16 + 4 + 1 + 1 = 250
    ((10, 8, 8, 4, 2, 1, 1),
     (100 * 100 / 250, 100 * 64 / 250, 100 * 64 / 250, 100 * 16 / 250, 100 * 4 / 250,
      100 * 1 / 250, 100 * 1 / 250)),
    # ties at 1st and at 5th: 4 x 36 + 2 x 25 + 0 = 194
    ((6, 6, 6, 6, 5, 5, 0), (*[100 * 36 / 194] * 4, 100 * 25 / 194, 100 * 25 / 194, 0)),
    # two left, five eliminated: 289 + 289 = 578, the eliminated score nothing
    ((17, 17, 0, 0, 0, 0, 0), (100 * 289 / 578, 100 * 289 / 578, 0, 0, 0, 0, 0)),
    # three tied for 1st, one survivor on 1: 3 x 121 + 1 = 364
    ((11, 11, 11, 1, 0, 0, 0), (*[100 * 121 / 364] * 3, 100 * 1 / 364, 0, 0, 0)),
    # everyone tied but the leader: 100 + 6 x 16 = 196
    ((10, 4, 4, 4, 4, 4, 4), (100 * 100 / 196, *[100 * 16 / 196] * 6)),
    # a lone survivor short of a solo takes the whole draw
    ((0, 0, 9, 0, 0, 0, 0), (0, 0, 100 * 81 / 81, 0, 0, 0, 0)),
    # solo: 100 to the soloist, 0 to everyone else
    ((18, 10, 6, 0, 0, 0, 0), (100, 0, 0, 0, 0, 0, 0)),
    ((0, 0, 0, 1, 0, 33, 0), (0, 0, 0, 0, 0, 100, 0)),
]


@pytest.mark.parametrize(("centres", "expected"), WORKED)
def test_worked_examples(centres: tuple[int, ...], expected: tuple[float, ...]) -> None:
    assert sumofsquares.score(board(centres)) == pytest.approx(expected, rel=1e-12)


def test_the_worked_example_as_printed() -> None:
    scores = sumofsquares.score(board((10, 8, 8, 4, 2, 1, 1)))
    assert scores[:3] == pytest.approx((40, 25.6, 25.6), rel=1e-12)


def test_draw_flags_and_elimination_years_change_nothing() -> None:
    """Every seat shares by its centres, in the draw or not."""
    plain = sumofsquares.score(board((12, 11, 8, 2, 1, 0, 0)))
    flagged = board((12, 11, 8, 2, 1, 0, 0), years=(None,) * 5 + (1903, 1907),
                    draw=(True, True, True, None, None, None, None))
    assert sumofsquares.score(flagged) == plain
    assert plain[3] == pytest.approx(100 * 4 / (144 + 121 + 64 + 4 + 1), rel=1e-12)


def test_parameters_change_the_arithmetic() -> None:
    params = sumofsquares.Params(win=75, draw_total=10)
    assert sumofsquares.score(board((18, 10, 6, 0, 0, 0, 0)), params) == (75, 0, 0, 0, 0, 0, 0)
    assert sumofsquares.score(board((10, 8, 8, 4, 2, 1, 1)), params)[0] == pytest.approx(
        10 * 100 / 250, rel=1e-12)
    # A lowered victory criterion makes a solo of 15 centres.
    lowered = sumofsquares.Params(victory_centres=15)
    assert sumofsquares.score(board((15, 10, 6, 0, 0, 0, 0)), lowered)[0] == 100


def test_rounding_is_half_up() -> None:
    # 100 x 1 / 8 = 12.5 exactly: rounded half-up to 13 (round() gives 12)
    params = dataclasses.replace(sumofsquares.DEFAULT, round_to=0)
    scores = sumofsquares.score(board((2, 1, 1, 1, 1, 0, 0)), params)
    assert 100 * 1 / 8 == 12.5 and round(12.5) == 12
    assert scores == (50, 13, 13, 13, 13, 0, 0)


def test_a_lowered_victory_criterion_reached_twice_is_an_error() -> None:
    with pytest.raises(InputError, match="two powers reach the victory criterion of 17"):
        sumofsquares.score(board((17, 17, 0, 0, 0, 0, 0)), sumofsquares.Params(victory_centres=17))


def test_invalid_parameters_are_refused() -> None:
    with pytest.raises(ParameterError, match="draw_total must be at least 0"):
        sumofsquares.Params(draw_total=-1)
    with pytest.raises(ParameterError, match="win must be a number"):
        sumofsquares.Params(win="lots")  # type: ignore[arg-type]  # what a caller may pass


@given(finished_games(solo=False))
def test_every_draw_totals_100(game: Game) -> None:
    assert sum(sumofsquares.score(game)) == pytest.approx(100, abs=1e-9)


@given(finished_games(solo=True))
def test_a_solo_totals_the_win(game: Game) -> None:
    scores = sumofsquares.score(game)
    assert sorted(scores) == [0.0] * 6 + [100.0]


@given(finished_games(explicit_draws=False))
def test_more_centres_never_score_less(game: Game) -> None:
    scores = sumofsquares.score(game)
    pairs = sorted(zip(game.centres, scores, strict=True))
    assert all(a[1] <= b[1] for a, b in pairwise(pairs))  # ordered as the centres
    assert all(s == scores[game.centres.index(c)]  # equal counts score equally
               for c, s in zip(game.centres, scores, strict=True))


# CATALOGUE.md's reference boards as dipvis scores them (powers A E F G I R T).
DIPVIS = {
    "board 1": tuple(100 * c * c / (12 * 12 + 7 * 7 + 7 * 7 + 4 * 4 + 3 * 3 + 1 * 1)
                     for c in (12, 7, 7, 4, 3, 1, 0)),
    "board 2": (100, 0, 0, 0, 0, 0, 0),
    # conceded to Austria: a solo's 100, as dipvis scores it
    "board 3": (100, 0, 0, 0, 0, 0, 0),
}


@pytest.mark.parametrize("name", sorted(REFERENCE))
def test_the_catalogue_s_reference_boards_score_as_dipvis(name: str) -> None:
    assert sumofsquares.score(REFERENCE[name]) == pytest.approx(DIPVIS[name], rel=1e-12)


def test_a_concession_scores_100_for_the_conceded_power_and_0_for_the_others() -> None:
    conceded = board((5, 12, 10, 7, 0, 0, 0), draw=(Y, None, None, None, None, None, None))
    assert sumofsquares.score(conceded) == (100, 0, 0, 0, 0, 0, 0)


def test_a_draw_vote_of_two_is_still_shared_by_the_squares() -> None:
    voted = board((12, 10, 8, 4, 0, 0, 0), draw=(Y, Y, None, None, None, None, None))
    assert sumofsquares.score(voted) == sumofsquares.score(board((12, 10, 8, 4, 0, 0, 0)))


@given(finished_games(solo=False))
def test_a_conceded_game_is_won_and_any_other_draw_shared_by_the_squares(game: Game) -> None:
    scores = sumofsquares.score(game)
    if game.conceded_to is None:
        squares = sum(c * c for c in game.centres)
        assert scores == pytest.approx([100 * c * c / squares for c in game.centres], rel=1e-12)
    else:
        assert scores == tuple(100.0 if i == game.conceded_to else 0.0 for i in range(7))


# Scored by game shape (a table per shape) as seat by seat by the rule:
# equal floats, one game at a time and all at once.
@given(st.lists(finished_games(), min_size=1, max_size=12), st.sampled_from([None, 0, 2]))
def test_scored_by_shape_as_by_the_rule(games: list[Game], round_to: int | None) -> None:
    params = dataclasses.replace(sumofsquares.DEFAULT, round_to=round_to)
    expected = [sumofsquares.by_rule(game, params) for game in games]
    assert sumofsquares.score_many(games, params) == expected
    assert [sumofsquares.score(game, params) for game in games] == expected
