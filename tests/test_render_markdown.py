"""The `-f md` write-up: a disputed ruling or a missed expectation is never presented as settled."""
from __future__ import annotations

from tests.entry_point import EntryPointRunner as CliRunner

from judgekit.cli import app
from tests.conftest import SCENARIOS

CONTESTED = SCENARIOS / "contested" / "gear-of-a-bottom-decked-legend.yaml"
EXAMPLE = SCENARIOS / "examples" / "legend-returned-to-hand.yaml"
runner = CliRunner()


def write_up(path) -> tuple[int, str]:
    done = runner.invoke(app, ["run", str(path), "-f", "md"])
    return done.exit_code, done.output


def test_a_contested_ruling_names_every_reading_its_holder_and_the_one_followed():
    code, out = write_up(CONTESTED)
    assert code == 0
    assert out.index("**Disputed ruling.**") < out.index("**Question.**")
    assert "judgekit follows the Comprehensive Rules read literally (4.12.2)" in out
    contested = out.split("**Contested.**")[1].split("**Afterwards.**")[0]
    literal, table = contested.split("\n- **")[1:3]
    assert literal.startswith("the Comprehensive Rules read literally (4.12.2)**")
    assert "stays wherever it was moved to" in literal and "*judgekit follows this reading.*" in literal
    assert table.startswith("a common table call**") and "judgekit's ruling differs from this reading" in table
    assert "deck.count: expected 5 cards, got 6" in table and "line " not in table


def test_a_contested_ruling_that_judgekit_follows_none_of_is_unsettled(tmp_path):
    text = CONTESTED.read_text(encoding="utf-8").replace("deck: {count: 6, bottom: [Mantis Blades]}",
                                                         "deck: {count: 4}")
    path = tmp_path / "none.yaml"
    path.write_text(text, encoding="utf-8")
    code, out = write_up(path)
    assert code == 1
    assert "2 readings are on record; judgekit follows none of them" in out
    assert "follows none of these readings: treat it as unsettled" in out
    assert "*judgekit follows this reading.*" not in out


def test_a_failed_expectation_is_in_the_write_up(tmp_path):
    path = tmp_path / "wrong.yaml"
    path.write_text(EXAMPLE.read_text(encoding="utf-8").replace("hand: [Mantis Blades]", "hand: []"),
                    encoding="utf-8")
    code, out = write_up(path)
    assert code == 1
    assert out.index("**Unexpected result.**") < out.index("**Question.**")
    missed = out.split("**Expected answer not met.**")[1].split("**Afterwards.**")[0]
    assert "- expect.areas.alice.hand: expected [], got ['Mantis Blades']" in missed


def test_a_settled_ruling_carries_no_caution():
    code, out = write_up(EXAMPLE)
    assert code == 0
    for caution in ("Disputed ruling", "Unexpected result", "Contested", "Expected answer not met"):
        assert caution not in out
