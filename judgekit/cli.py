"""The judgekit command line: a thin layer over the engine, the scenario format and the rulebook.

Exit status: 0 ruling given (and every expectation held), 1 an expectation failed, 2 bad input.
Imports are made inside each command, so looking up a rule never loads the engine.
"""
from __future__ import annotations

import json
import sys
from enum import Enum
from pathlib import Path
from typing import List, Optional

import typer

app = typer.Typer(help="judgekit: rulings for the Cyberpunk TCG, with every rule cited.",
                  no_args_is_help=True, add_completion=False, rich_markup_mode=None,
                  pretty_exceptions_show_locals=False)


rules_app = typer.Typer(help="The rules themselves: import the official text, diff editions, check citations.",
                        no_args_is_help=True)
app.add_typer(rules_app, name="rules")


class OutputFormat(str, Enum):
    rich = "rich"
    json = "json"


def _console(stderr: bool = False):
    from rich.console import Console
    return Console(stderr=stderr, highlight=False, soft_wrap=False)


def _error(message: str) -> None:
    """One plain line on stderr (never wrapped, so it can be grepped)."""
    sys.stderr.write(message + "\n")


def _fail_input(problems) -> None:
    for problem in problems:
        sys.stderr.write(problem.render() + "\n")
    raise typer.Exit(2)


def _book_and_edition(edition: str | None):
    from judgekit.rules.book import load_rulebook
    book = load_rulebook()
    if edition is not None and edition not in book.editions:
        _error(f"unknown edition {edition!r}; known editions: {', '.join(sorted(book.editions))}")
        raise typer.Exit(2)
    return book


def _dump(data) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


