"""Fuzzing the readers and ``dipxl score`` with malformed tables (the
generator and its oracle: ``tests/hostile/fuzz.py``).  The only outcomes
allowed: the engine's standings on the intended data, or a DipxlError naming
the file and the cell (or the sheet and the board); never another exception
or a different number.

Examples per test: ``DIPXL_FUZZ_EXAMPLES`` (default 120: about a minute for
the three tests).  A long run by hand:
``DIPXL_FUZZ_EXAMPLES=5000 python -m pytest tests/hostile/test_fuzz.py``.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from datetime import timedelta
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st

from dipxl.cli import cli
from dipxl.csvio import parse_csv
from dipxl.errors import DipxlError
from dipxl.io.owned import RECORD
from dipxl.io.terminal import visible
from dipxl.standings import score_tournament
from dipxl.systems import system_ids
from dipxl.tables import standings_dict
from dipxl.workbook.reader import read_workbook
from tests.hostile.fuzz import Case, cases, check_error, comparable, features, same_warnings

EXAMPLES = int(os.environ.get("DIPXL_FUZZ_EXAMPLES", "120"))
# No shrinking: a failing case is reported as generated (a shrink of these
# composite cases can take Hypothesis minutes).
# A generous deadline turns a pathological slowdown (a hang in the making)
# into a failure; a table takes well under a second.
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=timedelta(seconds=10),
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
SYSTEMS = st.sampled_from(system_ids())


def _events(case: Case) -> None:
    """Hypothesis' statistics (``--hypothesis-show-statistics``): the
    fault, and what of the year, the chart and concessions the case holds."""
    event(f"fault: {case.fault}")
    for feature in features(case):
        event(feature)


def _unscorable(case: Case, system: str) -> DipxlError | None:
    """The error scoring the intended data with ``system`` gives (an input it
    needs that the case leaves out: an elimination year, the final year), or
    None when the case is refused by the reader or scores."""
    if case.intended is None:
        return None
    try:
        score_tournament(case.intended, system)
    except DipxlError as err:
        return err
    return None


def _check_unscorable(expected: DipxlError, case: Case, message: str) -> None:
    """``message`` is the error ``expected`` (what scoring the intended data
    gives), located at the same board as the reader names it."""
    assert message.endswith(f": {expected.message}"), (expected.message, message)
    assert case.intended is not None
    boards = {(g.round, g.board) for g in case.intended.games}
    assert any(f"(round {r}, board {b})" in message for r, b in boards), message


def _check_read(case: Case, read: object, label: str, system: str) -> None:
    """``read()`` gives a tournament; compare it, or its error, with the case."""
    _events(case)
    unscorable = _unscorable(case, system)
    try:
        tournament = read()  # type: ignore[operator]
        got = score_tournament(tournament, system)
    except DipxlError as err:
        if unscorable is not None:
            _check_unscorable(unscorable, case, str(err))
        else:
            check_error(case, str(err), label)
        return
    assert unscorable is None, f"scored, but the intended data gives: {unscorable}"
    assert case.intended is not None, (
        f"{case.fault}: accepted, but the error at {case.error_cell or case.error_message} "
        "was expected"
    )
    want = score_tournament(case.intended, system)
    assert comparable(standings_dict(got)) == comparable(standings_dict(want))
    assert same_warnings([str(n) for n in got.notices], want.notices, case)


@FUZZ
@given(case=cases("csv"), system=SYSTEMS)
def test_the_csv_reader_scores_right_or_names_the_cell(case: Case, system: str) -> None:
    _check_read(case, lambda: parse_csv(case.csv_text(), "f.csv"), "f.csv", system)


@FUZZ
@given(case=cases("xlsx"), system=SYSTEMS)
def test_the_workbook_reader_scores_right_or_names_the_cell(case: Case, system: str) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        path = case.write_xlsx(Path(scratch) / "f.xlsx")
        _check_read(case, lambda: read_workbook(path).tournament, "f.xlsx", system)


@settings(FUZZ, max_examples=max(10, EXAMPLES // 3))
@given(case=st.one_of(cases("csv"), cases("xlsx")), system=SYSTEMS,
       fmt=st.sampled_from(["json", "csv", "xlsx"]))
def test_the_score_command_scores_right_or_names_the_cell(
    case: Case, system: str, fmt: str
) -> None:
    _events(case)
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        if case.kind == "csv":
            path = folder / "f.csv"
            path.write_bytes(case.csv_text().encode("utf-8"))
        else:
            path = case.write_xlsx(folder / "f.xlsx")
        before = hashlib.sha256(path.read_bytes()).hexdigest()
        out = folder / "out"
        args = ["score", str(path), "--system", system, "--format", fmt]
        if fmt != "json":
            args += ["--out", str(out)]
        result = CliRunner().invoke(cli, args)
        assert hashlib.sha256(path.read_bytes()).hexdigest() == before, "the input changed"
        assert result.exit_code in (0, 1), (result.exit_code, result.output, result.exception)
        unscorable = _unscorable(case, system)
        if result.exit_code == 1 and unscorable is not None:
            message = " ".join(result.stderr[len("error: "):].split("\n")[0].split())
            assert message.startswith(f"{visible(str(path))}: "), message
            _check_unscorable(unscorable, case, message)
            assert not out.exists() or not any(out.iterdir()), "a failed input left an output"
            return
        assert unscorable is None, f"scored, but the intended data gives: {unscorable}"
        if result.exit_code == 1:
            assert case.intended is None, result.stderr
            assert result.stderr.startswith("error: "), result.stderr
            check_error(case, " ".join(result.stderr[len("error: "):].split("\n")[0].split()),
                        str(path), visible)
            assert not out.exists() or not any(out.iterdir()), "a failed input left an output"
            return
        assert case.intended is not None, f"{case.fault}: accepted: {result.output[:500]}"
        want = score_tournament(case.intended, system)
        if fmt == "json":
            got = json.loads(result.stdout)
            assert comparable(got) == comparable(json.loads(json.dumps(standings_dict(want))))
            assert same_warnings(got["warnings"], want.notices, case)
        else:
            written = sorted(p.name for p in out.iterdir() if p.name != RECORD)
            assert written == [f"{path.stem}-scored.{fmt}"], written
