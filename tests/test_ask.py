"""`judgekit ask` as people use it: a board typed with partial card names, the options the engine lists, a pick,
the ruling at once, undo, and a saved session that `judgekit run` rules on exactly as the session did."""
from __future__ import annotations

from pathlib import Path

from judgekit.ask.session import Session
from judgekit.ask.terminal import candidates
from judgekit.rules.book import load_rulebook
from judgekit.ruling import ruling, run_scenario
from judgekit.scenario.build import build_file

GOROS = ["Goro Takemura: Hands Unclean", "Goro Takemura: Losing His Way", "Goro Takemura: Vengeful Bodyguard"]


def session_after(*lines: str) -> tuple[Session, list[str]]:
    session = Session()
    return session, [session.handle(line) for line in lines]


def test_card_names_complete_and_resolve_by_their_start():
    session = Session()
    found, replaced = candidates(session, "alice field goro")
    assert found == GOROS and replaced == len("goro")
    session.handle("alice field psycho squad")
    session.handle("bob field corpo security spent")
    session.handle("options")
    found, replaced = candidates(session, "attack: psy")
    assert found == ["attack: psycho, by: alice, target: corpo", "attack: psycho, by: alice, target: gig-area"]
    assert replaced == len("attack: psy")
    session.handle("undo")
    session.handle("undo")
    assert all(name in session.handle("alice field goro") for name in GOROS)  # ambiguous: listed, not guessed
    assert session.handle("alice field goro takemura hands") == \
        "alice: Goro Takemura: Hands Unclean [goro] in the field."


def test_a_lagging_unit_cannot_attack_and_the_refusal_cites_lag():
    """11.3 (Lag): a Unit played this turn has Lag and cannot attack; the options list the attack as refused."""
    session, _ = session_after("alice field psycho squad lag", "bob field corpo security spent")
    listing = session.handle("options")
    refused = listing.split("Not allowed now:")[1]
    attack = next(line for line in refused.splitlines() if "attack: psycho" in line and "target: corpo" in line)
    assert "11.3" in attack


def test_pick_by_number_or_typed_gives_the_ruling_at_once_and_undo_takes_it_back():
    """9.3 / 9.6: a ready Unit may attack a spent rival Unit; the attack then waits for the defender's reactions."""
    session, said = session_after("alice field psycho squad", "bob field corpo security spent", "options")
    assert "attack: psycho, by: alice, target: corpo" in said[-1].split("Not allowed now:")[0]
    ruled = session.handle("attack: psycho, target: corpo")
    assert ruled.startswith("Action 1: alice attacks corpo with psycho  → allowed") and "9.3" in ruled
    assert "Waiting for a choice" in ruled
    assert session.handle("undo") == "Undone: attack: psycho, target: corpo" and session.doc["actions"] == []
    number = next(line.split(".")[0].strip() for line in session.handle("options").splitlines()
                  if "attack: psycho, by: alice, target: corpo" in line)
    assert session.handle(number) == ruled


def test_a_face_down_legend_gets_its_refusal_and_a_call_is_offered():
    """4.5, 11.14: a face-down Legend can't be played; Calling it (1 €$) is allowed."""
    session, _ = session_after("alice legends v streetkid", "alice eddies 2")
    listing = session.handle("options")
    allowed, refused = listing.split("Not allowed now:")
    assert "call: v" in allowed and "play: v" in refused and "face-down" in refused


def test_a_saved_session_reruns_to_the_same_ruling(tmp_path):
    path = tmp_path / "asked.yaml"
    session, said = session_after("alice field goro takemura hands face-up", "gear mantis on goro",
                                  "bob field corpo security spent", "attack: goro, target: corpo", "options",
                                  "react: []", f"save {path}")
    assert said[-1].startswith("Saved to")
    book = load_rulebook()
    built = build_file(path, book)
    again = ruling(built, run_scenario(built), book)
    mine = dict(session.data, scenario={**session.data["scenario"], "file": str(path)})
    assert again == mine
    assert "Corpo Security [corpo] lost the fight" in said[-2] or "defeated" in said[-2]


def test_a_session_in_another_edition_saves_it_so_the_file_reruns_alike(tmp_path):
    path = tmp_path / "published.yaml"
    session = Session("2026-08")
    for line in ("alice field psycho squad lag", "bob field corpo security spent", "attack: psycho, target: corpo",
                 f"save {path}"):
        session.handle(line)
    book = load_rulebook()
    built = build_file(path, book)
    again = ruling(built, run_scenario(built), book)
    assert again["edition"]["name"] == "2026-08"
    assert again == dict(session.data, scenario={**session.data["scenario"], "file": str(path)})


