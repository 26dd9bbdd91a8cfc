"""Detour09 (dipvis GScoringDetour09, CATALOGUE.md "Detour09"): raw scores
(centres + 2 alive + the sole topper's lead + 4/3/2/1 by place, ties the
lowest place's) scaled to 100, 110 for a solo or a concession, survival
points 0.25 a year after 1901 (at most 8 years) for the eliminated and the
losers of a solo.  The reference boards and examples as the rule's
arithmetic; ties, concessions, missing inputs, invariants."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dipxl.errors import InputError, ParameterError
from dipxl.model import Game
from dipxl.systems import detour09, get_system
from tests.helpers import board, dated_games

Y = True  # a draw flag: in the vote


def scaled(*raw: float) -> list[float]:
    """Raw scores scaled to total 100."""
    return [r * 100 / sum(raw) for r in raw]


def survival(year: int) -> float:
    return 0.25 * min(8, year - 1901)


def test_reference_board_1_a_tie_for_2nd_and_3rd() -> None:
    # 12-7-7-4-3-1-0, Turkey out 1906: the topper adds 12 - 7, the two on 7
    # both get 3rd place's 2, Turkey adds 5 years' survival after scaling.
    game = board((12, 7, 7, 4, 3, 1, 0), [None] * 6 + [1906], year=1907)
    raw = scaled(12 + 2 + (12 - 7) + 4, 7 + 2 + 2, 7 + 2 + 2, 4 + 2 + 1, 3 + 2, 1 + 2, 0)
    expected = [*raw[:6], raw[6] + 0.25 * (1906 - 1901)]
    assert detour09.score(game) == pytest.approx(expected, rel=1e-12)
    assert [round(s, 2) for s in detour09.score(game)] == [
        38.33, 18.33, 18.33, 11.67, 8.33, 5, 1.25]


def test_reference_board_2_a_solo_with_four_tied_losers() -> None:
    game = board((18, 4, 4, 4, 4, 0, 0), [None] * 5 + [1905, 1906], year=1907)
    assert detour09.score(game) == (
        110, *[0.25 * (1907 - 1901)] * 4, 0.25 * (1905 - 1901), 0.25 * (1906 - 1901))


def test_reference_board_3_a_concession_survives_to_the_vote_year() -> None:
    # 15-10-9 conceded to Austria: the vote is in 1910, the year after the
    # final counts; the survival points stop at 8 years.
    game = board((15, 10, 9, 0, 0, 0, 0), [None] * 3 + [1904, 1905, 1907, 1908], [Y] + [None] * 6,
                 year=1909)
    assert game.conceded_to == 0
    assert detour09.score(game) == (
        110, 0.25 * min(8, 1910 - 1901), 0.25 * min(8, 1910 - 1901), 0.25 * (1904 - 1901),
        0.25 * (1905 - 1901), 0.25 * (1907 - 1901), 0.25 * (1908 - 1901))


# centres | raw scores before scaling (nobody eliminated, so no survival
# points): ties all take the lowest place they occupy, 5 or more none
TIES = [
    # two share the top: no lead, both get 2nd place's 3
    ((10, 10, 5, 4, 3, 1, 1), (10 + 2 + 3, 10 + 2 + 3, 5 + 2 + 2, 4 + 2 + 1, 3 + 2, 1 + 2, 1 + 2)),
    # three share the top: 3rd place's 2 each
    ((8, 8, 8, 4, 3, 2, 1), (8 + 2 + 2, 8 + 2 + 2, 8 + 2 + 2, 4 + 2 + 1, 3 + 2, 2 + 2, 1 + 2)),
    # four share the top: 4th place's 1 each
    ((6, 6, 6, 6, 4, 3, 3), (6 + 2 + 1, 6 + 2 + 1, 6 + 2 + 1, 6 + 2 + 1, 4 + 2, 3 + 2, 3 + 2)),
    # five share the top: no place points at all
    ((5, 5, 5, 5, 5, 5, 4), (*[5 + 2] * 6, 4 + 2)),
    # a sole topper two ahead; two tied for 4th-5th get nothing
    ((9, 7, 6, 4, 4, 2, 2), (9 + 2 + 2 + 4, 7 + 2 + 3, 6 + 2 + 2, 4 + 2, 4 + 2, 2 + 2, 2 + 2)),
]


@pytest.mark.parametrize(("centres", "raw"), TIES)
def test_ties_take_the_lowest_place(centres: tuple[int, ...], raw: tuple[float, ...]) -> None:
    assert detour09.score(board(centres)) == pytest.approx(scaled(*raw), rel=1e-12)


def test_a_lone_survivor_leads_over_nothing() -> None:
    # 17 centres against six eliminated powers (all on 0): the lead is 17,
    # the six tied for 2nd-7th get no place points.
    years = [None, 1903, 1904, 1905, 1906, 1908, 1911]
    game = board((17, 0, 0, 0, 0, 0, 0), years, year=1911)
    raw = 17 + 2 + 17 + 4
    assert detour09.score(game) == pytest.approx(
        [raw * 100 / raw, *[survival(y) for y in years[1:]]], rel=1e-12)
    assert survival(1911) == 0.25 * 8  # at most 8 years


def test_a_one_power_vote_is_a_concession_and_a_wider_vote_changes_nothing() -> None:
    centres = (10, 8, 6, 5, 3, 2, 0)
    years = [None] * 6 + [1904]
    conceded = board(centres, years, [None, Y, None, None, None, None, None], year=1906)
    assert detour09.score(conceded) == (
        *[0.25 * (1907 - 1901)], 110, *[0.25 * (1907 - 1901)] * 4, 0.25 * (1904 - 1901))
    voted = board(centres, years, [Y, Y, Y, None, None, None, None], year=1906)
    assert detour09.score(voted) == detour09.score(board(centres, years, year=1906))


def test_missing_inputs_are_refused() -> None:
    # an eliminated power with no year: survival points unknown, draw or solo
    with pytest.raises(InputError) as err:
        detour09.score(board((12, 7, 7, 4, 3, 1, 0), year=1907))
    assert err.value.field == "eliminated"
    with pytest.raises(InputError):
        detour09.score(board((18, 4, 4, 4, 4, 0, 0), [None] * 5 + [1905, None], year=1907))
    # a solo with survivors but no final year
    with pytest.raises(InputError) as err:
        detour09.score(board((18, 4, 4, 4, 4, 0, 0), [None] * 5 + [1905, 1906]))
    assert err.value.field == "year"


def test_inputs_the_board_does_not_need_are_not_required() -> None:
    # a draw needs no final year; a solo over six eliminated powers neither
    assert detour09.score(board((12, 7, 7, 4, 3, 1, 0), [None] * 6 + [1906]))
    years = [None, 1903, 1904, 1905, 1906, 1907, 1908]
    assert detour09.score(board((18, 0, 0, 0, 0, 0, 0), years)) == (
        110, *[survival(y) for y in years[1:]])


def test_the_registry_entry_reads_what_the_rule_reads() -> None:
    spec = get_system("detour09")
    assert isinstance(spec, detour09.Detour09)
    assert spec.reads == ("centres", "eliminated", "draw", "year")
    assert spec.twin == "detour09"
    assert spec.params == detour09.Params()


def test_parameters_are_checked() -> None:
    with pytest.raises(ParameterError):
        detour09.Params(alive=-1)
    with pytest.raises(ParameterError):
        detour09.Params(survival_years=2.5)  # type: ignore[arg-type]  # a wrong value
    with pytest.raises(ParameterError):
        detour09.Params(positions=(4, -3))


@given(dated_games(solo=False))
def test_a_draw_totals_100_plus_the_survival_points(game: Game) -> None:
    if game.conceded_to is not None:
        return
    extra = sum(survival(y) for c, y in zip(game.centres, game.years, strict=True)
                if c == 0 and y is not None)
    assert sum(detour09.score(game)) == pytest.approx(100 + extra, rel=1e-9)


@given(dated_games())
def test_powers_alike_score_alike(game: Game) -> None:
    scores = detour09.score(game)
    winner = game.soloer()
    for i in range(7):
        for j in range(7):
            alike = (game.centres[i] == game.centres[j] and game.years[i] == game.years[j]
                     and winner not in (i, j))
            if alike:
                assert scores[i] == scores[j]


@given(st.lists(dated_games(), min_size=1, max_size=10))
def test_the_memoised_tables_score_as_the_rule_seat_by_seat(games: list[Game]) -> None:
    # score and score_many read tables by game shape; _exact works each board out.
    for params in (detour09.DEFAULT, detour09.Params(round_to=1, survival=-0.3,
                                                     survival_years=3, win=99.5)):
        expected = [detour09._exact(g, params) for g in games]
        assert [detour09.score(g, params) for g in games] == expected
        assert detour09.score_many(games, params) == expected
