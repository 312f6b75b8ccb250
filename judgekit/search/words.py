"""The words a search compares: tokens, stop words, Snowball stems, other games' words, typos.

Question words and everyday words ("do", "when", "which", "how many", "first") are stop words: they
say what is asked, not what about. Words players bring from other card games or from table talk
("graveyard", "tap", "summoning sickness") are mapped to this game's terms by a maintained table,
`judgekit/data/search-words.yaml`. A query word that is in no searched text, no table entry and no
stop list is taken for a typo and corrected to the closest word of the vocabulary, and only then.
"""
from __future__ import annotations

import re
from functools import lru_cache

WORD = re.compile(r"\[?[a-z0-9€$]+(?:[-' ][a-z0-9]+)*?\]|[a-z0-9€$]+(?:[-'][a-z0-9]+)*")
_KEYWORD = re.compile(r"\[[a-z0-9€$ -]+\]")

# Function words, question words and table talk that carry no rules meaning; those of them that are contractions
# also as typed in a hurry, without their apostrophe ("dont", "cant"), else read as typos ("dont" as DON!!); the
# shorthand of online chat ("u", "tho", "idk", "lol") and the commonest misspellings of question words ("wich",
# "thier"), else read as typos of rules words ("idk" as ink, "tho" as two, "thier" as thief, "wich" as wish).
STOP = frozenset("""
a about after again against all already also am an and any anyone anything are as at be because been before being
but by can can't cannot could did didn't do does doesn't doing done don't during else even ever for from get gets
getting got had has hasn't have having he her here hers him his how however i i'm if in into is isn't it it's its
itself just let like me mine my myself no nor not now of off ok okay on once one only onto or other our ours out
over own please really right should so some someone something still such than that that's the their theirs
them then there these they this those though through thus to too under until us very was wasn't way we were
what what's whatever when whenever where whether which while who whom whose why will with without won't would
yes yet you you're your yours yourself anyway actually exactly happen happens happened happening work works
mean means meant say says said tell tells told want wants wanted know knows think thinks allowed able
first many much
cant didnt doesnt dont hasnt im isnt thats wasnt whats wont youre
arent aint couldnt hes hows ive shes shouldnt theres theyre werent wheres whos wouldnt youve
u ur r w ya yall gonna gotta wanna lemme dunno kinda sorta cuz coz bc tho thru til till pls plz lol tbh idk imo btw
wich thier teh wat becuase
""".split())


def tokens(text: str) -> list[str]:
    """Lower-cased words (hyphenated and apostrophe words kept whole, a bracketed keyword such as
    "[go solo]" kept as one token), typographic quotes normalised."""
    return WORD.findall(text.lower().replace("’", "'").replace("‘", "'"))


def words(text: str) -> list[str]:
    """The tokens of a text that are not stop words; a possessive's "'s" is dropped; a hyphenated word also
    gives its parts ("face-down": face-down, face, down) and a bracketed keyword its words ("[attack]":
    [attack], attack)."""
    out = []
    for token in tokens(text):
        if token.endswith("'s"):
            token = token[:-2]
        if not token or token in STOP:
            continue
        out.append(token)
        if token.startswith("["):
            out.extend(w for w in token.strip("[]").split() if w not in STOP)
        elif "-" in token:
            out.extend(w for w in token.split("-") if w and w not in STOP)
    return out


def is_keyword(token: str) -> bool:
    return bool(_KEYWORD.fullmatch(token))


@lru_cache(maxsize=1)
def _stemmer():
    import snowballstemmer
    return snowballstemmer.stemmer("english")


@lru_cache(maxsize=None)
def stem(word: str) -> str:
    """The Snowball English stem of a word; each part of a hyphenated word is stemmed; a keyword is itself.
    Remembered for the process: a build of the index stems about 8,000 words, an `ask` session or a site
    build may search or build again."""
    if word.startswith("["):
        return word
    return "-".join(_stemmer().stemWords(word.split("-")))


def _yaml(text: str, name: str | None) -> dict:
    from judgekit import yaml_data
    return yaml_data.load_once(text, name) or {}


