"""Tribute (dipvis GScoringTribute, CATALOGUE.md): the catalogue's boards as
the rule's arithmetic, concessions, ties and invariants."""

from __future__ import annotations

import pytest
from hypothesis import given

from dipxl.errors import InputError
from dipxl.model import Game
from dipxl.systems import get_system, tribute
from tests.helpers import board, finished_games

Y = True

# CATALOGUE.md's reference boards (powers A E F G I R T); board 3 is conceded to Austria.
BOARD_1 = board((12, 7, 7, 4, 3, 1, 0), (None,) * 6 + (1906,))
BOARD_2 = board((18, 4, 4, 4, 4, 0, 0), (None,) * 5 + (1905, 1906))
BOARD_3 = board((15, 10, 9, 0, 0, 0, 0), (None, None, None, 1904, 1905, 1907, 1908),
                (Y, None, None, None, None, None, None))


def test_reference_board_1_survivors_pay_the_leader_its_centres_above_6() -> None:
    # 6 survivors share 66: 11 each; the leader's 12 is 6 above 6, and 6 < 11:
    # five survivors pay 6 each to the one leader.
    assert tribute.score(BOARD_1) == pytest.approx(
        (12 + 66 / 6 + 6 * (6 - 1) / 1, 7 + 66 / 6 - 6, 7 + 66 / 6 - 6, 4 + 66 / 6 - 6,
         3 + 66 / 6 - 6, 1 + 66 / 6 - 6, 0), rel=1e-12)


def test_reference_board_2_a_solo_scores_100_alone() -> None:
    assert tribute.score(BOARD_2) == (100, 0, 0, 0, 0, 0, 0)


def test_reference_board_3_a_concession_scores_as_a_solo() -> None:
    assert tribute.score(BOARD_3) == (100, 0, 0, 0, 0, 0, 0)


# centres | scores as centres + 66 / S, the tribute b = min(66 / S, L - 6)
WORKED = [
    # the top at 6 or below pays nothing: 66 / 7 each on top of the centres
    ((6, 5, 5, 5, 5, 4, 4), tuple(c + 66 / 7 for c in (6, 5, 5, 5, 5, 4, 4))),
    # two share the top of 10: b = 4, each receives 4 x (5 - 2) / 2
    ((10, 10, 6, 4, 4, 0, 0),
     (10 + 66 / 5 + 4 * 3 / 2, 10 + 66 / 5 + 4 * 3 / 2, 6 + 66 / 5 - 4, 4 + 66 / 5 - 4,
      4 + 66 / 5 - 4, 0, 0)),
    # below the survival share the tribute is L - 6: 17 - 6 = 11 < 66 / 3 = 22
    ((17, 9, 8, 0, 0, 0, 0), (17 + 22 + 11 * 2, 9 + 22 - 11, 8 + 22 - 11, 0, 0, 0, 0)),
    # capped: 7 survivors share 66, 66 / 7 < 16 - 6, so b = 66 / 7
    ((16, 3, 3, 3, 3, 3, 3), (16 + 66 / 7 + 66 / 7 * 6, *[3 + 66 / 7 - 66 / 7] * 6)),
    # a lone survivor short of a solo: 66 and nobody to pay it
    ((0, 0, 17, 0, 0, 0, 0), (0, 0, 17 + 66, 0, 0, 0, 0)),
]


@pytest.mark.parametrize(("centres", "expected"), WORKED)
def test_worked_examples(centres: tuple[int, ...], expected: tuple[float, ...]) -> None:
    assert tribute.score(board(centres)) == pytest.approx(expected, rel=1e-12)


def test_a_draw_vote_is_not_read() -> None:
    centres = (12, 7, 7, 4, 3, 1, 0)
    voted = board(centres, draw=(Y, Y, None, None, None, None, None))
    assert tribute.score(voted) == tribute.score(board(centres))


def test_no_elimination_or_final_year_is_needed() -> None:
    assert tribute.score(board((15, 10, 9, 0, 0, 0, 0), draw=(Y,) + (None,) * 6))[0] == 100


def test_parameters_change_the_arithmetic() -> None:
    params = tribute.Params(solo=80, survival=60, threshold=8)
    assert tribute.score(BOARD_3, params)[0] == 80
    # 6 survivors share 60: 10 each; the leader is 4 above 8
    assert tribute.score(BOARD_1, params) == pytest.approx(
        (12 + 10 + 4 * 5, 7 + 10 - 4, 7 + 10 - 4, 4 + 10 - 4, 3 + 10 - 4, 1 + 10 - 4, 0))


def test_a_lowered_victory_criterion_reached_twice_is_an_error() -> None:
    with pytest.raises(InputError, match="two powers reach the victory criterion"):
        tribute.score(board((17, 17, 0, 0, 0, 0, 0)), tribute.Params(victory_centres=17))


@given(finished_games())
def test_a_draw_totals_the_centres_plus_66(game: Game) -> None:
    # the tribute only moves points from the survivors to the leaders
    scores = tribute.score(game)
    if game.soloer() is None:
        assert sum(scores) == pytest.approx(sum(game.centres) + 66, rel=1e-12)
    else:
        assert sorted(scores) == [0] * 6 + [100]


def test_registered_as_tribute() -> None:
    assert get_system("tribute").score_game(BOARD_1, tribute.DEFAULT) == tribute.score(BOARD_1)
