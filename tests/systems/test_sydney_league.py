"""Sydney League (dipvis GScoringSydneyLeague): 25 a centre + rank points
700 ... 100, survivors by centres, then the eliminated by elimination year
+ a point a year played; a solo or a concession multiplies the winner's
draw score by 1.5 and everyone else's by 0.5.  The catalogue's reference
boards as the rule's arithmetic, ties, missing years, invariants."""

from __future__ import annotations

import pytest
from hypothesis import assume, given

from dipxl.errors import InputError
from dipxl.model import Game
from dipxl.systems import get_system, sydney_league
from tests.helpers import board, finished_games, with_years
from tests.systems.reference_boards import REFERENCE

Y = True
_ = None

# CATALOGUE.md's reference boards as dipvis scores them.
DIPVIS = {
    # 2nd and 3rd tied on 7 share (600 + 500) / 2; Turkey, out in 1906, takes 7th
    # and a point a year played (1906 - 1900).
    "board 1": (25 * 12 + 700, *[25 * 7 + (600 + 500) / 2] * 2, 25 * 4 + 400, 25 * 3 + 300,
                25 * 1 + 200, 100 + (1906 - 1900)),
    # a solo: the draw scores x 1.5 for the soloist, x 0.5 for everyone else
    "board 2": ((25 * 18 + 700) * 1.5, *[(25 * 4 + (600 + 500 + 400 + 300) / 4) * 0.5] * 4,
                (100 + (1905 - 1900)) * 0.5, (200 + (1906 - 1900)) * 0.5),
    # conceded to Austria: the same as a solo; the eliminated ranked by year
    "board 3": ((25 * 15 + 700) * 1.5, (25 * 10 + 600) * 0.5, (25 * 9 + 500) * 0.5,
                (100 + (1904 - 1900)) * 0.5, (200 + (1905 - 1900)) * 0.5,
                (300 + (1907 - 1900)) * 0.5, (400 + (1908 - 1900)) * 0.5),
}


@pytest.mark.parametrize("name", sorted(REFERENCE))
def test_the_catalogue_s_reference_boards_score_as_dipvis(name: str) -> None:
    assert sydney_league.score(REFERENCE[name]) == pytest.approx(DIPVIS[name], rel=1e-12)


def test_the_reference_boards_as_printed() -> None:
    assert DIPVIS["board 1"] == (1000, 725, 725, 500, 375, 225, 106)
    assert DIPVIS["board 2"] == (1725, 275, 275, 275, 275, 52.5, 103)
    assert DIPVIS["board 3"] == (1612.5, 425, 362.5, 52, 102.5, 153.5, 204)


# centres | elimination years | scores as a draw
DRAWS = [
    # two eliminated in the same year share 6th and 7th
    ((12, 10, 6, 4, 2, 0, 0), (_, _, _, _, _, 1906, 1906),
     (25 * 12 + 700, 25 * 10 + 600, 25 * 6 + 500, 25 * 4 + 400, 25 * 2 + 300,
      *[(200 + 100) / 2 + (1906 - 1900)] * 2)),
    # the later elimination ranks higher
    ((17, 0, 0, 9, 0, 8, 0), (_, 1903, 1910, _, 1905, _, 1905),
     (25 * 17 + 700, 100 + 3, 400 + 10, 25 * 9 + 600, (300 + 200) / 2 + 5, 25 * 8 + 500,
      (300 + 200) / 2 + 5)),
    # a lone survivor short of a solo takes 1st
    ((0, 0, 0, 0, 0, 0, 17), (1901, 1902, 1903, 1904, 1905, 1906, _),
     (100 + 1, 200 + 2, 300 + 3, 400 + 4, 500 + 5, 600 + 6, 25 * 17 + 700)),
    # nobody eliminated, three tied for 1st
    ((6, 6, 6, 5, 4, 4, 3), (_,) * 7,
     (*[25 * 6 + (700 + 600 + 500) / 3] * 3, 25 * 5 + 400, *[25 * 4 + (300 + 200) / 2] * 2,
      25 * 3 + 100)),
]


@pytest.mark.parametrize(("centres", "years", "expected"), DRAWS)
def test_draws(
    centres: tuple[int, ...], years: tuple[int | None, ...], expected: tuple[float, ...]
) -> None:
    assert sydney_league.score(board(centres, years)) == pytest.approx(expected, rel=1e-12)


def test_a_concession_to_a_power_not_on_top_multiplies_its_own_draw_score() -> None:
    years = (_, _, _, _, 1904, 1905, 1906)
    conceded = board((5, 12, 10, 7, 0, 0, 0), years, (Y, _, _, _, _, _, _))
    drawn = sydney_league.score(board((5, 12, 10, 7, 0, 0, 0), years))
    assert sydney_league.score(conceded) == pytest.approx(
        (drawn[0] * 1.5, *[s * 0.5 for s in drawn[1:]]), rel=1e-12)


def test_a_draw_vote_changes_nothing() -> None:
    years = (_, _, _, _, 1904, 1905, 1906)
    voted = board((12, 10, 8, 4, 0, 0, 0), years, (Y, Y, _, _, _, _, _))
    assert sydney_league.score(voted) == sydney_league.score(board((12, 10, 8, 4, 0, 0, 0), years))


@pytest.mark.parametrize("centres", [(12, 10, 8, 4, 0, 0, 0), (18, 10, 6, 0, 0, 0, 0)])
def test_a_game_with_an_eliminated_power_needs_its_year_even_in_a_solo(
    centres: tuple[int, ...]
) -> None:
    with pytest.raises(InputError, match="Russia") as err:
        sydney_league.score(board(centres, (_, _, _, _, 1904, _, 1906)))
    assert err.value.field == "eliminated"



@given(finished_games(solo=False, explicit_draws=False))
def test_a_draw_shares_every_rank_point(game: Game) -> None:
    game = with_years(game)
    scores = sydney_league.score(game)
    own = sum(25 * c if c else (y or 0) - 1900
              for c, y in zip(game.centres, game.years, strict=True))
    assert sum(scores) == pytest.approx(700 + 600 + 500 + 400 + 300 + 200 + 100 + own, rel=1e-12)


@given(finished_games(solo=True))
def test_a_solo_is_one_and_a_half_times_and_half_the_draw_scores(game: Game) -> None:
    game = with_years(game)
    assume(max(game.centres) < 34)  # scored as a draw under victory_centres 34
    winner = game.centres.index(max(game.centres))
    drawn = sydney_league.score(game, sydney_league.Params(victory_centres=34))
    expected = [s * (1.5 if i == winner else 0.5) for i, s in enumerate(drawn)]
    assert sydney_league.score(game) == pytest.approx(expected, rel=1e-12)


def test_registered() -> None:
    assert get_system("sydney-league").reads == ("centres", "eliminated", "draw")
