"""The tournament-floor commands, timed: warm in one process against the 0.1 s target for interactive
commands, and cold against the plain `judgekit run` of the same machine, side by side.

    python benchmarks/floor_commands.py [--runs 7]

Warm: the median CPU time of each command's work in a process that has already done it once
(imports and judgekit's caches loaded): reading the lists and comparing them (`deck compare`), the
registration sheet (`deck sheet -f html`), a ruling filtered for one player (`run --view`, the
filter alone and with the ruling), a replay. Target: each under 0.1 s. Cold: each command in a fresh
interpreter against `judgekit run` of the same scenario (information: `deck` goes through typer,
which `run` and `replay` do not load).
"""
from __future__ import annotations

import argparse
import statistics
import time

from harness import ROOT, interleaved_medians, judgekit_command, print_table, verdict

DECK = ROOT / "scenarios" / "decks" / "arasaka-green-constructed.txt"
PASTED = ROOT / "tests" / "fixtures" / "decklists" / "forum-post.txt"
LOOK = ROOT / "scenarios" / "hidden-information" / \
    "5.3.1.2-kiroshi-optics-looks-at-a-face-down-legend-without-revealing-it.yaml"
GAME = ROOT / "docs" / "examples" / "replay-gear-on-a-face-down-legend.yaml"
TARGET = 0.1


def warm_work() -> dict:
    from judgekit.decks.compare import compare
    from judgekit.decks.parsing import read_list
    from judgekit.decks.sheet import render_html, sheet_data
    from judgekit.replay import replay
    from judgekit.rules.book import load_rulebook
    from judgekit.ruling import board, citation, ruling, run_scenario
    from judgekit.scenario.build import build_file
    from judgekit.views import view

    book = load_rulebook()

    def ruled():
        built = build_file(LOOK, book)
        result = run_scenario(built)
        return ruling(built, result, book), board(result.initial)

    data, before = ruled()
    return {
        "deck compare": lambda: compare(read_list(DECK), read_list(PASTED)),
        "deck sheet -f html": lambda: render_html(sheet_data(read_list(DECK), {})),
        "run (the ruling alone, for reference)": ruled,
        "--view bob: the filter alone": lambda: view(data, before, "bob", lambda r: citation(book, r, "user")),
        "run --view bob: ruling and filter": lambda: view(*ruled(), "bob", lambda r: citation(book, r, "user")),
        "replay": lambda: replay(build_file(GAME, book).state, build_file(GAME, book).actions, 0),
    }


def warm_times(runs: int) -> dict[str, float]:
    work = warm_work()
    out = {}
    for name, call in work.items():
        call()
        times = []
        for _ in range(runs):
            start = time.process_time()
            call()
            times.append(time.process_time() - start)
        out[name] = statistics.median(times)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    warm = warm_times(runs * 3)
    print_table("Warm, in one process (median CPU seconds)", ("work", "seconds", f"target < {TARGET}s"),
                [(name, f"{t:.4f}", verdict(t < TARGET)) for name, t in warm.items()])
    jk = judgekit_command()
    commands = {"run": jk + ["run", str(LOOK)], "run --view bob": jk + ["run", str(LOOK), "--view", "bob"],
                "replay": jk + ["replay", str(GAME)], "deck compare": jk + ["deck", "compare", str(DECK), str(PASTED)],
                "deck sheet -f html": jk + ["deck", "sheet", str(DECK), "-f", "html"]}
    walls, cpus = interleaved_medians(commands, runs)
    print_table("Cold, each in a fresh interpreter (medians; ratio to `judgekit run` of the same scenario)",
                ("command", "wall s", "wall ratio", "CPU ratio"),
                [(name, f"{walls[name]:.3f}", f"{walls[name] / walls['run']:.2f}x", f"{cpus[name] / cpus['run']:.2f}x")
                 for name in commands])


if __name__ == "__main__":
    main()
