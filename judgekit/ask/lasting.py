"""How a lasting change is typed in `judgekit ask` (`johnny power -8 this turn from floor it by bob`), read into the
fields of the scenario format's `lasting:` (docs/scenario-format.md): `power`, `keywords`, `cant`, `can`, `steals`,
`until`, `source`, `by`. Only the words are read here; the session appends the change (ask/stating.py) and the
scenario reader checks it, as it checks a file.
"""
from __future__ import annotations

import re

from judgekit.ask.board import AskError
from judgekit.scenario.checks import KEYWORD_NAMES, PERMISSION_NAMES, RESTRICTION_NAMES

# A lasting change typed after its card (`psycho power -2`, `psycho can't attack`, `corpo gets blocker`): the words
# that begin one; after `can` or `steals` the line is a change only if it reads as one (`psycho steals d6` is not).
SURE_STARTS = ("power", "gets", "gains", "loses", "can't", "cant", "cannot")
UNSURE_STARTS = ("can", "steals", "has")
SIGNED = re.compile(r"^[+\-\u2212]\d+$")  # `+2`, `-8`, `−8` (a typographic minus)
ENDS_A_PHRASE = ("this", "until", "from", "by", "and", ",")  # what ends `can't attack the gig area`
ALIASES = {"attack-gigs": "attack-gig-area", "attack-gig": "attack-gig-area"}
FORMS = ("`LABEL power -2`, `LABEL gets +2 power`, `LABEL gets blocker`, `LABEL can't attack`, `LABEL can attack "
         "ready units`, `LABEL steals 1 more gig`; then `this turn` (the default) or `until next turn`, and "
         "`from CARD`, `by PLAYER` if known")


def read_change(words: list[str], players: tuple[str, ...]) -> dict:
    """The change typed after its card, as `lasting:` fields: `power`, `keywords`, `cant`, `can`, `steals`, and
    `until`, `source`, `by` when typed; AskError naming the forms for words that are not one."""
    folded = [w.casefold().replace("\u2019", "'") for w in words]
    out: dict = {"power": 0, "keywords": [], "cant": [], "can": [], "steals": 0}
    i, changed = 0, False
    while i < len(folded):
        word, nxt = folded[i], folded[i + 1] if i + 1 < len(folded) else ""
        if word in ("has", "is") and (nxt.isdigit() or nxt == "power"):  # `has 8 power`: a value, not a change
            raise AskError(f"`{' '.join(words[i:i + 3])}` says what its power is, not how an effect changed it; a "
                           "lasting change adds or takes away power, with its sign: `power +2` or `power -2` (or "
                           "`gets 2 power`, `loses 2 power`); `board` shows its power now")
        if word in ("and", ",", "gets", "gains", "has", "is", "given"):
            i += 1
        elif word in ("power", "loses") or SIGNED.match(word) or (word.isdigit() and nxt == "power"):
            sign = -1 if word == "loses" else 1
            i += 1 if word in ("power", "loses") else 0
            amount = folded[i] if i < len(folded) else ""
            if word == "loses" and SIGNED.match(amount):  # `loses -2 power`: two signs, which one is meant?
                raise AskError(f"`loses {words[i]}` gives the change two signs; write `loses 2 power` (or `power "
                               "-2`) for less power, `gets 2 power` (or `power +2`) for more")
            if amount.isdigit() and word != "power":  # `loses 2 power`, `gets 2 power`
                amount = f"+{amount}"
            if not SIGNED.match(amount):
                raise AskError(f"a lasting change adds power or takes it away: write it with its sign, `power +2` or "
                               f"`power -2` (or `loses 2 power`), not {amount or 'nothing'!r}; it does not set a "
                               "power")
            out["power"] += sign * int(amount.replace("\u2212", "-"))
            i += 2 if folded[i + 1:i + 2] == ["power"] else 1
            changed = True
        elif word in ("can't", "cant", "cannot") or (word == "can" and nxt == "not") or word == "can":
            negative = word != "can" or nxt == "not"
            i += 2 if word == "can" and nxt == "not" else 1
            phrase = []
            while i < len(folded) and folded[i] not in ENDS_A_PHRASE:
                phrase.append(folded[i])
                i += 1
            out["cant" if negative else "can"].append(_one_of(phrase, RESTRICTION_NAMES if negative else
                                                             PERMISSION_NAMES, "can't" if negative else "can"))
            changed = True
        elif word.strip("[]").upper() in KEYWORD_NAMES or (word.strip("[") == "go" and nxt.strip("]") == "solo") or \
                word.strip("[]") == "go-solo":
            two = word.strip("[") == "go" and nxt.strip("]") == "solo"
            out["keywords"].append("GO SOLO" if two or word.strip("[]") == "go-solo" else word.strip("[]").upper())
            i += 2 if two else 1
            changed = True
        elif word in ("steals", "steal"):
            i, out["steals"] = _steals(folded, i + 1, out["steals"])
            changed = True
        elif word == "this" and nxt == "turn":
            out["until"], i = "end-of-turn", i + 2
        elif word == "until":
            i, out["until"], giver = _until(folded, i + 1, players)
            if giver is not None and out.get("by") not in (None, giver):
                raise AskError(f"the change lasts until {giver}'s next turn, so it is {giver}'s effect, not "
                               f"{out['by']}'s")
            out["by"] = giver or out.get("by")
        elif word == "from":
            start = i = i + 1
            while i < len(folded) and folded[i] not in ("by", "until") and folded[i:i + 2] != ["this", "turn"]:
                i += 1
            out["source"] = " ".join(words[start:i])
            if not out["source"]:
                raise AskError("`from` names the card whose effect it was: `from floor it`")
        elif word == "by":
            player = next((p for p in players if p.casefold() == nxt), None)
            if player is None:
                raise AskError(f"`by` names the player whose effect it was: {' or '.join(players)}, not {nxt!r}")
            if out.get("by") not in (None, player):
                raise AskError(f"the change lasts until {out['by']}'s next turn, so it is {out['by']}'s effect, not "
                               f"{player}'s")
            out["by"], i = player, i + 2
        else:
            raise AskError(f"{words[i]!r} is not read as part of a lasting change; write {FORMS}")
    if not changed:
        raise AskError(f"which change? write {FORMS}")
    return out


