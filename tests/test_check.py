"""`judgekit check`: a corpus run with selection, golden rulings, contested rulings, JSON and JUnit reports."""
from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from judgekit.corpus.runner import check_all, discover
from judgekit.corpus.select import SelectionError, Selector
from tests.conftest import SCENARIOS, read_yaml
from tests.entry_point import invoke

PAID = SCENARIOS / "card-types" / "4.6-play-unit-named-payment.yaml"
CONTESTED = SCENARIOS / "contested" / "gear-of-a-bottom-decked-legend.yaml"




@pytest.fixture
def corpus(tmp_path):
    """A small corpus: one passing scenario, one whose expectation fails, one bad file."""
    shutil.copy(PAID, tmp_path / "paid.yaml")
    wrong = PAID.read_text(encoding="utf-8").replace("alice-eddie-3: {spent: false}", "alice-eddie-3: {spent: true}")
    (tmp_path / "nested").mkdir()
    (tmp_path / "nested" / "wrong.yaml").write_text(wrong, encoding="utf-8")
    (tmp_path / "broken.yaml").write_text("scenario: x\nplayers:\n  alice: {}\n  bob: {}\nactoins: []\n",
                                          encoding="utf-8")
    return tmp_path


def test_check_reports_passed_failed_and_errored_files_and_exits_2_on_bad_input(corpus):
    done = invoke("check", corpus)
    assert done.exit_code == 2
    assert "1 passed, 1 failed, 1 errored" in done.output
    assert "FAILED" in done.output and "expect.cards.alice-eddie-3.spent" in done.output
    assert "broken.yaml:5" in done.output and "actoins" in done.output


def test_check_exits_1_when_only_expectations_fail(corpus):
    (corpus / "broken.yaml").unlink()
    assert invoke("check", corpus).exit_code == 1
    (corpus / "nested" / "wrong.yaml").unlink()
    assert invoke("check", corpus).exit_code == 0


def test_selection_by_name_path_and_tag():
    selector = Selector("gear and not (refused or tag:contested)")
    assert selector.matches("scenarios/a.yaml", "Gear moves with its host", ["gear"])
    assert not selector.matches("scenarios/a.yaml", "Gear on a rival Unit refused", [])
    assert not selector.matches("scenarios/a.yaml", "Gear stays", ["contested"])
    with pytest.raises(SelectionError):
        Selector("gear and (")


def test_k_deselects_and_counts_what_it_left_out():
    done = invoke("check", SCENARIOS, "-k", "tag:contested")
    # scenarios/contested/ and the FAQ's contested answers; a file whose text never says "contested" has no such
    # tag, so only the files that say it are read as YAML (a tenth of the corpus)
    contested = sum("contested" in (read_yaml(path).get("tags") or []) for path in SCENARIOS.rglob("*.yaml")
                    if "contested" in path.read_text(encoding="utf-8"))
    assert done.exit_code == 0
    assert f"{contested} passed" in done.output and "deselected" in done.output


def test_json_report_lists_each_result_and_is_deterministic(corpus):
    first, second = invoke("check", corpus, "-f", "json"), invoke("check", corpus, "-f", "json")
    assert first.output == second.output
    data = json.loads(first.output)
    assert data["format"] == "judgekit-check/1"
    assert data["summary"] == {"files": 3, "selected": 3, "passed": 1, "failed": 1, "errored": 1,
                               "internal_errors": 0, "known-failure": 0, "contested": 0}
    assert [r["status"] for r in data["results"]] == ["errored", "failed", "passed"]


def test_junit_xml_has_the_essentials_of_the_schema(corpus, tmp_path):
    report = tmp_path / "junit.xml"
    invoke("check", corpus, "--junit-xml", report, "-f", "json")
    root = ET.parse(report).getroot()
    assert root.tag == "testsuites"
    suite = root.find("testsuite")
    assert suite is not None
    assert {k: suite.get(k) for k in ("tests", "failures", "errors")} == {"tests": "3", "failures": "1", "errors": "1"}
    cases = suite.findall("testcase")
    assert all(c.get("classname") and c.get("name") for c in cases)
    failure = [c for c in cases if c.find("failure") is not None]
    error = [c for c in cases if c.find("error") is not None]
    assert len(failure) == 1 and "alice-eddie-3" in failure[0].find("failure").get("message")
    assert len(error) == 1 and error[0].find("error").text


