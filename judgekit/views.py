"""A ruling as one player, or a spectator, may see it: a filter over the ruling's data, above the engine.

What a viewer may not know (5.3): the cards in a Rival's hand (5.4.3; their number is known, 5.4.4,
and a player sees their own hand, 5.4.2), the cards of every deck and so its order (5.5.2, 5.3.2.1),
and face-down cards in public areas, face-down Legends included (5.3.1.2). What the viewer knows of each
card at each step is worked out once (`judgekit/view_knowledge.py`); a step naming a card the viewer does not
know there names it as what the viewer sees of it (`a card from alice's hand`, `alice's face-down Legend (2nd from
the left)`) and carries a note saying so; the JSON's ids of hidden cards (a board's `label`, a step's `cards`) are
`hidden card N`. A private look by another player (the
engine's `known_to`) is told without the card, and a random order without the order.

A step may tell what a hidden area held by being there at all: another player's "you may" not taken and the
same "you may" with nothing to take are told in one sentence where its option rests on hidden cards (5.3.2.4.1:
such a choice may be failed on purpose; a draw is seen by all), and a step that exists only when a hidden card
qualified (a search failed on purpose, 11.13.4.1; a "you may" declined after a condition checked on a hidden card;
a face-down Legend's replacement that would have applied) is left out of that viewer's view.
"""
from __future__ import annotations

import copy
import re

from judgekit.view_knowledge import AREAS, Knowledge, private_look

SPECTATOR = "spectator"
RULES = ("hand.rival-cannot-view", "hand.count-known", "hand.owner-views", "deck-area.hidden",
         "hidden-areas.unknown", "public-areas.face-down-unknown")
_KEPT = ("face_up", "spent", "lag")  # a hidden card's orientation is public (5.3.1.2: only its face is not)


def viewers(data: dict) -> list[str]:
    return [*data["board"]["players"], SPECTATOR]


def view(data: dict, before: dict, viewer: str, cite) -> tuple[dict, dict]:
    """(the ruling, the board before the actions) as `viewer` may see them; `cite(rule_id)` gives a citation."""
    known = Knowledge(data, before, viewer)
    secret = known.never_known()
    redact = known.redactor()
    out = copy.deepcopy(data)
    told, notes, hidden_check = [], 0, None
    for step in out["steps"]:
        if _left_out(step, viewer, hidden_check):
            continue  # not counted among the steps told with notes either: the count would tell it was there
        notes += _tell(step, viewer, known, redact, cite)
        step["text"] = known.spoken(step["text"], step["n"])  # said as seen at that step, before steps are renumbered
        hidden_check = step if step["kind"] == "check" and step.get("hidden_note") else None
        told.append(step)
    _renumber(out, told)
    end = lambda text: redact(text, None)  # noqa: E731  (what the viewer knows once the actions are done)
    for step in out["steps"]:
        step["cites"] = _hidden_cites(step["cites"], end)
    by_number = {step["n"]: step for step in out["steps"]}
    for fact in out["random"]:
        fact["what"] = by_number[fact["step"]]["text"]
    for action in out["actions"]:
        note = action["note"]  # the author's own words, withheld as the question is when they name a hidden card
        action["action"] = end(action["action"])
        action["note"] = f"(note withheld: it names a card hidden from {viewer})" \
            if isinstance(note, str) and _mentions(note, secret) else end(note)
    for refused in out["verdict"].get("refused") or ():
        if isinstance(refused, dict) and "cites" in refused:
            refused["cites"] = _hidden_cites(refused["cites"], end)
    out["verdict"] = _redacted(out["verdict"], end)
    if isinstance(out["verdict"].get("awaiting"), str):
        out["verdict"]["awaiting"] = unlisted(out["verdict"]["awaiting"], viewer)
    question = out["scenario"]["question"]
    if question and _mentions(question, secret):
        out["scenario"]["question"] = None  # the author's own words, which may name a hidden card in any way
    source = out["scenario"].get("source")
    said = source.get("ref") if isinstance(source, dict) else source
    if isinstance(said, str) and _mentions(said, secret):
        out["scenario"]["source"] = f"(withheld: it names a card hidden from {viewer})"
    words = [out["scenario"].get("file") or "", *(out["scenario"].get("tags") or ())]
    if any(_mentions(str(said), secret) for said in words):  # the author's words again: a file name, its tags
        out["scenario"]["file"] = f"(withheld: it names a card hidden from {viewer})"
        out["scenario"]["tags"] = []
    title = out["scenario"]["name"]
    out["scenario"]["name"] = f"(title withheld: it names a card hidden from {viewer})" \
        if title and _mentions(title, secret) else end(title)
    _say(out, known.spoken)
    out["board"] = _hide_board(out["board"], known, None, end)
    shown_before = _hide_board(copy.deepcopy(before), known, 0, lambda text: redact(text, 0))
    out["view"] = {"viewer": viewer, "hidden_cards": len(known.board_hidden), "hidden_before": len(known.before_hidden),
                   "steps_with_notes": notes, "question_withheld": question is not None
                   and out["scenario"]["question"] is None, "cites": [cite(rule) for rule in RULES]}
    return out, shown_before


