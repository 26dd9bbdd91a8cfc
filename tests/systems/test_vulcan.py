"""Vulcan (dipvis GScoringVulcan, CATALOGUE.md): the catalogue's boards as
the rule's arithmetic, concessions, ties and invariants."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given

from dipxl.errors import InputError
from dipxl.model import Game
from dipxl.systems import get_system, vulcan
from tests.helpers import board, finished_games

Y = True

# CATALOGUE.md's reference boards (powers A E F G I R T); board 3 is conceded to Austria.
BOARD_1 = board((12, 7, 7, 4, 3, 1, 0), (None,) * 6 + (1906,))
BOARD_2 = board((18, 4, 4, 4, 4, 0, 0), (None,) * 5 + (1905, 1906))
BOARD_3 = board((15, 10, 9, 0, 0, 0, 0), (None, None, None, 1904, 1905, 1907, 1908),
                (Y, None, None, None, None, None, None))


def test_reference_board_1() -> None:
    # centres + 5 + the gaps to every power below (Turkey on 0 too) + 10 for the sole top
    assert vulcan.score(BOARD_1) == (
        12 + 5 + (5 + 5 + 8 + 9 + 11 + 12) + 10,
        7 + 5 + (3 + 4 + 6 + 7),
        7 + 5 + (3 + 4 + 6 + 7),
        4 + 5 + (1 + 3 + 4),
        3 + 5 + (2 + 3),
        1 + 5 + 1,
        0,
    )


def test_reference_board_2_the_soloist_130_other_survivors_5() -> None:
    assert vulcan.score(BOARD_2) == (130, 5, 5, 5, 5, 0, 0)


def test_reference_board_3_a_concession_scores_as_a_solo() -> None:
    assert vulcan.score(BOARD_3) == (130, 5, 5, 0, 0, 0, 0)


# centres | scores
WORKED = [
    # a shared top splits the 10: two leaders get 5 each; tied powers gain nothing on each other
    ((10, 10, 6, 4, 4, 0, 0),
     (10 + 5 + (4 + 6 + 6 + 10 + 10) + 10 / 2,) * 2
     + (6 + 5 + (2 + 2 + 6 + 6), 4 + 5 + (4 + 4), 4 + 5 + (4 + 4), 0, 0)),
    # a lone survivor short of a solo: the gaps to six eliminated powers
    ((0, 0, 17, 0, 0, 0, 0), (0, 0, 17 + 5 + 6 * 17 + 10, 0, 0, 0, 0)),
    # all seven level: 5 + 10 / 7 each on top of the centres
    ((4, 4, 4, 4, 4, 4, 4), (4 + 5 + 10 / 7,) * 7),
]


@pytest.mark.parametrize(("centres", "expected"), WORKED)
def test_worked_examples(centres: tuple[int, ...], expected: tuple[float, ...]) -> None:
    assert vulcan.score(board(centres)) == pytest.approx(expected, rel=1e-12)


def test_a_draw_vote_is_not_read() -> None:
    centres = (12, 7, 7, 4, 3, 1, 0)
    voted = board(centres, draw=(Y, Y, None, None, None, None, None))
    assert vulcan.score(voted) == vulcan.score(board(centres))


def test_parameters_change_the_arithmetic() -> None:
    params = vulcan.Params(solo=100, solo_survival=2, survival=3, top_bonus=6)
    assert vulcan.score(BOARD_3, params) == (100, 2, 2, 0, 0, 0, 0)
    assert vulcan.score(BOARD_1, params)[:2] == (12 + 3 + 50 + 6, 7 + 3 + 20)


def test_a_lowered_victory_criterion_reached_twice_is_an_error() -> None:
    with pytest.raises(InputError, match="two powers reach the victory criterion"):
        vulcan.score(board((17, 17, 0, 0, 0, 0, 0)), vulcan.Params(victory_centres=17))


@given(finished_games())
def test_the_eliminated_always_score_0(game: Game) -> None:
    scores = vulcan.score(game)
    assert all(s == 0 for s, c in zip(scores, game.centres, strict=True) if c == 0)


@given(finished_games(solo=False, explicit_draws=False))
def test_more_centres_never_score_less(game: Game) -> None:
    pairs = sorted(zip(game.centres, vulcan.score(game), strict=True))
    assert all(a[1] <= b[1] for a, b in pairwise(pairs))


def test_registered_as_vulcan() -> None:
    assert get_system("vulcan").score_game(BOARD_1, vulcan.DEFAULT) == vulcan.score(BOARD_1)
