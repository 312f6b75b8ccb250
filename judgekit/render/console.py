"""The ruling for a reader: title, numbered cited trace, the board, the verdict.

Built from judgekit/render/styled.py's pieces: a terminal gets them through rich; a pipe or a file
gets the same bytes rich would print there, without loading rich.console.
"""
from __future__ import annotations

from judgekit.render.styled import Panel, Table, Text, Writer
from judgekit.render.rule import INFERRED_NUMBERS
from judgekit.render.words import (SaidOnce, attack_in_progress, lasting_effect, shown_steps, stance, view_line,
                                   waiting_discount)
from judgekit.plural import counted

AREA_TITLES = (("hand", "Hand"), ("deck", "Deck (top first)"), ("field", "Field"),
               ("legends", "Legends area (left to right)"), ("eddies", "Eddies area"),
               ("trash", "Trash (top first)"), ("removed", "Removed from game"))


def cite_text(cite: dict) -> Text:
    """'5.13 Removed from Game'; an inferred number is marked with '?'."""
    if cite["number"] is None:
        return Text(f"{cite['id']} (unknown rule)", style="bold red")
    mark = "" if cite["confirmed"] else "?"
    text = Text(f"{cite['number']}{mark}", style="bold cyan" if cite["confirmed"] else "bold yellow")
    text.append(f" {cite['title']}", style="dim")
    return text


def _cites(cites: list[dict]) -> Text:
    out = Text()
    for i, cite in enumerate(cites):
        if i:
            out.append(" · ", style="dim")
        out.append_text(cite_text(cite))
    return out


ORIENTED = ("field", "legends", "eddies")  # where being spent or face-down is a fact of the board (3.4, 3.7)


def _card(card: dict, depth: int = 0, area: str = "field") -> Text:
    name = card["name"] or ("hidden card" if card.get("hidden") else "unknown card")  # its label is an id of the JSON
    text = Text("  " * depth + ("└ " if depth else ""))
    text.append(name, style="bold" if card["name"] else "dim")
    if card["name"] and card["label"] != card["name"]:
        text.append(f" [{card['label']}]", style="dim")
    elif not card["name"] and not card.get("hidden"):
        text.append(f" [{card['label']}]", style="dim")
    facts = []
    if "power" in card:
        facts.append(f"power {card['power']}")
    if area in ORIENTED or depth:
        facts.append("spent" if card["spent"] else "ready")
        facts.append("face-up" if card["face_up"] else "face-down")
    elif area == "deck" and card["face_up"]:
        facts.append("face-up")
    if card["lag"]:
        facts.append("Lag")
    if "owner" in card:
        facts.append(f"owned by {card['owner']}")
    if facts:
        text.append(f" ({', '.join(facts)})", style="italic")
    for g in card.get("gear", []):
        text.append("\n")
        text.append_text(_card(g, depth + 1))
    return text


def _area_cards(cards: list[dict], area: str) -> Text:
    if not cards:
        return Text("empty", style="dim")
    unknown = [c for c in cards if not c["name"]]
    if area == "deck" and len(unknown) == len(cards):
        return Text(counted(len(cards), f"{'hidden' if cards[0].get('hidden') else 'unknown'} card"), style="dim")
    if area == "eddies":
        ready = sum(1 for c in cards if not c["spent"])
        head = Text(f"{len(cards)} {'Eddie' if len(cards) == 1 else 'Eddies'}: {ready} ready, {len(cards) - ready} spent",
                    style="bold")
        named = [c for c in cards if c["name"]]
        lines = [head] + [_card(c) for c in named]
        spent_unknown = [c["label"] for c in unknown if c["spent"] and not c.get("hidden")]  # hidden: counted above
        if spent_unknown:
            lines.append(Text(f"spent: {', '.join(spent_unknown)}", style="dim"))
        return Text("\n").join(lines)
    return Text("\n").join(_card(c, area=area) for c in cards)


def board_table(name: str, player: dict, is_turn: bool) -> Table:
    title = f"{name}" + ("  (turn player)" if is_turn else "")
    table = Table(title, label_style="magenta", label_width=30)
    for key, heading in AREA_TITLES:
        table.add_row(heading, _area_cards(player[key], key))
    table.add_row("Fixer area", Text(", ".join(player["fixer"]) or "empty", style="" if player["fixer"] else "dim"))
    gigs = ", ".join(f"{g['die']}={g['value']}" for g in player["gigs"])
    cred = "Null" if player["street_cred"] is None else player["street_cred"]
    table.add_row("Gig area", Text(f"{counted(len(player['gigs']), 'Gig')}: {gigs} (Street Cred {cred})" if gigs
                                   else "empty (Street Cred Null)", style="" if gigs else "dim"))
    once = [w for w, on in (("Legend called", player["called_legend_this_turn"]),
                            ("card sold", player["sold_this_turn"])) if on]
    if once:
        table.add_row("This turn", ", ".join(once))
    return table


