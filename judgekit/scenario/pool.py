"""The card pool: printed facts of real cards (no card text), and cards a scenario defines inline."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from judgekit import yaml_data
from judgekit.cache import cached
from judgekit.resources import CARDS_FILE, data_file, printed_cards
from judgekit.engine import errata as engine_errata
from judgekit.engine import card_definition, state
from judgekit.engine.card_definition import CardDef, Effect
from judgekit.scenario import errata
from judgekit.scenario.errata import printings, with_errata
from judgekit.echo import SUGGEST_LIMIT, shown

if TYPE_CHECKING:  # a scenario's own cards come as light records of these (judgekit/scenario/validator.py)
    from judgekit.scenario.card_names import NameMatch
    from judgekit.scenario.model import CardSpec, EffectSpec
    from judgekit.scenario.model.cards import ShippedEffects


def _power(value) -> int | None:
    """A printed power; '6+' (a power an effect may raise) counts as its printed number."""
    if value is None:
        return None
    if isinstance(value, str):
        return int(value.rstrip("+"))
    return int(value)


def _effect(spec: EffectSpec) -> Effect:
    """The engine's form of one effect; its kind is carried in `trigger` (see engine.card_definition.Effect)."""
    if spec.when is not None:
        trigger = spec.when.replace("enters ", "enters:")
    elif spec.activate is not None:
        trigger = "activated"
    elif spec.persistent is not None:
        trigger = "persistent"
    else:
        trigger = f"replace:{spec.replace}"
    grants: tuple = ()
    if spec.persistent is not None:
        grant = spec.persistent
        power = (("power", grant.power),) if grant.power and grant.per is None else \
            (("power-per", (grant.power, grant.per)),) if grant.power else ()
        grants = power + tuple(("keyword", k) for k in grant.keywords) + tuple(("cant", c) for c in grant.cant) + \
            tuple(("can", c) for c in grant.can) + \
            ((("steals", grant.steals),) if grant.steals else ()) + \
            ((("wins-fights-against", tuple(grant.wins_fights_against)),) if grant.wins_fights_against else ()) + \
            ((("free-call", True),) if grant.free_call_on_your_turn else ()) + \
            ((("reroll-roll-in", True),) if grant.may_reroll_roll_in else ()) + \
            ((("rival-go-solo-cost", grant.rival_go_solo_costs_more),) if grant.rival_go_solo_costs_more else ()) + \
            ((("fight-power", (("against", grant.power_while_fighting.against), ("power", grant.power_while_fighting.power))),)
             if grant.power_while_fighting else ()) + \
            ((("first-each-turn-discount", tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in sorted(
                grant.first_each_turn_costs_less.model_dump().items()))),) if grant.first_each_turn_costs_less else ())
    affected = tuple((k, v) for k, v in spec.affected.model_dump(exclude_none=True, exclude_defaults=True).items()) \
        if spec.affected is not None else ()
    cost = spec.activate.pay if spec.activate is not None else spec.pay
    modes = tuple(Effect(trigger=trigger, do=tuple(_plain(i) for i in mode.do), text=mode.text,
                         condition=_conditions(mode.if_), targets=_targets(mode.targets)) for mode in spec.modes)
    return Effect(trigger=trigger, do=tuple(_plain(i) for i in spec.do), text=spec.text,
                  condition=_conditions(spec.if_), targets=_targets(spec.targets),
                  cost=cost or None, spend=bool(spec.activate and spec.activate.spend), quick=spec.quick,
                  cost_less_per=spec.activate.less_per if spec.activate is not None else None,
                  cost_minimum=spec.activate.minimum if spec.activate is not None else 1,
                  cost_minimum_faq=spec.activate.minimum_faq if spec.activate is not None else None,
                  optional=spec.optional, affects=spec.affects, grants=grants, first_time=spec.first_time_each_turn,
                  once_per_turn=spec.once_per_turn,
                  modes=modes, choose=spec.choose, all_modes_if=_conditions(spec.choose_all_if),
                  chooser="rival" if spec.chooser == "rival" else "controller", affected_if=affected,
                  actor_filter=tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in
                                     spec.actor.model_dump(exclude_defaults=True).items()) if spec.actor else ())


def _conditions(specs) -> tuple[dict, ...]:
    return tuple(c.model_dump(exclude_none=True) for c in specs)


def _targets(specs) -> tuple[dict, ...]:
    return tuple(t.model_dump(exclude_none=True, exclude_defaults=True) for t in specs)


def play_cost_rules(specs) -> tuple[dict, ...]:
    """A card's "play this for ..." text as plain data (see engine.costs.to_play)."""
    return tuple(spec.model_dump(by_alias=True, exclude_none=True) for spec in specs)


