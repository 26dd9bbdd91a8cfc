"""Base 3 (dipvis GScoringBase3, CATALOGUE.md): the reference boards as the
rule's arithmetic, the top bonus divided by 3 per sharer, concessions."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dipxl.model import Game
from dipxl.systems import base3
from tests.helpers import board, finished_games

Y = True
score = base3.score


def test_the_reference_boards() -> None:
    assert score(board((12, 7, 7, 4, 3, 1, 0))) == (
        3 + 12 + 9, 3 + 7, 3 + 7, 3 + 4, 3 + 3, 3 + 1, 0)
    assert score(board((18, 4, 4, 4, 4, 0, 0))) == (46, 0, 0, 0, 0, 0, 0)
    # conceded to Austria: a solo, nobody needs a year
    assert score(board((15, 10, 9, 0, 0, 0, 0), draw=[Y] + [None] * 6)) == (46, 0, 0, 0, 0, 0, 0)


# centres | scores: 3 + centres for a survivor, 9 / 3^(n - 1) to each of n toppers
SHARED = [
    ((12, 12, 6, 4, 0, 0, 0), (3 + 12 + 9 / 3, 3 + 12 + 9 / 3, 3 + 6, 3 + 4, 0, 0, 0)),
    ((11, 11, 11, 1, 0, 0, 0), (*[3 + 11 + 9 / 9] * 3, 3 + 1, 0, 0, 0)),
    ((6, 6, 6, 6, 5, 5, 0), (*[3 + 6 + 9 / 27] * 4, 3 + 5, 3 + 5, 0)),
]


@pytest.mark.parametrize(("centres", "expected"), SHARED)
def test_a_shared_top_divides_the_bonus_by_3_per_sharer(
    centres: tuple[int, ...], expected: tuple[float, ...]
) -> None:
    assert score(board(centres)) == pytest.approx(expected, rel=1e-12)


def test_a_draw_vote_of_several_changes_nothing() -> None:
    voted = board((12, 7, 7, 4, 3, 1, 0), draw=[Y, Y, Y] + [None] * 4)
    assert score(voted) == score(board(voted.centres))


@given(finished_games(solo=False, explicit_draws=False))
def test_a_draw_totals_centres_3_a_survivor_and_9_over_3_per_extra_topper(game: Game) -> None:
    top = max(game.centres)
    n = game.centres.count(top)
    total = sum(game.centres) + 3 * sum(1 for c in game.centres if c) + n * 9 / 3 ** (n - 1)
    assert sum(score(game)) == pytest.approx(total, rel=1e-12)


# Scored by game shape (a table per shape) as seat by seat by the rule:
# equal floats, one game at a time and all at once.
@given(st.lists(finished_games(), min_size=1, max_size=12), st.sampled_from([None, 0, 2]))
def test_scored_by_shape_as_by_the_rule(games: list[Game], round_to: int | None) -> None:
    params = dataclasses.replace(base3.DEFAULT, round_to=round_to)
    expected = [base3.by_rule(game, params) for game in games]
    assert base3.score_many(games, params) == expected
    assert [base3.score(game, params) for game in games] == expected