def render(ruling: dict, console: Writer) -> None:
    """Print one ruling."""
    scenario = ruling["scenario"]
    head = Text(scenario["name"], style="bold")
    if scenario["question"]:
        head.append(f"\n{scenario['question']}", style="italic")
    head.append(f"\n{scenario['file']} · rules edition {ruling['edition']['name']} · seed {ruling['seed']}",
                style="dim")
    console.print(Panel(head, border_style="blue"))
    if "view" in ruling:
        console.print(Text(view_line(ruling["view"]), style="bold magenta"))
    known = scenario.get("known_failure")
    if known:
        issue = f" (issue #{known['issue']})" if known.get("issue") else ""
        console.print(Panel(Text("judgekit is known to disagree with the official answer this scenario states"
                                 f"{issue}: ", style="bold").append(known["reason"], style=""),
                            title="KNOWN FAILURE", title_align="left", border_style="bold yellow"))
    steps = {s["n"]: s for s in ruling["steps"]}
    said_once = SaidOnce()
    for action in ruling["actions"]:
        verdict = Text("  → allowed", style="green") if action["allowed"] else Text("  → REFUSED", style="bold red")
        for reaction in action.get("refused_reactions", ()):
            verdict.append("; reaction REFUSED: ", style="bold red").append(reaction, style="red")
        console.print(Text(f"Action {action['n']}: {action['action']}", style="bold").append_text(verdict))
        if action["note"]:
            console.print(Text(f"   {action['note']}", style="dim italic"))
        for n, step in shown_steps(action["steps"], steps):
            line = Text(f"{n:>3}. ", style="bold")
            line.append(said_once(step["text"]), style="red" if step["kind"] == "refuse" else "")
            if step["random"]:
                line.append(f"  (random: {step['random']})", style="yellow")
            if step.get("known_to"):
                line.append(f"  (known to {step['known_to']} only)", style="magenta")
            if step.get("hidden_note"):
                line.append(f"  (note: {step['hidden_note']})", style="magenta")
            console.print(line)
            if step["cites"]:
                console.print(Text("      ").append_text(_cites(step["cites"])))
            if step.get("note"):
                console.print(Text(f"      note: {step['note']}", style="yellow"))
    if any(not c["confirmed"] for s in ruling["steps"] for c in s["cites"]):
        console.print(Text("   " + INFERRED_NUMBERS, style="yellow"))
    console.print()
    players = ruling["board"]["players"]
    for name, player in players.items():
        console.print(board_table(name, player, ruling["board"]["turn"] == name))
    for pending in ruling["board"]["pending"]:
        console.print(Text("Still pending: ", style="magenta").append(pending))
    if ruling["board"]["attack"]:
        console.print(Text("Attack in progress: ", style="magenta").append(
            attack_in_progress(ruling["board"]["attack"])))
    in_play = {card["label"] for p in players.values() for area in ("field", "legends") for c in p[area]
               for card in (c, *c.get("gear", ()))}  # in play as GameState.in_play counts it: equipped Gear too
    for lasting in (e for e in ruling["board"]["lasting_effects"] if e["card"] in in_play):
        console.print(Text("Lasting effect: ", style="magenta").append(lasting_effect(lasting)))
    for discount in ruling["board"].get("discounts", []):
        console.print(Text("Discount waiting: ", style="magenta").append(waiting_discount(discount)))
    if ruling["board"]["resolving"]:
        console.print(Text("Outside every area (resolving): ", style="magenta").append_text(
            Text(", ".join(c["name"] or c["label"] for c in ruling["board"]["resolving"]))))
    _verdict(ruling["verdict"], console)


def _verdict(verdict: dict, console: Writer) -> None:
    lines = []
    if verdict["tie"]:
        lines.append(Text(f"The game is a tie: {' and '.join(verdict['losers'])} both lost at the same moment.",
                          style="bold red"))
    elif verdict["winner"]:
        lines.append(Text(f"Winner: {verdict['winner']}. Lost the game: {', '.join(verdict['losers'])}",
                          style="bold red"))
    if verdict["awaiting"]:
        lines.append(Text("Waiting for a choice: ", style="bold yellow").append(verdict["awaiting"]))
    for refusal in verdict["refused"]:
        if "reaction" in refusal:
            line = Text(f"Action {refusal['action']}: the reaction {refusal['reaction']} is refused; the attack it "
                        "answered stands: ", style="bold red")
        else:
            line = Text(f"Action {refusal['action']} refused: ", style="bold red")
        line.append(refusal["text"] + " ")
        line.append_text(_cites(refusal["cites"]))
        lines.append(line)
        if refusal.get("hint"):
            lines.append(Text(f"  hint: {refusal['hint']}", style="yellow"))
    expectations = verdict["expectations"]
    if expectations["checked"]:
        if expectations["passed"]:
            lines.append(Text("expect: every expectation holds", style="bold green"))
        else:
            lines.append(Text(f"expect: {counted(len(expectations['failures']), 'expectation')} failed", style="bold red"))
            lines += [Text(f"  ✗ {f['message']}", style="red") for f in expectations["failures"]]
    for contested in verdict["contested"]:
        if contested["follows"]:
            lines.append(Text(f"contested: follows the ruling held by {contested['held_by']}", style="bold green"))
        else:
            lines.append(Text(f"contested: differs from the ruling held by {contested['held_by']}", style="yellow"))
            lines += [Text(f"  ✗ {f['message']}", style="yellow") for f in contested["failures"]]
    for flag in verdict.get("disputed", []):
        lines.append(Text("disputed: ", style="bold yellow").append(
            f"this ruling turns on {flag['point']}, a question recorded as contested ({flag['recorded_in']}). "
            f"{stance(flag['judgekit_follows'])}.", style="yellow"))
        for reading in flag["other_readings"]:
            lines.append(Text(f"  other reading, held by {reading['held_by']}, on the board recorded there: "
                              f"{reading['note']}", style="yellow"))
    if verdict["contested"] and not verdict["follows"]:
        lines.append(Text("contested: the engine follows none of the recorded rulings", style="bold red"))
    good = expectations["passed"] and (not verdict["contested"] or verdict["follows"])
    if lines:
        console.print(Panel(lines, title="Verdict", title_align="left", border_style="green" if good else "red"))
