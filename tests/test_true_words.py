"""A ruling's words are true on the board at hand (scenarios/review/232-236, 246, 257-264, 280-287, 312-322,
332-341, 1200-1202, 1803, 1965, 1966, 70, 126, 133): what a step says of a condition, a Gear's destination, a missing
target or a refused pick names what is so, not a neighbouring case, and in the card's terms, not judgekit's internal
names."""
from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.rules.book import load_rulebook
from judgekit.ruling import ruling, run_scenario
from judgekit.scenario.build import build_file

REVIEW = Path(__file__).resolve().parents[1] / "scenarios" / "review"


def _words(number: int) -> str:
    """Every step's text (a refusal's included) of the review scenario `number`, one a line."""
    [path] = REVIEW.glob(f"{number}-*.yaml")
    book = load_rulebook()
    built = build_file(path, book)
    data = ruling(built, run_scenario(built), book)
    return "\n".join(step["text"] for step in data["steps"])


@pytest.mark.parametrize("number, said, not_said", [
    (232, "alice has no d4", "alice's d4 is not a min Gig"),
    (233, "Mantis Blades [blades] to alice's hand", "Mantis Blades [blades]."),
    (234, "Corpo Security [d] costs 2, and alice's Gigs show 1 and 4", "the card takes costing"),
    (235, "No rival Unit was chosen", "too few"),
    (236, "Jackie Welles: Mama's Favorite has [GO SOLO]", "has ARASAKA"),
    (246, "The searched cards stay where they were, in the same order.", "other searched"),
    (257, "alice chose to activate it", "neither \"you may\""),
    (258, "it is in alice's hand because an earlier instruction of the same effect put it there", "there is none"),
    (262, "so no €$ is paid", "nothing is spent"),
    (264, "Bulwark [bw] has 3 power: its own effect (+2 power during your turn) does not apply now", "has 5 power"),
    (267, "has power 10, so by its power it would steal 2 Gigs", "has power 10, so it steals 1 Gig"),
    (268, "steal 1 fewer: it steals 0 Gigs instead of 1", "has power 6, so it steals 0 Gigs"),
    (269, "judgekit takes neither claim and lets power decide", "Test Suit [suit] lost the fight and is defeated"),
    (270, "it would be defeated by Psycho Squad [squad]", "Emergency Atlus [atlus] lost the fight and is defeated"),
    (271, "left the field during the React Step, so the attack ends now", "is no longer in the field"),
    (274, "with Saul Bright: Stormrider's effect, which applies while it attacks", "power is 5 (needs 5)"),
    (280, "It could not be done in full", "It was done"),
    (281, "A replacement effect applied in its place, so it was not done", "could not be done in full"),
    (282, "It could not be done in full", "It was done"),
    (284, "Street Boss [b] is no option for Reroute's effect", "the only option"),
    (286, "was face-down in the Legends area", "Pending: Hidden Boss"),
    (287, "is already ready", "is readied"),
    (312, "plays Detonate for free", '"if you do" part'),
    (312, "Detonate's effect needs a rival Gear", "is not a Gear"),
    (313, "alice chooses not to do it", '"if you do" part'),
    (314, "so the draw for a Gig now at its min goes ahead", '"if you do" part'),
    (315, "so the d20's draw of 3 in place of 1 does not happen", "so that part does not happen"),
    (1965, "V: Streetkid has [GO SOLO], so that part goes ahead", "so that part happens"),
    (1966, "alice acts on it now (the turn player first)", "carries it out"),
    (70, "(Viktor Vektor: Drop Your Illusions's reduction does not apply, as Mantis Blades was already alice's "
         "first CYBERWARE Gear this turn) but alice has only 3", "costs 4 €$ but"),
    (1803, "(2 such turn starts in a row, so overtime begins as this turn ends)", "overtime begins after two)"),
    (316, "only alice controls any Gig", "the Gig to set"),
    (317, "there is no second Gig whose value it could take", "may do part of"),
    (318, "neither face-down friendly Legend", "can't be used"),
    (319, "No friendly Unit with no Gear was chosen, so the part that would move the Gear does nothing", "target2"),
    (319, "the part that would move the Gear", "move_gear"),
    (320, "it does not apply, its condition being false: alice and their Rival both have 1 Gig", "Nadia: Fighting Through Grief [nadia] "
     "has Lag, and lagging Units can't attack. The game state"),
    (321, "Maelstrom Goons [goons]'s effect (when this Unit steals 1 or more Gigs, from Gorilla Arms [arms])",
     "steals-gigs"),
    (322, "Valentino Guerrera's effect would let it attack ready Units with BLOCKER, but it does not apply",
     "is ready; only a spent rival Unit is a valid attack target. The game state"),
    (332, "needs a spent friendly Eddie as a target, and there is none, so", "unnamed"),
    (334, "this is bob's turn, now in its main phase", "has a Start Phase now"),
    (335, "(from NetWatch Netdriver's bottom textbox), when this card is spent.", "Its source has left"),
    (336, "2 pending effects that do the same thing, each for the event that triggered it", "copies of the same"),
    (339, "has been removed from the game, and a removed card re-enters the game only by an effect that returns it",
     "is moved by the effect from alice's removed-from-game pile"),
    (340, "has been removed from the game, and a removed card re-enters the game only by an effect that returns it",
     "from the removed"),
    (341, "Bottom-decked to bob's deck in random order, all together", "is moved by an effect from bob's field"),
    (1200, "the only card going there, so there is no order to randomise", "in random order, all together"),
    (1201, "Every Gig chosen stays where it was, so V: Corporate Exile [v] steals no Gig", "No Gig is left to steal"),
    (1202, "does not have more than their Rival), so it is no longer", "Rival.),"),
    (126, "Psycho Squad [squad] must attack if it can during", "gets must"),
    (133, "Psycho Squad [squad] can't attack until alice's next turn", "gets can't"),
])
def test_the_words_say_what_is_so(number, said, not_said):
    words = _words(number)
    assert said in words
    assert not_said not in words


def test_a_lasting_restriction_on_the_board_is_said_in_words():
    """The board's line for "can't attack the Gig area" (scenarios/review/425) says it in words, not as the
    scenario format's key `attack-gig-area`."""
    from judgekit.render.words import lasting_effect
    said = lasting_effect({"card": "brute", "power": 0, "keywords": [], "cant": ["attack-gig-area"], "steals": 0,
                           "until": "end-of-turn", "controller": "alice", "from": "Probe Gatelock"})
    assert said.startswith("brute: can't attack gig area this turn"), said
