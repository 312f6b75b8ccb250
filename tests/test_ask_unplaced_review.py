"""`judgekit ask` at the table (review H): a question naming a card nobody stated is told so, as the same line
without `?` is; a question asked while an effect's choice waits is not read as that choice's answer; a Program's
name said as the verb (`detonate gorilla`) plays it on the card named. Each expectation comes from the rules
(2026-08 numbering) or the printed card text, written before judgekit was run."""
from __future__ import annotations

import pytest

from judgekit.ask.session import Session


def session_after(*lines: str) -> tuple[Session, list[str]]:
    session = Session("2026-08")
    return session, [session.handle(line) for line in lines]


@pytest.mark.parametrize("asked, missing", [("can valentino attack corpo?", "valentino"),
                                            ("can voodoo attack corpo", "voodoo"),
                                            ("can bob call padre?", "padre")])
def test_a_question_naming_a_card_not_on_the_board_says_so(asked, missing):
    """The card asked about is on no area of the board, so there is nothing to rule on: the answer says which word
    names no card there and how to state it; it said only "neither a command nor an option"."""
    _, said = session_after("bob field corpo", asked)
    assert "error: no card" in said[-1] and f"{missing!r}" in said[-1] and "on the board" in said[-1], said[-1]


def test_a_question_while_a_choice_waits_is_not_its_answer():
    """Padre: Man of the Cross, Called as a reaction (9.8), spends a rival Unit: while bob chooses which, nothing
    else is done (10.2.3, 9.11). `bob calls dexter` (read `can bob call dexter`) was cut to `bob call dexter` as
    the choice's answer, since the waiting prompt says "can", and refused as no command."""
    _, said = session_after("alice field psycho", "alice field goons", "bob gigs d6=4", "bob legends padre",
                            "bob legends dexter off", "bob eddies 2", "psycho attacks gigs", "bob calls padre", "1",
                            "bob calls dexter")
    assert "neither a command" not in said[-1] and "a choice waits to be answered first" in said[-1], said[-1]


@pytest.mark.parametrize("typed, allowed", [("detonate mantis", True), ("can he detonate gorilla?", False),
                                            ("bob detonate mantis", True)])
def test_a_quick_programs_name_said_as_its_verb(typed, allowed):
    """Detonate: "QUICK: Defeat a rival Gear with power 2 or less", played as bob's reaction (9.10): Mantis Blades
    (power 2) may be its target, Gorilla Arms (power 3) may not. `detonate mantis` was no command."""
    session, said = session_after("alice field psycho", "gear mantis on psycho", "alice field rockn",
                                  "gear gorilla on rockn", "bob gigs d6=4", "bob hand detonate", "bob eddies 2",
                                  "psycho attacks gigs", typed)
    reading = "Read as `quick: detonate, targets: [" + ("gorilla" if "gorilla" in typed else "mantis") + "]`"
    assert said[-1].startswith(reading), said[-1]
    assert ("refused" not in said[-1]) == allowed, said[-1]
