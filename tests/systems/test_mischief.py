"""Mischief (dipvis GScoringMischief, CATALOGUE.md): the reference boards as
the rule's arithmetic, the top bonus by how many share it, concessions."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

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


# Scored by game shape (a table per shape) as seat by seat by the rule:
# equal floats, one game at a time and all at once.
@given(st.lists(finished_games(), min_size=1, max_size=12), st.sampled_from([None, 0, 2]))
def test_scored_by_shape_as_by_the_rule(games: list[Game], round_to: int | None) -> None:
    params = dataclasses.replace(mischief.DEFAULT, round_to=round_to)
    expected = [mischief.by_rule(game, params) for game in games]
    assert mischief.score_many(games, params) == expected
    assert [mischief.score(game, params) for game in games] == expected
