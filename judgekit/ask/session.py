"""`judgekit ask`: a board stated by typing, the options at that point, and the ruling of the one picked.

The session is a scenario document (what a scenario file holds) and its earlier versions (for `undo`).
After every change it is built and run exactly as `judgekit run` builds and runs a file, and the options
come from the engine's own listing (`judgekit.options.list_options`): nothing here decides a ruling.
`save FILE` writes the document, so the file reproduces the session's ruling.
"""
from __future__ import annotations

import copy
from pathlib import Path

import yaml

from judgekit.ask import board, views
from judgekit.ask.board import AskError
from judgekit.ask.typed import answered, mapping, restates, within, written_form
from judgekit.engine.action_kinds import ACTION_KINDS, REACTIONS
from judgekit.plural import counted

DEFAULT_DECK = 20  # cards each player starts with in the deck, so that a turn passing doesn't end the game
COMMANDS = ("options", "do", "board", "ruling", "turn", "phase", "played", "gear", "overtime", "empty-fixer", "undo",
            "save", "load", "show", "title", "question", "help", "quit", "exit")
PHASES = ("setup", "start", "main", "end")
BOARD_COMMANDS = ("gear", "turn", "phase", "played", "overtime", "empty-fixer")  # they state the board before the actions
ONCE_PER_TURN = {"called": "called_legend_this_turn", "sold": "sold_this_turn"}  # `alice called`, `alice sold`
HELP = """Commands (card names may be typed in part: `goro` offers the three Goro Takemura cards):
  alice field Psycho Squad [spent|ready] [lag] [face-down|face-up] [as LABEL]   a card in an area: hand, field, legends,
                                                                  trash, removed, deck (on top)
  gear Mantis Blades on LABEL [as L]  equip a Gear to a card on the board
  alice eddies 3 [spent 2]        alice deck 10        alice gigs d6=3 d8=4        alice fixer d4 d10
  turn bob                        whose turn it is        phase start|main|end|setup   where in the turn
  alice called · alice sold       she has already Called a Legend / sold a card this turn
  played LABEL                    that card was played this turn (a lagging Unit in a field counts already)
  overtime [off] · empty-fixer N  the game is in overtime (1.11) · N turns in a row began with both fixer areas empty
  options                         what may be done now, each allowed or refused with the rule that decides
  3  (or the option typed)        take option 3, and get the ruling at once
  do sell: psycho                 take an action written as in a scenario file
                                  (`do attack: psycho, target: gig-area`, `do attack: psycho, target: corpo`)
  board · ruling · show           the board now · the whole last ruling · the scenario so far, as YAML
  undo · save FILE · load FILE    take back the last change · write the scenario · start from a scenario file
  title TEXT · question TEXT · help · quit"""


def new_document() -> dict:
    return {"scenario": "Asked at the table", "players": {"alice": {"deck": DEFAULT_DECK}, "bob": {"deck": DEFAULT_DECK}},
            "turn": "alice", "actions": []}


