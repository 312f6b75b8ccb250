"""Decklists as players and deck builders paste them (docs/decklists.md): every shape reads as the same
deck, and a line naming no card, or several, is an input error with its line and the card it may mean."""
from __future__ import annotations

import pytest

from judgekit.decks.compare import compare
from judgekit.decks.formats import FORMATS, check_list
from judgekit.decks.parsing import read_list
from judgekit.scenario.yaml_lines import InputError
from tests.conftest import ROOT, SCENARIOS

PASTED = ROOT / "tests" / "fixtures" / "decklists"
REFERENCE = SCENARIOS / "decks" / "arasaka-green-constructed.txt"


def write(tmp_path, text: str):
    path = tmp_path / "list.txt"
    path.write_text(text, encoding="utf-8")
    return path


def errors(path) -> list[str]:
    with pytest.raises(InputError) as caught:
        read_list(path)
    return [p.render() for p in caught.value.problems]


@pytest.mark.parametrize("name", ["deckbuilder-export.txt", "forum-post.txt", "chat-message.txt"])
def test_pasted_lists_read_as_the_registered_deck_section_by_section(name):
    pasted = read_list(PASTED / name)
    assert compare(read_list(REFERENCE), pasted).differences == []
    assert [f for f in check_list(pasted, FORMATS["constructed"]) if not f.legal] == []


@pytest.mark.parametrize("line", ["3x Corpo Security", "3 Corpo Security", "3X Corpo Security", "3 x Corpo Security",
                                  "Corpo Security x3", "Corpo Security (3)", "- 3 Corpo Security",
                                  "* 3 Corpo Security", "3 corpo SECURITY   ", "3\u00a0Corpo\u2003Security"])
def test_count_shapes(tmp_path, line):
    [entry] = read_list(write(tmp_path, line + "\n")).entries
    assert (entry.count, entry.card.full_name) == (3, "Corpo Security")


@pytest.mark.parametrize("line", ["2x Goro Takemura: Losing His Way", "2 Goro Takemura, Losing His Way",
                                  "2 Goro Takemura - Losing His Way", "2 Goro Takemura \u2014 Losing His Way",
                                  "Goro Takemura: Losing His Way x2", "2 goro takemura:losing his way"])
def test_subtitle_shapes(tmp_path, line):
    [entry] = read_list(write(tmp_path, line + "\n")).entries
    assert (entry.count, entry.card.full_name) == (2, "Goro Takemura: Losing His Way")


def test_names_holding_commas_hyphens_digits_and_apostrophes_are_not_split(tmp_path):
    text = ("1 Three Mouths, One Desire\n1 Kerry Eurodyne, Axe, Attitude, Audience\n2 6th Street Recruits\n"
            "6th Street Recruits\n1 T-Bug - Amateur Philosopher\n1 Jacked-In Voodoo Boy\n"
            "1 Overwatch: Panam\u2019s Gift\n")
    names = [(e.count, e.card.full_name) for e in read_list(write(tmp_path, text)).entries]
    assert names == [(1, "Three Mouths, One Desire"), (1, "Kerry Eurodyne: Axe, Attitude, Audience"),
                     (2, "6th Street Recruits"), (1, "6th Street Recruits"), (1, "T-Bug: Amateur Philosopher"),
                     (1, "Jacked-In Voodoo Boy"), (1, "Overwatch: Panam's Gift")]


@pytest.mark.parametrize("heading, section", [("Legends", "legends"), ("Legends (3)", "legends"),
                                              ("LEGENDS:", "legends"), ("Main Deck:", "main"), ("Deck (45)", "main"),
                                              ("Main deck (40 cards)", "main"), ("Units", "main"),
                                              ("Sideboard", "sideboard"), ("Sideboard (7):", "sideboard"),
                                              ("side board", "sideboard")])
def test_section_headings_with_or_without_a_colon_or_a_count(tmp_path, heading, section):
    decklist = read_list(write(tmp_path, f"{heading}\n1 Corpo Security\n"))
    assert [e.section for e in decklist.entries] == [section]
    assert decklist.headings[0].section == section


