"""`judgekit ask` as a floor judge typed forty FAQ card questions: a refused reaction is never kept, a name alone is
no block, a choice answered with its verb, names where labels were wanted, questions on the board, a card missing
from the board, a target refused told apart from its card, and labels that tell two cards apart. Every expectation
comes from the rules (2026-08 numbering), the FAQ or the printed card text, written before judgekit was run."""
from __future__ import annotations

from tests.test_ask_answers import piped

GORO_BLOCKS = ("turn bob", "alice legends goro vengeful face-up", "alice eddies 1", "alice field psycho",
               "alice field rockn spent", "alice hand floor it", "bob field riding nomad", "nomad attacks rockn",
               "alice uses goro on psycho")


def _reactions(session) -> list:
    return session.doc["actions"][-1].get("react", [])


def test_a_refused_reaction_is_told_and_leaves_nothing_behind():
    """11.18.1: Goro, spent for his [QUICK] effect, can't be spent again, so the second use is refused; it is not
    kept, and the rest of the attack goes as if it had never been typed: Psycho Squad (given BLOCKER) blocks,
    Goro's 'you may discard 1' is taken with Floor It, the one card in hand, and alice draws 1."""
    lines = (*GORO_BLOCKS, "psycho blocks", "yes")
    control, _ = piped(*lines)
    session, said = piped(*GORO_BLOCKS, "quick goro on psycho", *lines[len(GORO_BLOCKS):])
    refused = said.split("ask> quick goro on psycho\n", 1)[1].split("ask> ", 1)[0]
    assert "That reaction is refused" in refused and "11.18.1" in refused and "not taken" in refused
    assert session.doc == control.doc and [r for r in _reactions(session) if "quick" in r] == [{"quick": "goro"}]
    assert session.data["actions"][-1]["allowed"] and "floor" in [
        c["label"] for c in session.data["board"]["players"]["alice"]["trash"]]


def test_refused_blocks_are_not_kept_in_the_file():
    """11.27.3 and 9.9: the Unit already attacked can't block its own attack, and a spent Unit can't block; both
    are refused and neither is written in the session's file."""
    session, said = piped("alice field valentino guerrera", "alice gigs d6=5", "bob gigs d4=1", "bob field corpo",
                          "bob field la llorona spent", "valentino attacks corpo", "corpo blocks", "llorona blocks")
    assert said.count("That reaction is refused") == 2
    assert "block" not in str(session.doc["actions"])


def test_a_choice_answered_with_its_own_verb():
    """Evelyn Parker: Scheming Siren's ATTACK effect draws 1 then, with more Street Cred, discards 1: `discard psycho`
    is that discard's answer. Appetite for Destruction's steal (won by 3+) is answered `steal d8`."""
    session, said = piped("alice field evelyn scheming", "alice gigs d8=6", "bob gigs d4=2", "alice hand psycho",
                          "evelyn attacks gigs", "discard psycho")
    assert "Read as `targets: [psycho]`." in said and session.doc["actions"][-1]["targets"] == ["psycho"]
    session, said = piped("alice hand appetite", "alice eddies 3", "alice field psycho", "bob field corpo spent",
                          "bob gigs d6=3 d8=5", "play appetite on psycho", "psycho attacks corpo", "pass", "steal d8")
    assert "Read as `gigs: [d8=5]`." in said
    assert "d8=5" in [f"{g['die']}={g['value']}" for g in session.data["board"]["players"]["alice"]["gigs"]]


def test_activate_in_the_react_step_is_the_quick_effect():
    """9.10: in the React Step the defending player uses a [QUICK] effect; `activate goro on psycho` is Goro's, and
    Psycho Squad (cost 3) gets BLOCKER."""
    session, said = piped(*GORO_BLOCKS[:-1], "activate goro on psycho")
    assert "Read as `quick: goro, targets: [psycho]`." in said
    assert "Psycho Squad [psycho] gets [BLOCKER]" in said and session.data["actions"][-1]["allowed"]


def test_a_card_named_by_its_name_where_a_label_was_wanted():
    """4.10.1: Gear is equipped to a friendly Unit, named by its name (`zealots`, labelled maelstrom); a whole
    first word of a name (`corpo`) is that card, not a start of another's (Corporate Surveillance)."""
    session, said = piped("alice field zealots", "gear deadman on zealots", "bob hand psycho, corpo")
    assert "Deadman Transmitter [deadman] equipped to maelstrom." in said
    assert [c["card"] for c in session.doc["players"]["bob"]["hand"]] == ["Psycho Squad", "Corpo Security"]


def test_a_choice_answered_by_a_cards_name():
    """Evelyn's discard answered with Maelstrom Goons' second word (its label is maelstrom), as the card is called at
    the table."""
    session, said = piped("alice field evelyn scheming", "alice gigs d8=6", "bob gigs d4=2",
                          "alice hand maelstrom goons", "evelyn attacks gigs", "goons")
    assert session.doc["actions"][-1]["targets"] == ["maelstrom"] and "Read as `targets: [maelstrom]`." in said
    assert "Maelstrom Goons" in str(session.data["board"]["players"]["alice"]["trash"])


