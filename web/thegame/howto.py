"""How to play The Game: the cards to draw and the worked examples, each a turn judged by the referee.

Every example is a position (the four piles and a hand) and the cards a
turn lays, each on its pile, with what the page says of the turn (allowed
or not); :func:`examples` judges each with
:func:`~solver.thegame.referee.check_play`.  The hand sizes, the turn's
minimum and the "excellent" mark come from the game's rules, and what a
teammate may say from the table's own words.

>>> from api.app import create_app
>>> from web.language import choose_language
>>> with create_app({"TESTING": True}).test_request_context("/?lang=en"):
...     _ = choose_language()
...     found = examples("en")
>>> found["backwards_up"].legal, found["too_few"].legal, found["hand_sizes"][:2]
(True, False, [(1, 8), (2, 7)])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.thegame.referee import Placement, Position, check_play
from solver.thegame.rules import BACKWARDS_STEP, EXCELLENT_BELOW, MAX_PLAYERS, MIN_PLAYERS, Pile, Variant, hand_size
from web.howto import Example, HowToPlay, Piece
from web.language import page_translations
from web.thegame.table import WISH_BUTTONS, drawn_card, pile_label, pile_name

START_PILES = {Pile.ASC1: 1, Pile.ASC2: 1, Pile.DESC1: 100, Pile.DESC2: 100}


@dataclass(frozen=True)
class Worked:
    """A turn before it is judged: the piles' tops that differ from the start, the hand, the cards laid (notation),
    and what the page says of the turn."""

    tops: dict[Pile, int]
    hand: tuple[int, ...]
    laid: tuple[str, ...]
    said_legal: bool


WORKED = {
    "going_up": Worked({Pile.ASC1: 12}, (15, 18, 40, 62, 77, 90), ("15>asc1", "18>asc1"), True),
    "going_down": Worked({Pile.DESC1: 80}, (71, 64, 33, 50, 9, 25), ("71>desc1", "64>desc1"), True),
    "wrong_way": Worked({Pile.ASC1: 30}, (25, 41, 60, 8, 88, 93), ("25>asc1", "41>asc1"), False),
    "backwards_up": Worked({Pile.ASC1: 47}, (37, 39, 60, 8, 88, 93), ("37>asc1", "39>asc1"), True),
    "backwards_down": Worked({Pile.DESC1: 65}, (75, 70, 33, 50, 9, 22), ("75>desc1", "70>desc1"), True),
    "too_few": Worked({Pile.ASC1: 20}, (24, 3, 98, 52, 70, 11), ("24>asc1",), False),
}
"""The page's worked examples, by the name its template uses; each shows the piles its cards are laid on."""

DRAW_PILE = 40
"""The draw pile's size in every example: cards left, so a turn lays at least two."""


def examples(lang: str) -> dict[str, Any]:
    """The cards the page draws, its worked examples judged, and the rules' numbers it quotes, in ``lang``."""
    found: dict[str, Any] = {name: _judged(worked) for name, worked in WORKED.items()}
    found["start_cards"] = [_pile_piece(pile, top) for pile, top in START_PILES.items()]
    found["numbers"] = [Piece(art=drawn_card(number).art) for number in (2, 17, 58, 99)]
    found["hand_sizes"] = [(players, hand_size(players)) for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)]
    found["pro_hand_sizes"] = [
        (players, hand_size(players, Variant.PRO)) for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)
    ]
    found["backwards_step"] = BACKWARDS_STEP
    found["excellent_below"] = EXCELLENT_BELOW
    t = page_translations()
    found["requests"] = [t.gettext(WISH_BUTTONS[wish]) for wish in _REQUESTED]
    return found


_REQUESTED = ("dont", "good")
"""What the page's teammates say about a pile, in the words of the table's buttons."""


def _pile_piece(pile: Pile, top: int, *, new: bool = False) -> Piece:
    return Piece(art=drawn_card(top).art, new=new, caption=pile_name(pile.value))


def _judged(worked: Worked) -> Example:
    piles = {**START_PILES, **worked.tops}
    position = Position(piles, worked.hand, draw_pile=DRAW_PILE)
    placements = [Placement.parse(text) for text in worked.laid]
    verdict = check_play(position, placements)
    facts = {
        "cards": [placement.card for placement in placements],
        "piles": [pile_label(str(placement.pile)) for placement in placements],
        "tops": [piles[Pile(placement.pile)] for placement in placements],
        "minimum": position.minimum,
        "draw": verdict.draw,
    }
    return Example(
        said_legal=worked.said_legal,
        legal=verdict.legal,
        before=tuple(_pile_piece(pile, piles[pile]) for pile in dict.fromkeys(Pile(p.pile) for p in placements)),
        laid=tuple(Piece(art=drawn_card(placement.card).art, new=True) for placement in placements),
        facts=facts,
    )


HOW_TO_PLAY = HowToPlay("howto/thegame.html", examples)
"""The Game's "How to play" page."""
