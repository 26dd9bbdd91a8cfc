"""Carnage (SCORING.md section 8): 1 point a centre plus rank points 7000 ...
1000; the worked example as the rule's arithmetic, ties at every place,
solos, eliminations shared or ranked by year, draw flags."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dipxl.errors import InputError, ParameterError
from dipxl.model import Game
from dipxl.systems import carnage, get_system
from tests.helpers import board, finished_games

BY_YEAR = carnage.Params(eliminated_by_year=True)
SOLO = 7000 + 6000 + 5000 + 4000 + 3000 + 2000 + 1000 + 34  # every rank point and centre
# Drawn games: no solo, and no concession (the draw flags marking one survivor alone).
DRAWS = finished_games(solo=False).filter(lambda game: game.conceded_to is None)

# centres (Austria ... Turkey) | scores: centres + rank points, ties sharing
# the points of the ranks they occupy, the eliminated sharing the lowest
WORKED = [
    # SCORING.md's example
    ((10, 8, 8, 4, 2, 1, 1),
     (7000 + 10, (6000 + 5000) / 2 + 8, (6000 + 5000) / 2 + 8, 4000 + 4, 3000 + 2,
      (2000 + 1000) / 2 + 1, (2000 + 1000) / 2 + 1)),
    # four tied for 1st, two for 5th
    ((6, 6, 6, 6, 5, 5, 0),
     (*[(7000 + 6000 + 5000 + 4000) / 4 + 6] * 4, *[(3000 + 2000) / 2 + 5] * 2, 1000 + 0)),
    # two tied for 1st; five eliminated share 3rd-7th
    ((17, 17, 0, 0, 0, 0, 0),
     (*[(7000 + 6000) / 2 + 17] * 2, *[(5000 + 4000 + 3000 + 2000 + 1000) / 5 + 0] * 5)),
    ((11, 11, 11, 1, 0, 0, 0),
     (*[(7000 + 6000 + 5000) / 3 + 11] * 3, 4000 + 1, *[(3000 + 2000 + 1000) / 3] * 3)),
    ((10, 4, 4, 4, 4, 4, 4),
     (7000 + 10, *[(6000 + 5000 + 4000 + 3000 + 2000 + 1000) / 6 + 4] * 6)),
    # a lone survivor short of a solo: 1st alone, the six eliminated share the rest
    ((0, 0, 9, 0, 0, 0, 0),
     (*[(6000 + 5000 + 4000 + 3000 + 2000 + 1000) / 6] * 2, 7000 + 9,
      *[(6000 + 5000 + 4000 + 3000 + 2000 + 1000) / 6] * 4)),
    # solo: every rank point and every centre to the soloist, 0 to everyone else
    ((18, 10, 6, 0, 0, 0, 0), (SOLO, 0, 0, 0, 0, 0, 0)),
    ((0, 0, 0, 1, 0, 33, 0), (0, 0, 0, 0, 0, SOLO, 0)),
]


@pytest.mark.parametrize(("centres", "expected"), WORKED)
def test_worked_examples(centres: tuple[int, ...], expected: tuple[float, ...]) -> None:
    assert carnage.score(board(centres)) == pytest.approx(expected, rel=1e-12)


def test_the_worked_example_as_printed() -> None:
    assert SOLO == 28034
    assert carnage.score(board((10, 8, 8, 4, 2, 1, 1)))[:3] == (7010, 5508, 5508)


# centres | elimination years | scores with eliminated_by_year: the later
# elimination ranks higher, equal years share, an unknown year ranks last
BY_YEAR_CASES = [
    ((17, 17, 0, 0, 0, 0, 0), (None, None, 1903, 1907, 1907, 1905, None),
     (*[(7000 + 6000) / 2 + 17] * 2, 2000, (5000 + 4000) / 2, (5000 + 4000) / 2, 3000, 1000)),
    # equal years share as the default does
    ((17, 17, 0, 0, 0, 0, 0), (None, None, *[1906] * 5),
     (*[(7000 + 6000) / 2 + 17] * 2, *[(5000 + 4000 + 3000 + 2000 + 1000) / 5] * 5)),
    # two unknown years share the last two ranks
    ((9, 8, 8, 0, 7, 0, 0), (None, None, None, None, None, 1904, None),
     (7000 + 9, (6000 + 5000) / 2 + 8, (6000 + 5000) / 2 + 8, (2000 + 1000) / 2, 4000 + 7,
      3000, (2000 + 1000) / 2)),
    # nobody eliminated: nothing changes
    ((10, 8, 8, 4, 2, 1, 1), (None,) * 7,
     (7000 + 10, (6000 + 5000) / 2 + 8, (6000 + 5000) / 2 + 8, 4000 + 4, 3000 + 2,
      (2000 + 1000) / 2 + 1, (2000 + 1000) / 2 + 1)),
]


@pytest.mark.parametrize(("centres", "years", "expected"), BY_YEAR_CASES)
def test_eliminated_by_year(
    centres: tuple[int, ...], years: tuple[int | None, ...], expected: tuple[float, ...]
) -> None:
    assert carnage.score(board(centres, years), BY_YEAR) == pytest.approx(expected, rel=1e-12)


def test_by_default_elimination_years_change_nothing() -> None:
    centres, years = (17, 17, 0, 0, 0, 0, 0), (None, None, 1903, 1907, 1907, 1905, None)
    assert carnage.score(board(centres, years)) == carnage.score(board(centres))


def test_draw_flags_change_nothing() -> None:
    """Every seat ranks by its centres, in the draw or not."""
    centres = (12, 11, 8, 2, 1, 0, 0)
    flagged = board(centres, draw=(True, True, True, None, None, None, None))
    assert carnage.score(flagged) == carnage.score(board(centres))


def test_an_unknown_year_ranked_by_year_is_a_notice() -> None:
    game = board((17, 17, 0, 0, 0, 0, 0), (None, None, 1903, 1907, 1907, 1905, None))
    assert carnage.notices(game) == []
    found = carnage.notices(game, BY_YEAR)
    assert [(n.code, n.where) for n in found] == [("no_elimination_year", "round 1, board 1")]
    assert "Turkey (P7)" in found[0].message
    assert carnage.notices(board((18, 16, 0, 0, 0, 0, 0)), BY_YEAR) == []  # a solo ranks nobody


def test_parameters_change_the_arithmetic() -> None:
    params = carnage.Params(positions=(10, 5))
    assert carnage.score(board((18, 10, 6, 0, 0, 0, 0)), params) == (
        10 + 5 + 34, 0, 0, 0, 0, 0, 0)
    assert carnage.score(board((10, 8, 8, 4, 2, 1, 1)), params) == (
        10 + 10, (5 + 0) / 2 + 8, (5 + 0) / 2 + 8, 4, 2, 1, 1)
    lowered = carnage.Params(victory_centres=15)
    assert carnage.score(board((15, 10, 6, 0, 0, 0, 0)), lowered)[0] == SOLO


def test_rounding_is_half_up() -> None:
    # two tied on 8 share (3 + 2) / 2: 8 + 2.5 = 10.5 -> 11 (round() gives 10)
    params = dataclasses.replace(carnage.DEFAULT, positions=(3, 2), round_to=0)
    assert 8 + (3 + 2) / 2 == 10.5 and round(10.5) == 10
    assert carnage.score(board((8, 8, 7, 0, 0, 0, 0)), params) == (11, 11, 7, 0, 0, 0, 0)


def test_a_lowered_victory_criterion_reached_twice_is_an_error() -> None:
    with pytest.raises(InputError, match="two powers reach the victory criterion of 17"):
        carnage.score(board((17, 17, 0, 0, 0, 0, 0)), carnage.Params(victory_centres=17))


@pytest.mark.parametrize("value", [1, 0, "yes", None])
def test_eliminated_by_year_is_true_or_false(value: object) -> None:
    with pytest.raises(ParameterError, match="eliminated_by_year must be true or false"):
        carnage.Params(eliminated_by_year=value)  # type: ignore[arg-type]  # a caller's mistake


@given(DRAWS, st.sampled_from([carnage.DEFAULT, BY_YEAR]))
def test_a_draws_rank_points_total_28000_plus_the_centres(game: Game,
                                                         params: carnage.Params) -> None:
    assert sum(carnage.score(game, params)) == pytest.approx(28000 + sum(game.centres), abs=1e-9)


@given(DRAWS, st.sampled_from([carnage.DEFAULT, BY_YEAR]))
def test_every_survivor_outranks_every_eliminated_power(game: Game,
                                                        params: carnage.Params) -> None:
    points = [s - c for s, c in zip(carnage.score(game, params), game.centres, strict=True)]
    survivors = [p for p, c in zip(points, game.centres, strict=True) if c]
    eliminated = [p for p, c in zip(points, game.centres, strict=True) if not c]
    assert min(survivors) >= max(eliminated, default=0)


@given(finished_games(solo=True))
def test_a_solo_scores_everything_alone(game: Game) -> None:
    assert sorted(carnage.score(game)) == [0.0] * 6 + [28034.0]


# ---------------------------------------------------------------- concessions
#
# A concession (the draw flags mark one survivor alone, nobody on 18) is won
# like a solo: dipvis's soloer().  Before concessions were read, such a
# board scored as a draw (15 + 7000, 10 + 6000, ... here).

CONCEDED = board((15, 10, 9, 0, 0, 0, 0), (None, None, None, 1904, 1905, 1907, 1908),
                 (None, True, None, None, None, None, None))


def test_a_concession_scores_like_a_solo_for_the_conceded_power() -> None:
    assert CONCEDED.conceded_to == 1  # England, not the leader
    assert carnage.score(CONCEDED) == (0, SOLO, 0, 0, 0, 0, 0)
    assert carnage.score(CONCEDED, BY_YEAR) == (0, SOLO, 0, 0, 0, 0, 0)


def test_a_draw_of_two_or_more_members_changes_nothing() -> None:
    """Only a one-member vote is a concession; a draw vote is not read."""
    flagged = board((15, 10, 9, 0, 0, 0, 0), draw=(True, True, None, None, None, None, None))
    assert flagged.conceded_to is None
    assert carnage.score(flagged) == carnage.score(board((15, 10, 9, 0, 0, 0, 0)))


def test_a_concession_ranks_nobody_so_an_unknown_year_is_no_notice() -> None:
    game = board((15, 10, 9, 0, 0, 0, 0), draw=(True, None, None, None, None, None, None))
    assert carnage.notices(game, BY_YEAR) == []


# --------------------------------------------- dipvis's Carnage family (presets)
#
# CATALOGUE.md "Carnage family": "Carnage with dead equal" is the default,
# "Carnage with elimination order" ranks the dead by year, "Center-count
# Carnage" 500 a centre, ranks 7007 ... 1001, solo 39028 and 1000 to each
# loser, "Carnage 2023" 300 a centre of the sole leader's lead.

FAMILY = ("carnage", "carnage-elimination-order", "carnage-centre-count", "carnage-2023")


def params_of(system_id: str) -> carnage.Params:
    params: carnage.Params = get_system(system_id).params
    return params


def test_the_presets_are_the_catalogue_s_numbers() -> None:
    assert params_of("carnage") == carnage.DEFAULT
    assert params_of("carnage-elimination-order") == BY_YEAR
    centre_count = params_of("carnage-centre-count")
    assert centre_count.positions == (7007, 6006, 5005, 4004, 3003, 2002, 1001)
    assert (centre_count.centre_points, centre_count.solo, centre_count.solo_loss) == (
        500, 39028, 1000)
    assert centre_count.eliminated_by_year
    assert params_of("carnage-2023") == carnage.Params(eliminated_by_year=True, lead_bonus=300)


# CATALOGUE.md's reference boards (powers A E F G I R T), scored by dipvis:
# 1: 12-7-7-4-3-1-0, Turkey out 1906; 2: a solo, Russia out 1905, Turkey
# 1906; 3: 15-10-9, G/I/R/T out 1904/1905/1907/1908, conceded to Austria.
REFERENCE = {
    "board 1": board((12, 7, 7, 4, 3, 1, 0), (None,) * 6 + (1906,)),
    "board 2": board((18, 4, 4, 4, 4, 0, 0), (None,) * 5 + (1905, 1906)),
    "board 3": board((15, 10, 9, 0, 0, 0, 0), (None, None, None, 1904, 1905, 1907, 1908),
                     (True, None, None, None, None, None, None)),
}
TIED_2ND = [12 + 7000, *[7 + (6000 + 5000) / 2] * 2, 4 + 4000, 3 + 3000, 1 + 2000, 1000]
DIPVIS = {
    # one survivor-less seat (Turkey) on 1000 either way: dead equal and by year agree
    "carnage": {
        "board 1": tuple(TIED_2ND),
        "board 2": (SOLO, 0, 0, 0, 0, 0, 0),
        "board 3": (SOLO, 0, 0, 0, 0, 0, 0),
    },
    "carnage-elimination-order": {
        "board 1": tuple(TIED_2ND),
        "board 2": (SOLO, 0, 0, 0, 0, 0, 0),
        "board 3": (SOLO, 0, 0, 0, 0, 0, 0),
    },
    "carnage-centre-count": {
        "board 1": (500 * 12 + 7007, *[500 * 7 + (6006 + 5005) / 2] * 2, 500 * 4 + 4004,
                    500 * 3 + 3003, 500 * 1 + 2002, 1001),
        "board 2": (39028, *[1000] * 6),
        "board 3": (39028, *[1000] * 6),
    },
    # the sole leader's lead over the next survivor: 300 x (12 - 7)
    "carnage-2023": {
        "board 1": (TIED_2ND[0] + 300 * (12 - 7), *TIED_2ND[1:]),
        "board 2": (SOLO, 0, 0, 0, 0, 0, 0),
        "board 3": (SOLO, 0, 0, 0, 0, 0, 0),
    },
}


@pytest.mark.parametrize("system", FAMILY)
@pytest.mark.parametrize("name", sorted(REFERENCE))
def test_the_catalogue_s_reference_boards_score_as_dipvis(system: str, name: str) -> None:
    spec = get_system(system)
    scores = spec.score_game(REFERENCE[name], spec.params)
    assert scores == pytest.approx(DIPVIS[system][name], rel=1e-12)


def test_the_catalogue_s_carnage_2023_example() -> None:
    assert carnage.score(REFERENCE["board 1"], params_of("carnage-2023"))[0] == 7012 + 1500


# centres | elimination years | system | scores: the survivors take the top
# ranks by centres, the dead those below by year, the later the higher
BY_YEAR_FAMILY = [
    # two dead in 1905 share 6th-7th, the one of 1907 is 5th
    ((10, 9, 9, 6, 0, 0, 0), (None, None, None, None, 1905, 1907, 1905),
     "carnage-centre-count",
     (500 * 10 + 7007, *[500 * 9 + (6006 + 5005) / 2] * 2, 500 * 6 + 4004,
      (2002 + 1001) / 2, 3003, (2002 + 1001) / 2)),
    # a tie at the top: no lead, no bonus
    ((10, 10, 9, 5, 0, 0, 0), (None, None, None, None, 1905, 1907, 1906),
     "carnage-2023",
     (*[10 + (7000 + 6000) / 2] * 2, 9 + 5000, 5 + 4000, 1000, 3000, 2000)),
    # a lead of one centre: 300
    ((11, 10, 9, 4, 0, 0, 0), (None, None, None, None, 1905, 1907, 1906),
     "carnage-2023",
     (11 + 7000 + 300 * (11 - 10), 10 + 6000, 9 + 5000, 4 + 4000, 1000, 3000, 2000)),
    # a lone survivor short of a solo (dipvis raises IndexError): 1st alone,
    # the dead 2nd-7th by year; Carnage 2023's leader is ahead of the next
    # power, an eliminated 0, by all its centres
    ((0, 0, 9, 0, 0, 0, 0), (1903, 1907, None, 1904, 1907, 1905, 1906),
     "carnage-elimination-order",
     (1000, (6000 + 5000) / 2, 9 + 7000, 2000, (6000 + 5000) / 2, 3000, 4000)),
    ((0, 0, 9, 0, 0, 0, 0), (1903, 1907, None, 1904, 1907, 1905, 1906),
     "carnage-2023",
     (1000, (6000 + 5000) / 2, 9 + 7000 + 300 * (9 - 0), 2000, (6000 + 5000) / 2, 3000, 4000)),
    ((0, 0, 9, 0, 0, 0, 0), (1903, 1907, None, 1904, 1907, 1905, 1906),
     "carnage-centre-count",
     (1001, (6006 + 5005) / 2, 500 * 9 + 7007, 2002, (6006 + 5005) / 2, 3003, 4004)),
]


@pytest.mark.parametrize(("centres", "years", "system", "expected"), BY_YEAR_FAMILY)
def test_the_family_ranks_the_dead_by_year(
    centres: tuple[int, ...], years: tuple[int | None, ...], system: str,
    expected: tuple[float, ...],
) -> None:
    assert carnage.score(board(centres, years), params_of(system)) == pytest.approx(
        expected, rel=1e-12)


def test_the_solo_points_follow_the_parameters() -> None:
    """Blank solo: every rank point and every centre at centre_points each."""
    solo = board((18, 10, 6, 0, 0, 0, 0))
    assert carnage.score(solo, carnage.Params(centre_points=2))[0] == 28000 + 34 * 2
    assert carnage.score(solo, carnage.Params(solo=100, solo_loss=5)) == (
        100, 5, 5, 5, 5, 5, 5)


@pytest.mark.parametrize("name", ["centre_points", "solo", "solo_loss", "lead_bonus"])
def test_the_family_s_parameters_are_numbers(name: str) -> None:
    with pytest.raises(ParameterError, match=f"{name} must be a number"):
        carnage.Params(**{name: "many"})


@given(DRAWS, st.sampled_from(FAMILY))
def test_a_draw_totals_the_rank_points_the_centres_and_the_lead(game: Game, system: str) -> None:
    params = params_of(system)
    first, second = game.centres_desc[:2]
    assert sum(carnage.score(game, params)) == pytest.approx(
        sum(params.positions) + params.centre_points * sum(game.centres)
        + params.lead_bonus * (first - second), rel=1e-12)


@given(finished_games(), st.sampled_from(FAMILY))
def test_a_won_game_gives_the_winner_the_solo_and_everyone_else_the_loss(
    game: Game, system: str
) -> None:
    params = params_of(system)
    won = game.soloer()
    if won is None:
        return
    scores = carnage.score(game, params)
    assert scores[won] == params.solo_points
    assert [s for i, s in enumerate(scores) if i != won] == [params.solo_loss] * 6


# Scored by game shape (a table per shape, the eliminated ranked by year
# from a second one) as seat by seat by the rule: equal floats, one game at
# a time and all at once, whatever the order the shapes come in.
SHAPED = (*FAMILY, "duct-tape", "duct-tape-elimination-order")


@given(st.lists(finished_games(), min_size=1, max_size=12), st.sampled_from(SHAPED),
       st.sampled_from([None, 0, 2]))
def test_scored_by_shape_as_by_the_rule(games: list[Game], system: str,
                                        round_to: int | None) -> None:
    entry = get_system(system)
    assert isinstance(entry, carnage.Carnage)
    params = dataclasses.replace(entry.params, round_to=round_to)
    expected = [carnage.by_rule(game, params) for game in games]
    assert carnage.score_many(games, params) == expected
    assert [carnage.score(game, params) for game in games] == expected
    assert entry.score_games(games, params) == expected


def test_two_eliminated_ranked_by_year_take_the_6th_and_7th_ranks_apart() -> None:
    late, early = 2000, 1000  # the 6th and 7th ranks' points (and no centres)
    shared = (2000 + 1000) / 2
    centres = (10, 0, 8, 6, 5, 0, 5)
    for years, expected in [((1905, 1907), (early, late)), ((1907, 1905), (late, early)),
                            ((None, 1903), (early, late)), ((1904, None), (late, early)),
                            ((1906, 1906), (shared, shared)), ((None, None), (shared, shared))]:
        game = board(centres, (None, years[0], None, None, None, years[1], None))
        scores = carnage.score_many([game], BY_YEAR)[0]
        assert (scores[1], scores[5]) == expected
        assert carnage.score(game, BY_YEAR) == carnage.by_rule(game, BY_YEAR) == scores
