"""Property tests (hypothesis): random legal boards, random action sequences, and what must always hold.

No card is lost or duplicated; the Gig dice are conserved; a Legend is never in an invalid area;
Gear is equipped only while its host is in the field or Legends area; the engine never crashes;
a refused action leaves the state exactly as it was.
"""
from __future__ import annotations

import json
import os
import random

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from judgekit import yaml_data
from judgekit.engine.actions import run_action
from judgekit.engine.context import SeededRandom
from judgekit.engine.state import AREAS, IN_PLAY_AREAS, GameState
from judgekit.engine.trace import ScenarioMismatch
from judgekit.scenario.build import build
from judgekit.scenario.yaml_lines import InputError
from tests.conftest import ROOT

POOL = json.loads((ROOT / "judgekit" / "data" / "cards-wnc.json").read_text(encoding="utf-8"))["cards"]


def _name(card: dict) -> str:
    return f"{card['name']}: {card['subtitle']}" if card["subtitle"] else card["name"]


BY_TYPE = {kind: [_name(c) for c in POOL if c["type"] == kind] for kind in ("Unit", "Gear", "Program", "Legend")}
LEGENDS_BY_NAME = {}
for card in POOL:
    if card["type"] == "Legend":
        LEGENDS_BY_NAME.setdefault(card["name"], _name(card))


EFFECT_CARDS = [
    {"name": "Test Medic", "type": "Unit", "cost": 1, "power": 2, "effects": [
        {"activate": {"pay": 1, "spend": True}, "quick": True, "targets": [{"kind": "Unit"}],
         "do": [{"give": {"card": "target", "power": -3}}]}]},
    {"name": "Test Guardian", "type": "Unit", "cost": 2, "power": 3, "effects": [
        {"replace": "defeated", "affects": "friendly-units", "optional": True, "do": [{"bottom_deck": "this"}]},
        {"persistent": {"power": 1}, "affects": "friendly-units"}]},
    {"name": "Test Plate", "type": "Gear", "cost": 1, "power": 1, "bottom_textbox": {"effects": [
        {"replace": "defeated", "do": [{"defeat": "source"}]}]}},
    {"name": "Test Raider", "type": "Unit", "cost": 2, "power": 11, "effects": [
        {"when": "steals", "do": [{"adjust": {"gig": "stolen", "increase": 1}}]},
        {"when": "spent", "do": [{"trash": 1}]}]},
    {"name": "Test Thief", "type": "Unit", "cost": 1, "power": 5, "effects": [
        {"when": "steals-gigs", "first_time_each_turn": True, "do": [{"steal": {"count": 2}}]},
        {"when": "spent", "modes": [{"do": [{"draw": 1}]}, {"do": [{"trash": 1}]}]},
        {"activate": {"spend": True}, "do": [{"swap": True}]}]},
]
TEST_UNITS = ["Test Medic", "Test Guardian", "Test Raider", "Test Thief"]
BLOCKERS = sorted(_name(c) for c in POOL if c["type"] == "Unit" and "BLOCKER" in c["keywords"])


def unit(rng: random.Random) -> str:
    """A pool Unit, or often one of the effect-carrying test Units or a Unit with [BLOCKER]."""
    roll = rng.random()
    return rng.choice(TEST_UNITS) if roll < 0.4 else rng.choice(BLOCKERS) if roll < 0.55 else \
        rng.choice(BY_TYPE["Unit"])


def gear(rng: random.Random) -> str:
    return "Test Plate" if rng.random() < 0.4 else rng.choice(BY_TYPE["Gear"])


