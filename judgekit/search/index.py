"""Ranking for questions: BM25F over rules, glossary terms, FAQ rulings and cards.

Each document's fields are weighted (a rule's title and the names it defines above its text, its text
well above its examples and tips) and length-normalised field by field, then saturated once (BM25F,
k1=1.2, b=0.75). A query's words lose their stop words, are mapped from other games' words to this
game's (judgekit/data/search-words.yaml), corrected only when outside the vocabulary, and stemmed.
Documents matching more of the query rank higher, rules above the rulings and cards that match as
well; among the best matches, one holding two query words side by side gains a little; a sub-rule
matching more of the query than its parent, or the only one of its sub-rules matching all the parent
matches, goes just above it (the deciding sub-rule before the general statement); a query naming a
glossary term or a rule's title lands first on its defining rule.

Why not a library: rank_bm25 and bm25s both import NumPy (bm25s SciPy too), several times the
whole cold-start budget of `judgekit search`, and neither weights fields; the scoring itself is a
few lines. The built index (postings with each document's saturated field-weighted frequency, the
vocabulary, the stems) is plain JSON-able data kept in judgekit's cache, named by the content it
comes from, so a search usually imports neither the stemmer nor RapidFuzz.
"""
from __future__ import annotations

import math
import re
from pathlib import Path

from judgekit.cache import cached, new_hash
from dataclasses import dataclass
from judgekit.rules.book import RuleEntry, Rulebook
from judgekit.search import words as text
from judgekit.search.documents import CARD, KINDS, RULE, RULING, TERM, all_documents

FORMAT = 8  # bump when the index's layout, the documents or the stemming change
FIELD_WEIGHTS = {"title": 3.0, "heading": 0.8, "text": 1.0, "facts": 2.5, "examples": 0.25, "asked": 0.3}
K1, B = 1.2, 0.75
# What a question asks for, read from its wording, and the words of a rule that answer that kind of question:
# "do I have to" / "is it optional" asks for an obligation (a rule saying must, may, up to), "can I" / "is it
# legal" for a permission (a rule saying may, can, cannot, only). Among the best matches, a rule stating
# that kind of thing gains INTENT_BONUS.
INTENTS = {
    "obligation": (r"\b(do|does|must) (i|you|they|we|he|she|it|the \w+) (have|need) to\b|\bhave to\b|\boptional\b"
                   r"|\bforced\b|\brequired\b|\bmandatory\b",
                   r"\b(must|may|optional|up to|need not|does not have to)\b"),
    "permission": (r"^(can|could|may)\b|\b(can|may) (i|you|a|an|the|my|it|they|we|he|she)\b|\ballowed\b|\blegal\b"
                   r"|\bable to\b",
                   r"\b(may|can|cannot|can't|can not|only|not able|able|must not|never)\b"),
}
INTENT_BONUS, INTENT_SHORTLIST = 1.1, 30
# A FAQ ruling among the LEND_SHORTLIST best matches lends LEND of its score to the first LEND_CITES rules it
# rests on (shared among them): the official answer to a question worded like the query points at its rule.
LEND, LEND_SHORTLIST, LEND_CITES = 0.3, 5, 3
OPPOSITE_WEIGHT = 0.5  # a word's opposite state counts half as much as the word itself
KIND_WEIGHTS = {RULE: 1.0, TERM: 0.9, RULING: 0.5, CARD: 0.5}  # a rule that decides first; rulings and cards follow


@dataclass(frozen=True)
class Hit:
    """A document found by a search: its kind, key and title, score, best-matching line and the rules it rests on."""

    kind: str
    key: str  # a rule's id, a term, a FAQ ruling's ref, a card's full name
    title: str
    score: float
    line: str
    terms: tuple[str, ...]  # the query's words that matched (corrected, mapped)
    highlight: tuple[str, ...] = ()  # the words of `line` that matched, as written there
    cites: tuple[str, ...] = ()  # rule ids
    entry: RuleEntry | None = None  # for a rule


def _sources() -> list[Path]:
    from judgekit.resources import data_file
    return [data_file("search-words.yaml"), data_file("faq-index.yaml"), data_file("cards-wnc.json"),
            data_file("card-effects.yaml"), data_file("search-asked.json"), Path(__file__), Path(text.__file__),
            Path(__file__).with_name("documents.py"), Path(__file__).with_name("asked.py")]


