"""Worksheet functions under whole-column ranges (issue 19 item 3): the time
and peak memory of every function of ``dipxl.udfs`` when Excel passes it a
whole column (1,048,576 rows), old and new in one run::

    python benchmarks/udf_ranges.py --roots /work/wt/base .

Three ranges per function, built as xlwings delivers them (lists of rows,
floats, ``None`` for a blank cell):

- ``blank tail``: the rulebook's worked event (``dipxl.examples``) at the
  top of the column, the rest of its 1,048,576 rows blank;
- ``stray value``: the same, one value typed in the column's last row;
- ``full``: 1,048,576 filled rows (a full column of numbers for the
  one-board functions, seats for the others).

Each (checkout, function) runs in a fresh process (that checkout on
``sys.path`` first), address space capped (``--cap``) and time too
(``--timeout``).  The clock starts once the arguments are built;
"MiB" is how far the call raises the process's resident peak above what
it held with the arguments built (``VmHWM`` reset through
``/proc/self/clear_refs``): the arguments themselves, which xlwings
builds before dipxl sees them, are reported apart ("args MiB").
Figures, not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
ROWS = 1 << 20  # a whole column
CASES = ("blank tail", "stray value", "full")
FUNCTIONS = ("CDIPLO", "DETOUR98E", "DIMVALUE", "SUMOFSQUARES", "DRAWSIZE", "CARNAGE",
             "HTM_SCORE", "HTM_MEANS", "DIPXL_STANDINGS", "DIPXL_CHECK")
HEADER = ["Round", "Board", "Power", "Player", "Centres", "Eliminated", "Draw", "Notes"]


def _seats() -> list[list[Any]]:
    """The worked event's seats as results rows (no header)."""
    from dipxl.examples import worked_games_event

    return [
        [float(g.round), float(g.board), s.power.title, s.player, float(s.centres or 0),
         float(s.eliminated) if s.eliminated else None, None, None]
        for g in worked_games_event().games for s in g.seats
    ]


def _full_seats(count: int) -> list[list[Any]]:
    """``count`` seat rows of a made-up event: 7 rounds, every board the
    first worked board, players reseated each round."""
    board = [17.0, 5.0, 4.0, 3.0, 3.0, 2.0, 0.0]
    titles = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
    per_round = -(-count // 7)
    return [
        [float(k // per_round + 1), float(k % per_round // 7 + 1), titles[k % 7],
         f"P{(k % per_round) * 7919 % per_round}", board[k % 7], None, None, None]
        for k in range(count)
    ]


def table(case: str) -> list[list[Any]]:
    """A whole-column results range A:H, header in row 1."""
    if case == "full":
        return [HEADER[:], *_full_seats(ROWS - 1)]
    rows = [HEADER[:], *_seats()]
    rows += [[None] * len(HEADER) for _ in range(ROWS - len(rows))]
    if case == "stray value":
        rows[-1][4] = 5.0
    return rows


def column(rows: list[list[Any]], j: int) -> list[list[Any]]:
    return [[row[j]] for row in rows]


def arguments(name: str, case: str) -> list[Any]:
    """The arguments of ``name`` for ``case``, as xlwings passes them."""
    if name in ("HTM_SCORE", "HTM_MEANS", "DIPXL_STANDINGS", "DIPXL_CHECK"):
        rows = table(case)
        if name == "DIPXL_STANDINGS":
            return [rows, "cdiplo", None]
        if name == "DIPXL_CHECK":
            return [rows, "cdiplo"]
        seats = rows[1:]  # the HTM functions take columns without a header
        powers, centres = column(seats, 2), column(seats, 4)
        if name == "HTM_MEANS":
            return [powers, centres]
        return [column(seats, 3), powers, centres, "Alice" if case != "full" else "P1",
                column(seats, 0)]
    board = [17.0, 5.0, 4.0, 3.0, 3.0, 2.0, 0.0]
    if case == "full":
        centres = [[board[k % 7]] for k in range(ROWS)]
    else:
        centres = [[c] for c in board] + [[None] for _ in range(ROWS - 7)]
        if case == "stray value":
            centres[-1] = [5.0]
    extra = {"DETOUR98E": [None], "DIMVALUE": [None]}.get(name, [])
    return [centres, *extra, None]


# Run in the child: argv = [root, this file, function].  One JSON line a case.
CHILD = r"""
import importlib.util, json, re, sys, time
sys.path.insert(0, sys.argv[1])
spec = importlib.util.spec_from_file_location("bench", sys.argv[2])
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)
from dipxl import udfs

def status(field):
    text = open("/proc/self/status").read()
    return int(re.search(rf"^{field}:\s+(\d+)", text, re.M).group(1)) / 1024

name = sys.argv[3]
for case in bench.CASES:
    before = status("VmRSS")
    args = bench.arguments(name, case)
    built = status("VmRSS")
    open("/proc/self/clear_refs", "w").write("5")
    result = None
    start = time.perf_counter()
    try:
        result = getattr(udfs, name)(*args)
        outcome = repr(result)
    except Exception as err:
        outcome = f"{type(err).__name__}: {err}"
    seconds = time.perf_counter() - start
    peak = status("VmHWM") - built
    print(json.dumps({"case": case, "seconds": seconds, "peak_mib": max(peak, 0.0),
                      "args_mib": built - before, "outcome": outcome[:160]}), flush=True)
    del args, result
"""


def run(root: Path, name: str, cap: int, timeout: float) -> dict[str, dict[str, Any]]:
    """Every case of ``name`` in checkout ``root``, in a fresh process."""
    # benchmarks/child.py, beside this script (not imported by the child,
    # which loads this file for its arguments alone)
    from child import python_of, run_capped

    done = run_capped([python_of(root), "-c", CHILD, str(root), __file__, name], cap, timeout)
    found = {f["case"]: f for f in map(json.loads, done.lines)}
    stopped = f"over {timeout:.0f} s" if done.timed_out else f"exit {done.code}: {done.error}"
    for case in CASES:
        if case not in found:
            found[case] = {"seconds": float("nan"), "peak_mib": float("nan"),
                           "args_mib": float("nan"), "outcome": f"STOPPED ({stopped[:80]})"}
            stopped = "not run: an earlier case stopped the child"
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--roots", nargs="+", type=Path, default=[ROOT],
                        help="checkouts to measure (old and new in one run)")
    parser.add_argument("--only", nargs="*", help="functions to measure (default: all)")
    parser.add_argument("--cap", type=int, default=4 << 30, help="address space cap (bytes)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per child")
    options = parser.parse_args()
    roots = [r.resolve() for r in options.roots]
    print(f"{'function':16} {'range':12} " + "  ".join(
        f"{r.name[:14]:>14} {'s':>6} {'MiB':>6}" for r in roots) + "  args MiB")
    for name in FUNCTIONS:
        if options.only and name not in options.only:
            continue
        got = [run(root, name, options.cap, options.timeout) for root in roots]
        for case in CASES:
            cells = [f"{'':>14} {g[case]['seconds']:>6.2f} {g[case]['peak_mib']:>6.0f}"
                     for g in got]
            print(f"{name:16} {case:12} " + "  ".join(cells)
                  + f"  {got[-1][case]['args_mib']:>8.0f}", flush=True)
            for root, g in zip(roots, got, strict=True):
                print(f"    {root.name}: {g[case]['outcome'][:110]}")


if __name__ == "__main__":
    main()
