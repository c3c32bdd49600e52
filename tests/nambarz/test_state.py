"""The game engine on hand-built positions: penalties, draws, jokers, going out, rounds, scoring and tie-breaks.

Each test sets the hands, the draw pile, the table and the player to move,
then checks what the engine does against the rules digest (sections II, IV,
V, VI and VIII–XI) and ``docs/rulings.md``.  Draw piles are written in the
order the cards will be drawn.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

import pytest

from solver.nambarz.cards import Card, JokerType, parse_cards
from solver.nambarz.jokers import Cover
from solver.nambarz.notation import Turn
from solver.nambarz.referee import Verdict
from solver.nambarz.rules import Rules
from solver.nambarz.state import HAND_SIZE, Action, ActionVerdict, Game, GameError, Phase, State, Variant, replay
from solver.nambarz.turn import check_turn

ANN_BOB_CID = ("Ann", "Bob", "Cid")


def cards(text: str) -> list[Card]:
    """Cards written with spaces; an empty text is no cards."""
    return list(parse_cards(text)) if text.strip() else []


def position(
    hands: Mapping[str, str],
    top: str,
    *,
    below: str = "",
    draws: str = "",
    to_move: str | None = None,
    phase: Phase = Phase.START,
    finished: Sequence[str] = (),
    master: Mapping[str, int] | None = None,
    teams: tuple[tuple[str, ...], ...] | None = None,
    rounds: int = 1,
    rules: Rules | None = None,
) -> State:
    """A state in round 1 with the given hands (in seat order), top card, table and draw pile.

    ``below`` lists the table cards under the top card, bottom first;
    ``draws`` the draw pile in drawing order; ``to_move`` names the player
    to move.  A change joker as ``top`` is one the previous player left
    without its card.
    """
    players = tuple(hands)
    game = Game(players, teams, rules=rules or Rules(), rounds=rounds)
    top_card = Card.parse(top)
    return State(
        game,
        round_number=1,
        seated=players,
        hands={player: cards(hand) for player, hand in hands.items()},
        draw_pile=cards(draws)[::-1],
        table=[*cards(below), top_card],
        cover=Cover(top_card),
        turn_player=to_move or next(player for player in players if player not in finished),
        phase=phase,
        finished=list(finished),
        master={**dict.fromkeys(players, 0), **(master or {})},
        strokes=dict.fromkeys(players, 0),
        penalties=dict.fromkeys(players, 0),
    )


def play(state: State, text: str) -> Verdict:
    """Apply a play written in turn notation and return the referee's verdict."""
    verdict = state.apply(Action.parse(text))
    assert verdict is not None
    return verdict


def act(state: State, *texts: str) -> None:
    """Apply several actions (plays, ``draw``, ``pass``), each of which must be legal."""
    for text in texts:
        action = Action.parse(text)
        assert action in state.legal_actions(), f"{text} is not among {legal(state)}"
        verdict = state.apply(action)
        assert verdict is None or verdict.legal, f"{text}: {verdict.codes}"


def legal(state: State) -> list[str]:
    """The legal actions, written out."""
    return [str(action) for action in state.legal_actions()]


def holds(state: State, player: str) -> list[Card]:
    """The player's hand, sorted."""
    return sorted(state.hands[player])


def written(text: str) -> list[Card]:
    """Cards written with spaces, sorted like :func:`holds`."""
    return sorted(cards(text))


def strings(played: Sequence[Card]) -> list[str]:
    return [str(card) for card in played]


def assert_turn_passed_after_penalty(state: State, player: str, next_player: str) -> None:
    assert state.penalties[player] == 1
    assert state.turn_player == next_player
    assert state.phase is Phase.START
    assert state.master[player] == 0


# ----------------------------------------------------------------- penalties (V)


def test_a_calculation_that_is_not_minimal_leaves_its_smallest_part_and_costs_three_cards() -> None:
    state = position({"Ann": "6 5 2 10 9", "Bob": "4", "Cid": "7"}, "3bee", draws="1 2 3 4")
    verdict = play(state, "6 + 5 + 2 - 10")
    assert not verdict.legal
    assert verdict.codes == ["not-minimal"]
    assert str(verdict.smaller) == "6 / 2"
    assert strings(state.table) == ["3bee", "6", "2"]
    assert str(state.cover) == "2"
    assert holds(state, "Ann") == written("9 5 10 1 2 3")
    assert strings(state.draw_pile) == ["4"]
    assert_turn_passed_after_penalty(state, "Ann", "Bob")


def test_a_matching_card_inside_a_calculation_stays_alone_and_the_others_return() -> None:
    state = position({"Ann": "8bee 5cat 7", "Bob": "4", "Cid": "7"}, "3bee", draws="1 2 3")
    verdict = play(state, "8bee - 5cat")
    assert verdict.codes == ["matching-card-in-calculation"]
    assert strings(state.table) == ["3bee", "8bee"]
    assert str(state.cover) == "8bee"
    assert holds(state, "Ann") == written("7 5cat 1 2 3")
    assert_turn_passed_after_penalty(state, "Ann", "Bob")


def test_a_calculation_of_mixed_kinds_returns_every_card() -> None:
    state = position({"Ann": "2 3hippo 9", "Bob": "4", "Cid": "7"}, "5", draws="1 2 3")
    verdict = play(state, "2 + 3hippo")
    assert verdict.codes == ["mixed-kinds"]
    assert strings(state.table) == ["5"]
    assert str(state.cover) == "5"
    assert holds(state, "Ann") == written("2 3hippo 9 1 2 3")
    assert_turn_passed_after_penalty(state, "Ann", "Bob")


def test_a_matching_card_in_a_mixed_calculation_still_stays_alone() -> None:
    state = position({"Ann": "5cat 8 3 9", "Bob": "4", "Cid": "7"}, "5", draws="1 2 3")
    verdict = play(state, "5cat + 8 - 3")
    assert verdict.codes[:2] == ["mixed-kinds", "matching-card-in-calculation"]
    assert strings(state.table) == ["5", "5cat"]
    assert holds(state, "Ann") == written("8 3 9 1 2 3")
    assert_turn_passed_after_penalty(state, "Ann", "Bob")