def test_load_starts_from_a_scenario_file():
    example = Path(__file__).resolve().parents[1] / "scenarios" / "examples" / "legend-returned-to-hand.yaml"
    session, said = session_after(f"load {example}")
    assert said[0].startswith("Loaded") and "removed from the game" in said[0]
    assert "Disputed" in said[0]  # 4.12.2: the Gear of a removed Legend is a disputed point


def test_a_refusal_is_told_under_its_own_action_only():
    """4.10 / 4.10.1: playing a Gear needs a host; a later allowed play does not repeat that earlier refusal."""
    session, said = session_after("alice hand mantis", "alice eddies 1", "alice field psycho squad",
                                  "do play: mantis", "play: mantis, equip_to: psycho")
    assert "REFUSED" in said[-2] and "Refused: Playing Mantis Blades" in said[-2]
    assert "→ allowed" in said[-1] and "Refused" not in said[-1]
    assert "Refused: Playing Mantis Blades" in session.handle("ruling")  # the whole ruling still has it


def test_a_second_answer_to_the_same_choice_is_typed_alone():
    """2.1.1 ("you may"), 2.9: Shattered Memories asks Alice, then Bob, whether to do their part; Bob's answer is
    typed as itself, without repeating Alice's."""
    session, said = session_after("alice hand shattered memories", "alice hand mantis blades", "alice eddies 4",
                                  "alice gigs d6=5", "bob hand psycho squad", "play: shattered",
                                  "may: {shattered: true}")
    assert "bob may do part of Shattered Memories" in said[-1]
    ruled = session.handle("may: {shattered: false}")
    assert "bob chooses not to do it." in ruled and "Waiting for a choice" not in ruled
    assert session.doc["actions"][-1]["may"] == {"shattered": [True, False]}


def test_labels_leave_out_a_bracketed_lead_in_articles_apostrophes_and_accents():
    from judgekit.ask.board import new_label
    empty = {"players": {}}
    assert [new_label(n, empty) for n in ("(Don't Fear) The Reaper", "The Heist", "Les Élémens",
                                          "Goro Takemura: Hands Unclean", "V: Streetkid")] == \
        ["reaper", "heist", "elemens", "goro", "v"]


def test_the_deck_card_named_last_is_on_top_and_a_gear_label_may_follow_its_host():
    session, said = session_after("alice deck psycho squad", "alice deck corpo security",
                                  "alice field psycho squad as squad", "gear mantis on squad as bm")
    assert [c["label"] for c in session.doc["players"]["alice"]["deck"]["top"]] == ["corpo", "psycho"]
    assert said[-1] == "alice: Mantis Blades [bm] equipped to squad."
    # 3.17.3: the Gear's power is already in its host's; the board says so instead of adding it again
    assert "Psycho Squad [squad] power 8, carrying Mantis Blades [bm] +2 (counted in its power)" in \
        session.handle("board")


def test_a_roll_judgekit_made_is_marked_random():
    """8.6.5: the roll-in at the Rival's Start Phase; unscripted, its value comes from the seed, and says so."""
    _, said = session_after("alice fixer d6", "bob fixer d8", "do pass_turn: true")
    rolled = next(line for line in said[-1].splitlines() if "rolls in the d8" in line)
    assert rolled.endswith("(random: rolled from seed 0)")


def test_what_already_happened_this_turn_can_be_stated():
    """5.7.3 / 11.14: a Legend is Called once per turn; 8.11: one card sold per turn. Stated, not acted out."""
    session, said = session_after("alice legends v streetkid", "alice hand floor it", "alice eddies 2",
                                  "alice trash floor it", "alice called", "alice sold", "phase main", "played floor-2")
    assert said[4:] == ["alice has Called a Legend this turn.", "alice has sold a card this turn.",
                        "It is alice's main phase.", "floor-2 was played this turn."]
    refused = session.handle("options").split("Not allowed now:")[1]
    assert "call: v" in refused and "already Called a Legend this turn" in refused
    assert "sell: floor" in refused
    assert session.doc["this_turn"] == {"played": ["floor-2"]} and session.doc["phase"] == "main"


