"""`judgekit ask` at the table (review H): a target named with its player's possessive, as players say it (`on her
psycho`, `on bobs goons`). Wild in the Streets: "Defeat a spent Unit" (either player's). Expectations written
before judgekit was run."""
from __future__ import annotations

import pytest

from judgekit.ask.session import Session


@pytest.mark.parametrize("typed, target", [("play wild on my psycho", "psycho"),
                                           ("can she play wild on her psycho?", "psycho"),
                                           ("play wild on bobs goons", "maelstrom"),
                                           ("play wild on bob's goons", "maelstrom")])
def test_a_target_named_with_its_players_possessive(typed, target):
    """Both Units are spent, so either may be chosen (10.31); it was refused as "no card labelled or named 'my
    psycho'" (or 'bobs goons')."""
    session = Session("2026-08")
    for line in ("alice hand wild", "alice eddies 5", "alice field psycho spent", "bob field goons spent"):
        session.handle(line)
    said = session.handle(typed)
    assert said.startswith("Read as `play: wild, targets: [") and "error" not in said, said
    assert f"[{target}] is defeated" in said, said
