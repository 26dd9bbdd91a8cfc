"""Draw size, the Calhamer points (SCORING.md section 8): the members of a
draw share 100 equally; ties, solos, eliminations and draw flags."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given

from dipxl.errors import InputError, ParameterError
from dipxl.model import Game
from dipxl.systems import drawsize
from tests.helpers import board, finished_games
from tests.systems.reference_boards import REFERENCE

Y, N = True, False

# centres | draw flags (None: every survivor is in the draw) | scores
WORKED = [
    # SCORING.md's example: a 3-way draw scores 100 / 3 for each member
    ((11, 11, 11, 1, 0, 0, 0), (Y, Y, Y, None, None, None, None),
     (100 / 3, 100 / 3, 100 / 3, 0, 0, 0, 0)),
    # no flags: every survivor is in the draw, whatever its centres
    ((11, 11, 11, 1, 0, 0, 0), None, (100 / 4, 100 / 4, 100 / 4, 100 / 4, 0, 0, 0)),
    ((10, 8, 8, 4, 2, 1, 1), None, (100 / 7,) * 7),
    ((17, 17, 0, 0, 0, 0, 0), None, (100 / 2, 100 / 2, 0, 0, 0, 0, 0)),
    ((6, 6, 6, 6, 5, 5, 0), None, (*[100 / 6] * 6, 0)),
    # a survivor marked N is left out: the other four share
    ((10, 8, 8, 8, 0, 0, 0), (None, None, None, N, None, None, None),
     (100 / 3, 100 / 3, 100 / 3, 0, 0, 0, 0)),
    ((12, 11, 8, 2, 1, 0, 0), (Y, Y, None, None, None, None, None),
     (100 / 2, 100 / 2, 0, 0, 0, 0, 0)),
    # a lone survivor short of a solo takes the whole draw
    ((0, 0, 9, 0, 0, 0, 0), None, (0, 0, 100 / 1, 0, 0, 0, 0)),
    # solo: 100 to the soloist, 0 to everyone else
    ((18, 10, 6, 0, 0, 0, 0), None, (100, 0, 0, 0, 0, 0, 0)),
    ((0, 0, 0, 1, 0, 33, 0), None, (0, 0, 0, 0, 0, 100, 0)),
]


@pytest.mark.parametrize(("centres", "flags", "expected"), WORKED)
def test_worked_examples(
    centres: tuple[int, ...], flags: tuple[bool | None, ...] | None, expected: tuple[float, ...]
) -> None:
    assert drawsize.score(board(centres, draw=flags)) == pytest.approx(expected, rel=1e-12)


def test_parameters_change_the_arithmetic() -> None:
    params = drawsize.Params(win=75, draw_total=60)
    assert drawsize.score(board((18, 10, 6, 0, 0, 0, 0)), params) == (75, 0, 0, 0, 0, 0, 0)
    assert drawsize.score(board((17, 17, 0, 0, 0, 0, 0)), params) == (
        60 / 2, 60 / 2, 0, 0, 0, 0, 0)
    # A lowered victory criterion makes a solo of 15 centres.
    lowered = drawsize.Params(victory_centres=15)
    assert drawsize.score(board((15, 10, 6, 0, 0, 0, 0)), lowered)[0] == 100


def test_rounding_is_half_up() -> None:
    params = dataclasses.replace(drawsize.DEFAULT, round_to=2)
    scores = drawsize.score(board((11, 11, 11, 0, 0, 0, 0)), params)
    assert scores == (33.33, 33.33, 33.33, 0, 0, 0, 0)
    # 100 / 8 does not occur (7 seats); 100 / 6 = 16.666... -> 16.7 to 1 decimal
    one = dataclasses.replace(drawsize.DEFAULT, round_to=1)
    assert drawsize.score(board((6, 6, 6, 6, 5, 5, 0)), one) == (16.7,) * 6 + (0,)


def test_a_raised_victory_criterion_with_nobody_in_the_draw_is_an_error() -> None:
    game = board((19, 10, 5, 0, 0, 0, 0), draw=(N, N, N, None, None, None, None))
    with pytest.raises(InputError, match="the draw has no member"):
        drawsize.score(game, drawsize.Params(victory_centres=20))


def test_a_lowered_victory_criterion_reached_twice_is_an_error() -> None:
    with pytest.raises(InputError, match="two powers reach the victory criterion of 17"):
        drawsize.score(board((17, 17, 0, 0, 0, 0, 0)), drawsize.Params(victory_centres=17))


def test_invalid_parameters_are_refused() -> None:
    with pytest.raises(ParameterError, match="draw_total must be at least 0"):
        drawsize.Params(draw_total=-1)


@given(finished_games(solo=False))
def test_every_draw_totals_100_shared_equally_by_its_members(game: Game) -> None:
    scores = drawsize.score(game)
    assert sum(scores) == pytest.approx(100, abs=1e-9)
    members = game.draw_members
    assert {s for s, m in zip(scores, members, strict=True) if m} == {100 / members.count(True)}
    assert all(s == 0 for s, m in zip(scores, members, strict=True) if not m)


@given(finished_games(solo=True))
def test_a_solo_scores_the_win_alone(game: Game) -> None:
    assert sorted(drawsize.score(game)) == [0.0] * 6 + [100.0]


# CATALOGUE.md's reference boards as dipvis scores them (powers A E F G I R T).
DIPVIS = {
    # no vote: the six survivors share 100
    "board 1": (*[100 / 6] * 6, 0),
    "board 2": (100, 0, 0, 0, 0, 0, 0),
    # conceded to Austria: a one-member vote, its member takes 100
    "board 3": (100, 0, 0, 0, 0, 0, 0),
}


@pytest.mark.parametrize("name", sorted(REFERENCE))
def test_the_catalogue_s_reference_boards_score_as_dipvis(name: str) -> None:
    assert drawsize.score(REFERENCE[name]) == pytest.approx(DIPVIS[name], rel=1e-12)


def test_a_concession_is_a_one_member_draw_and_agrees_with_the_catalogue() -> None:
    """CATALOGUE.md: dipvis scores a concession as a solo (100 to the power
    conceded to, 0 to everyone else); the one member of a draw takes the
    whole draw_total, so drawsize agrees with no rule of its own."""
    conceded = board((5, 12, 10, 7, 0, 0, 0), draw=(Y, None, None, None, None, None, None))
    assert conceded.conceded_to == 0
    assert drawsize.score(conceded) == (100, 0, 0, 0, 0, 0, 0)


@given(finished_games(solo=False))
def test_a_conceded_game_gives_the_conceded_power_100(game: Game) -> None:
    if game.conceded_to is not None:
        assert drawsize.score(game) == tuple(
            100.0 if i == game.conceded_to else 0.0 for i in range(7))
