"""What `judgekit ask` prints: a ruling's last action, the board and the options, as plain lines.

Everything is read from the documented JSON shapes (the ruling, docs/output-format.md; the options
listing, `OptionsListing.as_dict`), so the session shows exactly what `judgekit run` and
`judgekit options` would report.
"""
from __future__ import annotations

import re

from judgekit.corpus.disputes import of_its_board
from judgekit.ask.typed import added
from judgekit.engine import lasting_changes
from judgekit.engine.state import duration_words
from judgekit.plural import counted
from judgekit.render.options import flow
from judgekit.render.words import SaidOnce, attack_in_progress, disputed_briefly, shown_steps, stance

HELP_HEAD = "Commands (card names may be typed in part: `goro` offers the three Goro Takemura cards):"
HELP = (  # (what is typed, what it does), shown in two columns on a wide terminal and in one on a narrow one
    ("alice field Psycho Squad [spent|ready] [lag] [face-down|face-up] [as LABEL]",
     "a card in an area: hand, field, legends, trash, removed, deck (on top)"),
    ("bob field psycho x3 (or 3 psycho)", "three copies"),
    ("psycho spent · goro face-up", "a card's state changed"),
    ("gear Mantis Blades on LABEL [as L]", "equip a Gear to a card on the board"),
    ("alice eddies 3 [spent 2] · alice deck 10", "Eddies (ready, spent), the deck's count"),
    ("alice gigs d6=3 d8=4 · alice fixer d4 d10", "Gig dice and values; the fixer area's dice"),
    ("turn bob · phase start|main|end|setup", "whose turn it is; where in the turn"),
    ("alice called · alice sold", "she has already Called a Legend / sold a card this turn"),
    ("played LABEL", "that card was played this turn (one in a field is marked lagging too, 11.3.1)"),
    ("overtime [off] · empty-fixer N", "the game is in overtime (1.11); N turns in a row began with both fixer "
                                       "areas empty"),
    ("johnny power -8 this turn from floor it by bob", "a lasting change an earlier effect gave a card (`psycho "
     "can't attack`, `corpo gets blocker`, `until next turn`; default: this turn, by the turn player)"),
    ("options", "what may be done now, each allowed or refused with the rule that decides"),
    ("3  (or the option typed)", "take option 3, and get the ruling at once"),
    ("attack: psycho, target: gig-area", "an action written as in a scenario file (`do` before it is optional): "
     "`sell: mantis`, `call: goro`, `play: v, go_solo: true`, `attack: psycho, target: corpo`"),
    ("block: corpo · quick: floor · call: goro", "a reaction of the defending player in the React Step (9.7)"),
    ("pass  (or done, no block)", "the defending player ends the React Step (9.12)"),
    ("pass turn · eot · alice passes", "the turn player passes the turn (plain words work too: `psycho atk gigs`, "
     "`corpo blocks`, `play goro no go solo`, `take the d8`, `can bob block w corpo?`)"),
    ("board · ruling · show", "the board now; the whole last ruling; the scenario so far, as YAML"),
    ("board bob · ruling bob", "the same as bob may see it (hidden cards unnamed), to show a player"),
    ("undo · redo · save FILE · load FILE", "take back the last change (redo: put it back); write the scenario; "
     "start from a scenario file"),
    ("new  (or reset)", "a fresh board, without leaving (`undo` brings the last one back)"),
    ("title TEXT · question TEXT · help · quit", ""),
)
NARROW = 80  # below this many columns, the help is one column


def help_text(width: int | None = None) -> str:
    """The commands: two columns (what is typed, what it does) on a terminal of NARROW columns or more, or with
    no width (a pipe); one column, each meaning under its command, on a narrower one. Wrapped at word boundaries
    to `width` when one is given."""
    import textwrap
    out = [HELP_HEAD]
    if width is not None and width < NARROW:
        for typed, does in HELP:
            out += textwrap.wrap(typed, width - 1, initial_indent="  ", subsequent_indent="    ",
                                 break_on_hyphens=False)
            out += textwrap.wrap(does, width - 1, initial_indent="      ", subsequent_indent="      ",
                                 break_on_hyphens=False) if does else []
        return "\n".join(textwrap.fill(HELP_HEAD, width - 1).splitlines() + out[1:])
    column = 46
    for typed, does in HELP:
        first = f"  {typed:<{column - 2}}" if len(typed) < column - 3 else f"  {typed}\n{' ' * column}"
        if width is None:
            out.append(f"{first}{does}".rstrip())
            continue
        lines = textwrap.wrap(does, max(width - 1 - column, 20), break_on_hyphens=False) or [""]
        out.append(f"{first}{lines[0]}".rstrip())
        out += [" " * column + line for line in lines[1:]]
    return "\n".join(out)


