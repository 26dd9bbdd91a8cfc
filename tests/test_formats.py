"""Tournament formats (SCORING.md section 7) in the engine: round weights,
best N games, a final's top board, and round scores per player; each worked
example written as the rule's arithmetic."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dipxl.errors import ParameterError
from dipxl.examples import htm_example, worked_games_event
from dipxl.model import Power, Tournament
from dipxl.standings import score_tournament
from dipxl.systems import SYSTEMS, get_system
from tests.finals import FINAL, final_event
from tests.helpers import board

ALL_IDS = [s.id for s in SYSTEMS]
ME = ("Me", "B", "C", "D", "E", "F", "G")

# Three rounds in which "Me" (Austria) scores C-Diplo 20, 30 and 25: 2nd
# place by centres in a draw (14 points) + 1 for playing + his centres.
TWENTY = (5, 17, 4, 3, 2, 2, 1)  # 1 + 5 + 14
THIRTY = (15, 17, 1, 1, 0, 0, 0)  # 1 + 15 + 14
TWENTY_FIVE = (10, 12, 4, 3, 3, 1, 1)  # 1 + 10 + 14


def three_rounds() -> Tournament:
    return Tournament(tuple(
        board(c, rnd=r, players=ME) for r, c in enumerate((TWENTY, THIRTY, TWENTY_FIVE), 1)))


def test_the_three_games_score_20_30_and_25() -> None:
    s = score_tournament(three_rounds(), "cdiplo")
    assert [sg.scores[Power.AUSTRIA] for sg in s.games] == [1 + 5 + 14, 1 + 15 + 14, 1 + 10 + 14]


def test_round_weights_multiply_each_rounds_game_scores_before_totalling() -> None:
    s = score_tournament(three_rounds(), "cdiplo", {"round_weights": "1,1,2"})
    assert s.row("Me").score == 20 + 30 + 2 * 25
    assert s.round_scores["Me"] == {1: 20, 2: 30, 3: 2 * 25}
    assert s.params.round_weights == (1, 1, 2)


def test_best_games_counts_the_best_n_whatever_their_rounds() -> None:
    s = score_tournament(three_rounds(), "cdiplo", {"best_games": 2})
    assert s.row("Me").score == 30 + 25
    assert s.row("Me").games == 3
    # after weights: the doubled 25 is the best game
    w = score_tournament(three_rounds(), "cdiplo", {"best_games": 2, "round_weights": "1,1,2"})
    assert w.row("Me").score == 2 * 25 + 30
    # round scores show every round played, counted or not
    assert w.round_scores["Me"] == {1: 20, 2: 30, 3: 2 * 25}


def test_best_games_picks_games_not_rounds() -> None:
    """Two games in round 1 (a filled seat), one in round 2: the best two
    games may both be round 1's."""
    others = ("H", "I", "J", "K", "L", "M")
    event = Tournament((
        board(THIRTY, rnd=1, number=1, players=ME),
        board(TWENTY_FIVE, rnd=1, number=2, players=("Me", *others)),
        board(TWENTY, rnd=2, players=ME),
    ))
    games = score_tournament(event, "cdiplo", {"best_games": 2})
    rounds = score_tournament(event, "cdiplo", {"best_rounds": 1})
    assert games.row("Me").score == 30 + 25
    assert rounds.row("Me").score == 30 + 25  # round 1 holds both
    assert games.round_scores["Me"] == {1: 30 + 25, 2: 20}


def test_best_rounds_compares_rounds_after_weights() -> None:
    s = score_tournament(three_rounds(), "cdiplo", {"best_rounds": 1, "round_weights": "2,1,1"})
    assert s.row("Me").score == 2 * 20  # 40 beats 30 and 25


@pytest.mark.parametrize("system_id", ["detour98e", "dimvalue"])
def test_tie_breakers_read_the_games_unweighted(system_id: str) -> None:
    """Compared: the tie-breakers shown for everyone (those of a tied group
    depend on who is tied, which weights change)."""
    plain = score_tournament(worked_games_event(), system_id)
    weighted = score_tournament(worked_games_event(), system_id, {"round_weights": "1,1,3"})
    everyone = [tb.name for tb in get_system(system_id).breakers(plain.params) if tb.everyone]
    assert everyone
    for row in weighted.rows:
        mine, theirs = row.tiebreaks, plain.row(row.player).tiebreaks
        assert [mine[n] for n in everyone] == [theirs[n] for n in everyone]
    assert any(row.score != plain.row(row.player).score for row in weighted.rows)


