"""How a head judge types at the table, on a phone, rewritten into the plain words `typed.as_written` reads or a
command of `judgekit ask`: shorthand (`atk`, `w/`, `w/o`), the card first (`psycho attacks corpo`, `corpo blocks`,
`can goro attack gigs`), the player first (`bob blocks with corpo`, `alice passes`), the turn passed (`eot`, `pass
the turn`), the React Step ended (`no block`), a Gig stolen (`take the d8`). Nothing here decides a ruling: the words
become an action or an answer a scenario file writes, matched to the options the engine lists, and the reading is
shown ("Read as ...").
"""
from __future__ import annotations

import difflib

SHORTHAND = {"atk": "attack", "atks": "attacks", "attk": "attack", "w": "with", "w/": "with", "w/o": "without",
             "wo": "without", "blk": "block", "blks": "blocks", "targeting": "on", "onto": "on"}
NEGATIONS = ("no", "not", "without", "don't", "dont", "never", "non", "doesn't", "doesnt", "won't", "wont", "didn't",
             "didnt")  # a word that turns what follows into its opposite
TURN_ENDS = ("pass turn", "pass the turn", "pass my turn", "end turn", "end the turn", "end my turn", "eot",
             "end of turn", "end of my turn", "next turn", "turn over", "i pass the turn")
REACT_ENDS = ("no block", "no blocks", "no blocker", "no blockers", "no blocking", "don't block", "dont block",
              "no reaction", "no reactions", "no react", "no response", "no responses", "no quick", "nothing",
              "no call", "no calls")  # the defending player ends the React Step (9.12): `pass`
# a verb after its subject; `use`: a [QUICK] or activated effect's; `put X on Y` and `equip X to Y` play X on Y
VERB_FORMS = {"attack": "attack", "attacks": "attack", "block": "block", "blocks": "block", "sell": "sell",
              "sells": "sell", "play": "play", "plays": "play", "call": "call", "calls": "call",
              "activate": "activate", "activates": "activate", "quick": "quick", "quicks": "quick",
              "steal": "steal", "steals": "steal", "take": "steal", "takes": "steal",
              "use": "use", "uses": "use", "put": "play", "puts": "play", "equip": "play", "equips": "play"}
CLAUSE_VERBS = (*VERB_FORMS, "pass", "passes")  # a clause's verb, in a line saying several
PRONOUNS = ("i", "we", "he", "she", "they")  # the player left to the line's cards, as when none is named
POSSESSIVES = ("my", "our", "his", "her", "their")  # `her psycho attacks goons`: the acting card's player's card
ARTICLES = ("the",)  # `the psycho attacks the goons`: a word of no card's name there
DEFEAT_SAID = ("defeat", "defeats", "kill", "kills")  # `go solo and kill rockn`: its PLAY effect's target
HAVING = ("have", "has", "got")  # `does v have go solo`: the keyword had, not a GO SOLO play
ASKING = ("can", "may", "could", "does")  # `does bob play detonate?` asks as `can bob` does
FILLER_ENDS = ("too", "also", "again", "please", "now")  # said after an action, meaning nothing more
AS_TYPED = ("title", "question", "save", "load", "show", "board", "ruling", "help", "do", "gear", "played", "turn")


def pronoun_of(text: str) -> str | None:
    """The pronoun the line has for its player (`he plays floor it`, `can she block w corpo`, `her psycho attacks`),
    or None: a person the board can't tell, so the line's cards must say whose action it is."""
    folded = [w.casefold() for w in words_of(text)]
    if len(folded) > 2 and folded[0] in ASKING and folded[1] in PRONOUNS + POSSESSIVES:
        return folded[1]
    if len(folded) > 2 and folded[0] in POSSESSIVES:
        return folded[0]
    return folded[0] if len(folded) > 1 and folded[0] in PRONOUNS and folded[1] in VERB_FORMS else None


