"""Stating a board by typing: the commands of `judgekit ask` that change the scenario document's `players`.

Every command edits a plain scenario document (the mapping a scenario file holds); the session then
builds and runs it with the scenario format's own reader, so nothing here decides what a board may
hold: a board the rules cannot produce is refused by that reader, with its reason.
"""
from __future__ import annotations

import re

from judgekit.ask.phrasing import NEGATIONS, goes_on_a_name, one_close
from judgekit.engine.state import IN_PLAY_AREAS
from judgekit.scenario.card_names import normal
from judgekit.plural import plural

CARD_AREAS = ("hand", "field", "legends", "trash", "removed", "deck")
FLAGS = {"spent": ("spent", True), "ready": ("spent", False), "lag": ("lag", True), "face-down": ("face_up", False),
         "facedown": ("face_up", False), "face-up": ("face_up", True), "faceup": ("face_up", True),
         # other games' words for the same states (3.7, 3.8): tapped, exerted, exhausted, rested; untapped
         "tapped": ("spent", True), "exerted": ("spent", True), "exhausted": ("spent", True), "rested": ("spent", True),
         "untapped": ("spent", False), "lagging": ("lag", True)}
TWO_WORD_FLAGS = {("face", "up"): "face-up", ("face", "down"): "face-down"}
DIE = re.compile(r"^d(4|6|8|10|12|20)$")
GIG = re.compile(r"^d(4|6|8|10|12|20)=\d+$")
COUNT = re.compile(r"^(?:[x×*](\d+)|(\d+)[x×]?)$", re.IGNORECASE)  # `3`, `x3`, `3x`: copies of the card named


class AskError(ValueError):
    """A command that cannot be carried out; the message says why and what to type instead."""


def labels_in(doc: dict) -> list[str]:
    """Every explicit label on the board, in order."""
    out = []
    for spec in doc["players"].values():
        for area in CARD_AREAS:
            entries = spec.get(area)
            for entry in entries if isinstance(entries, list) else (entries or {}).get("top", []) \
                    if isinstance(entries, dict) else []:
                if isinstance(entry, dict):
                    out.append(entry.get("label"))
                    out += [g.get("label") for g in entry.get("gear", []) if isinstance(g, dict)]
    return [label for label in out if label]


def fits_area(area: str, card) -> bool:
    """Whether a card can be in that area of a board: only a Legend in the Legends area (5.7); a Unit, or a Legend
    with a cost, in the field (4.5: a Null-cost Legend is never played there, 4.5.3); any card elsewhere."""
    if area == "legends":
        return card.is_type("Legend")
    if area == "field":
        return card.is_type("Unit") or (card.is_type("Legend") and card.cost is not None)
    return True


LEADING_ARTICLES = ("the", "a", "an", "les", "la", "le", "el")


def new_label(name: str, doc: dict) -> str:
    """A short label for a card: the first word of its name (`Goro Takemura: ...` -> `goro`), leaving out a
    bracketed lead-in, an article, apostrophes and accents (`(Don't Fear) The Reaper` -> `reaper`, `The Heist` ->
    `heist`, `Les Élémens` -> `elemens`), numbered if taken by a copy; taken by another card, the first word of its
    name the other's lacks (`maelstrom` for Maelstrom Zealots, then `goons` for Maelstrom Goons)."""
    def words_of(full: str) -> list[str]:
        return normal(re.sub(r"^\([^)]*\)\s*", "", full.split(":", 1)[0])).split() or ["card"]  # accents too
    words = words_of(name)
    while len(words) > 1 and words[0] in LEADING_ARTICLES:
        words = words[1:]
    base = words[0] if len(words[0]) > 2 or len(words) == 1 else "-".join(words[:2])
    taken = set(labels_in(doc))
    holder = entry_labelled(doc, base) if base in taken else None
    if holder is not None and holder.get("card") != name:
        other = set(words_of(str(holder.get("card", ""))))
        base = next((w for w in words[1:] if w not in other and len(w) > 2), base)
    label, n = base, 1
    while label in taken:
        n += 1
        label = f"{base}-{n}"
    return label


