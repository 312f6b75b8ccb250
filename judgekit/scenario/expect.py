"""Checking a ruling against the scenario's `expect` block; each failure says what differed."""
from __future__ import annotations

from dataclasses import dataclass

from judgekit.engine import equipped, persistent, winning
from judgekit.engine.actions import RunResult
from judgekit.engine.state import GameState
from judgekit.plural import counted
from judgekit.rules.book import Rulebook
from judgekit.scenario.build import BuiltScenario
from judgekit.scenario.expectations import ResolvedExpect

ORDERED_AREAS = ("deck", "trash", "legends")


@dataclass(frozen=True)
class Failure:
    """One expectation that did not hold."""

    field: str
    line: int | None
    expected: object
    actual: object
    message: str = ""

    def render(self) -> str:
        where = f"line {self.line}: " if self.line else ""
        text = self.message or f"expected {self.expected!r}, got {self.actual!r}"
        return f"{where}{self.field}: {text}"

    def as_dict(self) -> dict:
        return {"field": self.field, "line": self.line, "expected": self.expected, "actual": self.actual,
                "message": self.render()}


def _cited(result: RunResult) -> list[str]:
    return [rule for o in result.outcomes for s in o.steps for rule in s.cites]


def _covers(book: Rulebook, wanted: str, cited: set[str]) -> bool:
    """A rule is cited when it, or one of its sub-rules, is (citing 11.11.2 cites within 11.11)."""
    if wanted in cited:
        return True
    if wanted not in book.entries:  # an erratum is cited as itself, never through a sub-rule
        return False
    prefix = book.get(wanted).number + "."
    return any(book.entries[c].number.startswith(prefix) for c in cited if c in book.entries)


def check(built: BuiltScenario, result: RunResult, book: Rulebook, want: ResolvedExpect | None = None) -> list[Failure]:
    """Every way the ruling differs from an expectation (default: the scenario's `expect`); empty when it holds.

    `cites`, `refused_by` and `not_cites` name rules; a rule counts as cited when it or any of its
    sub-rules is cited.
    """
    want = built.expect if want is None else want
    if want is None:
        return []
    failures: list[Failure] = []

    def fail(path: tuple, expected, actual, message: str = "") -> None:
        failures.append(Failure(".".join(map(str, want.path + path)), built.doc.line_of(want.path + path),
                                expected, actual, message))

    allowed = [o.allowed for o in result.outcomes]
    if want.allowed is not None:
        expected = want.allowed if isinstance(want.allowed, list) else [want.allowed] * len(allowed)
        if expected != allowed:
            fail(("allowed",), expected, allowed, f"expected actions allowed = {expected}, got {allowed}")
    refusal_cites = {rule for o in result.outcomes if not o.allowed for s in o.steps for rule in s.cites}
    refusal_cites |= {rule for o in result.outcomes for _, refused in o.refused_reactions for rule in refused.cites}
    for j, rule in enumerate(want.refused_by):
        if not _covers(book, rule, refusal_cites):
            fail(("refused_by", j), rule, sorted(refusal_cites),
                 f"expected a refusal citing {want.written.get(rule, rule)} ({rule}); "
                 + ("nothing was refused" if not refusal_cites else "the refusal cites other rules"))
    cited = set(_cited(result))
    for j, rule in enumerate(want.cites):
        if not _covers(book, rule, cited):
            fail(("cites", j), rule, None, f"expected the ruling to cite {want.written.get(rule, rule)} ({rule}); "
                                           "it does not")
    for j, rule in enumerate(want.not_cites):
        if _covers(book, rule, cited):
            fail(("not_cites", j), rule, rule, f"expected the ruling not to cite {want.written.get(rule, rule)} "
                                               f"({rule}); it does")
    state = result.final
    for player, by_area in want.areas.items():
        for area, spec in by_area.items():
            _check_area(fail, ("areas", player, area), state.players[player].area(area), area, spec)
    for label, spec in want.cards.items():
        _check_card(fail, ("cards", label), state, label, spec)
    if want.losers is not None and sorted(want.losers) != sorted(state.losers):
        fail(("losers",), sorted(want.losers), sorted(state.losers))
    for player, dice in want.gigs.items():
        actual_gigs = sorted(f"{die}={value}" for die, value in state.players[player].gigs)
        if sorted(d.replace(" ", "") for d in dice) != actual_gigs:
            fail(("gigs", player), sorted(dice), actual_gigs, f"expected {player}'s Gigs {sorted(dice)}, "
                                                               f"got {actual_gigs}")
    outcome = winning.result_of(state.losers, list(state.players))
    if want.winner is not None and want.winner != outcome["winner"]:
        fail(("winner",), want.winner, outcome["winner"], f"expected {want.winner} to have won; "
                                                          f"{'the winner is ' + outcome['winner'] if outcome['winner'] else 'nobody has won'}")
    if want.tie is not None and want.tie != outcome["tie"]:
        fail(("tie",), want.tie, outcome["tie"], "expected a tie" if want.tie else "expected no tie, but it is one")
    for key, actual in (("turn", state.turn), ("phase", state.phase), ("overtime", state.overtime)):
        expected = getattr(want, key)
        if expected is not None and expected != actual:
            fail((key,), expected, actual, f"expected {key} = {expected}, got {actual}")
    if want.order:
        _check_order(fail, book, want, [s for o in result.outcomes for s in o.steps])
    waiting = next((s for o in result.outcomes for s in o.steps if s.kind == "await"), None)
    if isinstance(want.awaiting, bool) and want.awaiting != (waiting is not None):
        fail(("awaiting",), want.awaiting, waiting is not None, "expected the ruling to wait for a choice"
             if want.awaiting else "expected a complete ruling, but it waits for a choice")
    elif want.awaiting is not None and not isinstance(want.awaiting, bool):
        _check_awaiting(fail, want.awaiting, waiting)
    if want.can or want.cannot:
        _check_options(fail, built, book, want)
    return failures