def test_a_wrong_result_whose_cards_can_be_recombined_leaves_the_recombination_on_the_table() -> None:
    state = position({"Ann": "10 2 4 7", "Bob": "4", "Cid": "7"}, "3", draws="1 2 3")
    verdict = play(state, "10 / 2 - 4")
    assert verdict.codes == ["wrong-result"]
    assert str(verdict.recombination) == "10 + 2 / 4"
    assert strings(state.table) == ["3", "10", "2", "4"]
    assert str(state.cover) == "4"
    assert holds(state, "Ann") == written("7 1 2 3")
    assert_turn_passed_after_penalty(state, "Ann", "Bob")


def test_a_recombined_master_stroke_stays_but_earns_no_master_points() -> None:
    state = position({"Ann": "8 7 1 6 9", "Bob": "4", "Cid": "7"}, "10", draws="1 2 3")
    verdict = play(state, "8 - 7 + 1 + 6")
    assert verdict.codes == ["wrong-result"]
    assert len(verdict.stays) == 4
    assert strings(state.table)[1:] == strings(verdict.stays)
    assert verdict.master_points == 0
    assert_turn_passed_after_penalty(state, "Ann", "Bob")


def test_a_wrong_result_that_cannot_be_recombined_returns_every_card() -> None:
    state = position({"Ann": "10 4 7", "Bob": "4", "Cid": "7"}, "3", draws="1 2 3")
    verdict = play(state, "10 - 4")
    assert verdict.codes == ["wrong-result"]
    assert verdict.recombination is None
    assert strings(state.table) == ["3"]
    assert holds(state, "Ann") == written("10 4 7 1 2 3")
    assert_turn_passed_after_penalty(state, "Ann", "Bob")


def test_a_single_card_that_matches_nothing_returns_and_costs_three_cards() -> None:
    state = position({"Ann": "5 7", "Bob": "4", "Cid": "7"}, "3", draws="1 2 3")
    verdict = play(state, "5")
    assert verdict.codes == ["no-match"]
    assert strings(state.table) == ["3"]
    assert holds(state, "Ann") == written("5 7 1 2 3")
    assert_turn_passed_after_penalty(state, "Ann", "Bob")


@pytest.mark.parametrize(
    ("top", "joker_play"),
    [
        ("3bee", "Jnumber 4"),
        ("3", "Jfigure 4hen"),
        ("3bee", "Jfigure 4"),
        ("3", "Jnumber 4hen"),
        ("3bee", "Jnumber 4hen"),
    ],
    ids=["on-a-figure-card", "on-a-symbol-card", "figure-card-expected", "symbol-card-expected", "both-faults"],
)
def test_a_change_joker_of_the_wrong_kind_returns_with_its_card(top: str, joker_play: str) -> None:
    joker, follow = joker_play.split()
    state = position({"Ann": f"{joker_play} 7", "Bob": "4", "Cid": "7"}, top, draws="1 2 3")
    verdict = play(state, joker_play)
    assert verdict.codes == ["wrong-joker"]
    assert strings(state.table) == [top]
    assert str(state.cover) == top
    assert holds(state, "Ann") == written(f"{joker} {follow} 7 1 2 3")
    assert_turn_passed_after_penalty(state, "Ann", "Bob")


def test_a_change_joker_laid_on_a_waiting_change_joker_returns_with_its_card() -> None:
    state = position({"Ann": "Jnumber 4 7", "Bob": "4 3bee", "Cid": "7"}, "Jboth", below="3", draws="1 2 3")
    verdict = play(state, "Jnumber 4")
    assert verdict.codes == ["joker-after-joker"]
    assert strings(state.table) == ["3", "Jboth"]
    assert holds(state, "Ann") == written("Jnumber 4 7 1 2 3")
    assert_turn_passed_after_penalty(state, "Ann", "Bob")
    assert state.cover == Cover(Card.parse("Jboth"))
    assert legal(state) == ["4", "3bee"]


def test_a_card_after_a_joker_that_matches_the_card_under_it_stays_and_the_joker_returns() -> None:
    state = position({"Ann": "Jboth 3 7", "Bob": "4", "Cid": "7"}, "3bee", draws="1 2 3")
    verdict = play(state, "Jboth 3")
    assert verdict.codes == ["matching-card-after-joker"]
    assert strings(state.table) == ["3bee", "3"]
    assert str(state.cover) == "3"
    assert holds(state, "Ann") == written("Jboth 7 1 2 3")
    assert_turn_passed_after_penalty(state, "Ann", "Bob")


def test_the_player_who_left_a_joker_may_not_cover_it_with_a_card_matching_the_card_under_it() -> None:
    state = position({"Ann": "Jnumber Jreplay 4 7", "Bob": "4", "Cid": "7"}, "4", draws="1 2 3")
    act(state, "Jnumber", "Jreplay")
    assert legal(state) == ["7"]
    verdict = play(state, "4")
    assert verdict.codes == ["matching-card-after-joker"]
    assert strings(state.table) == ["4", "Jnumber", "Jreplay", "4"]
    assert str(state.cover) == "4"
    assert holds(state, "Ann") == written("7 1 2 3")
    assert_turn_passed_after_penalty(state, "Ann", "Bob")


def test_a_penalty_after_a_replay_joker_ends_the_turn_and_the_earlier_play_stays() -> None:
    state = position({"Ann": "3 Jreplay 5 9", "Bob": "4", "Cid": "7"}, "3", draws="1 2 3")
    act(state, "3", "Jreplay")
    verdict = play(state, "5")
    assert verdict.codes == ["no-match"]
    assert strings(state.table) == ["3", "3", "Jreplay"]
    assert holds(state, "Ann") == written("5 9 1 2 3")
    assert_turn_passed_after_penalty(state, "Ann", "Bob")


def test_the_last_player_at_the_table_passes_the_turn_to_the_first_after_a_penalty() -> None:
    state = position({"Ann": "4", "Bob": "4", "Cid": "5 7"}, "3", draws="1 2 3", to_move="Cid")
    play(state, "5")
    assert_turn_passed_after_penalty(state, "Cid", "Ann")


