"""A game's review in words: each turn of one seat next to the engine's best, and a short summary.

The numbers come from each game's ``review.py`` in the solver
(:mod:`solver.review` lists the marks); this module puts them into
sentences in English, Italian, German or French, from the ``tutor``
gettext catalogs.  Plays stay in each game's notation (Nambarz names its
figure cards as the reader does, which the notation reads back too; Quando
words its actions as its own explanations do).

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

import gettext
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from solver.errors import GameError
from solver.games import find_game
from solver.nambarz import review as nambarz_review
from solver.nambarz.cards import Card
from solver.nambarz.notation import parse_play
from solver.nambarz.state import State as NambarzState
from solver.nmbrs import review as nmbrs_review
from solver.nmbrs.state import State as NmbrsState
from solver.quando import review as quando_review
from solver.quando.state import Action as QuandoAction
from solver.quando.state import ActionKind as QuandoActionKind
from solver.quando.state import Side
from solver.quando.state import State as QuandoState
from solver.review import Mark, ReviewTotals, TurnReview, totals
from solver.thegame import review as thegame_review
from solver.thegame.state import State as TheGameState
from tutor.i18n import translator
from tutor.rendering import card_name, render_notation

Reviewer = Callable[[Any, Sequence[tuple[int, str]], int], list[TurnReview]]

Words = Callable[[TurnReview, gettext.NullTranslations, str], str]
"""A game's way of putting one judged turn into words."""

REVIEWERS: Mapping[str, tuple[type, Reviewer]] = {
    "nambarz": (NambarzState, nambarz_review.review_turns),
    "thegame": (TheGameState, thegame_review.review_turns),
    "quando": (QuandoState, quando_review.review_turns),
    "nmbrs": (NmbrsState, nmbrs_review.review_turns),
}
"""Each game's state class and its reviewer."""


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
    name = find_game(game).name
    translator(language)  # an unknown language is refused before the work
    state_class, reviewer = REVIEWERS[name]
    if not isinstance(initial_state, state_class):
        raise GameError(f"a {name} review needs a {name} state, not {type(initial_state).__name__}")
    return review_document(game, reviewer(initial_state, actions, seat), seat, language)


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
    name = find_game(game).name
    translations = translator(language)
    words = _WORDS[name]
    turns = [{**turn.to_dict(), "explanation": words(turn, translations, language)} for turn in reviews]
    counted = totals(reviews)
    return {
        "game": name,
        "seat": seat,
        "language": language,
        "turns": turns,
        "totals": counted.to_dict(),
        "summary": summary(name, counted, language),
    }


def explain_turn(game: str, turn: TurnReview, language: str) -> str:
    """One reviewed turn of ``game`` in words, in ``language``: what was played next to the engine's best.

    >>> from solver.review import Mark, TurnReview
    >>> turn = TurnReview(4, (7,), ("knock",), ("play 2 3 4", "take visible"), {"expected_sum": 9.0},
    ...                   {"expected_sum": 5.0}, Mark.HIGHER_SUM, {"expected_sum": 4.0}, {})
    >>> print(explain_turn("quando", turn, "en"))
    You knocked: an expected hand sum of 9; the hint's choice (play 2 3 4 and take the visible side) expects 5.
    >>> print(explain_turn("quando", turn, "de").split(";")[0])
    Du hast geklopft: eine erwartete Handsumme von 9
    """
    return _WORDS[find_game(game).name](turn, translator(language), language)


def summary(game: str, counted: ReviewTotals, language: str) -> str:
    """A few sentences on a review's totals: turns that matched the best, and what was lost in all.

    >>> from solver.review import ReviewTotals, Mark
    >>> counted = ReviewTotals(4, 3, {Mark.BEST: 3, Mark.LOST_POINTS: 1}, {"points": 6})
    >>> summary("nmbrs", counted, "it")
    "Turni all'altezza del migliore del motore: 3 su 4. In tutto hai fatto 6 punti in meno delle calate del bot avido."
    """
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
    lost = counted.lost
    unreviewed = counted.marks.get(Mark.UNREVIEWED, 0)
    if game == "nambarz":
        sentences += _nambarz_totals(counted, translations)
    elif game == "thegame":
        sentences += _thegame_totals(counted, translations)
    elif game == "quando" and lost.get("expected_sum"):
        sentences.append(
            _("In all your choices expected a hand sum %(sum)s higher than the hint's.")
            % {"sum": _amount(lost["expected_sum"])}
        )
    elif lost.get("points"):
        count = int(lost["points"])
        sentences.append(
            ngettext(
                "In all you scored %(count)d point fewer than the greedy bot's lays.",
                "In all you scored %(count)d points fewer than the greedy bot's lays.",
                count,
            )
            % {"count": count}
        )
    if unreviewed:
        sentences.append(
            ngettext("%(count)d turn could not be compared.", "%(count)d turns could not be compared.", unreviewed)
            % {"count": unreviewed}
        )
    return " ".join(sentences)


