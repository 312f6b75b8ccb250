"""`judgekit deck compare`: the deck as presented against its registration, Legends, main deck and sideboard
each on its own (tournament rules §4.1, §2.1.3: a secondary source), cards by name and subtitle (CR 7.3.3)."""
from __future__ import annotations

import json

from tests.entry_point import EntryPointRunner as CliRunner

from judgekit.cli import app
from judgekit.decks.compare import compare
from judgekit.decks.parsing import read_list
from tests.conftest import ROOT, SCENARIOS

REGISTERED = SCENARIOS / "decks" / "arasaka-green-constructed.txt"
runner = CliRunner()


def presented(tmp_path, replace: dict[str, str]):
    text = REGISTERED.read_text(encoding="utf-8")
    for old, new in replace.items():
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / "presented.txt"
    path.write_text(text, encoding="utf-8")
    return path


def differences(path) -> list[tuple]:
    return [(d.kind, d.section, d.card, d.count, d.to_section or d.presented_card)
            for d in compare(read_list(REGISTERED), read_list(path)).differences]


def test_the_same_deck_in_another_shape_and_order_is_identical():
    assert differences(ROOT / "tests" / "fixtures" / "decklists" / "chat-message.txt") == []
    done = runner.invoke(app, ["deck", "compare", str(REGISTERED), str(REGISTERED)])
    assert done.exit_code == 0 and "IDENTICAL" in done.output


def test_a_missing_main_deck_card_and_an_extra_one(tmp_path):
    path = presented(tmp_path, {"3 MaxTac Heavy": "2 MaxTac Heavy\n1 Corpo Security"})
    assert differences(path) == [("extra", "main", "Corpo Security", 1, None),
                                 ("missing", "main", "MaxTac Heavy", 1, None)]


def test_a_card_moved_from_the_sideboard_into_the_main_deck(tmp_path):
    path = presented(tmp_path, {"1 Wraith Marauders\n": "",
                                "1 Overwatch: Panam's Gift": "1 Overwatch: Panam's Gift\n1 Wraith Marauders"})
    assert differences(path) == [("moved", "sideboard", "Wraith Marauders", 1, "main")]


def test_a_card_of_the_same_name_with_another_subtitle(tmp_path):
    path = presented(tmp_path, {"1 Goro Takemura: Hands Unclean": "1 Goro Takemura: Vengeful Bodyguard"})
    assert differences(path) == [("different-card", "legends", "Goro Takemura: Hands Unclean", 1,
                                  "Goro Takemura: Vengeful Bodyguard")]


def test_sections_are_compared_on_their_own_even_when_the_totals_agree(tmp_path):
    path = presented(tmp_path, {"2 Riot Shield": "1 Riot Shield", "1 Overwatch: Panam's Gift":
                                "1 Overwatch: Panam's Gift\n1 Riot Shield"})
    assert differences(path) == [("moved", "sideboard", "Riot Shield", 1, "main")]


def test_compare_json_names_card_and_section_and_marks_the_tournament_rules_secondary(tmp_path):
    path = presented(tmp_path, {"3 MaxTac Heavy": "2 MaxTac Heavy"})
    done = runner.invoke(app, ["deck", "compare", str(REGISTERED), str(path), "-f", "json"])
    assert done.exit_code == 1
    data = json.loads(done.output)
    assert data["identical"] is False and data["sections"]["main"] == {"registered": 40, "presented": 39}
    [difference] = data["differences"]
    assert difference["kind"] == "missing" and difference["section"] == "main" and difference["card"] == "MaxTac Heavy"
    assert difference["registered_line"] == 18 and difference["presented_line"] is None
    assert {"section": "§4.1", "secondary_source": True} in data["tournament_rules"]
    assert "secondary source" in data["tournament_rules_source"]
    rich = runner.invoke(app, ["deck", "compare", str(REGISTERED), str(path)])
    assert rich.exit_code == 1 and "main deck: 1 copy of MaxTac Heavy registered but not presented" in rich.output


def test_bad_input_in_either_list_names_file_and_line(tmp_path):
    path = presented(tmp_path, {"3 MaxTac Heavy": "3 MaxTac Heavvy"})
    done = runner.invoke(app, ["deck", "compare", str(REGISTERED), str(path)])
    assert done.exit_code == 2 and f"{path}:18: no card named 'MaxTac Heavvy'" in done.output
    assert runner.invoke(app, ["deck", "compare", str(REGISTERED), str(path), "-f", "md"]).exit_code == 2
