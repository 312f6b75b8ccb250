"""From a rule to what rests on it: the shipped cards and FAQ rulings, and a corpus's scenarios and recorded
rulings that cite it; and the recorded rulings a new edition's changes touch (the rules team's work list).

A scenario cites the rules its fields name (judgekit.cites.scenario_references: `expect` and each contested
ruling's, with `cannot` and `order`, and the `disputed` patterns; `not_cites` says a rule must *not* decide, so
it is not resting on it), read in the scenario's own edition; a recorded ruling (NAME.ruling.json)
cites every rule of its steps and verdict, by stable id, whatever edition it was recorded in. The shipped
cards and FAQ rulings come from the search index (judgekit/search/documents.py), so a look-up reads no corpus.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from judgekit.cites import ruling_cites, scenario_cites, scenario_numbers  # noqa: F401  (re-exported)
from judgekit.rules.book import Rulebook
from judgekit.rules.edition_setting import EditionSettingError


@dataclass
class Citing:
    """A file of a corpus and the rule ids it cites."""

    file: Path
    kind: str  # scenario | ruling (a recorded golden ruling)
    title: str
    rules: set[str] = field(default_factory=set)
    edition: str = ""  # the edition its rule numbers are written in
    numbered: set[str] | None = None  # the rules it writes by number (None: all it cites, a recorded ruling)

    def by_number(self) -> set[str]:
        return self.rules if self.numbered is None else self.numbered


@dataclass
class CorpusCitations:
    files: list[Citing] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # files that could not be read, with why


def read_corpus(book: Rulebook, paths: list[Path]) -> CorpusCitations:
    """Every scenario under the paths (as `check` collects them) and its recorded ruling, with what they cite."""
    from judgekit import yaml_data
    from judgekit.corpus import golden
    from judgekit.corpus.discover import discover
    from judgekit.files import read_at_most

    out = CorpusCitations()
    for path in discover(paths):
        try:
            with path.open("rb") as handle:
                data = yaml_data.load(read_at_most(handle, 1 << 20).decode("utf-8"))
        except (OSError, ValueError, yaml_data.YAMLError) as error:
            out.problems.append(f"{path}: not read ({type(error).__name__})")
            continue
        if not isinstance(data, dict):
            continue
        title = str(data.get("scenario") or path.name)
        try:  # a file without its own `edition:` is read in its project's (judgekit/rules/edition_setting.py)
            edition = str(data.get("edition") or book.edition_at(path))
        except EditionSettingError as error:
            out.problems.append(f"{path}: not read ({error})")
            continue
        data = {**data, "edition": edition}
        out.files.append(Citing(path, "scenario", title, scenario_cites(book, data), edition,
                                scenario_numbers(book, data)))
        try:
            recorded = golden.read(path)
        except (OSError, ValueError) as error:
            out.problems.append(f"{golden.path_for(path)}: not read ({error})")
            continue
        if recorded is not None:
            recorded_in = (recorded.get("edition") or {}).get("name") if isinstance(recorded.get("edition"), dict) \
                else None
            out.files.append(Citing(golden.path_for(path), "ruling", title, ruling_cites(recorded),
                                    str(recorded_in or edition)))
    return out


def family(book: Rulebook, rule_id: str) -> set[str]:
    """The rule and all its sub-rules: what rests on a sub-rule rests on the rule above it too."""
    found, pending = set(), [rule_id]
    while pending:
        current = pending.pop()
        found.add(current)
        pending += [child.id for child in book.children(current)]
    return found


def shipped_users(book: Rulebook, rule_ids: set[str]) -> dict[str, list[dict]]:
    """The shipped cards whose effects rest on one of the rules, and the FAQ rulings whose scenarios cite one."""
    from judgekit.search.index import Index
    index = Index(book)
    uses = ruling_uses(book)
    cards = [{"card": d["key"]} for d in index.documents if d["kind"] == "card" and rule_ids & set(d["cites"])]
    rulings = [{"ref": d["key"], "title": d["title"]} for d in index.documents
               if d["kind"] == "ruling" and rule_ids & set(uses.get(d["key"], d["cites"]))]
    return {"cards": cards, "rulings": rulings}


def ruling_uses(book: Rulebook) -> dict[str, list[str]]:
    """{FAQ ruling: every rule its scenarios (in the FAQ corpus and the contested corpus) and their recorded rulings
    use}, cached beside the search index (which
    leaves it out: the search never reads it, and every cold `search` would parse it)."""
    from judgekit.cache import cached
    from judgekit.search.documents import ruling_documents
    from judgekit.search.indexing import fingerprint, sources
    return cached(f"ruling-uses-{fingerprint(book)}", sources(),
                  lambda: {d["key"]: d["uses"] for d in ruling_documents(book)}, dict[str, list[str]])


TOUCHING = ("renumbered", "moved", "changed", "removed")
NUMBER_ONLY = ("renumbered", "moved")  # they change only a number: a file already numbered in the new edition is not touched


def _rule_of_change(book: Rulebook, change, edition_a: str, imported: dict) -> str | None:
    """The rule id a change is about: its own, else the rule its old number names in edition A."""
    if change.id or not change.old:
        return change.id
    follows = edition_a if edition_a in book.editions else imported.get(edition_a, {}).get("follows")
    entry = book.find(change.old, follows) if follows in book.editions else None
    return entry.id if entry is not None else None


def impact(book: Rulebook, changes: list, edition_a: str, imported: dict, corpus: CorpusCitations) -> list[dict]:
    """The recorded rulings and scenarios of a corpus citing a rule that changed, moved or was removed from
    edition A to edition B, each with those rules and what happened to them, in the corpus's order. A rule only
    renumbered or moved touches the files whose numbers are A's and that write it by its number (`not_cites`
    included): a file written in another edition (B's own, say) cites it by B's number already, and a stable id
    is right in every edition."""
    touched: dict[str, list] = {}
    for change in changes:
        if change.kind in TOUCHING:
            rule_id = _rule_of_change(book, change, edition_a, imported)
            if rule_id is not None:
                touched.setdefault(rule_id, []).append(change)
    position = {rule_id: n for n, rule_id in enumerate(book.order)}
    out = []
    for citing in corpus.files:
        numbered = citing.by_number()
        relevant = {rule_id: [c for c in found if c.kind not in NUMBER_ONLY or
                              (citing.edition == edition_a and rule_id in numbered)]
                    for rule_id, found in touched.items()}
        cited = citing.rules | numbered
        hit = sorted((r for r in cited & relevant.keys() if relevant[r]), key=lambda r: position.get(r, 0))
        if hit:
            out.append({"file": str(citing.file), "kind": citing.kind, "title": citing.title,
                        "rules": [{"id": rule_id, "old": relevant[rule_id][0].old, "new": relevant[rule_id][0].new,
                                   "changes": [c.kind for c in relevant[rule_id]]} for rule_id in hit]})
    return out
