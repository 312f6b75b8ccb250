"""The `-f md` write-up: a disputed ruling or a missed expectation is never presented as settled."""
from __future__ import annotations

from tests.entry_point import EntryPointRunner as CliRunner

from judgekit.cli import app
from tests.conftest import SCENARIOS

CONTESTED = SCENARIOS / "contested" / "gear-of-a-bottom-decked-legend.yaml"
EXAMPLE = SCENARIOS / "examples" / "legend-returned-to-hand.yaml"
runner = CliRunner()


def write_up(path) -> tuple[int, str]:
    done = runner.invoke(app, ["run", str(path), "-f", "md"])
    return done.exit_code, done.output


def test_a_contested_ruling_names_every_reading_its_holder_and_the_one_followed():
    code, out = write_up(CONTESTED)
    assert code == 0
    assert out.index("**Disputed ruling.**") < out.index("**Question.**")
    assert "judgekit follows the Comprehensive Rules read literally (4.12.2), as the official FAQ answers (Royce, Psycho on the Edge, 3rd answer)" in out
    contested = out.split("**Contested.**")[1].split("**Afterwards.**")[0]
    literal, table = contested.split("\n- **")[1:3]
    assert literal.startswith("the Comprehensive Rules read literally (4.12.2), as the official FAQ answers (Royce, Psycho on the Edge, 3rd answer)**")
    assert "stays wherever it was moved to" in literal and "*judgekit follows this reading.*" in literal
    assert table.startswith("a common table call**") and "judgekit's ruling differs from this reading" in table
    assert "expected" not in table and "line " not in table  # a reader gets the reading, not the checker's diff


def test_a_contested_ruling_that_judgekit_follows_none_of_is_unsettled(tmp_path):
    text = CONTESTED.read_text(encoding="utf-8").replace("deck: {count: 6, bottom: [Mantis Blades]}",
                                                         "deck: {count: 4}")
    path = tmp_path / "none.yaml"
    path.write_text(text, encoding="utf-8")
    code, out = write_up(path)
    assert code == 1
    assert "2 readings are on record; judgekit follows none of them" in out
    assert "follows none of these readings: treat it as unsettled" in out
    assert "*judgekit follows this reading.*" not in out


def test_a_failed_expectation_is_in_the_write_up(tmp_path):
    path = tmp_path / "wrong.yaml"
    path.write_text(EXAMPLE.read_text(encoding="utf-8").replace("hand: [Mantis Blades]", "hand: []"),
                    encoding="utf-8")
    code, out = write_up(path)
    assert code == 1
    assert out.index("**Unexpected result.**") < out.index("**Question.**")
    missed = out.split("**Expected answer not met.**")[1].split("**Afterwards.**")[0]
    assert "- expect.areas.alice.hand: expected [], got ['Mantis Blades']" in missed


def test_a_settled_ruling_carries_no_caution():
    code, out = write_up(EXAMPLE)
    assert code == 0
    for caution in ("Disputed ruling", "Unexpected result", "Contested", "Expected answer not met"):
        assert caution not in out


def test_the_write_up_has_no_notes_for_the_scenarios_author_and_no_labels():
    """Issue #23: "script `targets:`" and "the scenario did not name the payment" are for the author, not readers;
    card names are printed ones, never labels such as `a` or `viktor`."""
    code, out = write_up(SCENARIOS / "examples" / "search-awaits-a-choice.yaml")
    assert code == 0
    assert "script" not in out.lower() and "scenario" not in out.lower()
    assert "1. Alice Calls a Legend: Viktor Vektor: Sit Down and Relax: allowed." in out
    assert out.splitlines()[2].startswith("**Answer.** Not decided yet: Alice chooses up to 2 Gears to take")


def test_a_refused_action_is_answered_no_with_the_reason():
    code, out = write_up(SCENARIOS / "examples" / "gear-on-face-down-legend-refused.yaml")
    assert code == 0
    assert out.splitlines()[2] == ("**Answer.** No: Rogue Amendiares: Preem Solo is a face-down Legend; Gear can be "
                                   "equipped to a Legend only while it is face-up.")
    assert "Paid with" not in out or "eddie-" not in out


def test_the_deciding_rules_of_a_step_leave_out_the_parents_of_more_specific_ones():
    from judgekit.render.writeup import deciding
    cites = [{"number": n} for n in ("4.4", "4.4.1", "11.28.1", "5.13", "5.13.2.1")]
    assert [c["number"] for c in deciding(cites)] == ["4.4.1", "11.28.1"]


