"""What a cold command loads: `judgekit run` validates with the cached light records and never defines a
pydantic model class, and on a standard output that is not a terminal prints its ruling without loading
rich.console (tests/test_render_styled.py checks the bytes against rich's); `rule` and `search` load
neither the engine nor pydantic (tests/test_cli.py).

Speed itself is measured in benchmarks/; these assert only what does not depend on timing.
"""
from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT, SCENARIOS

PROBE = """
import contextlib, io, sys
from judgekit.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        main(sys.argv[1:])
    except SystemExit as done:
        assert done.code == 0, done.code
print(" ".join(sorted(m for m in sys.modules if m.startswith(("judgekit.scenario.model", "pydantic.", "typer._adapters",
                                                            "rich.console", "rich.text", "rich.table")))))
"""


def loaded_by(*args: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", PROBE, *args], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_a_ruling_defines_no_pydantic_model_class_when_the_cached_scenario_schema_is_used():
    example = str(SCENARIOS / "examples" / "legend-returned-to-hand.yaml")
    loaded_by("run", "-f", "json", example)  # fills the cache if it is empty
    for args in (["run", "-f", "json", example], ["run", example], ["run", "-f", "md", example]):
        assert loaded_by(*args) == [], args


def test_a_ruling_with_inline_card_effects_defines_no_pydantic_model_class_either():
    example = str(SCENARIOS / "examples" / "legend-trigger-after-removal.yaml")
    loaded_by("run", "-f", "json", example)
    assert loaded_by("run", "-f", "json", example) == []


def test_a_corpus_check_converts_its_command_line_without_typer_s_pydantic_adapters():
    """`check` reads a plain command line on the quick path (judgekit/cli/quick.py), as `run` does."""
    example = str(SCENARIOS / "examples" / "legend-returned-to-hand.yaml")
    loaded_by("check", "-f", "json", example)
    assert not [m for m in loaded_by("check", "-f", "json", example)
                if m.startswith(("typer._adapters", "judgekit.scenario.model"))]
