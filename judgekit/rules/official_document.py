"""Reading the publisher's rules document (its JSON or its plain-text form), checked to be a rulebook.

The publisher's JSON has `items` of `display_number`, `title`, `body_markdown`, `parent_id`, `sort_order`,
`node_type`, `stable_key` and `stable_anchor`. A file counts as a rulebook only when it has at least
`MIN_RULES` numbered rules, each number unique, in reading order (every number sorts after the one before
it) and every sub-rule of a rule after that rule (4.4.1 after 4.4; a chapter heading may be missing from an
excerpt): a README's numbered list, a changelog's versions or random text fail one of these, while the real
document (671 numbered rules) and an excerpt of one chapter pass. A document is also at most `MAX_BYTES`
long with at most `MAX_RULES` numbered rules (ten times the real one's size and more than seven times its
rules), so a huge file is refused at once instead of being worked through.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from judgekit.plural import counted

NUMBER = re.compile(r"^\d{1,4}(\.\d{1,4}){0,8}$")
MIN_RULES = 20
MAX_BYTES = 4_000_000  # the publisher's JSON is 0.38 MB
MAX_RULES = 5_000  # it has 671 numbered rules
MAX_ITEMS = 4 * MAX_RULES  # JSON nodes, numbered or not (it has 713)
_LINE = re.compile(r"^(\d{1,4}(?:\.\d{1,4}){0,8})\s+(.*)$")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_HEADING = re.compile(r"^#{2,4}\s+(.*)$")
_CAPTION = re.compile(r"^[*_]+(Fig\.|Figure) \d+[^*_]*[*_]+$")  # a figure's caption: the figure itself is not imported
_NUMBER_KEYS = ("number", "ruleNumber", "rule_number", "num", "label")
_TEXT_KEYS = ("text", "content", "body", "description")
_TITLE_KEYS = ("title", "heading", "name")
_CHILD_KEYS = ("children", "rules", "subrules", "sections", "items")
_ITEM_FIELDS = {"display_number": str, "title": str, "body_markdown": str, "node_type": str, "id": str,
                "stable_key": str, "stable_anchor": str}


class OfficialFormatError(ValueError):
    """The file is not a rules document judgekit can read."""


@dataclass
class OfficialRule:
    """One rule of an official rules file the user supplies: its number, text, title, examples and keys."""

    number: str
    text: str
    title: str | None = None
    examples: list[str] = field(default_factory=list)
    stable_key: str | None = None
    anchor: str | None = None


def _clean(text: str) -> str:
    """Drop markdown link targets and emphasis, keep the words."""
    text = _LINK.sub(r"\1", text)
    text = re.sub(r"[*_]{1,2}([^*_]+)[*_]{1,2}", r"\1", text)
    return " ".join(text.replace("{", "").replace("}", "").split())


def _key(number: str) -> tuple[int, ...]:
    return tuple(int(p) for p in number.split("."))


def check_rulebook(rules: list[OfficialRule], source: str) -> list[OfficialRule]:
    """Refuse what is not a rulebook: too few numbered rules, repeats, numbers out of reading order."""
    if len(rules) < MIN_RULES:
        raise OfficialFormatError(f"{source}: not a rules document: {counted(len(rules), 'numbered rule')} found, "
                                  f"a rulebook has at least {MIN_RULES}")
    seen: set[str] = set()
    previous: OfficialRule | None = None
    for rule in rules:
        where = f"{source}: not a rules document in reading order: rule {rule.number}"
        if rule.number in seen:
            raise OfficialFormatError(f"{where} appears twice")
        if previous is not None and _key(rule.number) <= _key(previous.number):
            raise OfficialFormatError(f"{where} comes after {previous.number}")
        parent = rule.number.rsplit(".", 1)[0] if rule.number.count(".") > 1 else None  # an excerpt may lack "4"
        if parent is not None and parent not in seen:
            raise OfficialFormatError(f"{where} comes before its parent rule {parent}")
        seen.add(rule.number)
        previous = rule
    return rules


def parse_text(text: str) -> list[OfficialRule]:
    """The plain-text form: a line per numbered rule, `### Title` headings, `> EXAMPLE` blocks."""
    rules: list[OfficialRule] = []
    closed = False  # a `#` heading line that is not a rule ends the rule before it (end matter, credits)
    for raw in text.splitlines():
        line = raw.rstrip()
        match = _LINE.match(line)
        if match:
            if len(rules) >= MAX_RULES:
                _too_many()
            number, rest = match.groups()
            title = None
            heading = _HEADING.match(rest)
            if heading:
                title, rest = _clean(heading.group(1)), ""
            elif "." not in number:  # a chapter: its heading, or a figure where the text form lost it
                title, rest = (None if rest.startswith("!") else _clean(rest)), ""
            rules.append(OfficialRule(number, _clean(rest), title))
            closed = False
        elif closed or _CAPTION.match(line):
            continue
        elif line.startswith("#"):
            closed = True
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


def _too_many():
    raise OfficialFormatError(f"more than {MAX_RULES:,} numbered rules: not a rules document "
                              f"(the publisher's has under a thousand)")


def _body(markdown: str) -> tuple[str | None, str, list[str]]:
    """(heading title, text, examples) of one item's `body_markdown`."""
    title, text, examples = None, [], []
    for paragraph in re.split(r"\n\s*\n", markdown):
        lines = [line.rstrip() for line in paragraph.strip("\n").splitlines() if line.strip()]
        if not lines:
            continue
        if lines[0].startswith(">"):
            body = _clean(" ".join(line.lstrip("> ") for line in lines))
            if body.upper().startswith(("EXAMPLE", "TIP")) or not examples:
                examples.append(body)
            else:
                examples[-1] += " " + body
            continue
        heading = _HEADING.match(lines[0])
        if heading and title is None and not text:
            title = _clean(heading.group(1))
            lines = lines[1:]
        if lines and not lines[0].startswith(("#", "!", "[")) and not _CAPTION.match(lines[0]):
            text.append(_clean(" ".join(lines)))
    return title, " ".join(text).strip(), examples


