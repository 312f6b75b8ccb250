"""The publisher's own rules text, imported by the user at run time and kept outside the repo.

`judgekit rules import FILE` reads the official document (the JSON the official site serves, or
its plain-text form) and stores it under $JUDGEKIT_HOME/editions/ (default
~/.local/share/judgekit/editions/). Nothing official is shipped with judgekit.
"""
from __future__ import annotations

import json
import os
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path

NUMBER = re.compile(r"^\d+(\.\d+)*$")
_LINE = re.compile(r"^(\d+(?:\.\d+)*)\s+(.*)$")
_LINK = re.compile(r"\[([^\]]*)\]\(#[^)]*\)")
_NUMBER_KEYS = ("number", "ruleNumber", "rule_number", "num", "label")
_TEXT_KEYS = ("text", "content", "body", "description")
_TITLE_KEYS = ("title", "heading", "name")
_CHILD_KEYS = ("children", "rules", "subrules", "sections", "items")


class OfficialFormatError(ValueError):
    """The file is not a rules document judgekit can read."""


@dataclass
class OfficialRule:
    number: str
    text: str
    title: str | None = None
    examples: list[str] = field(default_factory=list)


def home() -> Path:
    return Path(os.environ.get("JUDGEKIT_HOME") or Path.home() / ".local" / "share" / "judgekit")


def _clean(text: str) -> str:
    """Drop markdown link targets and emphasis, keep the words."""
    text = _LINK.sub(r"\1", text)
    text = re.sub(r"[*_]{1,2}([^*_]+)[*_]{1,2}", r"\1", text)
    return " ".join(text.replace("{", "").replace("}", "").split())


def parse_text(text: str) -> list[OfficialRule]:
    """The plain-text form: a line per numbered rule, `### Title` headings, `> EXAMPLE` blocks."""
    rules: list[OfficialRule] = []
    for raw in text.splitlines():
        line = raw.rstrip()
        match = _LINE.match(line)
        if match:
            number, rest = match.groups()
            title = None
            heading = re.match(r"^#{2,4}\s+(.*)$", rest)
            if heading:
                title, rest = _clean(heading.group(1)), ""
            rules.append(OfficialRule(number, _clean(rest), title))
        elif rules and line.startswith(">"):
            body = _clean(line.lstrip("> "))
            if body.upper().startswith(("EXAMPLE", "TIP")) or not rules[-1].examples:
                rules[-1].examples.append(body)
            else:
                rules[-1].examples[-1] += " " + body
        elif rules and line.strip() and not line.startswith((" ", "#", "!", "[")):
            rules[-1].text = (rules[-1].text + " " + _clean(line)).strip()
    if not rules:
        raise OfficialFormatError("no numbered rules found (expected lines like '4.4.1 ...')")
    return rules


def _walk_json(node, out: list[OfficialRule]) -> None:
    if isinstance(node, list):
        for item in node:
            _walk_json(item, out)
        return
    if not isinstance(node, dict):
        return
    number = next((str(node[k]).strip() for k in _NUMBER_KEYS if k in node and NUMBER.match(str(node[k]).strip())),
                  None)
    if number is not None:
        text = next((str(node[k]) for k in _TEXT_KEYS if isinstance(node.get(k), str)), "")
        title = next((str(node[k]) for k in _TITLE_KEYS if isinstance(node.get(k), str)), None)
        examples = [_clean(str(e)) for e in node.get("examples", []) or []]
        out.append(OfficialRule(number, _clean(text), _clean(title) if title else None, examples))
    for key in _CHILD_KEYS:
        if key in node:
            _walk_json(node[key], out)


def parse_json(data) -> list[OfficialRule]:
    """The official JSON: rule objects anywhere in the tree, each with a number, text or content,
    an optional title or heading, and nested children, rules, subrules or sections."""
    rules: list[OfficialRule] = []
    _walk_json(data, rules)
    if not rules:
        raise OfficialFormatError("no rule objects with a rule number found in the JSON")
    return rules


def read_official(path: Path) -> list[OfficialRule]:
    try:
        raw = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise OfficialFormatError(f"cannot read {path}: {error}") from None
    if raw.lstrip().startswith(("{", "[")):
        try:
            return parse_json(json.loads(raw))
        except json.JSONDecodeError as error:
            raise OfficialFormatError(f"{path} is not valid JSON: line {error.lineno}: {error.msg}") from None
    return parse_text(raw)


def store(name: str, rules: list[OfficialRule], follows: str, source: str) -> Path:
    """Save an imported document as edition `name`, numbered like the known edition `follows`."""
    folder = home() / "editions"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.json"
    path.write_text(json.dumps({"name": name, "follows": follows, "source": source,
                                "rules": [asdict(r) for r in rules]}, ensure_ascii=False, indent=1),
                    encoding="utf-8")
    return path


def imported_editions() -> dict[str, dict]:
    """Every imported edition: name -> {follows, source, rules: {number: OfficialRule}}."""
    folder = home() / "editions"
    out = {}
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else ():
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            out[data["name"]] = {"follows": data["follows"], "source": data["source"],
                                 "rules": {r["number"]: OfficialRule(**r) for r in data["rules"]}}
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return out
