"""`judgekit ask`: what already happened this turn, said in the past tense, must be true of the card it names and of the
moment it is typed (review E4). A Legend still in the Legends area was not played this turn (a Legend played goes to
the field, 4.5); a Call the defending player names while their React Step waits is that step's reaction (9.8), paid
as any Call (11.11.1), not a fact of the board before the attack."""
from __future__ import annotations

from tests.test_ask import session_after

ATTACK_WITH_A_LEGEND_TO_CALL = ("alice field psycho squad", "bob field maelstrom goons spent",
                                "bob legends goro takemura vengeful bodyguard", "bob eddies 2", "psycho attacks goons")


def test_a_legend_in_the_legends_area_was_not_played_this_turn():
    """4.5: a Legend is played from the Legends area to the field; one still in the Legends area was not played."""
    for line in ("alice played goro", "goro was played this turn", "played goro"):
        session, said = session_after("alice legends goro takemura hands unclean face-up", line)
        assert said[-1].split("\n")[-1].startswith("error"), said[-1]
        assert "4.5" in said[-1] and "alice field goro" in said[-1]
        assert not (session.doc.get("this_turn") or {}).get("played")


def test_a_legend_played_with_go_solo_is_stated_in_the_field():
    session, said = session_after("alice field goro takemura hands unclean face-up", "alice played goro")
    assert "error" not in said[-1] and session.doc["this_turn"]["played"] == ["goro"]


def test_the_defenders_call_in_the_react_step_is_not_taken_for_a_fact_before_the_attack():
    """9.8, 11.11.1: bob, defending, Calls as his reaction and pays 1 €$; `bob called goro` typed while his React
    Step waits is not stated silently as a Call before the attack (no €$ paid, no reaction): ask says how to say
    either."""
    session, said = session_after(*ATTACK_WITH_A_LEGEND_TO_CALL, "bob called goro")
    assert said[-1].startswith("error"), said[-1]
    assert "`bob calls goro`" in said[-1] and "`bob called`" in said[-1] and "9.8" in said[-1]
    assert not session.doc["players"]["bob"].get("called_legend_this_turn")
    assert not session.state.cards["goro"].face_up
    session, said = session_after(*ATTACK_WITH_A_LEGEND_TO_CALL, "bob calls goro")
    assert session.doc["actions"][-1]["react"][0] == {"call": "goro"}, said[-1]


def test_a_call_stated_outside_a_react_step_is_still_a_fact():
    session, said = session_after("alice legends goro takemura hands unclean", "alice called goro")
    assert session.doc["players"]["alice"]["called_legend_this_turn"] and session.state.cards["goro"].face_up
    session, said = session_after(*ATTACK_WITH_A_LEGEND_TO_CALL, "alice called")
    assert session.doc["players"]["alice"]["called_legend_this_turn"], said[-1]
