"""Nmbrs! at the table: the grid of sequences, the hand's faces with their colours and points, and moves in words.

Its tutor gives no hint.

>>> from flask import Flask
>>> from web.language import page_translations, choose_language
>>> with Flask(__name__).test_request_context("/?lang=en"):
...     _ = choose_language()
...     action_words("discard 17", "en")
'Discard 17'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from markupsafe import Markup

from solver.errors import NambarzError
from solver.nmbrs.cards import Card
from solver.nmbrs.state import Action, ActionKind
from tutor import nmbrs as nmbrs_words
from tutor.cards import nmbrs_card
from web.cards import DrawnCard
from web.entry import Labels, TableLook, translated, winners
from web.language import page_translations
from web.refusals import N_
from web.story import PlayedTurn, cards_drawn, counted, sentence, words

WORDS = {
    "draw": N_("Draw a hidden card"),
    "take": N_("Take the top discard"),
    "decline": N_("Leave the top discard"),
    "claim": N_("Claim the discard"),
    "pass": N_("Pass"),
    "end": N_("End the turn"),
}
"""The moves that are a word; a discard (``discard 17``) is listed with them."""

DONE_WORDS = {
    "draw": N_("drew a hidden card"),
    "take": N_("took the top discard"),
    "decline": N_("left the top discard"),
    "claim": N_("claimed the discard"),
    "pass": N_("passed"),
    "end": N_("ended the turn"),
}
"""The moves that are a word, as the story and the log tell them once made."""

COLOUR_NAMES = {"red": N_("red"), "green": N_("green"), "blue": N_("blue"), "orange": N_("orange")}
"""The colours of the cards, said to those who cannot see the colour shown."""

LABELS = Labels(
    variants={"basic": N_("Basic"), "advanced": N_("Advanced"), "simplified": N_("Simplified")},
    bots={"easy": N_("Bot: easy"), "greedy": N_("Bot: strong"), "random": N_("Bot: plays at random")},
    offered_bots=("easy", "greedy"),
    bot_descriptions={
        "easy": N_("Lays the first sequence it finds and throws away its highest card: a good partner for learning."),
        "greedy": N_(
            "Lays the play worth most points, takes the discard when it pays, and keeps the cards that can "
            "still make a sequence: a match for strong players."
        ),
    },
)
"""The start form's words for Nmbrs!."""


def action_words(action: str, lang: str) -> str:
    """A discard or a play (``lay``, ``insert``, ``swap``) in the tutor's words, capitalised as a move on its own;
    a play says how its cards lie, since the reader (of the log, of a review) may not see the grid it was made on."""
    return _said(action, lang, None)


def move_words(action: str, lang: str, view: Mapping[str, Any]) -> str:
    """A legal move in the tutor's words, a play's places counted as the grid of ``view``'s table numbers them."""
    bounds = view["table"].get("bounds")
    return _said(action, lang, None if bounds is None else (bounds["rows"][0], bounds["columns"][0]))


def _said(action: str, lang: str, origin: tuple[int, int] | None) -> str:
    try:
        said = nmbrs_words.action_words(Action.parse(action), lang, origin)
    except NambarzError:
        return action
    return said[:1].upper() + said[1:]


def drawn_card(card: str, face: Mapping[str, Any] | None, stands_for: int | None = None) -> DrawnCard:
    """A card as the view writes it (``"17"``, ``"J"``), drawn in its colour with its points (its ``face``), named
    in the page's language: its number, colour and points; a joker by its name and the number it ``stands_for``.
    Without a face (a review, a check), the card is drawn in black without points.

    >>> from flask import Flask
    >>> from web.language import choose_language
    >>> with Flask(__name__).test_request_context("/?lang=it"):
    ...     _ = choose_language()
    ...     drawn_card("17", {"colour": "red", "points": 2}).label, drawn_card("J", {}, 60).label
    ('17, rosso, 2 punti', 'Jolly = 60')
    """
    t = page_translations()
    if Card.parse(card).is_joker:
        name = t.gettext("Joker") if stands_for is None else f"{t.gettext('Joker')} = {stands_for}"
        return DrawnCard(name, partial(nmbrs_card, None, name, stands_for=stands_for), card)
    colour, points = (face or {}).get("colour"), (face or {}).get("points", 0)
    words = [card]
    if colour:
        words.append(translated(COLOUR_NAMES, colour))
    if points:
        words.append(t.ngettext("%(num)d point", "%(num)d points", points) % {"num": points})
    name = ", ".join(words)
    return DrawnCard(name, partial(nmbrs_card, int(card), name, colour=colour, points=points), card)


def table_context(view: Mapping[str, Any], names: Sequence[str], lang: str) -> dict[str, Any]:
    """The grid of the sequences laid, the hand (from the lowest number, the jokers last) and the top discard, all
    drawn; who claims the discard, the winners."""
    table = view["table"]
    bounds = table.get("bounds")
    cells = {
        (card["row"], card["column"]): drawn_card(
            card["card"], table.get("faces", {}).get(card["card"]), card.get("value")
        )
        for card in table.get("sequences", [])
    }
    rows: list[dict[str, Any]] = []
    columns: list[int] = []
    if bounds is not None:
        columns = list(range(bounds["columns"][0], bounds["columns"][1] + 1))
        rows = [
            {"row": row - bounds["rows"][0] + 1, "cells": [cells.get((row, column)) for column in columns]}
            for row in range(bounds["rows"][0], bounds["rows"][1] + 1)
        ]
    faces = table.get("faces", {})
    discard = table.get("discard_top")
    return {
        "grid_rows": rows,
        "grid_columns": [column - bounds["columns"][0] + 1 for column in columns] if bounds is not None else [],
        "hand_faces": [
            drawn_card(str(card), faces.get(str(card)))
            for card in sorted((Card.parse(card) for card in view["hand"]), key=Card.sort_key)
        ],
        "claimant": None if table.get("claimant") is None else names[table["claimant"]],
        "discard_card": None if discard is None else drawn_card(discard, faces.get(discard)),
        "winners": winners(view, names),
    }


