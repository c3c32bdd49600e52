"""The Game in the solver's registry (:data:`solver.games.GAMES`): how to start, read, show and play it.

A variant combines the rules (standard or pro) with the On Fire expansion or not.

>>> ENTRY.name, ENTRY.variants, ENTRY.players
('thegame', ('standard', 'pro', 'standard-on-fire', 'pro-on-fire'), range(1, 6))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solver.contract import GameState
from solver.entry import Bot, GameEntry
from solver.review import TurnRules
from solver.thegame.results import game_results
from solver.thegame.rules import Variant
from solver.thegame.rulings import RULINGS
from solver.thegame.state import Action, Game, State
from solver.thegame.view import seat_view
from solver.thegame.violations import ViolationCode


def _start(players: int, variant: str, seed: int, options: Mapping[str, Any]) -> GameState[Any]:
    rules, _, fire = variant.partition("-")
    return Game(players, Variant(rules), on_fire=bool(fire), seed=seed).new_state()


# The bots' and the review's modules load the searches: they are imported when first asked for, not with the entry.


def _make_bot(kind: str, seed: int) -> Bot:
    from solver.thegame.bots import make_bot  # noqa: PLC0415

    return make_bot(kind, seed=seed)


def _turn_rules() -> TurnRules:
    from solver.thegame.review import TURNS  # noqa: PLC0415

    return TURNS


ENTRY = GameEntry(
    name="thegame",
    title="The Game",
    variants_players=dict.fromkeys(("standard", "pro", "standard-on-fire", "pro-on-fire"), range(1, 6)),
    codes=tuple(ViolationCode),
    rulings=RULINGS,
    start=_start,
    options=(),
    parse=Action.parse,
    load=State.from_dict,
    view=seat_view,
    bot_kinds=("strong", "silent", "naive"),
    bot_maker=_make_bot,
    review_rules=_turn_rules,
    final_results=game_results,
)
"""The Game's entry in the solver's registry."""
