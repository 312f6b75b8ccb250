"""A seeded mutation fuzzer over the scenario corpus, the decklists and the command line: the variants.

`variants(seed, count)` yields `Case`s, the same ones for the same seed: corpus files mutated at the
text level (lines deleted, duplicated, swapped; scalars made odd; long strings) and at the data level
(wrong types, unknown keys, duplicated list items, swapped labels, big counts), plus argument strings.
tests/fuzz/oracle.py runs them and judges the result.

Mutations of the "reader" family (odd YAML scalars, deep nesting, aliases, control characters,
invalid UTF-8) exercise the YAML reader; `check -k` expressions are the "golden" family (the corpus
runner); the others ("input") exercise everything behind the reader.
"""
from __future__ import annotations

import copy
import random
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from judgekit import yaml_data

ROOT = Path(__file__).resolve().parents[2]
REGRESSIONS = ROOT / "tests" / "fuzz_regressions"

ODD_SCALARS = ("1:30", "0x_", "0b_", "0o_", ".nan", ".inf", "-.inf", "!!int abc", "!!float x", "!!bool maybe",
               "9" * 5000, "1e999", "~", "null", "[]", "{}", "-1", "0", "2147483648", "yes", "'\\x00'")
ODD_VALUES = (None, True, 0, -1, 1.5, 10**6, 40000, "", "x" * 300, [], {}, [[]], {"x": 1}, ["a", "a"], "d6=99",
              "d6=0", "gig-area", "none", "this")
BIG_COUNTS = (20000, 40000, 10**6, 10**12, 2**63)
FAMILIES = ("input", "reader", "golden")


@dataclass(frozen=True)
class Case:
    """One thing to run: a file's bytes and the command to run on it (`{file}` stands for its path)."""

    kind: str  # "scenario", "decklist" or "argv"
    family: str  # "reader" (mutations aimed at the YAML reader) or "input"; "golden" for `check -k` finds
    source: str  # the corpus file it came from, relative to the repository
    mutation: str
    data: bytes
    argv: tuple[str, ...]

    @property
    def suffix(self) -> str:
        return ".txt" if self.kind == "decklist" else ".yaml"


def corpus() -> tuple[list[Path], list[Path]]:
    """The scenario files and decklists the variants start from."""
    scenarios = sorted(p for p in (ROOT / "scenarios").rglob("*.yaml"))
    decks = sorted((ROOT / "scenarios" / "decks").glob("*.txt")) + \
        sorted((ROOT / "tests" / "fixtures" / "decklists").glob("*.txt"))
    return scenarios, decks


# --- text-level mutations ------------------------------------------------------------------------

_SCALAR_LINE = re.compile(r"^(?P<head>\s*(?:- )?[\w\-]+:\s+|\s*- )(?P<value>[^\s{\[#&*!|>].*)$")


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _delete_line(rng, lines):
    i = rng.randrange(len(lines))
    return lines[:i] + lines[i + 1:], f"delete line {i + 1}"


def _duplicate_line(rng, lines):
    i = rng.randrange(len(lines))
    return lines[:i + 1] + [lines[i]] + lines[i + 1:], f"duplicate line {i + 1}"


def _swap_lines(rng, lines):
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    out = list(lines)
    out[i], out[j] = out[j], out[i]
    return out, f"swap lines {i + 1} and {j + 1}"


def _scalar_lines(lines) -> list[int]:
    return [i for i, line in enumerate(lines) if _SCALAR_LINE.match(line)]


def _replace_scalar(rng, lines, values):
    spots = _scalar_lines(lines) or [0]
    i = rng.choice(spots)
    match = _SCALAR_LINE.match(lines[i])
    value = rng.choice(values)
    out = list(lines)
    out[i] = (match["head"] if match else "") + value
    return out, f"line {i + 1} value -> {value[:20]!r}"