def test_htm_weights_the_adjusted_results_and_keeps_the_divisor() -> None:
    """A doubled last round still divides by the rounds played (seeds/000:
    "doubled ... but still divided by the extra round, making TS/5")."""
    event = htm_example()  # two rounds
    plain = score_tournament(event, "htm")
    doubled = score_tournament(event, "htm", {"round_weights": "1,2"})
    means = {p: plain._event.mean(p) for p in Power}  # type: ignore[union-attr]
    for name in ("P1", "P8", "P17"):
        parts = {g.round: Fraction(g.centres[i]) - means[Power(i)]
                 for g in event.finished_games for i, n in enumerate(g.players) if n == name}
        assert plain.row(name).exact == (parts[1] + parts[2]) / 2
        assert doubled.row(name).exact == (parts[1] + 2 * parts[2]) / 2
        assert doubled.round_scores[name] == {1: float(parts[1] / 2), 2: float(2 * parts[2] / 2)}
    assert plain.row("P1").exact == 2  # SCORING.md section 5, unchanged


def test_htm_doubled_final_of_a_four_plus_one_round_event_divides_by_five() -> None:
    """seeds/000: the final "doubled ... but still divided by the extra
    round, making TS/5 instead of TS/4": round_weights=1,1,1,1,2."""
    event = final_event(8, solo=False)
    games = event.finished_games
    mean = {p: Fraction(sum(g.centres[p] for g in games), len(games)) for p in Power}
    s = score_tournament(event, "htm", {"round_weights": "1,1,1,1,2", "final_round": FINAL})
    for row in s.rows:
        seats = [(g.round, g.centres[i] - mean[Power(i)])
                 for g in games for i, n in enumerate(g.players) if n == row.player]
        weighted = sum((2 if r == FINAL else 1) * adjusted for r, adjusted in seats)
        assert row.exact == weighted / 5
    assert {r.player for r in s.rows[:7]} == set(s.finalists)


def test_htm_best_games_counts_the_best_adjusted_results() -> None:
    event = htm_example()
    plain = score_tournament(event, "htm")
    means = {p: plain._event.mean(p) for p in Power}  # type: ignore[union-attr]
    best = score_tournament(event, "htm", {"best_games": 1})
    for name in ("P1", "P8", "P17"):
        parts = [Fraction(g.centres[i]) - means[Power(i)]
                 for g in event.finished_games for i, n in enumerate(g.players) if n == name]
        assert best.row(name).exact == max(parts) / 2


def test_fractional_weights_stay_exact_for_htm() -> None:
    event = htm_example()
    half = score_tournament(event, "htm", {"round_weights": "0.5,0.5"})
    plain = score_tournament(event, "htm")
    for row in plain.rows:
        assert half.row(row.player).exact == row.exact / 2  # type: ignore[operator]


# ------------------------------------------------------------------ finals


def test_a_solo_on_the_top_board_ranks_first_then_the_finalists() -> None:
    event = final_event(3, solo=True)
    top = next(g for g in event.games if g.round == FINAL and g.board == 1)
    soloist = top.players[Power.TURKEY]
    plain = score_tournament(event, "cdiplo")
    final = score_tournament(event, "cdiplo", {"final_round": FINAL})
    assert final.top_board == top and final.final_winner == soloist
    assert final.finalists == top.players
    assert final.rows[0].player == soloist and final.rows[0].rank == 1
    ranked = [r.player for r in final.rows]
    assert set(ranked[:7]) == set(top.players)
    # the other finalists keep their order by score; everyone else as usual
    order = [r.player for r in plain.rows]
    assert ranked[1:7] == [p for p in order if p in top.players and p != soloist]
    assert ranked[7:] == [p for p in order if p not in top.players]
    assert [r.score for r in final.rows] == [plain.row(p).score for p in ranked]


def test_the_soloist_would_not_lead_without_the_rule() -> None:
    event = final_event(4, solo=True)
    plain = score_tournament(event, "cdiplo")
    final = score_tournament(event, "cdiplo", {"final_round": FINAL})
    assert plain.rows[0].player != final.final_winner


