"""The publisher's own rules text, imported by the user at run time and kept outside the repo.

`judgekit rules import FILE` reads the official document (judgekit.rules.official_document) and stores it
under $JUDGEKIT_HOME/editions/ (default ~/.local/share/judgekit/editions/). Nothing official is shipped
with judgekit.

Stored editions are regular files in the editions folder: a symbolic link, named pipe or other file there is
never followed or waited on (reading it names the file as unusable; `--force` replaces the link itself).
"""
from __future__ import annotations

import json
import os
import re
from dataclasses import asdict
from pathlib import Path

from judgekit.rules.official_document import (MAX_BYTES, MAX_RULES, MIN_RULES, NUMBER,  # noqa: F401  (re-exported)
                                              OfficialFormatError, OfficialRule, check_rulebook, parse_json,
                                              parse_publisher, parse_text, read_official)

NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")


class StoredEditionError(ValueError):
    """An imported edition in the user's editions folder that cannot be used; names the file."""


def home() -> Path:
    return Path(os.environ.get("JUDGEKIT_HOME") or Path.home() / ".local" / "share" / "judgekit")


def editions_folder() -> Path:
    return home() / "editions"


def check_name(name: str) -> str:
    """An edition name is a plain file name: letters, digits, `.`, `_`, `-`, no path, at most 64."""
    if not NAME.match(name) or ".." in name:
        raise OfficialFormatError(f"edition name {name[:80]!r} is not allowed: use letters, digits, '.', '_' "
                                  "and '-' (at most 64, no '/' or '..')")
    return name


def stored_path(name: str) -> Path:
    """Where edition `name` is stored: a plain name inside the editions folder (the name itself is never
    resolved: a stored file that is a link is replaced, not followed)."""
    return editions_folder() / f"{check_name(name)}.json"


def store(name: str, rules: list[OfficialRule], follows: str, source: str, force: bool = False) -> Path:
    """Save an imported document as edition `name`, numbered like the known edition `follows`.

    An earlier import of the same name is replaced only with `force`; the file is written whole
    and then moved into place, so a stored edition is never half-written.
    """
    import uuid

    path = stored_path(name)
    if os.path.lexists(path) and not force:
        raise FileExistsError(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{uuid.uuid4().hex[:12]}.tmp")
    body = json.dumps({"name": name, "follows": follows, "source": source, "rules": [asdict(r) for r in rules]},
                      ensure_ascii=False, indent=1).encode("utf-8")
    try:  # a new file of our own (never through a link planted under the temporary's name), renamed over
        fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
        with os.fdopen(fd, "wb") as out:
            out.write(body)
        os.replace(partial, path)  # replaces a link at `path` itself, never the file it points to
    finally:
        partial.unlink(missing_ok=True)
    return path


def _stored_rule(data) -> OfficialRule:
    """One stored rule, its fields checked: text where text belongs, a list of texts for examples."""
    rule = OfficialRule(**data)
    texts = [rule.number, rule.text] + [v for v in (rule.title, rule.stable_key, rule.anchor) if v is not None]
    if not all(isinstance(v, str) for v in texts) or not NUMBER.match(rule.number) \
            or not isinstance(rule.examples, list) or not all(isinstance(e, str) for e in rule.examples):
        raise ValueError(f"rule {str(rule.number)[:20]!r} has a field of the wrong type")
    return rule


def _read_stored(path: Path) -> str:
    """A stored edition's text: only a regular file, never through a link, never waiting on a pipe."""
    import stat

    from judgekit.files import read_at_most

    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError("not a regular file")
        blob = read_at_most(handle, 8 * MAX_BYTES)  # our JSON of the largest document judgekit imports
    if len(blob) > 8 * MAX_BYTES:
        raise OSError("larger than any edition judgekit stores")
    return blob.decode("utf-8")


def _load_stored(path: Path, known: set[str] | None) -> tuple[str, dict]:
    try:
        data = json.loads(_read_stored(path))
    except OSError as error:
        why = "a symbolic link" if os.path.islink(path) else error.strerror or error
        raise StoredEditionError(f"{path}: cannot read this stored edition ({why}); "
                                 "import it again with `judgekit rules import FILE --force`") from None
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise StoredEditionError(f"{path}: cannot read this stored edition ({error}); "
                                 "import it again with `judgekit rules import FILE --force`") from None
    problem = None
    if not isinstance(data, dict) or not isinstance(data.get("rules"), list):
        problem = "it has no list of rules"
    elif not isinstance(data.get("follows"), str):
        problem = "it does not say which edition's numbering it follows"
    elif known is not None and data["follows"] not in known:
        problem = f"it follows edition {data['follows']!r}, which judgekit does not know " \
                  f"(known: {', '.join(sorted(known))})"
    if problem is None:
        try:
            rules = {rule.number: rule for rule in map(_stored_rule, data["rules"])}
        except (KeyError, TypeError, ValueError) as error:
            problem = f"a rule in it is malformed ({error})"
    if problem is not None:
        raise StoredEditionError(f"{path}: stored edition cannot be used: {problem}; "
                                 "import it again with `judgekit rules import FILE --force`")
    return path.stem, {"follows": data["follows"], "source": str(data.get("source", "")), "rules": rules}


def imported_editions(known: set[str] | None = None, unusable: dict[str, str] | None = None) -> dict[str, dict]:
    """Every imported edition: name -> {follows, source, rules: {number: OfficialRule}}.

    A stored file that cannot be read, or that follows an edition not in `known`, raises
    StoredEditionError naming the file; or, given `unusable`, is left out and recorded there
    (name -> the message), so one damaged edition does not stop the others being used.
    """
    folder = editions_folder()
    out = {}
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else ():
        try:
            name, data = _load_stored(path, known)
        except StoredEditionError as error:
            if unusable is None:
                raise
            unusable[path.stem] = str(error)
            continue
        out[name] = data
    return out
