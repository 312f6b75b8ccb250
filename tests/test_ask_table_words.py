"""`judgekit ask` as a head judge types at the table, on a phone (the issue "answering at the table"): everyday
phrasings read as the action or answer they mean, and shown as read; a negation never read as its opposite; near
spellings of an area, a flag or a card taken and told; counts, a card's state changed, a fresh board; a file
loaded, changed and saved that still passes its own expectations. Every expectation here comes from the rules
(2026-08 numbering) or the card text, not from judgekit's output."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from judgekit.ask.session import Session
from judgekit.rules.book import load_rulebook
from judgekit.ruling import ruling, run_scenario
from judgekit.scenario.build import build_file

GORO_IN_LEGENDS = ("alice legends goro hands face-up", "alice eddies 5", "bob gigs d6=3")
REACT_STEP = ("alice field psycho", "bob field corpo", "bob gigs d6=3 d8=5", "attack psycho gigs")


def session_after(*lines: str) -> tuple[Session, list[str]]:
    session = Session("2026-08")
    return session, [session.handle(line) for line in lines]


@pytest.mark.parametrize("typed", ["play goro no go solo", "play goro without go solo", "play goro, no go solo",
                                   "play goro w/o go solo", "play goro not go solo", "play goro don't go solo"])
def test_a_negated_go_solo_is_played_without_it(typed):
    """11.25 / 4.5.2: a Legend played from the Legends area without [GO SOLO] has Lag, so it can't attack this turn
    (9.3.1.1); `no go solo` must never be read as GO SOLO."""
    session, said = session_after(*GORO_IN_LEGENDS, typed)
    assert said[-1].startswith("Read as `play: goro, go_solo: false`.")
    assert session.doc["actions"] == [{"play": "goro", "by": "alice", "go_solo": False}]  # the option listed
    attack = session.handle("goro atk gigs")
    assert attack.startswith("Read as `attack: goro, target: gig-area`.") and "REFUSED" in attack and "Lag" in attack


def test_go_solo_typed_plainly_is_still_go_solo():
    """11.25.1: played with [GO SOLO] the Legend may attack the turn it is played."""
    session, said = session_after(*GORO_IN_LEGENDS, "play goro go solo", "goro attacks gigs")
    assert session.doc["actions"][0] == {"play": "goro", "by": "alice", "go_solo": True}
    assert said[-1].startswith("Read as `attack: goro, target: gig-area`.") and "→ allowed" in said[-1]


def test_a_negated_flag_on_the_board_is_its_opposite():
    session, said = session_after("alice field psycho not spent", "bob field corpo no lag", "bob legends goro hands "
                                  "not face-up")
    field, legends = session.doc["players"]["alice"]["field"][0], session.doc["players"]["bob"]["legends"][0]
    assert field["spent"] is False and session.doc["players"]["bob"]["field"][0]["lag"] is False
    assert legends["face_up"] is False


@pytest.mark.parametrize("typed", ["pass turn", "pass the turn", "eot", "end of turn", "alice passes",
                                   "alice passes the turn"])
def test_passing_the_turn_in_words(typed):
    """8.9: the turn player passes the turn in her Main Phase."""
    session, said = session_after("alice field psycho", typed)
    assert said[-1].startswith("Read as `pass_turn: true`.") and "alice passes the turn  → allowed" in said[-1]
    assert session.doc["actions"] == [{"pass_turn": True}]


def test_the_other_player_passing_is_asked_as_his_and_refused():
    """8.9: only the turn player passes the turn."""
    _, said = session_after("alice field psycho", "bob passes")
    assert said[-1].startswith("Read as `pass_turn: true, by: bob`.") and "REFUSED" in said[-1] and "8.9" in said[-1]


@pytest.mark.parametrize("typed", ["no block", "no reaction", "no reactions", "no response", "bob passes"])
def test_ending_the_react_step_in_words(typed):
    """9.12: the defending player ends the React Step; Psycho Squad (power 6) then steals 1 Gig (9.23.2.2), its
    player choosing which (9.23.3)."""
    session, said = session_after(*REACT_STEP, typed)
    assert said[-1].startswith("Read as `pass`.") and "alice must choose 1 of bob's Gigs to steal" in said[-1]
    assert session.doc["actions"][0]["react"] == []


@pytest.mark.parametrize("typed", ["block with corpo", "block w corpo", "block w/ corpo", "block w/corpo",
                                   "bob blocks with corpo", "corpo blocks", "can bob block with corpo?",
                                   "can bob block w corpo?"])
def test_blocking_in_words(typed):
    """9.9: the defending player's ready Unit with [BLOCKER] becomes the defender."""
    session, said = session_after(*REACT_STEP, typed)
    assert said[-1].startswith("Read as `block: corpo") and "bob spends Corpo Security [corpo] to use [BLOCKER]" in said[-1]
    if typed.endswith("?"):  # asked: ruled on the board now, not kept
        assert "react" not in session.doc["actions"][0] and "Only asked" in said[-1]
    else:
        assert session.doc["actions"][0]["react"] == [{"block": "corpo"}, {"more": True}]


