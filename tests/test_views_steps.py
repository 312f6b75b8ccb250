"""`--view`: a card becomes known to a viewer at the step that shows it to them (played, revealed, put into the
trash face-up, looked at by them: 5.3.1.1, 5.9, 11.14.1, 11.13.1), never earlier, in every format. Boards from a
review (scenarios/review/415-421), each with the reviewer's expectation at its top, written from the rules before
judgekit was run."""
from __future__ import annotations

import json
import re

from judgekit.ask.session import Session
from judgekit.cli import app
from tests.conftest import SCENARIOS
from tests.entry_point import EntryPointRunner as CliRunner

runner = CliRunner()
REVIEW = SCENARIOS / "review"


def board(number: int):
    [path] = REVIEW.glob(f"{number}-*.yaml")
    return path


def seen(number: int, viewer: str) -> dict:
    return json.loads(runner.invoke(app, ["run", str(board(number)), "-f", "json", "--view", viewer]).output)


def shown(number: int, viewer: str, form: str) -> str:
    return runner.invoke(app, ["run", str(board(number)), "-f", form, "--view", viewer]).output


def texts(data: dict) -> list[str]:
    return [s["text"] for s in data["steps"]]


def first(data: dict, start: str) -> dict:
    return next(s for s in data["steps"] if s["text"].startswith(start))


def test_5_4_3_a_card_drawn_then_played_is_not_named_in_the_draw_step_for_the_rival():
    for viewer in ("bob", "spectator"):
        data = seen(415, viewer)
        draw = data["steps"][0]
        assert draw["text"] == "A card from alice's deck is drawn from alice's deck to alice's hand."
        assert "Psycho Squad" not in json.dumps(draw)
        assert any(t.startswith("alice reveals Psycho Squad") for t in texts(data))  # 11.4.1: the play shows it
        for form in ("rich", "md"):
            out = shown(415, viewer, form).lower()  # md writes players' names with a capital
            assert "psycho squad is drawn" not in out and "card from alice's deck is drawn" in out
    assert seen(415, "alice")["steps"][0]["text"] == "Psycho Squad is drawn from alice's deck to alice's hand."


def test_5_9_a_drawn_card_discarded_by_the_same_effect_is_named_at_the_discard_only():
    data = seen(416, "bob")
    draw = first(data, "A card from alice's deck is drawn")
    chosen = next(s for s in data["steps"] if s["kind"] == "choice" and "discard" in s["text"])
    assert "Screw" not in json.dumps([draw, chosen])
    assert "earlier instruction" not in chosen["text"]  # it would tell the card chosen is the one just drawn
    assert not {c["id"] for c in chosen["cites"]} & {"golden.printed-order", "effects.resolve"}
    assert any(t.startswith("Screw: Lovelorn Fool [Screw] is discarded") for t in texts(data))
    alice = seen(416, "alice")  # her own draw, her own reason
    assert "earlier instruction" in json.dumps(alice["steps"]) and "Screw" in first(alice, "Screw")["text"]


def test_11_13_1_a_card_taken_unrevealed_by_a_search_is_not_named_there_once_it_is_later_played():
    for viewer in ("bob", "spectator"):
        data = seen(417, viewer)
        search = first(data, "alice searches")
        taken = next(s for s in data["steps"] if "taken from the search" in s["text"])
        assert "Psycho Squad" not in json.dumps([search, taken])
        assert "3 cards from alice's deck" in search["text"]
        assert "Psycho Squad is played" in " ".join(texts(data))
    assert "Psycho Squad" in first(seen(417, "alice"), "alice searches")["text"]  # she looked (11.13.1)


def test_11_13_1_the_rivals_view_of_a_search_does_not_give_the_place_of_the_card_found():
    for viewer in ("bob", "spectator"):
        search = first(seen(420, viewer), "alice searches")
        assert "Mantis Blades" not in search["text"] or re.search(r"Mantis Blades\b.* 2 other cards", search["text"])
        assert search["text"].count("card from alice's deck") == 0  # no list of three places, one by one
    assert re.search(r"Psycho Squad, Mantis Blades, Screw", first(seen(420, "alice"), "alice searches")["text"])


def test_5_7_4_a_face_down_legends_place_is_counted_on_the_board_of_that_step():
    for viewer in ("bob", "spectator"):
        pays = [s["text"] for s in seen(418, viewer)["steps"] if "face-down Legend" in s["text"]]
        assert len(pays) == 2
        assert "(1st from the left)" in pays[0]  # Goro, V still beside him
        assert "(2nd from the left)" in pays[1]  # Jackie, once V has left for the field


def test_a_step_beginning_with_a_hidden_card_says_it_as_the_viewer_sees_it_in_every_format():
    pattern = re.compile(r"hidden card \d+", re.IGNORECASE)
    for viewer in ("bob", "spectator"):
        assert not any(pattern.search(t) for t in texts(seen(421, viewer)))
        for form in ("rich", "md"):
            assert not pattern.search(shown(421, viewer, form))
        session = Session()
        session.handle(f"load {board(421)}")
        assert not pattern.search(session.handle(f"ruling {viewer}"))


