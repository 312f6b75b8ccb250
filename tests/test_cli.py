"""The command line: run, validate, schema, rule; exit statuses 0, 1 and 2; no tracebacks for bad input."""
from __future__ import annotations

import errno
import json
import os
import subprocess
import sys

import pytest

import judgekit
from judgekit.cli import app
from judgekit.exitcodes import BAD_INPUT, FAILED, INTERNAL_ERROR, OK
from tests.conftest import ROOT, SCENARIOS
from tests.entry_point import EntryPointRunner as CliRunner

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


# --- command-line conventions (like pytest, ruff, gh) ---


def judgekit_process(*args: str, stdin: str | None = None, env: dict | None = None, cwd=None):
    """The real `judgekit` command (its quick path included), in a fresh interpreter."""
    return subprocess.run([sys.executable, "-m", "judgekit", *args], input=stdin, capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, cwd=cwd, timeout=120)


def test_version_flag_prints_the_package_version():
    done = invoke("--version")
    assert done.exit_code == OK and done.output.strip() == f"judgekit {judgekit.__version__}"


def test_python_dash_m_judgekit_is_the_command():
    done = judgekit_process("--version")
    assert done.returncode == OK and done.stdout.strip() == f"judgekit {judgekit.__version__}"


def _every_command() -> list[list[str]]:
    import typer
    group = typer.main.get_command(app)
    out = []
    for name in group.list_commands(None):
        command = group.get_command(None, name)
        out.append([name])
        if hasattr(command, "list_commands"):
            out += [[name, sub] for sub in command.list_commands(None)]
    return out


def test_dash_h_is_help_on_every_command():
    commands = _every_command()
    assert {"run", "rule", "search", "check", "terms"} <= {c[0] for c in commands} and ["rules", "check"] in commands
    for command in [[]] + commands:
        short, long = invoke(*command, "-h"), invoke(*command, "--help")
        assert short.exit_code == OK and "Usage:" in short.output, command
        assert short.output == long.output, command


def test_shell_completion_is_offered_and_completes_commands(tmp_path):
    assert "--install-completion" in invoke("--help").output and "--show-completion" in invoke("--help").output
    done = subprocess.run([sys.executable, "-m", "judgekit"], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "_JUDGEKIT_COMPLETE": "complete_bash", "COMP_WORDS": "judgekit ru",
                               "COMP_CWORD": "1"})
    assert done.stdout.split() == ["run", "rule", "rulings", "rules"]


def test_dash_reads_the_scenario_from_standard_input_for_run_and_validate():
    text = (SCENARIOS / "examples" / "legend-returned-to-hand.yaml").read_text(encoding="utf-8")
    done = runner.invoke(app, ["run", "-", "-f", "json"], input=text)
    assert done.exit_code == OK, done.output
    assert "5.13" in {c["number"] for s in json.loads(done.output)["steps"] for c in s["cites"]}
    assert runner.invoke(app, ["validate", "-"], input=text).exit_code == OK


def test_a_bad_scenario_on_standard_input_names_stdin_and_the_line():
    bad = "scenario: t\nplayers:\n  alice:\n    feild: []\n  bob: {}\n"
    for command in (["run", "-"], ["validate", "-"]):
        done = runner.invoke(app, command, input=bad)
        assert done.exit_code == BAD_INPUT and "<stdin>:4: players.alice.feild" in done.output, done.output


def _break_rule_data(monkeypatch):
    import judgekit.render.rule

    def broken(*args, **kwargs):
        raise RuntimeError("deliberately broken for the test")
    monkeypatch.setattr(judgekit.render.rule, "rule_data", broken)


def test_an_internal_error_is_one_line_exit_3_without_a_traceback(monkeypatch):
    _break_rule_data(monkeypatch)
    monkeypatch.delenv("JUDGEKIT_DEBUG", raising=False)
    done = invoke("rule", "4.4", "-f", "json")
    assert done.exit_code == INTERNAL_ERROR
    assert "Traceback" not in done.output and len(done.output.strip().splitlines()) == 1
    line = done.output.strip()
    assert "internal error in `judgekit rule`" in line and "deliberately broken" in line
    assert f"judgekit {judgekit.__version__}" in line
    assert "please report it with the command and the file at the judgekit issue tracker" in line


@pytest.mark.parametrize("error", [
    MemoryError(),
    OSError(errno.ENOMEM, os.strerror(errno.ENOMEM)),
    # a C extension imported under a memory limit: the dynamic loader cannot map it
    ImportError("/usr/lib/python3.11/lib-dynload/_posixsubprocess.so: failed to map segment from shared object")],
    ids=["MemoryError", "ENOMEM", "a C extension not mapped"])
