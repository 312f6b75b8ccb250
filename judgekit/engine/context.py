"""The working context of one action: a private copy of the state, the recorder, the dice, the script."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from judgekit.engine.card_definition import Effect
from judgekit.engine.state import AREAS, GameState
from judgekit.engine.trace import Recorder


@dataclass
class Pending:
    """A triggered effect waiting to resolve (10.11), with its source's last-known information (10.10.1)."""

    source: str
    source_name: str
    controller: str
    effect_index: int
    trigger: str
    effect: Effect
    known: dict = field(default_factory=dict)  # facts of the event, and where the source was (10.10.1: last_known)
    via: str = ""  # the Gear whose bottom textbox the source reads this effect from, if any

    @property
    def do(self) -> tuple[dict, ...]:
        return self.effect.do

    @property
    def text(self) -> str:
        return self.effect.text


@dataclass(frozen=True)
class ModePick:
    """A scripted "choose one" answer: the chosen modes (1 = first), and who the scenario says chooses."""

    picks: tuple[int, ...]
    by: str | None = None  # the choosing player as scripted; None: the effect's controller
    index: int = 0  # its place in the action's `modes` list, for an input error's line


@dataclass
class Script:
    """Choices the scenario scripted for one action, used up in order as the rules call for them."""

    order: list[str] = field(default_factory=list)  # sources of pending effects, in the order to resolve
    targets: list[str] = field(default_factory=list)  # cards chosen by effects, in the order they choose
    numbers: list[int] = field(default_factory=list)  # amounts chosen for "up to" instructions (2.8)
    replacements: dict[str, list[bool]] = field(default_factory=dict)  # replacement source or `label#N` -> answers
    may: dict[str, list[bool]] = field(default_factory=dict)  # "you may" source -> its answers, in order
    gigs: list[str] = field(default_factory=list)  # Gigs chosen by effects, in order: d6, d6=3, player:d6=3
    modes: list[ModePick] = field(default_factory=list)  # answers to "choose one" effects, in order
    payments: list[str] = field(default_factory=list)  # cards spent for effects' payments, in order (11.8.1)

    def copy(self) -> Script:
        """A copy whose lists can be used up without touching this one."""
        return Script(list(self.order), list(self.targets), list(self.numbers), dict(self.replacements),
                      {k: list(v) for k, v in self.may.items()}, list(self.gigs), list(self.modes),
                      list(self.payments))

    def take_may(self, source: str) -> bool | None:
        """The next scripted answer to a "you may" of `source`, or None when none is scripted."""
        answers = self.may.get(source)
        if not answers:
            return None
        answer = answers.pop(0)
        if not answers:
            del self.may[source]
        return answer

    def replacement_answer(self, names: tuple[str, ...]) -> bool | None:
        """The next scripted answer to an optional replacement known by any of `names` (its effect's own name
        first, then its card), or None when none is scripted; it is used up."""
        for name in reversed(names):
            answers = self.replacements.get(name)
            if answers:
                answer = answers.pop(0)
                if not answers:
                    del self.replacements[name]
                return answer
        return None

    def leftovers(self) -> list[tuple[str, str]]:
        """(key, what) for each scripted choice that was never used."""
        return [("order", o) for o in self.order] + [("targets", t) for t in self.targets] + \
            [("numbers", str(n)) for n in self.numbers] + \
            [("replacements", r) for r in self.replacements] + [("may", m) for m in self.may] + \
            [("gigs", g) for g in self.gigs] + [("modes", str(list(m.picks))) for m in self.modes] + \
            [("payments", p) for p in self.payments]


class SeededRandom:
    """The run's one source of randomness, `random.Random(seed)`, made only when something is first drawn
    (shuffles, seeded rolls, random choices): most rulings draw nothing, and seeding costs more than the rest.
    Likewise a state set by `setstate` is applied when something is next drawn, and until then `getstate` gives
    it back as it was: the options listing sets the dice of its point for every action it tries, and most draw
    nothing."""

    __slots__ = ("seed", "_random", "_state")

    def __init__(self, seed: int):
        self.seed, self._random, self._state = seed, None, None

    @property
    def random(self) -> random.Random:
        """The generator, about to be drawn from."""
        if self._random is None:
            self._random = random.Random(self.seed)
        if self._state is not None:
            self._random.setstate(self._state)
            self._state = None
        return self._random

    def randint(self, low: int, high: int) -> int:
        return self.random.randint(low, high)

    def shuffle(self, items: list) -> None:
        self.random.shuffle(items)

    def choice(self, items):
        return self.random.choice(items)

    def getstate(self):
        """Where the sequence stands (None: nothing drawn yet), for `setstate` to go back to."""
        if self._state is not None:
            return self._state
        return None if self._random is None else self._random.getstate()

    def setstate(self, state) -> None:
        if state is None:
            self._random = None
        self._state = state


