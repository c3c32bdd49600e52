"""The matching rule (III.1): which cards may be played alone on the top card.

A card matches the top card when it has the same number, or when both are
figure cards showing the same figure.  A symbol top card is therefore
matched by number only.  A matching card may not take part in a
calculation (III.2, V.2): it must be played alone.

>>> from solver.nambarz.cards import Card
>>> [str(c) for c in map(Card.parse, "3 3hippo 8bee 8hippo 5".split()) if matches(c, Card.parse("3bee"))]
['3', '3hippo', '8bee']
>>> [str(c) for c in map(Card.parse, "3 3bee 8bee".split()) if matches(c, Card.parse("3"))]
['3', '3bee']
"""

from __future__ import annotations

from solver.nambarz.cards import Card


def matches(card: Card, top: Card) -> bool:
    """True when ``card`` may be played alone on ``top``.  Jokers never match."""
    if card.joker is not None or top.joker is not None:
        return False
    if card.number == top.number:
        return True
    return card.figure is not None and card.figure == top.figure
