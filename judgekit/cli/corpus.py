"""Commands over a whole corpus of scenarios: check (with golden rulings) and coverage."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import List, Optional

from judgekit.cli.commands import Argument, Exit, Option, command
from judgekit.cli.common import (RICH_OR_JSON, OutputFormat,
                                 make_console, make_writer, refuse_markdown, rulebook_for, say_error,
                                 plain_to_json, to_json, edition_of_paths)
from judgekit.cli.guard import out_of_memory
from judgekit.exitcodes import BAD_INPUT, FAILED as FAILED_STATUS, INTERNAL_ERROR, NOTHING_SELECTED
from judgekit.echo import shown
from judgekit.plural import counted


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


def _collect(paths: Optional[List[Path]]):
    """The scenario files to run (judgekit.corpus.discover's rule); exit 2 for a path that does not exist."""
    from judgekit.corpus.discover import collect

    roots = paths or [Path("scenarios")]
    missing = [str(p) for p in roots if not p.exists()]
    if missing:
        say_error(f"no such file or folder: {', '.join(shown(m) for m in missing)}")
        raise Exit(BAD_INPUT)
    return roots, collect(roots)


def _writable_report(path: Path) -> None:
    """Refuse a --junit-xml path that cannot be written, or is not a regular file, before anything runs."""
    from judgekit.corpus.reports import unsafe_report_path

    why = unsafe_report_path(path)
    if why:
        say_error(f"--junit-xml {shown(str(path))}: cannot write the report there: {why}")
        raise Exit(BAD_INPUT)


@command()
def check(
    paths: List[Path] = Argument(None, help="Scenario files or folders (default: scenarios/)."),
    k: Optional[str] = Option(None, "-k", help="Select by title, path or tag: 'gear and not refused', "
                                                     "'tag:contested'."),
    edition: Optional[str] = Option(None, "--edition", "-e", help="Render citations in this edition."),
    format: OutputFormat = Option(OutputFormat.rich, "--format", "-f", metavar=RICH_OR_JSON,
                                  help="rich (terminal) or json."),
    junit_xml: Optional[Path] = Option(None, "--junit-xml", help="Also write a JUnit XML report here."),
    update: bool = Option(False, "--update", help="Record each ruling as the scenario's golden "
                                                        "NAME.ruling.json (all together, or none)."),
    jobs: Optional[int] = Option(None, "--jobs", "-j", min=1, help="Worker processes (default: one per "
                                                                         "core for large corpora)."),
    require_golden: bool = Option(False, "--require-golden", help="Fail a scenario that has no recorded "
                                                                        "golden ruling."),
) -> None:
    """Run every scenario found and report passed, failed (with what differed) and errored files.

    Collects .yaml/.yml files with a top-level `scenario:` key, skipping hidden folders, virtual
    environments, node_modules, __pycache__, build, dist and golden .ruling.json files.
    A golden ruling whose scenario is gone fails (`--update` reports it too, never deletes it).
    Exit status 0 all passed; 1 a scenario or orphaned golden failed, or judgekit failed on one file; 2 bad input (a
    scenario, a corrupt golden ruling, a path, -k, a report that cannot be written, a golden update that
    cannot be made); 3 judgekit failed outside any one file (or ran out of memory); 5 nothing collected or
    selected; 130 interrupted (Ctrl-C: no worker is left, an update changes nothing).
    """
    refuse_markdown(format, "check")
    from judgekit.corpus.reports import json_report, junit_xml as junit, write_report
    from judgekit.corpus.runner import ERRORED, FAILED, INTERNAL, check_all, require_golden as require, summary
    from judgekit.corpus.select import SelectionError, Selector
    from judgekit.corpus.store import GoldenStoreError

    rulebook_for(edition)
    try:
        selector = Selector(k) if k else None
    except SelectionError as error:
        say_error(str(error))
        raise Exit(BAD_INPUT)
    roots, collection = _collect(paths)
    if junit_xml is not None:
        _writable_report(junit_xml)
    files = collection.files
    if not files:
        say_error(f"no scenario files collected under {', '.join(shown(str(r)) for r in roots)}"
                  + (f" ({collection.summary()})" if collection.summary() else ""))
        raise Exit(NOTHING_SELECTED)
    bar, advance = _progress_bar(len(files), format is OutputFormat.rich and sys.stderr.isatty())
    try:
        with bar:
            results = check_all(files, edition, update, selector, jobs, advance)
    except GoldenStoreError as error:
        say_error(f"golden rulings {'not updated' if update else 'could not be read'}: {error}")
        raise Exit(BAD_INPUT)
    except Exception as error:  # judgekit failed outside any one file (each file's failure is its result)
        if out_of_memory(error):
            say_error("judgekit ran out of memory while checking: "
                      "try fewer worker processes (-j) or a smaller corpus at a time")
        else:
            say_error(f"judgekit internal error while checking: {type(error).__name__}: {error}")
        raise Exit(INTERNAL_ERROR)
    if require_golden and not update:
        for result in results:
            require(result)
    results += _orphans(collection, selector)
    counts = summary(results)
    report_lost = None
    if junit_xml is not None:
        try:
            write_report(junit_xml, junit(results))
        except OSError as error:
            report_lost = f"--junit-xml {junit_xml}: the report could not be written: {error.strerror or error}"
    if format is OutputFormat.json:
        sys.stdout.write(plain_to_json(json_report(results, edition, collection)))
    else:
        _render_check(results, counts, update, collection)
    if report_lost:
        say_error(report_lost)
    chosen = [r for r in results if r.selected]
    if not chosen:
        say_error(f"-k {shown(k)} selected none of the {counted(len(files), 'scenario')}")
        raise Exit(NOTHING_SELECTED)
    if report_lost or any(r.status == ERRORED and r.error != INTERNAL for r in chosen):
        raise Exit(BAD_INPUT)
    if counts[FAILED] or counts["internal_errors"]:
        raise Exit(FAILED_STATUS)


def _orphans(collection, selector) -> list:
    """A failed result for each golden ruling whose scenario is gone (the pytest plugin fails them too)."""
    from judgekit.corpus.golden import orphan
    from judgekit.corpus.runner import FAILED, FileResult

    return [FileResult(str(path), FAILED, golden="orphan", failures=[orphan(path)],
                       selected=selector is None or selector.matches(str(path), "", []))
            for path in dict.fromkeys(collection.orphans)]


def _render_check(results, counts: dict, update: bool, collection) -> None:
    from judgekit.corpus.runner import ERRORED, FAILED, KNOWN_FAILURE, PASSED
    from judgekit.render.styled import Text

    console = make_writer()  # rich only on a terminal: a piped or logged check prints the same bytes without it
    for result in results:
        if not result.selected or result.status == PASSED:
            continue
        if result.status == KNOWN_FAILURE:
            console.print(Text("KNOWN FAILURE ", style="bold yellow").append(result.file, style="bold")
                          .append(f"  {result.known_failure}", style="dim"), soft_wrap=True)
            continue
        style = "bold red" if result.status == FAILED else "bold magenta"
        heading = Text(f"{result.status.upper()} ", style=style).append(result.file, style="bold")
        if result.name:
            heading.append(f"  {result.name}", style="dim")
        console.print(heading)
        for line in result.report.splitlines():
            colour = "green" if line.startswith("+") else "red" if line.startswith("-") else ""
            console.print(Text("    " + line, style=colour), soft_wrap=True)
    for result in results:
        for warning in result.warnings if result.selected else ():
            console.print(Text(f"warning {warning}", style="yellow"), soft_wrap=True)
    contested = [r for r in results if r.selected and r.contested]
    for result in contested:
        followed = [c["held_by"] for c in result.contested if c["follows"]]
        console.print(Text(f"contested {result.file}: follows ", style="yellow").append(
            "; ".join(followed) or "none of the recorded rulings"), soft_wrap=True)
    parts = [f"{counts[PASSED]} passed", f"{counts[FAILED]} failed", f"{counts[ERRORED]} errored"]
    if counts[KNOWN_FAILURE]:
        parts.append(counted(counts[KNOWN_FAILURE], "known failure"))
    if counts["selected"] != counts["files"]:
        parts.append(f"{counts['files'] - counts['selected']} deselected")
    if update:
        parts.append(f"{counted(sum(r.golden == 'updated' for r in results), 'golden ruling')} written")
        withheld = sum(r.golden == "withheld" for r in results)
        if withheld:
            parts.append(f"{withheld} not written (a scenario file is bad input: the update is withdrawn)")
        unchanged = sum(r.golden == "matches" for r in results)
        if unchanged:
            parts.append(f"{unchanged} unchanged")
    absent = sum(r.selected and r.golden == "absent" and r.status != ERRORED for r in results)
    if absent and not update:
        parts.append(f"{absent} without a golden ruling")
    if collection.summary():
        console.print(Text(collection.summary(), style="dim"), soft_wrap=True)
    style = "bold green" if not counts[FAILED] and not counts[ERRORED] else "bold red"
    console.print(Text(", ".join(parts), style=style))


@command()
def coverage(
    paths: List[Path] = Argument(None, help="Scenario files or folders (default: scenarios/)."),
    edition: Optional[str] = Option(None, "--edition", "-e", help="Show rule numbers in this edition."),
    format: OutputFormat = Option(OutputFormat.rich, "--format", "-f", metavar=RICH_OR_JSON,
                                  help="rich (terminal) or json."),
    gaps: bool = Option(False, "--gaps", help="List every rule no scenario exercises, by chapter."),
) -> None:
    """Which rules the corpus exercises, per chapter; rules no scenario can exercise are listed with why."""
    refuse_markdown(format, "coverage")
    from judgekit.corpus.coverage import measure, not_exercisable, report

    book = rulebook_for(edition)
    roots, collection = _collect(paths)
    if not collection.files:
        say_error(f"no scenario files collected under {', '.join(shown(str(r)) for r in roots)}")
        raise Exit(NOTHING_SELECTED)
    excused = not_exercisable(book)  # a rules file that cannot be read stops the command before the corpus runs
    measured = measure(collection.files, book)
    data = report(measured, book, edition or edition_of_paths(book, roots), excused)
    from judgekit.corpus.card_coverage import card_report, measure_cards, render_card_coverage
    data["cards"] = card_report(measure_cards(collection.files, book))
    if format is OutputFormat.json:
        sys.stdout.write(to_json(data))
    else:
        _render_coverage(data, gaps)
        render_card_coverage(make_console(), data["cards"], gaps)
    for problem in measured.problems:
        say_error(problem)
    if data["errored"]:
        say_error(f"{counted(len(data['errored']), 'file')} could not be run (see `judgekit check`): "
                  + ", ".join(data["errored"]))
        raise Exit(BAD_INPUT if len(measured.crashed) < len(data["errored"]) else FAILED_STATUS)


def _render_coverage(data: dict, show_gaps: bool) -> None:
    from rich.table import Table
    from rich.text import Text

    console = make_console()
    table = Table(title=f"Rule coverage of {counted(data['files'], 'scenario')}, edition {data['edition']}",
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