def _long_string(rng, lines):
    spots = _scalar_lines(lines) or [0]
    i = rng.choice(spots)
    match = _SCALAR_LINE.match(lines[i])
    size = rng.choice((300, 5000, 100_000))
    out = list(lines)
    out[i] = (match["head"] if match else "") + "'" + ("Zq" * size)[:size] + "'"
    return out, f"line {i + 1} value -> {size}-character string"


def _deep_nesting(rng, lines):
    depth = rng.choice((50, 200, 1000))
    i = rng.choice(_scalar_lines(lines) or [0])
    match = _SCALAR_LINE.match(lines[i])
    out = list(lines)
    out[i] = (match["head"] if match else "") + "[" * depth + "]" * depth
    return out, f"line {i + 1} value -> nested {depth} deep"


def _aliases(rng, lines):
    i = rng.choice(_scalar_lines(lines) or [0])
    match = _SCALAR_LINE.match(lines[i])
    out = list(lines)
    if rng.random() < 0.5:
        out[i] = (match["head"] if match else "") + "&a [*a]"
        return out, f"line {i + 1} value -> recursive alias"
    bomb = ["bomb0: &b0 [x, x, x, x, x, x, x, x, x]"] + [
        f"bomb{n}: &b{n} [{', '.join([f'*b{n - 1}'] * 9)}]" for n in range(1, 9)]
    out[i] = (match["head"] if match else "") + "*b8"
    return bomb + out, "alias bomb"


def _control_chars(rng, lines):
    i = rng.randrange(len(lines))
    char = rng.choice(("\x00", "\x07", "\x1b", "\ufeff", "\x85", "\u2028"))
    out = list(lines)
    cut = rng.randint(0, len(out[i]))
    out[i] = out[i][:cut] + char + out[i][cut:]
    return out, f"line {i + 1}: control character {char!r}"


INPUT_TEXT = (_delete_line, _duplicate_line, _swap_lines, _long_string)
READER_TEXT = (_deep_nesting, _aliases, _control_chars)


# --- data-level mutations ------------------------------------------------------------------------

