"""Nmbrs! at the table: the grid of sequences, the hand's faces with their colours and points, and moves in words.

A seat lays cards by tapping them in its hand, then their places on the
grid (:func:`table_grid` says which places it is offered, :func:`read_move`
puts the lay together from the form; the page's script ``nmbrs.js`` keeps
the order of the taps).  Its tutor gives no hint.

>>> from flask import Flask
>>> from web.language import page_translations, choose_language
>>> with Flask(__name__).test_request_context("/?lang=en"):
...     _ = choose_language()
...     action_words("discard 17", "en")
'Discard 17'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from markupsafe import Markup
from werkzeug.datastructures import MultiDict

from solver.errors import NambarzError, Worded
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


DISCARD_WORDS = {
    "take": N_("Take the discarded %(card)s"),
    "decline": N_("Leave the discarded %(card)s"),
    "claim": N_("Claim the discarded %(card)s"),
}
"""The moves on the top discard, offered with the card they are about (the log, which shows no card, says
:data:`WORDS`)."""


def move_words(action: str, lang: str, view: Mapping[str, Any]) -> str:
    """A legal move in words on the table of ``view``: a move on the top discard names the card, a play's places
    are counted as the grid numbers them.

    >>> from flask import Flask
    >>> from web.language import choose_language
    >>> view = {"table": {"discard_top": "31", "bounds": {"rows": [0, 0], "columns": [0, 2]}}}
    >>> with Flask(__name__).test_request_context("/?lang=en"):
    ...     _ = choose_language()
    ...     move_words("take", "en", view), move_words("lay 40@0,3", "en", view), move_words("pass", "en", view)
    ('Take the discarded 31', 'Place 40 at row 1, column 4', 'Pass')
    """
    table = view["table"]
    t = page_translations()
    top = table.get("discard_top")
    if action in DISCARD_WORDS and top is not None:
        return t.gettext(DISCARD_WORDS[action]) % {"card": t.gettext("joker") if Card.parse(top).is_joker else top}
    if action in WORDS:
        return translated(WORDS, action)
    bounds = table.get("bounds")
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


@dataclass(frozen=True)
class Spot:
    """One cell of the grid as the table shows it: a card, an empty place a card may go to, or nothing."""

    card: DrawnCard | None = None
    colour: str = ""
    """A number card's colour (``red``, ``green``, ``blue``, ``orange``), for the page's ``data-colour``."""
    cell: str = ""
    """Where it is, ``row,column`` as the moves write it, for the form's fields: only for a place or a joker the
    seat may replace."""
    name: str = ""
    """A place, in words, numbered as the grid numbers its rows and columns from 1."""

    @property
    def is_place(self) -> bool:
        """True for an empty place where a card may go."""
        return self.card is None and bool(self.cell)


@dataclass(frozen=True)
class GridRow:
    """A row of the grid: its number from 1 (``None`` for the ring of places around the cards) and its cells."""

    number: int | None
    spots: tuple[Spot, ...]


@dataclass(frozen=True)
class Grid:
    """The table's cards in their rows and columns, the numbers of the columns (``None`` in the ring), and the
    places a new sequence may go to, below the others."""

    rows: tuple[GridRow, ...] = ()
    columns: tuple[int | None, ...] = ()
    new_places: tuple[Spot, ...] = ()


MIN_NEW_PLACES = 3
"""A new sequence is offered at least this many places (a sequence has at least three cards)."""


def table_grid(view: Mapping[str, Any]) -> Grid:
    """The grid a seat sees: the cards laid, numbered from 1 from the first row and column holding a card, and, when
    the seat may lay cards now, the places they may go to.

    Before its first sequence of the round a seat is offered a row of its own (a new sequence touches no other
    card); after it, also the empty places next to the cards: a ring around them and any gap between them.  A joker
    on the table may then be replaced by its number.

    >>> from solver.nmbrs.state import Action, Game
    >>> from solver.nmbrs.view import seat_view
    >>> state = Game(players=2, seed=1).new_state()
    >>> _ = state.apply(Action.parse("take"))
    >>> [spot.name for spot in table_grid({**seat_view(state, 0), "your_turn": True}).new_places][:2]
    ['new row, column 1', 'new row, column 2']
    >>> _ = state.apply(Action.parse("lay 47@0,0 J=60@0,1 73@0,2 86@0,3"))
    >>> grid = table_grid({**seat_view(state, 0), "your_turn": True})
    >>> [row.number for row in grid.rows], grid.columns
    ([None, 1, None], (None, 1, 2, 3, 4, None))
    >>> [spot.card.label if spot.card else spot.name for spot in grid.rows[1].spots][:3]
    ['left of column 1, in row 1', '47, blue, 3 points', 'Joker = 60']
    >>> grid.rows[1].spots[2].cell, grid.rows[0].spots[1].name, grid.new_places[0].cell
    ('0,1', 'above row 1, in column 1', '2,0')
    """
    table = view["table"]
    faces = table.get("faces", {})
    laid = {(card["row"], card["column"]): card for card in table.get("sequences", [])}
    may_lay = bool(view.get("your_turn")) and table.get("phase") == "lay" and bool(view["hand"])
    opened = may_lay and bool(table.get("opened", [])[view["seat"]])
    bounds = table.get("bounds")
    if bounds is None:
        return Grid(new_places=_new_row(0, 0, len(view["hand"])) if may_lay else ())
    (top, bottom), (left, right) = bounds["rows"], bounds["columns"]
    ring = 1 if opened else 0
    size = (bottom - top + 1, right - left + 1)

    def spot(row: int, column: int) -> Spot:
        card = laid.get((row, column))
        if card is not None:
            face = faces.get(card["card"], {})
            replaceable = opened and Card.parse(card["card"]).is_joker
            drawn = drawn_card(card["card"], face, card.get("value"))
            return Spot(drawn, face.get("colour", ""), f"{row},{column}" if replaceable else "")
        if opened and any(cell in laid for cell in _neighbours(row, column)):
            return _place(row, column, _place_name(row - top + 1, column - left + 1, size))
        return Spot()

    column_range = range(left - ring, right + ring + 1)
    rows = tuple(
        GridRow(_numbered(row, top, bottom), tuple(spot(row, column) for column in column_range))
        for row in range(top - ring, bottom + ring + 1)
    )
    columns = tuple(_numbered(column, left, right) for column in column_range)
    return Grid(rows, columns, _new_row(bottom + 2, left, len(view["hand"])) if may_lay else ())


def _numbered(value: int, first: int, last: int) -> int | None:
    """A row or column as the grid numbers it, from 1 at ``first``; ``None`` beyond ``first`` to ``last``."""
    return value - first + 1 if first <= value <= last else None


def _neighbours(row: int, column: int) -> tuple[tuple[int, int], ...]:
    return ((row - 1, column), (row, column - 1), (row, column + 1), (row + 1, column))


def _new_row(row: int, first_column: int, hand_size: int) -> tuple[Spot, ...]:
    """The places of a new sequence: a row from the grid's first column, as long as the hand (3 at least)."""
    return tuple(
        _place(row, first_column + index, _new_place_name(index + 1)) for index in range(max(MIN_NEW_PLACES, hand_size))
    )


