"""A TD's files are never replaced unasked: an output that would land on an
input is refused with or without ``--force`` (inputs compared by identity:
another spelling, a hard or symbolic link is the same file); ``dipxl demo``
replaces nothing without ``--force``; re-scoring replaces dipxl's own
unchanged output without ``--force``, and nothing else.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from dipxl.cli import cli
from dipxl.examples import worked_games_event
from dipxl.workbook.demo import DEMOS, write_results_workbook
from tests.workbooks import sha256

DIPXL = [sys.executable, "-m", "dipxl.cli"]
CSV = "round,board,power,player,centres\n" + "".join(
    f"1,1,{p},P{i},{c}\n"
    for i, (p, c) in enumerate(zip("AEFGIRT", (17, 5, 4, 3, 3, 2, 0), strict=True))
)


def run(*args: object) -> Result:
    return CliRunner().invoke(cli, [str(a) for a in args])


def _events(folder: Path) -> tuple[Path, Path]:
    """spring.xlsx and a second input named like spring's output."""
    spring = write_results_workbook(folder / "spring.xlsx", worked_games_event(), "cdiplo")
    other = write_results_workbook(folder / "spring-scored.xlsx", worked_games_event(), "htm")
    return spring, other


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_an_output_that_is_another_input_is_refused(tmp_path: Path, force: list[str]) -> None:
    spring, other = _events(tmp_path)
    before = sha256([spring, other])
    result = run("score", spring, other, *force)
    assert result.exit_code == 1
    assert "is also an input of this run" in result.stderr
    assert sha256([spring, other]) == before


@pytest.mark.parametrize("force", [[], ["--force"]])
@pytest.mark.parametrize("how", ["named", "hard link", "symbolic link"])
def test_inputs_are_compared_by_identity_not_name(
    tmp_path: Path, force: list[str], how: str
) -> None:
    club, other = tmp_path / "club.csv", tmp_path / "other.csv"
    club.write_text(CSV)
    other.write_text(CSV.replace("P0", "Q0"))
    output = tmp_path / "club-scored.csv"  # what club.csv's output would replace
    inputs = [club]
    if how == "named":  # dipxl score club.csv club-scored.csv
        output.write_text(CSV.replace("P0", "Q0"))
        inputs.append(output)
    elif how == "hard link":  # dipxl score club.csv other.csv, one of them linked
        output.hardlink_to(other)
        inputs.append(other)
    else:
        output.symlink_to(club)
    before = sha256([*inputs, other])
    result = run("score", *inputs, "-s", "cdiplo", "--format", "csv", "--out", tmp_path,
                 *force)
    assert result.exit_code == 1
    assert "club-scored.csv: is also an input of this run" in result.stderr, result.stderr
    assert sha256([*inputs, other]) == before


def test_the_players_file_is_never_the_new_workbook(tmp_path: Path) -> None:
    # A players file named .xlsx (dipxl new writes .xlsx files only).
    names = tmp_path / "names.xlsx"
    names.write_text("Alice\nBruno\n", encoding="utf-8")
    alias = tmp_path / "alias.xlsx"
    alias.hardlink_to(names)
    for out in (names, alias, tmp_path / "." / "names.xlsx"):
        result = run("new", out, "-s", "cdiplo", "--players-file", names, "--force")
        assert result.exit_code == 2 and "is the players file" in result.stderr, result.stderr
        assert names.read_text(encoding="utf-8") == "Alice\nBruno\n"


def test_demo_replaces_nothing_without_force(tmp_path: Path) -> None:
    folder = tmp_path / "demo"
    folder.mkdir()
    mine = folder / DEMOS[0][0].replace(".xlsx", "-scored.xlsx")
    mine.write_bytes(b"the TD's own scored file")
    result = run("demo", folder)
    assert result.exit_code == 2 and "already exists" in result.stderr
    assert mine.read_bytes() == b"the TD's own scored file"
    assert sorted(p.name for p in folder.iterdir()) == [mine.name]
    assert run("demo", folder, "--force").exit_code == 0
    assert mine.read_bytes()[:2] == b"PK"


def test_printing_into_an_input_is_refused(tmp_path: Path) -> None:
    club = tmp_path / "club.csv"
    club.write_text(CSV)
    with open(club, "ab") as out:  # dipxl score club.csv ... >> club.csv
        done = subprocess.run([*DIPXL, "score", str(club), "-s", "cdiplo", "--format", "json"],
                              stdout=out, stderr=subprocess.PIPE, text=True, timeout=120,
                              check=False)
    assert done.returncode == 2 and "standard output goes into the input" in done.stderr
    assert club.read_text() == CSV


@pytest.mark.parametrize("fmt", ["xlsx", "csv", "json"])
def test_rescoring_replaces_dipxl_s_own_output_and_nothing_else(
    tmp_path: Path, fmt: str
) -> None:
    event = tmp_path / "cup.csv"
    event.write_text(CSV)
    out = tmp_path / "out"
    args = ["score", event, "-s", "cdiplo", "--format", fmt, "--out", out]
    assert run(*args).exit_code == 0
    output = out / f"cup-scored.{fmt}"
    first = output.read_bytes()
    # Round 2 is typed in: re-scoring needs no --force.
    event.write_text(CSV + CSV.split("\n", 1)[1].replace("1,1,", "2,1,"))
    again = run(*args)
    assert again.exit_code == 0, again.stderr
    assert output.read_bytes() != first
    # The TD edits the output (or saves another file under its name): now
    # only --force replaces it.
    output.write_bytes(output.read_bytes() + b"\n")
    edited = output.read_bytes()
    refused = run(*args)
    assert refused.exit_code == 1 and "already exists (use --force" in refused.stderr
    assert output.read_bytes() == edited
    assert run(*args, "--force").exit_code == 0
    assert output.read_bytes() != edited
