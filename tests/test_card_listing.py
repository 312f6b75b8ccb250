"""`judgekit cards`: the JSON tells the power as printed beside the number queries compare (from the published card
list, read directly), and the count line agrees with its number."""
from __future__ import annotations

import json

from tests.test_card_query import printed, full  # noqa: F401  (the fixture reading ../shared/reference)
from tests.entry_point import invoke


def test_a_power_printed_with_a_plus_is_in_the_json_beside_the_number(printed):  # noqa: F811
    plus = {full(c): c["power"] for c in printed if isinstance(c["power"], str) and c["power"].endswith("+")}
    assert len(plus) == 6
    data = json.loads(invoke("cards", "-f", "json", "power>=0").output)
    shown = {c["name"]: (c["power"], c["printed_power"]) for c in data["cards"] if c["name"] in plus}
    assert shown == {name: (int(power[:-1]), power) for name, power in plus.items()}
    recruits = next(c for c in data["cards"] if c["name"] == "6th Street Recruits")
    assert str(recruits["power"]) == recruits["printed_power"]


def test_one_card_matches_and_several_cards_match():
    assert invoke("cards", "n:losing").output.startswith("1 card matches 'n:losing'")
    assert invoke("cards", "n:goro").output.startswith("3 cards match 'n:goro'")
