"""Careless entries read one way everywhere (issue 24, items 1 and 2).

Workbooks made by ``dipxl new`` are filled in as a careless TD would, at
random: counts typed as text (``"8 "``, a no-break space, full-width
digits, a decimal comma), years as text, draw flags in any case, with
spaces, as ``x``, TRUE or 1, names with spaces around or doubled, in
another case, with an accent typed as two characters or an invisible
character.  Each is scored three ways, and they agree:

- ``dipxl score`` (the workbook reader and the engine);
- the worksheet function ``DIPXL_STANDINGS`` over the same Results cells;
- the workbook's own formulas, recalculated by LibreOffice (all workbooks
  in one run).

Every player's score is the same on the three, except the seats whose name
the workbook's MATCH cannot find (an accent typed as two characters, an
invisible character): those the formulas leave out, and then the same seats
are flagged on both (dipxl score warns ``not_on_players``; the sheet leaves
the Player id blank).  The boards not counted, and the status line's
counts, are the same on the three.
"""

from __future__ import annotations

import random
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from engines import available, recalculate_many
from hypothesis import given, settings
from hypothesis import strategies as st

from dipxl import udfs
from dipxl.batch import score_file
from dipxl.errors import DipxlError
from dipxl.fields import describe, parse_player
from dipxl.model import Power
from dipxl.standings import Standings
from dipxl.workbook import formulas as fx
from dipxl.workbook.writer import write_workbook

ROUNDS, BOARDS = 2, 2
PLAYERS = ["José Álvarez", "Renée Lévesque", "Chloé Martin", "Ann Lee", "Bob Smith",
           "Dan Wu", "Eve Ng", "Fay Fox", "Gus Gray", "Hal Hunt", "Ivy Ito", "Jo Jones",
           "Kit Kay", "Lu Lam"]
SYSTEMS = ("cdiplo", "dimvalue", "detour98e")
CASES = 16  # workbooks in the one LibreOffice run

# A board's counts (a draw, Austria ... Turkey) and who survives.
COUNTS = ([10, 8, 6, 4, 3, 2, 1], [9, 8, 7, 5, 3, 2, 0], [12, 7, 6, 5, 2, 2, 0],
          [8, 8, 6, 5, 4, 2, 1])


def _fullwidth(text: str) -> str:
    return "".join(chr(ord(ch) + 0xFEE0) if ch.isdigit() else ch for ch in text)


# Careless ways of typing a count: (how, value in the cell).
def count_forms(c: int) -> list[object]:
    return [c, float(c), f"{c} ", f"{c}", f" {c}", f"\u00a0{c}", _fullwidth(str(c)),
            f"{c},0"]


def name_forms(name: str) -> list[str]:
    return [name, f"{name} ", f"  {name}", name.replace(" ", "  "), name.upper(),
            name.lower(), unicodedata.normalize("NFD", name), name + "\u200b"]


YES_FORMS: list[object] = ["Y", "y", "Yes", "YES", " Y", "Y ", "x", True, 1]


@dataclass
class Careless:
    """One workbook's entries: (round, board) -> seven (player, centres,
    year, flag) as typed, and the system."""

    system: str
    seats: dict[tuple[int, int], list[tuple[object, object, object, object]]] = field(
        default_factory=dict)