def without_articles(words: list[str], names) -> list[str]:
    """The words with each `the` left out that is no word of a card's name there (`equip the mantis blades to the
    psycho squad`; `play the heist` and `fool on the hill` keep theirs); `names` holds the names on the board, folded,
    a colon aside."""
    low = [w.casefold() for w in words]
    return [w for at, w in enumerate(words) if low[at] not in ARTICLES or _inside_a_name(low, at, names)]


def words_of(text: str) -> list[str]:
    """The words typed, shorthand spelt out and a question mark dropped: `can bob block w/corpo?` is `can bob block
    with corpo`."""
    out = []
    for word in text.replace(",", " , ").rstrip("?!. ").split():
        folded = word.casefold()
        if folded.startswith("w/") and folded not in SHORTHAND:  # `w/corpo`
            out += ["with", word[2:]]
        else:
            out.append(SHORTHAND.get(folded, word))
    return [w for w in out if w != ","]


def table_words(text: str, players: tuple[str, ...], cards: frozenset[str], named=lambda typed: None,
                held=lambda label: False) -> str:
    """The line as `judgekit ask` reads it: a turn's end is `pass_turn: true`, the React Step's end `pass`, a card
    or a player first is put after the verb (`psycho attacks corpo`: `attack psycho corpo`; `bob blocks with corpo`:
    `can bob block with corpo`, bob's action), a card in hand named before `on` is played on it (`take control on
    psycho`); `cards` holds the labels and the names' words on the board, folded; `named(words)` the label of the
    one card the words name (a label's or a name's unambiguous start), or None; `held(label)`: whether it is in a
    hand. Any other line is returned as typed."""
    if ":" in text or text.split(" ", 1)[0].casefold() in AS_TYPED:  # a command's own words
        return text
    words = without_articles(words_of(text), names_of(cards))
    folded = [w.casefold() for w in words]
    plain = " ".join(folded)
    if plain in TURN_ENDS:
        return "pass_turn: true"
    if plain.replace("no more ", "no ").replace("no further ", "no ") in REACT_ENDS or (len(folded) == 3 and folded[0] in players and folded[1] in ("doesn't", "doesnt", "won't")
                               and folded[2] in ("block", "react", "respond")):  # `bob doesn't block`
        return "pass"
    solo = _go_solo_said(words, folded)
    if solo is not None:
        return solo
    solo = _go_solo_asked(words, folded, players)
    if solo is not None:
        return solo
    if names_start(words, cards):  # `take control`: a card's name, not the verb `take`
        return text
    asking = folded[:1] if folded[:1] and folded[0] in ASKING else []
    if asking and folded[1:2] and folded[1] in PRONOUNS + POSSESSIVES:  # `can i sell detonate?`, `can her psycho`
        asking, words, folded = ["can"], [words[0], *words[2:]], [folded[0], *folded[2:]]
    elif len(folded) > 1 and (folded[0] in PRONOUNS and folded[1] in VERB_FORMS or folded[0] in POSSESSIVES and
                              len(folded) > 2 and not _inside_a_name(folded, 0, names_of(cards))):
        words, folded = words[1:], folded[1:]  # `she blocks with corpo`, `her psycho attacks goons`
    while len(folded) > 2 and folded[-1] in FILLER_ENDS:  # `can i sell detonate too?`
        words, folded = words[:-1], folded[:-1]
    rest, low = words[len(asking):], folded[len(asking):]
    names = names_of(cards)
    verb_at = next((i for i, w in enumerate(low) if w in VERB_FORMS and not _inside_a_name(low, i, names)), None)
    if verb_at is None:
        return _played_on(rest, low, players, named, held) or text
    if low[0] in players and verb_at != 1:  # `alice field take control`: a board statement
        return text
    verb = VERB_FORMS[low[verb_at]]
    if low[verb_at] in ("equip", "equips") and "to" in low[verb_at + 2:]:  # `equip mantis to psycho`: put on it
        at = low.index("to", verb_at + 2)
        rest, low = [*rest[:at], "on", *rest[at + 1:]], [*low[:at], "on", *low[at + 1:]]
    if verb_at == 0:  # `can attack ...`: the action asked about
        return " ".join([verb, *rest[1:]])
    if low[0] in players and verb_at == 1:  # `bob blocks with corpo`: asked as bob's action
        return " ".join(["can", rest[0], verb, *rest[2:]])
    if " ".join(low[:verb_at]) in cards or all(w in cards for w in low[:verb_at]) or \
            named(" ".join(rest[:verb_at])) is not None:  # `psycho attacks corpo`, `mtod attacks gigs`
        return " ".join([verb, *rest[:verb_at], *rest[verb_at + 1:]])
    return text


