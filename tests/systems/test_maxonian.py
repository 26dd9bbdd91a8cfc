"""Maxonian and 7Eleven (CATALOGUE.md, "Maxonian family"): places 7 ... 1 by
centres, ties broken by walking back through the year-by-year chart,
identical histories sharing, plus the bonus above the threshold (the
winner's alone after a solo or a concession).  dipvis's own examples, the
catalogue's three reference boards, the decisions, invariants."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dipxl.errors import InputError, ParameterError
from dipxl.model import Game, Power
from dipxl.systems import get_system, maxonian
from tests.helpers import board, centre_counts, dated_games, finished_games

A, E, F, G, I, R, T = Power  # noqa: E741  # the powers' initials
MAXONIAN = maxonian.DEFAULT
SEVEN_ELEVEN = get_system("7eleven").params

# dipvis's chart (test_maxonian.py), powers A E F G I R T; 1903 never entered.
CHART = {
    1901: (5, 4, 5, 5, 4, 5, 4),
    1902: (4, 4, 4, 6, 4, 6, 6),
    1904: (0, 5, 4, 8, 4, 5, 8),
    1905: (0, 5, 3, 13, 3, 4, 6),
    1906: (0, 2, 0, 17, 0, 1, 14),
    1907: (0, 1, 0, 18, 0, 1, 14),
}


def up_to(final: int) -> dict[int, tuple[int, ...]]:
    """The chart as it stood after ``final``."""
    return {y: c for y, c in CHART.items() if y <= final}


# final year | system | scores: place points (walking back through the
# chart) + bonus.  dipvis's own test cases.
DIPVIS = [
    # G, T on 8: 1902 6-6, 1901 5-4: G 1st, T 2nd.  E, R on 5: 1902 4-6: R 3rd.
    # F, I on 4: 1902 4-4, 1903 skipped, 1901 5-4: F 5th, I 6th.  A dead, 7th.
    (1904, MAXONIAN, (1, 4, 3, 7, 2, 5, 6)),
    # E, F ... now apart; F, I on 3: 1904 4-4, 1902 4-4, 1901 5-4.
    (1905, MAXONIAN, (1, 5, 3, 7, 2, 4, 6)),
    # A, F, I on 0: 1905 0-3-3 (A last), then F, I as before.  G 17 and T 14
    # both take the bonus in a draw: 17 - 13 and 14 - 13.
    (1906, MAXONIAN, (1, 5, 3, 7 + (17 - 13), 2, 4, 6 + (14 - 13))),
    (1906, SEVEN_ELEVEN, (1, 5, 3, 7 + (17 - 11), 2, 4, 6 + (14 - 11))),
    # G solos on 18: its bonus alone, 18 - 13; T on 14 takes none.  E, R on 1:
    # 1906 2-1.
    (1907, MAXONIAN, (1, 5, 3, 7 + (18 - 13), 2, 4, 6)),
    (1907, SEVEN_ELEVEN, (1, 5, 3, 7 + (18 - 11), 2, 4, 6)),
    # G, R, T on 6: 1901 5-5-4: T 3rd, G and R share 1st and 2nd.
    # A, E, F, I on 4: 1901 5-4-5-4: A, F share 4th-5th, E, I 6th-7th.
    (1902, MAXONIAN, ((4 + 3) / 2, (2 + 1) / 2, (4 + 3) / 2, (7 + 6) / 2, (2 + 1) / 2,
                      (7 + 6) / 2, 5)),
]


@pytest.mark.parametrize(("final", "params", "expected"), DIPVIS)
def test_dipvis_examples(final: int, params: maxonian.Params,
                         expected: tuple[float, ...]) -> None:
    game = board(CHART[final], year=final, chart=up_to(final))
    assert maxonian.score(game, params) == pytest.approx(expected, rel=1e-12)


# The three reference boards (CATALOGUE.md), each with a chart in which the
# powers tied on final centres have identical histories (dipvis split them)
# and the dead held centres until their elimination years.
BOARD_1 = board((12, 7, 7, 4, 3, 1, 0), (None,) * 6 + (1906,), year=1907,
                chart={1905: (10, 6, 6, 5, 4, 2, 1), 1906: (11, 7, 7, 4, 3, 1, 0)})
BOARD_2 = board((18, 4, 4, 4, 4, 0, 0), (None,) * 5 + (1905, 1906), year=1907,
                chart={1904: (9, 4, 4, 4, 4, 1, 3), 1905: (12, 4, 4, 4, 4, 0, 2),
                       1906: (16, 4, 4, 4, 4, 0, 0)})
BOARD_3 = board((15, 10, 9, 0, 0, 0, 0), (None, None, None, 1904, 1905, 1907, 1908),
                (True, None, None, None, None, None, None), year=1909,
                chart={1903: (8, 5, 5, 1, 3, 4, 5), 1904: (9, 6, 6, 0, 2, 4, 5),
                       1905: (10, 7, 7, 0, 0, 3, 4), 1906: (11, 8, 8, 0, 0, 2, 3),
                       1907: (13, 9, 9, 0, 0, 0, 2), 1908: (14, 10, 9, 0, 0, 0, 0)})

# board | params | scores (CATALOGUE.md's reference table, as arithmetic)
REFERENCE = [
    # E, F share 2nd-3rd; A on 12 is below both thresholds but 7Eleven's.
    (BOARD_1, MAXONIAN, (7, (6 + 5) / 2, (6 + 5) / 2, 4, 3, 2, 1)),
    (BOARD_1, SEVEN_ELEVEN, (7 + (12 - 11), (6 + 5) / 2, (6 + 5) / 2, 4, 3, 2, 1)),
    # the solo: the soloer's bonus; four losers share 2nd-5th; T (out 1906)
    # above R (out 1905).
    (BOARD_2, MAXONIAN, (7 + (18 - 13), *[(6 + 5 + 4 + 3) / 4] * 4, 1, 2)),
    (BOARD_2, SEVEN_ELEVEN, (7 + (18 - 11), *[(6 + 5 + 4 + 3) / 4] * 4, 1, 2)),
    # conceded to Austria: its bonus; the dead by how long they held on.
    (BOARD_3, MAXONIAN, (7 + (15 - 13), 6, 5, 1, 2, 3, 4)),
    (BOARD_3, SEVEN_ELEVEN, (7 + (15 - 11), 6, 5, 1, 2, 3, 4)),
]


@pytest.mark.parametrize(("game", "params", "expected"), REFERENCE)
def test_reference_boards(game: object, params: maxonian.Params,
                          expected: tuple[float, ...]) -> None:
    assert maxonian.score(game, params) == pytest.approx(expected, rel=1e-12)  # type: ignore[arg-type]


def test_reference_table_as_printed() -> None:
    assert maxonian.score(BOARD_2) == (12, 4.5, 4.5, 4.5, 4.5, 1, 2)
    assert maxonian.score(BOARD_3, SEVEN_ELEVEN) == (11, 6, 5, 1, 2, 3, 4)


def test_a_concession_takes_the_leaders_bonus() -> None:
    # 17-10-7 conceded to England: Austria stays 1st but loses its +4.
    game = board((17, 10, 7, 0, 0, 0, 0), (None, None, None, 1905, 1905, 1906, 1906),
                 (None, True, None, None, None, None, None), year=1908,
                 chart={1905: (12, 8, 7, 0, 0, 3, 4), 1906: (15, 9, 7, 0, 0, 0, 0)})
    # The dead: all 0 in 1906; in 1905 T 4 above R 3, G and I identical.
    assert maxonian.score(game) == (7, 6, 5, (2 + 1) / 2, (2 + 1) / 2, 3, 4)
    drawn = board((17, 10, 7, 0, 0, 0, 0), (None, None, None, 1905, 1905, 1906, 1906),
                  year=1908, chart={1905: (12, 8, 7, 0, 0, 3, 4)})
    assert maxonian.score(drawn)[0] == 7 + (17 - 13)


def test_the_bonus_counts_at_most_18() -> None:
    game = board((30, 4, 0, 0, 0, 0, 0), chart={1905: (20, 5, 4, 2, 1, 1, 1)})
    assert maxonian.score(game)[0] == 7 + (18 - 13)
    assert maxonian.score(game, SEVEN_ELEVEN)[0] == 7 + (18 - 11)


def test_a_year_left_blank_is_skipped() -> None:
    # E and F tie in 1906; 1905 blank; 1904 decides.
    chart = {1904: (5, 5, 4, 4, 4, 4, 4), 1905: (None,) * 7, 1906: (6, 5, 5, 4, 4, 4, 4)}
    game = board((7, 6, 6, 5, 4, 3, 2), year=1907, chart=chart)
    assert maxonian.score(game) == (7, 6, 5, 4, 3, 2, 1)


def test_without_a_final_year_every_chart_year_is_earlier() -> None:
    # The chart's 1907 repeats the final counts: the tie stays, 1906 decides.
    chart = {1906: (6, 4, 5, 4, 4, 4, 4), 1907: (7, 6, 6, 5, 4, 3, 2)}
    assert board((7, 6, 6, 5, 4, 3, 2), chart=chart).year is None
    assert maxonian.score(board((7, 6, 6, 5, 4, 3, 2), chart=chart)) == (7, 5, 6, 4, 3, 2, 1)
    with_year = board((7, 6, 6, 5, 4, 3, 2), year=1907, chart=chart)
    assert maxonian.score(with_year) == (7, 5, 6, 4, 3, 2, 1)


def test_no_tie_needs_no_chart() -> None:
    assert maxonian.score(board((12, 7, 6, 4, 3, 1, 0))) == (7, 6, 5, 4, 3, 2, 1)


def test_a_tie_without_the_chart_is_shared_with_a_warning() -> None:
    # Decision: as dipvis (its 4_equal_top case, 1901 alone), a tie no
    # earlier year breaks shares its places: nothing says the histories
    # differ; a warning names the tied powers and asks for the chart.
    game = board((12, 7, 7, 4, 3, 1, 0))
    assert maxonian.score(game) == (7, (6 + 5) / 2, (6 + 5) / 2, 4, 3, 2, 1)
    [notice] = maxonian.notices(game)
    assert notice.code == "tie_without_chart"
    assert "England 7, France 7 tie" in notice.message
    assert maxonian.notices(board((12, 7, 6, 4, 3, 1, 0))) == []


def test_a_year_partly_entered_is_refused() -> None:
    chart = {1906: (6, 5, None, 4, 4, 4, None)}
    with pytest.raises(InputError, match="1906 but none for France, Turkey") as err:
        maxonian.score(board((7, 6, 6, 5, 4, 3, 2), year=1907, chart=chart))
    assert err.value.field == "chart"
    assert err.value.value == (F, T)


def test_parameters() -> None:
    with pytest.raises(ParameterError, match="threshold"):
        maxonian.Params(threshold=-1)
    with pytest.raises(ParameterError, match="threshold"):
        maxonian.Params(threshold=12.5)  # type: ignore[arg-type]
    assert dataclasses.replace(MAXONIAN, threshold=11) == SEVEN_ELEVEN
    assert get_system("maxonian").reads == ("centres", "draw", "year", "chart")


def test_rounding() -> None:
    game = board((12, 7, 7, 4, 3, 1, 0), chart={1906: (11, 7, 7, 4, 3, 1, 0)})
    assert maxonian.score(game, maxonian.Params(round_to=0))[1:3] == (6, 6)  # 5.5 half-up


@given(centre_counts(), st.lists(st.integers(0, 5), min_size=7, max_size=7),
       st.booleans())
def test_places_total_28_plus_the_bonuses(counts: list[int], before: list[int],
                                          seven_eleven: bool) -> None:
    params = SEVEN_ELEVEN if seven_eleven else MAXONIAN
    game = board(counts, chart={1901: before})
    scores = maxonian.score(game, params)
    winner = game.soloer()
    bonuses = sum(maxonian.bonus(c, params) for i, c in enumerate(counts)
                  if winner is None or winner == i)
    assert sum(scores) == pytest.approx(28 + bonuses)
    def place(i: int) -> float:  # the points of the place alone
        takes = winner is None or winner == i
        return scores[i] - (maxonian.bonus(counts[i], params) if takes else 0)

    for i in range(7):  # more centres, or the same and more before: never fewer points
        for j in range(7):
            if (counts[i], before[i]) > (counts[j], before[j]):
                assert place(i) >= place(j)
            if (counts[i], before[i]) == (counts[j], before[j]):
                assert scores[i] == scores[j]


@given(st.lists(st.one_of(dated_games(), finished_games()), min_size=1, max_size=10))
def test_the_memoised_tables_score_as_the_rule_seat_by_seat(games: list[Game]) -> None:
    # score and score_many read tables by game shape where the chart breaks no
    # tie; _exact walks the chart on every board.
    for params in (MAXONIAN, SEVEN_ELEVEN, maxonian.Params(round_to=0, threshold=9,
                                                           positions=(9, 5, 2.5))):
        expected = [maxonian._exact(g, params) for g in games]
        assert [maxonian.score(g, params) for g in games] == expected
        assert maxonian.score_many(games, params) == expected


def test_a_final_year_partly_entered_is_refused_too() -> None:
    """Every chart year gives all seven counts or none, the final year
    too (it repeats the final counts, so the workbook's keys may read it)."""
    centres = (7, 6, 6, 5, 4, 3, 2)
    chart = {1906: (6, 5, 5, 4, 4, 4, 3), 1907: (7, 6, None, 5, 4, 3, 2)}
    with pytest.raises(InputError, match="1907 but none for France"):
        maxonian.score(board(centres, year=1907, chart=chart))
    whole = {**chart, 1907: centres}
    assert maxonian.score(board(centres, year=1907, chart=whole)) == maxonian.score(
        board(centres, year=1907, chart={1906: chart[1906]}))
