"""The questions people ask that each rule decides, written by hand in judgekit's words (doc2query by hand).

A rule states what happens ("a Unit that entered the field this turn cannot attack"); a judge types what
the player asked ("I just played him, can he swing?"). For each rule that decides something a player could
ask about, `judgekit/data/search-questions/chNN.yaml` holds a few such questions, in the forms people use:
full questions, described situations, search-box phrases, and words brought from other card games. They
become the rule's "questions" field, weighed below its own text (judgekit.search.indexing.FIELD_WEIGHTS).

They were written without seeing judgekit's search benchmarks (benchmarks/search_queries*.yaml);
tests/test_search_questions.py checks that none is close to a benchmark query and that each names a rule.
"""
from __future__ import annotations

from pathlib import Path

FOLDER = "search-questions"


def files() -> list[Path]:
    from judgekit.resources import data_file
    return sorted(data_file(FOLDER).glob("ch*.yaml"))


def chapter_questions(path: Path) -> dict[str, list[str]]:
    """{rule id: its questions} of one chapter's file ({} when it is not such a mapping)."""
    from judgekit import yaml_data
    data = yaml_data.load_file(path)
    if not isinstance(data, dict):
        return {}
    return {str(rule_id): [str(q) for q in asked if isinstance(q, str)]
            for rule_id, asked in data.items() if isinstance(asked, list)}


def load() -> dict[str, str]:
    """{rule id: its questions as one text}, over every chapter's file."""
    out: dict[str, list[str]] = {}
    for path in files():
        for rule_id, asked in chapter_questions(path).items():
            out.setdefault(rule_id, []).extend(asked)
    return {rule_id: " ".join(asked) for rule_id, asked in out.items()}
