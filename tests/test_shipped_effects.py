"""The card effects judgekit ships (judgekit/data/card-effects.yaml): real cards, our own words."""
from __future__ import annotations

import json
import re

import pytest

from judgekit import yaml_data
from judgekit.scenario.build import EFFECT_REFS
from judgekit.scenario.pool import real_cards, shipped_effects, unshipped_cards
from tests.conftest import ROOT, rule_of, scenario

PRINTED = ROOT.parent / "shared" / "reference" / "cards-wnc.json"


def test_every_shipped_entry_names_a_pool_card_and_gives_it_effects():
    names = {card.full_name: card for card in real_cards()}
    for name, spec in shipped_effects().items():
        assert name in names, f"{name!r} is not a pool card"
        card = names[name]
        has_effects = bool(card.effects or card.top_effects or card.bottom_effects or card.play_cost)
        assert has_effects == (spec.printed_text == "effects"), name
        assert bool(card.keywords or card.bottom_keywords) == (spec.printed_text == "keywords-only") or \
            spec.printed_text == "effects", name
        assert bool(spec.note) == (spec.printed_text == "unknown"), name


@pytest.mark.skipif(not PRINTED.exists(), reason="the published card text (../shared) is not beside this checkout")
def test_a_card_shipped_without_text_has_none_or_is_unverified():
    printed = {(c["name"] + (f": {c['subtitle']}" if c["subtitle"] else "")): c
               for c in json.loads(PRINTED.read_text(encoding="utf-8"))["cards"]}
    for name, spec in shipped_effects().items():
        card = printed[name]
        if spec.printed_text == "none":
            assert card["text"] == "" and card["verified"], name
        if spec.printed_text == "unknown":
            assert card["text"] == "" and not card["verified"], name
        if spec.printed_text == "keywords-only":
            assert card["keywords"] and all(line.split(" (")[0] in card["keywords"] or line.startswith("(")
                                            for line in card["text"].splitlines()), name


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9€$+-]+", text.lower())


@pytest.mark.skipif(not PRINTED.exists(), reason="the published card text (../shared) is not beside this checkout")
def test_shipped_effect_texts_are_our_own_words():
    printed = {(c["name"] + (f": {c['subtitle']}" if c["subtitle"] else "")): _words(c["text"])
               for c in json.loads(PRINTED.read_text(encoding="utf-8"))["cards"]}
    for name, spec in shipped_effects().items():
        effects = spec.effects + (spec.top_textbox.effects if spec.top_textbox else []) + \
            (spec.bottom_textbox.effects if spec.bottom_textbox else [])
        runs = {" ".join(printed[name][i:i + 5]) for i in range(len(printed[name]) - 4)}
        texts = [effect.text for effect in effects] + [mode.text for effect in effects for mode in effect.modes]
        for text in texts:
            ours = _words(text)
            copied = [" ".join(ours[i:i + 5]) for i in range(len(ours) - 4) if " ".join(ours[i:i + 5]) in runs]
            assert not copied, f"{name}: {copied[0]!r} is the printed wording"


def _links(value, verb: str) -> list[dict]:
    """Every `verb` instruction's argument in a shipped card's effects, nested ones included."""
    if isinstance(value, dict):
        own = [value[verb]] if isinstance(value.get(verb), dict) else []
        return own + [a for v in value.values() for a in _links(v, verb)]
    if isinstance(value, list):
        return [a for v in value for a in _links(v, verb)]
    return []


@pytest.mark.skipif(not PRINTED.exists(), reason="the published card text (../shared) is not beside this checkout")
def test_a_ruling_says_if_you_do_only_for_a_card_that_prints_it():
    """An `if_you_do` with a `then` and no `part` of its own is said "the 'if you do' part" in a ruling: only a card
    printing "if you do" may use it so; any other names the part (`part`), or prints no link (`part: ""`)."""
    printed = {(c["name"] + (f": {c['subtitle']}" if c["subtitle"] else "")): c["text"].lower()
               for c in json.loads(PRINTED.read_text(encoding="utf-8"))["cards"]}
    raw = yaml_data.load((ROOT / "judgekit" / "data" / "card-effects.yaml").read_text(encoding="utf-8"))
    for entry in raw:
        said = [arg for arg in _links(entry, "if_you_do") if arg.get("then") and arg.get("part") is None]
        assert not said or "if you do" in printed[entry["card"]], f"{entry['card']} prints no \"if you do\""


def _refs(value) -> list[str]:
    if isinstance(value, dict):
        return [r for key, v in value.items() for r in ([v] if key in ("card", "gear", "actor") and isinstance(v, str)
                                                        else _refs(v))]
    if isinstance(value, list):
        return [r for v in value for r in _refs(v)]
    return []


def test_shipped_effects_name_no_board_labels():
    raw = yaml_data.load((ROOT / "judgekit" / "data" / "card-effects.yaml").read_text(encoding="utf-8"))
    for entry in raw:
        for key in ("effects", "top_textbox", "bottom_textbox"):
            for effect in (entry.get(key) or {}).get("effects", []) if key != "effects" else entry.get(key, []):
                for instruction in effect.get("do", []) + [i for m in effect.get("modes", []) for i in m["do"]]:
                    ((verb, arg),) = instruction.items()
                    refs = [arg] if isinstance(arg, str) and verb not in ("draw", "trash") else _refs(arg)
                    assert all(r in EFFECT_REFS for r in refs), f"{entry['card']}: {verb} names {refs}"


def test_a_scenario_may_still_redefine_a_shipped_card():
    built = scenario("""
    scenario: t
    cards:
      - {name: Corpo Security, type: Unit, cost: 2, power: 2}
    players:
      alice: {field: [Corpo Security]}
      bob: {gigs: [d6=1]}
    """)
    assert built.state.cards["Corpo Security"].definition.effects == ()


def test_shipped_corpo_security_cannot_attack():
    _, result, _ = rule_of("""
    scenario: t
    players:
      alice: {field: [Corpo Security]}
      bob: {gigs: [d6=1]}
    actions:
      - {attack: Corpo Security, target: gig-area}
    """)
    assert not result.outcomes[0].allowed
    # 9.3.1: only a Unit able to attack is picked, so its text contradicts no rule (not 2.5); no effect says it
    # can, so "can't beats can" (2.6) is not what decides either
    cites = result.outcomes[0].refusal.cites
    assert cites[0] == "attack.declare.choose-attacker"
    assert "golden.card-beats-rules" not in cites and "golden.cant-beats-can" not in cites


def test_the_card_command_shows_facts_and_shipped_effects():
    from tests.entry_point import EntryPointRunner as CliRunner

    from judgekit.cli import app
    shown = CliRunner().invoke(app, ["card", "Floor It", "-f", "json"])
    assert shown.exit_code == 0, shown.output
    data = json.loads(shown.output)
    assert data["cost"] == 1 and data["keywords"] == ["QUICK"]
    assert data["effects"]["effects"][0]["when"] == "resolve"
    plain = CliRunner().invoke(app, ["card", "Emergency Atlus"])
    assert "It has no rules text" in plain.output
    unshipped = sorted(unshipped_cards())
    if unshipped:
        assert "No shipped effects" in CliRunner().invoke(app, ["card", unshipped[0]]).output
    missing = CliRunner().invoke(app, ["card", "Qwzx Vvq"])
    assert missing.exit_code == 2
