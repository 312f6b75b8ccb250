"""Engine time per scenario: build and run every corpus scenario many times in one process.

    python benchmarks/engine_throughput.py [--repeat 50]

Reports the median time to build (validate + lay out) and to run (engine only) one scenario.
"""
from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from judgekit.rules.book import load_rulebook
from judgekit.ruling import run_scenario
from judgekit.scenario.build import build

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    book = load_rulebook()
    files = sorted((ROOT / "scenarios").rglob("*.yaml"))
    texts = [(str(p), p.read_text(encoding="utf-8")) for p in files]
    build_times, run_times = [], []
    for _ in range(args.repeat):
        for name, text in texts:
            start = time.perf_counter()
            built = build(text, name, book)
            middle = time.perf_counter()
            run_scenario(built)
            end = time.perf_counter()
            build_times.append(middle - start)
            run_times.append(end - middle)
    print(f"{len(files)} scenarios x {args.repeat}: median build {statistics.median(build_times) * 1e3:.2f} ms, "
          f"median engine run {statistics.median(run_times) * 1e3:.3f} ms per scenario")


if __name__ == "__main__":
    main()
