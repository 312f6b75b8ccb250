"""`judgekit ask` must not misread what a judge types and then rule on the wrong thing: where a line can be read two
ways it asks (or refuses with the choices), a question never changes the board, and a card named by a bare word is
the one that can do what the line says. Each test is written from a reviewer's line (review-ask/*.txt) and what the
rules (or the printed card) say it means."""
from __future__ import annotations

from tests.test_ask import session_after

FLOOR_IT_ATTACK = ("alice field psycho squad", "alice hand floor it", "bob field maelstrom goons spent",
                   "bob hand floor it", "bob eddies 3", "psycho attacks goons")


def test_the_defending_player_plays_their_own_quick_program_as_a_reaction():
    """9.7, 9.10.1: in the React Step of alice's attack bob may use a [QUICK] effect; Floor It has QUICK, and the
    Floor It bob plays is his own, not alice's copy (labelled first). Floor It gives a rival Unit -1 power."""
    for line in ("bob plays floor it on psycho", "can bob play floor it?"):
        session, said = session_after(*FLOOR_IT_ATTACK, line)
        assert not said[-1].split("\n", 1)[-1].startswith("error"), said[-1]
        assert "quick: floor-2" in said[-1]
        if "on psycho" in line:
            assert "Refused" not in said[-1]
            assert session.doc["actions"][-1]["react"][0] == {"quick": "floor-2", "targets": ["psycho"]} or \
                session.doc["actions"][-1]["react"][0]["quick"] == "floor-2"


def test_a_label_of_another_players_card_is_not_taken_for_the_named_players_own():
    """`bob plays floor on psycho`: `floor` is alice's Floor It's label; bob's own is floor-2. Not a false No."""
    _, said = session_after(*FLOOR_IT_ATTACK, "bob plays floor on psycho")
    assert "only the defending player acts" not in said[-1]
    assert "floor-2" in said[-1]


def test_a_line_ending_in_a_question_mark_never_changes_the_board():
    session, said = session_after("alice field psycho squad", "bob field corpo security spent", "psycho spent?")
    assert "ready" in said[-1] and session.doc["players"]["alice"]["field"][0].get("spent") is not True
    _, said = session_after("alice field psycho squad", "bob field corpo security spent", "psycho spent?",
                            "can psycho attack corpo?")
    assert "REFUSED" not in said[-1]
    for question in ("psycho lag?", "psycho ready?", "psycho not spent?", "played psycho?"):
        session, said = session_after("alice field psycho squad", question)
        assert session.doc["players"]["alice"]["field"] == [{"card": "Psycho Squad", "label": "psycho"}], question
        assert "this_turn" not in session.doc, question
    for question in ("alice called?", "alice sold?"):
        session, said = session_after("alice legends goro vengeful", "alice legends padre", question)
        assert "has not" in said[-1], question
        assert not session.doc["players"]["alice"].get("called_legend_this_turn")
        assert not session.doc["players"]["alice"].get("sold_this_turn")
    _, said = session_after("alice legends goro vengeful", "alice legends padre", "alice called?", "can alice call padre?")
    assert "REFUSED" not in said[-1]


def test_has_n_power_states_a_value_not_a_change():
    """Johnny Silverhand: Never Stop Fighting has power 8 printed; `has 8 power` says what it is, not +8."""
    session, said = session_after("alice field johnny silverhand never", "johnny has 8 power")
    assert said[-1].startswith("error") and "lasting" not in session.doc
    assert "power +" in said[-1] or "power -" in said[-1]


def test_loses_a_signed_number_is_refused_not_turned_round():
    session, said = session_after("alice field psycho squad", "psycho loses -2 power")
    assert said[-1].startswith("error") and "lasting" not in session.doc


def test_a_bare_name_is_the_card_that_can_do_what_the_line_says():
    """Goro Takemura: Losing His Way is a Unit in the field; Vengeful Bodyguard is a face-down Legend: only the Unit
    attacks (4.8, 9.3.1)."""
    board = ("alice legends goro vengeful", "alice field goro losing his way", "bob gigs d6=3 d8=4")
    for line in ("goro attacks gigs", "can goro attack gigs?"):
        session, said = session_after(*board, line)
        assert "REFUSED" not in said[-1] and "error" not in said[-1], said[-1]
        assert said[-1].startswith("Read as `attack: goro-2,")
        assert (session.doc["actions"][-1]["attack"] == "goro-2") if not line.endswith("?") else \
            not session.doc["actions"]  # asked only: not kept


def test_a_lasting_change_goes_on_the_unit_not_the_face_down_legend():
    board = ("alice legends johnny silverhand rocking", "alice field johnny silverhand never",
             "bob field corpo security spent")
    session, said = session_after(*board, "johnny power -8 this turn from floor it by bob")
    assert session.doc["lasting"][0]["card"] == "johnny-2", said[-1]


