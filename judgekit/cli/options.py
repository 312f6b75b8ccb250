"""`judgekit options`: every action the players may take at a point of a scenario, and those they may not."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

from judgekit.cli.commands import Argument, Option, command
from judgekit.cli.common import OutputFormat, build_scenario, fail_input, make_console, rulebook_for, to_json


@command()
def options(
    file: Path = Argument(..., help="Scenario file (YAML); - reads it from standard input."),
    after: Optional[int] = Option(None, "--after", "-a", help="The point after this many of its actions "
                                                               "(default: after all of them)."),
    format: OutputFormat = Option(OutputFormat.rich, "--format", "-f",
                                  help="rich (terminal), json, or md (a write-up for posting)."),
    edition: Optional[str] = Option(None, "--edition", "-e", help="Rules edition for citations "
                                                                  "(default: the scenario's, else the user's)."),
) -> None:
    """What may be done next: each action the players may take, and each they may not with the rule that forbids it."""
    from judgekit.options import list_options
    from judgekit.scenario.yaml_lines import InputError

    book = rulebook_for(edition)
    try:
        listing = list_options(build_scenario(file, book), after, edition)
    except InputError as error:
        fail_input(error.problems)
    data = listing.as_dict(book)
    if format is OutputFormat.json:
        sys.stdout.write(to_json(data))
    elif format is OutputFormat.md:
        from judgekit.render.options import render_markdown
        sys.stdout.write(render_markdown(data, str(file)))
    else:
        from judgekit.render.options import render_rich
        render_rich(data, str(file), make_console())
