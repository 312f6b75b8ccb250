"""Golden rulings: the full recorded ruling of a scenario, kept beside it as NAME.ruling.json.

`judgekit check --update` writes them; a later check compares the new ruling with the recorded
one and shows the difference as a readable line diff of the trace and board.
"""
from __future__ import annotations

import difflib
import json
from pathlib import Path


def path_for(scenario: Path) -> Path:
    return scenario.with_name(scenario.stem + ".ruling.json")


def normalised(scenario: Path, data: dict) -> dict:
    """The ruling as recorded: the scenario's file is named without its folder, so a moved corpus still matches."""
    out = json.loads(json.dumps(data))
    out["scenario"]["file"] = scenario.name
    return out


def write(scenario: Path, data: dict) -> Path:
    path = path_for(scenario)
    path.write_text(json.dumps(normalised(scenario, data), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def read(scenario: Path) -> dict | None:
    path = path_for(scenario)
    if not path.is_file():
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {"unreadable": str(path)}


def _cites(cites: list[dict]) -> str:
    return ", ".join(f"{c['number'] or c['id']}{'' if c['confirmed'] else '?'}" for c in cites)


def _card(card: dict) -> str:
    words = [card["name"] or card["label"]]
    if card["name"] and card["label"] != card["name"]:
        words.append(f"[{card['label']}]")
    flags = [w for w, on in (("spent", card["spent"]), ("lag", card["lag"]), ("face-down", not card["face_up"])) if on]
    if "power" in card:
        flags.insert(0, f"power {card['power']}")
    text = " ".join(words) + (f" ({', '.join(flags)})" if flags else "")
    if card.get("gear"):
        text += " with " + ", ".join(_card(g) for g in card["gear"])
    return text


def review_lines(data: dict) -> list[str]:
    """The ruling as lines a reviewer reads: actions, steps with their rules, board, verdict."""
    if "unreadable" in data or "steps" not in data:
        return [json.dumps(data, sort_keys=True)]
    lines = [f"edition {data['edition']['name']}, seed {data['seed']}"]
    steps = {s["n"]: s for s in data["steps"]}
    for action in data["actions"]:
        lines.append(f"action {action['n']}: {action['action']} -> {'allowed' if action['allowed'] else 'REFUSED'}")
        for n in action["steps"]:
            step = steps[n]
            random = f" [random: {step['random']}]" if step["random"] else ""
            lines.append(f"  {n}. {step['text']} ({_cites(step['cites'])}){random}")
    board = data["board"]
    lines.append(f"turn {board['turn']}, phase {board['phase']}")
    for name, player in board["players"].items():
        for area, cards in player.items():
            if area in ("fixer", "gigs", "called_legend_this_turn", "sold_this_turn", "street_cred"):
                if cards:
                    lines.append(f"{name} {area}: {cards}")
                continue
            if cards:
                lines.append(f"{name} {area}: " + "; ".join(_card(c) for c in cards))
    for pending in board.get("pending", []):
        lines.append(f"pending: {pending}")
    if board.get("attack"):
        lines.append(f"attack in progress: {board['attack']['attacker']} -> {board['attack']['target']}, "
                     f"next: {board['attack']['step']}")
    for lasting in board.get("lasting_effects", []):
        lines.append(f"lasting: {lasting['card']} from {lasting['from']} until {lasting['until']}: "
                     f"power {lasting['power']:+d}, keywords {lasting['keywords']}, can't {lasting['cant']}")
    verdict = data["verdict"]
    if verdict["losers"]:
        lines.append(f"lost: {', '.join(verdict['losers'])}" + (" (a tie)" if verdict.get("tie") else ""))
    for refusal in verdict["refused"]:
        lines.append(f"refused action {refusal['action']}: {refusal['text']} ({_cites(refusal['cites'])})")
    if verdict.get("follows"):
        lines.append(f"follows: {'; '.join(verdict['follows'])}")
    return lines


def difference(recorded: dict, current: dict) -> list[str]:
    """A unified diff from the recorded ruling to the current one; empty when they are the same."""
    if recorded == current:
        return []
    before, after = review_lines(recorded), review_lines(current)
    if before == after:  # a difference the review lines do not show (a rule title, a key): diff the JSON
        before = json.dumps(recorded, indent=1, sort_keys=True).splitlines()
        after = json.dumps(current, indent=1, sort_keys=True).splitlines()
    return list(difflib.unified_diff(before, after, "recorded", "now", n=1, lineterm=""))
