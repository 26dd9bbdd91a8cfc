"""Warnings a TD acts on, and a ``--strict`` usable on a real event (issue 24
item 3): a 35-player event with powers drawn at random has players playing a
power again (information, one line with its count), which never fails a
file; what may change a score (a board not counted) does, naming its cell.
"""

from __future__ import annotations

import random
from pathlib import Path

import openpyxl
from click.testing import CliRunner

from dipxl.cli import cli
from dipxl.errors import NOTICE_KINDS, Notice, grouped
from dipxl.model import Power
from dipxl.workbook.writer import write_workbook

PLAYERS = [f"Player {i:02d}" for i in range(1, 36)]
ROUNDS, BOARDS = 4, 5


def random_event(seed: int = 35) -> dict[tuple[int, int], list[tuple[str, int]]]:
    """Each round the 35 players in 5 boards, powers at random; each board's
    counts a plausible draw."""
    rnd = random.Random(seed)
    event = {}
    for r in range(1, ROUNDS + 1):
        order = list(PLAYERS)
        rnd.shuffle(order)
        for b in range(1, BOARDS + 1):
            counts = rnd.choice([[10, 8, 6, 4, 3, 2, 1], [9, 9, 7, 4, 3, 2, 0],
                                 [12, 8, 5, 4, 3, 1, 1]])
            rnd.shuffle(counts)
            event[(r, b)] = list(zip(order[(b - 1) * 7 : b * 7], counts, strict=True))
    return event


def event_workbook(path: Path, careless: dict[str, object] | None = None) -> Path:
    write_workbook(path, "cdiplo", rounds=ROUNDS, boards=BOARDS, players=PLAYERS)
    wb = openpyxl.load_workbook(path)
    ws = wb["Results"]
    for (r, b), seats in random_event().items():
        for power, (name, count) in zip(Power, seats, strict=True):
            row = 2 + (r - 1) * 7 * BOARDS + (b - 1) * 7 + int(power)
            ws.cell(row, 4).value = name
            ws.cell(row, 5).value = count
    for cell, value in (careless or {}).items():
        ws[cell] = value
        ws[cell].data_type = "s" if isinstance(value, str) else ws[cell].data_type
    wb.save(path)
    return path


def test_strict_scores_a_real_event_whose_players_play_powers_again(tmp_path: Path) -> None:
    path = event_workbook(tmp_path / "event.xlsx")
    plain = CliRunner().invoke(cli, ["score", str(path), "--format", "json"])
    assert plain.exit_code == 0, plain.output
    warned = [line for line in plain.stderr.splitlines() if line.startswith("warning:")]
    # Many players play a power again: one line says how many.
    assert len(warned) == 1 and "information:" in warned[0], warned
    count = int(warned[0].split("information: ")[1].split(" ")[0])
    assert count >= 10 and "repeated_power" in warned[0]
    strict = CliRunner().invoke(cli, ["score", str(path), "--strict", "--format", "json"])
    assert strict.exit_code == 0, strict.output


def test_strict_fails_on_what_changes_a_score_and_names_the_cell(tmp_path: Path) -> None:
    # Round 2, board 3's France typed "8 " (text): its board is not counted.
    row = 2 + 1 * 7 * BOARDS + 2 * 7 + int(Power.FRANCE)
    path = event_workbook(tmp_path / "event.xlsx", {f"E{row}": "8 "})
    plain = CliRunner().invoke(cli, ["score", str(path)])
    assert plain.exit_code == 0
    warned = [line for line in plain.stderr.splitlines() if line.startswith("warning:")]
    assert len(warned) == 2  # the board not counted first, then the information line
    assert f"Results!E{row}: round 2, board 3 is not counted" in warned[0]
    assert "information:" in warned[1]
    assert "Counted: after round 4: 19 of 20 boards counted; not counted: R2 B3 " \
        f'(Results!E{row} text "8 ")' in " ".join(plain.stdout.split())
    strict = CliRunner().invoke(cli, ["score", str(path), "--strict"])
    assert strict.exit_code == 1
    errors = [line for line in strict.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and f"Results!E{row}" in errors[0]
    assert "1 warning(s) that may change a score, errors under --strict" in errors[0]
    assert "again before" not in errors[0]


def test_help_says_what_strict_escalates() -> None:
    text = " ".join(CliRunner().invoke(cli, ["score", "--help"]).output.split())
    assert "may change a score" in text and "never fails a file" in text


def test_every_warning_kind_is_classed_and_grouped_information_last() -> None:
    notices = [Notice("repeated_power", f"P{i} plays Italy again", f"A{i}") for i in range(3)]
    notices.insert(1, Notice("not_counted", "round 1, board 1 is not counted", "E5"))
    lines = grouped(notices)
    assert lines[0] == "E5: round 1, board 1 is not counted"
    assert lines[1].startswith("information: 3 x a power played again before all seven")
    assert len(lines) == 2
    assert all(isinstance(v, tuple) and len(v) == 2 for v in NOTICE_KINDS.values())


def test_every_warning_code_dipxl_raises_is_classed() -> None:
    """A new kind of warning must say whether it may change a score (what
    --strict escalates): every code in the source is in NOTICE_KINDS."""
    import re

    import dipxl

    root = Path(dipxl.__file__).parent
    codes = set()
    for source in root.rglob("*.py"):
        codes.update(re.findall(r'Notice\(\s*"([a-z_0-9]+)"', source.read_text(encoding="utf-8")))
    assert len(codes) >= 12
    assert codes <= set(NOTICE_KINDS), codes - set(NOTICE_KINDS)
