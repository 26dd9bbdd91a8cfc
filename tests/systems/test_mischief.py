"""Mischief (dipvis GScoringMischief, CATALOGUE.md): the reference boards as
the rule's arithmetic, the top bonus by how many share it, concessions."""

from __future__ import annotations

import pytest
from hypothesis import given

from dipxl.model import Game
from dipxl.systems import mischief
from tests.helpers import board, finished_games

Y = True
score = mischief.score


def test_the_reference_boards() -> None:
    assert score(board((12, 7, 7, 4, 3, 1, 0))) == (12 + 5, 7, 7, 4, 3, 1, 0)
    assert score(board((18, 4, 4, 4, 4, 0, 0))) == (34, 0, 0, 0, 0, 0, 0)
    assert score(board((15, 10, 9, 0, 0, 0, 0), draw=[Y] + [None] * 6)) == (34, 0, 0, 0, 0, 0, 0)


# centres | scores: centres, + 5 for a lone top, 1 each for a 2-way top, nothing for 3+
TOPS = [
    ((12, 12, 6, 4, 0, 0, 0), (12 + 1, 12 + 1, 6, 4, 0, 0, 0)),
    ((11, 11, 11, 1, 0, 0, 0), (11, 11, 11, 1, 0, 0, 0)),
    ((0, 0, 17, 0, 0, 0, 0), (0, 0, 17 + 5, 0, 0, 0, 0)),
]


@pytest.mark.parametrize(("centres", "expected"), TOPS)
def test_the_top_bonus(centres: tuple[int, ...], expected: tuple[float, ...]) -> None:
    assert score(board(centres)) == expected


@given(finished_games(solo=False, explicit_draws=False))
def test_a_draw_totals_the_centres_plus_the_top_bonus(game: Game) -> None:
    n = game.centres.count(max(game.centres))
    assert sum(score(game)) == sum(game.centres) + {1: 5, 2: 2 * 1}.get(n, 0)
