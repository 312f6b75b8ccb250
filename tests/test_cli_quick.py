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
