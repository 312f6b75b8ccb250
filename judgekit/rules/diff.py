"""What changed between two rule editions: renumbered, moved, changed text, added, removed."""
from __future__ import annotations

import difflib
from dataclasses import dataclass

from judgekit.rules.book import Rulebook
from judgekit.rules.official import OfficialRule


@dataclass(frozen=True)
class Change:
    """One difference between two editions of the rules."""

    kind: str  # renumbered | moved | changed | added | removed
    id: str | None
    old: str | None  # number in edition A
    new: str | None  # number in edition B
    title: str
    detail: str = ""


def edition_view(book: Rulebook, name: str, imported: dict[str, dict],
                 by_stable_key: bool = False) -> dict[str, tuple[str, str | None, str]]:
    """An edition as {key: (number, official text or None, title)}.

    Keys are judgekit's rule ids where the number is known, else `official:NUMBER`; with
    `by_stable_key`, the publisher's stable keys, so a rule the publisher renumbered is still matched.
    """
    if name in book.editions:
        edition = book.edition(name)
        return {rule_id: (edition.number_for(book.entries[rule_id].number)[0], None, book.short_title(rule_id))
                for rule_id in book.order}
    data = imported[name]
    follows = book.edition(data["follows"])
    view = {}
    for number, rule in data["rules"].items():
        base = follows.base_number_for(number)
        rule_id = book.by_number.get(base) if base else None
        key = f"stable:{rule.stable_key}" if by_stable_key else rule_id or f"official:{number}"
        view[key] = (number, _official_text(rule), rule.title or (book.short_title(rule_id) if rule_id else ""))
    return view


def _official_text(rule: OfficialRule) -> str:
    """The wording compared between editions: `title` newline `text and examples`."""
    return (rule.title or "") + "\n" + " ".join([rule.text] + rule.examples).strip()


def _wording_changed(a: str, b: str) -> bool:
    """Titles count only where both editions have one (the plain-text form loses some chapter titles)."""
    (title_a, body_a), (title_b, body_b) = a.split("\n", 1), b.split("\n", 1)
    return body_a != body_b or bool(title_a and title_b and title_a != title_b)


def _parent(number: str) -> str:
    return number.rsplit(".", 1)[0] if "." in number else ""


def diff(book: Rulebook, a: str, b: str, imported: dict[str, dict]) -> list[Change]:
    """Changes from edition `a` to edition `b`, in `b`'s reading order."""
    keyed = all(name in imported and all(r.stable_key for r in imported[name]["rules"].values()) for name in (a, b))
    old, new = edition_view(book, a, imported, keyed), edition_view(book, b, imported, keyed)
    changes: list[Change] = []
    removed = [k for k in old if k not in new]
    added = [k for k in new if k not in old]
    by_number_old = {v[0]: k for k, v in old.items()}
    by_number_new = {v[0]: k for k, v in new.items()}
    for key in new:
        if key not in old:
            continue
        (n_old, t_old, title), (n_new, t_new, _) = old[key], new[key]
        if n_old != n_new:
            moved = by_number_old.get(_parent(n_old)) != by_number_new.get(_parent(n_new))
            kind = "moved" if moved else "renumbered"
            changes.append(Change(kind, _rule_id(key), n_old, n_new, title))
        if t_old is not None and t_new is not None and _wording_changed(t_old, t_new):
            changes.append(Change("changed", _rule_id(key), n_old, n_new, title, _word_diff(t_old, t_new)))
    pairs = _match_by_text(old, new, removed, added)
    for k_old, k_new in pairs:
        changes.append(Change("renumbered", None, old[k_old][0], new[k_new][0], new[k_new][2], "matched by its text"))
    matched_old, matched_new = {p[0] for p in pairs}, {p[1] for p in pairs}
    changes += [Change("removed", _rule_id(k), old[k][0], None, old[k][2])
                for k in removed if k not in matched_old]
    changes += [Change("added", _rule_id(k), None, new[k][0], new[k][2])
                for k in added if k not in matched_new]
    return changes


def _rule_id(key: str) -> str | None:
    return None if key.startswith(("official:", "stable:")) else key


def _match_by_text(old, new, removed, added) -> list[tuple[str, str]]:
    pairs = []
    free = [k for k in added if (new[k][1] or "").strip()]
    for k_old in removed:
        text = old[k_old][1]
        if not (text or "").strip():
            continue
        best = max(free, key=lambda k: difflib.SequenceMatcher(None, text, new[k][1]).ratio(), default=None)
        if best and difflib.SequenceMatcher(None, text, new[best][1]).ratio() >= 0.85:
            pairs.append((k_old, best))
            free.remove(best)
    return pairs


def _word_diff(a: str, b: str) -> str:
    """The changed words, as -[old] +[new] runs."""
    wa, wb = a.split(), b.split()
    parts = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, wa, wb).get_opcodes():
        if op in ("replace", "delete"):
            parts.append("-[" + " ".join(wa[i1:i2]) + "]")
        if op in ("replace", "insert"):
            parts.append("+[" + " ".join(wb[j1:j2]) + "]")
    return " ".join(parts)
