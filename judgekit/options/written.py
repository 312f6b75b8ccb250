"""An engine Action written back as a scenario file writes it (docs/scenario-format.md, Actions).

The inverse of `judgekit.scenario.build_actions`: building the written form gives the same Action (the test
suite checks this over the shipped corpus), so an option copied into a scenario's `actions:` runs as listed.
"""
from __future__ import annotations

from judgekit.engine.actions import Action

_ONE_CARD = ("play", "call", "sell", "move", "defeat", "attack", "activate")
_TRUE = ("start_phase", "pass_turn", "concede", "resume_attack")


def written(action: Action) -> dict:
    """The action as a mapping for a scenario's `actions:` list, keys in the order the format documents them."""
    kind = action.kind
    out: dict = {}
    if kind in _ONE_CARD:
        out[kind] = action.cards[0]
    elif kind in _TRUE:
        out[kind] = True
    elif kind == "bottom_deck":
        out[kind] = action.cards[0] if len(action.cards) == 1 else list(action.cards)
    elif kind == "draw":
        out[kind] = action.count
    elif kind == "setup":
        out[kind] = action.setup
    elif kind == "adjust":
        whose, gig, how, amount = action.gig_args
        out[kind] = {"gig": gig, **({"of": whose} if whose else {}),
                     **({"to": how} if how in ("min", "max") else {how: amount})}
    elif kind == "swap":
        out[kind] = {"mine": action.gig_args[0], "theirs": action.gig_args[1]}
    if not action.by_turn_player:
        out["by"] = action.player
    _details(action, out)
    _script(action, out)
    if action.note:
        out["note"] = action.note
    return out


# An action's own fields as `actions:` writes them: (the Action's attribute, the file's key), each written when set.
_DETAILS = (("first", "first"), ("mulligans", "mulligan"), ("effect_index", "effect"), ("x", "x"), ("pay", "pay"),
            ("equip_to", "equip_to"), ("go_solo", "go_solo"), ("from_area", "from"), ("roll_in", "roll_in"),
            ("roll", "roll"), ("steal", "steal"))


def _details(action: Action, out: dict) -> None:
    if action.kind == "move":
        out["to"] = action.to
    if action.kind == "attack":
        out["target"] = action.target
    for attribute, key in _DETAILS:
        value = getattr(action, attribute)
        if value is not None:
            out[key] = list(value) if isinstance(value, (list, tuple)) else value
    if action.reactions is not None:
        out["react"] = [reaction(r) for r in action.reactions]


def reaction(scripted: tuple) -> dict:
    """One React Step reaction as `react:` writes it."""
    kind, card, pay, effect_index, x, equip_to = scripted
    if kind == "more":
        return {"more": True}
    out: dict = {kind: card}
    if effect_index is not None:
        out["effect"] = effect_index
    if x is not None:
        out["x"] = x
    if pay is not None:
        out["pay"] = list(pay)
    if equip_to is not None:
        out["equip_to"] = equip_to
    return out


def _script(action: Action, out: dict) -> None:
    """The choices scripted with the action (docs/scenario-format.md, "Choices scripted with any action")."""
    if action.targets:
        out["targets"] = list(action.targets)
    if action.order:
        out["order"] = list(action.order)
    if action.numbers:
        out["numbers"] = list(action.numbers)
    for key in ("may", "replacements"):
        if getattr(action, key):
            out[key] = {source: answers[0] if len(answers) == 1 else list(answers)
                        for source, answers in getattr(action, key)}
    if action.gigs:
        out["gigs"] = list(action.gigs)
    if action.modes:
        out["modes"] = [_mode(m) for m in action.modes]
    if action.payments:
        out["payments"] = list(action.payments)


def _mode(pick) -> object:
    chosen = pick.picks[0] if len(pick.picks) == 1 else list(pick.picks)
    return {"by": pick.by, "pick": chosen} if pick.by is not None else chosen