SEE_OPTIONS = "(type `options` to see the answers)"
AREA_WORDS = {"hand": "hand", "field": "field", "legends": "Legends", "eddies": "Eddies", "trash": "trash",
              "removed": "removed"}  # each area, as the board view names it


def cites(items: list[dict]) -> str:
    """'4.4.1 Legends · 5.13 Removed from Game · 11.9.1.2? Equip'."""
    return " · ".join(f"{c['number'] or c['id']}{'' if c['confirmed'] else '?'} {c['title']}" for c in items)


def ruling_lines(data: dict, actions: list[int] | None = None, told: int = 0, known: int = 0,
                 disputes_told: frozenset = frozenset()) -> list[str]:
    """The actions asked about (default: the last one) with their steps and rules, then the verdict; `told`:
    how many of their refusals an earlier answer already gave (a reaction refused before the one just typed);
    `known`: how many of the last action's first steps the earlier answer showed as they still are (an action
    that waited, answered): they are summed up in one line, not printed again, as are the disputed points an
    earlier answer on it gave (`disputes_told`, by the file recording each)."""
    numbers = actions or [data["actions"][-1]["n"]] if data["actions"] else []
    steps = {s["n"]: s for s in data["steps"]}
    said_once = SaidOnce()
    out = []
    for action in data["actions"]:
        if action["n"] not in numbers:
            continue
        out.append(f"Action {action['n']}: {action['action']}  → {'allowed' if action['allowed'] else 'REFUSED'}")
        shown = action["steps"][:known] if action["n"] == numbers[-1] else []
        if shown:
            out.append(f"  {shown[0]}-{shown[-1]}. as before (`ruling` shows every step)")
        for n, step in shown_steps(action["steps"][len(shown):], steps):
            random = f"  (random: {step['random']})" if step.get("random") else ""  # as `judgekit run` marks it
            out.append(f"  {n}. {said_once(unscripted(step['text']))}{random}")
            if step["cites"]:
                out.append(f"       {cites(step['cites'])}")
            if step.get("note"):
                out.append(f"       note: {step['note']}")
    return out + verdict_lines(data, numbers, told, disputes_told)


AS_ASK_SAYS = {"write `face_up: true` on it": "state it so (`{label} face-up`)"}  # a hint's scenario words, in ask


def as_ask_says(hint: str, text: str) -> str:
    """A refusal's hint, written for a scenario file, in the words `ask` takes (`face_up: true` is `v face-up`), the
    card being the first labelled in the refusal."""
    found = re.search(r"\[([^\]\s]+)\]", text)
    for written, said in AS_ASK_SAYS.items():
        if found and written in hint:
            hint = hint.replace(written, said.format(label=found[1]))
    return hint


def verdict_lines(data: dict, actions: list[int] | None = None, told: int = 0,
                  disputes_told: frozenset = frozenset()) -> list[str]:
    """How the ruling stands; refusals only of `actions` (default: all), so that an earlier refused action is not
    repeated under a later one's ruling."""
    verdict = data["verdict"]
    out = []
    if verdict["winner"] or verdict["tie"]:
        out.append("Game over: " + ("a tie." if verdict["tie"] else f"{verdict['winner']} wins; "
                                                                  f"{', '.join(verdict['losers'])} lost."))
    if verdict["awaiting"]:
        out.append(f"Waiting for a choice: {gist(verdict['awaiting'])} {SEE_OPTIONS}")
    for refusal in [r for r in verdict["refused"] if actions is None or r["action"] in actions][told:]:
        out.append(f"Refused: {refusal['text']} ({cites(refusal['cites'])})")
        if refusal.get("hint"):
            out.append(f"  hint: {as_ask_says(refusal['hint'], refusal['text'])}")
    for contested in verdict["contested"]:  # a scenario recording a contested question, loaded as it is
        out.append(f"Contested: {stance(contested['held_by'])}." if contested["follows"] else
                   f"Contested: judgekit differs from the ruling held by {contested['held_by']}.")
    here = frozenset(card["name"] for player in data["board"]["players"].values() for cards in player.values()
                     if isinstance(cards, list) for card in cards if isinstance(card, dict) and card.get("name"))
    for flag in verdict.get("disputed", []):
        if flag["recorded_in"] in disputes_told:
            out.append(f"Disputed, as told above: {flag['recorded_in']}.")
            continue
        out.append(f"Disputed: this turns on {flag['point']} ({flag['recorded_in']}); "
                   f"{stance(flag['judgekit_follows'])}.")
        out += [f"  other reading, held by {r['held_by']}: " + (
            f"told on its own board, `judgekit run {flag['recorded_in']}` shows it"
            if of_its_board(flag["recorded_in"], r["note"], here) else r["note"]) for r in flag["other_readings"]]
    if any(not c["confirmed"] for s in data["steps"] for c in s["cites"]):
        out.append(f"(? = number inferred for edition {data['edition']['name']}; `--edition 2026-08` shows the "
                   "published numbering)")
    return out


