"""Card text that decides who wins a fight (9.15-9.20 compare power; 2.5: card text that contradicts the rules
wins): "this Unit wins all fights against CORPO Units".

Only the winner changes: the loser is still defeated only when the winner has power above 0 (9.20's
zero-power rule is untouched), and "can't be defeated" still protects it (2.6). When both Units claim
to win against each other, neither claim can hold, so judgekit compares power as usual.
"""
from __future__ import annotations

from judgekit.engine import equipped, persistent


def claimed_winner(ctx, attacker: str, defender: str) -> tuple[str, str, str] | None:
    """(winner, loser, why) when one Unit's persistent effect makes it win against the other; else None."""
    claims = []
    for unit, other in ((attacker, defender), (defender, attacker)):
        tags = equipped.tags_of(ctx.state, other)
        for source, _, effect, _ in persistent.printed_effects_on(ctx.state, unit):
            for grant, value in effect.grants:
                if grant == "wins-fights-against" and set(value) & set(tags):
                    why = f"{ctx.state.cards[source].definition.full_name}'s effect ({effect.text or 'wins'})"
                    claims.append((unit, other, why))
    return claims[0] if len(claims) == 1 else None
