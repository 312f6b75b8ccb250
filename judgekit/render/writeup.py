"""A ruling in a reader's words, for the posted write-up (`run -f md`): the answer in one sentence, card names
as printed (no scenario labels), players' names capitalised, the deciding rules of a step, and none of the
notes meant for the scenario's author ("script `targets:`", "the scenario did not name ...")."""
from __future__ import annotations

import re

from judgekit.plural import listed
from judgekit.render.words import SaidOnce, bare_label

AREA_PHRASES = {"hand": "in {owner}'s hand", "deck": "in {owner}'s deck", "field": "in {owner}'s field",
                "legends": "in {owner}'s Legends area", "eddies": "among {owner}'s Eddies",
                "trash": "in {owner}'s trash", "removed": "removed from the game"}
AREAS = tuple(AREA_PHRASES)
_AUTHOR_NOTES = (
    (re.compile(r"The scenario did not name the payment; judgekit chose ([^(]*?)(?: \([^)]*\))?\.?$"),
     r"Paid with \1."),
    (re.compile(r" \([^()]*given by the scenario\)"), ""),
    (re.compile(r",? given by the scenario"), ""),
    (re.compile(r"(?i)\s*\([^()]*\b(?:script|scripted|the scenario)\b[^()]*\)"), ""),  # an aside to the author only
)
_FOR_THE_AUTHOR = re.compile(r"(?i)\bscript\b|\bscripted\b|\bthe scenario\b")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(])")


def for_readers(text: str) -> str:
    """A text without the notes meant for the scenario's author (how to script a choice, what it left out)."""
    for pattern, replacement in _AUTHOR_NOTES:
        text = pattern.sub(replacement, text)
    kept = []
    for sentence in _SENTENCE.split(text):
        if _FOR_THE_AUTHOR.search(sentence):
            head = re.split(r";\s*(?=[^;]*(?:\bscript\b|scripted|the scenario))", sentence)[0].rstrip(" ;.")
            if head and head != sentence and not _FOR_THE_AUTHOR.search(head):
                kept.append(head + ".")
            continue
        kept.append(sentence)
    return " ".join(kept)


class Names:
    """Labels to printed names, and players to capitalised names, taken from the boards before and after."""

    def __init__(self, *boards: dict):
        self.players = {name: name[:1].upper() + name[1:] for board in boards for name in board["players"]}
        self.cards: dict[str, str] = {}
        self._pattern: re.Pattern | None = None
        self._printed: dict[str, str] = {}
        self.said_once = SaidOnce()
        for board in boards:
            for player in board["players"].values():
                for area in AREAS:
                    for card in player.get(area) or ():
                        self._add(card)

    def _add(self, card: dict) -> None:
        if card["name"] and card["label"] != card["name"]:
            self.cards.setdefault(card["label"], card["name"])
        for gear in card.get("gear") or ():
            self._add(gear)

    def _card_names(self) -> re.Pattern:
        """One pattern for every way a card is written in a step: `Name [label]`, its printed name, and a bare
        label ("moves goro to hand", never "a" or "it"); one pass, so that a name put in is never read again (a
        label that starts its own name, `Satori` of "Satori: Sword of Saburo")."""
        if self._pattern is None:
            self._printed = {}
            for label, name in self.cards.items():
                self._printed[f"{name} [{label}]"] = self._printed[name] = name
            forms = sorted(self._printed, key=len, reverse=True)
            labels = sorted((label for label in self.cards if label not in self._printed), key=len, reverse=True)
            self._printed.update((label, self.cards[label]) for label in labels)
            bare = [bare_label(label) for label in labels]
            self._pattern = re.compile("|".join([re.escape(f) for f in forms] + bare))
        return self._pattern

    def text(self, text: str) -> str:
        """A step's or action's text for readers: `Name [label]` and bare labels become the printed name, an
        unnamed Eddie or deck card is said so, players are capitalised, author notes are dropped."""
        text = self.said_once(for_readers(text))
        if self.cards:
            text = self._card_names().sub(lambda m: self._printed[m.group(0)], text)
        text = re.sub(r"\b[a-z][\w]*-eddie-\d+\b", "an Eddie", text)
        text = re.sub(r"an Eddie(?:, an Eddie)+", lambda m: f"{m.group(0).count('Eddie')} Eddies", text)
        text = re.sub(r"\b[a-z][\w]*-deck-\d+\b", "a card of the deck", text)
        text = re.sub(r"\b(\w+) attacks gig-area\b", self._gig_area_attacked, text)
        for player, shown in self.players.items():
            text = re.sub(rf"(?<![\w-]){re.escape(player)}(?![\w-]|:d\d)", shown, text)  # `alice:d6=3` as scripted
        return text[:1].upper() + text[1:]

    def _gig_area_attacked(self, said: re.Match) -> str:
        """`alice attacks gig-area` as a reader says it: the Gig area attacked is the rival's (9.3.1)."""
        rivals = [player for player in self.players if player != said[1]]
        return f"{said[1]} attacks {rivals[0]}'s Gig area" if len(rivals) == 1 else f"{said[1]} attacks a rival Gig area"


