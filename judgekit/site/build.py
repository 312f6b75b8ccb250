"""Write the site: every page, the stylesheet, the search script and its index."""
from __future__ import annotations

import shutil
from dataclasses import dataclass
from html import escape
from pathlib import Path

from judgekit.site import card_pages, rule_pages, search_index
from judgekit.site.content import gather
from judgekit.site.layout import ASSETS, document
from judgekit.site.links import Places, rests_on

MARKER = ".judgekit-site"  # written in the folder; an existing folder without it is never emptied


class SiteError(Exception):
    """The output folder cannot be used (not empty and not a judgekit site, not writable)."""


@dataclass
class SiteReport:
    pages: int
    bytes: int
    index_bytes: int
    edition: str


def _check_place(out: Path) -> None:
    """Refuse a place the site may not replace, before any work is done."""
    try:
        if out.exists() and not out.is_dir():
            raise SiteError(f"{out} exists and is not a folder")
        if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file():
            raise SiteError(f"{out} is not empty and was not written by `judgekit site`; name a new or empty folder")
    except OSError as error:
        raise SiteError(f"{out}: cannot write the site: {error.strerror or error}") from None


def _prepare(out: Path) -> None:
    _check_place(out)
    if out.is_dir():
        shutil.rmtree(out)
    (out / "assets").mkdir(parents=True)
    (out / MARKER).write_text("written by judgekit site; the folder is replaced on the next build\n")


def build_site(out: Path, book, edition: str, corpus: list[Path]) -> SiteReport:
    """Build the whole site into `out` (replacing a site built there before)."""
    from judgekit.scenario.pool import shipped_effects

    _check_place(out)
    content = gather(book, edition, corpus)
    places = Places(book, edition)
    rests = rests_on(content)
    try:
        _prepare(out)
    except OSError as error:
        raise SiteError(f"{out}: cannot write the site: {error.strerror or error}") from None
    pages: dict[str, str] = {"index.html": _home(content), "glossary.html": rule_pages.glossary_page(book, edition, places),
                             "search.html": _search_page(edition),
                             "rules/index.html": rule_pages.contents_page(book, edition),
                             "cards/index.html": card_pages.cards_index(content, places),
                             "rulings/index.html": card_pages.rulings_index(content, places),
                             "rulings/general.html": card_pages.general_page(content, places),
                             "rulings/contested.html": card_pages.contested_page(content, places)}
    for chapter in rule_pages.chapters(book):
        pages[f"rules/ch-{chapter[0]}.html"] = rule_pages.chapter_page(book, edition, chapter, places, rests)
    shipped = shipped_effects()
    for card in content.cards:
        contested = [s for s in content.contested if card.full_name in s.cards and s.ruling]
        pages[places.card(card.full_name, "")] = card_pages.card_page(card, content, places,
                                                                      shipped.get(card.full_name), contested)
    if content.corpus:
        pages.update(card_pages.corpus_pages(content, places))
    total = 0
    for name, html in pages.items():
        path = out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(html, encoding="utf-8")
        total += len(html.encode())
    for asset in ("site.css", "search.js"):
        shutil.copyfile(ASSETS / asset, out / "assets" / asset)
        total += (ASSETS / asset).stat().st_size
    index_bytes = search_index.write(content, places, out)
    return SiteReport(len(pages), total + index_bytes, index_bytes, edition)


def _home(content) -> str:
    n_rulings = len(content.faq.rulings)
    corpus = f'<li><a href="corpus/index.html">Corpus</a>: {len(content.corpus)} scenarios and their recorded ' \
             f'rulings</li>' if content.corpus else ""
    body = (f"<h1>judgekit: the Cyberpunk TCG rules reference</h1>"
            f'<form role="search" action="search.html" method="get"><label for="q-home">Search rules, rulings and '
            f'cards</label><input id="q-home" name="q" type="search" placeholder="e.g. blocker, graveyard, go solo"></form>'
            f'<ul><li><a href="rules/index.html">Rules</a>: {len(content.book.entries)} rules in judgekit’s words, '
            f'each at a stable link</li><li><a href="glossary.html">Glossary</a>: {len(content.book.glossary)} terms '
            f'and keywords</li><li><a href="cards/index.html">Cards</a>: {len(content.cards)} cards with their '
            f'official rulings</li><li><a href="rulings/index.html">Rulings</a>: {n_rulings} official FAQ answers, '
            f'each run by judgekit, and {len(content.contested)} contested rulings</li>{corpus}</ul>'
            f"<p class=\"muted\">Works offline: no request leaves this folder. Built for rules edition "
            f"{escape(content.edition)}.</p>")
    return document("Home", body, content.edition, root="")


def _search_page(edition: str) -> str:
    body = ('<h1>Search</h1><form role="search" onsubmit="return false"><label for="q">Rules, glossary terms, '
            'official rulings and cards</label><input id="q" name="q" type="search" autocomplete="off" autofocus>'
            '</form><p id="status" role="status" aria-live="polite"></p><ol id="results"></ol>')
    return document("Search", body, edition, root="", scripts=("assets/search-data.js", "assets/search.js"),
                    searchbox=False)
