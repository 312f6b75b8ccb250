"""The engine's typed game state (CR 5: the areas; CR 3: card information)."""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import count

from judgekit.engine.card_definition import CardDef, types_in

AREAS = ("hand", "deck", "field", "legends", "eddies", "trash", "removed")
IN_PLAY_AREAS = ("field", "legends")  # where Gear can be equipped (4.10.2) and Legends are valid (4.4)
TURNED_AREAS = ("legends", "field", "eddies")  # where a card is ready or spent (3.6-3.8, 5.8): elsewhere it is neither
CONTROLLED_AREAS = ("field", "legends", "eddies")  # areas whose cards (and their Gear) have a controller (1.7.2)
HIDDEN_AREAS = ("hand", "deck")  # 5.4.2, 5.5.2
CARD_TYPES = ("Legend", "Unit", "Gear", "Program")
PERMISSIONS = {  # what card text can let a Unit do that the attack rules forbid (2.5; a can't still wins, 2.6)
    "attack-units-while-lagging": "attack rival Units the turn it is played",
    "attack-gig-area-while-lagging": "attack a Gig area the turn it is played",
    "attack-ready-units": "attack ready Units",
    "attack-ready-blockers": "attack ready Units with BLOCKER",
}
TURN_EVENTS = {  # what the engine remembers until the turn ends, for effects that ask (8.16)
    "played": "played this card this turn",
    "stole": "this card stole one or more Gigs this turn",
    "fought": "this Unit fought this turn (attacking or defending, 9.16)",
    "saw-<event>": "a card had this event this turn (kept when a card in the game counts \"the first time\" of it; "
                   "`:equipped`, `:stole_below_its_power` follow when those facts of the event held)",
    "did-<trigger>": "this card had its own event (attack, spent, steals-gigs ...) this turn (kept when a card in the "
                     "game counts \"the first time\" of it)",
    "went-solo": "this Legend was played with [GO SOLO] this turn (it can attack though it has Lag)",
    "first-time": "this card's \"the first time ... each turn\" effect has already triggered this turn",
    "activated": "this card's once-per-turn activated effect (`LABEL effect N`, `via GEAR` for a Gear's bottom "
                 "textbox) was activated this turn",
    "activated-before": "as `activated`, a use the board states (`this_turn: activated`) from before its actions",
    "steal-fewer": "an effect lasting this turn made this Unit steal fewer Gigs (Take Control), said again at its "
                   "next steal",
    "steal-more": "an effect lasting this turn made this Unit steal more Gigs, said again at its next steal",
}


def _empty():
    return field(default_factory=list)


@dataclass(frozen=True)
class Modifier:
    """A lasting change an effect gave one card, for a duration (10.23): power, keywords, can'ts."""

    card: str
    source_name: str
    controller: str
    power: int = 0
    keywords: tuple[str, ...] = ()
    cant: tuple[str, ...] = ()
    steals: int = 0  # change to how many Gigs the Unit steals (9.23.2)
    can: tuple[str, ...] = ()  # what card text lets it do against the rules (2.5), see PERMISSIONS
    until: str = "end-of-turn"  # "end-of-turn" ("this turn", 8.16.2), "your-next-turn" (8.6.2.1),
    # "end-of-attack" (fixed as an attack is declared, for that attack only), "next-attack" ("the next time
    # this Unit attacks this turn": it holds for that attack, then ends; or at the end of the turn), or
    # "its-controllers-next-turn" (not in force until its card's controller's next turn begins, then for that turn)
    must: tuple[str, ...] = ()  # what card text obliges it to do if it can (engine.obligations), e.g. attack
    while_fighting: bool = False  # its power counts only in a fight (engine.fighting)
    go_solo_costs_less: int = 0  # this Legend's GO SOLO is paid with that much less €$ (engine.discounts)


def duration_words(until: str, controller: str) -> str:
    """How long a lasting change holds, in words (10.23): the same wording in the trace and on the board."""
    return {"end-of-turn": "this turn", "next-attack": "for the next time it attacks this turn",
            "end-of-attack": "for this attack", "its-controllers-next-turn": "during its controller's next turn"}.get(
        until, f"until {controller}'s next turn")


