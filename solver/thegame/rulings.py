"""Rulings for The Game where the rulebook is silent, ambiguous or contradicts itself.

Each verdict lists the identifiers of the rulings it relied on; the full
wording, with the reasons, is in ``docs/thegame.md``.  ``source`` says
whether the ruling comes from the project's rules digest or is a decision
of this project where the digest is silent too.

>>> RULINGS["back-exactly-ten"].source
'project decision'
"""

from __future__ import annotations

from solver.rulings import DIGEST, PROJECT, Ruling

RULINGS: dict[str, Ruling] = {
    "back-exactly-ten": Ruling(
        "a card goes against a pile only exactly ten back; the rulebook's descending 98, 97, 88, 83, 85 is a misprint",
        PROJECT,
    ),
    "minimum-out-of-reach-ends-game": Ruling(
        "the game ends when the player to move cannot lay the minimum in any order from the piles as they are",
        DIGEST,
    ),
    "stuck-below-minimum-ends-game": Ruling(
        "a player who has laid fewer than the minimum and can lay nothing more ends the game as well", PROJECT
    ),
    "last-card-wins-at-once": Ruling(
        "laying the last card of the game (hands and draw pile empty) wins at once, even on a fire card's deadline",
        PROJECT,
    ),
    "fire-due-next-turn": Ruling(
        "a fire card must be covered by the end of the next turn taken: the next seat still holding cards, "
        "or the same player when playing alone",
        PROJECT,
    ),
    "fire-covered-by-any-card": Ruling(
        "any card legally laid on a fire card covers it, a ten-back move or another fire card included", PROJECT
    ),
    "minimum-before-fire": Ruling(
        "a player who cannot lay the minimum ends the game for that reason, even with a fire card due in that turn",
        PROJECT,
    ),
    "fire-loss-never-excellent": Ruling(
        "a game lost to a fire card is lost: it is never excellent, however few cards are left", PROJECT
    ),
    "skip-illegal-placement": Ruling(
        "an illegal placement is skipped: its card stays in hand, does not count, and later placements are judged "
        "on the piles the legal ones left",
        PROJECT,
    ),
    "requests-on-own-turn": Ruling(
        "a player says what they ask of the others about a pile (please don't play here, I can play well here) on "
        "their own turn, before ending it; it stands until they change it, and ends when they have no cards left",
        PROJECT,
    ),
    "fire-due-named-in-request": Ruling(
        "a play is judged without its history: the request names the fire cards due in this play", PROJECT
    ),
}
