"""What the site shows, gathered once: rules, glossary, cards, the FAQ's rulings run live, the shipped
contested rulings, and a rules team's corpus with its recorded rulings.

Every ruling shown is judgekit's own ruling of the scenario (run here, as `judgekit run` would), so
the site never says more than the engine does; a recorded golden ruling is shown as recorded.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from judgekit.rules.book import Rulebook


@dataclass
class ScenarioRuling:
    """One scenario's ruling as the site shows it."""

    path: Path
    slug: str
    ruling: dict | None               # the ruling's JSON data, or None when the file could not be ruled
    before: dict | None               # the board before the actions
    cards: list[str]                  # full names of the pool cards on its board
    notes: dict[str, str]             # contested readings' arguments, by who holds them
    problem: str = ""                 # why there is no ruling (bad input, judgekit failed)
    status: str = ""                  # an FAQ scenario's verdict, as `judgekit rulings` gives it (judgekit.faq)
    recorded: bool = False            # the ruling shown is the golden file's, not a live run
    matches_recorded: bool | None = None

    @property
    def cited_ids(self) -> set[str]:
        if self.ruling is None:
            return set()
        return {c["id"] for s in self.ruling["steps"] + self.ruling["verdict"]["refused"] for c in s["cites"]}


@dataclass
class SiteContent:
    book: Rulebook
    edition: str
    cards: list                                   # the pool's CardDefs
    faq: object                                   # judgekit.faq.FaqIndex
    faq_rulings: dict[Path, ScenarioRuling] = field(default_factory=dict)
    contested: list[ScenarioRuling] = field(default_factory=list)
    corpus: list[ScenarioRuling] = field(default_factory=list)


def rule_scenario(path: Path, book: Rulebook, edition: str, slug: str, recorded: bool = False,
                  verdict_at=None) -> ScenarioRuling:
    """Run one scenario file; with `recorded`, show its golden ruling when it has one. With `verdict_at` (the
    file's judgekit.corpus.runner.GoldenAt), also give its verdict as `judgekit rulings` does (judgekit.faq), from
    the same run."""
    from judgekit.corpus import runner
    from judgekit.faq import verdict_of
    from judgekit.ruling import board, ruling, run_scenario
    from judgekit.scenario.build import build_file
    from judgekit.scenario.yaml_lines import InputError

    try:
        built = build_file(path, book)
        result = run_scenario(built)
    except Exception as error:  # one file's failure is that file's page, as in `check`
        problem = "; ".join(p.render() for p in error.problems) if isinstance(error, InputError) else \
            f"judgekit failed on this file ({type(error).__name__})"
        failed = ScenarioRuling(path, slug, None, None, [], {}, problem)
        if verdict_at is not None:  # checked as `check` checks it, to report what it reports
            failed.status = verdict_of(runner.check_ran(path, verdict_at))["status"]
        return failed
    data = ruling(built, result, book, edition)
    names = sorted({c.definition.full_name for c in built.state.cards.values() if not c.definition.unknown})
    notes = {c.held_by: c.note for c in built.scenario.contested if c.note}
    shown = ScenarioRuling(path, slug, data, board(result.initial), names, notes)
    if recorded:
        _use_recorded(shown, data)
    if verdict_at is not None:
        shown.status = verdict_of(runner.check_ran(path, verdict_at, (built, result)))["status"]
    return shown


def _use_recorded(shown: ScenarioRuling, live: dict) -> None:
    from judgekit.corpus import golden

    try:
        kept = golden.read(shown.path)
    except Exception:  # an unreadable golden is reported by `check`; the page shows the live ruling
        kept = None
    if kept is None:
        return
    shown.recorded = True
    shown.matches_recorded = golden.edition_free(kept) == golden.edition_free(golden.normalised(shown.path, live))
    shown.ruling = kept


def gather(book: Rulebook, edition: str, corpus: list[Path]) -> SiteContent:
    """Everything the site shows, for one edition."""
    from judgekit.corpus.discover import collect
    from judgekit.corpus.runner import goldens
    from judgekit.faq import load_index, slug
    from judgekit.resources import folder
    from judgekit.scenario.pool import real_cards

    index = load_index()
    content = SiteContent(book, edition, list(real_cards()), index)
    faq = {Path(scenario["path"]): slug(ruling.ref) for ruling in index.rulings.values()
           for scenario in ruling.scenarios}
    with goldens(list(faq)) as recorded:  # their golden rulings read as `judgekit rulings` reads them
        for (path, name), at in zip(faq.items(), recorded):
            content.faq_rulings[path] = rule_scenario(path, book, edition, name, verdict_at=at)
    contested_root = folder("contested_corpus")
    for path in collect([contested_root]).files:
        content.contested.append(rule_scenario(path, book, edition, slug(path.stem)))
    used: set[str] = set()
    for path in collect(corpus).files if corpus else []:
        name = slug(path.with_suffix("").as_posix())[-80:].strip("-") or "scenario"
        while name in used:
            name += "-2"
        used.add(name)
        content.corpus.append(rule_scenario(path, book, edition, name, recorded=True))
    return content
