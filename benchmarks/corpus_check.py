"""Corpus speed: generate N varied scenarios and time `judgekit check` on them, plus one cold ruling.

    python benchmarks/corpus_check.py [--count 10000] [--runs 9] [--keep DIR]

Prints a Markdown table: engine time per scenario in one process (build = YAML + validation +
board, run = the rules engine, ruling = the cited output), the wall time of `judgekit check` on the
generated corpus with one process and with one per core, and a cold `judgekit run` against
`python -c "import typer, rich, pydantic, yaml"` measured in the same run.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

from judgekit.rules.book import load_rulebook
from judgekit.ruling import ruling, run_scenario
from judgekit.scenario.build import build

ROOT = Path(__file__).resolve().parent.parent
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
           "deck": rng.randint(0, 30), "gigs": [f"d{rng.choice([4, 6, 8, 10, 12])}={rng.randint(1, 4)}"
                                                for _ in range(rng.randint(0, 3))]}
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


def engine_times(paths: list[Path]) -> dict[str, float]:
    book = load_rulebook()
    totals = {"build": 0.0, "run": 0.0, "ruling": 0.0}
    for path in paths:
        text = path.read_text(encoding="utf-8")
        t0 = time.perf_counter()
        built = build(text, str(path), book)
        t1 = time.perf_counter()
        result = run_scenario(built)
        t2 = time.perf_counter()
        ruling(built, result, book)
        t3 = time.perf_counter()
        totals["build"] += t1 - t0
        totals["run"] += t2 - t1
        totals["ruling"] += t3 - t2
    return {k: v / len(paths) for k, v in totals.items()}


def wall(command: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr.decode()[-2000:]}")
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=9, help="Runs of each cold-start command.")
    parser.add_argument("--keep", type=Path, help="Write the corpus here and keep it.")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep or Path(scratch)
        paths = write_corpus(folder, args.count)
        per = engine_times(paths)
        cli = [sys.executable, "-m", "judgekit.cli", "check", str(folder), "-f", "json"]
        one, many = wall(cli + ["-j", "1"]), wall(cli)
    example = str(ROOT / "scenarios/examples/legend-returned-to-hand.yaml")
    cold = {
        'python -c "import typer, rich, pydantic, yaml"':
            [sys.executable, "-c", "import typer, rich, pydantic, yaml"],
        "judgekit run (example, cold)": [sys.executable, "-m", "judgekit.cli", "run", example],
    }
    medians = {name: statistics.median(wall(c) for _ in range(args.runs)) for name, c in cold.items()}
    floor = medians['python -c "import typer, rich, pydantic, yaml"']
    print(f"| measure ({args.count} generated scenarios) | value |")
    print("|---|---|")
    for stage in ("build", "run", "ruling"):
        print(f"| engine time per scenario, {stage} (one process) | {per[stage] * 1e3:.3f} ms |")
    print(f"| `judgekit check` wall, 1 process | {one:.1f} s ({one / args.count * 1e3:.2f} ms per scenario) |")
    print(f"| `judgekit check` wall, default jobs | {many:.1f} s ({many / args.count * 1e3:.2f} ms per scenario) |")
    for name, seconds in medians.items():
        print(f"| `{name}`, median of {args.runs} | {seconds * 1e3:.0f} ms ({seconds / floor:.2f}x the imports) |")


if __name__ == "__main__":
    main()
