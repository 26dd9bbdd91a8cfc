"""Workbook scale: generating a filled tournament workbook and having
LibreOffice recalculate every formula.

    python benchmarks/workbook.py                    # 200 and 800 players, 7 rounds
    python benchmarks/workbook.py --players 800 --system detour98e
    python benchmarks/workbook.py --players 800 --generate-only   # no LibreOffice

Targets (issue 3): 1,000 players x 7 rounds generated in < 5 s and
(now 800 players: `dipxl new` writes at most 5,740 result rows, issue 19)
recalculated by LibreOffice in < 10 s (the whole soffice run: start-up,
loading, recalculation and saving as xlsx).  Wall and CPU times are both
printed: on a shared machine the CPU time is the steadier figure.  The
recalculated standings are checked against the engine, so the figure is
for a correct result.
"""

from __future__ import annotations

import argparse
import math
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

from openpyxl import load_workbook

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from lo import recalculate  # noqa: E402  # tests/lo.py: the LibreOffice judge

from dipxl.model import Game, Power, Seat, Tournament  # noqa: E402
from dipxl.standings import score_tournament  # noqa: E402
from dipxl.systems import canonical  # noqa: E402
from dipxl.workbook.writer import build_workbook  # noqa: E402


def tournament(players: int, rounds: int, seed: int = 1) -> Tournament:
    rng = random.Random(seed)
    names = [f"Player {i}" for i in range(1, players + 1)]
    games = []
    for rnd in range(1, rounds + 1):
        rng.shuffle(names)
        for b in range(players // 7):
            counts = [0] * 7
            alive = rng.sample(range(7), rng.randint(2, 7))
            for _ in range(rng.randint(28, 34)):
                i = rng.choice(alive)
                counts[i] = min(counts[i] + 1, 17)
            if rng.random() < 0.1:
                counts[alive[0]] = 18
            # The final year, which the systems scoring survival read.
            seats = tuple(
                Seat(names[7 * b + i], Power(i), counts[i], 1906 if counts[i] == 0 else None,
                     None, 1908)
                for i in range(7)
            )
            games.append(Game(rnd, b + 1, seats))
    return Tournament(tuple(games))


def run(players: int, rounds: int, system: str, *, recalc: bool = True) -> None:
    event = tournament(players, rounds)
    boards = math.ceil(players / 7)
    names = [f"Player {i}" for i in range(1, players + 1)]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"bench-{system}-{players}.xlsx"
        t0, c0 = time.perf_counter(), time.process_time()
        wb = build_workbook(system, None, "bench", rounds, boards, names, event)
        wb.save(path)
        generated, generated_cpu = time.perf_counter() - t0, time.process_time() - c0
        if not recalc:
            print(
                f"{system:14} {players:5} players x {rounds} rounds ({len(event.games)} games): "
                f"generated {generated:.2f} s (cpu {generated_cpu:.2f})"
            )
            return
        t0, r0 = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
        out = recalculate(path, Path(tmp) / "out", timeout=600)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        recalculated = time.perf_counter() - t0
        lo_cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
        values = load_workbook(out, data_only=True, read_only=True)
        got = {row[1]: row[2] for row in values["Standings"].iter_rows(min_row=2, values_only=True)}
        want = score_tournament(event, system)
        worst = max(abs(got[r.player] - r.score) / max(1.0, abs(r.score)) for r in want.rows)
    if worst > 1e-9:
        raise SystemExit(f"{system}: the workbook disagrees with the engine ({worst:.1e})")
    # An empty input cell is typed "f" too (a true blank) but holds no formula.
    formulas = sum(
        1
        for ws in wb.worksheets
        for row in ws.iter_rows()
        for c in row
        if c.value and c.data_type == "f"
    )
    print(
        f"{system:14} {players:5} players x {rounds} rounds ({len(event.games)} games, "
        f"{formulas} formulas): generated {generated:.2f} s (cpu {generated_cpu:.2f}), "
        f"LibreOffice recalculation {recalculated:.2f} s (cpu {lo_cpu:.2f}), "
        f"worst relative difference from the engine {worst:.1e}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, nargs="*", default=[200, 800])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--system", nargs="*", default=["cdiplo", "detour98e", "dimvalue", "htm"],
                        help="system ids, or all: every canonical system of the registry")
    parser.add_argument(
        "--generate-only", action="store_true", help="time the generation only (no LibreOffice)"
    )
    args = parser.parse_args()
    systems = [s.id for s in canonical()] if args.system == ["all"] else args.system
    for system in systems:
        for players in args.players:
            run(players, args.rounds, system, recalc=not args.generate_only)


if __name__ == "__main__":
    main()
