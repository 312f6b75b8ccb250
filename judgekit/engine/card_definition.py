"""What a card is as printed (CR 3: card information; 4.11: a Gear's two textboxes) and its effects in judgekit's
structured form (10.4). A card in the game is `state.Card`, which holds its definition."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from judgekit.engine.errata import Erratum
from judgekit.scenario import event_facts


def types_in(definition: "CardDef", area: str) -> tuple[str, ...]:
    """The card's types where it is: a Legend in the field is also a Unit, for every purpose (4.2.1)."""
    if area == "field" and "Legend" in definition.types and "Unit" not in definition.types:
        return definition.types + ("Unit",)
    return definition.types


@dataclass(frozen=True)
class Effect:
    """One effect in judgekit's structured form (10.4): its kind, when it applies, what it does.

    `trigger` names the kind: a trigger such as "play" or "enters:trash" (see triggers.TRIGGERS),
    "activated", "persistent", or "replace:defeated" (a "would ... instead" replacement).
    """

    trigger: str
    do: tuple[dict, ...] = ()
    text: str = ""
    condition: tuple[dict, ...] = ()  # every one must hold (10.3)
    targets: tuple[dict, ...] = ()  # what the effect's controller chooses (10.7, 10.31)
    cost: int | str | None = None  # activated or replacement: €$ to pay, or "X" (11.16)
    spend: bool = False  # the Spend icon is part of the activation cost (11.15)
    cost_less_per: str | None = None  # activated: "this effect costs -1 €$ for each ..." (a count, see conditions)
    cost_minimum: int = 1  # activated, with cost_less_per: the least it costs (11.8.3); 0 by its text (2.5) or the FAQ
    cost_minimum_faq: str | None = None  # the FAQ answer ("Card#N") behind a minimum of 0 its printed text lacks
    quick: bool = False  # [QUICK]: also usable in the React Step (11.26)
    optional: bool = False  # replacement worded "you may" (10.26)
    affects: str = "this"  # persistent or replacement: this, friendly-units, rival-units, units
    grants: tuple[tuple[str, object], ...] = ()  # persistent: ("power", 2), ("keyword", "BLOCKER"), ("cant", "attack")
    first_time: bool = False  # triggered: "the first time ... each turn" (only the turn's first such event)
    once_per_turn: bool = False  # activated: usable once each turn, the card's own activation condition (10.9)
    modes: tuple[Effect, ...] = ()  # "choose one": the effects to choose from, in printed order
    choose: int = 1  # how many modes are chosen
    all_modes_if: tuple[dict, ...] = ()  # "if ..., choose both instead": conditions under which all are chosen
    chooser: str = "controller"  # who picks the modes: "controller", or "rival" ("a Rival chooses", 10.31)
    affected_if: tuple[tuple[str, object], ...] = ()  # persistent: what the affected card must be (tag, attacking...)
    actor_filter: tuple[tuple[str, object], ...] = ()  # friendly-/any- triggers: what the acting card must be

    @cached_property
    def kind(self) -> str:
        """Activated, persistent, replacement or triggered, from its trigger (asked at every step, found once)."""
        if self.trigger in ("activated", "persistent"):
            return self.trigger
        return "replacement" if self.trigger.startswith("replace:") else "triggered"

    @cached_property
    def about_own_card(self) -> bool:
        """Whether it names its own card as it resolves: acts on it, reads it, or measures another card against it
        (`event_facts.names_own_card`). The same effect on two cards is then two different effects, each about its
        card (10.12: their order can matter). Worked out once, from its instructions, conditions and targets."""
        return event_facts.names_own_card(self)

    @cached_property
    def facts_read(self) -> frozenset[str]:
        """The facts of its event it acts on or decides by as it resolves (`event_facts.read_by`), worked out once."""
        return event_facts.read_by(self)


@dataclass(frozen=True)
class CardDef:
    """Printed characteristics of a card (CR 3). `cost` None is a Null cost (3.11.2)."""

    name: str
    subtitle: str | None = None
    types: tuple[str, ...] = ("Unit",)
    cost: int | None = 0
    power: int | None = None
    power_plus: bool = False  # printed with a "+" ("4+"): its own text may raise it; the number is what counts
    tags: tuple[str, ...] = ()
    sell_tag: bool = False
    color: str | None = None
    ram: int | None = None
    keywords: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()
    top_effects: tuple[Effect, ...] = ()  # Gear top textbox (4.11.1)
    top_keywords: tuple[str, ...] = ()
    bottom_effects: tuple[Effect, ...] = ()  # Gear bottom textbox (4.11.3)
    bottom_keywords: tuple[str, ...] = ()
    play_cost: tuple[dict, ...] = ()  # text changing what playing it costs: {less_per, amount, minimum} or {set_to}
    unknown: bool = False  # a deck card the scenario did not name
    errata: tuple[Erratum, ...] = ()  # the errata that apply to this printing
    facts_verified: bool = True  # False: the pool's printed facts stand in for a card nobody has read

    @cached_property
    def full_name(self) -> str:
        return f"{self.name}: {self.subtitle}" if self.subtitle else self.name

    @property
    def printed_power(self) -> str | None:
        """The power as printed: "4+" for a power the card's own text may raise."""
        return None if self.power is None else f"{self.power}{'+' if self.power_plus else ''}"

    def is_type(self, kind: str) -> bool:
        """The printed type only; what a card is in play is `GameState.is_a` (4.2.1)."""
        return kind in self.types

    @cached_property
    def printed_effects(self) -> tuple[Effect, ...]:
        """Every effect printed on the card, both Gear textboxes included (4.11.1, 4.11.3)."""
        return self.effects + self.top_effects + self.bottom_effects

    @cached_property
    def own_keywords(self) -> tuple[str, ...]:
        """The card's own keywords, a Gear's top textbox's too (4.11.2); its bottom's are its host's (4.11.3.1)."""
        return self.keywords + self.top_keywords

    @cached_property
    def own_effects(self) -> tuple[Effect, ...]:
        """The card's own effects, a Gear's top textbox's too (4.11.2); its bottom's are its host's (4.11.3.1)."""
        return self.effects + self.top_effects

    @property
    def has_quick(self) -> bool:
        """[QUICK] on the card itself (11.26.1): a keyword or an effect of its own text, a Gear's top textbox
        included (4.11.2); a Gear's bottom-textbox [QUICK] is its host's, not the Gear's (4.11.3.1). The one place a
        card's own [QUICK] is looked for."""
        return "QUICK" in self.own_keywords or any(e.quick for e in self.own_effects)

    @property
    def bottom_quick(self) -> bool:
        """[QUICK] in a Gear's bottom textbox, which its host reads as its own (4.11.3)."""
        return "QUICK" in self.bottom_keywords or any(e.quick for e in self.bottom_effects)
