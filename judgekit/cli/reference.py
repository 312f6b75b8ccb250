"""The rules reference: rule, search, term(s), and `rules import|diff|check`."""
from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import List, Optional

from judgekit.cli.commands import Argument, Exit, Option, command
from judgekit.cli.common import (RICH_OR_JSON, OutputFormat, make_console, make_writer, refuse_formats,
                                 refuse_markdown, rulebook_for, say_error, to_json, edition_of_paths)
from judgekit.exitcodes import BAD_INPUT, FAILED
from judgekit.echo import SUGGEST_LIMIT, shown


@command()
def rule(
    number: str = Argument(..., help="Rule number in the chosen edition (e.g. 4.4.1, CR 4.4.1), a rule id, or a "
                                     "keyword or term (BLOCKER, Lag; quote one of several words)."),
    edition: Optional[str] = Option(None, "--edition", "-e", help="Rules edition (default: the user's)."),
    format: OutputFormat = Option(OutputFormat.rich, "--format", "-f"),
    official: bool = Option(False, "--official", help="Also show the imported official wording."),
    used_by: bool = Option(False, "--used-by", help="What rests on the rule instead: the shipped cards and FAQ "
                           "rulings citing it, and the scenarios and recorded rulings under PATH."),
    paths: List[Path] = Argument(None, help="With --used-by: corpus folders or scenario files to look through."),
) -> None:
    """Show a rule in our words: its place, sub-rules, and the rules it refers to and is referred to by."""
    refuse_formats(format, "rule", "rich", "json", "md")
    from judgekit.render.rule import render_official, render_rule, rule_data

    if paths and not used_by:
        say_error("paths after the rule number are read only with --used-by")
        raise Exit(BAD_INPUT)

    book = rulebook_for(edition)
    edition = edition or (edition_of_paths(book, paths) if used_by and paths else book.default_edition)
    entry = book.resolve(number, edition) or _named(book, number, edition)
    if entry is None:
        near = book.nearest(number, edition) if len(number) <= SUGGEST_LIMIT else []
        hint = f"; nearest: {', '.join(near)}" if near else ""
        elsewhere = [(name, found) for name in sorted(book.editions) if name != edition
                     for found in [book.find(number, name)] if found is not None]
        hint += "".join(f"; in edition {name} it is {_called(book, found, name, edition)}" for name, found in elsewhere)
        say_error(f"no rule {shown(number)[1:-1]} in edition {edition}{hint}")
        raise Exit(2)
    if used_by:
        _show_used_by(book, entry, edition, paths or [], format)
        return
    data = rule_data(book, entry, edition)
    official_texts = []
    if official:
        editions, unusable = _all_editions(book)
        official_texts = [text for e in [entry] + book.children(entry.id) for text in _official_for(book, e, editions)]
        if unusable and not editions:
            raise Exit(BAD_INPUT)  # the only imported editions cannot be used (each was named)
    if official and not official_texts:
        say_error("no official text imported yet: run `judgekit rules import FILE`")
        raise Exit(2)
    if format is OutputFormat.json:
        if official:
            data["official"] = official_texts
        sys.stdout.write(to_json(data))
    elif format is OutputFormat.md:
        from judgekit.render.markdown import rule_markdown
        sys.stdout.write(rule_markdown(data))
        for text in official_texts:
            sys.stdout.write(f"\n**Official wording ({text['edition']}, {text['number']}).** {text['text']}\n")
    else:
        writer = make_writer()
        render_rule(book, entry, edition, writer)
        if official:
            render_official(official_texts, writer)


def _called(book, entry, other: str, edition: str) -> str:
    """A rule found in another edition as a hint names it: its title (a sub-rule's is its parent's), the flag
    that selects that edition, and its number in `edition`."""
    number, confirmed = book.number(entry.id, edition)
    title = entry.title or book.short_title(entry.id)
    return f"{title} (`--edition {other}`), {number}{'' if confirmed else '?'} in edition {edition}"


def _named(book, written: str, edition: str):
    """A rule asked for as people write it: "CR 9.23", "§9.23", "9.23.2." (a trailing dot), or a glossary term
    or keyword in any case, with hyphens for spaces ("BLOCKER", "[Blocker]", "lag", "GO-SOLO")."""
    plain = " ".join(written.strip().split())
    number = re.sub(r"^(?:cr|rule|§)\s*", "", plain, flags=re.IGNORECASE).rstrip(".")
    entry = book.find(number, edition) if number != plain else None
    if entry is not None:
        return entry
    term = plain.casefold().strip("[]")
    if term not in book.terms and f"[{term}]" not in book.terms:
        term = term.replace("-", " ")
    rule_id = book.terms.get(term) or book.terms.get(f"[{term}]")
    return book.entries.get(rule_id) if rule_id else None