def test_a_penalty_draw_empties_the_deck_then_draws_from_the_reshuffled_table() -> None:
    state = position({"Ann": "5 7", "Bob": "4", "Cid": "7"}, "3", below="8 9", draws="1")
    play(state, "5")
    assert holds(state, "Ann") == written("5 7 1 8 9")
    assert strings(state.table) == ["3"]
    assert state.draw_pile == []
    assert_turn_passed_after_penalty(state, "Ann", "Bob")


def test_a_penalty_draws_fewer_cards_when_deck_and_table_run_out() -> None:
    state = position({"Ann": "5 7", "Bob": "4", "Cid": "7"}, "3", draws="1")
    play(state, "5")
    assert holds(state, "Ann") == written("5 7 1")
    assert_turn_passed_after_penalty(state, "Ann", "Bob")


# ----------------------------------------------------------------- drawing (II)


def test_a_player_holding_a_playable_card_may_not_draw() -> None:
    state = position({"Ann": "3 9", "Bob": "4"}, "3", draws="1")
    assert legal(state) == ["3"]
    before = state.to_dict()
    with pytest.raises(GameError, match="may not draw"):
        state.apply(Action.parse("draw"))
    assert state.to_dict() == before


def test_a_player_holding_a_usable_change_joker_may_not_draw() -> None:
    state = position({"Ann": "Jnumber 9", "Bob": "4"}, "4", draws="1")
    assert legal(state) == ["Jnumber", "Jnumber 9"]
    with pytest.raises(GameError):
        state.apply(Action.parse("draw"))


def test_a_player_holding_a_replay_joker_lays_it_before_drawing() -> None:
    state = position({"Ann": "Jreplay 9", "Bob": "4"}, "4", draws="1")
    assert legal(state) == ["Jreplay"]
    with pytest.raises(GameError):
        state.apply(Action.parse("draw"))


def test_a_change_joker_that_cannot_cover_the_top_card_does_not_stop_a_draw() -> None:
    state = position({"Ann": "Jfigure 9", "Bob": "4"}, "4", draws="1 2")
    assert legal(state) == ["draw"]
    act(state, "draw")
    assert holds(state, "Ann") == written("Jfigure 9 1")
    assert state.phase is Phase.DRAWN
    assert state.turn_player == "Ann"


def test_a_drawn_card_that_matches_may_be_played_and_then_the_turn_ends() -> None:
    state = position({"Ann": "9", "Bob": "4", "Cid": "7"}, "4", draws="4 1")
    act(state, "draw")
    assert legal(state) == ["4", "pass"]
    act(state, "4")
    assert state.phase is Phase.PLAYED
    assert legal(state) == ["pass"]
    act(state, "pass")
    assert state.turn_player == "Bob"
    assert holds(state, "Ann") == written("9")


def test_a_drawn_card_may_be_combined_with_the_hand() -> None:
    state = position({"Ann": "9 8", "Bob": "4", "Cid": "7"}, "4", draws="5")
    act(state, "draw")
    assert legal(state) == ["9 - 5", "pass"]
    act(state, "9 - 5")
    assert str(state.cover) == "5"
    assert holds(state, "Ann") == written("8")


def test_a_drawn_card_that_cannot_be_played_is_kept_and_the_player_passes() -> None:
    state = position({"Ann": "9", "Bob": "4", "Cid": "7"}, "4", draws="7")
    act(state, "draw")
    assert legal(state) == ["pass"]
    act(state, "pass")
    assert holds(state, "Ann") == written("9 7")
    assert state.turn_player == "Bob"
    assert state.penalties["Ann"] == 0


def test_an_empty_draw_pile_is_refilled_from_the_table_but_the_card_to_cover_stays() -> None:
    state = position({"Ann": "9", "Bob": "4", "Cid": "7"}, "4", below="1 2 3bee")
    act(state, "draw")
    assert strings(state.table) == ["4"]
    assert len(state.hands["Ann"]) == 2
    assert sorted([*state.hands["Ann"], *state.draw_pile]) == written("9 1 2 3bee")


def test_a_refill_during_a_turn_keeps_a_fresh_change_joker_and_the_card_under_it() -> None:
    state = position({"Ann": "Jnumber Jreplay 3bee", "Bob": "4", "Cid": "7"}, "4", below="1 2")
    act(state, "Jnumber", "Jreplay")
    assert legal(state) == ["draw"]
    act(state, "draw")
    assert strings(state.table) == ["4", "Jnumber", "Jreplay"]
    assert state.cover == Cover(Card.parse("Jnumber"), Card.parse("4"))
    (drawn,) = [card for card in state.hands["Ann"] if card != Card.parse("3bee")]
    assert str(drawn) in ("1", "2")
    assert legal(state) == [str(drawn), "pass"]


def test_impossible_actions_are_refused_and_change_nothing() -> None:
    state = position({"Ann": "3 3hippo 9", "Bob": "4"}, "3", draws="1")
    refusals = {
        "pass": "cannot pass",
        "7": "does not hold",
        "draw": "may not draw",
    }
    for text, message in refusals.items():
        before = state.to_dict()
        with pytest.raises(GameError, match=message):
            state.apply(Action.parse(text))
        assert state.to_dict() == before
    act(state, "3")
    for text in ("draw", "7"):
        before = state.to_dict()
        with pytest.raises(GameError):
            state.apply(Action.parse(text))
        assert state.to_dict() == before


# ----------------------------------------------------------------- the replay joker (IV)


def test_after_a_replay_joker_the_player_plays_again_on_the_card_laid_before_it() -> None:
    state = position({"Ann": "3 Jreplay 10 7 5", "Bob": "4", "Cid": "7"}, "3")
    act(state, "3")
    assert legal(state) == ["Jreplay", "pass"]
    act(state, "Jreplay")
    assert state.phase is Phase.REPLAYED
    assert str(state.cover) == "3"
    assert "10 - 7" in legal(state)
    act(state, "10 - 7")
    assert strings(state.table) == ["3", "3", "Jreplay", "10", "7"]
    assert legal(state) == ["pass"]
    act(state, "pass")
    assert state.turn_player == "Bob"