def _card(card: dict) -> str:
    name = card["name"] or ("hidden card" if card.get("hidden") else "unknown card")  # a hidden card's label is an id
    label = "" if card["label"] == card["name"] or card["name"] is None else f" [{card['label']}]"
    marks = [w for w, on in (("spent", card["spent"]), ("Lag", card["lag"]), ("face-down", not card["face_up"]))
             if on]
    power = f" power {card['power']}" if "power" in card else ""
    carried = card.get("gear", [])
    gear = f", carrying {'; '.join(_gear(g) for g in carried)} (counted in its power)" if carried else ""
    return f"{name}{label}{power}" + (f" ({', '.join(marks)})" if marks else "") + gear


def _gear(card: dict) -> str:
    """A Gear on its host: its name and label, and the power it adds (already in the host's power, 3.17.3)."""
    label = "" if card["label"] == card["name"] or card["name"] is None else f" [{card['label']}]"
    adds = f" {card['power']:+d}" if card.get("power") is not None else ""
    return f"{card['name'] or 'unknown card'}{label}{adds}"


def board_lines(data: dict) -> list[str]:
    board = data["board"]
    out = [f"Turn: {board['turn']} ({board['phase']} phase)" + (", overtime" if board["overtime"] else "")]
    if board.get("attack"):
        out.append(f"Attack under way: {attack_in_progress(board['attack'])}")
    if data["verdict"]["awaiting"]:
        out.append(f"Waiting for: {gist(data['verdict']['awaiting'])}")
    for name, player in board["players"].items():
        out.append(f"{name}:")
        for area, word in AREA_WORDS.items():
            cards = player[area]
            if area == "eddies":
                if cards:
                    spent = sum(1 for c in cards if c["spent"])
                    out.append(f"  Eddies: {len(cards) - spent} ready, {spent} spent")
                continue
            if cards:
                out.append(f"  {word}: " + "; ".join(_card(c) for c in cards))
        out.append(f"  deck: {counted(len(player['deck']), 'card')}" +
                   (f"; Gigs: {' '.join(g['die'] + '=' + str(g['value']) for g in player['gigs'])} "
                    f"(Street Cred {player['street_cred']})" if player["gigs"] else "") +
                   f"; fixer: {' '.join(player['fixer']) or 'empty'}")
    names = {c["label"]: _named(c) for p in board["players"].values() for area in AREA_WORDS for c in p[area]}
    names.update({g["label"]: _named(g) for p in board["players"].values() for area in AREA_WORDS for c in p[area]
                  for g in c.get("gear", [])})
    for change in board.get("lasting_effects", []):
        out.append(f"Lasting: {names.get(change['card'], change['card'])} {change_words(change)} "
                   f"{duration_words(change['until'], change['controller'])} (from {change['from']}, by "
                   f"{change['controller']})")
    return out


def _named(card: dict) -> str:
    """A card as the board view names it: `Psycho Squad [psycho]`, or its label alone when hidden."""
    label = "" if card["label"] == card["name"] else f" [{card['label']}]"
    return f"{card['name']}{label}" if card["name"] else "a hidden card" if card.get("hidden") else card["label"]


def unscripted(text: str) -> str:
    """A step's text without how a scenario file scripts the React Step's reactions (in `ask` they are typed as
    listed: `block: corpo`, `pass`)."""
    return re.sub(r" The ruling waits here; script the (?:next )?reactions .*?\.(?= [A-Z0-9]|$)", " The ruling waits here.",
                  text)


def gist(awaiting: str) -> str:
    """What a choice the ruling waits for is, without what the step above already says about scripting it and
    about the effect still resolving."""
    return awaiting.split(" The ruling waits here")[0].rstrip(".")


def option_text(option: dict) -> str:
    """The option as it is typed: as written in a scenario's `actions:`, without the braces (`attack: goro, target:
    corpo`), or, in a React Step, the one reaction it adds (see `reaction_typed`)."""
    return option.get("typed") or flow(option["action"])[1:-1]


