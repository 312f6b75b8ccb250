"""Keys of the effect vocabulary that mean nothing together (judgekit/scenario/effect_keys.py) are an input error at
the effect or instruction (file, line, field), saying what to write instead; never accepted and then ignored or read
as something else. `validate` and `run` refuse them alike (exit 2), and nothing of the scenario runs."""
from __future__ import annotations

import pytest

from judgekit.rules.book import load_rulebook
from judgekit.scenario.build import build_file
from judgekit.scenario.yaml_lines import InputError
from tests.entry_point import invoke

BOARD = """scenario: t
cards:
  - name: Odd One
    type: Unit
    cost: 3
    power: 4
    effects:
      - {effect}
players:
  alice:
    field: [Odd One, Psycho Squad]
    deck: 3
    gigs: ["d6=2"]
  bob:
    deck: 3
actions:
  - draw: 1
"""
LINE = 8  # the effect's line in BOARD
UNIT = "targets: [{kind: Unit, side: friendly}]"


@pytest.mark.parametrize("effect, field, says", [
    # 10.22.1, 10.22.2: a persistent effect makes no choice and runs nothing
    (f"{{persistent: {{power: 1}}, affects: friendly-units, {UNIT}}}", "", "so `targets` would never be used"),
    ("{persistent: {power: 1}, do: [{draw: 1}]}", "", "so `do` would never be used"),
    ("{persistent: {power: 1}, modes: [{do: [{draw: 1}]}, {do: [{draw: 2}]}]}", "", "so `modes` would never be used"),
    # a Gig is no card: only a steal replacement applies to Gigs (6.1, 6.7)
    ("{persistent: {power: 1}, affects: friendly-gigs}", "", "`affects: friendly-gigs` goes with `replace: stolen`"),
    ("{replace: defeated, affects: friendly-gigs, do: [{draw: 1}]}", "",
     "`affects: friendly-gigs` goes with `replace: stolen`"),
    ("{replace: stolen, affects: friendly-units, do: [{draw: 1}]}", "", "write `affects: friendly-gigs`, not"),
    ("{replace: stolen, do: [{draw: 1}]}", "", "not `affects: this`"),
    ("{replace: stolen, affects: friendly-gigs, affected: {other: true}, do: [{draw: 1}]}", "",
     "`affected` narrows the cards"),
    # `give`: the power keys
    (f"{{when: play, {UNIT}, do: [{{give: {{card: target, power: 2, power_equal_to: this-power}}}}]}}",
     ".do.0.give", "so `power` beside it would be dropped: write two `give` instructions"),
    (f"{{when: play, {UNIT}, do: [{{give: {{card: target, power: 1, per: friendly-gigs, "
     "power_equal_to: this-power}}]}", ".do.0.give", "so `power` and `per` beside it would be dropped"),
    (f"{{when: play, {UNIT}, do: [{{give: {{card: target, per: friendly-gigs}}}}]}}", ".do.0.give",
     "write the `power` it gives each time"),
    (f"{{when: play, {UNIT}, do: [{{give: {{card: target, power: -2, loses: true}}}}]}}", ".do.0.give",
     "`loses` goes with `power_equal_to`"),
    (f"{{when: play, {UNIT}, do: [{{give: {{card: target, keywords: [BLOCKER], while_fighting: true}}}}]}}",
     ".do.0.give", "`while_fighting` makes the power given count only in its fights"),
    (f"{{when: play, {UNIT}, do: [{{give: {{card: target, power: 1, steals: 1, while_fighting: true}}}}]}}",
     ".do.0.give", "`steals` would apply at all times"),
    ("{persistent: {per: friendly-gigs}, affects: friendly-units}", ".persistent",
     "write the `power` it gives each time"),
])
def test_keys_that_mean_nothing_together_are_refused_at_their_line(tmp_path, effect, field, says):
    path = tmp_path / "odd.yaml"
    path.write_text(BOARD.format(effect=effect), encoding="utf-8")
    with pytest.raises(InputError) as error:
        build_file(path, load_rulebook())
    [problem] = error.value.problems
    assert (problem.file, problem.line, problem.field) == (str(path), LINE, "cards.0.effects.0" + field)
    assert says in problem.message
    assert "{rule:" not in problem.message  # rule marks are numbered in the edition


@pytest.mark.parametrize("effect", [
    "{persistent: {power: 1, per: friendly-gigs}, affects: friendly-units, affected: {other: true}}",
    "{replace: stolen, affects: friendly-gigs, do: [{draw: 1}]}",
    "{replace: defeated, affects: friendly-units, modes: [{do: [{draw: 1}]}, {do: [{draw: 2}]}]}",
    f"{{when: play, {UNIT}, do: [{{give: {{card: target, power_equal_to: this-power, loses: true}}}}]}}",
    f"{{when: play, {UNIT}, do: [{{give: {{card: target, power: 1, per: friendly-gigs, while_fighting: true}}}}]}}",
    f"{{when: play, {UNIT}, do: [{{give: {{card: target, power: 2}}}}, {{give: {{card: target, "
    "power_equal_to: this-power}}]}",
])
def test_keys_that_go_together_are_accepted(tmp_path, effect):
    path = tmp_path / "fine.yaml"
    path.write_text(BOARD.format(effect=effect), encoding="utf-8")
    build_file(path, load_rulebook())


def test_validate_and_run_refuse_alike_with_exit_2_and_run_nothing(tmp_path):
    path = tmp_path / "odd.yaml"
    path.write_text(BOARD.format(effect=f"{{persistent: {{power: 1}}, affects: friendly-units, {UNIT}}}"),
                    encoding="utf-8")
    checked, ran = invoke("validate", str(path)), invoke("run", str(path))
    assert checked.exit_code == ran.exit_code == 2
    where = f"{path}:{LINE}: cards.0.effects.0: a persistent effect makes no choices"
    assert where in checked.output and where in ran.output
    assert "10.22.1" in ran.output and "Action 1" not in ran.output and "Traceback" not in ran.output
