"""What every judgekit command shares: the output format option, consoles, errors, the rulebook."""
from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path

from judgekit.cli.commands import Exit
from judgekit.exitcodes import BAD_INPUT


class OutputFormat(str, Enum):
    rich = "rich"
    json = "json"
    md = "md"
    html = "html"


RICH_OR_JSON = "<rich|json>"  # the help of a command that writes neither Markdown nor HTML offers only these
_NAMES = {"rich": "terminal (rich)", "json": "JSON", "md": "Markdown", "html": "HTML"}
STDIN = "-"


def refuse_formats(format: OutputFormat, command: str, *supported: str) -> None:
    """-f/--format means the same everywhere; a command that cannot write a format says so (exit 2)."""
    if format.value not in supported:
        say_error(f"`judgekit {command}` has no {_NAMES[format.value]} output; it writes "
                  f"{' or '.join(supported)} (-f {'|'.join(supported)})")
        raise Exit(BAD_INPUT)


def refuse_markdown(format: OutputFormat, command: str) -> None:
    refuse_formats(format, command, "rich", "json")


def build_scenario(file: Path, book):
    """Build a scenario file, or standard input when the file is `-` (its errors then name `<stdin>`)."""
    from judgekit.scenario.build import build, build_file
    from judgekit.scenario.yaml_lines import MAX_BYTES, InputError, Problem, decode_input

    if str(file) != STDIN:
        return build_file(file, book)
    try:
        data = sys.stdin.buffer.read(MAX_BYTES + 1)
    except OSError as error:
        raise InputError([Problem("<stdin>", None, "", f"cannot read standard input: {error}")]) from None
    text = decode_input(data, "<stdin>")
    return build(text, "<stdin>", book)


def make_console(stderr: bool = False):
    from rich.console import Console

    class JudgekitConsole(Console):
        def on_broken_pipe(self) -> None:
            """Rich would exit 1; a reader that stopped reading (`| head`) is not an error (judgekit.cli)."""
            raise BrokenPipeError

    return JudgekitConsole(stderr=stderr, highlight=False, soft_wrap=False)


def make_writer():
    """Where a command prints styled text: plainly where rich would print it plain, else with rich."""
    from judgekit.render.styled import Writer
    return Writer(make_console)


def say_error(message: str) -> None:
    """One plain line on stderr (never wrapped, so it can be grepped)."""
    sys.stderr.write(message + "\n")


def fail_input(problems) -> None:
    for problem in problems:
        sys.stderr.write(problem.render() + "\n")
    raise Exit(BAD_INPUT)


def rulebook_for(edition: str | None):
    from judgekit.resources import MissingData
    from judgekit.rules.book import load_rulebook
    from judgekit.rules.edition_setting import EditionSettingError
    try:
        book = load_rulebook()
    except (MissingData, EditionSettingError) as error:
        say_error(str(error))
        raise Exit(BAD_INPUT)
    if edition is not None and edition not in book.editions:
        from judgekit.echo import shown
        say_error(f"unknown edition {shown(edition)}; known editions: {', '.join(sorted(book.editions))}")
        raise Exit(BAD_INPUT)
    return book


def edition_of_paths(book, paths) -> str:
    """The edition a command given corpus paths reads rule numbers in and shows them in, without `--edition`: the
    paths' own, as their scenarios are read (judgekit/rules/edition_setting.py); exit 2 when they differ."""
    from judgekit.rules.edition_setting import EditionSettingError
    try:
        found = {str(path): book.edition_at(path) for path in paths}
    except EditionSettingError as error:
        say_error(str(error))
        raise Exit(BAD_INPUT)
    if len(set(found.values())) > 1:
        said = "; ".join(f"{path}: {name}" for path, name in found.items())
        say_error(f"the paths are read in different editions ({said}); choose one with --edition")
        raise Exit(BAD_INPUT)
    return next(iter(found.values()))


def to_json(data) -> str:
    import json
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def plain_to_json(data) -> str:
    """`to_json` of plain data (the check report), by `golden.indented_json` where it can (the same text)."""
    from judgekit.corpus.golden import indented_json
    fast = indented_json(data)
    return fast.decode("utf-8") + "\n" if fast is not None else to_json(data)
