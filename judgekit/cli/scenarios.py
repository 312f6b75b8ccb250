"""Commands on scenario files: run, validate, schema."""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import List, Optional

from judgekit.cli.commands import Argument, Exit, Option, command
from judgekit.cli.common import (OutputFormat, build_scenario, fail_input, make_writer, rulebook_for, say_error,
                                 to_json)
from judgekit.exitcodes import BAD_INPUT, FAILED
from judgekit import exitcodes as EXIT


@command()
def run(
    file: Path = Argument(..., help="Scenario file (YAML); - reads it from standard input."),
    format: OutputFormat = Option(OutputFormat.rich, "--format", "-f",
                                        help="rich (terminal), json, md (a write-up for posting) or html (a "
                                             "standalone page)."),
    edition: Optional[str] = Option(None, "--edition", "-e", help="Rules edition for citations "
                                                                         "(default: the scenario's, else the user's)."),
    seed: Optional[int] = Option(None, "--seed", help="Override the scenario's seed."),
    view: Optional[str] = Option(None, "--view", help="Show the ruling as this player (or `spectator`) may see "
                                                       "it: hidden cards shown as hidden; default: the judge's "
                                                       "full view."),
) -> None:
    """Run a scenario and print the ruling: cited trace, resulting board, verdict."""
    from judgekit.ruling import holds, ruling, run_scenario, scenario_warnings
    from judgekit.scenario.yaml_lines import InputError

    book = rulebook_for(edition)
    try:
        built = build_scenario(file, book)
        result = run_scenario(built, seed)
    except InputError as error:
        fail_input(error.problems)
    data = ruling(built, result, book, edition)
    for warning in scenario_warnings(built, data):
        say_error(f"warning: {warning}")
    before = None
    if view is not None and view.casefold() != "judge":
        data, before = _as_seen_by(view, data, result, book, edition or built.edition, built.file)
    if before is None and format in (OutputFormat.html, OutputFormat.md):
        from judgekit.ruling import board
        before = board(result.initial)
    if format is OutputFormat.json:
        sys.stdout.write(to_json(data))
    elif format is OutputFormat.html:
        from judgekit.render.html import ruling_page
        from judgekit.site.layout import stylesheet
        sys.stdout.write(ruling_page(data, before, lambda i: book.get(i).text if i in book.entries else None,
                                     stylesheet()))
    elif format is OutputFormat.md:
        from judgekit.render.markdown import render_markdown
        notes = {c.held_by: c.note for c in built.scenario.contested if c.note}
        sys.stdout.write(render_markdown(data, before, book, notes))
    else:
        from judgekit.render.console import render
        render(data, make_writer())
    if not holds(data):
        raise Exit(FAILED)


def _as_seen_by(viewer: str, data: dict, result, book, edition: str, file: str) -> tuple[dict, dict]:
    """The ruling and the board before it as `viewer` may see them (judgekit/views.py), a player named in any case;
    exit 2 for no such viewer."""
    from judgekit.echo import shown
    from judgekit.ruling import board, citation
    from judgekit.views import view, viewers

    known = viewers(data)
    named = [name for name in known if name.casefold() == viewer.casefold()]  # `Bob`, as `ask` takes it
    if viewer not in known and len(named) == 1:
        viewer = named[0]
    if viewer not in known:
        say_error(f"{file}: --view {shown(viewer)}: no such player in this scenario; give one of "
                  f"{', '.join(known)} (or judge, the full view)")
        raise Exit(BAD_INPUT)
    return view(data, board(result.initial), viewer, lambda rule: citation(book, rule, edition))


@command()
def validate(files: List[Path] = Argument(..., help="Scenario files or folders (searched as `check` searches "
                                                          "them) to check; - reads one from standard input.")) -> None:
    """Check scenario files without running them; list every problem with file, line and field."""
    from judgekit.echo import shown
    from judgekit.scenario.yaml_lines import InputError

    book = rulebook_for(None)
    problems, crashed = [], []
    for file in _with_folders_searched(files):
        try:
            built = build_scenario(file, book)
        except InputError as error:
            problems += error.problems
        except Exception as error:  # one file's crash is that file's result; the others are still checked
            crashed.append(f"{file}: internal error: judgekit failed on this file ({type(error).__name__}: "
                           f"{shown(str(error))}); please report it with the file")
        else:
            sys.stdout.write(f"{file}: ok\n")
            for warning in built.author_warnings:  # what it defines that cannot work as meant: still ok
                say_error(f"warning: {warning}")
    for line in crashed:
        say_error(line)
    if crashed:
        for problem in problems:
            say_error(problem.render())
        raise Exit(EXIT.INTERNAL_ERROR)
    if problems:
        fail_input(problems)


def _with_folders_searched(files: List[Path]) -> List[Path]:
    """The files as given, each folder replaced by the scenario files found under it (judgekit.corpus.discover)
    that were not named or found before; exit 5 when there is nothing to validate."""
    from judgekit.corpus.discover import collect, misspelt_note
    from judgekit.echo import shown

    out, seen = [], set()  # a file a folder search finds is skipped when it was named, or found, already
    for file in files:
        if str(file) == "-" or not file.is_dir():
            out.append(file)
            seen.add(os.path.realpath(file))
            continue
        collection = collect([file])
        for path, key in collection.misspelt:
            say_error(misspelt_note(path, key))
        under = collection.files
        if not under:
            say_error(f"no scenario files under {shown(str(file))}")
        found = [path for path in under if os.path.realpath(path) not in seen]
        seen.update(os.path.realpath(path) for path in found)
        out += found
    if not out:
        raise Exit(EXIT.NOTHING_SELECTED)
    return out


@command()
def schema(
    output: Optional[Path] = Option(None, "--output", "-o", help="Write the schema to this file "
                                          "(for an editor in your own repository); default: print it."),
) -> None:
    """Print (or write) the JSON Schema of the scenario format, for editors (see docs/scenario-format.md)."""
    from judgekit.scenario.model import json_schema
    text = to_json(json_schema())
    if output is None:
        sys.stdout.write(text)
        return
    try:
        output.parent.mkdir(parents=True, exist_ok=True)  # `-o .judgekit/scenario.schema.json` in a new checkout
        output.write_text(text, encoding="utf-8")
    except OSError as error:
        say_error(f"{output}: cannot write the schema: {error.strerror or error}")
        raise Exit(BAD_INPUT)
    sys.stdout.write(f"wrote the scenario schema to {output}\n")
