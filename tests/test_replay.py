"""`judgekit replay`: a game as recorded at the table, action by action through the engine's own checks: the
first illegal action and its rule, the board before it, what to reverse newest first (marked where hidden or
random information cannot simply be undone) and effects due but never resolved (10.11.1, 10.2.3)."""
from __future__ import annotations

import json

from tests.entry_point import EntryPointRunner as CliRunner

from judgekit.cli import app
from tests.conftest import ROOT

runner = CliRunner()
EXAMPLES = ROOT / "docs" / "examples"

EQUIP_THEN_PLAY_ON = (EXAMPLES / "replay-gear-on-a-face-down-legend.yaml").read_text(encoding="utf-8")

TRIGGER_SKIPPED = (EXAMPLES / "replay-trigger-never-resolved.yaml").read_text(encoding="utf-8")


def replay(tmp_path, text: str, *args: str) -> tuple[int, dict]:
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    done = runner.invoke(app, ["replay", str(path), "-f", "json", *args])
    return done.exit_code, json.loads(done.output)


def test_4_10_1_the_first_illegal_action_its_rule_the_board_before_it_and_what_to_reverse(tmp_path):
    code, data = replay(tmp_path, EQUIP_THEN_PLAY_ON)
    assert code == 1
    first = data["first_illegal"]
    assert first["n"] == 1 and first["line"] == 20 and "face-down" in first["text"]
    assert first["marks"] == ["reveal"]  # Gorilla Arms was shown from the hand as the play began (11.4.1, 11.4.1.2)
    assert "gear.default-hosts" in [c["id"] for c in first["cites"]]
    assert [c["name"] for c in data["board_before"]["players"]["bob"]["hand"]] == ["Gorilla Arms"]
    reverse = [(r["n"], r["marks"]) for r in data["to_reverse"]]
    assert reverse == [(4, ["draw", "die roll"]), (3, ["draw"]), (2, ["look"])]
    assert "no published penalty guide" in data["penalties"] and data["never_resolved"] == []


def test_10_2_3_an_action_taken_while_a_mandatory_trigger_waited_is_the_illegal_one(tmp_path):
    code, data = replay(tmp_path, TRIGGER_SKIPPED)
    assert code == 1
    first = data["first_illegal"]
    assert first["n"] == 2 and first["marks"] == ["draw"]
    assert [c["id"] for c in first["cites"]] == ["effects.no-actions-while-resolving"]
    [missed] = data["never_resolved"]
    assert missed["mandatory"] and missed["due"]["action"] == 1 and "Kiroshi Optics" in missed["due"]["text"]
    assert missed["due"]["step"] == 3 and "look at one of your own face-down Legends" in missed["due"]["text"]
    bob = data["board_before"]["players"]["bob"]
    assert [g["die"] for g in bob["gigs"]] == ["d8", "d10"]  # stopped at its trigger, before the Steal Step
    assert data["to_reverse"] == [{"n": 3, "action": "alice passes the turn", "by": "alice",
                                   "marks": ["draw", "die roll"], "known_from": "kind", "refused": None}]


def test_a_trigger_left_waiting_when_the_record_ends_is_reported(tmp_path):
    code, data = replay(tmp_path, TRIGGER_SKIPPED.split("  - draw: 1")[0])
    assert code == 1 and data["first_illegal"] is None and len(data["never_resolved"]) == 1


def test_a_legal_game_exits_0_and_rich_output_says_so(tmp_path):
    text = EQUIP_THEN_PLAY_ON.replace("  - play: Gorilla Arms\n    equip_to: rogue\n", "")
    code, data = replay(tmp_path, text)
    assert code == 0 and data["first_illegal"] is None and data["to_reverse"] == []
    done = runner.invoke(app, ["replay", str(tmp_path / "game.yaml")])
    assert done.exit_code == 0 and "Every recorded action was legal" in done.output
    assert "no published penalty guide" in done.output


