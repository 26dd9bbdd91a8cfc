"""Hurst Tournament Mean (SCORING.md section 5): the 21-player example of
seeds/003 for every player, the HTS example of seeds/000, invariants."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dipxl.examples import htm_example
from dipxl.model import Game, Power, Seat, Tournament
from dipxl.standings import score_tournament
from dipxl.systems import htm
from tests.helpers import centre_counts

A, E, Fr, G, I, R, T = Power  # noqa: E741  # the seven powers by initial

# The seed's tables, transcribed independently of dipxl.examples:
# player -> (power, centres) in round 1 and round 2.
ROUND_1 = {
    1: (A, 6), 2: (E, 5), 3: (Fr, 10), 4: (G, 0), 5: (I, 8), 6: (R, 6), 7: (T, 0),
    8: (A, 10), 9: (E, 0), 10: (Fr, 8), 11: (G, 6), 12: (I, 5), 13: (R, 0), 14: (T, 6),
    15: (A, 6), 16: (E, 6), 17: (Fr, 0), 18: (G, 5), 19: (I, 0), 20: (R, 10), 21: (T, 8),
}
ROUND_2 = {
    19: (A, 0), 16: (E, 6), 13: (Fr, 10), 10: (G, 5), 7: (I, 6), 4: (R, 0), 1: (T, 8),
    20: (A, 5), 17: (E, 0), 14: (Fr, 8), 11: (G, 6), 8: (I, 10), 5: (R, 0), 2: (T, 6),
    21: (A, 0), 18: (E, 10), 15: (Fr, 6), 12: (G, 6), 9: (I, 8), 6: (R, 0), 3: (T, 5),
}
# The means the rulebook states.
MEANS_1 = {A: F(22, 3), E: F(11, 3), Fr: F(6), G: F(11, 3), I: F(13, 3), R: F(16, 3),
           T: F(14, 3)}
MEANS_2 = {A: F(9, 2), E: F(9, 2), Fr: F(7), G: F(14, 3), I: F(37, 6), R: F(8, 3),
           T: F(11, 2)}


def test_the_example_data_matches_the_seed_tables() -> None:
    for game in htm_example().games:
        table = ROUND_1 if game.round == 1 else ROUND_2
        for seat in game.seats:
            assert table[int(seat.player[1:])] == (seat.power, seat.centres)


@pytest.mark.parametrize(("after", "means"), [(1, MEANS_1), (2, MEANS_2)])
def test_power_means_after_each_round(after: int, means: dict[Power, F]) -> None:
    scores = htm.score(htm_example().up_to_round(after))
    assert {p: scores.mean(p) for p in Power} == means


def test_every_player_after_round_1() -> None:
    standings = score_tournament(htm_example(), "htm", after_round=1)
    for player, (power, centres) in ROUND_1.items():
        expected = (centres - MEANS_1[power]) / 1
        assert standings.row(f"P{player}").exact == expected
    assert standings.row("P1").exact == F(6) - F(22, 3) == F(-4, 3)


def test_every_player_after_round_2() -> None:
    standings = score_tournament(htm_example(), "htm")
    for player in ROUND_1:
        (p1, c1), (p2, c2) = ROUND_1[player], ROUND_2[player]
        expected = ((c1 - MEANS_2[p1]) + (c2 - MEANS_2[p2])) / 2
        row = standings.row(f"P{player}")
        assert row.exact == expected
        assert row.score == pytest.approx(float(expected), rel=1e-12)
    top = [(r.rank, r.player, r.exact) for r in standings.rows[:4]]
    assert top == [(1, "P8", F(14, 3)), (2, "P20", F(47, 12)), (3, "P18", F(35, 12)),
                   (4, "P1", F(2))]
    assert (standings.rows[-1].player, standings.rows[-1].exact) == ("P17", F(-23, 4))


def test_the_35_centre_games_score_with_warnings() -> None:
    standings = score_tournament(htm_example(), "htm")
    codes = [n.code for n in standings.notices]
    assert codes.count("centres_over_34") == 6
    # the seed seats P16 (England), P11 (Germany) and P6 (Russia) twice: HTM rule 2
    repeated = sorted(n.message.split()[0] for n in standings.notices
                      if n.code == "repeated_power")
    assert repeated == ["P11", "P16", "P6"]


def _hts_example() -> Tournament:
    """1,000 games over 4 rounds in which the powers' summed results make the
    means of seeds/000 (Italy 3.156, England 7.386, France 9.34, Germany
    7.805) and player X plays Italy 5, England 9, France 16, Germany 0."""
    sums = {I: 3156, E: 7386, Fr: 9340, G: 7805}
    x_games = {1: (I, 5), 2: (E, 9), 3: (Fr, 16), 4: (G, 0)}
    fill = {}
    for power, total in sums.items():
        own = next(c for p, c in x_games.values() if p == power)
        base, extra = divmod(total - own, 999)
        fill[power] = [base + 1] * extra + [base] * (999 - extra)
    games = []
    k = 0
    for rnd in range(1, 5):
        for number in range(1, 251):
            seats = []
            for power in Power:
                name = f"R{rnd}B{number}{power.abbreviation}"
                if number == 1 and x_games[rnd][0] == power:
                    seats.append(Seat("X", power, x_games[rnd][1]))
                elif power in fill:
                    seats.append(Seat(name, power, fill[power].pop()))
                else:
                    seats.append(Seat(name, power, 0))
            games.append(Game(rnd, number, tuple(seats)))
            k += 1
    return Tournament(tuple(games))


def test_the_hts_example_of_seeds_000() -> None:
    event = _hts_example()
    scores = htm.score(event)
    assert (scores.mean(I), scores.mean(E), scores.mean(Fr), scores.mean(G)) == (
        F("3.156"), F("7.386"), F("9.34"), F("7.805"))
    total = (5 - F("3.156")) + (9 - F("7.386")) + (16 - F("9.34")) + (0 - F("7.805"))
    assert total == F("2.313")
    assert scores.totals["X"] == total / 4 == F("0.57825")


def test_divisor_played_divides_by_the_players_own_rounds() -> None:
    event = htm_example()
    one_round_player = Tournament(
        tuple(g for g in event.games if g.round == 1 or g.board != 3)
    )
    default = htm.score(one_round_player)
    played = htm.score(one_round_player, htm.Params(divisor="played"))
    # P15-P21 played only round 1: their sum is divided by 1, not 2
    assert played.totals["P15"] == default.totals["P15"] * 2
    assert played.totals["P1"] == default.totals["P1"]


def test_winner_takes_all_gives_the_soloist_34_and_the_others_0() -> None:
    solo = Game(1, 1, tuple(Seat(f"S{i}", Power(i), c)
                            for i, c in enumerate((20, 8, 6, 0, 0, 0, 0))))
    draw = Game(1, 2, tuple(Seat(f"D{i}", Power(i), c)
                            for i, c in enumerate((10, 8, 6, 5, 3, 2, 0))))
    event = Tournament((solo, draw))
    wta = htm.score(event, htm.Params(solo="winner_takes_all", solo_centres=34))
    assert wta.power_sums[:3] == (34 + 10, 0 + 8, 0 + 6)
    assert wta.totals["S0"] == 34 - F(34 + 10, 2)
    actual = htm.score(event, htm.Params(solo="winner_takes_all"))
    assert actual.power_sums[0] == 20 + 10
    hurst = htm.score(event)
    assert hurst.power_sums[:2] == (20 + 10, 8 + 8)


@st.composite
def full_events(draw: st.DrawFn) -> Tournament:
    """Every player plays every round: 7 x boards players, random seating."""
    boards = draw(st.integers(1, 3))
    rounds = draw(st.integers(1, 3))
    names = [f"N{i}" for i in range(7 * boards)]
    games = []
    for rnd in range(1, rounds + 1):
        order = draw(st.permutations(names))
        for b in range(boards):
            counts = draw(centre_counts())
            games.append(Game(rnd, b + 1, tuple(
                Seat(order[7 * b + i], Power(i), counts[i]) for i in range(7))))
    return Tournament(tuple(games))


@settings(max_examples=60)
@given(full_events())
def test_scores_sum_to_zero_when_everyone_plays_every_round(event: Tournament) -> None:
    assert sum(htm.score(event).totals.values()) == 0


@settings(max_examples=60)
@given(full_events())
def test_power_means_are_the_plain_averages(event: Tournament) -> None:
    scores = htm.score(event)
    for power in Power:
        results = [g.centres[power] for g in event.games]
        assert scores.mean(power) == F(sum(results), len(results))


def test_ranks_after_round_1_share_exact_ties() -> None:
    # Ahead of P11 and P16 (6 - 11/3 = 7/3 each): P20 14/3, P3 4, P5 11/3,
    # P21 10/3, P8 8/3.  Ahead of P2, P14, P18 (5 - 11/3 = 6 - 14/3 = 4/3,
    # which floats make 1.3333333333333335 and 1.333333333333333): those
    # seven and P10 (2).  Each tie shares the better rank; the next is skipped.
    standings = score_tournament(htm_example(), "htm", after_round=1)
    assert standings.row("P11").exact == standings.row("P16").exact == F(7, 3)
    assert standings.row("P2").exact == standings.row("P14").exact == \
        standings.row("P18").exact == F(4, 3)
    ranks = {row.player: row.rank for row in standings.rows}
    assert ranks["P11"] == ranks["P16"] == 1 + 5
    assert ranks["P10"] == 1 + 5 + 2
    assert ranks["P2"] == ranks["P14"] == ranks["P18"] == 1 + 5 + 2 + 1
    assert ranks["P6"] == ranks["P12"] == 1 + 5 + 2 + 1 + 3  # 2/3 each
    # Every rank: 1 + the players with a strictly higher exact score.
    exact = {row.player: row.exact for row in standings.rows}
    assert ranks == {p: 1 + sum(v > exact[p] for v in exact.values()) for p in exact}