@dataclass(frozen=True)
class Delayed:
    """A delayed trigger set up by a resolved effect: "the next time ... this turn, ..." (one use, 8.16.2), or
    "at the end of this turn, ..." (8.16.1), which may ask what a card did after it was set up."""

    controller: str
    source: str  # the card whose effect set it up (it may since have left play, like a Program)
    trigger: str  # a trigger name, e.g. "loses-fight"
    side: str = "friendly"  # whose Unit must do it, from the controller's side: friendly, rival, any
    card: str | None = None  # only this card, when the effect named one
    margin_at_least: int = 0  # for wins-fight: by at least this much power
    do: tuple[dict, ...] = ()
    text: str = ""
    if_it_did: tuple[str, ...] = ()  # end-of-this-turn: only if `card` did one of these ("stole", "fought") ...
    since: int = 0  # ... after this entry of the turn's memory (`GameState.this_turn`), i.e. once it was set up


@dataclass(frozen=True)
class StealLimit:
    """A lasting limit on which of `controller`'s Gigs rival actors may steal (Chrome Fang, Westbrook Netrunner)."""

    controller: str
    source_name: str
    actors: str = "Unit"  # "Unit" (any rival Unit in the field, Legends included) or "Legend"
    allowed: str = "at-most-power"  # "at-most-power": value <= the actor's power; "at-least-power": value >= it
    until: str = "your-next-turn"


@dataclass(frozen=True)
class PlayDiscount:
    """A lasting "your next Program this turn plays for -N €$" (engine.discounts): its amount fixed when the effect
    resolved, used up by the next card of `kind` its controller plays this turn (3.11.1.2, 11.8.3)."""

    controller: str
    source: str | None  # the card whose effect it was; None when the scenario starts with it already waiting
    source_name: str
    kind: str = "Program"
    amount: int = 0
    until: str = "end-of-turn"


@dataclass(frozen=True)
class Card:
    """One physical card in the game, named by its per-copy label. Never changed in place (`GameState.change` gives
    the state a changed copy), so copies of a state share every card neither has changed since."""

    label: str
    definition: CardDef
    owner: str
    face_up: bool = True
    spent: bool = False
    lag: bool = False
    gear: tuple[str, ...] = ()  # labels of Gear equipped to this card
    equipped_to: str | None = None
    looked_at_by: tuple[str, ...] = ()  # players looking at it where it is, while an effect resolves (11.13.3, 11.14.2)


_CARD_FIELDS = frozenset(Card.__dataclass_fields__)


def laid_out(label: str, definition: CardDef, owner: str, face_up: bool, spent: bool, lag: bool,
             equipped_to: str | None) -> Card:
    """`Card(label, definition, owner, face_up, spent, lag, equipped_to=equipped_to)`, for a board's layout (about
    44 cards a scenario): filled in as its `__init__` would, without setting each field through
    `object.__setattr__` as a frozen class's `__init__` does (about half a card's cost)."""
    card = object.__new__(Card)
    card.__dict__.update(label=label, definition=definition, owner=owner, face_up=face_up, spent=spent, lag=lag,
                         gear=(), equipped_to=equipped_to, looked_at_by=())  # every field, in order (a test checks)
    return card


_GIG_IDS = count(1)


class Gig(tuple):
    """One Gig die, read as (die, value) (6.1, 6.3). It stays the same die as it moves from one Gig area to another
    (a steal, 6.7; a swap, 6.6) and as its value changes (6.4), so an effect naming "that Gig" follows the die
    (`gigs.place`), whatever Gig stands where it stood; two Gigs showing the same die and value are equal as ever."""

    ident: int

    def __new__(cls, die: str, value: int, ident: int | None = None) -> "Gig":
        gig = super().__new__(cls, (die, value))
        gig.ident = next(_GIG_IDS) if ident is None else ident
        return gig

    def __getnewargs__(self) -> tuple[str, int, int]:
        return self[0], self[1], self.ident

    @classmethod
    def of(cls, gig: tuple[str, int]) -> "Gig":
        """`gig` as a Gig die: itself when it already is one, else a new die."""
        return gig if isinstance(gig, Gig) else cls(*gig)

    def showing(self, value: int) -> "Gig":
        """The same die, showing `value` (6.4)."""
        return Gig(self[0], value, self.ident)