def _place(row: int, column: int, name: str) -> Spot:
    return Spot(cell=f"{row},{column}", name=name)


def _place_name(row: int, column: int, size: tuple[int, int]) -> str:
    """A place in words, its row and column counted from 1 as the grid numbers them; a place of the ring around the
    cards by the row or column it is next to (the cards spread over ``size``, rows and columns)."""
    t = page_translations()
    rows, columns = size
    if row < 1:
        # TRANSLATORS: an empty place of the Nmbrs! table where a card may go, above the first row of cards.
        return t.gettext("above row 1, in column %(column)d") % {"column": column}
    if row > rows:
        # TRANSLATORS: an empty place of the Nmbrs! table where a card may go, below the last row of cards.
        return t.gettext("below row %(row)d, in column %(column)d") % {"row": rows, "column": column}
    if column < 1:
        # TRANSLATORS: an empty place of the Nmbrs! table where a card may go, left of the first column of cards.
        return t.gettext("left of column 1, in row %(row)d") % {"row": row}
    if column > columns:
        # TRANSLATORS: an empty place of the Nmbrs! table where a card may go, right of the last column of cards.
        return t.gettext("right of column %(column)d, in row %(row)d") % {"row": row, "column": columns}
    # TRANSLATORS: an empty place of the Nmbrs! table where a card may go, among the cards.
    return t.gettext("row %(row)d, column %(column)d") % {"row": row, "column": column}


