"""The frame every page shares: landmarks, the edition, the search box, dark mode, phone width.

Pages are plain HTML5 that works from `file://`: relative links only, no network request, no
framework. `root` is the relative path from a page back to the site's top folder ("" or "../").
"""
from __future__ import annotations

import re
from html import escape
from pathlib import Path

ASSETS = Path(__file__).resolve().parent / "assets"
NAV = (("index.html", "Home"), ("rules/index.html", "Rules"), ("glossary.html", "Glossary"),
       ("cards/index.html", "Cards"), ("rulings/index.html", "Rulings"), ("search.html", "Search"))


def stylesheet() -> str:
    return (ASSETS / "site.css").read_text(encoding="utf-8")


def document(title: str, body: str, edition: str, stylesheet: str | None = None, root: str | None = None,
             crumbs: list[tuple[str, str]] = (), scripts: tuple[str, ...] = (), searchbox: bool = True) -> str:
    """A whole page. Site pages give `root` (nav, search box, linked stylesheet); a standalone page
    gives `stylesheet`, its CSS inlined, and has no site navigation. The search page has its own box."""
    head_css = f'<link rel="stylesheet" href="{root}assets/site.css">' if root is not None \
        else f"<style>{stylesheet or ''}</style>"
    header = ""
    if root is not None:
        links = "".join(f'<li><a href="{root}{href}">{name}</a></li>' for href, name in NAV)
        box = (f'<form class="searchbox" role="search" action="{root}search.html" method="get">'
               f'<label for="q-top" class="visually-hidden">Search rules, rulings and cards</label>'
               f'<input id="q-top" name="q" type="search" placeholder="Search rules, rulings, cards">'
               f'</form>') if searchbox else ""
        header = f'<header class="top"><nav aria-label="Site"><ul>{links}</ul></nav>{box}</header>'
    trail = ""
    if crumbs:
        parts = [f'<a href="{escape(href)}">{escape(name)}</a>' if href else escape(name) for name, href in crumbs]
        trail = f'<nav class="crumbs" aria-label="Breadcrumb">{" › ".join(parts)}</nav>'
    js = "".join(f'<script src="{root or ""}{src}"></script>' for src in scripts)
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<meta name="color-scheme" content="light dark">'
            f"<title>{escape(title)} · judgekit</title>{head_css}</head><body>{header}"
            f'<main id="main">{trail}<p class="edition">Rules edition <strong>{escape(edition)}</strong></p>'
            f"{body}</main>"
            f'<footer><p>judgekit: the rules in judgekit’s own words, edition {escape(edition)}. The official '
            f"documents are the authority; a number marked ? is inferred for this edition.</p></footer>"
            f"{js}</body></html>\n")


_NUMBER = re.compile(r"(?<![\w.])(\d{1,2}(?:\.\d{1,3})+)(\??)(?![\w]|\.\d)( in 2026-08)?")


def link_numbers(text: str, resolve) -> str:
    """Escape `text` and make each rule number in it a link. `resolve(number, edition_or_None)` gives
    the href of the rule, or None when the number is no rule (then it stays plain text). A number
    followed by "in 2026-08" is read in that edition; any other in the page's own edition."""
    out, last = [], 0
    for match in _NUMBER.finditer(text):
        href = resolve(match[1], "2026-08" if match[3] else None)
        if href is None:
            continue
        out.append(escape(text[last:match.start()]))
        out.append(f'<a href="{escape(href)}">{escape(match[0])}</a>')
        last = match.end()
    out.append(escape(text[last:]))
    return "".join(out)
