"""What an equipped card has with its Gear (4.11.3, 11.9): the Gear's power and bottom-textbox keywords are its
host's, its Tags are not. Read by `gear` (equipping) and `persistent` (a card's power and keywords now)."""
from __future__ import annotations

from collections.abc import Callable

from judgekit.engine.state import GameState


def power_of(state: GameState, label: str, gear_power: Callable[[str], int | None]) -> int | None:
    """3.17.2: printed power plus the power of equipped Gear (3.17.3.1, 11.6.5), each Gear's power as it is now,
    `gear_power(gear)`: its printed power, changed only by effects aimed at that Gear (3.17.3.2, 3.17.3.3)."""
    card = state.cards[label]
    if card.definition.power is None and not card.gear:
        return None
    return (card.definition.power or 0) + sum(gear_power(g) or 0 for g in card.gear)


def keywords_of(state: GameState, label: str) -> tuple[str, ...]:
    """Own keywords plus those read from equipped Gear's bottom textboxes (4.11.3)."""
    card = state.cards[label]
    found = list(card.definition.keywords)
    for g in card.gear:
        found += [k for k in state.cards[g].definition.bottom_keywords if k not in found]
    return tuple(found)


def tags_of(state: GameState, label: str) -> tuple[str, ...]:
    """4.11.3.2: a host does not gain its Gear's Tags."""
    return state.cards[label].definition.tags


def own_tags_decide(state: GameState, labels, wanted) -> tuple[str, ...]:
    """The rule that a host does not take its Gear's Tags (4.11.3.2), when it decides whether one of `labels` has a
    wanted Tag: the card lacks them all but carries Gear that has one."""
    wanted = set(wanted)
    decided = any(not wanted & set(tags_of(state, c)) and
                  any(wanted & set(state.cards[g].definition.tags) for g in state.cards[c].gear) for c in labels)
    return ("gear.no-inherited-characteristics",) if decided else ()
