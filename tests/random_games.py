"""Random legal games (perft for a card game, issue #22): play whole games from the shipped example decks,
choosing uniformly at random among the options `judgekit options` lists as allowed, and check the game's
invariants after every step.

Conceding (1.16) is left out of the choice: it is always allowed, so a uniform choice would end most games
within a few steps and exercise nothing else. Everything else allowed is a candidate.

Same seed, same game, same bytes (`Game.transcript`). Run at length with `python tools/random_games.py`.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path


from judgekit import yaml_data
from judgekit.engine.setup import FIXER_ORDER as FIXER_DICE
from judgekit.engine.state import AREAS
from judgekit.options import point_of, take
from judgekit.options.listing import candidates_at, decide
from judgekit.options.written import written
from judgekit.rules.book import load_rulebook
from judgekit.scenario.build import build
from judgekit.scenario.decklist import read_decklist

ROOT = Path(__file__).resolve().parent.parent
DECKS = sorted((ROOT / "scenarios" / "decks").glob("*.txt"))
STEP_CAP = 3000  # a game still going after this many steps is a failure (it should end by 1.10-1.14)
EDITION = "2026-08"  # the published numbering: a game ends by a rule numbered 1.10 to 1.14 in it


@lru_cache(maxsize=1)
def ending_rules() -> frozenset[str]:
    """The rules of CR 1.10-1.14 (seven Gigs, overtime, alternate wins, winning at once, the empty deck)."""
    book = load_rulebook()
    out = set()
    for rule_id in book.entries:
        number = book.number(rule_id, EDITION)[0] or ""
        parts = number.split(".")
        if len(parts) >= 2 and parts[0] == "1" and parts[1].isdigit() and 10 <= int(parts[1]) <= 14:
            out.add(rule_id)
    return frozenset(out)


@dataclass
class Game:
    seed: int
    steps: int = 0
    transcript: list[str] = field(default_factory=list)  # each step's action as written, one JSON-like line
    violations: list[str] = field(default_factory=list)
    crash: str | None = None
    ended_by: tuple[str, ...] = ()  # the rules that ended it
    losers: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.violations and self.crash is None and bool(self.ended_by)


@lru_cache(maxsize=None)
def _deck(path: Path) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(Legends, main deck) of a decklist, one name per copy; the sideboard is left out. Read once per list (a game
    reads two of the few shipped ones)."""
    legends, main = [], []
    for entry in read_decklist(path):
        if entry.sideboard:
            continue
        names = [entry.card.full_name] * entry.count
        (legends if entry.card.is_type("Legend") else main).extend(names)
    return tuple(legends), tuple(main)


def board(seed: int) -> str:
    """The scenario of a new game: each player a shipped deck (chosen by the seed), before pre-game setup."""
    pick = random.Random(seed)
    players = {}
    for name in ("alice", "bob"):
        legends, main = _deck(pick.choice(DECKS))
        players[name] = {"legends": list(legends), "deck": list(main)}
    return yaml_data.dump({"scenario": f"random game {seed}", "seed": seed, "phase": "setup",
                           "players": players})


def choose(point, chooser: random.Random, listed: bool):
    """A uniformly random allowed option (conceding aside), or None when there is none.

    `listed`: decide every candidate (the whole options listing) and pick among the allowed ones. Otherwise
    decide candidates in a random order and take the first allowed one: the same distribution (every
    allowed option equally likely), for a fraction of the engine runs.
    """
    _, candidates = candidates_at(point)
    candidates = [a for a in candidates if a.kind != "concede"]
    if listed:
        allowed = [o for o in (decide(point, a) for a in candidates) if o is not None and o.allowed]
        return chooser.choice(allowed) if allowed else None
    chooser.shuffle(candidates)
    for action in candidates:
        option = decide(point, action)
        if option is not None and option.allowed:
            return option
    return None


def play(seed: int, step_cap: int = STEP_CAP, listed: bool = False) -> Game:
    """One game, every choice uniform among the allowed options (conceding aside), invariants checked."""
    game = Game(seed)
    ending = ending_rules()
    chooser = random.Random(seed)
    built = build(board(seed), f"<random game {seed}>")
    cards = set(built.state.cards)
    point = point_of(built.state, [], seed)
    try:
        while not point.board.game_over:
            if game.steps >= step_cap:
                game.violations.append(f"no end after {step_cap} steps (1.10-1.14)")
                return game
            option = choose(point, chooser, listed)
            if option is None:
                game.violations.append(f"step {game.steps + 1}: no allowed option but conceding, and the game "
                                       "is not over")
                return game
            before = point.board
            game.steps += 1
            game.transcript.append(repr(written(option.action)))
            point = take(point, option)
            problems = invariants(point.board, cards) + turn_order(before, point.board)
            if problems:
                game.violations += [f"step {game.steps} ({written(option.action)}): {p}" for p in problems]
                return game
            if point.board.game_over:
                game.ended_by = tuple(dict.fromkeys(r for s in option.outcome.steps for r in s.cites
                                                    if r in ending))
                game.losers = tuple(point.board.losers)
                if not game.ended_by:
                    game.violations.append(f"step {game.steps}: the game ended citing no rule of 1.10-1.14")
    except Exception as error:  # a crash is this game's result, reported with its seed
        game.crash = f"step {game.steps + 1}: {type(error).__name__}: {error}"
    return game


