"""Haight v1.0 (dipvis GScoringHaight, CATALOGUE.md "Haight v1.0"): a draw
scores 10 a centre (the eliminated: years played) + rank points 66 ... 0
(the eliminated ranked below by elimination year, ties the lowest place's)
+ 5 a centre of the sole topper's lead; a solo 451, the other survivors
max(5c, solo year - 1900), the eliminated E - 1900; a concession gives
nobody 451.  The reference boards and examples as the rule's arithmetic;
ties, concessions, missing inputs, invariants."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dipxl.errors import InputError
from dipxl.model import Game
from dipxl.systems import get_system, haight
from tests.helpers import board, dated_games

Y = True  # a draw flag: in the vote


def test_reference_board_1_a_tie_for_2nd_and_3rd() -> None:
    # 12-7-7-4-3-1-0, Turkey out 1906: the two on 7 both take 3rd's 44;
    # Turkey is 7th (0) with its 6 years played.
    game = board((12, 7, 7, 4, 3, 1, 0), [None] * 6 + [1906], year=1907)
    assert haight.score(game) == (
        10 * 12 + 66 + 5 * (12 - 7), 10 * 7 + 44, 10 * 7 + 44, 10 * 4 + 33, 10 * 3 + 22,
        10 * 1 + 11, (1906 - 1900) + 0)


def test_reference_board_2_a_solo() -> None:
    game = board((18, 4, 4, 4, 4, 0, 0), [None] * 5 + [1905, 1906], year=1907)
    assert haight.score(game) == (
        451, *[max(5 * 4, 1907 - 1900)] * 4, 1905 - 1900, 1906 - 1900)


def test_reference_board_3_a_concession_gives_nobody_451() -> None:
    # 15-10-9 conceded to Austria, voted in 1910: Austria scores as a survivor.
    game = board((15, 10, 9, 0, 0, 0, 0), [None] * 3 + [1904, 1905, 1907, 1908], [Y] + [None] * 6,
                 year=1909)
    assert haight.score(game) == (
        max(5 * 15, 1910 - 1900), max(5 * 10, 1910 - 1900), max(5 * 9, 1910 - 1900),
        1904 - 1900, 1905 - 1900, 1907 - 1900, 1908 - 1900)
    assert haight.score(game)[:3] == (75, 50, 45)


def test_a_small_survivor_of_a_late_solo_scores_its_years() -> None:
    # 1 and 2 centres: the 12 years played beat 5 and 10; 10 centres: 50.
    game = board((20, 1, 2, 0, 0, 0, 10), [None, None, None, 1903, 1904, 1905, None], year=1912)
    assert haight.score(game) == (
        451, max(5 * 1, 1912 - 1900), max(5 * 2, 1912 - 1900), 1903 - 1900, 1904 - 1900,
        1905 - 1900, max(5 * 10, 1912 - 1900))
    assert haight.score(game)[1:3] == (12, 12)


# centres | elimination years | scores: ties take the lowest place's rank
# points; the eliminated rank below the survivors, the later the higher
TIES = [
    # two share the top: 2nd's 55 each and no lead bonus
    ((10, 10, 5, 4, 3, 1, 1), [None] * 7,
     (10 * 10 + 55, 10 * 10 + 55, 10 * 5 + 44, 10 * 4 + 33, 10 * 3 + 22, 10 * 1 + 0,
      10 * 1 + 0)),
    # three share the top: 3rd's 44 each; the eliminated tie by year
    ((11, 11, 11, 1, 0, 0, 0), [None] * 4 + [1905, 1907, 1907],
     (10 * 11 + 44, 10 * 11 + 44, 10 * 11 + 44, 10 * 1 + 33, (1905 - 1900) + 0,
      (1907 - 1900) + 11, (1907 - 1900) + 11)),
    # two eliminated in the same year share 6th-7th: 0 each
    ((12, 9, 6, 4, 3, 0, 0), [None] * 5 + [1906, 1906],
     (10 * 12 + 66 + 5 * (12 - 9), 10 * 9 + 55, 10 * 6 + 44, 10 * 4 + 33, 10 * 3 + 22,
      (1906 - 1900) + 0, (1906 - 1900) + 0)),
]


@pytest.mark.parametrize(("centres", "years", "expected"), TIES)
def test_ties_take_the_lowest_place(
    centres: tuple[int, ...], years: list[int | None], expected: tuple[float, ...]
) -> None:
    assert haight.score(board(centres, years, year=1910)) == pytest.approx(expected, rel=1e-12)


def test_a_lone_survivor_leads_over_the_last_eliminated() -> None:
    # 17 centres; the second key is the 1909 elimination's (1909 - 1901) / 100.
    years = [None, 1903, 1904, 1905, 1906, 1909, 1908]
    game = board((17, 0, 0, 0, 0, 0, 0), years, year=1910)
    assert haight.score(game) == pytest.approx(
        (10 * 17 + 66 + 5 * (17 - (1909 - 1901) / 100), 1903 - 1900 + 0, 1904 - 1900 + 11,
         1905 - 1900 + 22, 1906 - 1900 + 33, 1909 - 1900 + 55, 1908 - 1900 + 44), rel=1e-12)
    assert haight.score(game)[0] - 10 * 17 - 66 == pytest.approx(84.6)


def test_a_wider_vote_changes_nothing() -> None:
    centres = (10, 8, 6, 5, 3, 2, 0)
    years = [None] * 6 + [1904]
    voted = board(centres, years, [Y, Y, None, None, None, None, None], year=1906)
    assert haight.score(voted) == haight.score(board(centres, years, year=1906))


def test_missing_inputs_are_refused() -> None:
    with pytest.raises(InputError) as err:
        haight.score(board((12, 7, 7, 4, 3, 1, 0), year=1907))
    assert err.value.field == "eliminated"
    # a concession: the power conceded to scores by the vote year
    with pytest.raises(InputError) as err:
        haight.score(board((15, 10, 9, 0, 0, 0, 0), [None] * 3 + [1904, 1905, 1907, 1908],
                           [Y] + [None] * 6))
    assert err.value.field == "year"


def test_inputs_the_board_does_not_need_are_not_required() -> None:
    assert haight.score(board((12, 7, 7, 4, 3, 1, 0), [None] * 6 + [1906]))
    years = [None, 1903, 1904, 1905, 1906, 1907, 1908]
    assert haight.score(board((18, 0, 0, 0, 0, 0, 0), years)) == (
        451, *[y - 1900 for y in years[1:] if y])


def test_the_registry_entry_reads_what_the_rule_reads() -> None:
    spec = get_system("haight")
    assert isinstance(spec, haight.Haight)
    assert spec.title == "Haight v1.0"
    assert spec.reads == ("centres", "eliminated", "draw", "year")
    assert spec.params == haight.Params()


@given(dated_games())
def test_powers_alike_score_alike(game: Game) -> None:
    scores = haight.score(game)
    for i in range(7):
        for j in range(7):
            if game.centres[i] == game.centres[j] and game.years[i] == game.years[j] and (
                    game.conceded_to not in (i, j)):
                assert scores[i] == scores[j]


@given(dated_games(solo=False))
def test_nobody_scores_451_without_18_centres(game: Game) -> None:
    assert 451 not in haight.score(game)


@given(st.lists(dated_games(), min_size=1, max_size=10))
def test_the_memoised_tables_score_as_the_rule_seat_by_seat(games: list[Game]) -> None:
    # score and score_many read tables by game shape (and the eliminated's
    # scores by year or pattern of years); _exact works each board out.
    for params in (haight.DEFAULT, haight.Params(round_to=0, positions=(7, 6, 5, 4, 3, 2, 1.5),
                                                 lead=0.3)):
        expected = [haight._exact(g, params) for g in games]
        assert [haight.score(g, params) for g in games] == expected
        assert haight.score_many(games, params) == expected