def careless(rnd: random.Random, system: str) -> Careless:
    """Each seat typed well, but now and then carelessly (about one cell in
    six)."""
    case = Careless(system)
    order = list(PLAYERS)
    for r in range(1, ROUNDS + 1):
        rnd.shuffle(order)
        for b in range(1, BOARDS + 1):
            counts = rnd.choice(COUNTS)
            seats = []
            for k, c in enumerate(counts):
                name: object = order[(b - 1) * 7 + k]
                centres: object = c
                year: object = 1900 + rnd.randint(3, 9) if c == 0 else None
                flag: object = None
                if rnd.random() < 0.2:
                    name = rnd.choice(name_forms(str(name)))
                if rnd.random() < 0.12:
                    centres = rnd.choice(count_forms(c))
                if year is not None and rnd.random() < 0.2:
                    year = rnd.choice([year, float(year), f"{year}", f"{year} "])
                if k == 0 and rnd.random() < 0.3:  # the leader marked as a draw member
                    flag = rnd.choice(YES_FORMS)
                seats.append((name, centres, year, flag))
            if rnd.random() < 0.1:  # a count not entered yet
                k = rnd.randrange(7)
                seats[k] = (seats[k][0], None, None, seats[k][3])
            case.seats[(r, b)] = seats
    return case


def row_of(r: int, b: int, power: Power) -> int:
    return 2 + (r - 1) * 7 * BOARDS + (b - 1) * 7 + int(power)


def write(path: Path, case: Careless) -> Path:
    write_workbook(path, case.system, rounds=ROUNDS, boards=BOARDS, players=PLAYERS)
    wb = openpyxl.load_workbook(path)
    ws = wb["Results"]
    for (r, b), seats in case.seats.items():
        for power, (name, centres, year, flag) in zip(Power, seats, strict=True):
            row = row_of(r, b, power)
            for col, value in ((4, name), (5, centres), (6, year), (7, flag)):
                cell = ws.cell(row, col)
                cell.value = value
                if isinstance(value, str):
                    cell.data_type = "s"  # text as typed, never read as a number
    wb.save(path)
    return path


def results_range(path: Path) -> list[list[object]]:
    """The Results input cells as xlwings hands a range to a function:
    numbers as floats, text as text, blanks as None."""
    ws = openpyxl.load_workbook(path)["Results"]
    out: list[list[object]] = []
    for row in ws.iter_rows(min_row=1, max_col=7, values_only=True):
        out.append([float(v) if type(v) is int else v for v in row])
    return out


BOARD_NAMED = re.compile(r"R([0-9]+) B([0-9]+)")


def left_out(line: str) -> list[tuple[int, int]]:
    """The boards a status line names as not counted."""
    part = line.partition("not counted: ")[2]
    return [(int(r), int(b)) for r, b in BOARD_NAMED.findall(part)]


def counts_of(line: str) -> tuple[str, ...]:
    """The numbers of a status line before its list: round, boards counted, of."""
    seats = re.search(r"; ([0-9]+) seats? whose player.*", line)
    head = line[: seats.start() if seats else len(line)].partition("not counted")[0]
    return (*re.findall(r"[0-9]+", head), seats.group(1) if seats else "0")


def udf_reading(path: Path, system: str) -> tuple[dict[str, float], str]:
    got = udfs.DIPXL_STANDINGS(results_range(path), system)
    head = got[0]
    scores = {row[head.index("Player")]: round(row[head.index("Score")], 6)
              for row in got[1:-1]}
    return scores, got[-1][0].removeprefix("Counted: ")


def engine_scores(standings: Standings) -> dict[str, float]:
    return {r.player: round(r.score, 6) for r in standings.rows}


def by_folded_name(scores: dict[str, float]) -> dict[str, float]:
    """Scores by name case aside: a function over Results cells spells a
    player as first typed there, dipxl score as on Players."""
    return {name.casefold(): score for name, score in scores.items()}


def unknown_names(standings: Standings) -> set[str]:
    """Names dipxl score flags as not on Players, as typed (quoted)."""
    found = set()
    for n in standings.notices:
        if n.code == "not_on_players":
            m = re.match(r'player (.*?) is not on', n.message)
            assert m is not None
            found.add(m.group(1))
    return found