def _faq_stamp() -> str:
    """The FAQ corpus's scenario files by name, size and modification time (reading them all would cost more
    than the search); "none" without a corpus, whose rulings are then simply not searched."""
    import os
    from judgekit.resources import MissingData, folder
    try:
        pending = [str(folder("faq_corpus"))]
    except (MissingData, OSError):
        return "none"
    stamps = []
    while pending:
        try:
            with os.scandir(pending.pop()) as entries:
                for entry in entries:
                    if entry.is_dir(follow_symlinks=False):
                        pending.append(entry.path)
                    elif entry.name.endswith(".yaml"):
                        info = entry.stat()
                        stamps.append(f"{entry.path}:{info.st_size}:{info.st_mtime_ns}")
        except OSError:
            continue
    return "\n".join(sorted(stamps))


def fingerprint(book: Rulebook) -> str:
    digest = new_hash()
    digest.update(f"{FORMAT}:{book.content_digest()}:{_faq_stamp()}".encode())
    return digest.hexdigest()[:20]


@dataclass
class IndexData:
    """The built index as judgekit's cache keeps it: each field's type is checked when the entry is read, so a
    damaged or planted entry is rebuilt (judgekit.cache)."""

    documents: list[dict]
    postings: dict[str, list]
    stems: dict[str, str]
    vocabulary: dict[str, int]
    line_stems: dict[str, str]
    defines: dict[str, int]
    table: dict[str, list[str]]
    opposites: dict[str, list[str]]
    longest: int
    says: dict[str, list[int]]  # {an intent of INTENTS: the rules (document numbers) stating that kind of thing}


def build(book: Rulebook) -> dict:
    """The index as plain data: documents (kind, key, title, cites, lines), postings, vocabulary, stems."""
    documents = all_documents(book)
    stems: dict[str, str] = {}
    frequencies: list[dict[str, float]] = []
    lengths: dict[str, list[int]] = {}
    per_field: list[dict[str, tuple[dict[str, int], int]]] = []
    for doc in documents:
        fields = {}
        for name, value in doc["fields"].items():
            counts: dict[str, int] = {}
            found = text.words(value)
            for word in found:
                root = stems.get(word) or stems.setdefault(word, text.stem(word))
                counts[root] = counts.get(root, 0) + 1
            fields[name] = (counts, len(found))
            lengths.setdefault(name, []).append(len(found))
        per_field.append(fields)
    average = {name: max(1.0, sum(ls) / len(ls)) for name, ls in lengths.items()}
    for fields in per_field:
        weighted: dict[str, float] = {}
        for name, (counts, length) in fields.items():
            norm = 1 - B + B * length / average[name]
            for root, count in counts.items():
                weighted[root] = weighted.get(root, 0.0) + FIELD_WEIGHTS[name] * count / norm
        frequencies.append(weighted)
    postings: dict[str, list] = {}
    for n, weighted in enumerate(frequencies):
        for root, tf in weighted.items():
            slot = postings.setdefault(root, [0.0, [], []])
            slot[1].append(n)
            slot[2].append(round(tf / (K1 + tf), 5))
    total = len(documents)
    for slot in postings.values():
        slot[0] = round(math.log(1 + (total - len(slot[1]) + 0.5) / (len(slot[1]) + 0.5)), 5)
    vocabulary: dict[str, int] = {}
    for word, root in stems.items():
        vocabulary[word] = len(postings[root][1])
    table_text = _table_path().read_text(encoding="utf-8")
    table = text.read_table(table_text)
    for said, meant in table.items():
        for word in said.split() + [w for m in meant for w in text.tokens(m)]:
            stems.setdefault(word, text.stem(word))
    line_stems = {token: text.stem(token) for doc in documents for line in _lines(book, doc)
                  for token in text.tokens(line) if token not in stems}
    defines: dict[str, int] = {}
    position = {(d["kind"], d["key"]): n for n, d in enumerate(documents)}
    names = [(t.term, t.rule_id) for t in book.glossary] + \
        [(alias, t.rule_id) for t in book.glossary for alias in t.aliases] + \
        [(book.entries[r].title, r) for r in book.order if book.entries[r].title]
    for name, rule_id in names:  # glossary terms, then their aliases, then rule titles
        key = " ".join(text.words(name.strip("[]")))
        if key and key not in defines:
            defines[key] = position[(RULE, rule_id)]
    said = {n: book.entries[d["key"]].text.lower().replace("’", "'") for n, d in enumerate(documents)
            if d["kind"] == RULE}
    says = {name: [n for n, t in said.items() if re.search(states, t)] for name, (_, states) in INTENTS.items()}
    return {"documents": [{k: d[k] for k in ("kind", "key", "title", "cites")} |
                          {k: d[k] for k in ("lines", "uses") if k in d} for d in documents],
            "postings": postings, "stems": stems, "vocabulary": vocabulary, "line_stems": line_stems,
            "defines": defines, "table": table, "opposites": text.read_opposites(table_text), "longest": max((len(s.split()) for s in table), default=1),
            "says": says}