def board(rng: random.Random) -> dict:
    legends = rng.sample(sorted(LEGENDS_BY_NAME.values()), 3)
    dice = ["d4", "d6", "d8", "d10", "d12", "d20"]
    rng.shuffle(dice)
    split = rng.randint(0, 6)
    own = rng.randint(split, 6)
    rivals = [{"card": unit(rng), "label": f"rival-{j}", "spent": rng.random() < 0.6} for j in range(rng.randint(0, 3))]
    if rng.random() < 0.5:  # a ready Unit that can react to an attack: a BLOCKER, or a QUICK effect
        rivals.append({"card": rng.choice(BLOCKERS) if rng.random() < 0.5 else "Test Medic",
                       "label": f"rival-{len(rivals)}", "spent": False})
    return {
        "alice": {
            "hand": [{"card": rng.choice(BY_TYPE[k]), "label": f"hand-{j}"}
                     for j, k in enumerate(rng.choices(["Unit", "Gear", "Program"], k=3))],
            "legends": [{"card": c, "label": f"legend-{j}", "face_up": rng.random() < 0.4, "spent": rng.random() < 0.3}
                        for j, c in enumerate(legends)],
            "field": [{"card": "Test Thief" if j == 0 and rng.random() < 0.3 else unit(rng), "label": f"unit-{j}",
                       "lag": rng.random() < (0.1 if j == 0 else 0.3),
                       "spent": rng.random() < (0.1 if j == 0 else 0.3),
                       "gear": [{"card": gear(rng), "label": f"gear-{j}"}] if rng.random() < 0.4
                       else []} for j in range(rng.randint(0, 3))],
            "eddies": {"ready": rng.randint(0, 6), "spent": rng.randint(0, 2)},
            "deck": rng.randint(0, 4),
            "fixer": dice[:split],
            "gigs": [f"{d}={rng.randint(1, 4)}" for d in dice[split:own]],
        },
        "bob": {
            "field": rivals,
            "deck": rng.randint(0, 4),
            "eddies": rng.randint(0, 3) or rng.randint(0, 1),  # to pay for QUICK reactions
            "gigs": [f"{d}={rng.randint(1, 4)}" for d in dice[own:]],
        },
    }


def _attack(rng: random.Random, players: dict, labels: list[str], dice: tuple[list[str], list[str]]) -> dict:
    """An attack by one of alice's field Units, mostly a legal one: a ready, unlagged Unit at a spent rival Unit
    or a non-empty Gig area, with reactions from bob (BLOCKER blocks, QUICK effects) often scripted."""
    field = players["alice"].get("field", [])
    ready = [u["label"] for u in field if not u["spent"] and not u["lag"]]
    attacker = rng.choice(ready) if ready and rng.random() < 0.9 else rng.choice(labels)
    rivals = players["bob"].get("field", [])
    spent_rivals = [u["label"] for u in rivals if u["spent"]]
    targets = (["gig-area"] if dice[1] else []) + spent_rivals
    target = rng.choice(targets) if targets and rng.random() < 0.9 else rng.choice(labels + ["gig-area"])
    react: list[dict] = []
    blockers = [u["label"] for u in rivals if u["card"] in BLOCKERS and not u["spent"]]
    medics = [u["label"] for u in rivals if u["card"] == "Test Medic" and not u["spent"]]
    if blockers and rng.random() < 0.6:
        react.append({"block": rng.choice(blockers)})
    if medics and rng.random() < 0.6:
        react.append({"quick": rng.choice(medics)})
    out = {"attack": attacker, "target": target}
    if rng.random() < 0.9:
        out["react"] = react
    if react and any("quick" in r for r in react):
        out["targets"] = [rng.choice([attacker] + [u["label"] for u in rivals])]
    if target == "gig-area" and dice[1] and rng.random() < 0.8:
        out["steal"] = [rng.choice(dice[1])]
    return out


