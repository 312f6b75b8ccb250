"""`judgekit ask` lines a table review found misread (a player's card taken for the other's, a number picking an
option never shown, a question taken for real, a target put to the wrong choice, an `undo` that lost work). Each
expectation is from the rules or the printed card; each test feeds the lines to a session."""
from __future__ import annotations

from tests.test_ask import session_after

PSYCHO_GOONS = ("alice field psycho squad", "bob field maelstrom goons spent")
GILDED = ("alice hand gilded maton", "alice eddies 4", "alice field psycho squad", "gear mantis on psycho")


def test_a_player_named_in_a_played_fact_selects_that_players_card():
    """4.7, 11.3.1: a Unit played this turn is lagging; the card marked is the named player's own, never the
    other's."""
    session, said = session_after(*PSYCHO_GOONS, "bob played psycho this turn")
    assert said[-1].split("\n")[-1].startswith("error") and "alice's" in said[-1]
    assert "lag" not in session.doc["players"]["alice"]["field"][0]
    session, said = session_after(*PSYCHO_GOONS, "alice played goons this turn")
    assert said[-1].split("\n")[-1].startswith("error") and "bob's" in said[-1]
    assert "lag" not in session.doc["players"]["bob"]["field"][0]
    session, said = session_after(*PSYCHO_GOONS, "bob played goons this turn")
    assert session.doc["players"]["bob"]["field"][0].get("lag") is True


def test_a_number_after_a_question_picks_only_among_the_options_shown_and_on_a_copy():
    lines = (*PSYCHO_GOONS[:1], "bob field maelstrom goons spent, corpo security", "bob gigs d6=2",
             "what happens if psycho attacks?")
    session, said = session_after(*lines, "3")
    assert said[-1].startswith("error") and session.doc["actions"] == [] and session.doc["turn"] == "alice"
    session, said = session_after(*lines, "1")
    assert "Only asked" in said[-1] and session.doc["actions"] == []
    assert "Maelstrom Goons [maelstrom] defeated" in said[-1]  # 9.17-9.19: power 6 beats power 3
    session, said = session_after(*lines, "1", "2")
    assert "Only asked" in said[-1] and session.doc["actions"] == [] and "steals" in said[-1]


def test_a_valid_target_includes_programs_in_hand_that_may_choose_it():
    """Floor It: a rival Unit gets -1 power; a [QUICK] Program may be played by the defending player in the React
    Step (9.10)."""
    _, said = session_after("alice field psycho squad", "alice hand floor it", "alice eddies 5",
                            "bob field maelstrom goons spent, corpo security", "is corpo a valid target?")
    assert said[-1].startswith("Yes") and "play: floor" in said[-1]
    _, said = session_after(*PSYCHO_GOONS, "bob hand floor it", "bob eddies 1", "attack psycho goons",
                            "is psycho a valid target?")
    assert said[-1].startswith("Yes") and "quick: floor" in said[-1]


def test_a_named_target_goes_to_the_choice_it_can_answer_or_ask_which():
    """Gilded Matón: you may defeat a friendly Gear; if you do, defeat a rival Unit with cost 3 or less. With two
    Gears, naming the Unit does not say which Gear: ask. Naming the one Gear answers the Gear's choice."""
    session, said = session_after(*GILDED, "gear kiroshi on psycho", "bob field maelstrom goons, corpo security",
                                  "can alice play gilded on goons?")
    assert "error: which?" in said[-1] and "mantis" in said[-1] and "kiroshi" in said[-1]
    assert "Refused" not in said[-1] and session.doc["actions"] == []
    _, said = session_after(*GILDED, "bob field maelstrom goons, corpo security", "can alice play gilded on mantis?")
    assert "Refused" not in said[-1] and "targets: [mantis]" in said[-1].split("\n")[0]
    assert "Waiting for a choice" in said[-1] and "rival Unit" in said[-1]


def test_undo_after_an_error_says_what_it_took_back_and_redo_puts_it_back():
    session, said = session_after(*GILDED, "bob field maelstrom goons, corpo security", "play gilded", "goons", "undo")
    assert "Undone: play gilded" in said[-1] and "redo" in said[-1]
    assert session.doc["actions"] == []
    said = session.handle("redo")
    assert said == "Redone: play gilded" and [a["play"] for a in session.doc["actions"]] == ["gilded"]
    session.handle("undo")
    session.handle("alice eddies 5")  # a new change: nothing to redo
    assert session.handle("redo").startswith("error: nothing to redo")


def test_a_name_two_cards_share_is_answered_for_each():
    _, said = session_after("alice field psycho squad", "bob field psycho squad spent", "is psycho squad a valid target?")
    assert "[psycho]" in said[-1] and "[psycho-2]" in said[-1] and "target: psycho-2" in said[-1]
    _, said = session_after("alice field psycho squad", "bob field psycho squad spent", "is psycho a valid target?")
    assert "names 2 cards" in said[-1]


def test_a_legend_defeated_then_removed_says_where_it_is():
    """4.4.1: a Legend in the trash is removed from the game."""
    _, said = session_after("alice field psycho squad", "gear mantis on psycho", "alice eddies 5",
                            "bob field maelstrom goons spent", "bob legends jackie welles mama's favorite face-up",
                            "bob eddies 2", "attack psycho goons", "pass", "yes", "payments: bob-eddie-1")
    assert "script `payments:` on the action" in said[-2]  # an Eddie or Jackie herself: Bob's choice (5.7.2)
    assert "Jackie Welles: Mama's Favorite [jackie] defeated, then removed from the game" in said[-1]


def test_a_gear_stated_on_a_host_while_a_copy_is_in_hand_says_it_is_a_new_copy():
    session, said = session_after("alice hand mantis blades", "alice field psycho squad", "psycho has mantis blades")
    assert "new copy" in said[-1] and "[mantis] in alice's hand stays" in said[-1]


def test_a_card_played_by_the_action_answered_entered_the_field():
    _, said = session_after(*GILDED, "alice hand floor it", "alice eddies 5", "bob field maelstrom goons spent",
                            "play floor it on goons", "play gilded", "yes")  # action 2: told against its own start
    assert "Gilded Matón [gilded] in the field" in said[-1] and "Gilded Matón [gilded] stays" not in said[-1]


def test_what_if_an_attack_and_a_block_is_read_as_both():
    """9.9, 11.27: the blocker becomes the defending Unit; Corpo Security with Riot Shield has 3 power, Psycho 6."""
    session, said = session_after("alice field psycho squad", "bob gigs d6=3", "bob field corpo security",
                                  "gear riot shield on corpo", "what happens if psycho attacks gigs and bob blocks with corpo?")
    assert "attack: psycho, target: gig-area; then block: corpo" in said[-1]
    assert "Corpo Security [corpo] defeated" in said[-1] and session.doc["actions"] == []
