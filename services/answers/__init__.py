"""Answers: from a request's engine values to the JSON-ready answer the API and the command line both give.

One module per game and one for the tutor's exercises.  Each function takes
engine values (cards, rules, positions), what the caller configures (the
deck, a search's time limit) and the language of the answer's
``explanation``, and returns exactly the document the HTTP API answers with.
No framework is imported here: the HTTP views, the command line and any
other interface only translate their input into these calls.

Every game's module has the same names for the same roles:
``check_answer`` (the referee's verdict), ``hint_answer`` (what to play),
``reference_answer`` (the violation codes and rulings) and ``deck_answer``
(the cards of the game), and then the game's own (Nambarz's
``solve_answer``, ``plan_answer`` and ``score_answer``, Quando's
``score_answer``, Nmbrs!'s ``lay_answer``).  :data:`ANSWERS` lists where each
game's are, one line per game; a game's module is imported only when one of
its answers is asked for, so that a command loads the game it answers and
no other.

>>> ANSWERS.names
('nambarz', 'thegame', 'quando', 'nmbrs')
>>> quando = ANSWERS.find("quando")
>>> quando.roles
('check', 'hint', 'reference', 'deck', 'score')
>>> quando.answer("reference")("en")["violations"][0]["code"]
'wrong-step'
>>> quando.answer("lay")
Traceback (most recent call last):
...
solver.errors.GameError: quando has no lay answer; its answers are check, hint, reference, deck and score
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from solver.errors import GameError
from solver.registry import Registry

ROLES = ("check", "hint", "reference", "deck")
"""The answers every game has, each a function ``<role>_answer`` of the game's module."""

Answer = Callable[..., Any]
"""An answer function: engine values in, the API's JSON document (or, for a page, its text) out."""


@dataclass(frozen=True)
class GameAnswers:
    """Where a game's answers are: the ``module`` with a ``<role>_answer`` function for each role.

    ``own`` names the roles the game has besides :data:`ROLES`.  The module
    is imported when an answer is first asked for.
    """

    name: str
    module: str
    own: tuple[str, ...] = ()

    @property
    def roles(self) -> tuple[str, ...]:
        """Every role the game answers: the shared ones, then its own."""
        return (*ROLES, *self.own)

    def answer(self, role: str) -> Answer:
        """The function that gives the game's ``role`` answer; :class:`~solver.errors.GameError` if it has none."""
        if role not in self.roles:
            roles = self.roles
            listed = f"{', '.join(roles[:-1])} and {roles[-1]}"
            raise GameError(f"{self.name} has no {role} answer; its answers are {listed}")
        function: Answer = getattr(importlib.import_module(self.module), f"{role}_answer")
        return function


ANSWERS: Registry[GameAnswers] = Registry(
    "answers",
    [
        GameAnswers(name="nambarz", module="services.answers.nambarz", own=("solve", "plan", "score")),
        GameAnswers(name="thegame", module="services.answers.thegame"),
        GameAnswers(name="quando", module="services.answers.quando", own=("score",)),
        GameAnswers(name="nmbrs", module="services.answers.nmbrs", own=("lay",)),
    ],
)
"""Every game's answers, in the order of :data:`solver.games.GAMES`."""