def deciding(cites: list[dict], most: int = 2) -> list[dict]:
    """The rules that decide a step: its citations less any rule a more specific cited rule stands under, the
    first `most` of them in the order the engine cited them."""
    numbers = [c["number"] or "" for c in cites]
    out = [c for c in cites if not any(n != c["number"] and n.startswith(f"{c['number']}.") for n in numbers)]
    return out[:most]


def _places(board: dict) -> dict[str, tuple[str, str, str]]:
    """label -> (printed name, owner, area) of every named card on a board."""
    out = {}

    def add(card: dict, owner: str, area: str) -> None:
        if card["name"]:
            out[card["label"]] = (card["name"], owner, area)
        for gear in card.get("gear") or ():
            add(gear, owner, f"{area}, equipped")

    for owner, player in board["players"].items():
        for area in AREAS:
            for card in player.get(area) or ():
                add(card, owner, area)
    return out


def answer_sentence(data: dict, before: dict, names: Names) -> str:
    """The ruling's answer in one plain sentence: what was refused and why, who won, what waits for a choice,
    or where the cards that moved ended up."""
    verdict = data["verdict"]
    refused = [r for r in verdict["refused"] if "reaction" not in r]
    reactions = [r for r in verdict["refused"] if "reaction" in r]
    if reactions and not refused:  # only a reaction was refused (9.9): that is what was asked; the attack stands
        parts = [f"{names.text(r['reaction'])}: not allowed ({names.text(r['text']).rstrip('.')})"
                 for r in reactions]
        return "No: " + "; ".join(parts) + "; the attack goes on."
    if refused:
        if len(data["actions"]) == 1:
            return "No: " + "; ".join(names.text(r["text"]).rstrip(".") for r in refused) + "."
        said = {a["n"]: names.text(a["action"]) for a in data["actions"]}
        parts = [f"{said[r['action']]}: not allowed ({names.text(r['text']).rstrip('.')})" for r in refused]
        lead = "No: " if len(refused) == len(data["actions"]) else ""
        sentence = lead + "; ".join(parts) + "."
        return sentence[:1].upper() + sentence[1:]
    if verdict["tie"]:
        return f"The game is a tie: {' and '.join(names.players.get(p, p) for p in verdict['losers'])} lose at once."
    if verdict["winner"]:
        return f"{names.players.get(verdict['winner'], verdict['winner'])} wins the game."
    if verdict.get("awaiting"):
        waiting = verdict["awaiting"]
        first = _SENTENCE.split(names.text(str(waiting.get("text") if isinstance(waiting, dict) else waiting)))[0]
        return f"Not decided yet: {first.rstrip('.')}."
    start, end = _places(before), _places(data["board"])
    gigs = gig_changes(before, data["board"], names)
    moves = gigs + unnamed_draws(data, before, names)
    arrived: dict[str, list[str]] = {}  # where -> the cards that ended up there, in the board's order
    for label, (name, owner, area) in end.items():
        if label in start and start[label][1:] != (owner, area):
            arrived.setdefault(AREA_PHRASES[area.split(",")[0]].format(owner=names.players.get(owner, owner)),
                               []).append(name)
    for where, cards in arrived.items():
        named = listed(cards)
        moves.append(f"{named} {'are' if len(cards) > 1 else 'is'} {where}" if where == AREA_PHRASES["removed"]
                     else f"{named} end{'' if len(cards) > 1 else 's'} up {where}")
    unstolen = "no Gig is stolen" if _gig_area_attacked(data) and not any(" Gig area " in g for g in gigs) else ""
    if moves:
        moves = moves[:4]
        sentence = listed(moves)
        return sentence + (f"; {unstolen}" if unstolen else "") + "."
    if unstolen:
        return unstolen[:1].upper() + unstolen[1:] + "."
    count = len(data["actions"])
    if not count:
        return "No action is taken: the ruling is about the board as the scenario sets it up."
    return "The action is allowed." if count == 1 else f"All {count} actions are allowed."


