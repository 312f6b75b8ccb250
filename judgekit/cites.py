"""Citations: a cited rule as every output shows it (stable id, number in the edition, confirmed or inferred,
title), and the rules a scenario file or a recorded ruling cites.

Used by rulings, the options listing, deck checks, the search and `rule --used-by` alike; an erratum's id
(`erratum:ID`) is cited as the erratum. It stands apart from judgekit.ruling and judgekit.corpus so that those
and what they use (the options listing, the search) need not import each other.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from judgekit.rules.book import Rulebook


def citation(book: Rulebook, rule_id: str, edition: str) -> dict:
    """A rule as the output shows it: stable id, number in the edition, confirmed or inferred, title."""
    if rule_id not in book.entries:
        from judgekit.scenario.errata import citation as erratum_citation
        erratum = erratum_citation(rule_id)
        if erratum is not None:
            return erratum
        return {"id": rule_id, "number": None, "confirmed": False, "title": "(no such rule in rules_text)"}
    number, confirmed = book.number(rule_id, edition)
    return {"id": rule_id, "number": number, "confirmed": confirmed, "title": book.short_title(rule_id)}


RULE_NUMBER = re.compile(r"\d+(?:\.\d+)*\.?")
RULE_MARK = re.compile(r"\{rule:([\w.\-]+)\}")


def rule_mark(rule_id: str) -> str:
    """A rule in a message written before its edition is known, by stable id; `numbered` gives its number."""
    return "{rule:" + rule_id + "}"


def numbered(text: str, book: Rulebook, edition: str | None) -> str:
    """The message with each `rule_mark` replaced by the rule's number in the edition (`?` when inferred), so a
    message never shows one edition's number in another."""
    def number(match: re.Match) -> str:
        if match.group(1) not in book.entries:
            return match.group(0)
        value, confirmed = book.number(match.group(1), edition)
        return value + ("" if confirmed else "?")
    return RULE_MARK.sub(number, text)


PROSE_NUMBER = re.compile(r"(?<![\w.])(\d+(?:\.\d+)+)\??(?![\w]|\.\d| in \d{4}-\d{2})")  # "11.11 in 2026-08": its own


def renumbered(text: str, book: Rulebook, written_in: str | None, edition: str | None) -> str:
    """Prose written with `written_in`'s rule numbers (a contested scenario's point and readings) with each number
    as `edition` numbers that rule, `?` when inferred there, so a ruling never shows one edition's number in
    another's; a number naming no rule of `written_in` is left as written."""
    def number(match: re.Match) -> str:
        entry = book.find(match.group(1), written_in)
        if entry is None:
            return match.group(0)
        value, confirmed = book.number(entry.id, edition)
        return value + ("" if confirmed else "?")
    return PROSE_NUMBER.sub(number, text)


@dataclass(frozen=True)
class Reference:
    """A rule a scenario file names outside its prose: where (the keys and indexes leading to it), as written,
    and whether the ruling rests on it (`not_cites` says a rule must *not* decide)."""

    where: tuple
    ref: str
    rests: bool = True


def scenario_references(data) -> list[Reference]:
    """Every rule a scenario file names in its fields, in file order: in `expect` and each `contested[].expect`
    (`cites`, `refused_by`, `not_cites`, `cannot[].refused_by`, `order`: its rule-number strings and its
    `{cites}` items), and in `disputed.when`/`unless` (`cites`, an `any` pattern's steps' too). The one reading
    of "what a scenario cites" behind `rule --used-by`, `rules diff --impact` and `rules check`."""
    out: list[Reference] = []
    if not isinstance(data, dict):
        return out

    def refs(value, where, rests=True):
        for n, ref in enumerate(value) if isinstance(value, list) else [(None, value)]:
            if isinstance(ref, (str, int, float)) and not isinstance(ref, bool):
                out.append(Reference(where if n is None else where + (n,), str(ref), rests))

    def expect(block, where):
        if not isinstance(block, dict):
            return
        for key in ("cites", "refused_by", "not_cites"):
            if key in block:
                refs(block[key], where + (key,), key != "not_cites")
        for n, item in enumerate(_items(block.get("cannot"))):
            if isinstance(item, dict) and "refused_by" in item:
                refs(item["refused_by"], where + ("cannot", n, "refused_by"))
        for n, item in enumerate(_items(block.get("order"))):
            if isinstance(item, str) and RULE_NUMBER.fullmatch(item.rstrip("?")):
                refs(item, where + ("order", n))
            elif isinstance(item, dict) and "cites" in item:
                refs(item["cites"], where + ("order", n, "cites"))

    expect(data.get("expect"), ("expect",))
    for n, ruling in enumerate(_items(data.get("contested"))):
        if isinstance(ruling, dict):
            expect(ruling.get("expect"), ("contested", n, "expect"))
    disputed = data.get("disputed") if isinstance(data.get("disputed"), dict) else {}
    for key in ("when", "unless"):
        for n, pattern in enumerate(_items(disputed.get(key))):
            steps = [(("disputed", key, n), pattern)]
            if isinstance(pattern, dict):
                steps += [(("disputed", key, n, "any", m), step) for m, step in enumerate(_items(pattern.get("any")))]
            for where, step in steps:
                if isinstance(step, dict) and "cites" in step:
                    refs(step["cites"], where + ("cites",))
    return out


def _items(value) -> list:
    """A field's list, or none when the file gives something else there."""
    return value if isinstance(value, list) else []


def _edition(book: Rulebook, data: dict) -> str | None:
    """The edition the scenario's rule numbers are read in: its `edition` when the rulebook has it, else None."""
    return data.get("edition") if isinstance(data, dict) and data.get("edition") in book.editions else None


def scenario_cites(book: Rulebook, data: dict) -> set[str]:
    """The rule ids a scenario rests on (numbers read in its edition, or ids; an unknown one is skipped)."""
    edition = _edition(book, data)
    entries = (book.resolve(r.ref.rstrip("?"), edition) for r in scenario_references(data) if r.rests)
    return {entry.id for entry in entries if entry is not None}


def scenario_numbers(book: Rulebook, data: dict) -> set[str]:
    """The rule ids a scenario writes as rule numbers of its edition, `not_cites` included: the ones whose numbers
    a renumbering makes wrong (a rule cited by its stable id is right in every edition)."""
    edition = _edition(book, data)
    numbers = (r.ref.rstrip("?") for r in scenario_references(data))
    entries = (book.find(number, edition) for number in numbers if RULE_NUMBER.fullmatch(number))
    return {entry.id for entry in entries if entry is not None}


def ruling_cites(data: dict) -> set[str]:
    """Every rule id a recorded ruling cites: in its steps and its verdict's refusals."""
    out = {c["id"] for step in data.get("steps") or () for c in step.get("cites") or () if "id" in c}
    out |= {c["id"] for r in (data.get("verdict") or {}).get("refused") or () for c in r.get("cites") or ()}
    return out