def _nambarz_totals(counted: ReviewTotals, translations: gettext.NullTranslations) -> list[str]:
    ngettext = translations.ngettext
    sentences = []
    cards, points = int(counted.lost.get("cards", 0)), int(counted.lost.get("master_points", 0))
    if cards:
        sentences.append(
            ngettext(
                "In all you shed %(count)d card fewer than the planner's best turns.",
                "In all you shed %(count)d cards fewer than the planner's best turns.",
                cards,
            )
            % {"count": cards}
        )
    if points:
        sentences.append(
            ngettext("You missed %(count)d master-stroke point.", "You missed %(count)d master-stroke points.", points)
            % {"count": points}
        )
    penalised = counted.marks.get(Mark.PENALISED, 0)
    if penalised:
        sentences.append(
            ngettext("%(count)d turn was penalised.", "%(count)d turns were penalised.", penalised)
            % {"count": penalised}
        )
    return sentences


def _thegame_totals(counted: ReviewTotals, translations: gettext.NullTranslations) -> list[str]:
    ngettext = translations.ngettext
    sentences = []
    gap, cards = int(counted.lost.get("gap", 0)), int(counted.lost.get("cards", 0))
    if gap:
        sentences.append(
            ngettext(
                "In all your gaps were %(count)d card wider than the strong bot's.",
                "In all your gaps were %(count)d cards wider than the strong bot's.",
                gap,
            )
            % {"count": gap}
        )
    if cards:
        sentences.append(
            ngettext(
                "Where every card counted you laid %(count)d card fewer than the strong bot.",
                "Where every card counted you laid %(count)d cards fewer than the strong bot.",
                cards,
            )
            % {"count": cards}
        )
    return sentences


# --------------------------------------------------------------------------- Nambarz


def _nambarz_words(turn: TurnReview, translations: gettext.NullTranslations, language: str) -> str:
    _, ngettext = translations.gettext, translations.ngettext
    after_draw = bool(turn.details.get("after_draw"))
    if turn.mark is Mark.UNREVIEWED:
        played = _nambarz_turn(turn.played, translations, language, skip_opening_draw=after_draw)
        return _("You played %(played)s; the planner ran past its limit on this hand, so the turn is not compared.") % {
            "played": played
        }
    fields: dict[str, Any] = {
        "played": _nambarz_turn(turn.played, translations, language, skip_opening_draw=after_draw),
        "best": _nambarz_turn(turn.best, translations, language, skip_opening_draw=after_draw),
        "cards": turn.measures["cards"],
        "points": turn.measures["master_points"],
        "answers": turn.measures["answers"],
        "top": card_name(Card.parse(turn.details["top_after"]), language),
    }
    for measure in ("cards", "master_points", "answers"):
        fields[f"best_{measure}"] = turn.best_measures.get(measure)
    fields["best_points"] = fields["best_master_points"]
    lead = [_("Nothing was playable, so you drew a card first.")] if after_draw else []
    mark = turn.mark
    passed = all(action in ("draw", "pass") for action in turn.played)
    if passed and mark is Mark.BEST:
        sentence = _("The card drawn could not be played either, so you passed, as the planner would.")
    elif passed and mark is Mark.LOST_CARDS:
        sentence = _("You passed without playing; the planner's best turn, %(best)s, sheds %(best_cards)d.")
    elif mark is Mark.BEST and tuple(turn.played) == tuple(turn.best):
        sentence = _("You played %(played)s, the planner's best turn.")
    elif mark is Mark.BEST:
        sentence = _("You played %(played)s, as good as the planner's best turn, %(best)s.")
    elif mark is Mark.GOOD:
        # TRANSLATORS: "answers" counts the ways the deck offers to cover the card left on top; fewer is harder.
        sentence = _(
            "You played %(played)s: as many cards and points as the planner's best turn, %(best)s, but it leaves "
            "%(top)s on top, which is easier to cover (%(answers)d ways against %(best_answers)d)."
        )
    elif mark is Mark.LOST_CARDS:
        sentence = ngettext(
            "You played %(played)s and shed %(cards)d card; the planner's best turn, %(best)s, sheds %(best_cards)d.",
            "You played %(played)s and shed %(cards)d cards; the planner's best turn, %(best)s, sheds %(best_cards)d.",
            int(turn.measures["cards"]),
        )
    elif mark is Mark.LOST_POINTS:
        sentence = _(
            "You played %(played)s for %(points)d master-stroke points; the planner's best turn, %(best)s, "
            "sheds as many cards and earns %(best_points)d."
        )
    else:
        fields["codes"] = ", ".join(turn.details["violations"])
        # TRANSLATORS: "codes" are the violation codes of the penalised plays, such as "no-match", untranslated.
        sentence = _(
            "You played %(played)s and were penalised under rule V (%(codes)s). The planner's best turn was %(best)s."
        )
    return " ".join([*lead, sentence % fields])


