"""The per-shape tables kept between calls (systems.common.shape_memo) never
change a score: not across parameter sets, not when a memo starts again."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dipxl.model import Game
from dipxl.systems import cdiplo, common, detour98e
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
    common._SHAPES.clear()
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
def test_a_memo_that_outgrows_its_limit_starts_again_and_scores_the_same(
    games: list[Game],
) -> None:
    cold = {name: _cold(scorer, games) for name, scorer in SCORERS}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(common, "SHAPE_LIMIT", 2)
        for _ in range(2):
            for name, scorer in SCORERS:
                assert scorer(games) == cold[name], name
        assert all(len(memo) <= 2 + len(games) for memo in common._SHAPES.values())
        common.shape_memo(("probe",)).update(a=1, b=2)
        assert common.shape_memo(("probe",)) == {"a": 1, "b": 2}  # at the limit: kept
        common.shape_memo(("probe",))["c"] = 3
        assert common.shape_memo(("probe",)) == {}  # past it: started again


def test_many_parameter_sets_do_not_pile_up() -> None:
    for solo in range(200):
        cdiplo.score_many([], cdiplo.Params(solo=solo))
    assert len(common._SHAPES) <= 65
