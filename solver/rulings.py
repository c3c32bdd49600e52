"""Rulings the referee applies where the rulebooks are silent or ambiguous.

Each verdict lists the identifiers of the rulings it relied on, so that a
referee can see which reading of the rules decided the case.  The full
wording, with the reasons, is in ``docs/rulings.md``.  ``source`` says
whether the ruling comes from the project's rules digest or is a decision
of this project where the digest is silent too.

>>> RULINGS["arithmetic-domain"].source
'rules digest'
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Ruling:
    """A ruling's one-line statement and where it comes from."""

    summary: str
    source: str


DIGEST = "rules digest"
PROJECT = "project decision"

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
}