@pytest.fixture(scope="module")
def careless_books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("careless")
    rnd = random.Random(24)
    cases = [careless(rnd, SYSTEMS[i % len(SYSTEMS)]) for i in range(CASES)]
    paths = [write(folder / f"c{i:02d}.xlsx", c) for i, c in enumerate(cases)]
    out: dict[str, Any] = {"cases": cases, "paths": paths, "lo": None}
    reason = available("libreoffice")
    out["skip"] = reason
    if reason is None:
        done = recalculate_many("libreoffice", paths, folder / "lo")
        out["lo"] = [openpyxl.load_workbook(p, data_only=True) for p in done]
    return out


def test_careless_entries_are_read_alike_by_dipxl_score_and_the_functions(
    careless_books: dict[str, Any],
) -> None:
    flagged = 0
    for case, path in zip(careless_books["cases"], careless_books["paths"], strict=True):
        standings = score_file(path)
        scores, status = udf_reading(path, case.system)
        assert by_folded_name(scores) == by_folded_name(engine_scores(standings)), path.name
        engine = str(standings.counted)
        assert left_out(status) == left_out(engine), (path.name, status, engine)
        assert counts_of(status) == (*counts_of(engine)[:-1], "0"), (status, engine)
        flagged += bool(left_out(engine))
    assert flagged >= 3  # the random entries did leave boards out


def test_careless_entries_score_alike_in_the_workbook_s_own_formulas(
    careless_books: dict[str, Any],
) -> None:
    if careless_books["lo"] is None:
        pytest.skip(careless_books["skip"])
    unknown_seen = 0
    for path, wb in zip(careless_books["paths"], careless_books["lo"], strict=True):
        standings = score_file(path)
        ws = wb["Standings"]
        head = [c.value for c in ws[1]]
        status = ws.cell(2, head.index("Counted") + 1).value
        engine = str(standings.counted)
        # The same boards left out, the same counts (the seats not on
        # Players: the workbook counts each, dipxl score too).
        assert left_out(status) == left_out(engine), (path.name, status, engine)
        assert counts_of(status) == counts_of(engine), (path.name, status, engine)
        # The same seats flagged: names the formulas find nowhere.
        results = wb["Results"]
        rhead = [c.value for c in results[1]]
        pid, player = rhead.index("Player id"), rhead.index("Player")
        red = {row[player] for row in results.iter_rows(min_row=2, values_only=True)
               if row[player] not in (None, "") and row[pid] in (None, "")}
        assert {describe(name) for name in red} == unknown_names(standings), path.name
        # Every other player scores the same.
        formulas = {}
        for row in ws.iter_rows(min_row=2, values_only=True):
            name, score, games = row[head.index("Player")], row[head.index("Score")], \
                row[head.index("Games")]
            if name and games:
                formulas[name] = round(score, 6)
        mine = engine_scores(standings)
        if red:
            unknown_seen += 1
            touched = {parse_player(name) for name in red}  # as dipxl score reads them
            formulas = {p: v for p, v in formulas.items() if p not in touched}
            mine = {p: v for p, v in mine.items() if p not in touched}
        assert formulas == pytest.approx(mine, rel=1e-9), path.name
    assert unknown_seen >= 1


# Without LibreOffice, many more careless cases: dipxl score and the
# functions read every one alike.
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), system=st.sampled_from(SYSTEMS))
def test_any_careless_workbook_reads_alike_in_dipxl_score_and_the_functions(
    tmp_path_factory: pytest.TempPathFactory, seed: int, system: str
) -> None:
    path = write(tmp_path_factory.mktemp("any") / "c.xlsx",
                 careless(random.Random(seed), system))
    standings = score_file(path)
    scores, status = udf_reading(path, system)
    assert by_folded_name(scores) == by_folded_name(engine_scores(standings))
    assert left_out(status) == left_out(str(standings.counted))


