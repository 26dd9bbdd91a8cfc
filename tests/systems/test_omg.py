"""OMG, Open Mind the Gap (dipvis GScoringOMG, CATALOGUE.md): the catalogue's
boards as the rule's arithmetic, the tribute, concessions and invariants."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dipxl.errors import InputError
from dipxl.model import Game
from dipxl.systems import get_system, omg
from tests.helpers import board, finished_games

Y = True

# CATALOGUE.md's reference boards (powers A E F G I R T); board 3 is conceded to Austria.
BOARD_1 = board((12, 7, 7, 4, 3, 1, 0), (None,) * 6 + (1906,))
BOARD_2 = board((18, 4, 4, 4, 4, 0, 0), (None,) * 5 + (1905, 1906))
BOARD_3 = board((15, 10, 9, 0, 0, 0, 0), (None, None, None, 1904, 1905, 1907, 1908),
                (Y, None, None, None, None, None, None))


def test_reference_board_1() -> None:
    # own scores: 1.5 x centres + 9 alive + 4.5 / (3 + 1.5) / 2 shared by the tie for 2nd;
    # the gap is 12 - 7 = 5, so each pays min(5, half its own score): Russia's half is
    # (1.5 + 9) / 2 = 5.25, so it pays 5 too; Turkey's own score is 0
    own = (1.5 * 12 + 9 + 4.5, 1.5 * 7 + 9 + (3 + 1.5) / 2, 1.5 * 7 + 9 + (3 + 1.5) / 2,
           1.5 * 4 + 9, 1.5 * 3 + 9, 1.5 * 1 + 9, 0)
    paid = (5, 5, 5, 5, 5, 5, 0)
    expected = [s - p for s, p in zip(own, paid, strict=True)]
    expected[0] += sum(paid)
    assert omg.score(BOARD_1) == pytest.approx(expected, rel=1e-12)
    assert omg.score(BOARD_1) == pytest.approx((56.5, 16.75, 16.75, 10, 8.5, 5.5, 0))


def test_reference_board_2_a_solo_scores_100_alone() -> None:
    assert omg.score(BOARD_2) == (100, 0, 0, 0, 0, 0, 0)


def test_reference_board_3_a_concession_scores_as_a_solo() -> None:
    assert omg.score(BOARD_3) == (100, 0, 0, 0, 0, 0, 0)


def test_the_catalogue_s_worked_example() -> None:
    # 10-8-6-5-3-2-0: gap 2; Russia (own 1.5 x 2 + 9 = 12) and the rest pay 2; Turkey 0
    own = (15 + 9 + 4.5, 12 + 9 + 3, 9 + 9 + 1.5, 7.5 + 9, 4.5 + 9, 3 + 9, 0)
    paid = (2, 2, 2, 2, 2, 2, 0)
    assert omg.score(board((10, 8, 6, 5, 3, 2, 0))) == pytest.approx(
        (own[0] - 2 + sum(paid), *[s - p for s, p in zip(own[1:], paid[1:], strict=True)]),
        rel=1e-12)
    assert omg.score(board((10, 8, 6, 5, 3, 2, 0))) == pytest.approx(
        (38.5, 22, 17.5, 14.5, 11.5, 10, 0))


def test_the_tribute_is_capped_at_half_a_power_s_own_score() -> None:
    # gap 16 - 1 = 15; a power on 1 centre pays half its own 1.5 + 9 (+ the 3rd place's 1.5
    # shared by six powers on 1: 1.5 / 6) and the eliminated none
    own_1 = 1.5 + 9 + (3 + 1.5) / 6
    scores = omg.score(board((16, 1, 1, 1, 1, 1, 1)))
    assert scores[1:] == pytest.approx((own_1 / 2,) * 6)
    assert scores[0] == pytest.approx(1.5 * 16 + 9 + 4.5 + 6 * own_1 / 2)


def test_a_shared_top_pays_no_tribute() -> None:
    assert omg.score(board((10, 10, 6, 4, 4, 0, 0))) == pytest.approx(
        (15 + 9 + 3.75, 15 + 9 + 3.75, 9 + 9 + 1.5, 6 + 9, 6 + 9, 0, 0))


def test_a_lone_survivor_short_of_a_solo() -> None:
    # the eliminated share 2nd and 3rd: (3 + 1.5) / 6 each, and pay half of it
    dead = (3 + 1.5) / 6
    assert omg.score(board((0, 0, 17, 0, 0, 0, 0))) == pytest.approx(
        (dead / 2, dead / 2, 1.5 * 17 + 9 + 4.5 + 6 * dead / 2, *[dead / 2] * 4))


def test_a_draw_vote_is_not_read() -> None:
    centres = (12, 7, 7, 4, 3, 1, 0)
    voted = board(centres, draw=(Y, Y, None, None, None, None, None))
    assert omg.score(voted) == omg.score(board(centres))


def test_parameters_change_the_arithmetic() -> None:
    params = omg.Params(solo=90, per_centre=1, survival=0, positions=(3,), tribute_cap=0)
    assert omg.score(BOARD_3, params)[0] == 90
    assert omg.score(BOARD_1, params) == (12 + 3, 7, 7, 4, 3, 1, 0)


def test_a_lowered_victory_criterion_reached_twice_is_an_error() -> None:
    with pytest.raises(InputError, match="two powers reach the victory criterion"):
        omg.score(board((17, 17, 0, 0, 0, 0, 0)), omg.Params(victory_centres=17))


@given(finished_games(solo=False, explicit_draws=False))
def test_a_draw_totals_1_5_a_centre_9_a_survivor_and_the_9_place_points(game: Game) -> None:
    survivors = sum(1 for c in game.centres if c)
    assert sum(omg.score(game)) == pytest.approx(
        1.5 * sum(game.centres) + 9 * survivors + (4.5 + 3 + 1.5), rel=1e-12)


def test_registered_as_omg() -> None:
    assert get_system("omg").score_game(BOARD_1, omg.DEFAULT) == omg.score(BOARD_1)


@given(st.lists(finished_games(), min_size=1, max_size=10))
def test_the_memoised_tables_score_as_the_rule_seat_by_seat(games: list[Game]) -> None:
    # score and score_many read tables by game shape; _exact works each board out
    # (the tribute's payments added in power order).
    for params in (omg.DEFAULT, omg.Params(round_to=2, positions=(4.5, 3, 1.5, 1, 1),
                                           per_centre=1.1, tribute_cap=0.3)):
        expected = [omg._exact(g, params) for g in games]
        assert [omg.score(g, params) for g in games] == expected
        assert omg.score_many(games, params) == expected
