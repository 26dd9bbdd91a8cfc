"""The per-shape tables (worked out once a call, and kept between calls by
a bounded cache of the pure table function) never change a score: not
across parameter sets, not when the cache starts again; and what the cache
hands out cannot be changed by whoever gets it."""

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


def test_a_cached_table_is_an_immutable_score_by_centre_count() -> None:
    shape = (10, 8, 6, 4, 3, 2, 1)  # a C-Diplo draw: 1 + centres + 38 / 14 / 7
    table = cdiplo._game_table(shape, cdiplo._rule(cdiplo.DEFAULT))
    assert isinstance(table, tuple)
    assert (table[10], table[8], table[6], table[4]) == (1 + 10 + 38, 1 + 8 + 14, 1 + 6 + 7, 1 + 4)


def test_a_cached_detour_table_carries_the_late_elimination_score_beside_it() -> None:
    shape = (17, 9, 8, 0, 0, 0, 0)  # three survivors, one of the four eliminated late
    found = detour98e._game_table(shape, 1, detour98e._rule(detour98e.DEFAULT))
    assert found is not None
    table, late = found
    assert isinstance(table, tuple)
    # raw: 17 + 4 + 8 (margin) + 2 = 31, 9 + 3 + 2 = 14, 8 + 2 + 2 = 12; the
    # eliminated tie on 4th-7th, taking 7th's 0 points; the late seat 0 + 1
    # (survival): total 31 + 14 + 12 + 0 * 4 + 1 = 58
    assert table[17] == 31 * 100 / 58
    assert table[0] == 0
    assert late == 1 * 100 / 58