def _one_of(phrase: list[str], names: tuple[str, ...], verb: str) -> str:
    """The restriction (`can't`) or permission (`can`) named by its words: `attack the gig area`, `be defeated`."""
    written = "-".join(w for w in phrase if w not in ("the", "a", "an"))
    written = ALIASES.get(written, written)
    found = [n for n in names if n == written] or [n for n in names if written and n.startswith(written)]
    if len(found) != 1:
        raise AskError(f"`{verb} {' '.join(phrase)}` is not one the scenario format knows: it writes {verb} "
                       + ", ".join(f"`{n.replace('-', ' ')}`" for n in names))
    return found[0]


def _steals(folded: list[str], i: int, steals: int) -> tuple[int, int]:
    """`steals +1`, `steals 1 more gig`, `steals an extra gig`, `steals 1 fewer gig`: (the next place, steals)."""
    word = folded[i] if i < len(folded) else ""
    count = {"an": 1, "a": 1, "one": 1, "two": 2}.get(word, None)
    if SIGNED.match(word):
        steals, i = steals + int(word.replace("\u2212", "-")), i + 1
    elif word.isdigit() or count is not None:
        more = folded[i + 1] if i + 1 < len(folded) else ""
        if more not in ("more", "extra", "additional", "fewer", "less"):
            raise AskError("write how many more Gigs it steals: `steals 1 more gig`, `steals +1` or `steals -1`")
        steals, i = steals + (count or int(word)) * (-1 if more in ("fewer", "less") else 1), i + 2
    else:
        raise AskError("write how many more Gigs it steals: `steals 1 more gig`, `steals +1` or `steals -1`")
    while i < len(folded) and folded[i] in ("gig", "gigs"):
        i += 1
    return i, steals


def _until(folded: list[str], i: int, players: tuple[str, ...]) -> tuple[int, str, str | None]:
    """`until next turn`, `until bob's next turn`, `until the end of turn`: (the next place, `until`, the player
    named as the giver, if one is)."""
    start = i
    while i < len(folded) and folded[i] not in ("from", "by"):
        i += 1
    words = [w for w in folded[start:i] if w not in ("the", "of", "start", "beginning")]
    if words in (["end", "turn"], ["end", "this", "turn"], ["eot"]):
        return i, "end-of-turn", None
    if words[-2:] == ["next", "turn"] and len(words) <= 3:
        whose = words[0] if len(words) == 3 else None
        giver = next((p for p in players if whose in (f"{p.casefold()}'s", f"{p.casefold()}s")), None)
        if whose is None or whose in ("your", "my", "his", "her", "their", "its") or giver is not None:
            return i, "your-next-turn", giver
    raise AskError("a lasting change is written for `this turn` or `until next turn` (until the start of its "
                   "giver's next turn); `until bob's next turn` says whose")
