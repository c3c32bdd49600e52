"""Seeded random games of Nambarz played to the end, checking the engine's own rules at every step.

The shared state contract (legal actions, ``check`` and ``apply``, card
conservation, the JSON round trip, replay) is checked for every game by
``tests/test_conformance.py``.  These playouts check what only Nambarz has,
in settings the registry does not start (teams, arithmetic domains, operator
subsets, several rounds): who may be to move, the table, every listed play's
legality, the penalties of rule V, the points of every round, tie-break
rounds and the standings.  A careless player also lays what the rules never
allow (a second play without a Jreplay, change jokers one on another, jokers
inside calculations), and each is penalised.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from solver.nambarz.cards import Card
from solver.nambarz.jokers import is_change_joker
from solver.nambarz.matching import matches
from solver.nambarz.notation import Chain, JokerPlay, Play
from solver.nambarz.referee import Verdict
from solver.nambarz.rules import Operator, Rules
from solver.nambarz.scoring import RANK_POINTS
from solver.nambarz.state import Action, ActionKind, Game, GameError, Phase, RoundResult, State, Variant, replay

ILLEGAL_PLAY_RATE = 0.3
"""How often the careless player lays a play of their own making instead of a listed one."""


@dataclass(frozen=True)
class Setting:
    """One game configuration to play out."""

    players: int
    team_size: int | None = None
    variant: Variant = Variant.BEGINNERS
    domain: str = "natural"
    ops: str = "+-*/"
    rounds: int = 1
    seed: int = 0

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(f"P{seat}" for seat in range(1, self.players + 1))

    @property
    def teams(self) -> tuple[tuple[str, ...], ...] | None:
        if self.team_size is None:
            return None
        names = self.names
        return tuple(names[start : start + self.team_size] for start in range(0, len(names), self.team_size))

    def game(self) -> Game:
        return Game(
            self.names, self.teams, self.variant, Rules.parse(self.domain, self.ops), self.rounds, seed=self.seed
        )

    @property
    def label(self) -> str:
        teams = f"-teams{self.team_size}" if self.team_size else ""
        return f"{self.players}p{teams}-{self.variant.value}-{self.domain}{self.ops}-{self.rounds}r-seed{self.seed}"


SETTINGS = [
    *(Setting(2, seed=seed) for seed in range(3)),
    *(Setting(3, seed=seed) for seed in range(2)),
    *(Setting(4, seed=seed) for seed in range(2)),
    Setting(5),
    Setting(6),
    Setting(12),
    Setting(4, team_size=2, seed=1),
    Setting(6, team_size=2, seed=2),
    Setting(6, team_size=3, seed=3),
    Setting(12, team_size=3, seed=4),
    Setting(4, variant=Variant.INTERMEDIATE, seed=5),
    Setting(12, variant=Variant.INTERMEDIATE, seed=6),
    Setting(3, variant=Variant.EXPERT, seed=7),
    Setting(11, variant=Variant.EXPERT, seed=8),
    Setting(3, domain="integer", seed=9),
    Setting(3, domain="rational", seed=10),
    Setting(4, ops="+-", seed=11),
    Setting(3, ops="-*/", seed=12),
    Setting(2, domain="integer", ops="+-*", seed=13),
    # Few plays make + and × alone: a round of 1,300 turns of draws and passes, the longest playout here.
    pytest.param(Setting(4, ops="+*", seed=18), marks=pytest.mark.slow),
    Setting(3, rounds=3, seed=14),
    Setting(2, rounds=5, seed=15),
    Setting(4, team_size=2, rounds=3, seed=16),
    Setting(5, variant=Variant.EXPERT, domain="rational", rounds=5, seed=17),
]

TIED_SETTINGS = [
    Setting(4, seed=42),
    Setting(3, rounds=3, seed=54),
    Setting(12, seed=40),
    Setting(6, team_size=2, seed=100),
    Setting(6, team_size=3, seed=51),
]
"""Seeds whose regular rounds end in ties, so that tie-break rounds are played."""

CARELESS_SETTINGS = [
    Setting(2, seed=20),
    Setting(3, domain="integer", seed=21),
    Setting(4, ops="+-", seed=22),
    Setting(6, team_size=2, seed=23),
    Setting(3, variant=Variant.EXPERT, rounds=3, seed=24),
]


# ----------------------------------------------------------------- invariants


def check_step(state: State) -> list[Action]:
    """Check what holds between any two actions of a Nambarz game; return the legal actions."""
    assert state.turn_player in state.seated
    assert state.turn_player not in state.finished
    assert all(not state.hands[player] for player in state.finished)
    assert all(state.hands[player] for player in state.active if player != state.turn_player)
    assert state.cover.card in state.table
    if state.turns == 0 and len(state.table) == 1:
        assert not state.cover.card.is_joker, "a joker was turned up as the first top card"
    actions = state.legal_actions()
    assert actions, f"{state.turn_player} has no legal action in phase {state.phase.value}"
    for action in actions:
        assert Action.parse(str(action)) == action
        if action.kind is ActionKind.PLAY:
            verdict = state.check(action)
            assert verdict.legal, f"listed play {action} on {state.cover} is judged illegal: {verdict.codes}"
    return actions


def check_finished_game(game: Game, state: State, played: Sequence[tuple[str, str]]) -> None:
    """Check the end of a game: its replay, points, rankings, tie-breaks and standings."""
    assert state.phase is Phase.GAME_OVER
    assert replay(game, played).to_dict() == state.to_dict()

    regular = [result for result in state.results if not result.tie_break]
    assert len(regular) == game.rounds
    for result in state.results:
        check_round_points(result)
    for result in regular:
        assert result.players == game.players
        assert sorted(result.ranking) == sorted(game.players)
    for result in state.results:
        if result.tie_break:
            assert sorted(result.ranking) == sorted(result.players)

    tie_breaks = [result.players for result in state.results if result.tie_break]
    assert tie_breaks == expected_tie_break_groups(game, regular)

    standings = state.standings()
    totals = state.totals
    assert sorted(standings) == sorted(game.players)
    assert [totals[player] for player in standings] == sorted(totals.values(), reverse=True)
    assert state.returns() == [totals[player] for player in game.players]
    for result in state.results:
        if result.tie_break and game.teams is None:
            assert [player for player in standings if player in result.players] == list(result.ranking)


def check_round_points(result: RoundResult) -> None:
    """The points of a round are the rank points of its seats plus the master-stroke points."""
    assert sorted(result.points) == sorted(result.players)
    assert sorted(result.master_points) == sorted(result.players)
    assert all(points % 7 == 0 for points in result.master_points.values())
    rank_points = sum(RANK_POINTS[: len(result.players)])
    assert sum(result.points.values()) == rank_points + sum(result.master_points.values())


def expected_tie_break_groups(game: Game, regular: Sequence[RoundResult]) -> list[tuple[str, ...]]:
    """The groups of players (whole teams with teams) sharing a total after the regular rounds."""
    totals = dict.fromkeys(game.players, 0)
    for result in regular:
        for player, points in result.points.items():
            totals[player] += points
    units = game.teams or tuple((player,) for player in game.players)
    by_total: dict[int, set[str]] = {}
    units_by_total: Counter[int] = Counter()
    for unit in units:
        total = sum(totals[player] for player in unit)
        by_total.setdefault(total, set()).update(unit)
        units_by_total[total] += 1
    return [
        tuple(player for player in game.players if player in by_total[total])
        for total in sorted(by_total, reverse=True)
        if units_by_total[total] > 1
    ]


# ----------------------------------------------------------------- careless plays


def careless_play(state: State, rng: random.Random) -> Play:
    """A play made up from the hand without asking the rules.

    A joker play, a calculation or a single card, or one of the lays the
    rules never allow: change jokers one on another, a joker inside a
    calculation, a calculation after a change joker.
    """
    hand = state.hands[state.turn_player]
    number_cards = [card for card in hand if not card.is_joker]
    change_jokers = [card for card in hand if is_change_joker(card)]
    jokers = [card for card in hand if card.is_joker]
    choice = rng.randrange(7)
    if choice == 4 and len(change_jokers) >= 2:
        first, second = rng.sample(change_jokers, 2)
        return JokerPlay(first, JokerPlay(second, rng.choice(number_cards) if number_cards else None))
    if choice == 5 and jokers and number_cards:
        laid = [rng.choice(jokers), rng.choice(number_cards)]
        rng.shuffle(laid)
        return Chain(tuple(laid), (rng.choice(list(Operator)),))
    if choice == 6 and change_jokers and len(number_cards) >= 2:
        return JokerPlay(rng.choice(change_jokers), random_calculation(number_cards, rng))
    if choice == 0 and change_jokers:
        joker = rng.choice(change_jokers)
        anchor = state.cover.under or state.cover.card
        matching = [card for card in number_cards if not anchor.is_joker and matches(card, anchor)]
        candidates = matching if matching and rng.random() < 0.5 else number_cards
        follow = rng.choice(candidates) if candidates and rng.random() < 0.8 else None
        return JokerPlay(joker, follow)
    if choice == 1 and len(number_cards) >= 2:
        return random_calculation(number_cards, rng)
    kind = rng.choice([card.kind for card in number_cards]) if number_cards else None
    one_kind = [card for card in number_cards if card.kind is kind]
    if choice == 2 and len(one_kind) >= 3 and not state.cover.card.is_joker:
        target = state.cover.card.value
        for _ in range(40):
            chain = random_calculation(one_kind, rng, smallest=3)
            if chain.value_as_written() == target:
                return chain
    card = rng.choice(hand)
    return JokerPlay(card) if card.is_joker else Chain((card,))


def random_calculation(cards: Sequence[Card], rng: random.Random, *, smallest: int = 2) -> Chain:
    """Two to four of ``cards`` in random order with random operators, whatever the operator subset."""
    laid = rng.sample(list(cards), rng.randint(smallest, min(4, len(cards))))
    return Chain(tuple(laid), tuple(rng.choice(list(Operator)) for _ in laid[1:]))


def same_play_is_listed(play: Play, actions: Sequence[Action]) -> bool:
    """Whether a listed legal play uses the same cards and leaves the same card on top."""
    if isinstance(play, JokerPlay):
        return Action(ActionKind.PLAY, play) in actions
    return any(
        isinstance(action.play, Chain)
        and Counter(action.play.cards) == Counter(play.cards)
        and action.play.cards[-1] == play.cards[-1]
        for action in actions
    )


def next_in_seat_order(state: State, player: str) -> str:
    """The player after ``player`` who is still in the round."""
    seats = state.seated
    index = seats.index(player)
    return next(
        seats[(index + step) % len(seats)]
        for step in range(1, len(seats) + 1)
        if seats[(index + step) % len(seats)] not in state.finished
    )


def apply_careless_play(state: State, play: Play, actions: Sequence[Action]) -> bool:
    """Lay ``play`` and check the engine's answer (listed if legal, else penalised); return its legality."""
    player = state.turn_player
    hand_before = Counter(state.hands[player])
    penalties_before = state.penalties[player]
    round_before = state.round_number
    verdict = state.apply(Action(ActionKind.PLAY, play))
    assert isinstance(verdict, Verdict)
    if verdict.legal:
        assert same_play_is_listed(play, actions), f"legal play {play} is missing from the legal actions"
        return True
    assert verdict.penalty_draw == 3
    assert Counter(verdict.stays) + Counter(verdict.returned) == Counter(play.cards)
    if state.round_number != round_before or state.is_over:
        return False  # nobody could play or draw any more: the round ended blocked
    assert state.penalties[player] == penalties_before + 1
    kept = hand_before - Counter(play.cards) + Counter(verdict.returned)
    hand_after = Counter(state.hands[player])
    drawn = hand_after - kept
    assert kept - hand_after == Counter(), "a card of the hand went missing"
    assert drawn.total() <= 3
    if drawn.total() < 3:
        assert state.draw_pile == [], "fewer than 3 cards drawn while the draw pile still had some"
    assert player not in state.finished
    assert state.turn_player == next_in_seat_order(state, player)
    assert state.phase is Phase.START
    return False