def read_table(text: str, name: str | None = None) -> dict[str, list[str]]:
    """The other-games table as {what players say (lower case): [this game's words]} from its YAML (a YAML error
    names the file `name`)."""
    data = _yaml(text, name)
    table: dict[str, list[str]] = {}
    for group in data.get("words", ()):
        means = [str(w) for w in group["means"]]
        for said in group["said"]:
            table[" ".join(tokens(str(said)))] = means
    return table


def read_games(text: str, name: str | None = None) -> list[str]:
    """The names of other card games the table lists (`games`), as phrases of lower-case words."""
    return [" ".join(tokens(str(game))) for game in _yaml(text, name).get("games", ())]


def read_opposites(text: str, name: str | None = None) -> dict[str, list[str]]:
    """The table's state pairs as {word: [its opposites]}, both ways: a rule often states the opposite case
    ("a spent rival Unit is a valid attack target" answers "can I attack a ready unit?")."""
    data = _yaml(text, name)
    out: dict[str, list[str]] = {}
    for pair in data.get("opposites", ()):
        a, b = (" ".join(tokens(str(side))) for side in pair["pair"])
        out.setdefault(a, []).append(b)
        out.setdefault(b, []).append(a)
    return out


def expand(query_words: list[str], table: dict[str, list[str]], longest: int) -> list[str]:
    """Replace each phrase or word of the table by this game's words (longest phrase first)."""
    return [w for group in expand_groups(query_words, table, longest) for w in group]


def expand_groups(query_words: list[str], table: dict[str, list[str]], longest: int) -> list[list[str]]:
    """`expand`, one group for each thing said: a table phrase's words in this game's terms, or a word as typed."""
    out: list[list[str]] = []
    i = 0
    while i < len(query_words):
        for size in range(min(longest, len(query_words) - i), 0, -1):
            said = " ".join(query_words[i:i + size])
            if said in table:
                out.append([w for meant in table[said] for w in tokens(meant)])
                i += size
                break
        else:
            out.append([query_words[i]])
            i += 1
    return out


# One thing said counts about as much as one word typed, however many words the rules name it with: each of the
# n words a table phrase stands for counts n ** -GROUP_POWER ("the stack", four words of 10.12, weighs about 2.8
# words, not 4, and no longer outweighs the rest of "can I stack gears on one unit").
GROUP_POWER = 0.25


def shares(groups: list[list[str]]) -> dict[str, float]:
    """{word: how much it counts} for the words of `expand_groups` (a hyphenated word's parts alike); a word the
    query also holds on its own, or in a smaller group, counts its largest share."""
    out: dict[str, float] = {}
    for group in groups:
        found = [w for w in group if w not in STOP]
        share = len(found) ** -GROUP_POWER if found else 1.0
        for word in found:
            for part in [word] + word.split("-"):
                out[part] = max(out.get(part, 0.0), share)
    return out


SAME_LENGTH_ODDS = 4


def typo_limit(word: str) -> int:
    """How many edits (Damerau-Levenshtein) a correction may make: none below 3 letters, then 1, then 2."""
    return 0 if len(word) < 3 else 1 if len(word) < 6 else 2


def correct(word: str, vocabulary: dict[str, int]) -> str:
    """The closest word of the vocabulary ({word: how many documents hold it}) within typo_limit edits; on a tie
    the likeliest: how common a word is, times SAME_LENGTH_ODDS for one of the typed word's length (a slip of a
    key is likelier than a letter left out or added: "tye" is "tie", not "type", but "powr" is "power", far
    commoner than "pour"); the word itself when there is none. The first letter is kept: people mistype the
    middle of a word, and a different first letter mostly makes another English word ("trample", "flicker")."""
    limit = typo_limit(word)
    if not limit:
        return word
    from rapidfuzz import process
    from rapidfuzz.distance import DamerauLevenshtein
    found = process.extract(word, list(vocabulary), scorer=DamerauLevenshtein.distance, score_cutoff=limit,
                            limit=None)
    found = [f for f in found if f[0][:1] == word[:1]]
    if not found:
        return word
    best = min(found, key=lambda f: (f[1], -vocabulary[f[0]] * (SAME_LENGTH_ODDS if len(f[0]) == len(word) else 1),
                                     f[0]))
    return best[0]
