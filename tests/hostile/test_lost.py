"""Nothing is lost: inputs are byte-identical after every command (whether it
succeeds or fails), outputs are written whole or not at all, an existing
output is replaced only with ``--force``, and two ``dipxl score`` processes
writing into one folder at once leave only whole files and no temporary ones.
"""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from dipxl.cli import cli
from dipxl.errors import DipxlError
from dipxl.examples import htm_example, worked_games_event
from dipxl.io.files import atomic_write, atomic_write_text
from dipxl.io.owned import RECORD
from dipxl.workbook.demo import write_results_workbook
from tests.hostile.files import zip_bomb
from tests.workbooks import fake_encrypted, sha256

DIPXL = [sys.executable, "-m", "dipxl.cli"]


def _inputs(folder: Path) -> list[Path]:
    """Good and bad inputs of every kind: workbooks, CSV files, a bomb."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for i in range(6):
        event = htm_example() if i % 2 else worked_games_event()
        paths.append(write_results_workbook(folder / f"event{i}.xlsx", event,
                                            "htm" if i % 2 else "cdiplo"))
    csv_text = "round,board,power,player,centres\n" + "".join(
        f"1,1,{p},P{i},{c}\n" for i, (p, c) in enumerate(
            zip("AEFGIRT", (17, 5, 4, 3, 3, 2, 0), strict=True))
    )
    (folder / "club.csv").write_text(csv_text, encoding="utf-8")
    (folder / "broken.csv").write_text(csv_text.replace("17", "35"), encoding="utf-8")
    fake_encrypted(folder / "locked.xlsx")
    (folder / "bomb.xlsx").write_bytes(zip_bomb(1 << 30))
    paths += [folder / n for n in ("club.csv", "broken.csv", "locked.xlsx", "bomb.xlsx")]
    return paths


def _invoke(args: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(cli, args)
    assert result.exit_code in (0, 1, 2), (args, result.output, result.exception)
    return result.exit_code, result.output


@pytest.mark.parametrize("fmt", ["xlsx", "csv", "json", "table"])
@pytest.mark.parametrize("force", [False, True])
def test_inputs_are_byte_identical_after_every_score(tmp_path: Path, fmt: str,
                                                     force: bool) -> None:
    paths = _inputs(tmp_path / "in")
    before = sha256(paths)
    stat_before = {p: p.stat().st_mtime_ns for p in paths}
    args = ["score", str(tmp_path / "in"), "--system", "cdiplo", "--format", fmt]
    if fmt != "table":
        args += ["--out", str(tmp_path / "out")]
    for _ in range(2):  # the second run meets the first run's outputs
        code, _output = _invoke(args + (["--force"] if force else []))
        assert code == 1  # the broken inputs fail, the others score
    assert sha256(paths) == before
    assert {p: p.stat().st_mtime_ns for p in paths} == stat_before
    if fmt != "table":
        # In place (no --out) too: outputs land beside inputs, inputs untouched.
        _invoke(["score", str(tmp_path / "in"), "--system", "cdiplo", "--format", fmt])
        assert sha256(paths) == before


def test_new_and_demo_leave_their_inputs_and_existing_files_alone(tmp_path: Path) -> None:
    names = tmp_path / "names.txt"
    names.write_text("=SUM(1)\nAlice\nBruno\n", encoding="utf-8")
    target = tmp_path / "cup.xlsx"
    target.write_bytes(b"the TD's own workbook")
    before = sha256([names, target])
    code, output = _invoke(["new", str(target), "-s", "cdiplo", "--players-file", str(names)])
    assert code == 1 and "already exists" in output
    assert sha256([names, target]) == before
    code, _ = _invoke(["new", str(target), "-s", "cdiplo", "--players-file", str(names),
                       "--force"])
    assert code == 0 and sha256([names]) == {names: before[names]}
    assert target.read_bytes()[:2] == b"PK"

    demo = tmp_path / "demo"
    demo.mkdir()
    mine = demo / "htm-example.xlsx"
    mine.write_bytes(b"not dipxl's")
    code, output = _invoke(["demo", str(demo)])
    assert code == 2 and "already exists" in output
    assert mine.read_bytes() == b"not dipxl's"
    assert [p.name for p in demo.iterdir()] == ["htm-example.xlsx"]


def test_an_existing_output_is_replaced_only_with_force(tmp_path: Path) -> None:
    paths = _inputs(tmp_path / "in")
    out = tmp_path / "out"
    _invoke(["score", str(paths[0]), "--out", str(out)])
    output = out / "event0-scored.xlsx"
    output.write_bytes(b"edited by the TD")
    code, text = _invoke(["score", str(paths[0]), "--out", str(out)])
    assert code == 1 and "already exists (use --force to replace it)" in text
    assert output.read_bytes() == b"edited by the TD"
    code, _ = _invoke(["score", str(paths[0]), "--out", str(out), "--force"])
    assert code == 0 and output.read_bytes()[:2] == b"PK"


def _no_temp_files(folder: Path) -> None:
    left = [p.name for p in folder.rglob("*") if p.name.endswith(".tmp")]
    assert left == [], left


def test_a_failing_write_leaves_nothing_and_keeps_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "out.xlsx"

    def crash(path: Path) -> None:
        path.write_bytes(b"half a fi")
        raise OSError("disk full")

    with pytest.raises(OSError):
        atomic_write(target, crash)
    assert not target.exists()
    target.write_bytes(b"old")
    with pytest.raises(OSError):
        atomic_write(target, crash, force=True)
    assert target.read_bytes() == b"old"
    with pytest.raises(DipxlError):
        atomic_write_text(target, "new")
    assert target.read_bytes() == b"old"
    _no_temp_files(tmp_path)


def test_outputs_get_the_usual_permissions(tmp_path: Path) -> None:
    # A temporary file is private (0600); the output it becomes must not be.
    plain = tmp_path / "plain.txt"
    plain.write_text("x")
    made = atomic_write_text(tmp_path / "made.txt", "x")
    assert stat.S_IMODE(made.stat().st_mode) == stat.S_IMODE(plain.stat().st_mode)


def _reference(tmp_path: Path, inputs: Path, args: list[str]) -> dict[str, bytes]:
    ref = tmp_path / "reference"
    subprocess.run([*DIPXL, "score", str(inputs), "--out", str(ref), *args],
                   capture_output=True, check=False, timeout=300)
    return {p.name: p.read_bytes() for p in ref.iterdir() if p.name != RECORD}


@pytest.mark.parametrize("force", [False, True])
def test_two_runs_into_one_folder_leave_only_whole_files(tmp_path: Path, force: bool) -> None:
    inputs = tmp_path / "in"
    paths = _inputs(inputs)
    # Bigger events make the writes overlap.
    for i in range(6, 14):
        write_results_workbook(inputs / f"event{i}.xlsx", htm_example(), "htm")
    args = ["--system", "htm", "--format", "xlsx"] + (["--force"] if force else [])
    want = _reference(tmp_path, inputs, args)
    assert len(want) == 15  # every input but the three broken ones
    out = tmp_path / "out"
    before = sha256(paths)
    runs = [subprocess.Popen([*DIPXL, "score", str(inputs), "--out", str(out), *args],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for _ in range(2)]
    results = [(p.wait(timeout=300), p.stdout.read(), p.stderr.read())  # type: ignore[union-attr]
               for p in runs]
    for code, _stdout, stderr in results:
        assert code == 1, stderr  # the broken inputs
        assert "Traceback" not in stderr
        for line in stderr.splitlines():
            if line.startswith("error:"):
                assert any(s in line for s in ("broken.csv", "locked.xlsx", "bomb.xlsx",
                                               "already exists")), line
    got = {p.name: p.read_bytes() for p in out.iterdir() if p.name != RECORD}
    assert got == want  # every output whole (bytes of a lone run), nothing else
    _no_temp_files(out)
    assert sha256(paths) == before
    if not force:
        # Each output written by one run, then replaced by the other (dipxl's
        # own unchanged output), never refused as "already exists".
        written = sum(e.count("-scored.xlsx ") for _, e, _ in results)
        refused = sum(e.count("already exists") for _, _, e in results)
        # Since issue 24 the runs take turns to publish: none is refused.
        assert written == 30 and refused == 0, (written, refused)


def test_a_run_killed_anywhere_leaves_whole_outputs_or_none(tmp_path: Path) -> None:
    inputs = tmp_path / "in"
    inputs.mkdir()
    for i in range(12):
        write_results_workbook(inputs / f"event{i}.xlsx", htm_example(), "htm")
    want = _reference(tmp_path, inputs, ["--system", "htm"])
    for delay in (0.3, 0.6, 0.9, 1.2):
        out = tmp_path / f"out{delay}"
        proc = subprocess.Popen([*DIPXL, "score", str(inputs), "--out", str(out),
                                 "--system", "htm"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        if out.exists():
            for p in out.iterdir():
                if p.name == ".dipxl-outputs":  # the record of dipxl's own outputs
                    continue
                if p.name.startswith("."):
                    assert p.name.endswith(".tmp")  # an orphan temp file, hidden
                    continue
                assert p.read_bytes() == want[p.name], p.name