def test_never_of_a_name_is_not_a_negation():
    """Johnny Silverhand: Never Stop Fighting, typed `johnny never`: the word is the name's; a flag after it still
    counts, and a negation after a name that names one card alone turns the flag round."""
    session, said = piped("alice field johnny never", "bob field johnny never spent", "bob field rita no spent")
    assert "Johnny Silverhand: Never Stop Fighting [johnny] in the field." in said
    assert "Johnny Silverhand: Never Stop Fighting [johnny-2] in the field, spent: true." in said
    assert "Rita Wheeler: No Stupid Questions [rita] in the field, spent: false." in said


def test_questions_on_the_board_are_answered_from_it():
    """3.17.2 and the FAQ on Royce: Psycho on the Edge: a face-up Royce in the Legends area with Mantis Blades has
    6 + 2 (the Gear) + 2 (his own effect, in alice's turn) = 10 power. What bob may do on alice's turn: nothing
    but concede (1.16); what alice may do lists her actions. Nothing of it is kept."""
    session, said = piped("alice legends royce psycho face-up", "gear mantis on royce", "alice hand floor it",
                          "royce power?", "what is royce's power?", "what can bob do?", "what can alice do?")
    assert said.count("Royce: Psycho on the Edge [royce] has 10 power now: 6 printed, +2 Mantis Blades, "
                     "+2 Royce: Psycho on the Edge's effect.") == 2
    assert "Nothing now but conceding (1.16): alice is the player to act." in said and "`sell: floor, by: alice`" in said
    assert session.doc["actions"] == []


def test_a_card_not_on_the_board_is_named_as_missing():
    """No Voodoo card is stated, nor a Rockerboy, nor Mantis Blades: each line says which card is missing, in words."""
    _, said = piped("alice field psycho", "bob field corpo spent", "voodoo gets adrenaline", "psycho attacks rockerboy",
                    "alice plays mantis on psycho")
    assert "error: no card 'voodoo' on the board" in said and "error: no card 'rockerboy' on the board" in said
    assert "actions.0" not in said and "no card labelled or named 'mantis' is on the board" in said


def test_a_refused_target_is_told_apart_from_the_card():
    """Over the Edge defeats a Unit with power at most a friendly d20's value (4 here): Rockn' Rockerboy (8) is no
    legal target, but the Program may be played, on alice's own Corpo Security (2), the one legal choice."""
    _, said = piped("alice hand over the edge", "alice eddies 3", "alice gigs d20=4", "alice field corpo",
                    "bob field rockn", "can alice play over the edge on rockn?")
    assert "The target is what is refused, not the play" in said and "Corpo Security [corpo]" in said


def test_disputed_points_are_told_once_and_in_terms_of_this_board():
    """Appetite for Destruction's disputed reading is told once the ruling turns on it (Psycho Squad wins by 4 while
    it waits for the Goons; its play alone does not), then only pointed to; its other reading, written of its own
    board (a Wrecker), is not told as if of this one."""
    _, said = piped("alice hand appetite", "alice eddies 3", "alice field psycho", "alice field goons",
                    "bob field corpo spent", "bob gigs d6=3 d8=5", "play appetite on goons", "psycho attacks corpo",
                    "pass", "goons attacks gigs", "pass")
    assert said.count("Disputed: this turns on") == 1 and said.count("Disputed, as told above") == 2
    assert said.index("Disputed") > said.index("ask> psycho attacks corpo")
    assert "Wrecker" not in said


def test_a_face_down_legend_hint_is_in_asks_words():
    """4.5: a face-down Legend is not played; the hint says how ask states it face-up."""
    _, said = piped("alice legends v streetkid", "alice eddies 5", "play: v")
    assert "`v face-up`" in said and "face_up: true" not in said


def test_labels_tell_two_cards_with_one_first_word_apart():
    """Maelstrom Zealots and Maelstrom Goons are two cards: the second is labelled by the word that tells it apart;
    a copy of it is numbered from that."""
    session, said = piped("alice field zealots", "alice field goons", "alice field goons")
    assert "Maelstrom Goons [goons] in the field." in said and "Maelstrom Goons [goons-2] in the field." in said


def test_what_the_defending_player_may_do_in_the_react_step():
    """9.7.1: in the React Step of alice's attack only bob, the defending player, acts: Corpo Security (BLOCKER)
    may block, or he passes; alice may do nothing but concede."""
    _, said = piped("alice field psycho squad", "bob field corpo security", "bob gigs d6=3", "psycho attacks gigs",
                    "what can bob do?", "what can alice do?")
    assert "bob may now: `pass`, `block: corpo`" in said and "bob is the player to act" in said
