"""The board as `judgekit run` prints it: what is in play there is what `GameState.in_play` counts (5.6.2.2, 5.7,
and Gear equipped to a card there, 4.10.2, 4.12)."""
from __future__ import annotations

from tests.conftest import ROOT
from tests.entry_point import invoke


def test_a_lasting_change_on_an_equipped_gear_is_listed_under_the_board():
    """Hone gives the equipped Mantis Blades +1 power this turn (10.23, 3.17.3.3): the Gear is in play, so the
    change is listed with the board's lasting effects, as the Markdown and HTML write-ups list it."""
    done = invoke("run", str(ROOT / "scenarios/review/276-a-gear-made-stronger-by-an-effect-makes-its-host-stronger.yaml"))
    assert done.exit_code == 0, done.output
    assert "Lasting effect: blades: +1 power this turn (from Hone)" in done.output
