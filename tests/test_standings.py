"""Standings: totals, shared ranks, best N rounds, after a round, best
country, power statistics and the JSON contract."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dipxl.examples import htm_example, worked_games_event
from dipxl.model import Power, Tournament
from dipxl.ranking import RANK_DECIMALS, rank_key
from dipxl.standings import score_tournament
from dipxl.systems import cdiplo
from dipxl.tables import standings_dict
from tests.helpers import board


def test_totals_are_the_sum_of_game_scores_and_ties_share_the_better_rank() -> None:
    g1 = board((17, 5, 4, 3, 3, 2, 0), players=("A", "B", "C", "D", "E", "F", "G"))
    s = score_tournament(Tournament((g1,)), "cdiplo")
    assert [(r.player, r.rank) for r in s.rows] == [
        ("A", 1), ("B", 2), ("C", 3), ("D", 4), ("E", 4), ("F", 6), ("G", 7)]
    assert s.row("D").score == 1 + 3 + 0


def test_best_n_rounds_counts_only_the_best_rounds() -> None:
    players = ("A", "B", "C", "D", "E", "F", "G")
    rotated = players[1:] + players[:1]
    event = Tournament((
        board((17, 5, 4, 3, 3, 2, 0), rnd=1, players=players),
        board((6, 5, 5, 5, 5, 4, 4), rnd=2, players=rotated),
        board((18, 10, 6, 0, 0, 0, 0), rnd=3, players=players),
    ))
    all_rounds = score_tournament(event, "cdiplo")
    best_two = score_tournament(event, "cdiplo", {"best_rounds": 2})
    a = [56.0, 5.0, 100.0]  # A: Austria, Turkey (4 centres: 1 + 4 + 0), Austria solo
    assert all_rounds.row("A").score == sum(a)
    assert best_two.row("A").score == 100.0 + 56.0
    assert best_two.row("A").games == 3


def test_after_round_is_the_standings_as_they_stood() -> None:
    full = score_tournament(htm_example(), "htm")
    first = score_tournament(htm_example(), "htm", after_round=1)
    assert first.after_round == 1 and len(first.games) == 3 and len(full.games) == 6
    assert first.row("P1").score != full.row("P1").score


def test_best_country_is_the_best_single_game_per_power() -> None:
    s = score_tournament(worked_games_event(), "cdiplo")
    for power in Power:
        holders = s.best_country[power]
        assert holders
        best = max(sg.scores[power] for sg in s.games)
        assert all(h.score == best for h in holders)
    # Detour: its own comparison; the soloist of round 3 is best Austria
    d = score_tournament(worked_games_event(), "detour98e")
    assert [(b.player, b.round) for b in d.best_country[Power.AUSTRIA]] == [("Greta", 3)]


def test_power_statistics_are_means_over_finished_games() -> None:
    s = score_tournament(htm_example(), "htm")
    austria = s.powers[Power.AUSTRIA]
    assert (austria.games, austria.total_centres) == (6, 6 + 10 + 6 + 0 + 5 + 0)
    assert austria.mean_centres == pytest.approx(27 / 6)
    assert austria.mean_score == pytest.approx(0, abs=1e-12)


def test_json_contract() -> None:
    s = score_tournament(worked_games_event(), "detour98e")
    data = json.loads(json.dumps(standings_dict(s)))
    assert {"system", "standings", "games", "best_country", "warnings"} <= set(data)
    assert data["system"] == "detour98e"
    row = data["standings"][0]
    assert {"rank", "player", "score", "games", "wins", "draws", "best_game_1"} <= set(row)
    seat = data["games"][0]["seats"][0]
    assert {"power", "player", "centres", "score"} <= set(seat)
    assert seat["score"] == pytest.approx(cdiplo_free(data))
    assert set(data["best_country"]) == {p.title for p in Power}


def cdiplo_free(data: dict[str, object]) -> float:
    """The first seat's Detour score, recomputed from the rule: 17 centres,
    leader by 12, 1st: (17 + 1 + 1 + 12 + 4) x 100 / game's raw total."""
    raw = [17 + 1 + 1 + 12 + 4, 5 + 1 + 1 + 3, 4 + 1 + 1 + 2, 3 + 1 + 1 + 0, 3 + 1 + 1 + 0,
           2 + 1 + 1 + 0, 0 + 1 + 0 + 0]  # Turkey eliminated in 1907
    return raw[0] * 100 / sum(raw)