def action(rng: random.Random, labels: list[str], dice: tuple[list[str], list[str]] = ([], []),
           players: dict | None = None) -> dict:
    """One random action; `dice`: (alice's, bob's) Gig dice, for scripting Gig choices that can be used."""
    kind = rng.choices(["play", "call", "sell", "move", "defeat", "bottom_deck", "draw", "attack", "pass_turn",
                        "activate", "concede", "steal-run"], weights=[3, 1, 1, 1, 2, 2, 1, 4, 1, 3, 0.2, 2])[0]
    if kind == "steal-run" and dice[1] and rng.random() < 0.5:
        # the first field Unit attacks the Gig area, scripting Gigs for the attack and any effect steal
        return {"attack": "unit-0", "target": "gig-area", "react": [], "steal": [rng.choice(dice[1])],
                "modes": [rng.randint(1, 2)], **({"gigs": [rng.choice(dice[1])]} if rng.random() < 0.5 else {})}
    if kind == "steal-run" and dice[0]:
        return {"activate": "unit-0", "modes": [rng.randint(1, 2)],
                "gigs": [rng.choice(dice[0])] + ([rng.choice(dice[1])] if dice[1] else [])}
    if kind == "steal-run" or (kind == "attack" and players is not None):
        # no Gig to steal or use: an ordinary attack instead (never an action the format does not have)
        return _attack(rng, players, labels, dice) if players is not None else \
            {"attack": rng.choice(labels), "target": "gig-area", "react": []}
    card = rng.choice(labels)
    units = [label for label in labels if label.startswith(("unit-", "rival-"))] or labels
    choices = {"targets": [rng.choice(units)]} if rng.random() < 0.3 else {}
    if rng.random() < 0.2:
        choices["replacements"] = {rng.choice(units): rng.random() < 0.5}
    if rng.random() < 0.1:
        choices["modes"] = [rng.randint(1, 2)]
    if kind == "activate":
        return {"activate": rng.choice(units), **choices}
    if kind == "concede":
        return {"concede": True, "by": rng.choice(["alice", "bob"])}
    if kind == "play":
        out = {"play": card}
        if rng.random() < 0.5:
            out["equip_to"] = rng.choice(labels)
        return out
    if kind == "move":
        return {"move": card, "to": rng.choice(["hand", "trash", "deck-top", "deck-bottom", "removed"]), "by": "bob"}
    if kind == "bottom_deck" and rng.random() < 0.6:
        # several cards together (4.12.3, 11.15): hosts, their own Gear, Legends, cards from hand
        gear_labels = [g for p in (players or {}).values() for u in p.get("field", []) for g in
                       (x["label"] for x in u.get("gear", []))]
        several = rng.sample(labels + gear_labels, k=min(len(labels + gear_labels), rng.randint(2, 4)))
        return {"bottom_deck": several, "by": "bob", **choices}
    if kind in ("defeat", "bottom_deck"):
        return {kind: card, "by": "bob", **choices}
    if kind == "draw":
        return {"draw": rng.randint(1, 3)}
    if kind == "attack":
        react = [{"quick": rng.choice(labels)}] if rng.random() < 0.3 else []
        steal = {"steal": [rng.choice(["d4", "d6", "d8", "d10", "d12", "d20"])]} if rng.random() < 0.5 else {}
        return {"attack": card, "target": rng.choice(labels + ["gig-area"]), "react": react, **steal, **choices}
    if kind == "pass_turn":
        return {"pass_turn": True}
    return {kind: card}


def _cards_everywhere(state: GameState) -> list[str]:
    found = list(state.resolving)
    for player in state.players.values():
        for area in AREAS:
            found += player.area(area)
    for card in state.cards.values():
        found += card.gear
    return found


def check_invariants(state: GameState, dice: int) -> None:
    placed = _cards_everywhere(state)
    assert sorted(placed) == sorted(state.cards), "a card was lost or duplicated"
    assert sum(len(p.fixer) + len(p.gigs) for p in state.players.values()) == dice, "Gig dice not conserved"
    for name, player in state.players.items():
        for area in AREAS:
            for label in player.area(area):
                card = state.cards[label]
                if card.definition.is_type("Legend"):  # valid areas, or removed from the game (4.4.1)
                    assert area in IN_PLAY_AREAS + ("removed",), f"Legend {label} in {area}"
                for g in card.gear:
                    assert area in IN_PLAY_AREAS, f"Gear {g} equipped to {label} in {area}"
                    assert state.cards[g].equipped_to == label
    for card in state.cards.values():
        if card.equipped_to is not None:
            assert card.label in state.cards[card.equipped_to].gear