def test_replay_jokers_may_follow_one_another_and_be_laid_again_later_in_the_turn() -> None:
    state = position({"Ann": "3 Jreplay Jreplay Jreplay 5 2 2owl 9", "Bob": "4", "Cid": "7"}, "3")
    act(state, "3", "Jreplay", "Jreplay", "5 - 2", "Jreplay", "2owl", "pass")
    assert strings(state.table) == ["3", "3", "Jreplay", "Jreplay", "5", "2", "Jreplay", "2owl"]
    assert holds(state, "Ann") == written("9")
    assert state.turn_player == "Bob"


def test_a_replay_joker_may_open_the_turn_and_the_player_then_draws_if_nothing_fits() -> None:
    state = position({"Ann": "Jreplay 9", "Bob": "4", "Cid": "7"}, "4", draws="4 8")
    act(state, "Jreplay")
    assert state.phase is Phase.REPLAYED
    assert legal(state) == ["draw"]
    act(state, "draw")
    assert legal(state) == ["4", "pass"]


def test_a_replay_joker_may_open_the_turn_before_a_playable_card() -> None:
    state = position({"Ann": "Jreplay 4", "Bob": "4", "Cid": "7"}, "4")
    assert legal(state) == ["4", "Jreplay"]
    act(state, "Jreplay", "4")
    assert state.finished == ["Ann"]
    assert state.turn_player == "Bob"


def test_a_replay_joker_laid_as_the_last_card_is_followed_by_a_draw_that_may_take_the_player_out() -> None:
    state = position({"Ann": "Jreplay", "Bob": "4", "Cid": "7"}, "4", draws="4")
    act(state, "Jreplay")
    assert state.hands["Ann"] == []
    assert state.finished == []
    assert legal(state) == ["draw"]
    act(state, "draw", "4")
    assert state.finished == ["Ann"]
    assert state.turn_player == "Bob"


def test_a_replay_joker_laid_as_the_last_card_does_not_take_the_player_out_when_the_drawn_card_is_kept() -> None:
    state = position({"Ann": "Jreplay", "Bob": "4", "Cid": "7"}, "4", draws="9")
    act(state, "Jreplay", "draw", "pass")
    assert state.finished == []
    assert holds(state, "Ann") == written("9")
    assert state.turn_player == "Bob"


def test_the_next_player_covers_the_card_laid_before_a_replay_joker_that_ended_a_turn() -> None:
    state = position({"Ann": "3 Jreplay 9", "Bob": "3bee 7", "Cid": "7"}, "3", draws="8")
    act(state, "3", "Jreplay", "draw", "pass")
    assert strings(state.table)[-1] == "Jreplay"
    assert state.turn_player == "Bob"
    assert str(state.cover) == "3"
    assert legal(state) == ["3bee"]


# ----------------------------------------------------------------- change jokers (IV)


def test_change_jokers_are_offered_only_on_a_top_card_of_their_kind_and_never_with_a_matching_card() -> None:
    state = position({"Ann": "Jnumber Jfigure Jboth 7fish 5 3", "Bob": "4"}, "3bee")
    assert legal(state) == ["3", "Jfigure", "Jfigure 7fish", "Jboth", "Jboth 5", "Jboth 7fish"]


def test_a_change_joker_left_without_its_card_lets_the_next_player_lay_any_card_of_its_kind() -> None:
    state = position({"Ann": "Jnumber 9 8", "Bob": "4 7 3bee Jboth Jreplay", "Cid": "7"}, "4")
    act(state, "Jnumber")
    assert legal(state) == ["pass"]
    act(state, "pass")
    assert state.turn_player == "Bob"
    assert state.cover == Cover(Card.parse("Jnumber"))
    assert legal(state) == ["4", "7", "Jreplay"]
    verdict = play(state, "4")
    assert verdict.legal
    assert "card-after-joker-from-previous-player" in verdict.rulings
    assert str(state.cover) == "4"


@pytest.mark.parametrize("answer", ["3bee", "10 - 6"])
def test_the_next_player_answers_a_waiting_change_joker_with_one_card_of_its_kind_only(answer: str) -> None:
    hands = {"Ann": "9", "Bob": "3bee 10 6 5", "Cid": "7"}
    state = position(hands, "Jnumber", below="4", draws="1 2 3", to_move="Bob")
    verdict = play(state, answer)
    assert verdict.codes == ["wrong-joker"]
    assert strings(state.table) == ["4", "Jnumber"]
    assert holds(state, "Bob") == written("3bee 10 6 5 1 2 3")
    assert_turn_passed_after_penalty(state, "Bob", "Cid")


def test_the_next_player_without_a_card_of_the_joker_kind_draws() -> None:
    state = position({"Ann": "3bee 8hippo Jfigure", "Bob": "7"}, "Jnumber", below="4", draws="2")
    assert legal(state) == ["draw"]
    act(state, "draw")
    assert legal(state) == ["2", "pass"]


# ----------------------------------------------------------------- going out and round end (VIII, IX)


def test_a_player_who_lays_their_last_card_goes_out_and_is_skipped_afterwards() -> None:
    state = position({"Ann": "3", "Bob": "3hippo 9", "Cid": "3bee 6"}, "3")
    act(state, "3")
    assert state.finished == ["Ann"]
    assert state.results == []
    assert state.turn_player == "Bob"
    act(state, "3hippo", "pass", "3bee", "pass")
    assert state.turn_player == "Bob"


def test_two_players_end_the_round_when_one_goes_out() -> None:
    state = position({"Ann": "3", "Bob": "4 5"}, "3")
    act(state, "3")
    assert state.phase is Phase.GAME_OVER
    (result,) = state.results
    assert result.ranking == ("Ann", "Bob")
    assert result.points == {"Ann": 40, "Bob": 32}
    assert not result.tie_break
    assert not result.blocked


