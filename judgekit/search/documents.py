"""What one search looks through, each document with its fields and the rules it rests on (its cites).

- a rule: its own title (and the glossary names it defines), its heading (the titled rule or section it
  sits under), its text, its examples and tips, the words people ask it with (`asked`, learnt from
  the scenarios) and the questions it decides (`questions`, written by hand); it rests on itself;
- a glossary term: its name and aliases; it rests on its defining rule;
- an official FAQ ruling, in our words: the scenario's title, the card it is about, our question and
  the answer; it rests on the rules its scenario names in `expect` (`cites`, `refused_by`), else on the
  rules its recorded ruling refuses with, else on the first rule of each deciding step;
- a card: its name, its facts (type, colour, Tags, keywords) and the text of its shipped effects in our
  words; it rests on the rules defining its type, its keywords and the kinds of effect it has.

Documents are plain data (lists, dicts, strings) so the built index is JSON-able.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # annotations only: `judgekit cards` reads the tables below without loading the rulebook
    from judgekit.rules.book import Rulebook

RULE, TERM, RULING, CARD = "rule", "term", "ruling", "card"
KINDS = (RULE, TERM, RULING, CARD)

# The rule (2026-08 number) defining each card type, trigger and kind of effect a card's shipped effects use.
TYPE_RULES = {"Legend": ("4.3",), "Unit": ("4.6",), "Gear": ("4.10", "11.6"), "Program": ("4.14",)}  # 11.6 Equip
# A Legend with a cost may be played to the field as a Unit (4.5); one with a Null cost never can (4.5.3).
LEGEND_COST_RULES = {True: "4.5", False: "4.5.3"}
# The rule a printed keyword bends besides its own: ADRENALINE and GO SOLO let a lagging Unit attack (11.3.1.1).
KEYWORD_BENDS = {"ADRENALINE": "11.3.1.1", "GO SOLO": "11.3.1.1"}
WHEN_RULES = {"play": "11.20", "attack": "11.21", "defeated": "11.19", "call": "11.18", "resolve": "4.13",
              "end-of-turn": "8.16.1", "end-of-this-turn": "8.16.1", "start-of-turn": "8.6.2.2",
              "blocks": "11.24.3", "steals": "6.7.3", "friendly-steals": "6.7.3", "steals-gigs": "6.7.3",
              "wins-fight": "9.18", "loses-fight": "9.18"}
EFFECT_RULES = {"activate": "10.18", "persistent": "10.22", "replace": "10.24", "quick": "11.26",
                "modes": "10.31", "optional": "2.1.1", "first_time_each_turn": "10.16.3",
                "once_per_turn": "10.9"}
# What a card's text grants or forbids (`can:`, `cant:`), read as the rule it bends (2026-08 numbering): a Unit
# that may attack the turn it is played rests on Lag, one that can't be blocked on [BLOCKER].
GRANT_RULES = {"attack-units-while-lagging": "11.3.1.1", "attack-gig-area-while-lagging": "11.3.1.1",
               "attack-ready-units": "9.3.2.3", "attack-ready-blockers": "11.24", "be-blocked": "11.24",
               "attack": "9.3.1", "attack-gig-area": "9.3.2.2", "ready": "3.8", "be-defeated-in-fights": "9.19.3"}
INSTRUCTION_RULES = {"draw": "11.5", "trash": "11.7.2", "sell_top_card": "11.9", "search": "11.13",
                     "reveal_top": "11.14", "bottom_deck": "11.12", "flip": "11.10", "call_free": "11.11",
                     "play_free": "11.8.4", "play_paying": "11.4.3", "steal": "6.7", "swap": "6.6", "adjust": "6.4",
                     "move_gear": "11.6.6", "defeat": "9.19.1.1", "ready": "3.8", "spend": "3.7",
                     "limit_steals": "9.23.4", "must_attack": "9.3.2.3", "look_at": "5.3.2.1",
                     "bottom_deck_all": "11.12"}
# What a card's effect settings say it does besides its instructions: bottom-deck a card it played (11.12), change
# what GO SOLO costs (11.25), equip the Gear it plays (11.6.1).
SETTING_RULES = {"bottom_deck_after": "11.12", "rival_go_solo_costs_more": "11.25", "go_solo_costs_less": "11.25",
                 "free_call_on_your_turn": "11.11", "equip_to": "11.6.1"}
# A setting that makes an instruction do another rules action: a search putting the rest under the deck bottom-decks.
SETTING_ACTIONS = {("rest", "bottom"): "bottom_deck"}


def rule_documents(book: Rulebook, asked: dict[str, str] | None = None,
                   questions: dict[str, str] | None = None) -> list[dict]:
    asked, questions = asked or {}, questions or {}
    defined: dict[str, list[str]] = {}
    for term in book.glossary:
        defined.setdefault(term.rule_id, []).extend((term.term,) + term.aliases)
    out = []
    for rule_id in book.order:
        entry = book.entries[rule_id]
        heading = "" if entry.title else book.short_title(rule_id)
        out.append({"kind": RULE, "key": rule_id, "title": entry.title or heading,
                    "fields": {"title": " ".join([entry.title or ""] + defined.get(rule_id, [])),
                               "heading": " ".join(filter(None, (heading, entry.section))),
                               "text": entry.text, "examples": " ".join(entry.examples + entry.tips),
                               "asked": asked.get(rule_id, ""), "questions": questions.get(rule_id, "")},
                    "cites": [rule_id]})
    return out


def _definition(book: Rulebook, rule_id: str) -> str:
    """A term's definition: its rule's text, or its first sub-rule's where the rule only opens a section."""
    entry = book.entries[rule_id]
    children = book.children(rule_id)
    return children[0].text if entry.text.startswith("This section defines") and children else entry.text