PHASES = ("setup", "start", "main", "end")


def turn_order(before, after) -> list[str]:
    """8.1: a turn's phases go forward (setup, start, main, end), and a new turn is the Rival's, from its start."""
    if after.turn == before.turn:
        if PHASES.index(after.phase) < PHASES.index(before.phase):
            return [f"{after.turn}'s turn went back from the {before.phase} phase to the {after.phase} phase (8.1)"]
        return []
    if before.phase == "setup":
        return [] if after.phase in ("setup", "start") else [f"setup ended in the {after.phase} phase (7.9)"]
    if after.turn != before.rival_of(before.turn) or before.phase not in ("main", "end"):
        return [f"the turn passed from {before.turn}'s {before.phase} phase to {after.turn} (8.1, 8.9)"]
    return []


def invariants(state, cards: set[str]) -> list[str]:
    """What must hold after every step of a legal game."""
    problems = []
    seen: dict[str, str] = {}
    for name, player in state.players.items():
        for area in AREAS:
            for label in player.area(area):
                if label in seen:
                    problems.append(f"{label} is in two places: {seen[label]} and {name}'s {area} (5.1)")
                seen[label] = f"{name}'s {area}"
    for label in state.resolving:
        if label in seen:
            problems.append(f"{label} is resolving and in {seen[label]}")
        seen[label] = "resolving"
    for label, card in state.cards.items():
        if card.equipped_to is not None:
            if label in seen:
                problems.append(f"{label} is equipped and in {seen[label]}")
            seen[label] = f"equipped to {card.equipped_to}"
            host = state.cards[card.equipped_to]
            holder, area = state.locate(card.equipped_to)
            if label not in host.gear:
                problems.append(f"{label} is equipped to {card.equipped_to}, which does not list it")
            if area not in ("field", "legends") or (area == "legends" and not host.face_up):
                problems.append(f"{label} is equipped to {card.equipped_to} in {holder}'s {area} (4.10.1, 4.10.2)")
            if not (state.is_a(card.equipped_to, "Unit") or host.definition.is_type("Legend")):
                problems.append(f"{label} is equipped to {card.equipped_to}, neither a Unit nor a Legend (4.10.1)")
        for gear in card.gear:
            if state.cards[gear].equipped_to != label:
                problems.append(f"{label} lists {gear} as its Gear, but it is not equipped to it")
        if card.definition.is_type("Legend") and label in seen and \
                not seen[label].endswith(("legends", "field", "removed")):
            problems.append(f"the Legend {label} is in {seen[label]} (4.4)")
        if card.lag and not seen.get(label, "").endswith("field"):
            problems.append(f"{label} has Lag outside the field (11.3)")
    for name, player in state.players.items():
        problems += [f"{label} is face-up in {name}'s deck (5.5.3)" for label in player.deck
                     if state.cards[label].face_up]
        problems += [f"{label} is face-up in {name}'s Eddies area (5.8.1.2, 5.8.2.1)" for label in player.eddies
                     if state.cards[label].face_up]
        problems += [f"{label} is in {name}'s field but is neither a Unit nor a Legend (5.6.2, 4.10.2)"
                     for label in player.field if not state.is_a(label, "Unit")]
    dice = sorted(d for p in state.players.values() for d in list(p.fixer) + [g for g, _ in p.gigs])
    if dice and dice != sorted(FIXER_DICE * len(state.players)):
        problems.append(f"the Gig dice are not each player's six: {dice} (7.8, 6.7: Gigs move, none is made or lost)")
    missing = cards - set(seen)
    if missing:
        problems.append(f"cards in no place: {sorted(missing)[:5]}")
    for name, player in state.players.items():
        for die, value in player.gigs:
            if not 1 <= value <= int(die[1:]):
                problems.append(f"{name}'s {die} shows {value} (6.1.1)")
    if state.phase not in PHASES:
        problems.append(f"the phase is {state.phase!r}")
    return problems
