"""`judgekit search` on the sets it may be tuned on and on its validation sets, without touching the blind ones.

    python benchmarks/search_dev_val.py            # development: top-1 and top-3; validation: totals
    python benchmarks/search_dev_val.py --misses   # the development sets' misses too (never validation's)

Development (tune on these, read their misses): search_queries.yaml, search_queries_fresh.yaml and
search_queries_heldout3.yaml to ..._heldout28.yaml. Validation (totals only: a change losing here is not
kept): ..._heldout29.yaml to ..._heldout32.yaml. The later sets (..._heldout33.yaml on) are blind: this script
never opens them. Figures are for the rule results alone (what `judgekit search --only rules` prints), a query
counting when a rule answering it is first (top-1) or among the first three (top-3).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from judgekit.rules.book import load_rulebook  # noqa: E402
from judgekit.search.documents import RULE  # noqa: E402
from judgekit.search.index import Index  # noqa: E402

DEVELOPMENT = ["search_queries.yaml", "search_queries_fresh.yaml",
               *(f"search_queries_heldout{n}.yaml" for n in range(3, 29))]
VALIDATION = [f"search_queries_heldout{n}.yaml" for n in range(29, 33)]


def measure(index: Index, book, names: list[str], misses: list | None = None) -> tuple[int, int, int]:
    """(queries, top-1, top-3) over the named sets that exist; each miss appended to `misses` when given."""
    count = first = top3 = 0
    for name in names:
        path = HERE / name
        if not path.exists():
            continue
        for q in yaml.safe_load(path.read_text(encoding="utf-8"))["queries"]:
            wanted = {book.by_number[n] for n in q["rules"]}
            hits = index.search(q["q"], 3, kinds=(RULE,))
            rank = next((n for n, hit in enumerate(hits, 1) if hit.key in wanted), None)
            count, first, top3 = count + 1, first + (rank == 1), top3 + (rank is not None)
            if rank is None and misses is not None:
                misses.append((name, q["q"], q["rules"], [book.entries[h.key].number for h in hits]))
    return count, first, top3


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--misses", action="store_true", help="list the development sets' misses")
    args = parser.parse_args()
    book = load_rulebook()
    index = Index(book)
    misses: list | None = [] if args.misses else None
    for label, names, found in (("development", DEVELOPMENT, misses), ("validation", VALIDATION, None)):
        n, first, top3 = measure(index, book, names, found)
        print(f"{label:12} {n:5} queries  top-1 {first:5} ({first / max(n, 1):.1%})  "
              f"top-3 {top3:5} ({top3 / max(n, 1):.1%})  per 60: {60 * top3 / max(n, 1):.1f}")
    for name, query, expected, got in misses or ():
        print(f"  {name}: {query!r}: want {', '.join(expected)}; got {', '.join(got)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