def clauses(text: str, players, cards: frozenset[str]) -> list[str]:
    """The actions a line says one after another (`psycho attacks goons and bob blocks with corpo`, `... then corpo
    blocks`): split where `and`, `then` or a comma begins another clause, one with its own player or pronoun and verb
    or its own card and verb; a word of a card's name is no split (`play bonnie and clyde on corpo`). `cards` holds
    the labels and the names' words on the board, folded."""
    names = names_of(cards)
    words = without_articles(text.replace(",", " , ").split(), names)
    low = [w.casefold() for w in words]
    out, start = [], 0
    for at, word in enumerate(low):
        if word not in ("and", "then", ",") or at <= start or _inside_a_name(low, at, names):
            continue
        after = at + 1 + (low[at + 1:at + 2] == ["then"])
        verb = next((i for i in range(after, min(after + 4, len(low))) if low[i] in CLAUSE_VERBS
                     and not _inside_a_name(low, i, names)), None)
        said = any(w in CLAUSE_VERBS for w in low[start:at]) or low[start] in ASKING
        subject = low[after:verb] if verb is not None else None
        if said and subject is not None and (subject in ([], *([p] for p in (*players, *PRONOUNS))) or
                                             all(w in cards or w.endswith("'s") for w in subject)):
            out.append(" ".join(words[start:at]))
            start = after
    return [clause for clause in [*out, " ".join(words[start:])] if clause.strip(" ,")]


def names_of(cards) -> set[str]:
    """The names of several words among the labels and names' words `cards` holds, a colon aside."""
    return {name.replace(":", "") for name in cards if " " in name}


def _go_solo_said(words: list[str], folded: list[str]) -> str | None:
    """`v goes solo`, `go solo v`, `go solo with v`: the Legend played with [GO SOLO], as `play v go solo`; its
    PLAY effect's target after `on`, or after `and` with the defeat it says (`adam goes solo on rockn`, `adam go
    solo and kill rockn`: `play adam go solo on rockn`); None for any other line."""
    if "on" in folded[3:-1]:
        at = folded.index("on", 3)
        said = _go_solo_said(words[:at], folded[:at])
        return f"{said} {' '.join(words[at:])}" if said is not None else None
    at = next((i for i in range(3, len(folded) - 2) if folded[i] == "and" and folded[i + 1] in DEFEAT_SAID), None)
    if at is not None:
        said = _go_solo_said(words[:at], folded[:at])
        return f"{said} on {' '.join(words[at + 2:])}" if said is not None else None
    if len(folded) > 2 and folded[-1] == "solo" and folded[-2] in ("go", "goes", "going") and \
            folded[0] not in VERB_FORMS and folded[0] not in ASKING and folded[-3] not in HAVING:
        return " ".join(["play", *words[:-2], "go", "solo"])
    if len(folded) > 2 and folded[:2] == ["go", "solo"]:
        card = words[3:] if folded[2] in ("with", "using") else words[2:]
        return " ".join(["play", *card, "go", "solo"]) if card else None
    return None


