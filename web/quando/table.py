"""Quando at the table: the fronts in hand, the discards, who knocked, moves in the tutor's words, and the
tutor's suggested play and draw (:mod:`solver.quando.hint`).

>>> from flask import Flask
>>> from web.language import page_translations, choose_language
>>> with Flask(__name__).test_request_context("/?lang=en"):
...     _ = choose_language()
...     read_move(MultiDict([("front", "3"), ("front", "4"), ("lay", "1")]))
'play 3 4'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from markupsafe import Markup
from werkzeug.datastructures import MultiDict

from solver.errors import NambarzError
from solver.quando.hint import seat_hint
from solver.quando.rules import KNOCK_AFTER_PLAYS, TurnKind, classify
from solver.quando.scoring import KNOCK_PENALTY
from solver.quando.state import Action, ActionKind, Side
from tutor import quando as words
from tutor.cards import quando_card
from web.cards import DrawnCard
from web.entry import Labels, OptionLook, TableLook, paragraphs, winners
from web.language import page_translations
from web.refusals import N_
from web.story import PlayedTurn, cards_drawn, counted, sentence
from web.story import words as story_words

WORDS = {
    "pass": N_("Pass"),
    "knock": N_("Knock"),
    "take visible": N_("Take the visible side"),
    "take hidden": N_("Take the hidden side"),
}
"""The moves that are a word; a flip (``flip 2``) is listed with them."""

DONE_WORDS = {
    "pass": N_("passed"),
    "knock": N_("knocked"),
    "take visible": N_("took the visible side"),
    "take hidden": N_("took the hidden side"),
}
"""The moves that are a word, as the story and the log tell them once made."""

LABELS = Labels(
    variants={"standard": N_("Standard")},
    bots={"easy": N_("Bot: easy"), "strong": N_("Bot: strong"), "random": N_("Bot: plays at random")},
    offered_bots=("easy", "strong"),
    bot_descriptions={
        "easy": N_(
            "Plays the biggest group it sees, takes the visible side unless its number is high, "
            "and knocks only with a very low sum: a good partner for learning."
        ),
        "strong": N_(
            "Weighs every play with both sides it could draw, guesses what the hidden side may be, "
            "and knocks when its sum is low enough: a match for strong players."
        ),
    },
    options={
        "target": OptionLook(
            N_("Total that ends the game"),
            N_("The game ends once someone's total reaches it; the lowest total wins."),
        )
    },
)
"""The start form's words for Quando."""


def action_words(action: str, lang: str) -> str:
    """A play or a flip in the tutor's words, capitalised as a move on its own."""
    try:
        said = words.action_words(Action.parse(action), lang)
    except NambarzError:
        return action
    return said[:1].upper() + said[1:]


def drawn_side(number: int) -> DrawnCard:
    """A card's side facing up, drawn: the number that counts where the card lies.

    >>> drawn_side(7).label, "quando side" in drawn_side(7).drawing(pictures="")
    ('7', True)
    """
    return DrawnCard(str(number), partial(quando_card, number, str(number)), str(number))


def hidden_side() -> DrawnCard:
    """The side of the draw pile's top card that nobody sees, drawn as a card back, named in the page's language."""
    # TRANSLATORS: the draw pile's top card seen from below, drawn as a card back; what a screen reader says of it.
    name = page_translations().gettext("the hidden side")
    return DrawnCard(name, partial(quando_card, None, name))


KNOCK_NOTE = N_("Everyone else plays one more turn, then the round is scored.")
"""The reminder on the knock's button."""

TRIPLE_NOTE = N_("A triple: each other player then flips a zero or draws a card.")
"""The reminder on a triple's button."""


