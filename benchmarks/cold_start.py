"""Cold-start timings, measured in the same run: a rule lookup and a ruling against bare imports.

    python benchmarks/cold_start.py [--runs 15]

Each command runs in a fresh interpreter; the table shows the median wall time and its ratio to
`python -c "import typer, rich"` (the floor for any typer + rich command line).
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLI = [sys.executable, "-m", "judgekit.cli"]
COMMANDS = {
    'python -c "import typer, rich"': [sys.executable, "-c", "import typer, rich"],
    'python -c "import typer, rich, pydantic, yaml"': [sys.executable, "-c", "import typer, rich, pydantic, yaml"],
    "judgekit rule 11.24": CLI + ["rule", "11.24"],
    "judgekit search blocker": CLI + ["search", "blocker"],
    "judgekit run (example)": CLI + ["run", str(ROOT / "scenarios/examples/legend-returned-to-hand.yaml")],
}


def median_seconds(command: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    results = {name: median_seconds(command, args.runs) for name, command in COMMANDS.items()}
    floor = results['python -c "import typer, rich"']
    print(f"| command | median of {args.runs} | ratio to import typer, rich |")
    print("|---|---|---|")
    for name, seconds in results.items():
        print(f"| `{name}` | {seconds * 1000:.0f} ms | {seconds / floor:.2f} |")


if __name__ == "__main__":
    main()
