"""`judgekit ask` answering at a table (review H): `can psycho attack?` with no target answered Yes or No from the
engine's own rulings; copies of a card in one hand, a "choose one" answered by its words or for the Rival, a target
named before the payment, `w/o block`. Each expectation is from the rules (2026-08 numbering), the FAQ or the printed
card text, written before judgekit was run."""
from __future__ import annotations

import pytest

from judgekit.ask.session import Session

BOARD = ("alice field psycho", "alice field corpo", "alice legends v streetkid", "alice hand riding nomad",
         "alice field psycho squad as ps2 lag", "bob field maelstrom goons spent", "bob field la llorona",
         "bob gigs d6=3")


def asked(*lines: str) -> tuple[Session, str]:
    session = Session("2026-08")
    said = [session.handle(line) for line in (*BOARD, *lines)]
    return session, said[-1]


def test_a_unit_that_cant_attack_is_answered_no():
    """Corpo Security's printed text: it can't attack; every attack it might make is refused, so the answer is No."""
    session, said = asked("can corpo attack?")
    assert said.split("\n")[1].startswith("No: Corpo Security [corpo] can't attack now"), said
    assert "error" not in said and not session.doc["actions"]


def test_a_lagging_unit_is_answered_no_with_lag():
    """11.3.1.1: a lagging Unit can't attack."""
    _, said = asked("can ps2 attack?")
    assert said.split("\n")[1].startswith("No: Psycho Squad [ps2] can't attack now") and "Lag" in said, said


def test_a_unit_that_may_attack_is_answered_yes_with_its_attacks():
    """9.3.2.1, 9.3.2.2: Psycho Squad may attack the spent Goons or Bob's Gig area, not the ready La Llorona."""
    _, said = asked("can psycho attack?")
    lines = said.split("\n")
    assert lines[1].startswith("Yes: Psycho Squad [psycho] may attack"), said
    assert any("target: maelstrom" in line and "not allowed" not in line for line in lines)
    assert any("target: llorona (not allowed)" in line for line in lines)


def test_a_legend_in_the_legends_area_or_a_card_in_hand_is_answered_no_not_an_error():
    """4.2.1, 9.3.1: only a Unit in the field attacks; a face-down Legend in the Legends area and a Unit in the hand
    can't (the error said `target` was missing)."""
    for typed, name in (("can v attack?", "V: Streetkid [v]"), ("can riding nomad attack?", "Riding Nomad [riding]")):
        session, said = asked(typed)
        assert said.split("\n")[1].startswith(f"No: {name} can't attack now: {name} is not a Unit in alice's field"), said
        assert not session.doc["actions"]


def test_the_rivals_unit_on_the_turn_players_turn_is_answered_no():
    """9.2: attacking is a Main Phase action of the turn player; it is Alice's turn, so Bob's Goons can't attack."""
    _, said = asked("can bob's goons attack?")
    assert said.split("\n")[1].startswith("No: Maelstrom Goons [maelstrom] can't attack now: Attacking is a Main "
                                          "Phase action of the turn player"), said


def test_an_attack_typed_without_a_question_still_asks_for_its_target():
    _, said = asked("attack psycho")
    assert "error: 'attack: psycho' fits 3 options; pick one by number" in said


def test_two_copies_of_a_card_in_one_hand_are_not_asked_which():
    """Two Floor Its in Bob's hand are alike but for their labels (a card in the hand has no state of its own), so
    `bob plays floor it on psycho` in his React Step plays one, then the other, instead of asking which (9.10.1:
    each [QUICK] Program may be played as a reaction; the FAQ allows more than one QUICK in one attack)."""
    session = Session("2026-08")
    said = [session.handle(line) for line in (
        "alice field psycho", "bob hand floor it", "bob hand floor it", "bob eddies 2", "bob gigs d6=3",
        "psycho attacks gigs", "bob plays floor it on psycho", "bob plays floor it on psycho")]
    assert said[-2].startswith("Read as `quick: floor, targets: [psycho]`."), said[-2]
    assert said[-1].startswith("Read as `quick: floor-2, targets: [psycho]`."), said[-1]
    assert "its power is now 4" in said[-1]


def test_copies_in_different_hands_are_still_asked_which():
    session = Session("2026-08")
    said = [session.handle(line) for line in ("alice hand floor it", "bob hand floor it", "alice eddies 1",
                                              "bob field psycho", "can he play floor it on psycho?")]
    assert "which?" in said[-1] or "names no player" in said[-1], said[-1]


def test_a_choose_one_is_answered_by_the_name_of_its_effect():
    """Misty Olszewski's printed text: at the end of the turn her player chooses a card type (10.31, the FAQ counts
    Legend among them); `gear` (or `choose gear`) is that choice, not the board command `gear GEAR on CARD`, and a
    Gear on top of the deck then goes to the hand. Padre's Call: `draw` is its second effect."""
    session = Session("2026-08")
    said = [session.handle(line) for line in ("alice field misty", "alice deck mantis", "pass turn", "choose gear")]
    assert said[-1].startswith("Read as `modes: [2]`."), said[-1]
    assert "Mantis Blades [mantis] to the hand" in said[-1]
    session = Session("2026-08")
    said = [session.handle(line) for line in ("alice legends padre", "alice eddies 1", "call padre", "draw")]
    assert said[-1].startswith("Read as `modes: [2]`."), said[-1]
    assert session.doc["actions"][-1]["modes"] == [2]


