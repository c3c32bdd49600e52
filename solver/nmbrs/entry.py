"""Nmbrs! in the solver's registry (:data:`solver.games.GAMES`): how to start, read, show and play it.

>>> ENTRY.name, ENTRY.title, ENTRY.variants, ENTRY.players
('nmbrs', 'Nmbrs!', ('basic', 'advanced', 'simplified'), range(2, 9))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solver.contract import GameState
from solver.entry import Bot, GameEntry
from solver.nmbrs.results import game_results
from solver.nmbrs.rules import RuleSet
from solver.nmbrs.rulings import RULINGS
from solver.nmbrs.state import Action, Game, State
from solver.nmbrs.view import seat_view
from solver.nmbrs.violations import ViolationCode
from solver.review import TurnRules


def _start(players: int, variant: str, seed: int, options: Mapping[str, Any]) -> GameState[Any]:
    return Game(players, RuleSet(variant), seed=seed).new_state()


# The bots' and the review's modules load the searches: they are imported when first asked for, not with the entry.


def _make_bot(kind: str, seed: int) -> Bot:
    from solver.nmbrs.bots import make_bot  # noqa: PLC0415

    return make_bot(kind, seed=seed)


def _turn_rules() -> TurnRules:
    from solver.nmbrs.review import TURNS  # noqa: PLC0415

    return TURNS


ENTRY = GameEntry(
    name="nmbrs",
    title="Nmbrs!",
    variants_players=dict.fromkeys(("basic", "advanced", "simplified"), range(2, 9)),
    codes=tuple(ViolationCode),
    rulings=RULINGS,
    start=_start,
    options=(),
    parse=Action.parse,
    load=State.from_dict,
    view=seat_view,
    bot_kinds=("greedy", "easy", "random"),
    bot_maker=_make_bot,
    review_rules=_turn_rules,
    final_results=game_results,
)
"""Nmbrs!' entry in the solver's registry."""