def test_the_answer_says_where_the_gigs_went():
    """Swapped Gigs (6.6): each die's new Gig area and value, not just the cards that moved."""
    path = next(SCENARIOS.glob("faq/*/03-she-chooses-both-gigs.yaml"))
    code, out = write_up(path)
    assert code == 0
    assert out.splitlines()[2] == ("**Answer.** Bob's d12 ends up in Alice's Gig area showing 11 and Alice's d4 "
                                   "ends up in Bob's Gig area showing 1.")


def test_a_lasting_change_for_the_next_attack_this_turn_is_not_labelled_until_the_next_turn(tmp_path):
    scenario = (SCENARIOS / "cards" / "gunpoint-diplomacy-the-ready-attack-permission-ends-with-the-turn.yaml")
    text = scenario.read_text(encoding="utf-8").split("  - pass_turn: true\n")[0] + "expect: {}\n"
    path = tmp_path / "gunpoint.yaml"
    path.write_text(text, encoding="utf-8")
    code, out = write_up(path)
    [line] = [x for x in out.splitlines() if "lasting effect on" in x]
    assert code == 0 and "can attack ready units for the next time it attacks this turn" in line
    assert "next turn" not in line


def test_a_card_labelled_by_the_start_of_its_name_is_printed_once(tmp_path):
    """A Gear listed as `Satori` gets the label `Satori`, the start of "Satori: Sword of Saburo": the write-up
    names it once ("Satori: Sword of Saburo's bottom textbox"), never "Satori: Sword of Saburo: Sword of Saburo"."""
    path = tmp_path / "satori.yaml"
    path.write_text("scenario: Satori on a Unit that wins a fight\n"
                    "players:\n  alice:\n    field: [{card: Psycho Squad, label: psycho, gear: [Satori]}]\n"
                    "    deck: 3\n  bob:\n    field: [{card: Ruthless Lowlife, label: lowlife, spent: true}]\n"
                    "actions:\n  - {attack: psycho, target: lowlife, react: []}\n", encoding="utf-8")
    code, out = write_up(path)
    assert code == 0, out
    assert "Satori: Sword of Saburo's bottom textbox" in out
    assert "Sword of Saburo: Sword of Saburo" not in out


def test_a_triggers_keyword_is_said_once_in_the_pending_step(tmp_path):
    """11.20 [PLAY]: the trace names the trigger ("[PLAY]: when this card is played") before the effect's
    paraphrase, which opens with the keyword again; the write-up says the keyword once."""
    path = tmp_path / "westbrook.yaml"
    path.write_text("scenario: Westbrook Netrunner played\nplayers:\n  alice:\n    hand: [Westbrook Netrunner]\n"
                    "    eddies: 5\n  bob: {}\nactions:\n  - play: Westbrook Netrunner\n", encoding="utf-8")
    code, text = write_up(path)
    assert code == 0 and "[PLAY]: when this card is played: before your following turn" in text
    assert "[PLAY]: when this card is played: [PLAY]" not in text


def test_a_long_paraphrase_with_brackets_inside_is_said_once():
    """Johnny Silverhand: Rocking Renegade's cost paraphrase holds a bracket of its own; the write-up says the
    whole paraphrase once, not again in every later step."""
    code, text = write_up(SCENARIOS / "faq/johnny-silverhand-rocking-renegade/01-the-cost-can-reach-zero.yaml")
    assert code == 0 and text.count("may attack spent rival Units even on its first turn") == 1


def _board(tmp_path, text: str):
    path = tmp_path / "board.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_card_bottom_decked_under_unknown_cards_is_written_under_them(tmp_path):
    """11.15.1: a bottom-decked card goes under the deck; the written board keeps the deck's order, top first."""
    code, out = write_up(_board(tmp_path, "scenario: t\nplayers:\n  alice: {}\n  bob: {deck: 3, field: [Corpo Security]}\n"
                                          "actions:\n  - {bottom_deck: Corpo Security, by: alice}\n"))
    after = out.split("The board afterwards")[1]
    assert "deck (top first): 3 unknown cards; Corpo Security" in after


def test_a_label_that_is_an_everyday_word_leaves_the_prose_alone(tmp_path):
    """A top card labelled `top`: "look at your top card" stays so, while the card itself is named as printed."""
    board = """scenario: t
players:
  alice:
    deck: {count: 2, top: [{card: Floor It, label: top}]}
    field: [{card: Psycho Squad, gear: [Tetratronic Rippler]}]
  bob: {gigs: [d6=3]}
actions:
  - {attack: Psycho Squad, target: gig-area, react: [], targets: [none]}
"""
    code, out = write_up(_board(tmp_path, board))
    assert "look at your top card" in out and "stays on top" in out and "your Floor It card" not in out


