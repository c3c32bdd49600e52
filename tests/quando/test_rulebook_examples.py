"""Every worked example of the Quando rulebook, restated in our own words and played on the engine.

The players of the examples sit clockwise Tim, Sarah, Maria, Linus, the
order every example follows.  Positions are set up with
:func:`tests.quando.test_state.table`: cards are written ``front/back``.
"""

from __future__ import annotations

import pytest

from solver.quando import KNOCK, TWO_PLAYER_TARGET, Action, Card, State, Step, check, game_over, score_round, winners
from solver.quando.scoring import RoundScore
from solver.quando.state import RoundResult
from tests.quando.test_state import act, cards, table

SEATS = ["Tim", "Sarah", "Maria", "Linus"]
TIM, SARAH, MARIA, LINUS = range(4)


def listed(state: State) -> list[str]:
    return [str(action) for action in state.legal_actions()]


# ----------------------------------------------------------------- Possibilità A: Giocare una scala


@pytest.mark.parametrize("straight", ["play 0 1 2", "play 3 4 5", "play 8 9 10", "play 5 3 4", "play 10 8 9"])
def test_straights_0_1_2_and_3_4_5_and_8_9_10_are_legal_in_any_order(straight: str) -> None:
    hand = [0, 1, 2, 3, 4, 5, 8, 9, 10]
    verdict = check(hand, Action.parse(straight), plays_made=0)
    assert verdict.legal and verdict.kind is not None and verdict.kind.value == "straight"


@pytest.mark.parametrize(("play", "why"), [("play 3 4 5 6", "4 consecutive"), ("play 4 5", "only 2")])
def test_a_straight_is_never_more_or_fewer_than_three_cards(play: str, why: str) -> None:
    assert check([3, 4, 5, 6], Action.parse(play), plays_made=0).codes == ["not-a-set"], why


def test_maria_plays_7_8_9_and_draws_exactly_one_card() -> None:
    state = table(SEATS, ["10/1", "6/2", "7/3 9/4 8/5 2/0", "3/6"], draw_top="4/10", turn=MARIA)
    act(state, "play 7 8 9")
    assert (state.to_move, state.step) == (MARIA, Step.DRAW)
    assert state.fronts(MARIA) == [2]
    act(state, "take visible")
    assert state.fronts(MARIA) == [2, 4]
    assert (state.to_move, state.step) == (LINUS, Step.TURN)


# ----------------------------------------------------------------- Possibilità B: Giocare numeri uguali


@pytest.mark.parametrize("play", ["play 0", "play 7", "play 4 4", "play 6 6 6 6 6"])
def test_a_single_0_a_single_7_two_4s_or_five_6s_are_plays_of_equal_numbers(play: str) -> None:
    verdict = check([0, 7, 4, 4, 6, 6, 6, 6, 6, 1], Action.parse(play), plays_made=0)
    assert verdict.legal and verdict.kind is not None and verdict.kind.value == "equal-numbers"
    assert not verdict.triple


def test_the_active_players_turn_always_ends_with_one_card_drawn_so_no_hand_is_ever_empty() -> None:
    state = table(SEATS, ["6/1 6/2", "0/3", "0/4", "0/5"], draw_top="9/7")
    act(state, "play 6 6")
    assert state.hands[TIM] == [] and state.step is Step.DRAW
    assert listed(state) == ["take visible", "take hidden"]
    act(state, "take hidden")
    assert state.hands[TIM] == cards("7/9")


# ----------------------------------------------------------------- drawing a card


def test_the_side_chosen_when_drawing_is_final() -> None:
    state = table(SEATS, ["6/1 6/2", "0/3", "0/4", "0/5"], draw_top="9/7")
    act(state, "play 6 6", "take hidden")
    assert state.fronts(TIM) == [7], "the hidden side faces Tim; the visible 9 is now the back"
    assert state.to_move == SARAH, "the draw ends the turn: there is no second choice"
    verdict = state.check(Action.parse("take visible"))
    assert verdict.codes == ["wrong-step"]


# ----------------------------------------------------------------- Azione speciale: terna di numeri


def test_tims_triple_of_8s_makes_sarah_flip_a_zero_and_maria_and_linus_draw_then_sarah_plays() -> None:
    hands = ["8/1 8/2 8/3 5/4", "0/5 0/6 9/7", "10/2 6/1", "10/3 7/4"]
    state = table(SEATS, hands, draw_top="1/2 1/3 9/10", turn=TIM)
    act(state, "play 8 8 8")
    assert state.check(Action.parse("play 8 8 8")).codes == ["wrong-step"]
    act(state, "take visible")
    assert state.fronts(TIM) == [5, 9]
    assert (state.to_move, state.step) == (SARAH, Step.TRIPLE_EFFECT)
    assert listed(state) == ["flip 1", "flip 2"], "Sarah holds two zeros and chooses which to flip"
    assert state.check(Action.parse("take visible")).codes == ["must-flip-zero"]
    assert state.check(Action.parse("flip 3")).codes == ["not-a-zero"]
    act(state, "flip 2")
    assert state.fronts(SARAH) == [0, 6, 9]
    assert (state.to_move, listed(state)) == (MARIA, ["take visible", "take hidden"]), "Maria has no zero"
    assert state.check(Action.parse("flip 1")).codes == ["not-a-zero"]
    act(state, "take visible")
    assert state.fronts(MARIA) == [10, 6, 1]
    act(state, "take hidden")
    assert state.fronts(LINUS) == [10, 7, 2]
    assert (state.to_move, state.step) == (SARAH, Step.TURN), "then play goes on normally: Sarah's turn"