def test_a_gear_played_on_a_bare_name_goes_on_the_unit_in_the_field():
    """Dying Night is a Gear: equipped to a Unit in the field (4.10.1), V: Roamer of the Badlands, not the face-down
    Legend V: Streetkid."""
    session, said = session_after("alice eddies 10", "alice hand dying night", "alice legends v streetkid",
                                  "alice field v roamer", "play dying night on v")
    assert "REFUSED" not in said[-1] and "error" not in said[-1], said[-1]
    assert session.doc["actions"][-1].get("equip_to") == "v-2"


def test_solo_inside_a_cards_name_is_not_go_solo():
    """Rogue Amendiares: Preem Solo: the card's name, no GO SOLO said."""
    for line in ("play rogue preem solo", "can alice play rogue preem solo?"):
        session, said = session_after("alice eddies 10", "alice legends rogue preem solo face-up", line)
        assert "go_solo" not in said[-1].split("\n", 1)[0], said[-1]
        assert "go_solo" not in session.doc["actions"][-1] if not line.endswith("?") else not session.doc["actions"]


def test_a_negated_go_solo_is_no_go_solo():
    for line in ("goro doesn't go solo", "goro won't go solo", "play goro without going solo"):
        _, said = session_after("alice eddies 10", "alice legends goro hands unclean face-up", line)
        assert said[-1].startswith("Read as `play: goro, go_solo: false`."), (line, said[-1])


def test_one_undo_takes_back_a_whole_line_of_cards():
    session, said = session_after("alice field psycho squad", "alice hand floor it, detonate, mantis blades", "undo")
    assert said[-1] == "Undone: alice hand floor it, detonate, mantis blades"
    assert not session.doc["players"]["alice"].get("hand")


def test_words_inside_a_list_of_cards_and_counts():
    session, said = session_after("alice field no psycho squad")
    assert said[-1].startswith("error") and not session.doc["players"]["alice"].get("field")
    session, _ = session_after("alice field psycho squad and corpo security")
    assert [e["card"] for e in session.doc["players"]["alice"]["field"]] == ["Psycho Squad", "Corpo Security"]
    session, _ = session_after("alice hand three mouths, one desire, floor it")
    assert [e["card"] for e in session.doc["players"]["alice"]["hand"]] == ["Three Mouths, One Desire", "Floor It"]
    session, _ = session_after("alice field two psycho squad", "alice hand three floor it")
    assert len(session.doc["players"]["alice"]["field"]) == 2 and len(session.doc["players"]["alice"]["hand"]) == 3
    session, said = session_after("alice field mtod 12")
    assert said[-1].startswith("error") and "mtod12" in said[-1].casefold() and \
        not session.doc["players"]["alice"].get("field")


def test_on_with_at_and_take_inside_a_cards_name():
    board = ("alice eddies 10", "alice hand fool on the hill", "alice hand live with the aftermath",
             "alice hand afterparty at lizzie's", "alice hand take control")
    for line, card in (("play fool on the hill", "fool"), ("play live with the aftermath", "live"),
                       ("alice plays live with the aftermath", "live"), ("play afterparty at lizzie's", "afterparty")):
        _, said = session_after(*board, line)
        assert f"play: {card}" in said[-1] or "play: " + line.split("play ", 1)[1] in said[-1], (line, said[-1])
        assert "targets" not in said[-1].split("\n", 1)[0] and "equip_to" not in said[-1].split("\n", 1)[0]
    _, said = session_after(*board, "take control")
    assert "steal" not in said[-1]


def test_a_name_two_cards_fit_is_asked_not_chosen():
    for line in ("alice field delamain", "alice hand lizzie"):
        session, said = session_after(line)
        assert said[-1].startswith("error"), said[-1]
        assert not session.doc["players"]["alice"].get("field") and not session.doc["players"]["alice"].get("hand")


def test_undo_after_an_error_and_a_look_at_the_board_still_says_the_error_changed_nothing():
    session, said = session_after("bob gigs d8=4 d8=7 d6=3", "alice gigs 3 d6", "board", "undo")
    assert said[-1] == "Undone: bob gigs d8=4 d8=7 d6=3: the last change ('alice gigs 3 d6', typed after it, was an error and " \
        "changed nothing); `redo` puts it back"
    assert not session.doc["players"]["bob"].get("gigs")


def test_the_attacking_player_still_takes_no_reaction():
    """9.7.1: only the defending player reacts; alice attacks, so her Floor It is not a reaction."""
    _, said = session_after(*FLOOR_IT_ATTACK, "alice plays floor it on psycho")
    assert said[-1].split("\n")[-1].startswith("error: No:") and "defending player" in said[-1]
