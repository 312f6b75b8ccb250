"""Full-text search over the rulebook: ranked, with inflected forms and typos, phrases and defining rules first.

Words are reduced to their Snowball (Porter 2) English stems, so `equip` finds "equipped" and
`copy` finds "copies"; a query word that is in no rule is corrected to the closest word that is
(RapidFuzz). The built index, with every rule word's stem, is kept in judgekit's cache (as data,
named by the rulebook's content), so a search usually imports neither library.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from judgekit.cache import cached, new_hash
from judgekit.rules.book import RuleEntry, Rulebook

_WORD = re.compile(r"[a-z0-9€$]+(?:[-'][a-z0-9]+)*")
_STOP = {"a", "an", "the", "of", "to", "and", "or", "in", "on", "is", "it", "its", "be", "as", "at", "by", "for",
         "if", "this", "that", "with", "you", "your", "any", "can", "may", "are", "from", "into", "one", "not"}
_FORMAT = 3  # bump when the cached index's layout or the stemming changes
_TYPO_CUTOFF = 75  # RapidFuzz ratio (0-100) a correction must reach


def words(text: str) -> list[str]:
    return [w for w in _WORD.findall(text.lower().replace("’", "'")) if w not in _STOP]


@lru_cache(maxsize=1)
def _stemmer():
    import snowballstemmer
    return snowballstemmer.stemmer("english")


def stem(word: str) -> str:
    """The Snowball English stem of a word; each part of a hyphenated word is stemmed."""
    return "-".join(_stemmer().stemWords(word.split("-")))


@dataclass(frozen=True)
class Hit:
    """A rule found by a search: its score, the sentence that matched best and the words that matched."""

    entry: RuleEntry
    score: float
    line: str  # the best-matching sentence, for highlighting
    terms: tuple[str, ...]  # the words that matched (as they appear in the query, corrected)
    highlight: tuple[str, ...] = ()  # the words of `line` that matched, as the rule writes them ("copies")


def _fingerprint(book: Rulebook) -> str:
    digest = new_hash()
    digest.update(f"{_FORMAT}:{book.content_digest()}".encode())
    return digest.hexdigest()[:20]


@dataclass
class Built:
    """The index as the cache keeps it: postings (stem -> {rule id: weight}), stems (word -> stem), defining
    rules (term -> rule id), and line_stems: the stem of every other token a shown line may hold (stop
    words, `player’s`), so that highlighting a hit needs no stemmer."""

    postings: dict[str, dict[str, float]]
    stems: dict[str, str]
    defines: dict[str, str]
    line_stems: dict[str, str]


def _build(book: Rulebook) -> Built:
    postings: dict[str, dict[str, float]] = {}
    stems: dict[str, str] = {}
    for rule_id in book.order:
        entry = book.entries[rule_id]
        body = " ".join((entry.text,) + entry.examples + entry.tips)
        for weight, text in ((3.0, entry.title or ""), (1.0, entry.section or ""), (1.0, body)):
            for word in words(text):
                root = stems.get(word) or stems.setdefault(word, stem(word))
                slot = postings.setdefault(root, {})
                slot[rule_id] = slot.get(rule_id, 0.0) + weight
    defines: dict[str, str] = {}
    names = [(t.term, t.rule_id) for t in book.glossary] + \
        [(alias, t.rule_id) for t in book.glossary for alias in t.aliases] + \
        [(book.entries[r].title, r) for r in book.order if book.entries[r].title]
    for term, rule_id in names:  # glossary terms, then their aliases, then rule titles
        key = " ".join(words(term.strip("[]")))
        if key and key not in defines:
            defines[key] = rule_id
    line_stems = {token: stem(token) for rule_id in book.order
                  for text in _sentence_sources(book.entries[rule_id]) + (book.entries[rule_id].title or "",)
                  for token in _WORD.findall(text.lower()) if token not in stems}
    return Built(postings, stems, defines, line_stems)


def _sentence_sources(entry: RuleEntry) -> tuple[str, ...]:
    """What a hit's line is taken from (Index._best_line; else the title)."""
    return (entry.text,) + entry.examples + entry.tips


