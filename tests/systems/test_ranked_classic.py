"""Ranked Classic and v2 (dipvis GScoringRankedClassic, CATALOGUE.md
"Ranked Classic family"): a survivor of a draw scores 30 + 10 a centre +
rank points (alone 200/90/60/40/30/20/10, two tied 135/70/50/35/25/15,
three or more the lowest place's alone (v1) or the second-lowest place's
two-way (v2)); the eliminated E - 1901; a solo 550 and the others their
years survived; a concession gives nobody 550.  The reference boards and
examples as the rule's arithmetic; ties, concessions, missing inputs,
invariants."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dipxl.errors import InputError, ParameterError
from dipxl.model import Game
from dipxl.systems import get_system, ranked_classic
from tests.helpers import board, dated_games

Y = True  # a draw flag: in the vote
V1 = ranked_classic.DEFAULT
V2 = get_system("ranked-classic-v2").params
BOTH = pytest.mark.parametrize("params", [V1, V2], ids=["v1", "v2"])


@BOTH
def test_reference_board_1_a_tie_for_2nd_and_3rd(params: ranked_classic.Params) -> None:
    game = board((12, 7, 7, 4, 3, 1, 0), [None] * 6 + [1906], year=1907)
    assert ranked_classic.score(game, params) == (
        30 + 10 * 12 + 200, 30 + 10 * 7 + 70, 30 + 10 * 7 + 70, 30 + 10 * 4 + 40,
        30 + 10 * 3 + 30, 30 + 10 * 1 + 20, 1906 - 1901)


@BOTH
def test_reference_board_2_a_solo(params: ranked_classic.Params) -> None:
    game = board((18, 4, 4, 4, 4, 0, 0), [None] * 5 + [1905, 1906], year=1907)
    assert ranked_classic.score(game, params) == (
        550, *[1907 - 1901] * 4, 1905 - 1901, 1906 - 1901)


@BOTH
def test_reference_board_3_a_concession_gives_nobody_550(params: ranked_classic.Params) -> None:
    game = board((15, 10, 9, 0, 0, 0, 0), [None] * 3 + [1904, 1905, 1907, 1908], [Y] + [None] * 6,
                 year=1909)
    assert ranked_classic.score(game, params) == (
        1910 - 1901, 1910 - 1901, 1910 - 1901, 1904 - 1901, 1905 - 1901, 1907 - 1901,
        1908 - 1901)


# centres | rank points of each count in v1 | in v2 (a group of k on places
# p .. p+k-1: alone single[p], two two_way[p], three or more single[p+k-1]
# in v1, two_way[p+k-2] in v2)
TIES = [
    # three tied for 1st: 3rd place's 60 (v1), the two-way 2nd-3rd 70 (v2)
    ((9, 9, 9, 3, 2, 1, 1), {9: 60, 3: 40, 2: 30, 1: 15}, {9: 70, 3: 40, 2: 30, 1: 15}),
    # five tied for 3rd-7th: 7th's 10 (v1), the two-way 6th-7th 15 (v2)
    ((10, 9, 3, 3, 3, 3, 3), {10: 200, 9: 90, 3: 10}, {10: 200, 9: 90, 3: 15}),
    # four tied for 4th: 7th's 10 (v1), the two-way 6th-7th 15 (v2)
    ((12, 8, 6, 2, 2, 2, 2), {12: 200, 8: 90, 6: 60, 2: 10}, {12: 200, 8: 90, 6: 60, 2: 15}),
    # two tied at 6th-7th: the two-way 15 in both
    ((10, 8, 6, 4, 2, 1, 1), {10: 200, 8: 90, 6: 60, 4: 40, 2: 30, 1: 15},
     {10: 200, 8: 90, 6: 60, 4: 40, 2: 30, 1: 15}),
    # seven tied: 7th's 10 (v1), the two-way 6th-7th 15 (v2)
    ((4, 4, 4, 4, 4, 4, 4), {4: 10}, {4: 15}),
    # four tied for 1st and three for 5th
    ((5, 5, 5, 5, 4, 4, 4), {5: 40, 4: 10}, {5: 50, 4: 15}),
]


@pytest.mark.parametrize(("centres", "v1", "v2"), TIES)
def test_ties(centres: tuple[int, ...], v1: dict[int, float], v2: dict[int, float]) -> None:
    for params, points in ((V1, v1), (V2, v2)):
        expected = tuple(30 + 10 * c + points[c] for c in centres)
        assert ranked_classic.score(board(centres), params) == expected


@BOTH
def test_the_eliminated_score_only_their_years(params: ranked_classic.Params) -> None:
    # two survivors tied for 1st (135 each); five eliminated, no rank points
    years = [None, None, 1902, 1903, 1905, 1905, 1909]
    game = board((17, 17, 0, 0, 0, 0, 0), years, year=1910)
    assert ranked_classic.score(game, params) == (
        30 + 10 * 17 + 135, 30 + 10 * 17 + 135, *[y - 1901 for y in years[2:] if y])


def test_a_lone_survivor() -> None:
    years = [None, 1902, 1903, 1905, 1905, 1909, 1910]
    game = board((16, 0, 0, 0, 0, 0, 0), years, year=1910)
    assert ranked_classic.score(game) == (30 + 10 * 16 + 200, *[y - 1901 for y in years[1:] if y])


def test_v2_gives_nothing_past_a_shortened_two_way_table() -> None:
    params = ranked_classic.Params(multi_way_lower=False, two_way=(135, 70))
    # three tied for 3rd-5th: two_way[3], past the table
    game = board((10, 8, 5, 5, 5, 1, 0), [None] * 6 + [1904])
    assert ranked_classic.score(game, params)[2] == 30 + 10 * 5 + 0


def test_missing_inputs_are_refused() -> None:
    with pytest.raises(InputError) as err:
        ranked_classic.score(board((12, 7, 7, 4, 3, 1, 0), year=1907))
    assert err.value.field == "eliminated"
    with pytest.raises(InputError) as err:
        ranked_classic.score(board((18, 4, 4, 4, 4, 0, 0), [None] * 5 + [1905, 1906]))
    assert err.value.field == "year"


def test_inputs_the_board_does_not_need_are_not_required() -> None:
    assert ranked_classic.score(board((12, 7, 7, 4, 3, 1, 0), [None] * 6 + [1906]))
    years = [None, 1903, 1904, 1905, 1906, 1907, 1908]
    assert ranked_classic.score(board((18, 0, 0, 0, 0, 0, 0), years)) == (
        550, *[y - 1901 for y in years[1:] if y])


def test_the_registry_entries() -> None:
    v1, v2 = get_system("ranked-classic"), get_system("ranked-classic-v2")
    assert isinstance(v1, ranked_classic.RankedClassic)
    assert isinstance(v2, ranked_classic.RankedClassic)
    assert v1.module == v2.module == "ranked-classic"
    assert v1.params == V1 and V1.multi_way_lower
    assert v2.params == ranked_classic.Params(multi_way_lower=False)
    assert v1.reads == ("centres", "eliminated", "draw", "year")


def test_parameters_are_checked() -> None:
    with pytest.raises(ParameterError):
        ranked_classic.Params(two_way=())
    with pytest.raises(ParameterError):
        ranked_classic.Params(multi_way_lower="no")  # type: ignore[arg-type]  # a wrong value


@given(dated_games())
def test_powers_alike_score_alike(game: Game) -> None:
    for params in (V1, V2):
        scores = ranked_classic.score(game, params)
        for i in range(7):
            for j in range(7):
                if game.centres[i] == game.centres[j] and game.years[i] == game.years[j] and (
                        game.conceded_to not in (i, j)):
                    assert scores[i] == scores[j]


@given(dated_games(solo=False))
def test_v1_and_v2_differ_only_on_ties_of_three_or_more(game: Game) -> None:
    if game.conceded_to is not None:
        assert ranked_classic.score(game, V1) == ranked_classic.score(game, V2)
        return
    for c, a, b in zip(game.centres, ranked_classic.score(game, V1),
                       ranked_classic.score(game, V2), strict=True):
        if a != b:
            assert c > 0 and game.centres.count(c) >= 3


@given(st.lists(dated_games(), min_size=1, max_size=10))
def test_the_memoised_tables_score_as_the_rule_seat_by_seat(games: list[Game]) -> None:
    # score and score_many read tables by game shape; _exact works each board out.
    for params in (V1, V2, ranked_classic.Params(round_to=1, victory_centres=16)):
        expected = [ranked_classic._exact(g, params) for g in games]
        assert [ranked_classic.score(g, params) for g in games] == expected
        assert ranked_classic.score_many(games, params) == expected
