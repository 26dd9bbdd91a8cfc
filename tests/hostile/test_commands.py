"""Hostile arguments to the commands themselves: ``dipxl new`` with a
players file or title holding control characters, other encodings or
oversized names; ``dipxl score`` of a device, a pipe or a huge file.  Each
is an error naming the file (and line), in well under a second, with
nothing written; never a traceback or a hang."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from dipxl.cli import cli
from dipxl.errors import DipxlError
from dipxl.io.files import MAX_INPUT, read_input


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"Alice\nBo\x01b\n", "line 2: player name holds a control character: \"Bo\\x01b\""),
        (b"Alice\n\x1b[2Jclear\n", "line 2: player name holds a control character"),
        ("Alice\nAnn\u202egro\n".encode(), "control character"),
        ("Alice\nJosé\n".encode("cp1252"), "not UTF-8 text (byte 9)"),
        ("Alice\nJosé\n".encode("utf-16"), "not UTF-8 text (byte 0)"),
        (b"x" * 40_000, "line 1: player name is 40,000 characters long"),
    ],
    ids=["control", "escape", "bidi", "cp1252", "utf-16", "long"],
)
def test_new_refuses_a_bad_players_file(tmp_path: Path, content: bytes, says: str) -> None:
    names = tmp_path / "names.txt"
    names.write_bytes(content)
    result = CliRunner().invoke(cli, ["new", str(tmp_path / "cup.xlsx"), "-s", "cdiplo",
                                      "--players-file", str(names)])
    assert result.exit_code == 1, (result.output, result.exception)
    assert result.stderr.startswith(f"error: {names}: "), result.stderr
    assert says in result.stderr
    assert not (tmp_path / "cup.xlsx").exists()


@pytest.mark.parametrize("title", ["bad\x01title", "\x1b]0;pwned\x07", "t" * 40_000])
def test_new_refuses_a_bad_title(tmp_path: Path, title: str) -> None:
    result = CliRunner().invoke(cli, ["new", str(tmp_path / "cup.xlsx"), "-s", "cdiplo",
                                      "--title", title])
    assert result.exit_code == 1, (result.output, result.exception)
    assert result.stderr.startswith("error: --title: title "), result.stderr
    assert not (tmp_path / "cup.xlsx").exists()


def test_new_folds_white_space_in_names_and_title(tmp_path: Path) -> None:
    import openpyxl

    names = tmp_path / "names.txt"
    names.write_text("\ufeff  Ann  Lee \n\n\t=1+1\r\nBob\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["new", str(tmp_path / "cup.xlsx"), "-s", "cdiplo",
                                      "--players-file", str(names), "--title", " Spring\tCup "])
    assert result.exit_code == 0, result.output
    wb = openpyxl.load_workbook(tmp_path / "cup.xlsx")
    players = [r[1] for r in wb["Players"].iter_rows(min_row=2, values_only=True) if r[1]]
    assert players[:3] == ["Ann Lee", "=1+1", "Bob"]
    assert wb["Settings"]["B2"].value == "Spring Cup"


def test_the_writer_api_refuses_control_characters_with_a_dipxl_error(tmp_path: Path) -> None:
    from dipxl.workbook.writer import write_workbook

    with pytest.raises(DipxlError):
        write_workbook(tmp_path / "cup.xlsx", "cdiplo", title="bad\x01title")


def _score(path: str, timeout: float = 20.0) -> tuple[int, str, float]:
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "dipxl.cli", "score", path, "--system",
                          "cdiplo"], capture_output=True, text=True, timeout=timeout, check=False)
    return out.returncode, out.stderr, time.perf_counter() - start


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_score_refuses_a_device_at_once() -> None:
    code, stderr, seconds = _score("/dev/zero")
    assert code == 1 and "error: /dev/zero: not a regular file" in stderr, stderr
    assert seconds < 10  # the interpreter's start-up; reading /dev/zero would never end


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_score_refuses_a_pipe_without_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "results.csv"
    os.mkfifo(fifo)
    code, stderr, _ = _score(str(fifo))  # opening a pipe for reading would wait forever
    assert code == 1 and "not a regular file" in stderr, stderr


@pytest.mark.parametrize("name", ["huge.xlsx", "huge.csv"])
def test_score_refuses_a_huge_file_unread(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    with path.open("wb") as fh:  # sparse: no disk used, no time spent
        fh.truncate(MAX_INPUT + 1)
    result = CliRunner().invoke(cli, ["score", str(path), "--system", "cdiplo"])
    assert result.exit_code == 1
    assert f"error: {path}: the file is {MAX_INPUT + 1:,} bytes, more than dipxl reads" in \
        result.stderr, result.stderr


@pytest.mark.parametrize(("limit", "refused"), [(50, "more than dipxl reads"),
                                               (200, "changed while dipxl read it")])
def test_a_file_that_grows_while_read_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, limit: int, refused: bool
) -> None:
    # The file has 100 bytes but its size said 10 when it was opened.
    path = tmp_path / "growing.csv"
    path.write_bytes(b"x" * 100)
    real_fstat = os.fstat

    def stale(fd: int) -> os.stat_result:
        info = list(real_fstat(fd))
        info[stat.ST_SIZE] = 10
        return os.stat_result(info)

    monkeypatch.setattr(os, "fstat", stale)
    with pytest.raises(DipxlError, match=refused):  # never half old, half new
        read_input(path, "growing.csv", limit)
