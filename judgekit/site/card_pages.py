"""A page per card (printed facts, errata, keywords linked to their rules, the shipped effect in our
words, every official FAQ ruling on it with judgekit's cited trace, the contested rulings that involve
it), the card list, the rulings pages and the corpus pages."""
from __future__ import annotations

from html import escape
from pathlib import Path

from judgekit.faq import slug, worst
from judgekit.render.html import ruling_fragment
from judgekit.scenario.errata import errata_of
from judgekit.site.layout import document, link_numbers
from judgekit.site.links import Places, keyword_rule

STATUS_WORDS = {"reproduced": "judgekit reproduces this answer", "contested": "contested: see the readings below",
                "known-failure": "judgekit disagrees today (known failure)", "failing": "judgekit fails this ruling",
                "not-encoded": "not encoded as a scenario yet"}


def _facts(card, places: Places, terms: dict, root: str) -> str:
    cost = "Null (–)" if card.cost is None else f"{card.cost} €$"
    rows = [("Type", " / ".join(card.types)), ("Cost", cost)]
    if card.power is not None:
        rows.append(("Power", card.printed_power))
    rows += [("Tags", ", ".join(card.tags) or "none"), ("Sell Tag", "yes" if card.sell_tag else "no"),
             ("Colour", card.color or "–"), ("RAM", "–" if card.ram is None else str(card.ram))]
    html_rows = [f"<dt>{k}</dt><dd>{escape(v)}</dd>" for k, v in rows]
    keywords = list(card.keywords) + list(card.bottom_keywords)
    if keywords:
        linked = []
        for keyword in keywords:
            rule_id = keyword_rule(terms, keyword)
            linked.append(f'<a href="{places.rule(rule_id, root)}">{escape(keyword)}</a>' if rule_id
                          else escape(keyword))
        html_rows.append(f"<dt>Keywords</dt><dd>{', '.join(linked)}</dd>")
    return f'<dl class="facts">{"".join(html_rows)}</dl>'


def _effects(card, shipped) -> str:
    if shipped is None:
        return "<p>judgekit knows this card’s facts only.</p>"
    if shipped.printed_text != "effects":
        words = {"keywords-only": "Its text is only keywords, listed above; judgekit applies them.",
                 "none": "It has no rules text.",
                 "unknown": "Its text is not known to judgekit, which invents none."}[shipped.printed_text]
        return f"<p>{escape(words)}{(' ' + escape(shipped.note)) if shipped.note else ''}</p>"
    boxes = [("", card.effects), ("Top textbox: ", card.top_effects), ("Bottom textbox: ", card.bottom_effects)]
    items = [f"<li>{escape(label)}{escape(effect.text)}</li>" for label, effects in boxes for effect in effects
             if effect.text]
    return ('<p class="muted">In judgekit’s words (not the printed wording); this is what the engine applies.</p>'
            f'<ul class="effects">{"".join(items)}</ul>')


def _contested_readings(shown) -> str:
    verdict = shown.ruling["verdict"]
    items = []
    for reading in verdict["contested"]:
        note = shown.notes.get(reading["held_by"], "")
        stance = "judgekit follows this reading" if reading["follows"] else "judgekit’s ruling differs"
        items.append(f"<li><strong>{escape(reading['held_by'])}</strong>: {escape(note)} <em>({stance})</em></li>")
    return f'<ul class="readings">{"".join(items)}</ul>' if items else ""


def scenario_block(shown, places: Places, root: str, level: int = 3) -> str:
    """A scenario's ruling in full, or why there is none."""
    if shown.ruling is None:
        return f'<p class="warning">No ruling: {escape(shown.problem)}</p>'
    block = ruling_fragment(shown.ruling, shown.before, lambda cite: places.cite(cite, root), heading_level=level)
    if shown.ruling["verdict"]["contested"]:
        block += f"<h{level + 1}>The readings on record</h{level + 1}>" + _contested_readings(shown)
    return block


def card_page(card, content, places: Places, shipped, contested: list) -> str:
    root = "../"
    book, edition = content.book, content.edition

    def resolve(n, in_edition):
        return places.number(n, in_edition, root)

    out = [f"<h1>{escape(card.full_name)}</h1>", _facts(card, places, book.terms, root)]
    for erratum in errata_of(card.full_name):  # every printing's: the pool's card is one printing
        which = f" (its {erratum.printing} printing only)" if erratum.printing else ""
        out.append(f'<p class="erratum"><strong>Erratum{escape(which)}</strong>, listed as of {escape(erratum.listed)}: '
                   f"{link_numbers(erratum.summary, resolve)}</p>")
    out += ["<h2>Effects</h2>", _effects(card, shipped)]
    rulings = content.faq.for_card(card.full_name)
    out.append(f'<h2 id="faq">Official FAQ rulings ({len(rulings)})</h2>')
    if not rulings:
        out.append("<p>The official FAQ has no rulings on this card.</p>")
    for ruling in rulings:
        out.append(ruling_section(ruling, content, places, root))
    if contested:
        out.append("<h2>Contested rulings involving this card</h2><ul>" + "".join(
            f'<li><a href="{places.contested(s.slug, root)}">{escape(s.ruling["scenario"]["name"])}</a></li>'
            for s in contested) + "</ul>")
    return document(card.full_name, "".join(out), edition, root=root,
                    crumbs=[("Home", "../index.html"), ("Cards", "index.html"), (card.full_name, "")])


