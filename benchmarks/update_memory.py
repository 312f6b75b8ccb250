"""Memory of `check --update` against a plain `check`: an update must keep only what its commit needs.

    python benchmarks/update_memory.py [--count 15000] [--keep DIR]

Generates N varied scenarios (the generator of corpus_check.py) and measures the peak resident memory
(Linux ru_maxrss, -j 1 so one process holds everything) of, in turn: the first `check --update` (every
golden written), a plain `check` (every golden compared), and a second `check --update` (every golden
unchanged). Target (issue #24): each update's peak at most 1.15x the plain check's, so the new rulings do
not pile up in memory until the commit (they are staged on disk in batches; only paths are kept).
"""
from __future__ import annotations

import argparse
import shutil
import tempfile
from pathlib import Path

from corpus_check import write_corpus
from harness import judgekit_command, peak_rss_kb, print_table, verdict

LIMIT = 1.15


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=15000)
    parser.add_argument("--keep", type=Path, help="write the corpus here and keep it")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="judgekit-update-memory-"))
    try:
        write_corpus(folder, args.count)
        (folder / "pyproject.toml").write_text("", encoding="utf-8")  # one lock root for the whole corpus
        base = judgekit_command() + ["check", str(folder), "-j", "1"]
        first = peak_rss_kb(base + ["--update"])
        plain = peak_rss_kb(base)
        again = peak_rss_kb(base + ["--update"])
        rows = [(name, f"{kb / 1024:.0f} MB", f"{kb / plain:.2f}x",
                 "-" if name == "check" else verdict(kb <= LIMIT * plain))
                for name, kb in (("check --update (all written)", first), ("check", plain),
                                 ("check --update (all unchanged)", again))]
        print_table(f"Peak memory, {args.count:,} scenarios, -j 1 (target: an update <= {LIMIT}x a plain check)",
                    ("command", "peak RSS", "vs check", "target"), rows)
    finally:
        if args.keep is None:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