def test_update_records_golden_rulings_and_a_later_change_shows_as_a_diff(tmp_path):
    scenario = tmp_path / "paid.yaml"
    shutil.copy(PAID, scenario)
    done = invoke("check", tmp_path, "--update")
    assert done.exit_code == 0 and "1 golden ruling written" in done.output
    golden = tmp_path / "paid.ruling.json"
    recorded = json.loads(golden.read_text(encoding="utf-8"))
    assert recorded["format"] == "judgekit-ruling/1" and recorded["scenario"]["file"] == "paid.yaml"
    assert invoke("check", tmp_path).exit_code == 0
    # The maintainer changes the payment: the ruling changes, and check shows how.
    text = scenario.read_text(encoding="utf-8").replace("alice-eddie-2, v]", "alice-eddie-3, v]")
    scenario.write_text(text.replace("alice-eddie-3: {spent: false}", "alice-eddie-2: {spent: false}"),
                        encoding="utf-8")
    done = invoke("check", tmp_path)
    assert done.exit_code == 1
    assert "differs from the recorded one" in done.output
    assert "-  3. alice spends alice-eddie-2" in done.output
    assert "+  3. alice spends alice-eddie-3" in done.output


def test_update_with_a_bad_scenario_file_changes_nothing_as_exit_2_says(corpus):
    """README, exit codes: 2 is bad input and nothing was changed; an update is all or nothing."""
    (corpus / "nested" / "wrong.yaml").unlink()
    done = invoke("check", corpus, "--update")
    assert done.exit_code == 2 and "broken.yaml:5" in done.output
    assert not (corpus / "paid.ruling.json").exists()
    assert "1 not written" in done.output and "withdrawn" in done.output


def test_update_records_no_golden_for_a_scenario_whose_expect_fails_as_pytest_does(corpus):
    (corpus / "broken.yaml").unlink()
    done = invoke("check", corpus, "--update")
    assert done.exit_code == 1
    assert (corpus / "paid.ruling.json").exists() and not (corpus / "nested" / "wrong.ruling.json").exists()
    assert "not recorded: wrong.yaml's expectations fail" in done.output


def test_contested_ruling_reports_which_one_the_engine_follows():
    [result] = check_all(discover([CONTESTED]))
    assert result.status == "passed"
    assert result.contested == [
        {"held_by": "the Comprehensive Rules read literally (4.12.2), as the official FAQ answers (Royce, Psycho on the Edge, 3rd answer)", "follows": True},
        {"held_by": "a common table call", "follows": False},
    ]


def test_contested_ruling_that_the_engine_follows_nowhere_fails(tmp_path):
    text = CONTESTED.read_text(encoding="utf-8").replace("deck: {count: 6, bottom: [Mantis Blades]}",
                                                         "deck: {count: 4}")
    (tmp_path / "c.yaml").write_text(text, encoding="utf-8")
    [result] = check_all(discover([tmp_path]))
    assert result.status == "failed"
    assert "follows none of the recorded rulings" in result.report


def test_parallel_check_gives_the_same_results_in_the_same_order(corpus):
    files = discover([corpus])
    assert [r.as_dict() for r in check_all(files, jobs=2)] == [r.as_dict() for r in check_all(files, jobs=1)]


def test_missing_path_is_a_one_line_error():
    done = invoke("check", "no/such/folder")
    assert done.exit_code == 2 and "no such file or folder" in done.output


def test_golden_recorded_in_another_edition_is_compared_by_rule_id(tmp_path):
    scenario = tmp_path / "paid.yaml"
    shutil.copy(PAID, scenario)
    assert invoke("check", tmp_path, "--update", "--edition", "2026-08").exit_code == 0
    done = invoke("check", tmp_path, "-f", "json")  # the default edition: other rule numbers, same ruling
    assert done.exit_code == 0
    [result] = json.loads(done.output)["results"]
    assert (result["golden"], result["golden_compared"]) == ("matches", "edition-free")
    # A regression is still caught: another eddie paid.
    text = scenario.read_text(encoding="utf-8").replace("alice-eddie-2, v]", "alice-eddie-3, v]")
    scenario.write_text(text.replace("alice-eddie-3: {spent: false}", "alice-eddie-2: {spent: false}"),
                        encoding="utf-8")
    done = invoke("check", tmp_path)
    assert done.exit_code == 1
    assert "recorded in another edition" in done.output and "+  3. alice spends alice-eddie-3" in done.output


