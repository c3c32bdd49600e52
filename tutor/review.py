"""A game's review in words: each turn of one seat next to the engine's best, and a short summary.

The numbers come from each game's ``review.py`` in the solver
(:mod:`solver.review` lists the marks); this module puts them into
sentences in English, Italian, German or French, from the ``tutor``
gettext catalogs: what every game's review shares here, each turn and what
was lost in all in the game's own words, found by its entry in
:data:`tutor.games.TUTORS` (:mod:`tutor.nambarz_review` and its siblings).
Plays stay in each game's notation (Nambarz names its figure cards as the
reader does, which the notation reads back too; Quando words its actions as
its own explanations do).

The JSON form that :func:`review` returns::

    {"game": "nambarz", "seat": 0, "language": "en",
     "turns": [{"turn": 1, "actions": [1, 2], "played": [...], "best": [...],
                "measures": {...}, "best_measures": {...}, "mark": "lost-cards",
                "lost": {...}, "details": {...}, "explanation": "..."}, ...],
     "totals": {"turns": 1, "best": 0, "marks": {"lost-cards": 1}, "lost": {...}},
     "summary": "..."}

>>> from solver.games import find_game
>>> state = find_game("nambarz").new_game(players=2, seed=3)
>>> document = review("nambarz", state, [(0, "8"), (0, "pass"), (1, "9 - 1")], 0, "en")
>>> document["turns"][0]["mark"], document["turns"][0]["best"]
('lost-cards', ['2owl + 6dragonfly', 'pass'])
>>> print(document["turns"][0]["explanation"])
You played 8 and shed 1 card; the planner's best turn, 2owl + 6dragonfly, sheds 2.
>>> print(document["summary"])
0 of 1 turn matched the engine's best. In all you shed 1 card fewer than the planner's best turns.
>>> french = review("nambarz", state, [(0, "8"), (0, "pass")], 0, "fr")["turns"][0]["explanation"]
>>> french.split("\\xa0; ")  # French puts a no-break space before a semicolon
['Tu as joué 8 et posé 1 carte', 'le meilleur tour du planificateur, 2 hibou + 6 libellule, en pose 2.']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from solver.errors import GameError
from solver.games import find_game
from solver.review import Mark, ReviewTotals, TurnReview, review_actions, totals
from tutor.games import TUTORS
from tutor.i18n import translator


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
    >>> review("quando", state, turn, 0, "de")["turns"][0]["explanation"]
    'Du hast 10 10 gespielt und die sichtbare Seite genommen, wie der Tipp vorschlägt: eine erwartete Handsumme von 29.'
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
    You played knock; the engine ran out of time on this turn, so it is not compared.
    >>> print(document["summary"])
    0 of 1 turn matched the engine's best. 1 turn could not be compared.
    """
    words = TUTORS.find(game)
    turns = [{**turn.to_dict(), "explanation": words.explain_turn_review(turn, language)} for turn in reviews]
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
    """One reviewed turn of ``game`` in words, in ``language``: what was played next to the engine's best.

    >>> from solver.review import Mark, TurnReview
    >>> turn = TurnReview(4, (7,), ("knock",), ("play 2 3 4", "take visible"), {"expected_sum": 9.0},
    ...                   {"expected_sum": 5.0}, Mark.HIGHER_SUM, {"expected_sum": 4.0}, {})
    >>> print(explain_turn("quando", turn, "en"))
    You knocked: an expected hand sum of 9; the hint's choice (lay down 2 3 4 and take the visible side) expects 5.
    >>> print(explain_turn("quando", turn, "de").split(";")[0])
    Du hast geklopft: eine erwartete Handsumme von 9
    """
    return TUTORS.find(game).explain_turn_review(turn, language)


def summary(game: str, counted: ReviewTotals, language: str) -> str:
    """A few sentences on a review's totals: turns that matched the best, what was lost in all, what was not compared.

    What was lost is said in the game's own measures, by its entry in :data:`~tutor.games.TUTORS`.

    >>> from solver.review import ReviewTotals, Mark
    >>> counted = ReviewTotals(4, 3, {Mark.BEST: 3, Mark.LOST_POINTS: 1}, {"points": 6})
    >>> summary("nmbrs", counted, "it")
    "Turni all'altezza del migliore del motore: 3 su 4. In tutto hai fatto 6 punti in meno delle calate del bot avido."
    """
    words = TUTORS.find(game)
    translations = translator(language)
    _, ngettext = translations.gettext, translations.ngettext
    if not counted.turns:
        return _("No completed turn to review yet.")
    sentences = [
        ngettext(
            "%(best)d of %(turns)d turn matched the engine's best.",
            "%(best)d of %(turns)d turns matched the engine's best.",
            counted.turns,
        )
        % {"best": counted.best, "turns": counted.turns}
    ]
    sentences += words.totals_sentences(counted, language)
    unreviewed = counted.marks.get(Mark.UNREVIEWED, 0)
    if unreviewed:
        sentences.append(
            ngettext("%(count)d turn could not be compared.", "%(count)d turns could not be compared.", unreviewed)
            % {"count": unreviewed}
        )
    return " ".join(sentences)
