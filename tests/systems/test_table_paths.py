"""The systems scored from tables by game shape (Tribute, OpenTribute,
Vulcan, ManorCon, World Classic, Whipping and their presets) score every
board as their exact seat-by-seat path does, one game at a time and all at
once, and refuse what it refuses with the same error."""

from __future__ import annotations

import dataclasses
from types import ModuleType
from typing import Any, cast

from hypothesis import given, settings
from hypothesis import strategies as st

from dipxl.errors import InputError
from dipxl.model import Game
from dipxl.systems import (
    get_system,
    manorcon,
    opentribute,
    tribute,
    vulcan,
    whipping,
    world_classic,
)
from dipxl.systems.base import GameSystem
from tests.helpers import board, dated_games, finished_games

MODULES: dict[str, ModuleType] = {
    "tribute": tribute, "opentribute": opentribute, "vulcan": vulcan,
    "manorcon": manorcon, "manorcon-original": manorcon, "manorcon-v2": manorcon,
    "world-classic": world_classic, "summer-classic": world_classic, "whipping": whipping,
}
# Other numbers than the registered ones: fractions, ints where the
# defaults are fractions, a lower victory criterion, rounding.
CHANGES: dict[str, list[dict[str, Any]]] = {
    "tribute": [{"threshold": 3, "survival": 50.5}, {"victory_centres": 15, "round_to": 1}],
    "opentribute": [{"base": 30.25, "per_centre": 2}, {"victory_centres": 12, "round_to": 0}],
    "vulcan": [{"solo_survival": 2.5, "top_bonus": 7}, {"victory_centres": 16, "round_to": 2}],
    "manorcon": [{"dead_n": 2.5}, {"year_points": 1, "victory_centres": 14},
                 {"year_points": 0.25, "round_to": 1}],
    "world-classic": [{"top_sharers": 1, "top_pool": 33.3}, {"victory_centres": 13,
                                                              "round_to": 0}],
    "whipping": [{"top_factor": 1.5, "survivors_share": 50}, {"victory_centres": 10,
                                                               "round_to": 1}],
}
CASES = [(system_id, get_system(system_id).params) for system_id in MODULES] + [
    (system_id, dataclasses.replace(get_system(system_id).params, **change))
    for system_id, changes in CHANGES.items() for change in changes
]


def _outcome(fn: Any, *args: Any) -> object:
    """The scores with their types, or the error's type, text and field."""
    try:
        return [(type(s), s) for s in fn(*args)]
    except InputError as error:
        return (type(error), str(error), error.field)


@settings(max_examples=150)
@given(st.lists(st.one_of(finished_games(), dated_games()), min_size=1, max_size=12),
       st.sampled_from(CASES))
def test_the_tables_score_as_the_exact_path(games: list[Game], case: tuple[str, Any]) -> None:
    system_id, params = case
    module, system = MODULES[system_id], cast(GameSystem[Any], get_system(system_id))
    expected = [_outcome(module.exact, game, params) for game in games]
    for game, want in zip(games, expected, strict=True):
        assert _outcome(module.score, game, params) == want
        assert _outcome(system.score_game, game, params) == want
    scored = [g for g, want in zip(games, expected, strict=True) if isinstance(want, list)]
    many = system.score_games(scored, params)
    assert [[(type(s), s) for s in scores] for scores in many] == [
        want for want in expected if isinstance(want, list)]
    refused = [want for want in expected if not isinstance(want, list)]
    if refused:  # all at once stops at the first refused board, as one by one
        assert _outcome(lambda: [s for scores in system.score_games(games, params)
                                 for s in scores]) == refused[0]


def test_a_fractional_dead_n_sums_n_in_seat_order() -> None:
    # 0.1 added in another order than the seating's gives another last bit.
    params = dataclasses.replace(manorcon.DEFAULT, dead_n=0.1)
    game = board((0, 8, 0, 2, 0, 6, 6), (1905, None, 1906, None, 1907, None, None), year=1910)
    total = sum(c * c + 4 * c + 16 if c else 0.1 for c in (0, 8, 0, 2, 0, 6, 6))
    assert total != sum(c * c + 4 * c + 16 if c else 0.1 for c in (8, 6, 6, 2, 0, 0, 0))
    assert manorcon.score(game, params)[1] == 100 * (64 + 32 + 16) / total
    assert manorcon.score(game, params) == manorcon.exact(game, params)
    assert manorcon.score_many([game], params) == [manorcon.exact(game, params)]