def term_documents(book: Rulebook) -> list[dict]:
    return [{"kind": TERM, "key": term.term, "title": term.term,
             "fields": {"title": " ".join((term.term,) + term.aliases)}, "cites": [term.rule_id],
             "lines": [_definition(book, term.rule_id)]} for term in book.glossary]


def _rule_ids(book: Rulebook, refs, edition: str | None) -> list[str]:
    out = []
    for ref in refs or ():
        entry = book.resolve(str(ref).rstrip("?"), edition)
        if entry is not None and entry.id not in out:
            out.append(entry.id)
    return out


def golden_cites(golden: dict) -> tuple[list[str], list[str]]:
    """(the rule ids a recorded ruling refuses with, the first rule id of each step that is not bookkeeping)."""
    refused = [c["id"] for r in (golden.get("verdict") or {}).get("refused") or () for c in r.get("cites") or ()]
    deciding = [step["cites"][0]["id"] for step in golden.get("steps") or ()
                if step.get("cites") and step.get("kind") not in ("reveal", "choice", "pay")]
    return list(dict.fromkeys(refused)), list(dict.fromkeys(deciding))


def ruling_documents(book: Rulebook) -> list[dict]:
    """The FAQ's rulings that have a scenario, in our words (judgekit/data/faq-index.yaml, scenarios/faq/)."""
    from judgekit import faq, yaml_data
    try:
        index = faq.load_index()
    except (faq.FaqError, OSError, ValueError, yaml_data.YAMLError):  # no corpus, or a broken one: no rulings searched
        return []
    out = []
    elsewhere = _named_elsewhere(index)
    for ruling in index.rulings.values():
        if not ruling.scenarios:
            continue
        scenario = ruling.scenarios[0]
        path = Path(scenario["path"])
        data = index.read[path]
        cites = _rule_ids(book, _expected(data), data.get("edition"))
        recorded = _recorded(path)
        try:
            if isinstance(recorded, dict):
                refused, deciding = golden_cites(recorded)
                cites = cites or refused or deciding[:5]
        except (AttributeError, TypeError, KeyError, IndexError):  # not shaped like a ruling
            pass
        named = [(Path(s["path"]), index.read[Path(s["path"])]) for s in ruling.scenarios]
        uses = _uses(book, named + elsewhere.get(ruling.ref, []))
        card = "" if ruling.card == faq.GENERAL else ruling.card
        question = scenario["question"] or scenario["title"]
        out.append({"kind": RULING, "key": ruling.ref, "title": scenario["title"],
                    "fields": {"title": f"{scenario['title']} {card}", "text": f"{question} {ruling.answer}"},
                    "cites": cites, "uses": uses,
                    "lines": [question, f"The FAQ asks: {ruling.asked} Answer: {ruling.answer}" if ruling.asked
                              else f"Answer: {ruling.answer}"]})
    return out