def test_a_name_typed_as_a_number_is_found_as_the_workbook_finds_it(tmp_path: Path) -> None:
    """A Results name typed as the number 12 is the text "12" to the
    workbook's TRIM and MATCH: found when Players holds the text "12", not
    when it holds the number 12 (as Excel, formualizer and IronCalc match;
    LibreOffice alone finds it); dipxl score reads it alike.  The name
    columns are formatted as Text, so a name typed as 12 is the text."""
    for registered, found in (("12", True), (12, False)):
        path = write_workbook(tmp_path / f"n{found}.xlsx", "cdiplo", rounds=1, boards=1,
                              players=["A1", "B2", "C3", "D4", "E5", "F6", "G7"])
        wb = openpyxl.load_workbook(path)
        wb["Players"]["B2"] = registered
        ws = wb["Results"]
        for k, (name, count) in enumerate(zip([12, "B2", "C3", "D4", "E5", "F6", "G7"],
                                              [10, 8, 6, 4, 3, 2, 1], strict=True)):
            ws.cell(2 + k, 4).value = name
            ws.cell(2 + k, 5).value = count
        wb.save(path)
        standings = score_file(path)
        assert bool(unknown_names(standings)) is not found, registered
        assert standings.counted.unknown_seats == (0 if found else 1)
    wb = openpyxl.load_workbook(path)
    assert wb["Players"]["B2"].number_format == wb["Results"]["D2"].number_format == "@"


def _filled(path: Path, edit: Any) -> Path:
    """A filled C-Diplo workbook (2 rounds of 2 boards, every board finished)
    with ``edit`` made to its Results sheet."""
    write_workbook(path, "cdiplo", rounds=ROUNDS, boards=BOARDS, players=PLAYERS)
    wb = openpyxl.load_workbook(path)
    ws = wb["Results"]
    for r in range(2, 2 + 7 * BOARDS * ROUNDS):
        ws.cell(r, 4).value = PLAYERS[(r - 2) % 14]
        ws.cell(r, 5).value = COUNTS[0][(r - 2) % 7]
    edit(ws)
    wb.save(path)
    return path


def _swap(ws: Any, a: int, b: int) -> None:
    for c in range(1, 8):
        ws.cell(a, c).value, ws.cell(b, c).value = ws.cell(b, c).value, ws.cell(a, c).value


# Rows the workbook's formulas read by place, read otherwise by their cells:
# (edit, the cells dipxl score names, what the workbook's Counted column says).
MOVED = {
    "sorted": (lambda ws: _swap(ws, 2, 9), ["Results!B2", "Results!B9"],
               "rows out of place in 2 boards (first R1 B1)"),
    "power": (lambda ws: setattr(ws["C3"], "value", "Eng"), ["Results!C3"],
              "rows out of place in 1 board (first R1 B1)"),
    "below": (lambda ws: (setattr(ws["D31"], "value", PLAYERS[0]),
                          setattr(ws["E31"], "value", 5)), ["Results!D31"],
              "results below row 29 are not read"),
}


def test_rows_moved_or_typed_below_are_flagged_by_dipxl_score_and_the_workbook(
    tmp_path: Path
) -> None:
    paths = {name: _filled(tmp_path / f"{name}.xlsx", edit)
             for name, (edit, _, _) in MOVED.items()}
    for name, (_, cells, _) in MOVED.items():
        with pytest.raises(DipxlError) as err:
            score_file(paths[name])
        named = re.findall(r"Results![A-Z]+[0-9]+", str(err.value))
        assert named == cells, (name, str(err.value))
        assert "keep every row in its place" in str(err.value) or "below" in name
    reason = available("libreoffice")
    if reason is not None:
        pytest.skip(reason)
    done = recalculate_many("libreoffice", list(paths.values()), tmp_path / "lo")
    for (name, (_, _, says)), path in zip(MOVED.items(), done, strict=True):
        ws = openpyxl.load_workbook(path, data_only=True)["Standings"]
        head = [c.value for c in ws[1]]
        assert says in ws.cell(2, head.index("Counted") + 1).value, name


