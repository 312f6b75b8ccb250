"""Card text that decides who wins a fight (9.15-9.20 compare power; 2.5: card text that contradicts the rules
wins): "this Unit wins all fights against CORPO Units".

Only the winner changes: the loser is still defeated only when the winner has power above 0 as the result is
resolved (9.19.2's zero-power rule is untouched), and "can't be defeated" still protects it (2.6). A Tag the
other Unit has only on its Gear does not count (4.11.3.2). When both Units claim
to win against each other, the rules are unclear (scenarios/contested): judgekit takes it that neither
claim can hold and compares power as usual, and says so (9.17.4).
"""
from __future__ import annotations

from judgekit.engine import equipped, persistent


def claims(ctx, attacker: str, defender: str) -> list[tuple[str, str, str]]:
    """(winner, loser, why) for each persistent effect that makes one of the two Units win against the other."""
    found = []
    for unit, other in ((attacker, defender), (defender, attacker)):
        tags = equipped.tags_of(ctx.state, other)
        for source, _, effect, _ in persistent.printed_effects_on(ctx.state, unit):
            for grant, value in effect.grants:
                if grant == "wins-fights-against" and set(value) & set(tags):
                    why = f"{ctx.state.cards[source].definition.full_name}'s effect ({effect.text or 'wins'})"
                    found.append((unit, other, why))
    return found


def gear_tag_misses(ctx, attacker: str, defender: str) -> list[str]:
    """The claims that fail only because the Tag they name is on the other Unit's Gear, not on it (4.11.3.2)."""
    found = []
    for unit, other in ((attacker, defender), (defender, attacker)):
        own = set(equipped.tags_of(ctx.state, other))
        carried = {tag for gear in ctx.state.cards[other].gear for tag in ctx.state.cards[gear].definition.tags}
        for source, _, effect, _ in persistent.printed_effects_on(ctx.state, unit):
            for grant, value in effect.grants:
                if grant == "wins-fights-against" and not set(value) & own and set(value) & carried:
                    found.append(f"{ctx.state.cards[source].definition.full_name}'s effect ({effect.text or 'wins'}) "
                                 f"does not apply: {ctx.name(other)} carries Gear with the Tag "
                                 f"{'/'.join(sorted(set(value) & carried))}, but a Unit does not gain its Gear's Tags")
    return found


def claimed_winner(found: list[tuple[str, str, str]]) -> tuple[str, str, str] | None:
    """(winner, loser, why) when the claims `found` all make the same Unit win; else None (none, or opposing)."""
    if not found or len({winner for winner, _, _ in found}) > 1:
        return None
    winner, loser, _ = found[0]
    return winner, loser, " and ".join(why for _, _, why in found)
