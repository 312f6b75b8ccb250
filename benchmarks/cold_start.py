"""Cold start, measured side by side: each command in a fresh interpreter against the bare imports.

    python benchmarks/cold_start.py [--runs 15]

Targets (issue #16): `judgekit run FILE` on each file of scenarios/examples/ at most 1.3x
`python -c "import typer, rich, pydantic, yaml"`; `judgekit rule N` and `judgekit search WORDS` at
most 1.2x `python -c "import typer, rich"`. Commands are timed interleaved (one of each per round) and
the medians compared, so a busy machine slows both sides of each ratio alike. The target is on wall
time; the ratio of CPU times is shown beside it, as it is steadier on a busy machine. judgekit's own caches
are warm (one untimed round first), as they are for a judge after the first ruling: they hold only what
judgekit derives from its own shipped data and code (card pool, rulebook, search index, the scenario
validator), never anything from the scenario file being run. The rows marked "(information)" show a
first run after installing or upgrading ("cache empty"), `run -f json` (the ruling without the
terminal view), and each command writing to a terminal (a pseudo-terminal: rich's styled output)
instead of a pipe.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from harness import ROOT, environment, interleaved_medians, judgekit_command, print_table, run_once, verdict

IMPORTS = 'python -c "import typer, rich, pydantic, yaml"'
IMPORTS_CLI = 'python -c "import typer, rich"'
EXAMPLES = sorted((ROOT / "scenarios" / "examples").glob("*.yaml"))


def commands() -> tuple[dict[str, list[str]], dict[str, tuple[str, float]]]:
    """The commands to time, and each judgekit command's floor and target ratio."""
    cli = judgekit_command()
    timed = {IMPORTS: [sys.executable, "-c", "import typer, rich, pydantic, yaml"],
             IMPORTS_CLI: [sys.executable, "-c", "import typer, rich"]}
    targets: dict[str, tuple[str, float]] = {}
    for path in EXAMPLES:
        name = f"judgekit run {path.relative_to(ROOT)}"
        timed[name] = cli + ["run", str(path)]
        targets[name] = (IMPORTS, 1.3)
    for name, args in (("judgekit rule 11.24", ["rule", "11.24"]), ("judgekit search blocker", ["search", "blocker"])):
        timed[name] = cli + args
        targets[name] = (IMPORTS_CLI, 1.2)
    return timed, targets


def empty_cache_seconds(command: list[str], runs: int) -> float:
    """A run with judgekit's cache folder empty (a fresh JUDGEKIT_HOME each time)."""
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as home:
            env = {**environment(), "JUDGEKIT_HOME": home}
            times.append(run_once(command, env))
    return sorted(times)[len(times) // 2]


def terminal_seconds(command: list[str], runs: int) -> float:
    """Median wall time of a command whose standard output is a (pseudo-)terminal."""
    times = []
    for _ in range(runs):
        leader, follower = os.openpty()
        drain = threading.Thread(target=_drain, args=(leader,), daemon=True)
        drain.start()
        start = time.perf_counter()
        subprocess.run(command, cwd=ROOT, env=environment(), stdout=follower, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
        os.close(follower)
        drain.join()
        os.close(leader)
    return statistics.median(times)


def _drain(descriptor: int) -> None:
    try:
        while os.read(descriptor, 65536):
            pass
    except OSError:  # the terminal closed
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="Interleaved rounds (medians are compared).")
    args = parser.parse_args()
    timed, targets = commands()
    medians, cpu = interleaved_medians(timed, args.runs)
    rows = []
    for name, seconds in medians.items():
        if name in targets:
            floor, target = targets[name]
            ratio = seconds / medians[floor]
            rows.append((f"`{name}`", f"{seconds * 1e3:.0f} ms", f"<= {target}x `{floor}`", f"{ratio:.2f}x",
                         f"{cpu[name] / cpu[floor]:.2f}x", verdict(ratio <= target)))
        else:
            rows.append((f"`{name}`", f"{seconds * 1e3:.0f} ms", "(floor)", "1.00x", "1.00x", ""))
    example = timed[f"judgekit run {EXAMPLES[0].relative_to(ROOT)}"]
    few = max(3, args.runs // 3)
    extra = [(f"`judgekit run {EXAMPLES[0].name}`, cache empty", empty_cache_seconds(example, few), IMPORTS),
             ("`judgekit rule 11.24`, cache empty", empty_cache_seconds(timed["judgekit rule 11.24"], few), IMPORTS_CLI),
             (f"`judgekit run -f json {EXAMPLES[0].name}`",
              interleaved_medians({"json": example[:-1] + ["-f", "json", example[-1]]}, few)[0]["json"], IMPORTS)]
    for name in (f"judgekit run {EXAMPLES[0].relative_to(ROOT)}", "judgekit rule 11.24", "judgekit search blocker"):
        extra.append((f"`{name}`, on a terminal", terminal_seconds(timed[name], few), targets[name][0]))
    for name, seconds, floor in extra:
        rows.append((name, f"{seconds * 1e3:.0f} ms", f"(information; against `{floor}`)",
                     f"{seconds / medians[floor]:.2f}x", "", ""))
    print_table(f"Cold start, median of {args.runs} interleaved rounds ({os.cpu_count()} cores)",
                ("command", "median wall", "target", "wall ratio", "CPU ratio", "result"), rows)


if __name__ == "__main__":
    main()