def test_a_drawn_final_ranks_the_finalists_first_by_score() -> None:
    event = final_event(5, solo=False)
    plain = score_tournament(event, "cdiplo")
    final = score_tournament(event, "cdiplo", {"final_round": FINAL, "round_weights": "1,1,1,1,2"})
    assert final.final_winner is None
    finalists = set(final.finalists)
    ranked = [r.player for r in final.rows]
    assert set(ranked[:7]) == finalists
    scores = [r.score for r in final.rows]
    assert scores[:7] == sorted(scores[:7], reverse=True)
    assert scores[7:] == sorted(scores[7:], reverse=True)
    for name in finalists:  # the final counts double
        by_round = plain.round_scores[name]
        assert final.row(name).score == pytest.approx(
            sum(by_round[r] for r in range(1, FINAL)) + 2 * by_round[FINAL], abs=1e-9)
        assert final.round_scores[name][FINAL] == 2 * by_round[FINAL]


def test_the_final_options_switch_off() -> None:
    event = final_event(3, solo=True)
    plain = score_tournament(event, "cdiplo")
    soloist = score_tournament(event, "cdiplo", {"final_round": FINAL}).final_winner
    only_solo = score_tournament(event, "cdiplo", {"final_round": FINAL, "finalists_first": "no"})
    assert only_solo.rows[0].player == soloist
    assert [r.player for r in only_solo.rows[1:]] == [
        r.player for r in plain.rows if r.player != soloist]
    neither = score_tournament(event, "cdiplo", {
        "final_round": FINAL, "finalists_first": False, "final_solo_wins": False})
    assert [(r.player, r.rank) for r in neither.rows] == [(r.player, r.rank) for r in plain.rows]
    by_score = score_tournament(event, "cdiplo", {"final_round": FINAL, "final_solo_wins": 0})
    top = set(by_score.finalists)
    assert [r.player for r in by_score.rows[:7]] == [
        r.player for r in plain.rows if r.player in top]


def test_an_unfinished_top_board_ranks_as_if_there_were_no_final() -> None:
    event = final_event(3, solo=True)
    games = tuple(g for g in event.games if not (g.round == FINAL and g.board == 1))
    short = Tournament(games)
    plain = score_tournament(short, "cdiplo")
    final = score_tournament(short, "cdiplo", {"final_round": FINAL})
    assert final.top_board is None and final.finalists == ()
    assert [r.player for r in final.rows] == [r.player for r in plain.rows]
    # standings after an earlier round: the final is not there yet
    early = score_tournament(event, "cdiplo", {"final_round": FINAL}, after_round=FINAL - 1)
    assert early.finalists == ()


def test_finalists_tied_on_score_are_split_by_the_tie_breakers() -> None:
    """Detour 98e: finalists ordered by score, then tie-breakers; ranks run
    on below them."""
    event = final_event(11, solo=False)
    s = score_tournament(event, "detour98e", {"final_round": FINAL})
    ranks = [r.rank for r in s.rows]
    assert ranks == sorted(ranks) and ranks[0] == 1
    assert all(r.rank <= 7 for r in s.rows[:7]) and all(r.rank >= 8 for r in s.rows[7:])


@pytest.mark.parametrize("system_id", ALL_IDS)
@pytest.mark.parametrize("solo", [True, False])
def test_every_system_ranks_its_finalists_first(system_id: str, solo: bool) -> None:
    event = final_event(7, solo=solo)
    s = score_tournament(event, system_id, {"final_round": FINAL})
    finalists = set(s.finalists)
    assert len(finalists) == 7
    assert {r.player for r in s.rows[:7]} == finalists
    if solo:
        assert s.rows[0].player == s.final_winner and s.rows[1].rank == 2


# ------------------------------------------------------- every system


@pytest.mark.parametrize("system_id", ALL_IDS)
def test_weights_of_one_change_nothing_and_weights_of_two_double(system_id: str) -> None:
    event = final_event(2, solo=False)
    plain = score_tournament(event, system_id)
    ones = score_tournament(event, system_id, {"round_weights": "1,1,1,1,1"})
    twos = score_tournament(event, system_id, {"round_weights": "2,2,2,2,2"})
    assert [(r.player, r.rank, r.score) for r in ones.rows] == [
        (r.player, r.rank, r.score) for r in plain.rows]
    for row in plain.rows:
        assert twos.row(row.player).score == pytest.approx(2 * row.score, abs=1e-9)
        assert twos.row(row.player).rank == row.rank


