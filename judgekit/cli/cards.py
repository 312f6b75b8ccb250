"""`judgekit card`: a pool card's printed facts and the effects judgekit ships for it."""
from __future__ import annotations

from typing import Optional

import typer

from judgekit.cli import app
from judgekit.cli.common import OutputFormat, make_console, refuse_markdown, say_error, to_json


@app.command()
def card(
    name: Optional[str] = typer.Argument(None, help="Card name, 'Name: Subtitle' when several share a name."),
    with_effects: bool = typer.Option(False, "--with-effects", help="List the cards that have shipped effects."),
    format: OutputFormat = typer.Option(OutputFormat.rich, "--format", "-f"),
    rulings: bool = typer.Option(False, "--rulings", help="Also list the card's official FAQ rulings "
                                                          "(as `judgekit rulings NAME`)."),
) -> None:
    """Show a card as judgekit knows it: printed facts, and its effects in structured form, if shipped."""
    from judgekit.scenario.pool import Pool, real_cards, shipped_effects

    refuse_markdown(format, "card")
    if with_effects or name is None:
        names = sorted(shipped_effects())
        if format is OutputFormat.json:
            typer.echo(to_json(names), nl=False)
        else:
            typer.echo(f"{len(names)} cards have shipped effects (any other card is facts only; give it effects "
                       "under `cards:` in a scenario):")
            for shipped in names:
                typer.echo(f"  {shipped}")
        return
    pool = Pool()
    for definition in real_cards():
        pool.add(definition)
    definition, why = pool.lookup(name)
    if definition is None:
        say_error(why)
        raise typer.Exit(2)
    shipped = shipped_effects().get(definition.full_name)
    data = {"name": definition.full_name, "types": list(definition.types),
            "cost": definition.cost, "power": definition.power, "tags": list(definition.tags),
            "keywords": list(definition.keywords or definition.bottom_keywords), "sell_tag": definition.sell_tag,
            "color": definition.color, "ram": definition.ram,
            "effects": shipped.model_dump(mode="json", exclude_defaults=True, by_alias=True) if shipped else None}
    if rulings:
        from judgekit.cli.rulings import card_data
        from judgekit.faq import FaqError, load_index
        try:
            data["rulings"] = card_data(definition.full_name, load_index())
        except FaqError as error:
            say_error(str(error))
            raise typer.Exit(2)
    if format is OutputFormat.json:
        typer.echo(to_json(data), nl=False)
        return
    ruling_data = data.pop("rulings", None)
    console = make_console()
    cost = "Null ( - )" if definition.cost is None else f"{definition.cost} €$"
    console.print(f"[bold]{definition.full_name}[/bold]  {' / '.join(definition.types)}, cost {cost}"
                  + (f", power {definition.power}" if definition.power is not None else ""))
    facts = [f"Tags: {', '.join(definition.tags) or 'none'}", f"keywords: {', '.join(data['keywords']) or 'none'}",
             f"Sell Tag: {'yes' if definition.sell_tag else 'no'}", f"colour: {definition.color or '-'}",
             f"RAM: {definition.ram if definition.ram is not None else '-'}"]
    console.print("  " + " · ".join(facts))
    if shipped is None:
        console.print("  No shipped effects: judgekit knows this card's facts only. Give it effects under "
                      "`cards:` in a scenario (docs/scenario-format.md, Effects).")
    else:
        _print_shipped(console, data)
    if ruling_data is not None:
        from judgekit.cli.rulings import render_card
        render_card(ruling_data)


def _print_shipped(console, data: dict) -> None:
    import yaml
    console.print("  Shipped effects (judgekit's structured form; texts are our paraphrase, not the card's wording):")
    dumped = yaml.safe_dump({k: v for k, v in data["effects"].items() if k != "card"}, sort_keys=False,
                            allow_unicode=True)
    for line in dumped.splitlines():
        console.print("    " + line, markup=False)
