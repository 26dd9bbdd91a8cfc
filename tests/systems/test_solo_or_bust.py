"""Solo or bust (dipvis GScoringSolos): a solo or a concession scores 100,
anything else 0.  The catalogue's reference boards, concessions, draws."""

from __future__ import annotations

import pytest
from hypothesis import given

from dipxl.model import Game
from dipxl.systems import get_system, solo_or_bust
from tests.helpers import board, finished_games
from tests.systems.reference_boards import REFERENCE

Y = True
_ = None

# CATALOGUE.md's reference boards as dipvis scores them: board 1 is a draw,
# board 2 a solo, board 3 conceded to Austria.
DIPVIS = {
    "board 1": (0, 0, 0, 0, 0, 0, 0),
    "board 2": (100, 0, 0, 0, 0, 0, 0),
    "board 3": (100, 0, 0, 0, 0, 0, 0),
}


@pytest.mark.parametrize("name", sorted(REFERENCE))
def test_the_catalogue_s_reference_boards_score_as_dipvis(name: str) -> None:
    assert solo_or_bust.score(REFERENCE[name]) == DIPVIS[name]


def test_a_concession_to_a_power_not_on_top_wins_it_100() -> None:
    conceded = board((5, 12, 10, 7, 0, 0, 0), draw=(_, _, _, Y, _, _, _))
    assert solo_or_bust.score(conceded) == (0, 0, 0, 100, 0, 0, 0)


def test_a_draw_vote_of_two_is_no_win() -> None:
    assert solo_or_bust.score(board((17, 17, 0, 0, 0, 0, 0), draw=(Y, Y, _, _, _, _, _))) == (
        0, 0, 0, 0, 0, 0, 0)


def test_no_elimination_year_is_needed() -> None:
    assert solo_or_bust.score(board((20, 0, 0, 0, 14, 0, 0))) == (100, 0, 0, 0, 0, 0, 0)


@given(finished_games())
def test_a_game_totals_100_when_won_and_0_otherwise(game: Game) -> None:
    won = max(game.centres) >= 18 or game.conceded_to is not None
    assert sum(solo_or_bust.score(game)) == (100 if won else 0)


def test_the_win_is_a_parameter() -> None:
    params = solo_or_bust.Params(win=1)
    assert solo_or_bust.score(REFERENCE["board 3"], params) == (1, 0, 0, 0, 0, 0, 0)
    assert get_system("solo-or-bust").reads == ("centres", "draw")