def test_running_out_of_memory_is_one_line_exit_3_that_asks_for_memory_not_a_bug_report(monkeypatch, error):
    import judgekit.render.rule

    def out_of_memory(*args, **kwargs):
        raise error
    monkeypatch.setattr(judgekit.render.rule, "rule_data", out_of_memory)
    monkeypatch.delenv("JUDGEKIT_DEBUG", raising=False)
    done = invoke("rule", "4.4", "-f", "json")
    assert done.exit_code == INTERNAL_ERROR and "Traceback" not in done.output
    assert done.output.strip().splitlines() == [
        "judgekit: ran out of memory in `judgekit rule`: free some memory or raise the limit, and try again"]


def test_an_import_error_that_is_not_for_want_of_memory_is_still_a_bug_to_report(monkeypatch):
    import judgekit.render.rule

    def missing(*args, **kwargs):
        raise ImportError("No module named 'judgekit.nowhere'")
    monkeypatch.setattr(judgekit.render.rule, "rule_data", missing)
    monkeypatch.delenv("JUDGEKIT_DEBUG", raising=False)
    done = invoke("rule", "4.4", "-f", "json")
    assert done.exit_code == INTERNAL_ERROR and "internal error in `judgekit rule`" in done.output


def test_debug_option_and_judgekit_debug_show_the_traceback(monkeypatch):
    _break_rule_data(monkeypatch)
    monkeypatch.delenv("JUDGEKIT_DEBUG", raising=False)
    done = invoke("--debug", "rule", "4.4", "-f", "json")
    assert done.exit_code == INTERNAL_ERROR and "Traceback" in done.output and "deliberately broken" in done.output
    invoke("rule", "4.4")  # --debug does not stick to later commands
    monkeypatch.setenv("JUDGEKIT_DEBUG", "1")
    done = invoke("rule", "4.4", "-f", "json")
    assert done.exit_code == INTERNAL_ERROR and "Traceback" in done.output


BROKEN_BUILD = """import sys
import judgekit.rules.book as book
def broken(base):
    raise RuntimeError("deliberately broken for the test")
book._build_checked = broken
from judgekit.cli import main
main(sys.argv[1:])
"""


def test_an_internal_error_on_the_real_command_and_its_quick_path_is_exit_3(tmp_path):
    env = {**os.environ, "JUDGEKIT_HOME": str(tmp_path / "home"), "JUDGEKIT_DEBUG": ""}  # a cold cache: the book is built
    for args in (["rule", "4.4"], ["search", "lag"], ["terms"], ["--debug", "rule", "4.4"]):
        done = subprocess.run([sys.executable, "-c", BROKEN_BUILD, *args], capture_output=True, text=True, env=env,
                              timeout=120)
        assert done.returncode == INTERNAL_ERROR, (args, done.stderr)
        if "--debug" in args:
            assert "Traceback" in done.stderr
            continue
        assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert "please report it" in done.stderr and "deliberately broken" in done.stderr


