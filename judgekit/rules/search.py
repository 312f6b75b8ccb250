"""Search over the rules alone: the rule results of judgekit's one search (judgekit/search/).

Kept for callers that search only the rulebook (`Index(book).search(query)` gives rule hits, each
with its `entry`); `judgekit search` uses judgekit.search.index.Index over every kind.
"""
from __future__ import annotations

from judgekit.rules.book import Rulebook
from judgekit.search.documents import RULE
from judgekit.search.index import Hit, Index as _Index
from judgekit.search.words import stem, words

__all__ = ["Hit", "Index", "stem", "words"]


class Index(_Index):
    """The one search's index, searching rules only unless told otherwise."""

    def __init__(self, book: Rulebook, cached: bool = True):
        super().__init__(book, cached)

    def search(self, query: str, limit: int = 10, kinds: tuple[str, ...] = (RULE,)) -> list[Hit]:
        return super().search(query, limit, kinds)
