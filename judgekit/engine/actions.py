"""Running a scenario's actions, each as one all-or-nothing transition of the state."""
from __future__ import annotations

import re
from dataclasses import MISSING, dataclass, field, fields

from judgekit.echo import shown
from judgekit.engine import effects, pending_order
from judgekit.engine.action_kinds import ACTION_KINDS
from judgekit.engine.context import Context, ModePick, Script, SeededRandom
from judgekit.engine.state import GameState
from judgekit.engine.trace import AwaitChoice, GameOver, Recorder, Refusal, ScenarioMismatch, Step
from judgekit.plural import counted


@dataclass(frozen=True, init=False)
class Action:
    """One scripted action, already checked against the scenario's shape."""

    kind: str
    player: str
    cards: tuple[str, ...] = ()
    to: str | None = None
    pay: tuple[str, ...] | None = None
    equip_to: str | None = None
    from_area: str | None = None
    count: int = 0
    target: str | None = None
    reactions: tuple[tuple, ...] | None = None  # attack: (kind, label, pay, effect, x, equip_to); None = not scripted
    steal: tuple[str, ...] | None = None  # attack on a Gig area: the chosen Gigs ("d6" or "d6=3")
    roll_in: str | None = None  # Start Phase: the fixer die rolled in
    roll: int | None = None  # Start Phase: its value (else from the seed)
    gig_args: tuple = ()  # adjust: (whose or None, gig, how, amount); swap: (mine, theirs)
    setup: str | None = None  # "legends" or "game"
    first: str | None = None  # setup game: who goes first
    mulligans: tuple[str, ...] | None = None  # setup game: who mulligans
    by_turn_player: bool = False  # no `by` was given: the action is the turn player's at the time it runs
    effect_index: int | None = None  # activate: which activated effect (1 = the first)
    x: int | None = None  # activate: the value chosen for X
    go_solo: bool | None = None  # play a Legend: with [GO SOLO] (True) or by 4.5 (False); None = not scripted
    order: tuple[str, ...] = ()  # scripted choices, see Script
    targets: tuple[str, ...] = ()
    numbers: tuple[int, ...] = ()
    replacements: tuple[tuple[str, tuple[bool, ...]], ...] = ()
    may: tuple[tuple[str, tuple[bool, ...]], ...] = ()
    gigs: tuple[str, ...] = ()
    modes: tuple[ModePick, ...] = ()
    payments: tuple[str, ...] = ()
    note: str = ""

    def __init__(self, kind: str, player: str, cards: tuple[str, ...] = (), **given) -> None:
        """Every field its default unless given, as a data class's own `__init__` fills it, though at once: a frozen
        class's sets each of these 31 fields through `object.__setattr__`, and the options listing makes thousands
        of candidate actions (`dataclasses.replace` makes one through this too, `but` without it)."""
        if not given.keys() <= _ACTION_FIELDS:
            raise TypeError(f"an action has no {', '.join(sorted(given.keys() - _ACTION_FIELDS))}")
        values = self.__dict__
        values.update(_ACTION_DEFAULTS)  # every field, in order
        values.update(given, kind=kind, player=player, cards=cards)

    def but(self, **changes) -> "Action":
        """This action with `changes`, as `dataclasses.replace` makes it, for less: the options listing makes one for
        each answer to a choice and each React Step reaction."""
        if not changes.keys() <= _ACTION_FIELDS:
            raise TypeError(f"an action has no {', '.join(sorted(changes.keys() - _ACTION_FIELDS))}")
        twin = object.__new__(Action)
        twin.__dict__.update(self.__dict__, **changes)
        return twin

    def script(self) -> Script:
        """A fresh copy of the choices scripted with this action, to be used up as it runs."""
        return Script(order=list(self.order), targets=list(self.targets), numbers=list(self.numbers),
                      replacements={k: list(v) for k, v in self.replacements}, may={k: list(v) for k, v in self.may},
                      gigs=list(self.gigs), modes=list(self.modes),
                      payments=list(self.payments))

    def describe(self) -> str:
        """The action in words, as its kind words it."""
        return ACTION_KINDS[self.kind].describe(self)


_ACTION_DEFAULTS = {f.name: None if f.default is MISSING else f.default for f in fields(Action)}  # kind, player: given
_ACTION_FIELDS = frozenset(_ACTION_DEFAULTS)


