"""Chance in every game: each shuffle draws on a generator of its own, derived from the game's seed.

The first deal of Nambarz, The Game and Quando draws on
``random.Random(seed)``, so a seed deals what it always dealt.  Every other
chance event (a later round's deal, a pile shuffled again, any shuffle of
Nmbrs!) draws on a fresh generator seeded with the game's seed, the game's
name and the event's place in the game (:func:`event_generator`).  A saved state
therefore holds no generator, only where the game stands: the same seed and
the same actions always give the same game, and no one who does not know the
seed can foresee a shuffle.

>>> event_generator(7, "nambarz", 2, 0).random() == event_generator(7, "nambarz", 2, 0).random()
True
>>> event_generator(7, "nambarz", 2, 0).random() == event_generator(7, "nambarz", 2, 1).random()
False
"""

from __future__ import annotations

import random


def event_generator(seed: int, game: str, *event: int) -> random.Random:
    """The generator of one chance event of ``game`` after its first deal; ``event`` places it (a round, a shuffle).

    It is seeded with the text ``game/seed/event…``, which Python turns into
    a seed by SHA-512: the same on every platform and Python version.

    >>> event_generator(3, "quando", 2).randrange(1000)
    740
    """
    return random.Random("/".join((game, str(seed), *(str(place) for place in event))))