def _matches(book: Rulebook, item: dict, step) -> bool:
    """Whether a step is what an `expect.order` item describes."""
    for key, kind in (("resolves", "resolve"), ("triggers", "trigger")):
        if key in item:
            named = item[key]
            return step.kind == kind and (step.effect == named if "#" in named else
                                          named in step.cards[:1] or (step.effect or "").partition("#")[0] == named)
    if "step" in item and step.kind != item["step"]:
        return False
    if "cites" in item and not _covers(book, item["cites"], set(step.cites)):
        return False
    if "card" in item and item["card"] not in step.cards:
        return False
    return "player" not in item or step.player == item["player"]


def _describe_item(want, item: dict) -> str:
    if "cites" in item:
        item = {**item, "cites": want.written.get(item["cites"], item["cites"])}
    return "{" + ", ".join(f"{k}: {v}" for k, v in item.items()) + "}"


def _check_order(fail, book: Rulebook, want, steps: list) -> None:
    """`expect.order`: each item is found among the steps after the one before it (others may come between)."""
    at = 0
    for j, item in enumerate(want.order):
        found = next((n for n in range(at, len(steps)) if _matches(book, item, steps[n])), None)
        if found is not None:
            at = found + 1
            continue
        anywhere = next((n for n in range(len(steps)) if _matches(book, item, steps[n])), None)
        shown = _describe_item(want, item)
        fail(("order", j), shown, None if anywhere is None else anywhere + 1,
             f"expected {shown} to happen {'after step ' + str(at) if at else 'in the ruling'}; " +
             ("no step matches it" if anywhere is None else f"it happens only at step {anywhere + 1}, before that"))
        return


def _check_options(fail, built: BuiltScenario, book: Rulebook, want) -> None:
    """`can`/`cannot`: each action tried at the scenario's point by the engine, as `judgekit options` does."""
    from judgekit.options.listing import decide, point_of
    from judgekit.options.written import written
    point = point_of(built.state, built.actions, built.scenario.seed)
    tried = [(("can", j), action, True, ()) for j, action in enumerate(want.can)]
    tried += [(("cannot", j, "action"), action, False, rules) for j, (action, rules) in enumerate(want.cannot)]
    for path, action, allowed, rules in tried:
        option = decide(point, action)
        shown = written(action)
        if option is None:
            fail(path, shown, None, f"{shown} is not an action that can be written at this point "
                                    "(`judgekit options` lists those that can)")
        elif option.allowed != allowed:
            fail(path, "allowed" if allowed else "refused", "allowed" if option.allowed else "refused",
                 f"expected {shown} to be {'allowed' if allowed else 'refused'} here; "
                 + (f"it is refused: {option.why}" if allowed else "it is allowed"))
        else:
            for k, rule in enumerate(rules):
                if not _covers(book, rule, set(option.cites)):
                    fail(path[:2] + ("refused_by", k), rule, sorted(option.cites),
                         f"expected the refusal of {shown} to cite {want.written.get(rule, rule)} ({rule}); "
                         f"it cites other rules: {option.why}")


