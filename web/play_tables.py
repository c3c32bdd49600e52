"""What the table pages show of each game: cards, piles and moves worded in the page's language, and the tutor's hints.

:mod:`web.play` answers the requests; this module turns a seat's view (the
``table`` of each game's ``seat_view``) into what its template shows, words
the moves offered, reads a move from a table's form, and asks each game's
tutor for a hint: Nambarz's three levels (:mod:`solver.nambarz.hint`), The
Game's suggested turn (:mod:`solver.thegame.hint`) and Quando's suggested
play and draw (:mod:`solver.quando.hint`).  Nmbrs! has no hint.

>>> from flask import Flask
>>> from web.language import choose_language
>>> with Flask(__name__).test_request_context("/?lang=it"):
...     _ = choose_language()
...     action_label("nambarz", "7owl - 2fish", "it"), action_label("thegame", "37>asc1", "it")
('7 gufo − 2 pesce', '37 sul mucchietto crescente 1')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from services.configuration import search_time_limit
from services.play.store import StoredGame
from services.play.tables import HUMAN
from solver.contract import GameState
from solver.errors import NambarzError, SearchLimitError
from solver.games import find_game
from solver.nambarz.cards import Card
from solver.nambarz.hint import HINT_LEVELS, hint
from solver.nambarz.state import Phase
from solver.quando.hint import seat_hint
from solver.quando.state import Action as QuandoAction
from solver.thegame import hint as thegame_hint
from solver.thegame.bots import player_view
from solver.thegame.referee import Position
from solver.thegame.rules import PILES
from tutor import quando as quando_words
from tutor import thegame as thegame_words
from tutor.nambarz import explain_hint
from web.cards import OPERATOR_KEYS, card_key
from web.language import page_translations
from web.refusals import N_

MOVES_LISTED = 60
"""The most legal moves a table lists; the others can be written in the game's notation."""

VARIANT_LABELS = {
    "beginners": N_("Beginners"),
    "intermediate": N_("Intermediate"),
    "expert": N_("Expert"),
    "standard": N_("Standard"),
    "pro": N_("Pro"),
    "standard-on-fire": N_("Standard, On Fire"),
    "pro-on-fire": N_("Pro, On Fire"),
    "basic": N_("Basic"),
    "advanced": N_("Advanced"),
    "simplified": N_("Simplified"),
}
"""Each variant's name on the start form."""

KIND_LABELS = {
    HUMAN: N_("A person"),
    "planner": N_("Bot: plans its turns (strong)"),
    "random": N_("Bot: plays at random"),
    "careless": N_("Bot: careless, now and then breaks a rule"),
    "strong": N_("Bot: strong"),
    "silent": N_("Bot: strong, but says nothing about the piles"),
    "naive": N_("Bot: lays the minimum, counts nothing"),
    "greedy": N_("Bot: goes for the points"),
}
"""Who may sit at a seat: a person, or one of the games' bots."""

OPTION_LABELS = {"rounds": N_("Rounds"), "target": N_("Total that ends the game")}
"""Each game option's name on the start form."""

PILE_NAMES = {
    "asc1": N_("Ascending pile 1"),
    "asc2": N_("Ascending pile 2"),
    "desc1": N_("Descending pile 1"),
    "desc2": N_("Descending pile 2"),
}
"""The Game's four piles, as a pile's own name on the table."""

PILE_LABELS = {
    # TRANSLATORS: a pile of The Game as the object of a move: "37 on ascending pile 1", "On ascending pile 1",
    # "please don't play on ascending pile 1", "I really need ascending pile 1".
    "asc1": N_("ascending pile 1"),
    "asc2": N_("ascending pile 2"),
    "desc1": N_("descending pile 1"),
    "desc2": N_("descending pile 2"),
}
"""The Game's four piles, where a move names one."""

REQUEST_LABELS = {"please-dont": N_("please don't play on %(pile)s"), "really-need": N_("I really need %(pile)s")}
"""What a teammate of The Game says about a pile."""

