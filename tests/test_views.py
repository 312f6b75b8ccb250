"""`judgekit run --view PLAYER|spectator`: the ruling as that viewer may see it (5.3 public and hidden
areas, 5.4.2-5.4.4 hands, 5.5.2 decks, 5.3.1.2 face-down cards), a filter above the engine's ruling."""
from __future__ import annotations

import json

from tests.entry_point import EntryPointRunner as CliRunner

from judgekit.cli import app
from tests.conftest import SCENARIOS

KIROSHI = SCENARIOS / "hidden-information" / "5.3.1.2-kiroshi-optics-looks-at-a-face-down-legend-without-revealing-it.yaml"
runner = CliRunner()

HANDS = """\
scenario: Alice draws and plays with a hand Bob can't see
question: Alice draws Floor It; she holds Corpo Security and Gorilla Arms. Bob holds Delamain.
players:
  alice:
    hand: [Corpo Security, Gorilla Arms]
    deck: [Floor It, Japantown Jonin, Kiroshi Optics]
    field: [{card: Psycho Squad, label: squad}, {card: Field Operator, label: operator}]
  bob:
    hand: [Delamain]
    deck: 4
actions:
  - draw: 1
    by: alice
  - bottom_deck: [squad, operator]
    by: bob
"""


def run(path, *args) -> tuple[int, dict]:
    done = runner.invoke(app, ["run", str(path), "-f", "json", *args])
    return done.exit_code, json.loads(done.output)


def cards(board: dict, player: str, area: str) -> list:
    return board["players"][player][area]


def test_the_default_is_the_judges_full_view_and_judge_names_it():
    code, full = run(KIROSHI)
    assert code == 0 and "view" not in full
    assert run(KIROSHI, "--view", "judge")[1] == full


def test_a_viewer_is_named_in_any_case_as_ask_takes_a_players_name():
    assert run(KIROSHI, "--view", "Bob") == run(KIROSHI, "--view", "bob")
    assert run(KIROSHI, "--view", "SPECTATOR") == run(KIROSHI, "--view", "spectator")
    assert run(KIROSHI, "--view", "Judge") == run(KIROSHI)


def test_5_3_1_2_a_rival_sees_face_down_legends_as_hidden_and_a_private_look_told_without_the_card():
    _, seen = run(KIROSHI, "--view", "bob")
    legends = cards(seen["board"], "alice", "legends")
    assert [c["hidden"] for c in legends] == [True, True] and all(c["name"] is None for c in legends)
    assert all(c["face_up"] is False for c in legends)  # its orientation stays public
    text = json.dumps(seen)
    assert "Streetkid" not in text and "Hands Unclean" not in text and '"v"' not in text
    [look] = [s for s in seen["steps"] if s["kind"] == "look"]
    assert look["text"] == "alice looks at a card in private." and "only alice" in look["hidden_note"]
    [choice] = [s for s in seen["steps"] if s["kind"] == "choice" and s.get("hidden_note")]
    assert "alice's face-down Legend (" in choice["text"]  # what bob sees of it; `hidden card N` is the JSON's id
    assert all(c.startswith("hidden card ") for c in choice["cards"])
    assert seen["view"]["viewer"] == "bob" and seen["view"]["hidden_cards"] == 2
    assert seen["view"]["question_withheld"] and seen["scenario"]["question"] is None
    assert {c["id"] for c in seen["view"]["cites"]} >= {"public-areas.face-down-unknown", "hand.rival-cannot-view"}


def test_the_player_who_looked_knows_that_legend_and_not_the_other():
    _, seen = run(KIROSHI, "--view", "alice")
    legends = cards(seen["board"], "alice", "legends")
    assert [c["name"] for c in legends] == ["V: Streetkid", None]
    [look] = [s for s in seen["steps"] if s["kind"] == "look"]
    assert "V: Streetkid" in look["text"] and "hidden_note" not in look
    [chosen] = [s for s in seen["steps"] if s.get("hidden_note")]  # she picks it face-down, before she looks
    assert chosen["kind"] == "choice" and "face-down Legend (1st from the left)" in chosen["text"]


