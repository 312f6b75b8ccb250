"""Choose-one effects (10.31, 10.32): the controller picks as it resolves; picked modes resolve in order."""
from __future__ import annotations

import pytest

from judgekit.scenario.yaml_lines import InputError
from tests.conftest import rule_of

BOARD = """
scenario: t
cards:
  - name: Fork
    type: Program
    cost: 0
    effects:
      - when: resolve
        choose: {choose}
        choose_all_if: {all_if}
        modes:
          - {{text: draw one, do: [{{draw: 1}}]}}
          - {{text: draw two, do: [{{draw: 2}}]}}
          - {{text: trash one, do: [{{trash: 1}}]}}
players:
  alice:
    hand: [Fork]
    deck: [Psycho Squad, Animals Wrecker, Emergency Atlus, Mantis Blades]
    gigs: [d4={d4}]
  bob: {{}}
actions:
  - play: Fork
{modes}
"""


def run(choose=1, all_if="[]", d4=2, modes="    modes: [2]"):
    return rule_of(BOARD.format(choose=choose, all_if=all_if, d4=d4, modes=modes))


def test_10_31_only_the_chosen_mode_resolves():
    _, result, _ = run()
    assert result.final.players["alice"].hand == ["Psycho Squad", "Animals Wrecker"]
    assert result.final.players["alice"].trash == ["Fork"]


def test_10_32_several_chosen_modes_resolve_in_printed_order_whatever_order_was_written():
    _, result, _ = run(choose=2, modes="    modes: [[3, 1]]")
    assert result.final.players["alice"].hand == ["Psycho Squad"]
    assert result.final.players["alice"].trash[-1] == "Animals Wrecker"


def test_choose_all_instead_when_its_condition_holds_needs_no_choice():
    _, result, _ = run(all_if="[{min_gig_die: d4}]", d4=1, modes="")
    assert len(result.final.players["alice"].hand) == 3
    assert len(result.final.players["alice"].trash) == 2


def test_an_unscripted_mode_waits_and_lists_every_mode():
    _, result, data = run(modes="")
    assert "1. draw one; 2. draw two; 3. trash one" in data["verdict"]["awaiting"]
    assert result.final.resolving == ["Fork"] and len(result.final.players["alice"].deck) == 4


def test_a_mode_number_out_of_range_is_an_input_error():
    with pytest.raises(InputError) as error:
        run(modes="    modes: [4]")
    assert "modes" in str(error.value)


def test_modes_and_a_top_level_do_are_refused_at_the_boundary():
    text = BOARD.format(choose=1, all_if="[]", d4=2, modes="").replace("        modes:", "        do: [{draw: 1}]\n        modes:")
    with pytest.raises(InputError) as error:
        rule_of(text)
    assert "each mode has its own `do`" in str(error.value)
