"""The word and rule vectors that lift rules meaning what a query says (judgekit/search/vectors.py)."""
from __future__ import annotations

import subprocess
import sys

import pytest

from judgekit.search import vectors
from judgekit.search.documents import RULE
from judgekit.search.index import Index


@pytest.fixture(scope="module")
def index(book):
    return Index(book)


def test_the_shipped_vectors_load_and_cover_every_rule(book):
    """Rebuild with tools/build_search_vectors.py when rules are added (a rule without a vector is not lifted)."""
    table = vectors.load()
    assert table is not None
    assert set(table.rule_at) == set(book.order)
    assert table.words == sorted(table.words)  # looked up by bisection
    assert len(table.table) == len(table.words) * table.dims


def test_a_query_vector_is_unit_length_and_none_without_known_words():
    table = vectors.load()
    meaning = table.query(["attack", "unit"], lambda stem: 1.0)
    assert abs(sum(v * v for v in meaning) * 127 * 127 - 1) < 1e-6
    assert table.query(["qqqzzz"], lambda stem: 1.0) is None


def test_a_damaged_file_is_refused():
    for blob in (b"", b"something else\n", vectors.FORMAT.encode() + b" 64 10 2 1.0 5\nab\n"):
        try:
            vectors.Vectors(blob)
        except (ValueError, TypeError, UnicodeDecodeError):
            continue
        raise AssertionError(blob)


def test_the_defining_rule_stays_first_and_a_paraphrase_finds_its_rule(index):
    hits = index.search("what is a blocker", 10)
    assert hits[0].kind == RULE and hits[0].entry.number == "11.24"
    lifted = [h.key for h in index.search("I just put him down, can he swing this turn?", 3, kinds=(RULE,))]
    assert lifted[0] == "attack.declare.lagging-cannot-attack"


def test_search_does_not_import_numpy():
    code = ("import sys; from judgekit.rules.book import load_rulebook; from judgekit.search.index import Index; "
            "Index(load_rulebook()).search('can my guy swing the turn he comes down?'); "
            "print('numpy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