def test_rich_output_names_the_action_rule_and_reversals(tmp_path):
    replay(tmp_path, EQUIP_THEN_PLAY_ON)
    done = runner.invoke(app, ["replay", str(tmp_path / "game.yaml")])
    assert done.exit_code == 1 and "First illegal action: 1 (line 20)" in done.output
    assert "4.10.1" in done.output and "action 4: bob passes the turn" in done.output
    assert "cannot simply be undone: draw, die roll" in done.output


def test_bad_input_names_file_and_line(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(TRIGGER_SKIPPED.replace("Psycho Squad, gear", "Psycho Zebra Lamp, gear"), encoding="utf-8")
    done = runner.invoke(app, ["replay", str(path)])
    assert done.exit_code == 2 and f"{path}:6" in done.output and "Psycho Zebra Lamp" in done.output
    assert runner.invoke(app, ["replay", str(path), "-f", "md"]).exit_code == 2


def test_an_action_that_no_longer_fits_the_board_after_the_illegal_one_is_listed_from_its_kind(tmp_path):
    """After action 1 (refused), Gorilla Arms is still in hand: the recorded `from: field` cannot be followed."""
    text = EQUIP_THEN_PLAY_ON.replace("  - draw: 1\n    by: bob\n",
                                      "  - move: Gorilla Arms\n    from: field\n    to: trash\n  - draw: 1\n    by: bob\n")
    code, data = replay(tmp_path, text)
    assert code == 1 and data["first_illegal"]["n"] == 1 and data["played_out"] == 2
    assert [(r["n"], r["known_from"], r["marks"]) for r in data["to_reverse"]] == [
        (5, "kind", ["draw", "die roll"]), (4, "kind", ["draw"]), (3, "kind", []), (2, "engine", ["look"])]


def test_marks_come_from_the_rules_each_step_cites():
    """A whole setup shuffles (7.6) and draws (7.8); a search looks at hidden cards (11.16); a roll-in rolls."""
    from judgekit.replay import marks_of
    from judgekit.rules.book import load_rulebook
    from judgekit.ruling import run_scenario
    from judgekit.scenario.build import build_file
    from tests.conftest import SCENARIOS

    def marks(path) -> list[list[str]]:
        return [marks_of(outcome) for outcome in run_scenario(build_file(path, load_rulebook())).outcomes]

    assert set(marks(SCENARIOS / "setup" / "7.9.3-mulligan-and-the-first-turn.yaml")[0]) >= {"shuffle", "draw"}
    assert "search" in marks(SCENARIOS / "hidden-information" /
                             "11.16-tetratronic-rippler-keeps-the-searched-card-on-top.yaml")[0]
    rolled = marks(SCENARIOS / "dice" / "6.2-kerry-eurodyne-draws-3-for-a-max-d20-roll.yaml")
    assert any("die roll" in m for m in rolled)


SHOWN_AFTER_A_REFUSED_CALL = """\
scenario: After trying to Call a face-up Jackie, Alice sells, plays, trashes her top card, Calls and plays Jackie
players:
  alice:
    hand: [{card: Floor It, label: floor}, {card: Psycho Squad, label: psycho}]
    legends:
      - {card: "Judy Álvarez: Braindance Maestro", label: judy, face_up: true}
      - {card: "Rogue Amendiares: Preem Solo", label: rogue}
      - {card: "Jackie Welles: Mama's Favorite", label: jackie, face_up: true}
    eddies: 12
    deck: {top: [{card: Corpo Security, label: top}], count: 4}
  bob:
    deck: 4
actions:
  - call: jackie
  - sell: floor
  - play: psycho
  - activate: judy
  - call: rogue
  - play: jackie
    go_solo: false
"""


def test_a_card_shown_from_a_hand_a_deck_or_face_down_is_a_reveal_a_public_card_played_is_not(tmp_path):
    """A sale (11.9.1), a play (11.4.1), the trash instruction (11.7.2) and a Call (11.11.1) show a hidden card to the
    Rival: none of them can simply be undone. Jackie, face-up in the Legends area, was public (5.7.4) before her
    play."""
    code, data = replay(tmp_path, SHOWN_AFTER_A_REFUSED_CALL)
    assert code == 1 and data["first_illegal"]["n"] == 1 and data["first_illegal"]["marks"] == []  # Jackie was face-up
    assert [(r["n"], r["marks"]) for r in data["to_reverse"]] == [
        (6, []), (5, ["reveal"]), (4, ["reveal"]), (3, ["reveal"]), (2, ["reveal"])]


def test_an_action_the_engine_refuses_after_the_first_illegal_one_says_why(tmp_path):
    """Bob had no card to draw as his turn began, so he lost there (8.6.4.1, 1.14): his play after it is refused too,
    and the replay says so with its rule, not only that the engine could not play it out."""
    text = """\
scenario: Alice sells twice and passes; Bob has no card to draw, yet plays on
players:
  alice:
    hand: [{card: Floor It, label: floor}, {card: Detonate, label: det}]
    deck: 5
  bob:
    hand: [Corpo Security]
    eddies: 2
    deck: 0
actions:
  - sell: floor
  - sell: det
  - pass_turn: true
  - play: Corpo Security
    by: bob
"""
    code, data = replay(tmp_path, text)
    assert code == 1 and data["first_illegal"]["n"] == 2
    late, passed = data["to_reverse"]
    assert passed["n"] == 3 and passed["known_from"] == "engine" and passed["refused"] is None
    assert late["n"] == 4 and late["known_from"] == "kind" and "already over" in late["refused"]["text"]
    assert "1.17" in [c["number"].rstrip("?") for c in late["refused"]["cites"]]
    done = runner.invoke(app, ["replay", str(tmp_path / "game.yaml")])
    assert "refused too" in done.output and "already over" in done.output


def test_a_refused_reaction_makes_its_attack_the_first_illegal_action(tmp_path):
    """Bob answered the attack with Fool on the Hill, which has no [QUICK] (9.10.1): the attack stands, but what was
    done at the table was not legal, so the replay does not call every action legal; trying it showed the card from
    his hand, which undoing the attempt cannot take back (11.4.1, 11.4.1.2)."""
    text = """\
scenario: Bob answers Alice's attack with Fool on the Hill, which is not QUICK, and Alice then draws
players:
  alice:
    field: [Octant]
    deck: 4
  bob:
    hand: [Fool on the Hill]
    field: [{card: Corpo Security, spent: true}]
    eddies: 3
    deck: 4
actions:
  - attack: Octant
    target: Corpo Security
    react: [{quick: Fool on the Hill}]
  - draw: 1
    by: alice
"""
    code, data = replay(tmp_path, text)
    assert code == 1 and data["first_illegal"]["n"] == 1
    assert data["first_illegal"]["text"].startswith("the reaction (bob uses Fool on the Hill's [QUICK]) is refused")
    assert "9.10.1" in [c["number"] for c in data["first_illegal"]["cites"]]
    assert data["first_illegal"]["marks"] == ["reveal"], "trying it showed Fool on the Hill from Bob's hand (11.4.1)"
    assert [(r["n"], r["marks"]) for r in data["to_reverse"]] == [(2, ["draw"])]


def test_a_reaction_refused_after_the_first_illegal_action_is_told_with_its_attack(tmp_path):
    """Octant has Lag, so its attack is the first illegal action (11.3.1.1); the attack after it stands, but Bob's
    answer with Fool on the Hill, which has no [QUICK], was refused too (9.10.1): the action to reverse says so."""
    text = """\
scenario: A lagging Unit attacks, then an attack answered by a reaction the rules refuse
players:
  alice:
    field: [{card: Octant, lag: true}, {card: Psycho Squad}]
    deck: 4
  bob:
    hand: [Fool on the Hill]
    field: [{card: Corpo Security, spent: true}, {card: Maelstrom Goons, spent: true}]
    eddies: 3
    deck: 4
actions:
  - attack: Octant
    target: Corpo Security
  - attack: Psycho Squad
    target: Maelstrom Goons
    react: [{quick: Fool on the Hill}]
"""
    code, data = replay(tmp_path, text)
    assert code == 1 and data["first_illegal"]["n"] == 1
    [second] = data["to_reverse"]
    assert second["n"] == 2 and second["known_from"] == "engine" and second["marks"] == ["reveal"]
    assert second["refused"]["text"].startswith("the reaction (bob uses Fool on the Hill's [QUICK]) is refused")
    assert "9.10.1" in [c["number"] for c in second["refused"]["cites"]]


ATTACK_LEFT_IN_ITS_REACT_STEP = """\
scenario: Alice attacks; the next action is recorded before Bob has reacted or ended his React Step
players:
  alice:
    field: [Octant]
    deck: 4
  bob:
    field: [{card: Corpo Security, spent: true}]
    deck: 4
    fixer: [d8]
actions:
  - attack: Octant
    target: Corpo Security
"""


def test_an_action_taken_while_the_rival_could_still_react_is_not_blamed_on_an_effect(tmp_path):
    """No effect is pending in the React Step (9.7): the attack's steps come in order (8.5), so the pass is illegal
    because the attack had not ended, not because an effect waited (10.11.1)."""
    code, data = replay(tmp_path, ATTACK_LEFT_IN_ITS_REACT_STEP + "  - pass_turn: true\n    roll_in: d8\n")
    first = data["first_illegal"]
    assert code == 1 and first["n"] == 2 and "React Step" in first["text"] and "effect" not in first["text"]
    assert [c["id"] for c in first["cites"]] == ["structure.actions-hold-steps", "react-step"]


def test_a_concession_while_a_choice_waits_is_legal(tmp_path):
    """1.16: a player may concede at any point, even while the Rival's React Step or an effect's choice waits; the
    replay calls the game legal and lists nothing as never resolved (the game is over)."""
    code, data = replay(tmp_path, ATTACK_LEFT_IN_ITS_REACT_STEP + "  - concede: true\n    by: bob\n")
    assert code == 0 and data["first_illegal"] is None and data["never_resolved"] == [] and data["played_out"] == 2
    code, data = replay(tmp_path, TRIGGER_SKIPPED.replace("  - draw: 1\n    by: alice\n  - pass_turn: true\n",
                                                          "  - concede: true\n    by: alice\n"))
    assert code == 0 and data["first_illegal"] is None and data["never_resolved"] == []


def test_a_flip_is_a_reveal_only_of_a_card_that_was_face_down():
    """11.10.1: an effect turning a face-down Legend face-up shows it; turning a face-up one face-down shows nothing."""
    from judgekit.engine.actions import Outcome
    from judgekit.engine.trace import Step
    from judgekit.replay import marks_of

    flipped = Outcome(0, None, True, [Step("flip", "rogue is flipped.", ("flip", "flip.definition"), cards=("rogue",))])
    assert marks_of(flipped, frozenset({"rogue"})) == ["reveal"] and marks_of(flipped, frozenset()) == []


def test_an_attack_left_in_its_react_step_is_not_reported_as_its_resolved_attack_effect(tmp_path):
    """Kiroshi Optics' [ATTACK] look resolved (Alice looked at V); what was left was Bob's React Step (9.7), which is
    the attack's, not an effect's."""
    code, data = replay(tmp_path, TRIGGER_SKIPPED.replace("    react: []\n    steal: [d8]\n", "    targets: [v]\n"))
    [missed] = data["never_resolved"]
    assert code == 1 and missed["react_step"] and missed["due"] == {"action": 1, "step": None,
                                                                      "text": "alice attacks gig-area with Psycho Squad"}
    code, data = replay(tmp_path, TRIGGER_SKIPPED)
    assert not data["never_resolved"][0]["react_step"]
