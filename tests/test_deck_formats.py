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
    [size] = [f for f in findings if not f.confirmed and not f.legal]
    assert "31 cards" in size.text and "own words" in size.text and "deck.main-deck-size" in size.cites
    assert problems(smaller, "sealed") == []


def test_sealed_names_each_cr_rule_only_its_unconfirmed_words_lift(tmp_path):
    """7.3.2-7.3.4 still decide by the CR; T §D.2 lifts them in its own words only, so each break of this deck is
    reported, unconfirmed, and the verdict says the deck is legal only on those words (it said "Legal in sealed")."""
    lifted = listing(tmp_path, {"3 Corpo Security\n": "4 Corpo Security\n1 Chrome Fang\n", "3 Field Operator\n": "",
                                "3 MaxTac AV\n": "", "3 MaxTac Heavy\n": ""})
    findings = check_in_format(read_decklist(lifted), FORMATS["sealed"])
    unconfirmed = [f for f in findings if not f.legal and not f.confirmed]
    assert [f.cites[0] for f in unconfirmed] == ["deck.legal-deck", "deck.three-copies", "deck.ram-limits"]
    assert "33 cards" in unconfirmed[0].text and "4 copies" in unconfirmed[1].text and "Chrome Fang" in unconfirmed[2].text
    assert all(f.sections == ("§D.2",) and "own words" in f.text for f in unconfirmed)
    [verdict] = [f for f in findings if f.legal and not f.note]
    assert not verdict.confirmed and "only" in verdict.text and "3 problems" in verdict.text
    assert problems(lifted, "sealed") == []


def test_sealed_over_50_cards_rests_on_the_unconfirmed_words_too(tmp_path):
    """CR 7.3.2's 50 at most; T's "30+" gives no maximum, in its own words only."""
    more = "".join(f"3 {name}\n" for name in ("Peace Offering", "Riot Shield", "Saul Bright: Stormrider", "Sandevistan",
                                                "Take Control"))
    larger = listing(tmp_path, {"\nSideboard:\n": f"{more}\nSideboard:\n"})
    [size] = [f for f in check_in_format(read_decklist(larger), FORMATS["sealed"]) if not f.confirmed and not f.legal]
    assert "55 cards" in size.text and "deck.main-deck-size" in size.cites


def test_a_sealed_deck_legal_by_the_cr_is_legal_without_an_unconfirmed_word():
    findings = check_in_format(read_decklist(SCENARIOS / "decks" / "arasaka-green.txt"), FORMATS["sealed"])
    assert all(f.legal and f.confirmed for f in findings)
    assert "a main deck of 40" in findings[0].text and findings[-1].text.startswith("Legal in sealed")


def test_deck_check_says_a_sealed_verdict_rests_on_unconfirmed_words(tmp_path):
    lifted = listing(tmp_path, {"3 Corpo Security\n": "4 Corpo Security\n", "3 Field Operator\n": ""})
    done = runner.invoke(app, ["deck", "check", str(lifted), "--deck-format", "sealed", "-f", "json"])
    data = json.loads(done.output)
    assert done.exit_code == 0 and data["legal"] and not data["confirmed"]
    done = runner.invoke(app, ["deck", "check", str(SCENARIOS / "decks" / "arasaka-green.txt"), "--deck-format",
                               "sealed", "-f", "json"])
    assert json.loads(done.output)["confirmed"]


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


def test_one_sideboard_card_is_counted_in_the_singular(tmp_path):
    one = listing(tmp_path, {"2 Riot Shield\n2 Pacifica Netrunner\n2 Peace Offering\n": ""})
    assert any("The 1 sideboard card is outside" in f.text for f in check_in_format(read_decklist(one), FORMATS["cr"]))
    [found] = problems(one, "quick")
    assert "has 1 sideboard card." in found.text


def test_deck_check_says_what_a_question_mark_after_a_rule_number_means():
    done = runner.invoke(app, ["deck", "check", str(CONSTRUCTED)])
    assert "7.3?" in done.output and "? = number inferred for this edition" in done.output
    done = runner.invoke(app, ["deck", "check", str(CONSTRUCTED), "-e", "2026-08"])
    assert "7.3?" not in done.output and "number inferred" not in done.output
