"""The ruling as HTML: a fragment for the offline site's pages and a standalone page (`run -f html`).

Built from the ruling's JSON data (docs/output-format.md), never from the engine. Every cited rule
number is a link: inside a standalone page to the rule's text quoted at the bottom (in our words),
inside the site to the rule's anchor on its chapter page. Cards are named as printed; a label is
shown only to tell two copies apart. A disputed ruling, or one that misses its own `expect`, says so
first, and the answer comes first in one sentence, as in the Markdown write-up (judgekit.render.writeup).
"""
from __future__ import annotations

from html import escape
from typing import Callable

from judgekit.render.words import attack_in_progress, in_order, lasting_effect, shown_steps, stance, waiting_discount
from judgekit.render.writeup import Names, answer_sentence

AREAS = (("hand", "Hand"), ("deck", "Deck (top first)"), ("field", "Field"),
         ("legends", "Legends area (left to right)"), ("eddies", "Eddies area"),
         ("trash", "Trash (top first)"), ("removed", "Removed from game"))

RuleLink = Callable[[dict], str]  # a citation {id, number, confirmed, title} -> the href of its rule


def cite_number(cite: dict) -> str:
    if cite["number"] is None:
        return f"{cite['id']} (unknown rule)"
    return f"{cite['number']}{'' if cite['confirmed'] else '?'}"


def cite_html(cite: dict, link: RuleLink) -> str:
    """'<a>5.13</a> Removed from Game', the number a link; an inferred number carries its '?'."""
    number = escape(cite_number(cite))
    title = f' <span class="rule-title">{escape(cite["title"])}</span>' if cite.get("title") else ""
    if cite["number"] is None:
        return f'<span class="cite unknown">{number}</span>'
    inferred = "" if cite["confirmed"] else ' class="inferred" title="number inferred for this edition"'
    return f'<a href="{escape(link(cite))}"{inferred}>{number}</a>{title}'


def _card(card: dict) -> str:
    if not card["name"]:
        return '<span class="muted">an unknown card</span>'
    text = escape(card["name"])
    facts = [f"power {card['power']}"] if "power" in card else []
    facts += [w for w, on in (("spent", card["spent"]), ("face-down", not card["face_up"]), ("Lag", card["lag"]))
              if on]
    if facts:
        text += f' <span class="muted">({escape(", ".join(facts))})</span>'
    if card.get("gear"):
        text += ", equipped with " + ", ".join(_card(g) for g in card["gear"])
    return text


def _area(cards: list[dict], key: str) -> str:
    if key == "eddies":
        spent = sum(c["spent"] for c in cards)
        return f"{len(cards)} Eddies ({len(cards) - spent} ready, {spent} spent)"
    return "; ".join(in_order(cards, _card, lambda count, word: f'<span class="muted">{count} {word} '
                                                               f'card{"s" if count != 1 else ""}</span>'))


def board_html(board: dict, heading: str) -> str:
    """A board as a definition list per player: every non-empty area, Gigs and Street Cred."""
    out = [f'<section class="board" aria-label="{escape(heading)}"><h3>{escape(heading)}</h3>']
    for name, player in board["players"].items():
        turn = " (turn player)" if board["turn"] == name else ""
        out.append(f"<h4>{escape(name)}{turn}</h4><dl>")
        rows = [(title, _area(player[key], key)) for key, title in AREAS if player[key]]
        if player["fixer"]:
            rows.append(("Fixer area", escape(", ".join(player["fixer"]))))
        if player["gigs"]:
            cred = "Null" if player["street_cred"] is None else player["street_cred"]
            rows.append(("Gig area", escape(", ".join(f"{g['die']} showing {g['value']}" for g in player["gigs"]))
                         + f" (Street Cred {cred})"))
        out += [f"<dt>{escape(t)}</dt><dd>{v}</dd>" for t, v in rows] or ['<dd class="muted">nothing in play</dd>']
        out.append("</dl>")
    extra = [f"lasting effect on {lasting_effect(x)}" for x in board.get("lasting_effects", [])]
    extra += [f"discount waiting: {waiting_discount(x)}" for x in board.get("discounts", [])]
    extra += [f"attack in progress: {attack_in_progress(board['attack'])}"] if board.get("attack") else []
    extra += [f"still pending: {x}" for x in board.get("pending", [])]
    if extra:
        out.append("<ul>" + "".join(f"<li>{escape(x)}</li>" for x in extra) + "</ul>")
    return "".join(out) + "</section>"


