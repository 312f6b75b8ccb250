"""`judgekit ask`'s document as a file: `show` it, `save` it, `load` one, start a `new` one, `undo` a change (and `redo` it). A file
loaded and then changed is saved without what no longer fits it: the expectations that fail on it now (and the
question they answered), and its title is marked as changed, so the saved file passes its own `judgekit run`.
"""
from __future__ import annotations

import copy
from pathlib import Path

import yaml

from judgekit import yaml_data
from judgekit.ask import views
from judgekit.ask.board import AskError
from judgekit.plural import counted


DEFAULT_DECK = 20  # cards each player starts with in the deck, so that a turn passing doesn't end the game
ABOUT = ("scenario", "question", "expect", "tags", "source")  # what says what a file is about, not the board


def scenario_text(doc: dict) -> str:
    """A document as the scenario file `show` prints and `save` writes (PyYAML's own emitter: any printable
    character, emoji included, is written as it is)."""
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=100)


def built_text(doc: dict) -> str:
    """A document as the text a change is built from, as `judgekit run` builds a file: `yaml_data.dump` (libyaml's
    emitter where PyYAML has it, about 5x faster and reading back the same data; it escapes characters beyond
    U+FFFF, such as emoji, which is why `show` and `save` write with `scenario_text` instead)."""
    return yaml_data.dump(doc, width=100)


def new_document(edition: str | None = None) -> dict:
    """An empty board, alice's turn; numbered as `edition` when one is given (so a saved session is numbered as the
    session was)."""
    return {"scenario": "Asked at the table", **({"edition": edition} if edition is not None else {}),
            "players": {"alice": {"deck": DEFAULT_DECK}, "bob": {"deck": DEFAULT_DECK}}, "turn": "alice", "actions": []}


class TheDocument:
    """The file commands of `judgekit ask`'s Session (which provides `doc`, `history`, `edition`, `data`, `change`,
    `_run` and `text`)."""

    def _take_back(self) -> str:
        """Put the document back as it was before the last change, and say which command made that change."""
        self.doc, typed = self.history.pop()
        self._run()
        return typed

    def _cmd_undo(self, rest: str = "") -> str:
        """Take back the last change, kept for `redo`."""
        if not self.history:
            raise AskError("nothing to undo")
        doc, actions = self.doc, self.data["actions"]
        refused = len(actions) == len(self.history[-1][0]["actions"]) + 1 and not actions[-1]["allowed"]
        typed = self._take_back()
        self.undone.append((doc, typed))
        return f"Undone: {typed}" + (f" (refused, it had changed nothing on the board; it is no longer action "
                                     f"{len(actions)})" if refused else "")

    def _cmd_redo(self, rest: str = "") -> str:
        """Put back the change the last `undo` took back (until a new change is made)."""
        if not self.undone:
            raise AskError("nothing to redo: `redo` puts back what `undo` took back, until another change is made")
        doc, typed = self.undone.pop()
        self.history.append((self.doc, typed))
        self.doc = doc
        self._run()
        return f"Redone: {typed}"

    def _cmd_show(self, rest: str = "") -> str:
        return self.text().rstrip("\n")

    def _cmd_new(self, rest: str = "") -> str:
        """A fresh board (alice's turn, 20 unknown cards in each deck); `undo` brings back the one before."""
        self.change(lambda doc: (doc.clear(), doc.update(new_document(self.edition))))
        self.loaded = None
        return "A new board: nothing stated yet, alice's turn (`undo` brings back the board before)."

    _cmd_reset = _cmd_new

    def _cmd_save(self, rest: str) -> str:
        if not rest:
            raise AskError("write `save FILE`")
        path = Path(rest).expanduser()
        doc, dropped = self._as_saved()
        try:
            path.write_text("# written by `judgekit ask`; `judgekit run` on it gives the session's ruling\n"
                            + scenario_text(doc), encoding="utf-8")
        except OSError as error:
            raise AskError(f"cannot write {rest}: {error.strerror or error}") from None
        return f"Saved to {path} ({counted(len(self.doc['actions']), 'action')}): `judgekit run {path}` gives this " \
               "ruling." + (f" {dropped}" if dropped else "")

    def _as_saved(self) -> tuple[dict, str]:
        """The document to save, and what was left out of the file loaded, said; a file loaded and changed (its
        board or actions) keeps only the expectations that still hold, and its title says it was changed."""
        if self.loaded is None:
            return self.doc, ""
        name, loaded = self.loaded
        if all(self.doc.get(k) == loaded.get(k) for k in set(self.doc) | set(loaded) if k not in ABOUT):
            return self.doc, ""
        doc, said = copy.deepcopy(self.doc), []
        if doc.get("scenario") == loaded.get("scenario"):
            doc["scenario"] = f"{loaded.get('scenario')} (changed in judgekit ask)"
            said.append("its title is marked as changed")
        if doc.get("contested") or doc.get("disputed"):  # its readings were recorded on the board it had
            doc.pop("contested", None)
            doc.pop("disputed", None)
            said.append("its contested readings dropped (they were recorded on the board as loaded)")
        failing = sorted({f["field"].split(".")[1] for f in self.data["verdict"]["expectations"].get("failures", [])
                          if f["field"].startswith("expect.")})
        if self.data["verdict"]["expectations"]["checked"] and not self.data["verdict"]["expectations"]["passed"]:
            kept = {k: v for k, v in (doc.get("expect") or {}).items() if k not in failing}
            if kept and self._holds(doc, kept):
                doc["expect"] = kept
                said.append(f"expect: {', '.join(failing)} dropped (they fail on the actions now)")
            else:
                doc.pop("expect", None)
                said.append("its `expect:` dropped (it fails on the actions now)")
            if doc.get("question") == loaded.get("question"):
                doc.pop("question", None)
                said.append("its question dropped (it asked what those expectations answered)")
        return doc, f"The file loaded ({name}) was changed: {'; '.join(said)}." if said else ""

    def _holds(self, doc: dict, expect: dict) -> bool:
        """Whether the document, with these expectations, passes them."""
        from judgekit.ruling import ruling, run_scenario
        from judgekit.scenario.build import build
        from judgekit.scenario.yaml_lines import InputError
        try:
            built = build(built_text({**doc, "expect": expect}), "<ask>", self.book)
        except InputError:
            return False
        return ruling(built, run_scenario(built), self.book, self.edition)["verdict"]["expectations"]["passed"]

    def _cmd_load(self, rest: str) -> str:
        from judgekit.scenario.yaml_lines import InputError, read_text
        try:
            data = yaml.safe_load(read_text(rest))
        except InputError as error:
            raise AskError(f"cannot read {rest!r} as a scenario: {error.problems[0].message}") from None
        except (OSError, yaml.YAMLError) as error:
            raise AskError(f"cannot read {rest!r} as a scenario: {error}") from None
        if not isinstance(data, dict) or "players" not in data:
            raise AskError(f"{rest!r} is not a scenario file (no `players:`)")
        data.setdefault("actions", [])
        self.change(lambda doc: (doc.clear(), doc.update(data)))
        self.doc["actions"] = self.doc.get("actions") or []
        self.loaded = (rest, copy.deepcopy(self.doc))
        done = len(self.doc["actions"])
        return f"Loaded {rest}: {self.doc['scenario']} ({counted(done, 'action')})." + \
            ("\n" + "\n".join(views.ruling_lines(self.data)) if done else "")