def test_a_crash_in_one_file_is_that_files_error_and_the_run_goes_on(corpus, monkeypatch):
    (corpus / "broken.yaml").unlink()
    monkeypatch.setenv("JUDGEKIT_FAULT", "raise-file:wrong.yaml")
    done = invoke("check", corpus, "-f", "json")
    assert done.exit_code == 1  # a failure from a scenario, not an internal error of the whole run
    data = json.loads(done.output)
    assert data["summary"]["passed"] == 1 and data["summary"]["internal_errors"] == 1
    crashed = next(r for r in data["results"] if r["file"].endswith("wrong.yaml"))
    assert (crashed["status"], crashed["error"]) == ("errored", "internal")
    assert "wrong.yaml: judgekit failed on this file: RuntimeError: injected fault" in crashed["problems"][0]


def test_a_worker_process_that_dies_loses_only_its_file(corpus, monkeypatch):
    (corpus / "broken.yaml").unlink()
    shutil.copy(PAID, corpus / "more.yaml")
    monkeypatch.setenv("JUDGEKIT_FAULT", "die-file:more.yaml")
    results = check_all(discover([corpus]), jobs=2)
    assert [(Path(r.file).name, r.status) for r in results] == [
        ("more.yaml", "errored"), ("wrong.yaml", "failed"), ("paid.yaml", "passed")]
    died = next(r for r in results if r.file.endswith("more.yaml"))
    assert died.error == "internal" and "worker process checking this file died" in died.problems[0]


def test_junit_xml_to_an_unwritable_path_is_refused_before_running(corpus, tmp_path):
    for target, why in ((tmp_path / "paid.yaml" / "r.xml", "is not a folder"), (tmp_path, "it is a folder")):
        done = invoke("check", corpus, "--junit-xml", target)
        assert done.exit_code == 2 and why in done.output and "Traceback" not in done.output
        assert "passed" not in done.output  # nothing ran


def test_junit_xml_creates_its_missing_folders_as_pytest_does(corpus, tmp_path):
    report = tmp_path / "out" / "ci" / "junit.xml"
    invoke("check", corpus, "--junit-xml", report)
    assert ET.parse(report).getroot().tag == "testsuites"


def test_junit_xml_never_replaces_a_named_pipe_a_link_or_a_device(corpus, tmp_path):
    import os
    import stat

    pipe = tmp_path / "pipe.xml"
    os.mkfifo(pipe)
    outside = tmp_path / "outside.txt"
    outside.write_text("not ours", encoding="utf-8")
    link = corpus / "link.xml"
    link.symlink_to(outside)
    for target, kind in ((pipe, "a named pipe"), (link, "a symbolic link"), (Path("/dev/null"), "a device")):
        done = invoke("check", corpus, "--junit-xml", target)
        assert done.exit_code == 2 and f"it is {kind}, not a regular file" in done.output
        assert "passed" not in done.output  # refused before running
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode) and link.is_symlink()
    assert outside.read_text(encoding="utf-8") == "not ours"
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_report_path_that_becomes_a_pipe_while_checking_is_not_replaced(tmp_path):
    import os
    import stat

    from judgekit.corpus.reports import write_report

    target = tmp_path / "r.xml"
    os.mkfifo(target)
    with pytest.raises(OSError, match="named pipe"):
        write_report(target, b"<x/>")
    assert stat.S_ISFIFO(os.lstat(target).st_mode) and [p.name for p in tmp_path.iterdir()] == ["r.xml"]


def test_junit_failure_message_says_what_differs(corpus, tmp_path):
    (corpus / "broken.yaml").unlink()
    (corpus / "nested" / "wrong.yaml").unlink()
    invoke("check", corpus, "--update")
    recorded = corpus / "paid.ruling.json"
    recorded.write_text(recorded.read_text(encoding="utf-8").replace('"allowed": true', '"allowed": false'),
                        encoding="utf-8")
    report = tmp_path / "r.xml"
    invoke("check", corpus, "--junit-xml", report)
    message = ET.parse(report).getroot().find(".//failure").get("message")
    assert message == ("the ruling differs from the recorded one (1 line recorded, 1 line now): \"action 1: alice "
                       "plays Maelstrom Goons -> REFUSED\" is now \"action 1: alice plays Maelstrom Goons -> allowed\"")
    assert "allowed" in message.lower() and message != "--- recorded"


