"""`judgekit card NAME`: a word found only inside another word of a card's name (`Lizzie`, in Afterparty at
Lizzie's) lists the cards a near spelling of it also fits (Lizzy Wizzy: Delicate Weapon), as an ambiguous name
does; the other cards sharing a word's start are introduced in words that say so."""
from __future__ import annotations

import json

from judgekit.scenario.card_names import near_too
from judgekit.scenario.pool import real_cards
from tests.entry_point import invoke

NAMES = [c.full_name for c in real_cards()]


def test_a_near_spelling_that_also_fits_is_listed_with_the_card_found():
    done = invoke("card", "Lizzie")
    assert done.exit_code == 0 and done.output.startswith("2 cards match 'Lizzie'")
    assert "Afterparty at Lizzie's" in done.output and "Lizzy Wizzy: Delicate Weapon" in done.output
    data = json.loads(invoke("card", "Lizzie", "-f", "json").output)
    assert [m["name"] for m in data["matches"]] == ["Afterparty at Lizzie's", "Lizzy Wizzy: Delicate Weapon"]


def test_a_whole_word_of_the_name_or_a_plural_lists_no_near_spelling():
    assert near_too("lizzy", "Lizzy Wizzy: Delicate Weapon", NAMES) == ()
    assert near_too("rippler", "Tetratronic Rippler", NAMES) == ()  # the card's own word: Sketchy Ripper not meant
    assert near_too("streets", "Wild in the Streets", NAMES) == ()
    assert invoke("card", "Gilded").output.startswith("Gilded Matón")


def test_other_cards_sharing_a_word_start_are_introduced_as_such():
    out = " ".join(invoke("card", "Gilded").output.split())
    assert "Other cards with a word of their name starting 'Gilded': Hanako Arasaka: In a Gilded Cage" in out
    assert "Also named so" not in out
