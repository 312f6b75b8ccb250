"""A printable registration sheet for a decklist: the player's and event's fields, each section's cards
with its count, and the totals (what a decklist shows: the 3 Legends, the main deck and the sideboard,
tournament rules §2.1.3, a secondary source). Markdown, or one standalone HTML page with print styles
that loads nothing from the network."""
from __future__ import annotations

from html import escape

from judgekit.decks.parsing import SECTION_NAMES, SECTIONS, Decklist

FIELDS = (("player", "Player"), ("player_id", "Player ID"), ("event", "Event"), ("date", "Date"),
          ("deck_name", "Deck name"), ("deck_format", "Format"))
SOURCE_NOTE = ("Sections as the tournament rules list them (§2.1.3; read through a secondary source, not the "
               "official page).")


def sheet_data(decklist: Decklist, fields: dict[str, str | None]) -> dict:
    """The sheet as data: fields (blank to fill in by hand), sections with their cards and counts, totals."""
    sections = []
    for section in SECTIONS:
        cards: dict[str, dict] = {}
        for e in (e for e in decklist.entries if e.part == section):  # a misfiled Legend with the Legends (7.3)
            row = cards.setdefault(e.card.full_name, {"count": 0, "card": e.card.full_name,
                                                      "type": "/".join(e.card.types), "color": e.card.color})
            row["count"] += e.count
        if cards or section != "sideboard":
            sections.append({"section": section, "title": SECTION_NAMES[section].capitalize(),
                             "cards": list(cards.values()), "total": sum(r["count"] for r in cards.values())})
    return {"file": decklist.path, "fields": {key: fields.get(key) or "" for key, _ in FIELDS},
            "sections": sections, "total": sum(s["total"] for s in sections)}


def render_markdown(data: dict) -> str:
    out = ["# Decklist registration", ""]
    out += [f"- **{label}:** {_md(data['fields'][key]) or '_' * 24}" for key, label in FIELDS]
    for section in data["sections"]:
        out += ["", f"## {section['title']} ({section['total']})", "", "| count | card | type |", "|---:|---|---|"]
        out += [f"| {row['count']} | {_md(row['card'])} | {row['type']} |" for row in section["cards"]]
    out += ["", "## Totals", "", "| section | cards |", "|---|---:|"]
    out += [f"| {s['title']} | {s['total']} |" for s in data["sections"]]
    out += [f"| **all** | **{data['total']}** |", "", "Judge: ____________________  Deck checked: ☐", "",
            f"_{SOURCE_NOTE}_", ""]
    return "\n".join(out)


def _md(text: str) -> str:
    """Text as Markdown shows it literally (a name or field holding `|`, `*`, `_`, `<`...)."""
    return "".join("\\" + c if c in "\\`*_[]<>|#" else c for c in text)


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 48em; color: #111; }
h1 { font-size: 1.5em; margin-bottom: 0.5em; }
h2 { font-size: 1.1em; margin: 1.2em 0 0.3em; border-bottom: 1px solid #999; }
dl.fields { display: grid; grid-template-columns: max-content 1fr; gap: 0.4em 1em; }
dl.fields dd { margin: 0; border-bottom: 1px solid #555; min-height: 1.3em; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
td.type, th.type { width: 7em; }
td, th { border: 1px solid #bbb; padding: 0.2em 0.5em; text-align: left; }
td.count, th.count { text-align: right; width: 4em; }
.sign { margin-top: 2em; }
.note { font-size: 0.8em; color: #555; }
@media print {
  @page { size: A4; margin: 12mm; }
  body { margin: 0; max-width: none; font-size: 10pt; }
  section { break-inside: avoid; }
  .note { color: #000; }
}
"""


def render_html(data: dict) -> str:
    fields = "".join(f"<dt>{label}</dt><dd>{escape(data['fields'][key])}</dd>" for key, label in FIELDS)
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             f"<title>Decklist registration{_title(data)}</title>", f"<style>{_STYLE}</style></head><body>",
             "<h1>Decklist registration</h1>", f'<dl class="fields">{fields}</dl>']
    for section in data["sections"]:
        rows = "".join(f'<tr><td class="count">{row["count"]}</td><td>{escape(row["card"])}</td>'
                       f'<td class="type">{escape(row["type"])}</td></tr>' for row in section["cards"])
        parts.append(f'<section id="{section["section"]}"><h2>{escape(section["title"])} '
                     f'(<span class="total">{section["total"]}</span>)</h2><table><thead><tr>'
                     f'<th class="count">Count</th><th>Card</th><th class="type">Type</th></tr></thead><tbody>{rows}</tbody>'
                     "</table></section>")
    totals = "".join(f'<tr><td>{escape(s["title"])}</td><td class="count">{s["total"]}</td></tr>'
                     for s in data["sections"])
    parts += [f'<section id="totals"><h2>Totals</h2><table><tbody>{totals}<tr><th>All</th>'
              f'<th class="count">{data["total"]}</th></tr></tbody></table></section>',
              '<p class="sign">Judge: ____________________ &nbsp; Deck checked: &#9744;</p>',
              f'<p class="note">{escape(SOURCE_NOTE)}</p>', "</body></html>", ""]
    return "\n".join(parts)


def _title(data: dict) -> str:
    who = " · ".join(escape(data["fields"][k]) for k in ("player", "event") if data["fields"][k])
    return f" · {who}" if who else ""
