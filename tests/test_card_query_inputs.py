"""Inputs a review typed at `judgekit cards` and `judgekit card`, each answered as the card list (read at test
time) says: a quoted name with parentheses, signed numbers, a comparison with spaces, `€$`, an option after `--`,
a misspelt name in either format, a name no card has, placeholder facts marked, one JSON key order."""
from __future__ import annotations

import json

import pytest

from tests.entry_point import invoke
from tests.test_card_query import full, printed  # noqa: F401  (the fixture reading ../shared/reference)


def listed(*words: str) -> tuple[int, list[str]]:
    done = invoke("cards", "-f", "json", "--", *words)
    return done.exit_code, [c["name"] for c in json.loads(done.output)["cards"]] if done.exit_code != 2 else []


def power(card: dict) -> int | None:
    return None if card["power"] is None else int(str(card["power"]).rstrip("+"))


def test_parentheses_inside_quotes_are_part_of_a_phrase(printed):  # noqa: F811
    reaper = [full(c) for c in printed if c["name"].startswith("(Don't Fear)")]
    assert listed('"(Don\'t Fear) The Reaper"') == (0, reaper) and reaper
    assert invoke("cards", "(t:unit)").exit_code == 2


@pytest.mark.parametrize("query, test", [
    ("cost=-1", lambda c: c["cost"] is not None and c["cost"] == -1),
    ("power>=+5", lambda c: power(c) is not None and power(c) >= 5),
    ("cost <= 3", lambda c: c["cost"] is not None and c["cost"] <= 3),
    ("t:unit power > 9", lambda c: c["type"] == "Unit" and power(c) is not None and power(c) > 9),
])
def test_signed_numbers_and_spaced_comparisons_are_read(printed, query, test):  # noqa: F811
    want = [full(c) for c in printed if test(c)]
    code, names = listed(query)
    assert (code, sorted(names)) == (0 if want else 1, sorted(want))


def test_the_games_money_is_something_to_look_for():
    assert invoke("cards", "€$").exit_code == 0


def test_an_option_after_double_dash_is_said_not_searched():
    done = invoke("cards", "--", "-c:red", "sell", "-f", "json")
    assert done.exit_code == 2 and "'-f' came after `--`" in done.output and "before `--`" in done.output
    assert invoke("cards", "-f", "json", "--", "-c:red", "sell").exit_code == 0


def test_a_misspelt_name_gives_the_same_near_names_in_both_formats(printed):  # noqa: F811
    johnny = sorted(full(c) for c in printed if c["name"] == "Johnny Silverhand")
    text, data = invoke("card", "jonny"), invoke("card", "jonny", "-f", "json")
    assert text.exit_code == data.exit_code == 0
    shown = json.loads(data.output)
    assert shown["near"] is True and [m["name"] for m in shown["matches"]] == johnny
    assert [line.split("  (")[0].strip() for line in text.output.splitlines()[1:]] == johnny


def test_a_name_no_card_has_speaks_of_the_pool_only():
    done = invoke("card", "xyzzy")
    assert done.exit_code == 2 and "no card named 'xyzzy' in the card pool" in done.output
    assert "scenario" not in done.output


def test_placeholder_facts_are_marked_where_cards_are_listed(printed):  # noqa: F811
    unverified = {full(c) for c in printed if c.get("verified") is False}
    assert unverified == {"Rebecca: Having a Moment"}
    data = json.loads(invoke("cards", "-f", "json", "power>=0").output)
    assert {c["name"] for c in data["cards"] if not c["facts_verified"]} == unverified
    assert "placeholder facts" in invoke("cards", "n:rebecca").output
    assert json.loads(invoke("card", "rebecca", "-f", "json").output)["facts_verified"] is False


def test_cards_and_card_give_the_facts_in_one_key_order():
    listed_keys = list(json.loads(invoke("cards", "-f", "json", "n:losing").output)["cards"][0])
    shown_keys = list(json.loads(invoke("card", "goro takemura losing his way", "-f", "json").output))
    assert shown_keys[:len(listed_keys)] == listed_keys
    near = json.loads(invoke("card", "goro", "-f", "json").output)["matches"][0]
    assert list(near) == listed_keys[:len(near)]
