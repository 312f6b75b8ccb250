"""Obligations card text puts on a Unit (2.5: card text beats the rules): "must attack next turn if it can".

The chosen Unit's controller may act as they like during that turn, but can't end it (pass, 8.9) while
the Unit could legally declare an attack (9.3); attacking does not discharge it: a Unit that readies
must attack again (FAQ, Evelyn Parker: Beautiful Enigma). "Can't attack" still wins (2.6; FAQ, Mox
Inciters); a Unit that can't attack for any reason (spent, 9.3.1) no longer binds its controller. Where
the text says "next turn", the obligation comes into force as the Unit's controller's next turn begins,
whoever's turn it was given in, and holds for that turn (`lasting_changes.begin_next_turn`).
"""
from __future__ import annotations

import copy

from judgekit.engine import lasting_changes, persistent
from judgekit.engine.context import Context
from judgekit.engine.state import Modifier
from judgekit.engine.trace import AwaitChoice, GameOver, Recorder, Refusal
from judgekit.engine.interpreter import instruction

GIG_AREA = "gig-area"


@instruction("must_attack", does="make it attack")
def must_attack(ctx: Context, source: str, controller: str, arg, refs) -> bool:
    """The chosen Unit must attack during its controller's next turn, if it can."""
    label = refs.get(arg, arg)
    if ctx.state.locate(label)[1] != "field":
        ctx.rec.add("check", f"{ctx.name(label)} is no longer in the field, so that part of the effect does nothing.",
                    "effects.invalid-part-ignored", cards=(label,))
        return False
    lasting_changes.give(ctx, Modifier(card=label, source_name=ctx.name(source), controller=controller,
                                  must=("attack",), until="its-controllers-next-turn"))
    ctx.rec.add("check", f"So during {ctx.state.controller(label)}'s next turn, that turn can't end while "
                         f"{ctx.name(label)} could legally attack, even after it has attacked once.",
                "golden.card-beats-rules",
                player=controller, cards=(label,))
    return True


def attack_options(ctx: Context, player: str, label: str) -> tuple[list[str], list[Refusal]]:
    """The targets `label` could legally attack now, and the refusals of the others (tried on a scratch copy;
    nothing here changes the game)."""
    from judgekit.engine import combat

    rival = ctx.state.rival_of(player)
    options, refused = [], []
    for target in [GIG_AREA] + list(ctx.state.players[rival].field):
        scratch = Context(ctx.state.copy(), Recorder(), copy.deepcopy(ctx.rng), ctx.seed)
        try:
            combat.declare_attack(scratch, player, label, target)
        except Refusal as refusal:
            if not any(step.kind == "attack" for step in scratch.rec.steps):
                refused.append(refusal.with_traceback(None))  # kept without the frames (one holds `refused`)
                continue
        except (AwaitChoice, GameOver):
            pass
        options.append(target)
    return options, refused


def check_turn_may_end(ctx: Context, player: str) -> None:
    """Refuse ending the turn while a friendly Unit that must attack could still attack; once it can't, the
    obligation ("if it can") does not bind, for the reasons the attack rules give (9.3)."""
    state = ctx.state
    for label in state.players[player].field:
        bound = [m for m in persistent.modifiers_on(state, label) if "attack" in m.must]
        if not bound:
            continue
        options, refused = attack_options(ctx, player, label)
        if options:
            shown = ", ".join("the Gig area" if t == GIG_AREA else ctx.name(t) for t in options)
            raise Refusal(f"{ctx.name(label)} must attack this turn if it can ({bound[0].source_name}'s effect), "
                          f"and it can still attack ({shown}); {player} can't end the turn yet.",
                          ("main-phase.pass-turn", "golden.card-beats-rules"))
        reasons = list(dict.fromkeys(refusal.text for refusal in refused))
        cites = dict.fromkeys(rule for refusal in refused for rule in refusal.cites)
        ctx.rec.add("check", f"{ctx.name(label)} must attack if it can, but it can't attack now: "
                             f"{' '.join(reasons)} The obligation holds only while "
                             "it can, so the turn may end.", "main-phase.pass-turn", *cites, player=player,
                    cards=(label,))