def _items(data: dict) -> list[dict]:
    items = data["items"]
    if not isinstance(items, list):
        raise OfficialFormatError(f"`items` is {type(items).__name__}, expected a list of rule nodes")
    if len(items) > MAX_ITEMS:
        raise OfficialFormatError(f"{len(items):,} items, more than the {MAX_ITEMS:,} a rules document may have "
                                  "(the publisher's has under a thousand)")
    for index, item in enumerate(items):
        if not isinstance(item, dict):
            raise OfficialFormatError(f"items[{index}] is {type(item).__name__}, expected a rule node (an object)")
        for name, kind in _ITEM_FIELDS.items():
            if name not in item:
                raise OfficialFormatError(f"items[{index}] has no `{name}`")
            if not isinstance(item[name], kind):
                raise OfficialFormatError(f"items[{index}].{name} is {type(item[name]).__name__}, expected text")
        if item.get("parent_id") is not None and not isinstance(item["parent_id"], str):
            raise OfficialFormatError(f"items[{index}].parent_id is {type(item['parent_id']).__name__}, "
                                      "expected text or null")
        if not isinstance(item.get("sort_order"), int) or isinstance(item.get("sort_order"), bool):
            raise OfficialFormatError(f"items[{index}].sort_order is {type(item.get('sort_order')).__name__}, "
                                      "expected a whole number")
        number = item["display_number"].strip()
        if number and not NUMBER.match(number):
            raise OfficialFormatError(f"items[{index}].display_number {number[:40]!r} is not a rule number")
    return items