def move_note(action: str) -> str | None:
    """The reminder on the button of a knock or a triple: what it does to the others.

    >>> move_note("knock"), move_note("play 7 7 7") == TRIPLE_NOTE, move_note("play 7 7")
    ('Everyone else plays one more turn, then the round is scored.', True, None)
    """
    try:
        move = Action.parse(action)
    except NambarzError:
        return None
    if move.kind is ActionKind.KNOCK:
        return KNOCK_NOTE
    is_triple = move.kind is ActionKind.PLAY and classify(move.numbers) is TurnKind.TRIPLE
    return TRIPLE_NOTE if is_triple else None


def move_cards(action: str) -> list[DrawnCard]:
    """The cards a play lays, drawn: the numbers played, from the lowest.

    >>> [card.label for card in move_cards("play 5 3 4")], move_cards("knock")
    (['3', '4', '5'], [])
    """
    try:
        move = Action.parse(action)
    except NambarzError:
        return []
    return [drawn_side(number) for number in sorted(move.numbers)] if move.kind is ActionKind.PLAY else []


def knock_explained(view: Mapping[str, Any]) -> str | None:
    """How the table explains knocking to the seat: ``new`` on the first turn of a round the seat may knock in (the
    explanation shown open), ``known`` after that turn (a "What does knocking do?" to open), ``None`` before.

    >>> view = {"seat": 0, "legal_actions": ["play 3 4 5", "knock"], "table": {"plays_made": [2, 1], "knocker": None}}
    >>> knock_explained(view), knock_explained({**view, "legal_actions": []})
    ('new', None)
    >>> knock_explained({**view, "table": {"plays_made": [3, 1], "knocker": None}})
    'known'
    """
    table, seat = view["table"], view["seat"]
    plays = table.get("plays_made", [])[seat]
    if "knock" in view["legal_actions"] and plays == KNOCK_AFTER_PLAYS:
        return "new"
    return "known" if plays > KNOCK_AFTER_PLAYS or table.get("knocker") == seat else None


def read_move(form: MultiDict[str, str]) -> str:
    """The table's form sends the ``front`` of each card chosen, and ``lay``."""
    if "lay" in form and form.getlist("front"):
        return "play " + " ".join(form.getlist("front"))
    return ""


def table_context(view: Mapping[str, Any], names: Sequence[str], lang: str) -> dict[str, Any]:
    """The fronts in hand (drawn, from the lowest), the draw pile's sides and the latest discards (drawn), who knocked
    or acts, the plays made, the winners."""
    table = view["table"]
    legal = view["legal_actions"]
    visible = table.get("draw_visible")
    return {
        "fronts": [drawn_side(front) for front in sorted(view["hand"])],
        "draw_sides": [] if visible is None else [drawn_side(visible), hidden_side()],
        "discards": [drawn_side(number) for number in table.get("discard_pile", [])[-6:]],
        "knocker": None if table.get("knocker") is None else names[table["knocker"]],
        "acting": None if table.get("acting") is None else names[table["acting"]],
        "plays_made": table.get("plays_made", [0] * len(names))[view["seat"]],
        "can_lay": any(action.startswith("play ") for action in legal),
        "knock_explained": knock_explained(view),
        "knock_penalty": KNOCK_PENALTY,
        "winners": winners(view, names),
    }


def hint(state: Any, seat: int, level: int, lang: str) -> list[str] | None:
    """The play and the draw suggested, at the opening of a turn."""
    advice = seat_hint(state, seat) if state.step.value == "turn" else None
    return None if advice is None else paragraphs(words.explain_hint(advice, lang))[:1]


