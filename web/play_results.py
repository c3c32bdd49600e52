"""The results screen of a finished game, in the page's language: who won, the places, the rounds, the tie-breaks.

A finished game's view carries its results
(:meth:`GameEntry.results <solver.entry.GameEntry.results>`: places, points,
master strokes, each round's winners, the tie-break rounds), by seat; this
module words them with the players' names for ``play/_results.html``, and
words the tie-break round a Nambarz table is playing.

>>> from flask import Flask
>>> from web.language import choose_language
>>> results = {"winners": [1], "places": [2, 1, 2], "points": [32, 40, 32], "lowest_wins": False,
...            "rounds": [{"number": 1, "winners": [1], "points": [32, 40, 32], "master_strokes": [0, 0, 1],
...                        "contested_place": None}],
...            "earlier_rounds": 0, "master_strokes": [0, 0, 1], "tie_breaks": [], "cooperative": False,
...            "won": None, "cards_left": None, "excellent": None, "ending": None}
>>> with Flask(__name__).test_request_context("/?lang=en"):
...     _ = choose_language()
...     shown = results_context(results, ["Ann", "Bob", "Cy"], me=0, lang="en")
>>> shown["headline"], [(row["place"], row["name"], row["tied"]) for row in shown["rows"]]
('Bob wins the game!', [('1st', 'Bob', False), ('2nd', 'Ann', True), ('2nd', 'Cy', True)])
>>> shown["rounds"]
['Round 1: Bob won it.']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tutor.i18n import translator
from tutor.text import listed
from web.language import page_translations
from web.refusals import N_

ORDINALS = {
    1: N_("1st"),
    2: N_("2nd"),
    3: N_("3rd"),
    4: N_("4th"),
    5: N_("5th"),
    6: N_("6th"),
    7: N_("7th"),
    8: N_("8th"),
    9: N_("9th"),
    10: N_("10th"),
    11: N_("11th"),
    12: N_("12th"),
}
"""A place in the results' table."""

PLACES = {
    # TRANSLATORS: a place contested, after "for" ("one more round for first place"); with its article if need be.
    1: N_("first place"),
    2: N_("second place"),
    3: N_("third place"),
    4: N_("fourth place"),
    5: N_("fifth place"),
    6: N_("sixth place"),
    7: N_("seventh place"),
    8: N_("eighth place"),
    9: N_("ninth place"),
    10: N_("tenth place"),
    11: N_("eleventh place"),
}
"""A place a tie-break round is played for, in words (the twelfth cannot be shared: someone would be thirteenth)."""


def place_words(place: int) -> str:
    """The place a tie-break round is played for, in words ("first place"), in the page's language.

    >>> from flask import Flask
    >>> from web.language import choose_language
    >>> with Flask(__name__).test_request_context("/?lang=fr"):
    ...     _ = choose_language()
    ...     place_words(2)
    'la deuxième place'
    """
    return page_translations().gettext(PLACES[place]) if place in PLACES else str(place)


def names_listed(names: Sequence[str], lang: str) -> str:
    """Names as one list in ``lang``.

    >>> names_listed(["Anna", "Bot 2", "Bot 3"], "en"), names_listed(["Anna", "Bot 2"], "it")
    ('Anna, Bot 2 and Bot 3', 'Anna e Bot 2')
    """
    return listed(names, translator(lang))


def tie_break_notice(names: Sequence[str], place: int, lang: str) -> str:
    """Why a tie-break round is played, naming who plays it and for which place.

    >>> from flask import Flask
    >>> from web.language import choose_language
    >>> with Flask(__name__).test_request_context("/?lang=en"):
    ...     _ = choose_language()
    ...     tie_break_notice(["Anna", "Bot 2"], 1, "en")
    'Anna and Bot 2 have the same points: they play one more round for first place.'
    """
    sentence = page_translations().gettext("%(names)s have the same points: they play one more round for %(place)s.")
    return sentence % {"names": names_listed(names, lang), "place": place_words(place)}


def results_context(results: Mapping[str, Any], names: Sequence[str], *, me: int, lang: str) -> dict[str, Any]:
    """What the results screen shows of ``results`` (a view's ``results``), for the seat ``me``."""
    t = page_translations()
    winners = [names[seat] for seat in results["winners"]]
    notes: list[str] = []
    if results["cooperative"]:
        headline = _cooperative_headline(results)
        if results["excellent"] and not results["won"]:
            notes.append(t.gettext("Excellent: fewer than 10 cards were left!"))
    elif len(winners) == 1:
        headline = t.gettext("%(name)s wins the game!") % {"name": winners[0]}
    else:
        headline = t.gettext("%(names)s share the win!") % {"names": names_listed(winners, lang)}
    places = results["places"]
    strokes = results["master_strokes"]
    points = results["points"]
    rows = [
        {
            "seat": seat,
            "name": names[seat],
            "me": seat == me,
            "place": t.gettext(ORDINALS[place]) if place in ORDINALS else str(place),
            "number": place,
            "tied": places.count(place) > 1,
            "points": None if points is None else points[seat],
            "strokes": None if strokes is None else strokes[seat],
        }
        for seat, place in sorted(enumerate(places), key=lambda item: (item[1], item[0]))
    ]
    earlier = results["earlier_rounds"]
    return {
        "headline": headline,
        "notes": notes,
        "rows": rows,
        "has_strokes": strokes is not None,
        "rounds": [_round_line(outcome, names, lang) for outcome in results["rounds"]],
        "earlier": t.ngettext("%(num)d earlier round is not listed.", "%(num)d earlier rounds are not listed.", earlier)
        % {"num": earlier}
        if earlier
        else None,
        "tie_breaks": [_tie_break_line(tie, names, lang) for tie in results["tie_breaks"]],
    }


def _cooperative_headline(results: Mapping[str, Any]) -> str:
    t = page_translations()
    if results["won"]:
        return t.gettext("You beat the game together: every card was laid!")
    if results["ending"] == "fire-uncovered":
        return t.gettext("The game won this time: a fire card was left uncovered.")
    left = int(results["cards_left"])
    return t.ngettext(
        "The game won this time: %(num)d card was left.", "The game won this time: %(num)d cards were left.", left
    ) % {"num": left}


def _round_line(outcome: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
    t = page_translations()
    winners = names_listed([names[seat] for seat in outcome["winners"]], lang)
    if outcome["contested_place"] is not None:
        return t.gettext("Tie-break round for %(place)s: %(names)s won it.") % {
            "place": place_words(outcome["contested_place"]),
            "names": winners,
        }
    if not outcome["winners"]:
        return t.gettext("Round %(number)d: nobody went out.") % {"number": outcome["number"]}
    return t.gettext("Round %(number)d: %(names)s won it.") % {"number": outcome["number"], "names": winners}


def _tie_break_line(tie: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
    t = page_translations()
    sentence = t.gettext(
        "%(names)s ended with the same points (%(points)d), so they played one more round for %(place)s, "
        "and %(winner)s won it."
    )
    return sentence % {
        "names": names_listed([names[seat] for seat in tie["seats"]], lang),
        "points": tie["points"],
        "place": place_words(tie["place"]),
        "winner": names[tie["ranking"][0]],
    }
