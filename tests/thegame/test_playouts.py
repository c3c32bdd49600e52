"""Seeded games of The Game played to the end, checking the engine's own rules at every step.

The shared state contract (legal actions, ``check`` and ``apply``, card
conservation, the JSON round trip, replay) is checked for every game by
``tests/test_conformance.py``.  These playouts check what only The Game has:
sorted hands and the count of cards left, fire cards and their deadlines,
that every card the rules forbid is refused and every listed placement is
legal, and how a game ends.  A greedy player, laying the closest card,
plays long games and sometimes wins them.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import pytest

from solver.errors import IllegalMoveError
from solver.thegame import END_TURN, FIRE_CARDS, PILES, Action, Ending, Game, State, Variant, can_play
from solver.thegame.cards import CARDS


@dataclass(frozen=True)
class Setting:
    """One game configuration and the player that plays it out."""

    players: int
    variant: Variant = Variant.STANDARD
    on_fire: bool = False
    seed: int = 0
    greedy: bool = False

    def game(self) -> Game:
        return Game(self.players, self.variant, self.on_fire, self.seed)

    @property
    def label(self) -> str:
        fire = "-fire" if self.on_fire else ""
        player = "greedy" if self.greedy else "random"
        return f"{self.players}p-{self.variant.value}{fire}-seed{self.seed}-{player}"


SETTINGS = [
    *(Setting(players, seed=40 + players, greedy=True) for players in range(1, 6)),
    *(Setting(players, Variant.PRO, on_fire=True, seed=50 + players, greedy=True) for players in range(1, 6)),
    Setting(2, Variant.PRO, on_fire=True, seed=31),
]

WINNING_SETTINGS = [
    Setting(1, seed=139, greedy=True),
    Setting(3, seed=5, greedy=True),
    Setting(2, on_fire=True, seed=32, greedy=True),
]
"""Seeds the greedy player wins, so that the last card is laid in the test."""


# ----------------------------------------------------------------- players


def closeness(state: State, action: Action) -> int:
    """How far a placement moves its pile on: the ten-back move counts as a gain of ten."""
    assert action.card is not None and action.pile is not None
    top = state.tops[action.pile]
    return action.card - top if action.pile.ascending else top - action.card


def greedy_choice(state: State, actions: list[Action]) -> Action:
    """The closest placement, or ``end`` once the minimum is laid and no placement is close."""
    placements = [action for action in actions if not action.is_end]
    best = min(placements, key=lambda action: closeness(state, action), default=END_TURN)
    if END_TURN in actions and (best is END_TURN or closeness(state, best) > 3):
        return END_TURN
    return best


# ----------------------------------------------------------------- invariants


def cards_laid(transcript: list[str]) -> list[int]:
    return [card for card in (Action.parse(text).card for text in transcript) if card is not None]


def check_step(state: State) -> list[Action]:
    """Check what holds between any two actions of The Game; return the legal actions."""
    assert all(hand == sorted(hand) for hand in state.hands)
    assert state.cards_left == len(state.draw_pile) + sum(map(len, state.hands))
    for pile, deadline in state.fire.items():
        assert state.tops[pile] in FIRE_CARDS
        assert state.is_over or deadline in (state.turns, state.turns + 1)
    actions = state.legal_actions()
    for action in actions:
        assert Action.parse(str(action)) == action
        assert state.check(action).legal, f"listed action {action} is judged illegal"
    check_refusals(state, actions)
    return actions


def forbidden_actions(state: State, actions: list[Action]) -> list[Action]:
    """Actions the rules forbid now: a card not held, a card going the wrong way, ending too early."""
    refused = [Action.place(card, pile) for card in (state.draw_pile[-1:] or [2]) for pile in PILES]
    refused = [action for action in refused if action not in actions]
    for card in state.hand:
        refused += [Action.place(card, pile) for pile in PILES if not can_play(card, pile, state.tops[pile])]
    if END_TURN not in actions:
        refused.append(END_TURN)
    return refused


def check_refusals(state: State, actions: list[Action]) -> None:
    document = state.to_dict()
    for action in forbidden_actions(state, actions):
        assert not state.check(action).legal
        with pytest.raises(IllegalMoveError):
            state.apply(action)
        assert state.to_dict() == document, f"refused action {action} changed the state"


def check_finished_game(game: Game, state: State) -> None:
    assert state.is_over and state.ending is not None
    assert state.won == (state.cards_left == 0)
    assert state.excellent == (state.cards_left < 10 and state.ending is not Ending.FIRE_UNCOVERED)
    assert state.lost_to_fire == (state.ending is Ending.FIRE_UNCOVERED)
    if state.lost_to_fire:
        assert game.on_fire
    assert set(state.returns()) == {-len(CARDS) if state.lost_to_fire else -state.cards_left}


def play_out(setting: Setting) -> tuple[State, list[str]]:
    """Play a whole game of ``setting``, checking every step; the final state and the actions as written."""
    game = setting.game()
    rng = random.Random(setting.seed)
    state = game.new_state()
    played: list[str] = []
    while not state.is_over:
        actions = check_step(state)
        action = greedy_choice(state, actions) if setting.greedy else rng.choice(actions)
        state.apply(action)
        played.append(str(action))
    check_step(state)
    check_finished_game(game, state)
    return state, played


# ----------------------------------------------------------------- the tests


@pytest.mark.parametrize("setting", SETTINGS, ids=lambda setting: setting.label)
def test_a_long_game_keeps_every_rule_to_the_end(setting: Setting) -> None:
    play_out(setting)


@pytest.mark.parametrize("setting", WINNING_SETTINGS, ids=lambda setting: setting.label)
def test_a_won_game_lays_all_98_cards_and_keeps_every_rule(setting: Setting) -> None:
    state, played = play_out(setting)
    assert state.won, f"{setting.label} is no longer won by the greedy player: pick another seed"
    assert sorted(cards_laid(played)) == list(CARDS)
    assert state.returns() == [0] * setting.players


def test_random_games_reach_every_kind_of_ending() -> None:
    endings: Counter[Ending] = Counter()
    for seed in range(60):
        setting = Setting(1 + seed % 5, on_fire=seed % 2 == 0, seed=seed, greedy=seed % 3 == 0)
        game = setting.game()
        rng = random.Random(seed)
        state = game.new_state()
        while not state.is_over:
            actions = state.legal_actions()
            state.apply(greedy_choice(state, actions) if setting.greedy else rng.choice(actions))
        endings[state.ending] += 1
    assert set(endings) >= {Ending.MINIMUM_OUT_OF_REACH, Ending.STUCK_BELOW_MINIMUM, Ending.FIRE_UNCOVERED}
