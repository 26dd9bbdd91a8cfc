"""Your Draw Size (dipvis GScoringYourDrawSize; Diplomacy World 172):
points by centre band in a drawn game, 300 (short games) or 320
(unlimited) for a solo or a concession.  The catalogue's reference boards,
every band edge, concessions."""

from __future__ import annotations

import pytest
from hypothesis import given

from dipxl.model import Game
from dipxl.systems import get_system, your_draw_size
from tests.helpers import board, finished_games
from tests.systems.reference_boards import REFERENCE

Y = True
_ = None
SHORT = get_system("yds-short")
UNLIMITED = get_system("yds-unlimited")

# CATALOGUE.md's reference boards as dipvis scores them.
DIPVIS = {
    # 12 -> 70 (11-13), 7 -> 30 (4-7), 4 -> 30, 3 -> 21 (1-3), 1 -> 21, 0 -> 0
    "board 1": ((70, 30, 30, 30, 21, 21, 0), (70, 30, 30, 30, 21, 21, 0)),
    "board 2": ((300, 0, 0, 0, 0, 0, 0), (320, 0, 0, 0, 0, 0, 0)),
    # conceded to Austria
    "board 3": ((300, 0, 0, 0, 0, 0, 0), (320, 0, 0, 0, 0, 0, 0)),
}


@pytest.mark.parametrize("name", sorted(REFERENCE))
def test_the_catalogue_s_reference_boards_score_as_dipvis(name: str) -> None:
    short, unlimited = DIPVIS[name]
    assert SHORT.score_game(REFERENCE[name], SHORT.params) == short
    assert UNLIMITED.score_game(REFERENCE[name], UNLIMITED.params) == unlimited


# centres | points in a drawn game: the band's
BANDS = [(0, 0), (1, 21), (3, 21), (4, 30), (7, 30), (8, 42), (10, 42), (11, 70), (13, 70),
         (14, 105), (17, 105)]


@pytest.mark.parametrize(("centres", "points"), BANDS)
def test_every_band_edge(centres: int, points: float) -> None:
    assert your_draw_size.band_points(centres) == points
    game = board((centres, *(1 if centres < 17 else 0 for _ in range(6))))
    assert your_draw_size.score(game)[0] == points


def test_a_concession_to_a_power_not_on_top_wins_it_the_solo_points() -> None:
    conceded = board((5, 12, 10, 7, 0, 0, 0), draw=(Y, _, _, _, _, _, _))
    assert your_draw_size.score(conceded) == (300, 0, 0, 0, 0, 0, 0)


def test_a_draw_vote_changes_nothing() -> None:
    voted = board((12, 10, 8, 4, 0, 0, 0), draw=(Y, Y, _, _, _, _, _))
    assert your_draw_size.score(voted) == (70, 42, 42, 30, 0, 0, 0)


@given(finished_games(solo=False, explicit_draws=False))
def test_a_drawn_game_scores_each_power_by_its_band_alone(game: Game) -> None:
    assert your_draw_size.score(game) == tuple(
        your_draw_size.band_points(c) for c in game.centres)


def test_the_presets_differ_only_in_the_solo() -> None:
    assert SHORT.params.win == 300 and UNLIMITED.params.win == 320
    assert UNLIMITED.module == SHORT.module == "yds-short"
