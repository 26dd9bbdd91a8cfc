"""Suite-wide rules.

Under CI (``CI`` set) a test that cannot run fails instead of skipping: a
missing judge (LibreOffice, and every later one) must never turn a red run
green.  Run by hand without ``CI`` such a test skips, saying why.
"""

from __future__ import annotations

import os
from collections.abc import Generator

import pytest

UNDER_CI = bool(os.environ.get("CI"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if UNDER_CI and report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        report.outcome = "failed"
        report.longrepr = f"under CI a test may not skip, and this one did: {reason}"
    return report