# ----------------------------------------------------------------- the tests


def play_out(setting: Setting, *, careless: bool) -> tuple[Game, State, int, list[tuple[str, str]]]:
    """Play a whole game of ``setting``; return the game, the final state, the number of penalties, the actions."""
    game = setting.game()
    rng = random.Random(setting.seed)
    state = game.new_state()
    penalties = 0
    played: list[tuple[str, str]] = []
    while not state.is_over:
        actions = check_step(state)
        can_err = careless and bool(state.hands[state.turn_player])
        if can_err and rng.random() < ILLEGAL_PLAY_RATE:
            play = careless_play(state, rng)
            played.append((state.turn_player, str(Action(ActionKind.PLAY, play))))
            penalties += not apply_careless_play(state, play, actions)
        else:
            action = rng.choice(actions)
            played.append((state.turn_player, str(action)))
            state.apply(action)
    return game, state, penalties, played


@pytest.mark.parametrize("setting", SETTINGS, ids=lambda setting: setting.label)
def test_a_random_game_keeps_every_rule_to_the_end(setting: Setting) -> None:
    game, state, penalties, played = play_out(setting, careless=False)
    assert penalties == 0
    assert all(not any(result.penalties.values()) for result in state.results)
    check_finished_game(game, state, played)


@pytest.mark.parametrize("setting", TIED_SETTINGS, ids=lambda setting: setting.label)
def test_tied_players_and_teams_play_tie_break_rounds_to_the_end(setting: Setting) -> None:
    game, state, _, played = play_out(setting, careless=False)
    tied = any(result.tie_break for result in state.results)
    assert tied, f"{setting.label} no longer ends in a tie (the random playout changed): pick another seed"
    check_finished_game(game, state, played)


