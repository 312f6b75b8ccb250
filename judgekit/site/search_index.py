"""The site's offline search index: `judgekit search`'s own index (judgekit/search/), shipped to the
browser, so the site's search box and the command rank the same way.

The documents, their BM25F field weights and saturated term weights, the stems, the table of other
games' words, the opposites, the stop words and the names that define a rule all come from
`judgekit.search.index.Index`; assets/search.js applies them exactly as `Index.search` does (query
words, typo correction outside the vocabulary, kind weights, coverage, opposites, the deciding
sub-rule, the sub-rule adding what the question asks, a heading's first sub-rule, defining rules, the
bonus for two query words side by side, from the stem pairs of each line, the score FAQ rulings lend to
the rules they rest on, the bonus for a rule stating what kind of thing a question asks for, the rules
moved by meaning with judgekit.search.vectors' word and rule vectors). One thing stays with the command:
the Snowball stemmer for a word that is in no document and no table (the browser keeps such a word as
typed, then corrects it as a typo).

The index is a script (`assets/search-data.js` sets `window.JK_SEARCH`) because a page opened from
`file://` may not fetch a JSON file.
"""
from __future__ import annotations

import json
import math
from pathlib import Path

from judgekit.faq import parse_ref
from judgekit.search import families, words as text
from judgekit.search import index as ranking, prior
from judgekit.search.documents import RULE, RULING, TERM
from judgekit.search.index import KIND_WEIGHTS, OPPOSITE_WEIGHT, Index
from judgekit.search.indexing import weight


def _number(book, rule_id: str, edition: str) -> str:
    from judgekit.site.rule_pages import _number as number
    return number(book, rule_id, edition)


def _place(doc: dict, places) -> str:
    if doc["kind"] == RULE:
        return places.rule(doc["key"], "")
    if doc["kind"] == TERM:
        return places.rule(doc["cites"][0], "")
    if doc["kind"] == RULING:
        return places.faq_ruling(parse_ref(doc["key"])[0], doc["key"], "")
    return places.card(doc["key"], "")


def _shown(doc: dict, book, edition: str) -> dict:
    """What a result shows: kind, title, first line, and the rules it rests on by number."""
    kind = doc["kind"]
    if kind == RULE:
        entry = book.entries[doc["key"]]
        title, line = f"{_number(book, entry.id, edition)} {doc['title']}", entry.text
    else:
        title, line = doc["title"], " ".join(doc.get("lines") or ())
    cites = [] if kind == RULE else [_number(book, c, edition) for c in doc["cites"] if c in book.entries][:8]
    return {"k": kind, "t": title, "l": line[:200], "c": cites}


def build(index: Index, places, edition: str) -> dict:
    """The command's index as the browser needs it (see the module's docstring)."""
    book, documents = index.book, index.documents
    position = {d["key"]: n for n, d in enumerate(documents) if d["kind"] == RULE}
    docs = []
    for n, doc in enumerate(documents):
        shown = _shown(doc, book, edition) | {"u": _place(doc, places)}
        if doc["kind"] == RULE:
            entry = book.entries[doc["key"]]
            parent = position.get(book.by_number.get(entry.parent_number or "", ""), -1)
            says = [name for name, docs in index.says.items() if n in docs]
            first = index.defined_by(n)  # a heading's first sub-rule (families.heading_yields)
            decided = index.decides.get(doc["key"], 0)  # the scenarios it decides (search.prior.prefer_deciding)
            shown |= ({"p": parent, "d": len(entry.number)} | ({"s": says} if says else {})
                      | ({"w": decided} if decided else {})
                      | ({"h": first} if first is not None else {}))
        elif doc["kind"] == RULING:
            shown |= {"r": index.lends_to(n)}
        docs.append(shown)
    pairs: dict[str, list[int]] = {}  # "stem stem" -> a document once for each of its lines holding the pair
    for n in range(len(documents)):
        for line in index.adjacent_pairs(n):
            for a, b in line:
                pairs.setdefault(f"{a} {b}", []).append(n)
    terms = {name: position[rule_id] for name, rule_id in book.terms.items() if rule_id in position}
    postings = {root: [weight(idf), found, [weight(v) for v in values]]
                for root, (idf, found, values) in ((root, index.slot(root)) for root in index.postings)}
    return {"docs": docs, "meaning": _meaning(docs, documents), "postings": postings,
            "vocabulary": sorted(index.vocabulary),
            "stems": {w: r for w, r in (index.line_stems | index.stems).items() if r != w}, "stop": sorted(text.STOP),
            "table": index.table, "longest": index.longest, "opposites": index.opposites,
            "defines": index.defines, "cardNames": index.card_names, "terms": terms, "kinds": KIND_WEIGHTS, "opposite": OPPOSITE_WEIGHT,
            "sameLength": text.SAME_LENGTH_ODDS, "groupPower": text.GROUP_POWER,
            "pairs": pairs, "lend": [ranking.LEND, ranking.LEND_SHORTLIST],
            "intents": [[name, asks] for name, (asks, _) in ranking.INTENTS.items()],
            "intent": [ranking.INTENT_BONUS, ranking.INTENT_SHORTLIST],
            "adding": [families.ADDING_SHORTLIST, families.ADDING_SHARE, families.ADDING_IDF, families.ADDING_NEAR],
            "own": [families.OWN_WEIGHT, families.OWN_SHORTLIST],
            "decides": [prior.DECIDES_WEIGHT, prior.DECIDES_SHORTLIST,
                        math.log(1 + max(index.decides.values(), default=0))]}


def _meaning(docs: list[dict], documents: list[dict]) -> dict | None:
    """The word and rule vectors of judgekit.search.vectors, each rule document given its row ("v"); None
    without them."""
    import base64
    from judgekit.search import vectors
    table = vectors.load()
    if table is None:
        return None
    for shown, doc in zip(docs, documents):
        if doc["kind"] == RULE and doc["key"] in table.rule_at:
            shown["v"] = table.rule_at[doc["key"]]
    return {"weight": vectors.WEIGHT, "shortlist": vectors.SHORTLIST, "least": vectors.LEAST_WORDS,
            "dims": table.dims, "stems": table.words, "scales": table.scales.tolist(),
            "words": base64.b64encode(table.table.tobytes()).decode("ascii"),
            "rules": base64.b64encode(table.rule_table.tobytes()).decode("ascii")}


def write(content, places, out: Path) -> int:
    """Write assets/search-data.js; its size in bytes."""
    data = build(Index(content.book), places, content.edition)
    text_ = f"window.JK_SEARCH={json.dumps(data, ensure_ascii=False, separators=(',', ':'))};\n"
    (out / "assets" / "search-data.js").write_text(text_, encoding="utf-8")
    return len(text_.encode())