def test_junit_xml_that_fails_at_the_end_still_prints_the_results(corpus, tmp_path, monkeypatch):
    from judgekit.corpus import store

    def full(path, data):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(store, "replace_atomically", full)
    done = invoke("check", corpus, "--junit-xml", tmp_path / "r.xml")
    assert done.exit_code == 2
    assert "1 passed, 1 failed, 1 errored" in done.output
    assert "r.xml: the report could not be written: No space left on device" in done.output


def test_junit_xml_is_written_whole_with_no_temporary_left(corpus, tmp_path):
    report = tmp_path / "out" / "r.xml"
    report.parent.mkdir()
    report.write_text("old report", encoding="utf-8")
    invoke("check", corpus, "--junit-xml", report)
    assert ET.parse(report).getroot().tag == "testsuites"
    assert [p.name for p in report.parent.iterdir()] == ["r.xml"]


def test_k_leaves_out_a_file_by_the_name_and_tags_it_is_written_with_whatever_else_is_wrong_with_it(tmp_path):
    """A file -k leaves out by its path and its written name and tags is not built (judgekit.corpus.runner); one it
    may keep is built and checked, and a file that cannot be built is kept only by a path that -k keeps."""
    text = PAID.read_text(encoding="utf-8")
    assert "tags: [card-types, units, play, pay]" in text and "\nactions:" in text
    (tmp_path / "paid.yaml").write_text(text, encoding="utf-8")
    (tmp_path / "contested.yaml").write_text(text.replace("[card-types, units, play, pay]", "[contested]"),
                                             encoding="utf-8")
    (tmp_path / "contested-misspelt.yaml").write_text(
        text.replace("[card-types, units, play, pay]", "[contested]").replace("\nactions:", "\nactoins:"),
        encoding="utf-8")
    (tmp_path / "pay-misspelt.yaml").write_text(text.replace("\nactions:", "\nactoins:"), encoding="utf-8")
    (tmp_path / "numbered-tag.yaml").write_text(text.replace("[card-types, units, play, pay]", "[1, contested]"),
                                                encoding="utf-8")
    (tmp_path / "unclosed.yaml").write_text("scenario: [unclosed\n", encoding="utf-8")

    def checked(expression):
        results = check_all(discover([tmp_path]), selector=Selector(expression), jobs=1)
        return {Path(r.file).name: (r.status, r.selected) for r in results if r.selected}
    assert checked("tag:contested") == {"contested.yaml": ("passed", True)}
    assert checked("tag:pay") == {"paid.yaml": ("passed", True)}
    assert checked("misspelt") == {"contested-misspelt.yaml": ("errored", True), "pay-misspelt.yaml": ("errored", True)}
    assert checked("not tag:pay") == {name: (status, True) for name, status in [
        ("contested-misspelt.yaml", "errored"), ("contested.yaml", "passed"), ("numbered-tag.yaml", "errored"),
        ("pay-misspelt.yaml", "errored"), ("unclosed.yaml", "errored")]}
    done = invoke("check", tmp_path, "-k", "tag:contested", "-f", "json")
    assert done.exit_code == 0 and json.loads(done.output)["summary"]["selected"] == 1


@pytest.mark.parametrize("expression, column", [
    ("(" * 500 + "gear" + ")" * 500, 51),
    ("not " * 3000 + "gear", 201),
])
def test_k_nested_hundreds_deep_is_a_usage_error_with_its_column(expression, column):
    with pytest.raises(SelectionError, match=f"at column {column}: nested more than"):
        Selector(expression)
    done = invoke("check", SCENARIOS, "-k", expression)
    assert done.exit_code == 2 and "nested more than" in done.output and "Traceback" not in done.output


def test_k_that_cannot_be_read_names_the_column():
    with pytest.raises(SelectionError, match=r"'gear \)' at column 6: unexpected '\)'"):
        Selector("gear )")


