"""The ruling written up for posting, as a judge answers on a forum: answer, question, board, steps, rules.

Plain Markdown, deterministic; the cited rules are quoted in judgekit's own words from rules_text/.
A disputed ruling (`contested`) or one that misses the scenario's own `expect` says so at the top
and in full below, so a posted write-up never presents it as settled.
"""
from __future__ import annotations

import re

from judgekit.plural import counted
from judgekit.render.words import (attack_in_progress, in_order, lasting_effect, shown_steps, stance, view_line,
                                   waiting_discount)
from judgekit.render.writeup import Names, answer_sentence, deciding
from judgekit.rules.book import Rulebook

AREA_WORDS = (("hand", "hand"), ("deck", "deck (top first)"), ("field", "field"),
              ("legends", "Legends area (left to right)"), ("eddies", "Eddies area"),
              ("trash", "trash (top first)"), ("removed", "removed from game"))


def _number(cite: dict) -> str:
    if cite["number"] is None:
        return f"`{cite['id']}` (unknown rule)"
    return f"{cite['number']}{'' if cite['confirmed'] else '?'}"


def _card(card: dict) -> str:
    if not card["name"]:
        return "an unknown card"
    text = card["name"]
    facts = [f"power {card['power']}"] if "power" in card else []
    facts += [w for w, on in (("spent", card["spent"]), ("face-down", not card["face_up"]), ("Lag", card["lag"]))
              if on]
    facts += [f"owned by {card['owner']}"] if "owner" in card else []
    if facts:
        text += f" ({', '.join(facts)})"
    if card.get("gear"):
        text += ", equipped with " + ", ".join(_card(g) for g in card["gear"])
    return text


def _cards(cards: list[dict]) -> str:
    return "; ".join(in_order(cards, _card, lambda count, word: f"{count} {word} card{'s' if count > 1 else ''}"))


def board_lines(board: dict) -> list[str]:
    lines = []
    for name, player in board["players"].items():
        turn = " (turn player)" if board["turn"] == name else ""
        lines.append(f"- **{name[:1].upper() + name[1:]}**{turn}")
        for key, words in AREA_WORDS:
            if player[key]:
                if key == "eddies":
                    spent = sum(c["spent"] for c in player[key])
                    lines.append(f"  - {words}: {counted(len(player[key]), 'Eddie', 'Eddies')} ({spent} spent)")
                else:
                    lines.append(f"  - {words}: {_cards(player[key])}")
        if player["fixer"]:
            lines.append(f"  - fixer area: {', '.join(player['fixer'])}")
        if player["gigs"]:
            lines.append("  - Gig area: " + ", ".join(f"{g['die']} showing {g['value']}" for g in player["gigs"])
                         + f" (Street Cred {player['street_cred']})")
        if len(lines) and lines[-1].startswith("- "):
            lines.append("  - nothing in play")
    for lasting in board.get("lasting_effects", []):
        lines.append(f"- lasting effect on {lasting_effect(lasting)}")
    for discount in board.get("discounts", []):
        lines.append(f"- discount waiting: {waiting_discount(discount)}")
    if board.get("attack"):
        lines.append(f"- attack in progress: {attack_in_progress(board['attack'])}")
    for pending in board.get("pending", []):
        lines.append(f"- still pending: {pending}")
    return lines


def _failure(failure: dict) -> str:
    """A failed expectation in a reader's words: the field and what differed, without the file's line."""
    return re.sub(r"^line \d+: ", "", failure["message"])


def warning_lines(verdict: dict) -> list[str]:
    """The caution at the top: the ruling is disputed, or it misses what the scenario expected."""
    out = []
    if verdict["contested"]:
        follows = verdict["follows"]
        out.append(f"> **Disputed ruling.** {len(verdict['contested'])} readings are on record; {stance(follows)}. "
                   "See *Contested* below before relying on this answer.")
    for flag in verdict.get("disputed", []):
        others = "; ".join(f"{r['held_by']}, on the board recorded there: {r['note']}" for r in flag["other_readings"])
        out.append(f"> **Disputed point.** This ruling turns on {flag['point']}, a question recorded as contested "
                   f"({flag['recorded_in']}). {stance(flag['judgekit_follows'])}. Another reading, held by "
                   f"{others}")
    if verdict["expectations"]["checked"] and not verdict["expectations"]["passed"]:
        out.append("> **Unexpected result.** judgekit's ruling does not match the answer this scenario expects; "
                   "see *Expected answer not met* below.")
    return out + [""] if out else []


def contested_lines(verdict: dict, notes: dict[str, str]) -> list[str]:
    """Every reading on record: who holds it, its argument, and whether judgekit follows it."""
    if not verdict["contested"]:
        return []
    out = ["**Contested.** People disagree on this ruling; the readings on record:", ""]
    for reading in verdict["contested"]:
        note = f" {notes[reading['held_by']]}" if notes.get(reading["held_by"]) else ""
        if reading["follows"]:
            out.append(f"- **{reading['held_by']}**:{note} *judgekit follows this reading.*")
        else:
            out.append(f"- **{reading['held_by']}**:{note} judgekit's ruling differs from this reading.")
    if not verdict["follows"]:
        out.append("- judgekit's ruling follows none of these readings: treat it as unsettled.")
    return out + [""]


def expectation_lines(verdict: dict) -> list[str]:
    expectations = verdict["expectations"]
    if not expectations["checked"] or expectations["passed"]:
        return []
    return ["**Expected answer not met.** The scenario expects otherwise:", ""] + \
        [f"- {_failure(f)}" for f in expectations["failures"]] + [""]