def run_sequence(seed: int, count: int) -> list[str]:
    """Build and run one random board and action sequence, checking every invariant after each action.

    Returns what the example reached, for `event()` and `measure()`: how far it ran, allowed and refused
    attacks (with which reactions), bottom-decks of several cards.
    """
    rng = random.Random(seed)
    players = board(rng)
    labels = [c["label"] for p in players.values() for area in ("hand", "legends", "field") for c in p.get(area, [])]
    labels = labels or ["legend-0"]
    dice = tuple([g.split("=")[0] for g in players[p].get("gigs", [])] for p in ("alice", "bob"))
    actions = [action(rng, labels, dice, players) for _ in range(count)]
    text = yaml_data.dump({"scenario": "random", "seed": seed, "cards": EFFECT_CARDS, "players": players,
                           "actions": actions})
    try:
        built = build(text, "random.yaml")
    except InputError:
        return ["not built: the format rejects an action"]  # e.g. a Gear given as an attacker's target
    reached = ["built"]
    state = built.state
    dice = sum(len(p.fixer) + len(p.gigs) for p in state.players.values())
    check_invariants(state, dice)
    dice_rng = SeededRandom(seed)
    for index, act in enumerate(built.actions):
        try:
            after, outcome = run_action(state, act, dice_rng, seed, index)
        except ScenarioMismatch:
            return reached + ["stopped: a scripted choice or `from` does not match"]
        if not outcome.allowed:
            assert after is state, "a refused action changed the state"
        check_invariants(after, dice)
        reached += _what_ran(act, outcome)
        if any(step.kind == "await" for step in outcome.steps):
            return reached + ["stopped: awaits a choice"]
        state = after
    return reached + ["ran every action"]


def _what_ran(act, outcome) -> list[str]:
    if act.kind == "attack":
        if not outcome.allowed:
            return ["attack refused"]
        kinds = sorted({r[0] for r in act.reactions or ()})
        return ["attack allowed"] + [f"attack allowed with a {k} reaction" for k in kinds]
    if act.kind == "bottom_deck" and outcome.allowed and len(act.cards) > 1:
        return ["several cards bottom-decked together"]
    return []


EXAMPLES = int(os.environ.get("JUDGEKIT_PROPERTY_EXAMPLES", "150"))  # a long run: JUDGEKIT_PROPERTY_EXAMPLES=5000


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31 - 1), count=st.integers(min_value=1, max_value=5))
def test_random_action_sequences_keep_every_invariant(seed, count):
    for reached in dict.fromkeys(run_sequence(seed, count)):
        event(reached)


def test_the_generator_reaches_the_engine():
    """Most examples build and run; allowed attacks, reactions and multi-card bottom-decks all occur."""
    found = measure(60)
    assert found["built"] >= 0.9 and found["attack allowed"] >= 0.05
    assert found["attack allowed with a block reaction"] > 0 and found["attack allowed with a quick reaction"] > 0
    assert found["several cards bottom-decked together"] > 0


def measure(n: int, first_seed: int = 0) -> dict[str, float]:
    """The fraction of `n` examples (seeds from `first_seed`, 1-5 actions) that reached each outcome."""
    counts: dict[str, int] = {}
    for seed in range(first_seed, first_seed + n):
        for reached in set(run_sequence(seed, 1 + seed % 5)):
            counts[reached] = counts.get(reached, 0) + 1
    return {key: counts[key] / n for key in sorted(counts)}


if __name__ == "__main__":  # python -m tests.test_invariants [N]: the fractions, for the report
    import sys
    for key, fraction in measure(int(sys.argv[1]) if len(sys.argv) > 1 else 1000).items():
        print(f"{fraction:7.1%}  {key}")
