"""One rule for a reader: its place, its text in our words, sub-rules, and links both ways."""
from __future__ import annotations

import re

from judgekit.render.styled import Text, Writer
from judgekit.rules.book import RuleEntry, Rulebook

# What a '?' after a rule number means, said under a listing that shows one.
INFERRED_NUMBERS = "? = number inferred for this edition, not confirmed by its text; --edition 2026-08 shows the " \
    "published numbering"


def _number(book: Rulebook, entry: RuleEntry, edition: str) -> str:
    number, confirmed = book.number(entry.id, edition)
    return number if confirmed else f"{number}? (inferred)"


def rule_data(book: Rulebook, entry: RuleEntry, edition: str) -> dict:
    """The rule as plain data (`judgekit rule --format json`)."""
    def brief(e: RuleEntry) -> dict:
        number, confirmed = book.number(e.id, edition)
        return {"id": e.id, "number": number, "confirmed": confirmed, "title": book.short_title(e.id)}

    number, confirmed = book.number(entry.id, edition)
    parent = book.find(entry.parent_number, "2026-08") if entry.parent_number else None
    return {
        "id": entry.id, "number": number, "confirmed": confirmed, "edition": edition,
        "number_2026_08": entry.number, "chapter": {"number": entry.chapter, "title": entry.chapter_title},
        "section": entry.section, "title": entry.title or book.short_title(entry.id), "text": entry.text,
        "examples": list(entry.examples), "tips": list(entry.tips),
        "parent": brief(parent) if parent else None,
        "subrules": [brief(c) | {"text": c.text} for c in book.children(entry.id)],
        "refers_to": [brief(book.get(r)) for r in entry.refs],
        "referred_by": [brief(e) for e in book.cited_by(entry.id)],
    }


def render_rule(book: Rulebook, entry: RuleEntry, edition: str, console: Writer) -> None:
    data = rule_data(book, entry, edition)
    place = " > ".join(p for p in (f"{entry.chapter} {entry.chapter_title}", entry.section) if p)
    head = Text(_number(book, entry, edition), style="bold cyan" if data["confirmed"] else "bold yellow")
    head.append(f"  {data['title']}", style="bold")
    console.print(head)
    console.print(Text(f"{place} · edition {edition} · id {entry.id}" +
                       (f" · 2026-08 number {entry.number}" if entry.number != data["number"] else ""), style="dim"))
    console.print(Text(entry.text))
    for example in entry.examples:
        console.print(Text("Example: ", style="bold green").append(example))
    for tip in entry.tips:
        console.print(Text("Tip: ", style="bold blue").append(tip))
    if data["subrules"]:
        console.print(Text("Sub-rules", style="bold magenta"))
        for sub in data["subrules"]:
            mark = "" if sub["confirmed"] else "?"
            console.print(Text(f"  {sub['number']}{mark} ", style="cyan").append(sub["text"], style=""))
    for key, heading in (("parent", "Part of"), ("refers_to", "Refers to"), ("referred_by", "Referred to by")):
        items = data[key] if isinstance(data[key], list) else [data[key]] if data[key] else []
        if items:
            line = Text(f"{heading}: ", style="bold magenta")
            line.append(", ".join(f"{i['number']}{'' if i['confirmed'] else '?'} {i['title']}" for i in items))
            console.print(line)


def cite_data(book: Rulebook, rule_id: str, edition: str) -> dict:
    number, confirmed = book.number(rule_id, edition)
    return {"id": rule_id, "number": number, "confirmed": confirmed, "title": book.short_title(rule_id)}


def hit_data(book: Rulebook, hit, edition: str) -> dict:
    """A search result as JSON: a rule's `id`, `number`, `confirmed`, `title`, `score`, `line`, `matched` as
    before, plus `kind` and `cites` (the rules a result rests on; a rule rests on itself). A term's, ruling's or
    card's `id` is the term, the FAQ ref or the card's full name; it has no `number`."""
    data = {"kind": getattr(hit, "kind", "rule"), "id": getattr(hit, "key", hit.entry.id if hit.entry else "")}
    if hit.entry is not None:
        number, confirmed = book.number(hit.entry.id, edition)
        data.update({"id": hit.entry.id, "number": number, "confirmed": confirmed,
                     "title": book.short_title(hit.entry.id)})
    else:
        data["title"] = hit.title
    data.update({"score": round(hit.score, 3), "line": hit.line, "matched": list(hit.terms),
                 "cites": [cite_data(book, rule_id, edition) for rule_id in getattr(hit, "cites", ())]})
    return data