@dataclass
class Outcome:
    """What one action did: its steps, or the refusal that left the state untouched."""

    index: int
    action: Action
    allowed: bool
    steps: list[Step]
    refusal: Refusal | None = None
    refused_reactions: list = field(default_factory=list)  # an allowed attack: (reaction in words, Refusal)


@dataclass
class RunResult:
    """A run's board before and after, with the outcome of each action."""

    initial: GameState
    final: GameState
    outcomes: list[Outcome] = field(default_factory=list)
    seed: int = 0


def _own_reaction(ctx: Context, action: Action) -> None:
    """The attacking player's own reaction in her attack's React Step, refused because only the defending player
    reacts (9.7.1): a Call answers a rival Unit's attack (8.12.2, 11.11.2.2), and so does [QUICK] (11.26.1)."""
    state = ctx.state
    attacker, _, step = state.attack
    if step != "react" or action.player != state.controller(attacker):
        return
    if action.kind == "call":
        raise Refusal(f"{action.player} is the attacking player: in her own attack's React Step only the defending "
                      "player may react, and a Legend is Called as a reaction only when a rival Unit attacks. (In "
                      "her Main Phase, once the attack is over, she may Call.)",
                      ("react-step.defender-only", "main-phase.call-in-rival-react-step", "call-a-legend.reaction"),
                      begun=False)
    if action.kind not in ("play", "activate") or not action.cards or action.cards[0] not in state.cards:
        return
    from judgekit.engine import activated, play  # loaded with the first play (see action_kinds)
    card = state.cards[action.cards[0]]
    quick = play.played_as_reaction(card.definition) if action.kind == "play" else \
        any(activated.is_quick(state, action.cards[0], e) for _, e in activated.readable(state, action.cards[0]))
    if not quick:
        return
    raise Refusal(f"{action.player} is the attacking player: in her own attack's React Step only the defending "
                  f"player may react, and [QUICK] lets {ctx.name(action.cards[0])} be used as a reaction to a rival "
                  "Unit's attack, not to one's own. (In her Main Phase, once the attack is over, she may use it.)",
                  ("react-step.defender-only", "keyword.quick.definition", "keyword.quick.when"), begun=False)


def _apply(ctx: Context, action: Action) -> None:
    """Carry out one action as its kind does, then resolve what it left pending (10.11)."""
    ACTION_KINDS[action.kind].run(ctx, action)
    effects.resolve_pending(ctx)


def _unused_answer(ctx: Context, action: Action, leftovers: list[tuple[str, str]],
                   waiting_for: str | None) -> ScenarioMismatch | Refusal:
    """The input error for a scripted answer the ruling never used, saying what the script probably meant: the
    key the ruling waits for, the host of a Gear's textbox, how many answers were asked for, `steal:`; a target
    named for a choice not made for want of a legal option (10.7) is refused as that choice refuses it."""
    key, what = leftovers[0]
    hint = f"; it is waiting for `{waiting_for}` instead" if waiting_for and waiting_for != key else ""
    host = ctx.state.cards[what].equipped_to if key in ("may", "replacements") and what in ctx.state.cards else None
    if host and not hint:
        hint = f"; {what} is a Gear, and the effects of its bottom textbox are its host's: write `{key}: " \
               f"{{{host}: ...}}`"
    scripted = dict(action.may if key == "may" else action.replacements if key == "replacements" else ())
    used = len(scripted.get(what, ())) - len(getattr(ctx.script, key).get(what, ())) if what in scripted else 0
    if used:
        return ScenarioMismatch(f"`{key}` scripts {counted(len(scripted[what]), 'answer')} for {shown(what)}, "
                                f"but the ruling asked for only {used}", None, key)
    if key == "order" and not hint:
        unasked = _order_not_asked(ctx, action, what)
        if unasked:
            return ScenarioMismatch(unasked, None, key)
    if key in _LISTED and not hint:
        listed = getattr(action, key)
        asked = len(listed) - sum(1 for k, _ in leftovers if k == key)
        if asked > 0:
            return ScenarioMismatch(f"`{key}` scripts {counted(len(listed), 'answer')}, but the ruling asked for "
                                    f"only {asked}: {shown(what)} and any after it are left over ({_LISTED[key]})",
                                    None, key)
    if key in ("may", "replacements") and not hint and _cant_apply(ctx, what):
        return ScenarioMismatch(f"`{key}` scripts an answer for {shown(what)}, but the ruling never asked it: that "
                                "effect can't be applied here (a step of the ruling says why), so there is no yes or "
                                "no to give", None, key)
    if key == "payments" and not hint and any("cost.paid-in-full" in step.cites for step in ctx.rec.steps):
        hint = "; the €$ an effect asked for could not be paid in full (a step of the ruling says why), so no card " \
            "paid it"
    if key == "gigs" and action.kind == "attack" and not hint:
        hint = "; the Gigs an attack steals are written `steal:`"
    if key == "targets" and what in ctx.state.cards and not hint:
        from judgekit.engine.choices import unfit  # only for a leftover target
        refused = next((r for r in (unfit(ctx, what, *choice) for choice in ctx.unmade) if r is not None), None)
        if refused is not None:  # named for a choice it could not answer: that card is refused, as it is for any
            return refused
        hint = f"; no choice in it could take {ctx.name(what)} (a choice with no legal option is not made, 10.7)"
    return ScenarioMismatch(f"`{key}` scripts {shown(what)}, but the ruling never needed that choice{hint}", None,
                            key)


