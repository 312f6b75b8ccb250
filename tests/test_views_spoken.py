"""A ruling as one player may see it says each card hidden from them as what they see of it (5.3: a Rival's hand,
a deck, a face-down card), never by an internal id: `alice chooses hidden card 22` told the rival nothing a player
at the table says. The JSON keeps its ids (`hidden card N`) in a board's `label` and a step's `cards`. Expectations
from 5.3.1.2 (a face-down card's place and orientation are public, its face is not) and 5.4.3, written before
judgekit was run."""
from __future__ import annotations

import json
import re
from pathlib import Path

from tests.entry_point import EntryPointRunner as CliRunner

from judgekit.ask.session import Session
from judgekit.cli import app

FIXTURES = Path(__file__).parent / "fixtures" / "views"
RADIOPORT = FIXTURES / "radioport-peek-on-a-face-down-legend.yaml"
ID = re.compile(r"hidden card \d+")
runner = CliRunner()


def seen(path, viewer: str) -> dict:
    return json.loads(runner.invoke(app, ["run", str(path), "-f", "json", "--view", viewer]).output)


def prose(data: dict) -> list[str]:
    return [s["text"] for s in data["steps"]] + [a["action"] for a in data["actions"]] + \
        [json.dumps(data["verdict"])]


def test_the_rival_hears_of_a_face_down_legend_by_its_place_and_the_json_keeps_its_id():
    data = seen(RADIOPORT, "bob")  # alice's River Ward, face-down, 1st from the left, is chosen for the peek
    assert not any(ID.search(text) for text in prose(data))
    choice = next(s for s in data["steps"] if s["kind"] == "choice" and s.get("hidden_note"))
    assert "alice's face-down Legend (1st from the left)" in choice["text"]
    assert all(ID.fullmatch(c) for c in choice["cards"])  # the ids stay, for a program reading the JSON
    assert any(ID.fullmatch(c["label"]) for c in data["board"]["players"]["alice"]["legends"])


def test_hidden_eddies_paid_are_counted_as_the_rival_sees_them():
    [lizzy] = (FIXTURES / "review").glob("hidden-04-*.yaml")
    data = seen(lizzy, "bob")
    assert not any(ID.search(text) for text in prose(data))
    assert any("5 of alice's Eddies" in text for text in prose(data))
    shown = runner.invoke(app, ["run", str(lizzy), "--view", "bob"]).output
    assert not ID.search(shown)  # the console: steps and board alike


def test_ask_ruling_and_board_as_the_rival_sees_them_name_no_id():
    session = Session()
    session.handle(f"load {RADIOPORT}")
    for said in (session.handle("ruling bob"), session.handle("board bob")):
        assert not ID.search(said), said
    assert "face-down Legend" in session.handle("ruling bob")