def parse_publisher(data: dict) -> list[OfficialRule]:
    """The publisher's JSON: `items`, a tree by `parent_id` ordered by `sort_order`, read in that order.

    Numbered items become rules (keeping `stable_key` and `stable_anchor`); a body that is a
    `### Heading` is the rule's title; `> ` paragraphs are its examples.
    """
    items = _items(data)
    children: dict[str | None, list[dict]] = {}
    ids = {item["id"] for item in items}
    for index, item in enumerate(items):
        parent = item.get("parent_id")
        if parent is not None and parent not in ids:
            raise OfficialFormatError(f"items[{index}].parent_id {parent[:40]!r} names no item")
        children.setdefault(parent, []).append(item)
    rules: list[OfficialRule] = []
    stack = list(reversed(sorted(children.get(None, []), key=lambda i: i["sort_order"])))
    visited: set[str] = set()
    while stack:
        item = stack.pop()
        if item["id"] in visited:
            continue
        visited.add(item["id"])
        number = item["display_number"].strip()
        if number:
            if len(rules) >= MAX_RULES:
                _too_many()
            title, text, examples = _body(item["body_markdown"])
            if item["node_type"] == "section" and not title:
                title = _clean(item["title"])
            rules.append(OfficialRule(number, text, title, examples, item["stable_key"], item["stable_anchor"]))
        stack.extend(reversed(sorted(children.get(item["id"], []), key=lambda i: i["sort_order"])))
    if len(visited) < len(items):
        raise OfficialFormatError(f"{counted(len(items) - len(visited), 'item')} unreachable from a top-level item "
                                  "(their parent_id chain loops)")
    return rules


def _walk_nested(root) -> list[OfficialRule]:
    """judgekit's earlier JSON reading: rule objects anywhere in a tree of children/rules/sections."""
    out: list[OfficialRule] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(reversed(node))
            continue
        if not isinstance(node, dict):
            continue
        number = next((str(node[k]).strip() for k in _NUMBER_KEYS
                       if isinstance(node.get(k), (str, int)) and NUMBER.match(str(node[k]).strip())), None)
        if number is not None:
            if len(out) >= MAX_RULES:
                _too_many()
            text = next((node[k] for k in _TEXT_KEYS if isinstance(node.get(k), str)), "")
            title = next((node[k] for k in _TITLE_KEYS if isinstance(node.get(k), str)), None)
            examples = node.get("examples") or []
            if not isinstance(examples, list):
                raise OfficialFormatError(f"rule {number}: examples is {type(examples).__name__}, expected a list")
            out.append(OfficialRule(number, _clean(text), _clean(title) if title else None,
                                    [_clean(str(e)) for e in examples]))
        stack.extend(reversed([node[k] for k in _CHILD_KEYS if k in node]))
    return out


def parse_json(data) -> list[OfficialRule]:
    """The publisher's JSON (an object with `items`); other trees of numbered rule objects as before."""
    if isinstance(data, dict) and "items" in data and isinstance(data["items"], list) \
            and any(isinstance(i, dict) and "display_number" in i for i in data["items"]):
        return parse_publisher(data)
    rules = _walk_nested(data)
    if not rules:
        raise OfficialFormatError("no rule objects with a rule number found in the JSON "
                                  "(the publisher's JSON has `items` with `display_number`)")
    return rules


def read_official(path: Path) -> list[OfficialRule]:
    """Read and check an official document; every problem is an OfficialFormatError naming the file."""
    try:
        if path.is_file() and path.stat().st_size > MAX_BYTES:
            raise OfficialFormatError(f"{path}: {path.stat().st_size} bytes; a rules document is under {MAX_BYTES}")
        with path.open("rb") as handle:
            blob = handle.read(MAX_BYTES + 1)
    except OSError as error:
        raise OfficialFormatError(f"cannot read {path}: {error.strerror or error}") from None
    if len(blob) > MAX_BYTES:
        raise OfficialFormatError(f"{path}: more than {MAX_BYTES} bytes; a rules document is smaller")
    try:
        raw = blob.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = blob[:error.start].count(b"\n") + 1
        raise OfficialFormatError(f"{path}:{line}: not UTF-8 text (byte {error.start})") from None
    try:
        if raw.lstrip().startswith(("{", "[")):
            try:
                data = json.loads(raw)
            except json.JSONDecodeError as error:
                raise OfficialFormatError(f"{path} is not valid JSON: line {error.lineno}: {error.msg}") from None
            except RecursionError:
                raise OfficialFormatError(f"{path}: the JSON is nested too deeply to be a rules document") from None
            rules = parse_json(data)
        else:
            rules = parse_text(raw)
    except OfficialFormatError as error:
        message = str(error)
        raise OfficialFormatError(message if message.startswith(str(path)) or str(path) in message
                                  else f"{path}: {message}") from None
    return check_rulebook(rules, str(path))
