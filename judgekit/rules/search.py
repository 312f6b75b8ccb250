"""Full-text search over the rulebook: ranked, typo-tolerant, with phrases and defining rules first."""
from __future__ import annotations

import difflib
import math
import re
from dataclasses import dataclass

from judgekit.rules.book import RuleEntry, Rulebook

_WORD = re.compile(r"[a-z0-9€$]+(?:[-'][a-z0-9]+)*")
_STOP = {"a", "an", "the", "of", "to", "and", "or", "in", "on", "is", "it", "its", "be", "as", "at", "by", "for",
         "if", "this", "that", "with", "you", "your", "any", "can", "may", "are", "from", "into", "one", "not"}


def words(text: str) -> list[str]:
    return [w for w in _WORD.findall(text.lower().replace("’", "'")) if w not in _STOP]


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


@dataclass(frozen=True)
class Hit:
    entry: RuleEntry
    score: float
    line: str  # the best-matching sentence, for highlighting
    terms: tuple[str, ...]  # the words that matched (as they appear in the query, corrected)


class Index:
    """An inverted index of stems to rules, with title and defining-rule boosts."""

    def __init__(self, book: Rulebook):
        self.book = book
        self.postings: dict[str, dict[str, float]] = {}
        self.vocabulary: set[str] = set()
        self.defines: dict[str, str] = {}  # a defined term (lowercase) -> the rule id defining it
        for rule_id in book.order:
            entry = book.entries[rule_id]
            body = " ".join((entry.text,) + entry.examples + entry.tips)
            for weight, text in ((3.0, entry.title or ""), (1.0, entry.section or ""), (1.0, body)):
                for word in words(text):
                    self.vocabulary.add(word)
                    stem = _stem(word)
                    slot = self.postings.setdefault(stem, {})
                    slot[rule_id] = slot.get(rule_id, 0.0) + weight
        self.exact = book.terms  # a query that is exactly a glossary term or alias
        for term in book.glossary:  # then glossary terms, their aliases, and rule titles, as words
            self._define(term.term, term.rule_id)
        for term in book.glossary:
            for alias in term.aliases:
                self._define(alias, term.rule_id)
        for rule_id in book.order:
            if book.entries[rule_id].title:
                self._define(book.entries[rule_id].title, rule_id)

    def _define(self, term: str, rule_id: str) -> None:
        key = " ".join(words(term.strip("[]")))
        if key and key not in self.defines:
            self.defines[key] = rule_id

    def _correct(self, word: str) -> str:
        if word in self.vocabulary or _stem(word) in self.postings:
            return word
        close = difflib.get_close_matches(word, self.vocabulary, n=1, cutoff=0.75)
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
            posting = self.postings.get(_stem(term), {})
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
        ranked = sorted(scores, key=lambda r: (-scores[r], self.book.order.index(r)))
        return [Hit(self.book.entries[r], scores[r], _best_line(self.book.entries[r], matched[r], phrases),
                    tuple(sorted(matched[r]))) for r in ranked[:limit]]


def _best_line(entry: RuleEntry, terms: set[str], phrases: list[str]) -> str:
    sentences = [s for text in (entry.text,) + entry.examples + entry.tips
                 for s in re.split(r"(?<=[.!?])\s+", text) if s]
    stems = {_stem(t) for t in terms}

    def score(sentence: str) -> int:
        own = {_stem(w) for w in words(sentence)}
        return len(stems & own) + 3 * sum(p in sentence.lower() for p in phrases)

    return max(sentences, key=score) if sentences else (entry.title or "")