def review_facts(details: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A reviewed turn's hand, drawn from the lowest in the colours and with the points the review kept (a review kept
    before it kept them draws the cards in black)."""
    hand = sorted((Card.parse(str(card)) for card in details.get("hand", [])), key=Card.sort_key)
    faces = details.get("faces", {})
    return {
        "hand": [drawn_card(str(card), faces.get(str(card))) for card in hand],
        "top": None,
        "tops": [],
        "draw_visible": None,
    }


def review_moves(actions: Sequence[str], details: Mapping[str, Any], lang: str) -> list[list[Any]]:
    """A reviewed turn drawn: each play's cards (a joker with the number it stands for) and the play in words, the
    card discarded drawn; a draw in words.

    >>> from flask import Flask
    >>> from web.language import choose_language
    >>> with Flask(__name__).test_request_context("/?lang=en"):
    ...     _ = choose_language()
    ...     moves = review_moves(["take", "lay 47@0,0 J=60@0,1 73@0,2", "discard 95"], {}, "en")
    >>> [[getattr(part, "label", part) for part in move] for move in moves]
    [['Take the top discard'], ['47', 'Joker = 60', '73', 'Place 47, a joker as 60 and 73 in a row'], ['Discard', '95']]
    """
    t = page_translations()
    faces = details.get("faces", {})
    moves: list[list[Any]] = []
    for text in actions:
        try:
            action = Action.parse(text)
        except NambarzError:
            moves.append([text])
            continue
        if action.play is not None:
            terms = [placement.term for placement in action.play.placements]
            cards = [drawn_card(str(term.card), faces.get(str(term.card)), term.declared) for term in terms]
            moves.append([*cards, action_words(text, lang)])
        elif action.kind is ActionKind.DISCARD and action.card is not None:
            # TRANSLATORS: beside the card drawn that a player discarded.
            moves.append([t.gettext("Discard"), drawn_card(str(action.card), faces.get(str(action.card)))])
        else:
            moves.append([t.gettext(WORDS[text]) if text in WORDS else action_words(text, lang)])
    return moves


def story(turn: PlayedTurn, lang: str) -> Markup | None:
    """An Nmbrs! turn in one sentence: the discard taken (named: everyone saw it), the cards laid and their points,
    the card discarded; a hidden card drawn, never named.

    >>> from api.app import create_app
    >>> from web.language import choose_language
    >>> from web.story import PlayedAction
    >>> view = {"hand_sizes": [5], "table": {"discard_top": "31", "faces": {"31": {"colour": "red", "points": 1}}}}
    >>> score = {"play": {"score": {"cards": ["1", "38", "75"], "score": 6}}}
    >>> played = [PlayedAction("take", {}, view, view), PlayedAction("lay 1@2,0 38@2,1 75@2,2", score, view, view)]
    >>> with create_app({"TESTING": True}).test_request_context("/?lang=en"):
    ...     _ = choose_language()
    ...     told = story(PlayedTurn(0, "Bot 2", tuple(played)), "en")
    >>> "Bot 2 took the discarded " in told, told.count("<svg"), told.endswith("laid 3 cards for 6 points.")
    (True, 1, True)
    """
    clauses = []
    for action in turn.actions:
        text, table = action.action, action.before["table"]
        top = table.get("discard_top")
        score = (action.verdict.get("play") or {}).get("score")
        if text in {"take", "claim"} and top is not None:
            card = cards_drawn([drawn_card(top, table.get("faces", {}).get(top)).art])
            if text == "claim":  # a claim takes a hidden card with the discard
                clauses.append(words(N_("took the discarded %(card)s and a hidden card"), card=card))
            else:
                clauses.append(words(N_("took the discarded %(card)s"), card=card))
        elif text.startswith("discard "):
            discarded = text.split()[1]
            card = cards_drawn([drawn_card(discarded, action.after["table"].get("faces", {}).get(discarded)).art])
            clauses.append(words(N_("discarded %(card)s"), card=card))
        elif score is not None:
            t = page_translations()
            cards, worth = len(score.get("cards", [])), int(score.get("score", 0))
            laid = counted(t.ngettext("%(num)d card", "%(num)d cards", cards), cards)
            points = counted(t.ngettext("%(num)d point", "%(num)d points", worth), worth)
            clauses.append(words(N_("laid %(cards)s for %(points)s"), cards=laid, points=points))
        elif text in DONE_WORDS:
            clauses.append(words(DONE_WORDS[text]))
        else:
            label = action_words(text, lang)
            clauses.append(Markup.escape(label[:1].lower() + label[1:]))
    return sentence(turn.name, clauses) if clauses else None


TABLE = TableLook(
    template="play/_nmbrs.html",
    context=table_context,
    words=WORDS,
    done_words=DONE_WORDS,
    story=story,
    word_prefixes=("discard ",),
    action_words=action_words,
    move_words=move_words,
    move_example="lay 47@0,0 J=60@0,1 73@0,2",
    scores=lambda view: view["table"].get("scores"),
    score_heading=N_("Score"),
    review_facts=review_facts,
    review_moves=review_moves,
)
"""How a table of Nmbrs! looks."""
