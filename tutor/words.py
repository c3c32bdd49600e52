"""What one game's entry in the tutor's registry holds: :class:`GameWords`.

:data:`tutor.games.TUTORS` lists every game's entry; each game's module ends
with its own (``WORDS``), built from this class.  The class lives in a
module of its own, which imports no game's words, so that a game's module can
be imported first, before the registry that lists it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from solver.review import Mark, ReviewTotals, TurnReview


@dataclass(frozen=True)
class GameWords:
    """One game's words for what the tutor says of every game alike, each in a language given as ``lang``.

    The verdicts are those a game's state gives on an action
    (``State.check`` and ``State.apply``); the reviewed turns and their
    totals are those of :mod:`solver.review`.
    """

    name: str
    """The game's name, as in the solver's registry."""
    explain_verdict: Callable[[Any, str], str]
    """The verdict on an action of a game in play, in words: legal or not, each rule broken, what follows."""
    violation_reasons: Callable[[Any, str], list[str]]
    """Why that action breaks each of its verdict's violations' rules, in order (English: the referee's messages)."""
    explain_turn_review: Callable[[TurnReview, str], str]
    """One reviewed turn in words: what was played next to the engine's best."""
    totals_sentences: Callable[[ReviewTotals, str], list[str]]
    """The game's own sentences on a review's totals: what was lost in all, by the game's measures."""
    verdicts: tuple[type[Any], ...]
    """The classes of the verdicts the game's states give on an action (any other verdict is refused)."""
    state: type[Any]
    """The class of the game's states, from which a review replays a game."""
    turn_label: Callable[[TurnReview, str], str] | None = None
    """What a reviewed turn's heading says of it, from its mark, in a few words that praise only the best and the
    good; ``None``: the mark's shared words (:func:`tutor.text.shared_mark_label`), else "Could be better"."""
    turn_judgement: Callable[[TurnReview, str], str] | None = None
    """A reviewed turn judged in a short sentence, the better turn's moves left out (a page draws them);
    ``None``: :attr:`explain_turn_review`."""
    mark_clause: Callable[[Mark, int, str], str | None] | None = None
    """The game's own marks counted, for a review's summary ("2 left wider gaps on the piles"); ``None`` for a mark
    that is not the game's own, and for a game that has none: every mark says what all games share."""
    violations_repeated_in: tuple[str, ...] = ()
    """The fields of a verdict's JSON form whose own ``violations`` repeat the action's (Nmbrs!: its ``play``)."""
