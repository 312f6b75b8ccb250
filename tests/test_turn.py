"""The turn, CR 8: the Start Phase in order (8.6), passing (8.9) and the End of Turn check (8.16-8.18)."""
from __future__ import annotations

import pytest

from judgekit.scenario.yaml_lines import InputError
from tests.conftest import cited_ids, rule_of

START = """
scenario: t
phase: {phase}
seed: {seed}
players:
  alice:
    deck: 3
    fixer: {fixer}
  bob: {{deck: 3}}
actions:
  - {action}
"""


def start(fixer="[d6]", action="{start_phase: true}", phase="start", seed=0):
    return rule_of(START.format(fixer=fixer, action=action, phase=phase, seed=seed))


def test_8_6_5_a_single_die_is_rolled_in_with_a_value_from_the_seed_and_the_trace_says_so():
    _, first, data = start(seed=3)
    _, again, _ = start(seed=3)
    assert first.final.players["alice"].gigs == again.final.players["alice"].gigs
    [(die, value)] = first.final.players["alice"].gigs
    assert die == "d6" and 1 <= value <= 6
    assert data["random"] and "seed 3" in data["random"][0]["source"]


def test_8_6_5_a_scripted_roll_is_used_and_an_impossible_one_is_an_input_error():
    _, result, _ = start(action="{start_phase: true, roll: 5}")
    assert result.final.players["alice"].gigs == [("d6", 5)]
    with pytest.raises(InputError) as error:
        start(action="{start_phase: true, roll: 7}")
    assert "a d6 shows 1 to 6" in str(error.value)


def test_8_6_5_1_1_the_d20_is_rolled_in_only_when_it_is_the_last_die():
    _, result, _ = start(fixer="[d20]")
    assert result.final.players["alice"].gigs[0][0] == "d20"
    assert "start-phase.roll-in.d20-last" in cited_ids(result)
    _, refused, _ = start(fixer="[d20, d4]", action="{start_phase: true, roll_in: d20}")
    assert not refused.outcomes[0].allowed


def test_8_6_the_main_phase_follows_and_only_the_turn_player_has_a_start_phase():
    _, result, _ = start()
    assert result.final.phase == "main"
    _, refused, _ = start(action="{start_phase: true, by: bob}")
    assert not refused.outcomes[0].allowed


def test_8_9_only_the_turn_player_passes_and_only_in_their_main_phase():
    _, in_start, _ = start(action="{pass_turn: true}")
    assert not in_start.outcomes[0].allowed and "main-phase.pass-turn" in in_start.outcomes[0].refusal.cites
    _, passed, _ = start(action="{pass_turn: true}", phase="main", fixer="[]")
    assert passed.final.turn == "bob" and passed.final.phase == "main"
    with pytest.raises(InputError) as error:
        start(action="{pass_turn: true, roll: 2}", phase="main", fixer="[]")
    assert "fixer area is empty" in str(error.value)


def test_roll_in_keys_go_only_with_turn_actions():
    with pytest.raises(InputError) as error:
        start(action="{draw: 1, roll_in: d6}")
    assert "`roll_in` and `roll` go with" in str(error.value)


def test_8_6_5_1_1_a_roll_in_with_one_legal_die_says_it_was_the_only_option():
    text = """
scenario: t
phase: start
players:
  alice: {fixer: [d12, d20], deck: 3}
  bob: {}
actions:
  - start_phase: true
    roll: 5
"""
    _, result, _ = rule_of(text)
    [only] = [s for s in result.outcomes[0].steps if s.kind == "choice"]
    assert "d12" in only.text and "only option" in only.text and "start-phase.roll-in.d20-last" in only.cites
    assert result.final.players["alice"].gigs == [("d12", 5)]


def test_8_16_while_end_of_turn_effects_wait_for_their_order_the_board_is_in_the_end_phase():
    _, result, _ = rule_of("""
        scenario: t
        players:
          alice:
            field: [Modded Kusanagi, "Misty Olszewski: Mender of Broken Spirits"]
            deck: 3
          bob: {}
        actions:
          - pass_turn: true
        """)
    assert result.final.phase == "end" and result.final.turn == "alice" and result.final.pending