@dataclass
class Player:
    """One player's areas (CR 5) and once-per-turn facts."""

    name: str
    hand: list[str] = _empty()
    deck: list[str] = _empty()  # top first
    field: list[str] = _empty()
    legends: list[str] = _empty()  # left to right
    eddies: list[str] = _empty()
    trash: list[str] = _empty()  # top first
    removed: list[str] = _empty()
    fixer: list[str] = _empty()  # die names, bottom up
    gigs: list[Gig] = _empty()  # (die, value)
    called_legend_this_turn: bool = False
    sold_this_turn: bool = False
    sold_by_effect: str | None = None  # the effect whose Sell used up this turn's Sell A Card action (11.9.2.2)

    def area(self, name: str) -> list[str]:
        return getattr(self, name)

    def record_sale(self, effect: str | None = None) -> bool:
        """Use up the Sell A Card action this turn (8.11.1), also when an effect sells (11.9.2.2), keeping which effect
        did it when it was the first sale; returns whether the action was already used up."""
        already = self.sold_this_turn
        if not already:
            self.sold_this_turn, self.sold_by_effect = True, effect
        return already

    def copy(self) -> "Player":
        """A copy with its own areas, Fixer and Gigs, made by the class itself: an object whose `__dict__` is replaced
        or read as a whole keeps its attributes in that dict, each read slower ever after (CPython 3.11), and a
        player's areas are read at every step."""
        return Player(self.name, self.hand[:], self.deck[:], self.field[:], self.legends[:], self.eddies[:],
                      self.trash[:], self.removed[:], self.fixer[:], self.gigs[:], self.called_legend_this_turn,
                      self.sold_this_turn, self.sold_by_effect)