def test_comments_blank_lines_and_titles_ending_in_a_colon_are_skipped(tmp_path):
    text = "# my list\n// by Bob\nArasaka Green:\n\n   \n1 Corpo Security // good\n2 Field Operator # also\n"
    assert [(e.count, e.line) for e in read_list(write(tmp_path, text)).entries] == [(1, 6), (2, 7)]


def test_without_headings_a_legend_is_a_legend_and_other_cards_are_the_main_deck(tmp_path):
    entries = read_list(write(tmp_path, "1 Goro Takemura: Hands Unclean\n3 Corpo Security\n")).entries
    assert [e.section for e in entries] == ["legends", "main"]


def test_a_name_pasted_with_other_punctuation_or_separators_is_the_card(tmp_path):
    """Chat and forum posts turn quotes curly and write `Name, Subtitle` or `Name - Subtitle`: punctuation and
    case do not make another card (the same comparison as a scenario's board, judgekit.scenario.card_names)."""
    text = ("1 goro takemura, hands unclean\n1 V - Streetkid\n1 Adam Smasher: Ender of Legends\n"
            "3 \u201cDon\u2019t Fear\u201d The Reaper\n")
    assert [e.card.full_name for e in read_list(write(tmp_path, text)).entries] == [
        "Goro Takemura: Hands Unclean", "V: Streetkid", "Adam Smasher: Ender of Legends", "(Don't Fear) The Reaper"]


def test_a_prefix_or_a_misspelling_is_suggested_never_taken(tmp_path):
    """A decklist is a registration: `Mantis` or `Corpo Securty` is not silently read as a card."""
    found = errors(write(tmp_path, "2 Mantis\n3 Corpo Securty\n"))
    assert ":1: no card named 'Mantis'" in found[0] and "did you mean 'Mantis Blades'" in found[0]
    assert ":2: no card named 'Corpo Securty'" in found[1]


def test_a_plain_name_several_cards_share_is_ambiguous_and_lists_them(tmp_path):
    [message] = errors(write(tmp_path, "Legends\nGoro Takemura\n"))
    assert message.startswith(f"{tmp_path / 'list.txt'}:2: 'Goro Takemura' names 3 different cards")
    assert "'Goro Takemura: Hands Unclean'" in message and "'Goro Takemura: Vengeful Bodyguard'" in message


def test_an_unknown_or_misspelt_card_names_the_line_and_suggests_the_card(tmp_path):
    found = errors(write(tmp_path, "3 Corpo Securty\n3 \u201cDon\u2019t Fear\u201d The Reeper\nArasaka Green by Bob\n"
                                   "3 Legends\n"))
    assert ":1: " in found[0] and "did you mean 'Corpo Security'" in found[0]
    assert ":2: " in found[1] and "did you mean \"(Don't Fear) The Reaper\"" in found[1]
    assert ":3: " in found[2] and "start it with // or #" in found[2]
    assert ":4: " in found[3] and "a heading?" in found[3]


def test_a_heading_whose_count_is_not_its_sections_is_noted_not_made_illegal(tmp_path):
    text = REFERENCE.read_text(encoding="utf-8").replace("Main deck:", "Main deck (45)")
    findings = check_list(read_list(write(tmp_path, text)), FORMATS["constructed"])
    [note] = [f for f in findings if f.note]
    assert note.line == 8 and "says 45 cards, but 40" in note.text and note.legal


def test_markdown_headings_from_a_chat_or_a_forum_are_headings_not_comments(tmp_path):
    text = ("# Arasaka green\n## Legends (3)\n1 Goro Takemura: Hands Unclean\n**Main deck**\n3 Corpo Security\n"
            "### Sideboard\n2 Riot Shield\n__Side board:__\n1 Peace Offering\n")
    decklist = read_list(write(tmp_path, text))
    assert [(e.section, e.card.full_name) for e in decklist.entries] == [
        ("legends", "Goro Takemura: Hands Unclean"), ("main", "Corpo Security"), ("sideboard", "Riot Shield"),
        ("sideboard", "Peace Offering")]


