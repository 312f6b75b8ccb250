"""Refresh judgekit/data/cards-wnc.json from a published card list: facts only, never card text.

Usage: python tools/refresh_card_facts.py ../shared/reference/cards-wnc.json [--write]

Prints every card whose facts differ (matched by name and subtitle); `--write` rewrites the data file.
The fields kept are the ones the data file already has; the source's `text`, `flavor`, `notes` and
`verified` are dropped (a card's text is shipped only as our own paraphrase in card-effects.yaml).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "judgekit" / "data" / "cards-wnc.json"
FIELDS = ("id", "name", "subtitle", "type", "color", "ram", "cost", "power", "sell_tag", "tags", "keywords",
          "set", "number")


def facts(card: dict) -> dict:
    return {key: card.get(key) for key in FIELDS}


def refresh(source: Path, write: bool) -> list[str]:
    current = json.loads(DATA.read_text(encoding="utf-8"))
    published = json.loads(source.read_text(encoding="utf-8"))
    before = {(c["name"], c["subtitle"]): c for c in current["cards"]}
    changes = []
    cards = []
    for card in published["cards"]:
        new = facts(card)
        old = before.pop((card["name"], card["subtitle"]), None)
        full = card["name"] + (f": {card['subtitle']}" if card["subtitle"] else "")
        if old is None:
            changes.append(f"{full}: new card")
        else:
            changes += [f"{full}: {key} {old.get(key)!r} -> {new[key]!r}" for key in FIELDS if old.get(key) != new[key]]
        cards.append(new)
    changes += [f"{name}: no longer listed" for name in before]
    if write:
        out = {"set": published.get("set", current["set"]), "note": current["note"], "cards": cards}
        DATA.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return changes


if __name__ == "__main__":
    for line in refresh(Path(sys.argv[1]), "--write" in sys.argv[2:]):
        print(line)