def test_a_gig_to_steal_is_typed_by_its_die():
    """9.23.3: the attacker chooses which Gigs it steals; `steal: [d8]` names the d8 without its value."""
    session, said = session_after("alice field psycho squad", "bob gigs d6=6 d8=8 d4=1",
                                  "do attack: psycho, target: gig-area, react: []", "steal: [d8]")
    assert "→ allowed" in said[-1] and session.doc["actions"][-1]["steal"] == ["d8=8"]


def test_an_action_typed_without_its_colon_is_shown_how_to_write_it():
    session, said = session_after("alice hand mantis", "sell mantis")
    assert said[-1].startswith("Read as `sell: mantis`.\nResult: Mantis Blades [mantis] to the eddies.\n"
                                 "Action 1: alice sells mantis  → allowed")


def test_a_colon_after_the_player_or_the_area_reads_as_without_it():
    session, said = session_after("alice field: psycho squad", "bob: hand corpo security", "alice: eddies 3")
    assert said == ["alice: Psycho Squad [psycho] in the field.", "bob: Corpo Security [corpo] in the hand.",
                    "alice: 3 ready Eddies."]


def test_a_bad_command_is_an_error_and_changes_nothing():
    session, said = session_after("alice field mantis blades", "alice zone psycho", "turn carol")
    assert all(s.startswith("error:") for s in said)
    assert "write `gear Mantis Blades on LABEL`" in said[0]
    assert session.doc["players"]["alice"] == {"deck": 20}


def test_nothing_else_is_done_while_an_action_waits_and_a_restated_one_replaces_it():
    """9.7.1 and 8.9: while an attack waits in its React Step the turn can't be passed; 10.2.3 and 10.11.1: while
    a Program resolves and waits for a choice, nothing else is done. A typed action is refused there and the
    waiting action stays; the same action typed again with its answer still replaces it."""
    session, said = session_after("alice field psycho squad", "bob field corpo security spent",
                                  "do attack: psycho, target: corpo", "do pass_turn: true")
    assert said[-1].startswith("error:") and "9.7.1" in said[-1] and "undo" in said[-1]
    assert session.doc["actions"] == [{"attack": "psycho", "target": "corpo"}]
    session, said = session_after("alice hand afterparty", "alice eddies 1", "bob gigs d6=4", "play: afterparty",
                                  "do sell: afterparty")
    assert "Waiting for a choice" in said[-2]
    assert said[-1].startswith("error:") and "10.2.3" in said[-1] and "undo" in said[-1]
    assert [a["play"] for a in session.doc["actions"]] == ["afterparty"]
    restated = session.handle("do play: afterparty, numbers: [1]")
    assert "Waiting for a choice" not in restated and session.doc["actions"][0]["play"] == "afterparty"


def test_a_board_statement_after_actions_says_which_rulings_it_changed():
    """A board statement states the board as it was before the actions, so they are ruled again: an attack on an
    empty Gig area is refused (9.3.2.2); once Bob is stated to hold a Gig it is allowed, and the judge is told."""
    session, said = session_after("alice field psycho squad", "do attack: psycho, target: gig-area",
                                  "bob gigs d6=3", "bob hand floor it")
    assert "→ REFUSED" in said[1]
    assert "action 1, alice attacks gig-area with psycho: now allowed (it was refused)" in said[2]
    assert said[3] == "bob: Floor It [floor] in the hand."  # nothing it changed: nothing more said
    session, said = session_after("alice field psycho squad", "alice hand mantis", "alice eddies 1",
                                  "do attack: psycho, target: gig-area", "do play: mantis, equip_to: psycho",
                                  "bob gigs d6=3")
    assert said[-1].startswith("error: with this, the actions already taken no longer fit the board")
    assert "`undo` them first" in said[-1] and session.doc["players"]["bob"].get("gigs") is None


def test_the_order_of_pending_effects_is_typed_by_the_gears_label():
    """10.12: the player orders their own pending effects; the hint lists each by the name `order:` takes (a Gear's
    effect as `kiroshi#1`), and the Gear's label alone (`order: [kiroshi]`) takes that option too."""
    session, said = session_after("alice field psycho squad", "gear netwatch on psycho", "gear kiroshi on psycho",
                                  "alice legends goro takemura hands", "bob gigs d6=3",
                                  "attack: psycho, target: gig-area", "order: [kiroshi]")
    assert "`kiroshi#1`: " in said[-2]
    assert not said[-1].startswith("error") and session.doc["actions"][-1]["order"] == ["kiroshi#1"]


