"""The hyperlinked rules: a contents page, one page per chapter with every rule at a stable anchor,
and the glossary.

Each rule's element has its stable id as `id` (it never changes between editions) and carries its
number in this edition as a second anchor, so `ch-4.html#legends.invalid-area-removed` and
`ch-4.html#4.4.1` both land on it. Every rule number in a text is a link.
"""
from __future__ import annotations

from html import escape
from itertools import groupby

from judgekit.site.layout import document, link_numbers
from judgekit.site.links import Places


def _number(book, rule_id: str, edition: str) -> str:
    number, confirmed = book.number(rule_id, edition)
    return number + ("" if confirmed else "?")


def chapters(book) -> list[tuple[str, str, list]]:
    """[(chapter number, title, entries)] in reading order."""
    entries = list(book.entries.values())
    return [(number, next(iter(group)).chapter_title, [e for e in entries if e.chapter == number])
            for number, group in groupby(entries, key=lambda e: e.chapter)]


def contents_page(book, edition: str) -> str:
    items = []
    for number, title, entries in chapters(book):
        sections = list(dict.fromkeys(e.section for e in entries if e.section))
        top = [e for e in entries if e.number.count(".") == 1]
        links = "".join(f'<li><a href="ch-{number}.html#{e.id}">{escape(_number(book, e.id, edition))} '
                        f'{escape(book.short_title(e.id))}</a></li>' for e in top)
        extra = f'<p class="muted">{escape(" · ".join(sections))}</p>' if sections else ""
        items.append(f'<li><h2><a href="ch-{number}.html">{number}. {escape(title)}</a></h2>{extra}'
                     f'<details><summary>{len(top)} rules</summary><ul>{links}</ul></details></li>')
    body = ('<h1>Comprehensive Rules, in judgekit’s words</h1><p>Every numbered rule, paraphrased. The '
            'publisher’s document is the authority; import it with <code>judgekit rules import</code> to read '
            'its wording beside ours.</p>'
            f'<ol class="chapters">{"".join(items)}</ol>'
            '<p class="muted" id="errata">Citations of an erratum (erratum:ID) refer to the publisher’s errata '
            'list; each card page shows its errata.</p>')
    return document("Rules", body, edition, root="../", crumbs=[("Home", "../index.html"), ("Rules", "")])


def _rests(rests: dict, places: Places) -> str:
    """What rests on a rule: cards, FAQ rulings, contested rulings and the corpus's scenarios."""
    parts = []
    if rests["cards"]:
        links = ", ".join(f'<a href="{places.card(c, "../")}">{escape(c)}</a>' for c in rests["cards"])
        parts.append(f"<li>Cards ({len(rests['cards'])}): {links}</li>")
    if rests["rulings"]:
        links = ", ".join(f'<a href="{places.faq_ruling(card, ref, "../")}">{escape(ref)}</a>'
                          for card, ref in rests["rulings"])
        parts.append(f"<li>Official FAQ rulings ({len(rests['rulings'])}): {links}</li>")
    if rests["contested"]:
        links = ", ".join(f'<a href="{places.contested(s.slug, "../")}">{escape(s.ruling["scenario"]["name"])}</a>'
                          for s in rests["contested"])
        parts.append(f"<li>Contested rulings: {links}</li>")
    if rests["scenarios"]:
        links = ", ".join(f'<a href="{places.corpus(s.slug, "../")}">{escape(s.ruling["scenario"]["name"])}</a>'
                          for s in rests["scenarios"])
        parts.append(f"<li>Scenarios of the corpus ({len(rests['scenarios'])}): {links}</li>")
    if not parts:
        return ""
    total = sum(len(v) for v in rests.values())
    return f'<details class="rests"><summary>What rests on it ({total})</summary><ul>{"".join(parts)}</ul></details>'


