"""What every benchmark shares: a fair environment, interleaved timing, and the PASS/MISS table.

The machine may be busy, so absolute times are noise: every target is a ratio between commands
timed in the same run, one round of each command after the other (interleaved), medians compared.
Commands run with compiled bytecode available (a private `PYTHONPYCACHEPREFIX`, warmed by one
untimed round), as an installed judgekit would, even when the shell sets PYTHONDONTWRITEBYTECODE.
"""
from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_PYCACHE = Path(tempfile.gettempdir()) / f"judgekit-bench-pycache-{os.getuid()}"


def environment() -> dict[str, str]:
    """The environment every timed command runs in: bytecode cached, judgekit's own caches as they are."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(_PYCACHE)
    return env


def judgekit_command() -> list[str]:
    """The installed `judgekit` script beside this Python, else `python -m judgekit.cli`."""
    script = Path(sys.executable).with_name("judgekit")
    return [str(script)] if script.exists() else [sys.executable, "-m", "judgekit.cli"]


def run_once(command: list[str], env: dict | None = None, ok: tuple[int, ...] = (0, 1)) -> float:
    """Wall seconds of one run; stop the benchmark if the command failed."""
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=env or environment(), stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE)
    seconds = time.perf_counter() - start
    if done.returncode not in ok:
        raise SystemExit(f"{' '.join(command)} exited {done.returncode}:\n{done.stderr.decode()[-2000:]}")
    return seconds


def interleaved_medians(commands: dict[str, list[str]], runs: int) -> tuple[dict[str, float], dict[str, float]]:
    """Median wall and CPU seconds of each command, timing one of each in turn, `runs` rounds (after a warm-up)."""
    env = environment()
    for command in commands.values():
        run_once(command, env)
    walls: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            before = cpu_seconds_of_children()
            walls[name].append(run_once(command, env))
            cpus[name].append(cpu_seconds_of_children() - before)
    return ({name: statistics.median(values) for name, values in walls.items()},
            {name: statistics.median(values) for name, values in cpus.items()})


def peak_rss_kb(command: list[str]) -> int:
    """Peak resident memory of a command and its worker processes, in KiB (Linux ru_maxrss)."""
    script = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL); "
              "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", script, *command], cwd=ROOT, env=environment(),
                         capture_output=True, text=True, check=True)
    return int(out.stdout.strip())


def cpu_seconds_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def verdict(passed: bool) -> str:
    return "PASS" if passed else "MISS"


def print_table(title: str, header: tuple[str, ...], rows: list[tuple]) -> None:
    """A Markdown table, ready for the README's speed section."""
    print(f"\n{title}\n")
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for row in rows:
        print("| " + " | ".join(str(cell) for cell in row) + " |")


def clear_bytecode_cache() -> None:
    shutil.rmtree(_PYCACHE, ignore_errors=True)