def _order_not_asked(ctx: Context, action: Action, what: str) -> str:
    """Why an `order:` entry naming `what` was not used, when it names pending effects whose order judgekit did not
    ask because no order of them could change anything (10.12, `pending_order.next_of`): what to remove. "" when
    it names none of them."""
    from judgekit.engine.pending_order import names_of

    for player, mine, why in ctx.not_asked:
        names = {name for p in mine for name in names_of(p)}
        if what not in names:
            continue
        entries = [entry for entry in action.order if entry in names]
        sources = ", ".join(dict.fromkeys(ctx.name(p.source) for p in mine))
        remove = "remove `order:` from this action" if len(entries) == len(action.order) else \
            f"remove {', '.join(shown(e) for e in dict.fromkeys(entries))} from its `order:`"
        return (f"`order` scripts an order for {player}'s {len(mine)} pending effects of {sources}, but the ruling "
                f"never asked for one: {why}, so their order cannot change anything (10.12) and judgekit resolves "
                f"them in the order they triggered; the `order:` entry is not used: {remove}")
    return ""


# Why a list of scripted answers can outlast the ruling's questions, in words, by the key scripting them.
_LISTED = {"order": "no more pending effects were left to order",
           "targets": "no further choice was asked: the choices made took all the effect allows, or no other card "
                      "could be chosen",
           "numbers": "no further amount was asked", "gigs": "no further Gig was asked for",
           "payments": "no further €$ was paid for an effect"}


def _cant_apply(ctx: Context, what: str) -> bool:
    """Whether the ruling found that the effect `what` (a card, or `label#N`) names can't be applied (10.27)."""
    card = re.sub(r"[#]\w+$", "", what)
    return any("replacement-effects.impossible" in step.cites and card in step.cards for step in ctx.rec.steps)


def _what_waits(ctx: Context, waiting: AwaitChoice) -> str:
    """What else waits with the choice: the effect still resolving (10.2.3), the effects still pending (10.11)."""
    said = " Until the choice is made, that effect is still resolving: no card can be played, no effect " \
        "activated and no other pending effect resolved." if waiting.during_resolution else ""
    if ctx.pending:
        count = len(ctx.pending)
        said += f" {count} effect{' stays' if count == 1 else 's stay'} pending meanwhile, and no game action " \
            "can be taken until every pending effect has resolved."
    return said


