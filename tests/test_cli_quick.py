"""The quick path of `rule`, `search` and `run` (judgekit/cli/quick.py)."""
from __future__ import annotations

import gc
from pathlib import Path

from judgekit.cli import quick, reference
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

import functools  # noqa: E402

import pytest  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

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


def _typer_call(function, argv: list[str]):
    """The keyword arguments typer calls `function` with for `argv`, or None when typer refuses the line."""
    import typer
    from judgekit.cli.commands import typer_view
    calls = []

    @functools.wraps(function)
    def record(**kwargs):
        calls.append(kwargs)

    app = typer.Typer()
    app.command("record")(typer_view(record))
    app.command("other")(lambda: None)  # two commands: typer then reads the first word as the command's name
    try:
        typer.main.get_command(app).main(["record", *argv], prog_name="judgekit", standalone_mode=False)
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
