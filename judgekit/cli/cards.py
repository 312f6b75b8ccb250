"""`judgekit card`: a pool card's printed facts and the effects judgekit ships for it."""
from __future__ import annotations

import sys
from typing import List

from judgekit.cli.commands import Argument, Exit, Option, command
from judgekit.cli.common import RICH_OR_JSON, OutputFormat, make_console, refuse_markdown, say_error, to_json


@command()
def card(
    words: List[str] = Argument(None, metavar="NAME", help="Card name (quotes optional), or its start or a "
                                                                "near spelling; a name several cards fit lists them."),
    with_effects: bool = Option(False, "--with-effects", help="List the cards that have shipped effects."),
    format: OutputFormat = Option(OutputFormat.rich, "--format", "-f", metavar=RICH_OR_JSON,
                                  help="rich (terminal) or json."),
    rulings: bool = Option(False, "--rulings", help="Also list the card's official FAQ rulings "
                                                          "(as `judgekit rulings NAME`)."),
) -> None:
    """Show a card as judgekit knows it: printed facts, and its effects in structured form, if shipped."""
    name = " ".join(words) if words else None
    from judgekit.scenario.errata import errata_of
    from judgekit.scenario.pool import Pool, real_cards, shipped_effects

    refuse_markdown(format, "card")
    if with_effects or name is None:
        _list_shipped(format)
        return
    pool = Pool()
    for definition in real_cards():
        pool.add(definition)
    match = pool.match(name)
    if match.how in ("prefix", "fuzzy"):
        from judgekit.scenario.card_names import NameMatch, near_too
        near = near_too(name, match.found, pool.by_full_name)
        if near:
            match = NameMatch(name, None, "ambiguous", tuple(sorted((match.found, *near))))
    if match.how == "ambiguous":
        _list_matches(match, pool, format)
        return
    if match.found is None:
        near = sorted(match.candidates)  # the name reader's "did you mean", the same in either format
        if len(near) > 1:
            _list_matches(type(match)(name, None, "ambiguous", tuple(near)), pool, format, near=True)
            return
        if not near:
            from judgekit.echo import shown
            say_error(f"no card named {shown(name)} in the card pool; `judgekit cards WORD` finds cards by a word "
                      f"of their name or text")
            raise Exit(2)
        sys.stderr.write(f"No card is named {name!r}; showing the near spelling {near[0]}.\n")
        match = type(match)(name, near[0], "fuzzy", ())
    definition = pool.by_full_name[match.found]
    shipped = shipped_effects().get(definition.full_name)
    text_status = shipped.printed_text if shipped else "not-shipped"
    listed_errata = errata_of(definition.full_name)
    data = {**_facts(definition),
            "text": text_status, "text_note": shipped.note if shipped else "",
            "errata": [{"id": e.id, "summary": e.summary, "listed_as_of": e.listed, "printing": e.printing,
                        "changes_play": e.gameplay} for e in listed_errata],
            "effects": shipped.model_dump(mode="json", exclude_defaults=True, by_alias=True)
            if shipped and shipped.printed_text == "effects" else None,
            "also": _also_named(name, definition.full_name, pool) if match.how != "exact" else []}
    if rulings:
        from judgekit.cli.rulings import card_data
        from judgekit.faq import FaqError, load_index
        try:
            data["rulings"] = card_data(definition.full_name, load_index())
        except FaqError as error:
            say_error(str(error))
            raise Exit(2)
    if format is OutputFormat.json:
        sys.stdout.write(to_json(data))
        return
    ruling_data = data.pop("rulings", None)
    console = make_console()
    cost = "Null ( - )" if definition.cost is None else f"{definition.cost} €$"
    console.print(f"[bold]{definition.full_name}[/bold]  {' / '.join(definition.types)}, cost {cost}"
                  + (f", power {definition.printed_power}" if definition.power is not None else ""))
    facts = [f"Tags: {', '.join(definition.tags) or 'none'}", f"keywords: {', '.join(data['keywords']) or 'none'}",
             f"Sell Tag: {'yes' if definition.sell_tag else 'no'}", f"colour: {definition.color or '-'}",
             f"RAM: {definition.ram if definition.ram is not None else '-'}"]
    console.print("  " + " · ".join(facts))
    for e in listed_errata:
        which = f" (its {e.printing} printing only)" if e.printing else ""
        console.print(f"  Erratum{which}, listed as of {e.listed} (the errata page gives no date per "
                      f"erratum): {e.summary}", markup=False)
    if data["also"]:
        console.print(f"  Other cards with a word of their name starting {name!r}: {'; '.join(data['also'])}",
                      markup=False)
    if text_status != "effects" and shipped is not None:
        console.print("  " + _TEXT_STATUS[text_status] + (f": {shipped.note}" if shipped.note else "."),
                      markup=False)
    elif shipped is None:
        console.print("  No shipped effects: judgekit knows this card's facts only. Give it effects under "
                      "`cards:` in a scenario (docs/scenario-format.md, Effects).")
    else:
        _print_shipped(console, data)
    if ruling_data is not None:
        from judgekit.cli.rulings import render_card
        render_card(ruling_data)


