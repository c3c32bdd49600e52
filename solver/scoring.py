"""Scoring (rulebook section X).

A legal calculation of four cards or more is a master stroke: 7 points for
four cards and 7 more for every further card.

>>> [master_stroke_points(cards) for cards in range(2, 8)]
[0, 0, 7, 14, 21, 28]
"""

from __future__ import annotations

MASTER_STROKE_MIN_CARDS = 4
MASTER_STROKE_POINTS_PER_CARD = 7


def master_stroke_points(cards: int) -> int:
    """Points for a legal calculation of ``cards`` cards."""
    if cards < MASTER_STROKE_MIN_CARDS:
        return 0
    return MASTER_STROKE_POINTS_PER_CARD * (cards - MASTER_STROKE_MIN_CARDS + 1)
