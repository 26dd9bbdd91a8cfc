"""OpenTribute (dipvis GScoringOpenTribute, CATALOGUE.md): the catalogue's
boards as the rule's arithmetic, shared tops, concessions and invariants."""

from __future__ import annotations

import math

import pytest
from hypothesis import given

from dipxl.errors import InputError
from dipxl.model import Game
from dipxl.systems import get_system, opentribute
from tests.helpers import board, finished_games

Y = True

# CATALOGUE.md's reference boards (powers A E F G I R T); board 3 is conceded to Austria.
BOARD_1 = board((12, 7, 7, 4, 3, 1, 0), (None,) * 6 + (1906,))
BOARD_2 = board((18, 4, 4, 4, 4, 0, 0), (None,) * 5 + (1905, 1906))
BOARD_3 = board((15, 10, 9, 0, 0, 0, 0), (None, None, None, 1904, 1905, 1907, 1908),
                (Y, None, None, None, None, None, None))


def test_reference_board_1() -> None:
    # T = 0 + 5 + 5 + 8 + 9 + 11 + 12 (Turkey, eliminated, pays 12); one leader takes it all
    tribute = 0 + 5 + 5 + 8 + 9 + 11 + 12
    assert opentribute.score(BOARD_1) == (
        34 + 3 * 12 - 0 + tribute, 34 + 3 * 7 - 5, 34 + 3 * 7 - 5, 34 + 3 * 4 - 8,
        34 + 3 * 3 - 9, 34 + 3 * 1 - 11, 0)


def test_reference_board_2_a_solo_scores_340_alone() -> None:
    assert opentribute.score(BOARD_2) == (340, 0, 0, 0, 0, 0, 0)


def test_reference_board_3_a_concession_scores_as_a_solo() -> None:
    assert opentribute.score(BOARD_3) == (340, 0, 0, 0, 0, 0, 0)


def test_the_catalogue_s_shared_top() -> None:
    # 9-9-6-5-3-2-0: T = 0 + 0 + 3 + 4 + 6 + 7 + 9 = 29; each leader gets floor(29 / 2^2) = 7
    scores = opentribute.score(board((9, 9, 6, 5, 3, 2, 0)))
    assert scores == (34 + 27 + math.floor(29 / 4), 34 + 27 + math.floor(29 / 4),
                      34 + 18 - 3, 34 + 15 - 4, 34 + 9 - 6, 34 + 6 - 7, 0)
    assert scores[0] == 68


def test_a_three_way_top_gets_a_ninth_each_rounded_down() -> None:
    # T = 0 + 0 + 0 + 4 + 8 + 8 + 8 = 28; 28 / 9 = 3.11 -> 3 each
    assert opentribute.score(board((8, 8, 8, 4, 0, 0, 0)))[:4] == (
        34 + 24 + 3, 34 + 24 + 3, 34 + 24 + 3, 34 + 12 - 4)


def test_a_lone_survivor_takes_every_payment() -> None:
    assert opentribute.score(board((0, 0, 17, 0, 0, 0, 0))) == (
        0, 0, 34 + 3 * 17 + 6 * 17, 0, 0, 0, 0)


def test_a_draw_vote_is_not_read() -> None:
    centres = (12, 7, 7, 4, 3, 1, 0)
    voted = board(centres, draw=(Y, Y, None, None, None, None, None))
    assert opentribute.score(voted) == opentribute.score(board(centres))


def test_parameters_change_the_arithmetic() -> None:
    params = opentribute.Params(solo=300, base=30, per_centre=2)
    assert opentribute.score(BOARD_3, params)[0] == 300
    assert opentribute.score(BOARD_1, params)[:2] == (30 + 2 * 12 + 50, 30 + 2 * 7 - 5)


def test_a_lowered_victory_criterion_reached_twice_is_an_error() -> None:
    with pytest.raises(InputError, match="two powers reach the victory criterion"):
        opentribute.score(board((17, 17, 0, 0, 0, 0, 0)), opentribute.Params(victory_centres=17))


@given(finished_games(solo=False, explicit_draws=False))
def test_a_sole_leader_gets_back_every_payment(game: Game) -> None:
    centres = game.centres
    top = max(centres)
    scores = opentribute.score(game)
    own = sum(34 + 3 * c for c in centres if c)
    if centres.count(top) == 1:  # payments only move points: the dead's add to the total
        assert sum(scores) == own + top * centres.count(0)
    else:
        assert sum(scores) <= own + top * centres.count(0)


def test_registered_as_opentribute() -> None:
    spec = get_system("opentribute")
    assert spec.score_game(BOARD_1, spec.params) == opentribute.score(BOARD_1)
