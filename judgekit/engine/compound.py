"""Compound instructions: the parts of an effect that hold other instructions (CR 10).

Conditions checked partway through ("if ...", "if you do", 10.3.3), choices made where the text
makes them (10.31) and by each player in turn order (10.33), repetition ("for each"), and delayed
triggers ("the next time ... this turn").
"""
from __future__ import annotations

from judgekit.engine import choices, conditions, effects, end_of_turn, feasibility, hidden_picks, interpreter
from judgekit.engine.feasibility import possible_when
from judgekit.engine.card_definition import Effect
from judgekit.engine.state import Delayed
from judgekit.engine.trace import AwaitChoice
from judgekit.engine.interpreter import instruction


@possible_when("choose")
def _can_choose(ctx, source, controller, arg, refs):
    """A choice made partway through can be made when some card meets it and its part could use that card."""
    return feasibility.no_usable_target(ctx, arg["targets"][0], tuple(arg["do"]), controller,
                                        refs.get("this", source), refs, name=arg.get("name", "target"))


@possible_when("if_you_do")
def _can_if_you_do(ctx, source, controller, arg, refs):
    """"(You may) X. If you do, Y": possible when X is (the "otherwise" part of a failed X counts too)."""
    blocked = feasibility.nothing_to_do(ctx, source, controller, tuple(arg["do"]), refs)
    if blocked is None or not arg.get("otherwise"):
        return blocked
    return feasibility.nothing_to_do(ctx, source, controller, tuple(arg["otherwise"]), refs)


@hidden_picks.hidden_pick("choose")
def _chooses_hidden(arg: dict) -> bool:
    return any(hidden_picks.looks_into_hidden(need) for need in arg["targets"])


@instruction("choose")
def choose(ctx, source, controller, arg, refs) -> bool:
    """A choice made where the effect makes it (10.31), partway through; no legal choice: that part does nothing."""
    part = Effect(trigger="choose", do=tuple(arg["do"]), targets=tuple(arg["targets"]))
    so_far = {"among": refs["trashed"].split("|") if refs.get("trashed") else []}
    if refs.get("discarded") in ctx.state.cards:
        so_far["discarded_cost"] = ctx.state.cards[refs["discarded"]].definition.cost or 0
    only_part = _is_part(refs, arg)
    chosen = choices.choose_targets(ctx, part, controller, refs.get("this", source), f"{ctx.name(source)}'s effect",
                                    so_far, part=only_part)
    if chosen is None:
        if only_part:  # what follows in the effect, if anything, still resolves: the ruling says so there (10.6.2)
            interpreter.ignore_part(ctx)
        return False
    if arg.get("name"):
        named = {"target": arg["name"], f"{choices.UNCHOSEN}target": f"{choices.UNCHOSEN}{arg['name']}",
                 f"{choices.LEFT}target": f"{choices.LEFT}{arg['name']}"}
        chosen = {named.get(ref, ref): label for ref, label in chosen.items()}
    scope = {**refs, **chosen}
    for ref in chosen:  # a target left unchosen hides an outer one of its name (a "for each" card's `target`)
        if ref.startswith(choices.UNCHOSEN):
            scope.pop(ref[len(choices.UNCHOSEN):], None)
    return interpreter.run(ctx, source, controller, part.do, scope)


def _is_part(refs: dict, arg: dict) -> bool:
    """Whether a choice made partway through is only part of its effect (10.6.2) rather than all of it (10.6.1): the
    effect holds instructions outside what this choice does, at any nesting ("if you do", "then", "otherwise"), so
    with no legal choice only this part is ignored; an effect with nothing else (Screw) is ignored whole."""
    total = refs.get("leaves")
    return total is None or int(total) > interpreter.leaves(tuple(arg["do"]))


IF_YOU_DO = "the \"if you do\" part"  # how a ruling names the part after a printed "if you do"


def _then_part(arg: dict) -> str:
    """The part an "if you do" holds, as the ruling names it: the card's own `part`, else the printed "if you do";
    the card printing no such link (`part: ""`), "the rest of the effect"."""
    part = arg.get("part")
    return IF_YOU_DO if part is None else part or "the rest of the effect"


_ORDINALS = ("first", "second", "third", "fourth", "fifth")


def _which(instructions: tuple[dict, ...], key: int | None) -> str:
    """The choice `key` (`choices.choice_key`) among those X makes, as the ruling names it: "for it" when X makes only
    one, else by its place among X's searches or choices ("the second search")."""
    made: list[tuple[int, str]] = []
    _choices_made(instructions, made)
    kind = next((kind for made_key, kind in made if made_key == key), None)
    if len(made) < 2 or kind is None:
        return "for it"
    alike = [made_key for made_key, other in made if other == kind]
    place = f"{_ORDINALS[alike.index(key)]} " if len(alike) > 1 and alike.index(key) < len(_ORDINALS) else ""
    return f"in the {place}{kind}"