def _cited(cites: list[dict]) -> str:
    return ", ".join(f"{_number(c)} {c['title']}" for c in cites)


def render_markdown(data: dict, before: dict, book: Rulebook, notes: dict[str, str] | None = None) -> str:
    """The whole write-up as one Markdown string; `notes` are the contested readings' arguments by holder.

    It opens with the answer in one sentence, then the question, the board and each action's steps with the
    rules that decide them; the board afterwards and every rule cited, in our words, are folded below."""
    scenario = data["scenario"]
    names = Names(before, data["board"])
    out = [f"## {scenario['name']}", "", f"**Answer.** {answer_sentence(data, before, names)}", ""]
    out += warning_lines(data["verdict"])
    if "view" in data:
        out += [f"> **{view_line(data['view'])}**", ""]
    if scenario["question"]:
        out += [f"**Question.** {scenario['question']}", ""]
    if scenario.get("known_failure"):
        out += [f"> **Known failure.** judgekit is known to disagree with the official answer this scenario "
                f"states: {scenario['known_failure']['reason']}", ""]
    out += ["**The board.**", ""] + board_lines(before) + [""]
    out += ["**Step by step** (with the rules that decide each step).", ""]
    steps = {s["n"]: s for s in data["steps"]}
    for action in data["actions"]:
        verdict = "allowed" if action["allowed"] else "**not allowed**"
        who = names.players.get(action["by"], action["by"])
        said = names.text(action["action"])
        verdict += "".join(f"; the reaction {names.text(r)} is **not allowed**" for r in action.get("refused_reactions", ()))
        out.append(f"{action['n']}. {said}{'' if said.startswith(who) else f' ({who})'}: {verdict}.")
        for _, step in shown_steps(action["steps"], steps):
            decided = deciding(step["cites"])
            random = f" *(random: {step['random']})*" if step["random"] else ""
            random += f" *(known to {names.players.get(step['known_to'], step['known_to'])} only)*" \
                if step.get("known_to") else ""
            random += f" *(note: {step['hidden_note']})*" if step.get("hidden_note") else ""
            out.append(f"   - {names.text(step['text'])}{f' ({_cited(decided)})' if decided else ''}{random}")
    out.append("")
    players = names.players
    if data["verdict"]["tie"]:
        lost = " and ".join(players.get(p, p) for p in data["verdict"]["losers"])
        out += [f"The game is a tie: {lost} both lost at the same moment.", ""]
    elif data["verdict"]["losers"]:
        winner = players.get(data["verdict"]["winner"], data["verdict"]["winner"])
        out += [f"**{winner} wins**; {', '.join(players.get(p, p) for p in data['verdict']['losers'])} lost the "
                "game.", ""]
    out += expectation_lines(data["verdict"]) + contested_lines(data["verdict"], notes or {})
    out += ["<details><summary>The board afterwards</summary>", ""] + board_lines(data["board"]) + ["", "</details>",
                                                                                                  ""]
    seen: dict[str, dict] = {}
    for step in data["steps"]:
        for cite in step["cites"]:
            seen.setdefault(cite["id"], cite)
    for refusal in data["verdict"]["refused"]:
        for cite in refusal["cites"]:
            seen.setdefault(cite["id"], cite)
    out += [f"<details><summary>All {len(seen)} rules cited, in judgekit's words (the official text is the "
            "authority)</summary>", ""]
    for rule_id, cite in seen.items():
        text = book.get(rule_id).text if rule_id in book.entries else "(no such rule in rules_text)"
        out.append(f"- **{_number(cite)} {cite['title']}**: {text}")
    out.append("")
    if any(not c["confirmed"] for c in seen.values()):
        out += ["A number marked ? is inferred for this edition, not confirmed by its text.", ""]
    out += ["</details>", ""]
    out.append(f"*Ruled with judgekit, rules edition {data['edition']['name']}, seed {data['seed']}.*")
    return "\n".join(out) + "\n"


def rule_markdown(data: dict) -> str:
    """One rule (the `rule_data` dict) as Markdown, with its sub-rules and links."""
    def ref(item: dict) -> str:
        return f"{item['number']}{'' if item['confirmed'] else '?'} {item['title']}"

    place = " > ".join(p for p in (f"{data['chapter']['number']} {data['chapter']['title']}", data["section"]) if p)
    out = [f"### {data['number']}{'' if data['confirmed'] else '?'} {data['title']}", "",
           f"*{place} · edition {data['edition']}*", "", data["text"], ""]
    out += [f"> **Example:** {e}" for e in data["examples"]]
    out += [f"> **Tip:** {t}" for t in data["tips"]]
    if data["examples"] or data["tips"]:
        out.append("")
    for sub in data["subrules"]:
        out.append(f"- **{sub['number']}{'' if sub['confirmed'] else '?'}** {sub['text']}")
    if data["subrules"]:
        out.append("")
    if data["parent"]:
        out.append(f"Part of: {ref(data['parent'])}")
    for key, words in (("refers_to", "Refers to"), ("referred_by", "Referred to by")):
        if data[key]:
            out.append(f"{words}: " + "; ".join(ref(i) for i in data[key]))
    if not data["confirmed"]:
        out += ["", "A number marked ? is inferred for this edition, not confirmed by its text."]
    return "\n".join(out).rstrip() + "\n"
