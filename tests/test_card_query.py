"""`judgekit cards QUERY` (judgekit/cards/query.py): each filter checked against the published card list
(../shared/reference/cards-wnc.json), read directly, never against judgekit's own output."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from judgekit.cards.query import QueryError, parse, search
from judgekit.scenario.pool import real_cards
from tests.entry_point import invoke

REFERENCE = Path(__file__).resolve().parents[1].parent / "shared" / "reference" / "cards-wnc.json"


@pytest.fixture(scope="module")
def printed() -> list[dict]:
    if not REFERENCE.exists():
        if os.environ.get("CI"):
            pytest.fail(f"the published card list is missing: {REFERENCE}")
        pytest.skip(f"the published card list is not beside this checkout ({REFERENCE})")
    return json.loads(REFERENCE.read_text(encoding="utf-8"))["cards"]


def full(card: dict) -> str:
    return f"{card['name']}: {card['subtitle']}" if card["subtitle"] else card["name"]


def names(query: str) -> set[str]:
    return {c.full_name for c in search(query, real_cards())}


def test_units_with_blocker_are_exactly_the_printed_ones(printed):
    want = {full(c) for c in printed if c["type"] == "Unit" and "BLOCKER" in c["keywords"]}
    assert want and names("t:unit k:blocker") == want


def test_type_keyword_tag_colour_and_numbers_agree_with_the_printed_list(printed):
    cases = {
        "t:legend": lambda c: c["type"] == "Legend",
        "k:quick": lambda c: "QUICK" in c["keywords"],
        'k:"go solo"': lambda c: "GO SOLO" in c["keywords"],
        "tag:cyberware": lambda c: "CYBERWARE" in c["tags"],
        "tag:tyger-claws": lambda c: "TYGER CLAWS" in c["tags"],
        "c:green": lambda c: c["color"] == "Green",
        "cost<=3": lambda c: c["cost"] is not None and c["cost"] <= 3,
        "power>=5": lambda c: c["power"] is not None and int(str(c["power"]).rstrip("+")) >= 5,
        "ram=2": lambda c: c["ram"] == 2,
        "sell": lambda c: c["sell_tag"],
        "t:unit -sell c:blue": lambda c: c["type"] == "Unit" and not c["sell_tag"] and c["color"] == "Blue",
        "c:red t:program cost>2": lambda c: c["color"] == "Red" and c["type"] == "Program" and (c["cost"] or 0) > 2,
        "-t:unit -t:legend": lambda c: c["type"] in ("Gear", "Program"),
    }
    for query, test in cases.items():
        want = {full(c) for c in printed if test(c)}
        assert want and names(query) == want, query


def test_free_words_match_the_name_and_quoted_phrases_stay_together(printed):
    assert names("goro") == {full(c) for c in printed if "goro" in full(c).casefold()}
    assert names("name:goro t:legend") == {full(c) for c in printed if c["name"] == "Goro Takemura"
                                           and c["type"] == "Legend"}
    assert "Corpo Security" in names('o:"never able to attack"')  # our paraphrase of its text


def test_a_keyword_or_tag_no_card_has_is_an_error_listing_the_pools(printed):
    """`k:flying` (another game's keyword) or `tag:cyber` (a part of a Tag) is an error, not a silent 0 cards."""
    for query, listed in (("k:flying", "blocker"), ("tag:cyber", "cyberware"), ("-k:flying", "quick")):
        with pytest.raises(QueryError, match=f"no card has that .*{listed}"):
            search(query, real_cards())
    assert names("k:quick") == {full(c) for c in printed if "QUICK" in c["keywords"]}


def test_name_words_match_from_a_words_start_and_short_ones_whole(printed):
    """`n:v` is the cards with the word V in their name, not every name holding a v; `ai` is the word AI."""
    import re
    whole = lambda word: {full(c) for c in printed if re.search(rf"(?<!\w){word}(?!\w)", full(c).casefold())}
    assert names("n:v") == whole("v")
    assert names("n:ai") == whole("ai")
    assert names("n:sword") == {full(c) for c in printed if re.search(r"(?<!\w)sword", full(c).casefold())}
    assert not {n for n in names("n:ram")} & {full(c) for c in printed if "program" in full(c).casefold()}


@pytest.mark.parametrize("query", ["", "foo:bar", "cost<=x", "t:spaceship", "c:purple", '"open', "is:big", "k:",
                                   "p>=4"])
def test_a_bad_query_is_a_clear_error(query):
    with pytest.raises(QueryError):
        parse(query)


def test_cli_exit_codes_and_json():
    done = invoke("cards", "t:unit k:blocker", "-f", "json")
    data = json.loads(done.output)
    assert done.exit_code == 0 and data["count"] == len(data["cards"]) == len(names("t:unit k:blocker"))
    assert invoke("cards", "t:program power>=1").exit_code == 1
    bad = invoke("cards", "foo:bar")
    assert bad.exit_code == 2 and "unknown filter `foo:`" in bad.output


def test_a_query_may_come_as_several_shell_words():
    """`judgekit cards t:unit k:blocker` is the query 't:unit k:blocker'; `k:"go solo"` arrives as one word."""
    whole = json.loads(invoke("cards", "t:unit k:blocker", "-f", "json").output)
    split = json.loads(invoke("cards", "t:unit", "k:blocker", "-f", "json").output)
    assert whole["cards"] == split["cards"] and split["query"] == "t:unit k:blocker"
    solo = json.loads(invoke("cards", "k:go solo", "t:legend", "-f", "json").output)
    assert solo["count"] == len(names('k:"go solo" t:legend')) > 0
    quoted = json.loads(invoke("cards", "t:unit k:blocker", "c:blue", "-f", "json").output)  # quoted whole, then more
    assert quoted["cards"] == json.loads(invoke("cards", "t:unit", "k:blocker", "c:blue", "-f", "json").output)["cards"]


def test_a_power_printed_with_a_plus_keeps_it_where_cards_are_shown(printed):
    plus = {full(c): c["power"] for c in printed if isinstance(c["power"], str) and c["power"].endswith("+")}
    assert plus
    assert {c.full_name: c.printed_power for c in real_cards() if c.full_name in plus} == plus
    sasha = next(name for name in plus if name.startswith("Sasha"))
    assert f"power {plus[sasha]}" in invoke("cards", "n:sasha").output


def test_text_words_also_match_what_the_effects_do():
    """A paraphrase need not say "search": `o:search` finds every card whose effect searches (11.13)."""
    from judgekit.cards.query import card_text
    found = {c.full_name for c in real_cards() if "search" in card_text(c).split()}
    assert {"Sketchy Ripper", "Three Mouths, One Desire", "Viktor Vektor: Sit Down and Relax"} <= found


def test_an_apostrophe_in_a_word_is_no_quote_and_accents_do_not_matter(printed):
    """Names as people type them: `lizzie's` (an apostrophe inside a word), `rockn'` (a lone one), `alvarez`."""
    assert names("lizzie's") == {full(c) for c in printed if "Lizzie's" in c["name"]}
    assert names("n:rockn'") == {full(c) for c in printed if c["name"].startswith("Rockn'")}
    assert names("n:alvarez") == {full(c) for c in printed if c["name"] == "Judy Álvarez"} != set()
    assert names("go-solo") == names('"go solo"') == names("go solo") & names('"go solo"')


def test_what_an_effect_does_is_found_by_its_game_word_whatever_instruction_does_it(printed):
    """11.12 (2026-08) bottom-deck: a search that puts the rest under the deck bottom-decks them, as printed
    ("bottom-deck the rest"); Shattered Memories discards both hands."""
    bottom = names("o:bottom-deck")
    assert {"Viktor Vektor: Sit Down and Relax", "Sketchy Ripper", "Three Mouths, One Desire",
            "Hanako Arasaka: In a Gilded Cage"} <= bottom
    assert names("o:discard t:program") >= {"Shattered Memories"}
