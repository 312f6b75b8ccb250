"""`judgekit ask`: a board stated by typing, the options at that point, and the ruling of the one picked.

The session is a scenario document (what a scenario file holds) and its earlier versions (for `undo`).
After every change it is built and run exactly as `judgekit run` builds and runs a file, and the options
come from the engine's own listing (`judgekit.options.list_options`): nothing here decides a ruling.
`save FILE` writes the document, so the file reproduces the session's ruling.
"""
from __future__ import annotations

import copy

from judgekit.ask import views
from judgekit.ask.answers import NO_WORDS, YES_WORDS, AnswersInWords
from judgekit.ask.card_words import CardsInWords
from judgekit.ask.asked import Asking, a_question, words_within
from judgekit.ask.board import AskError
from judgekit.ask.document import TheDocument, built_text, new_document, scenario_text
from judgekit.ask.facts import FactsInWords
from judgekit.ask.having import HavingAsked
from judgekit.ask.named_targets import NamedTargets
from judgekit.ask.played_out import PlayedOut
from judgekit.ask.react_step import InTheReactStep
from judgekit.ask.shared_names import SharedNames
from judgekit.ask.showing import Showing
from judgekit.ask.stating import StatingTheBoard
from judgekit.ask.this_turn import ThisTurn
from judgekit.ask.typed import answered, mapping, restates, within, written_form
from judgekit.engine.action_kinds import ACTION_KINDS, REACTIONS

COMMANDS = ("options", "do", "board", "ruling", "turn", "phase", "played", "gear", "overtime", "empty-fixer", "undo", "redo",
            "save", "load", "new", "reset", "show", "title", "question", "help", "pass", "done", "quit", "exit")
VIEWS = ("board", "options", "show", "ruling", "help")  # commands that only show, changing nothing
BOARD_COMMANDS = ("gear", "turn", "phase", "played", "overtime", "empty-fixer")  # they state the board before the actions