def test_three_players_end_the_round_when_two_have_gone_out() -> None:
    state = position({"Ann": "3", "Bob": "", "Cid": "4 5"}, "3", finished=["Bob"])
    act(state, "3")
    (result,) = state.results
    assert result.ranking == ("Bob", "Ann", "Cid")
    assert result.points == {"Bob": 40, "Ann": 32, "Cid": 25}


def test_four_players_score_every_place_and_their_master_points() -> None:
    hands = {"Ann": "5 6", "Bob": "", "Cid": "", "Dan": "3"}
    state = position(hands, "3", finished=["Bob", "Cid"], to_move="Dan", master={"Ann": 7})
    act(state, "3")
    (result,) = state.results
    assert result.ranking == ("Bob", "Cid", "Dan", "Ann")
    assert result.points == {"Bob": 40, "Cid": 32, "Dan": 25, "Ann": 26}
    assert result.master_points["Ann"] == 7


def test_five_players_go_on_until_four_are_out_and_all_five_score() -> None:
    hands = {"Ann": "", "Bob": "", "Cid": "3", "Dan": "3bee", "Eve": "8 9"}
    state = position(hands, "3", finished=["Ann", "Bob"], to_move="Cid")
    act(state, "3")
    assert state.results == []
    assert state.turn_player == "Dan"
    act(state, "3bee")
    (result,) = state.results
    assert result.ranking == ("Ann", "Bob", "Cid", "Dan", "Eve")
    assert list(result.points.values()) == [40, 32, 25, 19, 14]


def test_six_players_end_the_round_when_five_are_out_and_the_last_scores_only_master_points() -> None:
    hands = {"Ann": "", "Bob": "", "Cid": "", "Dan": "3", "Eve": "3bee", "Fay": "8 9"}
    state = position(hands, "3", finished=["Ann", "Bob", "Cid"], to_move="Dan", master={"Fay": 14})
    act(state, "3")
    assert state.results == []
    act(state, "3bee")
    (result,) = state.results
    assert result.ranking == ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay")
    assert result.points == {"Ann": 40, "Bob": 32, "Cid": 25, "Dan": 19, "Eve": 14, "Fay": 14}


def test_twelve_players_end_the_round_when_five_are_out_and_only_those_five_score_rank_points() -> None:
    names = [f"P{seat}" for seat in range(1, 13)]
    hands = dict.fromkeys(names, "8 9")
    for name in names[:4]:
        hands[name] = ""
    hands["P5"] = "3"
    state = position(hands, "3", finished=names[:4], to_move="P5", master={"P12": 21, "P1": 7})
    act(state, "3")
    (result,) = state.results
    assert result.ranking[:5] == tuple(names[:5])
    assert sorted(result.ranking) == sorted(names)
    assert [result.points[name] for name in names[:5]] == [47, 32, 25, 19, 14]
    assert all(result.points[name] == 0 for name in names[5:11])
    assert result.points["P12"] == 21


def test_without_teams_the_players_left_unscored_are_listed_by_fewest_cards() -> None:
    hands = {"Ann": "", "Bob": "", "Cid": "", "Dan": "", "Eve": "3", "Fay": "5 6 7", "Gus": "8", "Hal": "9 10"}
    state = position(hands, "3", finished=["Ann", "Bob", "Cid", "Dan"], to_move="Eve")
    act(state, "3")
    assert state.results[0].ranking == ("Ann", "Bob", "Cid", "Dan", "Eve", "Gus", "Hal", "Fay")


def test_a_team_round_ends_when_only_one_team_is_left_and_its_members_rank_by_fewest_cards() -> None:
    hands = {"Ann": "5 6 7 8 9", "Bob": "8 9", "Cid": "", "Dan": "3"}
    teams = (("Ann", "Bob"), ("Cid", "Dan"))
    state = position(hands, "3", finished=["Cid"], to_move="Dan", teams=teams)
    act(state, "3")
    (result,) = state.results
    assert result.ranking == ("Cid", "Dan", "Bob", "Ann")
    assert result.points == {"Cid": 40, "Dan": 32, "Bob": 25, "Ann": 19}


def test_a_team_round_goes_on_while_every_team_still_has_a_player_in() -> None:
    hands = {"Ann": "5 6 7 8 9", "Bob": "8 9", "Cid": "", "Dan": "3 8"}
    teams = (("Ann", "Bob"), ("Cid", "Dan"))
    state = position(hands, "3", finished=["Cid"], to_move="Dan", teams=teams)
    act(state, "3", "pass")
    assert state.results == []
    assert state.turn_player == "Ann"


def test_two_teams_of_three_the_team_left_takes_the_places_still_open() -> None:
    hands = {"Ann": "5 6 7", "Bob": "9", "Cid": "5 6 7", "Dan": "", "Eve": "", "Fay": "3"}
    teams = (("Ann", "Bob", "Cid"), ("Dan", "Eve", "Fay"))
    state = position(hands, "3", finished=["Dan", "Eve"], to_move="Fay", teams=teams)
    act(state, "3")
    (result,) = state.results
    assert result.ranking == ("Dan", "Eve", "Fay", "Bob", "Ann", "Cid")
    assert result.points == {"Dan": 40, "Eve": 32, "Fay": 25, "Bob": 19, "Ann": 14, "Cid": 0}


def test_three_teams_of_two_end_when_two_teams_are_out() -> None:
    hands = {"Ann": "", "Bob": "", "Cid": "", "Dan": "3", "Eve": "5 6", "Fay": "9"}
    teams = (("Ann", "Bob"), ("Cid", "Dan"), ("Eve", "Fay"))
    state = position(hands, "3", finished=["Ann", "Cid", "Bob"], to_move="Dan", teams=teams)
    act(state, "3")
    (result,) = state.results
    assert result.ranking == ("Ann", "Cid", "Bob", "Dan", "Fay", "Eve")
    assert result.points == {"Ann": 40, "Cid": 32, "Bob": 25, "Dan": 19, "Fay": 14, "Eve": 0}


