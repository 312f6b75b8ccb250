"""`judgekit ask` at the table (review H): a Legend played with GO SOLO on the target of its PLAY effect, said as
players say it. Adam Smasher: Ender of Legends prints GO SOLO and "PLAY: Defeat a rival Unit"; GO SOLO plays it to
the field, so its PLAY effect triggers (official FAQ, Adam Smasher). Expectations written before judgekit was
run."""
from __future__ import annotations

import pytest

from judgekit.ask.session import Session


@pytest.mark.parametrize("typed", ["play adam go solo on rockn", "adam goes solo on rockn",
                                   "can adam go solo on rockn?", "play adam with go solo on rockn"])
def test_go_solo_on_the_play_effects_target(typed):
    """It was read as `play: adam go solo, equip_to: rockn` (a Gear's host), or not read at all."""
    session = Session("2026-08")
    for line in ("alice legends adam ender faceup", "alice eddies 9", "bob field psycho", "bob field rockn"):
        session.handle(line)
    said = session.handle(typed)
    assert said.startswith("Read as `play: adam, go_solo: true, targets: [rockn]`"), said
    assert "Rockn' Rockerboy [rockn] defeated" in said and "equip_to" not in said, said


@pytest.mark.parametrize("typed", ["can adam go solo and kill rockn?", "adam goes solo and defeats rockn"])
def test_go_solo_and_the_defeat_it_plays(typed):
    """`can adam go solo and kill rockn?` was read as whether `adam go solo and` beats Rockn, an error: its PLAY
    effect defeats a rival Unit, so the defeat said after GO SOLO names that effect's target."""
    session = Session("2026-08")
    for line in ("alice legends adam ender faceup", "alice eddies 9", "bob field psycho", "bob field rockn"):
        session.handle(line)
    said = session.handle(typed)
    assert said.startswith("Read as `play: adam, go_solo: true, targets: [rockn]`"), said
    assert "Rockn' Rockerboy [rockn] defeated" in said, said