def _say(out: dict, spoken) -> None:
    """Every text of the ruling meant for a reader with each hidden card said as what the viewer sees of it
    (`Knowledge.spoken`); a text that is a token alone is an id (a card of a refusal), kept as the board has it."""
    for step in out["steps"]:  # a step's text was said in `view`, as seen at that step
        step["cites"] = [{**cite, "title": spoken(cite["title"])} for cite in step["cites"]]
    for fact in out["random"]:
        fact["what"] = spoken(fact["what"])
    for action in out["actions"]:
        action["action"], action["note"] = spoken(action["action"]), spoken(action["note"])
    out["verdict"] = _redacted(out["verdict"], lambda text: text if _TOKEN.fullmatch(text) else spoken(text))
    out["scenario"]["name"] = spoken(out["scenario"]["name"])


def _renumber(out: dict, told: list[dict]) -> None:
    """Number the steps told again, in order, where some were left out; the actions and random facts follow."""
    numbers = {step["n"]: n for n, step in enumerate(told, start=1)}
    for step in told:
        step["n"] = numbers[step["n"]]
    out["steps"] = told
    for action in out["actions"]:
        action["steps"] = [numbers[n] for n in action["steps"] if n in numbers]
    for fact in out["random"]:
        fact["step"] = numbers[fact["step"]]


def _left_out(step: dict, viewer: str, hidden_check: dict | None) -> bool:
    """A step of another player that the engine writes only when a card hidden from the viewer qualified: a search
    failed on purpose (there was a card to take, 11.13.4.1, 5.3.2.4.1) or one that found nothing to take (which
    the viewer can't tell from it), or a "you may" declined right after a
    condition checked on a hidden card (it held; the viewer may not know that, 5.3.1.2, 5.7.4.1), or a face-down
    Legend's replacement that would have applied (its text is hidden from both players, 5.7.4.1;
    `replacement.face_down`)."""
    ids = {c["id"] for c in step["cites"]}
    if step["kind"] == "check" and {"orientation.face-down-ignored", "effects.replacement-kind"} <= ids:
        return True
    if step["player"] in (None, viewer):
        return False
    if step["kind"] == "check" and {"search.definition", "effect-choices.no-legal-choice"} <= ids:
        return True  # that a search found nothing to take: its Rival can't tell it from one failed on purpose
    if step["kind"] != "choice":
        return False
    if "search.may-choose-to-fail" in ids:
        return True
    return hidden_check is not None and _DECLINED.search(step["text"]) is not None and \
        step["action"] == hidden_check["action"] and step["cards"] == hidden_check["cards"]


def _declined_or_could_not(step: dict) -> bool:
    """A "you may" the player did not take, by choice or for want of an option, where the two read alike to a
    player who can't see the cards it could have used: its option picks from a hidden area by information that is
    not public (the engine cites 5.3.2.4.1 there). One needing no such pick (a draw) is seen taken or not by all."""
    ids = {c["id"] for c in step["cites"]}
    if step["kind"] == "choice":
        return ("replacement-effects.optional" in ids or {"golden.you-may", "hidden-areas.may-fail-to-find"} <= ids) \
            and bool(_DECLINED.search(step["text"]))
    return step["kind"] == "check" and ("replacement-effects.impossible" in ids or
                                        {"golden.you-may", "effect-choices.no-legal-choice",
                                         "hidden-areas.may-fail-to-find"} <= ids)


