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


def test_a_top_level_do_resolves_before_the_modes_are_chosen():
    text = BOARD.format(choose=1, all_if="[]", d4=2, modes="").replace("        modes:", "        do: [{draw: 1}]\n        modes:")
    _, result, data = rule_of(text)
    assert result.final.players["alice"].hand == ["Psycho Squad"] and data["verdict"]["awaiting"]


RIVAL_BOARD = """
scenario: t
cards:
  - name: Rival Fork
    type: Program
    cost: 0
    effects:
      - when: resolve
        chooser: rival
        modes:
          - {{text: draw one, do: [{{draw: 1}}]}}
          - {{text: trash one, do: [{{trash: 1}}]}}
players:
  alice:
    hand: [Rival Fork]
    deck: [Psycho Squad, Animals Wrecker]
  bob: {{}}
actions:
  - play: Rival Fork
{modes}
"""


def test_10_31_a_mode_the_card_gives_to_a_rival_is_awaited_from_that_rival():
    _, result, data = rule_of(RIVAL_BOARD.format(modes=""))
    waiting = [s for o in result.outcomes for s in o.steps if s.kind == "await"]
    assert waiting and waiting[0].player == "bob" and "{by: bob, pick: N}" in waiting[0].text
    assert data["verdict"]["awaiting"].startswith("bob chooses")


def test_10_31_the_rival_scripts_their_mode_with_by_and_the_trace_names_them():
    _, result, _ = rule_of(RIVAL_BOARD.format(modes="    modes: [{by: bob, pick: 2}]"))
    chose = [s for o in result.outcomes for s in o.steps if s.kind == "choice"]
    assert chose[0].player == "bob" and "effects.your-effect" in chose[0].cites
    assert result.final.players["alice"].trash == ["Rival Fork", "Psycho Squad"] and result.final.players["alice"].hand == []


def test_a_rivals_mode_scripted_without_by_is_an_input_error_at_its_line():
    with pytest.raises(InputError) as error:
        rule_of(RIVAL_BOARD.format(modes="    modes: [2]"))
    problem = error.value.problems[0]
    assert problem.line == 20 and problem.field == "actions.0.modes.0"
    assert "{by: bob, pick: 2}" in problem.message


def test_a_mode_scripted_by_the_wrong_player_is_an_input_error_at_its_by():
    with pytest.raises(InputError) as error:
        rule_of(RIVAL_BOARD.format(modes="    modes: [{by: alice, pick: 2}]"))
    problem = error.value.problems[0]
    assert problem.line == 20 and problem.field == "actions.0.modes.0.by" and "belongs to bob" in problem.message
    with pytest.raises(InputError) as error:
        run(modes="    modes: [{by: bob, pick: 2}]")
    assert "belongs to alice, its controller" in error.value.problems[0].message


def test_a_mode_scripted_by_someone_who_is_not_a_player_is_refused_before_running():
    with pytest.raises(InputError) as error:
        rule_of(RIVAL_BOARD.format(modes="    modes: [{by: bobb, pick: 2}]"))
    assert "did you mean" in str(error.value) and "modes.0.by" in str(error.value)
