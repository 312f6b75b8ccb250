"""What the engine records: steps, each citing the rules it applied, by stable rule id."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Step:
    """One thing that happened (or was refused), with the rules that made it so."""

    kind: str  # move, pay, play, lag, equip, flip, trigger, resolve, remove, refuse, choice, ...
    text: str
    cites: tuple[str, ...]
    player: str | None = None
    cards: tuple[str, ...] = ()
    random: str | None = None  # what was random and where it came from, if anything
    known_to: str | None = None  # hidden information: the one player who learns what this step shows
    options: tuple[str, ...] | None = None  # an "await" step: what the player may choose from (cards, Gigs)
    can_decline: bool | None = None  # an "await" step: whether choosing nothing is one of the options
    effect: str | None = None  # a "trigger" or "resolve" step: the effect's stable name (`label#N`), for `expect.order`
    choice: tuple = ()  # an "await" step: the action key that scripts the answer, and its bounds (see AwaitChoice);
    # a "choice" made as the only option: the key and the answer that would script it
    empty_deck: str | None = None  # the player whose empty deck decided this step, if one did
    empty_fixers: bool = False  # overtime began because both fixer areas were empty (1.11.1)


class Refusal(Exception):
    """An action the rules forbid. The state it was tried on is left untouched.

    `begun`: whether the action had begun, so that refusing it undoes it (a play, 11.4.1.2); False for one refused
    before it starts (no timing allows it). `hint`: for whoever wrote the board, what to write instead when the
    board is likely not what they meant (shown beside the refusal, never part of the ruling's reasoning).
    `chosen`: the cards named for a choice that it turns down (10.31, 10.7), for a reader asking which card was
    refused (`judgekit ask`'s "is X a valid target?"), never read from its text; empty for any other refusal."""

    def __init__(self, text: str, cites: tuple[str, ...], begun: bool = True, hint: str = "",
                 chosen: tuple[str, ...] = ()):
        super().__init__(text)
        self.text = text
        self.cites = cites
        self.begun = begun
        self.hint = hint
        self.chosen = chosen


def refuse(refusal: Refusal | None) -> None:
    """Raise `refusal`, if there is one, leaving no name for it in a frame its traceback holds (that would be a
    reference cycle keeping the frames, and the board they hold, until the garbage collector finds it)."""
    if refusal is not None:
        try:
            raise refusal
        finally:
            del refusal


class ScenarioMismatch(Exception):
    """The scenario says something about the board that is not so (e.g. a wrong `from`)."""

    def __init__(self, text: str, action_index: int | None = None, field_name: str | tuple | None = None):
        """`field_name`: the action's key at fault, or a path under the action such as ("modes", 0, "by")."""
        super().__init__(text)
        self.text = text
        self.action_index = action_index
        self.field_name = field_name


class AwaitChoice(Exception):
    """A choice the rules give a player and the scenario did not script: the ruling stops here.

    `options`: the cards (labels) or Gigs ("d6=3") to choose from, where the choice is among such things;
    `can_decline`: whether choosing nothing is allowed ("you may", "up to", failing to find, 2.1.1, 2.8),
    None where the site does not say.
    `choice`: the action key that scripts the answer, then what bounds it: ("targets", at most, at least: how many
    cards one answer may name for this choice, picked one after another), ("gigs",), ("order",),
    ("may", source), ("replacements", source), ("modes", how many there are, how many to choose, chooser or None),
    ("numbers", lowest, highest), ("go_solo",), ("x", highest), ("pay", how many) for the action's own cost,
    ("payments", how many) for an effect's; `await` steps recorded without raising add
    ("react",), ("steal", how many), ("gigs", how many), ("roll_in",), ("first",), ("mulligan",).
    """

    def __init__(self, text: str, player: str, cites: tuple[str, ...], options: tuple[str, ...] | None = None,
                 can_decline: bool | None = None, choice: tuple = ()):
        super().__init__(text)
        self.text = text
        self.player = player
        self.cites = cites
        self.options = options
        self.can_decline = can_decline
        self.choice = choice
        self.during_resolution = False  # raised while an effect resolves (set by `resolving.resolve_one`, 10.2.3)


class GameOver(Exception):
    """A player has won or lost; that takes effect at once, even mid-action (1.13, 1.17)."""


@dataclass
class Recorder:
    """Collects steps while one action runs; discarded if the action is refused."""

    steps: list[Step] = field(default_factory=list)

    def add(self, kind: str, text: str, *cites: str, player: str | None = None,
            cards: tuple[str, ...] = (), random: str | None = None, known_to: str | None = None,
            options: tuple[str, ...] | None = None, can_decline: bool | None = None,
            effect: str | None = None, choice: tuple = (), empty_deck: str | None = None,
            empty_fixers: bool = False) -> None:
        step = object.__new__(Step)  # as `Step(...)` fills it, without a frozen class's `object.__setattr__` per field
        step.__dict__.update(kind=kind, text=text, cites=tuple(cites), player=player, cards=cards, random=random,
                             known_to=known_to, options=options, can_decline=can_decline, effect=effect,
                             choice=choice, empty_deck=empty_deck, empty_fixers=empty_fixers)
        self.steps.append(step)
