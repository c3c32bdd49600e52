"""Nmbrs! at the table: the grid of sequences, the hand's faces with their colours and points, and moves in words.

Its tutor gives no hint.

>>> from flask import Flask
>>> from web.language import choose_language
>>> with Flask(__name__).test_request_context("/?lang=en"):
...     _ = choose_language()
...     action_words("discard 17", "en")
'Discard 17'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from solver.errors import NambarzError
from solver.nmbrs.state import Action
from tutor import nmbrs as nmbrs_words
from web.entry import Labels, TableLook, translated, winners
from web.refusals import N_

WORDS = {
    "draw": N_("Draw a hidden card"),
    "take": N_("Take the top discard"),
    "decline": N_("Leave the top discard"),
    "claim": N_("Claim the discard"),
    "pass": N_("Pass"),
    "end": N_("End the turn"),
}
"""The moves that are a word; a discard (``discard 17``) is listed with them."""

COLOUR_NAMES = {"red": N_("red"), "green": N_("green"), "blue": N_("blue"), "orange": N_("orange")}
"""The colours of the cards, said to those who cannot see the colour shown."""

LABELS = Labels(
    variants={"basic": N_("Basic"), "advanced": N_("Advanced"), "simplified": N_("Simplified")},
    bots={"greedy": N_("Bot: goes for the points"), "random": N_("Bot: plays at random")},
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


def table_context(view: Mapping[str, Any], names: Sequence[str], lang: str) -> dict[str, Any]:
    """The grid of the sequences laid, the hand's faces, who claims the discard, the winners."""
    table = view["table"]
    bounds = table.get("bounds")
    cells = {(card["row"], card["column"]): card for card in table.get("sequences", [])}
    rows: list[dict[str, Any]] = []
    columns: list[int] = []
    if bounds is not None:
        columns = list(range(bounds["columns"][0], bounds["columns"][1] + 1))
        rows = [
            {"row": row - bounds["rows"][0] + 1, "cells": [cells.get((row, column)) for column in columns]}
            for row in range(bounds["rows"][0], bounds["rows"][1] + 1)
        ]
    faces = table.get("faces", {})
    return {
        "grid_rows": rows,
        "grid_columns": [column - bounds["columns"][0] + 1 for column in columns] if bounds is not None else [],
        "hand_faces": [
            {
                "card": card,
                **faces.get(card, {}),
                "colour_name": translated(COLOUR_NAMES, faces.get(card, {}).get("colour", "")),
            }
            for card in view["hand"]
        ],
        "claimant": None if table.get("claimant") is None else names[table["claimant"]],
        "winners": winners(view, names),
    }


TABLE = TableLook(
    template="play/_nmbrs.html",
    context=table_context,
    words=WORDS,
    word_prefixes=("discard ",),
    action_words=action_words,
    move_words=move_words,
    move_example="lay 47@0,0 J=60@0,1 73@0,2",
    scores=lambda view: view["table"].get("scores"),
    score_heading=N_("Score"),
)
"""How a table of Nmbrs! looks."""
