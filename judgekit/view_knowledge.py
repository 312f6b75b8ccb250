"""What one viewer knows of each card at each step of a ruling (5.3): the one notion `judgekit/views.py` tells by.

A card's life in a ruling is cut into stretches by the random steps that move it with other cards (a shuffle, a
random bottom-deck order: 5.5.2, 11.15.1.3), and, for a viewer, by a choice another player makes among the cards of
a hidden area without showing it (5.3.2.5; the choice step itself begins the new stretch): across such a step even a
player who knew the card can no longer follow it. Within a stretch the viewer knows the card from the step that
shows it to them on: from the start when it is public there (5.3.1.1); else from the step that reveals it (11.14.1;
a card played is revealed, 11.4.1), sells it (11.9.1), puts it into the trash face-up (5.9), lets them look at it in
private (5.3.1.2) or search it (searching is looking, 11.13.1), or moves it to the place the viewer sees it in at
the end (played to the field, drawn into their own hand). Never earlier: a card drawn and played later is a card
from the deck in the draw, as the viewer saw it then. Once known, it stays known to the end of its stretch, on the
board after the actions too (a face-up Legend turned face-down stays a known Legend to those who saw it, 5.7.4.2). A
card the viewer does not know in a stretch is `hidden card N`, one number per card and stretch, so that the numbers
never link the places a card had on each side of a random step; the numbers follow the board after the actions, then
the board before them, then the steps, never the order the author listed the cards in.
"""
from __future__ import annotations

import re
from functools import cached_property

from judgekit.render.words import bare_label

AREAS = ("hand", "deck", "field", "legends", "eddies", "trash", "removed")
# A step citing one of these showed its cards to every player: a reveal (11.14.1, and the reveal of a sale by an
# effect, 11.9.1); a card trashed goes face-up into a public area (5.9) whatever it came from.
SHOWN_TO_ALL = ("reveal.definition",)
INTO_THE_TRASH = "trash-area"
SEARCH = "search.definition"
# Steps that put a card where it is (a move, a removal, a flip, a Gear moved to a host): the last of them in a
# card's last stretch put it in the place the viewer sees it in at the end.
PLACING = ("move", "remove", "flip", "equip")
_COPY = re.compile(r"(?P<written>.+) #\d+")  # an automatic label of an unlabelled copy (`Floor It #2`)
_TOKENS = re.compile(r"hidden card \d+(?:(?:,? (?:and|or) |, )hidden card \d+)*")  # one token, or a list of them
_ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}
_TITLES = {"hand": "hand", "top of the deck": "deck", "bottom of the deck": "deck", "deck": "deck", "field": "field",
           "Legends area": "legends", "Eddies area": "eddies", "trash": "trash", "removed-from-game pile": "removed"}
_TO = re.compile(r"\bto ([\w-]+)'s (" + "|".join(map(re.escape, _TITLES)) + r")\b")  # where a step moved its card


def _seen(owner: str, area: str, at: list[int | None]) -> str:
    """Cards hidden from the viewer as the viewer sees them: where they are (5.3), counted when several; a face-down
    Legend by its place from the left, which every player sees."""
    n = len(at)
    if owner is None:  # on neither board (nothing leaves a card so; said plainly all the same)
        return "a hidden card" if n == 1 else f"{n} hidden cards"
    if area == "hand":
        return f"a card from {owner}'s hand" if n == 1 else f"{n} cards from {owner}'s hand"
    if area == "deck":
        return f"a card from {owner}'s deck" if n == 1 else f"{n} cards from {owner}'s deck"
    if area == "legends":
        return f"{owner}'s face-down Legend ({_ORDINALS.get(at[0], f'{at[0]}th')} from the left)" if n == 1 else \
            f"{n} of {owner}'s face-down Legends"
    if area == "eddies":
        return f"one of {owner}'s Eddies" if n == 1 else f"{n} of {owner}'s Eddies"
    return f"a face-down card in {owner}'s {area}" if n == 1 else f"{n} face-down cards in {owner}'s {area}"


def every_card(board: dict):
    """(owner, area, card) for every card of a board, Gear after its host."""
    for owner, player in board["players"].items():
        for area in AREAS:
            for card in player[area]:
                for one in [card, *card.get("gear", [])]:
                    yield owner, area, one


def hidden_cards(board: dict, viewer: str) -> dict[str, dict]:
    """label -> the card's data, for every card of the board in a place the viewer can't see: another player's
    hand (5.4.3), any deck (5.5.2), face down (5.3.1.2), unless the viewer is looking at it (`looked_at_by`)."""
    return {card["label"]: card for owner, area, card in every_card(board) if _hidden(card, owner, area, viewer)}


