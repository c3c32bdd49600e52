"""What the table pages show of a game: its cards, piles and moves in the page's language, and the tutor's hints.

:mod:`web.play` answers the requests; this module asks the game's entry in
:data:`web.games.PAGES` (its :class:`~web.entry.TableLook`) how a seat's
view (the ``table`` of the game's ``seat_view``) becomes what its template
shows, how the moves offered are worded, how a move is read from a table's
form, and what hint the game's tutor gives.  What every game shares (the
players' table, the log, the review's pages) is here; a game that is not in
the registry is an error, never another game's look.

>>> from flask import Flask
>>> from web.language import choose_language
>>> with Flask(__name__).test_request_context("/?lang=it"):
...     _ = choose_language()
...     action_label("nambarz", "7owl - 2fish", "it"), action_label("thegame", "37>asc1", "it")
('7 gufo − 2 pesce', '37 sul primo mucchietto crescente')
>>> action_label("chess", "e4", "en")
Traceback (most recent call last):
...
solver.errors.GameError: unknown game 'chess'; the games are nambarz, thegame, quando and nmbrs
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from services.play.store import StoredGame
from services.play.tables import HUMAN
from solver.contract import GameState
from solver.errors import SearchLimitError
from solver.games import GameEntry, find_game
from solver.review import TurnReview
from tutor.review import turn_judgement, turn_label
from tutor.text import shows_better_turn
from web.cards import DrawnCard
from web.entry import TableLook, translated
from web.games import PAGES
from web.language import page_translations
from web.refusals import N_

MOVES_LISTED = 60
"""The most legal moves a table lists; the others can be written in the game's notation."""

HUMAN_LABEL = N_("A person")
"""Who sits at a seat that is not a bot, on the start form."""

# ----------------------------------------------------------------------------------------------- the start form


def variant_label(game: str, variant: str) -> str:
    """One of ``game``'s variants, in the page's language."""
    return translated(PAGES.find(game).labels.variants, variant)


def kind_label(game: str, kind: str) -> str:
    """``human`` or one of ``game``'s kinds of bot, in the page's language."""
    return translated({HUMAN: HUMAN_LABEL, **PAGES.find(game).labels.bots}, kind)


def offered_bots(game: GameEntry) -> tuple[str, ...]:
    """The kinds of bot the start form offers for ``game``: those its labels list, else every kind it has.

    >>> from solver.games import GameEntry, find_game
    >>> offered_bots(find_game("nambarz")), offered_bots(find_game("quando"))
    (('beginner', 'planner', 'careless'), ('easy', 'strong'))
    """
    return PAGES.find(game.name).labels.offered_bots or game.bot_kinds


def bot_descriptions(game: str, kinds: Sequence[str]) -> list[tuple[str, str]]:
    """Each of ``kinds`` that ``game`` describes: its label and what it does, in the page's language."""
    labels = PAGES.find(game).labels
    t = page_translations()
    return [
        (kind_label(game, kind), t.gettext(labels.bot_descriptions[kind]))
        for kind in kinds
        if kind in labels.bot_descriptions
    ]


def option_label(game: str, name: str) -> tuple[str, str, tuple[int, ...] | None]:
    """One of ``game``'s options on the start form: its name and its hint in the page's language, its choices."""
    look = PAGES.find(game).labels.options.get(name)
    if look is None:
        return name, "", None
    t = page_translations()
    return t.gettext(look.label), t.gettext(look.hint), look.choices


# ----------------------------------------------------------------------------------------------- moves


def action_label(game: str, action: str, lang: str) -> str:
    """A move as a player of ``lang`` reads it: a word translated, else as the game's look words it."""
    return action_label_of(PAGES.find(game).table, action.strip(), lang)


def forced_moves(game: str) -> frozenset[str]:
    """The moves of ``game`` the table makes for a person when it is their one legal move: its moves that are a word
    and lay nothing (Nambarz's pass and draw, the end of a turn), so that a turn with nothing left to decide ends.

    >>> sorted(forced_moves("nambarz")), sorted(forced_moves("thegame"))
    (['draw', 'pass'], ['end'])
    """
    return frozenset(PAGES.find(game).table.words)