def _gig_area_attacked(data: dict) -> bool:
    """Whether an attack of the ruling was declared on a Gig area (9.4: the Gig area is the defender)."""
    return any(cite["id"] == "attack.defending-gig-area" for step in data["steps"] for cite in step["cites"])


def unnamed_draws(data: dict, before: dict, names: Names) -> list[str]:
    """The cards drawn that the scenario never named ("Alice draws 1 card", 11.5): a named card that moved is told
    by its name, an unnamed one only when a step drew it from its owner's deck into the hand."""
    drawn_now = {label for step in data["steps"] if step["kind"] == "move" and " is drawn from " in step["text"]
                 for label in step["cards"]}

    def unnamed(board: dict, area: str) -> dict[str, set[str]]:
        return {player: {c["label"] for c in info.get(area) or () if not c["name"]}
                for player, info in board["players"].items()}
    hand_before, deck_before = unnamed(before, "hand"), unnamed(before, "deck")
    out = []
    for player, hand in unnamed(data["board"], "hand").items():
        drawn = len((hand - hand_before.get(player, set())) & deck_before.get(player, set()) & drawn_now)
        if drawn:
            out.append(f"{names.players.get(player, player)} draws {drawn} card{'s' if drawn > 1 else ''}")
    return out


def gig_changes(before: dict, after: dict, names: Names) -> list[str]:
    """What happened to the Gigs, in words: a die that changed Gig area (stolen, swapped, rolled in) and a
    die whose value changed. Dice are compared as each player's dice and values, so that a player holding two
    dice of one kind (two d6) is never read as one die changing value (6.1)."""
    def dice(board: dict) -> dict[str, list[tuple[str, int]]]:
        return {player: [(gig["die"], gig["value"]) for gig in info.get("gigs") or ()]
                for player, info in board["players"].items()}

    old, new = dice(before), dice(after)
    for player in set(old) & set(new):  # the dice each player kept as they were say nothing
        for gig in list(new[player]):
            if gig in old[player]:
                old[player].remove(gig)
                new[player].remove(gig)
    out = []
    for player, gained in new.items():
        who = names.players.get(player, player)
        for die, value in gained:
            others = [(p, gig) for p, left in old.items() if p != player for gig in left if gig[0] == die]
            source = next(((p, gig) for p, gig in others if gig[1] == value), None)
            own = next((gig for gig in old.get(player, ()) if gig[0] == die), None)
            if own and not source:
                old[player].remove(own)
                out.append(f"{who}'s {die} goes from {own[1]} to {value}")
                continue
            source = source or (others[0] if others else None)
            if source:
                old[source[0]].remove(source[1])
            said = f"{names.players.get(source[0], source[0])}'s {die}" if source else f"a {die}"
            out.append(f"{said} ends up in {who}'s Gig area showing {value}")
    return out
