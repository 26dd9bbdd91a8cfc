"""Hostile-file benchmark (issue 19 item 3): the peak time and memory of
``dipxl score`` refusing each class of file made to starve or steer a
reader, old and new in one run (rerun: ``python benchmarks/hostile.py
--roots . /work/wt/h7-base``).

Each file is written once into a temporary folder (``tests/hostile/files.py``
of this checkout makes them), then scored by each checkout in a fresh
process: ``dipxl score FILE --system cdiplo --format json`` through click's
runner, the clock started after the imports.  Peak memory is the child's
own high-water resident set size (``VmHWM``, which starts afresh at exec),
the interpreter's own ~35 MiB included; for a child killed by the
allocator (python-calamine aborts when a grid does not fit), the maximum
the kernel reports on exit (``wait4``), which counts the benchmark's own
size when the child was started as well (marked ``>=``).  Each
child's address space is capped (``--cap``, default 6 GiB) and its time
(``--timeout``); a child past either shows as what stopped it.

Two legitimate files frame the limits: the largest workbook ``dipxl new``
writes (:data:`dipxl.io.limits.NEW_SEATS` result rows), and the
rulebook's six boards.  ``--new`` also times ``dipxl new`` at its limit
and just past it (old checkouts write what new ones refuse: minutes).
Figures, not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dipxl.io.limits import (  # noqa: E402
    MAX_CELLS,
    MAX_INPUT,
    MAX_LINE,
    MAX_SHARED_STRINGS,
)
from tests.hostile import files  # noqa: E402  (this checkout's file makers)

# Run in the child: sys.argv = [cap, root, command...].  Prints one JSON
# line, with its peak memory.
CHILD = r"""
import resource, sys
cap = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
import json, time
sys.path.insert(0, sys.argv[2])
from click.testing import CliRunner
from dipxl.cli import cli
start = time.perf_counter()
result = CliRunner().invoke(cli, sys.argv[3:])
seconds = time.perf_counter() - start
text = (result.output or "").strip().splitlines()
with open("/proc/self/status") as status:
    peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:")) / 1024
print(json.dumps({"exit": result.exit_code, "seconds": seconds, "peak_mib": peak,
                  "message": text[0] if text and result.exit_code else "",
                  "exception": None if result.exit_code in (0, 1, 2) else repr(result.exception)}))