def _choices_made(part: tuple[dict, ...], made: list[tuple[int, str]]) -> None:
    """Add to `made` the (choice key, "search" or "choice") of each search and choice in `part`, nested ones too, in
    order (a function of its own: a nested function calling itself is a reference cycle)."""
    for step in part:
        (verb, arg), = step.items()
        if verb == "search":
            made.append((choices.choice_key(arg), "search"))
        elif isinstance(arg, dict) and arg.get("targets"):
            made.append((choices.choice_key(arg["targets"][0]), "choice"))
        for held in interpreter.nested(arg):
            _choices_made(held, made)


def _outcome(arg: dict, did: bool, replaced: bool | str = False,
             chose: tuple[str, tuple[str, ...], str, bool, bool] = ("", (), "for it", False, False)) -> str | None:
    """What the ruling says once X is done or not: only what follows from it on this card, in its terms; nothing
    when X was done and nothing hangs on it, or the card prints no link to what comes next. `replaced`: a
    replacement effect applied in place of X (10.25), which is why it was not done ("part": in place of only part
    of it, the rest being done, so X was not done in full); `chose`: the player who chose
    nothing for X where the card (2.1.1, 2.8) or a rule (5.3.2.4.1, 11.13.4.1) let them, those rules (why), which
    of X's choices it was (`_which`), whether that choice had taken a card before it was left ("nothing more"), and
    whether there was nothing at all to choose (then nobody chose to leave it: there was none to choose)."""
    then, otherwise = arg.get("then"), arg.get("otherwise")
    if did:
        return f"It was done, so {_then_part(arg)} follows." if then and arg.get("part") != "" else None
    who, rules, which, more, empty = chose
    lets = "the card lets" if {"golden.you-may", "golden.up-to"} & set(rules) else "the rules let"
    why, so = ("A replacement effect applied in place of part of it, so it was not done in full", "and") \
        if replaced == "part" else \
        ("A replacement effect applied in its place, so it was not done", "and") if replaced else \
        (f"There was {'no more' if more else 'none'} for {who} to choose {which}, so it was not done", "and") \
        if who and empty else \
        (f"{who} chose nothing {'more ' if more else ''}{which}, as {lets} them, so it was not done", "and") \
        if who else \
        ("It could not be done in full", "so")
    if then:
        return f"{why}, {so} {_then_part(arg)} does not happen" + \
            (", and what the card says to do otherwise happens instead." if otherwise else ".")
    if otherwise:
        return f"{why}, {so} what the card says to do otherwise happens instead."
    return f"{why}." if replaced else f"{why}; as much of it as possible was done."  # "you may X" alone


@instruction("if_you_do")
def if_you_do(ctx, source, controller, arg, refs) -> bool:
    """"(You may) X. If you do, Y": Y happens only if X was chosen and fully done; else `otherwise` (2.1.1)."""
    if arg.get("may"):
        hidden = ("hidden-areas.may-fail-to-find",) if feasibility.rests_on_hidden(tuple(arg["do"])) else ()
        blocked = feasibility.nothing_to_do(ctx, source, controller, tuple(arg["do"]), refs)
        if blocked is not None:
            ctx.script.take_may(source)
            follows = f", so {_then_part(arg)} does not happen either" if arg.get("then") else ""
            ctx.rec.add("check", f"{ctx.name(source)}'s effect lets {controller} choose whether to do a part ('you "
                                 f"may'), but there is no legal option for it: {blocked.why}. No choice is made and "
                                 f"that part does nothing{follows}.", *blocked.cites, "golden.you-may", *hidden,
                        player=controller, cards=(source,))
            return interpreter.run(ctx, source, controller, tuple(arg.get("otherwise", ())), refs) and False
        answer = ctx.script.take_may(source)
        if answer is None:
            raise AwaitChoice(f"{controller} may do part of {ctx.name(source)}'s effect or not ('you may'). The "
                              f"ruling waits here; script `may: {{{source}: true}}` (or false).", controller,
                              ("golden.you-may",), can_decline=True,
                              choice=("may", source))
        ctx.rec.add("choice", f"{controller} chooses {'to' if answer else 'not to'} do it.", "golden.you-may",
                    *(() if answer else hidden), player=controller, cards=(source,))
        if not answer:
            return interpreter.run(ctx, source, controller, tuple(arg.get("otherwise", ())), refs)
    before, picks = len(ctx.rec.steps), len(ctx.picks)
    did = interpreter.run(ctx, source, controller, tuple(arg["do"]), refs)
    replaced = not did and _replaced(ctx, ctx.rec.steps[before:])
    who, leave, which, partly, more, empty = _left(ctx, before, picks, tuple(arg["do"]), refs, controller)
    if replaced:  # a replacement is why X was not done; the choices X left are still X's own, used up above
        who, leave, which, partly, more, empty = "", (), None, (), False, False
    did = did and not leave
    if arg.get("instead"):  # "you may X instead": X chosen replaces the other part, however far it got (2.4)
        if replaced:  # done, not failed: a replacement took the place of all or part of it (10.25)
            what = "part of it" if replaced == "part" else "what it did"
            ctx.rec.add("check", "It was chosen instead of the other part, so that part does not happen, though it "
                                 f"was not done in full (a replacement effect applied in place of {what}).",
                        "replacement-effects.before-instead", player=controller, cards=(source,))
        elif not did:
            ctx.rec.add("check", "It was chosen instead of the other part, so that part does not happen, though it "
                                 "could not be done in full (as much of it as possible was done).",
                        "golden.as-much-as-possible", player=controller, cards=(source,))
        return interpreter.run(ctx, source, controller, tuple(arg.get("then", ())), refs) if did else False
    outcome = _outcome(arg, did, replaced, (who, leave, _which(tuple(arg["do"]), which), more, empty))
    if outcome:  # done: the condition is met (10.3.1), with the rules that let a choice in it be left partly
        why = ("replacement-effects.before-instead",) if replaced else ("effects.condition-false", *partly) if did \
            else leave or ("golden.as-much-as-possible",)
        ctx.rec.add("check", outcome, *why, *(("effects.condition-false",) if not did and arg.get("then") else ()),
                    player=who or controller, cards=(source,))
    return interpreter.run(ctx, source, controller, tuple(arg["then"] if did else arg.get("otherwise", ())), refs)


