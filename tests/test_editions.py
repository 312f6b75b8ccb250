"""Rule editions: the user's edition (default) and 2026-08; inferred numbers are marked as such."""
from __future__ import annotations

import json

import pytest

from tests.entry_point import invoke


def test_the_users_edition_is_the_default(book):
    assert book.default_edition == "user"


def test_seed_confirmed_numbers_in_the_users_edition(book):
    assert book.number("equip", "user") == ("11.9", True)
    assert book.number("call-a-legend", "user") == ("11.14", True)
    assert book.number("bottom-deck", "user") == ("11.15", True)
    assert book.number("lag", "user") == ("11.3", True)
    assert book.number("cost-value", "user") == ("3.11", True)
    assert book.number("removed-from-game", "user") == ("5.13", True)
    assert book.number("legends.invalid-area-removed", "user") == ("4.4.1", True)


def test_2026_08_numbers_chapter_11_its_own_way(book):
    assert book.number("equip", "2026-08") == ("11.6", True)
    assert book.number("call-a-legend", "2026-08") == ("11.11", True)
    assert book.number("bottom-deck", "2026-08") == ("11.12", True)
    assert book.number("pay", "2026-08") == ("11.8", True)


def test_numbers_the_seed_does_not_state_are_inferred(book):
    assert book.number("play", "user") == ("11.4", False)
    assert book.number("pay", "user") == ("11.11", False)
    assert book.number("call-a-legend.once-per-turn", "user") == ("11.14.2", False)
    assert book.number("hand", "user")[1] is False


def test_lookup_by_number_depends_on_the_edition(book):
    assert book.find("11.14", "user").id == "call-a-legend"
    assert book.find("11.11", "2026-08").id == "call-a-legend"
    assert book.find("11.11", "user").id == "pay"
    assert book.find("11.6", "user") is None or book.find("11.6", "user").id != "equip"


def test_every_edition_numbers_every_rule_once(book):
    for edition in book.editions.values():
        numbers = [edition.number_for(book.entries[i].number)[0] for i in book.order]
        assert len(numbers) == len(set(numbers)), edition.name


def test_unknown_numbers_suggest_the_nearest(book):
    assert "4.4" in book.nearest("4.4.7", "user")


def test_a_number_only_in_another_edition_names_that_rule_by_title_and_its_number_here():
    """11.6.5 is a sub-rule of Equip in 2026-08; the user's edition numbers Equip 11.9 (README, Editions)."""
    done = invoke("rule", "11.6.5", "--edition", "user")
    assert done.exit_code == 2
    assert "None" not in done.output and "Equip" in done.output and "11.9.5" in done.output


FACE_DOWN_PLAY = """scenario: a face-down Legend played from the Legends area
players:
  alice:
    legends: [{card: "V: Corporate Exile", label: v}]
    eddies: 5
    deck: 5
  bob: {deck: 5}
actions:
  - play: v
    go_solo: false
"""


@pytest.mark.parametrize("edition, call", [("2026-08", "11.11"), ("user", "11.14")])
def test_the_hint_to_call_a_legend_first_gives_call_a_legends_number_in_the_rulings_edition(tmp_path, edition, call):
    """Call a Legend is 11.11 in 2026-08 and 11.14 in the user's edition (README, Editions)."""
    path = tmp_path / "s.yaml"
    path.write_text(f"edition: {edition}\n" + FACE_DOWN_PLAY, encoding="utf-8")
    done = invoke("run", path, "-f", "json")
    [refusal] = json.loads(done.output)["verdict"]["refused"]
    assert f"(a `call` action, {call})" in refusal["hint"]


@pytest.mark.parametrize("edition, section", [("2026-08", "11.22"), ("user", "11.25?")])
def test_an_unknown_keyword_names_the_effect_keywords_section_in_the_files_edition(tmp_path, edition, section):
    """Effect Keywords are 11.22 in 2026-08; chapter 11 of the user's edition is shifted by three from Equip on."""
    text = ("cards:\n  - {name: Test Drone, type: Unit, cost: 1, power: 1, color: Yellow, ram: 1, keywords: [BLOKER]}\n"
            + FACE_DOWN_PLAY)
    path = tmp_path / "s.yaml"
    path.write_text(f"edition: {edition}\n" + text, encoding="utf-8")
    done = invoke("validate", path)
    assert done.exit_code == 2 and f"{section})" in done.output, done.output