def _plain(instruction) -> dict:
    """An instruction as plain data; a Gig adjustment keeps its `of` default."""
    (verb, arg), = instruction.model_dump(exclude_none=True).items()
    return {verb: arg}


def definition_from_spec(spec: CardSpec) -> CardDef:
    types = (spec.type,) if isinstance(spec.type, str) else tuple(spec.type)
    return quick_line(CardDef(
        name=spec.name, subtitle=spec.subtitle, types=types,
        cost=None if spec.cost in (None, "-") else int(spec.cost),
        power=spec.power, tags=tuple(spec.tags), sell_tag=spec.sell_tag, color=spec.color, ram=spec.ram,
        effects=tuple(_effect(e) for e in spec.effects),
        top_effects=tuple(_effect(e) for e in spec.top_textbox.effects) if spec.top_textbox else (),
        top_keywords=tuple(spec.top_textbox.keywords) if spec.top_textbox else (),
        bottom_effects=tuple(_effect(e) for e in spec.bottom_textbox.effects) if spec.bottom_textbox else (),
        play_cost=play_cost_rules(spec.play_cost),
        **keyword_line(types, spec.keywords, spec.bottom_textbox.keywords if spec.bottom_textbox else ()),
    ))


def keyword_line(types: tuple[str, ...], keywords, bottom=()) -> dict[str, tuple[str, ...]]:
    """Where a card's keyword line goes, one reading for a pool card and a scenario's own: a Gear's keywords are
    granted to its host, so they count as its bottom textbox (4.11.3); a Gear's own [QUICK] is its top textbox's
    (4.11.2)."""
    if "Gear" in types:
        return {"keywords": (), "bottom_keywords": (*keywords, *(k for k in bottom if k not in keywords))}
    return {"keywords": tuple(keywords), "bottom_keywords": tuple(bottom)}


def quick_line(card: CardDef) -> CardDef:
    """11.26.1.2: [QUICK] beside other effect text is that effect's. A keyword line's [QUICK] (a Gear's: its bottom
    textbox's, 4.11.3) on a textbox with one activated effect makes that effect [QUICK], as `quick: true` does;
    several of them with none marked is an input error (checks.quick_keyword_names_its_effect)."""
    own = _quick_effect(card.keywords, card.effects)
    bottom = _quick_effect(card.bottom_keywords, card.bottom_effects)
    return replace(card, effects=own, bottom_effects=bottom)


def _quick_effect(keywords: tuple[str, ...], effects: tuple[Effect, ...]) -> tuple[Effect, ...]:
    activated = [e for e in effects if e.trigger == "activated"]
    if "QUICK" not in keywords or len(activated) != 1 or activated[0].quick:
        return effects
    return tuple(replace(e, quick=True) if e.trigger == "activated" else e for e in effects)


@lru_cache(maxsize=1)
def real_cards() -> tuple[CardDef, ...]:
    """The shipped pool (judgekit/data/cards-wnc.json): names, costs, powers, types, tags; with the effects
    of the cards judgekit has put in structured form (judgekit/data/card-effects.yaml).

    Built once and then read from judgekit's cache, keyed by the bytes of the data and of the code
    that turns it into card definitions."""
    return _shipped()[0]


_SHIPPED_SHAPE = tuple[tuple[CardDef, ...], dict[str, dict[str, CardDef]]]  # the cards, each one's printings


def _shipped() -> tuple[tuple[CardDef, ...], Pool]:
    """The shipped cards and their index (the cards and their printings, kept in the cache as data)."""
    cards, printings = cached("pool", pool_sources(), _derive_shipped, _SHIPPED_SHAPE)
    return cards, Pool({card.full_name: card for card in cards}, printings=printings)


def _derive_shipped() -> tuple[tuple[CardDef, ...], dict[str, dict[str, CardDef]]]:
    cards = _derive_real_cards()
    pool = Pool()
    for definition in cards:
        pool.add(definition)
    return cards, {name: printings for name, printings in pool.printings.items() if printings}


def pool_sources() -> list:
    """Every file the shipped pool is derived from: the card data, the shipped effects, the errata, and
    the code that reads them (the cache key, so that editing any of them builds the pool again)."""
    data = [data_file(name) for name in (CARDS_FILE, "card-effects.yaml", "errata.yaml")]
    code = [Path(__file__), Path(state.__file__), Path(card_definition.__file__), Path(errata.__file__),
            Path(engine_errata.__file__), Path(__file__).parent / "checks.py",
            *sorted((Path(__file__).parent / "model").glob("*.py"))]
    return [*data, *code]


def _derive_real_cards() -> tuple[CardDef, ...]:
    cards = [_real_card(c) for c in printed_cards()]
    shipped = shipped_effects()
    return tuple(with_errata(_with_effects(card, shipped[card.full_name]) if card.full_name in shipped else card)
                 for card in cards)


