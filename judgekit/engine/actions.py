"""Running a scenario's actions, each as one all-or-nothing transition of the state."""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from judgekit.engine import areas, effects, events, gigs, winning
from judgekit.engine.context import Context, ModePick, Script, SeededRandom
from judgekit.engine.state import GameState
from judgekit.engine.trace import AwaitChoice, GameOver, Recorder, Refusal, ScenarioMismatch, Step

ACTION_KINDS = ("play", "call", "sell", "move", "defeat", "bottom_deck", "draw", "attack", "setup", "start_phase",
                "pass_turn", "adjust", "swap", "activate", "concede", "resume_attack")
DURING_AN_ATTACK = ("resume_attack", "concede", "move", "defeat", "bottom_deck", "draw", "adjust", "swap")


@dataclass(frozen=True)
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
    replacements: tuple[tuple[str, bool], ...] = ()
    may: tuple[tuple[str, tuple[bool, ...]], ...] = ()
    gigs: tuple[str, ...] = ()
    modes: tuple[ModePick, ...] = ()
    note: str = ""

    def script(self) -> Script:
        """A fresh copy of the choices scripted with this action, to be used up as it runs."""
        return Script(order=list(self.order), targets=list(self.targets), numbers=list(self.numbers),
                      replacements=dict(self.replacements), may={k: list(v) for k, v in self.may},
                      gigs=list(self.gigs), modes=list(self.modes))

    def describe(self) -> str:
        """The action in words; only the line for this action's kind is built."""
        target = ", ".join(self.cards)
        lines = {
            "play": lambda: f"{self.player} plays {target}" + (f" equipped to {self.equip_to}" if self.equip_to else ""),
            "call": lambda: f"{self.player} Calls a Legend: {target}",
            "sell": lambda: f"{self.player} sells {target}",
            "move": lambda: f"an effect moves {target} to {self.to}",
            "defeat": lambda: f"an effect defeats {target}",
            "bottom_deck": lambda: f"an effect bottom-decks {target}",
            "draw": lambda: f"{self.player} draws {self.count}",
            "attack": lambda: f"{self.player} attacks {self.target} with {target}",
            "setup": lambda: "pre-game setup" if self.setup == "game" else
                             f"{self.player} randomises and places their Legends (pre-game setup)",
            "start_phase": lambda: f"{self.player}'s Start Phase",
            "pass_turn": lambda: f"{self.player} passes the turn",
            "adjust": self._describe_adjust,
            "swap": lambda: f"an effect of {self.player} swaps Gigs ({self.gig_args[0]} for {self.gig_args[1]})",
            "activate": lambda: f"{self.player} activates {target}'s effect" + (
                f" #{self.effect_index}" if self.effect_index else "") + (f" with X = {self.x}" if self.x is not None
                                                                          else ""),
            "concede": lambda: f"{self.player} concedes",
            "resume_attack": lambda: f"{self.player}'s attack goes on",
        }
        return lines[self.kind]()

    def _describe_adjust(self) -> str:
        whose, gig, how, amount = self.gig_args
        change = {"increase": f"increases it by {amount}", "decrease": f"decreases it by {amount}",
                  "set": f"sets it to {amount}", "min": "sets it to its min", "max": "sets it to its max"}[how]
        return f"an effect of {self.player} adjusts {whose or self.player}'s {gig}: {change}"


@dataclass
class Outcome:
    """What one action did: its steps, or the refusal that left the state untouched."""

    index: int
    action: Action
    allowed: bool
    steps: list[Step]
    refusal: Refusal | None = None


@dataclass
class RunResult:
    """A run's board before and after, with the outcome of each action."""

    initial: GameState
    final: GameState
    outcomes: list[Outcome] = field(default_factory=list)
    seed: int = 0


