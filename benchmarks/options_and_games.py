"""`judgekit options` warm, and the random legal games (issue #22).

    python benchmarks/options_and_games.py [--games 200] [--repeat 3]

Options: every shipped scenario is built once, then `list_options` runs on each (CPU time, so other work on a
shared machine does not count), beside `run_scenario` of the same built scenario: the listing decides every
candidate action with the engine, so it costs a number of runs. Target: an interactive command answers in
under 0.1 s warm (the slowest listing, and the median, against 0.1 s).

Random games: games per CPU-second and steps per game, choosing by sampling (the default of
tools/random_games.py) and from the whole listing at every step.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from harness import ROOT, print_table, verdict

sys.path.insert(0, str(ROOT))

from judgekit.corpus.discover import collect  # noqa: E402
from judgekit.options import list_options  # noqa: E402
from judgekit.ruling import run_scenario  # noqa: E402
from judgekit.scenario.build import build_file  # noqa: E402
from tests.random_games import play  # noqa: E402

TARGET = 0.1  # seconds, warm


def _cpu(function, *args) -> tuple[float, object]:
    start = time.process_time()
    value = function(*args)
    return time.process_time() - start, value


def options_rows(repeat: int) -> list[tuple]:
    built = [build_file(path) for path in collect([ROOT / "scenarios"]).files]
    listing_times, run_times, counts = [], [], []
    for _ in range(repeat):
        for scenario in built:
            seconds, listing = _cpu(list_options, scenario)
            listing_times.append(seconds)
            counts.append(len(listing.options))
            run_times.append(_cpu(run_scenario, scenario)[0])
    median, slowest = statistics.median(listing_times), max(listing_times)
    return [
        (f"options listing, median of {len(built)} scenarios", f"{median * 1e3:.2f} ms",
         f"{statistics.median(run_times) * 1e3:.2f} ms", f"{median / statistics.median(run_times):.1f}x",
         f"{median / TARGET:.3f}", verdict(median < TARGET)),
        ("options listing, slowest", f"{slowest * 1e3:.2f} ms", f"{max(run_times) * 1e3:.2f} ms",
         f"{slowest / max(run_times):.1f}x", f"{slowest / TARGET:.3f}", verdict(slowest < TARGET)),
        ("options per listing (median, max)", f"{statistics.median(counts):.0f}, {max(counts)}", "", "", "", ""),
    ]


def games_rows(games: int) -> list[tuple]:
    rows = []
    for listed in (False, True):
        count = games if not listed else max(1, games // 10)
        start = time.process_time()
        played = [play(seed, listed=listed) for seed in range(count)]
        seconds = time.process_time() - start
        steps = [g.steps for g in played]
        failed = sum(1 for g in played if not g.ok)
        rows.append((f"random games, {'whole listing' if listed else 'sampling'} ({count} games)",
                     f"{count / seconds:.2f} games/CPU-s", f"{statistics.mean(steps):.1f} steps/game",
                     f"{sum(steps) / seconds:.0f} steps/CPU-s", f"{failed} failed", verdict(failed == 0)))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    list_options(build_file(ROOT / "scenarios" / "examples" / "legend-returned-to-hand.yaml"))  # warm up
    rows = options_rows(args.repeat)
    print_table("`judgekit options` warm (CPU time per scenario)",
                ("measure", "list_options", "run_scenario", "listing / run", "listing / 0.1 s", "target"), rows)
    games = games_rows(args.games)
    print_table("Random legal games from scenarios/decks/ (CPU time)",
                ("games", "speed", "length", "steps", "failures", "result"), games)
    return 0 if all(r[-1] in ("PASS", "") for r in rows + games) else 1


if __name__ == "__main__":
    sys.exit(main())
