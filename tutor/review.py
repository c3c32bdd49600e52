"""A game's review in words: each turn of one seat next to the best turn, and a short summary a child follows.

The numbers come from each game's ``review.py`` in the solver
(:mod:`solver.review` lists the marks); this module puts them into
sentences in English, Italian, German or French, from the ``tutor``
gettext catalogs: what every game's review shares here, each turn and what
was lost in all in the game's own words, found by its entry in
:data:`tutor.games.TUTORS` (:mod:`tutor.nambarz_review` and its siblings).
Plays are said in words, never in a game's notation: Nambarz's cards named in
the reader's language with the signs of school, the siblings' moves as their
explanations say them.  "The best turn" is what the engine finds from what
the seat knew; only the best and the good turns are praised.

Each turn is numbered twice: ``turn`` counts every seat's turns (for
machines), ``player_turn`` the reviewed seat's own, from 1, as a page says
"Your turn 3".  A turn with nothing to decide (Quando's pass with no cards)
is not reviewed and not counted.

The JSON form that :func:`review` returns::

    {"game": "nambarz", "seat": 0, "language": "en",
     "turns": [{"turn": 1, "player_turn": 1, "actions": [1, 2], "played": [...], "best": [...],
                "measures": {...}, "best_measures": {...}, "mark": "lost-cards",
                "lost": {...}, "details": {...}, "explanation": "..."}, ...],
     "totals": {"turns": 1, "best": 0, "marks": {"lost-cards": 1}, "lost": {...}},
     "summary": "..."}

>>> from solver.games import find_game
>>> state = find_game("nambarz").new_game(players=2, seed=3)
>>> document = review("nambarz", state, [(0, "8"), (0, "pass"), (1, "9 - 1")], 0, "en")
>>> document["turns"][0]["mark"], document["turns"][0]["best"], document["turns"][0]["player_turn"]
('lost-cards', ['2owl + 6dragonfly', 'pass'], 1)
>>> print(document["turns"][0]["explanation"])
You shed 1 card; the best turn shed 2. The best turn: 2 owl + 6 dragonfly = 8.
>>> print(document["summary"])
You played 1 turn: 1 shed fewer cards than it could have. In all you shed 1 card fewer than the best turns.
>>> french = review("nambarz", state, [(0, "8"), (0, "pass")], 0, "fr")["turns"][0]["explanation"]
>>> french.split("\xa0; ")[0]  # French puts a no-break space before a semicolon
'Tu as posé 1 carte'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from solver.errors import GameError
from solver.games import find_game
from solver.review import Mark, ReviewTotals, TurnReview, review_actions, totals
from tutor.games import TUTORS
from tutor.i18n import translator
from tutor.text import listed, shared_mark_label
from tutor.words import GameWords


def review(
    game: str, initial_state: Any, actions: Sequence[tuple[int, str]], seat: int, language: str
) -> dict[str, Any]:
    """The review of ``seat``'s completed turns in ``actions`` (seat, action) from ``initial_state``, in ``language``.

    ``initial_state`` is a fresh state of ``game`` (as
    :meth:`solver.games.GameEntry.new_game` makes it) and is not changed.
    Raises :class:`~solver.errors.GameError` for an unknown game, a state of
    another game, a seat outside it or actions the game refuses, and
    :class:`~tutor.i18n.LanguageError` for a language the tutor does not speak.

    >>> from solver.games import find_game
    >>> state = find_game("quando").new_game(players=2, seed=2)
    >>> turn = [(0, "play 10 10"), (0, "take visible")]
    >>> review("quando", state, turn, 0, "en")["turns"][0]["explanation"]
    'Well done: that was the best choice. The points in your hand went down by 17.'
    """
    words = TUTORS.find(game)
    translator(language)  # an unknown language is refused before the work
    if not isinstance(initial_state, words.state):
        raise GameError(f"a {game} review needs a {game} state, not {type(initial_state).__name__}")
    reviews = review_actions(find_game(game).turn_rules(), initial_state, actions, seat)
    return review_document(game, reviews, seat, language)


def review_document(game: str, reviews: Sequence[TurnReview], seat: int, language: str) -> dict[str, Any]:
    """The review of ``seat`` made of its judged turns ``reviews``, each in words, with the totals and a summary.

    A server that judges each turn as it ends words them here.

    >>> from solver.review import Mark, TurnReview
    >>> document = review_document("quando", [TurnReview.unreviewed(3, [(5, 0, "knock")])], 0, "en")
    >>> print(document["turns"][0]["explanation"])
    The computer ran out of time on this turn, so it is not compared.
    >>> print(document["summary"])
    You played 1 turn: 1 could not be compared.
    """
    words = TUTORS.find(game)
    turns = [
        {**turn.to_dict(), "player_turn": number, "explanation": words.explain_turn_review(turn, language)}
        for number, turn in enumerate(reviews, start=1)
    ]
    counted = totals(reviews)
    return {
        "game": words.name,
        "seat": seat,
        "language": language,
        "turns": turns,
        "totals": counted.to_dict(),
        "summary": summary(game, counted, language),
    }


def explain_turn(game: str, turn: TurnReview, language: str) -> str:
    """One reviewed turn of ``game`` in words, in ``language``: how it went, then the best turn when it was better.

    >>> from solver.review import Mark, TurnReview
    >>> turn = TurnReview(4, (7,), ("knock",), ("play 2 3 4", "take visible"), {"expected_sum": 9.0},
    ...                   {"expected_sum": 5.0}, Mark.HIGHER_SUM, {"expected_sum": 4.0}, {"hand_sum": 9})
    >>> print(explain_turn("quando", turn, "de").split(".")[0])
    Du hast geklopft: die Punkte in deiner Hand blieben bei 9
    """
    return TUTORS.find(game).explain_turn_review(turn, language)


def turn_label(game: str, turn: TurnReview, language: str) -> str:
    """What a reviewed turn's heading says of it in ``language``: praise for the best and the good turns only.

    >>> from solver.review import TurnReview
    >>> turn_label("nambarz", TurnReview.unreviewed(2, [(3, 0, "pass")]), "en")
    'Not compared'
    """
    words = TUTORS.find(game)
    if words.turn_label is not None:
        return words.turn_label(turn, language)
    translations = translator(language)
    return shared_mark_label(turn.mark, translations) or translations.gettext("Could be better")


def turn_judgement(game: str, turn: TurnReview, language: str) -> str:
    """A reviewed turn judged in a short sentence in ``language``, the better turn's moves left out (a page draws
    them); a game without its own says the whole explanation.

    >>> from solver.review import Mark, TurnReview
    >>> turn = TurnReview(1, (1,), ("15>asc1", "end"), ("20>asc1", "end"), {"cards": 1, "gap": 3},
    ...                   {"cards": 1, "gap": 1}, Mark.GOOD, {"cards": 0, "gap": 2}, {})
    >>> turn_judgement("thegame", turn, "en")
    'Good: your cards left a gap of 3 on the piles; the best turn left 1.'
    """
    words = TUTORS.find(game)
    if words.turn_judgement is not None:
        return words.turn_judgement(turn, language)
    return words.explain_turn_review(turn, language)


def summary(game: str, counted: ReviewTotals, language: str) -> str:
    """A few sentences on a review's totals a child follows: the turns played and how each went, what was lost in all.

    How the turns went is counted by mark, in the game's own words where the
    mark is the game's own; what was lost is said in the game's own measures,
    by its entry in :data:`~tutor.games.TUTORS`.

    >>> from solver.review import ReviewTotals, Mark
    >>> counted = ReviewTotals(8, 5, {Mark.BEST: 5, Mark.GOOD: 2, Mark.PENALISED: 1}, {})
    >>> summary("nambarz", counted, "en")
    'You played 8 turns: 5 were the best turn, 2 were good and 1 had a penalty.'
    """
    words = TUTORS.find(game)
    translations = translator(language)
    _, ngettext = translations.gettext, translations.ngettext
    if not counted.turns:
        return _("No completed turn to review yet.")
    clauses = [_mark_clause(words, mark, counted.marks[mark], language) for mark in Mark if counted.marks.get(mark)]
    # TRANSLATORS: "marks" lists how the turns went: "5 were the best turn, 2 were good and 1 had a penalty".
    played = ngettext("You played %(count)d turn: %(marks)s.", "You played %(count)d turns: %(marks)s.", counted.turns)
    sentences = [played % {"count": counted.turns, "marks": listed(clauses, translations)}]
    return " ".join([*sentences, *words.totals_sentences(counted, language)])


def _mark_clause(words: GameWords, mark: Mark, count: int, language: str) -> str:
    """A mark counted, in the game's own words if it has them, else in the words every game shares."""
    own = words.mark_clause(mark, count, language) if words.mark_clause is not None else None
    if own is not None:
        return own
    ngettext = translator(language).ngettext
    shared = {
        # TRANSLATORS: counts turns, in "You played 8 turns: 5 were the best turn, 2 were good …".
        Mark.BEST: ngettext("%(count)d was the best turn", "%(count)d were the best turn", count),
        Mark.GOOD: ngettext("%(count)d was good", "%(count)d were good", count),
        Mark.UNREVIEWED: ngettext("%(count)d could not be compared", "%(count)d could not be compared", count),
    }
    fallback = ngettext("%(count)d could have been better", "%(count)d could have been better", count)
    return shared.get(mark, fallback) % {"count": count}
