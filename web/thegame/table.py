"""The Game at the table: its four piles, the teammates' requests, moves as a card on a pile, and the tutor's
suggested turn (:mod:`solver.thegame.hint`).

>>> from flask import Flask
>>> from web.language import page_translations, choose_language
>>> with Flask(__name__).test_request_context("/?lang=it"):
...     _ = choose_language()
...     action_words("37>asc1", "it")
'37 sul primo mucchietto crescente'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from markupsafe import Markup
from werkzeug.datastructures import MultiDict

from solver.errors import NambarzError
from solver.thegame import hint as thegame_hint
from solver.thegame.bots import player_view
from solver.thegame.referee import Position
from solver.thegame.rules import PILES, Pile
from solver.thegame.state import parse_placement
from tutor import thegame as thegame_words
from tutor.cards import thegame_card
from web.cards import DrawnCard
from web.entry import Labels, TableLook, paragraphs
from web.language import current_language, page_translations
from web.refusals import N_
from web.story import PlayedTurn, cards_drawn, counted, sentence, words

REQUEST_LABELS = {
    # TRANSLATORS: pile is a pile of The Game without its article, such as "first rising pile".
    "please-dont": N_("please don't play on the %(pile)s"),
    # TRANSLATORS: pile is a pile of The Game without its article, such as "first rising pile".
    "really-need": N_("I really need the %(pile)s"),
}
"""What a teammate says about a pile."""

ENDINGS = {
    "all-cards-laid": N_("Every card is laid: the team wins!"),
    "minimum-out-of-reach": N_("The player to move could not lay the cards the turn needs: the game is over."),
    "stuck-below-minimum": N_("A player got stuck before laying the cards the turn needs: the game is over."),
    "fire-uncovered": N_("A fire card was not covered in time: the game is over."),
}
"""Why a game ended."""

WORDS = {"end": N_("End the turn")}
"""The moves that are a word."""

DONE_WORDS = {"end": N_("ended the turn")}
"""The moves that are a word, as the story and the log tell them once made."""

LABELS = Labels(
    variants={
        "standard": N_("Standard"),
        "pro": N_("Pro"),
        "standard-on-fire": N_("Standard, On Fire"),
        "pro-on-fire": N_("Pro, On Fire"),
    },
    bots={
        "strong": N_("Bot: strong"),
        "silent": N_("Bot: strong, but says nothing about the piles"),
        "naive": N_("Bot: lays the minimum, counts nothing"),
    },
)
"""The start form's words for The Game."""


def pile_label(pile: str) -> str:
    """A pile where a sentence names it (without its article), in the page's language: "first rising pile"."""
    return thegame_words.pile_words(Pile(pile), current_language())


def pile_name(pile: str) -> str:
    """A pile, as its name on the table, in the page's language: "First rising pile"."""
    label = pile_label(pile)
    return label[:1].upper() + label[1:]


def action_words(action: str, lang: str) -> str:
    """A card laid on a pile (``37>asc1``) in words, capitalised as a move on its own; any other move as written."""
    try:
        card, pile = parse_placement(action)
    except NambarzError:
        return action
    said = thegame_words.placement_words(card, Pile(pile), lang)
    return said[:1].upper() + said[1:]


START_UP = 1
START_DOWN = 100
"""The start cards of the ascending and of the descending piles."""


def drawn_card(number: int) -> DrawnCard:
    """A card of The Game, drawn; the piles' start cards (1 and 100) drawn as such.

    >>> drawn_card(37).label, ["start" in drawn_card(number).drawing(pictures="") for number in (1, 100, 99)]
    ('37', [True, True, False])
    """
    start = {START_UP: "up", START_DOWN: "down"}.get(number)
    return DrawnCard(str(number), partial(thegame_card, number, str(number), start=start), str(number))


def drawn_hand(hand: Sequence[int | str]) -> list[DrawnCard]:
    """The hand, drawn, from the lowest card to the highest (a view writes each card as its number).

    >>> [card.label for card in drawn_hand(["9", "37", "12"])]
    ['9', '12', '37']
    """
    return [drawn_card(card) for card in sorted(int(card) for card in hand)]


def read_move(form: MultiDict[str, str]) -> str:
    """The table's form sends the ``card`` chosen and the ``pile`` tapped."""
    if form.get("pile") and form.get("card"):
        return f"{form['card']}>{form['pile']}"
    return ""