def _nambarz_turn(
    actions: Sequence[str], translations: gettext.NullTranslations, language: str, *, skip_opening_draw: bool
) -> str:
    """A turn's actions as one line of turn notation, figures named in ``language``; draws said in words."""
    _ = translations.gettext
    parts = []
    for number, text in enumerate(actions):
        if text == "pass" or (text == "draw" and number == 0 and skip_opening_draw):
            continue
        # TRANSLATORS: drawing a card, as one step of a turn written in notation ("Jreplay ; draw").
        parts.append(_("draw") if text == "draw" else render_notation(parse_play(text), language))
    # TRANSLATORS: a planned turn that plays nothing.
    return " ; ".join(parts) or _("pass")


# --------------------------------------------------------------------------- The Game


def _thegame_words(turn: TurnReview, translations: gettext.NullTranslations, language: str) -> str:
    _, ngettext = translations.gettext, translations.ngettext
    if turn.mark is Mark.UNREVIEWED:
        return _not_compared(_placements(turn.played), translations)
    fields = {
        "played": _placements(turn.played),
        "best": _placements(turn.best),
        "gap": turn.measures["gap"],
        "best_gap": turn.best_measures["gap"],
        "cards": turn.measures["cards"],
        "best_cards": turn.best_measures["cards"],
    }
    mark = turn.mark
    ending = turn.details.get("ending")
    if mark is Mark.BEST and tuple(turn.played) == tuple(turn.best):
        sentence = _("You laid %(played)s, as the strong bot would.")
    elif mark is Mark.BEST:
        sentence = _(
            "You laid %(played)s, leaving a gap of %(gap)d, no wider than the strong bot's turn, "
            "%(best)s (%(best_gap)d)."
        )
    elif mark is Mark.GOOD:
        sentence = _(
            "You laid %(played)s, leaving a gap of %(gap)d, a little wider than the strong bot's turn, "
            "%(best)s (%(best_gap)d)."
        )
    elif mark is Mark.WIDER_GAP:
        # TRANSLATORS: the gap counts the cards still to play that the piles can no longer take.
        sentence = _(
            "You laid %(played)s, leaving a gap of %(gap)d; the strong bot's turn, %(best)s, leaves %(best_gap)d "
            "(the gap counts the cards still to play that the piles can no longer take)."
        )
    elif turn.details.get("lost_game") and ending == "fire-uncovered":
        sentence = _(
            "Your turn, %(played)s, left a fire card uncovered and lost the game; the strong bot's turn was %(best)s."
        )
    elif turn.details.get("lost_game"):
        sentence = _(
            "Your turn, %(played)s, got stuck below the minimum and lost the game; the strong bot's turn was %(best)s."
        )
    else:
        sentence = ngettext(
            "With the draw pile empty every card counts: you laid %(played)s, %(cards)d card; the strong bot's turn, "
            "%(best)s, lays %(best_cards)d.",
            "With the draw pile empty every card counts: you laid %(played)s, %(cards)d cards; the strong bot's turn, "
            "%(best)s, lays %(best_cards)d.",
            int(turn.measures["cards"]),
        )
    return sentence % fields


def _placements(actions: Sequence[str]) -> str:
    return ", ".join(action for action in actions if action != "end")


# --------------------------------------------------------------------------- Quando