def test_twelve_players_in_teams_of_three_end_when_five_are_out() -> None:
    names = [f"P{seat}" for seat in range(1, 13)]
    teams = tuple(tuple(names[start : start + 3]) for start in range(0, 12, 3))
    out = ["P1", "P4", "P7", "P10"]
    hands = {name: "" if name in out else "8 9" for name in names}
    hands["P2"] = "3"
    hands["P12"] = "9"
    state = position(hands, "3", finished=out, to_move="P2", teams=teams)
    act(state, "3")
    (result,) = state.results
    assert result.ranking[:6] == ("P1", "P4", "P7", "P10", "P2", "P12")
    assert sum(result.points.values()) == 40 + 32 + 25 + 19 + 14
    assert all(result.points[name] == 0 for name in result.ranking[5:])


def test_a_round_nobody_can_finish_ends_blocked_and_ranks_by_fewest_cards() -> None:
    state = position({"Ann": "8 9", "Bob": "9", "Cid": "6 7 8"}, "4")
    act(state, "draw", "pass")
    (result,) = state.results
    assert result.blocked
    assert result.ranking == ("Bob", "Ann", "Cid")
    assert result.points == {"Bob": 40, "Ann": 32, "Cid": 25}


# ----------------------------------------------------------------- scoring (X) and the next round (VIII)


def test_a_legal_master_stroke_adds_seven_points_to_the_round() -> None:
    state = position({"Ann": "8 7 6 1", "Bob": "4 5"}, "10")
    verdict = play(state, "8 + 7 - 6 + 1")
    assert verdict.legal
    assert verdict.master_points == 7
    (result,) = state.results
    assert result.points == {"Ann": 47, "Bob": 32}
    assert state.totals == {"Ann": 47, "Bob": 32}


def test_every_master_stroke_of_a_turn_counts_also_after_a_replay_joker() -> None:
    state = position({"Ann": "8 7 1 6 Jreplay 9 8 10 1", "Bob": "4 5"}, "10")
    assert play(state, "8 + 7 + 1 - 6").master_points == 7
    act(state, "Jreplay")
    assert str(state.cover) == "6"
    assert play(state, "9 + 8 - 10 - 1").master_points == 7
    (result,) = state.results
    assert result.master_points == {"Ann": 14, "Bob": 0}
    assert result.points == {"Ann": 54, "Bob": 32}


def test_the_player_with_the_most_points_starts_the_next_round() -> None:
    state = position({"Ann": "3", "Bob": "", "Cid": "5 6"}, "3", finished=["Bob"], master={"Cid": 21}, rounds=3)
    act(state, "3")
    assert state.results[0].points == {"Bob": 40, "Ann": 32, "Cid": 46}
    assert state.round_number == 2
    assert state.turn_player == "Cid"
    assert state.phase is Phase.START
    assert state.finished == []
    assert all(len(hand) == 7 for hand in state.hands.values())
    assert state.master == {"Ann": 0, "Bob": 0, "Cid": 0}
    assert len(state.table) == 1
    assert not state.table[0].is_joker


def test_a_tie_for_the_most_points_goes_to_the_player_ranked_better_in_the_last_round() -> None:
    master = {"Ann": 14, "Cid": 21}
    state = position({"Ann": "3", "Bob": "", "Cid": "5 6"}, "3", finished=["Bob"], master=master, rounds=3)
    act(state, "3")
    assert state.results[0].points == {"Bob": 40, "Ann": 46, "Cid": 46}
    assert state.turn_player == "Ann"


def test_players_tied_after_the_last_round_play_a_tie_break_round_among_themselves() -> None:
    state = position({"Ann": "", "Bob": "3", "Cid": "5 6"}, "3", finished=["Ann"], master={"Cid": 7})
    act(state, "3")
    assert state.totals == {"Ann": 40, "Bob": 32, "Cid": 32}
    assert state.legal_actions()
    assert state.tie_break_round
    assert state.seated == ("Bob", "Cid")
    assert state.turn_player == "Bob"
    assert sorted(state.hands) == ["Bob", "Cid"]
    assert all(len(hand) == 7 for hand in state.hands.values())

    state.hands = {"Bob": cards("5 9"), "Cid": cards("5")}
    state.table, state.cover = cards("5"), Cover(Card.parse("5"))
    act(state, "5", "pass", "5")
    assert state.is_over
    tie_break = state.results[-1]
    assert tie_break.tie_break
    assert tie_break.ranking == ("Cid", "Bob")
    assert state.totals == {"Ann": 40, "Bob": 32, "Cid": 32}
    assert state.standings() == ["Ann", "Cid", "Bob"]


def test_tied_teams_play_a_tie_break_round_together() -> None:
    hands = {"Ann": "5", "Bob": "5 6", "Cid": "", "Dan": "", "Eve": "", "Fay": "3"}
    teams = (("Ann", "Bob"), ("Cid", "Dan"), ("Eve", "Fay"))
    state = position(hands, "3", finished=["Cid", "Dan", "Eve"], to_move="Fay", teams=teams, master={"Eve": 28})
    act(state, "3")
    assert state.results[0].points == {"Cid": 40, "Dan": 32, "Eve": 53, "Fay": 19, "Ann": 14, "Bob": 0}
    assert state.tie_break_round
    assert state.seated == ("Cid", "Dan", "Eve", "Fay")
    assert state.turn_player == "Cid"

    state.hands = {"Cid": cards("5"), "Dan": cards("5"), "Eve": cards("8 9"), "Fay": cards("8 9")}
    state.table, state.cover = cards("5"), Cover(Card.parse("5"))
    act(state, "5", "5")
    assert state.phase is Phase.GAME_OVER
    tie_break = state.results[-1]
    assert tie_break.tie_break
    assert tie_break.players == ("Cid", "Dan", "Eve", "Fay")
    assert tie_break.ranking[:2] == ("Cid", "Dan")
    assert state.totals == {"Ann": 14, "Bob": 0, "Cid": 40, "Dan": 32, "Eve": 53, "Fay": 19}
    assert state.team_standings() == [("Cid", "Dan"), ("Eve", "Fay"), ("Ann", "Bob")]


