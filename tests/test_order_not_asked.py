"""An `order:` scripted for pending effects whose order judgekit does not ask, as no order of them can change
anything (10.12): still an input error (the file would otherwise change meaning silently), but one saying so, and
what to remove, not "the ruling asked for only 1"."""
from __future__ import annotations

from tests.conftest import SCENARIOS
from tests.entry_point import invoke

ALIKE = SCENARIOS / "review" / "1802-two-units-alike-choose-one-effects-need-no-order.yaml"
COPIES = SCENARIOS / "review" / "265-defeat-all-rival-units-sets-off-a-watcher-once-per-defeat-10.16.3.yaml"


def _with(tmp_path, source, after: str, added: str):
    text = source.read_text(encoding="utf-8")
    assert after in text
    path = tmp_path / source.name
    path.write_text(text.replace(after, after + added, 1), encoding="utf-8")
    return path


def test_an_order_for_two_cards_alike_effects_says_no_order_was_asked_and_what_to_remove(tmp_path):
    """Two Units' "at the end of your turn, choose one: draw 1, or draw 2": alike, about no card, so the order is
    not asked (10.12); scripting it is refused as unused, in those words."""
    path = _with(tmp_path, ALIKE, "    modes: [1, 2]\n", "    order: [bike, drone]\n")
    done = invoke("run", path)
    assert done.exit_code == 2
    assert "actions.0.order:" in done.stderr and "asked for only" not in done.stderr
    assert "alice's 2 pending effects" in done.stderr and "never asked for one" in done.stderr
    assert "cannot change anything (10.12)" in done.stderr and "remove `order:` from this action" in done.stderr


def test_an_order_for_two_copies_of_one_effect_says_the_same(tmp_path):
    """Vulture's "when a Unit is defeated, draw 1" pending twice (10.16.3): the copies do the same thing."""
    path = _with(tmp_path, COPIES, "  - play: Purge\n", "    order: [vul, vul]\n")
    done = invoke("run", path)
    assert done.exit_code == 2 and "asked for only" not in done.stderr
    assert "they do the same thing, so their order cannot change anything (10.12)" in done.stderr
    assert "the `order:` entry is not used: remove `order:` from this action" in done.stderr