def test_k_selecting_nothing_exits_nothing_selected(corpus):
    done = invoke("check", corpus, "-k", "no-scenario-has-this-word")
    assert done.exit_code == 5 and "selected none of the 3 scenarios" in done.output


def test_a_folder_with_no_scenario_exits_nothing_selected(tmp_path):
    (tmp_path / "deck.yaml").write_text("cards: []\n", encoding="utf-8")
    done = invoke("check", tmp_path)
    assert done.exit_code == 5 and "no scenario files collected" in done.output
    assert "1 YAML file without a top-level scenario: key" in done.output


@pytest.mark.parametrize("error, says", [(RuntimeError("lost the results"), "judgekit internal error while checking: "
                                          "RuntimeError: lost the results"),
                                          (MemoryError("no room for the results"), "judgekit ran out of memory")])
def test_judgekit_failing_outside_any_one_file_exits_internal_error(corpus, monkeypatch, error, says):
    def broken(*args, **kwargs):
        raise error
    monkeypatch.setattr("judgekit.corpus.runner.check_all", broken)
    done = invoke("check", corpus)
    assert done.exit_code == 3 and says in done.output


def test_checking_a_scenario_leaves_no_reference_cycle_for_the_garbage_collector():
    """What a checked file built is freed as soon as it is done with (a cycle, such as a kept exception's
    frames or nested functions calling each other, would keep a whole board for the collector to find; `check`
    runs with the collector paused, so each would stay until it exits). Among the files: a choice with no legal
    option, an "if you do" after a choice, refusals kept while trying attacks, a refused free Call."""
    import gc

    files = [PAID, CONTESTED, SCENARIOS / "card-types" / "4.10.1-gear-on-rival-unit-refused.yaml",
             *sorted((SCENARIOS / "examples").glob("*.yaml")),
             SCENARIOS / "attack" / "9.8-call-a-legend-as-a-reaction.yaml",
             SCENARIOS / "cards" / "el-sombreron-gains-a-chosen-max-gig-fixed-when-gained.yaml",
             SCENARIOS / "faq" / "mox-inciters" / "01-cant-attack-wins.yaml",
             SCENARIOS / "effects" / "11.11.4.1-a-free-call-is-still-the-turns-call.yaml"]
    check_all(files, jobs=1)  # first use loads the pool, models and caches once
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        results = check_all(files, jobs=1)
        left = gc.collect()
    finally:
        if enabled:
            gc.enable()
    assert [r.status for r in results] == ["passed"] * len(files)
    assert left == 0


def test_the_check_report_prints_as_rich_prints_it(corpus, monkeypatch):
    """A piped or logged `check` prints the same bytes without loading rich (judgekit.render.styled)."""
    import contextlib
    import io

    from judgekit.cli import corpus as corpus_cli
    from judgekit.cli.common import make_console
    from judgekit.corpus.discover import collect
    from judgekit.corpus.runner import summary
    from judgekit.render import styled

    shutil.copy(CONTESTED, corpus / "contested.yaml")
    known = PAID.read_text(encoding="utf-8").replace("alice-eddie-3: {spent: false}", "alice-eddie-3: {spent: true}")
    (corpus / "known.yaml").write_text(known + "known_failure: {reason: a reason long enough to wrap " + "x " * 50
                                       + "}\n", encoding="utf-8")
    (corpus / ("long-" + "n" * 90 + ".yaml")).write_text("scenario: " + "word " * 40 + "\nplayers: {alice: {}}\n",
                                                        encoding="utf-8")
    (corpus / "notes.yaml").write_text("just: notes\n", encoding="utf-8")  # skipped: the summary says so
    collection = collect([corpus])
    results = check_all(collection.files)
    statuses = {r.status for r in results}
    assert statuses == {"passed", "failed", "errored", "known-failure"}, statuses

    def printed(through_rich: bool, width: str) -> str:
        monkeypatch.setenv("COLUMNS", width)
        monkeypatch.setattr(styled, "rich_would_style", lambda: through_rich)
        writer = styled.Writer(make_console)
        monkeypatch.setattr(corpus_cli, "make_writer", lambda: writer)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            corpus_cli._render_check(results, summary(results), False, collection)
        assert (writer.console is not None) == through_rich
        return out.getvalue()

    for width in ("80", "40", "133"):
        assert printed(False, width) == printed(True, width), width