def test_an_action_on_the_other_players_card_is_taken_by_them():
    """8.11: selling is a Main Phase action of the turn player. Alice's `sell: floor` typed on Bob's turn is
    ruled as Alice's, refused for that reason, not because Floor It is not in Bob's hand."""
    session, said = session_after("alice hand floor it", "bob field psycho squad", "turn bob", "sell: floor")
    assert said[-1].startswith("Result: refused: ") and "\nAction 1: alice sells floor  → REFUSED" in said[-1] and "Main Phase" in said[-1]
    assert session.doc["actions"] == [{"sell": "floor", "by": "alice"}]


def test_what_a_judge_types_first_is_answered_with_what_to_type():
    """9.3.2.2: the Rival's Gig area is attacked as `target: gig-area`; a target naming the Rival or "gig" says so.
    A verb typed without its colon is shown the keys it takes; `face up`, other games' `tapped` and a capitalised
    player's name are read as meant."""
    session, said = session_after("alice field psycho squad", "bob gigs d6=3", "do attack: psycho, target: bob",
                                  "play v go solo", "attack psycho gig", "activate v 2",
                                  "alice legends goro hands face up", "alice field corpo security tapped", "turn Bob")
    assert "write `target: gig-area`" in said[2]
    assert said[3].startswith("Read as `play: v, go_solo: true`.")
    assert said[4].startswith("Read as `attack: psycho, target: gig-area`.")
    assert said[5].startswith("Read as `activate: v, effect: 2`.")
    legends = session.doc["players"]["alice"]["legends"]
    assert legends[0]["face_up"] is True and session.doc["players"]["alice"]["field"][1]["spent"] is True
    assert said[-1].startswith("It is bob's turn.") and session.doc["turn"] == "bob"


def test_a_player_may_concede_while_a_choice_waits():
    """1.16: a player may concede at any time, and loses at once (1.17), an attack waiting in its React Step or
    not; `concede` alone is `concede: true`, added after the waiting action."""
    session, said = session_after("alice field psycho squad", "bob gigs d6=3", "do attack: psycho, target: gig-area",
                                  "concede")
    assert said[-1].startswith("Result: game over: bob wins.\nAction 2: alice concedes  → allowed") and "Game over: bob wins" in said[-1]
    assert session.doc["actions"][-1]["concede"] is True and session.data["verdict"]["awaiting"] is None
    assert session.doc["actions"][0] == {"attack": "psycho", "target": "gig-area"}  # kept: the concession comes after


def test_overtime_can_be_stated_and_seven_gigs_then_win_at_once():
    """1.11.2: in overtime a player who controls 7 Gigs wins at once, mid-turn; outside it, only at the start of
    their next turn (1.10)."""
    session, said = session_after("alice gigs d6=6 d8=8 d10=10 d12=12 d20=20 d4=4", "bob gigs d6=3",
                                  "alice field psycho squad", "empty-fixer 2", "overtime",
                                  "do attack: psycho, target: gig-area, react: []")
    assert said[3].startswith("2 turns in a row began") and session.doc["empty_fixer_starts"] == 2
    assert said[4].startswith("The game is in overtime") and "Game over: alice wins" in said[-1]
    assert session.handle("board").startswith("Turn: alice (main phase), overtime")
    session.handle("undo")
    assert session.handle("overtime off") == "The game is not in overtime."
    assert "Game over" not in session.handle("do attack: psycho, target: gig-area, react: []")


def test_an_answer_outside_the_options_is_ruled_on_and_a_refused_one_is_not_taken():
    """10.31: Over the Edge defeats a Unit whose power is at most the value of a friendly d20. Psycho Squad (power
    6) against a d20 showing 5 is refused, with both numbers, and the choice still waits for another answer."""
    session, said = session_after("alice field psycho squad", "bob field corpo security spent",
                                  "bob field maelstrom goons as goons", "alice gigs d20=5", "alice hand over the edge",
                                  "alice eddies 5", "play: over", "targets: [psycho]", "targets: [goons]")
    assert said[-2].startswith("That answer is refused: Psycho Squad [psycho] can't be chosen")
    assert "(power 6, the d20 shows 5)" in said[-2] and "the choice still waits" in said[-2]
    assert "Maelstrom Goons [goons] is defeated" in said[-1]