_NOT_DONE = frozenset({"choice", "check", "replace", "resolve", "reveal"})  # steps that change no card by themselves


def _replaced(ctx, steps) -> bool | str:
    """Whether a replacement effect applied in place of what X did (10.25): "part" when X also did something of its
    own, not in a replacement's place (one of two Units defeated, the other saved), so X was done in part."""
    if not any(step.kind == "replace" for step in steps):
        return False
    return "part" if any(step.kind not in _NOT_DONE and step.cards and step.cards[0] not in ctx.in_place
                         for step in steps) else True


def _left(ctx, before: int, picks: int, instructions: tuple[dict, ...], refs: dict,
          controller: str) -> tuple[str, tuple[str, ...], int | None, tuple[str, ...], bool, bool]:
    """Who chose nothing for X and the rules that let them (2.1.1, 2.8, 5.3.2.4.1, 11.13.4.1), when that is why X
    was not done, however far its other parts got. A choice X made and left with nothing in it
    (`choices.left_choice`: its player, the Rival for "a Rival discards"), unless another round of the same printed
    choice took something (an "up to" stopped after a pick, in any round of a "for each", is done:
    `Context.left_nothing`, from step `before` and pick `picks` on); or, when X picked nothing, a target X acts on
    that its controller left before X began. A left choice an "if you do" inside X already read is that one's, not
    X's: it is used up here. ("", ()) when none decided it; then the choice's key (`_which`), the rules that let a
    choice be left partly, after picks (2.1.1, 2.8), whether the left choice had taken a card before, and whether
    every choice left had nothing at all to choose from."""
    picked = [key for key, worded in ctx.picks[picks:] if worded]
    partly_left: list = []
    steps = ctx.left_nothing(before, picks, partly_left)
    partly = tuple(dict.fromkeys(rule for leave in partly_left for rule in leave))
    if steps:
        return steps[0][0].player or controller, \
            tuple(dict.fromkeys(rule for *_, leave, _ in steps for rule in leave)), steps[0][1], (), steps[0][2], \
            all(empty for *_, empty in steps)
    left = [refs[f"{choices.LEFT}{ref}"] for ref in choices.target_refs(list(instructions)) if ref not in refs
            and f"{choices.LEFT}{ref}" in refs]
    rules = tuple(dict.fromkeys(rule for rules in left for rule in rules.split())) if left and not picked and not any(
        ref in refs for ref in choices.target_refs(list(instructions))) else ()
    return (controller if rules else ""), rules, None, partly, False, False


@instruction("only_if", does="check the card's condition about it")
def only_if(ctx, source, controller, arg, refs) -> bool:
    """"If ..., do this": the condition is checked when this part resolves (10.3.3); the ruling names the part
    as the card's `part` says, and says nothing of a condition the card does not print (`part: ""`)."""
    holds, reasons, rules = conditions.all_hold(ctx.state, tuple(arg["if_"]), refs.get("this", source), controller,
                                                {"refs": refs})
    part = arg.get("part")
    if part != "":
        ctx.rec.add("check", f"{ctx.name(source)}'s effect: {'; '.join(reasons)}, so {part or 'that part'} "
                             f"{'goes ahead' if holds else 'does not happen'}.",
                    "effects.condition-checked-on-resolve", *(() if holds else ("effects.condition-false",)), *rules,
                    player=controller, cards=(source,))
    return interpreter.run(ctx, source, controller, tuple(arg["do"] if holds else arg.get("otherwise", ())), refs)


