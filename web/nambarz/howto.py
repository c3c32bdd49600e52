"""How to play Nambarz: the cards to draw and the worked examples, each judged by the referee when the page is shown.

Every example is a top card and a move in the notation, with what the page
says of it (allowed or not); :func:`examples` judges each with
:func:`~solver.nambarz.turn.check_turn` and hands the page the verdict's
facts (the value, the steps read left to right, the smaller calculation, the
master-stroke points), so that no number on the page is written by hand.

>>> from api.app import create_app
>>> from web.language import choose_language
>>> with create_app({"TESTING": True}).test_request_context("/?lang=en"):
...     _ = choose_language()
...     found = examples("en")
>>> found["left_to_right"].facts["steps"], found["fewer_cards"].facts["smaller"]
(['9 − 1 = 8', '8 ÷ 2 = 4'], '6 − 2')
>>> all(example.agrees for example in found.values() if isinstance(example, Example))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.nambarz.arithmetic import format_value, value_as_written
from solver.nambarz.cards import Card
from solver.nambarz.notation import Chain, Turn
from solver.nambarz.referee import Verdict
from solver.nambarz.scoring import RANK_POINTS, master_stroke_points
from solver.nambarz.turn import check_turn
from tutor.rendering import card_name
from web.cards import card_key
from web.howto import Example, HowToPlay, Piece, sign_pieces


@dataclass(frozen=True)
class Worked:
    """A worked example before it is judged: the top card, the move in the notation, and what the page says of it."""

    top: str
    move: str
    said_legal: bool


WORKED = {
    "match_number": Worked("3bee", "3", True),
    "match_figure": Worked("3bee", "8bee", True),
    "match_on_symbol": Worked("3", "8bee", False),
    "left_to_right": Worked("4hen", "9 - 1 / 2", True),
    "figure_calculation": Worked("5", "7owl - 2fish", True),
    "mixed_kinds": Worked("5", "7owl - 2", False),
    "fewer_cards": Worked("4", "2 + 6 + 5 - 9", False),
    "matching_in_calculation": Worked("4", "8 - 4", False),
    "wrong_result": Worked("6", "9 - 2", False),
    "joker_number": Worked("6", "Jnumber 9", True),
    "joker_figure": Worked("6turtle", "Jfigure 9hen", True),
    "joker_both": Worked("6turtle", "Jboth 5", True),
    "joker_wrong_kind": Worked("6", "Jfigure 9hen", False),
    "joker_then_matching": Worked("6", "Jnumber 6", False),
    "replay": Worked("5", "8 - 3 ; Jreplay ; 9 - 6", True),
    "master_stroke": Worked("5", "8 - 1 - 1 - 1", True),
}
"""The page's worked examples, by the name its template uses."""

SYMBOL_CARDS = ("1", "4", "7", "10")
FIGURE_CARDS = ("1dragonfly", "1turtle", "2fish", "2owl", "3bee", "3hippo", "4hen", "4duck", "5cat", "5bear")
"""Figure cards shown on the page: each figure once, on the smaller of its two numbers."""
JOKERS = ("Jnumber", "Jfigure", "Jboth", "Jreplay")

MASTER_STROKE_SIZES = (4, 5, 6)
"""The calculations whose master-stroke points the page lists."""


def examples(lang: str) -> dict[str, Any]:
    """The cards the page draws and its worked examples judged, in ``lang``."""
    found: dict[str, Any] = {name: _judged(worked, lang) for name, worked in WORKED.items()}
    found["symbols"] = [_drawn(text, lang) for text in SYMBOL_CARDS]
    found["figures"] = [_drawn(text, lang) for text in FIGURE_CARDS]
    found["jokers"] = [_drawn(text, lang) for text in JOKERS]
    found["joker_names"] = {text: card_name(Card.parse(text), lang) for text in JOKERS}
    found["master_points"] = [(size, master_stroke_points(size)) for size in MASTER_STROKE_SIZES]
    found["rank_points"] = RANK_POINTS
    return found


def _drawn(text: str, lang: str, *, new: bool = False) -> Piece:
    return Piece(art=card_key(Card.parse(text), lang).art, new=new)


def _judged(worked: Worked, lang: str) -> Example:
    top = Card.parse(worked.top)
    turn = Turn.parse(worked.move)
    verdict = check_turn(top, turn)
    laid: list[Piece] = []
    for play in turn.plays:
        for index, card in enumerate(play.cards):
            if index and isinstance(play, Chain):
                laid += sign_pieces(play.operators[index - 1].sign)
            laid.append(_drawn(str(card), lang, new=True))
    plays = verdict.judged
    first = plays[0] if plays else None
    facts: dict[str, Any] = {
        "top": card_name(top, lang),
        "cards": [card_name(card, lang) for play in turn.plays for card in play.cards],
        "master_points": verdict.master_points,
        "penalty": verdict.penalty_draw,
    }
    if isinstance(first, Verdict) and isinstance(first.play, Chain):
        chain = first.play
        facts["value"] = format_value(first.value)
        facts["steps"] = _steps(chain)
        facts["smaller"] = None if first.smaller is None else _written(first.smaller)
        facts["stays"] = len(first.stays)
        facts["returned"] = len(first.returned)
    if len(plays) > 1:
        facts["replayed_on"] = card_name(plays[-1].top, lang)
    return Example(
        said_legal=worked.said_legal,
        legal=verdict.legal,
        before=(_drawn(worked.top, lang),),
        laid=tuple(laid),
        facts=facts,
    )


def _steps(chain: Chain) -> list[str]:
    """A calculation worked out left to right, one step a line: ``9 − 1 = 8``, ``8 ÷ 2 = 4``.

    >>> _steps(Chain.parse("10 - 4 / 2"))
    ['10 − 4 = 6', '6 ÷ 2 = 3']
    """
    numbers = [card.number or 0 for card in chain.cards]
    steps = []
    for index, operator in enumerate(chain.operators, start=1):
        before = value_as_written(numbers[:index], chain.operators[: index - 1])
        after = value_as_written(numbers[: index + 1], chain.operators[:index])
        steps.append(f"{format_value(before)} {operator.sign} {numbers[index]} = {format_value(after)}")
    return steps


def _written(chain: Chain) -> str:
    """A calculation with the printed signs: ``6 − 2``."""
    numbers = [str(card.number) for card in chain.cards]
    steps = (f"{operator.sign} {number}" for operator, number in zip(chain.operators, numbers[1:], strict=True))
    return " ".join([numbers[0], *steps])


HOW_TO_PLAY = HowToPlay("howto/nambarz.html", examples)
"""Nambarz's "How to play" page."""