def test_four_cards_of_one_number_are_no_triple_and_hit_nobody() -> None:
    state = table(SEATS, ["8/1 8/2 8/3 8/4 5/6", "0/5", "0/6", "0/7"], draw_top="9/10")
    act(state, "play 8 8 8 8", "take visible")
    assert (state.to_move, state.step) == (SARAH, Step.TURN)
    assert check([8, 8, 8, 8], Action.parse("play 8 8 8 8"), plays_made=0).rulings == ("triple-exactly-three",)


# ----------------------------------------------------------------- Fine del turno: only zeros


def test_maria_holding_only_zeros_after_her_triple_ends_the_round_at_once_without_its_effect() -> None:
    hands = ["6/10 7/10", "0/2 5/2", "9/1 9/2 9/3 0/4", "8/5 4/6"]
    state = table(SEATS, hands, draw_top="0/7", turn=MARIA)
    act(state, "play 9 9 9", "take visible")
    assert state.round_number == 2, "the round ended at once: no flip for Sarah, no draw for Linus and Tim"
    result = state.results[0]
    assert result.only_zeros == "Maria"
    assert result.score.sums == {"Tim": 13, "Sarah": 5, "Maria": 0, "Linus": 12}
    assert result.score.points == {"Tim": 13, "Sarah": 5, "Maria": 0, "Linus": 12}


# ----------------------------------------------------------------- Fine del turno: knocking


def test_knocking_needs_two_earlier_plays_in_the_round() -> None:
    state = table(SEATS, ["5/1 6/2 4/3", "0/3", "0/4", "0/5"], draw_top="0/6 0/7 0/8 0/9 0/10 1/2")
    assert "knock" not in listed(state)
    assert state.check(KNOCK).codes == ["knock-too-early"]
    act(state, "play 5", "take visible")
    for _ in range(3):
        act(state, listed(state)[0], "take hidden")
    assert state.plays_made[TIM] == 1 and state.check(KNOCK).codes == ["knock-too-early"]
    act(state, "play 6", "take visible")
    for _ in range(3):
        act(state, listed(state)[0], "take hidden")
    assert state.plays_made[TIM] == 2 and listed(state)[-1] == "knock"
    assert state.check(KNOCK).legal


def test_linus_knocks_with_2_the_others_play_once_more_and_he_scores_0_against_11_6_and_4() -> None:
    hands = ["10/1 6/2", "9/4 6/7", "10/6 4/8", "2/5"]
    state = table(SEATS, hands, draw_top="0/1 0/8 5/3", turn=LINUS, plays_made=[2, 2, 2, 2])
    act(state, "knock")
    assert state.to_move == TIM and "knock" not in listed(state)
    assert state.check(KNOCK).codes == ["already-knocked"]
    act(state, "play 10", "take visible")
    act(state, "play 9", "take visible")
    act(state, "play 10", "take visible")
    assert state.round_number == 2, "after Tim, Sarah and Maria the round is over; Linus does not play again"
    score = state.results[0].score
    assert score.sums == {"Tim": 11, "Sarah": 6, "Maria": 4, "Linus": 2}
    assert score.points == {"Tim": 11, "Sarah": 6, "Maria": 4, "Linus": 0}
    assert state.totals == score.points
    assert (state.dealer, state.to_move) == (LINUS, TIM), "the deal moves on; the player left of the dealer starts"


def test_sarah_knocks_with_4_and_tim_also_ends_with_4_so_she_scores_9_and_tim_0() -> None:
    hands = ["8/2 4/1", "4/5", "10/0 7/1", "9/3 7/6"]
    state = table(SEATS, hands, draw_top="0/9 0/3 5/2", turn=SARAH, plays_made=[2, 2, 2, 2])
    act(state, "knock")
    act(state, "play 10", "take visible")
    act(state, "play 9", "take visible")
    act(state, "play 8", "take visible")
    score = state.results[0].score
    assert score.sums == {"Tim": 4, "Sarah": 4, "Maria": 12, "Linus": 7}
    assert score.points == {"Tim": 0, "Sarah": 9, "Maria": 12, "Linus": 7}
    assert score.knocker == "Sarah" and score.knocker_penalized