def test_a_name_shared_by_several_cards_is_the_one_that_fits_the_area():
    """5.7: only Legends go to the Legends area, so `hanako` there is the one Hanako Legend; several Goro Legends
    still ask which."""
    session, said = session_after("alice legends hanako face-up", "alice legends goro", "gear mantis on hanako")
    assert said[0] == "alice: Hanako Arasaka: Daughter of the Emperor [hanako] in the legends, face-up: true."
    assert session.handle("alice field hanako").startswith("alice: Hanako Arasaka: In a Gilded Cage")  # the Unit
    assert said[1].startswith("error: 'goro' could be any of 3 cards")
    assert said[2].startswith("alice: Mantis Blades [mantis] equipped to hanako")


def test_do_with_an_action_typed_without_its_colon_reads_it_as_written():
    _, said = session_after("alice field psycho squad", "do attack psycho target gig-area", "do sell psycho",
                            "do attack psycho")
    assert said[1].startswith("Read as `attack: psycho, target: gig-area`.") and said[2].startswith("Read as `sell: ")
    assert said[3].endswith("`attack: psycho, target: gig-area` for the Rival's Gig area, `target: LABEL` for a spent "
                            "rival Unit")


def test_flags_and_the_label_after_a_card_name_come_in_any_order():
    session, said = session_after("alice field psycho squad as squad spent", "alice field corpo security spent as guard lag")
    field = session.doc["players"]["alice"]["field"]
    assert field[0] == {"card": "Psycho Squad", "label": "squad", "spent": True}
    assert field[1] == {"card": "Corpo Security", "label": "guard", "spent": True, "lag": True}


def test_a_you_may_choice_is_answered_yes_or_no():
    """10.19.1: T-Bug's 'you may' waits for Alice; `no` declines it, and `no` with no such choice waiting says so."""
    board = ("alice field t-bug spent as tbug", "alice legends v streetkid", "alice legends dexter off",
             "bob field psycho squad", "turn bob", "attack: psycho, target: tbug", "pass")
    session, said = session_after(*board)
    assert "or `yes` / `no`)" in said[-1]
    assert "alice chooses not to do it." in session.handle("no")
    assert session.doc["actions"][-1]["may"] == {"tbug": False}
    _, said = session_after("alice field psycho squad", "decline")
    assert said[-1] == "error: no 'you may' choice waits now; `options` lists the answers"


def test_plain_words_are_read_as_the_action_they_write_and_told():
    _, said = session_after("alice field psycho squad", "bob field maelstrom goons spent", "bob gigs d6=3",
                            "attack psycho goons", "undo", "attack psycho, target: gig-area", "pass", "undo", "undo",
                            "do pass_turn roll_in: d20", "end turn")
    assert said[3].startswith("Read as `attack: psycho, target: goons`.\nAction 1: alice attacks maelstrom")
    assert said[5].startswith("Read as `attack: psycho, target: gig-area`.")
    assert said[-2].startswith("Read as `pass_turn: true, roll_in: d20`.")
    assert said[-1].startswith("Read as `pass_turn: true`.")


def test_several_gigs_are_typed_as_a_list_and_a_partial_list_waits_for_the_rest():
    """9.23.3: Animals Wrecker (power 10) steals 2 Gigs, chosen by the attacking player: `steal: d8` alone is not
    completed with a Gig nobody chose; `steal: d8 d6` is the list `[d8, d6]`."""
    board = ("alice field animals wrecker", "bob gigs d6=4 d8=2 d4=1", "attack: animals, target: gig-area", "pass")
    session, said = session_after(*board, "steal: d8")
    assert "\nerror:" in said[-1] and "name every one, in the order they are picked" in said[-1]
    assert "steal" not in session.doc["actions"][-1]
    assert session.handle("steal: d8 d6").startswith("Read as `steal: [d8, d6]`.")
    assert session.doc["actions"][-1]["steal"] == ["d8", "d6"]


def test_a_number_picks_only_from_a_listing_shown_for_the_board_as_it_is():
    session, said = session_after("alice field psycho squad", "options", "bob field corpo security", "1")
    assert said[-1] == "error: no options are listed for the board as it is now; type `options`, then pick by number"
    session.handle("options")
    assert session.handle("1").split("\n")[1].startswith("Action 1:")


