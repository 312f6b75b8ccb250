"""What `judgekit run` loads at start-up: the scenario validator from the cache, not one pydantic validator per model.

Speed itself is measured in benchmarks/; these assert only what does not depend on timing.
"""
from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT, SCENARIOS

PROBE = """
import sys
from typer.testing import CliRunner
from judgekit.cli import app
from judgekit.scenario.model.base import Strict

done = CliRunner().invoke(app, ["run", sys.argv[1]])
def models(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from models(sub)
built = sorted({m.__name__ for m in models(Strict) if m.__pydantic_complete__})
print(done.exit_code, len(set(models(Strict))), " ".join(built))
"""


def built_models(example) -> list[str]:
    out = subprocess.run([sys.executable, "-c", PROBE, str(example)], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.split()
    exit_code, models, built = int(out[0]), int(out[1]), out[2:]
    assert exit_code == 0 and models > 40
    return built


def test_a_ruling_builds_no_model_validator_when_the_cached_scenario_schema_is_used():
    built_models(SCENARIOS / "examples" / "legend-returned-to-hand.yaml")  # fills the cache if it is empty
    assert built_models(SCENARIOS / "examples" / "legend-returned-to-hand.yaml") == []


def test_a_ruling_with_inline_card_effects_builds_at_most_the_instruction_model():
    assert set(built_models(SCENARIOS / "examples" / "legend-trigger-after-removal.yaml")) <= {"Instruction"}