class Session(StatingTheBoard, InTheReactStep, AnswersInWords, CardsInWords, Asking, TheDocument, Showing, FactsInWords,
              NamedTargets, PlayedOut, SharedNames, HavingAsked, ThisTurn):
    """One `judgekit ask` session: the scenario document, its history, and what the last run gave."""

    def __init__(self, edition: str | None = None):
        from judgekit.rules.book import load_rulebook
        from judgekit.scenario.pool import build_pool
        self.book = load_rulebook()
        self.edition = edition
        self.pool = build_pool([])
        self.doc = new_document(edition)
        self.loaded: tuple[str, dict] | None = None  # the file `load` read, and its document as read
        self.history: list[tuple[dict, str]] = []  # each earlier document, with the command that changed it
        self.undone: list[tuple[dict, str]] = []  # each document `undo` took back, newest last, for `redo`
        self.offered: tuple[list[int], bool] | None = None  # the numbers a line's options were shown by; asked?
        self.typed, self.read_as = "", None  # the command being carried out, and how it was read (see as_written)
        self.chosen: list[str] = []  # the card picked for each name several cards share, told with the reading
        self.line = ""  # the command as read (`phrasing.table_words`)
        self.built = self.data = None
        self.ruled = None  # the engine's result of the last change, still there once it is taken back
        self.told_refusal: tuple[str, str] | None = None  # an answer or reaction refused and taken back: how it was
        # told, and the refusal's own words with its rules
        self.listing: dict | None = None
        self.numbered: list[dict] = []
        self.width: int | None = None  # the terminal's columns, for what is laid out to fit (None: a pipe)
        self._run()

    # --- the document ------------------------------------------------------------------------

    def text(self) -> str:
        """The scenario document as a scenario file."""
        return scenario_text(self.doc)

    def _run(self) -> None:
        """Build and run the document as `judgekit run` does; InputError when it is not a valid scenario."""
        from judgekit.ruling import ruling, run_scenario
        from judgekit.scenario.build import build
        built = build(built_text(self.doc), "<ask>", self.book)
        result = run_scenario(built)
        self.data = ruling(built, result, self.book, self.edition)
        self.built, self.result, self.state = built, result, result.final
        self.listing, self.numbered, self.shown = None, [], False

    def change(self, edit) -> None:
        """Apply `edit(doc)` to a copy; keep it only if the result is a valid scenario (else AskError, unchanged)."""
        from judgekit.scenario.yaml_lines import InputError
        before = copy.deepcopy(self.doc)
        try:
            edit(self.doc)
            self._run()
            self.ruled = self.result  # kept once the change is taken back: what the engine made of it
        except InputError as error:
            self.doc = before
            self._run()
            said = "; ".join(f"{p.field}: {p.message}" if p.field and not p.field.startswith("actions") else p.message
                             for p in error.problems)  # an action's place in the file is no concern of the judge
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
        """Carry out one command line and say what happened (an AskError's message for a command that can't be); a
        change kept forgets what `redo` could put back; the numbers a line's options were shown by hold for the next
        line only (or after a look at the board)."""
        word = line.strip().split(" ", 1)[0].casefold()
        top, offered = (len(self.history), self.history[-1] if self.history else None), self.offered
        if word not in VIEWS or word == "options":
            self.offered = None
        said = self._handled(line, offered)
        if word not in ("undo", "redo") and (len(self.history), self.history[-1] if self.history else None) != top:
            self.undone.clear()
        return said

    def _handled(self, line: str, offered: tuple[list[int], bool] | None) -> str:
        line = line.strip()
        if not line or line.startswith("#"):
            return ""
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        if word.casefold().rstrip(":") in (*self.doc["players"], *COMMANDS):  # `Alice field psycho`: as phones type
            word = word.casefold()
            line = f"{word} {rest}".strip()
        if word.endswith(":") and word[:-1] in self.doc["players"]:  # `alice: field Psycho Squad`
            word = word[:-1]
            line = f"{word} {rest}"
        self.typed, self.read_as, erred, self.chosen = line, None, getattr(self, "erred", None), []
        self.pronoun = None  # `he`, `she`... for the line's player (`phrasing.pronoun_of`)
        if word.casefold() not in VIEWS:  # looking at the board between keeps the error for `undo` to tell
            self.erred = None
        if word in ("quit", "exit"):
            return ""  # the loop that reads the lines ends the session
        try:
            fact = self._fact_said(line) or self._inverted_question(line)  # `psycho has mantis blades`, `is psycho spent`
            if fact is not None:
                line, word = fact, fact.split(" ", 1)[0]
            stated = word.casefold() not in COMMANDS and self._lasting_typed(line) is not None  # before table words
            line = self.line = line if stated else self._table_words(line)
            word, _, rest = line.partition(" ")
            method = getattr(self, f"_cmd_{word.casefold().replace('-', '_')}", None) \
                if word.casefold() in COMMANDS else None
            board_stated = self._states_the_board()
            if board_stated and a_question(self.typed):  # a question changes nothing: `psycho spent?`, `is psycho spent`
                said = self._asked_of_the_board(word, rest.rstrip("?!. ").strip())
                self.erred = (self.typed, "was only asked")
            elif board_stated:
                before = views.outcomes(self.data)
                said = self._player_command(word, rest) if word in self.doc["players"] else \
                    method(rest) if method is not None else self._lasting(line) if stated else \
                    self._card_state(word, rest)
                said = "\n".join([said, *views.ruled_again(before, views.outcomes(self.data))])
            else:
                kept, about = len(self.history), self._asked_about_the_board()
                line = self._answer_typed(line) if about is None else line
                if about is not None:
                    said = about
                elif line.isdigit():
                    said = self._picked(int(line), offered)
                elif word.casefold() == "undo" and erred:  # the error changed nothing: the last change is undone
                    said = f"{self._cmd_undo()}: the last change ({erred[0]!r}, typed after it, {erred[1]} and " \
                        "changed nothing); `redo` puts it back" if self.history else \
                        f"Nothing to undo: {erred[0]!r} {erred[1]} and changed nothing, and nothing was changed before it."
                else:
                    said = method(rest) if method is not None else self._typed_option(line)
                if a_question(self.typed) and len(self.history) > kept:  # asked, ruled on the board now, not kept
                    said = "\n".join([said, self._only_asked(kept)])
                if method is None and len(self.history) == kept:  # a refused answer, a question: nothing changed
                    self.erred = (self.typed, "was only asked" if a_question(self.typed) else "was refused")
        except AskError as error:
            said, self.erred = f"error: {error}", (self.typed, "was an error")
        chosen = f" ({'; '.join(dict.fromkeys(self.chosen))})" if self.chosen else ""
        return f"Read as `{self.read_as}`{chosen}.\n{said}" if self.read_as else said

    def _states_the_board(self) -> bool:
        """Whether the command being carried out states the board (as it was before the actions): a player's area,
        a board command, a card's state (`psycho spent`), or a lasting change on a card (`psycho power -2`)."""
        word, _, rest = self.line.partition(" ")
        return word in self.doc["players"] or word.casefold() in BOARD_COMMANDS or self._states_a_card(word, rest) \
            or (word.casefold() not in COMMANDS and self._lasting_typed(self.line) is not None)

    def _cmd_options(self, rest: str = "") -> str:
        from judgekit.options import list_options
        listing = list_options(self.built, edition=self.edition).as_dict(self.book, self.edition)
        options = listing["options"]
        self.listing, self.shown = listing, self.typed.split(" ", 1)[0].casefold() == "options"
        self.numbered = [o for o in options if o["allowed"]] + [o for o in options if not o["allowed"]]
        if self._waiting() is not None:  # each option as the answer typed (`block: corpo`, `roll_in: d8`)
            meanings = dict(self._choice_waiting()[1]) if self._choice_waiting()[:1] == ("order",) and \
                len(self._choice_waiting()) > 1 else {}  # `client#2`: which pending effect it names
            for option in self.numbered:
                option["typed"] = views.answer_typed(option["action"], self._waiting())
                order = option["action"].get("order") or [None]
                if option["allowed"] and order[-1] in meanings:
                    option["means"] = meanings[order[-1]]
        return "\n".join(views.options_lines(listing, self.numbered))

    def pick(self, number: int, shown: bool = True) -> str:
        """Take option `number` of the listing; `shown`: the judge saw it, for the board as it is now (a number
        typed after a change, or after a listing never shown, would pick from a list nobody read)."""
        if not shown:
            raise AskError("no options are listed for the board as it is now; type `options`, then pick by number")
        if not self.numbered:
            self._cmd_options()
        if not 1 <= number <= len(self.numbered):
            raise AskError(f"there is no option {number}; type `options` to list them (1 to {len(self.numbered)})")
        option, listing = self.numbered[number - 1], self.listing
        if self.typed.isdigit():  # picked by its number: `undo` names the option itself
            self.typed = f"{number} ({views.option_text(option)})"
        return self._take(option["action"], replaces=None if option.get("appends") else listing["replaces"], listed=True)

    def _typed_option(self, line: str) -> str:
        """An option typed instead of its number: the one whose written form contains what was typed."""
        if not self.numbered:
            self._cmd_options()
        line = self._read_as_written(line)
        typed = " ".join(line.casefold().split())
        if typed in YES_WORDS or typed in NO_WORDS or typed in ("may: yes", "may: no", "may: true", "may: false"):
            return self.pick(self._may_answer(typed.removeprefix("may: ") in YES_WORDS))
        keys = mapping(line)
        self._whose_by_a_pronoun(keys or {})
        waiting = self._waiting()
        labelled = self._labelled(keys) if keys and waiting is not None else None
        # `riding nomad attacks gigs` again: the card by its label
        if labelled is not None and restates(labelled, waiting) and within(labelled, waiting):
            step = f", in its {self._attack_step()}" if "attack" in waiting else ""
            raise AskError(f"{line!r} is action {len(self.doc['actions'])}, already taken and still under way{step}: "
                           f"it waits for a choice ({views.gist(self.data['verdict']['awaiting'])}). Answer it "
                           "(`options` lists the answers), or `undo` it to take it again")
        if ":" not in line and (waiting is None or self._in_react_step()):  # words that wrote no action
            self._a_bare_name(line)
        named = self._the_card_named(line) if ":" not in line else None  # `goons`: the card labelled maelstrom
        bare = (named or typed).casefold()
        found = [i for i, o in enumerate(self.numbered, 1) if keys and within(keys, o["action"], waiting)] or \
            [i for i, o in enumerate(self.numbered, 1) if words_within(bare, views.option_text(o).casefold())]
        if len(found) > 1 and keys and "by" not in keys:  # no `by`: the turn player's, as in a scenario file
            turn = self.data["board"]["turn"]
            found = [i for i in found if self.numbered[i - 1]["action"].get("by") == turn] or found
        if len(found) > 1 and keys:  # a flag not typed is off, as in a scenario file (`play: goro` is no GO SOLO)
            found = [i for i in found if not any(value is True for key, value in self.numbered[i - 1]["action"].items()
                                                 if key not in keys)] or found
        if len(found) == 1:
            if ":" not in line and self.read_as is None and (named or line != self.line):
                # `psycho`, `discard psycho`: how it was read
                self.read_as = views.option_text(self.numbered[found[0] - 1])
            return self.pick(found[0])
        if not found and ":" not in line:
            self._a_bare_name(line)
        if keys and "attack" in keys and "target" not in keys and a_question(self.typed) and \
                (asked := self._attacks_asked(keys, found)) is not None:  # `can psycho attack?`
            return asked
        if found:
            listed = [text for i in found[:8] for text in views.option_lines(i, self.numbered[i - 1], marked=True)]
            self.shown = True  # the numbers shown are the listing's, for the board as it is
            self.offered = (found[:8], a_question(self.typed))  # a number picks among them only
            raise AskError(f"{line!r} fits {len(found)} options; pick one by number:\n" + "\n".join(listed))
        if keys is not None and "react" in keys:  # reactions written as in a file, in place of `more: true`
            self._no_choice_waits_in_the_react_step()
            if self._stated_in_react_step():
                return self._resume_stated_attack(keys["react"])
        if keys is not None and any(k in ACTION_KINDS or k in REACTIONS for k in keys):
            return self._typed_action(keys, line)
        whole_order = self._whole_order(keys)
        if whole_order is not None:
            return whole_order
        if keys is not None and list(keys) == ["steal"] and (waiting is None or self._choice_waiting()[:1] != ("steal",)):
            raise AskError(f"{line!r} answers the choice of Gigs to steal, and none waits now: the attacking player "
                           "chooses them in an attack's Steal Step (9.23.3)" +
                           ("; the last attack's was answered already: `undo` takes it back" if self.doc["actions"]
                            and self.doc["actions"][-1].get("steal") else ""))
        if keys is not None and waiting is not None and not any(" " in str(key) for key in keys):
            # an answer outside the options: ruled on all the same
            return self._take(answered(waiting, keys), replaces=len(self.doc["actions"]))
        self._no_card_named(line)
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
        keys = self._played_as_a_reaction(keys, in_attack)
        if any(k in REACTIONS for k in keys) and in_attack:
            return self._react(keys, waiting)
        if any(k in REACTIONS for k in keys) and self._stated_in_react_step():
            return self._resume_stated_attack([keys, {"more": True}])
        keys = self._by_its_holder(self._gear_as_its_host(keys))
        if "concede" in keys:  # 1.16: at any time, a choice waiting or not; added after it
            return self._take(keys, replaces=None)
        reaction = next((k for k in keys if k in REACTIONS and k not in ACTION_KINDS), None)
        if reaction is not None:
            card, turn = keys[reaction], self.state.turn
            holder = self.state.locate(card)[0] if card in self.state.cards else keys.get("by")
            if holder is not None and holder != turn:
                raise AskError(f"No: on {turn}'s turn {holder} reacts only in the React Step of {turn}'s attack (9.7.1; "
                               "[QUICK] answers a rival Unit's attack), and no attack waits for a reaction now")
            raise AskError(f"`{reaction}:` is a reaction, taken by the defending player in the React Step of a rival's "
                           f"attack (9.7.1); no attack waits for one now" +
                           (f". In the Main Phase a [QUICK] effect is used as any other: `{self._main_phase_form(card)}`"
                            if reaction == "quick" and card else ""))
        if in_attack and self._in_react_step():
            raise AskError(f"No: {line!r} can't be taken now: an attack is under way and the ruling waits in it; in "
                           "its React Step only the defending player acts, and only with reactions (9.7.1: "
                           "`block: LABEL`, `quick: LABEL` or `call: LABEL`); take one of the `options`, or `undo` "
                           "the attack")
        if in_attack:
            raise AskError(f"No: {line!r} can't be taken now: the attack of action {len(self.doc['actions'])} is "
                           f"under way, in its {self._attack_step()}, and waits for a choice: "
                           f"{views.gist(self.data['verdict']['awaiting'])} ({views.cites(self.data['steps'][-1]['cites'])})"
                           "; nothing else is done until it is made. Answer it (`options` lists the answers), or "
                           "`undo` the attack")
        if waiting is not None and restates(self._labelled(keys), waiting) and "targets" in keys and "may" not in keys:
            return self._take_with_targets(keys, replaces=len(self.doc["actions"]))  # the 'may' waiting, with a target
        if waiting is not None:
            raise AskError(f"{line!r} can't be taken now: action {len(self.doc['actions'])} is still resolving and "
                           f"waits for a choice ({views.gist(self.data['verdict']['awaiting'])}); nothing else is "
                           "done until it is answered (10.2.3, 10.11.1). Answer it (`options` lists the answers), "
                           "or `undo` it")
        return self._take_with_targets(keys, replaces=None)

    def _cmd_do(self, rest: str) -> str:
        """An action written as a scenario file writes it (`do attack: psycho, target: gig-area`), or in words."""
        typed, rest = rest, self._read_as_written(self._table_words(rest))
        action = mapping(rest)
        verb, _, words = rest.partition(" ")
        if (action is None or list(action.values()) == [None]) and \
                (verb.casefold() in ACTION_KINDS or verb.casefold() in REACTIONS):
            raise AskError(f"write the action with a colon, as in a scenario file: "
                           f"{written_form(verb.casefold(), words.strip())}")
        if action is not None and list(action) == ["attack"] and ":" not in typed:  # `do attack psycho`: no target
            raise AskError(f"write the action with a colon, as in a scenario file: "
                           f"{written_form('attack', str(action['attack']))}")
        if action is None:
            raise AskError("write the action as in a scenario file, e.g. `do play: psycho` or "
                           "`do attack: psycho, target: gig-area`")
        waiting = self._waiting()
        if waiting is not None and restates(action, waiting):
            return self._take(action, replaces=len(self.doc["actions"]))
        return self._typed_action(action, rest)

    def _take(self, action: dict, replaces: int | None, listed: bool = False) -> str:
        """Add the action (or let it replace the action waiting for a choice), run, and give its ruling; a
        refusal the replaced action already had (in a file loaded so) is not told again, and an answer or a
        reaction the engine refuses is told and taken back, so the choice or the React Step still waits. An action
        refused for its target says whether another target would do (`_another_target`)."""
        action = action if listed else self._labelled(action)  # an option listed names each card by its label
        told = sum(1 for r in self.data["verdict"]["refused"] if r["action"] == replaces) if replaces else 0
        before = views.step_texts(self.data, replaces) if replaces else []
        disputed = frozenset(f["recorded_in"] for f in self.data["verdict"].get("disputed", []))

        def edit(doc):
            if replaces is not None:
                doc["actions"][replaces - 1] = action
            else:
                doc["actions"].append(action)
        listed, board_before, another = (self.listing, self.numbered, self.shown), self.data["board"], None
        start = self.result.initial if replaces == 1 else self.state  # the board the result is told against
        allowed_before = replaces is not None and self.data["actions"][replaces - 1]["allowed"]
        self.change(edit)
        if replaces is not None:  # an answer or a reaction refused is told and not taken: the choice still waits
            refused = [r for r in self.data["verdict"]["refused"] if r["action"] == replaces]
            whole = allowed_before and not self.data["actions"][replaces - 1]["allowed"]
            if refused and (len(refused) > told or whole):
                self._take_back()
                said = next((r for r in refused if "reaction" not in r), refused[-1]) if whole else refused[-1]
                what = "reaction" if "reaction" in said else "answer"
                words = f"{said['text']} ({views.cites(said['cites'])})."
                told = f"That {what} is refused: {words} It is not taken; " \
                       f"{'the React Step' if self._in_react_step() else 'the choice'} still waits (`options` lists " \
                       "the answers)."
                self.told_refusal = (told, words)
                return told
        if replaces is None and not self.data["actions"][-1]["allowed"] and self.data["board"] == board_before:
            self.listing, self.numbered, self.shown = listed  # a refused action changed nothing: the listing holds
            another = self._another_target(action)
        after = views.step_texts(self.data, replaces) if replaces else []
        known = next((i for i, (a, b) in enumerate(zip(before, after)) if a != b), min(len(before), len(after)))
        said = "\n".join(([] if self.data["verdict"]["awaiting"] else [self._result_line(start)]) +
                         views.ruling_lines(self.data, told=told, known=known if known > 1 else 0,
                                            disputes_told=disputed) + ([another] if another else []))
        if self._in_react_step():
            said = said.replace(views.SEE_OPTIONS, views.SEE_OPTIONS[:-1] + ", or `pass` to end the React Step)")
        elif "('you may')" in (self.data["verdict"]["awaiting"] or ""):
            said = said.replace(views.SEE_OPTIONS, views.SEE_OPTIONS[:-1] + ", or `yes` / `no`)")
        return said

    def _attack_step(self) -> str:
        """The step of the attack under way the ruling waits in (`Steal Step`), as the board has it."""
        step = (self.data["board"].get("attack") or {}).get("step") or "next"
        return f"{step.replace('_', ' ').title()} Step"

    def _waiting(self) -> dict | None:
        """The action the ruling waits in for a choice (the last one), if it waits."""
        return self.doc["actions"][-1] if self.data["verdict"]["awaiting"] and self.doc["actions"] else None
