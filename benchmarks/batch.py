"""Batch-scoring benchmark (rerun: ``python benchmarks/batch.py``).

Two workloads, written once into a temporary folder by openpyxl (as a TD's
Excel would write them: shared strings, a Settings sheet, a computed
formula column after the inputs):

- ``100 events``: 100 workbooks of a 35-player, 4-round event (5 boards a
  round, 140 result rows each);
- ``big``: one results workbook of 10,003 rows (1,429 boards over 7 rounds).

Each is measured in its own fresh subprocess (time: best of the repeats;
memory: the peak resident set while the work runs, sampled every
millisecond from /proc/self/statm, and that peak minus the resident set
after the imports, i.e. what the work itself added; python-calamine
allocates outside Python's heap, so tracemalloc would not see it):

- ``calamine bare``: python-calamine opens each file and reads every cell
  of every sheet (the floor: no checks, no model);
- ``openpyxl read-only bare``: the same with openpyxl's streaming reader;
- ``dipxl read``: ``read_workbook`` (package checks, formula scan, header
  detection, validated tournament);
- ``dipxl score``: read + score (``score_file``), no output;
- ``dipxl score+xlsx``: ``run_batch`` writing each ``NAME-scored.xlsx``
  (atomically: temporary file, fsync, rename);
- ``engine part of score``: the core's share of ``dipxl score`` alone,
  ``tournament_from_rows`` + ``score_tournament`` on the results columns
  read before the clock starts (memory figures of this mode include them).

Budget (issue 14): ``dipxl score`` within 3x of ``calamine bare`` on both
sets.  ``--roots`` measures other checkouts too, each with its own
``.venv`` (old and new in one run: ``--roots . /work/base``).
Figures, not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import tempfile
from pathlib import Path

from child import run_child
from engine import random_centres  # benchmarks/engine.py, beside this script

ROOT = Path(__file__).resolve().parents[1]

# Run inside the subprocess: ``MODE``, ``FILES`` (json list), ``REPEATS``,
# ``OUT`` are substituted.  Prints one JSON line.
CHILD = r"""
import gc, json, resource, sys, tempfile, time  # noqa: E401
from pathlib import Path
sys.path.insert(0, ROOT)
import python_calamine, openpyxl
from dipxl.batch import run_batch, score_file
from dipxl.workbook.reader import read_workbook

files = [Path(p) for p in FILES]
def rss_kib():
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * resource.getpagesize() // 1024

def calamine_bare():
    cells = 0
    for p in files:
        book = python_calamine.CalamineWorkbook.from_path(str(p))
        for name in book.sheet_names:
            for row in book.get_sheet_by_name(name).to_python(skip_empty_area=False):
                cells += len(row)
    return cells

def openpyxl_bare():
    cells = 0
    for p in files:
        book = openpyxl.load_workbook(p, read_only=True, data_only=True)
        for ws in book.worksheets:
            for row in ws.iter_rows(values_only=True):
                cells += len(row)
        book.close()
    return cells

def dipxl_read():
    return sum(len(read_workbook(p).tournament.games) for p in files)

def engine_part():
    # The engine's share of ``dipxl score``: validating the results columns
    # into a tournament (the path the reader takes) and scoring it (the
    # columns are read before the clock runs).
    from dipxl.rows import tournament_from_rows
    from dipxl.standings import score_tournament
    from dipxl.workbook import reader
    if not hasattr(engine_part, "columns"):
        engine_part.columns = []
        for p in files:
            r = reader._Reader(p.read_bytes())
            sheet, header, rows = r.results_sheet()
            columns, numbers = reader._input_columns(header, rows)
            engine_part.columns.append(
                reader._rows(reader._sheet_ref(sheet), header, columns, numbers))
        return None
    return sum(len(score_tournament(tournament_from_rows(r), SYSTEM).rows)
               for r in engine_part.columns)

def dipxl_score():
    return sum(len(score_file(p, system_id=SYSTEM).rows) for p in files)

def dipxl_write():
    with tempfile.TemporaryDirectory() as out:
        done = run_batch(files, fmt="xlsx", out_dir=Path(out), system_id=SYSTEM)
        assert all(o.ok for o in done), [o.error for o in done if not o.ok]
        return len(done)

work = {"calamine bare": calamine_bare, "openpyxl read-only bare": openpyxl_bare,
        "engine part of score": engine_part,
        "dipxl read": dipxl_read, "dipxl score": dipxl_score,
        "dipxl score+xlsx": dipxl_write}[MODE]
