"""Where a scenario's time goes, in one warm process: read, build (YAML + validation + board), run, ruling.

Beside the stages, "YAML" is reading the file's YAML alone (`load_lined`, part of "build", timed on its
own): for the shipped scenarios, files people write, it is what the YAML reader costs.

    python benchmarks/engine_throughput.py [--count 2000] [--repeat 3]

Builds and runs the generated scenarios of corpus_check.py (and the shipped scenarios/) in this
process, and prints the mean CPU time per scenario of each stage (CPU time, so other work on a
shared machine does not count); "compare" parses the recorded ruling's bytes and compares it with
the new ruling, as `check` does. As in `check`, what start-up loaded is frozen for the garbage
collector after a warm-up. Target (issue #16): the whole
pipeline at most 1 ms per scenario in a warm process, the budget that lets `judgekit check` reach
1,000 scenarios per second per core once start-up is paid. The stages show where to look when it
is missed; the ratio column is the pipeline's share of that budget.
"""
from __future__ import annotations

import argparse
import gc
import statistics
import tempfile
import time
from pathlib import Path

from corpus_check import write_corpus
from harness import ROOT, print_table, verdict
from judgekit.corpus import golden
from judgekit.rules.book import load_rulebook
from judgekit.ruling import ruling, run_scenario
from judgekit.scenario.build import build
from judgekit.scenario.yaml_lines import load_lined

STAGES = ("read", "build", "run", "ruling", "compare")
PART = "YAML (part of build)"


def stage_times(paths: list[Path], repeat: int) -> dict[str, list[float]]:
    book = load_rulebook()
    times: dict[str, list[float]] = {stage: [] for stage in (*STAGES, PART)}
    for _ in range(repeat):
        for path in paths:
            t0 = time.process_time()
            text = path.read_text(encoding="utf-8")
            t1 = time.process_time()
            built = build(text, str(path), book)
            t2 = time.process_time()
            result = run_scenario(built)
            t3 = time.process_time()
            data = ruling(built, result, book)
            t4 = time.process_time()
            recorded = golden.encode(path, data)  # the golden `check --update` would record (not timed)
            t5 = time.process_time()
            golden.compare(path, golden.parse(path, recorded), data)
            t6 = time.process_time()
            for stage, seconds in zip(STAGES, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t6 - t5)):
                times[stage].append(seconds)
            t7 = time.process_time()
            load_lined(text, str(path))
            times[PART].append(time.process_time() - t7)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2000, help="Generated scenarios.")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    shipped = sorted(p for p in (ROOT / "scenarios").rglob("*.yaml"))
    with tempfile.TemporaryDirectory() as scratch:
        generated = write_corpus(Path(scratch), args.count)
        stage_times(generated[:50], 1)  # warm: imports, caches
        gc.freeze()  # as `check` does once its first file is done (judgekit.corpus.runner)
        rows = []
        for label, paths in ((f"{args.count} generated", generated), (f"{len(shipped)} in scenarios/", shipped)):
            times = stage_times(paths, args.repeat)
            means = {stage: statistics.fmean(values) for stage, values in times.items()}
            total = sum(means[stage] for stage in STAGES)
            rows += [(label, stage, f"{means[stage] * 1e3:.3f} ms", "", "") for stage in (*STAGES, PART)]
            rows.append((label, "**whole pipeline**", f"{total * 1e3:.3f} ms", f"{total / 1e-3:.2f}x of 1 ms",
                         verdict(total <= 1e-3)))
    print_table(f"CPU time per scenario in a warm process, mean of {args.repeat} passes",
                ("corpus", "stage", "per scenario", "ratio to the 1 ms budget", "result"), rows)


if __name__ == "__main__":
    main()
