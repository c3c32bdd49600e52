"""Nmbrs!'s computer players: legal choices, games that end, reproducible seeds, greedy beats random, the easy bot
plays as simply as it says."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import GameError
from solver.nmbrs.bots import BOT_KINDS, BOTS, least_useful, make_bot
from solver.nmbrs.cards import Card, parse_cards
from solver.nmbrs.hint import hint
from solver.nmbrs.plays import PlayKind
from solver.nmbrs.rules import RuleSet
from solver.nmbrs.state import MAX_ROUNDS, ActionKind, Game, Phase, State
from solver.nmbrs.table import Table

MAX_ACTIONS = 6000
"""A game longer than this fails: the engine bounds every round and every game (blocked-round, round-limit)."""


@dataclass(frozen=True)
class Finished:
    """A game played to its end, with its actions."""

    state: State
    actions: tuple[tuple[int, str], ...]


def play(kinds: tuple[str, ...], seed: int, rules: RuleSet = RuleSet.BASIC) -> Finished:
    """Play a whole game, seat ``i`` held by a ``kinds[i]`` bot; every choice must be a legal action."""
    bots = [make_bot(kind, seed=seed * 16 + seat) for seat, kind in enumerate(kinds)]
    state = Game(len(kinds), rules, seed=seed).new_state()
    actions: list[tuple[int, str]] = []
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            return Finished(state, tuple(actions))
        seat = state.to_move
        assert seat is not None
        action = bots[seat].choose(state)
        actions.append((seat, str(action)))
        assert action in state.legal_actions(), f"{kinds[seat]} chose {action} in the {state.phase.value} phase"
        state.apply(action)
    pytest.fail(f"game {seed} did not end within {MAX_ACTIONS} actions")


def test_the_kinds_are_listed_strongest_first_and_each_has_a_bot() -> None:
    assert BOT_KINDS == ("greedy", "easy", "random")
    assert set(BOTS) == set(BOT_KINDS)
    assert all(make_bot(kind).name == kind for kind in BOT_KINDS)


def test_an_unknown_kind_is_refused_naming_it_and_the_kinds() -> None:
    with pytest.raises(GameError, match=r"'clever'.*greedy, easy, random"):
        make_bot("clever")


@pytest.mark.parametrize("kind", BOT_KINDS)
def test_a_bot_cannot_choose_once_the_game_is_over(kind: str) -> None:
    state = play(("greedy", "greedy"), seed=0).state
    with pytest.raises(GameError, match="the game is over"):
        make_bot(kind).choose(state)


@pytest.mark.parametrize("rules", list(RuleSet), ids=lambda rules: rules.value)
@pytest.mark.parametrize("seed", range(3))
def test_a_game_between_greedy_bots_ends_with_every_choice_legal(rules: RuleSet, seed: int) -> None:
    finished = play(("greedy",) * (2 + seed), seed, rules)
    assert finished.state.is_over
    assert len(finished.state.results) <= MAX_ROUNDS


@pytest.mark.parametrize("seed", range(2))
def test_a_mixed_table_ends_with_every_choice_legal(seed: int) -> None:
    assert play(("random", "greedy", "random", "greedy"), seed).state.is_over


def test_the_greedy_bot_meets_every_phase_and_every_kind_of_action() -> None:
    phases, kinds = set(), set()
    for seed in range(4):
        bots = [make_bot("greedy", seed=seed), make_bot("random", seed=seed), make_bot("greedy", seed=seed + 1)]
        state = Game(3, seed=seed).new_state()
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            phases.add(state.phase)
            action = bots[seat].choose(state)
            if bots[seat].name == "greedy":
                kinds.add(action.kind)
            state.apply(action)
    assert phases == set(Phase) - {Phase.OVER}
    assert kinds == set(ActionKind) - {ActionKind.END}


@pytest.mark.parametrize("kind", BOT_KINDS)
def test_a_seeded_bot_plays_the_same_game_again(kind: str) -> None:
    assert play((kind, "random", kind), seed=5).actions == play((kind, "random", kind), seed=5).actions


def lay_phase(hand: str, *, table: str = "", discards: str = "1", opened: bool = False) -> State:
    """A two-player game at seat 0's lay phase, holding ``hand``, with the other cards elsewhere."""
    state = Game(2, seed=0).new_state()
    mine = parse_cards(hand)
    laid = Table.parse(table) if table else Table()
    discard_pile = parse_cards(discards)
    taken = set(mine) | set(laid.cards()) | set(discard_pile)
    rest = [card for card in state.game.cards() if card not in taken or card.is_joker]
    jokers = sum(card.is_joker for card in (*mine, *laid.cards(), *discard_pile))
    for _ in range(jokers):
        rest.remove(Card(None))
    state.hands = [mine, rest[:9]]
    state.draw_pile = rest[9:]
    state.discard_pile = discard_pile
    state.table = laid
    state.opened = [opened, False]
    state.phase = Phase.LAY
    return state


