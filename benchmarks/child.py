"""Run a benchmark's measuring code in a fresh Python of a checkout.

Used by the benchmarks that compare checkouts in one run (``--roots``):
each checkout's own ``.venv`` Python when it has one, else this one."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def run_child(root: Path, code: str) -> dict[str, float]:
    """Run ``code`` with the Python of checkout ``root``; its last line of
    output is a JSON object of figures."""
    venv = root / ".venv" / "bin" / "python"
    python = str(venv) if venv.exists() else sys.executable
    out = subprocess.run([python, "-c", code], capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result