"""

MiB = 1 << 20


def _write(data: bytes) -> Callable[[Path], None]:
    return lambda path: path.write_bytes(data)


def _lazy(make: Callable[[], bytes]) -> Callable[[Path], None]:
    return lambda path: path.write_bytes(make())


def _largest_new(path: Path) -> None:
    from dipxl.io.limits import NEW_SEATS

    rounds = 10
    boards = NEW_SEATS // (7 * rounds)
    subprocess.run([sys.executable, "-c", "from dipxl.cli import cli; cli()", "new", str(path),
                    "-s", "cdiplo", "-b", str(boards), "-r", str(rounds)],
                   check=True, capture_output=True, cwd=ROOT)


# name -> how to write it; the hostile classes of issue 19 item 3 first.
FILES: dict[str, Callable[[Path], None]] = {
    "stray-cell-XFD1048576.xlsx": _lazy(files.stray_cell),
    "steered-target-with-twin.xlsx": _lazy(files.steered),
    "steered-target.xlsx": _lazy(lambda: files.steered(twin=False)),
    "shared-strings-35M.xlsx": _lazy(lambda: files.shared_strings(35_000_000)),
    "shared-strings-5M.xlsx": _lazy(lambda: files.shared_strings(5_000_000)),
    "rows-1M.xlsx": _lazy(lambda: files.many_rows(1_000_000)),
    "rows-250k.xlsx": _lazy(lambda: files.many_rows(250_000)),
    "array-formula-7M-cells.xlsx": _lazy(files.array_formula),
    "one-field-250MB.csv": _lazy(lambda: files.csv_one_field(250 * 1000 * 1000)),
    "header-30M-columns.csv": _lazy(lambda: files.csv_wide_header(30_000_000)),
    "rows-1M.csv": _lazy(lambda: files.csv_rows(1_000_000)),
    # Inside every limit, as costly as each limit allows: read or refused
    # within the budget all the same (tests/hostile/test_budget.py).
    **{f"padded-{where}-{how}.xlsx": _lazy(lambda part=part, how=how: files.padded(
        files.room(), part, how))
       for where, part in (("styles", "xl/styles.xml"), ("sheet", files.SHEET))
       for how in ("comment", "text", "attribute")},
    "padded-sheet-cell.xlsx": _lazy(lambda: files.padded(files.room(), files.SHEET, "cell")),
    "padded-image.xlsx": _lazy(lambda: files.padded(files.room())),
    "dense-at-cell-limit.xlsx": _lazy(lambda: files.dense(MAX_CELLS // 15 - 200)),
    "sheets-at-cell-limit.xlsx": _lazy(lambda: files.sheets(
        10, f"O{MAX_CELLS // 150 - 100}")),
    "stray-cell-inside-limits.xlsx": _lazy(lambda: files.stray_cell(
        f"O{MAX_CELLS // 15 - 100}")),
    "heads-not-needed-at-limit.xlsx": _lazy(files.heads_not_needed),
    "shared-strings-at-limit.xlsx": _lazy(lambda: files.shared_strings(MAX_SHARED_STRINGS)),
    "wide-rows-at-limit.csv": _lazy(lambda: files.csv_wide_rows(
        MAX_INPUT // MAX_LINE - 4, MAX_LINE - 1)),
    "long-names-at-limit.csv": _lazy(lambda: files.csv_long_names(600, 100_000)),
    "wide-header-at-limit.csv": _lazy(lambda: files.csv_wide_header(MAX_LINE // 2 - 40)),
    "zip-bomb-3GiB.xlsx": _lazy(files.zip_bomb),
    "entity-bomb.xlsx": _lazy(files.entity_bomb),
    # legitimate
    "good-6-boards.xlsx": _lazy(files.good_workbook_bytes),
    "largest-new-workbook.xlsx": _largest_new,
}


def run(root: Path, args: list[str], cap: int, timeout: float) -> dict[str, object]:
    """Run ``dipxl ARGS`` in checkout ``root`` in a fresh process; its
    figures, or what stopped it."""
    venv = root / ".venv" / "bin" / "python"
    python = str(venv) if venv.exists() else sys.executable

    start = time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        child = subprocess.Popen([python, "-c", CHILD, str(cap), str(root), *args],
                                 stdout=out, stderr=err)
        timer = threading.Timer(timeout, child.kill)
        timer.start()
        _, status, usage = os.wait4(child.pid, 0)  # its own peak, even when killed
        timer.cancel()
        child.returncode = code = os.waitstatus_to_exitcode(status)
        wall = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        lines = out.read().decode(errors="replace").strip().splitlines()
        tail = err.read().decode(errors="replace").strip().splitlines()[-1:] or [""]
    peak = usage.ru_maxrss / 1024  # at least the benchmark's own: see above
    if code == 0 and lines:
        figures: dict[str, object] = json.loads(lines[-1])
        return figures
    if code == -9 and wall >= timeout:
        what = f"over {timeout:.0f} s"
    elif code < 0:
        what = f"signal {-code}"
    else:
        what = f"exit {code}"
    return {"exit": what, "seconds": wall, "message": tail[0][:100], "peak_mib": peak,
            "exception": None, "killed": True}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--roots", nargs="+", type=Path, default=[ROOT],
                        help="checkouts to measure (old and new in one run)")
    parser.add_argument("--only", nargs="*", help="file names to measure (default: all)")
    parser.add_argument("--cap", type=int, default=6 << 30, help="address space cap (bytes)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per run")
    parser.add_argument("--new", action="store_true", help="also time `dipxl new` at and past "
                        "its limit")
    options = parser.parse_args()
    roots = [r.resolve() for r in options.roots]
    print(f"{'file':32} {'MB':>7}  " + "  ".join(
        f"{r.name[:12]:>12} {'s':>6} {'MiB':>6}" for r in roots) + "  (exit: message)")
    worst: dict[Path, tuple[float, float]] = {r: (0.0, 0.0) for r in roots}
    with tempfile.TemporaryDirectory() as scratch:
        for name, make in FILES.items():
            if options.only and name not in options.only:
                continue
            path = Path(scratch) / name
            make(path)
            cells = []
            notes = []
            for root in roots:
                got = run(root, ["score", str(path), "--system", "cdiplo", "--format", "json"],
                          options.cap, options.timeout)
                seconds, peak = float(got["seconds"]), float(got["peak_mib"])  # type: ignore[arg-type]
                at_least = ">=" if got.get("killed") else ""
                cells.append(f"{str(got['exit'])[:12]:>12} {seconds:>6.2f} "
                             f"{at_least + format(peak, '.0f'):>6}")
                notes.append(str(got["exception"] or got["message"])[:70])
                if not name.startswith(("good", "largest")):
                    worst[root] = (max(worst[root][0], seconds), max(worst[root][1], peak))
            print(f"{name:32} {path.stat().st_size / 1e6:>7.1f}  " + "  ".join(cells), flush=True)
            for root, note in zip(roots, notes, strict=True):
                print(f"    {root.name}: {note}")
            path.unlink()
        if options.new:
            _time_new(roots, Path(scratch), options)
    for root, (seconds, peak) in worst.items():
        print(f"worst hostile file, {root.name}: {seconds:.2f} s, {peak:.0f} MiB "
              "(each the worst of its column)")


def _time_new(roots: list[Path], scratch: Path, options: argparse.Namespace) -> None:
    from dipxl.io.limits import NEW_SEATS

    boards = NEW_SEATS // 70
    for args in (["-b", str(boards), "-r", "10"], ["-n", "14000", "-r", "16"]):
        for root in roots:
            out = scratch / f"new-{root.name}.xlsx"
            got = run(root, ["new", str(out), "-s", "cdiplo", *args], options.cap,
                      options.timeout)
            print(f"new {' '.join(args):20} {root.name:>12} exit {got['exit']} "
                  f"{float(got['seconds']):.1f} s {float(got['peak_mib']):.0f} MiB "  # type: ignore[arg-type]
                  f"{str(got['message'])[:80]}", flush=True)
            out.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