def test_the_greedy_bot_lays_the_play_worth_most_points() -> None:
    state = lay_phase("5 9 13 40 41 42 17")
    chosen = make_bot("greedy").choose(state)
    assert chosen == hint(state)
    scored = {str(action): state.check(action).play for action in state.legal_actions() if action.play is not None}
    best = max(verdict.points for verdict in scored.values() if verdict is not None)
    verdict = state.check(chosen).play
    assert verdict is not None and verdict.points == best


def test_with_nothing_to_score_the_greedy_bot_discards_a_card_that_makes_no_sequence() -> None:
    state = lay_phase("10 20 97", discards="30 40")
    assert hint(state) is None
    assert least_useful(state, 0) == Card(97)  # 10 and 20 still make a sequence with 15 (or 5); 97 with no card
    assert str(make_bot("greedy").choose(state)) == "discard 97"


def test_the_greedy_bot_keeps_a_joker_to_the_last() -> None:
    assert least_useful(lay_phase("J 51 52"), 0) != Card(None)


def test_the_greedy_bot_takes_a_discard_only_when_it_pays() -> None:
    state = Game(2, seed=1).new_state()
    assert str(make_bot("greedy").choose(state)) == "take"  # the 86 makes 47 J=60 73 86
    assert str(make_bot("greedy").choose(Game(2, seed=0).new_state())) == "decline"


def test_the_greedy_bot_ignores_what_its_seat_cannot_see() -> None:
    state = Game(3, seed=2).new_state()
    bot = make_bot("greedy")
    for _ in range(60):
        if state.is_over:
            break
        seat = state.to_move
        assert seat is not None
        chosen = bot.choose(state)
        hidden = State.from_dict(state.to_dict())
        others = [other for other in range(3) if other != seat]
        pool = [*hidden.hands[others[0]], *hidden.hands[others[1]], *hidden.draw_pile]
        pool.reverse()
        sizes = [len(hidden.hands[others[0]]), len(hidden.hands[others[1]])]
        hidden.hands[others[0]] = pool[: sizes[0]]
        hidden.hands[others[1]] = pool[sizes[0] : sizes[0] + sizes[1]]
        hidden.draw_pile = pool[sizes[0] + sizes[1] :]
        assert bot.choose(hidden) == chosen
        state.apply(chosen)


def test_the_greedy_bot_beats_the_random_bot_on_average() -> None:
    margins = []
    for seed in range(6):
        greedy = seed % 2
        kinds = ("greedy", "random") if greedy == 0 else ("random", "greedy")
        scores = play(kinds, seed).state.returns()
        margins.append(scores[greedy] - scores[1 - greedy])
    assert sum(margins) > 0
    assert sum(margin > 0 for margin in margins) >= 4


# ----------------------------------------------------------------- the easy bot


@settings(max_examples=20)
@given(
    seed=st.integers(0, 2**20),
    players=st.integers(2, 4),
    rules=st.sampled_from(list(RuleSet)),
    with_greedy=st.booleans(),
)
def test_the_easy_bot_chooses_only_legal_actions_and_its_games_end(
    seed: int, players: int, rules: RuleSet, with_greedy: bool
) -> None:
    kinds = tuple("greedy" if with_greedy and seat % 2 else "easy" for seat in range(players))
    finished = play(kinds, seed, rules)
    assert finished.state.is_over
    assert len(finished.state.results) <= MAX_ROUNDS


def test_the_easy_bot_never_claims_lays_the_first_play_listed_and_discards_its_highest_card() -> None:
    laid = discarded = 0
    for seed in range(4):
        state = Game(3, seed=seed).new_state()
        bot = make_bot("easy", seed=seed)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            chosen, actions = bot.choose(state), state.legal_actions()
            assert chosen.kind is not ActionKind.CLAIM
            plays = [action for action in actions if action.play is not None and action.play.kind is not PlayKind.SWAP]
            if chosen.kind is ActionKind.PLAY:
                assert chosen == plays[0]
                laid += 1
            elif chosen.kind is ActionKind.DISCARD:
                assert not plays
                assert chosen.card is not None
                numbers = [card.number for card in state.hands[seat] if card.number is not None]
                assert chosen.card.number == (max(numbers) if numbers else None)
                discarded += 1
            state.apply(chosen)
    assert laid and discarded
