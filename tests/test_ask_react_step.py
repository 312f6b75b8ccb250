"""`judgekit ask` in an attack's React Step: the defending player's reactions typed as options or in words, each
told once, passing, a reaction typed where none may be made, and a board loaded in its React Step."""
from __future__ import annotations

from tests.test_ask import session_after


def test_a_typed_reaction_outside_the_options_is_ruled_on_with_its_rule():
    """9.7.1 and 11.1.2: a [QUICK] Program its player can't pay for is refused as a reaction, with the rule, and not
    taken; the attack stands and waits for the next reaction, which joins the same React Step."""
    session, said = session_after("alice field psycho squad", "bob field corpo security", "bob gigs d6=3",
                                  "bob hand floor it", "do attack: psycho, target: gig-area", "quick: floor")
    assert said[-1].startswith("That reaction is refused: ") and "11.1.2" in said[-1] and "not taken" in said[-1]
    blocked = session.handle("block: corpo")
    assert "bob spends Corpo Security [corpo] to use [BLOCKER]" in blocked
    assert session.doc["actions"] == [{"attack": "psycho", "target": "gig-area",
                                       "react": [{"block": "corpo"}, {"more": True}]}]
    assert session.handle("sell: corpo").startswith("error: No: 'sell: corpo' can't be taken now: an attack is under way")
    assert session.handle("undo") == "Undone: block: corpo: the last change ('sell: corpo', typed after it, was an error and changed " \
        "nothing); `redo` puts it back"


def test_a_reaction_typed_outside_an_attack_says_where_it_belongs():
    _, said = session_after("alice hand floor it", "alice eddies 2", "quick: floor")
    assert said[-1].startswith("error: `quick:` is a reaction") and "`play: floor`" in said[-1]


def test_in_a_react_step_each_reaction_is_told_once_and_the_board_shows_the_attack():
    """9.10.1: a non-QUICK Program is refused as a reaction, and not taken; a QUICK one after it is allowed, and its
    answer does not end on the earlier refusal. The board shows the attack waiting in its React Step (9.7)."""
    session, said = session_after("alice field psycho squad", "bob gigs d6=6 d8=8 d4=1",
                                  "bob hand wild in the streets", "bob hand floor it", "bob eddies 1",
                                  "do attack: psycho, target: gig-area", "quick: wild", "quick: floor")
    assert said[-2].startswith("That reaction is refused: Wild in the Streets") and "9.10.1" in said[-2]
    assert "Refused" not in said[-1] and "Floor It" in said[-1] and "wild" not in str(session.doc["actions"])
    assert "  1-2. as before" in said[-1] and "alice spends Psycho Squad" not in said[-1]  # told in the last answer
    board = session.handle("board")
    assert "Attack under way: psycho attacking gig-area, next the react step" in board
    assert "Waiting for: bob may react again, or end the React Step" in board


def test_pass_or_an_empty_react_list_ends_the_react_step_after_a_block():
    """9.12: the defending player may end the React Step; after a block, `pass`, `done` or `react: []` does it, and
    the attack goes on to the Fight Step (9.14) with the block kept. Outside a React Step `pass` says what it is."""
    board = ("alice field psycho squad", "bob field corpo security", "bob gigs d6=3")
    _, said = session_after(*board, "pass")
    assert said[-1].startswith("error: no React Step waits now") and "9.12" in said[-1]
    for ending in ("pass", "done", "react: []"):
        session, said = session_after(*board, "attack: psycho, target: gig-area", "block: corpo", ending)
        assert "or `pass` to end the React Step" in said[-2]
        assert "bob ends the React Step; the attack goes on to the Fight Step" in said[-1]
        assert session.doc["actions"][-1]["react"] == [{"block": "corpo"}]
        assert session.data["verdict"]["awaiting"] is None


def test_a_board_loaded_in_its_react_step_takes_a_typed_reaction_and_pass(tmp_path):
    """9.7, 9.10.1: a board stated in the React Step of Bob's attack; Alice's first typed reaction is ruled on
    (Industrial Assembly has no [QUICK]), and `pass` ends the step (9.12)."""
    board = tmp_path / "react.yaml"
    board.write_text("scenario: t\nturn: bob\nplayers:\n  alice:\n    hand: [{card: Industrial Assembly, label: assembly}]\n"
                     "    eddies: 1\n    gigs: [d8=8]\n  bob:\n    field: [{card: Psycho Squad, label: squad, spent: true}]\n"
                     "attack: {attacker: squad, target: gig-area, step: react}\n", encoding="utf-8")
    session, said = session_after(f"load {board}", "quick: assembly")
    assert "has no [QUICK] and is not a [QUICK] Program" in said[-1] and "9.10.1" in said[-1]
    session.handle("undo")
    assert "alice ends the React Step; the attack goes on to the Steal Step" in session.handle("pass")
    session.handle("undo")
    assert "Refused reaction (alice uses assembly's [QUICK])" in session.handle("react: [{quick: assembly}]")


def test_a_reaction_typed_while_a_choice_of_the_react_step_waits_is_refused_until_it_is_answered():
    """9.11: Floor It's target is chosen before Bob reacts again; a block typed meanwhile is not queued."""
    session, said = session_after("alice field psycho squad", "alice field riding nomad", "bob field corpo security",
                                  "bob hand floor it", "bob eddies 2", "bob gigs d6=3",
                                  "attack: psycho, target: gig-area", "quick: floor", "block: corpo")
    assert said[-1].startswith("error: a choice waits to be answered first") and "9.11" in said[-1]
    assert {"block": "corpo"} not in session.doc["actions"][-1]["react"]
    for ending in ("pass", "react: []"):  # 9.12: nor is the step ended while the choice waits
        assert session.handle(ending).startswith("error: a choice waits to be answered first")
    assert {"more": True} in session.doc["actions"][-1]["react"]