def _show_used_by(book, entry, edition: str, paths: list[Path], format: OutputFormat) -> None:
    """`rule N --used-by [PATH...]`: cards, FAQ rulings, and a corpus's scenarios and recorded rulings."""
    from judgekit.corpus.used_by import family, read_corpus, shipped_users
    from judgekit.render.rule import cite_data

    refuse_markdown(format, "rule --used-by")
    for path in paths:
        if not path.exists():
            say_error(f"{path}: no such file or folder")
            raise Exit(BAD_INPUT)
    corpus = read_corpus(book, paths) if paths else None
    rules = family(book, entry.id)  # the rule with its sub-rules
    data = {"rule": cite_data(book, entry.id, edition), **shipped_users(book, rules),
            "scenarios": [], "recorded_rulings": [], "problems": corpus.problems if corpus else []}
    for citing in corpus.files if corpus else ():
        if rules & citing.rules:
            key = "scenarios" if citing.kind == "scenario" else "recorded_rulings"
            data[key].append({"file": str(citing.file), "title": citing.title})
    if format is OutputFormat.json:
        sys.stdout.write(to_json(data))
        return
    rule = data["rule"]
    out = [f"{rule['number']}{'' if rule['confirmed'] else '?'} {rule['title']} (with its sub-rules) is used by:"]
    sections = [("cards whose shipped effects rest on it", [c["card"] for c in data["cards"]]),
                ("FAQ rulings whose scenarios cite it", [f"{r['ref']}: {r['title']}" for r in data["rulings"]])]
    if paths:
        sections += [("scenarios citing it", [f"{s['file']}: {s['title']}" for s in data["scenarios"]]),
                     ("recorded rulings citing it", [r["file"] for r in data["recorded_rulings"]])]
    for heading, items in sections:
        out.append(f"  {heading} ({len(items)})" + (":" if items else ""))
        out += [f"    {item}" for item in items]
    for problem in data["problems"]:
        out.append(f"  {problem}")
    sys.stdout.write("\n".join(out) + "\n")


def _official_for(book, entry, editions: dict) -> list[dict]:
    """The imported official wording of a rule, one item per imported edition that has it."""
    out = []
    for name, data in editions.items():
        number = book.number(entry.id, data["follows"])[0]
        rule = data["rules"].get(number)
        if rule is not None:
            out.append({"edition": name, "number": number, "title": rule.title, "text": rule.text,
                        "examples": rule.examples, "stable_key": rule.stable_key, "anchor": rule.anchor})
    return out


_ONLY = {"rules": "rule", "rule": "rule", "rulings": "ruling", "ruling": "ruling", "cards": "card", "card": "card",
         "terms": "term", "term": "term"}


@command()
def search(
    words: List[str] = Argument(..., help='Words or a question; "quoted phrases" must match as written.'),
    edition: Optional[str] = Option(None, "--edition", "-e", help="Rules edition (default: the user's)."),
    limit: int = Option(10, "--limit", "-n", min=1, help="How many results to show."),
    only: Optional[str] = Option(None, "--only", help="Search only these kinds, comma-separated: "
                                 "rules, rulings, cards, terms (default: all)."),
    format: OutputFormat = Option(OutputFormat.rich, "--format", "-f", metavar=RICH_OR_JSON,
                                  help="rich (terminal) or json."),
) -> None:
    """One search over the rules, glossary terms, the official FAQ's rulings (in our words) and the cards.

    Questions work as asked ("can a unit attack the turn it was played?"); words from other card games
    ("graveyard", "tap") find this game's terms; typos outside the rules' vocabulary are corrected. Each
    result gives its kind, title, matching line and the rules it rests on. Exit status 1 when nothing
    matches, in every format (JSON then prints an empty list).
    """
    refuse_markdown(format, "search")
    from judgekit.render.rule import hit_data, render_hits
    from judgekit.render.styled import Text
    from judgekit.search.documents import KINDS
    from judgekit.search.index import Index

    kinds = KINDS
    if only is not None:
        asked = [k.strip().lower() for k in only.split(",") if k.strip()]
        unknown = [k for k in asked if k not in _ONLY]
        if unknown or not asked:
            say_error(f"--only takes rules, rulings, cards or terms, comma-separated; not {shown(only)}")
            raise Exit(BAD_INPUT)
        kinds = tuple(dict.fromkeys(_ONLY[k] for k in asked))
    book = rulebook_for(edition)
    edition = edition or book.default_edition
    index = Index(book)
    hits = index.search(" ".join(words), limit, kinds, edition)
    if format is OutputFormat.json:
        sys.stdout.write(to_json([hit_data(book, h, edition) for h in hits]))
    elif hits:
        console = make_writer()
        read_as = index.corrections(" ".join(words))
        if read_as:  # not a word of the rules, nor of the table: say what was searched instead
            console.print(Text("searched " + ", ".join(f"{shown(typed)} as {shown(fixed)}" for typed, fixed in read_as)
                               + " (not words of the rules)", style="dim"))
        render_hits(book, hits, edition, console)
    if not hits:
        say_error(f"nothing matches {shown(' '.join(words))}")
        raise Exit(FAILED)