@dataclass
class GameState:
    """Everything the engine knows. Copied between steps; copies share only what is never changed in place: the
    cards, their printed definitions, and what follows from the game's cards alone."""

    players: dict[str, Player]
    cards: dict[str, Card]
    turn: str
    phase: str = "main"
    resolving: list[str] = field(default_factory=list)  # Programs outside every area (4.14.2)
    losers: list[str] = field(default_factory=list)  # players who have lost (1.14)
    overtime: bool = False  # 1.11
    empty_fixer_starts: int = 0  # consecutive turn starts with both fixer areas empty (1.11.1)
    setup_spent: tuple[str, ...] = ()  # the first player's 2 Legends spent in setup, kept so until the ready step (7.7.4)
    modifiers: list[Modifier] = field(default_factory=list)  # lasting effects on cards (10.22-10.23)
    attack: tuple[str, str, str] | None = None  # an attack in progress: (attacker, target, next step)
    attack_allowed_by: tuple[str, ...] = ()  # the effects that let it attack its ready target, as declared (9.3.2.3)
    attack_unblockable_by: tuple = ()  # (source, name, conditional) of printed can't-be-blocked effects, as declared
    attack_entered: tuple = ()  # (label, `arrived_at`) of the attacker and the defending Unit as they took that part
    attack_fought: bool = False  # its Fight Step has begun (9.16.1): what lasts while fighting applies until it is over
    pending: list[str] = field(default_factory=list)  # effects still pending when a ruling stops for a choice
    this_turn: list[tuple[str, str, str]] = field(default_factory=list)  # (what, player, card): see TURN_EVENTS
    delayed: list[Delayed] = field(default_factory=list)  # "the next time ... this turn" triggers still waiting
    steal_limits: list[StealLimit] = field(default_factory=list)  # lasting limits on which Gigs may be stolen
    discounts: list[PlayDiscount] = field(default_factory=list)  # "your next ... this turn costs less", not used yet
    last_known: dict = field(default_factory=dict)  # label -> last_known.Snapshot as it last was in play (10.10.1)
    departures: dict = field(default_factory=dict)  # label -> leaving_play.Departure, oldest first
    arrivals: int = 0  # cards that have entered an area so far: a clock for "since this effect became pending"
    arrived_at: dict = field(default_factory=dict)  # label -> `arrivals` as it last entered an area
    hidden_at: dict = field(default_factory=dict)  # label -> (`arrivals`, area) as it last entered a hidden area
    _where: dict[str, tuple[str, str]] = field(default_factory=dict, init=False, repr=False, compare=False)
    # what follows from the game's cards alone, found once and shared by every copy: a game's cards never change
    of_the_cards: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def copy(self) -> "GameState":
        """A copy sharing nothing mutable (cards and printed card definitions are immutable and shared)."""
        twin = GameState(
            players={name: player.copy() for name, player in self.players.items()},
            cards=dict(self.cards),
            turn=self.turn, phase=self.phase, resolving=list(self.resolving), losers=list(self.losers),
            overtime=self.overtime, empty_fixer_starts=self.empty_fixer_starts, setup_spent=self.setup_spent,
            modifiers=list(self.modifiers), attack=self.attack, attack_allowed_by=self.attack_allowed_by,
            attack_unblockable_by=self.attack_unblockable_by, attack_entered=self.attack_entered,
            attack_fought=self.attack_fought,
            pending=list(self.pending),
            this_turn=list(self.this_turn), delayed=list(self.delayed), steal_limits=list(self.steal_limits),
            discounts=list(self.discounts), last_known=dict(self.last_known), departures=dict(self.departures),
            arrivals=self.arrivals, arrived_at=dict(self.arrived_at), hidden_at=dict(self.hidden_at))
        twin._where = dict(self._where)  # the same places: the index is still right
        twin.of_the_cards = self.of_the_cards
        return twin

    def change(self, label: str, **changes) -> Card:
        """Give a card new values (`change(label, spent=True)`), as a new card object in this state only; returns it."""
        if not changes.keys() <= _CARD_FIELDS:
            raise TypeError(f"a card has no {', '.join(sorted(changes.keys() - _CARD_FIELDS))}")
        twin = object.__new__(Card)
        values = self.cards[label].__dict__.copy()
        values.update(changes)
        object.__setattr__(twin, "__dict__", values)
        self.cards[label] = twin
        if "definition" in changes:
            self.of_the_cards = {}  # its own from now on: what followed from the old text no longer holds
        return twin

    def printed_on(self, what: str, test) -> frozenset[str]:
        """The labels of this game's cards with a printed effect, in any of its textboxes, that `test` accepts: found
        once per game under the name `what` (`of_the_cards`, shared by every copy; a changed definition starts anew),
        so a question asked of every card in play at each step need not read the cards that can't answer it."""
        found = self.of_the_cards.get(what)
        if found is None:
            found = self.of_the_cards[what] = frozenset(
                label for effects, labels in self._printings() if any(map(test, effects)) for label in labels)
        return found

    def _printings(self) -> list[tuple[tuple, list[str]]]:
        """(printed effects, the labels of the cards printed so) of each printing in the game with an effect: the
        copies of a card, its unnamed deck cards and Eddies share one (`printed_on` reads each once)."""
        printings = self.of_the_cards.get("printings")
        if printings is None:
            by_printing: dict[int, tuple[tuple, list[str]]] = {}
            for label, card in self.cards.items():
                definition = card.definition
                if definition.effects or definition.top_effects or definition.bottom_effects:
                    by_printing.setdefault(id(definition), (definition.printed_effects, []))[1].append(label)
            printings = self.of_the_cards["printings"] = list(by_printing.values())
        return printings

    def happened_this_turn(self, what: str, player: str | None = None, label: str | None = None,
                           card: str | None = None) -> bool:
        """Whether a remembered event of this turn matches (see TURN_EVENTS); about a card (`label`, or `card` when
        the label is a key of its), only its own history counts (`since_in_play`)."""
        start = self.since_in_play(card or label) if card or (label in self.cards) else 0
        return any(w == what and player in (None, p) and label in (None, c) for w, p, c in self.this_turn[start:])

    def since_in_play(self, label: str) -> int:
        """Where `label`'s own history this turn begins in `this_turn`. A card back in play after leaving it is a
        new card: its history begins as it last left (engine.leaving_play). One out of play is read as it last was
        in play (10.10.1): its history begins as it left the time before."""
        gone = self.departures.get(label, ())
        if self.in_play(label):
            return gone[-1].at if gone else 0
        return gone[-2].at if len(gone) > 1 else 0

    def types_of(self, label: str, area: str | None = None) -> tuple[str, ...]:
        """The card's types now (or as it was in `area`): printed types, plus Unit for a Legend in the field (4.2.1).

        Every rule and effect that asks whether a card "is a Unit" asks this, never the printed type.
        """
        return types_in(self.cards[label].definition, self.locate(label)[1] if area is None else area)

    def is_a(self, label: str, kind: str, area: str | None = None) -> bool:
        """Whether the card is of `kind` now (see `types_of`)."""
        return kind in self.types_of(label, area)

    def played_as(self, label: str, kind: str) -> bool:
        """Whether the card is played as a card of `kind`: its types where a play puts it, so a Legend is played as a
        Unit, with GO SOLO or not (4.5, 5.7.5, 11.25.1; 4.2.1). Every effect asking whether the card being played, or
        one played this turn, "is a Unit" asks this, while it is paid for and after it has left play alike (judgekit's
        reading, scenarios/contested/a-legend-played-with-go-solo-is-a-unit-you-play-for-a-discount.yaml)."""
        return kind in types_in(self.cards[label].definition, "field")

    @property
    def game_over(self) -> bool:
        return bool(self.losers)

    def rival_of(self, player: str) -> str:
        return next(p for p in self.players if p != player)

    def locate(self, label: str) -> tuple[str, str]:
        """(player, area) holding the card; Gear on a host reports ("<player>", "equipped")."""
        if label in self.resolving:
            return self.cards[label].owner, "resolving"
        card = self.cards[label]
        if card.equipped_to is not None:
            return self.locate(card.equipped_to)[0], "equipped"
        where = self._where.get(label)
        if where is None or label not in getattr(self.players[where[0]], where[1]):
            where = self._index().get(label)
            if where is None:
                raise KeyError(label)
        return where

    def _index(self) -> dict[str, tuple[str, str]]:
        """Where each card in an area is (a card is in one place at a time), found in one pass over the areas;
        `locate` checks an entry before trusting it, so moves need not keep the index up to date."""
        where: dict[str, tuple[str, str]] = {}
        for name, player in self.players.items():
            for area in AREAS:
                place = (name, area)
                for label in getattr(player, area):
                    where.setdefault(label, place)
        self._where = where
        return where

    def in_play(self, label: str) -> bool:
        """Whether the card is in play: in the field or the Legends area (5.6.2.2, 5.7; face-up or not), or a Gear
        equipped to a card there. Equipped Gear counts: it can only be equipped to a card in play (4.10.2) and
        moves with it (4.12), and the FAQ speaks of a rival's Gears "in play" (Detonate)."""
        return self.locate(label)[1] in IN_PLAY_AREAS + ("equipped",)

    def text_works(self, player: str) -> list[str]:
        """The player's cards whose text works, left to right: in the field, and face-up in the Legends area (a
        face-down card's information is ignored, 3.4.1); their Gear's text is read with them (4.11)."""
        areas = self.players[player]
        return areas.field + [label for label in areas.legends if self.cards[label].face_up]

    def controller(self, label: str) -> str | None:
        """Who controls the card: cards in field, Legends area and Eddies area (1.7.2)."""
        player, area = self.locate(label)
        return player if area in CONTROLLED_AREAS or area == "equipped" else None


def legend_not_unit(state: "GameState", label: str) -> tuple[str, tuple[str, ...]]:
    """(words, rules) saying why a Legend in the Legends area is no Unit to attack, block or be attacked (4.2.1:
    only a Legend in the field is a Unit); nothing for any other card."""
    if state.cards[label].definition.is_type("Legend") and state.locate(label)[1] == "legends":
        return " A Legend is a Unit only in the field.", ("card-types.legend-on-field-is-unit",)
    return "", ()


def legend_as_unit(state: "GameState", labels, kind: str = "Unit") -> tuple[str, ...]:
    """The rule that makes a Legend in the field count as a Unit (4.2.1), when one of `labels` is counted so."""
    counted = kind == "Unit" and any(not state.cards[c].definition.is_type("Unit") and state.is_a(c, "Unit")
                                     for c in labels)
    return ("card-types.legend-on-field-is-unit",) if counted else ()
