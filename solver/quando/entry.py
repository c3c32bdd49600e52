"""Quando in the solver's registry (:data:`solver.games.GAMES`): how to start, read, show and play it.

>>> ENTRY.name, ENTRY.variants, ENTRY.players, [option.name for option in ENTRY.options]
('quando', ('standard',), range(2, 7), ['target'])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solver.contract import GameState
from solver.entry import Bot, GameEntry, Option, is_whole_number, player_names
from solver.quando.results import game_results
from solver.quando.rulings import RULINGS
from solver.quando.scoring import DEFAULT_TARGET
from solver.quando.state import Action, Game, State
from solver.quando.view import seat_verdict, seat_view
from solver.quando.violations import ViolationCode
from solver.review import TurnRules

MAX_TARGET = 1000
"""The highest target a Quando game may be started with: twenty times the usual 50, so every game stays bounded."""


def _start(players: int, variant: str, seed: int, options: Mapping[str, Any]) -> GameState[Any]:
    return Game(player_names(players), target=options["target"], seed=seed).new_state()


# The bots' and the review's modules load the searches: they are imported when first asked for, not with the entry.


def _make_bot(kind: str, seed: int) -> Bot:
    from solver.quando.bots import make_bot  # noqa: PLC0415

    return make_bot(kind, seed=seed)


def _turn_rules() -> TurnRules:
    from solver.quando.review import TURNS  # noqa: PLC0415

    return TURNS


ENTRY = GameEntry(
    name="quando",
    title="Quando",
    variants_players={"standard": range(2, 7)},
    codes=tuple(ViolationCode),
    rulings=RULINGS,
    start=_start,
    options=(
        Option(
            "target",
            DEFAULT_TARGET,
            f"a whole number from 1 to {MAX_TARGET}",
            lambda value: is_whole_number(value) and 1 <= value <= MAX_TARGET,
        ),
    ),
    parse=Action.parse,
    load=State.from_dict,
    view=seat_view,
    bot_kinds=("strong", "easy", "random"),
    bot_maker=_make_bot,
    review_rules=_turn_rules,
    final_results=game_results,
    verdict_view=seat_verdict,
)
"""Quando's entry in the solver's registry."""
