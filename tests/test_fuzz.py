"""Hostile and careless input: seeded mutations of the corpus, decklists and argument strings, and the
minimised finds kept in tests/fuzz_regressions/, all keep the bad-input promise (no traceback, no hang,
valid JSON under `-f json`, exit 2 naming the file and a line). `tools/fuzz.py` runs the same at length.
"""
from __future__ import annotations

import pytest

from tests.fuzz.mutations import REGRESSIONS, Case, variants
from tests.fuzz.oracle import execute, load, minimise, save

SEED = 2026
CI_BUDGET = 200  # variants per run in the suite; tools/fuzz.py --count runs tens of thousands
TIMEOUT = 20.0  # seconds per case: a hang guard, generous for a loaded CI machine (tools/fuzz.py uses 5)
READER_TIMEOUT = 5.0  # a file the reader must refuse (an alias bomb) is refused in milliseconds, not seconds


def test_mutated_corpus_files_decklists_and_arguments_keep_the_bad_input_promise():
    finds = []
    for case in variants(SEED, CI_BUDGET, family="input"):
        finding = execute(case, TIMEOUT)
        if finding is not None:
            finds.append(f"{finding.kind} at {finding.where}: {case.kind} {case.source} ({case.mutation}); "
                         f"{finding.detail[:200]}")
    assert not finds, "\n".join(finds)


def test_mutations_aimed_at_the_yaml_reader_keep_the_bad_input_promise():
    for case in variants(SEED, 40, family="reader"):
        finding = execute(case, READER_TIMEOUT)
        assert finding is None, f"{finding} for {case.source} ({case.mutation})"


def _regressions() -> list:
    return [pytest.param(path, id=path.stem) for path in sorted(REGRESSIONS.glob("*.case"))]


@pytest.mark.parametrize("path", _regressions())
def test_a_kept_fuzz_find_is_fixed(path):
    case = load(path)
    assert execute(case, READER_TIMEOUT if case.family == "reader" else TIMEOUT) is None


def test_the_variants_are_the_same_for_the_same_seed():
    first = [(c.mutation, c.data, c.argv) for c in variants(7, 30)]
    assert first == [(c.mutation, c.data, c.argv) for c in variants(7, 30)]
    assert first != [(c.mutation, c.data, c.argv) for c in variants(8, 30)]


def test_the_oracle_catches_a_traceback_and_a_missing_line(tmp_path, monkeypatch):
    import judgekit.scenario.build as build_module

    good = Case("scenario", "input", "", "", b"scenario: t\nplayers: {a: {}, b: {}}\n", ("run", "{file}", "-f", "json"))
    assert execute(good, TIMEOUT) is None
    monkeypatch.setattr(build_module, "build_file", lambda *a, **k: {}["boom"])
    finding = execute(good, TIMEOUT)
    assert finding is not None and (finding.kind, finding.where) == ("exit", "3")  # an internal error: exit 3


def test_minimising_a_find_keeps_only_the_lines_it_needs(tmp_path, monkeypatch):
    import judgekit.scenario.build as build_module
    real = build_module.build_file

    def build_file(path, book=None):
        if b"boom" in path.read_bytes():
            raise KeyError("boom")
        return real(path, book)
    monkeypatch.setattr(build_module, "build_file", build_file)
    text = "scenario: t\nplayers:\n  a: {}\n  b: {}\nquestion: boom\ntags: [x]\nseed: 3\n"
    case = Case("scenario", "input", "", "", text.encode(), ("run", "{file}"))
    finding = execute(case, TIMEOUT)
    assert finding is not None and (finding.kind, finding.where) == ("exit", "3")
    small = minimise(case, finding, TIMEOUT)
    assert small.data == b"question: boom"
    kept = save(small, finding, "a find: <listcomp>", tmp_path)
    assert kept.name == "a-find-listcomp.case" and load(kept) == small