@pytest.mark.parametrize("args", [["rule", "4.4"], ["search", "card"], ["terms"], ["run", EXAMPLE]])
def test_a_closed_output_pipe_is_not_an_error(args):
    """`judgekit ... | head`: the reader went away before judgekit wrote; no traceback, exit 0."""
    process = subprocess.Popen([sys.executable, "-m", "judgekit", *args], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    process.stdout.close()
    stderr = process.stderr.read().decode()
    assert process.wait(timeout=120) == OK and stderr == ""


def test_commands_that_cannot_write_a_format_say_so_with_exit_2(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("3 Corpo Security\n", encoding="utf-8")
    for args in (["terms", "-f", "md"], ["search", "lag", "--format", "md"], ["deck", "check", str(deck), "-f", "md"],
                 ["check", str(SCENARIOS / "examples"), "-f", "md"]):
        done = invoke(*args)
        assert done.exit_code == BAD_INPUT and "has no Markdown output" in done.output, args
        assert "Traceback" not in done.output
    assert invoke("rule", "4.4", "-f", "yaml").exit_code == BAD_INPUT


def test_terms_as_json_lists_each_term_with_its_rule():
    data = json.loads(invoke("terms", "-f", "json").output)
    lag = next(t for t in data if t["term"].lower() == "lag")
    assert lag["rule"]["number"].startswith("11.3") and lag["kind"]


def test_search_without_a_match_exits_1_in_every_format():
    for args in ([], ["-f", "json"], ["-f", "rich"]):
        done = invoke("search", "zzqxj", *args)
        assert done.exit_code == FAILED and "nothing matches" in done.output, args
    assert json.loads(invoke("search", "zzqxj", "-f", "json").stdout) == []


# --- the quick path of `rule` and `search` (judgekit.cli.quick) reads arguments as typer does ---

QUICK_LINES = [["rule", "4.4"], ["rule", "11.11", "--edition", "2026-08", "-f", "json"], ["rule", "4.4", "--official"],
               ["rule", "--format=md", "4.4.1"], ["rule", "-e", "user", "--", "5.13"],
               ["search", "equip", "gear"], ["search", "-n", "3", "blocker", "-f", "json"], ["search", "--limit=2", "lag"],
               ["run", "x.yaml"], ["run", "-", "-f", "md", "--seed", "3"], ["run", "--edition=2026-08", "--", "-x.yaml"],
               ["run", "--format", "json", "-e", "user", "a b.yaml"],
               ["check", "scenarios/examples", "-f", "json", "-j", "1"], ["check"], ["check", "--update", "a.yaml", "b"],
               ["check", "-k", "gear and not refused", "--junit-xml=r.xml", "--edition", "user", "--jobs=2"]]
TYPER_ONLY = [["rule"], ["rule", "-h"], ["rule", "4.4", "--nope"], ["rule", "4.4", "-f", "yaml"],
              ["search", "lag", "-n", "0"], ["search", "lag", "-n5"], ["search"], ["search", "lag", "--limit"],
              ["run"], ["run", "--help"], ["run", "x.yaml", "--seed", "many"], ["run", "x.yaml", "y.yaml"], ["run", ""],
              ["check", "-j", "0"], ["check", "--help"], ["check", "--jobs"], ["check", "-f", "yaml"], ["check", "--nope"]]


def _what_typer_calls_the_command_with(line, monkeypatch) -> dict:
    """The keyword arguments typer passes the command function for `line` (after its own conversions: before
    typer 0.29 the context holds click's raw values, e.g. a tuple for a list argument)."""
    import functools
    import importlib
    import typer
    from judgekit.cli.quick import QUICK
    received = {}
    function = getattr(importlib.import_module(QUICK[line[0]]), line[0])

    @functools.wraps(function)
    def spy(**values):
        received.update(values)

    group = typer.main.get_command(app)
    group.get_command(None, line[0])  # hands the command's declarations to typer
    [info] = [c for c in app.registered_commands if c.callback.__wrapped__ is function]
    monkeypatch.setattr(info, "callback", functools.wraps(info.callback)(spy))
    group.commands = dict(typer.main.get_group(app).commands)
    group.get_command(None, line[0]).main(line[1:], line[0], standalone_mode=False)
    return received


@pytest.mark.parametrize("line", QUICK_LINES)
def test_the_quick_path_reads_a_command_line_exactly_as_typer_does(line, monkeypatch):
    import importlib
    from judgekit.cli import quick
    expected = _what_typer_calls_the_command_with(line, monkeypatch)
    assert expected and quick.parse(getattr(importlib.import_module(quick.QUICK[line[0]]), line[0]), line[1:]) == expected


@pytest.mark.parametrize("line", TYPER_ONLY)
def test_the_quick_path_leaves_help_and_every_usage_error_to_typer(line):
    from judgekit.cli import quick
    assert quick.run_quickly(line) is None


def test_rule_and_search_never_import_typer_the_engine_the_scenario_models_pydantic_or_rich_console():
    """On a standard output that is not a terminal they print as rich would, without loading rich.console;
    with the rulebook index cached, a search for words the rules use loads no stemmer and no fuzzy matcher."""
    probe = ("import sys, contextlib, io\nfrom judgekit.cli import main\n"
             "for args in {lines!r}:\n"
             "    with contextlib.redirect_stdout(io.StringIO()):\n"
             "        try:\n            main(args)\n        except SystemExit as done:\n"
             "            assert done.code == 0, (args, done.code)\n"
             "print(sorted(m for m in sys.modules if m.startswith(('judgekit.engine', 'judgekit.scenario', 'pydantic', 'typer',\n"
             "    'rich.console', 'rich.text', 'snowballstemmer', 'rapidfuzz'))))")
    lines = [["rule", "4.4.1"], ["rule", "11.14", "-f", "json"], ["search", "blocker"], ["search", "lag", "-f", "json"],
             ["search", "call", "a", "legend"]]
    for _ in range(2):  # the first run fills the cache when it is empty
        done = subprocess.run([sys.executable, "-c", probe.format(lines=lines)], capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


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
