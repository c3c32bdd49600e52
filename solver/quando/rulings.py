"""Quando's rulings: how the engine reads the rules where the rulebook leaves a choice open.

Verdicts and round scores list the identifiers they relied on; the full
wording, with the reasons, is in ``docs/quando.md``.

>>> RULINGS["one-knock-per-round"].source
'project decision'
"""

from __future__ import annotations

from solver.rulings import DIGEST, PROJECT, Ruling

RULINGS: dict[str, Ruling] = {
    "knock-after-two-plays": Ruling(
        "knocking needs two plays of one's own (straights or equal numbers) earlier in the same round", DIGEST
    ),
    "triple-exactly-three": Ruling(
        "a triple is exactly three cards of one number; four or more of one number are a plain play", DIGEST
    ),
    "zeros-end-round-at-once": Ruling(
        "a hand of only zeros after its owner's draw ends the round at once, last round included, "
        "and a triple just played has no effect",
        DIGEST,
    ),
    "triple-hits-knocker": Ruling("a triple played in the last round reaches the knocker too", DIGEST),
    "knocker-alone-lowest": Ruling(
        "every player with the lowest sum scores 0, except a knocker who is not alone there: "
        "the knocker scores their sum plus 5",
        DIGEST,
    ),
    "game-end-target": Ruling(
        "the game ends after the round in which a total reaches the target; the lowest total wins, ties share",
        DIGEST,
    ),
    "turn-over-unshuffled": Ruling(
        "the discard pile turned over becomes the draw pile: its order reversed, every card on its other side",
        DIGEST,
    ),
    "dealt-front-face-down": Ruling("a dealt card's front is the side that lay face down on the pile", PROJECT),
    "dealing-order": Ruling(
        "the cards are shuffled onto random sides and dealt one at a time clockwise, "
        "starting with the player left of the dealer",
        PROJECT,
    ),
    "first-dealer": Ruling(
        "seats go clockwise; the last seat deals the first round, so the first seat starts; the deal moves clockwise",
        PROJECT,
    ),
    "turn-over-when-empty": Ruling(
        "the discard pile is turned over as soon as the draw pile is empty, so a visible side is always there",
        PROJECT,
    ),
    "nothing-to-draw": Ruling("a draw owed while both piles are empty is skipped", PROJECT),
    "played-cards-held-longest": Ruling(
        "of several cards showing a played number, those held longest are played; "
        "a play's cards go onto the discard pile in ascending order",
        PROJECT,
    ),
    "one-knock-per-round": Ruling("once someone has knocked, nobody else may knock in that round", PROJECT),
    "empty-hand-passes": Ruling(
        "a player with no cards passes (or knocks, if allowed); an empty hand is not a hand of only zeros", PROJECT
    ),
    "flip-by-position": Ruling(
        "the zero to flip is named by its hand position; the number on its back becomes its front", PROJECT
    ),
}