@command()
def term(
    name: List[str] = Argument(..., help="A game term or keyword, e.g. Lag, BLOCKER, friendly."),
    edition: Optional[str] = Option(None, "--edition", "-e"),
    format: OutputFormat = Option(OutputFormat.rich, "--format", "-f"),
) -> None:
    """The glossary entry for a term: the rule that defines it, in our words."""
    refuse_formats(format, "term", "rich", "json", "md")
    import difflib
    from judgekit.render.rule import render_rule, rule_data

    book = rulebook_for(edition)
    edition = edition or book.default_edition
    wanted = " ".join(name).lower().strip()
    terms = book.terms
    rule_id = terms.get(wanted) or terms.get(f"[{wanted}]") or terms.get(wanted.strip("[]"))
    if rule_id is None:
        close = difflib.get_close_matches(wanted, list(terms), n=3, cutoff=0.6) if len(wanted) <= SUGGEST_LIMIT \
            else []
        hint = f"; did you mean {', '.join(close)}?" if close else "; `judgekit terms` lists them all"
        say_error(f"no term {shown(' '.join(name))} in the glossary{hint}")
        raise Exit(2)
    entry = book.get(rule_id)
    if format is OutputFormat.json:
        sys.stdout.write(to_json(rule_data(book, entry, edition)))
    elif format is OutputFormat.md:
        from judgekit.render.markdown import rule_markdown
        sys.stdout.write(rule_markdown(rule_data(book, entry, edition)))
    else:
        render_rule(book, entry, edition, make_writer())


@command()
def terms(
    edition: Optional[str] = Option(None, "--edition", "-e"),
    format: OutputFormat = Option(OutputFormat.rich, "--format", "-f", metavar=RICH_OR_JSON,
                                  help="rich (terminal) or json."),
) -> None:
    """Every game term and keyword, with its defining rule."""
    refuse_markdown(format, "terms")
    book = rulebook_for(edition)
    edition = edition or book.default_edition
    if format is OutputFormat.json:
        data = []
        for term in sorted(book.glossary, key=lambda t: t.term.lower().strip("[]")):
            number, confirmed = book.number(term.rule_id, edition)
            data.append({"term": term.term, "kind": term.kind, "aliases": list(term.aliases),
                         "rule": {"id": term.rule_id, "number": number, "confirmed": confirmed}})
        sys.stdout.write(to_json(data))
        return
    from judgekit.render.rule import render_terms
    render_terms(book, edition, make_console())


def _all_editions(book, needed=()) -> tuple[dict, dict]:
    """The user's imported editions, and those that cannot be used (name -> why). Each unusable one is named on
    stderr; the others are still used, unless one of the `needed` editions is unusable: then exit 2."""
    from judgekit.rules.official import imported_editions
    unusable: dict[str, str] = {}
    editions = imported_editions(set(book.editions), unusable)
    for name, why in unusable.items():
        say_error(why if name in needed else f"warning: edition {name!r} left out: {why}")
    if any(name in unusable for name in needed):
        raise Exit(BAD_INPUT)
    return editions, unusable


@command("import", group="rules")
def rules_import(
    file: Path = Argument(..., help="The official rules document: the publisher's JSON, or its plain-text form."),
    name: Optional[str] = Option(None, "--name", help="Name for the imported edition (default: official-<follows>); "
                                       "letters, digits, '.', '_' and '-'."),
    follows: Optional[str] = Option(None, "--as", help="Which known edition's numbering it uses (default: detected)."),
    force: bool = Option(False, "--force", help="Replace an earlier import of the same name."),
) -> None:
    """Store the publisher's wording locally, to show beside ours (`judgekit rule N --official`)."""
    from judgekit.rules.official import OfficialFormatError, check_name, read_official, store

    book = rulebook_for(follows)
    try:
        if name is not None:
            check_name(name)
        rules = read_official(file)
    except OfficialFormatError as error:
        say_error(str(error))
        raise Exit(BAD_INPUT)
    follows = follows or _detect_numbering(book, rules)
    name = name or f"official-{follows}"
    if name in book.editions:
        say_error(f"{name!r} is a built-in edition; choose another --name")
        raise Exit(BAD_INPUT)
    try:
        path = store(name, rules, follows, str(file), force)
    except FileExistsError as error:
        say_error(f"edition {name!r} is already imported ({error}); pass --force to replace it, "
                  "or --name to keep both")
        raise Exit(BAD_INPUT)
    except OSError as error:
        say_error(f"cannot store edition {name!r}: {error.strerror or error} ({error.filename or ''})")
        raise Exit(BAD_INPUT)
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


