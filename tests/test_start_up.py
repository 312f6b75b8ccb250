"""What a cold command loads: a plain command line of `run`, `rule`, `search` or `check` never imports
typer (judgekit/cli/quick.py); `judgekit run` validates with the cached light records and never defines a
pydantic model class, and on a standard output that is not a terminal prints its ruling without loading
rich.console (judgekit's plain format, tests/test_render_styled.py); `rule` and `search` load
neither the engine nor pydantic (tests/test_cli.py).

Speed itself is measured in benchmarks/; these assert only what does not depend on timing.
"""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import ROOT, SCENARIOS

PROBE = """
import contextlib, io, sys
from judgekit.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        main(sys.argv[1:])
    except SystemExit as done:
        assert done.code == 0, done.code
print(" ".join(sorted(m for m in sys.modules if m.startswith(("judgekit.scenario.model", "pydantic.", "typer", "click",
                                                            "rich.console", "rich.text", "rich.table")))))
"""


def loaded_by(*args: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", PROBE, *args], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


EXAMPLE = str(SCENARIOS / "examples" / "legend-returned-to-hand.yaml")
INLINE_EFFECTS = str(SCENARIOS / "examples" / "legend-trigger-after-removal.yaml")

FILL = """
import contextlib, io, json, sys
from judgekit.cli import main
for args in json.loads(sys.argv[1]):
    with contextlib.redirect_stdout(io.StringIO()):
        try:
            main(args)
        except SystemExit as done:
            assert done.code == 0, (args, done.code)
"""


@pytest.fixture(scope="module")
def filled_cache() -> None:
    """The cache a command reads, filled where it is empty (as by judgekit's first run on a machine) by one process
    running each command the tests below probe, once for the module: each probe then runs in its own new process."""
    commands = [["run", "-f", "json", EXAMPLE], ["run", "-f", "json", INLINE_EFFECTS], ["check", "-f", "json", EXAMPLE]]
    done = subprocess.run([sys.executable, "-c", FILL, json.dumps(commands)], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr


def test_a_ruling_defines_no_pydantic_model_class_when_the_cached_scenario_schema_is_used(filled_cache):
    for args in (["run", "-f", "json", EXAMPLE], ["run", EXAMPLE], ["run", "-f", "md", EXAMPLE]):
        assert loaded_by(*args) == [], args


def test_a_ruling_with_inline_card_effects_defines_no_pydantic_model_class_either(filled_cache):
    assert loaded_by("run", "-f", "json", INLINE_EFFECTS) == []


def test_a_corpus_check_reads_its_command_line_without_importing_typer_or_rich(filled_cache):
    """`check` reads a plain command line on the quick path (judgekit/cli/quick.py), as `run` does, and prints
    its report without rich where rich would print it plain (tests/test_check.py compares the bytes)."""
    for args in (["check", "-f", "json", EXAMPLE], ["check", EXAMPLE]):
        assert loaded_by(*args) == [], args


ENGINE_PROBE = """
import sys
from pathlib import Path
from judgekit.cli.common import build_scenario, rulebook_for
from judgekit.ruling import ruling, run_scenario
book = rulebook_for(None)
built = build_scenario(Path(sys.argv[1]), book)
ruling(built, run_scenario(built), book, None)
print(" ".join(sorted(m.rsplit(".", 1)[1] for m in sys.modules if m.startswith("judgekit.engine."))))
"""

# The rules modules of the action kinds (judgekit/engine/actions.py imports each when such an action first runs).
ACTION_MODULES = {"activated", "combat", "legends", "play", "sell", "setup", "turn"}


def engine_modules_for(scenario: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", ENGINE_PROBE, str(SCENARIOS / scenario)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return set(done.stdout.split())


def test_a_ruling_loads_the_rules_of_only_the_actions_it_takes():
    assert not engine_modules_for("examples/bottom-deck-host-and-gear.yaml") & ACTION_MODULES  # one bottom_deck
    attacking = engine_modules_for("attack/9.15-starting-at-the-fight-step-with-a-lasting-effect.yaml")
    assert "combat" in attacking


def test_the_tournament_floor_commands_read_their_command_line_without_importing_typer():
    """`replay`, `run --view` and the `deck` sub-commands take the quick path too (judgekit/cli/quick.py)."""
    deck = str(SCENARIOS / "decks" / "arasaka-green-constructed.txt")
    look = str(SCENARIOS / "hidden-information" /
               "5.3.1.2-kiroshi-optics-looks-at-a-face-down-legend-without-revealing-it.yaml")
    for args in (["deck", "compare", "-f", "json", deck, deck], ["deck", "sheet", deck, "-f", "html"],
                 ["deck", "check", "-f", "json", deck], ["run", "-f", "json", "--view", "bob", look]):
        assert not [m for m in loaded_by(*args) if m.startswith(("typer", "click"))], args


FROZEN_AT_EXIT = """
import atexit, gc, sys
atexit.register(lambda: print("frozen at exit:", gc.get_freeze_count() > 0))  # runs after judgekit's own (last in, first out)
from judgekit.cli import main
if sys.argv[1] == "in-process":
    try:
        main(["rule", "4.4"])
    except SystemExit:
        pass
    print("frozen after an in-process call:", gc.get_freeze_count() > 0)
else:
    sys.argv = ["judgekit", "rule", "4.4"]
    main()
"""


def test_the_command_lines_own_run_skips_the_interpreters_last_collection_and_an_in_process_call_does_not():
    """The process's own command line ends the process: what is alive then is frozen out of the collection the
    interpreter makes at exit (15-20 ms after a ruling). A caller passing `args` (a test, a script) keeps its
    collector as it was."""
    def run(mode):
        done = subprocess.run([sys.executable, "-c", FROZEN_AT_EXIT, mode], cwd=ROOT, capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, done.stderr
        return done.stdout.splitlines()[-2:] if mode == "in-process" else done.stdout.splitlines()[-1:]
    assert run("own-command-line") == ["frozen at exit: True"]
    assert run("in-process") == ["frozen after an in-process call: False", "frozen at exit: False"]