def _load(book: Rulebook) -> Built:
    """The built index from judgekit's cache (named by the rulebook's content), or built now."""
    return cached(f"search-{_fingerprint(book)}", (), lambda: _build(book), Built)


class Index:
    """An inverted index of stems to rules, with title and defining-rule boosts."""

    def __init__(self, book: Rulebook, cached: bool = True):
        self.book = book
        data = _load(book) if cached else _build(book)
        self.postings = data.postings
        self.stems = data.stems
        self.line_stems = data.line_stems
        self.vocabulary = set(self.stems)
        self.defines = data.defines  # a defined term (lowercase) -> the rule id defining it
        self.exact = book.terms  # a query that is exactly a glossary term or alias
        self._position = {rule_id: n for n, rule_id in enumerate(book.order)}

    def stem(self, word: str) -> str:
        return self.stems.get(word) or self.line_stems.get(word) or stem(word)

    def _correct(self, word: str) -> str:
        """The word itself when some rule has its stem; else the closest word of the rules (a typo)."""
        if word in self.stems or self.stem(word) in self.postings:
            return word
        from rapidfuzz import fuzz, process
        close = process.extractOne(word, self.stems.keys(), scorer=fuzz.ratio, score_cutoff=_TYPO_CUTOFF)
        return close[0] if close else word

    def search(self, query: str, limit: int = 10) -> list[Hit]:
        """Rank rules for a query; "quoted phrases" must appear as written (case-insensitive)."""
        phrases = [p.lower() for p in re.findall(r'"([^"]+)"', query)]
        free = re.sub(r'"[^"]+"', " ", query)
        terms = [self._correct(w) for w in words(free)] + [w for p in phrases for w in words(p)]
        if not terms:
            return []
        total = len(self.book.order)
        scores: dict[str, float] = {}
        matched: dict[str, set[str]] = {}
        for term in terms:
            posting = self.postings.get(self.stem(term), {})
            if not posting:
                continue
            idf = math.log(1 + total / len(posting))
            for rule_id, weight in posting.items():
                scores[rule_id] = scores.get(rule_id, 0.0) + idf * (1 + math.log(weight))
                matched.setdefault(rule_id, set()).add(term)
        for rule_id in list(scores):
            entry = self.book.entries[rule_id]
            haystack = " ".join(filter(None, (entry.title, entry.section, entry.text) + entry.examples)).lower()
            if any(p not in haystack for p in phrases):
                del scores[rule_id]
                continue
            scores[rule_id] *= 1 + len(matched[rule_id])  # rules matching more of the query rank higher
        defining = self.exact.get(" ".join(query.lower().split())) or self.defines.get(" ".join(terms))
        if defining:
            scores[defining] = max(scores.values(), default=0.0) * 2 + 1
            matched.setdefault(defining, set(terms))
        ranked = sorted(scores, key=lambda r: (-scores[r], self._position[r]))
        hits = []
        for rule_id in ranked[:limit]:
            line = self._best_line(self.book.entries[rule_id], matched[rule_id], phrases)
            stems = {self.stem(t) for t in matched[rule_id]}
            shown = tuple(dict.fromkeys(w for w in _WORD.findall(line.lower()) if self.stem(w) in stems))
            hits.append(Hit(self.book.entries[rule_id], scores[rule_id], line, tuple(sorted(matched[rule_id])), shown))
        return hits

    def _best_line(self, entry: RuleEntry, terms: set[str], phrases: list[str]) -> str:
        sentences = [s for text in _sentence_sources(entry)
                     for s in re.split(r"(?<=[.!?])\s+", text) if s]
        stems = {self.stem(t) for t in terms}

        def score(sentence: str) -> int:
            own = {self.stem(w) for w in words(sentence)}
            return len(stems & own) + 3 * sum(p in sentence.lower() for p in phrases)

        return max(sentences, key=score) if sentences else (entry.title or "")