def _warnings(ruling: dict) -> str:
    verdict, out = ruling["verdict"], []
    if verdict["contested"]:
        follows = verdict["follows"]
        readings = "".join(f"<li><strong>{escape(c['held_by'])}</strong>"
                           f"{': judgekit follows this reading' if c['follows'] else ''}</li>"
                           for c in verdict["contested"])
        out.append(f'<div class="warning" role="note"><strong>Disputed ruling.</strong> '
                   f'{len(verdict["contested"])} readings are on record; {escape(stance(follows))}.<ul>{readings}</ul></div>')
    known = ruling["scenario"].get("known_failure")
    if known:
        out.append(f'<div class="warning" role="note"><strong>Known failure.</strong> judgekit is known to disagree '
                   f'with the official answer: {escape(known["reason"])}</div>')
    expectations = verdict["expectations"]
    if expectations["checked"] and not expectations["passed"]:
        items = "".join(f"<li>{escape(f['message'])}</li>" for f in expectations["failures"])
        out.append(f'<div class="warning" role="note"><strong>Unexpected result.</strong> The ruling does not match '
                   f'the answer its scenario expects:<ul>{items}</ul></div>')
    return "".join(out)


def ruling_fragment(ruling: dict, before: dict | None, link: RuleLink, heading_level: int = 2) -> str:
    """The ruling as an <article>: title, question, warnings, answer, board, steps with linked citations."""
    h, sub = f"h{heading_level}", f"h{heading_level + 1}"
    scenario = ruling["scenario"]
    names = Names(*([before] if before else []), ruling["board"])
    out = [f'<article class="ruling"><{h}>{escape(scenario["name"])}</{h}>']
    if scenario["question"]:
        out.append(f'<p class="question"><strong>Question.</strong> {escape(scenario["question"])}</p>')
    out.append(_warnings(ruling))
    if before is not None:
        out.append(f'<p class="answer"><strong>judgekit’s ruling on this board.</strong> '
                   f'{escape(answer_sentence(ruling, before, names))}</p>')
    if before is not None:
        out.append(board_html(before, "The board before"))
    out.append(f"<{sub}>What happens, step by step</{sub}><ol class=\"actions\">")
    steps = {s["n"]: s for s in ruling["steps"]}
    for action in ruling["actions"]:
        verdict = "allowed" if action["allowed"] else "<strong>not allowed</strong>"
        said = names.text(action["action"])
        out.append(f"<li><p>{escape(said[:1].upper() + said[1:])} "
                   f"({escape(names.players.get(action['by'], str(action['by'])))}): {verdict}.</p><ul class=\"steps\">")
        for _, step in shown_steps(action["steps"], steps):
            cites = " · ".join(cite_html(c, link) for c in step["cites"])
            notes = f' <em class="muted">(random: {escape(step["random"])})</em>' if step["random"] else ""
            if step.get("known_to"):
                notes += f' <em class="muted">(known to {escape(step["known_to"])} only)</em>'
            out.append(f"<li>{escape(names.text(step['text']))}{notes}" + (f'<div class="cites">{cites}</div>' if cites else "")
                       + "</li>")
        out.append("</ul></li>")
    out.append("</ol>")
    for refusal in ruling["verdict"]["refused"]:
        cites = " · ".join(cite_html(c, link) for c in refusal["cites"])
        out.append(f'<p class="refused">Action {refusal["action"]} is refused: {escape(names.text(refusal["text"]))} '
                   f'<span class="cites">{cites}</span></p>')
    out.append(board_html(ruling["board"], "The board afterwards"))
    out.append(f'<p class="muted">Ruled with judgekit, rules edition {escape(ruling["edition"]["name"])}, '
               f'seed {ruling["seed"]}.</p></article>')
    return "".join(out)


def cited_rules(ruling: dict) -> dict[str, dict]:
    """Every rule the ruling cites, by id, in order of first citation."""
    seen: dict[str, dict] = {}
    for item in ruling["steps"] + ruling["verdict"]["refused"]:
        for cite in item["cites"]:
            seen.setdefault(cite["id"], cite)
    return seen


def ruling_page(ruling: dict, before: dict, rule_text: Callable[[str], str | None], stylesheet: str) -> str:
    """A standalone page of one ruling: no network, the cited rules quoted below and linked from each step."""
    from judgekit.site.layout import document

    rules = cited_rules(ruling)

    def link(cite: dict) -> str:
        return f"#rule-{cite['id']}"

    quoted = "".join(f'<dt id="rule-{escape(rule_id)}">{escape(cite_number(cite))} {escape(cite["title"] or "")}</dt>'
                     f'<dd>{escape(rule_text(rule_id) or "(no such rule in judgekit’s rules text)")}</dd>'
                     for rule_id, cite in rules.items())
    body = ruling_fragment(ruling, before, link, heading_level=1)
    body += (f'<section aria-labelledby="cited"><h2 id="cited">Rules cited</h2><p class="muted">judgekit’s '
             f'paraphrase; the official text is the authority.'
             + (" A number marked ? is inferred for this edition." if any(not c["confirmed"] for c in rules.values())
                else "") + f"</p><dl>{quoted}</dl></section>")
    return document(title=ruling["scenario"]["name"], body=body, edition=ruling["edition"]["name"],
                    stylesheet=stylesheet)
