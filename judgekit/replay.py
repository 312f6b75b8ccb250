"""Untangling a game: a scenario whose actions are what was done at the table, in order, run one at a time
through the engine's own checks, above the engine.

It states facts, never penalties (the Cyberpunk TCG has no published penalty guide): the first action the
rules did not allow (or an attack one of whose reactions they refused), with the rules that refuse it; the
board just before it; the actions after it, newest first, as they would have to be reversed, each marked
where it involved hidden or random information that cannot simply be undone (a draw, a look, a search, a
shuffle, a die roll, a reveal), and with its refusal where the engine refuses it too; and the effects that
were due and never resolved. The engine resolves a triggered effect as part of the action that triggers
it; one that needs a choice waits for it, and no action but a concession (1.16) may be taken until it
resolves (10.11.1, 10.2.3), so an action recorded after such a wait is the illegal one, and the waiting
effect is the one never resolved. A trigger needing no choice cannot be recorded as forgotten: the
engine resolves it with its action.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from judgekit.engine.actions import Action, Outcome, run_action
from judgekit.engine.context import SeededRandom
from judgekit.engine.state import AREAS, HIDDEN_AREAS, GameState
from judgekit.engine.trace import Refusal, ScenarioMismatch

NO_PENALTIES = ("judgekit states the facts of the game and gives no penalty: the Cyberpunk TCG has no published "
                "penalty guide.")
# What cannot simply be undone, by the rules a step cites (prefixes of rule ids).
MARKS = (("draw", ("draw", "deck-area.draw", "start-phase.draw", "setup.draw-six", "setup.mulligan.redraw",
                   "hand.drawn-cards")),
         ("look", ("legends-area.look-once", "public-areas.face-down-unknown", "hidden-areas.unknown")),
         ("search", ("search",)),
         ("shuffle", ("deck-area.shuffle", "setup.shuffle-deck", "setup.legends.shuffle", "bottom-deck.randomize",
                      "setup.mulligan.return-and-shuffle")),
         ("die roll", ("dice.rolling", "start-phase.roll-in.roll")),
         ("reveal", ("reveal", "hidden-areas.reveal-before-move", "programs.reveal-on-table", "play.steps",
                     "trash.instruction", "sell.definition", "call-a-legend.definition", "flip")))
# A step of these kinds citing a reveal rule shows its cards to the Rival: a reveal (11.14.1), a play (11.4.1, 4.14.1),
# the trash instruction (11.7.2), a sale (11.9.1), a Call or a flip turning a card face-up (11.11.1, 11.10.1). It cannot
# simply be undone only when a card it shows was hidden as the action began (5.3): in a hand or deck, or face-down.
SHOWING = ("reveal", "move", "flip")
SHOWN_FIRST = ("play", "sell", "call")  # actions that begin by showing their card
# What an action of each kind involves, for an action the engine could not play out (after the first
# illegal one): the Start Phase draws and rolls in (8.x), setup shuffles and draws (7.x).
BY_KIND = {"draw": ("draw",), "start_phase": ("draw", "die roll"), "pass_turn": ("draw", "die roll"),
           "setup": ("shuffle", "draw"), "bottom_deck": ("shuffle",)}
WAITING_RULES = ("pending.blocks-actions", "effects.no-actions-while-resolving")


@dataclass
class Missed:
    """An effect that was due and never resolved, or an attack left in its React Step (`react_step`, 9.7: no effect
    waits there): what waited, and the step where it became due."""

    awaiting: str
    pending: list[str]
    due_action: int
    due_step: int | None
    due_text: str
    mandatory: bool
    react_step: bool = False


@dataclass
class Reversal:
    action: int
    outcome: Outcome
    marks: list[str]
    known_from: str  # "engine" (its steps were played out) or "kind" (it could not be played out)
    refused: tuple[str, tuple[str, ...]] | None = None  # the engine's refusal (text, cites) on the board it has


@dataclass
class Replay:
    outcomes: list[Outcome]
    first_illegal: int | None = None  # 0-based index of the action
    first_marks: list[str] = field(default_factory=list)  # what the first illegal action involved at the table
    refusal_text: str = ""
    refusal_cites: tuple[str, ...] = ()
    before: GameState | None = None  # the board just before the first illegal action
    to_reverse: list[Reversal] = field(default_factory=list)
    missed: list[Missed] = field(default_factory=list)
    played_out: int = 0  # actions the engine could play out


def replay(state: GameState, actions: list[Action], seed: int) -> Replay:
    """Every action in order, as far as the engine can follow the game."""
    rng = SeededRandom(seed)
    done = Replay([])
    current = state
    step_base = 0
    hidden: list[frozenset[str]] = []  # the cards hidden as each action began
    for index, action in enumerate(actions):
        before = current
        hidden.append(hidden_cards(before))
        try:
            current, outcome = run_action(current, action, rng, seed, index)
        except ScenarioMismatch:
            if done.first_illegal is None:
                raise  # the record does not match the game as it stood: an input error at that action
            break  # after the illegal action the game went on from a board the engine does not have
        done.outcomes.append(outcome)
        done.played_out = index + 1
        if not outcome.allowed and done.first_illegal is None:
            done.first_illegal, done.before = index, before
            done.refusal_text, done.refusal_cites = outcome.refusal.text, outcome.refusal.cites
            done.first_marks = marks_at_the_table(action, hidden[index])
        elif outcome.refused_reactions and done.first_illegal is None:  # a reaction the rules refuse (9.7-9.11)
            refusal = _reaction_refused(outcome)
            done.first_illegal, done.before = index, before
            done.refusal_text, done.refusal_cites = refusal.text, refusal.cites
            done.first_marks = marks_of(outcome, hidden[index])
        waiting = next((s for s in outcome.steps if s.kind == "await"), None)
        if waiting is not None and index + 1 < len(actions) and actions[index + 1].kind == "concede":
            step_base += len(outcome.steps)  # a player may concede at any point, a choice waiting or not (1.16)
            continue
        if waiting is not None:
            done.missed.append(_missed(outcome, waiting, current, index, step_base))
            if index + 1 < len(actions) and done.first_illegal is None:
                done.first_illegal, done.before = index + 1, current
                done.first_marks = marks_at_the_table(actions[index + 1], hidden_cards(current))
                if in_react_step(waiting):
                    done.refusal_text = (f"the attack of action {index + 1} was in its React Step, waiting for "
                                         f"{waiting.player} to react or end it, and an action's steps are carried out "
                                         "in order, so the attack had to end before another action")
                    done.refusal_cites = ("structure.actions-hold-steps", "react-step")
                else:
                    done.refusal_text = (f"an effect was waiting for {waiting.player}'s choice (action {index + 1}), "
                                         "and no game action can be taken until it resolves")
                    done.refusal_cites = tuple(r for r in WAITING_RULES if r in waiting.cites) or WAITING_RULES[:1]
            break
        step_base += len(outcome.steps)
    if done.first_illegal is not None:
        for index in range(len(actions) - 1, done.first_illegal, -1):
            if index < len(done.outcomes) and done.outcomes[index].allowed:
                outcome = done.outcomes[index]
                refused = _reaction_refused(outcome)
                done.to_reverse.append(Reversal(index, outcome, marks_of(outcome, hidden[index]), "engine",
                                                refused and (refused.text, refused.cites)))
            else:
                refusal = done.outcomes[index].refusal if index < len(done.outcomes) else None
                marks = marks_at_the_table(actions[index], hidden[index]) if refusal else marks_of_kind(actions[index])
                done.to_reverse.append(Reversal(index, Outcome(index, actions[index], False, []), marks, "kind",
                                                refusal and (refusal.text, refusal.cites)))
    return done


def _reaction_refused(outcome: Outcome) -> Refusal | None:
    """An allowed attack's first reaction the rules refused (9.7-9.11), said as the refusal of the action: the
    attack it answered stands."""
    if not outcome.refused_reactions:
        return None
    said, refusal = outcome.refused_reactions[0]
    return Refusal(f"the reaction ({said}) is refused; the attack it answered stands: {refusal.text}", refusal.cites)


def _refused_reaction_shown(step, hidden: frozenset[str] | None) -> bool:
    """A reaction refused (the engine's only `refuse` step inside an allowed action) that named a card hidden as the
    action began: trying it at the table showed that card (a play from the hand 11.4.1, a Call 11.11.1), which
    undoing the attempt (11.4.1.2) cannot take back."""
    return step.kind == "refuse" and hidden is not None and not hidden.isdisjoint(step.cards)


def marks_of_kind(action: Action) -> list[str]:
    """What an action of this kind involves, for one the engine did not play out."""
    return list(BY_KIND.get(action.kind, ()))


def marks_at_the_table(action: Action, hidden: frozenset[str]) -> list[str]:
    """What an action the engine refused involved as it was done at the table: its kind's marks, and a reveal where
    it began by showing a card hidden then (a play 11.4.1, a sale 11.9.1, a Call 11.11.1), which undoing the attempt
    (11.4.1.2) cannot take back."""
    shown = action.kind in SHOWN_FIRST and not hidden.isdisjoint(action.cards)
    return [m for m, _ in MARKS if m in marks_of_kind(action) or (m == "reveal" and shown)]


def hidden_cards(state: GameState) -> frozenset[str]:
    """The cards no player may look at freely on this board: in a hand or a deck, or face-down (5.3, 5.4.3, 5.5.2)."""
    return frozenset(label for player in state.players.values() for area in AREAS for label in player.area(area)
                     if area in HIDDEN_AREAS or not state.cards[label].face_up)


def marks_of(outcome: Outcome, hidden: frozenset[str] | None = None) -> list[str]:
    """What the action's steps involved that cannot simply be undone, by the rules they cite; a reveal only of a card
    in `hidden` (the cards hidden as the action began; None: every card counts as hidden)."""
    found = []
    for step in outcome.steps:
        for mark, prefixes in MARKS:
            cited = any(rule.startswith(p) for rule in step.cites for p in prefixes)
            if mark == "reveal":
                cited = cited and step.kind in SHOWING and (hidden is None or not hidden.isdisjoint(step.cards)) or \
                    _refused_reaction_shown(step, hidden)
            if mark not in found and (cited or (mark == "look" and (step.kind == "look" or step.known_to))):
                found.append(mark)
        if step.random and not any(m in found for m in ("shuffle", "die roll")):
            found.append("random")
    return [m for m, _ in MARKS if m in found] + (["random"] if "random" in found else [])


def in_react_step(waiting) -> bool:
    """The wait is the defending player's React Step (9.7), not an effect's choice: no effect is pending there."""
    return "react-step" in waiting.cites


def _missed(outcome: Outcome, waiting, state: GameState, index: int, step_base: int) -> Missed:
    """The effect the await belongs to: due at the last trigger step before it (else at the action); a React Step
    belongs to the attack, due at the action, whatever [ATTACK] effect resolved before it."""
    steps = outcome.steps
    at = steps.index(waiting)
    react_step = in_react_step(waiting)
    trigger = None if react_step else next(
        (n for kind in ("trigger", "resolve") for n in range(at - 1, -1, -1) if steps[n].kind == kind), None)
    due_text = steps[trigger].text if trigger is not None else outcome.action.describe()
    return Missed(waiting.text, list(state.pending), index, None if trigger is None else step_base + trigger + 1,
                  due_text, not waiting.can_decline, react_step)
