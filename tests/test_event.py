"""The event's format (issue 26): a system a round, dipvis's combination
rules, sit-outs, adjustments and who is ranked.

The worked examples are CATALOGUE.md's ("Combining game scores"), computed
by dipvis: Ann, Bob, Cat and Dan over four rounds, and WDC 2025's cut with
24 players.  Game scores are given directly, as they were to dipvis, by a
test system that scores each seat what a table says.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dipxl.cli import cli
from dipxl.errors import ParameterError
from dipxl.event import SCALE_RATIO, Unit, combine, scale
from dipxl.ledger import Played, ScoredGame
from dipxl.model import Adjustment, Game, Power, Seat, SitOut, Status, Tournament
from dipxl.standings import Standings, score_tournament
from dipxl.systems import GameSystem, get_system
from dipxl.systems.common import GameParams
from dipxl.tables import standings_csv, standings_dict, standings_table
from dipxl.wdd import classification

FILLER_CENTRES = (5, 5, 5, 5, 5, 5, 4)  # a valid board; the test system ignores it


class Given(GameSystem[GameParams]):
    """Test system: each seat scores ``scores[(round, board, player)]`` (0 when absent)."""

    def __init__(self, scores: Mapping[tuple[int, int, str], float]) -> None:
        super().__init__("given", "Given scores", GameParams())
        self.scores = scores

    def score_game(self, game: Game, params: GameParams) -> tuple[float, ...]:
        return tuple(float(self.scores.get((game.round, game.board, p), 0))
                     for p in game.players)


def board(round_number: int, number: int, players: list[str],
          centres: tuple[int, ...] = FILLER_CENTRES) -> Game:
    """A finished board of ``players`` (padded with fillers to seven)."""
    names = [*players, *(f"F{round_number}.{number}.{i}" for i in range(7 - len(players)))]
    return Game(round_number, number, tuple(
        Seat(name, Power(i), c) for i, (name, c) in enumerate(zip(names, centres, strict=True))))


# The catalogue's tournament: (round, board, player) -> game score.
SCORES = {
    (1, 1, "Ann"): 40, (1, 1, "Bob"): 20, (1, 1, "Cat"): 35, (1, 1, "Dan"): 0,
    (2, 1, "Ann"): 25, (2, 2, "Ann"): 61, (2, 1, "Bob"): 60, (2, 1, "Cat"): 12,
    (2, 2, "Dan"): 30,
    (3, 1, "Ann"): 10, (3, 1, "Cat"): 28, (3, 1, "Dan"): 30,  # Bob sits out
    (4, 1, "Ann"): 55, (4, 1, "Bob"): 5, (4, 1, "Dan"): 30,  # Cat is absent
}
FOUR = ("Ann", "Bob", "Cat", "Dan")


def catalogue_event() -> Tournament:
    """Ann plays two boards in round 2; Bob sits out round 3; Cat has no row
    in round 4.  The fillers are unranked (they take no rank)."""
    games = []
    for r, b in sorted({(r, b) for r, b, _ in SCORES}):
        games.append(board(r, b, [p for (rr, bb, p) in SCORES if (rr, bb) == (r, b)]))
    fillers = {p for g in games for p in g.players if p.startswith("F")}
    return Tournament(tuple(games), "Catalogue", sit_outs=(SitOut("Bob", 3),),
                      statuses=tuple((p, Status.UNRANKED) for p in sorted(fillers)))


def totals(standings: Standings) -> dict[str, float]:
    return {p: standings.row(p).score for p in FOUR}


# The catalogue's tables, every row (sit-out bonus 10): parameters, then
# Ann, Bob, Cat and Dan as the rule's arithmetic.
BEST, ALL = {"round_score": "best"}, {"round_score": "sum"}
ROWS: list[tuple[str, dict[str, Any], tuple[float, float, float, float]]] = [
    # Round-based: round scores (best game or all games), then the best N rounds.
    ("sum all rounds, best game", BEST, (40 + 61 + 10 + 55, 20 + 60 + 10 + 5, 35 + 12 + 28,
                                         0 + 30 + 30 + 30)),
    ("sum all rounds, add all", ALL, (40 + 25 + 61 + 10 + 55, 95, 75, 90)),
    ("best 2 rounds, best game", {**BEST, "best_rounds": 2}, (61 + 55, 60 + 20, 35 + 28, 30 + 30)),
    ("best 2 rounds, add all", {**ALL, "best_rounds": 2}, (25 + 61 + 55, 80, 63, 60)),
    ("best 3 rounds, best game", {**BEST, "best_rounds": 3}, (61 + 55 + 40, 60 + 20 + 10, 75, 90)),
    ("best 3 rounds, add all", {**ALL, "best_rounds": 3}, (86 + 55 + 40, 90, 75, 90)),
    ("best 4 rounds, best game", {**BEST, "best_rounds": 4}, (166, 95, 75, 90)),
    ("best 5 rounds, best game", {**BEST, "best_rounds": 5}, (166, 95, 75, 90)),
    ("best 4 rounds, add all", {**ALL, "best_rounds": 4}, (191, 95, 75, 90)),
    ("best 5 rounds, add all", {**ALL, "best_rounds": 5}, (191, 95, 75, 90)),
    # Game-based: Ann [61, 55, 40, 25, 10], Bob [60, 20, 10 (sat out), 5],
    # Cat [35, 28, 12], Dan [30, 30, 30, 0].
    ("sum games / (count + 10)", {"average_offset": 10},
     (191 / (5 + 10), 95 / (4 + 10), 75 / (3 + 10), 90 / (4 + 10))),
    ("best 3 games", {"best_games": 3}, (61 + 55 + 40, 60 + 20 + 10, 35 + 28 + 12, 90)),
    ("best 4 games", {"best_games": 4}, (61 + 55 + 40 + 25, 60 + 20 + 10 + 5, 75, 90)),
    ("best 5 games", {"best_games": 5}, (191, 95, 75, 90)),
    ("best single game", {"best_games": 1}, (61, 60, 35, 30)),
    ("best 2 + half the mean of the rest",
     {"best_games": 2, "rest": "mean", "rest_weight": 0.5},
     (116 + 0.5 * (40 + 25 + 10) / 3, 80 + 0.5 * (10 + 5) / 2, 63 + 0.5 * 12,
      60 + 0.5 * (30 + 0) / 2)),
    ("best 2 + half the third", {"best_games": 2, "rest": "next", "rest_weight": 0.5},
     (116 + 0.5 * 40, 80 + 0.5 * 10, 63 + 0.5 * 12, 60 + 0.5 * 30)),
    ("best 3 + half the fourth", {"best_games": 3, "rest": "next", "rest_weight": 0.5},
     (156 + 0.5 * 25, 90 + 0.5 * 5, 75, 90 + 0.5 * 0)),
    # dipvis's "either 1/2 the 3rd or 1/3 the sum of the 3rd and 4th": one
    # game left, half of it; two or more, a third of each of them (all).
    ("best 2 + 1/2 the 3rd or 1/3 each of the rest",
     {"best_games": 2, "rest": "each", "rest_weight": 1 / 3, "rest_weight_one": 0.5},
     (116 + (40 + 25 + 10) / 3, 80 + (10 + 5) / 3, 63 + 0.5 * 12, 60 + (30 + 0) / 3)),
]


@pytest.mark.parametrize(("name", "params", "expected"), ROWS, ids=[r[0] for r in ROWS])
def test_every_row_of_the_catalogues_combination_table(
    name: str, params: dict[str, Any], expected: tuple[float, ...]
) -> None:
    standings = score_tournament(catalogue_event(), Given(SCORES),
                                 {**params, "sit_out_bonus": 10})
    assert totals(standings) == pytest.approx(dict(zip(FOUR, expected, strict=True)))


def test_round_scores_follow_the_round_rule() -> None:
    best = score_tournament(catalogue_event(), Given(SCORES), {**BEST, "sit_out_bonus": 10})
    added = score_tournament(catalogue_event(), Given(SCORES), {"sit_out_bonus": 10})
    assert best.round_scores["Ann"] == {1: 40, 2: 61, 3: 10, 4: 55}
    assert added.round_scores["Ann"][2] == 25 + 61
    assert added.round_scores["Bob"] == {1: 20, 2: 60, 3: 10, 4: 5}  # the bonus in round 3
    assert 4 not in added.round_scores["Cat"]  # absent: nothing
    assert added.row("Ann").games == 5 and added.row("Bob").games == 3  # a sit-out is no game


def test_a_zero_sit_out_bonus_is_no_game_for_game_based_rules() -> None:
    # Without the bonus Bob's games are [60, 20, 5]: the average divides by 3 + 10.
    standings = score_tournament(catalogue_event(), Given(SCORES), {"average_offset": 10})
    assert standings.row("Bob").score == pytest.approx((60 + 20 + 5) / (3 + 10))


def test_sit_out_bonus_once() -> None:
    """Bob plays round 1 (20) and sits out rounds 2 and 3: 20 + 10 + 0."""
    scores = {(1, 1, "Bob"): 20, (2, 1, "Ann"): 7, (3, 1, "Ann"): 7}
    games = (board(1, 1, ["Bob"]), board(2, 1, ["Ann"]), board(3, 1, ["Ann"]))
    event = Tournament(games, sit_outs=(SitOut("Bob", 2), SitOut("Bob", 3)))
    once = score_tournament(event, Given(scores), {"sit_out_bonus": 10,
                                                   "sit_out_bonus_once": "yes"})
    every = score_tournament(event, Given(scores), {"sit_out_bonus": 10})
    assert once.row("Bob").score == 20 + 10 + 0
    assert once.round_scores["Bob"] == {1: 20, 2: 10, 3: 0}
    assert every.row("Bob").score == 20 + 10 + 10


# ---------------------------------------------------------------- WDC 2025


def wdc_2025() -> tuple[Tournament, dict[tuple[int, int, str], float]]:
    """24 players, four rounds, P01-P20 early scores 99 ... 80 (best 2 of
    rounds 1-3), P21 (40, 20, 2) and P22 (45, 15, 3) tied on 60 for 21st,
    P23 (30, 20, 0), P24 (20, 20, 0); round 4 = 10 + i for Pi.  Four
    unranked fillers complete four boards of seven."""
    players = [f"P{i:02}" for i in range(1, 25)]
    early = {f"P{i:02}": (100 - i - 10, 10, 0) for i in range(1, 21)}
    early |= {"P21": (40, 20, 2), "P22": (45, 15, 3), "P23": (30, 20, 0), "P24": (20, 20, 0)}
    scores: dict[tuple[int, int, str], float] = {}
    games = []
    seated = [*players, "X1", "X2", "X3", "X4"]
    for r in range(1, 5):
        for b in range(4):
            at = seated[7 * b : 7 * b + 7]
            games.append(board(r, b + 1, at))
            for p in at:
                if p in early:
                    scores[(r, b + 1, p)] = early[p][r - 1] if r < 4 else 10 + int(p[1:])
    fillers = tuple((f"X{i}", Status.UNRANKED) for i in range(1, 5))
    return Tournament(tuple(games), "WDC 2025", statuses=fillers), scores


WDC = {"best_rounds": 2, "cut_round": 4, "cut_size": 21, "cut_weight": 1.5}


def test_wdc_2025_cut() -> None:
    event, scores = wdc_2025()
    standings = score_tournament(event, Given(scores), WDC)
    got = {p: standings.row(p).score for p in ("P22", "P21", "P01", "P23")}
    assert got == {
        "P22": 45 + 15 + 1.5 * 32,  # 108: his best game, 45, beats P21's 40 at the cut
        "P21": 40 + 20 + 1 * 31,  # 91
        "P01": 99 + 1.5 * 11,  # 115.5
        "P23": 50 + 1 * 33,  # 83
    }


def test_wdc_2025_before_the_cut_round_the_early_score_is_the_total() -> None:
    event, scores = wdc_2025()
    standings = score_tournament(event, Given(scores), WDC, after_round=3)
    assert standings.row("P22").score == 45 + 15 and standings.row("P01").score == 99


def test_cut_ties_on_everything_fall_back_to_the_name() -> None:
    """Two players equal on every criterion: the name decides (dipvis: random)."""
    scores = {(1, 1, "Zed"): 10, (1, 1, "Amy"): 10, (1, 1, "Top"): 20,
              (2, 1, "Zed"): 10, (2, 1, "Amy"): 10, (2, 1, "Top"): 10}
    games = (board(1, 1, ["Zed", "Amy", "Top"]), board(2, 1, ["Zed", "Amy", "Top"]))
    fillers = tuple((p, Status.UNRANKED) for g in games for p in g.players if "." in p)
    standings = score_tournament(Tournament(games, statuses=fillers), Given(scores),
                                 {"cut_round": 2, "cut_size": 2, "cut_weight": 2})
    assert standings.row("Amy").score == 10 + 2 * 10
    assert standings.row("Zed").score == 10 + 1 * 10
    assert standings.row("Top").score == 20 + 2 * 10


# ---------------------------------------------------------------- refusals

REFUSED = [
    # (parameters, the two names the message must give)
    ({"rest": "mean", "rest_weight": 0.5}, ("rest", "best_games")),
    ({"best_games": 2, "rest": "mean"}, ("rest", "rest_weight")),
    ({"best_games": 2, "rest_weight": 0.5}, ("rest_weight", "rest")),
    ({"best_rounds": 2, "best_games": 2}, ("best_games", "best_rounds")),
    ({"average_offset": 10, "best_games": 3}, ("average_offset", "best_games")),
    ({"average_offset": 10, "best_rounds": 3}, ("average_offset", "best_rounds")),
    ({"average_offset": 10, "round_score": "best"}, ("average_offset", "round_score")),
    ({"round_score": "best", "best_games": 3}, ("round_score", "best_games")),
    ({"cut_round": 4, "cut_size": 21, "cut_weight": 1.5, "best_games": 2},
     ("cut_round", "best_games")),
    ({"cut_round": 4, "cut_weight": 1.5}, ("cut_round", "cut_size")),
    ({"cut_size": 21}, ("cut_size", "cut_round")),
    ({"sit_out_bonus_once": "yes"}, ("sit_out_bonus_once", "sit_out_bonus")),
]


@pytest.mark.parametrize(("params", "names"), REFUSED)
def test_odd_combinations_are_refused_naming_both(
    params: dict[str, Any], names: tuple[str, str]
) -> None:
    with pytest.raises(ParameterError) as caught:
        get_system("cdiplo").make_params(params)
    assert all(name in str(caught.value) for name in names)


def test_round_systems_refusals() -> None:
    event = catalogue_event()
    for value, said in (("cdiplo,nosuch,,", "unknown scoring system 'nosuch'"),
                        ("cdiplo,htm,,", "htm scores a whole event"),
                        ("cdiplo,cdiplo", "round 4 has been played")):
        with pytest.raises(ParameterError, match="round_systems") as caught:
            score_tournament(event, "cdiplo", {"round_systems": value})
        assert said in str(caught.value)


# ---------------------------------------------------------------- a system a round

def three_rounds() -> Tournament:
    counts = [(10, 8, 6, 5, 3, 2, 0), (12, 9, 6, 4, 3, 0, 0), (7, 7, 7, 5, 4, 4, 0)]
    games = []
    for r, centres in enumerate(counts, start=1):
        seats = tuple(Seat(f"Q{(i + r) % 7}", Power(i), c, 1906 if c == 0 else None, year=1910)
                      for i, c in enumerate(centres))
        games.append(Game(r, 1, seats))
    return Tournament(tuple(games), "Three rounds")


def test_round_three_scored_by_another_system() -> None:
    event = three_rounds()
    standings = score_tournament(event, "cdiplo", {"round_systems": ",,carnage"})
    cdiplo, carnage = get_system("cdiplo"), get_system("carnage")
    assert isinstance(cdiplo, GameSystem) and isinstance(carnage, GameSystem)
    expected: dict[str, float] = {}
    for game in event.games:
        system = carnage if game.round == 3 else cdiplo
        for player, score in zip(game.players, system.score_game(game, system.params),
                                 strict=True):
            expected[player] = expected.get(player, 0.0) + score
    assert {r.player: r.score for r in standings.rows} == pytest.approx(expected)
    data = standings_dict(standings)
    assert data["round_systems"] == [{"round": 1, "system": "cdiplo"},
                                     {"round": 2, "system": "cdiplo"},
                                     {"round": 3, "system": "carnage"}]
    # Carnage scores thousands, C-Diplo at most 100: warned.
    assert [n.code for n in standings.notices].count("round_systems_scale") == 1
    plain = score_tournament(event, "cdiplo", {"round_systems": "cdiplo,,cdiplo"})
    assert "round_systems_scale" not in [n.code for n in plain.notices]
    # Only the systems of the rounds played are compared.
    every = score_tournament(event, "cdiplo", {"round_systems": "carnage,carnage,carnage"})
    assert "round_systems_scale" not in [n.code for n in every.notices]


def test_scale_is_the_highest_score_of_the_reference_boards() -> None:
    cdiplo, carnage = get_system("cdiplo"), get_system("carnage")
    assert isinstance(cdiplo, GameSystem) and isinstance(carnage, GameSystem)
    cd, ca = scale(cdiplo, cdiplo.params), scale(carnage, carnage.params)
    assert cd == 100  # a solo scores C-Diplo's 100
    assert ca is not None and cd is not None and ca > SCALE_RATIO * cd


# ---------------------------------------------------------------- adjustments, status

def test_a_penalty_and_an_unranked_stand_in() -> None:
    base = three_rounds()
    plain = score_tournament(base, "cdiplo")
    leader = plain.rows[0].player
    stand_in = plain.rows[1].player
    event = Tournament(
        base.games, base.title,
        adjustments=(Adjustment(leader, -30, "late twice", 2), Adjustment(leader, 5, "fair play")),
        statuses=((stand_in, Status.UNRANKED), (plain.rows[2].player, Status.WITHDRAWN)))
    standings = score_tournament(event, "cdiplo")
    row = standings.row(leader)
    assert row.adjustment == -30 + 5
    assert row.score == pytest.approx(plain.row(leader).score - 30 + 5)
    last = standings.rows[-1]
    assert (last.player, last.rank, last.status) == (stand_in, None, Status.UNRANKED)
    ranks = [r.rank for r in standings.rows if r.rank is not None]
    assert ranks == sorted(ranks) and len(ranks) == len(standings.rows) - 1
    assert standings.row(plain.rows[2].player).status is Status.WITHDRAWN
    assert standings.row(plain.rows[2].player).rank is not None
    holders = {b.player for bs in standings.best_country.values() for b in bs}
    assert stand_in not in holders
    # Outputs: a column and the list with notes.
    data = standings_dict(standings)
    by_player = {p["player"]: p for p in data["standings"]}
    assert by_player[leader]["adjustment"] == -25
    assert by_player[stand_in]["rank"] is None and by_player[stand_in]["status"] == "unranked"
    assert {"player": leader, "points": -30, "note": "late twice", "round": 2} \
        in data["adjustments"]
    names = standings_table(standings).names
    assert "adjustment" in names and "status" in names
    assert standings_csv(standings).splitlines()[0].startswith("rank,player,score,games,"
                                                              "adjustment,status")
    assert stand_in not in [row[2] for row in classification(standings).rows]  # WDD
    # A round's adjustment is left out of the standings after an earlier round.
    early = score_tournament(event, "cdiplo", after_round=1)
    assert early.row(leader).adjustment == 5


def test_an_adjustment_of_nobody_is_warned_of() -> None:
    base = three_rounds()
    event = Tournament(base.games, adjustments=(Adjustment("Nobody", -5, "typo?"),))
    standings = score_tournament(event, "cdiplo")
    assert [r.score for r in standings.rows] == [r.score for r in
                                                 score_tournament(base, "cdiplo").rows]
    assert "adjustment_no_player" in [n.code for n in standings.notices]


def test_no_adjustment_no_column() -> None:
    standings = score_tournament(three_rounds(), "cdiplo")
    assert "adjustment" not in standings_table(standings).names
    assert standings_dict(standings)["adjustments"] == []


def test_htm_takes_adjustments_exactly() -> None:
    base = three_rounds()
    plain = score_tournament(base, "htm")
    who = plain.rows[-1].player
    event = Tournament(base.games, adjustments=(Adjustment(who, 1.5, "bonus"),))
    standings = score_tournament(event, "htm")
    before = plain.row(who).exact
    assert before is not None and standings.row(who).exact == before + Fraction(3, 2)
    assert standings.row(who).score == pytest.approx(plain.row(who).score + 1.5)


# ---------------------------------------------------------------- the command line

def test_rest_rule_through_the_command_line(tmp_path: Path) -> None:
    """``dipxl score --format json``: each total is the best 2 game scores
    plus half the mean of the rest, from the JSON's own game scores."""
    lines = ["round,board,power,player,centres,eliminated,draw"]
    counts = [(10, 8, 6, 5, 3, 2, 0), (12, 9, 6, 4, 3, 0, 0), (7, 7, 7, 5, 4, 4, 0),
              (9, 9, 6, 5, 3, 2, 0)]
    for r, centres in enumerate(counts, start=1):
        for i, c in enumerate(centres):
            lines.append(f"{r},1,{Power(i).abbreviation},Q{(i * r) % 7},{c},"
                         f"{1906 if c == 0 else ''},")
    path = tmp_path / "event.csv"
    path.write_text("\n".join(lines) + "\n")
    result = CliRunner().invoke(cli, ["score", str(path), "-s", "cdiplo", "--format", "json",
                                      "-p", "best_games=2", "-p", "rest=mean",
                                      "-p", "rest_weight=0.5"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    games: dict[str, list[float]] = {}
    for game in data["games"]:
        for seat in game["seats"]:
            games.setdefault(seat["player"], []).append(seat["score"])
    for player in data["standings"]:
        mine = sorted(games[player["player"]], reverse=True)
        rest = mine[2:]
        want = sum(mine[:2]) + (0.5 * sum(rest) / len(rest) if rest else 0)
        assert player["score"] == pytest.approx(want)
        assert player["adjustment"] == 0
    assert data["parameters"]["rest"] == "mean"
    assert [r["system"] for r in data["round_systems"]] == ["cdiplo"] * 4


# ---------------------------------------------------------------- the combination step alone

def units(scores: list[float], bonus_at: int | None = None) -> list[Unit]:
    """A player's units, one a round: games (a stand-in Played) and, at
    ``bonus_at``, a sit-out bonus."""
    game = board(1, 1, ["A"])
    sg = ScoredGame(game, (0.0,) * 7, None)
    return [Unit(r, v, v, None if r == bonus_at else Played("A", sg, 0))
            for r, v in enumerate(scores, start=1)]


@pytest.mark.parametrize(("params", "expected"), [
    # Bob's scores: 20, 60, a sit-out bonus of 10, 5.
    ({"best_games": 2}, 60 + 20),
    ({"best_games": 2, "rest": "mean", "rest_weight": 0.5}, 80 + 0.5 * (10 + 5) / 2),
    ({"best_games": 2, "rest": "each", "rest_weight": 0.25}, 80 + 0.25 * (10 + 5)),
    ({"best_games": 3, "rest": "next", "rest_weight": 0.5, "rest_weight_one": 0.1},
     90 + 0.1 * 5),  # one game left: rest_weight_one
    ({"average_offset": 2}, (20 + 60 + 10 + 5) / (4 + 2)),
    ({"best_rounds": 1}, 60),
])
def test_combine_on_score_lists(params: dict[str, Any], expected: float) -> None:
    made = get_system("cdiplo").make_params(params)
    assert combine(units([20, 60, 10, 5], bonus_at=3), made).total == pytest.approx(expected)


def test_cut_ties_then_centres_of_the_best_two_games() -> None:
    """Equal early totals and best games: more centres in the best two
    games makes the cut."""
    scores = {(1, 1, "Amy"): 30, (1, 2, "Zed"): 30, (2, 1, "Amy"): 10, (2, 2, "Zed"): 10}
    games = (board(1, 1, ["Amy"], (4, 6, 6, 6, 6, 6, 0)),
             board(1, 2, ["Zed"], (9, 5, 5, 5, 5, 5, 0)),
             board(2, 1, ["Amy"]), board(2, 2, ["Zed"]))
    fillers = tuple((p, Status.UNRANKED) for g in games for p in g.players if "." in p)
    standings = score_tournament(Tournament(games, statuses=fillers), Given(scores),
                                 {"cut_round": 2, "cut_size": 1, "cut_weight": 3})
    assert standings.row("Zed").score == 30 + 3 * 10  # 9 centres beat Amy's 4
    assert standings.row("Amy").score == 30 + 1 * 10


def test_round_systems_and_best_rounds_through_the_command_line(tmp_path: Path) -> None:
    event = three_rounds()
    lines = ["round,board,power,player,centres,eliminated,year"]
    for game in event.games:
        for seat in game.seats:
            lines.append(f"{game.round},{game.board},{seat.power.abbreviation},{seat.player},"
                         f"{seat.centres},{seat.eliminated or ''},{game.year}")
    path = tmp_path / "three.csv"
    path.write_text("\n".join(lines) + "\n")
    result = CliRunner().invoke(cli, ["score", str(path), "-s", "cdiplo", "--format", "json",
                                      "-p", "round_systems=,,carnage", "-p", "best_rounds=2"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [r["system"] for r in data["round_systems"]] == ["cdiplo", "cdiplo", "carnage"]
    for player in data["standings"]:
        mine = sorted((s for s in player["round_scores"] if s is not None), reverse=True)
        assert player["score"] == pytest.approx(sum(mine[:2]))
    assert any("round_systems mixes" in w for w in data["warnings"])


@pytest.mark.parametrize("setting", ["sit_out_bonus=10", "round_systems=cdiplo,detour09",
                                     "round_score=best", "average_offset=10"])
def test_dipxl_new_refuses_an_event_parameter_its_formulas_do_not_follow(
    tmp_path: Path, setting: str
) -> None:
    """A generated workbook would score as if the parameter were not set:
    refused (a usage error naming it), never a workbook that differs
    silently from dipxl score."""
    result = CliRunner().invoke(cli, ["new", str(tmp_path / "e.xlsx"), "-s", "cdiplo",
                                      "-p", setting])
    assert result.exit_code == 2, result.output
    assert setting.split("=")[0] in result.stderr
    assert "do not follow" in result.stderr
    assert not (tmp_path / "e.xlsx").exists()
