"""Ranking for questions: BM25F over rules, glossary terms, FAQ rulings and cards.

Each document's fields are weighted (a rule's title and the names it defines above its text, its text
well above its examples and tips) and length-normalised field by field, then saturated once (BM25F,
k1=1.2, b=0.75). A query's words lose their stop words, are mapped from other games' words to this
game's (judgekit/data/search-words.yaml), corrected only when outside the vocabulary, and stemmed.
Documents matching more of the query rank higher, rules above the rulings and cards that match as
well; among the best matches, one holding two query words side by side gains a little; a sub-rule
matching more of the query than its parent, or the only one of its sub-rules matching all the parent
matches, goes just above it (the deciding sub-rule before the general statement), and so does, among the few
best, a sub-rule adding rarer query words its parent lacks or nearly tied with it; a heading ("This section
defines the [BLOCKER] effect keyword") gives its place to its first sub-rule, which defines; a query naming a
glossary term or a rule's title lands first on its defining rule. A rule's "asked as" field holds the
words judgekit's scenarios ask it with (judgekit/search/asked.py), its "questions" field the questions
people ask that it decides, written by hand (judgekit/search/questions.py); the FAQ rulings matching best lend
part of their score to the rules they rest on; a question asking for an obligation or a permission
("do I have to", "can I"), a number ("how many"), an order ("which goes first"), a place ("where does it go")
or a chooser ("who picks") prefers the rules stating one (INTENTS). Among the best matches, rules move by how
near their meaning is to the query's (word vectors distilled from a sentence model when judgekit is built:
judgekit/search/vectors.py); then a family's member gains by the query words its relatives there lack
(families.prefer_own_words), and a rule by how many of judgekit's scenarios it decides (judgekit/search/prior.py).

Why not a library: rank_bm25 and bm25s both import NumPy (bm25s SciPy too), several times the
whole cold-start budget of `judgekit search`, and neither weights fields; the scoring itself is a
few lines. The built index (postings with each document's saturated field-weighted frequency, the
vocabulary, the stems) is plain JSON-able data kept in judgekit's cache, named by the content it
comes from, so a search usually imports neither the stemmer nor RapidFuzz.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cached_property

from judgekit.cache import cached
from judgekit.rules.book import RuleEntry, Rulebook
from judgekit.search import families, prior, words as text
from judgekit.search.documents import CARD, KINDS, RULE, RULING, TERM
from judgekit.search.indexing import (FIELD_WEIGHTS, INTENTS, IndexData, Slot, build, document_lines, fingerprint,
                                      sources, unpack, weight)

__all__ = ["FIELD_WEIGHTS", "INTENTS", "KIND_WEIGHTS", "OPPOSITE_WEIGHT", "Hit", "Index", "build"]

# Among the INTENT_SHORTLIST best matches, a rule stating what kind of thing the question asks for (an
# obligation, a permission: judgekit.search.indexing.INTENTS) gains INTENT_BONUS.
INTENT_BONUS, INTENT_SHORTLIST = 1.2, 30
# A FAQ ruling among the LEND_SHORTLIST best matches lends LEND of its score to the first LEND_CITES rules it
# rests on (shared among them): the official answer to a question worded like the query points at its rule.
LEND, LEND_SHORTLIST, LEND_CITES = 0.3, 5, 3
# A rule number written in a query ("9.23.2", "rule 9.23.2", "CR 9.23.2."): the number is the group.
NUMBER = re.compile(r"(?:\b(?:rules?|cr)\s*)?(?<![\w.])(\d{1,2}(?:\.\d+)+)\.?(?![\w.])", re.IGNORECASE)
OPPOSITE_WEIGHT = 0.5  # a word's opposite state counts half as much as the word itself
KIND_WEIGHTS = {RULE: 1.0, TERM: 0.9, RULING: 0.5, CARD: 0.5}  # a rule that decides first; rulings and cards follow


def card_name_key(text_: str) -> str:
    """A card's name as compared with a query: lower case, punctuation as spaces ("Johnny Silverhand: Never Stop
    Fighting" is "johnny silverhand never stop fighting"). The site's search does the same (search.js)."""
    return " ".join(re.sub(r"[^\w'-]+", " ", text_.lower().replace("’", "'")).split())


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


