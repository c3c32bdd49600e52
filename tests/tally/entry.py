"""Tally in the solver's registry: the one line a new game adds to :data:`solver.games.GAMES`, made here instead."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solver.contract import GameState
from solver.entry import Bot, GameEntry
from tests.tally import rules


def _start(players: int, variant: str, seed: int, options: Mapping[str, Any]) -> GameState[Any]:
    return rules.Game(players).new_state()


def _make_bot(kind: str, seed: int) -> Bot:
    return rules.make_bot(kind, seed=seed)


ENTRY = GameEntry(
    name=rules.NAME,
    title="Tally",
    variants_players={"standard": range(2, 5)},
    codes=tuple(rules.ViolationCode),
    rulings=rules.RULINGS,
    start=_start,
    options=(),
    parse=rules.Action.parse,
    load=rules.State.from_dict,
    view=rules.seat_view,
    bot_kinds=("perfect", "random"),
    bot_maker=_make_bot,
    review_rules=lambda: rules.TURNS,
)
"""Tally's rules, as every layer above finds them."""