def render_hits(book: Rulebook, hits: list, edition: str, console: Writer) -> None:
    """Search results: a rule's number and title, or another result's kind and title; the best line with the
    matched words highlighted; for a term, ruling or card, the rules it rests on; what a '?' means, if one shows."""
    inferred = False
    for hit in hits:
        data = hit_data(book, hit, edition)
        inferred = inferred or not data.get("confirmed", True) or any(not c["confirmed"] for c in data["cites"])
        if hit.entry is not None:
            head = Text(f"{data['number']}{'' if data['confirmed'] else '?'}", style="bold cyan")
            head.append(f"  {data['title']}", style="bold")
        else:
            head = Text(f"{data['kind']}", style="bold green")
            head.append(f"  {data['title']}", style="bold")
            if data["kind"] == "ruling":
                head.append(f"  (FAQ {data['id']})")
        console.print(head)
        line = Text("    " + hit.line)
        patterns = [rf"\b{re.escape(w)}\b" for w in hit.highlight] or [rf"\b{re.escape(t)}\w*" for t in hit.terms]
        for pattern in patterns:
            line.highlight_regex("(?i)" + pattern, "bold yellow")
        console.print(line)
        if hit.entry is None and data["cites"]:
            rests = Text("    rests on: ", style="dim")
            rests.append(", ".join(f"{c['number']}{'' if c['confirmed'] else '?'} {c['title']}"
                                   for c in data["cites"]))
            console.print(rests)
    if inferred:
        console.print(Text(INFERRED_NUMBERS, style="yellow"))


def render_terms(book: Rulebook, edition: str, console) -> None:
    """The glossary as a rich table (`console` is a rich console)."""
    from rich.table import Table
    table = Table(show_header=True, header_style="bold", box=None, padding=(0, 2))
    table.add_column("term")
    table.add_column("rule", style="cyan")
    table.add_column("kind", style="dim")
    table.add_column("also", style="dim")
    for term in sorted(book.glossary, key=lambda t: t.term.lower().strip("[]")):
        number, confirmed = book.number(term.rule_id, edition)
        table.add_row(term.term, number + ("" if confirmed else "?"), term.kind, ", ".join(term.aliases))
    console.print(table)


def render_official(items: list[dict], console: Writer) -> None:
    """The imported official wording: the rule, then its sub-rules, each under its own number."""
    for edition in dict.fromkeys(item["edition"] for item in items):
        console.print(Text(f"Official wording ({edition})", style="bold blue"))
        for item in (i for i in items if i["edition"] == edition):
            line = Text(f"  {item['number']} ", style="blue")
            if item["title"]:
                line.append(item["title"] + (" " if item["text"] else ""), style="bold")
            line.append(item["text"] or "")
            console.print(line)
            for example in item["examples"]:
                console.print(Text(f"    {example}", style="italic"))


def render_diff(changes: list, edition_a: str, edition_b: str, console: Writer) -> None:
    styles = {"renumbered": "yellow", "moved": "magenta", "changed": "cyan", "added": "green", "removed": "red"}
    counts: dict[str, int] = {}
    for change in changes:
        counts[change.kind] = counts.get(change.kind, 0) + 1
        line = Text(f"{change.kind:<10} ", style=styles[change.kind])
        line.append(f"{change.old or '':>9} → {change.new or '':<9} ", style="bold")
        line.append(change.title)
        if change.detail:
            line.append(f"  {change.detail}", style="dim")
        console.print(line)
    summary = ", ".join(f"{n} {kind}" for kind, n in counts.items()) or "no differences"
    console.print(Text(f"{edition_a} → {edition_b}: {summary}", style="bold"))
