"""The command line's one error boundary, tried on real failures.

Each test runs a real ``dipxl`` process and makes the failure really
happen: a file-size limit (a full disk as the process sees it), ``/dev/full``,
a closed standard output, a pipe closed by its reader, a folder that cannot
be written (immutable: permission bits do not stop root), a memory limit,
Ctrl-C (SIGINT).  Every failure must end as one ``error:`` line naming the
file, never a traceback; a batch goes on and ends with its summary; the exit
status is 0 all scored, 1 any failure, 2 usage, 130 interrupted, 141 a
closed pipe outside a batch (quietly, as `yes | head -1`).
"""

from __future__ import annotations

import os
import resource
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.test_cli_csv import event_csv

DIPXL = [sys.executable, "-m", "dipxl.cli"]


def dipxl(
    *args: str | Path,
    stdout: int | None = subprocess.PIPE,
    preexec: Callable[[], None] | None = None,
    env: dict[str, str] | None = None,
    cwd: Path | None = None,
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*DIPXL, *map(str, args)],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=preexec,
        env={**os.environ, **(env or {})},
        cwd=cwd,
        timeout=120,
        check=False,
    )


def file_size_limit(size: int) -> Callable[[], None]:
    """A full disk as the process sees it: no file it writes grows past ``size``."""
    return lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))


def one_clear_error(stderr: str, *names: str) -> None:
    """No traceback; every ``error:`` line names one of ``names``."""
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, stderr
    errors = [line for line in stderr.splitlines() if line.startswith("error:")]
    assert errors, stderr
    for line in errors:
        assert any(name in line for name in names), line


def no_temp_files(folder: Path) -> None:
    assert not [p.name for p in folder.rglob("*.tmp")], list(folder.iterdir())


@pytest.fixture
def cup(tmp_path: Path) -> Path:
    path = tmp_path / "cup.csv"
    path.write_text(event_csv(), encoding="utf-8")
    return path


@pytest.fixture
def two_cups(cup: Path) -> list[Path]:
    second = cup.with_name("second.csv")
    shutil.copy(cup, second)
    return [cup, second]


# -- a full disk (a file-size limit) ------------------------------------------


def test_new_under_a_file_size_limit_is_one_line_naming_the_file(tmp_path: Path) -> None:
    target = tmp_path / "big.xlsx"
    result = dipxl("new", target, "-s", "cdiplo", "-n", "700",
                   preexec=file_size_limit(16 << 10))
    assert result.returncode == 1
    one_clear_error(result.stderr, "big.xlsx: cannot write the file: File too large")
    assert not target.exists()
    no_temp_files(tmp_path)


def test_demo_under_a_file_size_limit_names_the_file(tmp_path: Path) -> None:
    result = dipxl("demo", tmp_path / "demo", preexec=file_size_limit(16 << 10))
    assert result.returncode == 1
    one_clear_error(result.stderr, str(tmp_path / "demo"))
    no_temp_files(tmp_path)


def test_a_batch_whose_outputs_cannot_be_written_reports_each_and_its_summary(
    two_cups: list[Path],
) -> None:
    result = dipxl("score", *two_cups, "-s", "cdiplo", "--format", "xlsx",
                   preexec=file_size_limit(4 << 10))
    assert result.returncode == 1
    one_clear_error(result.stderr, "cup-scored.xlsx", "second-scored.xlsx")
    assert "second-scored.xlsx: cannot write the file" in result.stderr  # went on
    assert "2 file(s): 0 scored, 2 failed" in result.stderr
    no_temp_files(two_cups[0].parent)


@pytest.mark.parametrize("unbuffered", ["", "1"])
def test_json_to_stdout_on_a_full_disk_is_an_error_not_half_a_file(
    cup: Path, tmp_path: Path, unbuffered: str
) -> None:
    # Python's unbuffered stdout drops the rest of a short write: it once
    # left 65,536 bytes of JSON with exit 0.
    env = {"PYTHONUNBUFFERED": unbuffered} if unbuffered else {}
    with open(tmp_path / "s.json", "w") as out:
        result = dipxl("score", cup, "-s", "cdiplo", "--format", "json", stdout=out.fileno(),
                       preexec=file_size_limit(4 << 10), env=env)
    assert result.returncode == 1
    one_clear_error(result.stderr, "standard output")
    assert "File too large" in result.stderr


# -- standard output full, closed, or closed by its reader ---------------------


@pytest.fixture
def dev_full() -> Iterator[int]:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full on this system")
    fd = os.open("/dev/full", os.O_WRONLY)
    yield fd
    os.close(fd)


