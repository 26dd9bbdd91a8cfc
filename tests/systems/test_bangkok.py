"""Bangkok and its preset Olympic (dipvis GScoringBangkok, CATALOGUE.md):
the worked example and the three reference boards as the rule's
arithmetic, concessions, the years the rule needs, invariants."""

from __future__ import annotations

import pytest
from hypothesis import given

from dipxl.errors import InputError, ParameterError
from dipxl.model import Game
from dipxl.systems import bangkok, get_system
from tests.helpers import board, finished_games

OLYMPIC = get_system("olympic").params
Y = True

# CATALOGUE.md's reference boards (powers A E F G I R T): centres,
# elimination years, draw flags (board 3: conceded to Austria), final year.
BOARD_1 = board((12, 7, 7, 4, 3, 1, 0), [None] * 6 + [1906], year=1907)
BOARD_2 = board((18, 4, 4, 4, 4, 0, 0), [None] * 5 + [1905, 1906], year=1907)
BOARD_3 = board((15, 10, 9, 0, 0, 0, 0), [None] * 3 + [1904, 1905, 1907, 1908],
                [Y] + [None] * 6, year=1909)


def test_the_worked_example_board_1() -> None:
    # the leader alone on 12, nobody on 11 or 10: 3 shares of 3, all 12 points
    assert bangkok.score(BOARD_1) == pytest.approx(
        (12 + 3 + 12 * 3 / 3, 7 + 3, 7 + 3, 4 + 3, 3 + 3, 1 + 3, 0.3 * (1906 - 1901)), rel=1e-12)


def test_board_2_a_solo_gives_the_losers_half_a_point_a_centre() -> None:
    assert bangkok.score(BOARD_2) == (41, 0.5 * 4, 0.5 * 4, 0.5 * 4, 0.5 * 4, 0, 0)


def test_board_3_a_concession_is_scored_as_a_solo() -> None:
    assert BOARD_3.conceded_to == 0
    assert bangkok.score(BOARD_3) == (41, 0.5 * 10, 0.5 * 9, 0, 0, 0, 0)


@pytest.mark.parametrize("game", [BOARD_1, BOARD_2, BOARD_3], ids=["board 1", "2", "3"])
def test_olympic_on_the_reference_boards(game: Game) -> None:
    expected = {
        # a draw with no one 1 or 2 behind the top: as Bangkok
        BOARD_1: (12 + 3 + 12 * 4 / 4, 7 + 3, 7 + 3, 4 + 3, 3 + 3, 1 + 3, 0.3 * (1906 - 1901)),
        BOARD_2: (46, 0, 0, 0, 0, 0, 0),
        BOARD_3: (46, 0, 0, 0, 0, 0, 0),
    }[game]
    assert bangkok.score(game, OLYMPIC) == pytest.approx(expected, rel=1e-12)


# centres | elimination years | scores: centres + 3 for a survivor (0.3 a
# year after 1901 for the eliminated) + 12 x shares / all shares
DRAWS = [
    # one behind (2 shares) and two behind (1 share): 3 + 2 + 2 + 1 = 8 shares
    ((10, 9, 9, 8, 0, 0, 0), [None] * 4 + [1903, 1905, 1905],
     (10 + 3 + 12 * 3 / 8, 9 + 3 + 12 * 2 / 8, 9 + 3 + 12 * 2 / 8, 8 + 3 + 12 * 1 / 8,
      0.3 * 2, 0.3 * 4, 0.3 * 4)),
    # a shared top: 3 shares each
    ((12, 12, 6, 4, 0, 0, 0), [None] * 4 + [1901, 1902, 1910],
     (12 + 3 + 12 * 3 / 6, 12 + 3 + 12 * 3 / 6, 6 + 3, 4 + 3, 0.3 * 0, 0.3 * 1, 0.3 * 9)),
    # a lone survivor short of a solo takes the 12 alone
    ((0, 0, 17, 0, 0, 0, 0), [1905, 1906, None, 1907, 1908, 1909, 1910],
     (0.3 * 4, 0.3 * 5, 17 + 3 + 12, 0.3 * 6, 0.3 * 7, 0.3 * 8, 0.3 * 9)),
]


@pytest.mark.parametrize(("centres", "years", "expected"), DRAWS)
def test_draws(centres: tuple[int, ...], years: list[int | None],
               expected: tuple[float, ...]) -> None:
    assert bangkok.score(board(centres, years)) == pytest.approx(expected, rel=1e-12)


def test_a_draw_vote_of_several_changes_nothing() -> None:
    voted = board((10, 9, 9, 8, 0, 0, 0), [None] * 4 + [1903, 1905, 1905], [Y, Y] + [None] * 5)
    assert bangkok.score(voted) == bangkok.score(board(voted.centres, list(voted.years)))


def test_a_drawn_board_without_an_elimination_year_is_refused() -> None:
    with pytest.raises(InputError) as err:
        bangkok.score(board((12, 7, 7, 4, 3, 1, 0)))
    assert err.value.field == "eliminated"
    assert "none is given for Turkey" in str(err.value)


def test_a_won_board_needs_no_year() -> None:
    assert bangkok.score(board((18, 4, 4, 4, 4, 0, 0))) == (41, 2, 2, 2, 2, 0, 0)
    conceded = board((15, 10, 9, 0, 0, 0, 0), draw=[Y] + [None] * 6)
    assert bangkok.score(conceded) == (41, 0.5 * 10, 0.5 * 9, 0, 0, 0, 0)


def test_no_final_year_is_ever_needed() -> None:
    assert "year" not in get_system("bangkok").reads
    assert bangkok.score(board((12, 7, 7, 4, 3, 1, 0), [None] * 6 + [1906])) == \
        bangkok.score(BOARD_1)


def test_top_shares_must_be_positive() -> None:
    with pytest.raises(ParameterError, match="top_shares must be more than 0"):
        bangkok.Params(top_shares=0)


@given(finished_games(solo=False, explicit_draws=False, complete=True))
def test_a_draw_gives_exactly_the_12_domination_points(game: Game) -> None:
    alive = sum(1 for c in game.centres if c)
    dead = sum(0.3 * (y - 1901) for y in game.years if y is not None)
    total = sum(game.centres) + 3 * alive + dead + 12
    assert sum(bangkok.score(game)) == pytest.approx(total, rel=1e-12)
    assert sum(bangkok.score(game, OLYMPIC)) == pytest.approx(total, rel=1e-12)


@given(finished_games(solo=False, explicit_draws=False, complete=True))
def test_in_a_draw_survivors_on_equal_counts_score_equally(game: Game) -> None:
    scores = bangkok.score(game)
    by_count: dict[int, set[float]] = {}
    for c, s in zip(game.centres, scores, strict=True):
        if c:
            by_count.setdefault(c, set()).add(s)
    assert all(len(v) == 1 for v in by_count.values())


def test_a_game_conceded_to_a_power_behind_the_leader_is_its_win() -> None:
    conceded = board((15, 10, 9, 0, 0, 0, 0), [None] * 3 + [1904, 1905, 1907, 1908],
                     [None, None, Y, None, None, None, None], year=1909)
    assert bangkok.score(conceded) == (0.5 * 15, 0.5 * 10, 41, 0, 0, 0, 0)