def _apply(ctx: Context, action: Action) -> None:
    """Carry out one action. The rules module of an action kind is imported when such an action first runs,
    so a ruling loads only the engine modules its actions need (issue #16: a cold `judgekit run`)."""
    if action.kind == "play":
        from judgekit.engine import play
        play.play_card(ctx, action.player, action.cards[0], list(action.pay) if action.pay is not None else None,
                       action.equip_to, go_solo=action.go_solo)
    elif action.kind == "call":
        from judgekit.engine import legends
        legends.call_a_legend(ctx, action.player, action.cards[0], list(action.pay) if action.pay is not None else None)
    elif action.kind == "sell":
        from judgekit.engine import sell
        sell.sell_a_card(ctx, action.player, action.cards[0])
    elif action.kind == "move":
        effects.handle_events(ctx, areas.move(ctx, action.cards[0], action.to, (), how="is moved by an effect"))
    elif action.kind == "defeat":
        from judgekit.engine import instructions
        instructions.defeat(ctx, action.cards[0])
    elif action.kind == "bottom_deck":
        effects.handle_events(ctx, areas.bottom_deck(ctx, list(action.cards), ("bottom-deck",)))
    elif action.kind == "draw":
        from judgekit.engine import instructions
        instructions.draw(ctx, action.player, action.count)
    elif action.kind == "attack":
        from judgekit.engine import combat
        combat.attack(ctx, action.player, action.cards[0], action.target, action.reactions, action.steal)
    elif action.kind == "setup" and action.setup == "game":
        from judgekit.engine import setup
        setup.set_up_game(ctx, action.first, action.mulligans)
    elif action.kind == "setup":
        from judgekit.engine import legends
        legends.set_up_legends(ctx, action.player)
    elif action.kind == "start_phase":
        from judgekit.engine import turn
        turn.start_phase(ctx, action.player, action.roll_in, action.roll)
    elif action.kind == "adjust":
        whose, written, how, amount = action.gig_args
        if gigs.adjust(ctx, whose or action.player, written, how, amount):
            events.announce(ctx, "gig-adjusted", adjuster=action.player,
                            gigs=((whose or action.player, written.partition("=")[0]),))
    elif action.kind == "swap":
        gigs.swap(ctx, action.player, *action.gig_args)
    elif action.kind == "activate":
        from judgekit.engine import activated
        activated.activate(ctx, action.player, action.cards[0], action.effect_index, action.pay, action.x)
    elif action.kind == "resume_attack":
        from judgekit.engine import combat
        combat.resume_attack(ctx, action.player, action.reactions, action.steal)
    elif action.kind == "concede":
        winning.concede(ctx, action.player)
    elif action.kind == "pass_turn":
        from judgekit.engine import turn
        turn.pass_turn(ctx, action.player, action.roll_in, action.roll)
    effects.resolve_pending(ctx)


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
        action = replace(action, player=state.turn)
    rng_state = rng.getstate()
    ctx = Context(state=state.copy(), rec=Recorder(), rng=rng, seed=seed, script=action.script())
    try:
        if state.game_over:
            raise Refusal(f"The game is already over ({', '.join(state.losers)} lost); no further action can be "
                          "taken.", ("win.instant", "lose.instant"))
        if state.attack is not None and action.kind not in DURING_AN_ATTACK:
            raise Refusal(f"An attack is in progress ({state.attack[0]} attacking {state.attack[1]}, next: the "
                          f"{state.attack[2]} step); no Main Phase action can be taken until it ends. Go on with it "
                          "with `resume_attack`.", ("attack.definition", "main-phase.actions-any-order",
                                                       *(("activated-effects.not-while-busy",)
                                                         if action.kind == "activate" else ())))
        try:
            _apply(ctx, action)
        except GameOver:
            pass
        except AwaitChoice as waiting:
            ctx.rec.add("await", waiting.text + _what_waits(ctx, waiting), *waiting.cites,
                        *(("effects.no-actions-while-resolving",) if waiting.during_resolution else ()),
                        *(("pending.blocks-actions", "pending.stays-pending") if ctx.pending else ()),
                        player=waiting.player, options=waiting.options, can_decline=waiting.can_decline)
            ctx.state.pending = [effects.describe_pending(p) for p in ctx.pending]
        leftovers = ctx.script.leftovers()
        if leftovers:
            key, what = leftovers[0]
            raise ScenarioMismatch(f"`{key}` scripts {what!r}, but the ruling never needed that choice", None, key)
    except ScenarioMismatch as mismatch:
        if mismatch.action_index is None:
            raise ScenarioMismatch(mismatch.text, index, mismatch.field_name) from None
        raise
    except Refusal as refusal:
        rng.setstate(rng_state)
        step = Step("refuse", f"Refused: {refusal.text} The game state is left exactly as it was.",
                    refusal.cites + ("play.undo-invalid",) if action.kind == "play" else refusal.cites,
                    action.player)
        return state, Outcome(index, action, False, [step], refusal.with_traceback(None))  # kept without its frames
    return ctx.state, Outcome(index, action, True, ctx.rec.steps)


def run_actions(state: GameState, actions: list[Action], seed: int) -> RunResult:
    """Run every action in order. Same state, actions and seed: same result."""
    rng = SeededRandom(seed)
    result = RunResult(initial=state, final=state, seed=seed)
    current = state
    for index, action in enumerate(actions):
        current, outcome = run_action(current, action, rng, seed, index)
        result.outcomes.append(outcome)
        waiting = [step for step in outcome.steps if step.kind == "await"]
        if waiting and index + 1 < len(actions):
            held = [why for why, rule in (("an effect is still resolving, 10.2.3", "effects.no-actions-while-resolving"),
                                          ("effects are still pending, 10.11.1", "pending.blocks-actions"))
                    if rule in waiting[0].cites]
            raise ScenarioMismatch(f"action {index + 2} comes after a choice the ruling is still waiting for "
                                   f"(see action {index + 1}); script that choice first" +
                                   (f": until it is made, no game action can be taken ({'; '.join(held)})"
                                    if held else ""), index + 1)
    result.final = current
    return result
