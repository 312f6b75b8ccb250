"""Counts in words (judgekit.plural): one helper, so no message says "1 Gigs", "1 answers" or "turn start(s)"."""
from __future__ import annotations

import pytest

from judgekit.engine.conditions import COUNTS, counted_as
from judgekit.plural import counted, listed, plural, with_article


@pytest.mark.parametrize("count, noun, words", [
    (1, "Gig", "1 Gig"), (2, "Gig", "2 Gigs"), (0, "Gig", "0 Gigs"), (1, "answer", "1 answer"),
    (3, "answer", "3 answers"), (1, "such turn start", "1 such turn start"), (2, "such turn start", "2 such turn starts"),
    (2, "known failure", "2 known failures"), (2, "copy", "2 copies"), (2, "match", "2 matches"),
    (2, "discount", "2 discounts"), (2, "day", "2 days"),
])
def test_a_count_reads_in_the_singular_for_one_and_the_plural_otherwise(count, noun, words):
    assert counted(count, noun) == words


def test_a_phrase_whose_noun_is_not_last_takes_its_own_plural():
    assert plural("Unit in your trash", 2, "Units in your trash") == "Units in your trash"
    assert plural("Unit in your trash", 1, "Units in your trash") == "Unit in your trash"
    assert plural("Gig", -1) == "Gig"  # "steals -1 Gig"


def test_every_count_of_an_effect_reads_as_english():
    for name in COUNTS:
        one, many = counted_as(name, 1), counted_as(name, 2)
        assert one.startswith("1 ") and many.startswith("2 ") and "(s)" not in one + many
        assert not many.endswith("s)") and "Gigss" not in many
    assert counted_as("units-in-your-trash", 2) == "2 Units in your trash"
    assert counted_as("friendly-different-gig-values", 3) == "3 different values among friendly Gigs"


def test_the_command_line_says_one_answer_and_one_golden_ruling(tmp_path):
    """`rulings` and `check` through the real command: "1 answer", "1 golden ruling written", "1 file not YAML"."""
    import shutil

    from tests.entry_point import EntryPointRunner as CliRunner

    from judgekit.cli import app
    from tests.conftest import SCENARIOS

    runner = CliRunner()
    done = runner.invoke(app, ["rulings", "Goro Takemura: Hands Unclean"])
    assert "1 answer:" in done.output and "1 answers" not in done.output and "(1 ruling;" in done.output
    shutil.copy(SCENARIOS / "card-types" / "4.6-play-unit-named-payment.yaml", tmp_path / "paid.yaml")
    (tmp_path / "notes.txt").write_text("x", encoding="utf-8")
    done = runner.invoke(app, ["check", str(tmp_path), "--update"])
    assert "1 golden ruling written" in done.output and "skipped 1 file not YAML" in done.output


def test_a_deck_with_one_legend_says_so_in_the_singular(tmp_path):
    from tests.entry_point import EntryPointRunner as CliRunner

    from judgekit.cli import app

    deck = tmp_path / "deck.txt"
    deck.write_text("1 V: Corporate Exile\n1 Corpo Security\n", encoding="utf-8")
    out = CliRunner().invoke(app, ["deck", "check", str(deck)]).output
    assert "The deck has 1 Legend;" in out and "The main deck has 1 card;" in out


@pytest.mark.parametrize("noun, words", [("Unit", "a Unit"), ("Eddie", "an Eddie"), ("Legend", "a Legend"),
                                         ("unequipped Unit", "an unequipped Unit"), ("used card", "a used card"),
                                         ("face-down Legend", "a face-down Legend")])
def test_a_noun_takes_a_or_an_by_its_first_sound(noun, words):
    assert with_article(noun) == words


@pytest.mark.parametrize("items, words", [([], ""), (["d4"], "d4"), (["d4", "d6"], "d4 and d6"),
                                          (["d4", "d6", 8], "d4, d6 and 8")])
def test_a_list_reads_with_and_before_its_last_item(items, words):
    assert listed(items) == words
