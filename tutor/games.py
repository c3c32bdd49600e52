"""The tutor's words for each game, found by the game's name: the tutor layer's registry.

Each game's module ends with its entry, ``WORDS``, a :class:`GameWords`
(:mod:`tutor.nambarz`, :mod:`tutor.thegame`, :mod:`tutor.quando`,
:mod:`tutor.nmbrs`), and :data:`TUTORS` lists them, one line per game, in
the order of the solver's registry.  What the tutor says of every game alike
(the verdict on an action of a game in play, :mod:`tutor.play`; a game's
review, :mod:`tutor.review`) finds the game's own words here, never by a
chain of game names.

>>> TUTORS.names
('nambarz', 'thegame', 'quando', 'nmbrs')
>>> from solver.games import find_game
>>> from solver.quando.state import Action
>>> verdict = find_game("quando").new_game(players=2, seed=1).check(Action.parse("knock"))
>>> TUTORS.find("quando").violation_reasons(verdict, "it")
['non hai ancora giocato 2 volte in questa manche']
>>> TUTORS.find("chess")
Traceback (most recent call last):
...
solver.errors.GameError: unknown game 'chess'; the games are nambarz, thegame, quando and nmbrs
"""

from __future__ import annotations

from solver.registry import Registry
from tutor import nambarz, nmbrs, quando, thegame
from tutor.words import GameWords

TUTORS: Registry[GameWords] = Registry(
    "words",
    [
        nambarz.WORDS,
        thegame.WORDS,
        quando.WORDS,
        nmbrs.WORDS,
    ],
)
"""Every game's words, by the game's name, in the solver's order."""

__all__ = ["TUTORS", "GameWords"]