def _recorded(path: Path):
    """The recorded ruling beside a scenario (None when absent or broken: the scenario's own citations only)."""
    golden = path.with_name(path.name[:-len(path.suffix)] + ".ruling.json")
    try:
        return json.loads(golden.read_text(encoding="utf-8")) if golden.is_file() else None
    except (OSError, ValueError):
        return None


def _uses(book: Rulebook, scenarios: list[tuple[Path, dict]]) -> list[str]:
    """Every rule the scenarios and their recorded rulings cite."""
    from judgekit.cites import ruling_cites, scenario_cites
    uses: set[str] = set()
    for path, data in scenarios:
        uses |= scenario_cites(book, data)
        recorded = _recorded(path)
        try:
            uses |= ruling_cites(recorded) if isinstance(recorded, dict) else set()
        except (AttributeError, TypeError, KeyError):  # not shaped like a ruling
            pass
    return sorted(uses)


def _named_elsewhere(index) -> dict[str, list[tuple[Path, dict]]]:
    """{FAQ ref: the shipped contested scenarios whose source names that answer (in any spelling `ref_for` reads)}."""
    from judgekit import faq, yaml_data
    from judgekit.resources import MissingData, folder
    try:
        read: dict[Path, dict] = {}
        found = faq.scenario_sources(folder("contested_corpus"), read)
    except (MissingData, OSError, ValueError, yaml_data.YAMLError):
        return {}
    out: dict[str, list[tuple[Path, dict]]] = {}
    for path, info in found.items():
        ref = index.ref_for(info["ref"])
        if ref is not None:
            out.setdefault(ref, []).append((path, read[path]))
    return out


def _expected(data: dict) -> list:
    expect = data.get("expect") if isinstance(data.get("expect"), dict) else {}
    return list(expect.get("cites") or ()) + list(expect.get("refused_by") or ())


def _effect_rules(effects: list, found: list[str]) -> None:
    for effect in effects or ():
        if not isinstance(effect, dict):
            continue
        for key, number in EFFECT_RULES.items():
            if key in effect:
                found.append(number)
        if isinstance(effect.get("activate"), dict) and effect["activate"].get("spend"):
            found.append("11.15")
        if str(effect.get("when")) in WHEN_RULES:
            found.append(WHEN_RULES[str(effect.get("when"))])
        _instruction_rules(effect.get("do"), found)
        for mode in effect.get("modes") or ():
            if isinstance(mode, dict):
                _instruction_rules(mode.get("do"), found)


def _granted_rules(value, found: list[str], keywords: list[str]) -> None:
    """The rules a card's text bends or reads wherever in its effects it says so: what it lets or forbids
    (GRANT_RULES), a change to how many Gigs a Unit steals (9.23.2), a card it removes from the game (5.13), a
    requirement or a count the engine decides by a rule (REQUIREMENT_RULES, COUNT_RULES: equipped, unequipped, Gear
    on a card), and the keywords it gives (`keywords`, read as their rules by the caller)."""
    from judgekit.engine.conditions import COUNT_RULES
    from judgekit.engine.requirement_words import REQUIREMENT_RULES
    if isinstance(value, dict):
        for key, item in value.items():
            if item is True and key in REQUIREMENT_RULES:
                found.extend(REQUIREMENT_RULES[key])
            elif key in ("count", "per") and isinstance(item, str) and item in COUNT_RULES:
                found.extend(COUNT_RULES[item])
            elif key in ("can", "cant"):
                found.extend(GRANT_RULES[g] for g in (item if isinstance(item, list) else [item])
                             if isinstance(g, str) and g in GRANT_RULES)
            elif key == "steals" and isinstance(item, int):
                found.append("9.23.2")
            elif key == "to" and item == "removed":
                found.append("5.13")
            elif key in SETTING_RULES and item:
                found.append(SETTING_RULES[key])
            elif isinstance(item, str) and (key, item) in SETTING_ACTIONS:
                found.append(INSTRUCTION_RULES[SETTING_ACTIONS[key, item]])
            elif key == "keywords" and isinstance(item, list):
                keywords.extend(str(k) for k in item)
            _granted_rules(item, found, keywords)
    elif isinstance(value, list):
        for item in value:
            _granted_rules(item, found, keywords)