def _also_named(typed: str, found: str, pool) -> list[str]:
    """The other cards with a word of their name or subtitle starting as typed (`psycho`: Royce: Psycho on the
    Edge beside Psycho Squad), so that a look-up settled on one card does not hide the others a judge may mean."""
    import re
    start = " ".join(typed.casefold().split())
    return [name for name in pool.by_full_name if name != found and
            re.search(r"(?<![\w'])" + re.escape(start), name.casefold())]


def _list_matches(match, pool, format: OutputFormat, near: bool = False) -> None:
    """A name that fits several cards (`judgekit card goro`): each candidate with its type, cost and power."""
    cards = [pool.by_full_name[n] for n in match.candidates]
    if format is OutputFormat.json:
        sys.stdout.write(to_json({"query": match.written, "near": near, "matches": [
            {"name": c.full_name, "types": list(c.types), "cost": c.cost, "power": c.power,
             "printed_power": c.printed_power} for c in cards]}))
        return
    sys.stdout.write(f"No card is named {match.written!r}; {len(cards)} near spellings, name one of them "
                     f"(`judgekit card 'NAME'`):\n" if near else
                     f"{len(cards)} cards match {match.written!r}; name one of them (`judgekit card 'NAME'`):\n")
    for c in cards:
        cost = "Null ( - )" if c.cost is None else f"{c.cost} €$"
        power = f", power {c.printed_power}" if c.power is not None else ""
        sys.stdout.write(f"  {c.full_name}  ({' / '.join(c.types)}, cost {cost}{power})\n")


def _print_shipped(console, data: dict) -> None:
    """The shipped effects in plain words: each effect's `text` (our paraphrase, not the card's wording), the
    bottom textbox's as its host's, a cost that changes or a price set under a condition as said; `-f json` gives
    the structured form."""
    console.print("  What it does (our paraphrase of the effects judgekit ships, not the card's wording; "
                  "`-f json` gives their structured form):", markup=False)
    for part, said in (("top_textbox", "Top textbox"), ("effects", None), ("bottom_textbox", "Bottom textbox (its host has it)")):
        found = data["effects"].get(part)
        effects = found.get("effects", []) if isinstance(found, dict) else found or []
        if said and effects:
            console.print(f"    {said}:", markup=False)
        for effect in effects:
            console.print(f"    {'  ' if said else ''}- {effect.get('text') or _effect_gist(effect)}", markup=False)
    for cost in data["effects"].get("play_cost") or []:
        console.print(f"    - {_play_cost_words(cost)}", markup=False)


def _play_cost_words(cost: dict) -> str:
    """What playing the card costs when its own text changes it: the payment changes, never the cost value
    (3.11.1.2); a reduction stops at its minimum, 1 €$ unless the card says otherwise (11.11.3?)."""
    from judgekit.cards.terms import price_condition
    from judgekit.engine.conditions import COUNTS  # on use: `judgekit card` without it loads no engine
    if "less_per" in cost:
        return (f"playing it costs {cost.get('amount', 1)} €$ less for each {COUNTS[cost['less_per']]}, never under "
                f"{cost.get('minimum', 1)} €$ (its cost value does not change)")
    when = "".join(f" {price_condition(condition)}" for condition in cost.get("if") or ())
    return (f"it is played for {cost['set_to']} €$ in place of its cost{when} (not a choice; its cost value does "
            "not change)")


def _effect_gist(effect: dict) -> str:
    """An effect shipped without a `text` (none in judgekit's own data; a scenario's may lack one), briefly."""
    when = effect.get("when") or effect.get("replace") or effect.get("activate") or "always"
    return f"{str(when).replace('-', ' ')}: {', '.join(next(iter(d)) for d in effect.get('do') or [] if d)}"


_TEXT_STATUS = {
    "keywords-only": "Its text is only keywords (with their reminders), shown above; the engine applies them",
    "none": "It has no rules text",
    "unknown": "Its text is not known to judgekit, which invents none; a scenario that needs it defines the card "
               "under `cards:`",
}


