"""Winning and losing (1.10-1.17): a result takes effect the moment it happens and ends the game."""
from __future__ import annotations

from typing import NoReturn

from judgekit.engine.context import Context
from judgekit.engine.trace import GameOver

WINNING_GIGS = 7  # 1.10, 1.11: the Gigs that win


def lose(ctx: Context, players: list[str], text: str, *cites: str, empty_deck: str | None = None) -> NoReturn:
    """1.14-1.17: these players lose at once; when both lose at the same moment the game is a tie (1.17.1).
    `empty_deck`: the player whose empty deck made them lose, if that decided it."""
    state = ctx.state
    for player in players:
        if player not in state.losers:
            state.losers.append(player)
    ctx.rec.add("lose", text, *cites, "lose.instant", "game-end.lose", player=players[0] if len(players) == 1 else None,
                empty_deck=empty_deck)
    if len(players) > 1:
        ctx.rec.add("lose", "Both players lost at the same moment, so the game is a tie.", "lose.simultaneous-tie")
    raise GameOver()


def win(ctx: Context, players: list[str], text: str, *cites: str) -> NoReturn:
    """1.10-1.13: these players win at once; when one wins the other loses, and two winners tie (1.13.1)."""
    state = ctx.state
    rivals = [state.rival_of(p) for p in players]
    for rival in rivals:
        if rival not in state.losers:
            state.losers.append(rival)
    ctx.rec.add("lose", text, *cites, "win.instant", "game-end.win", player=players[0] if len(players) == 1 else None)
    if len(players) > 1:
        ctx.rec.add("lose", "Both players won at the same moment, so the game is a tie.", "win.simultaneous-tie")
    raise GameOver()


def concede(ctx: Context, player: str) -> NoReturn:
    """1.16: a player may concede at any time, and loses at once."""
    busy = ctx.state.pending or ctx.state.attack is not None
    lose(ctx, [player], f"{player} concedes, telling their Rival that the Rival has won; {player} loses the game"
                        f"{', at once, though an attack or an effect was under way' if busy else ''}.",
         "lose.concede", "lose.how-to-concede", *(("lose.instant",) if busy else ()))


def result_of(losers: list[str], players: list[str]) -> dict:
    """The verdict's words for the game's result: a winner, a tie, or nothing yet."""
    if len(set(losers)) >= 2:
        return {"winner": None, "tie": True}
    if losers:
        return {"winner": next(p for p in players if p not in losers), "tie": False}
    return {"winner": None, "tie": False}