def test_a_triple_in_the_last_round_also_hits_the_knocker() -> None:
    hands = ["8/4", "0/5 7/6", "3/1 3/2 3/4 9/5", "10/6"]
    state = table(SEATS, hands, draw_top="1/5 2/6 7/1 5/10", turn=MARIA, plays_made=[2, 2, 2, 2], knocker=SARAH)
    act(state, "play 3 3 3", "take visible")
    act(state, "take visible")  # Linus
    act(state, "take visible")  # Tim
    assert (state.to_move, state.step, listed(state)) == (SARAH, Step.TRIPLE_EFFECT, ["flip 1"])
    act(state, "flip 1")
    assert state.fronts(SARAH) == [5, 7]
    assert (state.to_move, state.step) == (LINUS, Step.TURN), "the last round goes on with Linus"


def test_holding_only_zeros_ends_the_last_round_at_once_too() -> None:
    hands = ["8/4 9/4", "0/5 7/6", "3/1 0/2", "10/6"]
    state = table(SEATS, hands, draw_top="0/8", turn=MARIA, plays_made=[2, 2, 2, 2], knocker=SARAH)
    act(state, "play 3", "take visible")
    result = state.results[0]
    assert (result.only_zeros, result.score.knocker) == ("Maria", "Sarah")
    assert result.score.points == {"Tim": 17, "Sarah": 12, "Maria": 0, "Linus": 10}


# ----------------------------------------------------------------- Annotazione del punteggio


def test_linus_with_2_against_11_6_and_4_scores_0_as_the_rounds_winner() -> None:
    score = score_round({"Linus": 2, "Tim": 11, "Sarah": 6, "Maria": 4}, knocker="Linus")
    assert score.points == {"Linus": 0, "Tim": 11, "Sarah": 6, "Maria": 4}
    assert not score.knocker_penalized


def test_sarah_knocking_with_4_like_tim_scores_4_plus_5_and_tim_scores_0() -> None:
    score = score_round({"Sarah": 4, "Maria": 12, "Linus": 7, "Tim": 4}, knocker="Sarah")
    assert score.points == {"Sarah": 9, "Maria": 12, "Linus": 7, "Tim": 0}
    assert score.lowest == ("Sarah", "Tim")


def test_every_player_tied_with_the_lowest_sum_scores_0() -> None:
    assert score_round({"Tim": 3, "Sarah": 3, "Maria": 8}).points == {"Tim": 0, "Sarah": 0, "Maria": 8}


# ----------------------------------------------------------------- Fine del gioco


def test_the_game_ends_when_a_player_reaches_50_and_the_lowest_total_wins() -> None:
    assert not game_over({"Tim": 49, "Sarah": 12})
    assert game_over({"Tim": 50, "Sarah": 12}) and game_over({"Tim": 57, "Sarah": 12})
    assert winners({"Tim": 57, "Sarah": 12, "Maria": 30}) == ("Sarah",)


def test_players_tied_with_the_lowest_total_share_the_win() -> None:
    assert winners({"Tim": 57, "Sarah": 12, "Maria": 12, "Linus": 30}) == ("Sarah", "Maria")


def test_a_round_that_takes_a_total_to_50_ends_the_game() -> None:
    hands = ["10/1 6/2", "9/4 6/7", "10/6 4/8", "2/5"]
    state = table(SEATS, hands, draw_top="0/1 0/8 5/3", turn=LINUS, plays_made=[2, 2, 2, 2])
    earlier = score_round({"Tim": 40, "Sarah": 4, "Maria": 5, "Linus": 20})
    state.results.append(RoundResult(0, TIM, earlier, None))
    act(state, "knock", "play 10", "take visible", "play 9", "take visible", "play 10", "take visible")
    assert state.totals == {"Tim": 51, "Sarah": 6, "Maria": 9, "Linus": 20}
    assert state.is_over and state.to_move is None and state.winners == ("Sarah",)


def test_two_players_may_agree_on_a_lower_target_of_40() -> None:
    state = table(
        ["Ann", "Bob"], ["9/1 9/2", "2/5"], draw_top="8/3", target=TWO_PLAYER_TARGET, plays_made=[2, 2], knocker=1
    )
    state.results.append(RoundResult(0, 1, RoundScore({"Ann": 25, "Bob": 0}, None, {"Ann": 25, "Bob": 0}), None))
    act(state, "play 9", "take visible")
    assert state.totals == {"Ann": 42, "Bob": 0} and state.is_over


# ----------------------------------------------------------------- the empty draw pile


def test_an_empty_draw_pile_is_replaced_by_the_discard_pile_turned_over_unshuffled() -> None:
    state = table(SEATS, ["5/9 1/8", "0/3", "0/4", "0/5"], draw_top="6/2", discard="4/1 7/3", rest="discard")
    discarded_before = list(state.discard_pile)
    act(state, "play 5", "take visible")
    assert state.fronts(TIM) == [1, 6]
    discards = [*discarded_before, Card(5, 9)]
    assert state.draw_pile == [card.flipped() for card in reversed(discards)]
    assert state.draw_pile[-1] == discarded_before[0].flipped(), "the first card discarded is now on top"
    assert state.draw_visible == discarded_before[0].back
    assert state.discard_pile == []
