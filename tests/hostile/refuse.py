"""Time and peak memory of refusing each hostile file, each in a fresh
process: ``python -m tests.hostile.refuse`` prints a table (the numbers of
the README's "Untrusted input" section); the tests use :func:`measure`.

In the child, the clock starts after ``import dipxl`` and stops when
``dipxl score FILE --system cdiplo`` (click's runner, the real command)
returns; peak memory is the child's maximum resident set size, start-up
included (``VmHWM`` of ``/proc/self/status`` where there is one).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from dipxl.io.limits import MAX_LINE, MAX_ROWS, MAX_SHARED_STRINGS
from tests.hostile import files
from tests.workbooks import fake_encrypted

_CHILD = r"""
import json, resource, sys, time
from click.testing import CliRunner
from dipxl.cli import cli
start = time.perf_counter()
result = CliRunner().invoke(cli, ["score", sys.argv[1], "--system", "cdiplo", "--format", "json"])
seconds = time.perf_counter() - start
try:  # this process's own high-water mark (ru_maxrss also counts the parent's at fork)
    status = open("/proc/self/status").read()
    peak = int(status.split("VmHWM:")[1].split()[0]) / 1024
except (OSError, IndexError):
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"exit": result.exit_code, "output": result.output,
                  "exception": repr(result.exception) if result.exit_code not in (0, 1) else None,
                  "seconds": seconds, "peak_mib": peak}))
"""


def _really_encrypted(path: Path) -> None:
    """A workbook encrypted by msoffcrypto-tool (Excel's agile encryption);
    without that test dependency, the minimal OLE file Excel would write."""
    try:
        from msoffcrypto.format.ooxml import OOXMLFile
    except ImportError:
        fake_encrypted(path)
        return
    import io

    with path.open("wb") as out:
        OOXMLFile(io.BytesIO(files.good_workbook_bytes())).encrypt("secret", out)


def _entity_bomb_in(part: str) -> Callable[[Path], object]:
    return lambda p: p.write_bytes(files.entity_bomb(part))


def _truncated(path: Path) -> None:
    data = files.good_workbook_bytes()
    path.write_bytes(data[: len(data) * 2 // 3])


# name -> (how to write it, words the refusal must contain)
HOSTILE: dict[str, tuple[Callable[[Path], object], str]] = {
    "zip-bomb-honest.xlsx": (lambda p: p.write_bytes(files.zip_bomb()), "zip bomb"),
    "zip-bomb-200MiB.xlsx": (lambda p: p.write_bytes(files.zip_bomb(200 << 20)), "zip bomb"),
    "zip-bomb-lying.xlsx": (lambda p: p.write_bytes(files.zip_bomb(honest=False)),
                            "headers understate its size"),
    **{
        f"entity-bomb-{part.replace('/', '_').replace('[', '').replace(']', '')}.xlsx": (
            _entity_bomb_in(part),
            "entity bomb",
        )
        for part in files.BOMB_PARTS
    },
    "many-parts.xlsx": (lambda p: p.write_bytes(files.many_parts(100_000)), "parts"),
    "aes-member.xlsx": (lambda p: p.write_bytes(files.odd_member(99)), "damaged"),
    "encrypted-member.xlsx": (lambda p: p.write_bytes(files.odd_member(8, flags=1)), "damaged"),
    "external-entity.xlsx": (lambda p: p.write_bytes(files.entity_bomb(external=True)),
                             "external entity"),
    "encrypted.xlsx": (_really_encrypted, "password-protected"),
    "encrypted-minimal.xlsx": (fake_encrypted, "password-protected"),
    "old-excel.xlsx": (lambda p: fake_encrypted(p, encrypted=False), "Excel 97-2003 (.xls)"),
    "opendocument.xlsx": (lambda p: p.write_bytes(files.ods_file()), "OpenDocument"),
    "csv-renamed.xlsx": (lambda p: p.write_text("round,board,power,player,centres\n1,1,A,x,3\n"),
                         "text file (a CSV?)"),
    "truncated.xlsx": (_truncated, "damaged or truncated"),
    # Readers starved or steered (issue 19 item 3), each just past its limit.
    "stray-cell.xlsx": (lambda p: p.write_bytes(files.stray_cell()),
                        f"more rows than dipxl reads ({MAX_ROWS:,})"),
    "stray-column.xlsx": (lambda p: p.write_bytes(files.stray_cell("XFD1000")),
                          "used range A1:XFD1000 holds 16,384,000 cells"),
    "steered-target.xlsx": (lambda p: p.write_bytes(files.steered()),
                            "two parts are named xl/worksheets/sheet1.xml"),
    "shared-strings.xlsx": (lambda p: p.write_bytes(files.shared_strings(MAX_SHARED_STRINGS + 1)),
                            "shared strings table (xl/sharedStrings.xml) holds 1,000,001 entries"),
    "many-rows.xlsx": (lambda p: p.write_bytes(files.many_rows(MAX_ROWS + 1, cells=False)),
                       "more rows than dipxl reads"),
    "array-formula.xlsx": (lambda p: p.write_bytes(files.array_formula()),
                           "(and 293 more input cells)"),
    "wide-header.csv": (lambda p: p.write_bytes(files.csv_wide_header(MAX_LINE)),
                        "line 1: the line is 2,097,185 characters long"),
    "many-lines.csv": (lambda p: p.write_bytes(files.csv_rows(MAX_ROWS + 1)),
                       f"the file has {MAX_ROWS + 2:,} lines, more than dipxl reads"),
}


@dataclass
class Refusal:
    name: str
    size: int
    exit: int
    message: str
    seconds: float
    peak_mib: float
    exception: str | None


def measure(path: Path, timeout: float = 60.0) -> Refusal:
    """Run ``dipxl score`` on ``path`` in a fresh interpreter (address space
    capped at 4 GiB so a regression fails instead of swapping)."""
    code = "import resource; resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))\n" + _CHILD
    out = subprocess.run(
        [sys.executable, "-c", code, str(path)],
        capture_output=True, text=True, timeout=timeout, check=False,
    )
    if out.returncode != 0:
        raise AssertionError(
            f"{path.name}: the child failed ({out.returncode}): {out.stderr[-800:]}"
        )
    data = json.loads(out.stdout.strip().splitlines()[-1])
    return Refusal(path.name, path.stat().st_size, data["exit"], data["output"].strip(),
                   data["seconds"], data["peak_mib"], data["exception"])


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        print(f"{'file':42} {'bytes':>9} {'exit':>4} {'seconds':>8} {'peak MiB':>8}  message")
        for name, (make, _) in HOSTILE.items():
            path = Path(scratch) / name
            make(path)
            r = measure(path)
            print(f"{r.name:42} {r.size:>9,} {r.exit:>4} {r.seconds:>8.3f} {r.peak_mib:>8.0f}  "
                  f"{r.message[:110]}")


if __name__ == "__main__":
    main()
