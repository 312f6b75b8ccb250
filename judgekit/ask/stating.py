"""`judgekit ask`'s commands that state the board as it was before the actions: a card in an area, a Gear on
its host, whose turn and which phase, what was done already this turn, overtime. Each edits the session's scenario
document through `Session.change`, so a statement that makes no valid scenario is refused and leaves it as it was.
"""
from __future__ import annotations

from judgekit.ask import board
from judgekit.ask.board import AskError
from judgekit.engine.state import IN_PLAY_AREAS
from judgekit.plural import counted

PHASES = ("setup", "start", "main", "end")
ONCE_PER_TURN = {"called": "called_legend_this_turn", "sold": "sold_this_turn"}  # `alice called`, `alice sold`


class StatingTheBoard:
    """The board-stating commands of `judgekit ask`'s Session (which provides `doc`, `pool` and `change`)."""

    def _player_command(self, player: str, rest: str) -> str:
        words = rest.split()
        if not words:
            raise AskError(f"after {player!r} write an area and a card (`{player} field Psycho Squad`), or "
                           f"`eddies`, `deck`, `gigs` or `fixer`")
        area, args = words[0].casefold().rstrip(":"), words[1:]  # `alice field: Psycho Squad`
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
        full = self.card_name(" ".join(name_words), lambda card: board.fits_area(area, card))
        if area in IN_PLAY_AREAS and self.pool.by_full_name[full].is_type("Gear"):
            raise AskError(f"a Gear in play is equipped to a host (4.10.1): write `gear {full} on LABEL`")
        placed = []
        self.change(lambda doc: placed.append(board.place(doc, player, area, full, flags, label)))
        extra = "".join(f", {k.replace('_', '-')}: {str(v).lower()}" for k, v in flags.items())
        return f"{player}: {full} [{placed[0]}] in the {area}{extra}."

    def card_name(self, typed: str, fits=None) -> str:
        """The full name of the card typed, as scenarios resolve names; AskError listing candidates if unclear. Of
        several candidates, the one card that `fits` where it goes is meant (`alice legends hanako`: the one Hanako
        Legend; `alice field hanako`: the one Hanako that can be in the field, a Null-cost Legend never is)."""
        if not typed:
            raise AskError("which card? type its name, or its start")
        match = self.pool.match(typed)
        if fits is not None and match.found is None and match.how == "ambiguous":
            fitting = [c for c in match.candidates if fits(self.pool.by_full_name[c])]
            if len(fitting) == 1:
                return fitting[0]
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
        full = self.card_name(" ".join(words), lambda card: card.is_type("Gear"))
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
