"""Every system of dipvis's catalogue scores random boards as dipvis does.

``data/dipvis_boards.json`` holds 150 random boards (centres, elimination
years, the final year, a passed vote or a concession, the year-by-year
chart) and the scores dipvis's own classes gave each under each of its 37
game systems, keyed by dipxl id: numbers generated once by a scratch
harness that ran dipvis (GPL-3.0; none of its code is here), checked
forever (STYLE: golden data).  The boards also go through ``dipxl score
--format json`` from a CSV file written to the README's contract, as a TD's
file would.
"""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dipxl.cli import cli
from dipxl.model import Game, Power, Seat
from dipxl.systems import GameSystem, get_system, system_ids

DATA = json.loads((Path(__file__).parent / "data" / "dipvis_boards.json").read_text())
BOARDS: list[dict[str, Any]] = DATA["boards"]
SCORES: dict[str, list[list[float] | None]] = DATA["scores"]


def game(k: int, b: dict[str, Any]) -> Game:
    """Board ``b`` as a game, its flags as the Draw column holds them: Y on
    the members of a passed vote (one member: a concession), N on the other
    survivors."""
    members = b["draw"]
    seats = []
    for p in Power:
        c = b["centres"][p]
        flag = None if members is None else (p.title in members if c else None)
        chart = tuple((int(y), counts[p]) for y, counts in b["chart"].items())
        seats.append(Seat(f"B{k}P{p}", p, c, b["eliminated"][p], flag, b["year"], chart))
    return Game(1, k, tuple(seats))


GAMES = [game(k, b) for k, b in enumerate(BOARDS, start=1)]


def close(got: tuple[float, ...] | list[float], want: list[float]) -> bool:
    return all(math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9) for a, b in zip(got, want,
                                                                               strict=True))


def test_every_catalogue_id_is_registered() -> None:
    assert set(SCORES) <= set(system_ids())
    assert len(SCORES) == 37


@pytest.mark.parametrize("system_id", sorted(SCORES))
def test_the_engine_scores_every_board_as_dipvis(system_id: str) -> None:
    system = get_system(system_id)
    assert isinstance(system, GameSystem)
    wrong = []
    for g, want in zip(GAMES, SCORES[system_id], strict=True):
        if want is None:  # dipvis cannot score this board
            continue
        got = system.score_game(g, system.params)
        if not close(got, want):
            wrong.append((g.board, got, want))
    assert not wrong, wrong[:3]


def test_dipxl_score_reads_the_contract_and_scores_as_dipvis(tmp_path: Path) -> None:
    years = sorted({y for b in BOARDS for y in b["chart"]}, key=int)
    path = tmp_path / "boards.csv"
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["round", "board", "power", "player", "centres", "eliminated", "draw",
                    "year", *years])
        for g, b in zip(GAMES, BOARDS, strict=True):
            for s in g.seats:
                flag = "" if s.in_draw is None else "YN"[not s.in_draw]
                w.writerow([1, g.board, s.power.title, s.player, s.centres,
                            s.eliminated or "", flag, b["year"],
                            *(b["chart"][y][s.power] if y in b["chart"] else "" for y in years)])
    for system_id in ("bangkok-pike", "maxonian", "haight", "sydney-league", "carnage-2023",
                      "southern-sun"):
        result = CliRunner().invoke(cli, ["score", str(path), "-s", system_id,
                                          "--format", "json"])
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        got = {g["board"]: [s["score"] for s in g["seats"]] for g in data["games"]}
        for k, want in enumerate(SCORES[system_id], start=1):
            if want is not None:
                assert close(got[k], want), (system_id, k, got[k], want)
