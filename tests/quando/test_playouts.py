"""Seeded random games of Quando played to the end, checking the engine's own rules at every step.

The shared state contract (legal actions, ``check`` and ``apply``, card
conservation, the JSON round trip, replay) is checked for every game by
``tests/test_conformance.py``.  These playouts check what only Quando has:
the discards turned over when the draw pile runs out, no empty hand but
the one about to draw, what the hint sees, and at the end every round's
points, the dealers and the winners.  A hinted player follows the hint at
the start of its turns.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import pytest

from solver.errors import GameError
from solver.quando import Action, Game, Side, State, Step, hint, replay, score_round
from solver.quando.state import ROUNDS_KEPT


@dataclass(frozen=True)
class Setting:
    """One game configuration to play out."""

    players: int
    seed: int
    target: int = 50
    hinted: bool = False

    def game(self) -> Game:
        return Game(tuple(f"P{seat + 1}" for seat in range(self.players)), self.target, self.seed)

    @property
    def label(self) -> str:
        return f"{self.players}p-to{self.target}-seed{self.seed}{'-hinted' if self.hinted else ''}"


SETTINGS = [
    *(Setting(players, seed) for players in range(2, 7) for seed in range(2)),
    Setting(2, 7, target=40),
    Setting(3, 8, target=150),
    Setting(6, 9, target=120),
    Setting(2, 10, target=400),  # more rounds than a state keeps: the totals still count them all
    *(Setting(players, 30 + players, hinted=True) for players in (3, 5)),
]

ONLY_ZEROS_SETTINGS = [Setting(2, 217), Setting(4, 59)]
"""Seeds whose random games have a round ended by a hand of only zeros, which random play rarely reaches."""


def check_step(state: State) -> list[Action]:
    """Check what holds between any two actions of Quando; return the legal actions."""
    assert state.draw_pile or not state.discard_pile, "the discards were not turned over when the draw pile ran out"
    drawing = state.acting if state.step is Step.DRAW else None
    assert all(hand for seat, hand in enumerate(state.hands) if seat != drawing), "a hand is empty after its draw"
    actions = state.legal_actions()
    for action in actions:
        assert Action.parse(str(action)) == action
        assert state.check(action).legal, f"listed action {action} is judged illegal"
    return actions


def hinted_turn(state: State, actions: list[Action]) -> tuple[Action, Side | None]:
    """The hint's suggestion at the start of a turn and the side it draws after a play.

    The hint sees only what the player may see; the real hidden side of the
    top card must be among those it leaves possible.
    """
    top = state.draw_pile[-1]
    advice = hint(
        state.fronts(state.acting),
        plays_made=state.plays_made[state.acting],
        draw_visible=top.front,
        out_of_game=[card.front for card in state.discard_pile],
        last_round=state.knocker is not None,
    )
    assert top.back in advice.hidden.backs, "the hint ruled out the card's real hidden side"
    assert advice.suggestion.action in actions
    return advice.suggestion.action, advice.suggestion.side


def play_out(setting: Setting) -> tuple[Game, State, list[tuple[int, str]]]:
    """Play a whole game of ``setting``, checking every step; return the game, the final state and the actions."""
    game = setting.game()
    rng = random.Random(setting.seed)
    state = game.new_state()
    played: list[tuple[int, str]] = []
    hinted_side: Side | None = None
    while not state.is_over:
        actions = check_step(state)
        if setting.hinted and state.acting == 0 and state.step is Step.TURN:
            action, hinted_side = hinted_turn(state, actions)
        elif hinted_side is not None and state.step is Step.DRAW:
            action, hinted_side = Action.take(hinted_side), None
        else:
            action = rng.choice(actions)
        played.append((state.acting, str(action)))
        state.apply(action)
    return game, state, played


def check_finished_game(game: Game, state: State, played: list[tuple[int, str]]) -> None:
    """The end of a game: no more actions, the points of every round, the dealers, the winners."""
    assert state.is_over and state.to_move is None and state.legal_actions() == []
    with pytest.raises(GameError, match="the game is over"):
        state.apply(Action.parse("pass"))
    assert replay(game, played).to_dict() == state.to_dict()
    assert len(state.results) <= ROUNDS_KEPT
    for number, result in enumerate(state.results, start=state.results[0].number):
        assert result.number == number
        assert result.score == score_round(result.score.sums, result.score.knocker)
        assert result.only_zeros is not None or result.score.knocker is not None, "a round ended without a cause"
        if result.only_zeros is not None:
            assert result.score.sums[result.only_zeros] == 0
    dealers = [result.dealer for result in state.results]
    first = state.results[0].number - 1
    assert dealers == [(len(game.players) - 1 + first + index) % len(game.players) for index in range(len(dealers))]
    totals = state.totals
    assert max(totals.values()) >= game.target
    assert all(total < game.target for total in _totals_before_last_round(state).values())
    lowest = min(totals.values())
    assert state.winners == tuple(player for player in game.players if totals[player] == lowest)
    assert max(state.returns()) == -lowest


def _totals_before_last_round(state: State) -> dict[str, int]:
    totals = {player: state.earlier.get(player, 0) for player in state.players}
    for result in state.results[:-1]:
        for player, points in result.score.points.items():
            totals[player] += points
    return totals


@pytest.mark.parametrize("setting", SETTINGS + ONLY_ZEROS_SETTINGS, ids=lambda setting: setting.label)
def test_a_random_game_keeps_every_rule_to_the_end(setting: Setting) -> None:
    game, state, played = play_out(setting)
    check_finished_game(game, state, played)


def test_the_playouts_reach_every_kind_of_action_both_round_ends_and_the_turning_over() -> None:
    seen: Counter[str] = Counter()
    for setting in SETTINGS + ONLY_ZEROS_SETTINGS:
        state = setting.game().new_state()
        rng = random.Random(setting.seed)
        while not state.is_over:
            discards, round_number = len(state.discard_pile), state.round_number
            action = rng.choice(state.legal_actions())
            state.apply(action)
            seen[action.kind.value] += 1
            seen["turned over"] += state.round_number == round_number and discards > 0 and not state.discard_pile
        seen.update("zeros" if result.only_zeros else "knock" for result in state.results)
    reached = {kind for kind, count in seen.items() if count}
    assert {"play", "take", "flip", "knock", "zeros", "turned over"} <= reached, (
        f"the random playouts changed and no longer reach {seen}: pick other seeds"
    )
