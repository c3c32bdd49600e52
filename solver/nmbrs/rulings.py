"""Rulings for Nmbrs! where the rulebook is silent or ambiguous.

Every verdict lists the identifiers of the rulings it relied on; the full
wording with the reasons is in ``docs/nmbrs.md``.  ``source`` says whether
the ruling comes from the project's rules digest or is a decision of this
project.

>>> RULINGS["placeholder-deck"].source, RULINGS["single-card-doubles"].source
('rules digest', 'project decision')
"""

from __future__ import annotations

from solver.rulings import DIGEST, PROJECT, Ruling

RULINGS: dict[str, Ruling] = {
    "placeholder-deck": Ruling(
        "the colours and point values of the default deck are placeholders; a deck file can replace them", DIGEST
    ),
    "rule-sets-exclusive": Ruling(
        "basic, advanced and simplified are separate rule sets; the advanced start test never applies to the "
        "simplified version",
        PROJECT,
    ),
    "open-jokers": Ruling(
        "judging a sequence alone, a joker that no two numbers fix is left open; on the table it must be named",
        PROJECT,
    ),
    "joker-value-fixed": Ruling(
        "a joker on the table stands for one number, fixed by its lines or named when laid, and keeps it", PROJECT
    ),
    "grid-table": Ruling(
        "the table is a grid; a line is a run of touching cards in a row (read left to right) or a column "
        "(read top to bottom), and lines may cross at a shared card",
        PROJECT,
    ),
    "insert-slides": Ruling(
        "inserting between two touching cards slides the far card, and every card joined to it, one place on",
        PROJECT,
    ),
    "one-line-per-play": Ruling(
        "one play lays its cards in one line; a turn may hold several plays, each scored on its own", PROJECT
    ),
    "single-card-doubles": Ruling("a play of a single card is all one colour, so its score is doubled", PROJECT),
    "jokers-colourless": Ruling(
        "jokers have no colour and are left out of the colour test; doubling needs a number card", PROJECT
    ),
    "simplified-counts-jokers": Ruling("in the simplified version a joker counts as one card laid", PROJECT),
    "first-sequence-each-round": Ruling(
        "the first sequence a player must lay before adding to the table is required again each round", PROJECT
    ),
    "replacement-needs-first-sequence": Ruling(
        "replacing a joker on the table is playing on a sequence, so it needs a first sequence too", PROJECT
    ),
    "last-card-is-discarded": Ruling(
        "a play may not use the last card in hand; a player goes out by discarding it, which ends the round",
        PROJECT,
    ),
    "simplified-last-card-kept": Ruling(
        "simplified version: the turn's discard is made only while it leaves a card in hand; a player goes out "
        "only by laying their last card",
        PROJECT,
    ),
    "declined-card-stays-declined": Ruling(
        "when nobody claims the discard the player to move declined, that player draws a hidden card", PROJECT
    ),
    "first-claim-only": Ruling(
        "the declined discard goes to the first player clockwise who claims it; the card under it is not offered",
        PROJECT,
    ),
    "claim-needs-hidden-card": Ruling(
        "claiming or declining the discard is possible only while a hidden card can be drawn", PROJECT
    ),
    "discards-reshuffled": Ruling(
        "an empty draw pile is refilled with the discards but the top one, shuffled; with none, nothing is drawn",
        PROJECT,
    ),
    "blocked-round": Ruling(
        "a round in which nobody lays a card for five turns of every player in a row ends there; everybody "
        "subtracts their hand",
        PROJECT,
    ),
    "round-limit": Ruling(
        "a game in which nobody reaches 100 points in 20 rounds ends there; the highest score wins", PROJECT
    ),
    "hundred-at-round-end": Ruling(
        "the 100-point test is made when a round ends, after the other players' subtractions", PROJECT
    ),
    "tied-winners-share": Ruling("players tied on the highest score of 100 or more share the win", PROJECT),
    "starter-rotates": Ruling("the first player of each round is one seat further clockwise", PROJECT),
    "scores-may-go-negative": Ruling("a subtraction may take a score below zero", PROJECT),
}


__all__ = ["RULINGS"]
