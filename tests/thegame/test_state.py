"""Whole games of The Game: the rulebook's examples played on a state, the end of the game, On Fire, errors."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.contract import GameState
from solver.errors import GameError, IllegalMoveError, NambarzError, NotationError, SearchLimitError
from solver.thegame import END_TURN, Action, Ending, Game, Pile, State, Variant, can_lay, replay
from solver.thegame.cards import CARDS
from solver.thegame.rules import PILES

ASC1, ASC2, DESC1, DESC2 = PILES


def play(state: State, *actions: str) -> list[bool]:
    """Apply actions written in notation; return whether each one was a ten-back move."""
    return [state.apply(Action.parse(action)).backwards for action in actions]


def codes(state: State, action: str) -> list[str]:
    return [violation.code.value for violation in state.check(Action.parse(action)).violations]


# ----------------------------------------------------------------- the rulebook's examples


def test_rulebook_example_martino_lays_one_two_and_one_card_then_draws_four() -> None:
    martino = [5, 10, 12, 40, 60, 90]
    state = State.from_position(
        Game(players=3), [martino, [20, 30, 50, 70, 80, 85], [21, 31, 51, 71, 81, 86]], draw_pile=[2, 3, 4, 6, 7]
    )
    play(state, "5>asc1", "10>asc2", "12>asc2", "90>desc1")
    assert state.tops == {ASC1: 5, ASC2: 12, DESC1: 90, DESC2: 100}
    assert state.to_move == 0
    play(state, "end")
    assert state.hands[0] == [3, 4, 6, 7, 40, 60]
    assert state.draw_pile == [2]
    assert state.to_move == 1
    assert state.turns == 1


def test_rulebook_example_several_ten_back_moves_in_one_turn_on_different_piles() -> None:
    state = State.from_position(
        Game(), [[20, 37, 40, 45, 70, 75]], tops={ASC1: 47, DESC1: 65}, draw_pile=list(range(2, 10))
    )
    backwards = play(state, "20>asc2", "37>asc1", "40>asc1", "45>asc1", "75>desc1", "70>desc1")
    assert backwards == [False, True, False, False, True, False]
    assert state.tops == {ASC1: 45, ASC2: 20, DESC1: 70, DESC2: 100}


def test_rulebook_example_giacomo_goes_ten_back_on_an_ascending_pile() -> None:
    state = State.from_position(Game(), [[37, 80]], tops={ASC1: 47}, draw_pile=[2, 3])
    verdict = state.apply(Action.parse("37>asc1"))
    assert verdict.legal and verdict.backwards and verdict.covers == 47


def test_rulebook_example_susanna_goes_ten_back_on_a_descending_pile() -> None:
    state = State.from_position(Game(), [[75, 20]], tops={DESC2: 65}, draw_pile=[2, 3])
    verdict = state.apply(Action.parse("75>desc2"))
    assert verdict.legal and verdict.backwards and verdict.covers == 65


def test_rulebook_a_turn_lays_at_least_two_cards_while_the_draw_pile_lasts() -> None:
    state = State.from_position(Game(), [[10, 20, 30]], draw_pile=[40, 50])
    play(state, "10>asc1")
    assert END_TURN not in state.legal_actions()
    assert codes(state, "end") == ["too-few-cards"]
    with pytest.raises(IllegalMoveError, match="laid 1 of the 2 cards"):
        state.apply(END_TURN)
    play(state, "20>asc1")
    assert state.legal_actions()[-1] == END_TURN


def test_rulebook_a_player_may_lay_more_than_the_minimum_even_the_whole_hand() -> None:
    state = State.from_position(Game(), [[10, 20, 30, 40, 50, 60, 70, 80]], draw_pile=list(range(81, 99)))
    play(state, *(f"{card}>asc1" for card in (10, 20, 30, 40, 50, 60, 70, 80)), "end")
    assert state.hands[0] == list(range(91, 99))
    assert len(state.draw_pile) == 10


def test_rulebook_once_the_draw_pile_is_empty_one_card_is_enough() -> None:
    state = State.from_position(Game(players=2), [[10, 20], [30, 40]])
    assert state.minimum_this_turn == 1
    play(state, "10>asc1")
    assert END_TURN in state.legal_actions()
    play(state, "end")
    assert state.hands[0] == [20]
    assert state.to_move == 1


def test_the_draw_stops_when_the_draw_pile_runs_out_and_the_minimum_falls_to_one() -> None:
    state = State.from_position(Game(players=2), [[10, 20, 30], [40, 50, 60]], draw_pile=[70])
    play(state, "10>asc1", "20>asc1", "30>asc1", "end")
    assert state.hands[0] == [70]
    assert state.draw_pile == []
    assert state.minimum_this_turn == 1


def test_rulebook_a_player_who_has_laid_all_cards_drops_out_and_the_others_go_on() -> None:
    state = State.from_position(Game(players=3), [[10], [20, 30], [40, 50]])
    play(state, "10>asc1", "end")
    assert state.hands[0] == []
    play(state, "20>asc1", "end")
    play(state, "40>asc1", "end")
    assert state.to_move == 1
    play(state, "30>asc1", "end")
    assert state.to_move == 2
    assert not state.is_over


def test_rulebook_the_game_ends_when_the_player_to_move_cannot_lay_the_minimum() -> None:
    tops = {ASC1: 60, ASC2: 61, DESC1: 40, DESC2: 41}
    state = State.from_position(Game(players=2), [[62, 63, 45, 46], [47, 48, 49, 56]], tops=tops, draw_pile=[2, 3])
    play(state, "62>asc1", "63>asc1", "end")
    assert state.is_over
    assert state.ending is Ending.MINIMUM_OUT_OF_REACH
    assert state.to_move is None
    assert state.legal_actions() == []
    assert state.cards_left == 4 + 4 and not state.won


def test_the_game_ends_at_the_deal_if_the_first_player_cannot_lay_the_minimum() -> None:
    tops = {ASC1: 90, ASC2: 91, DESC1: 10, DESC2: 11}
    state = State.from_position(Game(), [[50, 60, 70]], tops=tops, draw_pile=[2, 3])
    assert state.ending is Ending.MINIMUM_OUT_OF_REACH
    assert state.legal_actions() == []


def test_the_minimum_must_be_reachable_in_some_order_not_card_by_card() -> None:
    # 45 fits nowhere until 40 has gone ten back on asc1; then 45 goes on 40.
    tops = {ASC1: 50, ASC2: 98, DESC1: 3, DESC2: 4}
    state = State.from_position(Game(), [[40, 45]], tops=tops, draw_pile=[2, 5])
    assert not state.is_over
    assert [str(action) for action in state.legal_actions()] == ["40>asc1"]


def test_a_player_stuck_below_the_minimum_in_mid_turn_ends_the_game() -> None:
    tops = {ASC1: 60, ASC2: 90, DESC1: 40, DESC2: 41}
    state = State.from_position(Game(), [[70, 65, 45]], tops=tops, draw_pile=[2, 3])
    play(state, "70>asc1")  # 65 then 70 on asc1 would have reached the minimum
    assert state.ending is Ending.STUCK_BELOW_MINIMUM
    assert state.legal_actions() == []
    assert state.cards_left == 4


def test_rulebook_scoring_fewer_than_ten_cards_left_is_excellent() -> None:
    tops = {ASC1: 90, ASC2: 91, DESC1: 10, DESC2: 11}
    nine = State.from_position(Game(players=2), [[95, 50, 51, 52, 53], [54, 55, 56, 57]], tops=tops)
    play(nine, "95>asc1", "end")
    assert nine.is_over and nine.cards_left == 8 and nine.excellent and not nine.won
    ten = State.from_position(Game(players=2), [[95, 50, 51, 52, 53], [54, 55, 56, 57, 58, 59]], tops=tops)
    play(ten, "95>asc1", "end")
    assert ten.is_over and ten.cards_left == 10 and not ten.excellent


def test_rulebook_laying_all_98_cards_beats_the_game() -> None:
    state = State.from_position(Game(), [[10, 20]])
    play(state, "10>asc1", "end")
    assert not state.is_over
    play(state, "20>asc1")
    assert state.is_over and state.won and state.cards_left == 0 and state.excellent
    assert state.ending is Ending.ALL_CARDS_LAID
    assert state.to_move is None


def test_rulebook_pro_version_deals_smaller_hands_and_asks_three_cards() -> None:
    state = Game(players=3, variant=Variant.PRO, seed=5).new_state()
    assert [len(hand) for hand in state.hands] == [5, 5, 5]
    assert state.minimum_this_turn == 3
    third, second, first = [action for action in state.legal_actions() if action.pile is DESC2][-3:]
    play(state, str(first), str(second))
    assert END_TURN not in state.legal_actions()
    play(state, str(third))
    assert state.legal_actions()[-1] == END_TURN


FIRE_HANDS = [[44, 50, 60], [45, 70, 80], [20, 30, 90]]


def fire_game(players: int = 3) -> State:
    return State.from_position(Game(players=players, on_fire=True), FIRE_HANDS[:players], draw_pile=[2, 3, 4, 5])


def test_rulebook_example_martino_lays_44_and_may_cover_it_himself() -> None:
    state = fire_game()
    play(state, "44>asc1")
    assert state.fire == {ASC1: 1}
    play(state, "50>asc1", "end")
    assert state.fire == {}


def test_rulebook_example_martino_lays_44_and_susanna_covers_it_in_her_turn() -> None:
    state = fire_game()
    play(state, "44>asc1", "60>asc2", "end")
    assert state.fire == {ASC1: 1}
    play(state, "45>asc1", "70>asc2", "end")
    assert state.fire == {} and not state.is_over and state.to_move == 2


def test_rulebook_example_martino_lays_44_and_the_game_is_lost_when_susanna_does_not_cover_it() -> None:
    state = fire_game()
    play(state, "44>asc1", "60>asc2", "end", "70>asc2", "80>asc2")
    assert not state.is_over
    assert END_TURN in state.legal_actions()  # ending the turn is allowed: it loses the game
    play(state, "end")
    assert state.is_over and state.lost_to_fire and state.ending is Ending.FIRE_UNCOVERED
    assert not state.won and not state.excellent
    assert state.turns == 2


def test_rulebook_solo_a_fire_card_must_be_covered_by_the_end_of_the_next_turn() -> None:
    game = Game(on_fire=True)
    covered = State.from_position(game, [[44, 50, 60, 90, 95]], draw_pile=[2, 3, 4, 5])
    play(covered, "44>asc1", "90>desc1", "end", "50>asc1", "95>desc2", "end")
    assert not covered.is_over and covered.fire == {}
    lost = State.from_position(game, [[44, 50, 60, 90, 95]], draw_pile=[2, 3, 4, 5])
    play(lost, "44>asc1", "90>desc1", "end", "60>asc2", "95>desc2", "end")
    assert lost.lost_to_fire


def test_the_fire_deadline_falls_to_the_next_player_still_holding_cards() -> None:
    game = Game(players=3, on_fire=True)
    state = State.from_position(game, [[44, 50], [], [45, 70]])
    play(state, "44>asc1", "end")
    assert state.to_move == 2
    play(state, "70>asc2", "end")
    assert state.lost_to_fire


def test_a_fire_card_can_be_covered_by_another_fire_card_which_then_needs_covering() -> None:
    state = fire_game()
    state.hands[1] = [55, 70, 80]
    play(state, "44>asc1", "60>asc2", "end", "55>asc1", "70>asc2", "end")
    assert state.fire == {ASC1: 2} and not state.is_over
    play(state, "90>desc1", "20>desc1", "end")
    assert state.lost_to_fire


def test_a_fire_card_can_be_covered_by_going_ten_back() -> None:
    state = fire_game()
    state.hands[1] = [34, 70, 80]
    play(state, "44>asc1", "60>asc2", "end", "34>asc1", "70>asc2", "end")
    assert state.fire == {} and not state.is_over


def test_without_on_fire_the_fire_numbers_are_ordinary_cards() -> None:
    state = State.from_position(Game(players=2), [[44, 50, 60], [45, 70, 80]], draw_pile=[2, 3])
    play(state, "44>asc1", "60>asc2", "end", "70>asc2", "80>asc2", "end")
    assert state.fire == {} and not state.is_over


def test_a_player_who_cannot_lay_the_minimum_ends_the_game_even_with_a_fire_card_due() -> None:
    tops = {ASC2: 90, DESC1: 10, DESC2: 11}
    state = State.from_position(Game(players=2, on_fire=True), [[44, 92], [45, 30]], tops=tops, draw_pile=[2, 3, 4, 5])
    play(state, "44>asc1", "92>asc2", "end")
    assert state.fire == {ASC1: 1}
    assert state.ending is Ending.MINIMUM_OUT_OF_REACH and not state.lost_to_fire


def test_laying_the_last_card_wins_at_once_even_with_a_fire_card_due() -> None:
    state = State.from_position(Game(players=2, on_fire=True), [[44], [60]])
    play(state, "44>asc1", "end")
    play(state, "60>asc2")
    assert state.won and not state.lost_to_fire


# ----------------------------------------------------------------- dealing, legal actions, refusals


@pytest.mark.parametrize("players", range(1, 6))
@pytest.mark.parametrize("variant", list(Variant))
def test_the_deal_gives_every_player_a_full_hand_and_leaves_the_rest_to_draw(players: int, variant: Variant) -> None:
    state = Game(players, variant, seed=players).new_state()
    size = Game(players, variant).hand_size
    assert [len(hand) for hand in state.hands] == [size] * players
    assert all(hand == sorted(hand) for hand in state.hands)
    assert sorted(state.draw_pile + [card for hand in state.hands for card in hand]) == list(CARDS)
    assert state.tops == {ASC1: 1, ASC2: 1, DESC1: 100, DESC2: 100}
    assert (state.to_move, state.turns, state.played_this_turn, state.fire, state.this_turn) == (0, 0, 0, {}, [])


def test_the_same_seed_deals_the_same_cards_and_another_seed_others() -> None:
    assert Game(seed=11).new_state().to_dict() == Game(seed=11).new_state().to_dict()
    assert Game(seed=11).new_state().hands != Game(seed=12).new_state().hands


def test_legal_actions_list_placements_by_card_then_pile_and_end_last() -> None:
    state = State.from_position(Game(), [[12, 37, 75]], tops={ASC1: 47, DESC1: 65})
    assert [str(action) for action in state.legal_actions()] == [
        *("12>asc2", "12>desc1", "12>desc2"),
        *("37>asc1", "37>asc2", "37>desc1", "37>desc2"),
        *("75>asc1", "75>asc2", "75>desc1", "75>desc2"),
    ]
    play(state, "37>asc1")
    assert state.legal_actions()[-1] == END_TURN


def test_a_card_not_in_hand_is_refused_and_the_state_is_unchanged() -> None:
    state = Game(seed=2).new_state()
    missing = next(card for card in CARDS if card not in state.hands[0])
    before = state.to_dict()
    with pytest.raises(IllegalMoveError, match=f"does not hold {missing}") as raised:
        state.apply(Action.place(missing, ASC1))
    assert raised.value.verdict.codes == ["not-in-hand"]
    assert state.to_dict() == before


def test_a_card_going_the_wrong_way_is_refused_with_the_rule_it_breaks() -> None:
    state = State.from_position(Game(), [[30, 60]], tops={ASC1: 47}, draw_pile=[2, 3])
    verdict = state.check(Action.parse("30>asc1"))
    assert verdict.codes == ["wrong-direction"]
    assert verdict.violations[0].reference.rule == "I mucchietti: regole per calare carte"
    assert "higher than 47, or exactly 37" in verdict.violations[0].message
    assert verdict.rulings == ("back-exactly-ten",)
    with pytest.raises(IllegalMoveError):
        state.apply(Action.parse("30>asc1"))


def test_a_card_not_held_and_going_the_wrong_way_breaks_both_rules() -> None:
    state = State.from_position(Game(), [[30, 60]], tops={ASC1: 47}, draw_pile=[2, 3])
    assert codes(state, "20>asc1") == ["not-in-hand", "wrong-direction"]


def test_no_action_is_taken_once_the_game_is_over() -> None:
    state = State.from_position(Game(), [[95]], tops={ASC1: 96, ASC2: 97, DESC1: 10, DESC2: 11})
    assert state.is_over
    assert codes(state, "95>asc1") == ["game-over"]
    with pytest.raises(IllegalMoveError, match="the game is over"):
        state.apply(END_TURN)


def test_an_action_verdict_has_the_shared_header_then_its_fields_then_the_rulings() -> None:
    state = State.from_position(Game(), [[37, 80]], tops={ASC1: 47}, draw_pile=[2, 3])
    document = state.check(Action.parse("37>asc1")).to_dict()
    assert list(document) == ["game", "legal", "violations", "action", "seat", "covers", "backwards", "rulings"]
    assert document == {
        "game": "thegame",
        "legal": True,
        "violations": [],
        "action": "37>asc1",
        "seat": 0,
        "covers": 47,
        "backwards": True,
        "rulings": [],
    }


def test_the_state_keeps_the_shared_game_state_contract() -> None:
    state: GameState[Action] = Game().new_state()
    assert state.to_move == 0 and not state.is_over


# ----------------------------------------------------------------- notation


@given(card=st.sampled_from(CARDS), pile=st.sampled_from(PILES))
def test_a_placement_round_trips_through_its_notation_and_repr(card: int, pile: Pile) -> None:
    action = Action.place(card, pile)
    assert Action.parse(str(action)) == action
    assert eval(repr(action), {"Action": Action}) == action
    assert (action.card, action.pile, action.is_end) == (card, pile, False)


def test_end_round_trips_through_its_notation() -> None:
    assert Action.parse(" END ") is END_TURN
    assert (END_TURN.card, END_TURN.pile, END_TURN.is_end, str(END_TURN)) == (None, None, True, "end")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("37", "expected CARD>PILE"),
        ("37>", "expected CARD>PILE"),
        ("x>asc1", "expected a card number"),
        ("-3>asc1", "expected a card number"),
        ("100>asc1", "does not exist"),
        ("1>asc1", "does not exist"),
        ("37>asc3", "unknown pile"),
        ("", "expected CARD>PILE"),
    ],
)
def test_bad_action_notation_is_a_notation_error_saying_what_was_expected(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        Action.parse(text)


@pytest.mark.parametrize(("card", "pile"), [(1, ASC1), (100, DESC1), (True, ASC1), (37, "asc1"), (None, ASC1)])
def test_a_placement_of_no_card_or_on_no_pile_is_refused(card: object, pile: object) -> None:
    with pytest.raises(GameError):
        Action.place(card, pile)  # type: ignore[arg-type]


# ----------------------------------------------------------------- settings and set-up errors


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"players": 0}, "1 to 5 players"),
        ({"players": 6}, "1 to 5 players"),
        ({"players": True}, "players must be a whole number"),
        ({"variant": "pro"}, "variant must be"),
        ({"on_fire": 1}, "on_fire must be True or False"),
        ({"seed": 1.5}, "seed must be a whole number"),
    ],
)
def test_settings_that_do_not_make_a_game_are_refused(settings: dict[str, object], message: str) -> None:
    with pytest.raises(GameError, match=message):
        Game(**settings)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hands", "options", "message"),
    [
        ([[10]], {"tops": {ASC1: 100}}, "cannot show 100"),
        ([[10]], {"tops": {DESC1: 1}}, "cannot show 1"),
        ([[10], [20]], {}, "expected 1 hands"),
        ([list(range(2, 11))], {}, "holds 9 cards"),
        ([[10, 10]], {}, "10 appears twice"),
        ([[10]], {"draw_pile": [10]}, "10 appears twice"),
        ([[47]], {"tops": {ASC1: 47}}, "47 appears twice"),
        ([[100]], {}, "100 is not a card"),
        ([[]], {}, "seat 0 cannot move"),
        ([[10]], {"to_move": 1}, "seat 1 cannot move"),
    ],
)
def test_a_position_that_cannot_happen_is_refused(
    hands: list[list[int]], options: dict[str, object], message: str
) -> None:
    with pytest.raises(GameError, match=message):
        State.from_position(Game(), hands, **options)  # type: ignore[arg-type]


def test_the_search_for_the_minimum_refuses_what_is_past_its_limits() -> None:
    tops = {pile: pile.start for pile in PILES}
    with pytest.raises(SearchLimitError, match="at most 3 cards"):
        can_lay([10, 20, 30, 40], tops, 4)
    with pytest.raises(SearchLimitError, match="at most 8"):
        can_lay(list(range(10, 19)), tops, 2)


# ----------------------------------------------------------------- serialisation and replay


@given(seed=st.integers(0, 10_000), players=st.integers(1, 5), on_fire=st.booleans(), steps=st.integers(0, 60))
def test_a_state_survives_a_json_round_trip_at_any_point(seed: int, players: int, on_fire: bool, steps: int) -> None:
    game = Game(players, Variant.PRO if seed % 2 else Variant.STANDARD, on_fire, seed)
    state = game.new_state()
    played = []
    for step in range(steps):
        actions = state.legal_actions()
        if not actions:
            break
        action = actions[(seed + step) % len(actions)]
        state.apply(action)
        played.append(str(action))
    document = state.to_dict()
    rebuilt = State.from_dict(json.loads(json.dumps(document)))
    assert rebuilt.to_dict() == document
    assert rebuilt.legal_actions() == state.legal_actions()
    assert replay(game, played).to_dict() == document


def test_a_copy_is_independent_of_its_original() -> None:
    state = Game(seed=4).new_state()
    copy = state.copy()
    copy.apply(copy.legal_actions()[0])
    assert copy.to_dict() != state.to_dict()
    assert state.this_turn == [] and state.played_this_turn == 0
    assert copy.played_this_turn == len(copy.this_turn) == 1


@pytest.mark.parametrize("document", [{}, {"game": {"players": 1}}, {"this_turn": "x"}])
def test_a_document_that_is_not_a_saved_state_is_refused(document: dict[str, object]) -> None:
    with pytest.raises(GameError, match="not a saved state"):
        State.from_dict(document)


def test_a_saved_state_with_bad_settings_is_refused_with_the_settings_error() -> None:
    document = Game().new_state().to_dict()
    document["game"]["players"] = 9
    with pytest.raises(NambarzError, match="1 to 5 players"):
        State.from_dict(document)


def test_a_transcript_with_an_illegal_action_does_not_replay_and_names_the_action() -> None:
    game = Game(seed=6)
    state = game.new_state()
    first = str(state.legal_actions()[0])
    with pytest.raises(GameError, match=r"action 2 \('end'\) cannot be replayed"):
        replay(game, [first, "end"])
    with pytest.raises(GameError, match=r"action 1 \('37>up'\)"):
        replay(game, ["37>up"])