def _go_solo_asked(words: list[str], folded: list[str], players) -> str | None:
    """`can v go solo`, `can alice go solo v`, `can alice go solo with v`: the question of `play v go solo` (by the
    player named); None for any other line."""
    if not folded or folded[0] not in ASKING:
        return None
    who = words[1:2] if folded[1:2] and folded[1] in players else []
    said = 1 + bool(who or folded[1:2] and folded[1] in PRONOUNS)  # `can she go solo with v`: v's player's
    solo = _go_solo_said(words[said:], folded[said:])
    if solo is None:
        return None
    return " ".join(["can", *who, solo]) if who else solo


def _played_on(words: list[str], low: list[str], players, named, held) -> str | None:
    """`take control on psycho`, `can bob take control on psycho`: a card in hand named first, then `on` its target,
    is the card played on it (`play take control on psycho`, a [QUICK] reaction in a React Step, 9.10); so is its
    name said as the verb, the target's after it (`detonate mantis`, `bob detonate mantis`: `play detonate on
    mantis`); None for any other words."""
    first = 1 if low[:1] and low[0] in players else 0
    said = (["can", words[0]] if first else [])  # `bob ...`: asked as bob's action
    if "on" in low[first + 1:-1]:
        at = low.index("on", first + 1)
        label = named(" ".join(words[first:at]))
        return " ".join([*said, "play", *words[first:]]) if label is not None and held(label) else None
    for at in range(first + 1, len(low)):  # no `on`: the words of one card in hand, then one card's on the board
        label = named(" ".join(words[first:at]))
        if label is not None and held(label) and named(" ".join(words[at:])) is not None:
            return " ".join([*said, "play", *words[first:at], "on", *words[at:]])
    return None


def _inside_a_name(low: list[str], at: int, names: set[str]) -> bool:
    """Whether the word at `at` is a card name's with the words around it: one the words before it began (`royce
    don't call me simon attacks`: "call" is Royce: Don't Call Me Simon's), or one it begins and the next word goes on
    (`take control on psycho`: "take" is Take Control's, not the steal shorthand)."""
    def on_a_name(start: int, end: int) -> bool:
        said = " ".join(low[start:end])
        return any(name == said or name.startswith(said + " ") for name in names)
    return any(on_a_name(start, at + 1) for start in range(at)) or (at + 1 < len(low) and on_a_name(at, at + 2))


def negated(folded: list[str], at: int) -> bool:
    """Whether the word before place `at` turns what is there into its opposite (`no go solo`, `not spent`)."""
    return at > 0 and folded[at - 1] in NEGATIONS


def one_close(word: str, known) -> str | None:
    """The one known word the typed one is a near spelling of (`feild`: field, `spnt`: spent), or None when none is,
    or several are."""
    close = difflib.get_close_matches(word.casefold(), list(known), n=2, cutoff=0.75)
    return close[0] if len(close) == 1 else None


def names_start(words: list[str], names) -> bool:
    """Whether the words typed are one of the names, or its start, word for word (`fool on the hill`, `royce psycho
    on the edge`, `royce don't`: Royce: Don't Call Me Simon), compared as card names are (case and punctuation
    aside)."""
    from judgekit.scenario.card_names import normal
    typed = normal(" ".join(words))
    return bool(typed) and any(f"{normal(name)} ".startswith(f"{typed} ") for name in names)


def goes_on_a_name(words: list[str], names) -> bool:
    """Whether the last word typed is a whole word of a card's name whose words the words before it start, in order,
    as the name resolver reads a name typed (`johnny never`, `johnny silverhand never`: Johnny Silverhand: Never Stop
    Fighting; `royce don't`); a word it only starts is not (`panam no`: Panam Palmer: Nomad Cavalry, then `no`)."""
    from judgekit.scenario.card_names import normal
    typed = [normal(w) for w in words]
    if not typed or not all(typed):
        return False
    *before, last = typed
    for name in names:
        rest = iter(normal(name).split())
        if all(any(word.startswith(part) for word in rest) for part in before) and last in rest:
            return True
    return False