def _tell(step: dict, viewer: str, known: Knowledge, redact, cite) -> bool:
    """Tell one step as the viewer may hear it; True when something had to be left out (a note says what)."""
    n, original = step["n"], step["text"]
    who = step.get("known_to") if step.get("known_to") not in (None, viewer) else None
    text = redact(original, n)
    player = step.get("player")
    unknown = [c for c in step["cards"] if not known.knows(c, n)]
    cards = [known.shown(c, n) for c in step["cards"]]
    if unknown and player != viewer and step["kind"] == "choice" and _ORDER_TOLD.search(text):
        text = _ORDER_TOLD.sub("", text)  # that an earlier instruction put it there: which card it is (5.4.3)
        step["cites"] = [c for c in step["cites"] if c["id"] not in ("golden.printed-order", "effects.resolve")]
    if unknown and len(unknown) < len(cards) and _SEARCHED.search(text) and not private_look(step, viewer):
        named = [known.called(c, n) for c in step["cards"] if c not in unknown]  # the order: where each one lay
        cards = [known.shown(c, n) for c in step["cards"] if c not in unknown] + [known.token(c, n) for c in unknown]
        listed = f"{', '.join(named)} and {', '.join(cards[len(named):])}"
        text = _SEARCHED.sub(lambda m: m[1] + listed, text, count=1)
    if player not in (None, viewer) and _declined_or_could_not(step):
        source = f"{known.called(step['cards'][0], n)}'s effect" if cards else "an effect"
        text, why = f"{player} does not do what {source} lets them do ('you may'); whether they chose not to or " \
                    f"could not is not told to {viewer}.", "this step could tell what a hidden area holds"
        step["cites"], step["kind"] = [cite("golden.you-may"), cite("hidden-areas.may-fail-to-find")], "choice"
    elif player != viewer and _HAND_TOLD.search(text):  # what the other player's hand holds (5.4.3, 5.3.2.4.1)
        text, why = f"{player} does not do a part that needs a card from their hand, which is hidden from " \
                    f"{viewer}.", "this step tells what a hand hidden from you holds"
    elif player != viewer and step["kind"] == "choice" and any(c in known.before_hidden for c in step["cards"]) \
            and _ONLY_OPTION in text:  # that no other card there could be chosen
        text, why = text.replace(_ONLY_OPTION, ""), "this step tells what a hidden area held"
    elif who:
        text, why = f"{who} looks at a card in private.", f"this step shows what only {who} may know"
    elif step["random"] and any(c in known.after_hidden for c in step["cards"]):
        cards = sorted(known.cards[c]["name"] if known.knows(c, n) and known.cards.get(c, {}).get("name")
                       else known.shown(c, n) for c in step["cards"])
        text = f"{text.split(': ', 1)[0]}: {', '.join(cards)} (in name order: the order they took is hidden " \
               f"from {viewer})."
        why = "this step gives a random order"
    elif text != original or unknown:
        why = "this step names a card hidden from you"
        if step["kind"] == "await":
            text = unlisted(text, viewer)
        elif step["kind"] == "check" and text != original and not _WHOLE_HAND.match(original):
            # what a condition found on a card the viewer can't see (a whole hand discarded is no condition: 5.9),
            # or which hidden cards an effect found to apply to (T-Bug's face-down Legends): no condition there
            condition = any("condition" in c["id"] for c in step["cites"])
            text = (f"A condition is checked on a card hidden from {viewer}" if condition else
                    f"The effect reads a card hidden from {viewer} here") + "; what it found is not told."
            step["cites"] = [c for c in step["cites"] if c["id"] != "effects.condition-false"]  # told either way
    else:
        step["cards"] = cards  # a copy's label told again (`Floor It #2` counts hidden copies)
        return False
    step["text"], step["cards"] = text, cards  # a text starting with a token gets its capital once it is said
    step["hidden_note"] = f"{why.replace('you', viewer)}; told to {viewer} without it"
    return True


_HAND_TOLD = re.compile(r"\bhas \d+ [^.;]* cards? in hand, and this part needs")
_ONLY_OPTION = ": the only option"
_WHOLE_HAND = re.compile(r"\w+ discards their whole hand: ")
_ORDER_TOLD = re.compile(r"; it is in [^;]*? because an earlier instruction of the same effect put it there[^;.]*")
_SEARCHED = re.compile(r"^(\w+ searches the top \d+ cards of their deck: ).*?(?=\. They stay in the deck)")
_DECLINED = re.compile(r"\bchooses not to\b|\brather than apply\b")
_TOKEN = re.compile(r"hidden card \d+")
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


def _hide_board(board: dict, known: Knowledge, n: int | None, redact) -> dict:
    """A board (before the actions, n=0, or after them, n=None) as the viewer may see it: a card in a place hidden
    from them is `hidden card N`, its orientation kept; a card they know there is shown (`Knowledge.board_hidden`:
    a private look, 5.3.1.2, or a card seen before it turned face-down, 5.7.4.2)."""
    hidden = known.before_hidden if n == 0 else known.board_hidden

    def shown(card: dict) -> dict:
        if card["label"] in hidden:
            return {"label": known.token(card["label"], n), "name": None, "hidden": True, **{k: card[k] for k in _KEPT}}
        if "gear" in card:
            card["gear"] = [shown(g) for g in card["gear"]]
        card["label"] = known.relabel.get(card["label"], card["label"])
        card.pop("looked_at_by", None)
        return card

    for player in board["players"].values():
        for area in AREAS:
            player[area] = [shown(c) for c in player[area]]
    for key in ("pending", "lasting_effects", "this_turn", "delayed_effects", "steal_limits", "discounts"):
        if key in board:  # what the engine remembers names cards by label or name: told the same way
            board[key] = _redacted(board[key], redact)
    return board
