"""`judgekit ask` as a head judge typed it in a review: what a wait screen announces, card names whose subtitle starts
with a negation word, a target named by its card name, and plain words for targeted actions. Every expectation
comes from the rules (2026-08 numbering) or the printed card text, written before judgekit was run."""
from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.ask.session import Session
from tests.ask_terminal import ask_in_a_terminal, end_of_session

ALT_STEAL = ("alice field psycho squad", "bob field alt cunningham mother", "bob hand maelstrom goons",
             "bob gigs d6=3 d8=5", "psycho atk gigs", "pass", "steal d6")


def gigs(session: Session, player: str) -> list[str]:
    return [f"{g['die']}={g['value']}" for g in session.data["board"]["players"][player]["gigs"]]


def session_after(*lines: str) -> tuple[Session, list[str]]:
    session = Session("2026-08")
    return session, [session.handle(line) for line in lines]


def test_alt_cunninghams_replacement_is_not_told_as_done_while_the_discard_waits():
    """10.25, 10.27, 9.23.4: Alt Cunningham keeps the Gig only by the discard; while Bob's pick of the card waits,
    nothing may say the Gig stays, and picking none lets the steal happen."""
    session, said = session_after(*ALT_STEAL, "yes")
    assert "Waiting for a choice" in said[-1]
    assert "stays in bob's Gig area" not in said[-1] and "instead" not in said[-1]
    declined = session.handle("targets: [none]")
    assert "stays in bob's Gig area" not in declined and "d6=3" in gigs(session, "alice")
    session.handle("undo")
    kept = session.handle("targets: [maelstrom]")
    assert "stays in bob's Gig area" in kept and "d6=3" in gigs(session, "bob")
    texts = [step["text"] for step in session.data["steps"]]
    discard = next(i for i, t in enumerate(texts) if "Maelstrom Goons" in t and "trash" in t)
    assert discard < next(i for i, t in enumerate(texts) if "stays in bob's Gig area" in t)


def test_the_wait_screen_in_a_terminal_says_nothing_happened_yet():
    """The same, driven through a pseudo-terminal as the judge typed it."""
    with ask_in_a_terminal(200) as child:
        child.expect_exact("ask>")
        for line in ALT_STEAL:  # each command's own answer, then the next prompt
            child.send(line + "\r")
            child.expect_exact("Waiting for a choice" if line in ALT_STEAL[-3:] else line.split()[0] + ": ")
            child.expect_exact("ask>")
        child.send("yes\r")
        child.expect_exact("Waiting for a choice")
        assert "Action 1: alice attacks" in child.before and "stays in bob's Gig area" not in child.before
        child.expect_exact("ask>")
        child.send("quit\r")
        child.expect(end_of_session())


@pytest.mark.parametrize("typed, card", [("alice field johnny silverhand never", "Johnny Silverhand: Never Stop Fighting"),
                                         ("alice field rita wheeler no", "Rita Wheeler: No Stupid Questions"),
                                         ("alice field royce don't", "Royce: Don't Call Me Simon")])
def test_a_subtitle_starting_with_a_negation_word_names_the_card(typed, card):
    """The printed names: these subtitles begin with Never, No and Don't; the word is part of the name."""
    _, said = session_after(typed)
    assert said[-1].startswith(f"alice: {card} [")


def test_a_negation_after_a_whole_name_still_needs_a_flag():
    _, said = session_after("alice field corpo security no", "alice field johnny silverhand never spent")
    assert said[0].startswith("error:") and "negates nothing" in said[0]
    assert said[1].endswith("in the field, spent: true.")


@pytest.mark.parametrize("attack", ["attack: psycho, target: goons", "psycho attacks goons",
                                    "attack: psycho, target: maelstrom"])
def test_the_react_step_lists_the_same_answers_whichever_way_the_target_was_named(attack):
    """9.7, 9.9, 9.12: in the React Step Bob may pass or block with his ready Corpo Security ([BLOCKER])."""
    session, _ = session_after("alice field psycho squad", "bob field corpo security", "bob field maelstrom goons spent",
                               attack)
    listing = session.handle("options").split("Not allowed now:")[0]
    assert "   1. pass\n" in listing and "   2. block: corpo\n" in listing and "react: [" not in listing