@lru_cache(maxsize=1)
def shipped_effects() -> dict[str, ShippedEffects]:
    """The shipped card effects by full name, validated like a scenario's own cards."""
    from judgekit.scenario.model.cards import ShippedEffects
    text = data_file("card-effects.yaml").read_text(encoding="utf-8")
    entries = yaml_data.load(text)
    return {entry.card: entry for entry in (ShippedEffects.model_validate(e) for e in entries)}


@lru_cache(maxsize=1)
def unshipped_cards() -> dict[str, str]:
    """Pool cards with text whose effects are not shipped yet, each with the mechanic it lacks."""
    text = data_file("unshipped-cards.yaml").read_text(encoding="utf-8")
    return {str(k): str(v) for k, v in (yaml_data.load(text) or {}).items()}


def _with_effects(card: CardDef, spec: ShippedEffects) -> CardDef:
    return quick_line(replace(card, effects=tuple(_effect(e) for e in spec.effects),
                   top_effects=tuple(_effect(e) for e in spec.top_textbox.effects) if spec.top_textbox else (),
                   top_keywords=tuple(spec.top_textbox.keywords) if spec.top_textbox else (),
                   bottom_effects=tuple(_effect(e) for e in spec.bottom_textbox.effects)
                   if spec.bottom_textbox else (), play_cost=play_cost_rules(spec.play_cost),
                   facts_verified=spec.facts == "verified"))


def _real_card(c: dict) -> CardDef:
    """A pool card, its keyword line read by `keyword_line`."""
    return CardDef(name=c["name"], subtitle=c["subtitle"], types=(c["type"],), cost=c["cost"],
                   power=_power(c["power"]), power_plus=str(c["power"]).endswith("+"), tags=tuple(c["tags"]),
                   sell_tag=bool(c["sell_tag"]), color=c["color"], ram=c["ram"],
                   **keyword_line((c["type"],), c["keywords"]))


@dataclass
class Pool:
    """Cards by full name ('Name: Subtitle') and by plain name; inline cards replace pool ones."""

    by_full_name: dict[str, CardDef] = field(default_factory=dict)
    inline: set[str] = field(default_factory=set)
    printings: dict[str, dict[str, CardDef]] = field(default_factory=dict)  # full name -> printing -> card

    def add(self, definition: CardDef, inline: bool = False) -> None:
        self.by_full_name[definition.full_name] = definition
        if inline:
            self.inline.add(definition.full_name)
            self.printings.pop(definition.full_name, None)
        else:
            self.printings[definition.full_name] = printings(definition)

    def printing(self, definition: CardDef, name: str) -> tuple[CardDef | None, str]:
        """A printing an erratum singles out (e.g. `beta-iconic`), or why there is none by that name."""
        known = self.printings.get(definition.full_name, {})
        if name in known:
            return known[name], ""
        listed = ", ".join(sorted(known)) or "none"
        return None, (f"{definition.full_name} has no printing {name!r} that differs in play (printings an "
                      f"erratum singles out: {listed}); leave `printing` out for the card's usual facts")

    def lookup(self, name: str, suggest: bool = True, loose: bool = False) -> tuple[CardDef | None, str]:
        """(definition, '') or (None, why not, with a suggestion unless `suggest` is False): the full or plain
        name in any case and punctuation (judgekit.scenario.card_names); `loose` also takes a unique prefix or a
        close misspelling, as scenarios do."""
        if name in self.by_full_name:
            return self.by_full_name[name], ""
        from judgekit.scenario.card_names import NameMatch, names_of  # a name not written in full
        names = names_of(tuple(self.by_full_name))
        match = names.match(name, SUGGEST_LIMIT, guess=loose)
        if match.found is not None:
            return self.by_full_name[match.found], ""
        if match.how == "ambiguous":
            return None, match.problem()
        if not suggest:
            return None, f"no card named {shown(name)} in the card pool or the scenario's cards"
        if not loose:
            match = NameMatch(name, None, "none", names.suggestions(name, SUGGEST_LIMIT))
        return None, match.problem()

    def match(self, name: str) -> NameMatch:
        """The name resolved as a person may type it: exact, prefix or close misspelling (card_names.match_name)."""
        from judgekit.scenario.card_names import match_name
        return match_name(name, self.by_full_name, limit=SUGGEST_LIMIT)


@lru_cache(maxsize=1)
def _real_index() -> Pool:
    """The shipped pool indexed by full name, with the printings its errata single out (from the cache:
    building the printings reads errata.yaml)."""
    return _shipped()[1]


def build_pool(specs: list[CardSpec]) -> Pool:
    real = _real_index()
    pool = Pool(dict(real.by_full_name), printings=dict(real.printings))
    for spec in specs:
        pool.add(definition_from_spec(spec), inline=True)
    return pool
