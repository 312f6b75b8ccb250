"""The questions people ask that each rule decides, written by hand (judgekit/search/questions.py, issue #23)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from judgekit.search import asked, questions
from judgekit.search.documents import rule_documents

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT.parent / "shared" / "reference"


def test_every_chapter_file_maps_rules_to_questions(book):
    paths = questions.files()
    assert paths, "judgekit/data/search-questions/ holds no chapter file"
    for path in paths:
        table = questions.chapter_questions(path)
        assert table, f"{path.name}: not a mapping of rule ids to questions"
        for rule_id, asked_ in table.items():
            assert rule_id in book.entries, f"{path.name}: {rule_id} is not a rule"
            assert asked_ and all(q.strip() for q in asked_), f"{path.name}: {rule_id} has an empty question"


def test_no_question_is_close_to_a_benchmark_query():
    """The questions were written without seeing the search benchmarks; one close to a benchmark query (held-out
    sets included) would make the measurement a lie."""
    queries = asked.benchmark_queries(ROOT)
    assert len(queries) >= 280
    close = [(path.name, q) for path in questions.files() for said in questions.chapter_questions(path).values()
             for q in said if asked.near(q, queries)]
    assert not close, f"close to a benchmark query: {close[:3]}"


@pytest.mark.skipif(not (REFERENCE / "faq-official.txt").is_file(),
                    reason="the publisher's texts (../shared) are not here")
def test_the_questions_are_in_our_own_words():
    def runs(text: str, n: int = 7) -> set[str]:
        found = re.findall(r"[a-z0-9']+", text.lower())
        return {" ".join(found[i:i + n]) for i in range(len(found) - n + 1)}
    published = runs((REFERENCE / "comprehensive-rules-2026-08.txt").read_text(encoding="utf-8")) | \
        runs((REFERENCE / "faq-official.txt").read_text(encoding="utf-8"))
    for path in questions.files():
        for rule_id, said in questions.chapter_questions(path).items():
            for q in said:
                assert not runs(q) & published, f"{path.name}: {rule_id}: {q!r} copies the publisher's words"


def test_a_rule_document_carries_its_questions(book):
    table = questions.load()
    rule_id = next(iter(table))
    documents = {d["key"]: d for d in rule_documents(book, {}, table)}
    assert documents[rule_id]["fields"]["questions"] == table[rule_id]
    assert all(d["fields"]["questions"] == "" for key, d in documents.items() if key not in table)


def test_a_broken_chapter_file_is_named_in_its_yaml_error(tmp_path):
    """A chapter file that is not valid YAML (a hand edit gone wrong) fails naming the file and its line."""
    from judgekit import yaml_data
    broken = tmp_path / "ch11.yaml"
    broken.write_text('"11.14":\n  - how do I call a Legend?\n  - [unclosed\n', encoding="utf-8")
    with pytest.raises(yaml_data.YAMLError) as raised:
        questions.chapter_questions(broken)
    assert f'"{broken}", line' in str(raised.value)
