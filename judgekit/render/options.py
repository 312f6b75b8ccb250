"""`judgekit options` for people: the terminal view and the Markdown write-up of an options listing (its JSON)."""
from __future__ import annotations

import json

from rich.text import Text

from judgekit.render.console import cite_text
from judgekit.render.words import disputed_briefly


def flow(action: dict) -> str:
    """The action as one line of YAML flow style, as it would be written in `actions:`."""
    def value(v) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        if isinstance(v, dict):  # a key is quoted as a value is: a card's full name holds a colon
            return "{" + ", ".join(f"{value(k)}: {value(x)}" for k, x in v.items()) + "}"
        if isinstance(v, str) and (":" in v or "," in v or v[:1] in "[{&*!|>'\"%@`#-" or v.strip() != v):
            return json.dumps(v, ensure_ascii=False)
        return str(v)
    return value(action)


def _headline(data: dict, file: str) -> str:
    where = f"after action {data['after']}" if data["replaces"] is None else \
        f"action {data['replaces']} waits for a choice; each option below replaces it"
    if data["game_over"]:
        return f"{file}, {where}: the game is over; no action can be taken."
    return f"{file}, {where}: {data['to_act']} to act."


def render_rich(data: dict, file: str, console) -> None:
    console.print(Text(_headline(data, file), style="bold"), soft_wrap=True)
    if data["awaiting"]:
        console.print(Text(f"Waiting: {data['awaiting']}", style="yellow"), soft_wrap=True)
    if data.get("together"):
        console.print(Text(f"Together: {data['together']['text']}", style="yellow"), soft_wrap=True)
    allowed = [o for o in data["options"] if o["allowed"]]
    refused = [o for o in data["options"] if not o["allowed"]]
    for title, group, mark, style in (("May", allowed, "✓", "green"), ("May not", refused, "✗", "red")):
        if not group:
            continue
        console.print(Text(f"{title} ({len(group)}):", style=f"bold {style}"))
        for option in group:
            line = Text(f" {mark} ", style=style).append(flow(option["action"]), style="bold")
            if "cost" in option:
                line.append(f"  ({option['cost']} €$)", style="cyan")
            if option.get("appends"):
                line.append(f"  (added after action {data['replaces']})", style="dim")
            console.print(line, soft_wrap=True)
            if not option["allowed"] or option.get("awaits"):
                console.print(Text("     " + (option["why"] if not option["allowed"] else
                                              f"then waits: {option['awaits']}"), style="dim"), soft_wrap=True)
            if option.get("fails"):
                console.print(Text(f"     fails: {option['fails']}", style="yellow"), soft_wrap=True)
            for flag in option.get("disputed", ()):
                console.print(Text("     " + disputed_briefly(flag), style="yellow"), soft_wrap=True)
            cites = Text("     ")
            for i, cite in enumerate(option["cites"][:6]):
                cites.append(" · " if i else "", style="dim").append_text(cite_text(cite).to_rich())
            console.print(cites, soft_wrap=True)


def render_markdown(data: dict, file: str) -> str:
    out = [f"## Options: {_headline(data, file)}", ""]
    if data["awaiting"]:
        out += [f"*Waiting:* {data['awaiting']}", ""]
    if data.get("together"):
        out += [f"*Together:* {data['together']['text']}", ""]
    for title, allowed in (("May", True), ("May not", False)):
        group = [o for o in data["options"] if o["allowed"] is allowed]
        if not group:
            continue
        out += [f"### {title}", ""]
        for option in group:
            cites = ", ".join(f"{c['number'] or c['id']}{'' if c['confirmed'] else '?'}" for c in option["cites"][:6])
            cost = f" ({option['cost']} €$)" if "cost" in option else ""
            cost += f" (added after action {data['replaces']})" if option.get("appends") else ""
            out.append(f"- `{flow(option['action'])}`{cost}: {option['why']} ({cites})")
            out += [f"  - *fails: {option['fails']}*"] if option.get("fails") else []
            out += [f"  - *{disputed_briefly(flag)}*" for flag in option.get("disputed", ())]
        out.append("")
    return "\n".join(out)
