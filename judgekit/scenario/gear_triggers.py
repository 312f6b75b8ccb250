"""Warnings for a scenario's own Gear whose own effects wait for something a Gear never does.

A Gear's card-level `effects` and its `top_textbox` effects are the Gear's own (4.11.1, 4.11.2): they trigger for
the Gear itself, never for the Unit or Legend it is equipped to. A trigger that only a Unit or a Legend can meet
([ATTACK] is "when this Unit attacks", 11.21.1; [CALL] "when you flip this Legend face up", 11.18.1; a fight, a
steal, a use of [BLOCKER]) therefore never fires there. Such an effect was almost surely meant for the host, which
reads it from the Gear's `bottom_textbox` (4.11.3). Being defeated is not among them: a Gear can be defeated itself
(11.6.1.2; Detonate defeats a Gear), so its own `when: defeated` can fire (scenarios/review/293). Only a warning:
the file still runs as written, as it did before.
"""
from __future__ import annotations

from judgekit.cites import numbered, rule_mark
from judgekit.echo import field_path

# The triggers whose event is one only a Unit or a Legend has: "this Unit attacks / fights / steals / blocks",
# "this Legend is called". A Gear is neither, so on its own text they wait for nothing. Rules by stable id
# (`rule_mark`), numbered in the scenario's edition.
HOST_ONLY_TRIGGERS = {
    "attack": f"[ATTACK] (when this Unit attacks, {rule_mark('keyword.attack.definition')})",
    "call": f"[CALL] (when this Legend is called, {rule_mark('keyword.call.definition')})",
    "fights": "`fights` (when this Unit fights)",
    "wins-fight": "`wins-fight` (when this Unit wins a fight)",
    "loses-fight": "`loses-fight` (when this Unit loses a fight)",
    "steals": "`steals` (when this Unit steals a Gig)",
    "steals-gigs": "`steals-gigs` (when this Unit steals Gigs)",
    "blocks": "`blocks` (when this Unit uses [BLOCKER])",
}


def gear_trigger_warnings(scenario, doc, filename: str, book, edition: str) -> list[str]:
    """One warning per effect of a scenario-defined Gear's own text (card-level `effects` or `top_textbox`) whose
    `when:` only a Unit or a Legend can meet, naming the file, the line and the field; its rules numbered as
    `edition` numbers them in `book`."""
    out = []
    for i, card in enumerate(scenario.cards):
        types = card.type if isinstance(card.type, list) else [card.type]
        if "Gear" not in types or {"Unit", "Legend"} & set(types):
            continue  # a card that is also a Unit or Legend can attack, be defeated or be called itself
        own = [(("cards", i, "effects", j), e) for j, e in enumerate(card.effects)]
        if card.top_textbox is not None:
            own += [(("cards", i, "top_textbox", "effects", j), e) for j, e in enumerate(card.top_textbox.effects)]
        for path, effect in own:
            trigger = effect.when
            if trigger not in HOST_ONLY_TRIGGERS:
                continue
            where = path + ("when",)
            line = doc.line_of(where)
            said = f"{filename}:{line}: {field_path(where)}: the Gear {card.name}'s own effect triggers on " \
                   f"{HOST_ONLY_TRIGGERS[trigger]}, which a Gear never does: its own effects (card-level " \
                   "`effects`, `top_textbox`) act for the Gear itself, not for the card it is equipped to " \
                   f"({rule_mark('gear.top-textbox-not-inherited')}), so this one never fires; did you mean " \
                   "`bottom_textbox`? (effects there are read as printed on the host, " \
                   f"{rule_mark('gear.bottom-textbox')})"
            out.append(numbered(said, book, edition))
    return out
