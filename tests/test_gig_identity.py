"""Equal Gig dice (6.3) that effects tell apart: a choice between them is scripted with a mark or awaited (10.31)."""
from __future__ import annotations

import pytest

from judgekit.engine.gigs import find_gig, marks, told_apart
from judgekit.engine.state import Gig
from judgekit.engine.trace import ScenarioMismatch
from judgekit.scenario.yaml_lines import InputError
from tests.conftest import rule_of

CARDS = """
cards:
  - {name: Rover, type: Unit, cost: 3, power: 3, effects: [{when: steals, do: [{adjust: {gig: stolen, increase: 2}}],
      text: "when this Unit steals a Gig, increase that Gig by 2"}]}
  - {name: Trader, type: Unit, cost: 3, power: 1, effects: [{when: friendly-steals, do: [{swap: true}],
      text: "when a friendly Unit steals a Gig, swap a friendly Gig with a rival Gig"}]}
  - {name: Dealer, type: Unit, cost: 3, power: 3, effects: [{when: steals,
      do: [{swap: true}, {adjust: {gig: stolen, increase: 2}}],
      text: "when this Unit steals a Gig, swap a friendly Gig with a rival Gig, then increase the stolen Gig by 2"}]}
"""


def board(field: str, script: str, expect: str = "") -> str:
    return f"""
scenario: t
{CARDS}
players:
  alice: {{field: [{field}], gigs: [d6=3]}}
  bob: {{gigs: [d6=3, d8=5]}}
actions:
  - {{attack: {field.split(",")[0]}, target: gig-area, react: [], steal: [d6=3]{script}}}
{expect}"""


def gigs_after(text: str) -> tuple[list, list]:
    _, result, _ = rule_of(text)
    return sorted(result.final.players["alice"].gigs), sorted(result.final.players["bob"].gigs)


def awaited(text: str) -> tuple[str, ...]:
    _, result, _ = rule_of(text)
    return next(step for step in result.outcomes[0].steps if step.kind == "await").options


def test_an_unmarked_gig_that_could_be_either_of_two_dice_an_effect_tells_apart_is_an_input_error():
    with pytest.raises(InputError) as error:
        rule_of(board("Rover, Trader", ", order: [Trader, Rover], gigs: [d6=3, d8]"))
    assert "d6=3 (other), d6=3 (stolen)" in str(error.value)


@pytest.mark.parametrize("mark, alice, bob", [
    ("stolen", [("d6", 3), ("d8", 5)], [("d6", 5)]),
    ("stolen of Rover", [("d6", 3), ("d8", 5)], [("d6", 5)]),
    ("other", [("d6", 5), ("d8", 5)], [("d6", 3)]),
])
def test_6_6_the_marked_die_is_the_one_swapped_and_the_pending_effect_follows_it(mark, alice, bob):
    assert gigs_after(board("Rover, Trader", f", order: [Trader, Rover], gigs: ['d6=3 ({mark})', d8]")) == \
        (alice, bob)


def test_equal_dice_no_effect_follows_stay_interchangeable_and_unmarked():
    text = board("Trader", "", "expect: {awaiting: {player: alice, options: [d6=3, d6=3]}}")
    assert awaited(text) == ("d6=3", "d6=3")
    assert gigs_after(board("Trader", ", gigs: [d6=3, d8]")) == ([("d6", 3), ("d8", 5)], [("d6", 3)])


def test_the_resolving_effects_own_stolen_gig_tells_its_swaps_choice_apart():
    assert sorted(awaited(board("Dealer", ""))) == ["d6=3 (other)", "d6=3 (stolen)"]
    assert gigs_after(board("Dealer", ", gigs: ['d6=3 (other)', d8]")) == ([("d6", 5), ("d8", 5)], [("d6", 3)])


@pytest.mark.parametrize("entry", ["d6=3 (taken)", "d6=3 (other of Rover)", "d6=3 (stolen of Nobody)"])
def test_a_mark_that_means_nothing_is_an_input_error(entry):
    with pytest.raises(InputError):
        rule_of(board("Rover, Trader", f", order: [Trader, Rover], gigs: ['{entry}', d8]"))


def test_marks_name_each_class_of_equal_dice_and_pick_it_back():
    a, b, c = Gig("d6", 3), Gig("d6", 3), Gig("d6", 3)
    follows = {a.ident: frozenset({("stolen", "rv")}),
               b.ident: frozenset({("stolen", "rv"), ("stolen", "be")})}
    written = told_apart([a, b, c], follows)
    assert written == ["d6=3 (stolen of rv)", "d6=3 (stolen of be)", "d6=3 (other)"]
    assert [find_gig([a, b, c], w, "alice", "gigs", follows) for w in written] == [0, 1, 2]
    with pytest.raises(ScenarioMismatch):
        find_gig([a, b, c], "d6=3 (stolen)", "alice", "gigs", follows)
    assert marks("d6=3") == ("d6=3", None)
    assert marks("d6=3 (stolen of rv and adjusted)") == ("d6=3", (("stolen", "rv"), ("adjusted", None)))
