"""What may be done at a point of a scenario: every candidate action decided by the engine's own `run_action`.

There is no second copy of the rules here: an option is allowed exactly when `run_action` (the function
`judgekit run` applies each action with) allows it, and a refused option carries that refusal's text and
rules. Candidates come from `judgekit.options.candidates`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from judgekit.engine.action_kinds import MORE_REACTIONS
from judgekit.engine.actions import Action, Outcome, play_through, run_action, waits
from judgekit.engine.context import Context, SeededRandom
from judgekit.engine.state import GameState
from judgekit.engine.trace import AwaitChoice, Recorder, Refusal, ScenarioMismatch, Step
from judgekit.options.candidates import MAX_TOGETHER, answers, next_actions, together_bounds
from judgekit.options.written import written
from judgekit.plural import counted


FAILING = frozenset(("gigs.adjust-only-to-face-values", "gigs.adjust-not-to-current-value"))  # "... it fails"


@dataclass
class Point:
    """A point of a game: the state and the dice before the next action, or before the action that waits.

    `waiting` is the choice the last action stopped at (its `await` step); its answers are then the options,
    each the waiting action (`current`) rewritten with the choice scripted, replacing it; or, with `appends`,
    added after the scenario's actions (`current` is not one of them: see `_into_the_attack`).
    """

    state: GameState  # before the next action (or before `current`)
    dice: object  # the seeded dice's state at that moment (SeededRandom.getstate)
    seed: int
    index: int  # the index of the next action, or of `current`
    current: Action | None = None  # the action waiting for a choice
    waiting: Step | None = None
    now: GameState | None = None  # the state as it stands: after `current` when it waits, else `state`
    made: tuple = ()  # choices `current` made as the only option before it waited: (key, answer), in order
    appends: bool = False  # `current` is not in the scenario yet: its answers are added, not put in its place
    before_choice: int = 0  # how many steps `current` took before it waited: every answer takes the same ones
    refused_before: int = 0  # reactions `current` already had refused before it waited: every answer has them too

    @property
    def board(self) -> GameState:
        return self.now if self.now is not None else self.state


@dataclass
class Option:
    """One action a player might take, as the engine decides it."""

    action: Action
    outcome: Outcome
    after: GameState  # the state it leads to (the state itself when refused)
    dice: object  # the seeded dice's state after it
    point: Point | None = None  # where it was decided
    appended: bool = False  # added after the action that waits for a choice, not in its place (conceding, 1.16)

    @cached_property
    def cost(self) -> int | None:
        """An allowed `play`, `activate` or `call`: what it costs now in €$, after discounts (3.11.1, 10.19, 11.11);
        None otherwise (a refused play may be of a face-down card, whose cost is hidden information, 3.4.1)."""
        if self.point is None or not self.allowed:
            return None
        if self.action.kind in ("attack", "resume_attack") and self.action.reactions:
            return _reaction_cost(self.point, self.action)
        if self.action.kind not in ("play", "activate", "call"):
            return None
        point = self.point
        if point.waiting is not None and not point.appends and \
                any(step.kind == "pay" for step in self.outcome.steps[:point.before_choice]):
            return None  # an answer to a choice of an action paid for before it waited pays nothing more
        return _cost(point, self.action)

    @property
    def new_refused_reactions(self) -> list:
        """The reactions refused in this option that the point had not already refused (a reaction refused
        before the React Step waited stays refused in every answer: it decides none of them)."""
        return self.outcome.refused_reactions[self.point.refused_before if self.point is not None else 0:]

    @property
    def refusal(self):
        """What refused it: the action's refusal, or a refused reaction's (the attack stands, the reaction
        does not: an option with a reaction the rules forbid is not one the defender may take, 9.7-9.10)."""
        if self.outcome.refusal is not None:
            return self.outcome.refusal
        refused = self.new_refused_reactions
        return refused[0][1] if refused else None

    @property
    def allowed(self) -> bool:
        return self.refusal is None

    @property
    def waits(self) -> Step | None:
        """The choice the action stops at, when it is allowed and the ruling then waits."""
        return waits(self.outcome) if self.allowed else None

    @property
    def cites(self) -> tuple[str, ...]:
        """The rules that decide it: a refusal's rules, or every rule the allowed action applied; for an answer
        to an awaited choice, those it applied from the choice on (the steps before it are every answer's)."""
        if self.refusal is not None:
            return self.refusal.cites
        steps = self.outcome.steps[self.point.before_choice:] if self.point is not None else self.outcome.steps
        return tuple(dict.fromkeys(rule for step in steps for rule in step.cites))

    @property
    def fails(self) -> tuple[str, str] | None:
        """An allowed answer to a waiting choice that makes the effect fail, as the rules say an effect demanding
        the impossible does (6.4.4, 6.4.5): the step saying so and that rule; None otherwise. The answer may
        still be named. A later choice the answer leads to (its `await` step, which may warn of 6.4.4 for the
        next answer) is not this answer's outcome."""
        if not self.allowed or self.point is None or self.point.waiting is None:
            return None
        return next(((step.text, rule) for step in self.outcome.steps[self.point.before_choice:]
                     if step.kind != "await" for rule in step.cites if rule in FAILING), None)

    def disputed(self, book, edition: str) -> list[dict]:
        """The disputed points (`corpus.disputes`) the option's outcome turns on, as a ruling's verdict lists them:
        a listing marks an option the shipped contested scenarios show to be in dispute, as `judgekit run` does."""
        from judgekit.corpus.disputes import flags
        steps = [{"cites": [{"id": rule} for rule in step.cites], "text": step.text, "cards": list(step.cards)}
                 for step in self.outcome.steps]
        return flags(steps, self.after.cards, book, edition)

    @property
    def why(self) -> str:
        if self.outcome.refusal is not None:
            return self.outcome.refusal.text
        if self.new_refused_reactions:
            said, refusal = self.new_refused_reactions[0]
            return f"The reaction ({said}) is refused: {refusal.text}"
        waiting = self.waits
        said = self.action.describe() + (f", paying {self.cost} €$" if self.cost is not None else "") + \
            (" for the activation; the card it plays is paid for as well, as usual" if self._plays_paying() else "") + "."
        return said + (f" Then the ruling waits: {waiting.text}" if waiting else "")

    def _plays_paying(self) -> bool:
        """An activated effect that plays a card paying its cost (`play_paying`): its price is the activation's only."""
        if self.action.kind != "activate" or self.point is None or self.action.cards[0] not in self.point.board.cards:
            return False
        from judgekit.engine.activated import readable
        found = readable(self.point.board, self.action.cards[0])
        index = (self.action.effect_index or 1) - 1
        return index < len(found) and _has_instruction(found[index][1].do, "play_paying")


def _has_instruction(instructions, name: str) -> bool:
    """Whether `name` is among the instructions, or among those nested in them (a choice's, "if you do"'s)."""
    if isinstance(instructions, dict):
        return name in instructions or any(_has_instruction(v, name) for v in instructions.values())
    if isinstance(instructions, (list, tuple)):
        return any(_has_instruction(item, name) for item in instructions)
    return False


@dataclass
class OptionsListing:
    """Every option at a point: who is to act, whether a choice is awaited, and each option decided."""

    point: Point
    to_act: str | None
    options: list[Option] = field(default_factory=list)
    edition: str | None = None  # the edition `as_dict` numbers rules in by default

    @property
    def allowed(self) -> list[Option]:
        return [o for o in self.options if o.allowed]

    def as_dict(self, book, edition: str | None = None) -> dict:
        """The documented JSON shape (docs/output-format.md, "Options"), rules numbered in `edition`."""
        from judgekit.cites import citation
        edition = edition or self.edition or book.default_edition
        point = self.point
        return {
            "format": "judgekit-options/1",
            "to_act": self.to_act,
            "after": point.index + (0 if point.current is None or point.appends else 1),
            "replaces": None if point.current is None or point.appends else point.index + 1,
            "awaiting": None if point.waiting is None else point.waiting.text,
            "game_over": point.board.game_over,
            "options": [{"action": written(o.action), "allowed": o.allowed,
                         "cites": [citation(book, rule, edition) for rule in o.cites], "why": o.why,
                         **({"cost": o.cost} if o.cost is not None else {}),
                         **({"appends": True} if o.appended else {}),
                         **({"awaits": o.waits.text} if o.waits is not None else {}),
                         **({"fails": f"{fails[0].rstrip('.')} ({_marked(citation(book, fails[1], edition))})."}
                            if (fails := o.fails) is not None else {}),
                         **({"disputed": disputed} if (disputed := o.disputed(book, edition)) else {})}
                        for o in self.options],
            **({"together": together} if (together := together_told(
                point, citation(book, "effect-choices.target-count", edition))) is not None else {}),
        }


def together_told(point: Point, rule: dict) -> dict | None:
    """How many cards one answer may name for the waiting choice, when more than one (`together_bounds`): the bounds,
    how many answers name two or more, whether they are listed (at most MAX_TOGETHER), how to write one, and the
    rule `rule` (10.31.2's citation) that makes them different cards."""
    bounds = together_bounds(point.waiting)
    if bounds is None:
        return None
    most, least, count = bounds
    cards = list(point.waiting.options)
    before = [*point.current.targets, *(answer for key, answer in point.made if key == "targets")]
    amount = f"may name up to {most}" if not least else f"must name {most}" if least == most else \
        f"must name at least {least} and may name up to {most}"
    stop = max(least, 1)
    how = f"`targets: [{', '.join(before + cards[:most])}]`" + \
        (f", or `[{', '.join(before + cards[:stop])}, none]` to stop sooner" if stop < most else "")
    text = f"{point.waiting.player} {amount} of these cards, each a different one ({rule['number']}); one answer " \
           f"may name them together, one after another: {how}. " + \
           (f"{counted(count, 'answer')} {'names' if count == 1 else 'name'} two or more: listed below."
            if count <= MAX_TOGETHER else f"{count} answers name two or more: too many to list.")
    return {"key": "targets", "at_most": most, "at_least": least, "answers": count, "listed": count <= MAX_TOGETHER,
            "text": text, "cites": [rule]}


def point_of(state: GameState, actions: list[Action], seed: int, after: int | None = None) -> Point:
    """The point after the first `after` actions (all when None), as `judgekit run` plays them."""
    actions = actions if after is None else actions[:after]
    rng = SeededRandom(seed)
    point = Point(state, rng.getstate(), seed, 0)
    for before, dice, outcome, now in play_through(state, actions, seed, rng):
        waiting = waits(outcome)
        if waiting is not None:
            point = Point(before, dice, seed, outcome.index, outcome.action, waiting, now, only_options(outcome),
                          before_choice=outcome.steps.index(waiting), refused_before=len(outcome.refused_reactions))
        else:
            point = Point(now, rng.getstate(), seed, outcome.index + 1)
    return point


def only_options(outcome: Outcome) -> tuple:
    """The choices an action made as the only option (10.31) before it waited. Run again with a script, such a
    choice takes the next scripted answer, so an answer to the wait is scripted after them."""
    return tuple(step.choice for step in outcome.steps if step.kind == "choice" and step.choice)


def decide(point: Point, action: Action) -> Option | None:
    """Run `action` at the point through the engine; None when it is not an action a scenario could write here."""
    rng = SeededRandom(point.seed)
    rng.setstate(point.dice)
    try:
        after, outcome = run_action(point.state, action, rng, point.seed, point.index)
    except ScenarioMismatch:
        return None
    return Option(action, outcome, after, rng.getstate(), point)


def _cost(point: Point, action: Action) -> int | None:
    """What playing the card (3.11.1) or activating its effect (10.19) costs now, by the engine's own `costs.to_play`
    and `activated.price`, discounts included: on the board before the waiting action when the option answers a
    choice made before it was paid (GO SOLO, X)."""
    from judgekit.engine import activated, costs, legends
    state = point.state if point.waiting is not None and not point.appends else point.board
    if action.kind == "call":
        return legends.call_price(state, action.player)
    if action.kind == "play" and state.cards[action.cards[0]].definition.cost is None:
        return None
    if action.kind == "activate":
        return _priced(state, point.seed, lambda ctx: activated.price(ctx, action.player, action.cards[0],
                                                                      action.effect_index, action.x))
    return _priced(state, point.seed,
                   lambda ctx: costs.to_play(ctx, action.player, action.cards[0], go_solo=bool(action.go_solo)).amount)


def _priced(state: GameState, seed: int, price) -> int | None:
    """`price(ctx)` asked of the engine on a copy of `state`; None where the engine can't price it now."""
    ctx = Context(state=state.copy(), rec=Recorder(), rng=SeededRandom(seed), seed=seed)
    try:
        return price(ctx)
    except (Refusal, AwaitChoice, ScenarioMismatch):
        return None


def _reaction_cost(point: Point, action: Action) -> int | None:
    """What the reaction an option adds in a React Step (after those of the waiting attack: an answer adding none,
    `pass` or a choice's answer, pays nothing) costs the defending player now: a Call (11.11), a [QUICK]
    card played (3.11.1) or a [QUICK] effect activated (10.19), priced as the engine prices them on the board as
    it stands in the attack; None for a block, which costs nothing but spending the blocker."""
    from judgekit.engine import activated, costs, legends
    earlier = [r for r in (point.current.reactions if point.current is not None else None) or ()
               if tuple(r) != MORE_REACTIONS]
    added = [r for r in action.reactions if tuple(r) != MORE_REACTIONS][len(earlier):]
    if not added:
        return None
    board = point.board  # in the attack: as the waiting attack left it, or as the scenario's board has it
    kind, label = added[-1][0], added[-1][1]
    defender = board.rival_of(action.player)
    if kind == "call":
        return legends.call_price(board, defender)
    if kind != "quick" or label not in board.cards:
        return None
    if board.in_play(label):
        return _priced(board, point.seed, lambda ctx: activated.price(ctx, defender, label, added[-1][3],
                                                                     added[-1][4]))
    return _priced(board, point.seed, lambda ctx: costs.to_play(ctx, defender, label).amount)


def candidates_at(point: Point) -> tuple[str | None, list[Action]]:
    """Who is to act at the point, and the actions they might try, not yet decided; each written once (two Gigs of
    one die showing one value are one answer, `d6=3`: a Gig is its die and value, 6.1, 6.3)."""
    if point.waiting is not None:
        return point.waiting.player, list(dict.fromkeys(answers(point.board, point.current, point.waiting, point.made)))
    return (None if point.state.game_over else point.state.turn), next_actions(point.state)


def options_at(point: Point) -> OptionsListing:
    """Every option at the point, each decided by the engine."""
    point = _into_the_attack(point)
    to_act, candidates = candidates_at(point)
    decided = [decide(point, action) for action in candidates] + _concessions(point)
    return OptionsListing(point, to_act, [o for o in decided if o is not None])


def _concessions(point: Point) -> list[Option | None]:
    """1.16: either player may concede at any time, a choice waiting too. Where the options replace the waiting
    action, a concession is added after it instead; where they are added after the scenario's actions (a board
    stopped in the React Step), it is one of them. Elsewhere `next_actions` lists it already."""
    if point.waiting is None or point.board.game_over:
        return []
    after = point if point.appends else Point(point.board, point.dice, point.seed, point.index + 1)
    found = [decide(after, Action("concede", player)) for player in point.board.players]
    for option in found:
        if option is not None:
            option.appended = not point.appends
    return found


def _into_the_attack(point: Point) -> Point:
    """A board that stops in an attack's React Step, with no choice awaited, is the defending player's to act
    (9.7.1): the attack goes on to the React Step, and its answers (the reactions) are the options, each added
    as the scenario's next action."""
    state = point.state
    if point.waiting is not None or state.game_over or state.attack is None or state.attack[2] != "react":
        return point
    going_on = decide(point, Action("resume_attack", state.turn, by_turn_player=True))
    if going_on is None or not going_on.allowed or going_on.waits is None:
        return point
    into = take(point, going_on)
    into.appends = True
    return into


def take(point: Point, option: Option) -> Point:
    """The point after taking an allowed option: its choice awaited next, or the next action."""
    waiting = option.waits
    if waiting is not None:
        return Point(point.state, point.dice, point.seed, point.index, option.action, waiting, option.after,
                     only_options(option.outcome), before_choice=option.outcome.steps.index(waiting),
                     refused_before=len(option.outcome.refused_reactions))
    return Point(option.after, option.dice, point.seed, point.index + 1)


def list_options(scenario, after: int | None = None, edition: str | None = None) -> OptionsListing:
    """Every action the players may take at the scenario's point, and every other one they might try, decided
    by the engine exactly as `judgekit run` would decide it.

    `scenario`: a built scenario (`judgekit.scenario.build.BuiltScenario`) or a path to a scenario file.
    `after`: the point after that many of its actions (default: after all of them). When the last action
    there stops at a choice, the options are that action with each answer scripted: each replaces it.
    `edition`: the edition `as_dict` numbers the rules in (default: the scenario's).
    Raises `InputError` for a file that is not a valid scenario, or an `after` out of range.
    """
    from judgekit.scenario.build import BuiltScenario, build_file
    from judgekit.scenario.yaml_lines import InputError, Problem
    built = scenario if isinstance(scenario, BuiltScenario) else build_file(scenario)
    count = len(built.actions)
    if after is not None and not 0 <= after <= count:
        raise InputError([Problem(built.file, 1, "--after", f"the scenario has {counted(count, 'action')}; --after takes 0 to "
                                                            f"{count}, not {after}")])
    try:
        point = point_of(built.state, built.actions, built.scenario.seed, after)
    except ScenarioMismatch as mismatch:
        from judgekit.scenario.running import run_scenario
        run_scenario(built)  # the same input error `judgekit run` reports
        raise InputError([Problem(built.file, 1, "actions", mismatch.text)]) from None
    listing = options_at(point)
    listing.edition = edition or built.edition
    return listing


def _marked(cited: dict) -> str:
    """A cited rule's number as every output shows it: `?` when inferred in the edition."""
    return cited["number"] + ("" if cited["confirmed"] else "?")
