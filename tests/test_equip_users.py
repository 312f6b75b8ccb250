"""The cards resting on Equip (11.6 in 2026-08) are found by what their shipped effects do or read, not by name: a
Gear put into play onto a host equips it (11.6.1); a requirement or a count of equipped/unequipped cards or of the
Gear on a card reads the definitions of equipped (11.6.2) and unequipped (11.6.3). Expected from the printed texts."""
from __future__ import annotations

import json

from tests.entry_point import EntryPointRunner as CliRunner

from judgekit.cli import app

runner = CliRunner()
EQUIPS = {"Viktor Vektor: You Might Feel a Little Pinch", "River Ward: Detective on the Hunt"}
READS_EQUIPPED = {"Cyberpsychosis", "Royce: Psycho on the Edge", "Maelstrom Goons", "Alt Cunningham: Mother of Daemons",
                  "Dum Dum: Maelstrom Triggerman"}
READS_UNEQUIPPED = {"Maman Brigitte: Spirit of Death"}


def cards(number: str) -> set[str]:
    done = runner.invoke(app, ["rule", number, "--edition", "2026-08", "--used-by", "-f", "json"])
    assert done.exit_code == 0, done.output
    return {c["card"] for c in json.loads(done.output)["cards"]}


def test_equip_lists_the_cards_that_equip_or_read_equipped():
    assert EQUIPS | READS_EQUIPPED | READS_UNEQUIPPED <= cards("11.6")


def test_each_sub_rule_lists_the_cards_resting_on_it():
    assert EQUIPS <= cards("11.6.1")
    assert READS_EQUIPPED <= cards("11.6.2")
    assert READS_UNEQUIPPED <= cards("11.6.3")
    assert "Mantis Blades" not in cards("11.6.2")  # a Gear is equipped; it does not read whether a card is
