"""One way out: the tables every output is built from, made from the core's
standings, and the JSON contract made from them."""

from __future__ import annotations

import json

import pytest

from dipxl.examples import htm_example, worked_games_event
from dipxl.model import Power
from dipxl.standings import score_tournament
from dipxl.systems import system_ids
from dipxl.tables import (
    EXACT,
    seat_table,
    standings_csv,
    standings_dict,
    standings_json,
    standings_table,
)


@pytest.mark.parametrize("system", system_ids())
def test_the_standings_table_is_the_standings_rows(system: str) -> None:
    event = htm_example() if system == "htm" else worked_games_event()
    standings = score_tournament(event, system)
    table = standings_table(standings)
    tiebreakers = list(standings.tiebreak_names)
    assert list(table.names[:4]) == ["rank", "player", "score", "games"]
    assert list(table.names[4 : 4 + len(tiebreakers)]) == tiebreakers
    # The exact score, last, where the system defines one (HTM).
    assert (EXACT in table.columns) == (not standings.system.per_game)
    for got, row in zip(table.records(), standings.rows, strict=True):
        assert (got["rank"], got["player"], got["score"], got["games"]) == \
            (row.rank, row.player, row.score, row.games)
        assert all(got[n] == row.tiebreaks.get(n) for n in tiebreakers)
        # each round's score after the tie-breakers (blank: not played)
        assert [got[f"r{n}"] for n in standings.rounds] == [
            standings.round_score(row.player, n) for n in standings.rounds]
        if EXACT in table.columns:
            assert got["exact"] == str(row.exact)


def test_tie_breaker_headers_are_their_names_and_titles() -> None:
    standings = score_tournament(worked_games_event(), "detour98e")
    table = standings_table(standings)
    draws = table.columns[table.index("draws")]
    title = standings.tiebreak_titles[standings.tiebreak_names.index("draws")]
    assert (draws.name, draws.header, draws.title) == ("draws", "Draws", title)


def test_the_seat_table_has_seven_rows_a_finished_game_in_power_order() -> None:
    standings = score_tournament(worked_games_event(), "cdiplo")
    seats = list(seat_table(standings).records())
    assert len(seats) == 7 * len(standings.games)
    assert [s["power"] for s in seats[:7]] == [p.title for p in Power]
    for k, game in enumerate(standings.games):
        mine = seats[7 * k : 7 * k + 7]
        assert [s["score"] for s in mine] == list(game.scores)
        assert sum(s["solo"] for s in mine) == (game.winner is not None)


@pytest.mark.parametrize("system", system_ids())
def test_the_json_contract_is_the_tables(system: str) -> None:
    event = htm_example() if system == "htm" else worked_games_event()
    standings = score_tournament(event, system)
    data = json.loads(standings_json(standings))
    assert data == standings_dict(standings)
    table = standings_table(standings)
    assert [r["player"] for r in data["standings"]] == [row[1] for row in table.rows]
    seats = [s for game in data["games"] for s in game["seats"]]
    assert [s["score"] for s in seats] == [row[-1] for row in seat_table(standings).rows]


def test_csv_is_the_standings_table_without_the_exact_score() -> None:
    standings = score_tournament(htm_example(), "htm")
    header, first = standings_csv(standings).splitlines()[:2]
    assert header == "rank,player,score,games,r1,r2"
    row = standings.rows[0]
    r1, r2 = (standings.round_score(row.player, n) for n in (1, 2))
    assert first == f"{row.rank},{row.player},{row.score!r},{row.games},{r1!r},{r2!r}"