@pytest.mark.parametrize("setting", CARELESS_SETTINGS, ids=lambda setting: setting.label)
def test_illegal_plays_are_penalised_and_the_game_still_adds_up_and_replays(setting: Setting) -> None:
    game, state, penalties, played = play_out(setting, careless=True)
    assert penalties > 0
    assert sum(sum(result.penalties.values()) for result in state.results) == penalties
    check_finished_game(game, state, played)


def test_twelve_players_cannot_play_the_expert_variant() -> None:
    with pytest.raises(GameError, match="12 players need 85 cards"):
        Setting(12, variant=Variant.EXPERT).game()


def test_eleven_players_can_play_the_expert_variant_and_twelve_the_intermediate_one() -> None:
    assert len(Setting(11, variant=Variant.EXPERT).game().cards()) == 84
    assert len(Setting(12, variant=Variant.INTERMEDIATE).game().cards()) == 88


def test_another_seed_deals_another_game() -> None:
    other_seed = Setting(3, seed=31).game().new_state()
    assert other_seed.to_dict()["hands"] != Setting(3, seed=30).game().new_state().to_dict()["hands"]


def test_a_transcript_with_an_action_by_the_wrong_player_does_not_replay() -> None:
    game = Setting(3, seed=32).game()
    state = game.new_state()
    action = state.legal_actions()[0]
    with pytest.raises(GameError, match="P2"):
        replay(game, [("P2", str(action))])
