"""Bangkok, Bangkok Pike, Southern Sun, Sydney League and Your Draw Size
score by tables (per game shape, per year, per pattern of elimination
years): every board scores exactly as the rule written seat by seat
(``_score_exact``), a refused board raises the same error, one game at a
time and many at once, under several parameter sets."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dipxl.errors import InputError
from dipxl.model import Game
from dipxl.systems import bangkok, bangkok_pike, southern_sun, sydney_league, your_draw_size
from tests.helpers import dated_games, finished_games

CASES: list[tuple[str, Any, Any]] = [
    ("bangkok", bangkok, bangkok.DEFAULT),
    ("olympic", bangkok, bangkok.Params(solo=46, loser_per_centre=0, top_shares=4,
                                        one_behind_shares=1.5, two_behind_shares=0.5)),
    # shares whose total depends on the order they are added in
    ("bangkok 0.1", bangkok, bangkok.Params(top_shares=0.7, one_behind_shares=0.2,
                                            two_behind_shares=0.1)),
    ("bangkok 6", bangkok, bangkok.Params(victory_centres=6, round_to=1, per_year=-0.25)),
    ("pike", bangkok_pike, bangkok_pike.DEFAULT),
    ("pike 8", bangkok_pike, bangkok_pike.Params(victory_centres=8, round_to=0, per_year=0.3,
                                                 two_behind=-1)),
    ("southern sun", southern_sun, southern_sun.DEFAULT),
    ("southern sun 7", southern_sun, southern_sun.Params(victory_centres=7, positions=(10, 5),
                                                         round_to=2, per_year=0.7)),
    ("sydney", sydney_league, sydney_league.DEFAULT),
    ("sydney 9", sydney_league, sydney_league.Params(
        victory_centres=9, positions=(7, 6, 5, 4, 3, 2, 1.5), loss_factor=-0.25, round_to=1)),
    ("yds", your_draw_size, your_draw_size.DEFAULT),
    ("yds 5", your_draw_size, your_draw_size.Params(win=320, victory_centres=5, round_to=0)),
]

boards = st.one_of(finished_games(), dated_games())


def _outcome(fn: Callable[[], tuple[float, ...]]) -> tuple[object, ...]:
    """The scores, or what is refused: the error's kind, text, field and value."""
    try:
        return fn()
    except InputError as error:
        return ("refused", type(error), str(error), error.field, error.value)


@pytest.mark.parametrize(("module", "params"), [(m, p) for _, m, p in CASES],
                         ids=[name for name, _, _ in CASES])
@settings(max_examples=60)
@given(games=st.lists(boards, min_size=1, max_size=12))
def test_the_tables_score_as_the_rule_written_seat_by_seat(
    module: Any, params: Any, games: list[Game]
) -> None:
    exact = [_outcome(lambda g=g: module._score_exact(g, params)) for g in games]
    for game, expected in zip(games, exact, strict=True):
        got = _outcome(lambda g=game: module.score(g, params))
        assert repr(got) == repr(expected), game
    scored = [g for g, e in zip(games, exact, strict=True) if e[0] != "refused"]
    want = [e for e in exact if e[0] != "refused"]
    assert repr(module.score_many(scored, params)) == repr(want)
    assert repr(module.score_many(scored * 2, params)) == repr(want * 2)
    refused = [(g, e) for g, e in zip(games, exact, strict=True) if e[0] == "refused"]
    if refused:  # among games scored before it
        game, expected = refused[0]
        got = _outcome(lambda: module.score_many([*scored, game, *scored], params)[0])
        assert repr(got) == repr(expected)
