"""Quando's computer players: legal choices at every step, games that end, reproducible seeds, strong beats random,
the easy bot plays as simply as it says."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import GameError
from solver.quando.bots import BOT_KINDS, BOTS, EASY_KNOCK_AT_OR_BELOW, HIGH_NUMBER, make_bot
from solver.quando.hint import hint, seat_hint
from solver.quando.state import KNOCK, TAKE_HIDDEN, TAKE_VISIBLE, Game, State, Step

MAX_ACTIONS = 5000
"""A game longer than this fails: a round ends after a knock, and some hand reaches the target in a few rounds."""


@dataclass(frozen=True)
class Finished:
    """A game played to its end, with its actions."""

    state: State
    actions: tuple[tuple[int, str], ...]


def play(kinds: tuple[str, ...], seed: int, *, target: int = 50) -> Finished:
    """Play a whole game, seat ``i`` held by a ``kinds[i]`` bot; every choice must be a legal action."""
    game = Game(tuple(f"P{seat + 1}" for seat in range(len(kinds))), target=target, seed=seed)
    bots = [make_bot(kind, seed=seed * 16 + seat) for seat, kind in enumerate(kinds)]
    state = game.new_state()
    actions: list[tuple[int, str]] = []
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            return Finished(state, tuple(actions))
        seat = state.to_move
        assert seat is not None
        action = bots[seat].choose(state)
        actions.append((seat, str(action)))
        assert action in state.legal_actions(), f"{kinds[seat]} chose {action} at step {state.step.value}"
        state.apply(action)
    pytest.fail(f"game {seed} did not end within {MAX_ACTIONS} actions")


def test_the_kinds_are_listed_strongest_first_and_each_has_a_bot() -> None:
    assert BOT_KINDS == ("strong", "easy", "random")
    assert set(BOTS) == set(BOT_KINDS)
    assert all(make_bot(kind).name == kind for kind in BOT_KINDS)


def test_an_unknown_kind_is_refused_naming_it_and_the_kinds() -> None:
    with pytest.raises(GameError, match=r"'clever'.*strong, easy, random"):
        make_bot("clever")


@pytest.mark.parametrize("kind", BOT_KINDS)
def test_a_bot_cannot_choose_once_the_game_is_over(kind: str) -> None:
    state = play(("random", "random"), seed=3, target=10).state
    with pytest.raises(GameError, match="the game is over"):
        make_bot(kind).choose(state)


@pytest.mark.parametrize(
    "kinds",
    [
        ("strong", "strong"),
        ("strong", "random", "strong"),
        ("random", "strong", "random", "strong", "random", "strong"),
    ],
    ids="-".join,
)
@pytest.mark.parametrize("seed", range(3))
def test_every_choice_is_legal_and_every_game_ends(kinds: tuple[str, ...], seed: int) -> None:
    finished = play(kinds, seed)
    assert finished.state.is_over and finished.state.winners


def test_the_bots_meet_every_step_of_a_turn() -> None:
    steps = set()
    for seed in range(3):
        game = Game(("P1", "P2", "P3"), seed=seed)
        state = game.new_state()
        bot = make_bot("strong", seed=seed)
        while not state.is_over:
            steps.add(state.step)
            state.apply(bot.choose(state))
    assert steps == set(Step)


@pytest.mark.parametrize("kind", BOT_KINDS)
def test_a_seeded_bot_plays_the_same_game_again(kind: str) -> None:
    assert play((kind, "random", kind), seed=5).actions == play((kind, "random", kind), seed=5).actions


def test_the_strong_bot_opens_each_turn_with_the_hint_of_what_its_seat_may_see() -> None:
    state = Game(("P1", "P2", "P3"), seed=11).new_state()
    bot = make_bot("strong")
    opened = 0
    while not state.is_over and opened < 40:
        seat = state.to_move
        assert seat is not None
        if state.step is Step.TURN and state.hands[seat] and state.draw_pile:
            advice = hint(
                state.fronts(seat),
                plays_made=state.plays_made[seat],
                draw_visible=state.draw_pile[-1].front,
                out_of_game=[card.front for card in state.discard_pile],
                last_round=state.knocker is not None,
            )
            assert seat_hint(state, seat) == advice
            assert bot.choose(state) == advice.suggestion.action
            opened += 1
        state.apply(bot.choose(state))
    assert opened == 40


def test_the_strong_bot_ignores_what_its_seat_cannot_see() -> None:
    state = Game(("P1", "P2", "P3"), seed=4).new_state()
    bot = make_bot("strong")
    for _ in range(30):
        seat = state.to_move
        assert seat is not None
        chosen = bot.choose(state)
        hidden = State.from_dict(state.to_dict())
        # The other two hands trade places and the draw pile below its top is turned round.
        others = [other for other in range(len(hidden.hands)) if other != seat]
        hidden.hands[others[0]], hidden.hands[others[1]] = hidden.hands[others[1]], hidden.hands[others[0]]
        hidden.draw_pile[:-1] = list(reversed(hidden.draw_pile[:-1]))
        assert bot.choose(hidden) == chosen
        state.apply(chosen)


def test_the_strong_bot_beats_the_random_bot_on_average() -> None:
    margins = []
    for seed in range(6):
        strong = seed % 2
        kinds = ("strong", "random") if strong == 0 else ("random", "strong")
        returns = play(kinds, seed).state.returns()
        margins.append(returns[strong] - returns[1 - strong])
    assert sum(margins) > 0
    assert sum(margin > 0 for margin in margins) >= 4


# ----------------------------------------------------------------- the easy bot


@settings(max_examples=25)
@given(seed=st.integers(0, 2**20), players=st.integers(2, 6), with_strong=st.booleans())
def test_the_easy_bot_chooses_only_legal_actions_and_its_games_end(seed: int, players: int, with_strong: bool) -> None:
    kinds = tuple("strong" if with_strong and seat % 2 else "easy" for seat in range(players))
    assert play(kinds, seed).state.is_over


def test_the_easy_bot_plays_its_biggest_group_takes_the_low_visible_side_and_knocks_only_with_a_very_low_sum() -> None:
    decisions = {"knock": 0, "play": 0, "visible": 0, "hidden": 0}
    for seed in range(6):
        state = Game(("P1", "P2", "P3"), seed=seed).new_state()
        bot = make_bot("easy", seed=seed)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            chosen, actions = bot.choose(state), state.legal_actions()
            if state.step is Step.TURN and state.hands[seat]:
                low = sum(state.fronts(seat)) <= EASY_KNOCK_AT_OR_BELOW
                assert (chosen == KNOCK) == (low and KNOCK in actions)
                if chosen != KNOCK:
                    assert len(chosen.numbers) == max(len(action.numbers) for action in actions)
                decisions["knock" if chosen == KNOCK else "play"] += 1
            elif chosen in (TAKE_VISIBLE, TAKE_HIDDEN) and state.draw_visible is not None:
                assert (chosen == TAKE_HIDDEN) == (state.draw_visible >= HIGH_NUMBER)
                decisions["hidden" if chosen == TAKE_HIDDEN else "visible"] += 1
            state.apply(chosen)
    assert all(decisions.values()), decisions
