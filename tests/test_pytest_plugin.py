"""The pytest plugin, run through pytest's own pytester: scenario files collected as tests in any project."""
from __future__ import annotations

import pytest

from tests.conftest import SCENARIOS

PAID = (SCENARIOS / "card-types" / "4.6-play-unit-named-payment.yaml").read_text(encoding="utf-8")


def _fails_with(pytester, lines: list[str], *args: str):
    """Run pytest; exactly one item fails, its report has `lines`, and no traceback is shown."""
    result = pytester.runpytest(*args)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(lines)
    assert "Traceback" not in result.stdout.str()
    return result


def test_scenario_files_are_collected_and_run(pytester):
    pytester.makefile(".yaml", good=PAID, other="just: some config\n")
    result = pytester.runpytest("-v")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*good.yaml::good PASSED*"])
    assert "other.yaml" not in result.stdout.str()


def test_a_failing_expectation_shows_judgekits_difference(pytester):
    pytester.makefile(".yaml", wrong=PAID.replace("alice-eddie-3: {spent: false}", "alice-eddie-3: {spent: true}"))
    _fails_with(pytester, ["*wrong.yaml: the ruling does not match*",
                           "*expect.cards.alice-eddie-3.spent: expected True, got False*"])


def test_a_bad_file_fails_with_file_line_and_field(pytester):
    pytester.makefile(".yaml", bad="scenario: x\nplayers:\n  alice: {}\n  bob: {}\nactoins: []\n")
    _fails_with(pytester, ["*bad scenario file*", "*bad.yaml:5: actoins*"])


def test_golden_update_and_diff_through_pytest(pytester):
    path = pytester.makefile(".yaml", paid=PAID)
    pytester.runpytest("--judgekit-update").assert_outcomes(passed=1)
    assert (pytester.path / "paid.ruling.json").is_file()
    path.write_text(PAID.replace("alice-eddie-2, v]", "alice-eddie-3, v]")
                    .replace("alice-eddie-3: {spent: false}", "alice-eddie-2: {spent: false}"), encoding="utf-8")
    result = pytester.runpytest()
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*differs from the recorded one*", "+  3. alice spends alice-eddie-3*"])


def test_an_update_under_xdist_runs_in_one_process_and_records_every_ruling(pytester):
    """`-n 2 --judgekit-update`: each xdist worker would hold an update of its own, committed apart from the
    other's (and waiting for its lock), so the set would not be all-or-nothing; the update runs in one process
    instead, as one transaction."""
    for name in ("one", "two", "three"):
        pytester.makefile(".yaml", **{name: PAID})
    # hypothesis's plugin, installed for this suite, plays no part here: left out, 0.3 s less start-up
    result = pytester.runpytest_subprocess("-n", "2", "--judgekit-update", "-p", "no:hypothesispytest")
    result.assert_outcomes(passed=3)
    assert "workers" not in result.stdout.str()  # xdist reports "created: 2/2 workers" when it distributes
    assert sorted(p.name for p in pytester.path.glob("*.ruling.json")) == [
        "one.ruling.json", "three.ruling.json", "two.ruling.json"]


def test_the_plugin_can_be_switched_off(pytester):
    pytester.makefile(".yaml", good=PAID)
    pytester.runpytest("-p", "no:judgekit").assert_outcomes()


def test_a_failed_expectation_names_file_and_line_and_is_shown_once(pytester):
    pytester.makefile(".yaml", wrong=PAID.replace("alice-eddie-3: {spent: false}", "alice-eddie-3: {spent: true}"))
    result = _fails_with(pytester, [])
    line = PAID.splitlines().index("    alice-eddie-3: {spent: false}") + 1
    result.stdout.fnmatch_lines([f"*wrong.yaml:{line}: expect.cards.alice-eddie-3.spent: expected True, got False"])
    assert result.stdout.str().count("expected True, got False") == 1


def test_scenario_tags_become_markers_accepted_by_strict_markers(pytester):
    pytester.makefile(".yaml", paid=PAID, other=PAID.replace("tags: [card-types, units, play, pay]", "tags: [gear]"))
    result = pytester.runpytest("--strict-markers", "-m", "gear", "-v")
    result.assert_outcomes(passed=1, deselected=1)
    result.stdout.fnmatch_lines(["*other.yaml::other PASSED*"])
    pytester.runpytest("--strict-markers", "-m", "card-types and pay").assert_outcomes(passed=1, deselected=1)


def test_a_bad_edition_is_one_usage_error(pytester):
    pytester.makefile(".yaml", one=PAID, two=PAID)
    result = pytester.runpytest("--judgekit-edition", "1999")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert result.stderr.str().count("--judgekit-edition '1999'") == 1
    assert "Traceback" not in result.stdout.str() + result.stderr.str()


def test_update_does_not_record_a_ruling_whose_expectation_fails(pytester):
    pytester.makefile(".yaml", wrong=PAID.replace("alice-eddie-3: {spent: false}", "alice-eddie-3: {spent: true}"))
    _fails_with(pytester, ["*not recorded*golden ruling was kept*"], "--judgekit-update")
    assert not (pytester.path / "wrong.ruling.json").exists()


def test_a_golden_ruling_whose_scenario_is_gone_is_reported(pytester):
    path = pytester.makefile(".yaml", paid=PAID)
    pytester.runpytest("--judgekit-update").assert_outcomes(passed=1)
    path.unlink()
    _fails_with(pytester, ["*paid.ruling.json: golden ruling without a scenario*"])


def test_a_scenario_that_is_not_utf8_is_collected_and_fails_with_its_line(pytester):
    (pytester.path / "latin.yaml").write_bytes(PAID.replace("Alice plays", "Alic\xe9 plays").encode("latin-1"))
    _fails_with(pytester, ["*bad scenario file*", "*latin.yaml:3: not valid UTF-8*"])


def test_a_scenario_with_broken_yaml_is_collected_and_fails_with_its_line(pytester):
    pytester.makefile(".yaml", broken="scenario: x\nplayers: [alice\n  bob: {}\n")
    _fails_with(pytester, ["*bad scenario file*", "*broken.yaml:*: not valid YAML*"])
KNOWN = "known_failure: {reason: judgekit disagrees here, issue: 15}\n"
WRONG_PAID = PAID.replace("alice-eddie-3: {spent: false}", "alice-eddie-3: {spent: true}")


def test_a_known_failure_is_xfailed_while_it_fails(pytester):
    pytester.makefile(".yaml", known=WRONG_PAID + KNOWN)
    result = pytester.runpytest("-rx")
    result.assert_outcomes(xfailed=1)
    result.stdout.fnmatch_lines(["*known failure: judgekit disagrees here*"])


def test_a_known_failure_that_passes_fails_strictly(pytester):
    pytester.makefile(".yaml", fixed=PAID + KNOWN)
    result = pytester.runpytest()
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*XPASS(strict)*known failure*"])