def run_action(state: GameState, action: Action, rng: SeededRandom, seed: int, index: int) -> tuple[GameState, Outcome]:
    """Apply one action to a copy of `state`; on refusal return `state` itself, unchanged."""
    if action.from_area is not None:
        for label in action.cards:
            where = state.locate(label)[1]
            if where != action.from_area:
                raise ScenarioMismatch(f"action {index + 1} says {label!r} is in the {action.from_area}, "
                                       f"but at that point it is in the {where}", index, "from")
    if action.by_turn_player and action.player != state.turn:
        action = action.but(player=state.turn)
    rng_state = rng.getstate()
    ctx = Context(state=state.copy(), rec=Recorder(), rng=rng, seed=seed, script=action.script())
    try:
        if state.game_over:
            raise Refusal(f"The game is already over ({', '.join(state.losers)} lost); no further action can be "
                          "taken.", ("win.instant", "lose.instant"))
        if state.attack is not None and not ACTION_KINDS[action.kind].during_an_attack:
            _own_reaction(ctx, action)
            passing = action.kind == "pass_turn"  # a pass is made only while no action is being taken (8.9)
            raise Refusal(f"An attack is in progress ({state.attack[0]} attacking {state.attack[1]}, next: the "
                          f"{state.attack[2]} step); "
                          + ("the turn may be passed only while no action is being taken, and the attack is one. "
                             if passing else "no Main Phase action can be taken until it ends. ")
                          + "Go on with it with `resume_attack`.",
                          ("main-phase.pass-turn", "attack.definition") if passing else
                          ("attack.definition", "main-phase.actions-any-order",
                           *(("activated-effects.not-while-busy",) if action.kind == "activate" else ())))
        waiting_for = None
        try:
            _apply(ctx, action)
        except GameOver:
            ctx.state.attack = None  # the game is over (1.13): no attack goes on
        except AwaitChoice as waiting:
            waiting_for = waiting.choice[0] if waiting.choice else None
            ctx.rec.add("await", waiting.text + _what_waits(ctx, waiting), *waiting.cites,
                        *(("effects.no-actions-while-resolving",) if waiting.during_resolution else ()),
                        *(("pending.blocks-actions", "pending.stays-pending") if ctx.pending else ()),
                        player=waiting.player, options=waiting.options, can_decline=waiting.can_decline,
                        choice=waiting.choice)
            ctx.state.pending = pending_order.describe_all(ctx.pending, ctx.name)
        leftovers = ctx.script.leftovers() if not ctx.refused_reactions else []  # a refused reaction's go with it
        if leftovers:
            raise _unused_answer(ctx, action, leftovers, waiting_for)
    except ScenarioMismatch as mismatch:
        if mismatch.action_index is None:
            raise ScenarioMismatch(mismatch.text, index, mismatch.field_name) from None
        raise
    except Refusal as refusal:
        rng.setstate(rng_state)
        step = Step("refuse", f"Refused: {refusal.text} The game state is left exactly as it was.",
                    refusal.cites + ("play.undo-invalid",) if action.kind == "play" and refusal.begun else refusal.cites,
                    action.player)
        return state, Outcome(index, action, False, [step], refusal.with_traceback(None))  # kept without its frames
    return ctx.state, Outcome(index, action, True, ctx.rec.steps, refused_reactions=ctx.refused_reactions)


def play_through(state: GameState, actions: list[Action], seed: int, rng: SeededRandom | None = None):
    """Run the actions in order, yielding (state before, the dice before, outcome, state after) for each."""
    rng = rng or SeededRandom(seed)
    current = state
    for index, action in enumerate(actions):
        dice = rng.getstate()
        after, outcome = run_action(current, action, rng, seed, index)
        yield current, dice, outcome, after
        current = after


def waits(outcome: Outcome) -> Step | None:
    """The `await` step an action stopped at: a choice the ruling is still waiting for."""
    return next((step for step in outcome.steps if step.kind == "await"), None)


def run_actions(state: GameState, actions: list[Action], seed: int) -> RunResult:
    """Run every action in order. Same state, actions and seed: same result."""
    result = RunResult(initial=state, final=state, seed=seed)
    for _, _, outcome, after in play_through(state, actions, seed):
        result.outcomes.append(outcome)
        result.final = after
        index = outcome.index
        waiting = waits(outcome)
        if waiting and index + 1 < len(actions) and actions[index + 1].kind != "concede":  # 1.16: at any time
            held = [why for why, rule in (("an effect is still resolving, 10.2.3", "effects.no-actions-while-resolving"),
                                          ("effects are still pending, 10.11.1", "pending.blocks-actions"))
                    if rule in waiting.cites]
            raise ScenarioMismatch(f"action {index + 2} comes after a choice the ruling is still waiting for "
                                   f"(see action {index + 1}); script that choice first" +
                                   (f": until it is made, no game action can be taken ({'; '.join(held)})"
                                    if held else ""), index + 1)
    return result