def _new_place_name(column: int) -> str:
    # TRANSLATORS: a place of a new Nmbrs! sequence, laid in a row of its own below the others (its columns are the
    # grid's, counted from 1).
    return page_translations().gettext("new row, column %(column)d") % {"column": column}


def table_context(view: Mapping[str, Any], names: Sequence[str], lang: str) -> dict[str, Any]:
    """The grid of the sequences laid and the places where cards may go, the hand (from the lowest number, the
    jokers last) and the top discard, all drawn; whether the seat may lay cards now, who claims the discard, the
    winners."""
    table = view["table"]
    faces = table.get("faces", {})
    discard = table.get("discard_top")
    grid = table_grid(view)
    return {
        "grid": grid,
        "may_lay": bool(grid.new_places),
        "opened": bool(table.get("opened", [])[view["seat"]]),
        "hand_faces": [
            drawn_card(str(card), faces.get(str(card)))
            for card in sorted((Card.parse(card) for card in view["hand"]), key=Card.sort_key)
        ],
        "claimant": None if table.get("claimant") is None else names[table["claimant"]],
        "discard_card": None if discard is None else drawn_card(discard, faces.get(discard)),
        "winners": winners(view, names),
    }


def read_move(form: MultiDict[str, str]) -> str:
    """The lay the table's form puts together when no script wrote it: the ``card`` of the hand chosen first goes
    to the ``place`` chosen first, and so on (cards from the lowest, places in reading order); one card and a
    ``joker`` of the table replace that joker.

    >>> read_move(MultiDict([("card", "40"), ("card", "50"), ("place", "0,3"), ("place", "0,4"), ("lay", "1")]))
    'lay 40@0,3 50@0,4'
    >>> read_move(MultiDict([("card", "20"), ("joker", "0,1"), ("lay", "1")]))
    'swap 20@0,1'
    >>> read_move(MultiDict([("card", "20"), ("lay", "1")]))
    Traceback (most recent call last):
    ...
    web.nmbrs.table.LayChoiceError: the cards and the places chosen do not match: choose one place for each card
    """
    if "lay" not in form:
        return ""
    cards, places, jokers = form.getlist("card"), form.getlist("place"), form.getlist("joker")
    if not cards:
        raise LayChoiceError(Worded(N_("no card was chosen: tap the cards of your hand to lay, then their places")))
    if jokers:
        if len(cards) != 1 or len(jokers) != 1 or places:
            raise LayChoiceError(
                Worded(N_("a joker is replaced on its own: choose one card of your hand and the joker, and no place"))
            )
        return f"swap {cards[0]}@{jokers[0]}"
    if len(cards) != len(places):
        raise LayChoiceError(Worded(N_("the cards and the places chosen do not match: choose one place for each card")))
    return "lay " + " ".join(f"{card}@{place}" for card, place in zip(cards, places, strict=True))


class LayChoiceError(NambarzError):
    """Cards and places chosen on the table's form that make no play: a place missing, say."""


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
    read_move=read_move,
    move_example="lay 47@0,0 J=60@0,1 73@0,2",
    scores=lambda view: view["table"].get("scores"),
    score_heading=N_("Score"),
    review_facts=review_facts,
    review_moves=review_moves,
)
"""How a table of Nmbrs! looks."""
