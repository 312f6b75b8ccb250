"""Corpus speed and memory: generate N varied scenarios and run `judgekit check` on them.

    python benchmarks/corpus_check.py [--count 10000] [--runs 3] [--keep DIR]

Targets (issue #16), each printed with its measured value and PASS/MISS:
- throughput: at least 1,000 scenarios per second per core for the whole pipeline (read, validate,
  run, compare), counted as scenarios per CPU-second of `judgekit check -j 1` (start-up included),
  so other work on a shared machine does not count against it;
- scaling with --jobs: the CPU-seconds of `-j 2` at most 1.15x those of `-j 1` (the parallel
  overhead; on a quiet machine the wall time then falls near-linearly; the wall speed-up is shown).
  Two busy processes can cost a machine more CPU-seconds by themselves (two logical cores sharing
  one physical core, a shared host): the same ratio for two independent `check -j 1` on the
  corpus's halves, at once against one after the other, is shown beside it, so what is judgekit's
  and what is the machine's can be told apart. Every check is timed in turn with the others;
- memory: the peak resident memory of `check -j 1` (plain output, so the results are held once, as
  result objects) grows by at most 2 KiB per extra scenario from 1,000 to N scenarios (the results
  themselves; nothing else may grow with the corpus); measured at 1,000, N/2 and N. With `-f json`
  the report is built whole before it is written, which adds its own size (a few KiB a scenario).
Golden rulings are recorded once (`check --update`) so every timed check also compares with them.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import yaml

from harness import (ROOT, cpu_seconds_of_children, environment, judgekit_command, peak_rss_kb, print_table,
                     run_once, verdict)

POOL = json.loads((ROOT / "judgekit" / "data" / "cards-wnc.json").read_text(encoding="utf-8"))["cards"]


def _name(card: dict) -> str:
    return f"{card['name']}: {card['subtitle']}" if card["subtitle"] else card["name"]


def _of_type(kind: str) -> list[dict]:
    return [c for c in POOL if c["type"] == kind]


UNITS, GEAR, PROGRAMS, LEGENDS = (_of_type(k) for k in ("Unit", "Gear", "Program", "Legend"))
KINDS = ("play-unit", "play-gear", "play-program", "play-legend", "call", "move", "defeat", "bottom-deck",
         "attack-unit", "attack-gigs", "sell")


def _legends(rng: random.Random) -> list[dict]:
    chosen, names = [], set()
    for card in rng.sample(LEGENDS, len(LEGENDS)):
        if card["name"] not in names:
            names.add(card["name"])
            chosen.append(card)
        if len(chosen) == 3:
            break
    return chosen


def scenario(i: int) -> dict:
    """One valid scenario, varied by `i`: areas, costs, payments, attacks; some actions are refused."""
    rng = random.Random(i)
    kind = KINDS[i % len(KINDS)]
    legends = _legends(rng)
    alice = {"hand": [{"card": _name(c), "label": f"hand-{j}"} for j, c in enumerate(rng.sample(UNITS, 2))],
             "deck": rng.randint(0, 30),
             "eddies": {"ready": rng.randint(0, 7), "spent": rng.randint(0, 2)},
             "legends": [{"card": _name(c), "label": f"legend-{j}", "face_up": rng.random() < 0.3,
                          "spent": rng.random() < 0.3} for j, c in enumerate(legends)],
             "field": [{"card": _name(u), "label": f"unit-{j}", "lag": rng.random() < 0.2,
                        "spent": rng.random() < 0.2} for j, u in enumerate(rng.sample(UNITS, rng.randint(1, 3)))],
             "trash": [_name(c) for c in rng.sample(PROGRAMS, rng.randint(0, 2))]}
    bob = {"field": [{"card": _name(u), "label": f"rival-{j}", "spent": rng.random() < 0.5}
                     for j, u in enumerate(rng.sample(UNITS, rng.randint(1, 3)))],
           "deck": rng.randint(0, 30), "gigs": [f"d{die}={rng.randint(1, 4)}"  # one die of a kind each (7.2)
                                                for die in rng.sample([4, 6, 8, 10, 12], rng.randint(0, 3))]}
    action: dict = {}
    if kind == "play-unit":
        action = {"play": "hand-0"}
    elif kind == "play-gear":
        alice["hand"].append({"card": _name(rng.choice(GEAR)), "label": "played"})
        action = {"play": "played", "equip_to": rng.choice(["unit-0", "legend-0", "rival-0"])}
    elif kind == "play-program":
        alice["hand"].append({"card": _name(rng.choice(PROGRAMS)), "label": "played"})
        action = {"play": "played"}
    elif kind == "play-legend":
        action = {"play": "legend-1"}
    elif kind == "call":
        action = {"call": "legend-2"}
    elif kind == "move":
        action = {"move": rng.choice(["unit-0", "legend-0"]), "to": rng.choice(["hand", "trash", "deck-top",
                                                                                 "removed"]), "by": "bob"}
    elif kind == "defeat":
        action = {"defeat": "unit-0", "by": "bob"}
    elif kind == "bottom-deck":
        action = {"bottom_deck": ["unit-0"] + (["legend-0"] if rng.random() < 0.5 else []), "by": "bob"}
    elif kind == "attack-unit":
        action = {"attack": "unit-0", "target": "rival-0"}
    elif kind == "attack-gigs":
        action = {"attack": "unit-0", "target": "gig-area"}
    elif kind == "sell":
        action = {"sell": "hand-1"}
    return {"scenario": f"generated {i}: {kind}", "tags": ["generated", kind], "seed": i,
            "players": {"alice": alice, "bob": bob}, "actions": [action]}


def write_corpus(folder: Path, count: int) -> list[Path]:
    paths = []
    for i in range(count):
        path = folder / f"{i // 1000:02d}" / f"s{i:05d}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(yaml.safe_dump(scenario(i), sort_keys=False, allow_unicode=True), encoding="utf-8")
        paths.append(path)
    return paths


def timed_checks(folder: Path, paths: list[Path], runs: int) -> dict[str, tuple[float, float]]:
    """Median (wall seconds, CPU seconds of the commands and their workers) of `check -j 1` and `-j 2` on the
    corpus, and of two `check -j 1` on its two halves, one after the other and both at once (what two busy
    processes cost this machine, whatever judgekit does): one of each in turn, `runs` rounds."""
    command = judgekit_command() + ["check", "-f", "json"]
    env = environment()
    halves = [list(map(str, paths[:len(paths) // 2])), list(map(str, paths[len(paths) // 2:]))]

    def together(commands: list[list[str]]) -> None:
        processes = [subprocess.Popen(c, cwd=ROOT, env=env, stdout=subprocess.DEVNULL) for c in commands]
        if any(process.wait() not in (0, 1) for process in processes):
            raise SystemExit("a check of half the corpus failed")

    def one_after_the_other(commands: list[list[str]]) -> None:
        for c in commands:
            run_once(c, env)

    plans = {
        "j1": lambda: run_once(command + ["-j", "1", str(folder)], env),
        "j2": lambda: run_once(command + ["-j", "2", str(folder)], env),
        "halves, one after the other": lambda: one_after_the_other([command + ["-j", "1", *half] for half in halves]),
        "halves, at once": lambda: together([command + ["-j", "1", *half] for half in halves]),
    }
    walls: dict[str, list[float]] = {name: [] for name in plans}
    cpus: dict[str, list[float]] = {name: [] for name in plans}
    for _ in range(runs):
        for name, plan in plans.items():
            before_cpu, before_wall = cpu_seconds_of_children(), time.perf_counter()
            plan()
            walls[name].append(time.perf_counter() - before_wall)
            cpus[name].append(cpu_seconds_of_children() - before_cpu)
    return {name: (statistics.median(walls[name]), statistics.median(cpus[name])) for name in plans}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=3, help="Timed runs of each check (medians are compared).")
    parser.add_argument("--keep", type=Path, help="Write the corpus here and keep it.")
    args = parser.parse_args()
    cli = judgekit_command()
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep or Path(scratch)
        paths = write_corpus(folder, args.count)
        run_once(cli + ["check", str(folder), "--update", "-f", "json"])
        timed = timed_checks(folder, paths, args.runs)
        (wall1, cpu1), (wall2, cpu2) = timed["j1"], timed["j2"]
        machine = timed["halves, at once"][1] / timed["halves, one after the other"][1]
        memory = {size: peak_rss_kb(cli + ["check", *map(str, paths[:size]), "-j", "1"])
                  for size in sorted({min(1000, args.count), args.count // 2, args.count})}
    per_core = args.count / cpu1
    overhead = cpu2 / cpu1
    sizes = sorted(memory)
    growth = (memory[sizes[-1]] - memory[sizes[0]]) / max(1, sizes[-1] - sizes[0])
    rows = [
        ("scenarios per CPU-second, `check -j 1`", ">= 1000", f"{per_core:.0f}", verdict(per_core >= 1000)),
        ("CPU of `check -j 2` / CPU of `-j 1`", "<= 1.15x", f"{overhead:.2f}x", verdict(overhead <= 1.15)),
        ("wall speed-up of `-j 2` over `-j 1`", "(information)", f"{wall1 / wall2:.2f}x", ""),
        ("the machine's own: CPU of two `check -j 1` on the halves at once / one after the other",
         "(information)", f"{machine:.2f}x", ""),
        (f"peak RSS growth per scenario, {sizes[0]} to {sizes[-1]}", "<= 2 KiB", f"{growth:.2f} KiB",
         verdict(growth <= 2)),
    ]
    rows += [(f"peak RSS, {size} scenarios", "(information)", f"{memory[size] / 1024:.0f} MiB", "") for size in sizes]
    rows += [(f"`check -j {j}` wall / CPU, {args.count} scenarios", "(information)", f"{w:.1f} s / {c:.1f} s", "")
             for j, w, c in ((1, wall1, cpu1), (2, wall2, cpu2))]
    print_table(f"`judgekit check` on {args.count} generated scenarios, median of {args.runs}",
                ("measure", "target", "measured", "result"), rows)


if __name__ == "__main__":
    main()