def ruling_section(ruling, content, places: Places, root: str) -> str:
    """One FAQ answer: our question, the answer, judgekit's verdict, then its scenario's ruling."""
    def resolve(n, in_edition):
        return places.number(n, in_edition, root)

    shown = [content.faq_rulings[Path(s["path"])] for s in ruling.scenarios]
    question = shown[0].ruling["scenario"]["question"] if shown and shown[0].ruling else ""
    status = worst([s.status for s in shown]) if shown else "not-encoded"
    out = [f'<section class="faq" id="{slug(ruling.ref)}"><h3>{escape(ruling.ref)}</h3>']
    if ruling.asked:  # the FAQ's question in our words, which the answer answers; the scenario's board after it
        out.append(f"<p><strong>Q.</strong> {link_numbers(ruling.asked, resolve)}</p>")
    elif question:
        out.append(f"<p><strong>Q.</strong> {link_numbers(question, resolve)}</p>")
    out.append(f"<p><strong>Official answer.</strong> {link_numbers(ruling.answer, resolve)}</p>"
               f'<p class="status status-{status}">{STATUS_WORDS[status]}</p>')
    if ruling.asked and question:
        out.append(f"<p><strong>On judgekit’s board.</strong> {link_numbers(question, resolve)}</p>")
    for s in shown:
        out.append(f"<details><summary>judgekit’s ruling, step by step</summary>{scenario_block(s, places, root, 4)}"
                   "</details>")
    return "".join(out) + "</section>"


def cards_index(content, places: Places) -> str:
    out = ['<h1>Cards</h1><p>All cards of the pool, with their official rulings.</p>']
    for kind in ("Legend", "Unit", "Gear", "Program"):
        cards = sorted((c for c in content.cards if kind in c.types), key=lambda c: c.full_name.casefold())
        rows = "".join(
            f'<tr><td><a href="{places.card(c.full_name, "../")}">{escape(c.full_name)}</a></td>'
            f'<td>{"–" if c.cost is None else c.cost}</td><td>{"" if c.power is None else c.printed_power}</td>'
            f'<td>{escape(c.color or "")}</td><td>{len(content.faq.for_card(c.full_name)) or ""}</td></tr>'
            for c in cards)
        out.append(f'<h2>{kind}s ({len(cards)})</h2><div class="scroll"><table><thead><tr><th scope="col">Card</th>'
                   f'<th scope="col">Cost</th><th scope="col">Power</th><th scope="col">Colour</th>'
                   f'<th scope="col">Rulings</th></tr></thead><tbody>{rows}</tbody></table></div>')
    return document("Cards", "".join(out), content.edition, root="../",
                    crumbs=[("Home", "../index.html"), ("Cards", "")])


def rulings_index(content, places: Places) -> str:
    index = content.faq
    out = [f"<h1>Rulings</h1><p>{len(index.rulings)} official FAQ answers, each run by judgekit from its "
           f"scenario. <a href=\"general.html\">The general rulings</a> · "
           f"<a href=\"contested.html\">Contested rulings ({len(content.contested)})</a></p><ul>"]
    for card in index.cards:
        n = len(index.for_card(card))
        href = "general.html" if card == "GENERAL" else places.card(card, "../") + "#faq"
        out.append(f'<li><a href="{href}">{escape("General rulings" if card == "GENERAL" else card)}</a> ({n})</li>')
    out.append("</ul>")
    return document("Rulings", "".join(out), content.edition, root="../",
                    crumbs=[("Home", "../index.html"), ("Rulings", "")])


def general_page(content, places: Places) -> str:
    out = ["<h1>General rulings</h1>"] + [ruling_section(r, content, places, "../")
                                           for r in content.faq.for_card("GENERAL")]
    return document("General rulings", "".join(out), content.edition, root="../",
                    crumbs=[("Home", "../index.html"), ("Rulings", "index.html"), ("General", "")])


def contested_page(content, places: Places) -> str:
    out = ["<h1>Contested rulings</h1><p>Questions where sources disagree. Each shows every reading on record, who "
           "holds it, and which one judgekit follows (the official FAQ outranks the Comprehensive Rules, which "
           "outrank the gameplay guide).</p>"]
    for shown in content.contested:
        out.append(f'<section id="{shown.slug}">{scenario_block(shown, places, "../", 2)}</section>')
    return document("Contested rulings", "".join(out), content.edition, root="../",
                    crumbs=[("Home", "../index.html"), ("Rulings", "index.html"), ("Contested", "")])


def corpus_pages(content, places: Places) -> dict[str, str]:
    """corpus/index.html and a page per scenario of the corpus given with --corpus."""
    crumbs = [("Home", "../index.html"), ("Corpus", "index.html")]
    pages, items = {}, []
    for shown in content.corpus:
        title = shown.ruling["scenario"]["name"] if shown.ruling else shown.path.name
        if shown.recorded:
            same = "; the live ruling matches it" if shown.matches_recorded else \
                "; <strong>the live ruling differs</strong> (run <code>judgekit check</code>)"
            origin = f"<p class=\"muted\">The recorded ruling ({escape(shown.path.stem)}.ruling.json){same}.</p>"
        else:
            origin = "<p class=\"muted\">No recorded ruling beside this scenario: judgekit’s live ruling.</p>"
        body = f'<p class="muted">{escape(str(shown.path))}</p>{origin}{scenario_block(shown, places, "../", 1)}'
        pages[f"corpus/{shown.slug}.html"] = document(title, body, content.edition, root="../",
                                                      crumbs=crumbs + [(title, "")])
        items.append(f'<li><a href="{shown.slug}.html">{escape(title)}</a></li>')
    pages["corpus/index.html"] = document("Corpus", f"<h1>Corpus ({len(items)} scenarios)</h1><ul>{''.join(items)}"
                                          "</ul>", content.edition, root="../", crumbs=[crumbs[0], ("Corpus", "")])
    return pages
