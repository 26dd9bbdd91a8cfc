"""``dipxl score`` on workbooks, folders and globs, and ``dipxl demo``:
outputs equal the engine's, broken files are reported with their cells and
the batch goes on, inputs stay byte-identical, exit statuses 0/1/2."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner, Result

from dipxl import batch
from dipxl.cli import cli
from dipxl.examples import htm_example, worked_games_event
from dipxl.io.owned import RECORD
from dipxl.standings import Standings, score_tournament
from dipxl.tables import display_decimals, standings_dict
from dipxl.workbook import scored
from dipxl.workbook.demo import DEMOS
from dipxl.workbook.reader import read_workbook
from tests.lo import recalculate, soffice_path
from tests.workbooks import (
    close,
    fake_encrypted,
    foreign_workbook,
    results_workbook,
    sha256,
    sheet_values,
    text_cell,
    without_counted,
)


def run(*args: str | Path) -> Result:
    """``dipxl ARGS``; for ``score``, every input file named or in a named
    folder must be byte-identical afterwards."""
    inputs: list[Path] = []
    for arg in args if args[0] == "score" else ():
        path = Path(arg)
        if path.is_dir():
            inputs.extend(p for p in path.rglob("*") if p.is_file())
        elif path.is_file():
            inputs.append(path)
    inputs = [p for p in inputs if not p.stem.endswith("-scored")]
    before = sha256(inputs)
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert sha256(inputs) == before
    return result


def listing(folder: Path) -> set[str]:
    """The files of ``folder`` but dipxl's record of its own outputs."""
    return {p.name for p in folder.iterdir() if p.name != RECORD}


