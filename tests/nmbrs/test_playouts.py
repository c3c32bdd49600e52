"""Seeded random games of Nmbrs! played to the end, checking the engine's own rules at every step.

The shared state contract (legal actions, ``check`` and ``apply``, card
conservation, the JSON round trip, replay) is checked for every game by
``tests/test_conformance.py``.  These playouts check what only Nmbrs! has:
the table stays valid, each phase refuses the actions of the others (a
claim out of turn, a discard of a card not held, a lay on a taken cell…),
and the rounds' results add up to the scores and the winners.  Together
they take every kind of action and meet every way a round ends.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from dataclasses import dataclass

import pytest

from solver.errors import IllegalMoveError
from solver.nmbrs import JOKER, Action, ActionKind, Game, Phase, RuleSet, State

MAX_ACTIONS = 6000
"""A playout longer than this fails: every round and every game is bounded (rulings blocked-round, round-limit)."""


@dataclass(frozen=True)
class Setting:
    players: int
    rules: RuleSet
    seed: int

    @property
    def label(self) -> str:
        return f"{self.players}p-{self.rules.value}-seed{self.seed}"


SETTINGS = [
    Setting(2, RuleSet.BASIC, 1),
    Setting(4, RuleSet.BASIC, 0),
    Setting(8, RuleSet.BASIC, 1),
    Setting(2, RuleSet.ADVANCED, 4),
    Setting(4, RuleSet.ADVANCED, 0),
    Setting(2, RuleSet.SIMPLIFIED, 5),
    Setting(3, RuleSet.SIMPLIFIED, 3),
    Setting(8, RuleSet.SIMPLIFIED, 4),
]
"""Seeds whose games end within a few hundred actions, several rounds among them, to keep the run short."""


def refused_actions(state: State) -> list[Action]:
    """Actions the phase does not allow, or that break a rule of the lay."""
    refused = [Action.parse(text) for text in ("claim", "pass") if state.phase is not Phase.CLAIM]
    if state.phase is not Phase.LAY:
        return [*refused, Action.parse("discard J")]
    hand = state.hands[state.active]
    missing = next(card for card in state.game.cards() if card not in hand and card != JOKER)
    refused += [Action.parse("take"), Action.parse(f"discard {missing}"), Action.parse(f"lay {missing}@500,500")]
    for placement in state.table.placements[:1]:
        refused.append(Action.parse(f"lay {hand[0]}@{placement.cell}"))
    if state.game.rules.discards_last_card:
        refused.append(Action.parse("end"))
    return refused


def check_step(state: State) -> list[Action]:
    """Check what holds between any two actions of Nmbrs!; return the legal actions."""
    assert state.table.problems(state.game.rules) == []
    document = state.to_dict()
    for action in refused_actions(state):
        with pytest.raises(IllegalMoveError):
            state.apply(action)
        assert state.to_dict() == document, f"refused {action} changed the state"
    return state.legal_actions()


@dataclass(frozen=True)
class Playout:
    game: Game
    state: State
    reshuffled: bool
    """Whether the draw pile ran out and was refilled from the discards."""
    actions: tuple[str, ...]
    """Every action of the game, as written."""


@functools.cache
def play_out(setting: Setting) -> Playout:
    """Play a whole game of ``setting``, checking every step; each setting is played once per run."""
    game = Game(setting.players, setting.rules, seed=setting.seed)
    state = game.new_state()
    rng = random.Random(setting.seed)
    reshuffled = False
    played: list[str] = []
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            break
        action = rng.choice(check_step(state))
        shuffles, round_number = state.shuffles, state.round_number
        state.apply(action)
        played.append(str(action))
        reshuffled |= state.round_number == round_number and state.shuffles > shuffles
    assert state.is_over, f"{setting.label} did not end within {MAX_ACTIONS} actions"
    assert state.legal_actions() == []
    with pytest.raises(IllegalMoveError):
        state.apply(Action.parse("take"))
    return Playout(game, state, reshuffled, tuple(played))


@pytest.mark.parametrize("setting", SETTINGS, ids=lambda setting: setting.label)
def test_a_random_game_keeps_every_rule_to_the_end(setting: Setting) -> None:
    playout = play_out(setting)
    state = playout.state
    assert state.winners
    best = max(state.scores)
    assert all(state.scores[seat] == best for seat in state.winners)
    assert state.results[-1].scores == tuple(state.scores)
    assert state.returns() == state.scores
    kinds = Counter(Action.parse(action).kind for action in playout.actions)
    assert kinds[ActionKind.PLAY] > 0
    assert kinds[ActionKind.DISCARD] + kinds[ActionKind.END] > 0


def test_the_playouts_take_every_kind_of_action_and_meet_every_way_a_round_ends() -> None:
    playouts = [play_out(setting) for setting in SETTINGS]
    actions = [Action.parse(text) for playout in playouts for text in playout.actions]
    kinds = {action.play.kind.value if action.play else action.kind.value for action in actions}
    assert kinds == {"take", "decline", "claim", "pass", "draw", "lay", "insert", "swap", "discard", "end"}
    results = [result for playout in playouts for result in playout.state.results]
    assert any(result.winner is None for result in results), "no blocked round"
    assert any(result.winner is not None for result in results), "nobody went out"
    assert any(len(playout.state.results) > 1 for playout in playouts)
    assert any(playout.reshuffled for playout in playouts), "the draw pile never ran out"
