"""Rule coverage of a corpus: which rules its rulings cite or assert, and which they never exercise.

A rule counts as exercised when a ruling cites it or one of its sub-rules, or an `expect` block
(the scenario's own or a contested one) names it. Rules listed in rules_text/not-exercisable.yaml
(conduct, physical dice, printed set information) are reported apart, with their reason.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


from judgekit.rules.book import Rulebook, rules_dir
from judgekit.rules.rules_files import parse_yaml

COVERAGE_FORMAT = "judgekit-coverage/1"


def not_exercisable(book: Rulebook, folder: Path | None = None) -> dict[str, str]:
    """Rule id -> why no scenario can exercise it (a listed number covers its sub-rules)."""
    path = (folder or rules_dir()) / "not-exercisable.yaml"
    if not path.is_file():
        return {}
    out: dict[str, str] = {}
    for group in parse_yaml(path)["rules"]:
        for number in group["numbers"]:
            root = book.find(number, "2026-08")
            if root is None:  # a chapter whose rules text is not complete yet; tests keep the list honest
                continue
            for entry in book.entries.values():
                if entry.number == root.number or entry.number.startswith(root.number + "."):
                    out[entry.id] = group["reason"]
    return out


@dataclass
class Coverage:
    """How often each rule is exercised by the corpus, and by which files."""

    files: int = 0
    errored: list[str] = field(default_factory=list)
    crashed: list[str] = field(default_factory=list)     # the errored files judgekit itself failed on
    problems: list[str] = field(default_factory=list)    # why each errored file could not be run
    exercised_by: dict[str, set[str]] = field(default_factory=dict)  # rule id -> files

    def add(self, file: str, rule_ids: set[str], book: Rulebook) -> None:
        """Record the rules one file exercises; a cited sub-rule also exercises its parents."""
        self.files += 1
        for rule_id in rule_ids:
            entry = book.entries.get(rule_id)
            number = entry.number if entry else None
            while number is not None:
                parent_id = book.by_number.get(number)
                if parent_id is not None:
                    self.exercised_by.setdefault(parent_id, set()).add(file)
                number = number.rsplit(".", 1)[0] if "." in number else None


def rules_of_ruling(data: dict, built) -> set[str]:
    """Every rule a ruling cites, plus every rule its expectations name."""
    ids = {c["id"] for s in data["steps"] for c in s["cites"]}
    ids |= {c["id"] for r in data["verdict"]["refused"] for c in r["cites"]}
    for want in [built.expect] + [w for _, w in built.contested]:
        if want is not None:
            ids |= set(want.cites) | set(want.refused_by)
    return ids


def measure(paths: list[Path], book: Rulebook, ran: dict | None = None) -> Coverage:
    """Run every file (a file in `ran`, {path: (its built scenario, its ruling data)}, was built and run already);
    one that is bad input, or that judgekit fails on, is listed and the rest still count."""
    from judgekit.corpus.runner import _internal
    from judgekit.ruling import ruling, run_scenario
    from judgekit.scenario.build import build_file
    from judgekit.scenario.yaml_lines import InputError

    coverage = Coverage()
    for path in paths:
        try:
            if ran is not None and path in ran:
                built, data = ran[path]
            else:
                built = build_file(path, book)
                data = ruling(built, run_scenario(built), book)
            rules = rules_of_ruling(data, built)
        except InputError as error:
            coverage.errored.append(str(path))
            coverage.problems += [p.render() for p in error.problems]
            continue
        except Exception as error:  # one file's failure is that file's result
            coverage.errored.append(str(path))
            coverage.crashed.append(str(path))
            coverage.problems.append(_internal(path, error))
            continue
        coverage.add(str(path), rules, book)
    return coverage


def report(coverage: Coverage, book: Rulebook, edition: str, excused: dict[str, str] | None = None) -> dict:
    """Per chapter: rules, exercised, not exercisable (with reasons: `excused`, read here when not given) and the
    gaps, in the edition's numbers."""
    excused = not_exercisable(book) if excused is None else excused
    chapters: dict[str, dict] = {}
    for rule_id in book.order:
        entry = book.entries[rule_id]
        number, confirmed = book.number(rule_id, edition)
        shown = number + ("" if confirmed else "?")
        chapter = chapters.setdefault(entry.chapter, {
            "chapter": entry.chapter, "title": entry.chapter_title, "rules": 0, "exercised": 0,
            "not_exercisable": [], "gaps": [], "percent": 0.0})
        chapter["rules"] += 1
        if rule_id in coverage.exercised_by:
            chapter["exercised"] += 1
        elif rule_id in excused:
            chapter["not_exercisable"].append({"number": shown, "reason": excused[rule_id]})
        else:
            chapter["gaps"].append(shown)
    for chapter in chapters.values():
        countable = chapter["rules"] - len(chapter["not_exercisable"])
        chapter["percent"] = round(100 * chapter["exercised"] / countable, 1) if countable else 100.0
    cited = {}
    for rule_id in book.order:
        if rule_id in coverage.exercised_by:
            number, confirmed = book.number(rule_id, edition)
            cited[number + ("" if confirmed else "?")] = len(coverage.exercised_by[rule_id])
    return {"format": COVERAGE_FORMAT, "edition": edition, "files": coverage.files,
            "errored": coverage.errored, "chapters": list(chapters.values()), "exercised": cited}
