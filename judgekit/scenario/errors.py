"""Turn pydantic's validation errors into judge-readable problems: file, line, field, suggestion.

A value of the wrong kind names the kind the field takes ("expected a whole number, got 'many'"),
never the forms pydantic tried (an optional field is not "not of type null"); the value is shown
as YAML writes it (true, null) and cut short when it is long.
"""
from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from pydantic import BaseModel, ValidationError

from judgekit.scenario import model
from judgekit import echo
from judgekit.echo import ECHO_LIMIT, SUGGEST_LIMIT, field_path
from judgekit.scenario.model import actions, cards, expect, instructions
from judgekit.scenario.model.base import MAX_AMOUNT, MAX_COUNT
from judgekit.scenario.yaml_lines import LinedDocument, Problem

_TYPE_WORDS = {
    "string_type": "a text", "int_type": "a whole number", "int_parsing": "a whole number",
    "int_from_float": "a whole number", "float_type": "a number", "float_parsing": "a number",
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


_LIMITS = {"greater_than_equal": ("ge", "{} or more"), "greater_than": ("gt", "more than {}"),
           "less_than_equal": ("le", "{} or less"), "less_than": ("lt", "less than {}")}


def shown(value) -> str:
    """A value as the YAML file writes it (true, null, 'text'), cut short when long (judgekit.echo)."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    return echo.shown(value)


def _expected_values(errors: list[dict]) -> str:
    """The allowed values of one or several literal errors at a place, as one list."""
    values: list[str] = []
    for error in errors:
        for value in re.split(r", | or ", str(error.get("ctx", {}).get("expected", ""))):
            value = {"True": "true", "False": "false", "None": "null"}.get(value, value)
            if value and value not in values:
                values.append(value)
    return ", ".join(values[:-1]) + f" or {values[-1]}" if len(values) > 1 else "".join(values)


def _not_allowed(errors: list[dict]) -> str:
    """A value not among the allowed ones: the closest in spelling first, when one is close, then them all."""
    import difflib
    written = errors[0]["input"]
    values = [v.strip("'") for v in re.split(r", | or ", _expected_values(errors))]
    close = difflib.get_close_matches(str(written), values, n=1, cutoff=0.6) if isinstance(written, str) else []
    hint = f"; did you mean {close[0]!r}? It may be" if close else "; expected"
    return f"{shown(written)} is not allowed here{hint} {_expected_values(errors)}"


def _message(error: dict) -> str:
    kind = error["type"]
    bound = error.get("ctx", {}).get("le")
    if kind == "less_than_equal" and bound in LIMIT_REASONS:  # one of judgekit's own input limits
        return (f"{shown(error['input'])} is more than judgekit allows here: at most {bound} "
                f"({LIMIT_REASONS[bound]})")
    if kind in _LIMITS:
        key, words = _LIMITS[kind]
        return f"expected {words.format(error.get('ctx', {}).get(key))}, got {shown(error.get('input'))}"
    if kind in ("too_short", "too_long"):
        ctx = error.get("ctx", {})
        bound = f"at least {ctx.get('min_length')}" if kind == "too_short" else f"at most {ctx.get('max_length')}"
        bound_count = ctx.get("min_length") if kind == "too_short" else ctx.get("max_length")
        return f"expected {bound} {'item' if bound_count == 1 else 'items'}, got {ctx.get('actual_length')}"
    if kind == "extra_forbidden":
        key = str(error["loc"][-1])
        if len(key) > SUGGEST_LIMIT:
            return f"unknown key {shown(key)}"
        loc = tuple(error["loc"])
        meant = _suggested_key(key, loc, spelling=False)  # the format's own word for it here comes first
        higher = None if meant else _accepted_higher(key, loc)  # then the key itself, valid further up
        if higher:
            return f"unknown key {shown(key)} here; it is written further up: {higher}"
        close = meant or _suggested_key(key, loc)
        if close:
            return f"unknown key {shown(key)}; did you mean {close!r}?"
        return f"unknown key {shown(key)}" + _valid_keys(loc)
    if kind == "missing":
        return f"the key {shown(error['loc'][-1])} is required here"
    if kind == "literal_error":
        return _not_allowed([error])
    if kind == "value_error":
        return str(error["msg"]).removeprefix("Value error, ")
    return str(error["msg"])


def _suggested_key(key: str, loc: tuple, spelling: bool = True) -> str | None:
    """A key the format accepts at `loc` for the unknown `key`: the format's word for it (`tapped`: `spent`),
    else (with `spelling`) the closest in spelling; never a key that is valid only somewhere else."""
    from judgekit.scenario.keys_at import SYNONYMS, keys_at

    valid = keys_at(model.Scenario, loc)
    if not valid:
        return None
    meant = next((word for word in SYNONYMS.get(key.lower(), ()) if word in valid), None)
    if meant is not None or not spelling:
        return meant
    import difflib  # only for a "did you mean": not on the way of a good input
    close = difflib.get_close_matches(key, sorted(valid - {key}), n=1, cutoff=0.6)
    return close[0] if close else None


def _valid_keys(loc: tuple) -> str:
    """The keys the format accepts at `loc`, when they are few enough to list (`; the keys here are ...`)."""
    from judgekit.scenario.keys_at import keys_at
    valid = sorted(keys_at(model.Scenario, loc) or ())
    return f"; the keys here are {', '.join(valid)}" if 0 < len(valid) <= 12 else ""


def _accepted_higher(key: str, loc: tuple) -> str | None:
    """Where, above `loc`, the format accepts `key` (a choice written inside a reaction belongs to the action
    that holds the reaction: `actions.0.targets`), as a dotted path; None when nowhere above."""
    from judgekit.scenario.keys_at import keys_at

    for end in range(len(loc) - 2, 0, -1):
        if key in (keys_at(model.Scenario, loc[:end] + (key,)) or ()):
            return ".".join(str(part) for part in loc[:end] + (key,)
                            if isinstance(part, int) or (part[:1].islower() and part.isidentifier()))
    return None


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


def problems_from(error: ValidationError, doc: LinedDocument, filename: str, book=None) -> list[Problem]:
    """One problem per place, preferring the most specific message where a union tried several forms; with the
    rulebook, a message's rules (judgekit.cites.rule_mark) numbered in the file's edition."""
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
            messages = list(dict.fromkeys(_message(i) for i in specific))
        else:
            literals = [i for i in items if i["type"] == "literal_error"]
            words = list(dict.fromkeys(w for i in items if (w := _TYPE_WORDS.get(i["type"]))))
            if literals and not words:
                messages = [_not_allowed(literals)]
            else:
                words += [_expected_values(literals)] if literals else []
                messages = [f"expected {', or '.join(words)}, got {shown(items[0]['input'])}"]
        field = field_path(path)
        for message in messages:
            problems.append(Problem(filename, doc.line_of(path), field, message))
    return problems if book is None else [replace(p, message=_numbered(p.message, book, doc, filename))
                                          for p in problems]


def _numbered(message: str, book, doc: LinedDocument, filename: str) -> str:
    """The message's rules numbered in the edition the file is read in (its own, else its project's)."""
    from judgekit.cites import numbered
    from judgekit.rules.edition_setting import EditionSettingError
    own = doc.data.get("edition") if isinstance(doc.data, dict) else None
    try:
        edition = own if isinstance(own, str) and own in book.editions else book.edition_at(filename)
    except EditionSettingError:
        edition = None  # reported once the file validates; meanwhile the default edition numbers the message
    return numbered(message, book, edition)
