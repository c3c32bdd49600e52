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
from solver.thegame.state import Action, parse_placement
from tutor import thegame as thegame_words
from tutor.cards import thegame_card
from web.cards import DrawnCard
from web.entry import Labels, TableLook, paragraphs, translated
from web.language import current_language, page_translations
from web.refusals import N_
from web.story import PlayedTurn, cards_drawn, counted, sentence, words

TEAMMATE_WISHES = {
    # TRANSLATORS: beside a pile: what a player (their name) asked the others about this pile.
    "dont": N_("%(name)s asks: please don't play here"),
    # TRANSLATORS: beside a pile: what a player (their name) told the others about this pile.
    "good": N_("%(name)s says: I can play well here"),
}
"""What a teammate asks about a pile, shown beside it."""

YOUR_WISHES = {
    "dont": N_("You ask: please don't play here"),
    "good": N_("You say: I can play well here"),
}
"""What this seat asks about a pile, shown beside it."""

WISH_BUTTONS = {
    "dont": N_("Please don't play here"),
    "good": N_("I can play well here"),
    "none": N_("No wish"),
}
"""The buttons that make or take back a request about a pile, on the seat's turn."""

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
        "silent": N_("Bot: strong, asks nothing"),
        "naive": N_("Bot: easy"),
    },
    offered_bots=("naive", "strong"),
    bot_descriptions={
        "naive": N_(
            "Lays only the cards it must, each where it leaves the smallest gap, and keeps off the piles others ask "
            "it to spare: a gentle teammate for a first game."
        ),
        "strong": N_(
            "Plans each turn, counts the cards already laid, turns piles back ten, says which piles it can play well "
            "and respects what the others ask: a teammate for beating the game."
        ),
        "silent": N_("Plays like the strong bot and respects what the others ask, but asks nothing itself."),
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
    """A card laid on a pile (``37>asc1``) or a request (``ask dont asc1``) in words, capitalised as a move on its
    own; any other move as written.

    >>> action_words("ask good desc1", "en"), action_words("ask", "en")
    ('I can play well on the first falling pile', 'ask')
    """
    try:
        asked = Action.parse(action)
    except NambarzError:
        return action
    if asked.wish is not None and asked.pile is not None:
        return thegame_words.request_words(asked.wish, asked.pile, lang)
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
    """The piles (their tops, the fire cards due, what each player asks about them and, on the seat's turn, the
    buttons that make or take back its requests), how the game ended."""
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
    asking = view["your_turn"] and bool(view["hand"])
    for pile in piles:
        pile.update(_wishes(str(pile["pile"]), table, names, asking=asking))
    ending = table.get("ending")
    return {
        "piles": piles,
        "ending": t.gettext(ENDINGS[ending]) if ending in ENDINGS else None,
        "can_end": "end" in view["legal_actions"],
        "hand_cards": drawn_hand(view["hand"]),
    }


def _wishes(pile: str, table: Mapping[str, Any], names: Sequence[str], *, asking: bool) -> dict[str, Any]:
    """What the players ask about ``pile``, in words with their names, and, when the seat may ask (``asking``), the
    buttons for the wishes it has not made about the pile."""
    wishes = []
    for asked in table.get("requests", []):
        word = asked["piles"].get(pile)
        if word in TEAMMATE_WISHES:
            wishes.append(translated(TEAMMATE_WISHES, word) % {"name": names[asked["seat"]]})
    yours = table.get("your_requests", {}).get(pile, "none")
    if yours in YOUR_WISHES:
        wishes.append(translated(YOUR_WISHES, yours))
    buttons = [
        {"action": f"ask {wish} {pile}", "label": translated(WISH_BUTTONS, wish)}
        for wish in WISH_BUTTONS
        if wish != yours
    ]
    return {"wishes": wishes, "wish_buttons": buttons if asking else []}


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
            else:
                clauses += _request_said(action.action, lang)
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


def _request_said(action: str, lang: str) -> list[Markup]:
    """A request about a pile, as the story tells it ("said: please don't play on the first rising pile"); nothing
    for any other move."""
    try:
        asked = Action.parse(action)
    except NambarzError:
        return []
    if asked.wish is None or asked.pile is None:
        return []
    said = thegame_words.request_words(asked.wish, asked.pile, lang)
    # TRANSLATORS: what a player said aloud about a pile, in the story of a turn: "said: I can play well on …".
    return [words(N_("said: %(request)s"), request=said)]


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