def test_a_quick_program_played_on_its_target_in_the_react_step():
    """Cyberpsychosis is a [QUICK] Program (9.10, 11.29): Bob plays it in the React Step on the attacking Unit
    carrying Gear; it gets +3 power per Gear (card text)."""
    board = ("alice field psycho squad", "gear mantis on psycho", "bob field maelstrom goons spent",
             "bob hand cyberpsychosis", "bob eddies 3", "psycho atk maelstrom")
    for typed in ("bob plays cyberpsychosis on psycho", "quick cyberpsychosis on psycho",
                  "quick: cyberpsychosis on psycho"):
        session, said = session_after(*board, typed)
        assert said[-1].startswith("Read as `quick: cyberpsychosis, targets: [psycho]`"), said[-1]
        assert "its power is now 11" in said[-1]


def test_a_gears_reaction_is_used_by_its_name():
    """Overwatch's bottom textbox is its host's [QUICK] effect (4.11.3), usable in the React Step (9.10)."""
    session, said = session_after("alice field psycho squad", "bob field emergency atlus", "gear overwatch on emergency",
                                  "bob hand psycho squad", "bob eddies 1", "bob gigs d6=3", "psycho atk gigs",
                                  "bob uses overwatch")
    assert said[-1].startswith("Read as `quick: emergency") and "attack ends now" in said[-1]


def test_a_legends_one_activated_effect_is_activated_on_its_target():
    """Evelyn Parker: Beautiful Enigma has one activated effect (pay 1, spend her: choose a rival Unit); no effect
    number is needed."""
    session, said = session_after("turn bob", "bob legends evelyn parker beautiful face-up", "bob eddies 1",
                                  "alice field psycho squad", "activate evelyn on psycho")
    assert said[-1].startswith("Read as `activate: evelyn, targets: [psycho]`") and "→ allowed" in said[-1]


@pytest.mark.parametrize("typed", ["steal d8 and d6", "take the d8 and d6", "steal d8, d6"])
def test_two_gigs_to_steal_in_plain_words(typed):
    """9.23.2.2: power 10 steals 2 Gigs, chosen by the attacking player (9.23.3)."""
    session, said = session_after("alice field animals wrecker", "bob gigs d4=2 d6=3 d8=5", "wrecker atk gigs",
                                  "no block", typed)
    assert "Read as `steal: [d8, d6]`" in said[-1] and gigs(session, "bob") == ["d4=2"]
    again = session.handle("steal the d8")
    assert again.startswith("Read as `steal: [d8]`.\nerror:") and "none waits now" in again


def test_a_face_up_legend_called_again_is_refused_for_being_face_up_whatever_was_called_this_turn():
    """11.11.1: a Call flips a face-down Legend, so a face-up one can't be Called on any turn; the once-per-turn
    limit (11.11.2) is the reason only for a face-down Legend. Dexter, Called this turn, and Goro, stated face-up,
    are refused for the same reason."""
    session, said = session_after("alice legends dexter deshawn off the grid", "alice legends goro takemura hands "
                                  "face-up", "alice field psycho squad", "alice eddies 3", "call: dexter",
                                  "modes: [2]", "call: dexter", "call: goro")
    for refused in said[-2:]:
        assert "already face-up" in refused and "already Called" not in refused, refused
    session.handle("new")
    for line in ("alice legends dexter deshawn off the grid", "alice legends johnny silverhand rocking",
                 "alice eddies 3", "call: dexter", "modes: [2]"):
        session.handle(line)
    assert "already Called a Legend this turn" in session.handle("call: johnny")  # face-down: the limit it is


def test_an_order_answer_named_label_hash_n_says_which_effect_it_is(tmp_path):
    """10.12: a player with two pending effects of one card orders them, named `client#1` and `client#2` by their
    place on the card; each listed answer says which effect it stands for (the 1st printed: defeat this Unit; the
    2nd: the draw)."""
    source = Path(__file__).resolve().parents[1] / "scenarios" / "last-known-information" / \
        "10.10.1-tags-read-as-it-last-was-not-its-gear-s.yaml"
    text = source.read_text(encoding="utf-8").replace('    order: ["client#1", "client#2"]\n', "")
    path = tmp_path / "client.yaml"
    path.write_text(text.split("\nexpect:", 1)[0] + "\n", encoding="utf-8")
    session, said = session_after(f"load {path}", "options")
    first = next(line for line in said[-1].splitlines() if "order: [client#1]" in line)
    second = next(line for line in said[-1].splitlines() if "order: [client#2]" in line)
    assert "defeat this Unit" in first and "draw 1" not in first
    assert "draw 1" in second and "defeat this Unit" not in second
