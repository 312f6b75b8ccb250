"""Cold rule look-ups with typer 0.28 and with the newest typer, side by side in one run.

    python benchmarks/typer_versions.py [--runs 15] [--newest SPEC]

typer 0.29 and later convert command-line arguments with pydantic. This script builds judgekit's
wheel, installs it into two throwaway virtual environments under a temporary folder (typer 0.28.0,
and the newest typer, or SPEC), and times, interleaved, in a fresh interpreter each time:
`python -c "import typer, rich"` (the floor), the same with `rich.console` (what printing through
rich costs before anything is printed), `judgekit rule`, `judgekit search`, and the same
look-up read by typer's own parser (`judgekit --debug rule ...`: a global option first, so the
quick path of judgekit/cli/quick.py is not taken). Medians, and ratios to each venv's floor.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def venv_with(folder: Path, wheel: Path, typer_spec: str) -> Path:
    subprocess.run([sys.executable, "-m", "venv", str(folder)], check=True)
    python = folder / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", str(wheel), typer_spec], check=True)
    return python


def commands(python: Path) -> dict[str, list[str]]:
    judgekit = str(python.parent / "judgekit")
    return {
        'python -c "import typer, rich"': [str(python), "-c", "import typer, rich"],
        'python -c "import typer, rich.console"': [str(python), "-c", "import typer, rich.console"],
        "judgekit rule 11.24": [judgekit, "rule", "11.24"],
        "judgekit search blocker": [judgekit, "search", "blocker"],
        "judgekit --debug rule 11.24 (typer parses)": [judgekit, "--debug", "rule", "11.24"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--newest", default="typer>=0.29", help="pip spec of the newer typer (default: the newest)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="judgekit-typer-") as temp:
        temp = Path(temp)
        subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(temp), str(ROOT)],
                       check=True)
        (wheel,) = temp.glob("judgekit-*.whl")
        venvs = {"old": venv_with(temp / "old", wheel, "typer==0.28.0"),
                 "new": venv_with(temp / "new", wheel, args.newest)}
        versions = {name: subprocess.run([str(py), "-c", "import typer; print(typer.__version__)"], check=True,
                                         capture_output=True, text=True).stdout.strip()
                    for name, py in venvs.items()}
        env = {**os.environ, "JUDGEKIT_HOME": str(temp / "home")}
        env.pop("JUDGEKIT_RULES", None)
        runs = {(name, label): [] for name, py in venvs.items() for label in commands(py)}
        for name, py in venvs.items():  # warm the rulebook cache and the .pyc files
            for command in commands(py).values():
                subprocess.run(command, cwd=temp, env=env, stdout=subprocess.DEVNULL, check=True)
        for _ in range(args.runs):
            for name, py in venvs.items():
                for label, command in commands(py).items():
                    start = time.perf_counter()
                    subprocess.run(command, cwd=temp, env=env, stdout=subprocess.DEVNULL, check=True)
                    runs[name, label].append(time.perf_counter() - start)
    names = list(venvs)
    print(f"| command (median of {args.runs}) | " + " | ".join(f"typer {versions[n]}" for n in names) + " |")
    print("|---|" + "---|" * len(names))
    floor = {n: statistics.median(runs[n, 'python -c "import typer, rich"']) for n in names}
    for label in commands(venvs[names[0]]):
        cells = [f"{statistics.median(runs[n, label]) * 1000:.0f} ms ({statistics.median(runs[n, label]) / floor[n]:.2f}x)"
                 for n in names]
        print(f"| `{label}` | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
