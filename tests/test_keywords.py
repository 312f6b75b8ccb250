"""Keywords are a closed list (11.22-11.26): one written in another case is that keyword; any other word is an
input error naming file, line and field, wherever the format takes a keyword."""
from __future__ import annotations

import pytest

from judgekit.engine import persistent
from judgekit.scenario.checks import KEYWORD_NAMES
from judgekit.scenario.pool import real_cards
from judgekit.scenario.yaml_lines import InputError
from tests.conftest import rule_of, scenario

BOARD = "scenario: x\nplayers:\n  alice: {field: [{card: Maelstrom Goons, label: goons}]}\n  bob: {}\n"
# in the default (user) edition: Effect Keywords are 11.22 in 2026-08, shifted by three in chapter 11 (inferred)
KNOWN = "(the game's keywords are ADRENALINE, BLOCKER, GO SOLO and QUICK, 11.25?)"


def problems(extra: str) -> list[str]:
    with pytest.raises(InputError) as caught:
        scenario(BOARD + extra, "bad.yaml")
    return [p.render() for p in caught.value.problems]


def test_the_keywords_are_the_effect_keywords_of_the_rules_and_every_printed_one(book):
    titled = {e.title.strip("[]") for e in book.entries.values() if e.section == "Effect Keywords" and e.title}
    assert set(KEYWORD_NAMES) == titled
    printed = {k for card in real_cards() for k in (*card.keywords, *card.bottom_keywords)}
    assert printed <= set(KEYWORD_NAMES)


@pytest.mark.parametrize("extra, line", [
    ("cards:\n  - {name: W, type: Unit, power: 1, keywords: [FLYING]}\n",
     f"bad.yaml:6: cards.0.keywords.0: unknown keyword 'FLYING' {KNOWN}"),
    ("cards:\n  - {name: G, type: Gear, bottom_textbox: {keywords: [quik]}}\n",
     f"bad.yaml:6: cards.0.bottom_textbox.keywords.0: unknown keyword 'quik'; did you mean 'QUICK'? {KNOWN}"),
    ("cards:\n  - name: P\n    type: Program\n    effects: [{when: resolve, do: [{give: {card: goons, keywords: "
     "[BLOKER]}}]}]\n",
     f"bad.yaml:8: cards.0.effects.0.do.0.give.keywords.0: unknown keyword 'BLOKER'; did you mean 'BLOCKER'? {KNOWN}"),
    ("cards:\n  - name: U\n    type: Unit\n    effects:\n      - persistent: {keywords: [ADRENALIN]}\n",
     f"bad.yaml:9: cards.0.effects.0.persistent.keywords.0: unknown keyword 'ADRENALIN'; did you mean "
     f"'ADRENALINE'? {KNOWN}"),
    ("lasting:\n  - {card: goons, by: alice, keywords: [SOLO]}\n",
     f"bad.yaml:6: lasting.0.keywords.0: unknown keyword 'SOLO'; did you mean 'GO SOLO'? {KNOWN}"),
    ("expect:\n  cards:\n    goons: {keywords: [BLOCK]}\n",
     f"bad.yaml:7: expect.cards.goons.keywords.0: unknown keyword 'BLOCK'; did you mean 'BLOCKER'? {KNOWN}"),
])
def test_an_unknown_keyword_is_an_input_error_naming_file_line_and_field(extra, line):
    assert line in problems(extra)


def test_a_trigger_keyword_says_it_is_written_as_a_trigger():
    found = problems("cards:\n  - {name: W, type: Unit, power: 1, keywords: ['[CALL]']}\n")
    assert found[0].startswith("bad.yaml:6: cards.0.keywords.0: [CALL] is a trigger keyword (11.21?-11.24?), written "
                               "as an effect with `when: call`")


def test_a_keyword_in_another_case_or_spelling_is_that_keyword():
    built, result, _ = rule_of(BOARD.replace("bob: {}", "bob: {field: [{card: Wall, label: wall}]}") +
                               "cards:\n  - {name: Wall, type: Unit, power: 4, keywords: [blocker, '[Go-Solo]']}\n"
                               "lasting:\n  - {card: goons, by: alice, keywords: [adrenaline]}\n")
    assert persistent.keywords_of(result.final, "wall") == ("BLOCKER", "GO SOLO")
    assert "ADRENALINE" in persistent.keywords_of(result.final, "goons")