def answer_typed(action: dict, waiting: dict) -> str | None:
    """What an option adds to the action waiting for a choice, as a judge types it: the reaction (`block: corpo`,
    `pass`), or the answers it adds (`roll_in: d8`, `targets: [river]` after the targets already chosen,
    `may: {tbug: true}`); None for an option that is not the waiting action answered (`concede`)."""
    reaction = reaction_typed(action, waiting) if "react" in action else None
    if reaction is not None:
        return reaction
    more = added(action, waiting)
    return flow(more)[1:-1] if more else None


def reaction_typed(action: dict, waiting: dict) -> str | None:
    """What an option of a React Step adds to the attack waiting in it, as a judge types it: the one reaction
    (`block: corpo`), or `pass` when it ends the step (9.12); None for any other option."""
    same = set(waiting) - {"react", "by"}  # `by` is written out in the listing, and may not be in the session's
    if set(action) - {"react", "by"} != same or any(action[k] != waiting[k] for k in same) or \
            waiting.get("by", action.get("by")) != action.get("by"):
        return None
    before = [r for r in waiting.get("react") or [] if r != {"more": True}]
    react = action.get("react")
    if react == before:
        return "pass"
    if isinstance(react, list) and len(react) == len(before) + 2 and react[:len(before)] == before and \
            react[-1] == {"more": True}:
        return flow(react[-2])[1:-1]
    return None


def options_lines(listing: dict, numbered: list[dict]) -> list[str]:
    """The options numbered for picking: those allowed first, then those refused with the rule that forbids them."""
    if listing["game_over"]:
        return ["The game is over: no action can be taken."]
    head = f"{listing['to_act']} to act" + (f"; waiting: {gist(listing['awaiting'])}" if listing["awaiting"]
                                            else "")
    out = [head + ". Pick one by number or type it:"]
    allowed = [o for o in numbered if o["allowed"]]
    for n, option in enumerate(numbered, 1):
        if n == len(allowed) + 1:
            out.append("Not allowed now:")
        out += option_lines(n, option)
    return out


def option_lines(n: int, option: dict, marked: bool = False) -> list[str]:
    """Option `n` as listed: allowed with what it pays, or refused with the rule that forbids it (`marked`: said
    "not allowed", for a line shown outside the listing's "Not allowed now:")."""
    cost = f" (pays {option['cost']} €$)" if option.get("cost") is not None else ""
    if option["allowed"]:
        out = [f"  {n:>2}. {option_text(option)}{cost}" + (f"  = {option['means']}" if option.get("means") else "")]
        out += [f"      fails: {option['fails']}"] if option.get("fails") else []
    else:
        out = [f"  {n:>2}. {option_text(option)}{' (not allowed)' if marked else ''}: {option['why']} ({cites(option['cites'])})"]
    return out + [f"      {disputed_briefly(flag)}" for flag in option.get("disputed", ())]


def outcomes(data: dict) -> list[tuple[str, object]]:
    """Each action taken so far and whether it was allowed, then ("waits", the choice the last one waits for)."""
    return [(a["action"], a["allowed"]) for a in data["actions"]] + [("waits", data["verdict"]["awaiting"])]


def ruled_again(before: list[tuple[str, object]], after: list[tuple[str, object]]) -> list[str]:
    """What a board statement changed in the actions already taken (`outcomes` before and after it): the board is
    stated as it was before them, so they are ruled again on it, and a judge is told when that changed one."""
    changed = [f"action {n}, {what}: now {'allowed' if now else 'refused'} (it was "
               f"{'allowed' if was else 'refused'})"
               for n, ((what, was), (_, now)) in enumerate(zip(before[:-1], after[:-1]), 1) if was != now]
    if before[-1][1] != after[-1][1]:
        changed.append(f"waiting now for: {gist(after[-1][1])}" if after[-1][1] else "no choice waits now")
    if not changed:
        return []
    return [f"The board is stated as it was before action 1, so the actions were ruled again on it: "
            f"{'; '.join(changed)}. Type `ruling` to read it, or `undo`."]


def step_texts(data: dict, number: int) -> list[str]:
    """The texts of an action's steps, in order."""
    texts = {s["n"]: s["text"] for s in data["steps"]}
    action = next((a for a in data["actions"] if a["n"] == number), None)
    return [texts[n] for n in action["steps"]] if action else []

def change_words(entry: dict) -> str:
    """A lasting change in words, as the ruling words one an effect gives (`gets -8 power`, `gets [BLOCKER]`,
    `can't attack`, `gets +2 power while fighting,`); `entry` as the scenario format's `lasting:` or the ruling's
    `lasting_effects` write it."""
    return lasting_changes.in_words(entry)

