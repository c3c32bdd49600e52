"""How to play Quando: the cards to draw and the worked examples, each an action judged by the referee.

Every example is a hand (the numbers facing the player) and an action in
the notation, with what the page says of it (allowed or not);
:func:`examples` judges each with :func:`~solver.quando.referee.check`, at
the step the action belongs to (opening a turn, drawing, answering a
triple).  The two scored rounds are scored by
:func:`~solver.quando.scoring.score_round`.

>>> from api.app import create_app
>>> from web.language import choose_language
>>> with create_app({"TESTING": True}).test_request_context("/?lang=en"):
...     _ = choose_language()
...     found = examples("en")
>>> found["straight"].legal, found["four_in_a_row"].legal, found["knock_tied"]["points"]["Anna"]
(True, False, 9)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.quando.cards import DECK_SIZE, HIGHEST, LOWEST
from solver.quando.referee import check
from solver.quando.rules import KNOCK_AFTER_PLAYS
from solver.quando.scoring import DEFAULT_TARGET, KNOCK_PENALTY, TWO_PLAYER_TARGET, score_round
from solver.quando.state import Action, Side, Step
from web.howto import Example, HowToPlay, Piece, sign_pieces
from web.language import page_translations
from web.quando.table import drawn_side, hidden_side


@dataclass(frozen=True)
class Worked:
    """An action before it is judged: the hand's numbers, the action in the notation, the plays made this round,
    the step it answers, and what the page says of it."""

    hand: tuple[int, ...]
    action: str
    said_legal: bool
    plays_made: int = 1
    step: Step = Step.TURN


WORKED = {
    "straight": Worked((9, 7, 2, 8, 5), "play 9 7 8", True),
    "four_in_a_row": Worked((3, 4, 5, 6, 9), "play 3 4 5 6", False),
    "pair": Worked((5, 1, 5, 9, 0), "play 5 5", True),
    "single": Worked((2, 6, 10, 4, 1), "play 10", True),
    "mixed": Worked((4, 6, 1, 9, 2), "play 4 6", False),
    "triple": Worked((8, 2, 8, 6, 8), "play 8 8 8", True),
    "draw_hidden": Worked((3, 7, 1), "take hidden", True, step=Step.DRAW),
    "flip_zero": Worked((6, 0, 3, 0), "flip 2", True, step=Step.TRIPLE_EFFECT),
    "draw_with_zero": Worked((6, 0, 3), "take visible", False, step=Step.TRIPLE_EFFECT),
    "knock_early": Worked((1, 2, 0, 3), "knock", False, plays_made=1),
    "knock": Worked((1, 2, 0, 3), "knock", True, plays_made=KNOCK_AFTER_PLAYS),
}
"""The page's worked examples, by the name its template uses."""

KNOCKED_ALONE = {"Anna": 2, "Ben": 11, "Carla": 6, "Dario": 4}
KNOCKED_TIED = {"Anna": 4, "Ben": 12, "Carla": 7, "Dario": 4}
"""Two rounds' sums in hand, Anna knocking: lowest on her own, then tied with Dario."""
KNOCKER = "Anna"
DRAW_PILE_SIDE = 4
"""The number the draw pile's top card shows, in the examples."""


def examples(lang: str) -> dict[str, Any]:
    """The cards the page draws, its worked examples judged and its two rounds scored, in ``lang``."""
    found: dict[str, Any] = {name: _judged(worked) for name, worked in WORKED.items()}
    found["two_sides"] = [Piece(art=drawn_side(3).art), Piece(art=drawn_side(8).art)]
    t = page_translations()
    found["draw_pile"] = [
        Piece(art=drawn_side(DRAW_PILE_SIDE).art, caption=t.gettext("The side you see")),
        Piece(art=hidden_side().art, caption=t.gettext("The hidden side")),
    ]
    found["deck_size"] = DECK_SIZE
    found["lowest"], found["highest"] = LOWEST, HIGHEST
    found["knock_after"] = KNOCK_AFTER_PLAYS
    found["knock_penalty"] = KNOCK_PENALTY
    found["target"], found["two_player_target"] = DEFAULT_TARGET, TWO_PLAYER_TARGET
    found["knock_alone"] = _scored(KNOCKED_ALONE)
    found["knock_tied"] = _scored(KNOCKED_TIED)
    return found


def _judged(worked: Worked) -> Example:
    action = Action.parse(worked.action)
    verdict = check(list(worked.hand), action, plays_made=worked.plays_made, step=worked.step)
    as_laid = [int(word) for word in worked.action.split()[1:]] if action.numbers else []
    laid: tuple[Piece, ...] = tuple(Piece(art=drawn_side(number).art, new=True) for number in as_laid)
    if action.side is Side.HIDDEN:
        laid = (Piece(art=hidden_side().art, new=True),)
    elif action.side is not None:
        laid = (Piece(art=drawn_side(DRAW_PILE_SIDE).art, new=True),)
    if worked.step is Step.TRIPLE_EFFECT and action.position is not None:
        flipped = worked.hand[action.position - 1]
        laid = (Piece(art=drawn_side(flipped).art, new=True), *sign_pieces("→"), Piece(art=hidden_side().art))
    return Example(
        said_legal=worked.said_legal,
        legal=verdict.legal,
        before=tuple(Piece(art=drawn_side(number).art) for number in worked.hand),
        laid=laid,
        facts={"numbers": list(action.numbers), "kind": None if verdict.kind is None else verdict.kind.value},
    )


def _scored(sums: dict[str, int]) -> dict[str, Any]:
    score = score_round(sums, knocker=KNOCKER)
    return {"sums": score.sums, "points": score.points, "knocker": KNOCKER}


HOW_TO_PLAY = HowToPlay("howto/quando.html", examples)
"""Quando's "How to play" page."""
