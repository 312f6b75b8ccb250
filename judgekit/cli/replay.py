"""`judgekit replay FILE`: where a game as played at the table first went wrong, and what would have to be
undone (judgekit/replay.py does the work)."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

from judgekit import exitcodes as EXIT
from judgekit.cli.commands import Argument, Exit, Option, command
from judgekit.cli.common import OutputFormat, build_scenario, fail_input, make_writer, refuse_formats, rulebook_for, \
    to_json

FORMAT = "judgekit-replay/1"


@command()
def replay(
    file: Path = Argument(..., help="Scenario file whose actions are what was done at the table, in order; - reads "
                                         "it from standard input."),
    format: OutputFormat = Option(OutputFormat.rich, "--format", "-f", help="rich (terminal) or json."),
    edition: Optional[str] = Option(None, "--edition", "-e", help="Rules edition for citations."),
    seed: Optional[int] = Option(None, "--seed", help="Override the scenario's seed."),
) -> None:
    """Replay a game as played: the first illegal action and its rule, the board just before it, the actions after
    it newest first (marked where hidden or random information cannot simply be undone), and effects that were
    due and never resolved. Facts only, no penalties. Exit 1 when something went wrong, 0 when nothing did."""
    from judgekit.engine.trace import ScenarioMismatch
    from judgekit.replay import replay as replay_game
    from judgekit.scenario.running import input_error
    from judgekit.scenario.yaml_lines import InputError

    refuse_formats(format, "replay", "rich", "json")
    book = rulebook_for(edition)
    try:
        built = build_scenario(file, book)
        try:
            done = replay_game(built.state, built.actions, built.scenario.seed if seed is None else seed)
        except ScenarioMismatch as mismatch:
            raise input_error(built, mismatch) from None
    except InputError as error:
        fail_input(error.problems)
    data = replay_data(built, done, book, edition or built.edition, built.scenario.seed if seed is None else seed)
    if format is OutputFormat.json:
        sys.stdout.write(to_json(data))
    else:
        _render(data, make_writer())
    if data["first_illegal"] is not None or data["never_resolved"]:
        raise Exit(EXIT.FAILED)


def replay_data(built, done, book, edition: str, seed: int) -> dict:
    """The replay as plain, ordered, JSON-ready data (docs/output-format.md)."""
    from judgekit.replay import NO_PENALTIES
    from judgekit.ruling import board, citation

    def cites(rules) -> list[dict]:
        return [citation(book, rule, edition) for rule in dict.fromkeys(rules)]

    def action(outcome) -> dict:
        return {"n": outcome.index + 1, "action": outcome.action.describe(), "by": outcome.action.player}

    first = None
    if done.first_illegal is not None:
        illegal = built.actions[done.first_illegal]
        first = {"n": done.first_illegal + 1, "action": illegal.describe(), "by": illegal.player,
                 "line": built.doc.line_of(built.action_paths[done.first_illegal]),
                 "text": done.refusal_text, "cites": cites(done.refusal_cites), "marks": done.first_marks}
    return {
        "format": FORMAT,
        "scenario": {"name": built.scenario.scenario, "file": built.file},
        "edition": edition,
        "seed": seed,
        "actions": len(built.actions),
        "played_out": done.played_out,
        "first_illegal": first,
        "board_before": board(done.before) if done.before is not None else None,
        "to_reverse": [{**action(r.outcome), "marks": r.marks, "known_from": r.known_from,
                        "refused": r.refused and {"text": r.refused[0], "cites": cites(r.refused[1])}}
                       for r in done.to_reverse],
        "never_resolved": [{"awaiting": m.awaiting, "pending": m.pending, "mandatory": m.mandatory,
                            "due": {"action": m.due_action + 1, "step": m.due_step, "text": m.due_text},
                            "react_step": m.react_step}
                           for m in done.missed],
        "penalties": NO_PENALTIES,
    }


def _render(data: dict, console) -> None:
    from judgekit.render.console import _cites, board_table
    from judgekit.render.styled import Panel, Text
    from judgekit.render.words import attack_in_progress

    console.print(Panel(Text(data["scenario"]["name"], style="bold").append(
        f"\n{data['scenario']['file']} · replayed {data['played_out']} of {data['actions']} actions · rules edition "
        f"{data['edition']} · seed {data['seed']}", style="dim"), border_style="blue"))
    first = data["first_illegal"]
    if first is None:
        console.print(Text("Every recorded action was legal.", style="bold green"))
    else:
        console.print(Text(f"First illegal action: {first['n']} (line {first['line']}), {first['action']}",
                           style="bold red"))
        console.print(Text(f"   {first['text']}"))
        console.print(Text("      ").append_text(_cites(first["cites"])))
        console.print(Text("The board just before it:", style="bold"))
        board = data["board_before"]
        for name, player in board["players"].items():
            console.print(board_table(name, player, board["turn"] == name))
        if board["attack"]:
            console.print(Text("Attack in progress: ", style="magenta").append(attack_in_progress(board["attack"])))
        for pending in board["pending"]:
            console.print(Text("Still pending: ", style="magenta").append(pending))
        if data["to_reverse"]:
            console.print(Text("To reverse, newest first:", style="bold"))
        for item in data["to_reverse"]:
            marks = f"  [cannot simply be undone: {', '.join(item['marks'])}]" if item["marks"] else ""
            guessed = "" if item["known_from"] != "kind" else " (marks from its kind)" if item["refused"] else \
                " (from its kind: the engine could not play it out)"
            console.print(Text(f"  action {item['n']}: {item['action']}").append(marks, style="bold yellow")
                          .append(guessed, style="dim"))
            if item["refused"]:
                console.print(Text(f"     refused too, on the game as the engine follows it (each refused action "
                                   f"left out): {item['refused']['text']}", style="dim"))
                console.print(Text("        ").append_text(_cites(item["refused"]["cites"])))
        marks = f"  [cannot simply be undone: {', '.join(first['marks'])}]" if first["marks"] else ""
        console.print(Text(f"  then action {first['n']} itself, the illegal one", style="dim").append(
            marks, style="bold yellow"))
    for missed in data["never_resolved"]:
        kind = "mandatory" if missed["mandatory"] else "optional"
        due = missed["due"]
        where = f"action {due['action']}" + (f", step {due['step']}" if due["step"] else "")
        what = "Never finished (the attack's React Step)" if missed["react_step"] else f"Never resolved ({kind})"
        console.print(Text(f"{what}, due at {where}: ", style="bold magenta").append(due["text"]))
        console.print(Text(f"   it waited for: {missed['awaiting']}", style="dim"))
    console.print(Text(data["penalties"], style="italic"))