def test_hands_and_decks_are_hidden_counts_kept_and_a_draw_is_told_without_the_card(tmp_path):
    path = tmp_path / "hands.yaml"
    path.write_text(HANDS, encoding="utf-8")
    _, full = run(path)
    _, bob = run(path, "--view", "bob")
    assert len(cards(bob["board"], "alice", "hand")) == len(cards(full["board"], "alice", "hand")) == 3
    assert all(c["hidden"] for c in cards(bob["board"], "alice", "hand"))
    assert [c["name"] for c in cards(bob["board"], "bob", "hand")] == ["Delamain: Rideshare AI"]  # 5.4.2: his own hand
    assert all(c["hidden"] for who in ("alice", "bob") for c in cards(bob["board"], who, "deck"))  # 5.5.2
    assert len(cards(bob["board"], "alice", "deck")) == 4
    text = json.dumps(bob)
    assert "Floor It" not in text and "Gorilla Arms" not in text and "Japantown Jonin" not in text
    assert "Psycho Squad" in text  # bottom-decked from the field: bob saw it go
    [order] = [s for s in bob["steps"] if s["random"]]  # but the random order it took is hidden (5.5.2)
    assert order["text"].endswith("Field Operator, Psycho Squad (in name order: the order they took is hidden from "
                                  "bob).") and "random order" in order["hidden_note"]
    assert bob["random"][0]["what"] == order["text"]
    assert [s["text"] for s in full["steps"] if s["random"]] != [order["text"]]
    [draw] = [s for s in bob["steps"] if s["action"] == 1]
    assert "hidden from bob" in draw["hidden_note"]
    _, alice = run(path, "--view", "alice")
    assert "Floor It" in [c["name"] for c in cards(alice["board"], "alice", "hand")]
    assert all(c["hidden"] for c in cards(alice["board"], "bob", "hand"))
    _, spectator = run(path, "--view", "spectator")
    assert all(c["hidden"] for who in ("alice", "bob") for c in cards(spectator["board"], who, "hand"))


def test_every_format_writes_the_view_and_a_bad_viewer_is_refused(tmp_path):
    rich = runner.invoke(app, ["run", str(KIROSHI), "--view", "bob"])
    assert rich.exit_code == 0 and "As bob may see it" in rich.output and "Streetkid" not in rich.output
    md = runner.invoke(app, ["run", str(KIROSHI), "--view", "bob", "-f", "md"])
    assert md.exit_code == 0 and "As bob may see it" in md.output and "Streetkid" not in md.output
    assert "2 hidden cards" in md.output
    bad = runner.invoke(app, ["run", str(KIROSHI), "--view", "carol"])
    assert bad.exit_code == 2 and f"{KIROSHI}: --view 'carol': no such player" in bad.output


def test_a_revealed_card_and_a_sold_card_were_shown_to_the_rival_so_the_steps_name_them():
    """11.14.1: a revealed card is shown to every player; 11.9.1: a sold card is shown to the Rival. Back in a hidden
    place (a hand, 5.4.3; face-down, 5.3.1.2) it stays known to them on the board after, as a card looked at in
    private does: nothing random has moved it since."""
    _, fool = run(SCENARIOS / "cards" / "fool-on-the-hill-rival-sends-both-to-hand.yaml", "--view", "bob")
    assert any("Octant" in s["text"] and "Riding Nomad" in s["text"] for s in fool["steps"] if s["kind"] == "reveal")
    assert sorted(c["name"] for c in cards(fool["board"], "alice", "hand")) == ["Octant", "Riding Nomad"]
    _, sold = run(SCENARIOS / "turn" / "8.11-selling-from-hand-once-per-turn.yaml", "--view", "bob")
    assert any("MTOD12 Flathead" in s["text"] for s in sold["steps"] if s["kind"] == "sell")
    assert [(c["name"], c["face_up"]) for c in cards(sold["board"], "alice", "eddies")] == \
        [("MTOD12 Flathead", False)]