def test_a_reaction_typed_when_no_react_step_waits_is_refused_not_kept():
    """9.7.1, 9.12: the defending player reacts only in the React Step. After `pass` the attack goes on to its Steal
    Step, and before the attacker's ATTACK effect has resolved (11.21.2.2) the step has not begun: a block typed
    then is refused and changes nothing."""
    board = ("alice field psycho squad", "bob field corpo security", "bob gigs d6=3 d8=4")
    session, said = session_after(*board, "attack: psycho, target: gig-area", "pass", "block: corpo", "call: corpo")
    assert said[-2].startswith("error: `block:` can't be taken now: the React Step of this attack has ended (9.12)")
    assert "`undo` to go back into the React Step" in said[-2] and said[-1].startswith("error: `call:`")
    assert session.doc["actions"][-1]["react"] == []
    session, said = session_after("alice field dexter deshawn one last", "alice gigs d6=3", "bob field corpo security",
                                  "bob gigs d8=4", "attack: dexter, target: gig-area", "block: corpo")
    assert said[-1].startswith("error: `block:` can't be taken now: this attack's React Step has not begun")
    assert "react" not in session.doc["actions"][-1]


def test_in_a_react_step_options_are_the_reactions_as_typed_and_a_label_is_matched_whole():
    """9.7: the defending player's reactions are listed as typed, ending the step as `pass` (9.12); `quick: floor`
    is the Floor It labelled `floor`, not `floor2`."""
    session, said = session_after("alice field psycho squad", "bob field corpo security", "bob hand floor it as floor",
                                  "bob hand floor it as floor2", "bob eddies 3", "bob gigs d6=3",
                                  "attack: psycho, target: gig-area", "options")
    assert [line.split(". ", 1)[1] for line in said[-1].splitlines()[1:5]] == \
        ["pass", "block: corpo", "quick: floor (pays 1 €$)", "quick: floor2 (pays 1 €$)"]  # 3.11.1: its cost
    session.handle("quick: floor")
    assert {"quick": "floor"} in session.doc["actions"][-1]["react"]


def test_only_the_defending_player_reacts_and_a_by_naming_them_is_taken():
    """9.7.1: Alice, attacking, can't Call her Legend in her own attack's React Step; `by: bob` is Bob's reaction."""
    board = ("alice field psycho squad", "alice legends padre", "alice eddies 2", "bob field corpo security",
             "bob gigs d6=2", "attack: psycho, target: gig-area")
    session, said = session_after(*board, "call: padre, by: alice", "block: corpo, by: bob")
    assert said[-2].startswith("error: No: in the React Step only the defending player reacts (9.7.1)")
    assert {"block": "corpo"} in session.doc["actions"][-1]["react"]


def test_a_gear_named_for_its_hosts_quick_effect_is_read_as_the_hosts():
    """4.11.3: Overwatch's activated effect is in its bottom textbox, so Judy has it; in a React Step `quick:
    overwatch` is read as Judy's second [QUICK] effect, and a file naming the Gear is told how to write it. Outside a
    React Step a card in play activates its effect, not `play:`."""
    board = ("turn bob", "bob field psycho squad", "alice field judy alvarez nothing", "gear overwatch on judy",
             "alice eddies 3", "alice gigs d8=4", "attack: psycho, target: gig-area")
    session, said = session_after(*board, "quick: overwatch")
    assert said[-1].startswith("Read as `quick: judy, effect: 2`.") and "Refused" not in said[-1]
    assert {"quick": "judy", "effect": 2} in session.doc["actions"][-1]["react"]
    session.doc["actions"][-1]["react"] = [{"quick": "overwatch"}, {"more": True}]
    session._run()
    assert "it is activated as Judy Álvarez: Nothing to Doubt [judy]'s (`quick: judy, effect: 2`)" in \
        session.data["verdict"]["refused"][0]["text"]
    _, said = session_after("alice field rita wheeler", "quick: rita")
    assert said[-1].endswith("`activate: rita`")


def test_the_rivals_quick_card_on_the_turn_players_main_phase_is_a_no_and_a_reaction_takes_its_target():
    """9.7.1: Bob uses a [QUICK] card on Alice's turn only in the React Step of her attack. A reaction typed with
    its target answers the choice of the attack it joins (the target is scripted on the action)."""
    _, said = session_after("alice field psycho squad", "bob hand detonate", "bob eddies 2", "quick: detonate")
    assert said[-1].startswith("error: No: on alice's turn bob reacts only in the React Step of alice's attack")
    session, said = session_after("turn bob", "bob field psycho squad", "alice field rogue amendiares queen",
                                  "alice eddies 3", "alice gigs d8=4", "attack: psycho, target: gig-area",
                                  "quick: rogue, targets: [psycho]")
    action = session.doc["actions"][-1]
    assert {"quick": "rogue"} in action["react"] and action["targets"] == ["psycho"]
    assert "Psycho Squad [psycho] gets -4 power this turn" in said[-1]
    assert "script the next reactions" not in said[-1] and "The ruling waits here." in said[-1]