def _hidden(card: dict, owner: str, area: str, viewer: str) -> bool:
    if viewer in card.get("looked_at_by", ()):
        return False
    if area == "hand":
        return owner != viewer
    return area == "deck" or not card["face_up"]


def shows(step: dict, viewer: str) -> bool:
    """The step shows its cards to the viewer: to all (a reveal, the one of a play included, 11.4.1; a sale; into
    the trash) or to them alone. A search is a private look (11.13.1), shown to the searcher only."""
    ids = {c["id"] for c in step["cites"]}
    return step["kind"] == "sell" or bool(ids & set(SHOWN_TO_ALL)) or private_look(step, viewer) or \
        (step["kind"] == "move" and INTO_THE_TRASH in ids) or (step["kind"] == "reveal" and SEARCH not in ids)


def private_look(step: dict, viewer: str) -> bool:
    """The viewer looked at the step's cards without showing them (5.3.1.2), or searched them (11.13.1)."""
    return step.get("known_to") == viewer or (step["player"] == viewer and step["kind"] == "reveal"
                                              and any(c["id"] == SEARCH for c in step["cites"]))


class Knowledge:
    """What `viewer` knows of each card of a ruling at each step (see the module's docstring)."""

    def __init__(self, data: dict, before: dict, viewer: str):
        self.viewer = viewer
        self.before_hidden = hidden_cards(before, viewer)
        self.after_hidden = hidden_cards(data["board"], viewer)
        self.cards = {c["label"]: c for board in (data["board"], before) for _, _, c in every_card(board)}
        self.cuts: dict[str, list[int]] = {}
        for step in data["steps"]:  # one card alone has no order to hide: a bottom-deck of one is followed
            for label in step["cards"] if step["random"] and len(step["cards"]) > 1 else ():
                self.cuts.setdefault(label, []).append(step["n"])
        self.moves: dict[str, list[tuple[int, str, str]]] = {}  # label -> (step, owner, area) of each move
        self.unplaced: dict[str, list[int]] = {}  # label -> the steps that put it where no words here say
        for step in data["steps"]:
            to = _TO.search(step["text"]) if step["kind"] in ("move", "random") else None
            where = (to[1], _TITLES[to[2]]) if to else (step["player"], "removed") if step["kind"] == "remove" else None
            for label in step["cards"] if where else ():
                self.moves.setdefault(label, []).append((step["n"], *where))
            for label in step["cards"] if not where and step["kind"] in PLACING else ():
                self.unplaced.setdefault(label, []).append(step["n"])  # put elsewhere (a Program on the table)
        self.places = {when: {card["label"]: (owner, area, [c["label"] for c in board["players"][owner][area]])
                              for owner, area, card in every_card(board)}
                       for when, board in ((0, before), (None, data["board"]))}
        for step in data["steps"]:
            for label in self._chosen_among(step):  # the stretch begins with the choice: it does not name the card
                self.cuts.setdefault(label, []).append(step["n"] - 0.5)
        for cuts in self.cuts.values():
            cuts.sort()
        self.since = self._since(data["steps"])
        # the board after hides what the viewer does not know there, by the same notion as the steps: a card they
        # looked at in private, or saw turn face-down (5.7.4.2: a known face-down Legend stays known), is shown
        self.board_hidden = {label: card for label, card in self.after_hidden.items() if not self.knows(label, None)}
        self.numbers: dict[tuple[str, int], int] = {}
        for label in self.board_hidden:
            self.token(label, None)
        for label in self.before_hidden:
            self.token(label, 0)
        self.relabel = self._copies()

    def _chosen_among(self, step: dict) -> list[str]:
        """The cards of a hidden area (another player's hand, a deck: 5.4.3, 5.5.2) from which its owner chose at
        this step without showing the pick to the viewer (5.3.2.5), when there was more than one: the viewer can no
        longer tell which of them is which, so each one's stretch ends there."""
        if step["kind"] != "choice" or step["player"] in (None, self.viewer) or not step["cards"]:
            return []
        among = []
        for label in step["cards"]:
            owner, area = self._there(label, step["n"]) or (None, None)
            if area == "deck" or (area == "hand" and owner != self.viewer):
                among += [other for other in self.cards if self._there(other, step["n"]) == (owner, area)]
        among = list(dict.fromkeys(among))
        return among if len(among) > 1 else []

    def _since(self, steps: list[dict]) -> dict[tuple[str, int], int]:
        """(label, stretch) -> the step from which the viewer knows the card in that stretch (0: from the board
        before the actions), for the stretches in which they know it at some point (see the module's docstring)."""
        since: dict[tuple[str, int], int] = {(label, 0): 0 for label in self.cards if label not in self.before_hidden}
        placed: dict[str, int] = {}
        for step in steps:
            shown = shows(step, self.viewer)
            for label in step["cards"]:
                key = (label, self.stretch(label, step["n"]))
                if shown or self._into_sight(label, step["n"]):
                    since.setdefault(key, step["n"])
                if step["kind"] in PLACING and key[1] == self.stretch(label, None):
                    placed[label] = step["n"]
        for label in self.cards:
            if label not in self.after_hidden:  # where it ends it is seen: from the step that put it there
                cuts = self.cuts.get(label, ())
                key, end = (label, len(cuts)), placed.get(label, cuts[-1] if cuts else 0)
                since[key] = min(since.get(key, end), end)
        return since

    def _into_sight(self, label: str, n: int) -> bool:
        """Step `n` moved the card where the viewer sees its face: a public area holding face-up cards (5.6.3, 5.9;
        the removed-from-game pile) or the viewer's own hand (5.4.2)."""
        return any(m == n and (area in ("field", "trash", "removed") or (owner, area) == (self.viewer, "hand"))
                   for m, owner, area in self.moves.get(label, ()))

    def stretch(self, label: str, n: int | None) -> int:
        """Which stretch of the card's life step `n` is in (0: the board before; None: the board after)."""
        cuts = self.cuts.get(label, ())
        return len(cuts) if n is None else sum(1 for cut in cuts if cut < n)

    def knows(self, label: str, n: int | None) -> bool:
        """Whether the viewer knows the card at step `n` (0: before the actions, None: after them): only from the
        step that showed it to them in its stretch on, never before (a card drawn, then played, is not named in the
        draw)."""
        if label not in self.cards:
            return True  # on neither board: nothing hides it
        since = self.since.get((label, self.stretch(label, n)))
        return since is not None and (n is None or since <= n)

    def never_known(self) -> dict[str, dict]:
        """The cards the viewer knows at no point of the ruling."""
        return {label: card for label, card in self.cards.items() if label not in self.known_at_some_point}

    @cached_property
    def known_at_some_point(self) -> set[str]:
        """The cards the viewer knows at some point of the ruling."""
        return {label for label, _ in self.since}

    def token(self, label: str, n: int | None) -> str:
        """`hidden card N`: one number per card and stretch, given in the order first asked for."""
        key = (label, self.stretch(label, n))
        number = self.numbers.setdefault(key, len(self.numbers) + 1)
        return f"hidden card {number}"

    def seen_as(self, token: str, n: int | None = None) -> tuple[str, str, int | None]:
        """What the viewer sees of the card a `hidden card N` token stands for: (its owner, its area, its place from
        the left in a Legends area), where it was in its stretch (on the board before the actions for the first,
        else on the board after them); a face-down Legend's place at step `n` counts the Legends there at that
        step (5.7.4: the area and its order are public), not those of the board before or after."""
        label, stretch = next(key for key, number in self.numbers.items() if f"hidden card {number}" == token)
        first = stretch == 0 and label in self.before_hidden
        owner, area, cards = self.places[0 if first else None].get(label) or \
            self.places[None if first else 0].get(label) or (None, None, [])
        if n:  # a step: where the card was as it began (a card drawn, then chosen, is chosen from the hand)
            owner, area = self._where(label, n) or (owner, area)
            cards = self._legends(owner, n) if area == "legends" else cards
        return owner, area, cards.index(label) + 1 if area == "legends" and label in cards else None

    def _where(self, label: str, n: int) -> tuple[str, str] | None:
        """(owner, area) of the card as step `n` began: where the last move before it put it, else where the board
        before the actions has it (None when neither says)."""
        moved = [(owner, area) for m, owner, area in self.moves.get(label, ()) if m < n]
        return moved[-1] if moved else self.places[0].get(label, (None, None))[:2] if label in self.places[0] else None

    def _there(self, label: str, n: int) -> tuple[str, str] | None:
        """`_where`, but None when a step since the last move it reads put the card somewhere it can't read."""
        last = max([m for m, _, _ in self.moves.get(label, ()) if m < n], default=0)
        return None if any(last < m < n for m in self.unplaced.get(label, ())) else self._where(label, n)

    def _legends(self, owner: str, n: int) -> list[str]:
        """The owner's Legends area, left to right, as step `n` began: those of the board before that have not
        moved yet, then those moved in since, in the order they came."""
        before = next((cards for who, area, cards in self.places[0].values() if (who, area) == (owner, "legends")), [])
        order = [label for label in before if self._where(label, n) == (owner, "legends")]
        came = sorted((self.moves[label][-1][0], label) for label in self.moves
                      if label not in order and self._where(label, n) == (owner, "legends"))
        return order + [label for _, label in came]

    def spoken(self, text, n: int | None = None):
        """The text with each `hidden card N` said as what the viewer sees (`a card from alice's hand`, `alice's
        face-down Legend (2nd from the left)`), a list of them counted (`3 cards from alice's hand`): the tokens are
        ids of the JSON (a board's `label`, a step's `cards`), not words for a reader."""
        if not isinstance(text, str) or "hidden card " not in text:
            return text
        said = _TOKENS.sub(lambda m: self._run(m.group(0), n), text)
        return said[:1].upper() + said[1:] if text.startswith("hidden card") else said

    def _run(self, run: str, n: int | None) -> str:
        """A list of tokens (`hidden card 1, hidden card 2 and hidden card 3`) as what the viewer sees, counted by
        place."""
        tokens = re.findall(r"hidden card \d+", run)
        groups: dict[tuple[str, str], list[int | None]] = {}
        for token in tokens:
            owner, area, at = self.seen_as(token, n)
            groups.setdefault((owner, area), []).append(at)
        parts = [_seen(owner, area, at) for (owner, area), at in groups.items()]
        either = " or " in run and len(tokens) > 1
        joined = parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} {'or' if either else 'and'} {parts[-1]}"
        return f"one of {joined}" if either else joined

    def shown(self, label: str, n: int | None) -> str:
        """The card as the viewer may hear of it at step `n`: its label (renumbered if a copy's), or its token."""
        return self.relabel.get(label, label) if self.knows(label, n) else self.token(label, n)

    def called(self, label: str, n: int | None) -> str:
        """The card as a step writes it (`Name [label]`, or its name when that is its label), or its token."""
        name, shown = (self.cards.get(label) or {}).get("name"), self.shown(label, n)
        return shown if not name or shown.startswith("hidden card") or shown == name else f"{name} [{shown}]"

    def _copies(self) -> dict[str, str]:
        """New labels for the automatic labels of copies the viewer knows (`Floor It #2`): their numbers count every
        copy, hidden ones too, so they are counted again among the copies the viewer may know of (5.4.3, 5.5.2)."""
        groups: dict[str, list[str]] = {}
        for label, card in self.cards.items():
            copy = _COPY.fullmatch(label)
            if copy and card["name"] and card["name"].startswith(copy["written"]) and \
                    label in self.known_at_some_point:
                groups.setdefault(copy["written"], []).append(label)
        return {label: written if len(known) == 1 else f"{written} #{n}"
                for written, known in groups.items() for n, label in enumerate(known, start=1)}

    def redactor(self):
        """`redact(text, n)`: the text as the viewer may hear it at step `n`. One pass over the text: a card written
        `Name [label]` is read as that card whatever else shares its name (a public Corpo Security [guard] is not
        taken for a hidden Corpo Security); a hidden card's name alone or its label alone is read as that card."""
        maybe = {*self.before_hidden, *self.after_hidden}
        unseen = self.never_known()
        visible = {c["name"] for label, c in self.cards.items() if c["name"] and label not in unseen}
        found: list[tuple[int, int, str, str, str]] = []  # (kind, -length, pattern, text matched, label)
        for label, card in self.cards.items():
            name = card["name"]
            if name and name != label:
                found.append((0, -len(name) - len(label), re.escape(f"{name} [{label}]"), f"{name} [{label}]", label))
            if label in maybe and name and (name == label or name not in visible):
                found.append((1, -len(name), re.escape(name) + r"(?! \[)", name, label))
            if label in maybe or label in self.relabel:
                found.append((2, -len(label), bare_label(label), label, label))
        table: dict[str, str] = {}
        for *_, said, label in sorted(found):
            table.setdefault(said, label)
        pattern = re.compile("|".join(f"(?:{p})" for _, _, p, _, _ in sorted(found))) if found else None

        def one(said: str, n: int | None) -> str:
            label = table[said]
            if not self.knows(label, n):
                return self.token(label, n)
            new = self.relabel.get(label, label)
            name = self.cards[label]["name"]
            if new == label or said == name:
                return said
            return new if said == label else name if new == name else f"{name} [{new}]"

        def redact(text, n: int | None):
            if not isinstance(text, str) or pattern is None:
                return text
            return pattern.sub(lambda m: one(m.group(0), n), text)
        return redact