def chapter_page(book, edition: str, chapter: tuple, places: Places, rests: dict) -> str:
    number, title, entries = chapter
    out = [f"<h1>{number}. {escape(title)}</h1>"]

    def resolve(n: str, in_edition: str | None) -> str | None:
        return places.number(n, in_edition, "../")

    for entry in entries:
        shown = _number(book, entry.id, edition)
        depth = min(entry.number.count("."), 4)
        heading = f"h{min(depth + 1, 6)}" if depth else "h2"
        place = [f'<a href="ch-{number}.html">{number} {escape(title)}</a>'] + \
            ([escape(entry.section)] if entry.section else [])
        if entry.parent_number:
            parent = book.find(entry.parent_number, "2026-08")
            if parent is not None:
                place.append(f'<a href="#{parent.id}">{escape(_number(book, parent.id, edition))} '
                             f'{escape(book.short_title(parent.id))}</a>')
        inferred = "" if shown[-1] != "?" else ' <span class="muted">(number inferred for this edition)</span>'
        out.append(f'<section class="rule depth-{depth}" id="{entry.id}" aria-labelledby="h-{entry.id}">'
                   f'<span id="{escape(shown.rstrip("?"))}"></span>'
                   f'<{heading} id="h-{entry.id}"><a class="anchor" href="#{entry.id}">{escape(shown)}</a> '
                   f'{escape(entry.title or book.short_title(entry.id))}{inferred}</{heading}>'
                   f'<p class="place muted">{" › ".join(place)}</p>'
                   f"<p>{link_numbers(entry.text, resolve)}</p>")
        out += [f'<p class="example"><strong>Example.</strong> {link_numbers(x, resolve)}</p>' for x in entry.examples]
        out += [f'<p class="tip"><strong>Tip.</strong> {link_numbers(x, resolve)}</p>' for x in entry.tips]
        children = book.children(entry.id)
        if children:
            out.append('<p class="muted">Sub-rules: ' + ", ".join(
                f'<a href="#{c.id}">{escape(_number(book, c.id, edition))}</a>' for c in children) + "</p>")
        for key, refs in (("Refers to", [book.get(r) for r in entry.refs]), ("Referred to by", book.cited_by(entry.id))):
            if refs:
                out.append(f'<p class="refs">{key}: ' + ", ".join(
                    f'<a href="{places.rule(r.id, "../")}">{escape(_number(book, r.id, edition))} '
                    f'{escape(book.short_title(r.id))}</a>' for r in refs) + "</p>")
        if entry.id in rests:
            out.append(_rests(rests[entry.id], places))
        out.append("</section>")
    return document(f"{number}. {title}", "".join(out), edition, root="../",
                    crumbs=[("Home", "../index.html"), ("Rules", "index.html"), (f"{number}. {title}", "")])


def glossary_page(book, edition: str, places: Places) -> str:
    by_kind: dict[str, list] = {}
    for term in book.glossary:
        by_kind.setdefault(term.kind, []).append(term)
    out = ["<h1>Glossary</h1><p>Every game term and keyword, with the rule that defines it.</p>"]
    used: set[str] = set()
    for kind, terms in by_kind.items():
        out.append(f"<h2>{escape(kind.replace('-', ' ').capitalize())}</h2><dl class=\"glossary\">")
        for term in sorted(terms, key=lambda t: t.term.casefold()):
            entry = book.get(term.rule_id)
            aliases = f' <span class="muted">(also: {escape(", ".join(term.aliases))})</span>' if term.aliases else ""
            anchor = _term_anchor(term.term, used)
            out.append(f'<dt id="term-{escape(anchor)}">{escape(term.term)}{aliases}</dt>'
                       f'<dd><a href="{places.rule(entry.id, "")}">{escape(_number(book, entry.id, edition))} '
                       f'{escape(book.short_title(entry.id))}</a>: {escape(entry.text)}</dd>')
        out.append("</dl>")
    return document("Glossary", "".join(out), edition, root="", crumbs=[("Home", "index.html"), ("Glossary", "")])


def _term_anchor(term: str, used: set[str]) -> str:
    """A term's anchor, unique on the page ("Rival" and "Rival (piece)" differ)."""
    from judgekit.faq import slug
    anchor = slug(term) or "term"
    while anchor in used:
        anchor += "-2"
    used.add(anchor)
    return anchor