def test_an_erratum_cited_for_a_card_in_hand_does_not_name_it_to_the_rival(tmp_path):
    """5.4.3: the rival does not see Alice's hand; a refusal citing the card's erratum must not name the card in its
    text, its citation's title or id, nor in the scenario's title written by its author."""
    path = SCENARIOS / "hidden-information" / \
        "5.4.3-an-erratum-of-a-card-in-hand-is-cited-without-naming-it-to-the-rival.yaml"
    done = runner.invoke(app, ["run", str(path), "--view", "bob", "-f", "json"])
    assert done.exit_code == 0
    assert "johnny" not in done.output.casefold().replace("johnny-beta", "")
    assert "hidden card 1" in done.output
    noted = path.read_text(encoding="utf-8").replace("  - sell: johnny\n",
                                                     "  - sell: johnny\n    note: Alice tries Johnny first\n")
    assert noted != path.read_text(encoding="utf-8")
    copy = tmp_path / "noted.yaml"
    copy.write_text(noted, encoding="utf-8")
    told = runner.invoke(app, ["run", str(copy), "--view", "bob", "-f", "json"]).output
    assert "johnny" not in told.casefold().replace("johnny-beta", "") and "note withheld" in told


def test_a_search_that_reveals_what_it_takes_names_it_to_the_rival_and_hides_the_rest():
    """Viktor Vektor: Sit Down and Relax reveals the Gear it adds to hand (11.14.1); the other searched cards stay
    hidden from the Rival (5.3.2)."""
    path = SCENARIOS / "hidden-information" / "11.14.1-viktor-vektor-reveals-the-gear-his-search-takes.yaml"
    done = runner.invoke(app, ["run", str(path), "--view", "bob", "-f", "json"])
    steps = [s["text"] for s in json.loads(done.output)["steps"]]
    revealed = next(t for t in steps if " reveals " in t)
    assert "Mantis Blades" in revealed and "hidden card" not in revealed
    assert any("3 cards from alice's deck" in t for t in steps if t.startswith("Bottom-decked"))


PRIVATE_SEARCH = """\
scenario: Alice searches two cards into her hand without showing them
players:
  alice:
    hand: ["Three Mouths, One Desire"]
    eddies: 2
    gigs: [d4=1, d6=1]
    deck: [{card: Floor It, label: floorit}, {card: Psycho Squad, label: squad}]
  bob: {}
actions:
  - play: "Three Mouths, One Desire"
    targets: [floorit, squad]
"""


def test_a_short_card_name_with_a_label_of_its_own_is_hidden_wherever_it_is_written(tmp_path):
    """5.3.2, 5.4.2: cards searched into a hand unrevealed stay unknown to the Rival; "Floor It [floorit]" was
    once cut at its label first, leaving the name beside the token."""
    path = tmp_path / "search.yaml"
    path.write_text(PRIVATE_SEARCH, encoding="utf-8")
    done = runner.invoke(app, ["run", str(path), "--view", "bob", "-f", "json"])
    text = json.dumps(json.loads(done.output))
    assert "Floor It" not in text and "Psycho Squad" not in text and "hidden card" in text


def test_a_choice_waiting_among_searched_cards_does_not_tell_the_rival_which_of_them_qualify():
    """5.3.2.1: the searched cards stay hidden from Bob; listing the ones Alice may take (Gear costing 2 or less)
    would tell him what some of them are. Labels that are everyday words ("a") stay words."""
    _, seen = run(SCENARIOS / "examples" / "search-awaits-a-choice.yaml", "--view", "bob")
    [waiting] = [s for s in seen["steps"] if s["kind"] == "await"]
    assert "up to 2 Gears to take: cards hidden from bob, or none" in waiting["text"]
    assert "up to 2 Gears to take: cards hidden from bob" in seen["verdict"]["awaiting"]
    assert "toward Call a Legend." in seen["steps"][1]["text"] and seen["actions"][0]["action"] == \
        "alice Calls a Legend: viktor"