SEARCH_PAST_A_KNOWN_CARD = """\
scenario: A search through a card the Rival saw go under the deck
players:
  alice:
    hand: [Probe Look]
    field: [{card: Corpo Security, label: guard}]
    deck: [Psycho Squad, Mantis Blades]
  bob: {deck: 2}
cards:
  - name: Probe Look
    type: Program
    cost: 0
    effects:
      - when: resolve
        do: [{search: {count: 3, take: 1, must: true}}]
        text: look through the top 3 cards of your deck and take one
actions:
  - bottom_deck: [guard]
    by: alice
  - play: Probe Look
    targets: [Mantis Blades]
"""


def test_11_13_1_a_search_lists_the_cards_the_rival_knows_first_and_counts_the_others(tmp_path):
    path = tmp_path / "search.yaml"
    path.write_text(SEARCH_PAST_A_KNOWN_CARD, encoding="utf-8")
    data = json.loads(runner.invoke(app, ["run", str(path), "-f", "json", "--view", "bob"]).output)
    search = first(data, "alice searches")
    assert "Corpo Security [guard] and 2 cards from alice's deck." in search["text"]
    assert search["cards"][0] == "guard" and all(c.startswith("hidden card ") for c in search["cards"][1:])


WHOLE_HAND = """\
scenario: Both hands are discarded, then five cards drawn
players:
  alice:
    hand: [Shattered Memories, Floor It]
    eddies: 4
    deck: [Psycho Squad, Screw, Corpo Security, Mantis Blades, Delamain, Octant]
  bob:
    hand: [Kiroshi Optics]
    deck: 6
actions:
  - play: Shattered Memories
    may: {Shattered Memories: [true, true]}
"""


def test_5_9_a_whole_hand_discarded_is_told_to_the_rival_as_a_discard_and_named_once_in_the_trash(tmp_path):
    path = tmp_path / "whole.yaml"
    path.write_text(WHOLE_HAND, encoding="utf-8")
    data = json.loads(runner.invoke(app, ["run", str(path), "-f", "json", "--view", "bob"]).output)
    assert "alice discards their whole hand: 1 card (a card from alice's hand)" in first(data, "alice discards")["text"]
    assert any(t.startswith("Floor It is discarded") for t in texts(data))
    assert not any(t.startswith("A condition is checked") for t in texts(data))


def test_5_7_4_2_a_legend_both_players_watched_turn_face_down_stays_known_to_both_on_the_board_after():
    """Bob's Program turns Alice's face-up Dawn Caller face-down (review/602): both saw which Legend it is, so it
    stays a known face-down Legend to both (marked, not revealed); the two never seen stay hidden."""
    for viewer in ("alice", "bob"):
        legends = seen(602, viewer)["board"]["players"]["alice"]["legends"]
        assert [(c["label"], c["name"], c["face_up"]) for c in legends[:1]] == \
            [("dawn", "Dawn Caller: Early Riser", False)]
        assert [c.get("hidden") for c in legends[1:]] == [True, True]


DECLINED_DRAW = """\
scenario: Alice turns down the 5 cards of Shattered Memories
players:
  alice:
    hand: [Shattered Memories, Floor It]
    eddies: 4
    deck: 8
  bob:
    hand: [Kiroshi Optics]
    deck: 6
actions:
  - play: Shattered Memories
    may: {Shattered Memories: [false, true]}
"""

DECLINED_PROGRAM = """\
scenario: Alice keeps her Programs when Placide lets her discard one
players:
  alice:
    hand: ["Placide: Voodoo Sentinel", Shattered Memories]
    eddies: 8
    deck: 4
  bob:
    field: [Corpo Security]
    deck: 4
actions:
  - play: Placide
    may: {Placide: false}
"""


def test_5_3_a_you_may_draw_turned_down_is_told_to_the_rival_as_a_choice_since_a_draw_needs_no_hidden_card(tmp_path):
    path = tmp_path / "draw.yaml"
    path.write_text(DECLINED_DRAW, encoding="utf-8")
    data = json.loads(runner.invoke(app, ["run", str(path), "-f", "json", "--view", "bob"]).output)
    assert "alice chooses not to do it." in texts(data)
    assert not any("could not is not told" in t for t in texts(data))


def test_5_3_2_4_1_a_you_may_discard_a_program_turned_down_is_not_told_as_a_choice_to_the_rival(tmp_path):
    path = tmp_path / "program.yaml"
    path.write_text(DECLINED_PROGRAM, encoding="utf-8")
    data = json.loads(runner.invoke(app, ["run", str(path), "-f", "json", "--view", "bob"]).output)
    assert "alice chooses not to do it." not in texts(data)
    assert any("whether they chose not to or could not is not told to bob" in t for t in texts(data))
