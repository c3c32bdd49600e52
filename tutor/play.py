"""The referee's verdict on one action of a game being played, in words, for the player who took it.

Every game's state judges an action with ``State.check`` and carries it out
with ``State.apply``; :func:`explain_action_verdict` puts the verdict either
gives into words in Italian, German, French or English, whatever the game,
and :func:`verdict_document` adds those words to the verdict's JSON form.
Each game's own explanation does the work (its ``explain_verdict`` and
``violation_reasons``), found by the game's name in :data:`tutor.games.TUTORS`.

>>> from solver.games import find_game
>>> from solver.quando.state import Action
>>> state = find_game("quando").new_game(players=3, seed=1)
>>> print(explain_action_verdict(state.check(Action.parse("play 8 9 10")), "de"))
Du spielst drei in einer Reihe: 8 9 10; ziehe jetzt eine Karte.
  Vor dem Ziehen bleiben dir auf der Hand: 3 5 2 1 6 (Summe 17).
"""

from __future__ import annotations

from typing import Any

from solver.verdicts import GameVerdict
from tutor.games import TUTORS
from tutor.i18n import DEFAULT_LANGUAGE
from tutor.text import told_violations
from tutor.words import GameWords


def explain_action_verdict(verdict: GameVerdict, lang: str = DEFAULT_LANGUAGE) -> str:
    """The verdict a game's ``State.apply`` or ``State.check`` gives on an action, in ``lang``.

    The first line says whether the action is legal and what it was; then
    come the rules it breaks, each with the section of the rulebook it
    cites, or what a legal action leads to; then the rulings relied on.

    Each game's words do it (``explain_verdict`` of :mod:`tutor.nambarz` and
    its siblings), found by the verdict's game in :data:`tutor.games.TUTORS`.

    >>> from solver.games import find_game
    >>> from solver.nambarz.state import Action
    >>> state = find_game("nambarz").new_game(players=2, seed=1)
    >>> _ = state.apply(Action.parse("3"))
    >>> print(explain_action_verdict(state.check(Action.parse("pass")), "de"))
    Du passt: Dein Zug ist zu Ende.
    """
    return _words(verdict).explain_verdict(verdict, lang)


def verdict_document(verdict: GameVerdict, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """The verdict's JSON form with its words in ``lang``: ``explanation``, and each violation's ``message``.

    ``message_en`` keeps the referee's English message beside it, also in a
    part of the verdict that repeats the action's violations (an Nmbrs!
    play's, within the verdict on the action).

    >>> from solver.games import find_game
    >>> from solver.thegame.state import Action
    >>> state = find_game("thegame").new_game(players=2, seed=1)
    >>> document = verdict_document(state.check(Action.parse("end")), "it")
    >>> document["violations"][0]["message"]
    'non hai ancora calato le carte che questo turno chiede'
    >>> document["violations"][0]["message_en"]
    'the player has laid 0 of the 2 cards this turn needs'
    >>> print(document["explanation"])  # doctest: +NORMALIZE_WHITESPACE
    Non puoi ancora chiudere il turno: prima cala altre carte.
      Non hai ancora calato le carte che questo turno chiede. Regola «Svolgimento della partita»: in ogni
      turno si calano almeno due carte (tre nella versione pro), una quando il mazzo è finito.
    """
    words = _words(verdict)
    reasons = words.violation_reasons(verdict, lang)
    document = verdict.to_dict()
    document["violations"] = told_violations(document["violations"], reasons)
    for field in words.violations_repeated_in:
        if document[field] is not None:
            document[field]["violations"] = told_violations(document[field]["violations"], reasons)
    document["explanation"] = words.explain_verdict(verdict, lang)
    return document


def _words(verdict: GameVerdict) -> GameWords:
    """The words of the verdict's game; a :class:`TypeError` for a verdict its states do not give on an action."""
    words = TUTORS.find(verdict.game)
    if not isinstance(verdict, words.verdicts):
        raise TypeError(
            f"a {type(verdict).__name__} of {words.name} is not what a game's State.check gives for an action"
        )
    return words