def split_flags(words: list[str], read: list[tuple[str, str]] | None = None,
                names: tuple[str, ...] = ()) -> tuple[list[str], dict, str | None]:
    """(the card name's words, the entry's flags, an explicit label) from `NAME... [spent] [lag] [face-down] [as L]`,
    the flags and `as L` after the name in any order; a negation before a flag turns it round (`not spent` is
    ready, `no lag` without Lag), unless it is a word of one of the cards' `names` that the words before it do not
    name alone (`johnny never spent`: Johnny Silverhand: Never Stop Fighting, spent; `phrasing.goes_on_a_name`). A
    negation after the name with no flag after it is the name's word if it can be (`rita wheeler no`). With `read`, a
    word that is a near spelling of one flag only (`spnt`) is that flag, and (typed, flag) is added to `read`."""
    from judgekit.scenario.card_names import match_name

    def negation(words: list[str], flag: bool = False) -> bool:
        if not words or words[-1].casefold() not in NEGATIONS or not goes_on_a_name(words, names):
            return bool(words) and words[-1].casefold() in NEGATIONS
        return flag and len(words) > 1 and match_name(" ".join(words[:-1]), names).found is not None
    label = None
    flags: dict = {}
    while words:
        if label is None and len(words) >= 3 and words[-2].casefold() == "as":
            label, words = words[-1], words[:-2]
            continue
        pair = tuple(w.casefold() for w in words[-2:])
        if pair in TWO_WORD_FLAGS:  # `face up`, written with a space
            words = words[:-2] + [TWO_WORD_FLAGS[pair]]
        last = words[-1].casefold()
        if last not in FLAGS and read is not None and one_close(last, FLAGS):
            read.append((words[-1], one_close(last, FLAGS)))
            last = one_close(last, FLAGS)
        if last not in FLAGS:
            break
        words = words[:-1]
        key, value = FLAGS[last]
        if negation(words, flag=True):
            words, value = words[:-1], not value
        flags[key] = value
    if negation(words):  # `corpo security no`: a negation with nothing to turn round
        raise AskError(f"{words[-1]!r} after the card's name negates nothing: write the flag it turns round "
                       "(`not spent`, `no lag`), or leave it out")
    return words, flags, label


def labels_named(state, written: str, every: bool = False) -> list[str]:
    """The labels of the cards on the board `written` names as a scenario names a card: its full or plain name,
    else a start or a near spelling of one name (`goons`: the Maelstrom Goons); several when it fits several.
    `every`: a start several names share gives the labels of all of them (`johnny`: both Johnny Silverhands)."""
    from judgekit.scenario.card_names import match_name
    on_board: dict[str, list[str]] = {}
    for label, card in state.cards.items():
        if not card.definition.unknown:
            on_board.setdefault(card.definition.full_name, []).append(label)
    folded = written.casefold()
    exact = [label for name, labels in on_board.items() for label in labels
             if folded in (name.casefold(), name.split(":", 1)[0].casefold())]
    if exact:
        return exact
    match = match_name(written, on_board)
    if match.found is None and every and match.how == "ambiguous":
        return [label for name in match.candidates for label in on_board.get(name, [])]
    return on_board[match.found] if match.found is not None else []


def flag_words(flags: dict) -> list[str]:
    """The flags as typed: `spent`, `ready`, `lag`, `no lag`, `face-up`, `face-down`."""
    said = {("spent", True): "spent", ("spent", False): "ready", ("lag", True): "lag", ("lag", False): "no lag",
            ("face_up", True): "face-up", ("face_up", False): "face-down"}
    return [said[key, bool(value)] for key, value in flags.items()]


def split_count(words: list[str]) -> tuple[list[str], int]:
    """(the card name's words, how many copies) from `3 psycho`, `psycho x3` or `3x psycho`: one when no count is
    typed."""
    for at in (0, len(words) - 1) if len(words) > 1 else ():
        found = COUNT.match(words[at])
        if found:
            return words[:at] + words[at + 1:], int(found.group(1) or found.group(2))
    return words, 1


def copies(doc: dict, player: str, area: str, full_name: str) -> list[dict]:
    """The entries of the cards of that name already in the player's area (a deck's named cards aside)."""
    entries = doc["players"][player].get(area)
    return [e for e in entries if isinstance(e, dict) and e.get("card") == full_name] if isinstance(entries, list) \
        else []