@pytest.mark.parametrize(
    "command",
    [
        ["score", "{cup}", "-s", "cdiplo", "--format", "json"],
        ["score", "{cup}", "-s", "cdiplo", "--format", "csv"],
        ["score", "{cup}", "-s", "cdiplo"],
        ["systems"],
        ["systems", "--format", "json"],
        ["example", "htm"],
        ["example", "worked", "--format", "json"],
    ],
)
def test_output_to_a_full_device_fails_with_one_line(
    cup: Path, dev_full: int, command: list[str]
) -> None:
    result = dipxl(*(part.format(cup=cup) for part in command), stdout=dev_full)
    assert result.returncode == 1
    one_clear_error(result.stderr, "standard output: No space left on device")


def test_a_batch_to_a_full_stdout_goes_on_and_ends_with_its_summary(
    two_cups: list[Path], dev_full: int
) -> None:
    result = dipxl("score", *two_cups, "-s", "cdiplo", stdout=dev_full)
    assert result.returncode == 1
    one_clear_error(result.stderr, "cup.csv: cannot print", "second.csv: cannot print")
    assert "second.csv: cannot print to standard output" in result.stderr
    assert "2 file(s): 0 scored, 2 failed" in result.stderr


@pytest.mark.parametrize(
    "command",
    [
        ["score", "{cup}", "-s", "cdiplo", "--format", "json"],
        ["score", "{cup}", "-s", "cdiplo"],
        ["systems"],
        ["example", "htm", "--format", "csv"],
    ],
)
def test_a_closed_stdout_is_an_error(cup: Path, command: list[str]) -> None:
    result = dipxl(*(part.format(cup=cup) for part in command), stdout=None,
                   preexec=lambda: os.close(1))
    assert result.returncode == 1
    one_clear_error(result.stderr, "standard output is closed")


def test_a_closed_stdout_does_not_stop_writing_files(two_cups: list[Path]) -> None:
    # The workbooks are the product: only the "scored" lines are lost, and said.
    result = dipxl("score", *two_cups, "-s", "cdiplo", "--format", "xlsx", stdout=None,
                   preexec=lambda: os.close(1))
    assert result.returncode == 1
    one_clear_error(result.stderr, "standard output is closed")
    for cup in two_cups:
        assert cup.with_name(f"{cup.stem}-scored.xlsx").stat().st_size > 0


