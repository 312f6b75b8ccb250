"""The quick path of `rule`, `search` and `run` (judgekit/cli/quick.py)."""
from __future__ import annotations

import functools
import gc
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judgekit.cli import app, quick, reference
from judgekit.cli.commands import Argument, Option


def test_a_quick_command_runs_with_the_garbage_collector_paused_and_turns_it_back_on(monkeypatch):
    seen = []

    def rule(number: str = Argument(...)) -> None:
        seen.append((number, gc.isenabled()))

    monkeypatch.setattr(reference, "rule", rule)
    assert gc.isenabled()
    assert quick.run_quickly(["rule", "1.1"]) == 0
    assert seen == [("1.1", False)]
    assert gc.isenabled()


def test_a_command_line_left_to_typer_finds_the_garbage_collector_on(monkeypatch):
    def rule(number: str = Argument(...), loud: bool = Option(False, "--loud/--quiet")) -> None:
        raise AssertionError("typer reads a --flag/--no-flag option")

    monkeypatch.setattr(reference, "rule", rule)
    assert quick.run_quickly(["rule", "1.1"]) is None
    assert gc.isenabled()


def test_a_parameter_with_a_setting_the_quick_path_does_not_read_is_left_to_typer(monkeypatch):
    def rule(number: Path = Argument(..., exists=True)) -> None:
        raise AssertionError("typer checks that the path exists")

    monkeypatch.setattr(reference, "rule", rule)
    assert quick.run_quickly(["rule", "1.1"]) is None


def test_a_command_s_exit_status_is_returned_by_the_quick_path(monkeypatch):
    from judgekit.cli.commands import Exit

    def rule(number: str = Argument(...)) -> None:
        raise Exit(5)

    monkeypatch.setattr(reference, "rule", rule)
    assert quick.run_quickly(["rule", "1.1"]) == 5


# The quick reader against typer, on generated command lines of the four quick commands: whenever the quick path
# reads a command line, typer reads it too and calls the command with the same arguments.

WORDS = ["4.4.1", "blocker", "x", "-", "--", "", "5", "0", "-3", "json", "rich", "md", "user", "2026-08",
         "scenarios/examples/legend-returned-to-hand.yaml", "a b", "-x", "--nope", "=", "tag:gear"]


def _declared(name: str):
    import importlib
    return getattr(importlib.import_module(quick.QUICK[name]), name)


def _flags(function) -> list[str]:
    import inspect
    return [decl for p in inspect.signature(function).parameters.values() if isinstance(p.default, Option)
            for decl in p.default.param_decls]


@functools.cache  # one strategy per command: hypothesis validates a strategy the first time it draws from it
def _command_lines(name: str):
    flags = _flags(_declared(name))
    word = st.sampled_from(WORDS)
    token = st.one_of(word, st.sampled_from(flags), st.builds(lambda f, w: f"{f}={w}", st.sampled_from(flags), word))
    return st.lists(token, max_size=6)


def _click_errors() -> tuple[type, ...]:
    """click's usage errors, as typer raises them (typer may carry its own copy of click)."""
    import typer
    return tuple(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")


@functools.cache
def _recording_command(function):
    """typer's command line for `function`, built once per command: its calls are appended to the list beside it."""
    import typer
    from judgekit.cli.commands import typer_view
    calls = []

    @functools.wraps(function)
    def record(**kwargs):
        calls.append(kwargs)

    app = typer.Typer()
    app.command("record")(typer_view(record))
    app.command("other")(lambda: None)  # two commands: typer then reads the first word as the command's name
    return typer.main.get_command(app), calls


def _typer_call(function, argv: list[str]):
    """The keyword arguments typer calls `function` with for `argv`, or None when typer refuses the line."""
    command, calls = _recording_command(function)
    calls.clear()
    try:
        command.main(["record", *argv], prog_name="judgekit", standalone_mode=False)
    except _click_errors():
        return None
    return calls[0]


@pytest.mark.parametrize("name", sorted(quick.QUICK))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_quick_reader_and_typer_make_the_same_call(name, data):
    function = _declared(name)
    argv = data.draw(_command_lines(name))
    try:
        values = quick.parse(function, argv)
    except quick._Fallback:
        return  # typer reads it (and reports it if it is wrong)
    assert _typer_call(function, argv) == values, argv


@pytest.mark.parametrize("name, argv", [("rule", ["4.4.1", "-f", "json", "--edition=2026-08"]),
                                        ("search", ["equip", "gear", "-n", "3"]),
                                        ("run", ["-", "--seed", "5", "-f", "md"]),
                                        ("check", ["scenarios", "-k", "tag:gear", "-f", "json"])])
def test_plain_command_lines_are_read_on_the_quick_path_as_typer_reads_them(name, argv):
    function = _declared(name)
    values = quick.parse(function, argv)
    assert values and _typer_call(function, argv) == values


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