@command("diff", group="rules")
def rules_diff(
    edition_a: str = Argument(..., help="The older edition."),
    edition_b: str = Argument(..., help="The newer edition."),
    format: OutputFormat = Option(OutputFormat.rich, "--format", "-f", metavar=RICH_OR_JSON,
                                  help="rich (terminal) or json."),
    impact: Optional[List[Path]] = Option(None, "--impact", help="A corpus (folder or scenario file; repeatable): "
                                          "list its scenarios and recorded rulings citing a rule that changed, "
                                          "moved or was removed."),
) -> None:
    """What moved, was renumbered, changed text, was added or removed between two editions."""
    refuse_markdown(format, "rules diff")
    from dataclasses import asdict
    from judgekit.rules.diff import diff

    book = rulebook_for(None)
    imported, _ = _all_editions(book, needed=(edition_a, edition_b))
    for name in (edition_a, edition_b):
        if name not in book.editions and name not in imported:
            known = sorted(set(book.editions) | set(imported))
            say_error(f"unknown edition {shown(name)}; known: {', '.join(known)}")
            raise Exit(2)
    changes = diff(book, edition_a, edition_b, imported)
    if impact:
        _show_impact(book, changes, edition_a, edition_b, imported, impact, format)
        return
    if format is OutputFormat.json:
        sys.stdout.write(to_json([asdict(c) for c in changes]))
        return
    from judgekit.render.rule import render_diff
    render_diff(changes, edition_a, edition_b, make_writer())
    builtin = [name for name in (edition_a, edition_b) if name in book.editions]
    if len(builtin) == 1:
        sys.stdout.write(f"(edition {builtin[0]} is judgekit's, in its own words: its numbering is compared, "
                         "not its wording)\n")


def _show_impact(book, changes, edition_a: str, edition_b: str, imported: dict, paths: list[Path],
                 format: OutputFormat) -> None:
    """`rules diff A B --impact PATH`: the corpus's files citing a rule the new edition touches."""
    from judgekit.corpus import used_by

    for path in paths:
        if not path.exists():
            say_error(f"{path}: no such file or folder")
            raise Exit(BAD_INPUT)
    corpus = used_by.read_corpus(book, paths)
    found = used_by.impact(book, changes, edition_a, imported, corpus)
    if format is OutputFormat.json:
        from dataclasses import asdict
        sys.stdout.write(to_json({"changes": [asdict(c) for c in changes], "impact": found,
                                  "problems": corpus.problems}))
        return
    touched = sum(c.kind in used_by.TOUCHING for c in changes)
    out = [f"{len(found)} of {len(corpus.files)} files (scenarios and recorded rulings) cite one of the {touched} rules "
           f"renumbered, moved, changed or removed from {edition_a} to {edition_b}:"]
    for item in found:
        rules = ", ".join(f"{r['old'] or '?'}" + (f" -> {r['new']}" if r["new"] and r["new"] != r["old"] else "")
                          + f" ({'/'.join(r['changes'])})" for r in item["rules"])
        out.append(f"  {item['file']}: {rules}")
    out += [f"  {p}" for p in corpus.problems]
    sys.stdout.write("\n".join(out) + "\n")


@command("check", group="rules")
def rules_check(
    files: List[Path] = Argument(..., help="Scenario files or text files (a written ruling)."),
    edition: Optional[str] = Option(None, "--edition", "-e", help="Edition the numbers are meant in."),
) -> None:
    """Every rule number cited in the files exists in the edition; stale ones get the likely intended rule."""
    from judgekit.rules.citations import check_file

    book = rulebook_for(edition)
    bad = 0
    for file in files:
        try:
            found = check_file(book, file, edition or edition_of_paths(book, [file]))
        except (OSError, ValueError) as error:  # ValueError: undecodable text, or a scenario that is not YAML
            say_error(f"{file}: cannot read the file: {error}")
            raise Exit(2)
        for c in found:
            if c.ok:
                note = f"; {c.hint}" if c.hint else ""
                sys.stdout.write(f"{c.file}:{c.line}: {c.number} ok ({c.title}){note}\n")
            else:
                bad += 1
                sys.stdout.write(f"{c.file}:{c.line}: {c.number} not in edition {c.edition}: {c.hint}\n")
    if bad:
        raise Exit(1)