def review_facts(details: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A reviewed turn's fronts in hand, drawn from the lowest, and the number the draw pile showed."""
    return {
        "hand": [drawn_side(front) for front in sorted(details.get("hand", []))],
        "top": None,
        "tops": [],
        "draw_visible": details.get("draw_visible"),
    }


def story(turn: PlayedTurn, lang: str) -> Markup | None:
    """A Quando turn in one sentence: the cards played and how (in a row, three of a kind, equal numbers), the side
    taken (the visible one named, since everyone saw it), a flip, a knock.

    >>> from api.app import create_app
    >>> from web.language import choose_language
    >>> from web.story import PlayedAction
    >>> view = {"hand_sizes": [5], "table": {"draw_visible": 9}}
    >>> played = [PlayedAction("play 3 4 5", {"kind": "straight"}, view, view)]
    >>> played.append(PlayedAction("take hidden", {}, view, view))
    >>> with create_app({"TESTING": True}).test_request_context("/?lang=en"):
    ...     _ = choose_language()
    ...     told = story(PlayedTurn(0, "Bot 1", tuple(played)), "en")
    >>> "Bot 1 played 3 in a row: " in told, told.count("<svg"), told.endswith("and took the hidden side.")
    (True, 3, True)
    """
    clauses = []
    for action in turn.actions:
        text = action.action
        if text.startswith("play "):
            numbers = [int(number) for number in text.split()[1:]]
            cards = cards_drawn([drawn_side(number).art for number in numbers])
            kind = action.verdict.get("kind")
            if kind == "straight":
                clauses.append(
                    counted(
                        page_translations().ngettext(
                            "played %(num)d in a row: %(cards)s", "played %(num)d in a row: %(cards)s", len(numbers)
                        ),
                        len(numbers),
                        cards=cards,
                    )
                )
            elif kind == "triple":
                clauses.append(story_words(N_("played three of a kind: %(cards)s"), cards=cards))
            else:
                clauses.append(story_words(N_("played %(cards)s"), cards=cards))
        elif text == "take visible" and action.before["table"].get("draw_visible") is not None:
            card = cards_drawn([drawn_side(int(action.before["table"]["draw_visible"])).art])
            clauses.append(story_words(N_("took the visible %(card)s"), card=card))
        elif text in DONE_WORDS:
            clauses.append(story_words(DONE_WORDS[text]))
        else:
            label = action_words(text, lang)
            clauses.append(Markup.escape(label[:1].lower() + label[1:]))
    return sentence(turn.name, clauses) if clauses else None


def review_moves(actions: Sequence[str], details: Mapping[str, Any], lang: str) -> list[list[Any]]:
    """A reviewed turn drawn: the cards laid and the play in words, then the side taken with the card it gave (the
    number on show, or a card back for the hidden side); a knock in words.

    >>> from flask import Flask
    >>> from web.language import choose_language
    >>> with Flask(__name__).test_request_context("/?lang=en"):
    ...     _ = choose_language()
    ...     moves = review_moves(["play 10 10", "take visible"], {"draw_visible": 3}, "en")
    >>> [[getattr(part, "label", part) for part in move] for move in moves]
    [['10', '10', 'A pair of 10s'], ['Take the visible side', '3']]
    """
    t = page_translations()
    moves: list[list[Any]] = []
    for text in actions:
        try:
            action = Action.parse(text)
        except NambarzError:
            moves.append([text])
            continue
        if action.kind is ActionKind.PLAY:
            moves.append([*(drawn_side(number) for number in sorted(action.numbers)), action_words(text, lang)])
        elif action.side is Side.VISIBLE and details.get("draw_visible") is not None:
            moves.append([t.gettext(WORDS[text]), drawn_side(int(details["draw_visible"]))])
        elif action.side is Side.HIDDEN:
            moves.append([t.gettext(WORDS[text]), hidden_side()])
        else:
            moves.append([t.gettext(WORDS[text]) if text in WORDS else action_words(text, lang)])
    return moves


TABLE = TableLook(
    template="play/_quando.html",
    context=table_context,
    words=WORDS,
    done_words=DONE_WORDS,
    story=story,
    word_prefixes=("flip ",),
    action_words=action_words,
    move_cards=move_cards,
    move_note=move_note,
    read_move=read_move,
    move_example="play 3 4 5",
    scores=lambda view: view["table"].get("totals"),
    score_heading=N_("Total (lowest wins)"),
    hint_levels=(1,),
    hint=hint,
    review_facts=review_facts,
    review_moves=review_moves,
)
"""How a Quando table looks."""