import threading
gc.collect()
if MODE == "engine part of score":
    engine_part()  # read the records first, off the clock
    gc.collect()
base = rss_kib()
high = [base]
running = True
def sample():
    while running:
        high[0] = max(high[0], rss_kib())
        time.sleep(0.001)
sampler = threading.Thread(target=sample, daemon=True)
sampler.start()
times = []
for _ in range(REPEATS):
    gc.collect()
    start = time.perf_counter()
    result = work()
    times.append(time.perf_counter() - start)
running = False
sampler.join()
high[0] = max(high[0], rss_kib())
print(json.dumps({"best": min(times), "peak_kib": high[0], "growth_kib": high[0] - base,
                  "result": result}))
"""

MODES = ("calamine bare", "openpyxl read-only bare", "dipxl read", "dipxl score",
         "dipxl score+xlsx", "engine part of score")
POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")


def write_event(path: Path, players: int, rounds: int, boards: list[int], system: str,
                rng: random.Random) -> int:
    """A results workbook in the layout contract; ``boards[r]`` boards in round r."""
    import openpyxl

    from dipxl.systems import get_system
    from dipxl.workbook.layout import INPUT_HEADERS, SETTINGS_HEADER, settings_rows

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Results"
    ws.append([*INPUT_HEADERS, "Check"])
    names = [f"Player {i:04d}" for i in range(1, players + 1)]
    row = 1
    for rnd in range(1, rounds + 1):
        seated = rng.sample(names, 7 * boards[rnd - 1])
        for board in range(1, boards[rnd - 1] + 1):
            counts = random_centres(rng, least=22)
            for i, power in enumerate(POWERS):
                row += 1
                year = rng.randint(1903, 1910) if counts[i] == 0 else None
                ws.append([rnd, board, power, seated[(board - 1) * 7 + i], counts[i], year, None,
                           f"=E{row}*1"])
    spec = get_system(system)
    settings = wb.create_sheet("Settings")
    settings.append(list(SETTINGS_HEADER))
    for item in settings_rows(spec, spec.params, path.stem):
        settings.append(list(item))
    wb.save(path)
    return row - 1


def measure(mode: str, files: list[Path], repeats: int, system: str,
            root: Path = ROOT) -> dict[str, float]:
    code = (
        CHILD.replace("ROOT", repr(str(root)))
        .replace("FILES", repr([str(f) for f in files]))
        .replace("REPEATS", str(repeats))
        .replace("MODE", repr(mode))
        .replace("SYSTEM", repr(system))
    )
    return run_child(root, code)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=100, help="number of small workbooks")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--system", default="cdiplo")
    parser.add_argument("--roots", nargs="+", type=Path, default=[ROOT],
                        help="checkouts to measure (default: this one)")
    args = parser.parse_args()
    roots = [r.resolve() for r in args.roots]
    rng = random.Random(4)
    bare: dict[Path, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        small = []
        for k in range(args.events):
            small.append(folder / f"event{k:03d}.xlsx")
            write_event(small[-1], 35, 4, [5] * 4, args.system, rng)
        big = folder / "big.xlsx"
        rows = write_event(big, 1_435, 7, [205] + [204] * 6, args.system, rng)
        print(f"system {args.system}; {args.events} workbooks of 35 players x 4 rounds "
              f"(140 rows, {small[0].stat().st_size // 1024} KiB each); one workbook of "
              f"{rows} rows ({big.stat().st_size // 1024} KiB); best of {args.repeats}")
        for label, files in ((f"{args.events} events", small), ("big", [big])):
            print(f"\n{label}:")
            print(f"  {'mode':<26}{'checkout':<24}{'time':>10}{'vs bare':>9}{'peak RSS':>11}"
                  f"{'growth':>10}")
            for mode in MODES:
                for root in roots:
                    try:
                        m = measure(mode, files, args.repeats, args.system, root)
                    except subprocess.CalledProcessError:  # an older checkout lacks this mode
                        print(f"  {mode:<26}{str(root)[-23:]:<24}{'n/a':>10}")
                        continue
                    bare[root] = bare.get(root) or m["best"]
                    print(f"  {mode:<26}{str(root)[-23:]:<24}{m['best'] * 1000:>8.0f}ms"
                          f"{m['best'] / bare[root]:>8.2f}x{m['peak_kib'] / 1024:>9.1f}MB"
                          f"{m['growth_kib'] / 1024:>8.1f}MB")
            bare.clear()


if __name__ == "__main__":
    main()
