"""How far each formula judge agrees with the engine, per system.

    python benchmarks/judges.py                      # every judge that can run here
    python benchmarks/judges.py --judge gnumeric     # the fourth judge, outside the suite

Writes the workbooks of the recalculation suite
(``tests/workbook/test_workbook_recalc.py``: every system and preset, ties,
solos, eliminations, explicit draws, unfinished boards, a player on two
boards of a round, awkward names, edited Settings, and the four templates),
has each judge recalculate them (the files exactly as written) and runs the
suite's own comparisons on the result, counting instead of stopping at the
first difference.  Prints, per judge and per system, the compared values
that agree with the engine out of all compared (a workbook holding any
error cell counts one failed value more), and the first differences.

LibreOffice, formualizer and IronCalc are held to 100% by the test suite;
Gnumeric (``ssconvert --recalc``, Debian's ``gnumeric``) is measured here
only.  Exit status 0 whatever the figure: this is a measurement.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "workbook")]

from engines import JUDGES, available  # noqa: E402  (tests/ put on the path above)
from test_workbook_recalc import (  # noqa: E402
    CASES,
    COMPARISONS,
    TEMPLATES,
    Checks,
    compare_template,
    generate,
    judged,
)

from dipxl.systems import get_system  # noqa: E402


def measure(judge: str, sources: list[Path], scratch: Path, show: int) -> None:
    books = judged(judge, sources, scratch / judge)
    per_system: dict[str, Checks] = defaultdict(Checks)
    for case in CASES:
        check = per_system[get_system(case.system).module]
        for compare in COMPARISONS:
            compare(case, books[case.id], check)
    for system in TEMPLATES:
        compare_template(books[f"template {system}"], per_system[system])
    total_ok = total = 0
    for system, check in sorted(per_system.items()):
        n = check.passed + len(check.failed)
        total_ok, total = total_ok + check.passed, total + n
        print(f"  {system:<10} {check.passed:>6} / {n:<6} {100 * check.passed / n:6.2f}%")
        for detail in check.failed[:show]:
            print(f"      differs: {detail}"[:220])
    print(f"  {'all':<10} {total_ok:>6} / {total:<6} {100 * total_ok / total:6.2f}%")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--judge", choices=JUDGES, action="append")
    parser.add_argument("--show", type=int, default=3, help="differences shown per system")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="dipxl-judges-") as tmp:
        scratch = Path(tmp)
        (scratch / "generated").mkdir()
        sources = generate(scratch / "generated")
        for judge in args.judge or JUDGES:
            missing = available(judge)
            print(f"{judge}: {missing or 'agreement with the engine (values agreeing / compared)'}")
            if not missing:
                measure(judge, sources, scratch, args.show)


if __name__ == "__main__":
    main()
