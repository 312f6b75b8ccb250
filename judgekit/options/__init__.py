"""`judgekit options`: what the players may do at a point of a scenario, each action decided by the engine.

`list_options(scenario, after=None, edition=None) -> OptionsListing` is the API (`judgekit ask` uses it);
`OptionsListing.as_dict(book)` is the JSON of `judgekit options -f json` (docs/output-format.md).
"""
from judgekit.options.listing import Option, OptionsListing, Point, list_options, options_at, point_of, take

__all__ = ["Option", "OptionsListing", "Point", "list_options", "options_at", "point_of", "take"]