@instruction("each_player")
def each_player(ctx, source, controller, arg, refs) -> bool:
    """"Each player ...": choices first, the turn player then the Rival (10.33); then each acts in that order (2.9)."""
    first = ctx.state.turn
    order = (first, ctx.state.rival_of(first))
    part = Effect(trigger="each-player", do=tuple(arg["do"]), targets=tuple(arg.get("targets", ())))
    chosen: dict[str, dict | None] = {}
    for player in order:
        if part.targets:
            ctx.rec.add("check", f"{player} makes their choice for {ctx.name(source)}'s effect "
                                 f"({'the turn player first' if player == first else 'then the Rival'}).",
                        "effect-choices.turn-player-first", player=player)
        chosen[player] = choices.choose_targets(ctx, part, player, source, f"{ctx.name(source)}'s effect",
                                                part=True) if part.targets else {}
    if None in chosen.values():  # a player's part is ignored (10.6.2): said before what of the effect follows
        if any(made is not None for made in chosen.values()):
            interpreter.say_part_ignored(ctx, source, controller)
        else:
            interpreter.ignore_part(ctx)
    done = True
    for player in order:
        if chosen[player] is None:
            done = False
            continue
        turn_order = "the turn player first" if player == first else "then the Rival"
        ctx.rec.add("check", f"{player} acts on it now ({turn_order}).",
                    "effects.both-players-turn-player-first", "golden.simultaneous-turn-player-first", player=player)
        done = interpreter.run(ctx, source, player, part.do, {**refs, **chosen[player]}) and done
    return done


@instruction("next_time", does="wait for what it does")
def next_time(ctx, source, controller, arg, refs) -> bool:
    """Set up a delayed trigger: "the next time ... this turn, ..." (it waits, used once, until the turn ends), or
    "at the end of your turn / of this turn, ..." (8.16.1); `if_it_did`: only if the card then steals or fights."""
    card = refs.get(arg["card"], arg["card"]) if arg.get("card") else None
    did = tuple(_DEEDS[d] for d in arg.get("if_it_did", ()))
    waiting = Delayed(controller=controller, source=source, trigger=arg["when"],
                      side=arg.get("side", "friendly"), card=card, margin_at_least=arg.get("margin_at_least", 0),
                      do=tuple(arg["do"]), text=arg.get("text", ""), if_it_did=did, since=len(ctx.state.this_turn))
    ctx.state.delayed.append(waiting)
    who = ctx.name(card) if card else f"a{'n' if waiting.side == 'any' else ''} {waiting.side} Unit"
    margin = f" by {waiting.margin_at_least}+ power" if waiting.margin_at_least else ""
    now = end_of_turn.due_now(ctx.state, waiting)
    if waiting.trigger.startswith("end-of-"):
        when = f"the end of {controller}'s turn" if waiting.trigger == "end-of-turn" else "the end of this turn"
        when += f", if {who} {' or '.join(arg['if_it_did'])} before then" if did else ""
    else:
        when = f"the next time this turn {who} {effects.DELAYED_EVENTS[waiting.trigger]}{margin}"
    then = ", which is under way: its end-of-turn effects are resolving now, so it is due at once" if now else \
        "; it will trigger once, then"
    ctx.rec.add("effect", f"{ctx.name(source)}'s effect waits for {when}{then}.",
                "triggered-effects", "persistent-effects.duration",
                *(("end-of-turn.resolve-end-effects",) if waiting.trigger == "end-of-this-turn" or now else ()),
                player=controller, cards=(source,))
    if now:
        end_of_turn.delayed(ctx, ctx.state.turn)
    return True


_DEEDS = {"steals": "stole", "fights": "fought"}  # `if_it_did` words -> the turn's memory (state.TURN_EVENTS)


@instruction("repeat")
def repeat(ctx, source, controller, arg, refs) -> bool:
    """"... for each ...": the instructions once per counted thing, the count taken as it starts; each round counts
    as a part of the effect (`_is_part`), so a round with no legal choice is ignored alone (10.6.2)."""
    times = conditions.per_count(ctx, source, controller, arg["per"], refs)
    rounds = dict(refs)
    if "leaves" in refs:  # each round is a part of the effect: one that fails is not all of it (10.6.1, 10.6.2)
        rounds["leaves"] = str(int(refs["leaves"]) + (times - 1) * interpreter.leaves(tuple(arg["do"])))
    done = True
    for _ in range(times):
        done = interpreter.run(ctx, source, controller, tuple(arg["do"]), dict(rounds)) and done
    return done
