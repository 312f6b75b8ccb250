"""The site's offline search index: rules, glossary terms, FAQ rulings and cards, scored by BM25 in
the browser (assets/search.js) from postings built here.

The index is a script (`assets/search-data.js` sets `window.JK_SEARCH`) because a page opened from
`file://` may not fetch a JSON file. Words are folded by `fold`, and search.js folds the query the
same way (a test checks both on the same words), so the two sides always agree.
"""
from __future__ import annotations

import json
import math
import re
from collections import Counter
from pathlib import Path

STOP = frozenset("a an and are as at be by can do does for from has have how i if in into is it its may of on "
                 "or so that the their them then there this to was what when where which while who why will "
                 "with you your".split())
FIELD_WEIGHTS = {"title": 3, "keys": 3, "text": 1}  # keys: what a thing is (keywords, types, aliases), unshown


def fold(word: str) -> str:
    """A word's search form: lower case, with a plural or verb ending taken off (mirrored in search.js)."""
    w = word.lower()
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 5 and w.endswith("ing"):
        return w[:-3]
    if len(w) > 4 and w.endswith("ed"):
        return w[:-2]
    if len(w) > 4 and w.endswith("es") and w[-3] in "sxz":
        return w[:-2]
    if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        return w[:-1]
    return w


def words(text: str) -> list[str]:
    return [fold(w) for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in STOP]


def build(documents: list[dict]) -> dict:
    """documents: [{kind, title, url, line, cites, keys, text}] -> the index as plain data."""
    postings: dict[str, list[list[int]]] = {}
    lengths = []
    for n, doc in enumerate(documents):
        counts: Counter = Counter()
        for field, weight in FIELD_WEIGHTS.items():
            for word in words(doc.get(field, "")):
                counts[word] += weight
        lengths.append(sum(counts.values()))
        for word, count in counts.items():
            postings.setdefault(word, []).append([n, count])
    docs = [{"k": d["kind"], "t": d["title"], "u": d["url"], "l": d["line"][:200], "c": d["cites"]}
            for d in documents]
    return {"docs": docs, "lengths": lengths, "avg": sum(lengths) / max(len(lengths), 1),
            "postings": dict(sorted(postings.items())), "stop": sorted(STOP), "idf_n": len(documents)}


def documents(content, places) -> list[dict]:
    """Every searchable thing with its URL from the site's top folder."""
    from judgekit.site.rule_pages import _number

    book, edition, out = content.book, content.edition, []
    for entry in book.entries.values():
        number = _number(book, entry.id, edition)
        title = f"{number} {entry.title or book.short_title(entry.id)}"
        out.append({"kind": "rule", "title": title, "url": places.rule(entry.id, ""), "line": entry.text,
                    "cites": [number], "text": " ".join((entry.text,) + tuple(entry.examples))})
    for term in book.glossary:
        number = _number(book, term.rule_id, edition)
        out.append({"kind": "term", "title": term.term, "url": places.rule(term.rule_id, ""),
                    "line": book.get(term.rule_id).text, "cites": [number], "keys": " ".join(term.aliases)})
    for ruling in content.faq.rulings.values():
        shown = [content.faq_rulings[Path(s["path"])] for s in ruling.scenarios]
        question = next((s.ruling["scenario"]["question"] for s in shown if s.ruling), "")
        cites = sorted({_number(book, i, edition) for s in shown for i in s.cited_ids if i in book.entries})
        out.append({"kind": "ruling", "title": ruling.ref, "url": places.faq_ruling(ruling.card, ruling.ref, ""),
                    "line": ruling.answer, "cites": cites[:8],
                    "text": " ".join((ruling.card, question, ruling.answer))})
    for card in content.cards:
        texts = [e.text for e in tuple(card.effects) + tuple(card.top_effects) + tuple(card.bottom_effects) if e.text]
        keywords = list(card.keywords) + list(card.bottom_keywords)
        line = " / ".join(card.types) + (f", {', '.join(keywords)}" if keywords else "") + \
            (f": {texts[0]}" if texts else "")
        out.append({"kind": "card", "title": card.full_name, "url": places.card(card.full_name, ""), "line": line,
                    "cites": [], "keys": " ".join(list(card.types) + list(card.tags) + keywords),
                    "text": " ".join(texts)})
    return out


def write(content, places, out: Path) -> int:
    """Write assets/search-data.js; its size in bytes."""
    data = json.dumps(build(documents(content, places)), ensure_ascii=False, separators=(",", ":"))
    text = f"window.JK_SEARCH={data};\n"
    (out / "assets" / "search-data.js").write_text(text, encoding="utf-8")
    return len(text.encode())
