"""From a scenario file to the engine's typed state and actions, reporting every problem at once."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic_core import ValidationError

from judgekit.engine.actions import Action
from judgekit.engine.errata import CITE_PREFIX
from judgekit.engine.winning import WINNING_GIGS
from judgekit.engine.card_definition import CardDef
from judgekit.engine.state import (CONTROLLED_AREAS, IN_PLAY_AREAS, TURNED_AREAS, Card, GameState, Gig, Player,
                                   laid_out)
from judgekit.rules.book import Rulebook, load_rulebook
from judgekit.rules.edition_setting import EditionSettingError
from judgekit.echo import SUGGEST_LIMIT, field_path, shown
from judgekit.scenario import in_progress
from judgekit.scenario.build_actions import build_actions
from judgekit.scenario.effect_references import EffectReferences
from judgekit.scenario.errata import citation as erratum_citation
from judgekit.scenario.gear_triggers import gear_trigger_warnings
from judgekit.scenario.expectations import ResolvedExpect, resolve_expect
from judgekit.scenario.pool import Pool, build_pool
from judgekit.scenario.validator import scenario_class, validate_scenario
from judgekit.scenario.yaml_lines import InputError, LinedDocument, Problem, load_lined, read_text

if TYPE_CHECKING:  # validation gives light records of these models (judgekit/scenario/validator.py)
    from judgekit.scenario.model import CardPlacement, DeckSpec, EddiesSpec, Scenario

UNKNOWN_CARD = CardDef(name="unknown card", types=(), unknown=True)
UNKNOWN_EDDIE = CardDef(name="Eddie", types=(), unknown=True)
LEGEND_AREAS = ("legends", "field", "removed")
_AREA_WORDS = {"hand": "hand", "deck": "deck", "field": "field", "legends": "Legends area",
               "eddies": "Eddies area", "trash": "trash", "removed": "removed-from-game pile"}


@dataclass
class Placed:
    """A card the scenario puts on the board, before labels are settled."""

    player: str
    area: str
    written: str
    definition: CardDef
    path: tuple
    spent: bool = False
    lag: bool = False
    face_up: bool = True
    label: str | None = None
    explicit_label: bool = False
    host: int | None = None  # index of the host in the placed list, for equipped Gear
    owner: str | None = None  # its owner, when another player controls it (`owner:`)


@dataclass
class BuiltScenario:
    """A scenario file made ready to run: its validated data, board, actions and resolved expectations."""

    file: str
    scenario: Scenario
    doc: LinedDocument
    state: GameState
    actions: list[Action]
    action_paths: list[tuple]
    expect: ResolvedExpect | None
    edition: str
    contested: list[tuple[str, ResolvedExpect]] = field(default_factory=list)  # (held_by, expectation)
    decks_not_listed: tuple[str, ...] = ()  # players the file gives no `deck` (so theirs is empty)
    fixers_not_listed: bool = False  # the file states no fixer dice, no overtime and no empty fixer starts
    author_warnings: tuple[str, ...] = ()  # notes for the file's author that do not stop it (gear_triggers.py)


EFFECT_REFS = ("this", "source", "affected", "opponent", "it", "discarded", "revealed", "target", "target2", "target3")


class _Builder(EffectReferences):
    def __init__(self, scenario: Scenario, doc: LinedDocument, filename: str, book: Rulebook):
        self.scenario, self.doc, self.filename, self.book = scenario, doc, filename, book
        self.problems: list[Problem] = []
        self.placed: list[Placed] = []
        self.labels: dict[str, int] = {}
        self.failed_names: set[str] = set()  # cards already reported unknown; later references stay quiet
        self._resolved: dict[int, CardDef] = {}  # id of a definition -> it with its effects' references resolved
        self.unknown_numbers: dict[str, int] = {}  # the last number given to `player-stem-N` labels
        self.asked = 0  # references resolved against the board or players (effect_references._SELF_CONTAINED)
        self.inline: set[str] = set()  # full names of the cards this scenario defines

    def problem(self, path: tuple, message: str) -> None:
        self.problems.append(Problem(self.filename, self.doc.line_of(path), field_path(path), message))

    # --- board ---------------------------------------------------------------------------

    def place(self, pool: Pool, player: str, area: str, entry, path: tuple, host: int | None = None) -> None:
        written = isinstance(entry, str)  # a card by its name alone, else a CardPlacement
        placement = scenario_class("CardPlacement").model_construct(card=entry, gear=[]) if written else entry
        where = path if written else path + ("card",)
        definition, why = pool.lookup(placement.card, loose=True)
        if definition is None:
            self.problem(where, why)
            self.failed_names.add(placement.card.casefold())
            return
        if placement.printing is not None:
            definition, why = pool.printing(definition, placement.printing)
            if definition is None:
                self.problem(path + ("printing",), why)
                return
        is_legend = definition.is_type("Legend")
        if host is None and is_legend and area not in LEGEND_AREAS:
            self.problem(where, f"{definition.full_name} is a Legend, and a Legend can only be in the Legends "
                                f"area or the field (4.4); it cannot start in the {_AREA_WORDS[area]}")
        if area == "legends" and not is_legend and host is None:
            self.problem(where, f"{definition.full_name} is not a Legend; only Legends go in the Legends area")
        if host is None and definition.is_type("Gear") and area in IN_PLAY_AREAS:
            self.problem(where, f"{definition.full_name} is a Gear: in the field or Legends area it is always "
                                "equipped, so list it under its host's `gear:`")
        if host is None and definition.is_type("Program") and area in IN_PLAY_AREAS:
            self.problem(where, f"{definition.full_name} is a Program: it is never in play; a played Program resolves "
                                "outside every area and goes to the trash (4.14, 4.14.2)")
        if host is not None and not definition.is_type("Gear"):
            self.problem(where, f"{definition.full_name} is not a Gear, so it cannot be equipped")
        if placement.lag and area != "field":
            self.problem(path + ("lag",), f"only cards in the field have Lag, not cards in the {_AREA_WORDS[area]}")
        if placement.spent and (area not in TURNED_AREAS or host is not None):
            self.problem(path + ("spent",), "only cards in the field, Legends area or Eddies area can be spent")
        default_face_up = not ((is_legend and area == "legends") or area in ("eddies", "deck"))
        face_up = default_face_up if placement.face_up is None or host is not None else placement.face_up
        owner = getattr(placement, "owner", None)
        if owner is not None:
            owner = self.player_ref(owner, path + ("owner",))
            if area not in CONTROLLED_AREAS:
                self.problem(path + ("owner",), f"a card in the {_AREA_WORDS[area]} is always in its owner's area; "
                                                "only a card in the field, Legends area or Eddies area (or Gear "
                                                "there) can be controlled by a player who does not own it (1.7)")
        index = len(self.placed)
        self.placed.append(Placed(player, area, placement.card, definition, path, placement.spent, placement.lag,
                                  face_up, placement.label, placement.label is not None, host, owner))
        if area == "removed" and placement.face_up is False:
            self.problem(path + ("face_up",), "cards removed from the game are face-up, in a public pile (5.13.1, "
                                              "5.13.2.1)")
        for g, gear in enumerate(placement.gear):
            gear_path = path + ("gear", g)
            if area not in IN_PLAY_AREAS:
                self.problem(gear_path, "Gear can be equipped only to a card in the field or Legends area (4.10.2)")
            elif is_legend and not face_up:
                self.problem(gear_path, "Gear is equipped only to a Unit or a face-up Legend (4.10.1); this Legend "
                                        "is face-down")
            elif not isinstance(gear, str) and gear.gear:
                self.problem(gear_path + ("gear",), "Gear is equipped to Units and Legends, not to other Gear")
            self.place(pool, player, area, gear, gear_path, host=index)

    def place_unknown(self, player: str, area: str, count: int, definition: CardDef, path: tuple,
                      spent: bool = False, stem: str = "deck") -> None:
        if count <= 0:
            return
        prefix = f"{player}-{stem}-"
        first = self.unknown_numbers.get(prefix, 0) + 1  # labels are counted on, not searched: a count may be large
        self.unknown_numbers[prefix] = first + count - 1
        self.placed += [Placed(player, area, "", definition, path, spent, False, False, f"{prefix}{n}")
                        for n in range(first, first + count)]

    def lay_out_board(self, pool: Pool) -> None:
        self.inline = pool.inline
        for player, spec in self.scenario.players.items():
            base = ("players", player)
            for area in ("hand", "field", "legends", "trash", "removed"):
                if self.name_split_by_a_comma(pool, getattr(spec, area), base + (area,)):
                    continue
                for i, entry in enumerate(getattr(spec, area)):
                    self.place(pool, player, area, entry, base + (area, i))
            deck = spec.deck
            if isinstance(deck, int):
                self.place_unknown(player, "deck", deck, UNKNOWN_CARD, base + ("deck",))
            elif isinstance(deck, list):
                if self.name_split_by_a_comma(pool, deck, base + ("deck",)):
                    continue
                for i, entry in enumerate(deck):
                    self.place(pool, player, "deck", entry, base + ("deck", i))
            else:
                self._deck_spec(pool, player, deck, base + ("deck",))
            eddies = spec.eddies
            if isinstance(eddies, int):
                self.place_unknown(player, "eddies", eddies, UNKNOWN_EDDIE, base + ("eddies",), stem="eddie")
            elif isinstance(eddies, list):
                for i, entry in enumerate(eddies):
                    self.place(pool, player, "eddies", entry, base + ("eddies", i))
            else:
                self._eddies_spec(pool, player, eddies, base + ("eddies",))

    def name_split_by_a_comma(self, pool: Pool, entries: list, path: tuple) -> bool:
        """Whether two names side by side in a list are one card's name cut at its comma ("Three Mouths, One
        Desire" written unquoted in [brackets] is two entries); reported as a problem, where the list says it."""
        for i, (first, second) in enumerate(zip(entries, entries[1:])):
            if isinstance(first, str) and isinstance(second, str) and f"{first}, {second}" in pool.by_full_name:
                self.problem(path + (i,), f"{shown(first)} and {shown(second)} side by side are the card "
                                          f"{shown(f'{first}, {second}')}: in a [list] a comma starts a new entry, "
                                          "so put a name that holds one in quotes")
                self.failed_names.add(f"{first}, {second}".casefold())
                return True
        return False

    def _deck_spec(self, pool: Pool, player: str, deck: DeckSpec, path: tuple) -> None:
        for i, entry in enumerate(deck.top):
            self.place(pool, player, "deck", entry, path + ("top", i))
        self.place_unknown(player, "deck", deck.count, UNKNOWN_CARD, path + ("count",))
        for i, entry in enumerate(deck.bottom):
            self.place(pool, player, "deck", entry, path + ("bottom", i))

    def _eddies_spec(self, pool: Pool, player: str, eddies: EddiesSpec, path: tuple) -> None:
        for i, entry in enumerate(eddies.cards):
            self.place(pool, player, "eddies", entry, path + ("cards", i))
        self.place_unknown(player, "eddies", eddies.ready, UNKNOWN_EDDIE, path + ("ready",), stem="eddie")
        self.place_unknown(player, "eddies", eddies.spent, UNKNOWN_EDDIE, path + ("spent",), spent=True, stem="eddie")

    def settle_labels(self) -> None:
        """Explicit labels as written; otherwise the card's written name, numbered if it repeats."""
        written_counts: dict[str, int] = {}
        for p in self.placed:
            if p.label is None:
                written_counts[p.written] = written_counts.get(p.written, 0) + 1
        seen: dict[str, int] = {}
        for index, p in enumerate(self.placed):
            if p.label is None:
                if written_counts[p.written] == 1:
                    p.label = p.written
                else:
                    seen[p.written] = seen.get(p.written, 0) + 1
                    p.label = f"{p.written} #{seen[p.written]}"
            if p.label in self.labels:
                first = self.placed[self.labels[p.label]]
                where = p.path + ("label",) if p.explicit_label else p.path
                self.problem(where, f"the label {shown(p.label)} is used twice (also at line "
                                    f"{self.doc.line_of(first.path)}); give each copy its own label")
                continue
            self.labels[p.label] = index

    def make_state(self) -> GameState:
        players = {name: Player(name=name) for name in self.scenario.players}
        cards: dict[str, Card] = {}
        resolved: dict[int, CardDef] = {}  # id of a placed definition -> it as the cards use it
        for p in self.placed:
            label = p.label
            if label in cards:
                continue
            definition = resolved.get(id(p.definition))
            if definition is None:
                definition = resolved[id(p.definition)] = self._with_resolved_effects(p.definition)
            host = self.placed[p.host].label if p.host is not None else None
            cards[label] = laid_out(label, definition, p.owner or p.player, p.face_up, p.spent, p.lag, host)
            if host is not None:
                cards[host] = replace(cards[host], gear=cards[host].gear + (label,))
            else:
                players[p.player].area(p.area).append(label)
        for name, spec in self.scenario.players.items():
            players[name].fixer = list(spec.fixer)
            players[name].gigs = [Gig(g.die, g.value) for g in spec.gigs]
            if self.scenario.overtime and len(spec.gigs) >= WINNING_GIGS:
                self.problem(("overtime",), f"in overtime a player with {WINNING_GIGS} Gigs wins at once (1.11), so "
                                            f"this board, with {len(spec.gigs)} in {name}'s Gig area, is a game "
                                            "already over; a scenario's board is a game still going on")
            players[name].called_legend_this_turn = spec.called_legend_this_turn
            players[name].sold_this_turn = spec.sold_this_turn
        self._check_dice_exist()
        turn = self.scenario.turn or next(iter(self.scenario.players))
        return GameState(players=players, cards=cards, turn=turn, phase=self._phase(),
                         overtime=self.scenario.overtime, empty_fixer_starts=self.scenario.empty_fixer_starts)

    def _check_dice_exist(self) -> None:
        """7.2: each player brings one die of each kind, so a game holds two of each, in Gig and fixer areas."""
        from collections import Counter
        dice = Counter(die for spec in self.scenario.players.values()
                       for die in [g.die for g in spec.gigs] + list(spec.fixer))
        for die, count in sorted(dice.items()):
            if count > 2:
                self.problem(("players",), f"this board has {count} {die} dice in the Gig and fixer areas, but a game "
                                           f"has two, one in each player's set (7.2)")

    def _phase(self) -> str:
        """The phase written, else `main`; a board whose first action is the Start Phase and that names no phase
        is at the start of the turn (8.6: the Start Phase comes only there)."""
        actions = self.scenario.actions
        if "phase" not in self.doc.data and actions and actions[0].start_phase:
            return "start"
        return self.scenario.phase

    # --- references ----------------------------------------------------------------------

    def ref(self, written: str, path: tuple, allow_this: bool = False) -> str:
        """A card named by label, or by name when exactly one card on the board has that name."""
        if allow_this and written in EFFECT_REFS:
            return written
        self.asked += 1
        if written in self.labels:
            return written
        folded = written.casefold()
        matches = [p.label for p in self.placed
                   if p.label in self.labels and folded in (p.written.casefold(), p.definition.name.casefold(),
                                                            p.definition.full_name.casefold())]
        if not matches:
            matches = self._by_name_as_typed(written)
        if len(matches) == 1:
            return matches[0]
        if written.casefold() in self.failed_names:
            return written
        if matches:
            listed = ", ".join(matches[:10]) + (f", and {len(matches) - 10} more" if len(matches) > 10 else "")
            self.problem(path, f"{shown(written)} could be any of {len(matches)} cards ({listed}); "
                               "use one of these labels")
        else:
            import difflib  # only for a "did you mean": not on the way of a good input
            close = difflib.get_close_matches(written, list(self.labels), n=2, cutoff=0.6) \
                if len(written) <= SUGGEST_LIMIT else []
            named = sorted(p.label for p in self.placed if p.label in self.labels and not p.definition.unknown)
            hint = f"; did you mean {' or '.join(shown(c) for c in close)}?" if close else \
                f"; the labels of named cards on the board: {', '.join(named)}" if 0 < len(named) <= 15 else ""
            if path and path[-1] == "target" and ("gig" in folded or folded in self.doc.data.get("players", {})):
                hint += "; to attack the Rival's Gig area write `target: gig-area`"
            self.problem(path, f"no card labelled or named {shown(written)} is on the board{hint}")
        return written

    def _by_name_as_typed(self, written: str) -> list[str]:
        """The labels of the board's cards whose name `written` starts or nearly spells, when it fits one name."""
        on_board: dict[str, list[str]] = {}
        for p in self.placed:
            if p.label in self.labels and not p.definition.unknown:
                on_board.setdefault(p.definition.full_name, []).append(p.label)
        from judgekit.scenario.card_names import match_name  # a name as typed: not on the way of a written label
        match = match_name(written, on_board, limit=SUGGEST_LIMIT)
        if match.found is not None:
            return on_board[match.found]
        return [label for name in match.candidates for label in on_board[name]] if match.how == "ambiguous" else []

    def player_ref(self, name: str | None, path: tuple) -> str:
        self.asked += 1
        if name is None:
            return self.scenario.turn or next(iter(self.scenario.players))
        if name not in self.scenario.players:
            import difflib  # only for a "did you mean": not on the way of a good input
            close = difflib.get_close_matches(name, list(self.scenario.players), n=1) \
                if len(name) <= SUGGEST_LIMIT else []
            players = ", ".join(shown(p) for p in self.scenario.players)
            self.problem(path, f"{shown(name)} is not a player here (players: {players})"
                               + (f"; did you mean {shown(close[0])}?" if close else ""))
        return name

    def rule_ref(self, written: str, path: tuple, edition: str) -> str:
        if str(written).startswith(CITE_PREFIX):
            if erratum_citation(str(written)) is None:
                self.problem(path, f"no erratum {written!r} is listed (judgekit/data/errata.yaml)")
            return str(written)
        entry = self.book.resolve(str(written), edition)
        if entry is not None:
            return entry.id
        near = self.book.nearest(str(written), edition) if len(str(written)) <= SUGGEST_LIMIT else []
        hint = f"; nearest: {', '.join(near)}" if near else ""
        self.problem(path, f"no rule {shown(written)} in edition {edition}{hint}")
        return str(written)


