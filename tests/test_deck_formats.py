"""Tournament formats for `judgekit deck check` (CR 7.3.6; tournament rules §D.1, §C.2.2, §D.2, §3.4.4)."""
from __future__ import annotations

import json

from tests.entry_point import EntryPointRunner as CliRunner

from judgekit.cli import app
from judgekit.decks.formats import FORMATS, check_in_format
from judgekit.decks.parsing import read_decklist
from tests.conftest import SCENARIOS, decklist_copy

CONSTRUCTED = SCENARIOS / "decks" / "arasaka-green-constructed.txt"
runner = CliRunner()


def listing(tmp_path, replace: dict[str, str] | None = None, extra: str = ""):
    return decklist_copy(tmp_path, CONSTRUCTED, replace, extra)


def problems(path, fmt: str) -> list:
    return [f for f in check_in_format(read_decklist(path), FORMATS[fmt]) if not f.legal and f.confirmed]


def test_a_sideboard_heading_line_starts_the_sideboard():
    entries = read_decklist(CONSTRUCTED)
    assert sum(e.count for e in entries if e.sideboard) == 7
    assert not any(e.sideboard for e in entries if e.card.is_type("Legend"))


def test_constructed_accepts_a_legal_deck_with_a_seven_card_sideboard():
    assert problems(CONSTRUCTED, "constructed") == []


def test_constructed_sideboard_is_exactly_seven_cards(tmp_path):
    [found] = problems(listing(tmp_path, {"1 Wraith Marauders\n": ""}), "constructed")
    assert "6 cards" in found.text and found.sections == ("§D.1", "§2.1.3") and found.line == 25


def test_legends_are_never_sideboarded(tmp_path):
    found = problems(listing(tmp_path, {"1 Wraith Marauders": "1 V: Streetkid"}), "constructed")
    assert any("§3.4.4" in f.sections and f.line == 28 for f in found)


def test_the_sideboard_keeps_the_decks_ram_limits(tmp_path):
    found = problems(listing(tmp_path, {"1 Wraith Marauders": "1 Detonate"}), "constructed")
    assert any("ram-limits.card-fits" in f.cites and "§D.1" in f.sections for f in found)


def test_copies_count_across_main_deck_and_sideboard_and_say_it_is_contested(tmp_path):
    found = problems(listing(tmp_path, {"1 Wraith Marauders": "1 Corpo Security"}), "constructed")
    [copies] = [f for f in found if "deck.three-copies" in f.cites]
    assert "4 copies" in copies.text and "contested" in copies.text


def test_quick_best_of_one_has_no_sideboard(tmp_path):
    [found] = problems(CONSTRUCTED, "quick")
    assert found.sections == ("§C.2.2",) and found.line == 25
    assert problems(SCENARIOS / "decks" / "arasaka-green.txt", "quick") == []


def test_7_3_a_list_with_a_sideboard_has_its_legends_and_main_deck_checked_and_the_sideboard_noted_outside():
    findings = check_in_format(read_decklist(CONSTRUCTED), FORMATS["cr"])
    assert [f.legal for f in findings] == [True, True]
    assert "a main deck of 40" in findings[0].text and not findings[0].note
    assert findings[1].note and "outside CR 7.3" in findings[1].text and findings[1].line == 25
    assert "--deck-format constructed" in findings[1].text


def test_7_3_a_list_with_a_sideboard_still_has_its_main_deck_problems_found(tmp_path):
    findings = check_in_format(read_decklist(listing(tmp_path, {"1 Overwatch: Panam's Gift\n": "",
                                                               "1 Saburo Arasaka: Stubborn Patriarch\n": ""})),
                               FORMATS["cr"])
    texts = [f.text for f in findings if not f.legal]
    assert any("2 Legends" in t for t in texts) and any("main deck has 39 cards" in t for t in texts)
    assert any(f.note and "outside CR 7.3" in f.text for f in findings)


def test_sealed_takes_a_sideboard_of_any_size_but_no_legends(tmp_path):
    assert problems(listing(tmp_path, extra="3 Take Control\n"), "sealed") == []
    found = problems(listing(tmp_path, {"1 Wraith Marauders": "1 V: Streetkid"}), "sealed")
    assert any("§3.4.4" in f.sections for f in found)


def test_sealed_follows_the_unconfirmed_30_between_30_and_39_cards(tmp_path):
    """T §D.2 (unconfirmed) says Sealed decks are 30+; judgekit follows it there, against CR 7.3.2's 40, and says so."""
    smaller = listing(tmp_path, {"3 Corpo Security\n": "", "3 Field Operator\n": "", "3 MaxTac AV\n": ""})
    findings = check_in_format(read_decklist(smaller), FORMATS["sealed"])
    [note] = [f for f in findings if not f.confirmed]
    assert note.legal and "31 cards" in note.text and "own words" in note.text
    assert problems(smaller, "sealed") == []


def test_sealed_under_30_cards_is_short_by_both_the_cr_and_the_tournament_notes(tmp_path):
    """7.3.2 asks 40 and T §D.2 30+: a 28-card Sealed deck is illegal by either reading."""
    small = listing(tmp_path, {"3 Corpo Security\n": "", "3 Field Operator\n": "", "3 MaxTac AV\n": "",
                               "3 MaxTac Heavy\n": ""})
    [problem] = problems(small, "sealed")
    assert "28 cards" in problem.text and "deck.main-deck-size" in problem.cites and "§D.2" in problem.sections


def test_deck_check_format_option_json_and_secondary_source(tmp_path):
    done = runner.invoke(app, ["deck", "check", str(CONSTRUCTED), "--deck-format", "quick", "-f", "json"])
    assert done.exit_code == 1
    data = json.loads(done.output)
    assert data["deck_format"] == "quick" and data["findings"][0]["tournament_rules"][0]["secondary_source"]
    assert "secondary source" in data["tournament_rules_source"]
    assert runner.invoke(app, ["deck", "check", str(CONSTRUCTED), "--format", "constructed"]).exit_code == 0
    assert runner.invoke(app, ["deck", "check", str(CONSTRUCTED)]).exit_code == 0  # a sideboard is outside CR 7.3
    assert runner.invoke(app, ["deck", "check", str(CONSTRUCTED), "--format", "modern"]).exit_code == 2
    assert runner.invoke(app, ["deck", "check", str(CONSTRUCTED), "--deck-format", "modern"]).exit_code == 2
