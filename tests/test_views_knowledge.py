"""`--view`: what a player knows of each card at each step (judgekit/view_knowledge.py), from a review of nine
boards (tests/fixtures/views/review/, each with the reviewer's expectation at its top, written from the rules
before running). Where a player may not know which of two boards is on the table, their view of both must be
the same."""
from __future__ import annotations

import json
import re

from judgekit.cli import app
from tests.conftest import SCENARIOS
from tests.entry_point import EntryPointRunner as CliRunner

REVIEW = SCENARIOS.parent / "tests" / "fixtures" / "views" / "review"
runner = CliRunner()


def seen(path, viewer: str, *args) -> dict:
    done = runner.invoke(app, ["run", str(path), "-f", "json", "--view", viewer, *args])
    return json.loads(done.output)


def review(number: str):
    [path] = REVIEW.glob(f"hidden-{number}-*.yaml")
    return path


def variant(tmp_path, number: str, *changes: tuple[str, str]):
    """The review board with some of its text replaced (the other board the viewer can't tell from it)."""
    text = review(number).read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / f"{number}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def told(data: dict) -> list:
    """The steps and the board as told, a hidden card's number and place aside (which face-down card was picked is
    public)."""
    def plain(value):
        return re.sub(r"hidden card \d+| \(\d+(?:st|nd|rd|th) from the left\)", "hidden card", json.dumps(value))
    return [(s["kind"], plain(s["text"]), [c["id"] for c in s["cites"]], plain(s["cards"])) for s in data["steps"]] + \
        [plain(data["board"]["players"]), data["view"]]


def test_5_3_1_1_a_public_card_sharing_a_name_with_a_hidden_card_is_named_and_tells_nothing_of_the_hidden_one():
    for viewer in ("alice", "bob", "spectator"):
        data = seen(review("01"), viewer)
        text = json.dumps(data["steps"])
        assert "Corpo Security [guard]" in text and not re.search(r"hidden card \d+ \[", text)
        assert not any(s.get("hidden_note") for s in data["steps"])


def test_5_7_4_1_the_rival_cannot_tell_a_qualifying_peeked_legend_declined_from_one_that_did_not_qualify(tmp_path):
    padre = variant(tmp_path, "02", ("targets: [goro]", "targets: [padre]"), ("    may: {psycho: false}\n", ""))
    assert told(seen(review("02"), "bob")) == told(seen(padre, "bob"))
    assert told(seen(review("02"), "alice")) != told(seen(padre, "alice"))  # she looked: she knows


def test_5_3_2_4_1_a_replacement_declined_and_one_with_no_card_to_pay_read_alike_to_the_rival(tmp_path):
    none = variant(tmp_path, "03", ("Delamain Cab, Floor It", "Mantis Blades, Floor It"),
                   ("    replacements: {alt: false}\n", ""))
    assert told(seen(review("03"), "alice")) == told(seen(none, "alice"))
    assert "rather than apply" in json.dumps(seen(review("03"), "bob"))  # bob's own choice is told to him


def test_5_4_3_a_you_may_declined_and_one_with_nothing_in_hand_to_choose_read_alike_to_the_rival(tmp_path):
    none = variant(tmp_path, "04", ("Floor It]", "Mantis Blades]"), ("    may: {lizzy: false}\n", ""))
    assert told(seen(review("04"), "bob")) == told(seen(none, "bob"))
    assert "Program with cost 3 or less" in json.dumps(seen(none, "alice"))


def test_5_4_3_a_copy_number_does_not_tell_the_rival_of_another_copy_in_a_hidden_area():
    bob = seen(review("05"), "bob")
    assert "#" not in json.dumps(bob)
    assert [c["label"] for c in bob["board"]["players"]["bob"]["trash"]] == ["Floor It"]
    alice = seen(review("05"), "alice")  # she sees both copies: told apart
    labels = [c["label"] for who in ("alice", "bob") for c in alice["board"]["players"][who]["hand" if who == "alice"
                                                                                          else "trash"]]
    assert labels[0] != labels[-1] and "Floor It" in labels[0]


def test_5_9_a_card_trashed_face_up_then_taken_to_hand_is_named_to_the_rival_in_those_steps():
    steps = seen(review("06"), "bob")["steps"]
    cab = [s["text"] for s in steps if "Delamain Cab" in s["text"]]
    assert len(cab) == 3  # trashed, chosen, moved to hand
    assert not any("hidden card" in s["text"] for s in steps if s["kind"] in ("move", "choice") and s["n"] > 5)