def test_a_pipe_closed_by_its_reader_is_no_traceback_and_the_batch_goes_on(
    two_cups: list[Path],
) -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # `| head -1` gone before dipxl writes
    try:
        result = dipxl("score", *two_cups, "-s", "cdiplo", stdout=write_end)
    finally:
        os.close(write_end)
    assert result.returncode == 1
    one_clear_error(result.stderr, "broken pipe")
    assert "2 file(s): 0 scored, 2 failed" in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("systems",),
        ("systems", "--format", "json"),
        ("example", "htm"),
        ("example", "worked", "--format", "csv"),
        ("example", "worked", "--format", "json"),
        ("--help",),
        ("--version",),
        ("score", "--help"),
        ("new", "--help"),
    ],
)
def test_a_pipe_closed_by_its_reader_outside_a_batch_ends_quietly_with_141(
    args: tuple[str, ...],
) -> None:
    """`dipxl systems | head -1`: no word, and the status a shell reports
    for `yes | head -1` (128 + SIGPIPE), not a silent 1 that says "failed"."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before dipxl writes
    try:
        result = dipxl(*args, stdout=write_end)
    finally:
        os.close(write_end)
    assert result.returncode == 141, result.stderr
    assert result.stderr == ""


# -- folders that cannot be written, names too long -----------------------------


@pytest.fixture
def read_only_folder(tmp_path: Path) -> Iterator[Path]:
    """A folder no one may write to, root included (``chattr +i``); as
    another user, permission bits are enough."""
    folder = tmp_path / "locked"
    folder.mkdir()
    if os.geteuid() != 0:
        folder.chmod(0o555)
        yield folder
        folder.chmod(0o755)
        return
    if shutil.which("chattr") is None:
        pytest.skip("running as root without chattr: nothing makes a folder read-only")
    locked = subprocess.run(["chattr", "+i", str(folder)], capture_output=True, check=False)
    if locked.returncode != 0:
        pytest.skip(f"chattr +i refused here: {locked.stderr.decode(errors='replace')}")
    try:
        yield folder
    finally:
        subprocess.run(["chattr", "-i", str(folder)], check=True)


def test_new_into_a_read_only_folder_is_one_line(read_only_folder: Path) -> None:
    result = dipxl("new", read_only_folder / "cup.xlsx", "-s", "htm")
    assert result.returncode == 1
    one_clear_error(result.stderr, "cup.xlsx: cannot write the file")
    assert "choose a folder you may write to" in result.stderr


def test_score_into_a_read_only_folder_goes_on_with_the_next_file(
    two_cups: list[Path], read_only_folder: Path
) -> None:
    result = dipxl("score", *two_cups, "-s", "cdiplo", "--format", "json",
                   "--out", read_only_folder)
    assert result.returncode == 1
    one_clear_error(result.stderr, "cup-scored.json", "second-scored.json")
    assert "2 file(s): 0 scored, 2 failed" in result.stderr


def test_a_name_longer_than_the_system_allows_is_one_line(tmp_path: Path, cup: Path) -> None:
    long_name = "a" * 300 + ".xlsx"
    made = dipxl("new", tmp_path / long_name, "-s", "cdiplo")
    assert made.returncode == 1
    one_clear_error(made.stderr, "File name too long")
    scored = dipxl("score", tmp_path / long_name, "-s", "cdiplo")
    assert scored.returncode == 2  # no such input: usage
    assert "Traceback" not in scored.stderr and "File name too long" in scored.stderr
    out = tmp_path / ("b" * 300)
    written = dipxl("score", cup, "-s", "cdiplo", "--format", "json", "--out", out)
    assert written.returncode == 1
    one_clear_error(written.stderr, "File name too long")


# -- memory, Ctrl-C ----------------------------------------------------------


def big_event(path: Path, boards: int) -> Path:
    centres = (10, 8, 6, 4, 3, 2, 1)
    rows = ["round,board,power,player,centres,eliminated,draw"]
    for board in range(1, boards + 1):
        for seat, power in enumerate(("Aus", "Eng", "Fra", "Ger", "Ita", "Rus", "Tur")):
            rows.append(f"1,{board},{power},P{board}-{seat},{centres[seat]},,")
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def test_out_of_memory_fails_that_file_and_the_batch_goes_on(tmp_path: Path, cup: Path) -> None:
    big = big_event(tmp_path / "big.csv", 7_000)
    limit = 120 << 20  # enough to start and score a small event, not 49,000 seats

    def memory_limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    result = dipxl("score", big, cup, "-s", "cdiplo", "--format", "json", "--out",
                   tmp_path / "out", preexec=memory_limit)
    assert result.returncode == 1
    one_clear_error(result.stderr, "big.csv: out of memory")
    assert "2 file(s): 1 scored, 1 failed" in result.stderr
    assert (tmp_path / "out" / "cup-scored.json").exists()


def test_ctrl_c_while_saving_is_one_line_exit_130_and_no_temporary_file(
    tmp_path: Path,
) -> None:
    target = tmp_path / "large.xlsx"
    process = subprocess.Popen(
        [*DIPXL, "new", str(target), "-s", "cdiplo", "-n", "770", "-r", "7"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    deadline = time.monotonic() + 120
    while not list(tmp_path.glob(".*.tmp")):  # the save has begun
        assert process.poll() is None, "finished before it could be interrupted"
        assert time.monotonic() < deadline
        time.sleep(0.01)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=120)
    assert process.returncode == 130
    assert "Traceback" not in stderr and "Aborted" not in stderr, stderr
    assert [line for line in stderr.splitlines() if line.strip()] == [
        "error: interrupted; no output was left half-written"
    ]
    assert list(tmp_path.iterdir()) == []


# -- exit status --------------------------------------------------------------


def test_an_unknown_parameter_is_usage_wherever_the_system_came_from(
    tmp_path: Path, cup: Path
) -> None:
    book = tmp_path / "cup.xlsx"
    assert dipxl("new", book, "-s", "htm").returncode == 0
    from_option = dipxl("score", cup, "-s", "cdiplo", "-p", "bogus=1")
    from_settings = dipxl("score", book, "-p", "bogus=1")
    assert from_option.returncode == from_settings.returncode == 2
    assert "no parameter 'bogus'" in from_option.stderr
    one_clear_error(from_settings.stderr, "cup.xlsx: -p: htm has no parameter 'bogus'")
    bad_value = dipxl("score", book, "-p", "divisor=many")
    assert bad_value.returncode == 2, bad_value.stderr


def test_all_scored_is_exit_0(cup: Path) -> None:
    result = dipxl("score", cup, "-s", "cdiplo", "--format", "json")
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.startswith("{") and result.stdout.rstrip().endswith("}")


def test_a_failure_shows_control_characters_in_the_file_name(read_only_folder: Path) -> None:
    result = dipxl("new", read_only_folder / "cup\x1b[31m\nred.xlsx", "-s", "cdiplo")
    assert result.returncode == 1
    assert "\x1b" not in result.stderr
    one_clear_error(result.stderr, r"cup\x1b[31m\nred.xlsx: cannot write the file")
