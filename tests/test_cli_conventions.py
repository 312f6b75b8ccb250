"""Command-line conventions (as pytest, ruff and gh keep them): --version, -h, completion, `-` for standard
input, exit 3 with one line and no traceback for an internal error or a lack of memory, a closed output pipe, a
format a command cannot write."""
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
from tests.conftest import SCENARIOS
from tests.entry_point import invoke, judgekit_process, runner

EXAMPLE = str(SCENARIOS / "examples" / "legend-returned-to-hand.yaml")

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