ENDINGS = {
    "all-cards-laid": N_("Every card is laid: the team wins!"),
    "minimum-out-of-reach": N_("The player to move could not lay the cards the turn needs: the game is over."),
    "stuck-below-minimum": N_("A player got stuck before laying the cards the turn needs: the game is over."),
    "fire-uncovered": N_("A fire card was not covered in time: the game is over."),
}
"""Why a game of The Game ended."""

WORDS = {
    "draw": N_("Draw a card"),
    "pass": N_("Pass"),
    "end": N_("End the turn"),
    "take": N_("Take the top discard"),
    "decline": N_("Leave the top discard"),
    "claim": N_("Claim the discard"),
    "knock": N_("Knock"),
    "take visible": N_("Take the visible side"),
    "take hidden": N_("Take the hidden side"),
}
"""The moves that are a word, not cards laid (Nmbrs!' ``draw`` draws a hidden card)."""

COLOUR_NAMES = {"red": N_("red"), "green": N_("green"), "blue": N_("blue"), "orange": N_("orange")}
"""The colours of Nmbrs! cards, said to those who cannot see the colour shown."""

SIGNS = {"+": "+", "-": "−", "*": "×", "/": "÷"}
"""Operators as a Nambarz move writes them, and as a page shows them."""


def variant_label(variant: str) -> str:
    """A variant's name in the page's language."""
    return _translated(VARIANT_LABELS, variant)


def kind_label(kind: str) -> str:
    """``human`` or a bot kind, in the page's language."""
    return _translated(KIND_LABELS, kind)


def option_label(name: str) -> str:
    """A game option's name in the page's language."""
    return _translated(OPTION_LABELS, name)


def _translated(labels: Mapping[str, str], key: str) -> str:
    return page_translations().gettext(labels[key]) if key in labels else key


def pile_label(pile: str) -> str:
    """One of The Game's piles where a move names it, in the page's language."""
    return _translated(PILE_LABELS, pile)


def pile_name(pile: str) -> str:
    """One of The Game's piles, as its name on the table, in the page's language."""
    return _translated(PILE_NAMES, pile)


# ----------------------------------------------------------------------------------------------- moves


def action_label(game: str, action: str, lang: str) -> str:
    """A move as a player of ``lang`` reads it: cards named, operators as signs, words translated."""
    t = page_translations()
    text = action.strip()
    if text in WORDS and not (game == "nmbrs" and text == "draw"):
        return t.gettext(WORDS[text])
    if game == "nmbrs" and text == "draw":
        return t.gettext("Draw a hidden card")
    if game == "nambarz":
        return " ".join(_nambarz_token(token, lang) for token in text.split())
    if game == "thegame" and ">" in text:
        card, _, pile = text.partition(">")
        return t.gettext("%(card)s on %(pile)s") % {"card": card, "pile": pile_label(pile)}
    if game == "quando":
        try:
            words = quando_words.action_words(QuandoAction.parse(text), lang)
        except NambarzError:
            return text
        return words[:1].upper() + words[1:]
    if game == "nmbrs" and text.startswith("discard "):
        return t.gettext("Discard %(card)s") % {"card": text.split(maxsplit=1)[1]}
    return text


def _nambarz_token(token: str, lang: str) -> str:
    if token in SIGNS:
        return SIGNS[token]
    try:
        return card_key(Card.parse(token), lang).label
    except NambarzError:
        return token


@dataclass(frozen=True)
class Move:
    """A legal move offered on the table: its notation, sent as it is, and its words."""

    action: str
    label: str


@dataclass(frozen=True)
class Moves:
    """The legal moves of a seat's turn: those that are a word, then the cards it may lay (the first ones)."""

    words: tuple[Move, ...]
    laid: tuple[Move, ...]
    more: int
    """How many more moves lay cards than are listed."""