@app.command()
def run(
    file: Path = typer.Argument(..., help="Scenario file (YAML)."),
    format: OutputFormat = typer.Option(OutputFormat.rich, "--format", "-f", help="rich (terminal) or json."),
    edition: Optional[str] = typer.Option(None, "--edition", "-e", help="Rules edition for citations "
                                                                         "(default: the scenario's, else the user's)."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Override the scenario's seed."),
) -> None:
    """Run a scenario and print the ruling: cited trace, resulting board, verdict."""
    from judgekit.ruling import holds, ruling, run_scenario
    from judgekit.scenario.build import build_file
    from judgekit.scenario.yaml_lines import InputError

    book = _book_and_edition(edition)
    try:
        built = build_file(file, book)
        result = run_scenario(built, seed)
    except InputError as error:
        _fail_input(error.problems)
    data = ruling(built, result, book, edition)
    if format is OutputFormat.json:
        sys.stdout.write(_dump(data))
    else:
        from judgekit.render.console import render
        render(data, _console())
    if not holds(data):
        raise typer.Exit(1)


@app.command()
def validate(files: List[Path] = typer.Argument(..., help="Scenario files to check.")) -> None:
    """Check scenario files without running them; list every problem with file, line and field."""
    from judgekit.rules.book import load_rulebook
    from judgekit.scenario.build import build_file
    from judgekit.scenario.yaml_lines import InputError

    book = load_rulebook()
    problems = []
    for file in files:
        try:
            build_file(file, book)
        except InputError as error:
            problems += error.problems
        else:
            sys.stdout.write(f"{file}: ok\n")
    if problems:
        _fail_input(problems)


@app.command()
def schema() -> None:
    """Print the JSON Schema of the scenario format."""
    from judgekit.scenario.model import json_schema
    sys.stdout.write(_dump(json_schema()))


@app.command()
def rule(
    number: str = typer.Argument(..., help="Rule number in the chosen edition (e.g. 4.4.1), or a rule id."),
    edition: Optional[str] = typer.Option(None, "--edition", "-e", help="Rules edition (default: the user's)."),
    format: OutputFormat = typer.Option(OutputFormat.rich, "--format", "-f"),
    official: bool = typer.Option(False, "--official", help="Also show the imported official wording."),
) -> None:
    """Show a rule in our words: its place, sub-rules, and the rules it refers to and is referred to by."""
    from judgekit.render.rule import render_official, render_rule, rule_data

    book = _book_and_edition(edition)
    edition = edition or book.default_edition
    entry = book.resolve(number, edition)
    if entry is None:
        near = book.nearest(number, edition)
        hint = f"; nearest: {', '.join(near)}" if near else ""
        _error(f"no rule {number} in edition {edition}{hint}")
        raise typer.Exit(2)
    data = rule_data(book, entry, edition)
    official_texts = _official_for(book, entry) if official else []
    if official and not official_texts:
        _error("no official text imported yet: run `judgekit rules import FILE`")
        raise typer.Exit(2)
    if format is OutputFormat.json:
        if official:
            data["official"] = official_texts
        sys.stdout.write(_dump(data))
    else:
        render_rule(book, entry, edition, _console())
        if official:
            render_official(official_texts, _console())


def _official_for(book, entry) -> list[dict]:
    """The imported official wording of a rule, one item per imported edition that has it."""
    out = []
    for name, data in _all_editions(book).items():
        number = book.number(entry.id, data["follows"])[0]
        rule = data["rules"].get(number)
        if rule is not None:
            out.append({"edition": name, "number": number, "title": rule.title, "text": rule.text,
                        "examples": rule.examples})
    return out


@app.command()
def search(
    words: List[str] = typer.Argument(..., help='Words to look for; "quoted phrases" must match as written.'),
    edition: Optional[str] = typer.Option(None, "--edition", "-e", help="Rules edition (default: the user's)."),
    limit: int = typer.Option(10, "--limit", "-n", min=1, help="How many rules to show."),
    format: OutputFormat = typer.Option(OutputFormat.rich, "--format", "-f"),
) -> None:
    """Ranked full-text search over the rules; a keyword or term lands first on its defining rule."""
    from judgekit.render.rule import hit_data, render_hits
    from judgekit.rules.search import Index

    book = _book_and_edition(edition)
    edition = edition or book.default_edition
    hits = Index(book).search(" ".join(words), limit)
    if format is OutputFormat.json:
        sys.stdout.write(_dump([hit_data(book, h, edition) for h in hits]))
    elif not hits:
        _error(f"no rule matches {' '.join(words)!r}")
        raise typer.Exit(1)
    else:
        render_hits(book, hits, edition, _console())


@app.command()
def term(
    name: List[str] = typer.Argument(..., help="A game term or keyword, e.g. Lag, BLOCKER, friendly."),
    edition: Optional[str] = typer.Option(None, "--edition", "-e"),
    format: OutputFormat = typer.Option(OutputFormat.rich, "--format", "-f"),
) -> None:
    """The glossary entry for a term: the rule that defines it, in our words."""
    import difflib
    from judgekit.render.rule import render_rule, rule_data

    book = _book_and_edition(edition)
    edition = edition or book.default_edition
    wanted = " ".join(name).lower().strip()
    terms = book.terms
    rule_id = terms.get(wanted) or terms.get(f"[{wanted}]") or terms.get(wanted.strip("[]"))
    if rule_id is None:
        close = difflib.get_close_matches(wanted, list(terms), n=3, cutoff=0.6)
        hint = f"; did you mean {', '.join(close)}?" if close else "; `judgekit terms` lists them all"
        _error(f"no term {' '.join(name)!r} in the glossary{hint}")
        raise typer.Exit(2)
    entry = book.get(rule_id)
    if format is OutputFormat.json:
        sys.stdout.write(_dump(rule_data(book, entry, edition)))
    else:
        render_rule(book, entry, edition, _console())


@app.command()
def terms(edition: Optional[str] = typer.Option(None, "--edition", "-e")) -> None:
    """Every game term and keyword, with its defining rule."""
    from judgekit.render.rule import render_terms

    book = _book_and_edition(edition)
    render_terms(book, edition or book.default_edition, _console())


def _all_editions(book) -> dict:
    from judgekit.rules.official import imported_editions
    return imported_editions()


@rules_app.command("import")
def rules_import(
    file: Path = typer.Argument(..., help="The official rules document: its JSON, or its plain-text form."),
    name: Optional[str] = typer.Option(None, "--name", help="Name for the imported edition (default: official-<follows>)."),
    follows: Optional[str] = typer.Option(None, "--as", help="Which known edition's numbering it uses (default: detected)."),
) -> None:
    """Store the publisher's wording locally, to show beside ours (`judgekit rule N --official`)."""
    from judgekit.rules.official import OfficialFormatError, read_official, store

    book = _book_and_edition(follows)
    try:
        rules = read_official(file)
    except OfficialFormatError as error:
        _error(str(error))
        raise typer.Exit(2)
    follows = follows or _detect_numbering(book, rules)
    name = name or f"official-{follows}"
    if name in book.editions:
        _error(f"{name!r} is a built-in edition; choose another --name")
        raise typer.Exit(2)
    path = store(name, rules, follows, str(file))
    known = sum(1 for r in rules if book.find(r.number, follows))
    sys.stdout.write(f"imported {len(rules)} rules as edition {name!r} (numbered like {follows}; "
                     f"{known} match judgekit's rules) into {path}\n")


def _detect_numbering(book, rules) -> str:
    """The known edition whose numbers carry the same titles as the document's headings."""
    def score(edition: str) -> int:
        hits = 0
        for rule in rules:
            entry = book.find(rule.number, edition) if rule.title else None
            if entry is not None and entry.title and entry.title.lower() in rule.title.lower():
                hits += 1
        return hits
    return max(sorted(book.editions), key=score)


@rules_app.command("diff")
def rules_diff(
    edition_a: str = typer.Argument(..., help="The older edition."),
    edition_b: str = typer.Argument(..., help="The newer edition."),
    format: OutputFormat = typer.Option(OutputFormat.rich, "--format", "-f"),
) -> None:
    """What moved, was renumbered, changed text, was added or removed between two editions."""
    from dataclasses import asdict
    from judgekit.rules.diff import diff

    book = _book_and_edition(None)
    imported = _all_editions(book)
    for name in (edition_a, edition_b):
        if name not in book.editions and name not in imported:
            known = sorted(set(book.editions) | set(imported))
            _error(f"unknown edition {name!r}; known: {', '.join(known)}")
            raise typer.Exit(2)
    changes = diff(book, edition_a, edition_b, imported)
    if format is OutputFormat.json:
        sys.stdout.write(_dump([asdict(c) for c in changes]))
        return
    from judgekit.render.rule import render_diff
    render_diff(changes, edition_a, edition_b, _console())


@rules_app.command("check")
def rules_check(
    files: List[Path] = typer.Argument(..., help="Scenario files or text files (a written ruling)."),
    edition: Optional[str] = typer.Option(None, "--edition", "-e", help="Edition the numbers are meant in."),
) -> None:
    """Every rule number cited in the files exists in the edition; stale ones get the likely intended rule."""
    from judgekit.rules.citations import check_file

    book = _book_and_edition(edition)
    edition = edition or book.default_edition
    bad = 0
    for file in files:
        try:
            found = check_file(book, file, edition)
        except (OSError, UnicodeDecodeError) as error:
            _error(f"{file}: cannot read the file: {error}")
            raise typer.Exit(2)
        for c in found:
            if c.ok:
                note = f"; {c.hint}" if c.hint else ""
                sys.stdout.write(f"{c.file}:{c.line}: {c.number} ok ({c.title}){note}\n")
            else:
                bad += 1
                sys.stdout.write(f"{c.file}:{c.line}: {c.number} not in edition {edition}: {c.hint}\n")
    if bad:
        raise typer.Exit(1)


def main() -> None:
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