def test_a_game_without_ties_ends_after_its_regular_rounds() -> None:
    state = position({"Ann": "3", "Bob": "", "Cid": "5"}, "3", finished=["Bob"])
    act(state, "3")
    assert state.phase is Phase.GAME_OVER
    assert [result.tie_break for result in state.results] == [False]
    assert state.legal_actions() == []
    with pytest.raises(GameError, match="over"):
        state.apply(Action.parse("pass"))


# ----------------------------------------------------------------- dealing, variants and settings (I, VI, VII, XI)


def seed_turning_up_a_joker(game: Game) -> int:
    """A seed whose first deal leaves a joker on top of the deck, where the first top card is turned up."""
    for seed in range(10_000):
        pile = game.cards()
        random.Random(seed).shuffle(pile)
        if pile[-HAND_SIZE * len(game.players) - 1].is_joker:
            return seed
    raise AssertionError("no seed turns up a joker")


def test_a_joker_turned_up_as_the_first_top_card_goes_back_into_the_deck() -> None:
    game = Game(("Ann", "Bob"), seed=seed_turning_up_a_joker(Game(("Ann", "Bob"))))
    state = game.new_state()
    assert len(state.table) == 1
    assert not state.cover.card.is_joker
    in_play = Counter(state.draw_pile) + Counter(state.table)
    for hand in state.hands.values():
        in_play.update(hand)
    assert in_play == Counter(game.cards())


@pytest.mark.parametrize("variant", list(Variant))
def test_the_first_top_card_is_never_a_joker(variant: Variant) -> None:
    for seed in range(60):
        state = Game(("Ann", "Bob", "Cid", "Dan"), variant=variant, seed=seed).new_state()
        assert len(state.table) == 1
        assert not state.cover.card.is_joker


@pytest.mark.parametrize(
    ("variant", "copies"), [(Variant.BEGINNERS, 3), (Variant.INTERMEDIATE, 2), (Variant.EXPERT, 1)]
)
def test_the_variants_play_with_twelve_eight_or_four_jokers(variant: Variant, copies: int) -> None:
    game = Game(("Ann", "Bob"), variant=variant)
    counts = Counter(game.cards())
    assert {joker: counts[Card.joker_card(joker)] for joker in JokerType} == dict.fromkeys(JokerType, copies)
    assert sum(card.is_joker for card in game.cards()) == 4 * copies
    assert sum(not card.is_joker for card in game.cards()) == 80
    state = game.new_state()
    dealt = Counter(state.draw_pile) + Counter(state.table)
    for hand in state.hands.values():
        dealt.update(hand)
    assert dealt == counts


@pytest.mark.parametrize("players", [0, 1, 13])
def test_a_game_needs_two_to_twelve_players(players: int) -> None:
    with pytest.raises(GameError, match="2 to 12 players"):
        Game(tuple(f"P{seat}" for seat in range(players)))


@pytest.mark.parametrize("rounds", [0, 2, 4, 6])
def test_a_game_has_one_three_or_five_rounds(rounds: int) -> None:
    with pytest.raises(GameError, match="1, 3 or 5 rounds"):
        Game(("Ann", "Bob"), rounds=rounds)


@pytest.mark.parametrize(
    "teams",
    [(("Ann", "Cid"), ("Bob", "Dan")), (("Ann", "Bob", "Dan"), ("Cid", "Eve", "Fay"))],
    ids=["alternating-seats", "a-teammate-across-the-table"],
)
def test_teammates_must_sit_together(teams: tuple[tuple[str, ...], ...]) -> None:
    players = tuple(player for team in sorted(teams) for player in team)
    with pytest.raises(GameError, match="sit together"):
        Game(tuple(sorted(players)), teams)


def test_a_team_may_sit_together_across_the_first_seat() -> None:
    game = Game(("Ann", "Bob", "Cid", "Dan"), (("Dan", "Ann"), ("Bob", "Cid")))
    assert game.team_of("Ann") == ("Dan", "Ann")


def test_a_player_cannot_be_seated_twice() -> None:
    with pytest.raises(GameError, match="seated twice"):
        Game(("Ann", "Bob", "Ann"))


def test_in_a_blocked_round_of_six_only_the_players_who_went_out_score_rank_points() -> None:
    hands = {"Ann": "", "Bob": "8 9", "Cid": "9", "Dan": "6 7 8", "Eve": "10", "Fay": "10 10"}
    state = position(hands, "4", finished=["Ann"], to_move="Bob")
    act(state, "draw", "pass")
    result = state.results[0]
    assert result.blocked
    assert result.points == {"Ann": 40, "Cid": 0, "Eve": 0, "Bob": 0, "Fay": 0, "Dan": 0}
    assert result.ranking[0] == "Ann"


# ----------------------------------------------------------------- the state contract (solver/contract.py)


def test_to_move_is_the_seat_of_the_turn_player_in_the_games_order_even_in_a_tie_break_round() -> None:
    state = position({"Ann": "", "Bob": "3", "Cid": "5 6"}, "3", finished=["Ann"], master={"Cid": 7})
    assert (state.turn_player, state.to_move) == ("Bob", 1)
    act(state, "3")
    assert state.seated == ("Bob", "Cid")
    assert (state.turn_player, state.to_move) == ("Bob", 1)
    act(state, str(state.legal_actions()[0]))
    assert state.to_move == state.game.players.index(state.turn_player)


def test_check_judges_a_faulty_play_as_apply_penalises_it_and_changes_nothing() -> None:
    state = position({"Ann": "6 5 2 10 9", "Bob": "4", "Cid": "7"}, "3bee", draws="1 2 3 4")
    before = state.to_dict()
    checked = state.check(Action.parse("6 + 5 + 2 - 10"))
    assert state.to_dict() == before
    assert checked.codes == ["not-minimal"]
    assert state.apply(Action.parse("6 + 5 + 2 - 10")) == checked
    assert state.penalties["Ann"] == 1


