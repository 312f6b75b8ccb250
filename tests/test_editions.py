"""Rule editions: the user's edition (default) and 2026-08; inferred numbers are marked as such."""
from __future__ import annotations


def test_the_users_edition_is_the_default(book):
    assert book.default_edition == "user"


def test_seed_confirmed_numbers_in_the_users_edition(book):
    assert book.number("equip", "user") == ("11.9", True)
    assert book.number("call-a-legend", "user") == ("11.14", True)
    assert book.number("bottom-deck", "user") == ("11.15", True)
    assert book.number("lag", "user") == ("11.3", True)
    assert book.number("cost-value", "user") == ("3.11", True)
    assert book.number("removed-from-game", "user") == ("5.13", True)
    assert book.number("legends.invalid-area-removed", "user") == ("4.4.1", True)


def test_2026_08_numbers_chapter_11_its_own_way(book):
    assert book.number("equip", "2026-08") == ("11.6", True)
    assert book.number("call-a-legend", "2026-08") == ("11.11", True)
    assert book.number("bottom-deck", "2026-08") == ("11.12", True)
    assert book.number("pay", "2026-08") == ("11.8", True)


def test_numbers_the_seed_does_not_state_are_inferred(book):
    assert book.number("play", "user") == ("11.4", False)
    assert book.number("pay", "user") == ("11.11", False)
    assert book.number("call-a-legend.once-per-turn", "user") == ("11.14.2", False)
    assert book.number("hand", "user")[1] is False


def test_lookup_by_number_depends_on_the_edition(book):
    assert book.find("11.14", "user").id == "call-a-legend"
    assert book.find("11.11", "2026-08").id == "call-a-legend"
    assert book.find("11.11", "user").id == "pay"
    assert book.find("11.6", "user") is None or book.find("11.6", "user").id != "equip"


def test_every_edition_numbers_every_rule_once(book):
    for edition in book.editions.values():
        numbers = [edition.number_for(book.entries[i].number)[0] for i in book.order]
        assert len(numbers) == len(set(numbers)), edition.name


def test_unknown_numbers_suggest_the_nearest(book):
    assert "4.4" in book.nearest("4.4.7", "user")
