"""A lasting change said in words (10.23, review H): what a card may or may not do is said as such ("can't attack
until ...", "can attack units while lagging this turn"), not as a thing it "gets" ("gets can't attack"); a power or
a keyword is still gotten."""
from __future__ import annotations

from judgekit.ask.session import Session


def said_after(*lines: str) -> str:
    session = Session("2026-08")
    return [session.handle(line) for line in lines][-1]


def test_a_permission_is_said_as_one():
    """Johnny Silverhand: Rocking Renegade lets a friendly Unit attack spent rival Units the turn it is played."""
    said = said_after("alice legends johnny rocking faceup", "alice eddies 2", "alice field psycho",
                      "alice played psycho", "bob field goons spent", "use johnny on psycho")
    assert "Psycho Squad [psycho] can attack units while lagging this turn (from Johnny" in said, said
    assert "gets can" not in said


def test_a_restriction_is_said_as_one():
    """Chrome Reverie: a rival Unit can't attack until its player's next turn."""
    said = said_after("alice hand chrome reverie", "alice eddies 3", "bob field goons", "play chrome on goons")
    assert "Maelstrom Goons [maelstrom] can't attack until alice's next turn" in said and "gets can't" not in said, said