class Session:
    """One `judgekit ask` session: the scenario document, its history, and what the last run gave."""

    def __init__(self, edition: str | None = None):
        from judgekit.rules.book import load_rulebook
        from judgekit.scenario.pool import build_pool
        self.book = load_rulebook()
        self.edition = edition
        self.pool = build_pool([])
        self.doc = new_document()
        if edition is not None:  # so that a saved session is numbered as the session was
            self.doc = {"scenario": self.doc.pop("scenario"), "edition": edition, **self.doc}
        self.history: list[tuple[dict, str]] = []  # each earlier document, with the command that changed it
        self.typed = ""  # the command being carried out
        self.built = self.data = None
        self.listing: dict | None = None
        self.numbered: list[dict] = []
        self._run()

    # --- the document ------------------------------------------------------------------------

    def text(self) -> str:
        """The scenario document as a scenario file."""
        return yaml.safe_dump(self.doc, sort_keys=False, allow_unicode=True, width=100)

    def _run(self) -> None:
        """Build and run the document as `judgekit run` does; InputError when it is not a valid scenario."""
        from judgekit.ruling import ruling, run_scenario
        from judgekit.scenario.build import build
        built = build(self.text(), "<ask>", self.book)
        self.data = ruling(built, run_scenario(built), self.book, self.edition)
        self.built, self.listing, self.numbered = built, None, []

    def change(self, edit) -> None:
        """Apply `edit(doc)` to a copy; keep it only if the result is a valid scenario (else AskError, unchanged)."""
        from judgekit.scenario.yaml_lines import InputError
        before = copy.deepcopy(self.doc)
        try:
            edit(self.doc)
            self._run()
        except InputError as error:
            self.doc = before
            self._run()
            said = "; ".join(f"{p.field}: {p.message}" if p.field else p.message for p in error.problems)
            if self._states_the_board() and any(p.field.startswith("actions") for p in error.problems):
                said = (f"with this, the actions already taken no longer fit the board ({said}); the board is "
                        "stated as it was before them: `undo` them first, then state it")
            raise AskError(said) from None
        except AskError:
            self.doc = before
            raise
        self.history.append((before, self.typed))

    # --- commands ----------------------------------------------------------------------------

    def handle(self, line: str) -> str:
        """Carry out one command line and say what happened (an AskError's message for a command that can't be)."""
        line = line.strip()
        if not line or line.startswith("#"):
            return ""
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        self.typed = line
        if word in ("quit", "exit"):
            return ""  # the loop that reads the lines ends the session
        method = getattr(self, f"_cmd_{word.casefold().replace('-', '_')}", None) \
            if word.casefold() in COMMANDS else None
        try:
            if self._states_the_board():
                before = views.outcomes(self.data)
                said = self._player_command(word, rest) if word in self.doc["players"] else method(rest)
                return "\n".join([said, *views.ruled_again(before, views.outcomes(self.data))])
            if line.isdigit():
                return self.pick(int(line))
            if method is not None:
                return method(rest)
            return self._typed_option(line)
        except AskError as error:
            return f"error: {error}"

    def _states_the_board(self) -> bool:
        """Whether the command being carried out states the board (as it was before the actions)."""
        word = self.typed.split(" ", 1)[0]
        return word in self.doc["players"] or word.casefold() in BOARD_COMMANDS

    def _player_command(self, player: str, rest: str) -> str:
        words = rest.split()
        if not words:
            raise AskError(f"after {player!r} write an area and a card (`{player} field Psycho Squad`), or "
                           f"`eddies`, `deck`, `gigs` or `fixer`")
        area, args = words[0].casefold(), words[1:]
        if area in ONCE_PER_TURN and not args:
            self.change(lambda doc: doc["players"][player].__setitem__(ONCE_PER_TURN[area], True))
            return f"{player} has {'Called a Legend' if area == 'called' else 'sold a card'} this turn."
        if area == "eddies":
            said = []
            self.change(lambda doc: said.append(board.set_eddies(doc["players"][player], args)))
            return f"{player}: {said[0]}."
        if area == "deck" and len(args) == 1 and args[0].lstrip("-").isdigit():
            if args[0].startswith("-"):
                raise AskError(f"a deck holds 0 cards or more; write `{player} deck 10`")
            said = []
            self.change(lambda doc: said.append(board.set_deck_count(doc["players"][player], int(args[0]))))
            return f"{player}: {said[0]}."
        if area in ("gigs", "fixer"):
            said = []
            self.change(lambda doc: said.append(board.set_dice(doc["players"][player], area, args)))
            return f"{player}: {said[0]}."
        if area not in board.CARD_AREAS:
            raise AskError(f"{words[0]!r} is not an area; write one of {', '.join(board.CARD_AREAS)}, or "
                           "eddies, gigs, fixer")
        name_words, flags, label = board.split_flags(args)
        full = self.card_name(" ".join(name_words))
        placed = []
        self.change(lambda doc: placed.append(board.place(doc, player, area, full, flags, label)))
        extra = "".join(f", {k.replace('_', '-')}: {str(v).lower()}" for k, v in flags.items())
        return f"{player}: {full} [{placed[0]}] in the {area}{extra}."

    def card_name(self, typed: str) -> str:
        """The full name of the card typed, as scenarios resolve names; AskError listing candidates if unclear."""
        if not typed:
            raise AskError("which card? type its name, or its start")
        match = self.pool.match(typed)
        if match.found is None:
            raise AskError(match.problem())
        return match.found

    def _cmd_gear(self, rest: str) -> str:
        name, sep, host = rest.rpartition(" on ")
        if not sep:
            raise AskError("write `gear GEAR on LABEL` (the label of the card to carry it)")
        words, _, label = board.split_flags(name.split())
        host_words = host.split()
        if label is None and len(host_words) == 3 and host_words[1].casefold() == "as":  # `gear X on HOST as L`
            host, label = host_words[0], host_words[2]
        full = self.card_name(" ".join(words))
        placed = []
        self.change(lambda doc: placed.append(board.equip(doc, full, host.strip(), label)))
        return f"{placed[0][1]}: {full} [{placed[0][0]}] equipped to {host.strip()}."

    def _cmd_turn(self, rest: str) -> str:
        rest = next((p for p in self.doc["players"] if p.casefold() == rest.casefold()), rest)
        if rest not in self.doc["players"]:
            raise AskError(f"whose turn? one of {', '.join(self.doc['players'])}")
        self.change(lambda doc: doc.__setitem__("turn", rest))
        return f"It is {rest}'s turn."

    def _cmd_phase(self, rest: str) -> str:
        if rest.casefold() not in PHASES:
            raise AskError(f"which phase? one of {', '.join(PHASES)} (a React Step is part of an attack: take the "
                           "attack, and its React Step waits for the defending player)")
        self.change(lambda doc: doc.__setitem__("phase", rest.casefold()))
        return f"It is {self.doc['turn']}'s {rest.casefold()} phase."

    def _cmd_played(self, rest: str) -> str:
        if rest not in board.labels_in(self.doc):
            raise AskError("which card? write the label of a card on the board (`played psycho`)")
        self.change(lambda doc: doc.setdefault("this_turn", {}).setdefault("played", []).append(rest))
        return f"{rest} was played this turn."

    def _cmd_overtime(self, rest: str) -> str:
        """1.11: in overtime a player with 7 Gigs wins at once."""
        if rest.casefold() not in ("", "on", "off"):
            raise AskError("write `overtime` (the game is in overtime) or `overtime off`")
        on = rest.casefold() != "off"
        self.change(lambda doc: doc.__setitem__("overtime", on))
        return "The game is in overtime (1.11): 7 Gigs win at once." if on else "The game is not in overtime."

    def _cmd_empty_fixer(self, rest: str) -> str:
        """1.11.1: overtime begins when the second turn in a row that began with both fixer areas empty ends."""
        if rest not in ("0", "1", "2"):
            raise AskError("how many turns in a row, this one included, began with both fixer areas empty? "
                           "`empty-fixer 0`, `1` or `2`")
        self.change(lambda doc: doc.__setitem__("empty_fixer_starts", int(rest)))
        return f"{counted(int(rest), 'turn')} in a row began with both fixer areas empty (1.11.1)."

    def _cmd_title(self, rest: str) -> str:
        self.change(lambda doc: doc.__setitem__("scenario", rest or "Asked at the table"))
        return "Title set."

    def _cmd_question(self, rest: str) -> str:
        self.change(lambda doc: doc.__setitem__("question", rest))
        return "Question set."

    def _cmd_options(self, rest: str = "") -> str:
        from judgekit.options import list_options
        listing = list_options(self.built, edition=self.edition).as_dict(self.book, self.edition)
        options = listing["options"]
        self.listing = listing
        self.numbered = [o for o in options if o["allowed"]] + [o for o in options if not o["allowed"]]
        return "\n".join(views.options_lines(listing, self.numbered))

    def pick(self, number: int) -> str:
        if not self.numbered:
            self._cmd_options()
        if not 1 <= number <= len(self.numbered):
            raise AskError(f"there is no option {number}; type `options` to list them (1 to {len(self.numbered)})")
        option, listing = self.numbered[number - 1], self.listing
        if self.typed.isdigit():  # picked by its number: `undo` names the option itself
            self.typed = f"{number} ({views.option_text(option)})"
        return self._take(option["action"], replaces=None if option.get("appends") else listing["replaces"])

    def _typed_option(self, line: str) -> str:
        """An option typed instead of its number: the one whose written form contains what was typed."""
        if not self.numbered:
            self._cmd_options()
        typed = " ".join(line.casefold().split())
        keys = mapping(line)
        found = [i for i, o in enumerate(self.numbered, 1) if keys and within(keys, o["action"])] or \
            [i for i, o in enumerate(self.numbered, 1) if typed in views.option_text(o).casefold()]
        if len(found) > 1 and keys and "by" not in keys:  # no `by`: the turn player's, as in a scenario file
            turn = self.data["board"]["turn"]
            found = [i for i in found if self.numbered[i - 1]["action"].get("by") == turn] or found
        if len(found) == 1:
            return self.pick(found[0])
        if found:
            listed = "; ".join(f"{i}. {views.option_text(self.numbered[i - 1])}" for i in found[:8])
            raise AskError(f"{line!r} fits {len(found)} options ({listed}); pick one by number")
        if keys is not None and any(k in ACTION_KINDS or k in REACTIONS for k in keys):
            return self._typed_action(keys, line)
        waiting = self._waiting()
        if keys is not None and waiting is not None:  # an answer outside the options: ruled on all the same
            said = self._take(answered(waiting, keys), replaces=len(self.doc["actions"]))
            refused = self.data["verdict"]["refused"]
            if self.data["actions"][-1]["allowed"] or not refused:
                return said
            self._take_back()  # a refused answer is told, not taken: the choice still waits
            return (f"That answer is refused: {refused[-1]['text']} ({views.cites(refused[-1]['cites'])}). It is not "
                    "taken; the choice still waits (`options` lists the answers).")
        verb, _, rest = line.partition(" ")
        verb = verb.casefold()
        if verb in ACTION_KINDS or verb in REACTIONS:
            raise AskError(f"{line!r} is not an option now; write an action as in a scenario file, with a colon: "
                           f"{written_form(verb, rest.strip())} (`options` lists them)")
        raise AskError(f"{line!r} is neither a command nor an option now; type `help`, or `options`")

    def _typed_action(self, keys: dict, line: str) -> str:
        """An action or a reaction typed that is not among the options: ruled on all the same, so that the judge
        gets its refusal and the rule that decides. A reaction joins the attack waiting in its React Step."""
        waiting = self._waiting()
        in_attack = waiting is not None and ("attack" in waiting or "resume_attack" in waiting)
        if any(k in REACTIONS for k in keys) and in_attack:
            attack = dict(waiting)
            attack["react"] = [r for r in attack.get("react") or [] if r != {"more": True}] + [keys, {"more": True}]
            return self._take(attack, replaces=len(self.doc["actions"]))
        keys = self._by_its_holder(keys)
        if "concede" in keys:  # 1.16: at any time, a choice waiting or not; added after it
            return self._take(keys, replaces=None)
        reaction = next((k for k in keys if k in REACTIONS and k not in ACTION_KINDS), None)
        if reaction is not None:
            card = keys[reaction]
            raise AskError(f"`{reaction}:` is a reaction, taken by the defending player in the React Step of a rival's "
                           f"attack (9.7.1); no attack waits for one now" +
                           (f". In the Main Phase a [QUICK] card is played as any other: `play: {card}`"
                            if reaction == "quick" else ""))
        if in_attack:
            raise AskError(f"{line!r} can't be taken now: an attack is under way and the ruling waits in it; take "
                           "one of the `options` (in a React Step the defending player reacts, 9.7.1: "
                           "`block: LABEL`, `quick: LABEL` or `call: LABEL`), or `undo` the attack")
        if waiting is not None:
            raise AskError(f"{line!r} can't be taken now: action {len(self.doc['actions'])} is still resolving and "
                           f"waits for a choice ({views.gist(self.data['verdict']['awaiting'])}); nothing else is "
                           "done until it is answered (10.2.3, 10.11.1). Answer it (`options` lists the answers), "
                           "or `undo` it")
        return self._take(keys, replaces=None)

    def _cmd_do(self, rest: str) -> str:
        """An action written as a scenario file writes it (`do attack: psycho, target: gig-area`)."""
        action = mapping(rest)
        if action is None:
            raise AskError("write the action as in a scenario file, e.g. `do play: psycho` or "
                           "`do attack: psycho, target: gig-area`")
        waiting = self._waiting()
        if waiting is not None and restates(action, waiting):
            return self._take(action, replaces=len(self.doc["actions"]))
        return self._typed_action(action, rest)

    def _take(self, action: dict, replaces: int | None) -> str:
        """Add the action (or let it replace the action waiting for a choice), run, and give its ruling; a
        refusal the replaced action already had (a reaction refused earlier in the same React Step) is not told
        again."""
        told = sum(1 for r in self.data["verdict"]["refused"] if r["action"] == replaces) if replaces else 0
        before = views.step_texts(self.data, replaces) if replaces else []

        def edit(doc):
            if replaces is not None:
                doc["actions"][replaces - 1] = action
            else:
                doc["actions"].append(action)
        self.change(edit)
        after = views.step_texts(self.data, replaces) if replaces else []
        known = next((i for i, (a, b) in enumerate(zip(before, after)) if a != b), min(len(before), len(after)))
        return "\n".join(views.ruling_lines(self.data, told=told, known=known if known > 1 else 0))

    def _waiting(self) -> dict | None:
        """The action the ruling waits in for a choice (the last one), if it waits."""
        return self.doc["actions"][-1] if self.data["verdict"]["awaiting"] and self.doc["actions"] else None

    def _take_back(self) -> str:
        """Put the document back as it was before the last change, and say which command made that change."""
        self.doc, typed = self.history.pop()
        self._run()
        return typed

    def _by_its_holder(self, keys: dict) -> dict:
        """An action on a card typed without `by:`, the card in the hand, field or Legends of the player whose turn
        it isn't: taken by that player (a scenario's default is the turn player), so the ruling is about what that
        player may do now, not that the card is not the turn player's."""
        kind = next((k for k in keys if k in ACTION_KINDS), None)
        if kind is None or "by" in keys or not isinstance(keys[kind], str):
            return keys
        board_now = self.data["board"]
        holders = [name for name, player in board_now["players"].items() if name != board_now["turn"]
                   and any(card["label"] == keys[kind] for area in ("hand", "field", "legends")
                           for card in player.get(area, []))]
        return {**keys, "by": holders[0]} if holders else keys

    def _cmd_board(self, rest: str = "") -> str:
        return "\n".join(views.board_lines(self.data))

    def _cmd_ruling(self, rest: str = "") -> str:
        numbers = [a["n"] for a in self.data["actions"]]
        return "\n".join(views.ruling_lines(self.data, numbers)) if numbers else "No action taken yet."

    def _cmd_show(self, rest: str = "") -> str:
        return self.text().rstrip("\n")

    def _cmd_undo(self, rest: str = "") -> str:
        if not self.history:
            raise AskError("nothing to undo")
        return f"Undone: {self._take_back()}"

    def _cmd_save(self, rest: str) -> str:
        if not rest:
            raise AskError("write `save FILE`")
        path = Path(rest).expanduser()
        try:
            path.write_text("# written by `judgekit ask`; `judgekit run` on it gives the session's ruling\n"
                            + self.text(), encoding="utf-8")
        except OSError as error:
            raise AskError(f"cannot write {rest}: {error.strerror or error}") from None
        return f"Saved to {path} ({counted(len(self.doc['actions']), 'action')}): `judgekit run {path}` gives this ruling."

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
        done = len(self.doc["actions"])
        return f"Loaded {rest}: {self.doc['scenario']} ({counted(done, 'action')})." + \
            ("\n" + "\n".join(views.ruling_lines(self.data)) if done else "")

    def _cmd_help(self, rest: str = "") -> str:
        return HELP

    def names(self) -> list[str]:
        """Every card name of the pool, for completion."""
        return list(self.pool.by_full_name)
