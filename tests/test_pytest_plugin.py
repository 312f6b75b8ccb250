"""The pytest plugin, run through pytest's own pytester: scenario files collected as tests in any project."""
from __future__ import annotations

from tests.conftest import SCENARIOS

PAID = (SCENARIOS / "card-types" / "4.6-play-unit-named-payment.yaml").read_text(encoding="utf-8")


def test_scenario_files_are_collected_and_run(pytester):
    pytester.makefile(".yaml", good=PAID, other="just: some config\n")
    result = pytester.runpytest("-v")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*good.yaml::good PASSED*"])
    assert "other.yaml" not in result.stdout.str()


def test_a_failing_expectation_shows_judgekits_difference(pytester):
    pytester.makefile(".yaml", wrong=PAID.replace("alice-eddie-3: {spent: false}", "alice-eddie-3: {spent: true}"))
    result = pytester.runpytest()
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*wrong.yaml: the ruling does not match*",
                                 "*expect.cards.alice-eddie-3.spent: expected True, got False*"])
    assert "Traceback" not in result.stdout.str()


def test_a_bad_file_fails_with_file_line_and_field(pytester):
    pytester.makefile(".yaml", bad="scenario: x\nplayers:\n  alice: {}\n  bob: {}\nactoins: []\n")
    result = pytester.runpytest()
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*bad scenario file*", "*bad.yaml:5: actoins*"])


def test_golden_update_and_diff_through_pytest(pytester):
    path = pytester.makefile(".yaml", paid=PAID)
    pytester.runpytest("--judgekit-update").assert_outcomes(passed=1)
    assert (pytester.path / "paid.ruling.json").is_file()
    path.write_text(PAID.replace("alice-eddie-2, v]", "alice-eddie-3, v]")
                    .replace("alice-eddie-3: {spent: false}", "alice-eddie-2: {spent: false}"), encoding="utf-8")
    result = pytester.runpytest()
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*differs from the recorded one*", "+  3. alice spends alice-eddie-3*"])


def test_the_plugin_can_be_switched_off(pytester):
    pytester.makefile(".yaml", good=PAID)
    pytester.runpytest("-p", "no:judgekit").assert_outcomes()


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
