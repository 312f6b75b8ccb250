"""Pre-game setup (CR 7.4-7.9): first player, shuffles, Legends, fixer dice, opening hands, mulligans.

Shuffles come from the seed. Who goes first and who mulligans are the players' decisions: the
scenario scripts them, or the ruling waits at that point.
"""
from __future__ import annotations

from judgekit.engine import areas, instructions, legends
from judgekit.engine.context import Context
from judgekit.engine.trace import Refusal, ScenarioMismatch
from judgekit.plural import counted

FIXER_ORDER = ("d4", "d6", "d8", "d10", "d12", "d20")
OPENING_HAND = 6


def _shuffle_deck(ctx: Context, player: str, *cites: str) -> None:
    deck = ctx.state.players[player].deck
    order = list(deck)
    ctx.rng.shuffle(order)
    ctx.state.players[player].deck = order
    ctx.rec.add("random", f"{player} shuffles their main deck ({counted(len(order), 'card')}) and places it in the deck area.",
                *cites, "deck-area.shuffle", player=player, random=f"order drawn from seed {ctx.seed}")


def _draw_opening_hand(ctx: Context, player: str, *cites: str) -> None:
    ctx.rec.add("check", f"{player} draws {OPENING_HAND} cards as their opening hand.", *cites,
                "hand.drawn-cards", player=player)
    instructions.draw(ctx, player, OPENING_HAND)


def _check_legal_deck(ctx: Context, player: str) -> None:
    """7.1: a game is played with a legal deck (7.3, as `judgekit deck check` reads it): its 3 Legends with different
    names and a main deck of 40 to 50; copies and RAM Limits (7.3.3, 7.3.4) of the cards the scenario names, which
    break them whatever the unknown cards are."""
    from judgekit.decks.legality import DeckEntry, check_deck
    state = ctx.state
    cards = [state.cards[label].definition for label in state.players[player].legends + state.players[player].deck]
    problems = [f for f in check_deck([DeckEntry(1, card, 0) for card in cards], copies_and_ram=False) if not f.legal]
    named = [DeckEntry(1, card, 0) for card in cards if not card.unknown]
    problems += [f for f in check_deck(named, main_deck_size=False) if not f.legal and f not in problems]
    if problems:
        raise Refusal(f"{player}'s deck is not a legal deck, and a game is played only with one: "
                      f"{' '.join(p.text for p in problems)}", ("pieces.required", *problems[0].cites))


def set_up_game(ctx: Context, first: str | None, mulligans: tuple[str, ...] | None) -> bool:
    """7.4-7.9 in order, for both players; False when the ruling must wait for a decision."""
    state = ctx.state
    if state.phase != "setup":
        raise Refusal("Pre-game setup happens before the game begins (set `phase: setup`).", ("setup.pre-game",))
    names = list(state.players)
    for player in names:
        _check_legal_deck(ctx, player)
    ctx.rec.add("check", "Pre-game setup: both players complete 7.5 to 7.9, in order, before the game begins.",
                "setup.pre-game")
    if first is None:
        chooser = ctx.rng.choice(names)
        ctx.rec.add("random", f"A random method picks {chooser} to decide who goes first.", "setup.first-player",
                    "setup.first-player.random-choice", player=chooser, random=f"drawn from seed {ctx.seed}")
        ctx.rec.add("await", f"{chooser} must decide whether to go first or second. The ruling waits here; script "
                             "`first:`.", "setup.first-player.chooser-decides", player=chooser, choice=("first",))
        return False
    ctx.rec.add("choice", f"{first} goes first (the randomly chosen player's decision, given by the scenario).",
                "setup.first-player", "setup.first-player.random-choice", "setup.first-player.chooser-decides",
                player=first)
    state.turn = first
    order = [first, state.rival_of(first)]
    for player in order:
        _shuffle_deck(ctx, player, "setup.shuffle-deck", "setup.shuffle-deck.any-method", "setup.shuffle-deck.place",
                     "deck-area.setup")
    for player in order:
        legends.set_up_legends(ctx, player)
    for player in order:
        state.players[player].fixer = list(FIXER_ORDER)
        ctx.rec.add("check", f"{player} places their Gig dice in the fixer area, bottom up: "
                             f"{', '.join(FIXER_ORDER)}.", "setup.fixer-dice", "setup.fixer-dice.order",
                    "fixer-area.holds-dice", player=player)
    for player in order:
        _draw_opening_hand(ctx, player, "setup.draw-six", "setup.opening-hand")
    if mulligans is None:
        ctx.rec.add("await", f"Each player may mulligan once, {first} deciding first. The ruling waits here; script "
                             "`mulligan:` with the players who do ([] for none).", "setup.mulligan", player=first,
                    choice=("mulligan",))
        return False
    unknown = [m for m in mulligans if m not in state.players]
    if unknown or len(set(mulligans)) != len(mulligans):
        raise ScenarioMismatch(f"`mulligan` lists each player at most once, by name (got {list(mulligans)})", None,
                               "mulligan")
    for player in order:
        if player not in mulligans:
            ctx.rec.add("choice", f"{player} keeps their opening hand.", "setup.mulligan", player=player)
            continue
        hand = list(state.players[player].hand)
        state.players[player].hand = []
        for label in hand:  # back into the deck, face-down as every card there is (5.5.3)
            areas.arrive(ctx, label, "deck-bottom", player)
        ctx.rec.add("move", f"{player} uses their mulligan and returns their whole opening hand to the deck.",
                    "setup.mulligan", "setup.mulligan.steps", "setup.mulligan.announce",
                    "setup.mulligan.return-and-shuffle", player=player, cards=tuple(hand))
        _shuffle_deck(ctx, player, "setup.mulligan.return-and-shuffle", "setup.shuffle-deck")
        _draw_opening_hand(ctx, player, "setup.mulligan.redraw")
    state.phase = "start"
    state.setup_spent = tuple(state.players[first].legends[:2])  # spent by `legends.set_up_legends` (7.7.4)
    ctx.rec.add("check", f"Setup is complete; the game begins with {first}'s turn.", "structure.first-turn-after-setup",
                player=first)
    return True