def _instruction_rules(steps, found: list[str]) -> None:
    for step in steps or ():
        if not isinstance(step, dict):
            continue
        for verb, arg in step.items():
            if verb in INSTRUCTION_RULES:
                found.append(INSTRUCTION_RULES[verb])
            if isinstance(arg, dict):
                for nested in ("do", "then", "else"):
                    _instruction_rules(arg.get(nested), found)
            elif isinstance(arg, list):  # a "choose one": each mode has its own `do`
                for item in arg:
                    if isinstance(item, dict):
                        _instruction_rules(item.get("do"), found)


def _effect_texts(effects: list) -> list[str]:
    out = []
    for effect in effects or ():
        if isinstance(effect, dict) and effect.get("text"):
            modes = [str(m["text"]) for m in effect.get("modes") or () if isinstance(m, dict) and m.get("text")]
            out.append(str(effect["text"]) + (f" ({'; or '.join(modes)})" if modes else ""))
    return out


def card_documents(book: Rulebook) -> list[dict]:
    """The shipped pool's cards: printed facts and our wording of their shipped effects."""
    from judgekit import yaml_data
    from judgekit.resources import data_file, printed_cards
    cards = printed_cards()
    shipped = {str(c["card"]): c for c in yaml_data.load_file(data_file("card-effects.yaml"))
               or () if isinstance(c, dict) and "card" in c}
    terms = book.terms
    out = []
    for card in cards:
        name = card["name"] + (f": {card['subtitle']}" if card.get("subtitle") else "")
        effects = shipped.get(name, {})
        own = list(effects.get("effects") or ())
        bottom = list((effects.get("bottom_textbox") or {}).get("effects") or ())
        top = list((effects.get("top_textbox") or {}).get("effects") or ())
        numbers = list(TYPE_RULES.get(card.get("type"), ()))
        if card.get("type") == "Legend":
            numbers.append(LEGEND_COST_RULES[card.get("cost") is not None])
        if bottom:
            numbers.append("4.11.3")
        _effect_rules(own + top + bottom, numbers)
        granted: list[str] = []
        _granted_rules(own + top + bottom, numbers, granted)
        numbers += [KEYWORD_BENDS[k] for k in [*(card.get("keywords") or ()), *granted] if k in KEYWORD_BENDS]
        cites = _rule_ids(book, numbers, "2026-08")
        for keyword in [*(card.get("keywords") or ()), *granted]:
            rule_id = terms.get(f"[{keyword.lower()}]") or terms.get(keyword.lower())
            if rule_id and rule_id not in cites:
                cites.insert(0, rule_id)
        facts = [card.get("type") or "", card.get("color") or "", *(card.get("tags") or ()),
                 *(card.get("keywords") or ()), "sell tag" if card.get("sell_tag") else ""]
        cost = card.get("cost")
        line = " · ".join(filter(None, [card.get("type"), card.get("color"),
                                        f"cost {cost}" if cost is not None else "cost Null",
                                        f"power {card['power']}" if card.get("power") is not None else "",
                                        ", ".join(card.get("tags") or ()), ", ".join(card.get("keywords") or ())]))
        texts = _effect_texts(own) + [f"bottom textbox: {t}" for t in _effect_texts(bottom)]
        out.append({"kind": CARD, "key": name, "title": name,
                    "fields": {"title": name, "facts": " ".join(filter(None, facts)), "text": " ".join(texts)},
                    "cites": cites, "lines": [line] + texts})
    return out


def all_documents(book: Rulebook, asked: dict[str, str] | None = None,
                  questions: dict[str, str] | None = None) -> list[dict]:
    """Every document searched; `asked` gives each rule's words people ask it with (judgekit.search.asked),
    `questions` the questions it decides (judgekit.search.questions)."""
    return rule_documents(book, asked, questions) + term_documents(book) + ruling_documents(book) + card_documents(book)
