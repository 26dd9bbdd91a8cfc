"""Southern Sun (dipvis GScoringSouthernSun): 30 a survivor + 10 a centre +
rank points 130/80/50/30/20/10/10 among the survivors, shared and rounded
half to even; 3 a year played for the eliminated; 500 for a solo or a
concession.  The catalogue's examples and reference boards as the rule's
arithmetic, the half-to-even case, missing years, invariants."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dipxl.errors import InputError, ParameterError
from dipxl.model import Game
from dipxl.systems import get_system, southern_sun
from tests.helpers import board, finished_games, with_years
from tests.systems.reference_boards import REFERENCE

Y = True
_ = None


def survivor(centres: int, rank: float) -> float:
    return 30 + 10 * centres + rank


# CATALOGUE.md's reference boards as dipvis scores them.
DIPVIS = {
    # 2nd and 3rd tied on 7 share (80 + 50) / 2; Turkey out in 1906 played 6 years.
    "board 1": (survivor(12, 130), *[survivor(7, (80 + 50) / 2)] * 2, survivor(4, 30),
                survivor(3, 20), survivor(1, 10), 3 * (1906 - 1900)),
    "board 2": (500, 0, 0, 0, 0, 0, 0),
    # conceded to Austria: a solo's 500, the eliminated 0 too
    "board 3": (500, 0, 0, 0, 0, 0, 0),
}


@pytest.mark.parametrize("name", sorted(REFERENCE))
def test_the_catalogue_s_reference_boards_score_as_dipvis(name: str) -> None:
    assert southern_sun.score(REFERENCE[name]) == pytest.approx(DIPVIS[name], rel=1e-12)


def test_the_reference_boards_as_printed() -> None:
    assert DIPVIS["board 1"] == (280, 165, 165, 100, 80, 50, 18)


# centres | elimination years | scores: 30 + 10c + the survivors' shared
# rank points rounded half to even; the eliminated 3 x (year - 1900)
DRAWS = [
    # a 4-way tie for 1st: (130 + 80 + 50 + 30) / 4 = 72.5 rounds to the even 72
    # (Excel's ROUND would give 73)
    ((8, 8, 8, 8, 0, 0, 0), (_, _, _, _, 1903, 1905, 1905),
     (*[survivor(8, 72)] * 4, 3 * 3, 3 * 5, 3 * 5)),
    # a 4-way tie for 3rd-6th of six survivors: (50 + 30 + 20 + 10) / 4 = 27.5 -> 28
    ((9, 8, 4, 4, 4, 4, 0), (_, _, _, _, _, _, 1910),
     (survivor(9, 130), survivor(8, 80), *[survivor(4, 28)] * 4, 3 * 10)),
    # a 4-way tie for 4th-7th: (30 + 20 + 10 + 10) / 4 = 17.5 -> 18
    ((10, 8, 6, 2, 2, 2, 2), (_,) * 7,
     (survivor(10, 130), survivor(8, 80), survivor(6, 50), *[survivor(2, 18)] * 4)),
    # a 3-way tie for 2nd: (80 + 50 + 30) / 3 = 53.33 -> 53 (the rules text's example)
    ((10, 6, 6, 6, 3, 3, 0), (_, _, _, _, _, _, 1908),
     (survivor(10, 130), *[survivor(6, 53)] * 3, *[survivor(3, 15)] * 2, 3 * 8)),
    # a 2-way top (130 + 80) / 2 = 105 (the rules text's example)
    ((12, 12, 5, 3, 2, 0, 0), (_, _, _, _, _, 1902, 1901),
     (*[survivor(12, 105)] * 2, survivor(5, 50), survivor(3, 30), survivor(2, 20), 3 * 2, 3 * 1)),
    # a lone survivor short of a solo takes 1st
    ((0, 0, 17, 0, 0, 0, 0), (1901, 1902, _, 1903, 1904, 1905, 1906),
     (3 * 1, 3 * 2, survivor(17, 130), 3 * 3, 3 * 4, 3 * 5, 3 * 6)),
]


@pytest.mark.parametrize(("centres", "years", "expected"), DRAWS)
def test_draws(
    centres: tuple[int, ...], years: tuple[int | None, ...], expected: tuple[float, ...]
) -> None:
    assert southern_sun.score(board(centres, years)) == pytest.approx(expected, rel=1e-12)


def test_a_half_point_share_is_rounded_to_even_not_up() -> None:
    assert (130 + 80 + 50 + 30) / 4 == 72.5
    scores = southern_sun.score(board((8, 8, 8, 8, 0, 0, 0), (_, _, _, _, 1903, 1905, 1905)))
    assert scores[0] == 30 + 10 * 8 + 72  # not 73


def test_a_solo_gives_500_and_nothing_else() -> None:
    scores = southern_sun.score(board((18, 10, 6, 0, 0, 0, 0)))  # no years needed
    assert scores == (500, 0, 0, 0, 0, 0, 0)


def test_a_concession_is_a_solo_for_the_conceded_power() -> None:
    scores = southern_sun.score(board((5, 12, 10, 7, 0, 0, 0), draw=(Y, _, _, _, _, _, _)))
    assert scores == (500, 0, 0, 0, 0, 0, 0)


def test_a_draw_vote_changes_nothing() -> None:
    years = (_, _, _, _, 1904, 1905, 1906)
    voted = board((12, 10, 8, 4, 0, 0, 0), years, (Y, Y, _, _, _, _, _))
    assert southern_sun.score(voted) == southern_sun.score(board((12, 10, 8, 4, 0, 0, 0), years))


def test_a_drawn_game_needs_every_elimination_year() -> None:
    with pytest.raises(InputError, match="Russia") as err:
        southern_sun.score(board((12, 10, 8, 4, 0, 0, 0), (_, _, _, _, 1904, _, 1906)))
    assert err.value.field == "eliminated"


def test_a_drawn_game_with_no_eliminated_power_needs_no_year() -> None:
    assert southern_sun.score(board((10, 8, 6, 4, 3, 2, 1)))[6] == survivor(1, 10)


def test_parameters_are_checked() -> None:
    with pytest.raises(ParameterError):
        southern_sun.Params(positions=())
    with pytest.raises(ParameterError):
        southern_sun.Params(per_year="3")  # type: ignore[arg-type]



@given(finished_games(solo=False, explicit_draws=False))
def test_equal_counts_score_equally_and_more_centres_never_score_less(game: Game) -> None:
    game = with_years(game)
    scores = southern_sun.score(game)
    pairs = [(c, s) for c, s in zip(game.centres, scores, strict=True) if c]
    for c, s in pairs:
        for d, t in pairs:
            if c == d:
                assert s == t
            if c > d:
                assert s > t


@given(finished_games(), st.integers(0, 3))
def test_rounding_is_applied_to_every_score(game: Game, digits: int) -> None:
    game = with_years(game)
    params = dataclasses.replace(southern_sun.DEFAULT, round_to=digits)
    assert southern_sun.score(game, params) == params.finish(southern_sun.score(game))


def test_registered() -> None:
    assert get_system("southern-sun").reads == ("centres", "eliminated", "draw")