class Index:
    """One search over rules, terms, FAQ rulings and cards (see the module's docstring)."""

    def __init__(self, book: Rulebook, cached_index: bool = True):
        self.book = book
        data = cached(f"search-{fingerprint(book)}", sources(), lambda: IndexData(**build(book)), IndexData) \
            if cached_index else IndexData(**build(book))
        self.documents: list[dict] = data.documents
        self.postings: dict[str, str] = data.postings  # packed: read through `slot`
        self._slots: dict[str, Slot | None] = {}
        self.stems: dict[str, str] = data.stems
        self.vocabulary: dict[str, int] = data.vocabulary
        self.line_stems: dict[str, str] = data.line_stems
        self.defines: dict[str, int] = data.defines
        self.table: dict[str, list[str]] = data.table
        self.opposites: dict[str, list[str]] = data.opposites
        self.longest: int = data.longest
        self.says: dict[str, set[int]] = {name: set(docs) for name, docs in data.says.items()}
        self.decides: dict[str, int] = data.decides
        self.rule_position = {d["key"]: n for n, d in enumerate(self.documents) if d["kind"] == RULE}
        self._said = frozenset(w for phrase in self.table for w in phrase.split())  # the table's other games' words
        self._typos: dict[str, str] = {}  # each word as `_typo` read it, so a query's words are corrected once

    def stem(self, word: str) -> str:
        return self.stems.get(word) or self.line_stems.get(word) or text.stem(word)

    def slot(self, stem: str) -> Slot | None:
        """A stem's posting (IDF, documents, weights), unpacked once per index; None for a stem in no document."""
        if stem not in self._slots:
            packed = self.postings.get(stem)
            self._slots[stem] = unpack(packed) if packed is not None else None
        return self._slots[stem]

    def known(self, word: str) -> bool:
        return word in self.vocabulary or word in text.STOP or self.stem(word) in self.postings

    def query_words(self, query: str) -> list[str]:
        """The query's words as searched: typos outside the vocabulary and the table corrected, other games'
        words mapped, stop words out, one word for each stem ("gig" and "gigs" weigh once)."""
        return self._searched(self._groups(query))

    def _searched(self, groups: list[list[str]]) -> list[str]:
        """`query_words` of the query's groups (`_groups`)."""
        out = []
        for word in (w for group in groups for w in group):
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

    def _groups(self, query: str) -> list[list[str]]:
        """The query's words, typos corrected, as `text.expand_groups` groups them (a word, or a table phrase's
        words); a keyword written in capitals is added as its keyword."""
        raw = self._tokens(query)
        for shouted in re.findall(r"\b[A-Z][A-Z]+(?: [A-Z][A-Z]+)*\b", query):  # ATTACK, GO SOLO: the keyword
            keyword = f"[{shouted.lower()}]"
            if keyword in self.vocabulary:
                raw.append(keyword)
        raw = [self._typo(t) for t in raw if t]
        return text.expand_groups(raw, self.table, self.longest)

    def corrections(self, query: str) -> list[tuple[str, str]]:
        """(as typed, as searched) for each word of the query corrected as a typo (see `_typo`), for the reader to
        see what was searched."""
        raw = self._tokens(re.sub(r'"[^"]+"', " ", query))
        return list(dict.fromkeys((t, fixed) for t in raw if t and (fixed := self._typo(t)) != t))

    @staticmethod
    def _tokens(query: str) -> list[str]:
        """The query's words as typed, a possessive's "'s" off."""
        return [t[:-2] if t.endswith("'s") else t for t in text.tokens(query)]

    def _typo(self, word: str) -> str:
        """A word in no searched text, no table entry and no stop list, corrected to the closest word of the
        vocabulary or of the table's other games' words ("sumoning sickness" is summoning sickness, then Lag);
        a hyphenated word or a keyword as typed."""
        if "-" in word or word.startswith("[") or word in self._said or self.known(word):
            return word
        if word not in self._typos:
            self._typos[word] = text.correct(word, self.vocabulary | {
                w: len((self.slot(self.stem(w)) or (0, ()))[1]) for w in self._said if w not in self.vocabulary})
        return self._typos[word]

    def opposite_words(self, query: str, terms: list[str]) -> dict[str, str]:
        """{a word of the opposite state: the query's word it stands for}, for each query word naming a state
        (ready: spent, spend; face-up: face-down, down), words already asked for left out."""
        raw = self._tokens(query)
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

    def search(self, query: str, limit: int = 10, kinds: tuple[str, ...] = KINDS,
               edition: str | None = None) -> list[Hit]:
        """Rank documents of the given kinds; "quoted phrases" must appear as written (case-insensitive); a rule
        number of `edition` in the query ("9.23.2", "rule 9.23.2") puts that rule first."""
        phrases = [p.lower() for p in re.findall(r'"([^"]+)"', query)]
        free = re.sub(r'"[^"]+"', " ", query)
        numbered = self._numbered(free, edition) if RULE in kinds else []
        groups = self._groups(NUMBER.sub(" ", free))  # read once: its words, and how much each counts
        terms = list(dict.fromkeys(self._searched(groups) + [w for p in phrases for w in text.words(p)]))
        shares = text.shares(groups)  # below 1 for the words a table phrase stands for
        share_of = {t: shares.get(t, 1.0) for t in terms}
        if not terms:
            return [self._hit(doc, 1.0, set(), phrases) for doc in numbered][:limit]
        scores: dict[int, float] = {}
        matched: dict[int, set[str]] = {}
        stood_for: dict[int, set[str]] = {}  # the query words a document matched only by their opposite
        opposites = self.opposite_words(free, terms)
        stems = {self.stem(t) for t in terms}
        for term in terms + [o for o in opposites if self.stem(o) not in stems]:
            slot = self.slot(self.stem(term))
            if not slot:
                continue
            idf, docs, values = weight(slot[0]), slot[1], slot[2]
            share = OPPOSITE_WEIGHT if term in opposites else share_of[term]
            for doc, value in zip(docs, values):
                scores[doc] = scores.get(doc, 0.0) + share * idf * weight(value)
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
            coverage = (sum(share_of[t] for t in matched[doc])
                        + OPPOSITE_WEIGHT * len(stood_for.get(doc, set()) - matched[doc])) / sum(share_of.values())
            scores[doc] *= KIND_WEIGHTS[kind] * (0.25 + 0.75 * coverage * coverage)
        self._lend(scores, matched)
        for doc in list(scores):
            if self.documents[doc]["kind"] not in wanted:
                del scores[doc]
        self._prefer_intent(free, scores)
        self._prefer_adjacent(terms, scores)
        families.prefer_sub_rules(self, scores, matched)
        self._prefer_meaning(free, terms, scores)
        families.prefer_own_words(self, scores, matched, share_of)
        prior.prefer_deciding(self, scores)
        families.prefer_adding_sub_rule(self, scores, matched, share_of)
        families.heading_yields(self, terms, scores, matched)
        self._prefer_defining(query, terms, scores, matched, wanted)
        if CARD in wanted:
            self._prefer_named_cards(free, scores, matched)
        top = max(scores.values(), default=0.0)
        for n, doc in enumerate(numbered):
            scores[doc] = top * 3 + 1 + len(numbered) - n  # named by its number: first, in the order written
            matched.setdefault(doc, set())
        ranked = sorted(scores, key=lambda d: (-scores[d], d))[:limit]
        return [self._hit(doc, scores[doc], matched[doc], phrases) for doc in ranked]

    def _prefer_meaning(self, query: str, terms: list[str], scores: dict[int, float]) -> None:
        """Among the best matches, a rule that means what the query says (word vectors distilled from a sentence
        model, judgekit.search.vectors) gains vectors.WEIGHT times the best score times how far its cosine with
        the query is above the mean of those rules' (below it, it loses as much)."""
        from judgekit.search import vectors
        if not scores:
            return
        # the words as searched, and as typed where the table mapped them (graveyard: trash), typos as corrected
        said = list(dict.fromkeys(self.stem(w) for w in terms + [w for w in text.tokens(query)
                                                                 if w not in text.STOP and self._typo(w) == w]))
        table = vectors.load() if len(said) >= vectors.LEAST_WORDS else None
        if table is None:
            return
        unknown = math.log(1 + len(self.documents))

        def idf(stem: str) -> float:
            packed = self.postings.get(stem)
            return weight(int(packed.split(" ", 1)[0])) if packed else unknown

        meaning = table.query(said, idf)
        if meaning is None:
            return
        shortlist = sorted(scores, key=lambda d: (-scores[d], d))[:vectors.SHORTLIST]
        top = scores[shortlist[0]]
        cosines = {doc: table.cosine(meaning, self.documents[doc]["key"]) for doc in shortlist
                   if self.documents[doc]["kind"] == RULE}
        if not cosines:
            return
        mean = sum(cosines.values()) / len(cosines)
        for doc, cosine in cosines.items():  # centred: rules move against each other, not past rulings and cards
            scores[doc] += vectors.WEIGHT * top * (cosine - mean)

    def defined_by(self, doc: int) -> int | None:
        """A heading rule's first sub-rule (judgekit.search.families.heading_yields); None for a rule that is no
        heading."""
        return self.headings.get(doc)

    @cached_property
    def headings(self) -> dict[int, int]:
        """Each heading rule's document, and its first sub-rule's: read from the rules once, not at every query."""
        return families.headings(self)

    def _numbered(self, query: str, edition: str | None) -> list[int]:
        """The rule documents the query names by number in `edition` ("9.23.2", "CR 9.23.2."), in order."""
        found = []
        for number in NUMBER.findall(query):
            entry = self.book.find(number, edition)
            doc = self.rule_position.get(entry.id) if entry is not None else None
            if doc is not None and doc not in found:
                found.append(doc)
        return found

    def _prefer_intent(self, query: str, scores: dict[int, float]) -> None:
        """Among the best matches, a rule stating what kind of thing the question asks for (a number, an order, an
        obligation, a permission, a place: see INTENTS) gains a little."""
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
        found = (self.rule_position.get(r) for r in self.documents[doc]["cites"][:LEND_CITES])
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
        for line in document_lines(self.book, self.documents[doc]):
            stems = [self.stem(w) for w in text.words(line)]
            out.append(set(zip(stems, stems[1:])))
        return out

    def _prefer_defining(self, query, terms, scores, matched, wanted) -> None:
        """A query that names a glossary term or a rule's title puts its defining rule first, the term next."""
        exact = self.book.terms.get(" ".join(query.lower().split()))
        doc = self.rule_position.get(exact) if exact else self.defines.get(" ".join(terms))
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

    def _prefer_named_cards(self, query: str, scores: dict[int, float], matched: dict[int, set[str]]) -> None:
        """A query that is a card's name, with or without its subtitle ("corpo security", "adam smasher", "Johnny
        Silverhand: Never Stop Fighting"), asks for that card: every card so named comes first, in the index's
        order, whatever the rules' words in its name match."""
        named = self.card_names.get(card_name_key(query), ())
        top = max(scores.values(), default=0.0)
        for n, doc in enumerate(named):
            scores[doc] = top * 4 + len(named) - n
            matched.setdefault(doc, set())

    @cached_property
    def card_names(self) -> dict[str, list[int]]:
        """Each card's name, and its name with its subtitle, as `card_name_key` writes a query: the card documents."""
        out: dict[str, list[int]] = {}
        for doc, d in enumerate(self.documents):
            if d["kind"] == CARD:
                for name in dict.fromkeys((d["title"], d["title"].split(":", 1)[0])):
                    out.setdefault(card_name_key(name), []).append(doc)
        return out

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
        sentences = document_lines(self.book, d)
        stems = {self.stem(t) for t in terms}

        def fit(sentence: str) -> int:
            own = {self.stem(w) for w in text.words(sentence)}
            return len(stems & own) + 3 * sum(p in sentence.lower() for p in phrases)

        line = max(sentences, key=fit) if sentences else d["title"]
        if d["kind"] == RULING and d.get("lines"):  # a ruling's line carries the FAQ's question and its answer
            answer = d["lines"][-1]
            line = answer if line in answer else f"{line} {answer}"
        shown = tuple(dict.fromkeys(w for w in text.tokens(line) if self.stem(w) in stems))
        entry = self.book.entries[d["key"]] if d["kind"] == RULE else None
        return Hit(d["kind"], d["key"], d["title"], score, line, tuple(sorted(terms)), shown, tuple(d["cites"]), entry)
