"""Turn pydantic's validation errors into judge-readable problems: file, line, field, suggestion."""
from __future__ import annotations

import difflib
from functools import lru_cache

from pydantic import BaseModel, ValidationError

from judgekit.scenario import model
from judgekit.echo import ECHO_LIMIT, SUGGEST_LIMIT, field_path, shown
from judgekit.scenario.model import actions, cards, expect, instructions
from judgekit.scenario.model.base import MAX_AMOUNT, MAX_COUNT
from judgekit.scenario.yaml_lines import LinedDocument, Problem

_TYPE_WORDS = {
    "string_type": "a text", "int_type": "a whole number", "int_parsing": "a whole number",
    "bool_type": "true or false", "bool_parsing": "true or false", "list_type": "a list",
    "dict_type": "a mapping of keys", "model_type": "a mapping of keys", "model_attributes_type": "a mapping of keys",
    "literal_error": None, "none_required": "nothing",
}


LIMIT_REASONS = {
    MAX_COUNT: "a whole game uses 53 cards per player; judgekit's limit keeps every run fast",
    MAX_AMOUNT: "printed costs and powers are below 20; judgekit's limit keeps every run fast",
    20: "the largest Gig die is a d20 (6.1.1)",
}


@lru_cache(maxsize=1)
def _vocabulary() -> list[str]:
    words: set[str] = set()
    for item in (value for module in (model, actions, cards, expect, instructions) for value in vars(module).values()):
        if isinstance(item, type) and issubclass(item, BaseModel):
            for name, info in item.model_fields.items():
                words.add(info.alias or name)
    return sorted(words)


def _data_path(loc: tuple, data) -> tuple:
    """The part of pydantic's error location that walks the actual data (drops union branch tags)."""
    path: list = []
    node = data
    for part in loc:
        if isinstance(node, dict) and part in node:
            path.append(part)
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            path.append(part)
            node = node[part]
        elif isinstance(node, dict) and isinstance(part, str) and part.isidentifier() and part[0].islower() \
                and "[" not in part and part not in ("str", "int", "bool", "list", "dict", "none"):
            path.append(part)  # a required key that is missing
            node = None
    return tuple(path)


def _message(error: dict, vocabulary: list[str]) -> str:
    kind = error["type"]
    if kind == "extra_forbidden":
        key = str(error["loc"][-1])
        close = difflib.get_close_matches(key, [w for w in vocabulary if w != key], n=1, cutoff=0.6) \
            if len(key) <= SUGGEST_LIMIT else []
        return f"unknown key {shown(key)}" + (f"; did you mean {close[0]!r}?" if close else "")
    if kind == "missing":
        return f"the key {shown(error['loc'][-1])} is required here"
    if kind == "literal_error":
        expected = error.get("ctx", {}).get("expected", "")
        return f"{shown(error['input'])} is not allowed here; expected {expected}"
    if kind == "value_error":
        return str(error["msg"]).removeprefix("Value error, ")
    if kind in ("less_than_equal", "greater_than_equal"):
        bound = error.get("ctx", {}).get("le" if kind == "less_than_equal" else "ge")
        if kind == "greater_than_equal":
            return f"{shown(error['input'])} is too small: at least {bound}"
        why = LIMIT_REASONS.get(bound, "")
        return f"{shown(error['input'])} is more than judgekit allows here: at most {bound}" + \
            (f" ({why})" if why else "")
    return str(error["msg"])


def _node(data, path: tuple):
    for part in path:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _unquoted_colon(data, path: tuple) -> str | None:
    """`- Dexter DeShawn: One Last Chance` is read by YAML as a mapping; name the card it meant."""
    node = _node(data, path)
    if isinstance(node, dict) and len(node) == 1:
        (key, value), = node.items()
        if isinstance(key, str) and isinstance(value, str) and key not in _vocabulary():
            return f"{key}: {value}"
    return None


def problems_from(error: ValidationError, doc: LinedDocument, filename: str) -> list[Problem]:
    """One problem per place, preferring the most specific message where a union tried several forms."""
    vocabulary = _vocabulary()
    by_path: dict[tuple, list[dict]] = {}
    colon_names: dict[tuple, str] = {}
    for item in error.errors():
        path = _data_path(item["loc"], doc.data)
        ends_with_key = path[-1:] == (item["loc"][-1],)
        parent = path[:-1] if item["type"] in ("missing", "extra_forbidden") and ends_with_key else path
        name = _unquoted_colon(doc.data, parent)
        if name is not None:
            colon_names[parent] = name
            continue
        if item["type"] == "extra_forbidden":
            path = path + (item["loc"][-1],) if path[-1:] != (item["loc"][-1],) else path
        by_path.setdefault(path, []).append(item)
    problems: list[Problem] = [
        Problem(filename, doc.line_of(path), field_path(path),
                f"YAML read this as a key and a value; to name the card {shown(name)}, put it in quotes"
                + (f": \"{name}\"" if len(name) <= ECHO_LIMIT else ""))
        for path, name in colon_names.items()]
    paths = sorted(by_path, key=lambda p: (doc.line_of(p) or 0, len(p)))
    for path in paths:
        items = by_path[path]
        specific = [i for i in items if i["type"] not in _TYPE_WORDS]
        deeper = any(len(other) > len(path) and other[:len(path)] == path for other in by_path)
        if not specific and deeper:
            continue  # a union form that did not fit, where another form explains the real problem
        if specific:
            messages = list(dict.fromkeys(_message(i, vocabulary) for i in specific))
        else:
            literals = [i for i in items if i["type"] == "literal_error"]
            if literals:
                messages = [_message(literals[0], vocabulary)]
            else:
                words = list(dict.fromkeys(w for i in items if (w := _TYPE_WORDS.get(i["type"]))))
                messages = [f"expected {' or '.join(words)}, got {shown(items[0]['input'])}"]
        field = field_path(path)
        for message in messages:
            problems.append(Problem(filename, doc.line_of(path), field, message))
    return problems