def build(text: str, filename: str, book: Rulebook | None = None, doc: LinedDocument | None = None) -> BuiltScenario:
    """Parse, validate and lay out a scenario; raise InputError listing every problem found. `doc`: the text as
    load_lined read it, when the caller has already read it so."""
    doc = load_lined(text, filename) if doc is None else doc
    if not isinstance(doc.data, dict):
        raise InputError([Problem(filename, 1, "", "a scenario file is a mapping of keys (scenario:, players:, ...)")])
    book = book or load_rulebook()
    try:
        scenario = validate_scenario(doc.data)
    except ValidationError as error:
        from judgekit.scenario.errors import problems_from
        raise InputError(problems_from(error, doc, filename, book)) from None
    builder = _Builder(scenario, doc, filename, book)
    try:  # without its own `edition:`, the file's project decides (judgekit/rules/edition_setting.py)
        edition = scenario.edition or book.edition_at(filename)
    except EditionSettingError as error:
        raise InputError([Problem(filename, None, "edition", str(error))]) from None
    if edition not in book.editions:
        builder.problem(("edition",), f"unknown edition {shown(edition)}; known: {', '.join(sorted(book.editions))}")
        edition = book.default_edition
    names = [c.name + (f": {c.subtitle}" if c.subtitle else "") for c in scenario.cards]
    for i, name in enumerate(names):
        if name in names[:i]:
            builder.problem(("cards", i, "name"), f"the card {shown(name)} is defined twice")
    builder.lay_out_board(build_pool(scenario.cards))
    builder.settle_labels()
    if scenario.turn is not None:
        builder.player_ref(scenario.turn, ("turn",))
    state = builder.make_state()
    in_progress.place_lasting(builder, state)
    in_progress.place_this_turn(builder, state)
    in_progress.place_attack(builder, state)
    actions, paths = build_actions(builder)
    expect = resolve_expect(builder, scenario.expect, ("expect",), edition)
    contested = [(c.held_by, resolve_expect(builder, c.expect, ("contested", i, "expect"), edition))
                 for i, c in enumerate(scenario.contested)]
    if builder.problems:
        raise InputError(sorted(builder.problems, key=lambda p: (p.line or 0, p.field)))
    specs = [spec if isinstance(spec, dict) else {} for spec in doc.data["players"].values()]
    unlisted = tuple(name for name, spec in zip(doc.data["players"], specs) if "deck" not in spec)
    no_fixers = not any("fixer" in spec for spec in specs) and \
        not ({"overtime", "empty_fixer_starts"} & set(doc.data))
    return BuiltScenario(filename, scenario, doc, state, actions, paths, expect, edition, contested, unlisted,
                         no_fixers, tuple(gear_trigger_warnings(scenario, doc, filename, book, edition)))


def build_file(path: str | Path, book: Rulebook | None = None) -> BuiltScenario:
    return build(read_text(path), str(path), book)
