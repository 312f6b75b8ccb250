"""Where each thing lives in the site, and what rests on each rule.

One place decides every URL, so a link and its target cannot disagree; `check_links` proves it on a
built site (every internal link and anchor resolves).
"""
from __future__ import annotations

import posixpath
import re
from collections import defaultdict
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

from judgekit.faq import slug


class Places:
    """URLs of rules, cards, rulings and scenarios, relative to a page `root` ("" or "../")."""

    def __init__(self, book, edition: str) -> None:
        self.book, self.edition = book, edition

    def rule(self, rule_id: str, root: str) -> str:
        entry = self.book.get(rule_id)
        return f"{root}rules/ch-{entry.chapter}.html#{rule_id}"

    def number(self, number: str, edition: str | None, root: str) -> str | None:
        entry = self.book.find(number, edition or self.edition)
        return None if entry is None else self.rule(entry.id, root)

    def cite(self, cite: dict, root: str) -> str:
        if cite["id"] in self.book.entries:
            return self.rule(cite["id"], root)
        return f"{root}rules/index.html"  # an erratum's citation: the rules index says where errata live

    @staticmethod
    def card(name: str, root: str) -> str:
        return f"{root}cards/{slug(name)}.html"

    @staticmethod
    def faq_ruling(card: str, ref: str, root: str) -> str:
        return f"{root}cards/{slug(card)}.html#{slug(ref)}" if card != "GENERAL" \
            else f"{root}rulings/general.html#{slug(ref)}"

    @staticmethod
    def contested(slug_: str, root: str) -> str:
        return f"{root}rulings/contested.html#{slug_}"

    @staticmethod
    def corpus(slug_: str, root: str) -> str:
        return f"{root}corpus/{slug_}.html"


def rests_on(content) -> dict[str, dict[str, list]]:
    """rule id -> {"cards": [name], "rulings": [(card, ref)], "contested": [ScenarioRuling],
    "scenarios": [ScenarioRuling]}: what a rule decides, from the rulings' own citations. "cards" are
    the cards whose printed keywords the rule defines (a card's rulings are listed by their ref)."""
    out: dict[str, dict[str, list]] = defaultdict(lambda: {"cards": [], "rulings": [], "contested": [],
                                                           "scenarios": []})
    cards_of: dict[str, set[str]] = defaultdict(set)
    for ruling in content.faq.rulings.values():
        for scenario in ruling.scenarios:
            shown = content.faq_rulings[Path(scenario["path"])]
            for rule_id in sorted(shown.cited_ids):
                out[rule_id]["rulings"].append((ruling.card, ruling.ref))
    terms = content.book.terms
    for card in content.cards:
        for keyword in list(card.keywords) + list(card.bottom_keywords):
            rule_id = keyword_rule(terms, keyword)
            if rule_id:
                cards_of[rule_id].add(card.full_name)
    for rule_id, names in cards_of.items():
        out[rule_id]["cards"] = sorted(names)
    for kind, shown_list in (("contested", content.contested), ("scenarios", content.corpus)):
        for shown in shown_list:
            for rule_id in sorted(shown.cited_ids):
                out[rule_id][kind].append(shown)
    for entry in out.values():
        entry["rulings"] = list(dict.fromkeys(entry["rulings"]))
    return out


def keyword_rule(terms: dict[str, str], keyword: str) -> str | None:
    """The defining rule of a printed keyword ("BLOCKER", "[GO SOLO]")."""
    bare = keyword.strip("[]").lower()
    return terms.get(f"[{bare}]") or terms.get(bare)


class _Anchors(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if attributes.get("id"):
            self.ids.add(attributes["id"])
        for key in ("href", "src", "action"):
            if attributes.get(key):
                self.links.append(attributes[key])


def check_links(site: Path) -> list[str]:
    """Every broken internal link or anchor of a built site, as 'page: link'; external links are
    errors too, since the site must make no network request. Links are followed as written (no symbolic
    links in a built site), against the files the site holds."""
    root = site.resolve()
    files = {path.relative_to(root).as_posix() for path in root.rglob("*") if path.is_file()}
    pages: dict[str, _Anchors] = {}
    for name in sorted(n for n in files if n.endswith(".html")):
        parser = _Anchors()
        parser.feed((root / name).read_text(encoding="utf-8"))
        pages[name] = parser
    broken = []
    for page, parser in pages.items():
        folder = posixpath.dirname(page)
        for link in parser.links:
            parts = urlsplit(link)
            where = f"{page}: {link}"
            if parts.scheme or parts.netloc or re.match(r"^//", link):
                broken.append(where + " (leaves the site)")
                continue
            target = posixpath.normpath(posixpath.join(folder, unquote(parts.path))) if parts.path else page
            if target not in files:
                broken.append(where)
            elif parts.fragment and target.endswith(".html") and unquote(parts.fragment) not in pages[target].ids:
                broken.append(where + " (no such anchor)")
    return broken