def test_the_card_as_the_subject():
    """9.3.1: only a Unit in the field attacks (a Legend in the Legends area does not); 9.3.2.1: a spent rival
    Unit is a valid target."""
    session, said = session_after(*GORO_IN_LEGENDS, "can goro attack gigs")
    assert said[-1].startswith("Read as `attack: goro, target: gig-area`.") and "REFUSED" in said[-1]
    assert "9.3.1" in said[-1]
    session, said = session_after("alice field psycho", "bob field corpo spent", "psycho attacks corpo")
    assert said[-1].startswith("Read as `attack: psycho, target: corpo`.") and "→ allowed" in said[-1]


@pytest.mark.parametrize("typed", ["steal d8", "take the d8", "steal the d8"])
def test_a_gig_stolen_in_words(typed):
    """9.23.3: the attacking player chooses the Gig stolen; the d8 moves to alice's Gig area."""
    session, said = session_after(*REACT_STEP, "pass", typed)
    assert said[-1].startswith("Read as `steal: [d8]`.")
    assert session.doc["actions"][0]["steal"] == ["d8=5"]  # the option listed
    assert [g["die"] for g in session.data["board"]["players"]["alice"]["gigs"]] == ["d8"]


def test_an_attack_typed_in_the_steal_step_names_the_steal_step():
    """9.23.3: in the Steal Step the attacking player's choice of Gigs waits; no React Step is under way."""
    _, said = session_after("alice field psycho", "alice field goons", "bob gigs d6=3 d8=5", "attack psycho gigs",
                            "pass", "attack goons gigs")
    assert "Steal Step" in said[-1] and "React Step" not in said[-1] and "9.23.3" in said[-1]


def test_the_attack_under_way_typed_again_is_told_as_under_way():
    _, said = session_after(*REACT_STEP, "attack with psycho on gigs")
    assert said[-1].startswith("Read as `attack: psycho, target: gig-area`.\nerror:")
    assert "is action 1, already taken and still under way, in its React Step" in said[-1]


def test_near_spellings_of_an_area_a_flag_and_a_card_are_taken_and_told():
    session, said = session_after("alice feild psyco", "bob field corpo security spnt", "bob field goons spent lagg")
    assert said[0] == "Read as `alice field Psycho Squad`.\nalice: Psycho Squad [psycho] in the field."
    assert said[1].startswith("Read as `bob field Corpo Security spent`.")
    assert said[2].startswith("Read as `bob field Maelstrom Goons lag spent`.")
    corpo, goons = session.doc["players"]["bob"]["field"]
    assert corpo["spent"] is True and goons == {"card": "Maelstrom Goons", "label": "maelstrom", "lag": True,
                                                "spent": True}


@pytest.mark.parametrize("typed", ["bob field 3 psycho", "bob field psycho x3", "bob field 3x psycho"])
def test_counts_when_stating_the_board(typed):
    session, said = session_after(typed)
    assert said[-1] == "bob: Psycho Squad [psycho, psycho-2, psycho-3] in the field."
    assert [e["label"] for e in session.doc["players"]["bob"]["field"]] == ["psycho", "psycho-2", "psycho-3"]


def test_a_legend_stated_again_is_the_same_legend_in_a_new_state():
    """7.3.1: a player has no two Legends of the same name, so stating it again changes the one there."""
    session, said = session_after("alice legends goro hands face-up", "alice legends goro hands spent")
    assert session.doc["players"]["alice"]["legends"] == [
        {"card": "Goro Takemura: Hands Unclean", "label": "goro", "face_up": True, "spent": True}]
    assert "7.3.1" in said[-1] and "it is now spent" in said[-1]


def test_another_card_stated_again_is_a_second_copy_and_said_so():
    session, said = session_after("alice field psycho", "alice field psycho spent")
    assert "alice now has 2 copies of it there (psycho already)" in said[-1] and "`undo`, then `psycho spent`" in said[-1]
    session.handle("undo")
    assert session.handle("psycho spent") == "Psycho Squad [psycho] is now spent."
    assert session.handle("psycho ready") == "Psycho Squad [psycho] is now ready."
    assert session.handle("psycho spnt").startswith("Read as `psycho spent`.")
    assert session.doc["players"]["alice"]["field"] == [{"card": "Psycho Squad", "label": "psycho", "spent": True}]


def test_new_starts_a_fresh_board_and_undo_brings_the_last_back():
    session, said = session_after("alice field psycho", "bob field corpo", "new")
    assert session.doc["players"] == {"alice": {"deck": 20}, "bob": {"deck": 20}} and session.doc["edition"] == "2026-08"
    assert session.handle("undo") == "Undone: new" and len(session.doc["players"]["bob"]["field"]) == 1
    session.handle("reset")
    assert session.doc["players"]["alice"] == {"deck": 20}


