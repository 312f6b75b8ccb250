"""`judgekit rulings`: a card's official FAQ rulings, with judgekit's live verdict on each."""
from __future__ import annotations

import sys
from typing import List, Optional

from judgekit.cli.commands import Argument, Exit, Option, command
from judgekit.cli.common import RICH_OR_JSON, OutputFormat, make_console, refuse_markdown, say_error, to_json
from judgekit.exitcodes import BAD_INPUT, FAILED
from judgekit.plural import counted

STATUS_STYLE = {"reproduced": "green", "contested": "cyan", "known-failure": "yellow", "failing": "bold red",
                "not-encoded": "dim"}


@command()
def rulings(
    words: List[str] = Argument(None, metavar="CARD", help="Card name, quotes optional ('Name: Subtitle' when "
                                                           "several share a name), or GENERAL for the general "
                                                           "rulings."),
    all_cards: bool = Option(False, "--all", help="The tally over the whole FAQ."),
    format: OutputFormat = Option(OutputFormat.rich, "--format", "-f", metavar=RICH_OR_JSON,
                                  help="rich (terminal) or json."),
    jobs: Optional[int] = Option(None, "--jobs", "-j", min=1, help="Worker processes for --all."),
) -> None:
    """A card's official FAQ rulings: our wording of each question, the answer, judgekit's verdict on it.

    Verdicts: reproduced, contested (the FAQ and another source disagree; see the scenario),
    known failure (judgekit gives another answer today), failing (a regression), not encoded.
    Exit status 1 when a ruling is failing, 2 for an unknown card.
    """
    card = " ".join(words) if words else None
    refuse_markdown(format, "rulings")
    if all_cards == (card is not None):
        say_error("name one card, or use --all for the whole FAQ")
        raise Exit(BAD_INPUT)
    from judgekit.faq import FaqError, load_index

    try:
        index = load_index()
        data = tally_data(index, jobs) if all_cards else card_data(card, index)
    except FaqError as error:
        say_error(str(error))
        raise Exit(BAD_INPUT)
    if format is OutputFormat.json:
        sys.stdout.write(to_json(data))
    elif all_cards:
        _render_tally(data)
    else:
        render_card(data)
    if data["tally"]["failing"]:
        raise Exit(FAILED)


def card_data(name: str, index) -> dict:
    """One card's rulings as JSON-ready data (FaqError for an unknown card)."""
    from judgekit.faq import RULINGS_FORMAT, describe, resolve_card, tally

    card = resolve_card(name, index)
    described = describe(index.for_card(card), index.root)
    heading = index.cards.get(card, {}).get("heading")
    return {"format": RULINGS_FORMAT, "card": card, "faq_heading": heading, "rulings": described,
            "tally": {k: v for k, v in tally(described).items() if k not in ("known_failures", "failing_files")}}


def tally_data(index, jobs: int | None = None) -> dict:
    from judgekit.faq import RULINGS_FORMAT, describe, tally

    described = describe(list(index.rulings.values()), index.root, jobs)
    cards = {}
    for d in described:
        entry = cards.setdefault(d["card"], {"card": d["card"], "answers": 0})
        entry["answers"] += 1
        entry[d["status"]] = entry.get(d["status"], 0) + 1
    return {"format": RULINGS_FORMAT, "tally": tally(described), "cards": list(cards.values())}


def render_card(data: dict) -> None:
    from rich.text import Text

    console = make_console()
    if not data["rulings"]:
        console.print(f"The official FAQ has no rulings on {data['card']}.")
        return
    console.print(Text(f"Official FAQ rulings on {data['card']}", style="bold")
                  .append(f" ({counted(len(data['rulings']), 'ruling')}; questions and answers in judgekit's words)",
                          style="dim"))
    for ruling in data["rulings"]:
        line = Text(f"{ruling['ref']}  ", style="bold").append(ruling["status"].replace("-", " "),
                                                                          style=STATUS_STYLE[ruling["status"]])
        console.print(line)
        # the FAQ's question, which its answer answers (an index without it: the scenario's); the board below it
        question = ruling["asked"] or ruling["question"] or f"(no scenario yet: {ruling['not_encoded']})"
        console.print(Text("  Q: ", style="dim").append(question), soft_wrap=True)
        console.print(Text("  A: ", style="dim").append(ruling["answer"]), soft_wrap=True)
        for scenario in ruling["scenarios"]:
            console.print(Text(f"  scenario {scenario['file']}", style="dim"))
            if ruling["asked"] and scenario["question"]:
                console.print(Text("    on its board: ", style="dim").append(scenario["question"]), soft_wrap=True)
            if scenario["known_failure"]:
                console.print(Text("  judgekit disagrees today: ", style="yellow").append(scenario["known_failure"]),
                              soft_wrap=True)
            for c in scenario["contested"]:
                console.print(Text(f"  {'follows' if c['follows'] else 'differs from'}: ", style="cyan")
                              .append(c["held_by"]), soft_wrap=True)
            if scenario["status"] == "failing":
                for report_line in scenario["report"].splitlines():
                    console.print(Text("    " + report_line, style="red"), soft_wrap=True)
    _render_counts(console, data["tally"])


def _render_counts(console, counts: dict) -> None:
    from rich.text import Text
    from judgekit.faq import STATUSES

    line = Text(f"{counted(counts['answers'], 'answer')}: ", style="bold")
    for i, status in enumerate(STATUSES):
        line.append(", " if i else "").append(f"{counts[status]} {status.replace('-', ' ')}", style=STATUS_STYLE[status])
    console.print(line)


def _render_tally(data: dict) -> None:
    from rich.text import Text

    console = make_console()
    counts = data["tally"]
    _render_counts(console, counts)
    if counts["not_encoded_reasons"]:
        console.print(Text("Not encoded yet, by reason:", style="bold"))
        for reason, n in counts["not_encoded_reasons"].items():
            console.print(Text(f"  {n:4d}  {reason}"), soft_wrap=True)
    if counts["known_failures"]:
        console.print(Text("Known failures (judgekit disagrees with the official answer):", style="bold yellow"))
        for item in counts["known_failures"]:
            console.print(Text(f"  {item['ref']}: ", style="bold").append(item["reason"]), soft_wrap=True)
    for item in counts["failing_files"]:
        console.print(Text(f"FAILING {item['ref']}: ", style="bold red").append(item["file"]), soft_wrap=True)
