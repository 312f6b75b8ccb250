"""A ruling as plain data: the documented shape behind `--format json` and the console view.

docs/output-format.md describes every key. Same scenario and seed: the same dict, key order included.
"""
from __future__ import annotations

from judgekit.engine import conditions, persistent, winning
from judgekit.engine.actions import RunResult, run_actions
from judgekit.engine.state import AREAS, IN_PLAY_AREAS, GameState
from judgekit.engine.trace import ScenarioMismatch
from judgekit.cites import citation, numbered  # noqa: F401  (citation re-exported: a rule as the output shows it)
from judgekit.scenario.running import input_error, run_scenario  # noqa: F401  (re-exported)
from judgekit.rules.book import Rulebook
from judgekit.scenario.build import BuiltScenario
from judgekit.scenario.expect import check
from judgekit.scenario.yaml_lines import InputError, Problem

FORMAT = "judgekit-ruling/1"


def _card(state: GameState, label: str, active: list, holder: str | None = None) -> dict:
    """A card as the board shows it; `holder`: the player whose area it is in (an `owner` is shown when not them)."""
    card = state.cards[label]
    definition = card.definition
    out = {"label": label, "name": None if definition.unknown else definition.full_name,
           "face_up": card.face_up, "spent": card.spent, "lag": card.lag}
    if holder is not None and card.owner != holder:
        out["owner"] = card.owner
    if card.looked_at_by:
        out["looked_at_by"] = list(card.looked_at_by)
    if definition.power is not None or card.gear or active or state.modifiers:  # else it has no power (3.17.2)
        power = persistent.power_of(state, label, active)
        if power is not None:
            out["power"] = power
    if card.gear:
        out["gear"] = [_card(state, g, active, holder) for g in card.gear]
    return out


def board(state: GameState) -> dict:
    active = list(persistent.active_effects(state))  # once for the whole board, not once per card
    # printed effects apply only to cards in the field and Legends area (and their Gear) (10.22.3)
    acting = {area: active if area in IN_PLAY_AREAS else [] for area in AREAS}
    players = {}
    for name, player in state.players.items():
        areas = {area: [_card(state, label, acting[area], name) for label in player.area(area)] for area in AREAS}
        areas["fixer"] = list(player.fixer)
        areas["gigs"] = [{"die": die, "value": value} for die, value in player.gigs]
        areas["street_cred"] = conditions.street_cred(state, name)
        areas["called_legend_this_turn"] = player.called_legend_this_turn
        areas["sold_this_turn"] = player.sold_this_turn
        players[name] = areas
    lasting = [{"card": m.card, "from": m.source_name, "controller": m.controller, "power": m.power,
                "keywords": list(m.keywords), "cant": list(m.cant), "can": list(m.can), "steals": m.steals,
                "until": m.until, **({"must": list(m.must)} if m.must else {}),
                **({"while_fighting": True} if m.while_fighting else {}),
                **({"go_solo_costs_less": m.go_solo_costs_less} if m.go_solo_costs_less else {})}
               for m in state.modifiers]
    return {"turn": state.turn, "phase": state.phase, "overtime": state.overtime, "players": players,
            "resolving": [_card(state, label, []) for label in state.resolving], "lasting_effects": lasting,
            "pending": list(state.pending),
            "attack": None if state.attack is None else dict(zip(("attacker", "target", "step"), state.attack)),
            "losers": list(state.losers),
            "this_turn": [{"event": what, "player": player, "card": label} for what, player, label in state.this_turn],
            "steal_limits": [{"controller": r.controller, "from": r.source_name, "actors": r.actors,
                              "allowed": r.allowed, "until": r.until} for r in state.steal_limits],
            "delayed_effects": [{"source": d.source, "controller": d.controller, "when": d.trigger, "side": d.side,
                                 "card": d.card, "text": d.text} for d in state.delayed],
            **({"discounts": [{"controller": d.controller, "from": d.source_name, "source": d.source, "kind": d.kind,
                               "amount": d.amount, "until": d.until} for d in state.discounts]}
               if state.discounts else {})}


def _unlisted_deck_note(player: str) -> str:
    return (f"{player}'s deck is empty because the scenario file lists no deck for {player} (an unlisted deck is "
            f"empty); if that is not the board you mean, give `players.{player}.deck` a count or cards.")


def _unlisted_fixers_note() -> str:
    return ("the fixer areas are empty because the scenario file states no fixer dice for either player (an unlisted "
            "fixer area is empty); if the question is about a game before overtime, give `players.NAME.fixer` dice.")


def _note(step, built: BuiltScenario) -> dict:
    """A note for the scenario's author, when the file itself shaped the step in a way they may not have meant."""
    if step.empty_deck in built.decks_not_listed:
        return {"note": _unlisted_deck_note(step.empty_deck)}
    if step.empty_fixers and built.fixers_not_listed:
        return {"note": _unlisted_fixers_note()}
    return {}


