"""The test run itself: pinned tools, strict settings, no silent skips under CI."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PINS = ROOT / "tests" / "requirements.txt"


def pinned() -> dict[str, str]:
    """name -> version of every requirement line of tests/requirements.txt."""
    pins: dict[str, str] = {}
    for line in PINS.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            match = re.fullmatch(r"([A-Za-z0-9_.\-]+)==([A-Za-z0-9_.\-+]+)", line)
            assert match, f"{PINS.name}: not an exact pin: {line!r}"
            pins[match[1]] = match[2]
    return pins


def test_every_tool_is_pinned_and_installed_at_its_pin() -> None:
    pins = pinned()
    assert {"pytest", "hypothesis", "ruff", "mypy", "pyte", "msoffcrypto-tool"} <= set(pins)
    for name, want in pins.items():
        assert version(name) == want, f"{name} {version(name)} installed, {want} pinned"


def test_strict_pytest_settings() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    ini = config["tool"]["pytest"]["ini_options"]
    assert {"--strict-markers", "--strict-config"} <= set(ini["addopts"].split())
    assert ini["xfail_strict"] is True


def test_ci_calls_exactly_the_readme_test_command() -> None:
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    skip = ("#", "set ", "cd ")
    commands = [line for line in run.splitlines() if line and not line.startswith(skip)]
    assert commands == ["bash tests/run.sh"]
    assert "```sh\nbash tests/run.sh\n```" in (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("ci", ["true", ""])
def test_a_test_that_cannot_run_fails_under_ci_and_skips_by_hand(
    tmp_path: Path, ci: str
) -> None:
    shutil.copy(ROOT / "tests" / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "test_judge.py").write_text(
        "import pytest\n\n"
        "def test_judge():\n"
        "    pytest.skip('the judge is not installed')\n",
        encoding="utf-8",
    )
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    if ci:
        env["CI"] = ci
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rA", str(tmp_path)],
        cwd=tmp_path, env=env, capture_output=True, text=True, check=False,
    )
    if ci:
        assert done.returncode == 1, done.stdout
        assert "under CI a test may not skip" in done.stdout
        assert "the judge is not installed" in done.stdout
    else:
        assert done.returncode == 0, done.stdout
        assert "1 skipped" in done.stdout and "the judge is not installed" in done.stdout
