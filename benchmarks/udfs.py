"""Benchmark of the Excel worksheet functions (Python time only, no Excel).

    python benchmarks/udfs.py            # figures and targets
    python benchmarks/udfs.py --profile  # plus where the time goes

Targets (issue 5): one board through CDIPLO in under 20 us; DIPXL_STANDINGS
on a 1,000-player, 7-round results range in under 200 ms.  Inputs are built
as xlwings delivers them: ranges as lists of rows, numbers as floats.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dipxl import udfs
from dipxl.model import Power
from dipxl.rows import Rows, tournament_from_rows
from dipxl.standings import score_tournament
from dipxl.systems import get_system

BOARD_TARGET_US = 20.0
STANDINGS_TARGET_MS = 200.0


def random_board(rng: random.Random) -> list[float]:
    while True:
        counts = [rng.randint(0, 12) for _ in range(7)]
        if 0 < sum(counts) <= 34:
            return [float(c) for c in counts]


def results_range(players: int, rounds: int, seed: int = 5) -> list[list[object]]:
    """Header + one row per seat; players beyond a multiple of 7 sit out."""
    rng = random.Random(seed)
    names = [f"Player {i:04d}" for i in range(players)]
    table: list[list[object]] = [["Round", "Board", "Power", "Player", "Centres", "Eliminated"]]
    for rnd in range(1, rounds + 1):
        rng.shuffle(names)
        for board in range(players // 7):
            centres = random_board(rng)
            for i, power in enumerate(Power):
                year = float(rng.randint(1903, 1910)) if centres[i] == 0 else None
                table.append(
                    [float(rnd), float(board + 1), power.title, names[7 * board + i],
                     centres[i], year]
                )
    return table


def per_call(fn: Callable[[], object], repeat: int = 5, number: int = 2000) -> float:
    """Best mean seconds per call over ``repeat`` runs of ``number`` calls."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - start) / number)
    return best


def board_figures() -> dict[str, float]:
    rng = random.Random(1)
    boards = [[[c] for c in random_board(rng)] for _ in range(2000)]
    years = [[None]] * 7
    it = iter(range(10**9))

    def distinct(call: Callable[[Any], object]) -> Callable[[], object]:
        return lambda: call(boards[next(it) % len(boards)])

    figures = {
        "CDIPLO, distinct boards": per_call(distinct(udfs.CDIPLO)),
        "CDIPLO, one board again and again": per_call(lambda: udfs.CDIPLO(boards[0])),
        "DETOUR98E": per_call(distinct(lambda b: udfs.DETOUR98E(b, years))),
        "DIMVALUE": per_call(distinct(udfs.DIMVALUE)),
    }
    # The same board through the core alone: model construction, then the rule.
    spec = get_system("cdiplo")
    assert spec.score_game is not None
    scorer = spec.score_game
    seats = Rows.of(
        [{"round": 1, "board": 1, "power": p, "player": p.title, "centres": 17.0 - i}
         for i, p in enumerate(Power)],
        cells=[{"centres": f"centres, row {i}"} for i in range(7)],
    )
    game = tournament_from_rows(seats).games[0]
    figures["core: tournament_from_rows (7 seats)"] = per_call(
        lambda: tournament_from_rows(seats)
    )
    figures["core: cdiplo.score (one game)"] = per_call(lambda: scorer(game, spec.params))
    return {k: v * 1e6 for k, v in figures.items()}


def standings_figures(results: list[list[object]]) -> dict[str, float]:
    figures = {}
    for system in ("cdiplo", "detour98e", "dimvalue", "htm"):
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            udfs.DIPXL_STANDINGS(results, system)
            best = min(best, time.perf_counter() - start)
        figures[f"DIPXL_STANDINGS {system}"] = best * 1e3
    # Where the cdiplo time goes: cells -> rows -> model -> core.
    start = time.perf_counter()
    rows = udfs._results(results)
    mid = time.perf_counter()
    event = tournament_from_rows(rows)
    end = time.perf_counter()
    score_tournament(event, "cdiplo")
    done = time.perf_counter()
    figures["  adapter: cells -> rows"] = (mid - start) * 1e3
    figures["  core: tournament_from_rows"] = (end - mid) * 1e3
    figures["  core: score_tournament cdiplo"] = (done - end) * 1e3
    return figures


def profile(results: list[list[object]]) -> None:
    rng = random.Random(2)
    boards = [[[c] for c in random_board(rng)] for _ in range(5000)]
    for title, work in (
        ("CDIPLO x 5000 distinct boards", lambda: [udfs.CDIPLO(b) for b in boards]),
        ("DIPXL_STANDINGS cdiplo, 1000 players x 7 rounds",
         lambda: udfs.DIPXL_STANDINGS(results, "cdiplo")),
    ):
        prof = cProfile.Profile()
        prof.runcall(work)
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(12)
        print(f"\n== profile: {title} (sorted by own time)")
        print("\n".join(out.getvalue().splitlines()[4:]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", action="store_true", help="show where the time goes")
    options = parser.parse_args()
    print(f"Python {sys.version.split()[0]}")
    boards = board_figures()
    for name, us in boards.items():
        print(f"{name:45s} {us:9.1f} us")
    cdiplo = boards["CDIPLO, distinct boards"]
    verdict = "met" if cdiplo < BOARD_TARGET_US else "MISSED"
    print(f"target: one board through CDIPLO < {BOARD_TARGET_US:.0f} us: {verdict}\n")

    results = results_range(1000, 7)
    print(f"results range: {len(results) - 1} seat rows (1,000 players, 7 rounds)")
    figures = standings_figures(results)
    for name, ms in figures.items():
        print(f"{name:45s} {ms:9.1f} ms")
    times = [v for k, v in figures.items() if k.startswith("DIPXL")]
    print(f"median over the four systems: {statistics.median(times):.1f} ms")
    ms = figures["DIPXL_STANDINGS cdiplo"]
    verdict = "met" if ms < STANDINGS_TARGET_MS else "MISSED"
    print(f"target: DIPXL_STANDINGS (cdiplo) < {STANDINGS_TARGET_MS:.0f} ms: {verdict}")
    if options.profile:
        profile(results)


if __name__ == "__main__":
    main()
