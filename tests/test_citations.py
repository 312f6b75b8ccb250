"""`judgekit rules check`: what counts as a rule citation in a written ruling and in a scenario."""
from __future__ import annotations

from tests.entry_point import EntryPointRunner as CliRunner

from judgekit.cli import app
from judgekit.rules.citations import citations_in_text, check_file

runner = CliRunner()


def numbers(text: str) -> list[str]:
    return [number for _, number in citations_in_text(text)]


def test_numbers_after_a_citing_word_are_citations():
    assert numbers("Per rule 4.4.1 the Legend leaves.") == ["4.4.1"]
    assert numbers("See rules 4.4.1 and 5.13, CR 7.4 and § 5.13.2.") == ["4.4.1", "5.13", "7.4", "5.13.2"]
    assert numbers("removed per 4.4.1, see 11.14") == ["4.4.1", "11.14"]
    assert numbers("section 9 covers attacks") == ["9"]


def test_judgekits_own_write_up_citations_are_found():
    assert numbers("   - Goro is removed from the game (4.4.1, 5.13?).") == ["4.4.1", "5.13"]
    assert numbers("- **4.4.1 Legends**: A Legend that moves ...") == ["4.4.1"]


def test_versions_timings_dates_and_bare_numbers_are_not_citations():
    text = ("judgekit 0.1.0 gave this ruling in 1.30 s on 03.12.2026 (v2.3.4 of the deck list).\n"
            "Equip costs 2.5 eddies here; the event ran 10.30 to 12.45.\n")
    assert numbers(text) == []


def test_rules_check_reports_only_bad_citations_with_file_and_line(tmp_path):
    note = tmp_path / "ruling.md"
    note.write_text("judgekit 0.1.0, timed at 1.30 s.\nThe Gear follows its host (4.12.1).\nSee rule 4.99.\n",
                    encoding="utf-8")
    done = runner.invoke(app, ["rules", "check", str(note)])
    assert done.exit_code == 1
    assert f"{note}:2: 4.12.1 ok" in done.output and f"{note}:3: 4.99 not in edition user" in done.output
    assert "0.1.0" not in done.output and "1.30" not in done.output


def test_a_scenarios_rule_fields_are_citations_and_its_other_numbers_are_not(tmp_path, book):
    scenario = tmp_path / "s.yaml"
    scenario.write_text("scenario: Timing 1.30 in the title is not a rule\nsource: judgekit 0.1.0\n"
                        "note: decided under rule 4.4.1\nseed: 3\nexpect:\n  refused_by: ['4.10.1']\n"
                        "  cites: ['4.98']\n", encoding="utf-8")
    found = {(c.line, c.number, c.ok) for c in check_file(book, scenario, "user")}
    assert found == {(3, "4.4.1", True), (6, "4.10.1", True), (7, "4.98", False)}


def test_a_scenario_that_is_not_yaml_is_bad_input(tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text("scenario: [unclosed\n", encoding="utf-8")
    done = runner.invoke(app, ["rules", "check", str(broken)])
    assert done.exit_code == 2 and "cannot read the file: not valid YAML" in done.output