def table_context(view: Mapping[str, Any], names: Sequence[str], lang: str) -> dict[str, Any]:
    """The piles (their tops, the fire cards due), what the teammates ask, how the game ended."""
    table = view["table"]
    t = page_translations()
    piles = [
        {
            "pile": pile.value,
            "top": table["piles"][pile.value],
            "card": drawn_card(table["piles"][pile.value]),
            "name": pile_name(pile.value),
            "label": pile_label(pile.value),
            "ascending": pile.value.startswith("asc"),
            "due": pile.value in table.get("must_cover", []),
            "fire": pile.value in (table.get("fire") or {}),
        }
        for pile in PILES
    ]
    requests = [
        {
            "name": names[asked["seat"]],
            "asks": [
                t.gettext(REQUEST_LABELS[word]) % {"pile": pile_label(pile)}
                for pile, word in asked["piles"].items()
                if word in REQUEST_LABELS
            ],
        }
        for asked in table.get("requests", [])
    ]
    ending = table.get("ending")
    return {
        "piles": piles,
        "requests": [asked for asked in requests if asked["asks"]],
        "ending": t.gettext(ENDINGS[ending]) if ending in ENDINGS else None,
        "can_end": "end" in view["legal_actions"],
        "hand_cards": drawn_hand(view["hand"]),
    }


def hint(state: Any, seat: int, level: int, lang: str) -> list[str] | None:
    """A whole turn suggested, before its first card is laid, from what the seat sees."""
    if state.played_this_turn:
        return None
    seen = player_view(state)
    due = tuple(pile for pile in PILES if pile in seen.must_cover)
    position = Position(seen.tops, seen.hand, seen.draw_pile, state.game.variant, state.game.on_fire, due)
    suggestion = thegame_hint.hint(position, played=seen.played, requests=seen.requests, alone=seen.alone)
    return paragraphs(thegame_words.explain_hint(suggestion, lang))


def review_facts(details: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A reviewed turn's hand and the piles' tops, each pile by its name."""
    return {
        "hand": drawn_hand(details.get("hand", [])),
        "top": None,
        "tops": [(pile_name(pile), drawn_card(top).art) for pile, top in details.get("tops", {}).items()],
        "draw_visible": details.get("draw_visible"),
    }


def story(turn: PlayedTurn, lang: str) -> Markup | None:
    """A turn of The Game in one sentence: each card laid on its pile, and how many cards were drawn after.

    >>> from api.app import create_app
    >>> from web.language import choose_language
    >>> from web.story import PlayedAction
    >>> six = {"hand_sizes": [6]}
    >>> played = [PlayedAction(action, {}, six, six) for action in ("34>asc1", "90>desc1", "end")]
    >>> with create_app({"TESTING": True}).test_request_context("/?lang=en"):
    ...     _ = choose_language()
    ...     told = story(PlayedTurn(0, "Papa", tuple(played)), "en")
    >>> told.count("<svg"), "first rising pile" in told, "drew 2 cards" in told
    (2, True, True)
    """
    clauses = []
    laid = 0
    runs: list[tuple[str, list[int]]] = []  # the cards laid in a row on one pile, pile by pile
    for action in turn.actions:
        try:
            card, pile = parse_placement(action.action)
        except NambarzError:
            if action.action in DONE_WORDS and not laid:
                clauses.append(words(DONE_WORDS[action.action]))
            continue
        laid += 1
        if runs and runs[-1][0] == pile:
            runs[-1][1].append(card)
        else:
            runs.append((pile, [card]))
    for pile, cards in runs:
        said = thegame_words.pile_words(Pile(pile), lang)
        drawn_cards = cards_drawn([drawn_card(card).art for card in cards])
        clauses.append(words(N_("laid %(cards)s on the %(pile)s"), cards=drawn_cards, pile=said))
    drawn = turn.cards_after - (turn.cards_before - laid)
    if drawn > 0:
        clauses.append(counted(page_translations().ngettext("drew %(num)d card", "drew %(num)d cards", drawn), drawn))
    return sentence(turn.name, clauses) if clauses else None


def review_moves(actions: Sequence[str], details: Mapping[str, Any], lang: str) -> list[list[Any]]:
    """A reviewed turn's cards drawn, each with the pile it went on in words; the turn's end left out.

    >>> from flask import Flask
    >>> from web.language import choose_language
    >>> with Flask(__name__).test_request_context("/?lang=en"):
    ...     _ = choose_language()
    ...     moves = review_moves(["37>asc1", "end"], {}, "en")
    >>> [[getattr(part, "label", part) for part in move] for move in moves]
    [['37', 'on the first rising pile']]
    """
    t = page_translations()
    moves: list[list[Any]] = []
    for action in actions:
        try:
            card, pile = parse_placement(action)
        except NambarzError:
            if action not in WORDS:
                moves.append([action_words(action, lang)])
            continue
        # TRANSLATORS: where a card drawn beside these words went: "on the first rising pile".
        moves.append([drawn_card(card), t.gettext("on the %(pile)s") % {"pile": pile_label(pile)}])
    return moves


TABLE = TableLook(
    template="play/_thegame.html",
    context=table_context,
    words=WORDS,
    done_words=DONE_WORDS,
    story=story,
    action_words=action_words,
    read_move=read_move,
    move_example="37>asc1",
    hint_levels=(1,),
    hint=hint,
    review_facts=review_facts,
    review_moves=review_moves,
)
"""How a table of The Game looks."""