def test_an_optional_replacement_is_answered_yes_and_a_flag_not_typed_is_off():
    """10.26: Jackie Welles: Mama's Favorite may be defeated in the Goons' place, paying 1 €$: `yes` takes it.
    4.5, GO SOLO: `play: goro` is Goro played without GO SOLO, as a scenario file writes it."""
    session, said = session_after("alice field psycho squad", "bob field maelstrom goons spent",
                                  "bob legends jackie mama face-up", "bob eddies 1",
                                  "attack: psycho, target: maelstrom", "pass", "yes")
    assert session.doc["actions"][-1]["replacements"] == {"jackie": True}
    session, said = session_after("alice legends goro takemura hands face-up", "alice eddies 9", "play: goro")
    assert "chose not to use its [GO SOLO]" in said[-1]


def test_a_player_is_shown_the_board_as_they_may_see_it():
    """5.3, 5.7.4.1: `board bob` names no card of Alice's hand nor her face-down Legend; `board` is the judge's."""
    session, said = session_after("alice legends v streetkid", "alice hand floor it", "bob field psycho squad",
                                  "board bob", "board", "board carol")
    assert "Floor It" not in said[3] and "Streetkid" not in said[3] and "Psycho Squad [psycho]" in said[3]
    assert "Floor It [floor]" in said[4] and "V: Streetkid [v]" in said[4]
    assert said[5].startswith("error: no player 'carol'")


def test_names_of_several_words_are_read_whole_and_an_attacker_named_in_full_is_not_its_own_target():
    session, said = session_after("alice field psycho squad", "alice hand floor it", "bob field maelstrom goons spent",
                                  "sell floor it", "undo", "attack psycho squad", "attack with psycho squad target "
                                  "maelstrom goons")
    assert said[3].startswith("Read as `sell: floor it`.") and "→ allowed" in said[3]
    assert said[5].startswith("Read as `attack: psycho`.\nerror: 'attack: psycho' fits 2 options; pick one by number")
    assert "target: squad" not in said[5]  # the attacker alone: its attacks listed, each allowed or refused
    assert said[6].startswith("Read as `attack: psycho squad, target: maelstrom goons`.")
    assert said[6].split("\n")[1] == "Action 1: alice attacks maelstrom with psycho  → allowed"


def test_a_you_may_phrased_as_a_choice_of_one_card_is_answered_yes_or_no():
    """Judy Álvarez: Braindance Maestro may add the trashed Program to the hand ("up to" one): `yes` takes it."""
    session, said = session_after("alice legends judy braindance face-up", "alice deck floor it", "activate judy",
                                  "yes")
    assert session.doc["actions"][-1]["targets"] == ["floor"]
    session, said = session_after("alice legends judy braindance face-up", "alice deck floor it", "activate judy",
                                  "no")
    assert session.doc["actions"][-1]["targets"] == ["none"]


def test_while_a_choice_waits_options_are_the_answers_as_typed():
    """8.6.5: Bob rolls in one of his two dice; 10.19.1: T-Bug's 'you may'. Each option is the answer typed, and
    typing it takes it."""
    session, said = session_after("alice fixer d8 d12", "bob fixer d6 d8", "do pass_turn", "options")
    assert [line.split(". ", 1)[1] for line in said[-1].splitlines()[1:3]] == ["roll_in: d6", "roll_in: d8"]
    assert "bob rolls in the d8" in session.handle("roll_in: d8")
    _, said = session_after("alice field t-bug spent as tbug", "alice legends v streetkid", "bob field psycho squad",
                            "turn bob", "attack: psycho, target: tbug", "pass", "options")
    assert [line.split(". ", 1)[1] for line in said[-1].splitlines()[1:3]] == ["may: {tbug: true}",
                                                                                "may: {tbug: false}"]


def test_an_effects_payment_that_changes_what_happens_is_awaited_and_answered_at_the_table():
    """11.8.1, 5.7.2: spending Dexter (face-up, carrying Gear) for El Sombrerón's 2 €$ sets off Alt Cunningham's
    draw and spending Eddies does not, so the table waits for the payment; `payments: ...` answers it."""
    session, said = session_after("alice field el sombreron", "alice field alt cunningham mother",
                                  "alice legends dexter deshawn off face-up", "gear mantis blades on dexter",
                                  "alice eddies 2", "alice gigs d8=8", "alice deck 5", "bob gigs d6=2",
                                  "attack: sombreron, target: gig-area", "yes", "options")
    assert "script `payments:` on the action" in said[-2]
    assert "payments: [alice-eddie-1, dexter]" in said[-1]
    answered = session.handle("payments: dexter alice-eddie-1")
    assert session.doc["actions"][-1]["payments"] == ["dexter", "alice-eddie-1"]
    assert "alice-deck-1 is drawn" in answered
