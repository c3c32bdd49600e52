"""Rulings the Nambarz referee applies where the rulebooks are silent or ambiguous.

The full wording of each, with the reasons, is in ``docs/rulings.md``.

>>> RULINGS["arithmetic-domain"].source
'rules digest'
"""

from __future__ import annotations

from solver.rulings import DIGEST, PROJECT, Ruling

RULINGS: dict[str, Ruling] = {
    "arithmetic-domain": Ruling(
        "intermediate results must stay in the agreed arithmetic domain (natural by default)", DIGEST
    ),
    "minimality-on-played-cards": Ruling(
        "the minimum-card rule looks at the cards played, never at the rest of the hand", DIGEST
    ),
    "not-minimal-smallest-stays": Ruling(
        "a non-minimal calculation is cut to a smallest sub-calculation, the rest returns", DIGEST
    ),
    "recombine-all-cards": Ruling(
        "after a wrong result, only a legal re-laying of all the cards played may stay", DIGEST
    ),
    "no-match-as-wrong-result": Ruling("a single card that matches nothing is penalised like a wrong result", DIGEST),
    "first-matching-card-stays": Ruling(
        "when a calculation holds several matching cards, the first one laid stays alone", PROJECT
    ),
    "matching-card-before-mixed-kinds": Ruling(
        "a matching card in a calculation of mixed kinds still stays alone; the others return", PROJECT
    ),
    "master-points-for-legal-plays-only": Ruling(
        "cards left on the table by a penalty's resolution earn no master-stroke points", PROJECT
    ),
    "remaining-by-fewest-cards": Ruling(
        "in a team game, players still holding cards are ranked by fewest cards, then seat order", DIGEST
    ),
    "round-ends-at-first-condition": Ruling(
        "a team round ends as soon as enough players are out or only one team is left, whichever comes first",
        PROJECT,
    ),
    "places-left-to-the-last-team": Ruling(
        "the team left alone takes the places still open and their rank points, even with 6 to 12 players", PROJECT
    ),
    "unscored-players-by-fewest-cards": Ruling(
        "players past the scoring places are listed by fewest cards, then seat order (for the next round's tie)",
        PROJECT,
    ),
    "matching-card-after-joker-stays": Ruling(
        "a card laid after a change joker but matching the card under it stays; a joker laid in the same play returns",
        PROJECT,
    ),
    "card-after-joker-from-previous-player": Ruling(
        "after a change joker left by the previous player, any card of the kind it allows may be laid", PROJECT
    ),
    "one-card-after-change-joker": Ruling(
        "a change joker waiting for its card takes one card, never a calculation", PROJECT
    ),
    "penalty-ends-turn": Ruling("a penalised play ends the turn, so no replay may follow it", PROJECT),
    "first-change-joker-stays": Ruling(
        "when change jokers are laid one on another, the first stays if it was legally laid; the rest returns",
        PROJECT,
    ),
    "joker-in-calculation-returns": Ruling(
        "a calculation with a joker in it is penalised like a wrong joker: every card of it returns", PROJECT
    ),
    "play-without-replay-returns": Ruling(
        "a play made without a replay joker before it returns to the hand; draw 3 and the turn ends", PROJECT
    ),
}
