"""A ruling as one player, or a spectator, may see it: a filter over the ruling's data, above the engine.

What a viewer may not know (5.3): the cards in a Rival's hand (5.4.3; their number is known, 5.4.4,
and a player sees their own hand, 5.4.2), the cards of every deck and so its order (5.5.2, 5.3.2.1),
and face-down cards in public areas, face-down Legends included (5.3.1.2), unless the viewer is the one
looking at them (`looked_at_by`) or looked at them in private during the ruling. Such a card is shown
as hidden, its place and count kept.

The trace is read after the fact: a step that names a card hidden from the viewer both before the
actions and after them and never revealed or sold in between (a sold card is shown to the Rival, 11.9.1), or a private look by another player (the engine's `known_to`), would tell the
viewer something the game hides; its text names the card only as hidden, and it carries a note saying
so. A card that was hidden and became public (played, revealed, trashed) is named, since the viewer
saw it; a card that went into a hidden area from a public one is named, since the viewer saw it go,
but a random order it took there (a bottom-deck, a shuffle) is not.
"""
from __future__ import annotations

import copy
import re

from judgekit.render.words import bare_label

SPECTATOR = "spectator"
AREAS = ("hand", "deck", "field", "legends", "eddies", "trash", "removed")
RULES = ("hand.rival-cannot-view", "hand.count-known", "hand.owner-views", "deck-area.hidden",
         "hidden-areas.unknown", "public-areas.face-down-unknown")
# A step citing one of these showed its cards to every player (11.14.1 reveal; 11.9.1 a sold card is shown
# to the Rival, the step of kind "sell", and the reveal of a sale by an effect), so naming them tells nobody
# anything new.
SHOWN_TO_ALL = ("reveal.definition",)
_KEPT = ("face_up", "spent", "lag")  # a hidden card's orientation is public (5.3.1.2: only its face is not)


def viewers(data: dict) -> list[str]:
    return [*data["board"]["players"], SPECTATOR]


def hidden_cards(board: dict, viewer: str) -> dict[str, dict]:
    """label -> the card's data, for every card of the board the viewer may not know."""
    hidden = {}
    for owner, player in board["players"].items():
        for area in AREAS:
            for card in player[area]:
                for one in [card, *card.get("gear", [])]:
                    if _hidden(one, owner, area, viewer):
                        hidden[one["label"]] = one
    return hidden


def _hidden(card: dict, owner: str, area: str, viewer: str) -> bool:
    if viewer in card.get("looked_at_by", ()):
        return False
    if area == "hand":
        return owner != viewer
    return area == "deck" or not card["face_up"]