def _check_awaiting(fail, spec, waiting) -> None:
    """The awaited choice: who makes it, its options, whether choosing nothing is one of them, and how many cards
    one answer may name for it (the engine's bound on a `targets` choice)."""
    if waiting is None:
        fail(("awaiting",), "a choice", None, "expected the ruling to wait for a choice, but it is complete")
        return
    if spec.player is not None and spec.player != waiting.player:
        fail(("awaiting", "player"), spec.player, waiting.player,
             f"expected {spec.player} to be the one choosing; it is {waiting.player}")
    if spec.options is not None:
        if waiting.options is None:
            fail(("awaiting", "options"), sorted(spec.options), None,
                 "this choice is not among cards or Gigs, so it has no options to compare (see the ruling's text)")
        elif sorted(spec.options) != sorted(waiting.options):
            fail(("awaiting", "options"), sorted(spec.options), sorted(waiting.options),
                 f"expected the options {sorted(spec.options)} (any order), got {sorted(waiting.options)}")
    if spec.can_decline is not None and spec.can_decline != waiting.can_decline:
        actual = "unknown" if waiting.can_decline is None else waiting.can_decline
        fail(("awaiting", "can_decline"), spec.can_decline, actual,
             ("expected choosing nothing to be allowed" if spec.can_decline else
              "expected a mandatory choice, with choosing nothing not among the options")
             + (f"; judgekit says {'it is' if waiting.can_decline else 'it is not'}"
                if waiting.can_decline is not None else "; this choice does not say"))
    if spec.at_most is not None:
        key, *bounds = waiting.choice or ("",)
        if key != "targets":
            fail(("awaiting", "at_most"), spec.at_most, None, "this choice is not of cards scripted with `targets:`, "
                                                              "so it has no number of cards to compare")
        elif (bounds or [1])[0] != spec.at_most:
            fail(("awaiting", "at_most"), spec.at_most, (bounds or [1])[0],
                 f"expected one answer to name at most {spec.at_most} cards for this choice; judgekit allows "
                 f"{(bounds or [1])[0]}")


def _check_area(fail, path: tuple, actual: list[str], area: str, spec) -> None:
    if isinstance(spec, list):
        if area in ORDERED_AREAS:
            if spec != actual:
                fail(path, spec, actual, f"expected {spec} (in this order), got {actual}")
        elif sorted(spec) != sorted(actual):
            fail(path, spec, actual, f"expected {sorted(spec)}, got {sorted(actual)}")
        return
    if spec.count is not None and spec.count != len(actual):
        fail(path + ("count",), spec.count, len(actual), f"expected {counted(spec.count, 'card')}, got {len(actual)}")
    if spec.cards is not None and spec.cards != actual:
        fail(path + ("cards",), spec.cards, actual, f"expected {spec.cards} (in this order), got {actual}")
    for label in spec.contains:
        if label not in actual:
            fail(path + ("contains",), label, actual, f"expected {label!r} to be there; it holds {actual}")
    for label in spec.excludes:
        if label in actual:
            fail(path + ("excludes",), label, actual, f"expected {label!r} not to be there")
    if spec.top is not None and (actual[:1] != [spec.top]):
        fail(path + ("top",), spec.top, actual[0] if actual else None)
    if spec.bottom is not None:
        bottom = actual[len(actual) - len(spec.bottom):] if spec.bottom else []
        if sorted(bottom) != sorted(spec.bottom):
            fail(path + ("bottom",), sorted(spec.bottom), bottom,
                 f"expected the bottom {len(spec.bottom)} cards to be {sorted(spec.bottom)} in any order, got {bottom}")


def _check_card(fail, path: tuple, state: GameState, label: str, spec) -> None:
    card = state.cards[label]
    player, area = state.locate(label)
    actual = {
        "area": area, "player": player, "spent": card.spent, "lag": card.lag, "face_up": card.face_up,
        "power": persistent.power_of(state, label), "equipped_to": card.equipped_to, "gear": list(card.gear),
        "keywords": list(persistent.keywords_of(state, label)), "tags": list(equipped.tags_of(state, label)),
        "looked_at_by": list(card.looked_at_by),
    }
    for key, value in actual.items():
        expected = getattr(spec, key)
        if expected is None:
            continue
        if key in ("keywords", "tags", "gear", "looked_at_by"):
            same = sorted(expected) == sorted(value)
        else:
            same = expected == value
        if not same:
            fail(path + (key,), expected, value)
