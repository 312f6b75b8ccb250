"""Commands over a whole corpus of scenarios: check (with golden rulings) and coverage."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import List, Optional

import typer

from judgekit.cli import app
from judgekit.cli.common import OutputFormat, make_console, refuse_markdown, rulebook_for, say_error, to_json


def _progress_bar(total: int, enabled: bool):
    """A rich progress bar on stderr (only on a terminal), and the callback that advances it."""
    from contextlib import nullcontext
    if not enabled:
        return nullcontext(), None
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    progress = Progress(TextColumn("checking"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        console=make_console(stderr=True), transient=True)
    task = progress.add_task("check", total=total)
    return progress, lambda n: progress.advance(task, n)


@app.command()
def check(
    paths: List[Path] = typer.Argument(None, help="Scenario files or folders (default: scenarios/)."),
    k: Optional[str] = typer.Option(None, "-k", help="Select by title, path or tag: 'gear and not refused', "
                                                     "'tag:contested'."),
    edition: Optional[str] = typer.Option(None, "--edition", "-e", help="Render citations in this edition."),
    format: OutputFormat = typer.Option(OutputFormat.rich, "--format", "-f", help="rich (terminal) or json."),
    junit_xml: Optional[Path] = typer.Option(None, "--junit-xml", help="Also write a JUnit XML report here."),
    update: bool = typer.Option(False, "--update", help="Record each ruling as the scenario's golden "
                                                        "NAME.ruling.json."),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1, help="Worker processes (default: one per "
                                                                         "core for large corpora)."),
) -> None:
    """Run every scenario found and report passed, failed (with what differed) and errored files.

    Exit status 0 when every selected scenario passes, 1 when one fails, 2 when a file is bad input.
    """
    refuse_markdown(format, "check")
    from judgekit.corpus.reports import json_report, junit_xml as junit
    from judgekit.corpus.runner import ERRORED, FAILED, check_all, discover, summary
    from judgekit.corpus.select import SelectionError, Selector

    rulebook_for(edition)
    try:
        selector = Selector(k) if k else None
    except SelectionError as error:
        say_error(str(error))
        raise typer.Exit(2)
    roots = paths or [Path("scenarios")]
    missing = [str(p) for p in roots if not p.exists()]
    if missing:
        say_error(f"no such file or folder: {', '.join(missing)}")
        raise typer.Exit(2)
    files = discover(roots)
    bar, advance = _progress_bar(len(files), format is OutputFormat.rich and sys.stderr.isatty())
    with bar:
        results = check_all(files, edition, update, selector, jobs, advance)
    counts = summary(results)
    if junit_xml is not None:
        junit_xml.write_bytes(junit(results))
    if format is OutputFormat.json:
        sys.stdout.write(to_json(json_report(results, edition)))
    else:
        _render_check(results, counts, update)
    if counts[ERRORED]:
        raise typer.Exit(2)
    if counts[FAILED]:
        raise typer.Exit(1)


def _render_check(results, counts: dict, update: bool) -> None:
    from rich.text import Text
    from judgekit.corpus.runner import ERRORED, FAILED, PASSED

    console = make_console()
    for result in results:
        if not result.selected or result.status == PASSED:
            continue
        style = "bold red" if result.status == FAILED else "bold magenta"
        heading = Text(f"{result.status.upper()} ", style=style).append(result.file, style="bold")
        if result.name:
            heading.append(f"  {result.name}", style="dim")
        console.print(heading)
        for line in result.report.splitlines():
            colour = "green" if line.startswith("+") else "red" if line.startswith("-") else ""
            console.print(Text("    " + line, style=colour), soft_wrap=True)
    contested = [r for r in results if r.selected and r.contested]
    for result in contested:
        followed = [c["held_by"] for c in result.contested if c["follows"]]
        console.print(Text(f"contested {result.file}: follows ", style="yellow").append(
            "; ".join(followed) or "none of the recorded rulings"), soft_wrap=True)
    parts = [f"{counts[PASSED]} passed", f"{counts[FAILED]} failed", f"{counts[ERRORED]} errored"]
    if counts["selected"] != counts["files"]:
        parts.append(f"{counts['files'] - counts['selected']} deselected")
    if update:
        parts.append(f"{sum(r.golden == 'updated' for r in results)} golden rulings written")
    style = "bold green" if not counts[FAILED] and not counts[ERRORED] else "bold red"
    console.print(Text(", ".join(parts), style=style))


@app.command()
def coverage(
    paths: List[Path] = typer.Argument(None, help="Scenario files or folders (default: scenarios/)."),
    edition: Optional[str] = typer.Option(None, "--edition", "-e", help="Show rule numbers in this edition."),
    format: OutputFormat = typer.Option(OutputFormat.rich, "--format", "-f", help="rich (terminal) or json."),
    gaps: bool = typer.Option(False, "--gaps", help="List every rule no scenario exercises, by chapter."),
) -> None:
    """Which rules the corpus exercises, per chapter; rules no scenario can exercise are listed with why."""
    refuse_markdown(format, "coverage")
    from judgekit.corpus.coverage import measure, report
    from judgekit.corpus.runner import discover

    book = rulebook_for(edition)
    roots = paths or [Path("scenarios")]
    missing = [str(p) for p in roots if not p.exists()]
    if missing:
        say_error(f"no such file or folder: {', '.join(missing)}")
        raise typer.Exit(2)
    data = report(measure(discover(roots), book), book, edition or book.default_edition)
    from judgekit.corpus.card_coverage import card_report, measure_cards, render_card_coverage
    data["cards"] = card_report(measure_cards(discover(roots), book))
    if format is OutputFormat.json:
        sys.stdout.write(to_json(data))
    else:
        _render_coverage(data, gaps)
        render_card_coverage(make_console(), data["cards"], gaps)
    if data["errored"]:
        say_error(f"{len(data['errored'])} file(s) could not be run (see `judgekit check`): "
                  + ", ".join(data["errored"]))
        raise typer.Exit(2)


def _render_coverage(data: dict, show_gaps: bool) -> None:
    from rich.table import Table
    from rich.text import Text

    console = make_console()
    table = Table(title=f"Rule coverage of {data['files']} scenario(s), edition {data['edition']}",
                  title_justify="left")
    for column, justify in (("ch.", "right"), ("chapter", "left"), ("rules", "right"), ("exercised", "right"),
                            ("not exercisable", "right"), ("gaps", "right"), ("%", "right")):
        table.add_column(column, justify=justify)
    for ch in data["chapters"]:
        table.add_row(ch["chapter"], ch["title"], str(ch["rules"]), str(ch["exercised"]),
                      str(len(ch["not_exercisable"])), str(len(ch["gaps"])), f"{ch['percent']:.1f}")
    console.print(table)
    reasons: dict[str, list[str]] = {}
    for ch in data["chapters"]:
        for item in ch["not_exercisable"]:
            reasons.setdefault(item["reason"], []).append(item["number"])
    if reasons:
        console.print(Text("Not exercisable (not counted as gaps):", style="bold"))
        for reason, numbers in reasons.items():
            console.print(Text(f"  {reason}: ", style="dim").append(", ".join(numbers)), soft_wrap=True)
    if show_gaps:
        for ch in data["chapters"]:
            if ch["gaps"]:
                console.print(Text(f"Gaps in {ch['chapter']} {ch['title']}: ", style="bold yellow")
                              .append(", ".join(ch["gaps"])), soft_wrap=True)
    else:
        console.print(Text("`--gaps` lists the rules no scenario exercises.", style="dim"))
