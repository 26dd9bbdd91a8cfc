"""SIGTERM and SIGHUP during a save (``timeout``, ``kill``, closing the
terminal) leave no temporary file: a real ``dipxl`` process gets the real
signal while its temporary file is being written, cleans up and exits with
128 + N.  A process killed outright (SIGKILL) cannot clean up: its
abandoned temporary file is removed by a later dipxl writing into that
folder once it is old, and only then.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dipxl.io.files import STALE_AFTER

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX signals")

DIPXL = [sys.executable, "-m", "dipxl.cli"]
# A workbook whose save lasts long enough to be caught in the middle.
BIG = ["-s", "cdiplo", "-n", "1400", "-r", "8"]


def _temps(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.startswith(".") and p.name.endswith(".tmp")]


def _signal_during_save(folder: Path, signum: int) -> tuple[int, str]:
    """Start ``dipxl new`` into ``folder``, send ``signum`` as soon as its
    temporary file exists, and return its exit status and standard error."""
    proc = subprocess.Popen([*DIPXL, "new", str(folder / "cup.xlsx"), *BIG],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        while not _temps(folder):
            assert proc.poll() is None, "the save ended before it could be interrupted"
            time.sleep(0.005)
        proc.send_signal(signum)
        _, stderr = proc.communicate(timeout=300)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return proc.returncode, stderr


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_during_a_save_leaves_no_temporary_file(tmp_path: Path, signum: int) -> None:
    code, stderr = _signal_during_save(tmp_path, signum)
    assert code == 128 + signum, stderr
    name = signal.Signals(signum).name
    assert stderr == f"error: terminated by {name}; no output was left half-written\n"
    assert list(tmp_path.iterdir()) == []  # neither a temporary file nor half a workbook


def test_an_abandoned_temporary_file_is_removed_once_old(tmp_path: Path) -> None:
    code, _ = _signal_during_save(tmp_path, signal.SIGKILL)
    assert code == -signal.SIGKILL
    [left] = _temps(tmp_path)  # killed outright: nothing could clean up
    out = tmp_path / "scores.csv"
    out.write_text("round,board,power,player,centres\n" + "".join(
        f"1,1,{p},P{i},{c}\n" for i, (p, c) in enumerate(zip("AEFGIRT", (17, 5, 4, 3, 3, 2, 0),
                                                             strict=True))))
    args = [*DIPXL, "score", str(out), "-s", "cdiplo", "--format", "json", "--out",
            str(tmp_path)]
    # A later run into the folder: a recent temporary file may still be
    # another dipxl's, being written, and is left alone ...
    subprocess.run(args, check=True, capture_output=True, timeout=120)
    assert left.exists()
    # ... one unchanged for longer than any save is abandoned and removed.
    then = time.time() - STALE_AFTER - 60
    os.utime(left, (then, then))
    os.unlink(tmp_path / "scores-scored.json")
    subprocess.run(args, check=True, capture_output=True, timeout=120)
    assert not left.exists()
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) == [
        "scores-scored.json", "scores.csv"]
