"""Model-building benchmark (rerun: ``python benchmarks/model.py``).

The time to build a 10,003-row tournament from values already parsed
(1,429 boards over 7 rounds, as ``benchmarks/batch.py``'s ``big``
workbook): one ``Seat`` a row, one ``Game`` a board, one ``Tournament``.
This is the model's share of reading a large event, and what decides
whether its constructors may be the plain dataclass ones.

``--roots`` measures other checkouts too, each in its own subprocess with
its own ``.venv`` (old and new in one run: ``--roots . /work/base``).
Figures, not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from child import run_child

ROOT = Path(__file__).resolve().parents[1]

# Run inside the subprocess: ``ROOT`` and ``REPEATS`` are substituted.
# Prints one JSON line.
CHILD = r"""
import gc, json, random, sys, time  # noqa: E401
sys.path.insert(0, ROOT)
sys.path.insert(0, ROOT + "/benchmarks")
from engine import random_centres
from dipxl.model import Game, Power, Seat, Tournament

rng = random.Random(4)
names = [f"Player {i:04d}" for i in range(1, 1436)]
rows = []  # (round, board, player, power, centres, eliminated, in_draw)
for rnd, boards in enumerate([205] + [204] * 6, start=1):
    seated = rng.sample(names, 7 * boards)
    for board in range(1, boards + 1):
        counts = random_centres(rng, least=22)
        for i in range(7):
            year = rng.randint(1903, 1910) if counts[i] == 0 else None
            rows.append((rnd, board, seated[(board - 1) * 7 + i], Power(i), counts[i], year,
                         None))

def seats():
    return [Seat(r[2], r[3], r[4], r[5], r[6]) for r in rows]

def build():
    made = seats()
    games = [Game(rows[k][0], rows[k][1], tuple(made[k:k + 7])) for k in range(0, len(made), 7)]
    return Tournament(tuple(games))

result = {}
for label, work in (("seats", seats), ("tournament", build)):
    times = []
    for _ in range(REPEATS):
        gc.collect()
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    result[label] = min(times)
print(json.dumps(result))
"""


def measure(root: Path, repeats: int) -> dict[str, float]:
    return run_child(root, CHILD.replace("ROOT", repr(str(root))).replace("REPEATS", str(repeats)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--roots", nargs="+", type=Path, default=[ROOT],
                        help="checkouts to measure (default: this one)")
    args = parser.parse_args()
    print(f"10,003 rows, 1,429 boards; best of {args.repeats}")
    print(f"  {'checkout':<24}{'10,003 seats':>14}{'whole tournament':>18}")
    for root in (r.resolve() for r in args.roots):
        m = measure(root, args.repeats)
        print(f"  {str(root)[-23:]:<24}{m['seats'] * 1000:>12.1f}ms"
              f"{m['tournament'] * 1000:>16.1f}ms")


if __name__ == "__main__":
    main()
