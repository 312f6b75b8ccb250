"""`judgekit ask` at the table: answers that were right but said as a scripting error or without their parts.
Detonate prints "QUICK: Defeat a rival Gear with power 2 or less"; a Gear in its player's hand is not in play, so it is
no option (10.31), and with none in play the effect does nothing (10.7). Expectations written before judgekit was
run."""
from __future__ import annotations

import pytest

from judgekit.ask.session import Session


@pytest.mark.parametrize("typed", ["can he detonate mantis?", "detonate mantis"])
def test_a_target_out_of_play_with_no_legal_option_is_refused_in_words(typed):
    """It was `targets scripts 'mantis', but the ruling never needed that choice`: a scripting error."""
    session = Session("2026-08")
    for line in ("alice field psycho", "bob hand mantis", "bob hand detonate", "bob eddies 3", "turn bob"):
        session.handle(line)
    said = session.handle(typed)
    assert not said.startswith("error") and "scripts" not in said, said
    assert "Mantis Blades [mantis] can't be chosen for Detonate [detonate]'s effect: it is not in play" in said, said
    assert "Mantis Blades [mantis] is in bob's hand" in said and "10.7" in said, said


def test_power_asked_mid_fight_names_its_parts():
    """Synapse Burnout prints "+1 power for each friendly face-up Legend while fighting rival Units this turn": with two
    face-up Legends, Psycho Squad (6 printed) has 8 throughout the Fight Step (9.16.1), Caliber's DEFEATED discard
    waiting there too. The answer gave 8 without saying of what."""
    session = Session("2026-08")
    for line in ("alice field psycho squad", "alice hand synapse burnout, floor it, detonate",
                 "alice legends v streetkid faceup", "alice legends goro hands faceup", "alice eddies 1",
                 "bob field caliber spent", "play synapse on psycho", "psycho attacks caliber", "no block"):
        assert not session.handle(line).startswith("error"), line
    said = session.handle("what's psycho's power?")
    assert said == "Psycho Squad [psycho] has 8 power now: 6 printed, +2 while fighting (Synapse Burnout [synapse]).", \
        said
