"""`judgekit ask` (review K): the board's line for a lasting change says it as the ruling does (10.23). Synapse
Burnout's power counts only while its Unit fights rival Units (9.16.1, 9.29); Mox Inciters makes a rival Unit attack
during its controller's next turn if it can. Expectations written from the printed text before judgekit was run."""
from __future__ import annotations

from judgekit.ask.session import Session


def board_after(*lines: str) -> str:
    session = Session("2026-08")
    for line in lines:
        said = session.handle(line)
        assert not said.startswith("error"), (line, said)
    return next(line for line in session.handle("board").splitlines() if line.startswith("Lasting:"))


def test_power_only_while_fighting_is_said_so():
    """Two face-up Legends: +2, but only in its fights this turn; it was shown as '+2 power this turn', as if it
    counted everywhere (a steal, a 'power N or less' target)."""
    said = board_after("alice field psycho squad", "alice hand synapse burnout", "alice eddies 2",
                       "alice legends saburo face-up, evelyn face-up", "play synapse burnout on psycho")
    assert "gets +2 power while fighting, this turn" in said, said


def test_an_obligation_to_attack_is_said_so():
    """Mox Inciters on Bob's Goons: it must attack if it can; it was shown as 'gets +0 power'."""
    said = board_after("alice field mox inciters", "alice hand mox inciters", "alice eddies 9",
                       "bob field maelstrom goons", "play mox inciters on goons")
    assert "must attack if it can" in said and "+0 power" not in said, said


def test_two_restrictions_and_power_read_as_a_list():
    """A change giving power and two restrictions: "gets +2 power, can't attack and can't ready"; it read "gets +2
    power and can't attack, can't ready"."""
    said = board_after("alice field psycho squad", "psycho power +2 and can't attack and can't ready this turn")
    assert "gets +2 power, can't attack and can't ready this turn" in said, said
