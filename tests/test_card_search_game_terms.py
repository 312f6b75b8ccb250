"""`o:WORD` finds the cards whose printed text (the published card list, read at test time; reminder text in
parentheses left aside) uses the game's own term, though judgekit ships its own wording: the terms are read from
each card's effect data (judgekit/cards/terms.py)."""
from __future__ import annotations

import re

import pytest

from judgekit.cards.query import search
from judgekit.scenario.pool import real_cards
from tests.test_card_query import full, printed  # noqa: F401  (the fixture reading ../shared/reference)

FORMS = {"steal": "steal|stole"}


def printed_with(cards: list[dict], term: str) -> set[str]:
    words = r"[\s-]+".join(f"(?:{FORMS.get(w, w)})" for w in term.split())
    return {full(c) for c in cards if re.search(rf"(?<![\w-]){words}", re.sub(r"\([^)]*\)", " ", c["text"]), re.I)}


def found(query: str) -> set[str]:
    return {c.full_name for c in search(query, real_cards())}


@pytest.mark.parametrize("term", ["equipped", "unequipped", "increase", "decrease", "value-pair", "min gig",
                                  "max gig", "attack", "steal", "rival", "gig"])
def test_the_cards_printing_a_game_term_are_found_by_it(printed, term):  # noqa: F811
    wanted = printed_with(printed, term)
    assert wanted, term
    assert wanted <= found(f'o:"{term}"'), sorted(wanted - found(f'o:"{term}"'))


@pytest.mark.parametrize("term", ["equipped", "unequipped", "increase", "decrease", "value-pair", "min gig", "attack",
                                  "steal"])
def test_and_no_other_card(printed, term):  # noqa: F811
    assert found(f'o:"{term}"') == printed_with(printed, term)


def test_friendly_play_and_face_down_legend(printed):  # noqa: F811
    """Reboot Optics' friendly Unit is the one a rival Unit fights: its data names it `opponent` of a rival fighter."""
    assert printed_with(printed, "friendly") <= found("o:friendly")
    assert printed_with(printed, "play") <= found("o:play")  # "Play this Unit for -1 €$ for each ..." too
    assert {"Zetatech Berserk", "Octant", "MaxTac Heavy", "Nadia: Fighting Through Grief"} <= found("o:play")
    assert printed_with(printed, "face-down legend") <= found('o:"face-down legend"')
    assert "Chrome Reverie" not in found('o:"face-down legend"')  # its Legend is Called: "face-down" is unsaid
    assert "Tyger's Whisper" not in found('o:"face-down legend"')  # its Legend is Called, in our wording too
    assert "Safety Override" in found("o:rival")  # the Unit a friendly Unit fought is a rival one


def test_an_irregular_form_finds_the_others(printed):  # noqa: F811
    steal = printed_with(printed, "steal")
    assert {"Delamain Cab", "Alt Cunningham: Mother of Daemons"} <= steal
    assert found("o:stole") == found("o:stolen") == found("o:steals") == found("o:steal") == steal


def test_a_price_set_by_a_condition_is_searched_and_shown_with_its_condition():
    """We Gotta Live Together plays for 3 €$ while a Rival has 2 or more Gigs beyond yours (FAQ: the price, not
    the cost, changes): `o:gig` finds it, and `judgekit card` says the price and when it applies."""
    from tests.entry_point import EntryPointRunner
    from judgekit.cli import app
    assert "We Gotta Live Together" in found("o:gig t:program")
    out = " ".join(EntryPointRunner().invoke(app, ["card", "We Gotta Live Together"]).output.split())
    assert "played for 3 €$ in place of its cost while a Rival's Gigs outnumber yours by 2 or more" in out