def test_a_number_answers_the_numbered_choice_in_the_prompt():
    """10.31: Padre's [CALL] effect is one of two, chosen by its player: `2` is the second (draw 1)."""
    session, said = session_after("alice legends padre", "alice eddies 1", "call padre", "2")
    assert said[-1].startswith("Read as `modes: [2]`.") and session.doc["actions"][-1]["modes"] == [2]
    assert session.handle("undo") == "Undone: 2 (modes: [2])"
    assert "numbered 1 to 2" in session.handle("3")


def test_after_a_refused_action_the_listing_still_holds():
    """9.3.2.1: a ready rival Unit is no attack target; the refusal changes nothing, so option 1 is still
    passing the turn."""
    session, said = session_after("alice field psycho", "bob field corpo", "options", "attack psycho corpo", "1")
    assert "1. pass_turn: true" in said[2] and "REFUSED" in said[3]
    assert said[-1].startswith("Result: bob's turn now.\nAction 2: alice passes the turn  → allowed")


def test_a_file_loaded_changed_and_saved_keeps_only_what_still_fits(tmp_path):
    """The 9.7 scenario expects the attack to wait in its React Step; after a reaction and `pass` it no longer does,
    so the saved file drops those expectations and its question, and passes its own run."""
    loaded = Path(__file__).resolve().parents[1] / "scenarios" / "attack" / "9.7-react-step-awaits-the-defender.yaml"
    path = tmp_path / "saved.yaml"
    session, said = session_after(f"load {loaded}", "bob hand take control", "bob eddies 2", "quick take", "pass",
                                  f"save {path}")
    assert "was changed" in said[-1] and "dropped" in said[-1]
    saved = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert saved["scenario"].endswith("(changed in judgekit ask)") and "question" not in saved
    book = load_rulebook()
    built = build_file(path, book)
    assert ruling(built, run_scenario(built), book)["verdict"]["expectations"]["passed"]
    session.handle(f"load {loaded}")
    session.handle(f"save {path}")
    assert yaml.safe_load(path.read_text(encoding="utf-8")) == yaml.safe_load(loaded.read_text(encoding="utf-8"))


def test_a_contested_file_loaded_changed_and_saved_drops_its_readings_and_passes_its_own_run(tmp_path):
    """A contested scenario's readings were recorded on its own board; once the board is changed they no longer
    describe it, so `save` drops them (with `disputed:`) and the file saved passes `judgekit run`."""
    from judgekit.ruling import holds
    loaded = Path(__file__).resolve().parents[1] / "scenarios" / "contested" / \
        "mtod12-flathead-blockable-when-declared-stays-blockable.yaml"
    path = tmp_path / "saved.yaml"
    session, said = session_after(f"load {loaded}", "bob gigs d6=1", f"save {path}")
    assert "contested readings dropped" in said[-1]
    saved = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert "contested" not in saved and "disputed" not in saved
    book = load_rulebook()
    built = build_file(path, book)
    assert holds(ruling(built, run_scenario(built), book))


def test_a_verb_inside_a_card_name_is_not_read_as_the_action():
    """Royce: Don't Call Me Simon has "call" in its name: `royce don't call me simon attacks gigs` is an attack (or
    an error asking how to write it), never a Call."""
    session, said = session_after("alice field royce dont", "bob gigs d6=3", "royce don't call me simon attacks gigs")
    assert "call:" not in said[-1] and "Call" not in said[-1].splitlines()[0]
    assert session.read_as is None or session.read_as.startswith("attack")


def test_a_negation_with_nothing_after_it_is_an_error_not_part_of_the_name():
    session, said = session_after("alice field corpo security no")
    assert said[0].startswith("error:") and "negates nothing" in said[0]
    assert "field" not in session.doc["players"]["alice"]


def test_a_title_typed_with_accents_emoji_and_signs_is_shown_and_saved_as_typed(tmp_path):
    """What a judge typed reads back in `show` and in the saved file as typed, emoji included (a file a person reads,
    not escapes), and the saved file still runs."""
    path = tmp_path / "saved.yaml"
    title = "Café 🤔 night: ⊡ costs 2 €$, Kerry's turn"
    session, said = session_after(f"title {title}", "show", f"save {path}")
    first_line = said[1].splitlines()[0]
    assert "Café 🤔 night: ⊡ costs 2 €$" in first_line and yaml.safe_load(first_line) == {"scenario": title}
    saved = path.read_text(encoding="utf-8")
    assert first_line in saved.splitlines() and yaml.safe_load(saved)["scenario"] == title
    book = load_rulebook()
    build_file(path, book)