def test_a_word_that_names_no_effect_or_several_is_not_read_as_one():
    from judgekit.ask.typed import mode_named
    awaiting = "bob chooses 1 of the effects of X's effect: 1. draw 1; 2. draw 2. The ruling waits here; script"
    assert mode_named("draw", awaiting, 2) is None and mode_named("draw 2", awaiting, 2) == 2
    assert mode_named("gear mantis on psycho", awaiting, 2) is None and mode_named("2", awaiting, 2) is None


def test_a_choose_one_the_card_gives_the_rival_is_answered_as_the_rivals():
    """Gunpoint Diplomacy's printed text: with less Street Cred than her Rival (Null against 3, 5.11.4.2) Alice's
    Rival chooses one effect for her. `2`, or the effect's words, is Bob's pick, written as his (`{by: bob, pick:
    2}`); it was written as Alice's and refused as an input error."""
    for typed in ("2", "+3 power"):
        session = Session("2026-08")
        said = [session.handle(line) for line in ("alice hand gunpoint", "alice eddies 4", "alice field psycho",
                                                  "bob gigs d6=3", "play gunpoint", typed)]
        assert said[-1].startswith("Read as `modes: [{by: bob, pick: 2}]`."), said[-1]
        assert "error" not in said[-1] and session.doc["actions"][-1]["modes"] == [{"by": "bob", "pick": 2}]


def test_a_target_named_when_the_payment_is_chosen_first_is_kept_for_later_not_an_error():
    """NetWatch Netdriver on Judy Álvarez: Braindance Maestro (a face-up Legend, 4.10.1): spending Judy to pay for
    Floor It (5.7.2) draws 1, so which card pays is Alice's choice, made first (11.1). `play floor it on psycho` was
    an error saying the ruling "never needed" the target; it now waits for the payment, the target not taken yet."""
    session = Session("2026-08")
    said = [session.handle(line) for line in (
        "alice legends judy face-up", "gear netwatch on judy", "alice eddies 1", "alice hand floor it",
        "bob field psycho", "bob field corpo", "play floor it on psycho")]
    assert "error" not in said[-1] and "Not taken yet: Psycho Squad [psycho]" in said[-1], said[-1]
    assert "alice chooses which 1 card to spend" in said[-1] and "targets" not in session.doc["actions"][-1]
    said = [session.handle(line) for line in ("pay judy", "psycho")]
    assert "Psycho Squad [psycho] gets -1 power this turn" in said[-1], said[-1]


@pytest.mark.parametrize("typed", ["can psycho attack goons w/o block?", "what happens if psycho attacks goons w/o block?",
                                   "what happens if psycho attacks goons without a block?"])
def test_an_attack_asked_without_a_block_in_short_words_is_played_out(typed):
    """9.12, 9.17: with no block, Psycho Squad (6) fights the spent Maelstrom Goons (3) and defeats them; `w/o` and a
    what-if with "without a block" were errors, though `with no block` was read."""
    session = Session("2026-08")
    said = [session.handle(line) for line in ("alice field psycho", "bob field maelstrom goons spent",
                                              "bob field corpo", typed)]
    assert said[-1].startswith("Read as `attack: psycho, target: goons`.\nResult: Maelstrom Goons [maelstrom] "
                               "defeated"), said[-1]
    assert not session.doc["actions"]


def test_an_attack_asked_with_the_attacker_after_with_and_no_target_is_answered():
    """`can alice attack with corpo?` is the question `can corpo attack?` (Corpo Security can't attack: No); it was
    read as `attack: with` or left unread."""
    _, said = asked("can alice attack with corpo?")
    assert said.startswith("Read as `attack: corpo, by: alice`.\nNo: alice can't attack with Corpo Security [corpo] "
                           "now"), said
    _, said = asked("can alice attack with psycho?")
    assert said.split("\n")[1].startswith("Yes: alice may attack with Psycho Squad [psycho]"), said


def test_an_attack_asked_for_the_other_player_says_that_player_cant_not_that_the_card_cant():
    """9.2: only the turn player attacks, in their Main Phase. On Alice's turn `can bob attack with psycho?` is No for
    Bob, though Psycho Squad itself may attack (Alice's `can psycho attack?` is Yes): the answer says Bob can't attack
    with it, not that the card can't attack."""
    _, said = asked("can bob attack with psycho?")
    assert said.split("\n")[1].startswith("No: bob can't attack with Psycho Squad [psycho] now"), said
    assert "turn player" in said and "9.2" in said, said


def test_a_cards_ability_asked_about_by_its_pronoun_is_its_activated_effect():
    """11.3.1.2: a lagging Unit can't activate its Spend-icon effects; Kerry Eurodyne: The Last Rockerboy's is one.
    `can kerry use its ability?` was read as a card named 'kerry its ability'."""
    session = Session("2026-08")
    said = [session.handle(line) for line in ("alice field kerry eurodyne lag", "alice gigs d10=9",
                                              "can kerry use its ability?")]
    assert said[-1].startswith("Read as `activate: kerry`.\nResult: refused:") and "Lag" in said[-1], said[-1]
    for asked_so in ("can alice use kerry's ability?", "alice activates kerry\u2019s effect"):
        said = session.handle(asked_so)
        assert said.startswith("Read as `activate: kerry, by: alice`.\nResult: refused:") and "Lag" in said, said
