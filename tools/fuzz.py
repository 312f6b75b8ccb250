"""Run the mutation fuzzer at length: `python tools/fuzz.py --seed 1 --count 20000`.

Each case runs in-process with a time limit (5 s by default). Every find is minimised (delta-debugging
over its lines) and written to tests/fuzz_regressions/ (unless `--no-keep`), which the suite replays:
give the file a name that says its input class, and fix the class. Finds with the same signature (kind
and place) are minimised and kept once. Exit status 1 when anything was found.
"""
from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.fuzz.mutations import FAMILIES, REGRESSIONS, variants  # noqa: E402
from tests.fuzz.oracle import execute, minimise, save  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--family", choices=FAMILIES, default=None, help="Only this family of mutations.")
    parser.add_argument("--timeout", type=float, default=5.0, help="Seconds per case before it counts as a hang.")
    parser.add_argument("--no-keep", dest="keep", action="store_false",
                        help=f"Only report finds; by default each is minimised and written to {REGRESSIONS}.")
    parser.add_argument("--no-minimise", action="store_true")
    args = parser.parse_args(argv)
    started = time.monotonic()
    kinds: collections.Counter[str] = collections.Counter()
    found: dict = {}
    for n, case in enumerate(variants(args.seed, args.count, args.family), start=1):
        kinds[case.kind] += 1
        finding = execute(case, args.timeout)
        if finding is not None and finding not in found:
            small = case if args.no_minimise else minimise(case, finding, args.timeout)
            lines = len(small.data.splitlines())
            found[finding] = small
            print(f"find {len(found)}: {finding.kind} at {finding.where} ({case.kind}, {case.family}; "
                  f"{case.source} {case.mutation}; {lines} lines after minimising)\n"
                  f"    {finding.detail[:200]}", flush=True)
            if args.keep:
                name = f"s{args.seed}-{case.family}-{finding.kind}-{finding.where}"
                print(f"    kept as {save(small, finding, name)}", flush=True)
        if n % 500 == 0:
            print(f"{n} cases, {len(found)} distinct finds, {time.monotonic() - started:.0f} s", flush=True)
    print(f"done: {sum(kinds.values())} cases ({dict(kinds)}), {len(found)} distinct finds, "
          f"{time.monotonic() - started:.0f} s")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
