"""Run a benchmark's measuring code in a fresh Python of a checkout.

Used by the benchmarks that compare checkouts in one run (``--roots``):
each checkout's own ``.venv`` Python when it has one, else this one;
:func:`run_capped` runs a child under a memory and a time cap."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path


def python_of(root: Path) -> str:
    """The Python of checkout ``root``: its ``.venv`` one, else this one."""
    venv = root / ".venv" / "bin" / "python"
    return str(venv) if venv.exists() else sys.executable


def run_child(root: Path, code: str) -> dict[str, float]:
    """Run ``code`` with the Python of checkout ``root``; its last line of
    output is a JSON object of figures."""
    out = subprocess.run([python_of(root), "-c", code], capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


@dataclass
class Capped:
    """What a capped child did: its exit code (negative: the signal that
    ended it), whether the time cap killed it, its output lines, the last
    line of its error output, and its own resource usage (peak memory:
    ``usage.ru_maxrss`` KiB, measured even when it was killed)."""

    code: int
    timed_out: bool
    lines: list[str]
    error: str
    usage: resource.struct_rusage


def run_capped(args: list[str], cap: int, timeout: float) -> Capped:
    """Run ``args`` with its address space capped at ``cap`` bytes and its
    time at ``timeout`` seconds."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    killed = threading.Event()

    def kill() -> None:
        killed.set()
        child.kill()

    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        child = subprocess.Popen(args, stdout=out, stderr=err, preexec_fn=limit)
        timer = threading.Timer(timeout, kill)
        timer.start()
        _, status, usage = os.wait4(child.pid, 0)  # its own peak, even when killed
        timer.cancel()
        child.returncode = code = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        lines = out.read().decode(errors="replace").strip().splitlines()
        tail = err.read().decode(errors="replace").strip().splitlines()[-1:] or [""]
    return Capped(code, killed.is_set(), lines, tail[0], usage)
