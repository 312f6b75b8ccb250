"""`judgekit card NAME` as a casual player read it (a review): the effects in plain words, not judgekit's structured
form (which `-f json` keeps), and a misspelt name answered with its near spellings. The texts checked are judgekit's
own paraphrases shipped with each effect (judgekit/data/card-effects.yaml `text:`)."""
from __future__ import annotations

import json

from tests.entry_point import invoke


def test_effects_are_shown_in_plain_words():
    done = invoke("card", "floor", "it")
    assert done.exit_code == 0
    assert "- one rival Unit gets -1 power until the turn ends; then draw 1" in done.output
    assert "when: resolve" not in done.output and "give:" not in done.output


def test_a_bottom_textbox_is_said_as_its_hosts():
    done = invoke("card", "netwatch", "netdriver")
    assert "Bottom textbox (its host has it):" in done.output and "- each time its host gets spent, draw 1" in done.output
    assert "bottom_textbox:" not in done.output


def test_a_cost_that_changes_is_said_in_words():
    said = " ".join(invoke("card", "maxtac", "heavy").output.split())
    assert ("playing it costs 1 €$ less for each Unit of a Rival, never under 1 €$ (its cost value does not change)"
            in said)
    assert "its cost is lowered" not in said and "rival units" not in said


def test_a_price_in_place_of_the_cost_is_said_with_its_condition():
    said = " ".join(invoke("card", "we", "gotta", "live", "together").output.split())
    assert ("it is played for 3 €$ in place of its cost while a Rival's Gigs outnumber yours by 2 or more (not a "
            "choice; its cost value does not change)") in said
    nocturne = " ".join(invoke("card", "nocturne").output.split())
    assert "it is played for 1 €$ in place of its cost while your fixer area holds no dice" in nocturne


def test_json_keeps_the_structured_form():
    data = json.loads(invoke("card", "floor", "it", "-f", "json").output)
    assert data["effects"]["effects"][0]["when"] == "resolve"


def test_a_misspelt_name_lists_its_near_spellings():
    done = invoke("card", "jonny")
    assert done.exit_code == 0 and done.output.startswith("No card is named 'jonny'")
    assert "Johnny Silverhand: Never Stop Fighting" in done.output and "Johnny Silverhand: Rocking Renegade" in done.output


def test_a_name_nothing_is_near_is_still_an_error():
    assert invoke("card", "zzzqqq").exit_code == 2
