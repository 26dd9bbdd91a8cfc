"""The per-shape tables (worked out once a call, and kept between calls by
a bounded cache of the pure table function) never change a score: not
across parameter sets, not when the cache starts again."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dipxl.model import Game
from dipxl.systems import cdiplo, detour98e
from tests.helpers import finished_games

Scorer = Callable[[list[Game]], list[tuple[float, ...]]]

SCORERS: list[tuple[str, Scorer]] = [
    ("cdiplo", lambda g: cdiplo.score_many(g)),
    ("cdiplo solo 50", lambda g: cdiplo.score_many(g, cdiplo.Params(solo=50, played=0))),
    ("cdiplo 1dp", lambda g: cdiplo.score_many(g, cdiplo.Params(round_to=1))),
    ("detour", lambda g: detour98e.score_many(g)),
    ("detour survival 1908",
     lambda g: detour98e.score_many(g, dataclasses.replace(detour98e.DEFAULT, survival_year=1908))),
    ("detour draw 60",
     lambda g: detour98e.score_many(g, dataclasses.replace(detour98e.DEFAULT, draw_total=60))),
]


def _forget() -> None:
    cdiplo._game_table.cache_clear()
    detour98e._game_table.cache_clear()


@pytest.fixture(autouse=True)
def fresh_memos() -> Iterator[None]:
    _forget()
    yield
    _forget()


def _cold(scorer: Scorer, games: list[Game]) -> list[tuple[float, ...]]:
    _forget()
    return scorer(games)


@settings(max_examples=40)
@given(st.lists(finished_games(), min_size=1, max_size=8), st.randoms(use_true_random=False))
def test_interleaved_parameter_sets_score_as_if_each_were_alone(
    games: list[Game], rng: object
) -> None:
    cold = {name: _cold(scorer, games) for name, scorer in SCORERS}
    order = SCORERS * 2
    rng.shuffle(order)  # type: ignore[attr-defined]
    for name, scorer in order:
        assert scorer(games) == cold[name], name


@settings(max_examples=20)
@given(st.lists(finished_games(), min_size=5, max_size=12))
def test_a_cache_that_outgrows_its_limit_scores_the_same(games: list[Game]) -> None:
    cold = {name: _cold(scorer, games) for name, scorer in SCORERS}
    for _ in range(2):
        for name, scorer in SCORERS:
            assert scorer(games) == cold[name], name
            _forget()  # as if every table had been pushed out


def test_the_table_caches_are_bounded() -> None:
    for table in (cdiplo._game_table, detour98e._game_table):
        assert table.cache_info().maxsize is not None
    for solo in range(200):
        cdiplo.score_many([], cdiplo.Params(solo=solo))
    assert cdiplo._game_table.cache_info().currsize == 0  # nothing is kept per parameter set
