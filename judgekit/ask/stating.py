"""`judgekit ask`'s commands that state the board as it was before the actions: a card in an area, a Gear on
its host, whose turn and which phase, what was done already this turn, overtime, a lasting change an earlier effect
gave a card (`johnny power -8 this turn from floor it by bob`: the scenario format's `lasting:`). Each edits the
session's scenario document through `Session.change`, so a statement that makes no valid scenario is refused and
leaves it as it was.
"""
from __future__ import annotations

from judgekit.ask import board, card_lists
from judgekit.ask.asked import a_question
from judgekit.ask.board import AskError
from judgekit.ask.lasting import SIGNED, SURE_STARTS, UNSURE_STARTS, read_change
from judgekit.ask.phrasing import one_close
from judgekit.ask.this_turn import ONCE_PER_TURN
from judgekit.ask.views import change_words
from judgekit.engine.state import IN_PLAY_AREAS, duration_words
from judgekit.plural import counted

PHASES = ("setup", "start", "main", "end")
AREA_WORDS = (*board.CARD_AREAS, "eddies", "gigs", "fixer", *ONCE_PER_TURN)  # what follows a player's name


class StatingTheBoard:
    """The board-stating commands of `judgekit ask`'s Session (which provides `doc`, `pool` and `change`)."""

    def _player_command(self, player: str, rest: str) -> str:
        """`alice field psycho`, `alice eddies 3`, `alice gigs d6=3`; written as people write them too: `alice hand
        floor it, detonate` (each card in turn, unless the whole is one name: Three Mouths, One Desire), `alice has 3
        eddies`, `bob gigs d6 3`, `bob gigs d6=3, d8=4`."""
        words = rest.replace(",", " , ").split()
        folded = [w.casefold() for w in words]
        if len(words) == 3 and folded[0] in ("has", "have") and folded[2] in ("eddies", "eddie", "€$") and \
                words[1].isdigit():  # `alice has 3 eddies`
            rest = f"eddies {words[1]}"
        elif folded[:1] == ["gigs"]:  # `bob gigs d6 3`, `d6=3, d8=4`, `d6 = 3`
            rest = "gigs " + board.gig_words(words[1:])
        elif folded[:1] and folded[0] in board.CARD_AREAS and len(words) > 2 and \
                card_lists.listed(rest.split(None, 1)[1]):
            parts = card_lists.segments(rest.split(None, 1)[1], self._names_a_card)
            if parts is not None:
                return self._each_stated(player, words[0], parts) if len(parts) > 1 else \
                    self._stated(player, f"{words[0]} {parts[0]}")
            try:
                return self._stated(player, rest)
            except AskError:
                parts = [p.strip() for p in rest.split(None, 1)[1].split(",") if p.strip()]
                if len(parts) < 2:
                    raise
                return self._each_stated(player, words[0], parts)
        return self._stated(player, rest)

    def _names_a_card(self, typed: str) -> bool:
        """Whether the words typed (a count and flags aside) name one card by its name or a start, no guessing."""
        words, _ = board.split_count(card_lists.counted(typed.split(), self.pool.by_full_name))
        try:
            words, _, _ = board.split_flags(words, None, tuple(self.pool.by_full_name))
        except AskError:
            return False
        match = self.pool.match(" ".join(words))
        return match.found is not None and match.how != "fuzzy"

    def _each_stated(self, player: str, area: str, parts: list[str]) -> str:
        """Each card of a list typed on one line (`alice hand floor it, detonate`) stated in turn, as one change:
        `undo` takes back the whole line, and a card of it refused leaves none of them placed."""
        start = len(self.history)
        try:
            said = [self._stated(player, f"{area} {part}") for part in parts]
        except AskError:
            if len(self.history) > start:
                self.doc = self.history[start][0]
                del self.history[start:]
                self._run()
            raise
        del self.history[start + 1:]  # the first change's earlier board stands for the whole line
        return "\n".join(said)

    def _stated(self, player: str, rest: str) -> str:
        words = rest.split()
        if not words:
            raise AskError(f"after {player!r} write an area and a card (`{player} field Psycho Squad`), or "
                           f"`eddies`, `deck`, `gigs` or `fixer`")
        area, args = words[0].casefold().rstrip(":"), words[1:]  # `alice field: Psycho Squad`
        read = []  # the near spellings taken, as (typed, read)
        if area not in AREA_WORDS and one_close(area, AREA_WORDS):  # `feild`: field
            read.append((area, one_close(area, AREA_WORDS)))
            area = read[-1][1]
        if area in ONCE_PER_TURN and not args:
            self.change(lambda doc: doc["players"][player].__setitem__(ONCE_PER_TURN[area], True))
            return f"{player} has {'Called a Legend' if area == 'called' else 'sold a card'} this turn."
        if area in ONCE_PER_TURN:  # `alice called goro`, `alice sold mantis`
            return self._once_stated(player, area, " ".join(args))
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
        full, flags, label, count = self._card_typed(area, args, read)
        if read:
            self.read_as = " ".join([player, area, full, *board.flag_words(flags), *(["as", label] if label else [])])
        if area in IN_PLAY_AREAS and self.pool.by_full_name[full].is_type("Gear"):
            raise AskError(f"a Gear in play is equipped to a host (4.10.1): write `gear {full} on LABEL`")
        extra = "".join(f", {k.replace('_', '-')}: {str(v).lower()}" for k, v in flags.items())
        there = board.copies(self.doc, player, area, full) if area != "deck" else []
        same = there[0] if there else None
        if same is not None and self.pool.by_full_name[full].is_type("Legend"):
            if count > 1 or label:
                raise AskError(f"{full} [{same['label']}] is already in {player}'s {area}, and a player has one Legend "
                               f"of a name (7.3.1); to change its state: `{same['label']} spent` (or ready, face-up ...)")
            self.change(lambda doc: board.copies(doc, player, area, full)[0].update(flags))
            return f"{player}: {full} [{same['label']}] was already in the {area}; a player has one Legend of a " \
                   f"name (7.3.1), so no second copy: " + \
                (f"it is now {', '.join(board.flag_words(flags))}." if flags else "it is left as it was.")
        if count > 1 and (label or self.pool.by_full_name[full].is_type("Legend")):
            raise AskError("`as LABEL` names one card: state the copies one by one" if label else
                           f"a player has one Legend of a name (7.3.1): state {full} once")
        placed = []
        self.change(lambda doc: placed.extend(board.place(doc, player, area, full, flags, label)
                                              for _ in range(count)))
        said = f"{player}: {full} [{', '.join(placed)}] in the {area}{extra}."
        if same is not None:
            said += (f" {player} now has {len(there) + count} copies of it there ({', '.join(e['label'] for e in there)} "
                     f"already); to change {same['label']} instead, `undo`, then `{same['label']} "
                     f"{' '.join(board.flag_words(flags)) or 'spent'}`.")
        return said

    def _card_typed(self, area: str, args: list[str], read: list) -> tuple[str, dict, str | None, int]:
        """(the card's full name, its flags, its label, how many copies) from the words after the area. Near
        spellings are taken only when the words as typed name no card: a flag's first (`spnt`), then a name's one
        "did you mean"; each taken is added to `read`."""
        names = tuple(self.pool.by_full_name)
        card_lists.check_leading_negation(args, names)
        card_lists.check_number_in_name(args, names)
        words, count = board.split_count(card_lists.counted(args, names))
        first = None
        for near_flags, near_name in ((False, False), (True, False), (False, True), (True, True)):
            near: list = []
            name_words, flags, label = board.split_flags(words, near if near_flags else None, tuple(self.pool.by_full_name))
            if near_flags and not near:
                continue
            entry = next((e for spec in self.doc["players"].values() if isinstance(spec.get(area), list)
                          for e in spec[area] if isinstance(e, dict) and e.get("label") == " ".join(name_words)),
                         None) if not near_flags else None
            try:  # a label on the board names its card (`alice legends jackie face-down`)
                full = entry["card"] if entry is not None else \
                    self.card_name(" ".join(name_words), lambda card: board.fits_area(area, card),
                                   near if near_name else None)
            except AskError as error:
                first = first or error
                continue
            read += near
            return full, flags, label, count
        raise first

    def _states_a_card(self, word: str, rest: str) -> bool:
        """Whether the line changes a card's state: a label on the board, then only flags (`psycho spent`)."""
        if not rest or word in self.doc["players"] or board.entry_labelled(self.doc, word) is None:
            return False
        words, flags, label = board.split_flags(rest.split(), [])
        return not words and bool(flags) and label is None

    def _card_state(self, label: str, rest: str) -> str:
        """`psycho spent`, `goro face-up ready`: the card labelled so, as it was before the actions, in that state."""
        read: list = []
        _, flags, _ = board.split_flags(rest.split(), read)
        if read:
            self.read_as = " ".join([label, *board.flag_words(flags)])
        self.change(lambda doc: board.entry_labelled(doc, label).update(flags))
        entry = board.entry_labelled(self.doc, label)
        return f"{entry['card']} [{label}] is now " + ", ".join(board.flag_words(flags)) + "."

    def _asked_of_the_board(self, word: str, rest: str, each: bool = True) -> str:
        """A board statement asked as a question (`psycho spent?`, `alice called?`): answered from the board now,
        which it does not change (for each card, when the word names several); a statement it can't answer from
        the board is told so, with what to type."""
        from judgekit.ask.asked import CRED_ASKED
        cred = CRED_ASKED.fullmatch(f"{word} {rest}".replace("’", "'"))
        if cred is not None:  # `alice street cred?`: no statement, a question on the board
            return self._street_cred_now(cred["who"])
        state, unchanged = self.state, f"A question changes nothing: to state it, type it without `?` (`{word} {rest}`)."
        several = self._for_each(word, lambda label: self._asked_of_the_board(label, rest, False).split(" A question")[0]) \
            if each and word not in self.doc["players"] else None
        if several is not None:  # stated by label: `psycho spent`, `psycho-2 spent`
            return f"{several}\nA question changes nothing: to state it of one, type it without `?`, the card named by " \
                f"its label ({', '.join(f'`{x} {rest}`' for x in self._every_named(word))})."
        done = self._done_answer(word, rest)  # `alice called?`, `played psycho?`
        if done is not None:
            return f"{done} {unchanged}"
        label = board.entry_labelled(self.doc, word) and word
        if label and label in state.cards and rest:
            _, flags, _ = board.split_flags(rest.split(), [])
            card = state.cards[label]
            holder, area = state.locate(label)
            if not state.in_play(label) and area != "eddies":  # a trash, a hand, a deck: not spent or ready there
                return (f"{card.definition.full_name} [{label}] is not in play now: it is in {holder}'s {area}, where "
                        f"a card is neither spent nor ready. {unchanged}")
            now = {"spent": card.spent, "lag": card.lag, "face_up": card.face_up}
            answer = all(now[key] == value for key, value in flags.items())
            said = [{"lag": "lagging", "no lag": "not lagging"}.get(w, w) for w in board.flag_words({k: now[k] for k in flags})]
            return f"{'Yes' if answer else 'No'}: {card.definition.full_name} [{label}] is now {', '.join(said)}. {unchanged}"
        return f"`{word} {rest}?` is a question ask can't answer from what it holds; `board` shows the board now. " + \
            unchanged

    def card_name(self, typed: str, fits=None, read: list | None = None) -> str:
        """The full name of the card typed, as scenarios resolve names; AskError listing candidates if unclear. Of
        several candidates, the one card that `fits` where it goes is meant (`alice legends hanako`: the one Hanako
        Legend; `alice field hanako`: the one Hanako that can be in the field, a Null-cost Legend never is). A name
        with one "did you mean" (`psyco`) is that card, as a close misspelling is, and added to `read`."""
        if not typed:
            raise AskError("which card? type its name, or its start")
        match = self.pool.match(typed)
        if fits is not None and match.found is None and match.how == "ambiguous":
            fitting = [c for c in match.candidates if fits(self.pool.by_full_name[c])]
            if len(fitting) == 1:
                return fitting[0]
        if match.found is None and match.how == "none" and len(match.candidates) == 1 and read is not None:
            read.append((typed, match.candidates[0]))
            return match.candidates[0]
        if match.found is None:
            raise AskError(match.problem())
        others = [n for n in card_lists.also_meant(typed, match.found, match.how, self.pool.by_full_name)
                  if fits is None or fits(self.pool.by_full_name[n])]
        if others:
            raise AskError(f"{typed!r} could be {' or '.join([match.found, *others][:4])}: write more of its name")
        return match.found

    def _cmd_gear(self, rest: str) -> str:
        name, sep, host = rest.rpartition(" on ")
        if not sep:
            raise AskError("write `gear GEAR on CARD` (the label or name of the card to carry it)")
        words, _, label = board.split_flags(name.split())
        host_words = host.split()
        if label is None and len(host_words) == 3 and host_words[1].casefold() == "as":  # `gear X on HOST as L`
            host, label = host_words[0], host_words[2]
        full = self.card_name(" ".join(words), lambda card: card.is_type("Gear"))
        host = self._card_named(host) or host.strip()  # by its label or its name (`on zealots`)
        placed = []
        self.change(lambda doc: placed.append(board.equip(doc, full, host, label)))
        return f"{placed[0][1]}: {full} [{placed[0][0]}] equipped to {host}." + \
            self._other_copies(full, placed[0][0]).replace("HOST", host)

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

    # --- a lasting change an earlier effect gave a card (10.23), the scenario format's `lasting:` --------------

    def _lasting_typed(self, line: str) -> tuple[str, list[str]] | None:
        """(the label, the words of the change) when the line states a lasting change on a card of the board
        (`johnny power -8 this turn`), else None. A question (`psycho can attack gigs?`) is not a statement."""
        words = line.strip().replace(",", " , ").split()
        if a_question(line) or len(words) < 2 or words[0] in self.doc["players"]:
            return None
        starts = [i for i, w in enumerate(words) if i and (w.casefold() in SURE_STARTS + UNSURE_STARTS or
                                                             SIGNED.match(w))]
        label, at = next(((found, i) for i in starts for found in [self._card_on_board(" ".join(words[:i]))]
                          if found is not None), (None, None))
        if label is None:
            return None
        if words[at].casefold() == "has" and words[at + 1:at + 2] and (words[at + 1].isdigit() or
                                                                        words[at + 1].casefold() == "power"):
            return label, words[at:]  # `johnny has 8 power`: read as a lasting change, to be refused as one
        if words[at].casefold() in UNSURE_STARTS:
            try:
                read_change(words[at:], tuple(self.doc["players"]))
            except AskError:
                return None
        return label, words[at:]

    def _card_on_board(self, typed: str) -> str | None:
        """The label of the one card of the board that `typed` names: its label, or its name as a scenario names a
        card (`corpo security`). A lasting change is given to a card in play and seen: of the cards the words name,
        the one in a field or face-up in the Legends area (`johnny power -8`: the Johnny in the field, not the
        face-down Legend labelled johnny); AskError when several such fit."""
        state = self.result.initial
        same = [label for label in state.cards if label.casefold() == typed.casefold()]
        named = board.labels_named(state, typed)
        found = same or named
        named = named or board.labels_named(state, typed, every=True)

        def seen_in_play(label: str) -> bool:
            area = state.locate(label)[1]
            return area == "field" or (area == "legends" and state.cards[label].face_up)
        if found and not seen_in_play(found[0]):
            fit = [label for label in dict.fromkeys([*same, *named]) if seen_in_play(label)]
            if len(fit) > 1:
                raise AskError(f"{typed!r} could be any of " + ", ".join(
                    f"{state.cards[label].definition.full_name} [{label}]" for label in fit) + "; name one by its label")
            found = fit or found
        return found[0] if len(found) == 1 else None

    def _lasting(self, line: str) -> str:
        """`johnny power -8 this turn from floor it by bob`: the change, appended to the document's `lasting:`
        (read as the board is set up, before the actions). What is not typed is the scenario format's default:
        `this turn`, `from an earlier effect`, and `by` the turn player (a scenario's default player)."""
        label, words = self._lasting_typed(line)
        state = self.result.initial
        owner, area = state.locate(label)
        if area not in (*IN_PLAY_AREAS, "equipped"):
            raise AskError(f"{state.cards[label].definition.full_name} [{label}] is in {owner}'s {area}: an effect's "
                           "lasting change is given to a card in play (a field or the Legends area), and ends when "
                           "it leaves play")
        change = read_change(words, tuple(self.doc["players"]))
        defaults = []
        if change.get("by") is None:
            turn = self.doc.get("turn") or next(iter(self.doc["players"]))
            change["by"] = turn
            other = next((p for p in self.doc["players"] if p != turn), turn)
            defaults.append(f"by {turn}, the turn player, a scenario's default player (`by {other}` for "
                            f"{other}'s effect)")
        if change.get("until") is None:
            change["until"] = "end-of-turn"
            defaults.append("this turn (`until next turn`: to its giver's next turn)")
        source = change.pop("source", None)
        if source is not None:
            found = self.pool.match(source).found
            source = found or source
        entry = {"card": label, "by": change.pop("by"), "source": source or "an earlier effect",
                 **{k: v for k, v in change.items() if k != "until" and v}, "until": change["until"]}

        def edit(doc):
            if "lasting" not in doc:  # written before the actions, as a scenario file has it
                items = list(doc.items())
                doc.clear()
                for key, value in items:
                    if key in ("this_turn", "actions", "expect") and "lasting" not in doc:
                        doc["lasting"] = []
                    doc[key] = value
                doc.setdefault("lasting", [])
            doc["lasting"].append(entry)
        self.change(edit)
        from judgekit.engine.persistent import power_of
        name = f"{self.result.initial.cards[label].definition.full_name} [{label}]"
        power = power_of(self.result.initial, label) if entry.get("power") else None
        said = f"Lasting change: {name} {change_words(entry)} {duration_words(entry['until'], entry['by'])} (from " \
               f"{entry['source']}, by {entry['by']})" + \
            (f"; its power is {power}" + (" as the board is set up, before the actions" if self.doc["actions"] else "")
             if power is not None else "") + "."
        return said + (f" Not typed, so taken as: {'; '.join(defaults)}." if defaults else "")
