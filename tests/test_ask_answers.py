"""`judgekit ask` reading answers as a judge types them at the table: an amount said aloud, a whole order of pending
effects, a Gear played on its host, a question, `undo` after an error; and the price `options` puts on an answer."""
from __future__ import annotations

import io

from judgekit.ask.session import Session
from judgekit.ask.terminal import run_lines

LLORONA_BLOCKS = ("alice field psycho", "bob gigs d6=3", "bob field llorona", "bob legends goro vengeful face-up",
                  "bob hand floor", "bob eddies 1", "attack psycho gig-area", "block llorona", "options", "2", "yes")


def piped(*lines: str) -> tuple[Session, str]:
    """The lines typed into `judgekit ask` from a pipe, and what it printed."""
    session, out = Session(), io.StringIO()
    run_lines(session, [line + "\n" for line in lines], out, echo=True)
    return session, out.getvalue()


def test_a_number_typed_while_an_amount_is_chosen_is_the_amount_not_an_option():
    """10.31.3, 2.8: La Llorona raises a Gig by up to 3; the player says "3", and the judge types `3` after
    `options` (whose item 3 is `numbers: [2]`): the Gig is raised by 3."""
    session, printed = piped(*LLORONA_BLOCKS, "options", "3")
    said = printed.split("ask> 3\n", 1)[1]
    assert said.startswith("Read as `numbers: [3]`.") and "bob chooses to increase it by 3 (up to 3)." in said
    assert session.doc["actions"][-1]["numbers"] == [3]
    assert session.handle("undo") == "Undone: 3 (numbers: [3])"
    assert "increase it by 3" in session.handle("increase by 3") and session.handle("undo")
    assert "increase it by 1" in session.handle("by 1") and session.handle("undo")
    refused = session.handle("5")
    assert refused.startswith("error: '5' is not an amount bob may choose now (0 to 3)") and "`numbers: 3`" in refused
    assert "numbers" not in session.doc["actions"][-1]
    assert "increase it by 2" in session.handle("numbers: 2")  # a listed option, typed as listed


def test_an_answer_that_pays_nothing_is_listed_without_a_price():
    """11.14: the Call was paid before Padre's mode is chosen, and a refused reaction is not paid: `options` then
    prices no answer that pays nothing, and still prices a reaction that pays (11.1.2)."""
    session, said = piped("alice field psycho", "bob field maelstrom goons spent", "bob hand reboot", "bob hand bonnie",
                          "bob legends padre", "bob eddies 3", "attack psycho maelstrom", "quick bonnie", "options",
                          "call padre", "options")
    after_refused, after_call = said.split("ask> options\n")[1:]
    assert "   1. pass\n" in after_refused and "quick: reboot (pays 2 €$)" in after_refused
    assert "call: padre (pays 1 €$)" in after_refused
    assert "   1. modes: [1]\n   2. modes: [2]\n" in after_call and "pays" not in after_call


def test_a_whole_order_of_pending_effects_is_taken_as_far_as_it_goes():
    """10.12: Alice orders her three pending effects at once; Tetratronic's resolves first and waits for its
    choice, which is told, and the rest of the order is given when it is asked again (its last effect alone is
    not asked, 10.12)."""
    board = ("alice field sketchy ripper", "gear netwatch on sketchy", "gear tetratronic on sketchy",
             "alice deck floor it", "bob gigs d6=3", "attack sketchy gig-area")
    for typed in ("order: tetratronic, sketchy, netwatch", "tetratronic, sketchy, netwatch"):
        session, printed = piped(*board, typed)
        said = printed.split(f"ask> {typed}\n", 1)[1]
        assert said.startswith("Read as `order: [tetratronic, sketchy, netwatch]`.") and "error" not in said
        assert ("alice chooses to resolve Sketchy Ripper [sketchy]'s effect (when this card is spent, from Tetratronic "
                "Rippler [tetratronic]) next.") in said
        assert "The rest of the order (sketchy, netwatch) is not taken yet: another choice comes first" in said
    session.handle("no")
    said = session.handle("sketchy netwatch")
    assert "alice chooses to resolve Sketchy Ripper [sketchy]'s effect (when this Unit attacks) next." in said and \
        "not taken" not in said
    assert session.doc["actions"][-1]["order"] == ["tetratronic#1", "sketchy#1"]


def test_plain_words_play_a_gear_on_its_host_and_a_question_is_the_action():
    """4.10.1: `play mantis on psycho` equips it; `can bob call padre?` is bob's Call, ruled on (11.14.2)."""
    session, said = piped("alice field psycho", "alice hand mantis", "alice eddies 1", "bob legends padre",
                          "play mantis on psycho", "can bob call padre?")
    assert "Read as `play: mantis, equip_to: psycho`.\nResult: Mantis Blades [mantis] equipped; Psycho Squad [psycho] stays.\n" \
        "Action 1: alice plays mantis equipped to psycho  → allowed" \
        in said
    assert "Read as `call: padre, by: bob`.\nResult: refused: " in said and \
        "\nAction 2: bob Calls a Legend: padre  → REFUSED" in said


def test_undo_after_an_error_takes_back_the_last_change_and_says_the_error_changed_nothing():
    session, said = piped("alice field psycho", "bob hand reboot", "play: reboot, by: bob", "quick reboot", "undo",
                          "undo")
    assert "ask> undo\nUndone: play: reboot, by: bob (refused, it had changed nothing on the board; it is no longer " \
           "action 1): the last change ('quick reboot', typed after it, was an error and changed " \
           "nothing); `redo` puts it back\nask> undo\nUndone: bob hand reboot\n" in said
    assert session.doc["actions"] == [] and not session.doc["players"]["bob"].get("hand")


def test_the_cards_paying_an_effect_are_typed_by_their_labels():
    """11.8.1, 5.7.2: El Sombrerón's 2 €$ waits for Alice's choice (Dexter, carrying Gear, would set off Alt
    Cunningham); the judge types the two cards that pay, bare or after the choice's verb, and they are the answer
    (`payments: [...]`); a count other than the cost is told, not guessed."""
    board = ("alice field el sombreron", "alice field alt cunningham mother", "alice legends dexter off face-up",
             "gear mantis on dexter", "alice eddies 2", "alice gigs d8=8", "bob gigs d6=2", "attack sombreron gig-area",
             "yes")
    for typed in ("dexter, alice-eddie-1", "spend dexter and alice-eddie-1", "pay with dexter alice-eddie-1"):
        session, printed = piped(*board, typed)
        said = printed.split(f"ask> {typed}\n", 1)[1]
        assert said.startswith("Read as `payments: [dexter, alice-eddie-1]`.") and "error" not in said, said
        assert session.doc["actions"][-1]["payments"] == ["dexter", "alice-eddie-1"]
    refused = session.handle("undo") and session.handle("dexter alice-eddie-1 alice-eddie-2")
    assert refused.startswith("error: the payment takes 2 cards; ") and "payments" not in session.doc["actions"][-1]