def done_label(game: str, action: str, lang: str) -> str:
    """A move as the story and the log tell it once made: a word in the past ("passed"), else as on the table.

    >>> from flask import Flask
    >>> from web.language import choose_language
    >>> with Flask(__name__).test_request_context("/?lang=de"):
    ...     _ = choose_language()
    ...     done_label("nambarz", "pass", "de"), done_label("nambarz", "7owl", "de")
    ('hat gepasst', '7 Eule')
    """
    done = PAGES.find(game).table.done_words
    text = action.strip()
    if text in done:
        return page_translations().gettext(done[text])
    return action_label(game, action, lang)


@dataclass(frozen=True)
class Move:
    """A legal move offered on the table: its notation, sent as it is, its words, and a reminder of what it does."""

    action: str
    label: str
    note: str = ""
    cards: tuple[DrawnCard, ...] = ()
    """The cards the move lays, drawn beside its words."""


@dataclass(frozen=True)
class Moves:
    """The legal moves of a seat's turn: those that are a word, then the cards it may lay (the first ones)."""

    words: tuple[Move, ...]
    laid: tuple[Move, ...]
    more: int
    """How many more moves lay cards than are listed."""


def moves(view: Mapping[str, Any], lang: str) -> Moves:
    """The legal moves of a seat's view, words first (draw, pass, knock, discard …), then at most
    :data:`MOVES_LISTED` that lay cards, each in words on the table it is offered on."""
    game = view["game"]
    table = PAGES.find(game).table
    words: list[Move] = []
    laid: list[Move] = []
    for action in view["legal_actions"]:
        if table.move_words is not None:
            label = table.move_words(action, lang, view)
        else:
            label = action_label(game, action, lang)
        note = table.move_note(action)
        move = Move(
            action, label, "" if note is None else page_translations().gettext(note), tuple(table.move_cards(action))
        )
        if action in table.words or (table.word_prefixes and action.startswith(table.word_prefixes)):
            words.append(move)
        else:
            laid.append(move)
    return Moves(tuple(words), tuple(laid[:MOVES_LISTED]), max(0, len(laid) - MOVES_LISTED))


def chosen_action(game: str, form: MultiDict[str, str]) -> str:
    """The move a table's form sends: written or picked (``action``), or put together by the game's own fields.

    The Game's form sends a ``card`` and the ``pile`` tapped; Quando's the
    ``front`` of each card chosen and ``lay``; Nmbrs!'s the ``card`` and the
    ``place`` of each card to lay (or a ``joker`` to replace) and ``lay``.
    """
    written = form.get("action", "").strip()
    return written or PAGES.find(game).table.read_move(form)


# ----------------------------------------------------------------------------------------------- the table


def seat_rows(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each seat of the game: its name, who plays it, its cards in hand, its score, whether it is to move."""
    game = view["game"]
    scores = PAGES.find(game).table.scores(view)
    return [
        {
            "seat": seat["seat"],
            "name": seat["name"],
            "bot": None if seat["kind"] == HUMAN else kind_label(game, seat["kind"]),
            "cards": seat["hand_size"],
            "score": None if scores is None else scores[seat["seat"]],
            "to_move": view["to_move"] == seat["seat"],
            "me": view["seat"] == seat["seat"],
        }
        for seat in view["seats"]
    ]


def log_line(line: Mapping[str, Any], game: str, names: Sequence[str], lang: str) -> dict[str, Any]:
    """One action of the log: its number, who took it, the move in words (a word in the past: "passed"), whether
    it was legal."""
    return {
        "number": line["number"],
        "seat": line["seat"],
        "name": names[line["seat"]],
        "label": done_label(game, line["action"], lang),
        "action": line["action"],
        "legal": bool(line.get("legal", line.get("verdict", {}).get("legal", True))),
    }


def told_together(lines: Sequence[dict[str, Any]], game: str) -> list[dict[str, Any]]:
    """The log's lines (in order) with a seat's words in a row told as one: "drew a card and passed".

    >>> from flask import Flask
    >>> from web.language import choose_language
    >>> lines = [{"number": n, "seat": 0, "name": "Ann", "label": label, "action": action, "legal": True}
    ...          for n, (action, label) in enumerate([("7owl", "7 owl"), ("draw", "drew a card"), ("pass", "passed")])]
    >>> with Flask(__name__).test_request_context("/?lang=en"):
    ...     _ = choose_language()
    ...     [line["label"] for line in told_together(lines, "nambarz")]
    ['7 owl', 'drew a card and passed']
    """
    done = PAGES.find(game).table.done_words
    told: list[dict[str, Any]] = []
    for line in lines:
        last = told[-1] if told else None
        if last is not None and last["seat"] == line["seat"] and last["action"] in done and line["action"] in done:
            # TRANSLATORS: two moves of a player in a row, each said in the past: "drew a card and passed".
            label = page_translations().gettext("%(first)s and %(last)s") % {
                "first": last["label"],
                "last": line["label"],
            }
            told[-1] = {**line, "label": label, "legal": last["legal"] and line["legal"]}
        else:
            told.append(dict(line))
    return told


def table_context(view: Mapping[str, Any], names: Sequence[str], lang: str) -> dict[str, Any]:
    """What the game's own part of the table shows (its template, and that template's context), and the
    players' table's score heading and the example of a written move."""
    table = PAGES.find(view["game"]).table
    heading = table.score_heading
    return {
        "game_template": table.template,
        "score_heading": None if heading is None else page_translations().gettext(heading),
        "move_example": table.move_example,
        **table.context(view, names, lang),
    }


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
    """The levels of the tutor's hint in ``game`` (Nambarz has three, The Game and Quando one, Nmbrs! none)."""
    return PAGES.find(game).table.hint_levels


