"""What a page says beside a field it cannot use, in the reader's language.

A refusal has two sentences: what is wrong with the value given, and what
the field expects.  The first comes from the problem itself: an engine
error names the text it could not read (a card, a position in a
calculation, a card the deck lacks), and a schema's own message is worded
from the value refused.  The second is the page's: each page keeps one
sentence per field (marked with :func:`N_` so that the catalog extracts it)
saying what to write there.  Neither part is ever the engine's English
message, which stays for the API and the command line.

>>> from flask import Flask
>>> from solver.nambarz.cards import Card
>>> from solver.errors import NambarzError
>>> from web.language import choose_language
>>> with Flask(__name__).test_request_context("/?lang=it"):
...     _ = choose_language()
...     try:
...         Card.parse("3xx")
...     except NambarzError as error:
...         print(refusal(error, "3xx", "Scegli la carta in cima."))
«3xx» non è una carta. «xx» non è una figura: le figure sono libellula, tartaruga, pesce, gufo, ape, \
ippopotamo, gallina, papera, gatto, orso. Scegli la carta in cima.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from typing import Any

from marshmallow import fields

from services.schemas.common import EngineMessage
from solver.errors import (
    CardNotationError,
    NambarzError,
    NotationError,
    SearchLimitError,
    UnknownCardError,
    Worded,
)
from solver.nambarz.cards import Card, UnknownFigureError, figure_names
from tutor.rendering import card_name
from web.language import current_language, page_translations

QUOTED_LIMIT = 40
"""The longest text a refusal quotes whole; a longer one is cut with an ellipsis."""

MISSING = fields.Field.default_error_messages["required"]
"""marshmallow's message for a required field left out."""

NOT_A_WHOLE_NUMBER = fields.Integer.default_error_messages["invalid"]
"""marshmallow's message for a number field given text that is not a whole number."""


def N_(sentence: str) -> str:  # noqa: N802 - the name gettext's extractors look for
    """``sentence`` unchanged, marked for the catalog: translate it with :func:`expected` when it is shown.

    >>> N_("Choose a level.")
    'Choose a level.'
    """
    return sentence


def expected(sentences: dict[str, str]) -> dict[str, str]:
    """A page's sentences of what each field expects, in the page's language."""
    translations = page_translations()
    return {field: translations.gettext(sentence) for field, sentence in sentences.items()}


def refusal(problem: object, value: Any, expectation: str = "") -> str:
    """The message beside a field whose ``value`` was refused for ``problem``, then the field's ``expectation``.

    ``problem`` is an engine error, a schema's message for the field (an
    :class:`~services.schemas.common.EngineMessage` carries an engine error), or
    ``None`` when the page refuses the value itself.
    """
    if isinstance(problem, EngineMessage):
        problem = problem.error
    if isinstance(problem, NambarzError) and isinstance(problem.args[0], Worded):
        problem = problem.args[0]
    if isinstance(problem, Worded):
        sentences = [_sentence(page_translations().gettext(problem.template) % problem.values)]
    elif isinstance(problem, NambarzError):
        sentences = _error_sentences(problem, value)
    elif problem == MISSING:
        sentences = [page_translations().gettext("Fill in this field.")]
    elif problem == NOT_A_WHOLE_NUMBER and _text(value):
        sentences = [page_translations().gettext("“%(text)s” is not a whole number.") % {"text": _text(value)}]
    else:
        sentences = _value_sentences(value)
    return " ".join(sentence for sentence in (*sentences, expectation) if sentence)


def _sentence(words: str) -> str:
    """``words`` as a sentence: a capital first letter and a full stop, as the pages write their messages."""
    words = words[:1].upper() + words[1:]
    return words if words.endswith((".", "!", "?")) else words + "."


def _error_sentences(error: NambarzError, value: Any) -> list[str]:
    """What an engine error found wrong, in words of the page's language, without its English message."""
    t = page_translations()
    if isinstance(error, UnknownFigureError):
        names = ", ".join(figure_names(current_language()))
        sentence = t.gettext("“%(name)s” is not a figure: the figures are %(figures)s.")
        return [sentence % {"name": _quotable(error.name), "figures": names}]
    if isinstance(error, CardNotationError) and error.text is not None:
        sentences = [t.gettext("“%(text)s” is not a card.") % {"text": _quotable(error.text)}]
        return sentences + (_error_sentences(error.inner, value) if error.inner is not None else [])
    if isinstance(error, NotationError):
        where = {"token": _quotable(_token_words(error.token)), "position": error.position}
        sentence = t.gettext("Check “%(token)s” at position %(position)d.") if error.token else ""
        sentence = sentence or t.gettext("Something is missing at position %(position)d.")
        inner = _error_sentences(error.inner, value) if error.inner is not None else []
        return [sentence % where, *inner]
    if isinstance(error, UnknownCardError) and error.card is not None:
        return _deck_sentences(error)
    if isinstance(error, SearchLimitError):
        return [t.gettext("Working this out takes longer than the server allows: try with fewer cards.")]
    return _value_sentences(value)


def _deck_sentences(error: UnknownCardError) -> list[str]:
    t = page_translations()
    card = _card_words(error.card)
    if error.available:
        sentence = t.gettext("There are only %(available)d × %(card)s in the deck, not %(copies)d.")
        return [sentence % {"card": card, "available": error.available, "copies": error.copies}]
    sentences = [t.gettext("The deck has no %(card)s.") % {"card": card}]
    if error.same_figure:
        cards = ", ".join(_card_words(face) for face in error.same_figure)
        sentences.append(t.gettext("Its cards with this figure are %(cards)s.") % {"cards": cards})
    elif isinstance(error.card, Card) and error.card.figure is not None:
        sentences.append(t.gettext("None of its cards shows this figure."))
    return sentences


def _token_words(token: str) -> str:
    """A token a refusal points to, quoted as typed unless it is a joker's code, which it names in words.

    >>> from flask import Flask
    >>> from web.language import choose_language
    >>> with Flask(__name__).test_request_context("/?lang=de"):
    ...     _ = choose_language()
    ...     _token_words("jboth"), _token_words("3bee"), _token_words("J")
    ('Doppelwechsel-Joker', '3bee', 'J')
    """
    with suppress(NambarzError):
        card = Card.parse(token)
        if card.is_joker:
            return card_name(card, current_language())
    return token


def _value_sentences(value: Any) -> list[str]:
    text = _text(value)
    return [page_translations().gettext("“%(text)s” cannot be used here.") % {"text": text}] if text else []


def _card_words(card: object) -> str:
    return card_name(card, current_language()) if isinstance(card, Card) else str(card)


def _text(value: Any) -> str:
    """A value as the reader wrote it, for a refusal to quote: lists written out, cut when long."""
    if isinstance(value, bool) or value is None:
        return ""
    if isinstance(value, Sequence) and not isinstance(value, str):
        value = " ".join(str(item) for item in value)
    return _quotable(str(value).strip())


def _quotable(text: str) -> str:
    return text if len(text) <= QUOTED_LIMIT else text[:QUOTED_LIMIT] + "…"
