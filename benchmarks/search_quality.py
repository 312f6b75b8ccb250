"""How often `judgekit search` puts a rule that answers a question first, and in its top 3.

    python benchmarks/search_quality.py            # both parts, by style, with every miss
    python benchmarks/search_quality.py --tuning   # the tuning part's misses only (held-out results hidden)
    python benchmarks/search_quality.py --json     # the figures as JSON
    python benchmarks/search_quality.py --file benchmarks/search_queries_fresh.yaml --totals
                                                   # the fresh held-out set: totals only, no misses

The queries and their answers are in benchmarks/search_queries.yaml (answers decided from the rules,
not from judgekit's output). Two readings are reported: `rules`, the rule results alone (what
`judgekit search --only rules` prints), and `all`, the one mixed list `judgekit search` prints, where a
FAQ ruling, card or term counts when a rule it rests on answers the question.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from judgekit.rules.book import load_rulebook  # noqa: E402
from judgekit.search.index import Index  # noqa: E402
from judgekit.search.documents import RULE  # noqa: E402


def rank_of(hits, wanted_ids: set[str], by_cites: bool) -> int | None:
    for n, hit in enumerate(hits, 1):
        ids = set(hit.cites) if by_cites else ({hit.key} if hit.kind == RULE else set())
        if ids & wanted_ids:
            return n
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tuning", action="store_true", help="show misses of the tuning part only")
    parser.add_argument("--totals", action="store_true", help="figures only, no misses (for a held-out set)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--file", type=Path, default=HERE / "search_queries.yaml")
    args = parser.parse_args()
    book = load_rulebook()
    index = Index(book)
    queries = yaml.safe_load(args.file.read_text(encoding="utf-8"))["queries"]
    results = []
    for q in queries:
        wanted = {book.by_number[n] for n in q["rules"]}
        rules_only = index.search(q["q"], 3, kinds=(RULE,))
        mixed = index.search(q["q"], 3)
        results.append({"q": q["q"], "style": q["style"], "held_out": bool(q.get("held_out")),
                        "rules": rank_of(rules_only, wanted, False), "all": rank_of(mixed, wanted, True),
                        "expected": q["rules"],
                        "got": [book.entries[h.key].number if h.kind == RULE else f"{h.kind}:{h.key}"
                                for h in rules_only]})
    summary = {}
    for part in ("tuning", "held-out"):
        chosen = [r for r in results if r["held_out"] == (part == "held-out")]
        row = {"queries": len(chosen)}
        for reading in ("rules", "all"):
            row[f"{reading}_top1"] = sum(r[reading] == 1 for r in chosen)
            row[f"{reading}_top3"] = sum(r[reading] is not None for r in chosen)
        row["by_style"] = {}
        for style in sorted({r["style"] for r in chosen}):
            some = [r for r in chosen if r["style"] == style]
            row["by_style"][style] = f"{sum(r['rules'] is not None for r in some)}/{len(some)}"
        summary[part] = row
    if args.json:
        print(json.dumps(summary, indent=2))
        return 0
    print(f"{'part':10} {'queries':>7} {'top-1':>7} {'top-3':>7} {'top-1 all':>10} {'top-3 all':>10}  top-3 by style")
    for part, row in summary.items():
        n = row["queries"]
        if not n:
            continue
        styles = ", ".join(f"{s} {v}" for s, v in row["by_style"].items())
        if part == "held-out" and args.tuning:
            print(f"{part:10} {n:7} (hidden while tuning)")
            continue
        print(f"{part:10} {n:7} {row['rules_top1']:>3}/{n:<3} {row['rules_top3']:>3}/{n:<3} "
              f"{row['all_top1']:>5}/{n:<4} {row['all_top3']:>5}/{n:<4}  {styles}")
    if args.totals:
        return 0
    print("\nmisses (not in the top 3 rules):")
    for r in results:
        if r["rules"] is None and not (args.tuning and r["held_out"]):
            mark = " [held out]" if r["held_out"] else ""
            print(f"  {r['q']!r}{mark}: want {', '.join(r['expected'])}; got {', '.join(r['got'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
