"""Nambarz in the solver's registry (:data:`solver.games.GAMES`): how to start, read, show and play it.

>>> ENTRY.name, ENTRY.variants, ENTRY.players, ENTRY.bot_kinds[0], ENTRY.default_bot("beginners")
('nambarz', ('beginners', 'intermediate', 'expert'), range(2, 13), 'planner', 'beginner')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solver.contract import GameState
from solver.entry import Bot, GameEntry, Option, is_whole_number, player_names
from solver.nambarz.results import game_results
from solver.nambarz.rulings import RULINGS
from solver.nambarz.state import GAME_LENGTHS, Action, Game, State, Variant
from solver.nambarz.view import seat_view
from solver.nambarz.violations import ViolationCode
from solver.review import TurnRules

_PLAYERS = range(2, 13)


def _start(players: int, variant: str, seed: int, options: Mapping[str, Any]) -> GameState[Any]:
    game = Game(player_names(players), variant=Variant(variant), rounds=options["rounds"], seed=seed)
    return game.new_state()


# The bots' and the review's modules load the searches: they are imported when first asked for, not with the entry.


def _make_bot(kind: str, seed: int) -> Bot:
    from solver.nambarz.bots import make_bot  # noqa: PLC0415

    return make_bot(kind, seed=seed)


def _turn_rules() -> TurnRules:
    from solver.nambarz.review import TURNS  # noqa: PLC0415

    return TURNS


ENTRY = GameEntry(
    name="nambarz",
    title="Nambarz",
    # The expert deck keeps one joker of each kind: 84 cards, seven for each of 11 players and one to turn up.
    variants_players={"beginners": _PLAYERS, "intermediate": _PLAYERS, "expert": range(2, 12)},
    codes=tuple(ViolationCode),
    rulings=RULINGS,
    start=_start,
    options=(Option("rounds", 1, "1, 3 or 5", lambda value: is_whole_number(value) and value in GAME_LENGTHS),),
    parse=Action.parse,
    load=State.from_dict,
    view=seat_view,
    bot_kinds=("planner", "beginner", "random", "careless"),
    bot_maker=_make_bot,
    review_rules=_turn_rules,
    final_results=game_results,
    # A child learning the game plays the beginners' variant: against a bot that plays like a learner.
    default_bots={"beginners": "beginner"},
)
"""Nambarz's entry in the solver's registry."""
