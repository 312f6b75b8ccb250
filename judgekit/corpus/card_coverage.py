"""Card coverage of a corpus: which shipped cards a scenario depends on, effect by effect.

A scenario exercises a shipped card when its ruling changes once that card's text is taken away
(its shipped effects and its keywords): the scenario then depends on the card's effect, not merely
on the card being on the board. Cards with no text, or whose text judgekit does not know, have
nothing to exercise and are listed apart.
"""
from __future__ import annotations

import copy
from dataclasses import replace
from pathlib import Path

CARD_COVERAGE_FORMAT = "judgekit-card-coverage/1"


def _textless(definition):
    return replace(definition, effects=(), top_effects=(), top_keywords=(), bottom_effects=(), play_cost=(),
                   keywords=(), bottom_keywords=())


def _outcome(built, book) -> str:
    """The whole ruling as one comparable value (an input error, or judgekit failing, counts as an outcome
    too: a file judgekit fails on is reported by the rule coverage, and here depends on no card)."""
    import json

    from judgekit.ruling import ruling, run_scenario
    from judgekit.scenario.yaml_lines import InputError
    try:
        data = ruling(built, run_scenario(built), book)
    except InputError as error:
        return "input error: " + "; ".join(p.render() for p in error.problems)
    except Exception as error:  # one file's failure is that file's result, as in corpus.coverage.measure
        return f"judgekit failed: {type(error).__name__}: {error}"
    data.pop("file", None)
    return json.dumps(data, sort_keys=True, default=str)


def shipped_cards_on_board(built) -> dict[str, list[str]]:
    """Shipped pool cards (as shipped, not redefined inline) on the scenario's board: full name -> labels."""
    from judgekit.scenario.pool import real_cards, shipped_effects

    shipped = {c.full_name: c for c in real_cards()
               if shipped_effects().get(c.full_name) and shipped_effects()[c.full_name].printed_text
               in ("effects", "keywords-only")}
    out: dict[str, list[str]] = {}
    for label, card in built.state.cards.items():
        real = shipped.get(card.definition.full_name)
        if real is not None and card.definition.effects == real.effects and \
                card.definition.keywords == real.keywords and card.definition.bottom_effects == real.bottom_effects:
            out.setdefault(real.full_name, []).append(label)
    return out


def cards_depended_on(built, book, among: set[str] | None = None) -> set[str]:
    """The shipped cards whose text this scenario's ruling depends on (of those `among`, if given)."""
    on_board = {name: labels for name, labels in shipped_cards_on_board(built).items()
                if among is None or name in among}
    if not on_board:
        return set()
    baseline = _outcome(built, book)
    found = set()
    for name, labels in on_board.items():
        stripped = copy.copy(built)
        stripped.state = built.state.copy()
        for label in labels:
            stripped.state.change(label, definition=_textless(stripped.state.cards[label].definition))
        if _outcome(stripped, book) != baseline:
            found.add(name)
    return found


def measure_cards(paths: list[Path], book, first_only: bool = False,
                  built: dict | None = None) -> dict[str, list[str]]:
    """Shipped card -> the files that depend on its text; with `first_only`, only the first such file of each card
    (a card is no longer looked for once found, and the rest of the files are not run once every card is). A file in
    `built`, {path: its built scenario}, was built already."""
    from judgekit.scenario.build import build_file
    from judgekit.scenario.yaml_lines import InputError

    exercised: dict[str, list[str]] = {}
    wanted = set(_with_text()) if first_only else None
    for path in paths:
        if wanted is not None and not wanted:
            break
        try:
            scenario = built[path] if built is not None and path in built else build_file(path, book)
        except InputError:
            continue
        for name in cards_depended_on(scenario, book, wanted):
            exercised.setdefault(name, []).append(str(path))
            if wanted is not None:
                wanted.discard(name)
    return exercised


def _with_text() -> list[str]:
    """The shipped pool cards with text to exercise (their effects or keywords)."""
    from judgekit.scenario.pool import real_cards, shipped_effects

    shipped = shipped_effects()
    return [n for n in sorted(c.full_name for c in real_cards())
            if n in shipped and shipped[n].printed_text in ("effects", "keywords-only")]


def card_report(exercised: dict[str, list[str]]) -> dict:
    """Pool cards: exercised (with files), shipped but not exercised, without text, and not shipped yet."""
    from judgekit.scenario.pool import real_cards, shipped_effects

    shipped = shipped_effects()
    pool = sorted(c.full_name for c in real_cards())
    with_text = _with_text()
    return {"format": CARD_COVERAGE_FORMAT, "pool": len(pool),
            "shipped": sum(1 for n in pool if n in shipped),
            "exercised": {n: sorted(exercised[n]) for n in with_text if n in exercised},
            "not_exercised": [n for n in with_text if n not in exercised],
            "no_text": [n for n in pool if n in shipped and shipped[n].printed_text in ("none", "unknown")],
            "not_shipped": [n for n in pool if n not in shipped]}


def render_card_coverage(console, cards: dict, show_gaps: bool) -> None:
    """The card part of `judgekit coverage`: counts, and with --gaps the cards no scenario depends on."""
    from rich.text import Text

    with_text = len(cards["exercised"]) + len(cards["not_exercised"])
    console.print(Text(f"Card coverage: {cards['shipped']} of {cards['pool']} pool cards shipped; "
                       f"{len(cards['exercised'])} of the {with_text} with text are exercised by a scenario that "
                       f"depends on their text ({len(cards['no_text'])} have no known text; "
                       f"{len(cards['not_shipped'])} not shipped yet).", style="bold"), soft_wrap=True)
    if show_gaps and cards["not_exercised"]:
        console.print(Text("Shipped cards no scenario depends on: ", style="bold yellow")
                      .append(", ".join(cards["not_exercised"])), soft_wrap=True)