def test_the_answer_tells_the_cards_drawn_that_were_never_named():
    """FAQ Floor It: with no rival Unit it is still played and its owner still draws 1 (11.5)."""
    code, out = write_up(SCENARIOS / "faq" / "floor-it" / "01-no-rival-unit-needed.yaml")
    assert out.splitlines()[2] == "**Answer.** Alice draws 1 card and Floor It ends up in Alice's trash."


def test_a_scenario_with_no_actions_is_not_answered_all_0_actions_are_allowed(tmp_path):
    path = tmp_path / "board.yaml"
    path.write_text("scenario: a board alone\nplayers:\n  alice: {gigs: [d6=3]}\n  bob: {}\n", encoding="utf-8")
    code, out = write_up(path)
    assert code == 0, out
    assert "All 0 actions" not in out and "No action is taken" in out


def test_a_gig_option_keeps_the_players_name_as_the_scenario_writes_it(tmp_path):
    """Gigs a choice waits on are written as a script names them (`alice:d6=2`); the sentence around them still
    capitalises the player (Alice must choose)."""
    path = tmp_path / "padre.yaml"
    path.write_text("scenario: Padre waits for the Gig to set\nplayers:\n  alice:\n    legends: [{card: \"Padre: Man "
                    "of the Cross\", label: padre, face_up: true}]\n    gigs: [d6=2]\n  bob: {gigs: [d12=11]}\n"
                    "actions:\n  - activate: padre\n", encoding="utf-8")
    code, out = write_up(path)
    assert "Alice must choose a Gig" in out and "alice:d6=2" in out, out
    assert "Alice:d6" not in out


def test_an_author_note_in_brackets_is_dropped_and_the_rulings_sentence_kept():
    from judgekit.render.writeup import for_readers
    said = ("Kit's effect needs a friendly Program in the trash with the Tag BRAINDANCE as a target for this part, and "
            "there is none (the scenario leaves 3 cards there unnamed; name them in the scenario to have them "
            "considered): no choice is made and this part does nothing. The effect goes on.")
    kept = for_readers(said)
    assert kept == ("Kit's effect needs a friendly Program in the trash with the Tag BRAINDANCE as a target for this "
                    "part, and there is none: no choice is made and this part does nothing. The effect goes on.")


def test_a_sentence_that_is_only_for_the_author_is_still_dropped():
    from judgekit.render.writeup import for_readers
    assert for_readers("Alice chooses. The ruling waits here; script `targets:` to answer.") == \
        "Alice chooses. The ruling waits here."


BLOCKED = SCENARIOS / "attack" / "9.9.1-blocker-turns-a-steal-into-a-fight.yaml"


def test_an_attack_on_the_gig_area_is_written_as_the_defenders_gig_area_not_the_scripts_word():
    """9.3.1: the action reads "Alice attacks Bob's Gig area", never the scenario's `gig-area`."""
    code, out = write_up(BLOCKED)
    assert code == 0
    assert "gig-area" not in out
    assert "1. Alice attacks Bob's Gig area with Chrome Fang: allowed." in out.splitlines()


def test_the_answer_to_an_attack_on_the_gig_area_says_no_gig_was_stolen_and_groups_one_destination():
    """9.9.1, 11.27: a BLOCKER makes the attack a fight, so nothing is stolen (9.23): the answer to "what happens
    to the Gigs?" says so, and the Unit and its Gear that went to the same trash are named in one clause."""
    code, out = write_up(BLOCKED)
    assert out.splitlines()[2] == ("**Answer.** Mandibular Upgrade and Emergency Atlus end up in Bob's trash; "
                                   "no Gig is stolen.")


def test_a_gig_stolen_beside_a_die_of_the_same_kind_is_said_stolen_not_a_value_change():
    """9.23.5, 6.1: Alice's d6 on 3 stays; Bob's d6 on 2 is stolen into her Gig area. Two d6 of one player are two
    Gigs, so the answer is the steal, not "Alice's d6 goes from 3 to 2"."""
    code, out = write_up(SCENARIOS / "faq" / "el-sombreron-la-venganza-lenta" / "03-pay-without-a-max-gig.yaml")
    assert out.splitlines()[2] == "**Answer.** Bob's d6 ends up in Alice's Gig area showing 2."
