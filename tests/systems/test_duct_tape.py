"""Duct Tape V2 (dipvis GScoringDuctTapeV2, CATALOGUE.md): 1 point a centre
plus rank points 40, 24, 15, 9, 6, 3, 3; a solo or concession 75 alone; the
dead share the lowest ranks, or (elimination order) are ranked by year."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dipxl.model import Game
from dipxl.systems import carnage, duct_tape, get_system
from tests.helpers import board, finished_games

SYSTEMS = ("duct-tape", "duct-tape-elimination-order")
DRAWS = finished_games(solo=False).filter(lambda game: game.conceded_to is None)


def test_it_is_carnage_s_rule_with_duct_tape_s_numbers() -> None:
    numbers = carnage.Params(positions=(40, 24, 15, 9, 6, 3, 3), solo=75)
    assert numbers == duct_tape.DEFAULT == get_system("duct-tape").params
    assert dataclasses.replace(numbers, eliminated_by_year=True) == get_system(
        "duct-tape-elimination-order").params
    assert get_system("duct-tape").description.startswith("Duct Tape V2: 1 point a centre")


DEAD_SIX = (24 + 15 + 9 + 6 + 3 + 3) / 6
# centres | elimination years | system | scores: centres + rank points, ties
# sharing the points of the ranks they occupy
WORKED = [
    # the 6th and 7th ranks are worth 3 each
    ((10, 8, 8, 4, 2, 1, 1), (None,) * 7, "duct-tape",
     (10 + 40, *[8 + (24 + 15) / 2] * 2, 4 + 9, 2 + 6, *[1 + (3 + 3) / 2] * 2)),
    # dead equal: three dead share 5th-7th
    ((10, 9, 9, 6, 0, 0, 0), (None, None, None, None, 1905, 1907, 1905), "duct-tape",
     (10 + 40, *[9 + (24 + 15) / 2] * 2, 6 + 9, *[(6 + 3 + 3) / 3] * 3)),
    # elimination order: 1907 is 5th, the two of 1905 share 6th-7th
    ((10, 9, 9, 6, 0, 0, 0), (None, None, None, None, 1905, 1907, 1905),
     "duct-tape-elimination-order",
     (10 + 40, *[9 + (24 + 15) / 2] * 2, 6 + 9, (3 + 3) / 2, 6, (3 + 3) / 2)),
    # the catalogue's lone survivor: 17 + 40, the dead 24/15/9/6/3/3 by year
    ((0, 17, 0, 0, 0, 0, 0), (1906, None, 1907, 1901, 1903, 1904, 1905),
     "duct-tape-elimination-order", (15, 17 + 40, 24, 3, 3, 6, 9)),
    # dead equal: the six dead share 2nd-7th
    ((0, 17, 0, 0, 0, 0, 0), (1906, None, 1907, 1901, 1903, 1904, 1905),
     "duct-tape", (DEAD_SIX, 17 + 40, *[DEAD_SIX] * 5)),
    # solo: 75, no centre points
    ((18, 10, 6, 0, 0, 0, 0), (None, None, None, 1905, 1906, 1907, 1908), "duct-tape",
     (75, 0, 0, 0, 0, 0, 0)),
]


@pytest.mark.parametrize(("centres", "years", "system", "expected"), WORKED)
def test_worked_examples(centres: tuple[int, ...], years: tuple[int | None, ...], system: str,
                         expected: tuple[float, ...]) -> None:
    spec = get_system(system)
    assert spec.score_game(board(centres, years), spec.params) == pytest.approx(
        expected, rel=1e-12)


# CATALOGUE.md's reference boards (powers A E F G I R T), scored by dipvis
# the same for both: Turkey alone is dead on board 1.
REFERENCE = {
    "board 1": (board((12, 7, 7, 4, 3, 1, 0), (None,) * 6 + (1906,)),
                (12 + 40, *[7 + (24 + 15) / 2] * 2, 4 + 9, 3 + 6, 1 + 3, 0 + 3)),
    "board 2": (board((18, 4, 4, 4, 4, 0, 0), (None,) * 5 + (1905, 1906)),
                (75, 0, 0, 0, 0, 0, 0)),
    # conceded to Austria: 75 as a solo
    "board 3": (board((15, 10, 9, 0, 0, 0, 0), (None, None, None, 1904, 1905, 1907, 1908),
                      (True, None, None, None, None, None, None)),
                (75, 0, 0, 0, 0, 0, 0)),
}


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("name", sorted(REFERENCE))
def test_the_catalogue_s_reference_boards_score_as_dipvis(system: str, name: str) -> None:
    spec = get_system(system)
    game, expected = REFERENCE[name]
    assert spec.score_game(game, spec.params) == pytest.approx(expected, rel=1e-12)


@given(DRAWS, st.sampled_from(SYSTEMS))
def test_a_draw_totals_100_plus_the_centres(game: Game, system: str) -> None:
    spec = get_system(system)
    assert sum(spec.score_game(game, spec.params)) == pytest.approx(
        40 + 24 + 15 + 9 + 6 + 3 + 3 + sum(game.centres), abs=1e-9)


@given(finished_games(), st.sampled_from(SYSTEMS))
def test_a_won_game_gives_75_to_the_winner_alone(game: Game, system: str) -> None:
    won = game.soloer()
    if won is None:
        return
    spec = get_system(system)
    assert spec.score_game(game, spec.params) == tuple(
        75.0 if i == won else 0.0 for i in range(7))
