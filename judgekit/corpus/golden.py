"""Golden rulings: the full recorded ruling of a scenario, kept beside it as NAME.ruling.json.

`judgekit check --update` writes them; a later check compares the new ruling with the recorded
one and shows the difference as a readable line diff of the trace and board.
"""
from __future__ import annotations

import difflib
import functools
import json
import os
import stat
from pathlib import Path

from judgekit.files import open_without_waiting, read_at_most


MAX_BYTES = 64 << 20  # the largest shipped golden is under 50 KB; a file far larger is not a ruling


def path_for(scenario: Path) -> Path:
    return scenario.with_name(scenario.stem + ".ruling.json")


def normalised(scenario: Path, data: dict) -> dict:
    """The ruling as recorded: the scenario's file is named without its folder, so a moved corpus still matches."""
    out = json.loads(json.dumps(data))
    out["scenario"]["file"] = scenario.name
    return out


def encode(scenario: Path, data: dict) -> bytes:
    """The bytes of a golden file (indented JSON, one trailing newline): the json module's, written by orjson when
    it is installed (the same bytes for what a ruling holds, see `is_encoded_in`; much faster, and in one piece)."""
    fast = _fast_bytes(scenario, data)
    if fast is not None:
        return fast + b"\n"
    return (json.dumps(normalised(scenario, data), indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def record(update, scenario: Path, encoded: bytes) -> bool:
    """Stage the scenario's golden file (`encode`'s bytes) in `update` (a store.Update) unless the golden already
    holds exactly these bytes; whether it was staged. Only paths are kept until the commit, never the ruling."""
    target = path_for(scenario)
    update.hold(target.parent)  # locked, and a dead update's journal there finished, before comparing
    try:
        unchanged = load_bytes(target, target) == encoded
    except CorruptGolden:  # unreadable, or not a regular file: replaced (a folder or a link stops the commit)
        unchanged = False
    if not unchanged:
        update.stage(target, encoded)
    return not unchanged


def missing(scenario: Path) -> str:
    """The failure of a scenario without its recorded ruling, when every scenario must have one."""
    return (f"no golden ruling recorded ({path_for(scenario).name}), and every scenario must have one "
            "(--require-golden / judgekit_require_golden): record it with `judgekit check --update`")


def orphan(path: Path) -> str:
    """The failure of a golden ruling whose scenario is gone (`check` and the pytest plugin say the same)."""
    stem = path.name[: -len(".ruling.json")]
    return (f"{path}: golden ruling without a scenario: neither {stem}.yaml nor {stem}.yml (with a `scenario:` key) "
            "is beside it; restore or rename the scenario, or delete this file (`--update` never deletes it)")


class CorruptGolden(ValueError):
    """A golden file that cannot be read as a recorded ruling; the message names the file and why."""


_SHAPE = {"format": str, "scenario": dict, "edition": dict, "actions": list, "steps": list, "board": dict,
          "verdict": dict}


def parse(path: Path, text: bytes) -> dict:
    """A recorded ruling from a golden file's bytes, or CorruptGolden naming the file, line and problem."""
    if not text.strip():
        raise CorruptGolden(f"{path}: the golden ruling is empty (an interrupted write?)")
    try:
        data = json.loads(text.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise CorruptGolden(f"{path}: the golden ruling is not UTF-8 (byte {error.start})") from None
    except json.JSONDecodeError as error:
        raise CorruptGolden(f"{path}:{error.lineno}: the golden ruling is not valid JSON "
                            f"({error.msg}, column {error.colno}); truncated?") from None
    except RecursionError:
        raise CorruptGolden(f"{path}: the golden ruling nests too deeply to be a ruling") from None
    if not isinstance(data, dict):
        raise CorruptGolden(f"{path}: the golden ruling is a JSON {type(data).__name__}, not a ruling object")
    for key, kind in _SHAPE.items():
        if not isinstance(data.get(key), kind):
            raise CorruptGolden(f"{path}: the golden ruling has no {key!r} {kind.__name__} "
                                f"(not a judgekit ruling, or damaged)")
    if not data["format"].startswith("judgekit-ruling/"):
        raise CorruptGolden(f"{path}: format {data['format']!r} is not a judgekit ruling")
    if not all(isinstance(s, dict) and isinstance(s.get("cites"), list) for s in data["steps"]):
        raise CorruptGolden(f"{path}: a step of the golden ruling has no 'cites' list")
    return data


def read(scenario: Path) -> dict | None:
    """The recorded ruling (None when there is none), read consistently beside a running update."""
    text = read_bytes(scenario)
    return None if text is None else parse(path_for(scenario), text)


def read_bytes(scenario: Path) -> bytes | None:
    """The golden file's bytes (None when there is none), read consistently beside a running update."""
    from judgekit.corpus import store

    path = path_for(scenario)
    try:
        with store.reading([path.parent]) as where:
            return load_bytes(where(Path(os.path.abspath(path))), path)
    except store.GoldenStoreError as error:  # a refused journal: this golden cannot be read consistently
        raise CorruptGolden(f"{path}: {error}") from None


def load(source: Path, path: Path) -> dict | None:
    """Read `source` as the golden `path` (they differ while an update is being finished)."""
    text = load_bytes(source, path)
    return None if text is None else parse(path, text)


def load_bytes(source: Path, path: Path) -> bytes | None:
    """The bytes of `source`, read as the golden `path`; None when there is none. Only a regular file is read
    (opened without waiting: a named pipe or device in its place is an error, never waited on)."""
    try:
        descriptor = open_without_waiting(source)
    except FileNotFoundError:
        if os.path.islink(source):  # a dangling link: a golden that was meant to be there, never "none recorded"
            raise CorruptGolden(f"{path}: the golden ruling is a symbolic link to a missing file "
                                f"({os.readlink(source)}); restore it, or delete the link and update") from None
        return None
    except OSError as error:
        raise CorruptGolden(f"{path}: cannot read the golden ruling: {error.strerror or error}") from None
    try:
        status = os.fstat(descriptor)
        size = status.st_size
        if not stat.S_ISREG(status.st_mode):
            from judgekit.corpus.discover import what_is_there
            raise CorruptGolden(f"{path}: the golden ruling is {what_is_there(source)}")
        if size > MAX_BYTES:
            raise CorruptGolden(f"{path}: the golden ruling is {size // (1 << 20)} MiB, more than the "
                                f"{MAX_BYTES // (1 << 20)} MiB a recorded ruling may be; not read")
        with open(descriptor, "rb", buffering=0, closefd=False) as handle:
            text = read_at_most(handle, MAX_BYTES)
        if len(text) > MAX_BYTES:
            raise CorruptGolden(f"{path}: the golden ruling grew past {MAX_BYTES // (1 << 20)} MiB while being read")
        return text
    except OSError as error:
        raise CorruptGolden(f"{path}: cannot read the golden ruling: {error.strerror or error}") from None
    finally:
        os.close(descriptor)


def is_encoded_in(scenario: Path, data: dict, recorded: bytes) -> bool:
    """Whether the golden file's bytes are exactly the current ruling as `encode` writes it, so the ruling
    matches without reading the golden as JSON (about a tenth of a corpus check). Encoded with orjson when it is
    installed (its indented output is the json module's, byte for byte, for the plain strings, integers,
    booleans, nulls, lists and dicts a ruling holds); False means only "compare the full way" (`compare`)."""
    if len(recorded) < 2 or recorded[-1:] != b"\n":
        return False
    encoded = _fast_bytes(scenario, data)
    return encoded is not None and len(encoded) + 1 == len(recorded) and recorded.startswith(encoded)


def _fast_bytes(scenario: Path, data: dict) -> bytes | None:
    """The ruling as recorded, indented by orjson, without the final newline; None without orjson or for a value
    it would write its own way (then the json module decides)."""
    described = data.get("scenario")
    if not isinstance(described, dict):
        return None
    return indented_json({**data, "scenario": {**described, "file": scenario.name}})


def indented_json(data) -> bytes | None:
    """`json.dumps(data, indent=2, ensure_ascii=False)` as UTF-8, written by orjson (many times faster): for texts,
    whole numbers, booleans, nulls, lists and mappings with text keys its indented output is the json module's, byte
    for byte. None without orjson or for anything it would write its own way (a dataclass, a date, a subclass of a
    plain type, a lone surrogate, a number past 64 bits): then the json module decides."""
    orjson = fast_json()
    if orjson is None:
        return None
    try:
        return orjson.dumps(data, option=orjson.OPT_INDENT_2 | orjson.OPT_PASSTHROUGH_DATACLASS
                            | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_SUBCLASS)
    except (TypeError, ValueError):  # orjson.JSONEncodeError is a TypeError
        return None


@functools.cache
def fast_json():
    """orjson when it is installed (a dependency; judgekit works without it, comparing the slower way)."""
    try:
        import orjson
    except ImportError:
        return None
    return orjson


def edition_free(data: dict) -> dict:
    """The ruling without what an edition renders: its name and each citation's number; rule ids stay."""
    def strip(value):
        if isinstance(value, dict):
            if "id" in value and "number" in value and "confirmed" in value:
                return {k: strip(v) for k, v in value.items() if k not in ("number", "confirmed")}
            return {k: strip(v) for k, v in value.items()}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value
    out = strip(data)
    out.pop("edition", None)
    return out


def _cites(cites: list[dict]) -> str:
    return ", ".join(f"{c.get('number') or c['id']}{'' if c.get('confirmed', True) else '?'}" for c in cites)


def _card(card: dict) -> str:
    words = [card["name"] or card["label"]]
    if card["name"] and card["label"] != card["name"]:
        words.append(f"[{card['label']}]")
    flags = [w for w, on in (("spent", card["spent"]), ("lag", card["lag"]), ("face-down", not card["face_up"])) if on]
    if "power" in card:
        flags.insert(0, f"power {card['power']}")
    text = " ".join(words) + (f" ({', '.join(flags)})" if flags else "")
    if card.get("gear"):
        text += " with " + ", ".join(_card(g) for g in card["gear"])
    return text


def review_lines(data: dict) -> list[str]:
    """The ruling as lines a reviewer reads: actions, steps with their rules, board, verdict."""
    try:
        return _review_lines(data)
    except (KeyError, TypeError, AttributeError, ValueError):  # a recorded ruling of an odd shape: diff its JSON
        return json.dumps(data, indent=1, sort_keys=True).splitlines()


def _review_lines(data: dict) -> list[str]:
    edition = data["edition"]["name"] if "edition" in data else "(any edition)"
    lines = [f"edition {edition}, seed {data['seed']}"]
    steps = {s["n"]: s for s in data["steps"]}
    for action in data["actions"]:
        lines.append(f"action {action['n']}: {action['action']} -> {'allowed' if action['allowed'] else 'REFUSED'}")
        for n in action["steps"]:
            step = steps[n]
            random = f" [random: {step['random']}]" if step["random"] else ""
            lines.append(f"  {n}. {step['text']} ({_cites(step['cites'])}){random}")
    board = data["board"]
    lines.append(f"turn {board['turn']}, phase {board['phase']}")
    for name, player in board["players"].items():
        for area, cards in player.items():
            if area in ("fixer", "gigs", "called_legend_this_turn", "sold_this_turn", "street_cred"):
                if cards:
                    lines.append(f"{name} {area}: {cards}")
                continue
            if cards:
                lines.append(f"{name} {area}: " + "; ".join(_card(c) for c in cards))
    for pending in board.get("pending", []):
        lines.append(f"pending: {pending}")
    if board.get("attack"):
        lines.append(f"attack in progress: {board['attack']['attacker']} -> {board['attack']['target']}, "
                     f"next: {board['attack']['step']}")
    for lasting in board.get("lasting_effects", []):
        lines.append(f"lasting: {lasting['card']} from {lasting['from']} until {lasting['until']}: "
                     f"power {lasting['power']:+d}, keywords {lasting['keywords']}, can't {lasting['cant']}")
    verdict = data["verdict"]
    if verdict["losers"]:
        lines.append(f"lost: {', '.join(verdict['losers'])}" + (" (a tie)" if verdict.get("tie") else ""))
    for refusal in verdict["refused"]:
        lines.append(f"refused action {refusal['action']}: {refusal['text']} ({_cites(refusal['cites'])})")
    if verdict.get("follows"):
        lines.append(f"follows: {'; '.join(verdict['follows'])}")
    return lines


def compare(scenario: Path, recorded: dict, data: dict) -> list[str]:
    """`difference(recorded, normalised(scenario, data))`, without copying the ruling when it matches.

    The recorded ruling is plain JSON data; when the current ruling, with its file named as recorded,
    is equal to it as Python values, its JSON round trip is equal too, so nothing differs.
    """
    described = data.get("scenario")
    if isinstance(described, dict) and recorded == {**data, "scenario": {**described, "file": scenario.name}}:
        return []
    return difference(recorded, normalised(scenario, data))


def difference(recorded: dict, current: dict) -> list[str]:
    """A unified diff from the recorded ruling to the current one; empty when they are the same.

    A ruling recorded in another edition is compared without what editions render (rule numbers), so
    the ruling itself is still checked: the same rules cited (by id), the same steps, board and verdict.
    """
    if recorded.get("edition", {}).get("name") != current.get("edition", {}).get("name"):
        recorded, current = edition_free(recorded), edition_free(current)
    if recorded == current:
        return []
    before, after = review_lines(recorded), review_lines(current)
    if before == after:  # a difference the review lines do not show (a rule title, a key): diff the JSON
        before = json.dumps(recorded, indent=1, sort_keys=True).splitlines()
        after = json.dumps(current, indent=1, sort_keys=True).splitlines()
    return list(difflib.unified_diff(before, after, "recorded", "now", n=1, lineterm=""))
