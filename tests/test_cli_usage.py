"""Usage errors: exit status 2 and a message naming the option, on a real
``dipxl`` process.

Issue 16: ``dipxl new x.csv`` wrote an xlsx file named x.csv; ``-p
best_rounds=5 -r 3`` was accepted; ``--after-round 5`` on a 2-round event
exited 0 with "after round 5"; an unknown parameter was 2 with a CSV but 1
with ``dipxl new``.  The README promises 2 for every usage error.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from dipxl.examples import htm_example
from dipxl.systems import SYSTEMS, System
from dipxl.systems.base import list_text
from tests.test_cli_csv import event_csv
from tests.test_cli_terminal import dipxl
from tests.workbooks import results_workbook


def usage(result: subprocess.CompletedProcess[str], *words: str) -> None:
    """Exit status 2, no traceback, and the message names ``words``."""
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert "Traceback" not in result.stderr
    for word in words:
        assert word in result.stderr, (word, result.stderr)


@pytest.mark.parametrize("name", ["x.csv", "x.ods", "x.xls", "x.xlsm", "x"])
def test_new_refuses_a_name_that_is_not_xlsx(tmp_path: Path, name: str) -> None:
    result = dipxl("new", name, "-s", "cdiplo", cwd=tmp_path)
    usage(result, name, "x.xlsx")
    assert list(tmp_path.iterdir()) == []  # nothing written under the wrong name


def test_new_writes_an_xlsx_named_in_capitals(tmp_path: Path) -> None:
    assert dipxl("new", "CUP.XLSX", "-s", "cdiplo", cwd=tmp_path).returncode == 0
    assert (tmp_path / "CUP.XLSX").read_bytes()[:2] == b"PK"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("-p", "foo=1"), ("-p", "foo")),  # was exit 1
        (("-s", "htm", "-p", "best_rounds=2"), ("-p", "best_rounds")),  # HTM has none
        (("-p", "best_rounds=5", "-r", "3"), ("best_rounds=5", "--rounds 3")),
        (("-p", "best_rounds=4"), ("best_rounds=4", "default of --rounds")),
        (("-n", "10", "-b", "2"), ("--boards 2", "--players")),
    ],
)
def test_new_usage_errors_name_the_option(
    tmp_path: Path, args: tuple[str, ...], words: tuple[str, ...]
) -> None:
    system = () if "-s" in args else ("-s", "cdiplo")
    result = dipxl("new", "cup.xlsx", *system, *args, cwd=tmp_path)
    usage(result, *words)
    assert not (tmp_path / "cup.xlsx").exists()


def test_new_accepts_best_rounds_up_to_the_rounds(tmp_path: Path) -> None:
    result = dipxl("new", "cup.xlsx", "-s", "cdiplo", "-p", "best_rounds=5", "-r", "5",
                   cwd=tmp_path)
    assert result.returncode == 0, result.stderr


def test_an_unknown_parameter_is_usage_with_a_csv_and_with_a_workbook(tmp_path: Path) -> None:
    (tmp_path / "cup.csv").write_text(event_csv(), encoding="utf-8")
    usage(dipxl("score", "cup.csv", "-s", "cdiplo", "-p", "foo=1", cwd=tmp_path), "foo")
    book = results_workbook(tmp_path / "book.xlsx", htm_example(), "htm")
    usage(dipxl("score", book, "-p", "foo=1", "--format", "json", cwd=tmp_path), "foo")
    usage(dipxl("score", book, "-p", "divisor=x", "--format", "json", cwd=tmp_path), "divisor")
    usage(dipxl("score", book, "-s", "nosuch", cwd=tmp_path), "nosuch")


def test_after_round_past_the_last_round_is_usage(tmp_path: Path) -> None:
    usage(dipxl("example", "htm", "--after-round", "5", cwd=tmp_path),
          "--after-round 5", "rounds 1-2")
    (tmp_path / "cup.csv").write_text(event_csv(), encoding="utf-8")  # three rounds
    usage(dipxl("score", "cup.csv", "-s", "cdiplo", "--after-round", "4", cwd=tmp_path),
          "--after-round 4", "rounds 1-3")
    book = results_workbook(tmp_path / "book.xlsx", htm_example(), "htm")
    result = dipxl("score", book, "--after-round", "3", "--format", "json", cwd=tmp_path)
    usage(result, "--after-round 3", "rounds 1-2")
    assert not list(tmp_path.glob("*-scored*"))


def test_after_round_within_the_event_scores(tmp_path: Path) -> None:
    result = dipxl("example", "htm", "--after-round", "1", "--format", "json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert '"after_round": 1' in result.stdout


def test_a_list_parameter_says_how_it_is_written(tmp_path: Path) -> None:
    """`-p "positions=40 10 5"` said "must be a number"; nothing showed the form."""
    (tmp_path / "cup.csv").write_text(event_csv(), encoding="utf-8")
    result = dipxl("score", "cup.csv", "-s", "cdiplo", "-p", "positions=40 10 5", cwd=tmp_path)
    usage(result, "positions is a list of numbers separated by commas",
          "positions=38,14,7", "'40 10 5'")
    good = dipxl("score", "cup.csv", "-s", "cdiplo", "-p", "positions=40,10,5",
                 "--format", "json", cwd=tmp_path)
    assert good.returncode == 0 and '"positions": [\n      40,\n      10,\n      5' in good.stdout
    for command in ("score", "new"):
        helped = dipxl(command, "--help", cwd=tmp_path).stdout
        assert "-p positions=38,14,7" in " ".join(helped.split()), command


@pytest.mark.parametrize("system", [s for s in SYSTEMS
                                    if any(isinstance(v, tuple) for _, v in s.parameters())],
                         ids=lambda s: s.id)
def test_systems_shows_list_parameters_as_they_are_written(tmp_path: Path, system: System) -> None:
    shown = " ".join(dipxl("systems", cwd=tmp_path).stdout.split())
    for name, value in system.parameters():
        if isinstance(value, tuple):
            written = f"{name}={list_text(value)}"
            assert written in shown and f"-p {written}" in shown
            assert system.make_params({name: list_text(value)}) == system.params  # round trip