VIEWS = SCENARIOS.parent / "tests" / "fixtures" / "views"


def test_what_a_condition_found_on_a_face_down_legend_is_not_told_to_the_rival():
    """3.4.1, 5.3.1.2: after Alice's private look, whether her face-down Legend has ARASAKA or [GO SOLO] is hers."""
    _, seen = run(VIEWS / "radioport-peek-on-a-face-down-legend.yaml", "--view", "bob")
    text = json.dumps(seen)
    assert "ARASAKA / [GO SOLO]" not in text and "River Ward" not in text
    assert any(s["text"].startswith("A condition is checked on a card hidden from bob") for s in seen["steps"])


def test_what_a_hidden_hand_holds_is_not_told_by_a_choice_from_it():
    """5.4.3: Bob may not learn that Alice's hand holds no Program (a 'you may' she can't do), nor which of her cards
    could be discarded. With one Program among three, the pick still waits (by hidden information it may find
    nothing, 5.3.2.4.1), rather than taking "the only option", and Bob's view names none of them."""
    _, none = run(VIEWS / "optional-discard-from-a-hidden-hand.yaml", "--view", "bob")
    assert "Program cards in hand" not in json.dumps(none)
    _, seen = run(VIEWS / "a-program-discard-from-a-hidden-hand.yaml", "--view", "bob")
    [waiting] = [s for s in seen["steps"] if s["kind"] == "await"]
    assert "Floor It" not in waiting["text"] and "cards hidden from bob" in waiting["text"]
    _, judge = run(VIEWS / "a-program-discard-from-a-hidden-hand.yaml")
    [waiting] = [s for s in judge["steps"] if s["kind"] == "await"]
    assert "discard, or none" in waiting["text"] and ": Floor It." in waiting["text"]
    assert not any("the only option" in s["text"] for s in judge["steps"])


def test_a_face_down_legend_named_by_one_word_of_its_name_withholds_the_authors_words():
    _, seen = run(VIEWS / "a-face-down-legend-named-by-one-word.yaml", "--view", "alice")
    text = json.dumps(seen)
    assert "Goro" not in text and "Takemura" not in text


def test_a_card_sold_by_an_effect_is_shown_to_the_rival():
    """11.9.1, 11.9.2.2: a sale by an effect is a sale, and selling shows the card to the Rival."""
    _, seen = run(VIEWS / "a-card-sold-by-an-effect.yaml", "--view", "bob")
    assert any(s["kind"] == "reveal" and "Delamain: Rideshare AI" in s["text"] for s in seen["steps"])


def test_a_file_name_or_tag_naming_a_hidden_card_is_withheld(tmp_path):
    board = tmp_path / "bob-holds-floor-it.yaml"
    board.write_text("scenario: Alice draws\ntags: [bob-holds-floor-it]\nplayers:\n  alice: {deck: 3}\n"
                     "  bob: {hand: [Floor It]}\nactions:\n  - {draw: 1, by: alice}\n", encoding="utf-8")
    _, seen = run(board, "--view", "alice")
    assert "floor" not in json.dumps(seen).casefold()
    assert run(board)[1]["scenario"]["tags"] == ["bob-holds-floor-it"]


def test_the_hidden_cards_an_effect_applies_to_are_not_called_a_condition_checked():
    """T-Bug: Amateur Philosopher's [DEFEATED] finds the face-down Legends its look applies to; no condition is checked
    there (10.3 is not cited), so the Rival's view does not say one was, and names neither Legend (5.7.4.1)."""
    _, seen = run(VIEWS / "t-bug-looks-at-every-face-down-legend.yaml", "--view", "alice")
    [found] = [s for s in seen["steps"] if s["kind"] == "check"]
    assert found["text"] == "The effect reads a card hidden from alice here; what it found is not told."
    text = json.dumps(seen)
    assert "Padre" not in text and "Streetkid" not in text and "A condition is checked" not in text