def entry_labelled(doc: dict, label: str) -> dict | None:
    """The board entry (a card or a Gear on it) with that label, or None."""
    for spec in doc["players"].values():
        for area in CARD_AREAS:
            entries = spec.get(area)
            entries = entries if isinstance(entries, list) else (entries or {}).get("top", []) \
                if isinstance(entries, dict) else []
            for entry in entries:
                if isinstance(entry, dict):
                    found = [entry] if entry.get("label") == label else \
                        [g for g in entry.get("gear", []) if isinstance(g, dict) and g.get("label") == label]
                    if found:
                        return found[0]
    return None


def place(doc: dict, player: str, area: str, full_name: str, flags: dict, label: str | None) -> str:
    """Put a card in a player's area (a deck card on top of the cards already named there)."""
    if label is not None and label in labels_in(doc):
        raise AskError(f"the label {label!r} is already on the board; choose another after `as`")
    entry = {"card": full_name, "label": label or new_label(full_name, doc), **flags}
    spec = doc["players"][player]
    if area == "deck":
        deck = spec.get("deck", 0)
        if isinstance(deck, int):
            deck = {"top": [], "count": deck}
        elif isinstance(deck, list):
            deck = {"top": deck, "count": 0}
        deck["top"].insert(0, entry)  # the card named last is the top card
        spec["deck"] = deck
    else:
        spec.setdefault(area, []).append(entry)
    return entry["label"]


def equip(doc: dict, full_name: str, host: str, label: str | None) -> tuple[str, str]:
    """Equip a Gear to the board card labelled `host`; (the Gear's label, the host's player)."""
    for player, spec in doc["players"].items():
        for area in IN_PLAY_AREAS:  # a Gear's host is in play (4.10.2)
            for entry in spec.get(area, []):
                if isinstance(entry, dict) and entry.get("label") == host:
                    gear_label = label or new_label(full_name, doc)
                    entry.setdefault("gear", []).append({"card": full_name, "label": gear_label})
                    return gear_label, player
    hosts = [lab for lab in labels_in(doc)]
    raise AskError(f"no card labelled {host!r} in a field or Legends area to equip" +
                   (f"; labels on the board: {', '.join(hosts)}" if hosts else ""))


def set_eddies(spec: dict, words: list[str]) -> str:
    """`eddies N [spent M]`: N ready Eddies (unnamed cards) and M spent ones."""
    try:
        ready = int(words[0])
        spent = int(words[2]) if len(words) == 3 and words[1] == "spent" else 0
        if len(words) not in (1, 3) or ready < 0 or spent < 0:
            raise ValueError
    except (ValueError, IndexError):
        raise AskError("write `PLAYER eddies N` or `PLAYER eddies N spent M`") from None
    spec["eddies"] = {"ready": ready, "spent": spent} if spent else ready
    return f"{ready} ready" + (f" and {spent} spent" if spent else "") + f" {plural('Eddie', ready + spent)}"


def set_deck_count(spec: dict, count: int) -> str:
    deck = spec.get("deck")
    if isinstance(deck, dict):
        deck["count"] = count
    else:
        spec["deck"] = count
    return f"{count} unknown cards in the deck" + (" (besides the cards named on top)" if isinstance(deck, dict) else "")


def gig_words(words: list[str]) -> str:
    """Gigs as people write them, as `d6=3 d8=4`: `d6 3`, `d6=3, d8=4`, `d6 = 3`; other words left as typed."""
    words = [w for w in " ".join(words).replace(",", " ").replace("=", " = ").split() if w != "="]
    out = []
    for word in words:
        if out and word.isdigit() and DIE.match(out[-1]):
            out[-1] += f"={word}"
        else:
            out.append(word)
    return " ".join(out)


def set_dice(spec: dict, key: str, words: list[str]) -> str:
    """`gigs d6=3 d8=4` (the Gig area) or `fixer d4 d6` (the fixer area, bottom up); none empties it."""
    pattern = GIG if key == "gigs" else DIE
    wrong = [w for w in words if not pattern.match(w)]
    if wrong:
        example = "d6=3 d8=4" if key == "gigs" else "d4 d6 d8"
        raise AskError(f"{', '.join(repr(w) for w in wrong)}: write the {key} as `{example}`")
    spec[key] = list(words)
    return f"{key}: {' '.join(words) or 'none'}"