def test_11_13_4_1_the_rival_cannot_tell_a_search_failed_on_purpose_from_one_that_found_nothing(tmp_path):
    nothing = variant(tmp_path, "07", ("[Mantis Blades, Screw, Kiroshi Optics, Detonate, Delamain Cab]",
                                       "[Floor It, Screw, Detonate, Delamain Cab, Corpo Security]"),
                      ("    targets: [none]\n", ""))
    assert told(seen(review("07"), "bob")) == told(seen(nothing, "bob"))
    failed = seen(review("07"), "bob")
    [order] = [s for s in failed["steps"] if s["random"]]
    assert order["cards"] == sorted(order["cards"])  # the order they took is not in the list either


def test_5_7_1_the_view_of_shuffled_legends_is_the_same_whatever_order_the_shuffle_gave(tmp_path):
    boards = [variant(tmp_path / seed, "08", ("seed: 2", f"seed: {seed}")) for seed in ("1", "2", "3", "4")
              if (tmp_path / seed).mkdir() is None]
    full = [json.loads(runner.invoke(app, ["run", str(path), "-f", "json"]).output) for path in boards]
    assert len({json.dumps(data["board"]["players"]["alice"]["legends"]) for data in full}) > 1
    for viewer in ("alice", "bob"):
        views = [seen(path, viewer) for path in boards]
        steps = [[{**s, "random": bool(s["random"])} for s in data["steps"]] for data in views]  # its seed aside
        assert len({json.dumps([told_, data["board"]]) for told_, data in zip(steps, views)}) == 1
    for viewer in ("alice", "bob"):
        data = seen(review("08"), viewer)
        on_board = {c["label"] for c in data["board"]["players"]["alice"]["legends"]}
        [shuffle] = [s for s in data["steps"] if s["random"]]
        assert not on_board & set(shuffle["cards"])  # nothing links a Legend's place before and after


def test_11_13_1_the_searching_player_knows_the_cards_she_looked_at_and_the_rival_does_not():
    alice = seen(review("09"), "alice")
    [search] = [s for s in alice["steps"] if s["text"].startswith("alice searches")]
    assert "Detonate" in search["text"] and "hidden_note" not in search
    assert alice["board"]["players"]["alice"]["deck"][0]["name"] == "Detonate"  # still on top, she saw it stay
    assert "Detonate" not in json.dumps(seen(review("09"), "bob"))


def test_a_step_that_is_no_condition_keeps_its_words_and_a_sentence_starts_with_a_capital():
    """The viewer's own sale of an unseen top card (FAQ Bootleg Black Sapphire Show) is no condition checked."""
    path = SCENARIOS / "faq" / "bootleg-black-sapphire-show" / "01-sold-unseen.yaml"
    steps = seen(path, "alice")["steps"]
    assert any(s["text"].startswith("Following the FAQ, the card is sold") for s in steps)
    assert not any(s["text"].startswith("A condition is checked") for s in steps)
    drawn = seen(review("05"), "bob")["steps"][0]["text"]
    assert drawn.startswith("A card from ")  # said as the viewer sees it, with its capital, not `Hidden card N`


def test_one_hidden_card_is_one_card(tmp_path):
    board = tmp_path / "one.yaml"
    board.write_text("scenario: One card left\nplayers:\n  alice: {deck: 2}\n  bob: {deck: 1}\n"
                     "actions:\n  - {draw: 1, by: alice}\n", encoding="utf-8")
    out = runner.invoke(app, ["run", str(board), "--view", "bob"]).output
    assert "1 hidden cards" not in out and "1 hidden card" in out


def test_5_3_2_5_a_known_card_chosen_from_a_hand_by_a_hidden_choice_reads_to_the_rival_as_any_other(tmp_path):
    """Mantis Blades, revealed into Alice's hand, then one card of her hand put on the bottom of her deck by her
    hidden choice: Bob can't tell which (5.3.2.5, 5.4.3), in the steps and on the board after alike."""
    [path] = (SCENARIOS / "review").glob("666-*.yaml")
    other = tmp_path / "666.yaml"
    other.write_text(path.read_text(encoding="utf-8").replace("targets: [mb]", "targets: [ps]"), encoding="utf-8")
    mantis, squad = seen(path, "bob"), seen(other, "bob")
    assert told(mantis) == told(squad)
    tucked = next(s["n"] for s in mantis["steps"] if s["text"].startswith("Resolve Tuck Away"))
    assert not [s for s in mantis["steps"] if s["n"] > tucked and "Mantis Blades" in s["text"]]
    assert "Mantis Blades" not in json.dumps(mantis["board"])
    assert "Mantis Blades" in json.dumps(seen(path, "alice")["board"])  # her own choice: she knows
