"""The command line: run, validate, schema, rule; exit statuses 0, 1 and 2; no tracebacks for bad input."""
from __future__ import annotations

import json

from typer.testing import CliRunner

from judgekit.cli import app
from tests.conftest import ROOT, SCENARIOS

EXAMPLE = str(SCENARIOS / "examples" / "legend-returned-to-hand.yaml")
BOTTOM = str(SCENARIOS / "examples" / "bottom-deck-host-and-gear.yaml")
runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, list(args))


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
    bad.write_text("scenario: t\nplayers:\n  alice:\n    hand: [Corpo Securty, Mantis Blade]\n  bob: {}\n",
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


def test_unknown_rule_and_unknown_edition_exit_2():
    done = invoke("rule", "4.4.9")
    assert done.exit_code == 2 and "nearest" in done.output
    assert invoke("rule", "4.4", "--edition", "1999").exit_code == 2


def test_readme_starts_with_install_and_run_then_the_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1]
    first_run = readme.index("judgekit run scenarios/examples/legend-returned-to-hand.yaml")
    assert first_run < readme.index(ci)
    assert (ROOT / "scenarios/examples/legend-returned-to-hand.yaml").exists()


def test_run_markdown_is_a_write_up_with_question_board_answer_and_rule_text():
    done = invoke("run", EXAMPLE, "--format", "md")
    assert done.exit_code == 0, done.output
    out = done.output
    for heading in ("**Question.**", "**The board.**", "**Answer.**", "**Afterwards.**", "**Rules cited**"):
        assert heading in out
    assert out.index("**The board.**") < out.index("**Answer.**") < out.index("**Afterwards.**")
    # the board before the action still has Goro in the field; afterwards he is removed
    before, after = out.split("**Afterwards.**")
    assert "field: Goro Takemura" in before and "removed from game: Goro Takemura" in after
    assert "- **4.4.1 Legends**: A Legend that moves into an invalid area is removed from the game." in out
    assert out == invoke("run", EXAMPLE, "--format", "md").output


def test_rule_markdown_and_commands_without_markdown_say_so():
    done = invoke("rule", "4.4", "--format", "md")
    assert done.exit_code == 0 and done.output.startswith("### 4.4 ")
    assert "- **4.4.1**" in done.output
    refused = invoke("search", "lag", "--format", "md")
    assert refused.exit_code == 2 and "no Markdown output" in refused.output


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