@pytest.mark.parametrize("typed", ["1907 ", "1907", "07", "'1907", "1907.0"])
def test_a_year_typed_as_text_is_named_as_the_final_year(tmp_path: Path, typed: str) -> None:
    """A Year cell holding text leaves its board not counted (the formulas'
    COUNT skips it), and dipxl score's warning calls it the final year, as
    the Year column is (not an elimination year)."""
    path = tmp_path / "year.xlsx"
    write_workbook(path, "detour09", rounds=1, boards=1, players=PLAYERS[:7])
    wb = openpyxl.load_workbook(path)
    ws = wb["Results"]
    for k, count in enumerate(COUNTS[0]):
        ws.cell(2 + k, 4).value = PLAYERS[k]
        ws.cell(2 + k, 5).value = count
    ws["H2"].value = typed
    ws["H2"].data_type = "s"
    wb.save(path)
    [notice] = [n for n in score_file(path).notices if n.code == "not_counted"]
    assert notice.where == "Results!H2"
    assert f"is not counted: final year {describe(typed)} is " in notice.message


# Boards typed carelessly with the per-board inputs (the Year, concession
# and draw flags, elimination years, the chart) that dipxl score refuses
# naming a cell, or does not count: (system, Results columns as typed on
# the board's seven rows, the cell dipxl score names, what the workbook's
# Score cells and Standings line say).  The formulas counted every one of
# them but the text, some with a number no rule gives (a Year of 1900: the
# survivors of a solo -0.25 in Detour 09; an eliminated power's Y: 100 in
# Solo or bust).
_SOLO = [18, 8, 4, 2, 1, 0, 0]
_SOLO_OUT = [None] * 5 + [1903, 1905]
_DRAW = [10, 8, 6, 5, 3, 2, 0]
_CONCEDED = [9, 8, 6, 5, 3, 2, 0]
_TIED = [12, 7, 7, 4, 3, 1, 0]  # England and France tied: Maxonian reads 1906


def _one(value: object, k: int = 0) -> list[object]:
    return [value if i == k else None for i in range(7)]


def _chart(england_1906: object) -> dict[str, list[object]]:
    return {"Year": _one(1907), "1906": [11, england_1906, 6, 4, 3, 1, 1]}


REFUSED_BOARDS: dict[str, tuple[str, dict[str, list[object]], str, str]] = {
    "year 1900": ("detour09", {"Centres": _SOLO, "Eliminated": _SOLO_OUT, "Year": _one(1900)},
                  "Results!H2", fx.OUT_OF_RANGE),
    "year 2101": ("detour09", {"Centres": _SOLO, "Eliminated": _SOLO_OUT, "Year": _one(2101)},
                  "Results!H2", fx.OUT_OF_RANGE),
    "eliminated 0": ("bangkok", {"Centres": _DRAW, "Eliminated": _one(0, 6)}, "Results!F8",
                     fx.OUT_OF_RANGE),
    "year before an elimination": ("detour09", {"Centres": _SOLO, "Eliminated": _SOLO_OUT,
                                                "Year": _one(1904)}, "Results!F8",
                                   fx.ELIMINATED_AFTER),
    "year before an elimination, every row": (
        "world-classic", {"Centres": _DRAW, "Eliminated": _one(1904, 6), "Year": [1903] * 7},
        "Results!F8", fx.ELIMINATED_AFTER),
    "a survivor's elimination year": ("bangkok", {"Centres": _DRAW,
                                                  "Eliminated": [1905, *_one(1904, 5)]},
                                      "Results!F2", fx.SURVIVOR_ELIMINATED),
    "conceded to an eliminated power": ("solo-or-bust", {"Centres": _CONCEDED,
                                                         "Draw": _one("Y", 6)},
                                        "Results!G8", fx.ELIMINATED_IN_DRAW),
    "an eliminated power in the draw": ("dimvalue", {"Centres": _CONCEDED,
                                                     "Draw": ["Y", "y", *_one("yes", 4)]},
                                        "Results!G8", fx.ELIMINATED_IN_DRAW),
    "every survivor N": ("dimvalue", {"Centres": _CONCEDED, "Draw": ["N", "n", "No", "no",
                                                                    "N", "N", None]},
                         "Results!A2", fx.NO_DRAW_MEMBER),
    "two powers on 18": ("cdiplo", {"Centres": [18, 18, 0, 0, 0, 0, 0]}, "Results!A2",
                         fx.TWO_ON_18),
    "every count 0": ("cdiplo", {"Centres": [0] * 7}, "Results!A2", fx.NO_CENTRES),
    "chart count -1": ("maxonian", {"Centres": _TIED, **_chart(-1)}, "Results!N3",
                       fx.OUT_OF_RANGE),
    "chart count 35": ("maxonian", {"Centres": _TIED, **_chart(35)}, "Results!N3",
                       fx.OUT_OF_RANGE),
    "chart count typed as text": ("maxonian", {"Centres": _TIED, **_chart("8")}, "Results!N3",
                                  fx.TEXT_ENTRY),
    "chart after the final year": ("maxonian", {"Centres": _TIED, **_chart(8),
                                                "Year": _one(1905)}, "Results!N2",
                                   "chart: a count after the final year"),
}


