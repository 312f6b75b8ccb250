"""Running a built scenario's actions through the engine, a scripted action that does not match the board
being an input error at its line and field. Used by rulings (judgekit.ruling), the options listing and replay."""
from __future__ import annotations

from judgekit.engine.actions import RunResult, run_actions
from judgekit.engine.trace import ScenarioMismatch
from judgekit.scenario.build import BuiltScenario
from judgekit.scenario.yaml_lines import InputError, Problem


def run_scenario(built: BuiltScenario, seed: int | None = None) -> RunResult:
    """Run the scenario's actions; a `from` that does not match the board is an input error."""
    try:
        return run_actions(built.state, built.actions, built.scenario.seed if seed is None else seed)
    except ScenarioMismatch as mismatch:
        raise input_error(built, mismatch) from None


def input_error(built: BuiltScenario, mismatch: ScenarioMismatch) -> InputError:
    """A scripted action that does not match the board, as an input error at its line and field."""
    field = mismatch.field_name
    path = built.action_paths[mismatch.action_index] + (tuple(field) if isinstance(field, tuple) else
                                                        (field,) if field else ())
    return InputError([Problem(built.file, built.doc.line_of(path), ".".join(map(str, path)), mismatch.text)])