def unscripted_wait(built: BuiltScenario, data: dict) -> str | None:
    """A warning when the ruling stops at a choice the file does not script and its `expect` does not say
    `awaiting` (the expectations then describe the board before that choice, which may not be what was meant);
    None otherwise. A warning, not a failure, so that no existing file's result changes (README, changelog)."""
    waiting = data["verdict"]["awaiting"]
    expects = [e for e in [built.scenario.expect] + [c.expect for c in built.scenario.contested] if e is not None]
    if not waiting or not expects or any(e.awaiting is not None for e in expects):
        return None
    return (f"{built.file}: the ruling stops at a choice the file does not script ({waiting}); `expect` is checked "
            "on the board before it: script the choice, or write `awaiting: true` in `expect` if the ruling is "
            "meant to stop there")


def scenario_warnings(built: BuiltScenario, data: dict) -> list[str]:
    """Every warning for the file's author, in the file's order: what the file defines that cannot work as it
    seems meant (BuiltScenario.author_warnings: e.g. a Gear's own effect waiting for its host's trigger), then an
    unscripted stop (unscripted_wait). `run`, `check` and the pytest plugin all show these."""
    return [*built.author_warnings, *[w for w in [unscripted_wait(built, data)] if w]]


def holds(data: dict) -> bool:
    """The ruling meets its scenario: `expect` holds, and if rulings are contested the engine follows one."""
    verdict = data["verdict"]
    return verdict["expectations"]["passed"] and (not verdict["contested"] or bool(verdict["follows"]))


def ruling(built: BuiltScenario, result: RunResult, book: Rulebook, edition: str | None = None) -> dict:
    """Everything `judgekit run` reports, as plain, ordered, JSON-ready data."""
    edition = edition or built.edition
    steps, actions, random_facts, refusals = [], [], [], []
    for outcome in result.outcomes:
        numbers = []
        for step in outcome.steps:
            n = len(steps) + 1
            numbers.append(n)
            steps.append({
                "n": n, "action": outcome.index + 1, "kind": step.kind, "text": step.text, "player": step.player,
                "cards": list(step.cards),
                "cites": [citation(book, rule, edition) for rule in dict.fromkeys(step.cites)],
                "random": step.random,
                **({"known_to": step.known_to} if step.known_to else {}),
                **_note(step, built),
            })
            if step.random:
                random_facts.append({"step": n, "what": step.text, "source": step.random})
        actions.append({"n": outcome.index + 1, "action": outcome.action.describe(), "by": outcome.action.player,
                        "allowed": outcome.allowed, "steps": numbers, "note": outcome.action.note,
                        **({"refused_reactions": [said for said, _ in outcome.refused_reactions]}
                           if outcome.refused_reactions else {})})
        if outcome.refusal is not None:
            hint = numbered(outcome.refusal.hint, book, edition) if outcome.refusal.hint else ""
            refusals.append({"action": outcome.index + 1, "text": outcome.refusal.text,
                             "cites": [citation(book, r, edition) for r in dict.fromkeys(outcome.refusal.cites)],
                             **({"hint": hint} if hint else {})})
        for said, refusal in outcome.refused_reactions:  # the reaction refused; the attack it answered stands
            refusals.append({"action": outcome.index + 1, "reaction": said, "text": refusal.text,
                             "cites": [citation(book, r, edition) for r in dict.fromkeys(refusal.cites)]})
    failures = check(built, result, book)
    contested = []
    for held_by, want in built.contested:
        differences = check(built, result, book, want)
        contested.append({"held_by": held_by, "follows": not differences,
                          "failures": [f.as_dict() for f in differences]})
    scenario = built.scenario
    from judgekit.corpus.disputes import flags
    disputed = flags(steps, result.final.cards, book, edition, scenario.scenario)
    source = scenario.source if isinstance(scenario.source, str) else scenario.source.model_dump()
    described = {"name": scenario.scenario, "file": built.file, "question": scenario.question,
                 "source": source, "tags": list(scenario.tags)}
    if scenario.known_failure is not None:
        described["known_failure"] = scenario.known_failure.model_dump()
    return {
        "format": FORMAT,
        "scenario": described,
        "edition": {"name": edition, "title": book.edition(edition).title},
        "seed": result.seed,
        "random": random_facts,
        "actions": actions,
        "steps": steps,
        "board": board(result.final),
        "verdict": {
            "allowed": [o.allowed for o in result.outcomes],
            "refused": refusals,
            "losers": list(result.final.losers),
            **winning.result_of(result.final.losers, list(result.final.players)),
            "expectations": {"checked": built.expect is not None, "passed": not failures,
                             "failures": [f.as_dict() for f in failures]},
            # only the last action can wait, and not once the game is over (a concession while it waited, 1.16)
            "awaiting": None if result.final.game_over or not actions else
            next((s["text"] for s in reversed(steps) if s["kind"] == "await" and s["action"] == actions[-1]["n"]), None),
            "contested": contested,
            "follows": [c["held_by"] for c in contested if c["follows"]],
            **({"disputed": disputed} if disputed else {}),
        },
    }
