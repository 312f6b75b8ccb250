"""`judgekit ask` answers at once: each command of a table session, timed warm in one process.

    python benchmarks/ask_session.py [--repeat 5]

Plays a typical session (a board of a dozen cards typed by partial names, Gear, Eddies, Gigs, the
options, a pick, the defender's reaction, undo, the options again, save) `--repeat` times in one warm
process (the first round, which pays start-up, is not counted), and reports each command's median
and worst CPU time beside the budget: 0.1 s per command (the issue's target for interactive
commands), shown as a ratio. CPU time, so other work on a shared machine does not count.
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from harness import print_table, verdict
from judgekit.ask.session import Session
from judgekit.ask.terminal import candidates

BUDGET = 0.1  # seconds per command, warm
SCRIPT = ("alice field goro takemura hands face-up", "gear mantis on goro", "alice legends v streetkid",
          "alice legends jackie welles mama", "alice hand gorilla arms", "alice hand psycho squad",
          "alice hand floor it", "alice hand detonate", "alice field animals wrecker", "alice field riding nomad",
          "alice eddies 8 spent 1", "alice gigs d6=3 d8=5", "bob field corpo security spent",
          "bob field psycho squad", "bob field animals wrecker spent", "bob gigs d4=2 d10=7", "bob eddies 2",
          "options", "attack: goro, target: corpo", "options", "react: []", "undo", "board", "save {save}")


def one_round(save: Path) -> list[tuple[str, float]]:
    session = Session()
    times = []
    t0 = time.process_time()
    candidates(session, "alice field goro")
    times.append(("(Tab) alice field goro", time.process_time() - t0))
    for line in SCRIPT:
        line = line.format(save=save)
        t0 = time.process_time()
        said = session.handle(line)
        times.append((line.split(" /")[0] if line.startswith("save") else line, time.process_time() - t0))
        assert not said.startswith("error:"), (line, said)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        save = Path(folder) / "session.yaml"
        one_round(save)  # start-up: imports, rulebook, card pool, validator
        rounds = [one_round(save) for _ in range(args.repeat)]
    rows = []
    for i, (name, _) in enumerate(rounds[0]):
        values = [r[i][1] for r in rounds]
        median, worst = statistics.median(values), max(values)
        rows.append((f"`{name}`", f"{median * 1000:.1f} ms", f"{worst * 1000:.1f} ms", f"{worst / BUDGET:.2f}x",
                     verdict(worst < BUDGET)))
    print_table(f"judgekit ask, warm, {args.repeat} rounds (CPU time per command; budget {BUDGET * 1000:.0f} ms)",
                ("command", "median", "worst", "worst / budget", "target"), rows)


if __name__ == "__main__":
    main()
