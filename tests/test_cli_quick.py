"""The quick path of `rule`, `search` and `run` (judgekit/cli/quick.py)."""
from __future__ import annotations

import gc

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