def moves(game: str, legal_actions: Sequence[str], lang: str) -> Moves:
    """The legal moves, words first (draw, pass, knock, discard …), then at most :data:`MOVES_LISTED` that lay cards."""
    words: list[Move] = []
    laid: list[Move] = []
    for action in legal_actions:
        move = Move(action, action_label(game, action, lang))
        if action in WORDS or action.startswith(("discard ", "flip ")):
            words.append(move)
        else:
            laid.append(move)
    return Moves(tuple(words), tuple(laid[:MOVES_LISTED]), max(0, len(laid) - MOVES_LISTED))


def chosen_action(game: str, form: MultiDict[str, str]) -> str:
    """The move a table's form sends: written or picked (``action``), or put together from the cards chosen.

    The Game's form sends a ``card`` and the ``pile`` tapped; Quando's the
    ``front`` of each card chosen and ``lay``.
    """
    written = form.get("action", "").strip()
    if written:
        return written
    if game == "thegame" and form.get("pile") and form.get("card"):
        return f"{form['card']}>{form['pile']}"
    if game == "quando" and "lay" in form and form.getlist("front"):
        return "play " + " ".join(form.getlist("front"))
    return ""


# ----------------------------------------------------------------------------------------------- the table


def seat_rows(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each seat of the game: its name, who plays it, its cards in hand, its score, whether it is to move."""
    game, table = view["game"], view["table"]
    scores: Sequence[Any] | None = {
        "nambarz": view["scores"],
        "quando": table.get("totals"),
        "nmbrs": table.get("scores"),
    }.get(game)
    return [
        {
            "seat": seat["seat"],
            "name": seat["name"],
            "bot": None if seat["kind"] == HUMAN else kind_label(seat["kind"]),
            "cards": seat["hand_size"],
            "score": None if scores is None else scores[seat["seat"]],
            "to_move": view["to_move"] == seat["seat"],
            "me": view["seat"] == seat["seat"],
        }
        for seat in view["seats"]
    ]


def log_line(line: Mapping[str, Any], game: str, names: Sequence[str], lang: str) -> dict[str, Any]:
    """One action of the log: its number, who took it, the move in words, whether it was legal."""
    return {
        "number": line["number"],
        "seat": line["seat"],
        "name": names[line["seat"]],
        "label": action_label(game, line["action"], lang),
        "legal": bool(line.get("legal", line.get("verdict", {}).get("legal", True))),
    }


def table_context(view: Mapping[str, Any], names: Sequence[str], lang: str) -> dict[str, Any]:
    """What the game's own part of the table shows (``play/_<game>.html``)."""
    game = view["game"]
    context: dict[str, Any] = {"game_template": f"play/_{game}.html"}
    if game == "nambarz":
        context.update(_nambarz(view, names, lang))
    elif game == "thegame":
        context.update(_thegame(view, names))
    elif game == "quando":
        context.update(_quando(view, names))
    else:
        context.update(_nmbrs(view, names))
    return context


def _nambarz(view: Mapping[str, Any], names: Sequence[str], lang: str) -> dict[str, Any]:
    table = view["table"]
    hand = [card_key(Card.parse(card), lang) for card in view["hand"]]
    return {
        "top": card_key(Card.parse(table["top"]), lang),
        "under": card_key(Card.parse(table["under"]), lang) if table.get("under") else None,
        "hand_keys": hand,
        "operators": OPERATOR_KEYS,
        "finished": [names[seat] for seat in table["finished"]],
        "standings": [names[seat] for seat in table["standings"]],
        "sitting_out": [names[seat] for seat in range(len(names)) if seat not in table["seated"]],
    }


def _thegame(view: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
    table = view["table"]
    t = page_translations()
    piles = [
        {
            "pile": pile.value,
            "top": table["piles"][pile.value],
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
    }


def _quando(view: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
    table = view["table"]
    legal = view["legal_actions"]
    return {
        "fronts": list(enumerate(view["hand"], start=1)),
        "discards": table.get("discard_pile", [])[-6:],
        "knocker": None if table.get("knocker") is None else names[table["knocker"]],
        "acting": None if table.get("acting") is None else names[table["acting"]],
        "plays_made": table.get("plays_made", [0] * len(names))[view["seat"]],
        "can_lay": any(action.startswith("play ") for action in legal),
        "winners": _winners(view, names),
    }


def _nmbrs(view: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
    table = view["table"]
    bounds = table.get("bounds")
    cells = {(card["row"], card["column"]): card for card in table.get("sequences", [])}
    rows: list[dict[str, Any]] = []
    columns: list[int] = []
    if bounds is not None:
        columns = list(range(bounds["columns"][0], bounds["columns"][1] + 1))
        rows = [
            {"row": row, "cells": [cells.get((row, column)) for column in columns]}
            for row in range(bounds["rows"][0], bounds["rows"][1] + 1)
        ]
    faces = table.get("faces", {})
    return {
        "grid_rows": rows,
        "grid_columns": columns,
        "hand_faces": [
            {
                "card": card,
                **faces.get(card, {}),
                "colour_name": _translated(COLOUR_NAMES, faces.get(card, {}).get("colour", "")),
            }
            for card in view["hand"]
        ],
        "claimant": None if table.get("claimant") is None else names[table["claimant"]],
        "winners": _winners(view, names),
    }


def _winners(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    """Who won: as the game says, or for a game stopped at its longest, who led it then (scores: higher is better)."""
    seats = view["table"].get("winners", [])
    if view.get("stopped") and view["scores"]:
        best = max(view["scores"])
        seats = [seat for seat, score in enumerate(view["scores"]) if score == best]
    return [names[seat] for seat in seats]


# ----------------------------------------------------------------------------------------------- the past


def past_view(stored: StoredGame, state: GameState[Any], seat: int) -> dict[str, Any]:
    """What ``seat`` saw of ``state``, shaped as a table page's view, without moves."""
    seen = find_game(stored.game).seat_view(state, seat)
    return {
        "id": stored.id,
        "game": stored.game,
        "variant": stored.variant,
        "seat": seat,
        "seats": [
            {"seat": record.seat, "name": record.name, "kind": record.kind, "hand_size": size}
            for record, size in zip(stored.seats, seen["hand_sizes"], strict=True)
        ],
        "to_move": seen["to_move"],
        "your_turn": False,
        "is_over": seen["is_over"],
        "hand": seen["hand"],
        "draw_pile": seen["draw_pile"],
        "scores": seen["returns"],
        "table": seen["table"],
        "legal_actions": [],
        "log": [],
    }


# ----------------------------------------------------------------------------------------------- hints


def hint_levels(game: str) -> tuple[int, ...]:
    """The levels of the tutor's hint in ``game``: Nambarz has three, The Game and Quando one, Nmbrs! none."""
    return {"nambarz": HINT_LEVELS, "thegame": (1,), "quando": (1,)}.get(game, ())


def hint_words(stored: StoredGame, seat: int, level: int, lang: str) -> list[str] | None:
    """The tutor's hint for ``seat``'s turn, every level up to ``level``, or ``None`` when it has none now.

    Each hint knows only what the seat may see.  Nambarz hints open a turn
    (not after a play, a draw or a change joker); The Game's suggests a
    whole turn before its first card; Quando's opens a turn.
    """
    entry = find_game(stored.game)
    state: Any = entry.load_state(stored.state)
    if stored.finished or state.to_move != seat:  # a game stopped at its longest is over too
        return None
    try:
        if stored.game == "nambarz":
            return _nambarz_hints(state, seat, level, lang)
        if stored.game == "thegame":
            return _thegame_hint(state, lang)
        if stored.game == "quando":
            advice = seat_hint(state, seat) if state.step.value == "turn" else None
            return None if advice is None else paragraphs(quando_words.explain_hint(advice, lang))[:1]
    except SearchLimitError:
        return [page_translations().gettext("Working this out takes longer than the server allows: no hint this time.")]
    return None


def _nambarz_hints(state: Any, seat: int, level: int, lang: str) -> list[str] | None:
    cover = state.cover
    if state.phase is not Phase.START or cover.awaits_card or cover.card.is_joker:
        return None
    hand = state.hands[state.game.players[seat]]
    best = hint(cover.card, hand, state.game.rules, level, deck=state.game.deck, time_limit=search_time_limit())
    return [explain_hint(best.at_level(shown), lang) for shown in HINT_LEVELS if shown <= level]


def _thegame_hint(state: Any, lang: str) -> list[str] | None:
    if state.played_this_turn:
        return None
    seen = player_view(state)
    due = tuple(pile for pile in PILES if pile in seen.must_cover)
    position = Position(seen.tops, seen.hand, seen.draw_pile, state.game.variant, state.game.on_fire, due)
    suggestion = thegame_hint.hint(position, played=seen.played, requests=seen.requests, alone=seen.alone)
    return paragraphs(thegame_words.explain_hint(suggestion, lang))


# ----------------------------------------------------------------------------------------------- words


def paragraphs(text: str) -> list[str]:
    """The tutor's text as a page shows it: a line for each sentence, the lines a long sentence was wrapped on joined.

    The first block only: a table of figures the tutor may print below it is left out.

    >>> paragraphs("Legal: play 3 4 5.\\n  Now draw the visible or the\\n      hidden side.\\nCandidates:\\n  a  b")
    ['Legal: play 3 4 5.', 'Now draw the visible or the hidden side.']
    """
    lines: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines()):
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        if number > 0 and indent == 0:
            break
        if lines and indent > lines[-1][0] + 2:
            lines[-1] = (lines[-1][0], f"{lines[-1][1]} {line.strip()}")
        else:
            lines.append((indent, line.strip()))
    return [line for _, line in lines]


# ----------------------------------------------------------------------------------------------- the review

MARK_LABELS = {
    "best": N_("The best turn"),
    "good": N_("A good turn"),
    "lost-cards": N_("Fewer cards than the best turn"),
    "lost-points": N_("Fewer points than the best turn"),
    "penalised": N_("A penalty"),
    "wider-gap": N_("Wider gaps on the piles"),
    "higher-sum": N_("A higher hand sum"),
    "unreviewed": N_("Not reviewed: too long to work out"),
}
"""How a reviewed turn compares with the engine's best (:class:`solver.review.Mark`)."""

MARKS_WITHOUT_BETTER = ("best", "good", "unreviewed")
"""The marks whose turn shows no better turn."""


def review_turn(turn: Mapping[str, Any], game: str, lang: str) -> dict[str, Any]:
    """One turn of a review as its page shows it: what the seat held and saw, played, and the better turn if any."""
    details = turn.get("details", {})
    hand = [str(card) for card in details.get("hand", [])]
    mark = str(turn.get("mark", ""))
    return {
        "number": turn.get("turn"),
        "mark": mark,
        "mark_label": _translated(MARK_LABELS, mark),
        "marked": mark not in MARKS_WITHOUT_BETTER,
        "hand": [card_key(Card.parse(card), lang) for card in hand] if game == "nambarz" else hand,
        "top": card_key(Card.parse(details["top"]), lang) if game == "nambarz" and details.get("top") else None,
        "tops": [(pile_name(pile), top) for pile, top in details.get("tops", {}).items()],
        "draw_visible": details.get("draw_visible"),
        "played": [action_label(game, action, lang) for action in turn.get("played", [])],
        "best": [action_label(game, action, lang) for action in turn.get("best", [])]
        if mark not in MARKS_WITHOUT_BETTER
        else [],
        "explanation": paragraphs(str(turn.get("explanation", ""))),
    }