def view(data: dict, before: dict, viewer: str, cite) -> tuple[dict, dict]:
    """(the ruling, the board before the actions) as `viewer` may see them; `cite(rule_id)` gives a citation."""
    looked = {label for step in data["steps"] if step.get("known_to") == viewer for label in step["cards"]}
    after_hidden = {label: card for label, card in hidden_cards(data["board"], viewer).items() if label not in looked}
    before_hidden = hidden_cards(before, viewer)
    shown = {label for step in data["steps"] if step["kind"] == "sell" or any(c["id"] in SHOWN_TO_ALL
                                                                             for c in step["cites"])
             for label in step["cards"]}
    secret = {label: card for label, card in after_hidden.items() if label in before_hidden and label not in shown}
    tokens = {label: f"hidden card {n}" for n, label in enumerate(dict.fromkeys([*before_hidden, *after_hidden]),
                                                                  start=1)}
    out = copy.deepcopy(data)
    names = {c["label"]: c["name"] for board in (before, data["board"]) for p in board["players"].values()
             for area in AREAS for c in p[area] if c["name"] and c["label"] not in secret}
    redact = _redactor(secret, tokens, set(names.values()))
    notes = sum(_tell(step, viewer, secret, after_hidden, tokens, names, redact, before_hidden)
                for step in out["steps"])
    for step in out["steps"]:
        step["cites"] = _hidden_cites(step["cites"], redact)
    by_number = {step["n"]: step for step in out["steps"]}
    for fact in out["random"]:
        fact["what"] = by_number[fact["step"]]["text"]
    for action in out["actions"]:
        note = action["note"]  # the author's own words, withheld as the question is when they name a hidden card
        action["action"] = redact(action["action"])
        action["note"] = f"(note withheld: it names a card hidden from {viewer})" \
            if isinstance(note, str) and _mentions(note, secret) else redact(note)
    for refused in out["verdict"].get("refused") or ():
        if isinstance(refused, dict) and "cites" in refused:
            refused["cites"] = _hidden_cites(refused["cites"], redact)
    out["verdict"] = _redacted(out["verdict"], redact)
    if isinstance(out["verdict"].get("awaiting"), str):
        out["verdict"]["awaiting"] = unlisted(out["verdict"]["awaiting"], viewer)
    question = out["scenario"]["question"]
    if question and _mentions(question, secret):
        out["scenario"]["question"] = None  # the author's own words, which may name a hidden card in any way
    source = out["scenario"].get("source")
    said = source.get("ref") if isinstance(source, dict) else source
    if isinstance(said, str) and _mentions(said, secret):
        out["scenario"]["source"] = f"(withheld: it names a card hidden from {viewer})"
    told = [out["scenario"].get("file") or "", *(out["scenario"].get("tags") or ())]
    if any(_mentions(str(said), secret) for said in told):  # the author's words again: a file name, its tags
        out["scenario"]["file"] = f"(withheld: it names a card hidden from {viewer})"
        out["scenario"]["tags"] = []
    title = out["scenario"]["name"]
    out["scenario"]["name"] = f"(title withheld: it names a card hidden from {viewer})" \
        if title and _mentions(title, secret) else redact(title)
    out["board"] = _hide_board(out["board"], after_hidden, tokens, redact)
    shown_before = _hide_board(copy.deepcopy(before), before_hidden, tokens, redact)
    out["view"] = {"viewer": viewer, "hidden_cards": len(after_hidden), "hidden_before": len(before_hidden),
                   "steps_with_notes": notes, "question_withheld": question is not None
                   and out["scenario"]["question"] is None, "cites": [cite(rule) for rule in RULES]}
    return out, shown_before


def _tell(step: dict, viewer: str, secret: dict, hidden_now: dict, tokens: dict[str, str], names: dict[str, str],
          redact, hidden_before: dict) -> bool:
    """Tell one step as the viewer may hear it; True when something had to be left out (a note says what)."""
    who = step.get("known_to") if step.get("known_to") not in (None, viewer) else None
    text = redact(step["text"])
    player = step.get("player")
    if player != viewer and _HAND_TOLD.search(text):  # what the other player's hand holds (5.4.3, 5.3.2.4.1)
        text, why = f"{player} does not do a part that needs a card from their hand, which is hidden from " \
                    f"{viewer}.", "this step tells what a hand hidden from you holds"
    elif player != viewer and step["kind"] == "choice" and any(c in hidden_before for c in step["cards"]) and \
            _ONLY_OPTION in text:  # that no other card there could be chosen
        text, why = text.replace(_ONLY_OPTION, ""), "this step tells what a hidden area held"
    elif who:
        text, why = f"{who} looks at a card in private.", f"this step shows what only {who} may know"
    elif step["random"] and any(c in hidden_now for c in step["cards"]):
        shown = sorted(names.get(c) or tokens.get(c, c) for c in step["cards"])
        text = f"{text.split(': ', 1)[0]}: {', '.join(shown)} (in name order: the order they took is hidden " \
               f"from {viewer})."
        why = "this step gives a random order"
    elif text != step["text"] or any(c in secret for c in step["cards"]):
        why = "this step names a card hidden from you"
        if step["kind"] == "await":
            text = unlisted(text, viewer)
        elif step["kind"] == "check":  # what a condition found on a card the viewer can't see (3.4.1, 5.3.1.2)
            text = f"A condition is checked on a card hidden from {viewer}; what it found is not told."
    else:
        return False
    step["text"], step["cards"] = text, [tokens.get(c, c) for c in step["cards"]]
    step["hidden_note"] = f"{why.replace('you', viewer)}; told to {viewer} without it"
    return True