def test_an_unknown_section_after_the_first_card_is_an_error_not_counted_in_the_deck(tmp_path):
    [message] = errors(write(tmp_path, "Arasaka Green:\n3 Corpo Security\nMaybeboard:\n1 Riot Shield\n"))
    assert ":3: 'Maybeboard:' is not a section judgekit knows" in message


def test_a_total_line_is_checked_against_every_card_listed(tmp_path):
    text = REFERENCE.read_text(encoding="utf-8") + "Total: 51\n"
    decklist = read_list(write(tmp_path, text))
    assert [e.section for e in decklist.entries].count("sideboard") == 4  # the total line starts no section
    [note] = [f for f in check_list(decklist, FORMATS["constructed"]) if f.note]
    assert "The total line says 51 cards, but 50 are listed." == note.text


def test_a_line_longer_than_any_card_name_is_refused_without_trying_every_split(tmp_path):
    """A 240 KB line of `ab, ab, ...` had each of its 60,000 separators tried as a subtitle's start."""
    [message] = errors(write(tmp_path, "3 " + "ab, " * 60_000 + "\n"))
    assert "longer than any card's name" in message and len(message) < 300


def test_a_chat_paste_in_a_code_block_reads_without_its_fences(tmp_path):
    fenced = "```\n" + REFERENCE.read_text(encoding="utf-8") + "```\n"
    assert compare(read_list(REFERENCE), read_list(write(tmp_path, fenced))).identical


@pytest.mark.parametrize("line", ["3 Goro Takemura (Losing His Way)", "3 Goro Takemura: Losing His Way (EBP-017)",
                                  "3 Goro Takemura: Losing His Way [S002-EBP 17]"])
def test_a_subtitle_or_card_number_in_brackets_after_the_name_is_the_card(tmp_path, line):
    """7.3.3: every card number of a card is that card; a deck builder's bracketed subtitle is its subtitle."""
    [entry] = read_list(write(tmp_path, line)).entries
    assert entry.card.full_name == "Goro Takemura: Losing His Way" and entry.count == 3


def test_a_printing_an_erratum_names_is_the_card_and_its_copies_count_together(tmp_path):
    """7.3.3 counts a card's printings together; the problem names every line holding its copies."""
    path = write(tmp_path, "2 Johnny Silverhand: Never Stop Fighting\n"
                           "2 Johnny Silverhand: Never Stop Fighting (Beta Iconic)\n")
    entries = read_list(path).entries
    assert {e.card.full_name for e in entries} == {"Johnny Silverhand: Never Stop Fighting"}
    [copies] = [f for f in check_list(read_list(path), FORMATS["cr"]) if "copies" in f.text]
    assert "4 copies" in copies.text and "(lines 1, 2)" in copies.text and copies.line == 1


def test_a_bracketed_note_that_is_no_subtitle_number_or_printing_is_an_error(tmp_path):
    assert "no card named" in errors(write(tmp_path, "3 Corpo Security (my favourite)"))[0]


def test_a_card_number_that_is_another_cards_says_whose_number_it_is(tmp_path):
    [message] = errors(write(tmp_path, "3 Corpo Security (WNC-077)"))
    assert "'WNC-077' is not Corpo Security's card number (MS01-WNC 76)" in message


def test_a_card_number_tells_cards_of_one_name_apart(tmp_path):
    """Goro Takemura is three cards; MS01-WNC 71 is Vengeful Bodyguard (its printed number)."""
    [entry] = read_list(write(tmp_path, "1 Goro Takemura (WNC-071)")).entries
    assert entry.card.full_name == "Goro Takemura: Vengeful Bodyguard"
    assert "no card named 'Goro Takemura (WNC-999)'" in errors(write(tmp_path, "1 Goro Takemura (WNC-999)"))[0]
