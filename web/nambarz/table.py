"""Nambarz at the table: the top card and the hand as cards in the page's language, moves as cards and signs,
and the tutor's three levels of hint (:mod:`solver.nambarz.hint`).

>>> from flask import Flask
>>> from web.language import page_translations, choose_language
>>> with Flask(__name__).test_request_context("/?lang=it"):
...     _ = choose_language()
...     action_words("7owl - 2fish", "it")
'7 gufo − 2 pesce'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup

from services.configuration import search_time_limit
from solver.errors import NambarzError
from solver.nambarz.cards import Card
from solver.nambarz.hint import HINT_LEVELS, hint
from solver.nambarz.notation import Chain, JokerPlay, parse_play
from solver.nambarz.rules import Operator
from solver.nambarz.state import Phase
from tutor.cards import hand_order
from tutor.nambarz import explain_hint
from tutor.rendering import render_words
from web.cards import OPERATOR_KEYS, card_key
from web.entry import Labels, OptionLook, TableLook
from web.language import page_translations
from web.play_results import place_words, tie_break_notice
from web.practice import chain_tokens
from web.refusals import N_
from web.story import PlayedTurn, cards_drawn, counted, joined, sentence, words

SIGNS = {"+": "+", "-": "−", "*": "×", "/": "÷"}
"""Operators as a Nambarz move writes them, and as a page shows them."""

WORDS = {"draw": N_("Draw a card"), "pass": N_("Pass")}
"""The moves that are a word."""

DONE_WORDS = {"draw": N_("drew a card"), "pass": N_("passed")}
"""The moves that are a word, as the story and the log tell them once made."""

FAULTS = {
    "no-match": N_("it does not go on the top card"),
    "mixed-kinds": N_("symbol and figure cards mixed"),
    "matching-card-in-calculation": N_("a matching card belongs alone"),
    "not-minimal": N_("too many cards"),
    "wrong-result": N_("the wrong result"),
    "operation-not-allowed": N_("a sign this game does not use"),
    "wrong-joker": N_("the wrong joker"),
    "matching-card-after-joker": N_("a matching card after a joker"),
    "joker-after-joker": N_("a change joker on a change joker"),
    "joker-in-calculation": N_("a joker in a calculation"),
    "play-without-replay": N_("a play without the replay joker"),
}
"""What was wrong with a play, as the story says it in brackets (by the violation's code)."""

LABELS = Labels(
    variants={"beginners": N_("Beginners"), "intermediate": N_("Intermediate"), "expert": N_("Expert")},
    bots={
        "beginner": N_("Bot: beginner"),
        "planner": N_("Bot: plans its turns (strong)"),
        "random": N_("Bot: plays at random"),
        "careless": N_("Bot: careless, now and then breaks a rule"),
    },
    offered_bots=("beginner", "planner", "careless"),
    bot_descriptions={
        "beginner": N_(
            "Looks for a matching card first, then for a short calculation of two or three cards, "
            "and now and then misses a play it has: a good partner for learning."
        ),
        "planner": N_(
            "Plans each turn to shed as many cards as it can, with long calculations and its jokers: "
            "a match for strong players."
        ),
        "careless": N_(
            "Plays at random and now and then lays cards without checking them: mistakes on purpose, "
            "for referees to practise on."
        ),
    },
    options={
        "rounds": OptionLook(N_("Rounds"), N_("The game ends after this many rounds, tie-breaks aside."), (1, 3, 5))
    },
)
"""The start form's words for Nambarz."""


def action_words(action: str, lang: str) -> str:
    """A move as a player of ``lang`` reads it: cards and jokers named, signs as at school, brackets where needed.

    >>> action_words("Jboth 5 + 2 * 2", "en"), action_words("Jreplay", "fr")
    ('double-change joker (5 + 2) × 2', 'joker pour rejouer')
    """
    try:
        return render_words(parse_play(action), lang)
    except NambarzError:
        return " ".join(SIGNS.get(token, token) for token in action.split())


def play_in_cards(play: Chain | JokerPlay, lang: str) -> Markup:
    """A play drawn as cards between the signs of school, bracketed where the left-to-right reading needs it.

    >>> from api.app import create_app
    >>> with create_app({"TESTING": True}).test_request_context("/"):
    ...     drawn = play_in_cards(parse_play("6 + 2 * 3bee"), "en")
    >>> drawn.count("<svg"), drawn.count("("), "×" in drawn
    (3, 1, True)
    """
    if isinstance(play, JokerPlay):
        parts = [_card_in_sentence(play.joker, lang)]
        if isinstance(play.follow, Card):
            parts.append(_card_in_sentence(play.follow, lang))
        elif play.follow is not None:
            parts.append(play_in_cards(play.follow, lang))
        return Markup(" ").join(parts)
    drawn = _card_in_sentence(play.cards[0], lang)
    last: Operator | None = None
    for operator, card in zip(play.operators, play.cards[1:], strict=True):
        if last in SUMS and operator in PRODUCTS:
            drawn = Markup("(%s)") % drawn
        drawn = Markup("%s %s %s") % (drawn, SIGNS[operator.value], _card_in_sentence(card, lang))
        last = operator
    return drawn


SUMS = (Operator.ADD, Operator.SUBTRACT)
PRODUCTS = (Operator.MULTIPLY, Operator.DIVIDE)
"""A sum followed by a product is bracketed: the cards are reckoned in the order they are laid."""


def _card_in_sentence(card: Card, lang: str) -> Markup:
    return cards_drawn([card_key(card, lang).art])


def story(turn: PlayedTurn, lang: str) -> Markup | None:
    """A Nambarz turn in one sentence: what each play covered and with what, the draw and the pass, the cards shed,
    a master stroke; a play that was not legal with its penalty, as it happened.

    Only what everyone sees is told: the plays laid, how many cards went back
    and were drawn, never which.
    """
    clauses: list[Markup] = []
    penalties: list[Markup] = []
    shed = 0
    played = False
    for action in turn.actions:
        verdict = action.verdict
        if "play" not in verdict:
            if action.action in DONE_WORDS and not (action.action == "pass" and played):
                clauses.append(words(DONE_WORDS[action.action]))
            continue
        played = True
        play = parse_play(str(verdict["play"]))
        top = _card_in_sentence(Card.parse(str(verdict["top"])), lang)
        drawn = play_in_cards(play, lang)
        if not verdict.get("legal", True):
            penalties.append(_penalty(turn.name, drawn, top, verdict))
            continue
        shed += len(verdict.get("stays", []))
        if isinstance(play, JokerPlay):
            clauses.append(words(N_("laid %(play)s on %(top)s"), play=drawn, top=top))
        elif play.is_calculation:
            value = verdict.get("value")
            clauses.append(words(N_("covered %(top)s with %(play)s = %(value)s"), top=top, play=drawn, value=value))
        else:
            clauses.append(words(N_("matched %(top)s with %(play)s"), top=top, play=drawn))
        points = int(verdict.get("master_points") or 0)
        if points:
            clauses.append(
                counted(
                    page_translations().ngettext(
                        "made a master stroke worth %(num)d point", "made a master stroke worth %(num)d points", points
                    ),
                    points,
                )
            )
    if shed > 1:
        clauses.append(counted(page_translations().ngettext("shed %(num)d card", "shed %(num)d cards", shed), shed))
    told = [sentence(turn.name, clauses)] if clauses else []
    return Markup(" ").join([*told, *penalties]) if told or penalties else None


def _penalty(name: str, drawn: Markup, top: Markup, verdict: Mapping[str, Any]) -> Markup:
    """A play that was not legal, why, and what it cost: how many cards went back, how many were drawn."""
    codes = [str(violation.get("code", "")) for violation in verdict.get("violations", [])]
    reason = words(FAULTS[codes[0]]) if codes and codes[0] in FAULTS else None
    back, penalty = len(verdict.get("returned", [])), int(verdict.get("penalty_draw") or 0)
    costs = []
    if back:
        costs.append(
            counted(page_translations().ngettext("%(num)d card went back", "%(num)d cards went back", back), back)
        )
    if penalty:
        costs.append(
            counted(
                page_translations().ngettext("%(name)s drew %(num)d card", "%(name)s drew %(num)d cards", penalty),
                penalty,
                name=name,
            )
        )
    if reason is None:
        # TRANSLATORS: a play laid that was not legal, then what it cost: "2 cards went back and Bot 4 drew 3 cards".
        said = words(N_("%(name)s's play %(play)s on %(top)s was not legal"), name=name, play=drawn, top=top)
    else:
        # TRANSLATORS: reason says in a few words what was wrong: "too many cards".
        said = words(
            N_("%(name)s's play %(play)s on %(top)s was not legal (%(reason)s)"),
            name=name,
            play=drawn,
            top=top,
            reason=reason,
        )
    if not costs:
        return said + Markup(".")
    # TRANSLATORS: a play that was not legal, then what it cost.
    return words(N_("%(fault)s: %(costs)s."), fault=said, costs=joined(costs))


def table_context(view: Mapping[str, Any], names: Sequence[str], lang: str) -> dict[str, Any]:
    """The top card (and the card under a change joker), the hand as keys in the order of
    :func:`tutor.cards.hand_order`, who is out, the standings."""
    table = view["table"]
    hand = [card_key(card, lang) for card in hand_order(Card.parse(card) for card in view["hand"])]
    return {
        "top": card_key(Card.parse(table["top"]), lang),
        "under": card_key(Card.parse(table["under"]), lang) if table.get("under") else None,
        "hand_keys": hand,
        "operators": OPERATOR_KEYS,
        "finished": [names[seat] for seat in table["finished"]],
        "standings": [names[seat] for seat in table["standings"]],
        "sitting_out": [names[seat] for seat in range(len(names)) if seat not in table["seated"]],
        **_tie_break(view, names, lang),
    }


def _tie_break(view: Mapping[str, Any], names: Sequence[str], lang: str) -> dict[str, Any]:
    """The tie-break round played last: for which place, and while it goes on a notice naming who plays it and why."""
    table = view["table"]
    place = table.get("contested_place")
    if not table["tie_break"] or place is None:
        return {"tie_break_place": None, "tie_break_notice": None}
    players = [names[seat] for seat in table["seated"]]
    notice = None if view["is_over"] else tie_break_notice(players, place, lang)
    return {"tie_break_place": place_words(place), "tie_break_notice": notice}


def hints(state: Any, seat: int, level: int, lang: str) -> list[str] | None:
    """Every level of the hint up to ``level``, at the start of a turn (not after a play, a draw or a change joker)."""
    cover = state.cover
    if state.phase is not Phase.START or cover.awaits_card or cover.card.is_joker:
        return None
    hand = state.hands[state.game.players[seat]]
    best = hint(cover.card, hand, state.game.rules, level, deck=state.game.deck, time_limit=search_time_limit())
    return [explain_hint(best.at_level(shown), lang) for shown in HINT_LEVELS if shown <= level]


def review_facts(details: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A reviewed turn's hand and top card, as cards in the page's language."""
    return {
        "hand": [
            card_key(card, lang) for card in hand_order(Card.parse(str(card)) for card in details.get("hand", []))
        ],
        "top": card_key(Card.parse(details["top"]), lang) if details.get("top") else None,
        "tops": [],
        "draw_visible": details.get("draw_visible"),
    }


def review_moves(actions: Sequence[str], details: Mapping[str, Any], lang: str) -> list[list[Any]]:
    """A reviewed turn's plays drawn: cards as cards with the signs of school between them, a calculation with its
    result; a draw in words; a pass only when the turn was nothing else.

    >>> from flask import Flask
    >>> from web.language import choose_language
    >>> with Flask(__name__).test_request_context("/?lang=en"):
    ...     _ = choose_language()
    ...     moves = review_moves(["draw", "6bee / 2fish + 5", "pass"], {}, "en")
    >>> [[getattr(part, "label", part) for part in move] for move in moves]
    [['Draw a card'], ['6 bee', '÷', '2 fish', '+', '5', '= 8']]
    """
    t = page_translations()
    moves: list[list[Any]] = []
    for action in actions:
        if action in WORDS:
            if action != "pass":
                moves.append([t.gettext(WORDS[action])])
            continue
        try:
            moves.append(_play_parts(parse_play(action), lang))
        except NambarzError:
            moves.append([action_words(action, lang)])
    passed = WORDS["pass"]
    return moves or [[t.gettext(passed)]]


def _play_parts(play: Chain | JokerPlay, lang: str) -> list[Any]:
    """A play's cards drawn and its signs, in the order laid; a calculation ends with its result."""
    if isinstance(play, JokerPlay):
        follow = play.follow
        if follow is None:
            return [card_key(play.joker, lang)]
        rest = [card_key(follow, lang)] if isinstance(follow, Card) else _play_parts(follow, lang)
        return [card_key(play.joker, lang), *rest]
    parts: list[Any] = [token.key if token.key is not None else token.text for token in chain_tokens(play, lang)]
    result = play.value_as_written() if play.is_calculation and not any(card.is_joker for card in play.cards) else None
    if result is not None and getattr(result, "denominator", 1) == 1:
        parts.append(f"= {int(result)}")
    return parts


TABLE = TableLook(
    template="play/_nambarz.html",
    context=table_context,
    words=WORDS,
    done_words=DONE_WORDS,
    story=story,
    action_words=action_words,
    scores=lambda view: view["scores"],
    score_heading=N_("Points"),
    hint_levels=HINT_LEVELS,
    hint=hints,
    review_facts=review_facts,
    review_moves=review_moves,
)
"""How a Nambarz table looks."""