def _quando_words(turn: TurnReview, translations: gettext.NullTranslations, language: str) -> str:
    _ = translations.gettext
    if turn.mark is Mark.UNREVIEWED:
        return _not_compared(" ; ".join(turn.played), translations)
    fields = {
        "played": _quando_played(turn.played, translations),
        "best": _quando_best(turn.best, translations),
        "sum": _amount(turn.measures["expected_sum"]),
        "best_sum": _amount(turn.best_measures["expected_sum"]),
    }
    mark = turn.mark
    if mark is Mark.BEST and tuple(turn.played) == tuple(turn.best):
        # TRANSLATORS: "played" is a whole clause, such as "You played 3 4 5 and took the hidden side".
        sentence = _("%(played)s, as the hint suggests: an expected hand sum of %(sum)s.")
    elif mark is Mark.BEST:
        # TRANSLATORS: "best" is the hint's choice in the imperative, such as "play 3 4 5 and take the hidden side".
        sentence = _("%(played)s: an expected hand sum of %(sum)s, no higher than the hint's choice (%(best)s).")
    elif mark is Mark.GOOD:
        sentence = _(
            "%(played)s: an expected hand sum of %(sum)s, a little above the hint's choice (%(best)s, %(best_sum)s)."
        )
    else:
        sentence = _("%(played)s: an expected hand sum of %(sum)s; the hint's choice (%(best)s) expects %(best_sum)s.")
    return sentence % fields


def _quando_played(actions: Sequence[str], translations: gettext.NullTranslations) -> str:
    """The turn as a clause with the player as its subject: "You played 3 4 5 and took the hidden side"."""
    _ = translations.gettext
    opening = QuandoAction.parse(actions[0])
    if opening.kind is QuandoActionKind.KNOCK:
        return _("You knocked")
    numbers = {"numbers": " ".join(map(str, opening.numbers))}
    if QuandoAction.parse(actions[1]).side is Side.VISIBLE:
        return _("You played %(numbers)s and took the visible side") % numbers
    return _("You played %(numbers)s and took the hidden side") % numbers


def _quando_best(actions: Sequence[str], translations: gettext.NullTranslations) -> str:
    """The hint's choice in the imperative: "play 3 4 5 and take the hidden side"."""
    _ = translations.gettext
    opening = QuandoAction.parse(actions[0])
    if opening.kind is QuandoActionKind.KNOCK:
        # TRANSLATORS: the hint's choice, in the imperative.
        return _("knock")
    numbers = {"numbers": " ".join(map(str, opening.numbers))}
    if QuandoAction.parse(actions[1]).side is Side.VISIBLE:
        return _("play %(numbers)s and take the visible side") % numbers
    return _("play %(numbers)s and take the hidden side") % numbers


def _amount(value: float) -> str:
    """A sum for a sentence: whole numbers without decimals, others with up to two, as the hints write them."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


# --------------------------------------------------------------------------- Nmbrs!


def _nmbrs_words(turn: TurnReview, translations: gettext.NullTranslations, language: str) -> str:
    _, ngettext = translations.gettext, translations.ngettext
    if turn.mark is Mark.UNREVIEWED:
        return _not_compared(" ; ".join(turn.played), translations)
    points, best_points = int(turn.measures["points"]), int(turn.best_measures["points"])
    plays = [action for action in turn.best if action.split()[0] in ("lay", "insert", "swap")]
    fields = {"points": points, "best_points": best_points, "best": " ; ".join(plays)}
    if turn.mark is Mark.LOST_POINTS:
        sentence = ngettext(
            "Your lay scored %(points)d point; the greedy bot's lay, %(best)s, scores %(best_points)d.",
            "Your lay scored %(points)d points; the greedy bot's lay, %(best)s, scores %(best_points)d.",
            points,
        )
    elif points == 0:
        sentence = _("No lay from your hand scored this turn, nor would the greedy bot's.")
    else:
        sentence = ngettext(
            "Your lay scored %(points)d point, as many as the greedy bot's lay or more.",
            "Your lay scored %(points)d points, as many as the greedy bot's lay or more.",
            points,
        )
    return sentence % fields


def _not_compared(played: str, translations: gettext.NullTranslations) -> str:
    """A turn the engine ran out of time on, in words: what was played, not compared."""
    # TRANSLATORS: "played" is the turn's actions in the game's notation.
    sentence = translations.gettext(
        "You played %(played)s; the engine ran out of time on this turn, so it is not compared."
    )
    return sentence % {"played": played}


_WORDS: Mapping[str, Words] = {
    "nambarz": _nambarz_words,
    "thegame": _thegame_words,
    "quando": _quando_words,
    "nmbrs": _nmbrs_words,
}
