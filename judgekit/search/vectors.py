"""Word and rule vectors distilled from a sentence model, to lift the rules that mean what a query asks (#23).

judgekit/data/search-vectors.bin (built by tools/build_search_vectors.py from all-MiniLM-L6-v2, whose
docstring gives the recipe and the file's layout) holds a small vector for each word of the searched texts,
the hand-written questions and the table of other games' words, and one for each rule (the mean of its
hand-written questions as the full model embeds them). A query's vector is the idf-weighted average of its
words' vectors, in plain Python (no model, no NumPy): its words as searched (mapped, corrected) and as typed.
`Index.search` moves each rule among the best SHORTLIST matches by WEIGHT times the best score times how far
its cosine with the query is above those rules' mean (below it, down as much); rulings, cards and terms stay.
"""
from __future__ import annotations

import math
import sys
from bisect import bisect_left

WEIGHT, SHORTLIST = 1.2, 30
LEAST_WORDS = 2  # a query of one word is left to the lexical ranking (its defining rule, its keyword)
FORMAT = "judgekit-search-vectors 1"


class Vectors:
    """The shipped vectors, read from the file's bytes; a word's and a rule's vector sliced out when asked for."""

    def __init__(self, blob: bytes):
        end = blob.index(b"\n")
        kind, version, dims, words, rules, biggest, size = blob[:end].decode("ascii").rsplit(" ", 6)
        if f"{kind} {version}" != FORMAT:
            raise ValueError("not a judgekit search vectors file")
        self.dims, count, rule_count, self.biggest = int(dims), int(words), int(rules), float(biggest)
        start = end + 1 + int(size)
        text = blob[end + 1:start].decode("utf-8").split("\n")
        if len(text) != count + 2 or text[-1]:
            raise ValueError("not a judgekit search vectors file")
        self.words, rule_ids = text[:count], text[count].split(" ")
        if len(rule_ids) != rule_count:
            raise ValueError("not a judgekit search vectors file")
        view = memoryview(blob)  # slices and casts without copying, nor importing array (a cold search reads this)
        self.scales = view[start:start + 2 * count].cast("H")  # native order: the file's is little-endian
        if sys.byteorder != "little":
            self.scales = [int.from_bytes(blob[n:n + 2], "little") for n in range(start, start + 2 * count, 2)]
        start += 2 * count
        self.table = view[start:start + count * self.dims].cast("b")
        start += count * self.dims
        self.rule_table = view[start:start + rule_count * self.dims].cast("b")
        if len(self.table) != count * self.dims or len(self.rule_table) != rule_count * self.dims:
            raise ValueError("vectors file truncated")
        self.rule_at = {rule_id: n for n, rule_id in enumerate(rule_ids)}

    def _word(self, word: str) -> int | None:
        """The word's row (the words are sorted)."""
        low = bisect_left(self.words, word)
        return low if low < len(self.words) and self.words[low] == word else None

    def query(self, words: list[str], idf) -> list[float] | None:
        """The query's vector: its words' vectors averaged, each weighted by `idf(word)`, unit length (in units
        of the rule vectors' 127); None when no word has a vector."""
        dims = self.dims
        total = [0.0] * dims
        for word in words:
            n = self._word(word)
            if n is None:
                continue
            scale = idf(word) * self.scales[n]
            for i, value in enumerate(self.table[n * dims:(n + 1) * dims]):
                total[i] += scale * value
        norm = math.sqrt(sum(v * v for v in total))
        return [v / (norm * 127) for v in total] if norm else None

    def cosine(self, query: list[float], rule_id: str) -> float:
        n = self.rule_at.get(rule_id)
        if n is None:
            return 0.0
        return sum(a * b for a, b in zip(query, self.rule_table[n * self.dims:(n + 1) * self.dims]))


_loaded: list[Vectors | None] = []


def load() -> Vectors | None:
    """The shipped vectors, read once per process; None when the file is missing or not readable as such."""
    if not _loaded:
        from judgekit.resources import data_file
        try:
            _loaded.append(Vectors(data_file("search-vectors.bin").read_bytes()))
        except (OSError, ValueError, TypeError, UnicodeDecodeError):
            _loaded.append(None)
    return _loaded[0]