@pytest.mark.parametrize("system_id", ALL_IDS)
def test_round_scores_add_up_to_the_total(system_id: str) -> None:
    event = final_event(4, solo=True)
    s = score_tournament(event, system_id, {"round_weights": "1,2,1,1,3"})
    assert s.rounds == (1, 2, 3, 4, 5)
    for row in s.rows:
        by_round = s.round_scores[row.player]
        assert sum(by_round.values()) == pytest.approx(row.score, abs=1e-9)
        assert s.round_score(row.player, 9) is None


@pytest.mark.parametrize("system_id", ALL_IDS)
def test_best_games_of_every_game_is_every_game(system_id: str) -> None:
    event = final_event(6, solo=False)
    plain = score_tournament(event, system_id)
    every = score_tournament(event, system_id, {"best_games": FINAL})
    one = score_tournament(event, system_id, {"best_games": 1})
    for row in plain.rows:
        assert every.row(row.player).score == pytest.approx(row.score, abs=1e-9)
        best = max(plain.round_scores[row.player].values())  # one game a round
        assert one.row(row.player).score == pytest.approx(best, abs=1e-9)


# ------------------------------------------------------------- validation


@pytest.mark.parametrize("system_id", ALL_IDS)
@pytest.mark.parametrize(("overrides", "field", "words"), [
    # header: the options, the parameter the error names, words the message holds
    ({"round_weights": "1,1"}, "round_weights", "5 rounds have been played"),
    ({"round_weights": "1,1,1,1,1,1"}, "round_weights", "6 weights"),
    ({"round_weights": "1,-1,1,1,1"}, "round_weights", "at least 0"),
    ({"round_weights": "1,inf,1,1,1"}, "round_weights", "finite"),
    ({"round_weights": "1,nan,1,1,1"}, "round_weights", "finite"),
    ({"round_weights": "1,x,1,1,1"}, "round_weights", "number"),
    ({"best_games": 0}, "best_games", "at least 1"),
    ({"best_games": 1.5}, "best_games", "whole"),
    ({"final_round": 9}, "final_round", "no board in round 9"),
    ({"final_round": 3}, "final_round", "round 5 comes after it"),
    ({"final_round": 0}, "final_round", "at least 1"),
    ({"finalists_first": "maybe"}, "finalists_first", "true or false"),
    ({"final_solo_wins": "2"}, "final_solo_wins", "true or false"),
])
def test_bad_formats_are_errors_naming_the_parameter(
    system_id: str, overrides: dict[str, object], field: str, words: str
) -> None:
    with pytest.raises(ParameterError, match=words) as caught:
        score_tournament(final_event(1, solo=False), system_id, overrides)
    assert caught.value.field == field
    assert field in str(caught.value)


@pytest.mark.parametrize("system_id", [s.id for s in SYSTEMS if s.per_game])
def test_best_games_with_best_rounds_is_an_error(system_id: str) -> None:
    with pytest.raises(ParameterError, match=r"best_games .* cannot be combined with best_rounds"):
        get_system(system_id).make_params({"best_games": 2, "best_rounds": 2})


def test_weights_are_checked_against_the_whole_event_not_the_rounds_shown() -> None:
    event = final_event(1, solo=False)
    early = score_tournament(event, "cdiplo", {"round_weights": "1,1,1,1,2"}, after_round=2)
    plain = score_tournament(event, "cdiplo", after_round=2)
    assert [r.score for r in early.rows] == [r.score for r in plain.rows]
    with pytest.raises(ParameterError, match="round_weights"):
        score_tournament(event, "cdiplo", {"round_weights": "1,1"}, after_round=2)


def test_a_single_number_is_a_list_of_one_weight() -> None:
    event = Tournament((board(TWENTY, players=ME),))
    assert score_tournament(event, "cdiplo", {"round_weights": 3}).row("Me").score == 3 * 20
    assert get_system("cdiplo").make_params({"round_weights": ""}).round_weights == ()
