"""Seeded random playouts of whole Nmbrs! games, checking the state contract at every step.

Modelled on OpenSpiel's ``games_sim_test``: every configuration is played
from the deal to the end of the game by a player that picks uniformly among
the legal actions, and after every action:

* the cards in the hands, the draw pile, the discard pile and on the table
  are exactly the game's cards;
* there are legal actions until the game is over, and none after;
* every legal action gets a legal verdict from ``check``;
* actions the phase does not allow raise ``IllegalMoveError`` and leave the
  state unchanged;
* the table is valid, and the state survives ``to_dict`` → JSON →
  ``from_dict`` unchanged.

At the end the transcript replays to the same state, and the rounds' results
add up to the scores.
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from dataclasses import dataclass

import pytest

from solver.contract import GameState
from solver.errors import IllegalMoveError
from solver.nmbrs import JOKER, Action, ActionKind, Card, Game, Phase, RuleSet, State, replay

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


def cards_in_play(state: State) -> Counter[Card]:
    cards = Counter(state.draw_pile) + Counter(state.discard_pile) + Counter(state.table.cards())
    for hand in state.hands:
        cards.update(hand)
    return cards


def refused_actions(state: State) -> list[Action]:
    """Actions the phase does not allow, or that break a rule of the lay."""
    if state.phase is Phase.OVER:
        return [Action.parse("take")]
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


def check_step(state: State, game_cards: Counter[Card]) -> list[Action]:
    """Check the invariants that hold between any two actions; return the legal actions."""
    assert cards_in_play(state) == game_cards
    assert state.table.problems(state.game.rules) == []
    actions = state.legal_actions()
    assert bool(actions) != state.is_over
    assert (state.to_move is None) == state.is_over
    assert len({str(action) for action in actions}) == len(actions), "an action is listed twice"
    document = state.to_dict()
    assert State.from_dict(json.loads(json.dumps(document))).to_dict() == document
    for action in actions:
        assert Action.parse(str(action)) == action
        verdict = state.check(action)
        assert verdict.legal, f"listed {action} is judged illegal: {verdict.codes}"
        assert json.loads(json.dumps(verdict.to_dict())) == verdict.to_dict()
    for action in refused_actions(state):
        with pytest.raises(IllegalMoveError):
            state.apply(action)
        assert state.to_dict() == document, f"refused {action} changed the state"
    return actions


@dataclass(frozen=True)
class Playout:
    game: Game
    state: State
    reshuffled: bool
    """Whether the draw pile ran out and was refilled from the discards."""


@functools.cache
def play_out(setting: Setting) -> Playout:
    """Play a whole game of ``setting``, checking every step; each setting is played once per run."""
    game = Game(setting.players, setting.rules, seed=setting.seed)
    state = game.new_state()
    contract: GameState[Action] = state
    game_cards = Counter(game.cards())
    rng = random.Random(setting.seed)
    reshuffled = False
    for _ in range(MAX_ACTIONS):
        if contract.is_over:
            break
        action = rng.choice(check_step(state, game_cards))
        shuffles, round_number = state.shuffles, state.round_number
        state.apply(action)
        reshuffled |= state.round_number == round_number and state.shuffles > shuffles
    check_step(state, game_cards)
    assert state.is_over, f"{setting.label} did not end within {MAX_ACTIONS} actions"
    return Playout(game, state, reshuffled)


@pytest.mark.parametrize("setting", SETTINGS, ids=lambda setting: setting.label)
def test_a_random_game_keeps_every_invariant_to_the_end(setting: Setting) -> None:
    playout = play_out(setting)
    game, state = playout.game, playout.state
    assert replay(game, state.transcript).to_dict() == state.to_dict()
    assert state.winners
    best = max(state.scores)
    assert all(state.scores[seat] == best for seat in state.winners)
    assert state.results[-1].scores == tuple(state.scores)
    kinds = Counter(Action.parse(action).kind for _, action in state.transcript)
    assert kinds[ActionKind.PLAY] > 0
    assert kinds[ActionKind.DISCARD] + kinds[ActionKind.END] > 0


def test_the_playouts_take_every_kind_of_action_and_meet_every_way_a_round_ends() -> None:
    playouts = [play_out(setting) for setting in SETTINGS]
    actions = [Action.parse(text) for playout in playouts for _, text in playout.state.transcript]
    kinds = {action.play.kind.value if action.play else action.kind.value for action in actions}
    assert kinds == {"take", "decline", "claim", "pass", "draw", "lay", "insert", "swap", "discard", "end"}
    results = [result for playout in playouts for result in playout.state.results]
    assert any(result.winner is None for result in results), "no blocked round"
    assert any(result.winner is not None for result in results), "nobody went out"
    assert any(len(playout.state.results) > 1 for playout in playouts)
    assert any(playout.reshuffled for playout in playouts), "the draw pile never ran out"
