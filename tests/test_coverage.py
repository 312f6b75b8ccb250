"""`judgekit coverage`: which rules a corpus exercises, per chapter, with unexercisable rules apart."""
from __future__ import annotations

import json

import yaml
from tests.entry_point import EntryPointRunner as CliRunner

from judgekit.cli import app
from judgekit.corpus.coverage import Coverage, measure, not_exercisable, report
from judgekit.corpus.runner import discover
from tests.conftest import ROOT, SCENARIOS

runner = CliRunner()


def _chapter(data: dict, number: str) -> dict:
    return next(c for c in data["chapters"] if c["chapter"] == number)


def test_a_cited_sub_rule_exercises_its_parents(book):
    coverage = Coverage()
    coverage.add("a.yaml", {"legends.invalid-area-removed"}, book)  # 4.4.1
    exercised = {book.get(i).number for i in coverage.exercised_by}
    assert exercised == {"4.4.1", "4.4", "4"}


def test_the_corpus_exercises_every_rule_of_the_card_types_chapter(book, shipped_runs, shipped_ruling_data):
    """The session's own build and ruling of each shipped file (tests/conftest.py) stand for running it again
    (`measure` builds and runs files itself on the examples, below)."""
    ran = {path: (built, data) for (path, built, _), (_, data) in zip(shipped_runs, shipped_ruling_data)}
    data = report(measure(discover([SCENARIOS]), book, ran), book, "user")
    chapter = _chapter(data, "4")
    assert chapter["gaps"] == [] and chapter["percent"] == 100.0
    assert data["files"] == len(discover([SCENARIOS])) and data["errored"] == []


def test_unexercisable_rules_are_listed_with_a_reason_and_not_counted_as_gaps(book):
    excused = not_exercisable(book)
    data = report(Coverage(), book, "2026-08")
    for chapter in data["chapters"]:
        listed = {item["number"] for item in chapter["not_exercisable"]}
        assert not listed & set(chapter["gaps"])
        assert all(item["reason"] for item in chapter["not_exercisable"])
        countable = chapter["rules"] - len(listed)
        assert len(chapter["gaps"]) == countable  # an empty corpus exercises nothing
    assert all(book.entries[i].number for i in excused)


def test_every_listed_unexercisable_number_is_a_real_rule(book):
    listed = yaml.safe_load((ROOT / "rules_text" / "not-exercisable.yaml").read_text(encoding="utf-8"))
    for group in listed["rules"]:
        assert group["reason"]
        for number in group["numbers"]:
            assert book.find(number, "2026-08") is not None, number
    assert {book.get(i).number for i in not_exercisable(book)} >= {"1.1", "2.13.1", "3.16.1", "7.3.7"}


def test_coverage_command_json_is_deterministic_and_rich_shows_the_table():
    """On the examples (the whole corpus's coverage is checked by the tests below, once)."""
    first = runner.invoke(app, ["coverage", str(SCENARIOS / "examples"), "-f", "json"])
    second = runner.invoke(app, ["coverage", str(SCENARIOS / "examples"), "-f", "json"])
    assert first.exit_code == 0 and first.output == second.output
    data = json.loads(first.output)
    assert data["format"] == "judgekit-coverage/1"
    assert data["exercised"]["4.4.1"] >= 1
    shown = runner.invoke(app, ["coverage", str(SCENARIOS / "examples"), "--gaps"])
    assert shown.exit_code == 0 and "Card Types" in shown.output and "Gaps in" in shown.output


def test_a_file_judgekit_fails_on_is_listed_and_the_others_still_count(book, monkeypatch, tmp_path):
    import shutil
    for source in sorted((SCENARIOS / "examples").glob("*.yaml"))[:2]:
        shutil.copy(source, tmp_path / source.name)
    first = sorted(tmp_path.glob("*.yaml"))[0]
    monkeypatch.setattr("judgekit.ruling.run_scenario", _crash_on(first.name))
    coverage = measure(discover([tmp_path]), book)
    assert coverage.files == 1 and coverage.crashed == [str(first)] and coverage.errored == [str(first)]
    assert "judgekit failed on this file: KeyError" in coverage.problems[0]
    done = runner.invoke(app, ["coverage", str(tmp_path)])
    assert done.exit_code == 1 and "could not be run" in done.output


def _crash_on(name: str):
    from judgekit.ruling import run_scenario

    def run(built, seed=None):
        if built.file.endswith(name):
            raise KeyError("alice-eddie-9")
        return run_scenario(built, seed)
    return run