def hint_words(stored: StoredGame, seat: int, level: int, lang: str) -> list[str] | None:
    """The tutor's hint for ``seat``'s turn, every level up to ``level``, or ``None`` when it has none now.

    Each hint knows only what the seat may see, and each game says when it
    has one (Nambarz's and Quando's open a turn; The Game's suggests a whole
    turn before its first card).
    """
    look = PAGES.find(stored.game).table
    state: Any = find_game(stored.game).load_state(stored.state)
    if look.hint is None or stored.finished or state.to_move != seat:  # a game stopped at its longest is over too
        return None
    try:
        return look.hint(state, seat, level, lang)
    except SearchLimitError:
        return [page_translations().gettext("Working this out takes longer than the server allows: no hint this time.")]


# ----------------------------------------------------------------------------------------------- the review

REVIEW_PAGE = 20
"""The most turns a review page shows; a longer game's review is read a page at a time."""

PRAISED = ("best", "good")
"""The marks a review's page shows as praise."""


def review_turn(turn: Mapping[str, Any], game: str, lang: str) -> dict[str, Any]:
    """One turn of a review as its page shows it: the seat's own turn number, what it held and saw, what it played,
    the turn judged in a short sentence, and the best turn drawn when that was better."""
    look = PAGES.find(game).table
    reviewed = TurnReview.from_dict(turn)
    details = reviewed.details
    best: list[list[Any]] = []
    if shows_better_turn(reviewed):
        shared = 0
        while (
            shared < min(len(reviewed.best), len(reviewed.played))
            and reviewed.best[shared] == reviewed.played[shared]
            and reviewed.best[shared] in look.words
        ):
            shared += 1  # the draw both turns began with is the turn's own, not the better turn's
        best = review_moves(look, reviewed.best[shared:], details, lang)
    return {
        "number": turn.get("player_turn", reviewed.turn),
        "turn": reviewed.turn,
        "mark": reviewed.mark.value,
        "mark_label": turn_label(game, reviewed, lang),
        "praised": reviewed.mark.value in PRAISED,
        **look.review_facts(details, lang),
        "played": review_moves(look, reviewed.played, details, lang),
        "judgement": turn_judgement(game, reviewed, lang),
        "best": best,
    }


def review_moves(look: TableLook, actions: Sequence[str], details: Mapping[str, Any], lang: str) -> list[list[Any]]:
    """A turn's moves as the game's look draws them, or each in words."""
    if look.review_moves is not None:
        return look.review_moves(actions, details, lang)
    return [[action_label_of(look, action, lang)] for action in actions]


def action_label_of(look: TableLook, action: str, lang: str) -> str:
    """A move in words on a table of ``look``: a word translated, else as the look says it."""
    if action in look.words:
        return page_translations().gettext(look.words[action])
    return look.action_words(action, lang)