_HAND_TOLD = re.compile(r"\bhas \d+ [^.;]* cards? in hand, and this part needs")
_ONLY_OPTION = ": the only option"
_LISTED = re.compile(r"hidden card \d+(?:, hidden card \d+)*(?:,? (?P<or>or|and) (?:hidden card \d+|(?P<none>none)))?")


def unlisted(text: str, viewer: str) -> str:
    """A choice waiting among hidden cards, without which of them may be chosen: that list tells the viewer which
    of the cards they may not see qualify (Gear costing 2 or less, 5.3.2.1)."""
    return _LISTED.sub(lambda m: f"cards hidden from {viewer}" + (", or none" if m["none"] else ""), text)


def _mentions(text: str, secret: dict[str, dict]) -> bool:
    """The text names a secret card by its label, full name, plain name (the part before a subtitle) or a word of
    its name an author may use alone ("Goro" for Goro Takemura; 4 letters or more, not an everyday word), with
    spaces or hyphens between words (a file named `bob-holds-floor-it.yaml`)."""
    from judgekit.search.words import STOP
    words = {card["label"] for card in secret.values()}
    for card in (c for c in secret.values() if c["name"]):
        plain = card["name"].split(": ")[0]
        words |= {card["name"], plain} | {w for w in re.findall(r"[\w']+", plain) if len(w) >= 4
                                          and w.casefold() not in STOP}
    return any(re.search(r"(?<![\w])" + r"[\s_-]+".join(map(re.escape, word.split())) + r"(?![\w])", text,
                         re.IGNORECASE) for word in words)


def _redactor(secret: dict[str, dict], tokens: dict[str, str], seen: set[str] = frozenset()):
    """A function replacing every mention of a secret card (`Name [label]`, or `Name` when that is its label,
    or when no card the viewer sees has that name: an erratum's title names the card alone)."""
    found = []  # (which kind first: "Name [label]", then names, then labels; the longest text first; pattern, token)
    for label, card in secret.items():
        name = card["name"]
        if name and name != label:
            found.append((0, -len(name) - len(label), re.compile(re.escape(f"{name} [{label}]")), tokens[label]))
        if name and (name == label or name not in seen):
            found.append((1, -len(name), re.compile(re.escape(name) + r"(?! \[)"), tokens[label]))
        found.append((2, -len(label), re.compile(bare_label(label)), tokens[label]))
    patterns = [(pattern, token) for *_, pattern, token in sorted(found, key=lambda f: f[:2])]

    def redact(text: str) -> str:
        for pattern, token in patterns:
            text = pattern.sub(token, text)
        return text
    return redact


def _hidden_cites(cites: list, redact) -> list:
    """Citations as the viewer may see them: an erratum of a hidden card names that card in its title and id."""
    out = []
    for cite in cites:
        title = redact(cite["title"])
        hidden = title != cite["title"]
        out.append({**cite, "title": title, **({"id": "erratum"} if hidden and cite["id"].startswith("erratum:")
                                                 else {})})
    return out


def _redacted(value, redact):
    """Every text in a value (the verdict: what is awaited, refusals, expectation failures) redacted."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, list):
        return [_redacted(v, redact) for v in value]
    if isinstance(value, dict):
        return {k: _redacted(v, redact) for k, v in value.items()}
    return value


def _hide_board(board: dict, hidden: dict[str, dict], tokens: dict[str, str], redact) -> dict:
    def shown(card: dict) -> dict:
        if card["label"] in hidden:
            return {"label": tokens[card["label"]], "name": None, "hidden": True, **{k: card[k] for k in _KEPT}}
        if "gear" in card:
            card["gear"] = [shown(g) for g in card["gear"]]
        card.pop("looked_at_by", None)
        return card

    for player in board["players"].values():
        for area in AREAS:
            player[area] = [shown(c) for c in player[area]]
    for key in ("pending", "lasting_effects", "this_turn", "delayed_effects", "steal_limits", "discounts"):
        if key in board:  # what the engine remembers names cards by label or name: told the same way
            board[key] = _redacted(board[key], redact)
    return board