def test_check_gives_a_draw_or_a_pass_an_action_verdict_with_the_seat() -> None:
    state = position({"Ann": "4", "Bob": "4 5", "Cid": "7"}, "3", draws="8 9")
    verdict = state.check(Action.parse("draw"))
    assert isinstance(verdict, ActionVerdict)
    assert verdict.to_dict() == {
        "game": "nambarz",
        "legal": True,
        "violations": [],
        "action": "draw",
        "seat": 0,
        "player": "Ann",
        "rulings": [],
    }
    assert state.apply(Action.parse("draw")) == verdict
    assert state.check(Action.parse("pass")).to_dict()["action"] == "pass"


@pytest.mark.parametrize(
    ("phase", "action", "message"),
    [
        (Phase.START, "draw", "Ann holds a playable card"),
        (Phase.START, "pass", "cannot pass before playing or drawing"),
        (Phase.PLAYED, "draw", "may draw only at the start of a turn"),
        (Phase.START, "9", "Ann does not hold 9"),
    ],
)
def test_check_refuses_what_apply_refuses_and_changes_nothing(phase: Phase, action: str, message: str) -> None:
    state = position({"Ann": "3 4", "Bob": "4", "Cid": "7"}, "3", draws="8 9", phase=phase)
    before = state.to_dict()
    for judge in (state.check, state.apply):
        with pytest.raises(GameError, match=message):
            judge(Action.parse(action))
        assert state.to_dict() == before


def test_nothing_can_be_checked_once_the_game_is_over() -> None:
    state = position({"Ann": "3", "Bob": "4"}, "3")
    act(state, "3")
    assert state.is_over and state.to_move is None
    with pytest.raises(GameError, match="the game is over"):
        state.check(Action.parse("pass"))


def test_returns_are_each_seats_total_points_in_the_games_order() -> None:
    state = position({"Ann": "", "Bob": "3", "Cid": "5 6"}, "3", finished=["Ann"], master={"Cid": 7})
    assert state.returns() == [0, 0, 0]
    act(state, "3")
    assert state.returns() == [40, 32, 32]


# ----------------------------------------------------------------- lays the rules forbid are penalised, not refused


def test_a_second_play_without_a_replay_is_penalised_as_the_turn_referee_does() -> None:
    state = position({"Ann": "3 3hippo 9", "Bob": "4"}, "3", draws="1 2 5")
    act(state, "3")
    verdict = play(state, "3hippo")
    expected = check_turn(Card.parse("3"), Turn.parse("3 ; 3hippo")).judged[1]
    assert (verdict.codes, verdict.stays, verdict.returned) == (expected.codes, expected.stays, expected.returned)
    assert verdict.codes == ["play-without-replay"]
    assert holds(state, "Ann") == written("3hippo 9 1 2 5")
    assert str(state.cover) == "3"
    assert_turn_passed_after_penalty(state, "Ann", "Bob")


def test_a_play_after_a_lone_change_joker_without_a_replay_leaves_the_joker_waiting() -> None:
    state = position({"Ann": "Jnumber 4 9", "Bob": "4"}, "5", draws="1 2 6")
    act(state, "Jnumber")
    assert play(state, "4").codes == ["play-without-replay"]
    assert (str(state.cover), state.cover.under) == ("Jnumber", None)
    assert holds(state, "Ann") == written("4 9 1 2 6")
    assert_turn_passed_after_penalty(state, "Ann", "Bob")


def test_a_change_joker_laid_on_another_leaves_the_first_waiting_for_the_next_player() -> None:
    state = position({"Ann": "Jboth Jnumber 4 9", "Bob": "7fish 8"}, "5", draws="1 2 6")
    verdict = play(state, "Jboth Jnumber 4")
    assert (verdict.codes, strings(verdict.stays), strings(verdict.returned)) == (
        ["joker-after-joker"],
        ["Jboth"],
        ["Jnumber", "4"],
    )
    assert strings(state.table) == ["5", "Jboth"]
    assert holds(state, "Ann") == written("Jnumber 4 9 1 2 6")
    assert_turn_passed_after_penalty(state, "Ann", "Bob")
    assert legal(state) == ["8", "7fish"]


@pytest.mark.parametrize(
    ("hand", "lay", "code"),
    [
        pytest.param("3 Jboth 9", "3 + Jboth", "joker-in-calculation", id="joker-in-a-calculation"),
        pytest.param("3 Jreplay 9", "3 + Jreplay", "joker-in-calculation", id="replay-in-a-calculation"),
        pytest.param("Jboth 3 2 9", "Jboth 3 + 2", "wrong-joker", id="calculation-after-a-change-joker"),
    ],
)
def test_a_joker_in_a_calculation_or_a_calculation_after_a_joker_returns_every_card(
    hand: str, lay: str, code: str
) -> None:
    state = position({"Ann": hand, "Bob": "4"}, "5", draws="1 2 6")
    verdict = play(state, lay)
    assert code in verdict.codes
    assert (verdict.stays, Counter(verdict.returned)) == ((), Counter(cards(hand)) - Counter(cards("9")))
    assert holds(state, "Ann") == written(f"{hand} 1 2 6")
    assert str(state.cover) == "5"
    assert_turn_passed_after_penalty(state, "Ann", "Bob")


def test_a_transcript_with_lays_the_rules_forbid_replays_exactly_and_round_trips() -> None:
    game = Game(("Ann", "Bob"), seed=5)
    state = game.new_state()
    assert (str(state.cover), strings(state.hands["Ann"])) == (
        "3bee",
        ["10bear", "9", "2fish", "Jboth", "Jfigure", "7owl", "1"],
    )
    assert play(state, "Jfigure Jboth 9").codes == ["joker-after-joker"]
    assert (state.turn_player, str(state.cover)) == ("Bob", "Jfigure")
    act(state, "2owl")
    assert play(state, "6 - 4").codes == ["play-without-replay"]
    assert play(state, "1 + Jboth").codes == ["joker-in-calculation"]
    transcript = [("Ann", "Jfigure Jboth 9"), ("Bob", "2owl"), ("Bob", "6 - 4"), ("Ann", "1 + Jboth")]
    assert state.moves == len(transcript)
    assert replay(game, transcript).to_dict() == state.to_dict()
    assert State.from_dict(state.to_dict()).to_dict() == state.to_dict()