def _typed_board(path: Path, system: str, columns: dict[str, list[object]]) -> Path:
    """A one-board ``dipxl new`` workbook of ``system`` with ``columns``
    typed into its seven Results rows (text as text)."""
    write_workbook(path, system, rounds=1, boards=1, players=PLAYERS[:7])
    wb = openpyxl.load_workbook(path)
    ws = wb["Results"]
    at = {c.value: c.column for c in ws[1]}
    for k in range(7):
        ws.cell(2 + k, at["Player"]).value = PLAYERS[k]
    for header, values in columns.items():
        for k, value in enumerate(values):
            cell = ws.cell(2 + k, at[header])
            cell.value = value
            if isinstance(value, str):
                cell.data_type = "s"
    wb.save(path)
    return path


def test_a_board_dipxl_score_refuses_is_not_counted_by_the_workbook_either(
    tmp_path: Path
) -> None:
    """A board whose new inputs dipxl score refuses, naming the cell, or
    leaves out (text), is not counted by the workbook's own formulas
    either: its Score cells and the Standings line of boards left out say
    why, never a number."""
    paths = []
    for k, (name, (system, columns, cell, _)) in enumerate(REFUSED_BOARDS.items()):
        path = _typed_board(tmp_path / f"r{k:02d}.xlsx", system, columns)
        paths.append(path)
        try:
            standings = score_file(path)
        except DipxlError as err:
            assert f"r{k:02d}.xlsx: {cell}" in err.where, (name, str(err))
        else:  # text: not counted, with a warning naming the cell
            [notice] = [n for n in standings.notices if n.code == "not_counted"]
            assert notice.where == cell, (name, str(notice))
    reason = available("libreoffice")
    if reason is not None:
        pytest.skip(reason)
    done = recalculate_many("libreoffice", paths, tmp_path / "lo")
    failures = []
    for (name, (_, _, _, says)), path in zip(REFUSED_BOARDS.items(), done, strict=True):
        wb = openpyxl.load_workbook(path, data_only=True)
        ws = wb["Results"]
        at = {c.value: c.column for c in ws[1]}
        scores = [ws.cell(2 + k, at["Score"]).value for k in range(7)]
        counted = ws.cell(2, at["Game done"]).value
        standings = wb["Standings"]
        head = [c.value for c in standings[1]]
        status = standings.cell(2, head.index("Counted") + 1).value
        if (scores, counted) != ([says] * 7, 0) or f"R1 B1 (rows 2-8: {says})" not in status:
            failures.append((name, scores, counted, status))
    assert failures == []
