"""Seeded random playouts of whole Quando games, checking the engine's invariants after every action.

Modelled on OpenSpiel's ``games_sim_test``: every configuration is played
from the deal to the end of the game by players who pick uniformly among
the legal actions (a careless player also tries made-up actions, and a
hinted player follows the hint at the start of its turns), and between any
two actions:

* the hands and the two piles hold the 55 cards, each exactly once;
* the draw pile is empty only when the discard pile is empty too;
* no hand is empty, except the hand of a player about to draw;
* there are legal actions until the game is over, and none after;
* every legal action reads back from its notation and gets a legal verdict
  from ``check``, which changes nothing;
* an illegal action raises ``IllegalMoveError`` and changes nothing;
* the state survives ``to_dict`` → JSON → ``from_dict`` unchanged.

At the end the transcript replays to the same state, every round's points
follow from its sums and knocker, and the winners have the lowest total.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass

import pytest

from solver.contract import GameState
from solver.errors import GameError, IllegalMoveError
from solver.quando import DECK, Action, Game, Side, State, Step, hint, replay, score_round
from solver.quando.cards import NUMBERS

DECK_PAIRS = Counter(card.pair for card in DECK)

CARELESS_RATE = 0.3
"""How often the careless player tries an action of its own making instead of a listed one."""


@dataclass(frozen=True)
class Setting:
    """One game configuration to play out."""

    players: int
    seed: int
    target: int = 50
    careless: bool = False
    hinted: bool = False

    def game(self) -> Game:
        return Game(tuple(f"P{seat + 1}" for seat in range(self.players)), self.target, self.seed)

    @property
    def label(self) -> str:
        style = "-careless" if self.careless else "-hinted" if self.hinted else ""
        return f"{self.players}p-to{self.target}-seed{self.seed}{style}"


SETTINGS = [
    *(Setting(players, seed) for players in range(2, 7) for seed in range(2)),
    Setting(2, 7, target=40),
    Setting(3, 8, target=150),
    Setting(6, 9, target=120),
    *(Setting(players, 20 + players, careless=True) for players in (2, 4, 6)),
    *(Setting(players, 30 + players, hinted=True) for players in (3, 5)),
]

ONLY_ZEROS_SETTINGS = [Setting(2, 127), Setting(4, 218)]
"""Seeds whose random games have a round ended by a hand of only zeros, which random play rarely reaches."""


def check_step(state: State) -> list[Action]:
    """Check the invariants that hold between any two actions; return the legal actions."""
    assert Counter(card.pair for pile in (*state.hands, state.draw_pile, state.discard_pile) for card in pile) == (
        DECK_PAIRS
    )
    assert state.draw_pile or not state.discard_pile, "the discards were not turned over when the draw pile ran out"
    drawing = state.acting if state.step is Step.DRAW else None
    assert all(hand for seat, hand in enumerate(state.hands) if seat != drawing), "a hand is empty after its draw"
    document = state.to_dict()
    assert State.from_dict(json.loads(json.dumps(document))).to_dict() == document
    actions = state.legal_actions()
    assert actions, f"seat {state.to_move} has no legal action in step {state.step.value}"
    assert len(set(actions)) == len(actions), "an action is listed twice"
    for action in actions:
        assert Action.parse(str(action)) == action
        verdict = state.check(action)
        assert verdict.legal, f"listed action {action} is judged illegal: {verdict.codes}"
        assert json.loads(json.dumps(verdict.to_dict())) == verdict.to_dict()
    assert state.to_dict() == document, "check changed the state"
    return actions


def made_up_action(state: State, rng: random.Random) -> Action:
    """An action written without asking the rules: any play from the hand or not, any step's action."""
    fronts = state.fronts(state.acting)
    choice = rng.randrange(6)
    if choice == 0 and fronts:
        return Action.play(rng.sample(fronts, rng.randint(1, min(4, len(fronts)))))
    if choice == 1:
        return Action.play(rng.choices(NUMBERS, k=rng.randint(0, 4)))
    if choice == 2:
        return Action.flip(rng.randint(1, len(fronts) + 1))
    if choice == 3:
        return Action.take(rng.choice(list(Side)))
    return Action.parse(rng.choice(["knock", "pass"]))


def try_made_up_action(state: State, action: Action, actions: list[Action]) -> None:
    """Apply ``action`` if the referee allows it (it must then be listed); else it must be refused unchanged."""
    document = state.to_dict()
    verdict = state.check(action)
    if verdict.legal:
        assert action in actions, f"legal action {action} is missing from the legal actions"
        state.apply(action)
        return
    with pytest.raises(IllegalMoveError) as refusal:
        state.apply(action)
    assert refusal.value.verdict == verdict
    assert state.to_dict() == document, f"refused action {action} changed the state"


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


def play_out(setting: Setting, *, checked: bool = True) -> tuple[Game, State]:
    """Play a whole game of ``setting`` (checking every step unless told not to); return the game and state."""
    game = setting.game()
    rng = random.Random(setting.seed)
    state = game.new_state()
    hinted_side: Side | None = None
    while not state.is_over:
        actions = check_step(state) if checked else state.legal_actions()
        if setting.careless and rng.random() < CARELESS_RATE:
            try_made_up_action(state, made_up_action(state, rng), actions)
            continue
        if setting.hinted and state.acting == 0 and state.step is Step.TURN:
            action, hinted_side = hinted_turn(state, actions)
        elif hinted_side is not None and state.step is Step.DRAW:
            action, hinted_side = Action.take(hinted_side), None
        else:
            action = rng.choice(actions)
        state.apply(action)
    return game, state


def check_finished_game(game: Game, state: State) -> None:
    """The end of a game: no more actions, the replay, the points of every round, the winners."""
    assert state.is_over and state.to_move is None and state.legal_actions() == []
    with pytest.raises(GameError, match="the game is over"):
        state.apply(Action.parse("pass"))
    assert replay(game, state.transcript).to_dict() == state.to_dict()
    for number, result in enumerate(state.results, start=1):
        assert result.number == number
        assert result.score == score_round(result.score.sums, result.score.knocker)
        assert result.only_zeros is not None or result.score.knocker is not None, "a round ended without a cause"
        if result.only_zeros is not None:
            assert result.score.sums[result.only_zeros] == 0
    dealers = [result.dealer for result in state.results]
    assert dealers == [(len(game.players) - 1 + index) % len(game.players) for index in range(len(dealers))]
    totals = state.totals
    assert max(totals.values()) >= game.target
    assert all(total < game.target for total in _totals_before_last_round(state).values())
    lowest = min(totals.values())
    assert state.winners == tuple(player for player in game.players if totals[player] == lowest)


def _totals_before_last_round(state: State) -> dict[str, int]:
    totals = dict.fromkeys(state.players, 0)
    for result in state.results[:-1]:
        for player, points in result.score.points.items():
            totals[player] += points
    return totals


def test_the_state_keeps_the_contract_every_game_state_shares() -> None:
    state: GameState[Action] = Game(("Ann", "Bob")).new_state()
    assert (state.to_move, state.is_over) == (0, False)
    assert type(state).from_dict(state.to_dict()).to_dict() == state.to_dict()
    assert state.check(state.legal_actions()[0]).game.value == "quando"


@pytest.mark.parametrize("setting", SETTINGS + ONLY_ZEROS_SETTINGS, ids=lambda setting: setting.label)
def test_a_random_game_keeps_every_invariant_to_the_end(setting: Setting) -> None:
    game, state = play_out(setting)
    check_finished_game(game, state)


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