def _list_shipped(format: OutputFormat) -> None:
    """Every pool card judgekit ships (its effects encoded, or known to have none) and those it does not yet."""
    from judgekit.scenario.pool import real_cards, shipped_effects, unshipped_cards

    shipped = shipped_effects()
    pool = [c.full_name for c in real_cards()]
    missing = unshipped_cards()
    done = sorted(n for n in pool if n in shipped)
    if format is OutputFormat.json:
        sys.stdout.write(to_json({"pool": len(pool), "shipped": done,
                                  "text": {n: shipped[n].printed_text for n in done},
                                  "unshipped": [{"card": n, "lacks": missing.get(n, "")} for n in sorted(pool)
                                                if n not in shipped]}))
        return
    sys.stdout.write(f"{len(done)} of {len(pool)} cards are shipped (effects encoded, or known to have no text of "
                     "their own):\n")
    for name in done:
        status = shipped[name].printed_text
        sys.stdout.write(f"  {name}" + ("" if status == "effects" else f"  ({status})") + "\n")
    rest = [n for n in sorted(pool) if n not in shipped]
    if rest:
        sys.stdout.write(f"{len(rest)} not shipped yet (facts only; give them effects under `cards:` in a scenario):\n")
        for name in rest:
            sys.stdout.write(f"  {name}: lacks {missing.get(name, 'an unlisted mechanic')}\n")


@command()
def cards(
    query: List[str] = Argument(..., help="A card query, e.g. t:unit k:blocker, 'tag:cyberware cost<=3', "
                                         "'sell -c:red' (README, Finding cards); a first term negated with - "
                                         "goes after -- (judgekit cards -- -c:red sell)."),
    format: OutputFormat = Option(OutputFormat.rich, "--format", "-f"),
) -> None:
    """Find pool cards by type, keyword, Tag, colour, cost, power, RAM, Sell Tag and words; exit 1 if none."""
    from judgekit.cards.query import QueryError, search
    from judgekit.scenario.pool import real_cards

    refuse_markdown(format, "cards")
    from judgekit.cards.query import joined
    option = next((w for w in query if w in ("-f", "--format", "-h", "--help") or w.startswith("--format=")), None)
    if option is not None:  # only after `--` does an option reach the query, where nothing is an option
        say_error(f"cards: {option!r} came after `--`, where every word is part of the query; put options before "
                  f"`--` (judgekit cards -f json -- -c:red sell)")
        raise Exit(2)
    query = joined(query)
    try:
        found = search(query, real_cards())
    except QueryError as error:
        say_error(f"cards: {error}")
        raise Exit(2)
    if format is OutputFormat.json:
        sys.stdout.write(to_json({"query": query, "count": len(found), "cards": [_facts(c) for c in found]}))
    else:
        sys.stdout.write(f"{len(found)} {'card matches' if len(found) == 1 else 'cards match'} {query!r}\n")
        for c in found:
            sys.stdout.write(f"  {_one_line(c)}\n")
    if not found:
        raise Exit(1)


def _facts(definition) -> dict:
    """A card's printed facts, in the one key order of `cards` and `card`; `facts_verified` false for facts that
    stand in for a card nobody has read (Rebecca: Having a Moment)."""
    return {"name": definition.full_name, "types": list(definition.types), "cost": definition.cost,
            "power": definition.power, "printed_power": definition.printed_power, "color": definition.color,
            "ram": definition.ram, "tags": list(definition.tags),
            "keywords": list(definition.keywords or definition.bottom_keywords), "sell_tag": definition.sell_tag,
            "facts_verified": definition.facts_verified}


def _one_line(definition) -> str:
    cost = "Null" if definition.cost is None else f"{definition.cost} €$"
    parts = [" / ".join(definition.types), definition.color or "-", f"cost {cost}"]
    if definition.power is not None:
        parts.append(f"power {definition.printed_power}")
    if definition.ram is not None:
        parts.append(f"RAM {definition.ram}")
    keywords = definition.keywords or definition.bottom_keywords
    extras = ([", ".join(keywords)] if keywords else []) + ([", ".join(definition.tags)] if definition.tags else []) \
        + (["Sell Tag"] if definition.sell_tag else [])
    if not definition.facts_verified:
        extras.append("placeholder facts, unverified (`judgekit card` says more)")
    return f"{definition.full_name}  ({', '.join(parts)})" + (f"  {' · '.join(extras)}" if extras else "")