def _spots(data, path=()) -> list[tuple]:
    """Every path into the data (mapping keys and list indexes)."""
    out = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _spots(value, path + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out += _spots(value, path + (i,))
    return out


def _get(data, path):
    for part in path:
        data = data[part]
    return data


def _set(data, path, value):
    _get(data, path[:-1])[path[-1]] = value


def _labels(data) -> list[str]:
    found = []
    for path in _spots(data):
        if path and path[-1] == "label":
            value = _get(data, path)
            if isinstance(value, str):
                found.append(value)
    return found


def _odd_value(rng):
    """One of ODD_VALUES, a copy of its own: a later mutation of the case may change it in place (the shared
    constant changed for every later case, or a mapping put inside itself: a cycle no walk of the data ends)."""
    return copy.deepcopy(rng.choice(ODD_VALUES))


def _wrong_type(rng, data):
    path = rng.choice([p for p in _spots(data) if p])
    value = _odd_value(rng)
    _set(data, path, value)
    return f"{'.'.join(map(str, path))} -> {str(value)[:20]!r}"


def _unknown_key(rng, data):
    maps = [p for p in _spots(data) if isinstance(_get(data, p), dict)]
    path = rng.choice(maps)
    key = rng.choice(("feild", "cards ", "Label", "x" * 200, "1", "bottom-deck"))
    _get(data, path)[key] = _odd_value(rng)
    return f"{'.'.join(map(str, path))}: unknown key {key[:20]!r}"


def _duplicate_item(rng, data):
    lists = [p for p in _spots(data) if isinstance(_get(data, p), list) and _get(data, p)]
    if not lists:
        return _wrong_type(rng, data)
    path = rng.choice(lists)
    items = _get(data, path)
    i = rng.randrange(len(items))
    items.insert(i, items[i])
    return f"{'.'.join(map(str, path))}: item {i} twice"


def _swap_labels(rng, data):
    labels = _labels(data)
    strings = [p for p in _spots(data) if p and isinstance(_get(data, p), str)]
    if not labels or not strings:
        return _wrong_type(rng, data)
    path = rng.choice(strings)
    label = rng.choice(labels)
    _set(data, path, label)
    return f"{'.'.join(map(str, path))} -> label {label!r}"


def _big_count(rng, data):
    players = data.get("players") if isinstance(data.get("players"), dict) else None
    ints = [p for p in _spots(data) if p and isinstance(_get(data, p), int) and not isinstance(_get(data, p), bool)]
    value = rng.choice(BIG_COUNTS)
    if players and (not ints or rng.random() < 0.6):
        name = rng.choice(list(players))
        if not isinstance(players[name], dict):
            players[name] = {}
        key = rng.choice(("deck", "eddies"))
        players[name][key] = value
        return f"players.{name}.{key} -> {value}"
    if not ints:
        return _wrong_type(rng, data)
    path = rng.choice(ints)
    _set(data, path, value)
    return f"{'.'.join(map(str, path))} -> {value}"


def _several_bottom_decked(rng, data):
    """A bottom-deck (or another action) naming several labels, some of them twice or a host with its Gear."""
    labels = _labels(data)
    actions = data.get("actions")
    if not labels or not isinstance(actions, list):
        return _swap_labels(rng, data)
    picked = [rng.choice(labels) for _ in range(rng.randint(2, 4))]
    verb = rng.choice(("bottom_deck", "bottom_deck", "defeat", "move", "sell", "call", "activate", "play"))
    action = {verb: picked if verb == "bottom_deck" else picked[0]}
    if verb == "move":
        action["to"] = rng.choice(("hand", "trash", "deck-top", "deck-bottom", "removed"))
    if rng.random() < 0.4:
        action["targets"] = picked[1:]
    actions.insert(rng.randint(0, len(actions)), action)
    return f"action {verb} {picked}"


DATA = (_wrong_type, _unknown_key, _duplicate_item, _swap_labels, _big_count, _several_bottom_decked)


# --- decklists and argument strings --------------------------------------------------------------

def _decklist(rng, text: str) -> tuple[str, str]:
    lines = _lines(text)
    choice = rng.randrange(7)
    if choice == 0:
        return "\n".join(_delete_line(rng, lines)[0]), "delete a line"
    if choice == 1:
        return "\n".join(_duplicate_line(rng, lines)[0]), "duplicate a line"
    if choice == 2:
        i = rng.randrange(len(lines))
        count = rng.choice(("0", "-1", "99999999999999999999", "1" * 5000, "x", "3x"))
        return "\n".join(lines[:i] + [re.sub(r"^\d+", count, lines[i])] + lines[i + 1:]), f"count {count[:12]}"
    if choice == 3:
        i = rng.randrange(len(lines))
        return "\n".join(lines[:i] + ["1 " + "Mantis Blade" * rng.choice((10, 5000))] + lines[i:]), "long name"
    if choice == 4:
        many = rng.choice((2000, 20000))
        return text + "\n" + "\n".join(f"1 Unknown Card {n}" for n in range(many)), f"{many} unknown lines"
    if choice == 5:
        return "", "empty"
    return "\n".join(_swap_lines(rng, lines)[0]), "swap lines"


_ARGV = (
    ("run", "{scenario}", "-f", "json"), ("run", "{scenario}", "-f", "md"), ("run", "{scenario}", "--seed", "{n}"),
    ("run", "{scenario}", "--edition", "{word}"), ("validate", "{scenario}", "{scenario}"),
    ("rule", "{word}"), ("rule", "{word}", "-f", "json"), ("rule", "{n}", "--official"), ("search", "{word}"),
    ("search", "{word}", "-n", "{n}"), ("term", "{word}"), ("card", "{word}"), ("card", "{word}", "-f", "json"),
    ("check", "{scenario}", "-k", "{expr}", "-f", "json"), ("coverage", "{scenario}", "-f", "json"),
    ("rules", "diff", "{word}", "{word}"), ("rules", "check", "{scenario}"), ("deck", "check", "{deck}"),
)
_WORDS = ("gear", "4.12", "11.15", "0", "-1", "99.99.99", "Goro", "\"unclosed", "x" * 2000, "", " ", "--",
          "\x00", "é" * 50, "((((", "user", "2026-08", "a b c", "*", "4." * 300, "-f", "--help", "1e9")
_EXPRS = ("gear and not refused", "tag:contested", "(" * 300 + "x" + ")" * 300, "and", "not", "((", "a or",
          "tag:", "x" * 1000, "")


def _argv(rng, scenarios: list[Path], decks: list[Path]) -> tuple[str, ...]:
    template = rng.choice(_ARGV)
    out = []
    for token in template:
        out.append(token.format(
            scenario="{root}/" + str(rng.choice(scenarios).relative_to(ROOT)),
            deck="{root}/" + str(rng.choice(decks).relative_to(ROOT)), n=rng.choice(
                ("0", "-5", "10", "99999999999999999999", "x", "1.5")),
            word=rng.choice(_WORDS), expr=rng.choice(_EXPRS)))
    return tuple(out)


# --- variants --------------------------------------------------------------------------------

def _scenario_argv(rng) -> tuple[str, ...]:
    return rng.choice((("run", "{file}", "-f", "json"), ("run", "{file}", "-f", "json"), ("validate", "{file}"),
                       ("run", "{file}"), ("run", "{file}", "--view", "spectator", "-f", "json"),
                       ("replay", "{file}", "-f", "json")))


def _mutate_scenario(rng, path: Path) -> Case:
    text = path.read_text(encoding="utf-8")
    source = str(path.relative_to(ROOT))
    roll = rng.random()
    if roll < 0.45:
        data = yaml_data.load(text)
        mutations = [rng.choice(DATA)(rng, data) for _ in range(rng.randint(1, 2))]
        body = yaml.dump(data, Dumper=yaml_data.SafeDumper, sort_keys=False, allow_unicode=True,
                         width=10**6).encode("utf-8")
        return Case("scenario", "input", source, "; ".join(mutations), body, _scenario_argv(rng))
    lines = _lines(text)
    if roll < 0.8:
        out, what = rng.choice(INPUT_TEXT)(rng, lines)
        return Case("scenario", "input", source, what, "\n".join(out).encode("utf-8"), _scenario_argv(rng))
    pick = rng.randrange(5)
    if pick == 0:
        out, what = _replace_scalar(rng, lines, ODD_SCALARS)
    elif pick == 1:
        i = rng.randrange(len(lines))
        body = "\n".join(lines).encode("utf-8")
        offset = len("\n".join(lines[:i]).encode("utf-8"))
        bad = rng.choice((b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x80\x80"))
        return Case("scenario", "reader", source, f"line {i + 1}: invalid UTF-8 {bad!r}",
                    body[:offset] + bad + body[offset:], _scenario_argv(rng))
    else:
        out, what = rng.choice(READER_TEXT)(rng, lines)
    return Case("scenario", "reader", source, what, "\n".join(out).encode("utf-8"), _scenario_argv(rng))


def variants(seed: int, count: int, family: str | None = None):
    """`count` cases, deterministic from `seed`; only one family's when `family` is given."""
    scenarios, decks = corpus()
    rng = random.Random(seed)
    made = 0
    while made < count:
        roll = rng.random()
        if roll < 0.75:
            case = _mutate_scenario(rng, rng.choice(scenarios))
        elif roll < 0.87:
            deck = rng.choice(decks)
            text, what = _decklist(rng, deck.read_text(encoding="utf-8"))
            command = rng.choice((("deck", "check", "{file}"), ("deck", "check", "{file}"),
                                  ("deck", "sheet", "{file}"), ("deck", "compare", "{file}", "{file}")))
            argv = command + (("-f", "json") if command[1] != "sheet" and rng.random() < 0.6 else ())
            case = Case("decklist", "input", str(deck.relative_to(ROOT)), what, text.encode("utf-8"), argv)
        else:
            argv = _argv(rng, scenarios, decks)
            case = Case("argv", "golden" if "-k" in argv else "input", "", "argument string", b"", argv)
        if family is None or case.family == family:
            made += 1
            yield case
