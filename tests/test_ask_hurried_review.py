"""`judgekit ask` typed as a hurried judge types at a table, an answer wanted within a minute (review E): a card's
power asked without `?`, whether a card has a keyword, `he`/`she`/`they` for the player, `equip` for a Gear put on
its host, `no more reactions`. Each expectation comes from the rules (2026-08 numbering) or the printed card text,
written before judgekit was run."""
from __future__ import annotations

import pytest

from judgekit.ask.session import Session

ROYCE = ("alice field royce psycho faceup", "gear mantis on royce", "gear kiroshi on royce")
SPENT_CORPO_ATTACKED = ("alice field psycho", "bob gigs d6=3", "bob field corpo spent", "psycho atk gigs")
BOBS_ATTACK = ("turn bob", "bob field psycho squad", "alice gigs d6=3", "alice field corpo", "bob attacks alices gigs "
               "with psycho")


def session_after(*lines: str) -> tuple[Session, list[str]]:
    session = Session("2026-08")
    return session, [session.handle(line) for line in lines]


@pytest.mark.parametrize("typed", ["royce power", "royces power", "royce's power", "whats royce's power",
                                   "whats royces power", "what's the power of royce"])
def test_a_power_question_without_a_question_mark_is_answered_not_stated(typed):
    """Royce: Psycho on the Edge prints 6 and has +2 for each equipped Gear during its controller's turn; Mantis
    Blades (2) and Kiroshi Optics (1) add their power (4.9): 6 + 2 + 1 + 4 = 13. `royce power` states no change (no
    amount), so it asks; it was refused as a lasting change with no sign."""
    session, said = session_after(*ROYCE, typed)
    assert "13 power now" in said[-1], said[-1]
    assert "lasting" not in session.doc


def test_a_power_change_is_still_stated():
    session, said = session_after(*ROYCE, "royce power -2 this turn")
    assert session.doc.get("lasting"), said[-1]


@pytest.mark.parametrize("typed, answer", [("does v have go solo", "Yes"), ("does goro have blocker", "Yes"),
                                            ("does psycho have blocker", "Yes"), ("does psycho have quick", "No"),
                                            ("does corpo have blocker?", "Yes"), ("does goons have blocker", "No")])
def test_whether_a_card_has_a_keyword_is_answered_from_the_board(typed, answer):
    """V: Corporate Exile and Goro Takemura: Hands Unclean print GO SOLO and BLOCKER; Psycho Squad prints none, but
    Mandibular Upgrade's BLOCKER is its host's (4.11.3); Corpo Security prints BLOCKER, Maelstrom Goons nothing.
    `does v have go solo` was read as playing V with GO SOLO."""
    session, said = session_after("alice legends v corporate faceup", "alice eddies 5", "alice field goro hands faceup",
                                  "alice field psycho", "gear mandibular on psycho", "bob field corpo",
                                  "bob field goons", typed)
    assert said[-1].startswith(answer), said[-1]
    assert "play:" not in said[-1] and not session.doc["actions"]


def test_a_face_down_legend_shows_no_keyword():
    """3.4.1: while a card is face-down its card information is ignored; Goro's BLOCKER is not there to read."""
    _, said = session_after("alice legends goro hands facedown", "does goro have blocker")
    assert said[-1].startswith("No") and "3.4.1" in said[-1], said[-1]


@pytest.mark.parametrize("typed", ["can he block w corpo", "can bob block w corpo"])
def test_he_or_she_is_the_player_the_line_leaves_to_its_cards(typed):
    """9.9, [BLOCKER]: a spent Unit can't block. `he` reads as a line naming no player (`block w corpo`), the card's
    own player's reaction."""
    session, said = session_after(*SPENT_CORPO_ATTACKED, typed)
    assert "block: corpo" in said[-1] and "spent" in said[-1], said[-1]


@pytest.mark.parametrize("typed", ["she blocks with corpo", "she blocks w corpo"])
def test_she_blocks_is_the_defending_players_block(typed):
    """9.9.1: Corpo Security (BLOCKER, ready) becomes the defending Unit in place of alice's Gig area."""
    session, said = session_after(*BOBS_ATTACK, typed)
    assert "becomes the defending Unit" in said[-1], said[-1]
    assert session.doc["actions"][-1]["react"][0] == {"block": "corpo"}


def test_what_if_she_blocks_is_played_out():
    """Psycho Squad (6) fights Corpo Security (2) once it blocks: Corpo Security is defeated (9.17.1, 9.19.1)."""
    session, said = session_after(*BOBS_ATTACK, "what if she blocks with corpo")
    assert said[-1].startswith("Read as") and "Result: Corpo Security [corpo] defeated" in said[-1], said[-1]
    assert not session.doc["actions"][-1].get("react")


@pytest.mark.parametrize("typed", ["can alice equip mantis to goro", "can she equip mantis to goro",
                                   "equip mantis on goro"])
def test_equip_is_a_gear_played_on_its_host(typed):
    """4.10.1: a Gear is equipped only to a friendly Unit or a face-up Legend; Goro is face-down here."""
    session, said = session_after("alice hand mantis", "alice eddies 2", "alice legends goro hands facedown", typed)
    assert "play: mantis, equip_to: goro" in said[-1] and "face-down Legend" in said[-1], said[-1]


def test_equip_to_a_unit_plays_the_gear():
    session, said = session_after("alice hand mantis", "alice eddies 2", "alice field psycho", "equip mantis to psycho")
    assert [(a["play"], a["equip_to"]) for a in session.doc["actions"]] == [("mantis", "psycho")], said[-1]


@pytest.mark.parametrize("typed", ["no more reactions", "no more blocks", "no further reactions"])
def test_no_more_reactions_ends_the_react_step(typed):
    """9.12: the defending player may end the React Step; Psycho Squad (6) then steals 1 Gig (9.23.2.2)."""
    session, said = session_after(*SPENT_CORPO_ATTACKED, typed)
    assert said[-1].startswith("Read as `pass`") and "steals d6=3" in said[-1], said[-1]


def test_a_card_a_player_played_is_played_this_turn():
    """4.7, 11.3.1: a Unit played this turn is lagging; Riding Nomad's ADRENALINE lets it attack all the same
    (11.23.2). `alice played riding` was refused: 'played' is not an area."""
    session, said = session_after("alice field riding nomad", "alice played riding", "bob gigs d6=3",
                                  "can riding nomad attack bobs gigs")
    assert "lagging" in said[1] and session.doc["players"]["alice"]["field"][0].get("lag") is True, said[1]
    assert "ADRENALINE" in said[-1] and "REFUSED" not in said[-1], said[-1]
