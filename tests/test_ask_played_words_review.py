"""`judgekit ask` words (review H): a card said played this turn but stated nowhere is told where to state it (a
Program resolved is in the trash, 4.14.2); a target refused says which cards the engine would choose in one
sentence. Expectations written before judgekit was run."""
from __future__ import annotations

from judgekit.ask.session import Session


def said_after(*lines: str) -> str:
    session = Session("2026-08")
    return [session.handle(line) for line in lines][-1]


def test_a_program_said_played_but_not_stated_is_told_to_be_stated_in_the_trash():
    """`alice played floor it` with no Floor It on the board said only "no card 'floor it' on the board"."""
    said = said_after("alice played floor it")
    assert "`alice trash floor it`" in said and "then `played LABEL`" in said, said


def test_the_engines_only_choices_are_one_sentence():
    """Unlikely Bond bottom-decks a ready friendly Unit, then a spent rival one: Corpo Security is ready, so it can't
    be the second (10.31); with no target named, Psycho Squad and Maelstrom Goons are each the only choice. The
    choices were joined as "option.; alice chooses"."""
    said = said_after("alice hand unlikely bond", "alice eddies 4", "alice field psycho", "bob field goons spent",
                      "bob field corpo", "play unlikely on corpo")
    assert ".;" not in said and "the only option; alice chooses" in said, said
