"""Whole games of Nmbrs! (rules 3–7, 13–15; Versione semplificata 2, 3, 5): turns, rounds, the end."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.errors import GameError, IllegalMoveError, NotationError
from solver.nmbrs import JOKER, Action, Card, Game, Phase, RuleSet, State, Table, parse_cards, replay
from solver.nmbrs.state import IDLE_CIRCUITS, MAX_ROUNDS


def arranged(
    hands: list[str],
    *,
    rules: RuleSet = RuleSet.BASIC,
    discard: str = "77",
    draw: str = "60 61 62",
    table: str = "",
    phase: Phase = Phase.LAY,
    scores: list[int] | None = None,
    opened: list[bool] | None = None,
    active: int = 0,
) -> State:
    """A state in the middle of a round, with the given hands and piles (top cards last)."""
    game = Game(players=len(hands), rules=rules)
    return State(
        game,
        scores=scores or [rules.starting_score] * len(hands),
        round_number=1,
        active=active,
        phase=phase,
        hands=[parse_cards(hand) for hand in hands],
        draw_pile=parse_cards(draw),
        discard_pile=parse_cards(discard),
        table=Table.parse(table),
        opened=opened or [False] * len(hands),
    )


def act(state: State, *actions: str) -> State:
    for action in actions:
        verdict = state.apply(Action.parse(action))
        assert verdict.legal
    return state


def listed(state: State) -> list[str]:
    return [str(action) for action in state.legal_actions()]


# ----------------------------------------------------------------- setup (rules 3–5)


@pytest.mark.parametrize(("players", "cards"), [(2, 9), (3, 7), (8, 7)])
def test_each_player_starts_on_50_points_with_7_cards_or_9_with_two_players(players: int, cards: int) -> None:
    state = Game(players=players, seed=3).new_state()
    assert state.scores == [50] * players
    assert [len(hand) for hand in state.hands] == [cards] * players
    assert len(state.discard_pile) == 1
    assert len(state.draw_pile) == 104 - players * cards - 1
    assert (state.to_move, state.phase, state.round_number) == (0, Phase.DRAW, 1)


@pytest.mark.parametrize(("players", "cards"), [(2, 7), (4, 5)])
def test_the_simplified_version_starts_on_20_points_with_5_cards_or_7_with_two_from_cards_1_to_50(
    players: int, cards: int
) -> None:
    state = Game(players=players, rules=RuleSet.SIMPLIFIED, seed=4).new_state()
    assert state.scores == [20] * players
    assert [len(hand) for hand in state.hands] == [cards] * players
    every_card = [card for hand in state.hands for card in hand] + state.draw_pile + state.discard_pile
    assert len(every_card) == 54
    assert max(card.number for card in every_card if card.number is not None) == 50


@pytest.mark.parametrize("players", [1, 9])
def test_two_to_eight_players_play(players: int) -> None:
    with pytest.raises(GameError, match="played by 2 to 8 players"):
        Game(players=players)


# ----------------------------------------------------------------- the draw (rule 7)


def test_the_player_to_move_may_take_the_top_discard() -> None:
    state = act(arranged(["1 2", "3 4"], phase=Phase.DRAW), "take")
    assert state.hands[0] == parse_cards("1 2 77")
    assert state.phase is Phase.LAY


def test_a_declined_discard_is_offered_clockwise_and_a_claimer_also_draws_a_hidden_card() -> None:
    state = arranged(["1 2", "3 4", "5 6", "7 8"], phase=Phase.DRAW, discard="70 77")
    act(state, "decline")
    assert (state.phase, state.to_move) == (Phase.CLAIM, 1)
    act(state, "pass", "claim")
    assert state.hands[2] == parse_cards("5 6 77 62")
    assert (state.phase, state.to_move) == (Phase.REDRAW, 0)
    assert listed(state) == ["take", "draw"]
    act(state, "take")
    assert state.hands[0] == parse_cards("1 2 70")
    assert state.hands[3] == parse_cards("7 8")


def test_when_nobody_claims_the_declined_card_the_player_draws_a_hidden_card() -> None:
    state = act(arranged(["1 2", "3 4", "5 6"], phase=Phase.DRAW), "decline", "pass", "pass")
    assert (state.phase, state.to_move, listed(state)) == (Phase.REDRAW, 0, ["draw"])
    verdict = state.check(Action.parse("take"))
    assert verdict.codes == ["declined-card"]
    assert "declined-card-stays-declined" in verdict.rulings
    act(state, "draw")
    assert state.hands[0] == parse_cards("1 2 62")


def test_an_empty_draw_pile_is_refilled_with_the_discards_but_the_top_one() -> None:
    state = act(arranged(["1 2", "3 4"], phase=Phase.DRAW, draw="", discard="70 71 72 77"), "decline", "pass", "draw")
    assert state.discard_pile == [Card(77)]
    assert Counter(state.hands[0]) == Counter(parse_cards("1 2")) + Counter([state.hands[0][-1]])
    assert state.hands[0][-1] in parse_cards("70 71 72")
    assert len(state.draw_pile) == 2


def test_claiming_and_declining_need_a_hidden_card() -> None:
    state = arranged(["1 2", "3 4"], phase=Phase.DRAW, draw="", discard="77")
    assert listed(state) == ["take"]
    assert state.check(Action.parse("decline")).codes == ["empty-draw-pile"]
    claim = arranged(["1 2", "3 4"], phase=Phase.CLAIM, draw="", discard="70 77")
    claim.claimant = 1
    assert listed(claim) == ["pass"]


def test_an_action_out_of_turn_order_is_refused_and_changes_nothing() -> None:
    state = arranged(["1 2", "3 4"], phase=Phase.DRAW)
    before = state.to_dict()
    with pytest.raises(IllegalMoveError, match="in the draw phase the actions are decline, draw, take") as refusal:
        state.apply(Action.parse("discard 1"))
    assert refusal.value.verdict.legal is False
    assert state.to_dict() == before


# ----------------------------------------------------------------- the lay and the discard (rules 9, 13)


def test_a_turn_ends_with_a_discard_and_passes_clockwise() -> None:
    state = act(arranged(["1 2 3", "4 5", "6 7"]), "discard 3")
    assert state.discard_pile[-1] == Card(3)
    assert (state.to_move, state.phase) == (1, Phase.DRAW)


def test_plays_add_their_points_to_the_score_at_once() -> None:
    state = act(arranged(["5 9 13 40", "4 6"]), "lay 5@0,0 9@0,1 13@0,2")
    assert state.scores[0] == 50 + 8
    assert state.opened[0]


def test_the_last_card_is_discarded_even_when_every_other_card_was_laid() -> None:
    state = arranged(["5 10 15 99", "4 6 97"])
    all_cards = arranged(["5 10 15", "4 6 97"])
    assert all_cards.check(Action.parse("lay 5@0,0 10@0,1 15@0,2")).codes == ["no-discard"]
    act(state, "lay 5@0,0 10@0,1 15@0,2")
    assert listed(state)[-1] == "discard 99"
    act(state, "discard 99")
    assert state.round_number == 2
    assert state.results[0].winner == 0


def test_a_turn_does_not_end_without_a_discard() -> None:
    verdict = arranged(["5 10", "1"]).check(Action.parse("end"))
    assert verdict.codes == ["no-discard"]


def test_in_the_simplified_version_laying_the_last_card_ends_the_round_without_a_discard() -> None:
    state = arranged(["5 10 15", "4 6 J"], rules=RuleSet.SIMPLIFIED)
    act(state, "lay 5@0,0 10@0,1 15@0,2")
    assert state.results[0].winner == 0
    assert state.results[0].subtracted == (0, 3)
    assert state.round_number == 2


def test_in_the_simplified_version_the_last_card_is_kept_and_the_turn_ends() -> None:
    state = arranged(["5 10 15 44", "4 6"], rules=RuleSet.SIMPLIFIED)
    act(state, "lay 5@0,0 10@0,1 15@0,2")
    assert listed(state)[-1] == "end"
    assert "discard 44" not in listed(state)
    verdict = state.check(Action.parse("discard 44"))
    assert verdict.codes == ["keep-last-card"]
    act(state, "end")
    assert (state.to_move, state.hands[0]) == (1, [Card(44)])


# ----------------------------------------------------------------- the end of a round and of the game (rules 14–15)


def test_when_a_player_goes_out_the_others_subtract_their_hands() -> None:
    state = act(arranged(["99", "97 10 J", "12 14"], scores=[50, 60, 70]), "discard 99")
    result = state.results[0]
    assert (result.winner, result.subtracted) == (0, (0, 3 + 1 + 0, 2 + 2))
    assert result.scores == (50, 56, 66)
    assert state.scores == [50, 56, 66]


def test_a_game_goes_on_below_100_with_a_new_deal_and_the_next_starter() -> None:
    state = act(arranged(["99", "97 10", "12"], scores=[50, 60, 70]), "discard 99")
    assert (state.round_number, state.starter, state.to_move) == (2, 1, 1)
    assert [len(hand) for hand in state.hands] == [7, 7, 7]
    assert len(state.table) == 0
    assert state.opened == [False, False, False]


def test_a_player_on_100_or_more_after_the_round_wins() -> None:
    state = act(arranged(["99", "97 10"], scores=[104, 98]), "discard 99")
    assert state.is_over
    assert (state.winners, state.to_move, state.legal_actions()) == ((0,), None, [])


def test_the_highest_score_wins_when_several_pass_100() -> None:
    state = act(arranged(["99", "12", "97"], scores=[101, 130, 104]), "discard 99")
    assert state.winners == (1,)


def test_players_tied_on_the_highest_score_share_the_win() -> None:
    state = act(arranged(["99", "12", "97"], scores=[101, 132, 133]), "discard 99")
    assert state.scores == [101, 130, 130]
    assert state.winners == (1, 2)


def test_the_subtraction_can_drop_a_player_below_100_again() -> None:
    state = act(arranged(["99", "97 41 43"], scores=[60, 104]), "discard 99")
    assert state.scores == [60, 95]
    assert not state.is_over


def test_a_round_in_which_nobody_lays_a_card_ends_blocked() -> None:
    state = arranged(["1 2", "3 4"], phase=Phase.DRAW, scores=[50, 50])
    for _ in range(IDLE_CIRCUITS * 2):
        act(state, "take", f"discard {state.discard_pile[-1]}")
    result = state.results[0]
    assert (result.winner, result.subtracted) == (None, (2, 2))
    assert state.round_number == 2


def test_a_game_ends_after_the_last_round_allowed() -> None:
    state = arranged(["99", "97 10"], scores=[40, 30])
    state.round_number = MAX_ROUNDS
    act(state, "discard 99")
    assert state.is_over
    assert state.winners == (0,)


# ----------------------------------------------------------------- actions, serialisation, replay


@given(
    st.one_of(
        st.sampled_from(["take", "decline", "claim", "pass", "draw", "end", "discard J", "discard 17"]),
        st.sampled_from(["lay 10@0,0 J=20@0,1 30@0,2", "insert column 15@1,0 25@3,0", "swap 20@-4,7"]),
    )
)
def test_actions_round_trip_through_their_notation(text: str) -> None:
    action = Action.parse(text)
    assert str(action) == text
    assert eval(repr(action)) == action


@pytest.mark.parametrize("text", ["", "jump", "discard", "discard 1 2", "take 5", "lay", "swap J@0,0"])
def test_unreadable_actions_are_refused_naming_the_input(text: str) -> None:
    with pytest.raises((NotationError, GameError)):
        Action.parse(text)


def test_a_state_survives_its_json_form_and_a_transcript_replays_it() -> None:
    game = Game(players=3, seed=11)
    state = game.new_state()
    rng = random.Random(11)
    played = []
    for _ in range(60):
        seat, action = state.to_move, rng.choice(state.legal_actions())
        state.apply(action)
        played.append((seat, str(action)))
    document = state.to_dict()
    assert State.from_dict(document).to_dict() == document
    assert replay(game, played).to_dict() == document


def test_a_transcript_with_an_action_by_the_wrong_seat_does_not_replay() -> None:
    with pytest.raises(GameError, match="is by seat 1, but seat 0 is to move"):
        replay(Game(players=2), [(1, "take")])


def test_a_joker_given_back_by_a_swap_may_be_laid_again_or_discarded() -> None:
    state = arranged(["20 1 2", "4 6"], table="10@0,0 J=20@0,1 30@0,2", opened=[True, False])
    act(state, "swap 20@0,1")
    assert JOKER in state.hands[0]
    assert "lay J=40@0,3" in listed(state)
    act(state, "discard J")
    assert state.discard_pile[-1] == JOKER