def check_scored_workbook(path: Path, standings: Standings) -> None:
    """Every sheet of a scored workbook against the engine's standings."""
    names = list(standings.tiebreak_names)
    table = without_counted(sheet_values(path, "Standings"))
    assert table[0][:4] == ["Rank", "Player", "Score", "Games"]
    assert len(table) == len(standings.rows) + 1
    for got, row in zip(table[1:], standings.rows, strict=True):
        want = [row.rank, row.player, row.score, row.games, *(row.tiebreaks.get(n) for n in names)]
        assert close(got[: len(want)], want), (got, want)
    header, *games = sheet_values(path, "Games")
    assert header[:5] == ["Round", "Board", "Power", "Player", "Centres"]
    assert header[-1] == "Score"
    seats = [
        (sg.round, sg.board, seat.power.title, seat.player, seat.centres, sg.scores[i])
        for sg in standings.games
        for i, seat in enumerate(sg.game.seats)
    ]
    assert len(games) == len(seats)
    for got, want in zip(games, seats, strict=True):
        assert close([*got[:5], got[len(header) - 1]], list(want))
    best = sheet_values(path, "Best country")[1:]
    want_best = [
        [power.title, b.player, b.round, b.board, b.score, b.centres]
        for power, holders in standings.best_country.items()
        for b in holders
    ]
    assert len(best) == len(want_best)
    assert all(close(g, w) for g, w in zip(best, want_best, strict=True))
    powers = sheet_values(path, "Powers")[1:]
    for got, p in zip(powers, standings.powers, strict=True):
        assert close(got, [p.power.title, p.games, p.total_centres, p.mean_centres, p.solos,
                           p.eliminations, p.mean_score])
    assert len(sheet_values(path, "Warnings")) == len(standings.notices) + 1


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Two good workbooks and every kind of broken one."""
    events = tmp_path / "events"
    events.mkdir()
    results_workbook(events / "good-htm.xlsx", htm_example(), "htm")
    results_workbook(events / "good-detour.xlsx", worked_games_event(), "detour98e")
    bad = results_workbook(events / "bad-centres.xlsx", worked_games_event(), "cdiplo")
    wb = openpyxl.load_workbook(bad)
    wb["Results"]["E14"] = 35
    wb.save(bad)
    missing = results_workbook(events / "missing-column.xlsx", worked_games_event(), "cdiplo")
    wb = openpyxl.load_workbook(missing)
    wb["Results"].delete_cols(5)
    wb.save(missing)
    fake_encrypted(events / "locked.xlsx")
    (events / "renamed.xlsx").write_text("round,board,power,player,centres\n1,1,A,X,3\n")
    openpyxl.Workbook().save(events / "empty.xlsx")
    good = results_workbook(events / "cut.xlsx", worked_games_event(), "cdiplo")
    good.write_bytes(good.read_bytes()[:700])
    (events / "notes.txt").write_text("not scored: not an input suffix")
    return events


# What each broken file of the fixture must be reported with.
BROKEN = {
    "bad-centres.xlsx": "bad-centres.xlsx: Results!E14 (round 1, board 2, Russia, Mateo): "
                        "centres must be a whole number 0-34, got 35",
    "missing-column.xlsx": "missing-column.xlsx: Results!A1: missing column(s) Centres",
    "locked.xlsx": "locked.xlsx: the workbook is password-protected",
    "renamed.xlsx": "renamed.xlsx: this is a text file (a CSV?)",
    "empty.xlsx": "empty.xlsx: no results found",
    "cut.xlsx": "cut.xlsx: the workbook is damaged or truncated",
}


def test_a_folder_scores_the_good_and_reports_each_bad(folder: Path) -> None:
    before = sha256(folder.iterdir())
    result = run("score", folder)
    assert result.exit_code == 1
    for message in BROKEN.values():
        assert message in result.stderr
    assert "Traceback" not in result.output
    assert "8 file(s): 2 scored (1 with warnings), 6 failed" in result.stderr
    # Only the good files got an output; no temporary file is left behind.
    assert listing(folder) == {p.name for p in before} | {
        "good-htm-scored.xlsx", "good-detour-scored.xlsx"}
    assert sha256(before) == before
    check_scored_workbook(folder / "good-htm-scored.xlsx",
                          score_tournament(htm_example(), "htm"))
    check_scored_workbook(folder / "good-detour-scored.xlsx",
                          score_tournament(worked_games_event(), "detour98e"))


def test_outputs_go_to_out_and_are_replaced_only_with_force(folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    good = folder / "good-detour.xlsx"
    assert run("score", good, "--out", out).exit_code == 0
    target = out / "good-detour-scored.xlsx"
    first = target.read_bytes()
    target.write_bytes(b"the TD's own edits")
    again = run("score", good, "--out", out)
    assert again.exit_code == 1 and "already exists (use --force" in again.stderr
    assert target.read_bytes() == b"the TD's own edits"
    assert run("score", good, "--out", out, "--force").exit_code == 0
    assert target.read_bytes() == first  # deterministic output
    assert listing(out) == {"good-detour-scored.xlsx"}


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_json_and_csv_files_are_the_contract(folder: Path, tmp_path: Path, fmt: str) -> None:
    out = tmp_path / "out"
    inputs = [folder / "good-htm.xlsx", folder / "good-detour.xlsx"]
    assert run("score", *inputs, "--format", fmt, "--out", out).exit_code == 0
    for path, tournament, system in ((inputs[0], htm_example(), "htm"),
                                     (inputs[1], worked_games_event(), "detour98e")):
        expected = score_tournament(tournament, system)
        text = (out / f"{path.stem}-scored.{fmt}").read_text(encoding="utf-8")
        if fmt == "json":
            data, want = json.loads(text), standings_dict(expected)
            for key in ("standings", "games", "best_country", "powers", "parameters", "system"):
                assert data[key] == want[key]
        else:
            rows = without_counted(list(csv.reader(io.StringIO(text))))
            assert rows[0] == ["rank", "player", "score", "games", *expected.tiebreak_names,
                               *(f"r{n}" for n in expected.rounds)]
            assert [r[1] for r in rows[1:]] == [r.player for r in expected.rows]
            # The scores as the workbook shows them (README): HTM to 4
            # decimals, Detour to 2; JSON keeps full precision.
            decimals = display_decimals(expected.system, expected.params)
            assert [r[2] for r in rows[1:]] == \
                [f"{round(r.score, decimals):.{decimals}f}" for r in expected.rows]


def test_one_input_as_json_goes_to_stdout(folder: Path) -> None:
    result = run("score", folder / "good-htm.xlsx", "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["standings"] == \
        standings_dict(score_tournament(htm_example(), "htm"))["standings"]
    assert not (folder / "good-htm-scored.json").exists()


def test_a_foreign_workbook_needs_system(tmp_path: Path) -> None:
    path = foreign_workbook(tmp_path / "club.xlsx", worked_games_event())
    before = sha256([path])
    result = run("score", path)
    assert result.exit_code == 1 and "give --system" in result.stderr
    assert listing(tmp_path) == {"club.xlsx"}
    result = run("score", path, "-s", "dimvalue")
    assert result.exit_code == 0, result.output
    check_scored_workbook(tmp_path / "club-scored.xlsx",
                          score_tournament(worked_games_event(), "dimvalue"))
    assert sha256([path]) == before


def test_system_option_overrides_settings(tmp_path: Path) -> None:
    path = results_workbook(tmp_path / "e.xlsx", worked_games_event(), "cdiplo", {"solo": 50})
    assert run("score", path, "-s", "dimvalue", "--format", "json", "--out", tmp_path / "o"
               ).exit_code == 0
    data = json.loads((tmp_path / "o" / "e-scored.json").read_text())
    assert data["system"] == "dimvalue"
    assert data["standings"] == standings_dict(
        score_tournament(worked_games_event(), "dimvalue"))["standings"]
    # Same system: the Settings parameters stay, -p applies on top.
    result = run("score", path, "-s", "cdiplo", "-p", "played=2", "--format", "json")
    data = json.loads(result.stdout)
    assert data["parameters"]["solo"] == 50 and data["parameters"]["played"] == 2


def test_strict_makes_warnings_errors_and_writes_nothing(tmp_path: Path) -> None:
    path = results_workbook(tmp_path / "e.xlsx", htm_example(), "htm")
    result = run("score", path, "--strict")
    assert result.exit_code == 1
    # Boards totalling 35 centres may change a score; P16 playing England
    # again is information, never an error.
    assert "errors under --strict" in result.stderr and "more than 34" in result.stderr
    assert "P16 plays England again" not in result.stderr
    assert listing(tmp_path) == {"e.xlsx"}
    lenient = run("score", path)
    assert lenient.exit_code == 0 and "warning: " in lenient.stderr
    assert (tmp_path / "e-scored.xlsx").exists()


def test_usage_errors_exit_2(folder: Path, tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    assert run("score", tmp_path / "nonesuch.xlsx").exit_code == 2
    assert run("score", tmp_path / "empty").exit_code == 2
    assert run("score", str(tmp_path / "*.nothing")).exit_code == 2
    assert run("score", folder, "-s", "nonesuch").exit_code == 2
    assert run("score", folder, "-s", "cdiplo", "-p", "nonesuch=1").exit_code == 2
    assert run("score", folder, "--format", "pdf").exit_code == 2
    assert run("score", folder, "--format", "table", "--out", tmp_path / "o").exit_code == 2
    (tmp_path / "file").write_text("x")
    assert run("score", folder, "--out", tmp_path / "file").exit_code == 2
    assert not any(p.name.endswith("-scored.xlsx") for p in folder.iterdir())


def test_globs_skip_outputs_and_collisions_are_refused(tmp_path: Path) -> None:
    for sub in ("a", "b"):
        (tmp_path / sub).mkdir()
        results_workbook(tmp_path / sub / "event.xlsx", worked_games_event(), "cdiplo")
    assert run("score", str(tmp_path / "*" / "*.xlsx")).exit_code == 0
    assert listing(tmp_path / "a") == {"event.xlsx", "event-scored.xlsx"}
    # Run again with --force: the -scored outputs are not taken as inputs.
    again = run("score", str(tmp_path / "**" / "*.xlsx"), "--force")
    assert again.exit_code == 0 and "2 file(s): 2 scored" in again.stderr
    # Two inputs, one --out: the second would overwrite the first.
    clash = run("score", tmp_path / "a", tmp_path / "b", "--out", tmp_path / "out")
    assert clash.exit_code == 1 and "writes the same output" in clash.stderr
    assert listing(tmp_path / "out") == {"event-scored.xlsx"}


def test_a_failing_write_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = results_workbook(tmp_path / "e.xlsx", worked_games_event(), "cdiplo")

    def crash(target: Path, sheets: object) -> None:
        target.write_bytes(b"PK\x03\x04 half a workbook")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(scored, "write_xlsx", crash)
    outcomes = batch.run_batch([path], fmt="xlsx")
    assert outcomes[0].error is not None and "No space left" in outcomes[0].error
    assert listing(tmp_path) == {"e.xlsx"}


def test_names_starting_with_equals_stay_text(tmp_path: Path) -> None:
    path = results_workbook(tmp_path / "e.xlsx", worked_games_event(), "cdiplo")
    wb = openpyxl.load_workbook(path)
    ws = wb["Results"]
    for row in range(2, ws.max_row + 1):
        if ws[f"D{row}"].value == "Greta":
            text_cell(ws, f"D{row}", '=HYPERLINK("http://x","y")')
    wb.save(path)
    assert run("score", path).exit_code == 0
    out = openpyxl.load_workbook(tmp_path / "e-scored.xlsx")
    cells = [c for row in out["Standings"].iter_rows() for c in row
             if c.value == '=HYPERLINK("http://x","y")']
    assert cells and all(c.data_type == "s" for c in cells)
    assert run("score", path, "--format", "csv", "--out", tmp_path / "o").exit_code == 0
    assert "'=HYPERLINK" in (tmp_path / "o" / "e-scored.csv").read_text()


@pytest.mark.skipif(soffice_path() is None, reason="LibreOffice is not installed")
def test_libreoffice_opens_the_scored_workbook(tmp_path: Path) -> None:
    path = results_workbook(tmp_path / "e.xlsx", worked_games_event(), "detour98e")
    wb = openpyxl.load_workbook(path)
    text_cell(wb["Results"], "D2", "=Alice")  # Alice's first seat
    wb.save(path)
    assert run("score", path).exit_code == 0
    saved = recalculate(tmp_path / "e-scored.xlsx", tmp_path / "lo")
    # What LibreOffice loaded and saved again is what the engine says
    # ("=Alice" is a player of her own: one game).
    check = score_tournament(read_workbook(path).tournament, "detour98e")
    assert check.row("=Alice").games == 1
    check_scored_workbook(saved, check)
    cells = [c for row in openpyxl.load_workbook(saved)["Games"].iter_rows() for c in row
             if c.value == "=Alice"]
    assert len(cells) == 1 and cells[0].data_type == "s"


def test_the_real_command_exit_statuses(folder: Path, tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))

    def status(*args: str | Path) -> int:
        cmd = [sys.executable, "-m", "dipxl.cli", *map(str, args)]
        return subprocess.run(cmd, capture_output=True, env=env, check=False).returncode

    assert status("score", folder / "good-htm.xlsx", "--out", tmp_path / "o") == 0
    assert status("score", folder, "--out", tmp_path / "p") == 1
    assert status("score", tmp_path / "nonesuch") == 2


def test_demo_writes_and_scores_the_worked_examples(tmp_path: Path) -> None:
    target = tmp_path / "demo"
    result = run("demo", target)
    assert result.exit_code == 0, result.output
    assert "P8" in result.stdout and "4.6667" in result.stdout
    examples = {"htm": htm_example, "worked": worked_games_event}
    for name, example, system in DEMOS:
        scored_path = target / name.replace(".xlsx", "-scored.xlsx")
        check_scored_workbook(scored_path, score_tournament(examples[example](), system))
    assert run("demo", target).exit_code == 2  # exists: refused without --force
    assert run("demo", target, "--force").exit_code == 0


def test_demo_prints_no_warning_and_says_once_what_the_example_holds(tmp_path: Path) -> None:
    """Issue 16: the flagship example warned about itself nine times (35
    centres a board, a power played again) and had an empty third round.
    What the example holds as published is said once, in a note; the scored
    workbook still lists it; each workbook has the rounds of its example."""
    result = subprocess.run(
        [sys.executable, "-m", "dipxl.cli", "demo", "demo"], capture_output=True, text=True,
        cwd=tmp_path, timeout=600, check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "warning" not in result.stderr.lower() and "warning" not in result.stdout.lower()
    notes = [line for line in result.stderr.splitlines() if line.startswith("note:")]
    assert len(notes) == 1 and "htm-example.xlsx" in notes[0] and "35 centres" in notes[0]
    assert "4 file(s): 4 scored, 0 failed" in result.stderr
    examples = {"htm": htm_example, "worked": worked_games_event}
    for name, example, _ in DEMOS:
        rounds = {g.round for g in examples[example]().games}
        results = openpyxl.load_workbook(tmp_path / "demo" / name)["Results"]
        typed = {row[0] for row in results.iter_rows(min_row=2, values_only=True)}
        assert typed == rounds, name  # no empty round
    scored = openpyxl.load_workbook(tmp_path / "demo" / "htm-example-scored.xlsx")
    assert scored["Warnings"].max_row > 1  # recorded there, as for any event


def _on_a_terminal(args: list[str], columns: int = 400, lines: int = 300) -> tuple[str, str]:
    """Run ``dipxl ARGS`` on a pseudo-terminal: (the bytes it wrote, as
    text; the screen a terminal shows at the end, as pyte renders it)."""
    import pty

    import pyte

    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]),
               COLUMNS=str(columns), LINES=str(lines), TERM="xterm")
    written = b""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the command, on the terminal
        os.execve(sys.executable, [sys.executable, "-m", "dipxl.cli", *args], env)
    while True:
        try:
            chunk = os.read(fd, 1 << 16)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        written += chunk
    os.waitpid(pid, 0)
    os.close(fd)
    screen = pyte.Screen(columns, lines)
    stream = pyte.ByteStream(screen)
    stream.feed(written)
    return written.decode("utf-8", "replace"), "\n".join(screen.display)


def test_the_progress_bar_shows_on_a_terminal_and_leaves_clean_lines(tmp_path: Path) -> None:
    events = tmp_path / "events"
    events.mkdir()
    first = results_workbook(events / "e01.xlsx", htm_example(), "htm")
    for k in range(2, 13):
        (events / f"e{k:02d}.xlsx").write_bytes(first.read_bytes())
    written, screen = _on_a_terminal(["score", str(events), "--out", str(tmp_path / "out")])
    assert "scoring" in written and "━" in written and "/12" in written  # the bar was drawn
    shown = [line.rstrip() for line in screen.splitlines() if line.strip()]
    scored = [line for line in shown if "scored" in line and "->" in line]
    assert len(scored) == 12
    # Every line reads as printed: none starts with or holds what is left of the bar.
    assert all(line.startswith("scored ") for line in scored), scored
    assert not any("━" in line or "scoring" in line for line in shown), shown
    assert shown[-1] == "12 file(s): 12 scored (12 with warnings), 0 failed"


def test_no_progress_bar_when_not_on_a_terminal(folder: Path, tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    cmd = [sys.executable, "-m", "dipxl.cli", "score", str(folder), "--out", str(tmp_path / "o")]
    done = subprocess.run(cmd, capture_output=True, env=env, check=False, text=True)
    assert "━" not in done.stderr + done.stdout and "\x1b[" not in done.stderr + done.stdout
    assert "file(s):" in done.stderr


def test_warnings_go_to_stderr_when_json_goes_to_stdout(tmp_path: Path) -> None:
    path = results_workbook(tmp_path / "htm.xlsx", htm_example(), "htm")
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    cmd = [sys.executable, "-m", "dipxl.cli", "score", str(path), "--format", "json"]
    done = subprocess.run(cmd, capture_output=True, env=env, check=True, text=True)
    contract = json.loads(done.stdout)
    assert contract["warnings"]
    lines = [line.removeprefix("warning: ") for line in done.stderr.splitlines()]
    # Those that may change a score one a line, first; information one line a
    # kind (here 3 players playing a power again), its first case named.
    scoring = [w for w in contract["warnings"] if "again before having played" not in w]
    again = [w for w in contract["warnings"] if w not in scoring]
    assert len(again) == 3 and contract["warnings"] == [*scoring, *again]
    assert lines == [*(f"{path}: {w}" for w in scoring),
                     f"{path}: information: 3 x a power played again before all seven "
                     f"(repeated_power; the first: {again[0]}); every one in the JSON and xlsx "
                     "outputs"]


def test_every_bad_cell_of_a_file_is_listed_each_on_an_error_line(tmp_path: Path) -> None:
    path = results_workbook(tmp_path / "spring.xlsx", worked_games_event(), "cdiplo")
    wb = openpyxl.load_workbook(path)
    wb["Results"]["E14"] = -2
    wb["Results"]["C25"] = "Prussia"
    wb["Results"]["E30"] = 40
    wb.save(path)
    result = run("score", path, "--out", tmp_path / "out")
    assert result.exit_code == 1
    errors = [line for line in result.stderr.splitlines() if line.startswith("error: ")]
    assert [line.split(" (round")[0] for line in errors] == [
        f"error: {path}: Results!E14", f"error: {path}: Results!C25", f"error: {path}: Results!E30"]
    assert 'got -2' in errors[0] and "got 'Prussia'" in errors[1] and "got 40" in errors[2]
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())
