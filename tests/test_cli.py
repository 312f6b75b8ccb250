"""The command line: run, validate, schema, rule; exit statuses 0, 1 and 2; no tracebacks for bad input (its
conventions: tests/test_cli_conventions.py; the quick path: tests/test_cli_quick.py)."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import ROOT, SCENARIOS
from tests.entry_point import invoke

EXAMPLE = str(SCENARIOS / "examples" / "legend-returned-to-hand.yaml")
BOTTOM = str(SCENARIOS / "examples" / "bottom-deck-host-and-gear.yaml")


def test_run_prints_the_trace_with_rule_numbers_and_titles_and_the_board():
    done = invoke("run", EXAMPLE)
    assert done.exit_code == 0, done.output
    out = done.output
    assert "4.4.1" in out and "5.13" in out and "Removed from Game" in out
    assert "alice" in out and "Removed from game" in out and "Mantis Blades" in out
    assert "every expectation holds" in out


def test_run_json_is_stable_and_documented():
    first, second = invoke("run", EXAMPLE, "--format", "json"), invoke("run", EXAMPLE, "--format", "json")
    assert first.exit_code == 0 and first.output == second.output
    data = json.loads(first.output)
    assert list(data) == ["format", "scenario", "edition", "seed", "random", "actions", "steps", "board", "verdict"]
    assert data["format"] == "judgekit-ruling/1"
    numbers = {c["number"] for s in data["steps"] for c in s["cites"]}
    assert {"4.4.1", "5.13"} <= numbers


def test_edition_option_renumbers_citations():
    user = json.loads(invoke("run", BOTTOM, "-f", "json").output)
    published = json.loads(invoke("run", BOTTOM, "-f", "json", "--edition", "2026-08").output)
    number = lambda data: {c["number"] for s in data["steps"] for c in s["cites"] if c["id"] == "bottom-deck.definition"}
    assert number(user) == {"11.15.1"} and number(published) == {"11.12.1"}
    inferred = {c["confirmed"] for s in user["steps"] for c in s["cites"] if c["id"] == "bottom-deck.definition"}
    assert inferred == {False}


def test_random_steps_are_reported_with_their_source():
    data = json.loads(invoke("run", BOTTOM, "-f", "json").output)
    assert data["random"] and all("seed 11" in r["source"] for r in data["random"])
    other = json.loads(invoke("run", BOTTOM, "-f", "json", "--seed", "12").output)
    assert other["seed"] == 12


def test_a_failed_expectation_exits_1_with_the_difference(tmp_path):
    text = (SCENARIOS / "examples" / "legend-returned-to-hand.yaml").read_text(encoding="utf-8")
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(text.replace("removed: [goro]", "trash: [goro]"), encoding="utf-8")
    done = invoke("run", str(wrong))
    assert done.exit_code == 1
    assert "expect.areas.alice.trash" in done.output and "expected ['goro']" in done.output


def test_bad_input_exits_2_with_file_line_field_and_no_traceback(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("scenario: t\nplayers:\n  alice:\n    hand: [Corpo Securty]\n    feild: []\n  bob: {}\n",
                   encoding="utf-8")
    done = invoke("run", str(bad))
    assert done.exit_code == 2
    assert f"{bad}:5: players.alice.feild: unknown key 'feild'; did you mean 'field'?" in done.output
    assert "Traceback" not in done.output
    bad.write_text("scenario: t\nplayers:\n  alice:\n    hand: [Korpo Sekurity, Mantiss]\n  bob: {}\n",
                   encoding="utf-8")
    done = invoke("validate", str(bad))
    assert done.exit_code == 2 and done.output.count(f"{bad}:4: players.alice.hand.") == 2
    assert "did you mean 'Corpo Security'" in done.output and "did you mean 'Mantis Blades'" in done.output


def test_missing_file_exits_2(tmp_path):
    done = invoke("run", str(tmp_path / "nope.yaml"))
    assert done.exit_code == 2 and "cannot read the file" in done.output


def test_validate_checks_many_files():
    files = [str(p) for p in sorted(SCENARIOS.rglob("*.yaml"))]
    done = invoke("validate", *files)
    assert done.exit_code == 0 and done.output.count(": ok") == len(files)


def test_validate_searches_a_folder_as_check_does(tmp_path):
    import shutil
    shutil.copy(EXAMPLE, tmp_path / "a.yaml")
    shutil.copy(SCENARIOS / "examples" / "legend-returned-to-hand.ruling.json", tmp_path / "a.ruling.json")
    (tmp_path / "notes.yaml").write_text("just: notes\n", encoding="utf-8")  # not a scenario: not validated
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "bad.yaml").write_text("scenario: x\nplayers:\n  alice: {}\n  bob: {}\nactoins: []\n",
                                               encoding="utf-8")
    done = invoke("validate", str(tmp_path))
    assert done.exit_code == 2
    assert f"{tmp_path / 'a.yaml'}: ok" in done.output and "notes.yaml" not in done.output
    assert f"{tmp_path / 'sub' / 'bad.yaml'}:5" in done.output and "actoins" in done.output
    (tmp_path / "empty").mkdir()
    done = invoke("validate", str(tmp_path / "empty"))
    assert done.exit_code == 5 and "no scenario files under" in done.output
    done = invoke("validate", str(tmp_path / "a.yaml"), str(tmp_path))  # named, then found again: checked once
    assert done.output.count(f"{tmp_path / 'a.yaml'}: ok") == 1


def test_schema_is_json_schema():
    data = json.loads(invoke("schema").output)
    assert data["title"] == "judgekit scenario" and "players" in data["required"]


def test_rule_shows_text_parent_subrules_and_links():
    done = invoke("rule", "4.4")
    assert done.exit_code == 0
    assert "4.4.1" in done.output and "4.4.2" in done.output and "Legends" in done.output
    data = json.loads(invoke("rule", "4.4.2", "--format", "json").output)
    assert data["parent"]["number"] == "4.4" and data["refers_to"][0]["number"] == "5.13"


def test_rule_numbers_follow_the_edition():
    assert json.loads(invoke("rule", "11.14", "-f", "json").output)["id"] == "call-a-legend"
    assert json.loads(invoke("rule", "11.11", "-f", "json", "--edition", "2026-08").output)["id"] == "call-a-legend"
    assert "inferred" in invoke("rule", "11.4").output


@pytest.mark.parametrize("written, rule_id", [("BLOCKER", "keyword.blocker"), ("[Blocker]", "keyword.blocker"),
                                              ("lag", "lag"), ("CR 11.14", "call-a-legend"),
                                              ("11.14.", "call-a-legend"), ("rule 11.14", "call-a-legend"),
                                              ("§11.14", "call-a-legend"), ("GO-SOLO", "keyword.go-solo")])
def test_rule_takes_a_keyword_or_term_and_a_number_as_people_write_it(written, rule_id):
    assert json.loads(invoke("rule", written, "-f", "json").output)["id"] == rule_id


def test_unknown_rule_and_unknown_edition_exit_2():
    done = invoke("rule", "4.4.9")
    assert done.exit_code == 2 and "nearest" in done.output
    assert invoke("rule", "4.4", "--edition", "1999").exit_code == 2


def test_readme_starts_with_install_and_run_then_the_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1]
    first_run = readme.index("judgekit run scenarios/examples/legend-returned-to-hand.yaml")
    assert first_run < readme.index(ci)
    first_command = readme.split("```sh\n", 1)[1].split("\n", 1)[0]
    assert first_command == "pip install . && judgekit run scenarios/examples/legend-returned-to-hand.yaml"
    assert (ROOT / "scenarios/examples/legend-returned-to-hand.yaml").exists()


def test_run_markdown_is_a_write_up_with_question_board_answer_and_rule_text():
    """Issue #23: the answer in one plain sentence first, then question, board and steps with their deciding
    rules; the board afterwards and the full citation list folded; printed names, no labels."""
    done = invoke("run", EXAMPLE, "--format", "md")
    assert done.exit_code == 0, done.output
    out = done.output
    assert out.splitlines()[2] == ("**Answer.** Mantis Blades ends up in Alice's hand and Goro Takemura: Hands "
                                   "Unclean is removed from the game.")
    order = ["**Answer.**", "**Question.**", "**The board.**", "**Step by step**",
             "<details><summary>The board afterwards", "<details><summary>All 9 rules cited"]
    assert [out.index(h) for h in order] == sorted(out.index(h) for h in order)
    before, after = out.split("<details><summary>The board afterwards")
    assert "field: Goro Takemura" in before and "removed from game: Goro Takemura" in after
    assert "- **4.4.1 Legends**: A Legend that moves into an invalid area is removed from the game." in after
    steps = before.split("**Step by step**")[1]
    assert "(4.4.1 Legends, 5.13.2.1? Removed from Game)" in steps and "4.4 Legends" not in steps  # the deciding rules
    assert "GO SOLO" not in steps  # the board never says Goro went solo (#25)
    assert "[goro]" not in out and "goro" not in out and "alice" not in out
    shown = out.split("<details>")[0].splitlines()  # what a reader sees before unfolding anything
    assert len(shown) <= 30
    assert out == invoke("run", EXAMPLE, "--format", "md").output


def test_rule_markdown_and_commands_without_markdown_say_so():
    done = invoke("rule", "4.4", "--format", "md")
    assert done.exit_code == 0 and done.output.startswith("### 4.4 ")
    assert "- **4.4.1**" in done.output
    refused = invoke("search", "lag", "--format", "md")
    assert refused.exit_code == 2 and "no Markdown output" in refused.output


def test_readme_documents_every_exit_status():
    from judgekit import exitcodes
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme.split("## Exit codes", 1)[1].split("\n## ", 1)[0]
    for name in ("OK", "FAILED", "BAD_INPUT", "INTERNAL_ERROR", "NOTHING_SELECTED"):
        assert f"| {getattr(exitcodes, name)} |" in table, name


def test_commands_are_registered_lazily_and_every_command_is_reachable():
    """Each command is found through COMMANDS, even when its module was imported behind the group's back."""
    probe = ("import json, typer\nfrom judgekit.cli import COMMANDS, app\n"
             "group = typer.main.get_command(app)\nimport judgekit.cli.reference\n"
             "print(json.dumps(group.get_command(None, 'rules').list_commands(None)))\n"
             "print(json.dumps(sorted(n for n in COMMANDS if group.get_command(None, n) is None)))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    first, second = done.stdout.strip().splitlines()
    assert {"import", "diff", "check"} <= set(json.loads(first)) and json.loads(second) == []


def test_validate_reports_a_file_that_crashes_and_still_checks_every_other(tmp_path, monkeypatch):
    import judgekit.scenario.build as build_module
    real = build_module.build_file
    good, crash, bad = tmp_path / "good.yaml", tmp_path / "crash.yaml", tmp_path / "bad.yaml"
    good.write_text("scenario: t\nplayers: {a: {}, b: {}}\n", encoding="utf-8")
    crash.write_text("scenario: t\nplayers: {a: {}, b: {}}\n", encoding="utf-8")
    bad.write_text("scenario: t\nplayers: {a: {feild: []}, b: {}}\n", encoding="utf-8")

    def build_file(path, book=None):
        if str(path).endswith("crash.yaml"):
            raise KeyError("boom")
        return real(path, book)
    monkeypatch.setattr(build_module, "build_file", build_file)
    done = invoke("validate", str(crash), str(good), str(bad))
    assert done.exit_code == 3 and "Traceback" not in done.output
    assert f"{crash}: internal error" in done.stderr and f"{good}: ok" in done.stdout
    assert f"{bad}:2: players.a.feild: unknown key" in done.stderr


def test_a_usage_error_never_echoes_a_long_option_command_or_value():
    """Unknown options and commands and bad choices are quoted as judgekit's own errors quote input: at most
    80 characters of it, with its length said (the bad-input promise; click's messages quote them whole)."""
    long = "x" * 300
    for args in ([f"--{long}"], [long], ["terms", f"--{long}"], ["terms", "-f", long], ["rules", "diff", "-f", long],
                 ["run", EXAMPLE, f"--{long}"], ["rule", "4.4", "-f", long]):
        done = invoke(*args)
        assert done.exit_code == 2, (args[:2], done.output)
        assert long[:100] not in done.stderr and "(30" in done.stderr, (args[:2], done.stderr[-300:])
    done = invoke("terms", "-f", "bogus")
    assert done.exit_code == 2 and "'bogus' is not one of 'rich', 'json'" in done.stderr


def test_a_number_of_another_edition_says_what_it_is_there():
    """11.6 is Equip in 2026-08; in the user's edition (three more chapter-11 entries before Equip, which is 11.9)
    there is no 11.6, and the error says where it is."""
    done = invoke("rule", "11.6")
    assert done.exit_code == 2 and "in edition 2026-08 it is Equip (`--edition 2026-08`)" in done.output