def _table_path() -> Path:
    from judgekit.resources import data_file
    return data_file("search-words.yaml")


def _lines(book: Rulebook, doc: dict) -> list[str]:
    """The sentences a hit's line is chosen from."""
    if doc["kind"] == RULE:
        entry = book.entries[doc["key"]]
        return [s for t in (entry.text,) + entry.examples + entry.tips for s in re.split(r"(?<=[.!?])\s+", t) if s]
    return [s for line in doc.get("lines") or () for s in re.split(r"(?<=[.!?])\s+", line) if s]


class Index:
    """One search over rules, terms, FAQ rulings and cards (see the module's docstring)."""

    def __init__(self, book: Rulebook, cached_index: bool = True):
        self.book = book
        data = cached(f"search-{fingerprint(book)}", _sources(), lambda: IndexData(**build(book)), IndexData) \
            if cached_index else IndexData(**build(book))
        self.documents: list[dict] = data.documents
        self.postings: dict[str, list] = data.postings
        self.stems: dict[str, str] = data.stems
        self.vocabulary: dict[str, int] = data.vocabulary
        self.line_stems: dict[str, str] = data.line_stems
        self.defines: dict[str, int] = data.defines
        self.table: dict[str, list[str]] = data.table
        self.opposites: dict[str, list[str]] = data.opposites
        self.longest: int = data.longest
        self.says: dict[str, set[int]] = {name: set(docs) for name, docs in data.says.items()}
        self._rule_position = {d["key"]: n for n, d in enumerate(self.documents) if d["kind"] == RULE}

    def stem(self, word: str) -> str:
        return self.stems.get(word) or self.line_stems.get(word) or text.stem(word)

    def known(self, word: str) -> bool:
        return word in self.vocabulary or word in text.STOP or self.stem(word) in self.postings

    def query_words(self, query: str) -> list[str]:
        """The query's words as searched: typos outside the vocabulary and the table corrected, other games'
        words mapped, stop words out, one word for each stem ("gig" and "gigs" weigh once)."""
        raw = [t[:-2] if t.endswith("'s") else t for t in text.tokens(query)]
        for shouted in re.findall(r"\b[A-Z][A-Z]+(?: [A-Z][A-Z]+)*\b", query):  # ATTACK, GO SOLO: the keyword
            keyword = f"[{shouted.lower()}]"
            if keyword in self.vocabulary:
                raw.append(keyword)
        said = {w for phrase in self.table for w in phrase.split()}
        raw = [self._typo(t, said) for t in raw if t]
        out = []
        for word in text.expand(raw, self.table, self.longest):
            if word in text.STOP:
                continue
            if "-" in word and not word.startswith("[") and word not in self.defines:
                out.extend(w for w in word.split("-") if w and w not in text.STOP)
                continue
            out.append(word)
        first: dict[str, str] = {}
        for word in out:
            first.setdefault(self.stem(word), word)
        return list(first.values())

    def _typo(self, word: str, said: set[str]) -> str:
        """A word in no searched text, no table entry and no stop list, corrected to the closest word of the
        vocabulary or of the table's other games' words ("sumoning sickness" is summoning sickness, then Lag);
        a hyphenated word or a keyword as typed."""
        if "-" in word or word.startswith("[") or word in said or self.known(word):
            return word
        return text.correct(word, self.vocabulary | {w: len(self.postings.get(self.stem(w), (0, ()))[1])
                                                     for w in said if w not in self.vocabulary})

    def opposite_words(self, query: str, terms: list[str]) -> dict[str, str]:
        """{a word of the opposite state: the query's word it stands for}, for each query word naming a state
        (ready: spent, spend; face-up: face-down, down), words already asked for left out."""
        raw = [t[:-2] if t.endswith("'s") else t for t in text.tokens(query)]
        out: dict[str, str] = {}
        for word in text.expand([t for t in raw if t], self.table, self.longest):
            owner = word if word in terms else word.split("-")[-1]
            if owner not in terms:
                continue
            for opposite in self.opposites.get(word, ()):
                for part in text.words(opposite):
                    if part not in terms:
                        out.setdefault(part, owner)
        return out

    def search(self, query: str, limit: int = 10, kinds: tuple[str, ...] = KINDS) -> list[Hit]:
        """Rank documents of the given kinds; "quoted phrases" must appear as written (case-insensitive)."""
        phrases = [p.lower() for p in re.findall(r'"([^"]+)"', query)]
        free = re.sub(r'"[^"]+"', " ", query)
        terms = self.query_words(free) + [w for p in phrases for w in text.words(p)]
        terms = list(dict.fromkeys(terms))
        if not terms:
            return []
        scores: dict[int, float] = {}
        matched: dict[int, set[str]] = {}
        stood_for: dict[int, set[str]] = {}  # the query words a document matched only by their opposite
        opposites = self.opposite_words(free, terms)
        stems = {self.stem(t) for t in terms}
        for term in terms + [o for o in opposites if self.stem(o) not in stems]:
            slot = self.postings.get(self.stem(term))
            if not slot:
                continue
            idf, docs, values = slot
            weight = OPPOSITE_WEIGHT if term in opposites else 1.0
            for doc, value in zip(docs, values):
                scores[doc] = scores.get(doc, 0.0) + weight * idf * value
                if term in opposites:
                    stood_for.setdefault(doc, set()).add(opposites[term])
                    matched.setdefault(doc, set())
                else:
                    matched.setdefault(doc, set()).add(term)
        wanted = set(kinds)
        for doc in list(scores):
            kind = self.documents[doc]["kind"]
            if phrases and not self._holds_phrases(doc, phrases):
                del scores[doc]
                continue
            coverage = (len(matched[doc]) + OPPOSITE_WEIGHT * len(stood_for.get(doc, set()) - matched[doc])) \
                / len(terms)
            scores[doc] *= KIND_WEIGHTS[kind] * (0.25 + 0.75 * coverage * coverage)
        self._lend(scores, matched)
        for doc in list(scores):
            if self.documents[doc]["kind"] not in wanted:
                del scores[doc]
        self._prefer_intent(free, scores)
        self._prefer_adjacent(terms, scores)
        self._prefer_sub_rules(scores, matched)
        self._prefer_defining(query, terms, scores, matched, wanted)
        ranked = sorted(scores, key=lambda d: (-scores[d], d))[:limit]
        return [self._hit(doc, scores[doc], matched[doc], phrases) for doc in ranked]

    def _prefer_intent(self, query: str, scores: dict[int, float]) -> None:
        """Among the best matches, a rule stating what kind of thing the question asks for (an obligation, a
        permission: see INTENTS) gains a little."""
        asked = " ".join(query.lower().replace("’", "'").split())
        intent = next((name for name, (asks, _) in INTENTS.items() if re.search(asks, asked)), None)
        if intent is None:
            return
        stating = self.says.get(intent, set())
        for doc in sorted(scores, key=lambda d: (-scores[d], d))[:INTENT_SHORTLIST]:
            if doc in stating:
                scores[doc] *= INTENT_BONUS

    def _lend(self, scores: dict[int, float], matched: dict[int, set[str]]) -> None:
        """The FAQ rulings that match the question best lend part of their score to the rules they rest on."""
        lenders = [d for d in scores if self.documents[d]["kind"] == RULING]
        for doc in sorted(lenders, key=lambda d: (-scores[d], d))[:LEND_SHORTLIST]:
            rules = self.lends_to(doc)
            for rule in rules:
                scores[rule] = scores.get(rule, 0.0) + LEND * scores[doc] / len(rules)
                matched.setdefault(rule, set())

    def lends_to(self, doc: int) -> list[int]:
        """The rule documents a FAQ ruling lends its score to: the first LEND_CITES rules it rests on."""
        found = (self._rule_position.get(r) for r in self.documents[doc]["cites"][:LEND_CITES])
        return [n for n in found if n is not None]

    def _prefer_adjacent(self, terms: list[str], scores: dict[int, float], shortlist: int = 60) -> None:
        """Among the best matches, a document holding two of the query's words side by side ("same power",
        "face-down Legend") says what was asked more closely: 10% more for each such pair, up to three."""
        pairs = {(self.stem(a), self.stem(b)) for a, b in zip(terms, terms[1:])}
        if not pairs:
            return
        for doc in sorted(scores, key=lambda d: (-scores[d], d))[:shortlist]:
            found = sum(len(pairs & line) for line in self.adjacent_pairs(doc))
            if found:
                scores[doc] *= 1 + 0.1 * min(found, 3)

    def adjacent_pairs(self, doc: int) -> list[set[tuple[str, str]]]:
        """Each line of a document as the set of stem pairs standing side by side in it."""
        out = []
        for line in _lines(self.book, self.documents[doc]):
            stems = [self.stem(w) for w in text.words(line)]
            out.append(set(zip(stems, stems[1:])))
        return out

    def _prefer_sub_rules(self, scores: dict[int, float], matched: dict[int, set[str]]) -> None:
        """A sub-rule that says more precisely what its parent says goes just above it: one matching more of the
        query's words than the parent, or the only one of its sub-rules matching all the parent matches."""
        by_number, entries = self.book.by_number, self.book.entries
        rules = [d for d in scores if self.documents[d]["kind"] == RULE]
        children: dict[int, list[int]] = {}
        for doc in rules:
            parent = self._rule_position.get(by_number.get(entries[self.documents[doc]["key"]].parent_number or "", ""))
            if parent in scores and matched[doc] >= matched[parent]:
                children.setdefault(parent, []).append(doc)
        for parent in sorted(children, key=lambda p: -len(entries[self.documents[p]["key"]].number)):
            found = children[parent]
            for doc in found:
                if (matched[doc] > matched[parent] or len(found) == 1) and scores[doc] < scores[parent]:
                    scores[doc] = scores[parent] * 1.001

    def _prefer_defining(self, query, terms, scores, matched, wanted) -> None:
        """A query that names a glossary term or a rule's title puts its defining rule first, the term next."""
        exact = self.book.terms.get(" ".join(query.lower().split()))
        doc = self._rule_position.get(exact) if exact else self.defines.get(" ".join(terms))
        if doc is None:
            return
        top = max(scores.values(), default=0.0)
        if RULE in wanted:
            scores[doc] = top * 2 + 1
            matched.setdefault(doc, set(terms))
        rule_id = self.documents[doc]["key"]
        for n, d in enumerate(self.documents):
            if d["kind"] == TERM and d["cites"] == [rule_id] and n in scores:
                scores[n] = top * 2 + 0.5

    def _holds_phrases(self, doc: int, phrases: list[str]) -> bool:
        d = self.documents[doc]
        if d["kind"] == RULE:
            e = self.book.entries[d["key"]]
            haystack = " ".join(filter(None, (e.title, e.section, e.text) + e.examples)).lower()
        else:
            haystack = " ".join([d["title"]] + list(d.get("lines") or ())).lower()
        return all(p in haystack for p in phrases)

    def _hit(self, doc: int, score: float, terms: set[str], phrases: list[str]) -> Hit:
        d = self.documents[doc]
        sentences = _lines(self.book, d)
        stems = {self.stem(t) for t in terms}

        def fit(sentence: str) -> int:
            own = {self.stem(w) for w in text.words(sentence)}
            return len(stems & own) + 3 * sum(p in sentence.lower() for p in phrases)

        line = max(sentences, key=fit) if sentences else d["title"]
        if d["kind"] == RULING and not line.startswith("Answer:") and d.get("lines"):
            line = f"{line} {d['lines'][-1]}"  # a ruling's line carries its answer
        shown = tuple(dict.fromkeys(w for w in text.tokens(line) if self.stem(w) in stems))
        entry = self.book.entries[d["key"]] if d["kind"] == RULE else None
        return Hit(d["kind"], d["key"], d["title"], score, line, tuple(sorted(terms)), shown, tuple(d["cites"]), entry)
