"""`judgekit ask` readings a regression review found wrong: a card's name whose first word is a verb's shorthand
(`take control on psycho`), a 'you may' answered with the thing it allows (`discard detonate`), a question with the
player first and the attacker after `with`, and a question starting `does`. Every expectation comes from the rules
(2026-08 numbering), the FAQ or the printed card text, written before judgekit was run."""
from __future__ import annotations

from judgekit.ask.session import Session

ATTACKED = ("alice field psycho squad", "bob hand take control, floor it", "bob eddies 3", "bob gigs d6=3, d8=5",
            "psycho attacks gigs")
GORO_WAITS = ("alice field psycho squad", "bob field maelstrom zealots, maelstrom goons",
              "bob hand detonate, take control, floor it", "bob legends goro takemura: vengeful bodyguard face-up",
              "bob eddies 3", "bob gigs d6=3, d8=5", "psycho attacks gigs", "activate goro on goons",
              "block with goons")


def session_after(*lines: str) -> tuple[Session, list[str]]:
    session = Session("2026-08")
    return session, [session.handle(line) for line in lines]


def test_a_card_name_starting_with_a_verb_word_is_the_card_played_on_its_target():
    """9.10.1: in the React Step the defending player plays a [QUICK] card from hand; Take Control's text targets a
    rival Unit, and Psycho Squad is Alice's. "take" is the first word of the card's name, not the steal shorthand."""
    session, said = session_after(*ATTACKED, "take control on psycho")
    assert "steal" not in said[-1].split("\n", 1)[0] and not said[-1].startswith("error")
    assert said[-1].startswith("Read as `quick: take, targets: [psycho]`.")
    attack = session.doc["actions"][-1]
    assert {"quick": "take"} in attack["react"] and attack["targets"] == ["psycho"]  # as a scenario file writes it
    assert session.data["actions"][-1]["allowed"]


def test_take_the_d8_is_still_the_steal_shorthand():
    """9.23.3: in the Steal Step the attacking player picks the Gig; `take the d8` names no card."""
    session, said = session_after(*ATTACKED, "pass", "take the d8")
    assert said[-1].startswith("Read as `steal: [d8]`.")


def test_a_you_may_answered_with_its_own_verb_is_yes_and_that_choice():
    """Goro Takemura: Vengeful Bodyguard: when a friendly Unit uses BLOCKER, its controller may discard 1, and if so
    draws 1 (FAQ: the discard is optional). `discard detonate` while that 'you may' waits is yes, Detonate discarded."""
    session, said = session_after(*GORO_WAITS)
    assert "('you may')" in said[-1]
    done = session.handle("discard detonate")
    assert not done.startswith("error"), done
    bob = session.data["board"]["players"]["bob"]
    assert "detonate" in [c["label"] for c in bob["trash"]]
    assert "detonate" not in [c["label"] for c in bob["hand"]] and len(bob["hand"]) == 3  # 3 - 1 discarded + 1 drawn
    session.handle("undo")  # one line, one change: undo takes back the yes and the discard together
    assert "('you may')" in session.data["verdict"]["awaiting"]


def test_a_you_may_is_not_answered_by_a_verb_it_does_not_allow():
    """A line the 'you may' does not allow changes nothing (10.2.3: the effect is still resolving)."""
    session, said = session_after(*GORO_WAITS)
    kept = len(session.doc["actions"]), dict(session.doc["actions"][-1])
    refused = session.handle("sell detonate")
    assert refused.startswith("error") or "not" in refused
    assert (len(session.doc["actions"]), session.doc["actions"][-1]) == kept
    assert "('you may')" in session.data["verdict"]["awaiting"]


def test_can_a_player_attack_the_gigs_with_a_unit_is_asked():
    """9.3: Alice's ready Unit in her field may attack the Rival's Gig area in her Main Phase; a question is ruled on
    the board as it is and not kept."""
    session, said = session_after("alice field psycho squad", "gear mantis blades on psycho", "bob gigs d6=3, d8=5",
                                  "can alice attack gigs with psycho?")
    assert "attack: psycho, target: gig-area" in said[-1].split("\n", 1)[0]
    assert "→ allowed" in said[-1] and "Only asked" in said[-1] and session.doc["actions"] == []


def test_does_a_player_play_a_card_on_a_target_is_asked():
    """Detonate: [QUICK] defeat a rival Gear with power 2 or less; Mantis Blades (power 2) is Alice's, and it is Bob's
    Main Phase: he may play it on Mantis Blades. A question starting `does` is ruled and not kept."""
    session, said = session_after("alice field psycho squad", "gear mantis blades on psycho", "bob hand detonate",
                                  "bob eddies 2", "alice pass turn", "does bob play detonate on mantis?")
    first = said[-1].split("\n", 1)[0]
    assert "play: detonate" in first and "targets: [mantis]" in first and "by: bob" in first
    assert "→ allowed" in said[-1] and "Only asked" in said[-1] and len(session.doc["actions"]) == 1