def test_htm_json_seat_score_is_result_minus_mean() -> None:
    data = standings_dict(score_tournament(htm_example(), "htm", after_round=1))
    seat = data["games"][0]["seats"][0]  # P1, Austria, 6 centres, mean 22/3
    assert seat["score"] == pytest.approx(6 - 22 / 3)
    p1 = next(r for r in data["standings"] if r["player"] == "P1")
    assert p1["exact"] == "-4/3" and p1["score"] == pytest.approx(-4 / 3)


def test_rounding_to_2_decimals_happens_before_totalling() -> None:
    exact = score_tournament(worked_games_event(), "detour98e")
    printed = score_tournament(worked_games_event(), "detour98e-2dp")
    for row in printed.rows:
        games = [sg for sg in printed.games if row.player in sg.game.players]
        total = sum(sg.scores[sg.game.players.index(row.player)] for sg in games)
        assert row.score == pytest.approx(total)
        assert all(round(sc, 2) == sc for sg in games for sc in sg.scores)
    assert exact.row("Alice").score != printed.row("Alice").score


def test_cdiplo_parameters_flow_through() -> None:
    s = score_tournament(worked_games_event(), "cdiplo", cdiplo.Params(solo=50))
    assert max(sc for sg in s.games for sc in sg.scores) == 56.0  # the 17-centre leader


def _best_country_event() -> Tournament:
    """Three boards of Diminishing Value draws: r1 and r2 4-way (45 each, 3
    eliminated), r3 3-way (80 each, 4 eliminated)."""
    return Tournament((
        board((10, 8, 8, 8, 0, 0, 0), players=[f"a{i}" for i in range(1, 8)]),
        board((12, 8, 7, 7, 0, 0, 0), rnd=2, players=[f"b{i}" for i in range(1, 8)]),
        board((0, 0, 0, 5, 17, 12, 0), rnd=3, players=[f"c{i}" for i in range(1, 8)]),
    ))


# Per power, the holders of the best single game: the higher score, then the
# higher centre count; equal on both, all share it.
DIMVALUE_BEST = {
    Power.AUSTRIA: ["b1"],  # 45 (12 centres) beats 45 (10 centres)
    Power.ENGLAND: ["a2", "b2"],  # 45 (8 centres) twice
    Power.FRANCE: ["a3"],  # 45 (8 centres) beats 45 (7 centres)
    Power.GERMANY: ["c4"],  # 60 x 4 / 3 = 80 (5 centres) beats 45 (8 centres)
    Power.ITALY: ["c5"],
    Power.RUSSIA: ["c6"],
    Power.TURKEY: ["a7", "b7", "c7"],  # -60 (0 centres) three times
}


def test_dimvalue_best_country_is_the_higher_score_then_more_centres() -> None:
    s = score_tournament(_best_country_event(), "dimvalue")
    assert {p: [b.player for b in s.best_country[p]] for p in Power} == DIMVALUE_BEST
    assert [(b.score, b.centres) for b in s.best_country[Power.AUSTRIA]] == [(60 * 3 / 4, 12)]
    assert [(b.score, b.centres) for b in s.best_country[Power.GERMANY]] == [(60 * 4 / 3, 5)]


def test_htm_best_country_is_the_best_result_against_the_power_mean() -> None:
    # A seat's HTM game score is its centres minus the power's mean.
    s = score_tournament(_best_country_event(), "htm")
    holders = {p: [b.player for b in s.best_country[p]] for p in Power}
    assert holders[Power.AUSTRIA] == ["b1"]  # 12 - (10 + 12 + 0) / 3
    assert holders[Power.ENGLAND] == ["a2", "b2"]  # 8 - (8 + 8 + 0) / 3 twice
    assert holders[Power.GERMANY] == ["a4"]  # 8 - (8 + 7 + 5) / 3
    assert holders[Power.TURKEY] == ["a7", "b7", "c7"]
    assert s.best_country[Power.AUSTRIA][0].score == pytest.approx(12 - (10 + 12 + 0) / 3)


@given(st.floats(allow_nan=False) | st.integers(-(10**6), 10**6).map(float) | st.integers(-5, 5))
def test_rank_key_is_the_total_rounded_to_9_decimals(total: float) -> None:
    # Whole numbers take a shortcut; the value and its sign must not change.
    expected = round(total, RANK_DECIMALS) + 0.0
    assert repr(rank_key(total)) == repr(expected)