@dataclass
class Context:
    """What one run of actions works on: the board, the trace being recorded, the seeded randomness, the
    effects waiting to resolve and the scenario's scripted choices."""

    state: GameState
    rec: Recorder
    rng: SeededRandom
    seed: int
    pending: list[Pending] = field(default_factory=list)
    script: Script = field(default_factory=Script)
    replaced: set = field(default_factory=set)  # (replacement source, event card) already applied or declined
    replacing: frozenset = frozenset()  # replacements applied in the process being carried out now (10.29.1)
    untold: list = field(default_factory=list)  # replacements being carried out whose "replace" step waits (10.29)
    in_place: set = field(default_factory=set)  # cards a replacement named or acted on in an event's place (10.25)
    resolving_player: str | None = None  # whose pending effects are being resolved (10.14.1)
    activating: str | None = None  # the player whose activated effect is resolving now (2.2)
    effect_began: dict | None = None  # where each card was when the resolving effect's first instruction began
    ignored_part: bool = False  # a part of the resolving effect just failed and is ignored (10.6.2, `interpreter`)
    left_empty: list = field(default_factory=list)  # (step, choice, with nothing in it, picks made before it, the
    # rules that let it be left) of a choice a player left (`choices.left_choice`)
    picks: list = field(default_factory=list)  # (choice, whether the card's words let it be left: 2.1.1, 2.8) of
    # each pick made (`choices.choice_key`), one entry a pick, for `left_nothing`
    resolving: list = field(default_factory=list)  # the effects being resolved now, outermost first
    refused_reactions: list = field(default_factory=list)  # (the reaction in words, its Refusal), in order
    unmade: list = field(default_factory=list)  # for each choice not made for want of a legal option (10.7): the
    # arguments of `choices.unfit` after the card's label (the refusal of a card named for it), for a target scripted
    # that no choice took
    not_asked: list = field(default_factory=list)  # (player, their pending effects, why) for each set of pending
    # effects whose order judgekit did not ask as it could change nothing (10.12, `pending_order.next_of`), for an
    # `order:` scripted for them (`actions._unused_answer`)
    defeats: list | None = None  # the defeats of the event under way, made together once all are known (`defeating`)
    event_replacements: set = field(default_factory=set)  # replacements applied to a defeat of that event (10.29.1)
    into_decks: dict | None = None  # (owner, "deck-top" or "deck-bottom") -> the cards an "all ..." instruction is
    # putting on that end of their deck together: ordered by that owner, or randomised, once all are there
    # (`areas.together_into_decks`)

    def left_nothing(self, since_step: int, since_pick: int, partly: list | None = None) -> list:
        """The one reading of why a part was not done because its player chose nothing (2.1.1, 2.8, 5.3.2.4.1):
        (step, choice, whether that printed choice took a card before it was left, the rules that let it be left) of
        the choices left with nothing in them since step `since_step`, each used up as it is read (a nested "if you
        do" reads its own first); one whose printed choice took, in another round since `since_pick`, a pick the
        card's words let it stop after (an "up to" in a "for each", either round first) is not one, as stopping
        after a pick is doing what it says.
        `partly` gets the rules that let the choices left after such a pick be left (2.1.1, 2.8)."""
        inside = {id(step) for step in self.rec.steps[since_step:]}
        mine = [entry for entry in self.left_empty if id(entry[0]) in inside]
        self.left_empty[:] = [entry for entry in self.left_empty if id(entry[0]) not in inside]
        worded = {key for key, leavable in self.picks[since_pick:] if leavable}
        if partly is not None:
            partly.extend(leave for _, key, nothing, _, leave, _ in mine if not nothing or key in worded)
        return [(step, key, any(made == key for made, _ in self.picks[since_pick:at]), leave, empty)
                for step, key, nothing, at, leave, empty in mine if nothing and key not in worded]

    def placed_by_earlier_step(self, label: str) -> bool:
        """Whether an earlier instruction of the effect resolving now put the card where it is (2.3, 10.2)."""
        if self.effect_began is None or label not in self.state.cards:
            return False
        player, area = self.state.locate(label)
        return area in self.effect_began.get(player, {}) and label not in self.effect_began[player][area]

    def begin_effect(self) -> bool:
        """Note where every card is as an effect's instructions begin (see `placed_by_earlier_step`); False when an
        effect is already under way (a nested part is not a new effect)."""
        if self.effect_began is not None:
            return False
        self.effect_began = {player: {area: set(board.area(area)) for area in AREAS}
                             for player, board in self.state.players.items()}
        return True

    def place(self, label: str) -> str:
        """Where a card is, in words: "in alice's hand", or "equipped to Royce" for a Gear on its host (4.10)."""
        card = self.state.cards[label]
        if card.equipped_to is not None:
            return f"equipped to {self.name(card.equipped_to)}"
        owner, area = self.state.locate(label)
        if area == "resolving":  # 4.14.2: in no area while it resolves
            return "outside every game area, a Program being resolved"
        return f"in {owner}'s {area}"

    def name(self, label: str) -> str:
        """How a card is named in the trace: its full name, plus its label when they differ."""
        card = self.state.cards[label]
        full = card.definition.full_name
        if card.definition.unknown:
            return label
        return full if label == full else f"{full} [{label}]"
