"""The turn planner, checked by the whole-turn referee and against a naive enumeration of every turn.

Positions are small: a number card or a change joker on top, and a hand of up
to six cards of the default deck, 0 to 2 of them ``Jreplay`` and 0 or 1 a
change joker.  Runs are derandomised so that their length stays predictable.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.nambarz import Card, Deck, Rules, SearchLimitError, parse_cards
from solver.nambarz import planner as planner_module
from solver.nambarz.jokers import Cover
from solver.nambarz.notation import JokerPlay, Play
from solver.nambarz.planner import Ending, PlannedTurn, answers, plan_turn
from solver.nambarz.rules import Domain
from solver.nambarz.state import legal_plays
from solver.nambarz.turn import check_turn
from tests.nambarz.strategies import DECK_CARDS

REPLAY = Card.parse("Jreplay")
CHANGE_JOKERS = tuple(Card.parse(name) for name in ("Jnumber", "Jfigure", "Jboth"))
NUMBER_CARDS = tuple(card for card in DECK_CARDS if not card.is_joker)
RULE_SETTINGS = (Rules(), Rules(Domain.NATURAL, "+-"))
"""The natural domain with all four operators, and with the young children's subset (rule VII)."""


def examples(count: int) -> settings:
    return settings(
        max_examples=count,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )


@dataclass(frozen=True)
class SmallPosition:
    """What the planner is asked: the card to cover and the hand."""

    cover: Cover
    hand: tuple[Card, ...]

    def __str__(self) -> str:
        return f"{self.cover} / {' '.join(str(card) for card in self.hand)}"


@st.composite
def small_positions(draw: st.DrawFn) -> SmallPosition:
    """Up to six cards dealt from the default deck: 0-2 ``Jreplay``, 0-1 change joker, the rest number cards.

    Half of the time the number cards are of one kind only, so that long
    calculations (and master strokes) turn up.  The top card is a number card,
    or now and then a change joker that the previous player left without its card.
    """
    replays = draw(st.integers(0, 2))
    change = draw(st.lists(st.sampled_from(CHANGE_JOKERS), max_size=1))
    top_index = draw(st.sampled_from(range(len(NUMBER_CARDS))))
    pool = [index for index in range(len(NUMBER_CARDS)) if index != top_index]
    kind = draw(st.sampled_from((None, None, "symbol", "figure")))
    if kind is not None:
        pool = [index for index in pool if NUMBER_CARDS[index].kind.value == kind]
    size = draw(st.integers(0, 6 - replays - len(change)))
    numbers = draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True))
    hand = [NUMBER_CARDS[index] for index in numbers] + [REPLAY] * replays + change
    order = draw(st.permutations(hand))
    top = draw(st.sampled_from(CHANGE_JOKERS)) if draw(st.integers(0, 4)) == 0 else NUMBER_CARDS[top_index]
    return SmallPosition(Cover(top), tuple(order))


# ----------------------------------------------------------------- the naive reference


@dataclass(frozen=True)
class EnumeratedTurn:
    """One complete turn found by the reference, with the facts the planner ranks by."""

    plays: tuple[Play, ...]
    ending: Ending
    shed: int
    master_points: int
    cover_after: Cover


def _is_replay(play: Play) -> bool:
    return isinstance(play, JokerPlay) and play.is_replay


def _cover_after(cover: Cover, play: Play) -> tuple[Cover, int]:
    """Rules IV and X written out again: what the next play covers, and the master-stroke points earned."""
    if isinstance(play, JokerPlay):
        if play.is_replay:
            return cover, 0
        if play.follow is not None:
            return Cover(play.follow), 0
        return Cover(play.joker, under=cover.card), 0
    if cover.awaits_card:
        return Cover(play.cards[0]), 0
    cards = len(play.cards)
    return Cover(play.cards[-1]), 7 * (cards - 3) if cards >= 4 else 0


def enumerate_turns(cover: Cover, hand: Sequence[Card], rules: Rules) -> list[EnumeratedTurn]:
    """Every complete turn, by depth-first search over ``legal_plays``.

    A player who may play lays any legal play (a ``Jreplay`` lets them play
    again); after a play they end the turn (pass) or lay a ``Jreplay``; a hand
    emptied by a play goes out; a ``Jreplay`` followed by nothing playable ends
    with a draw (one card less shed).  With nothing playable at the very start
    there is no turn to plan.
    """
    turns: list[EnumeratedTurn] = []

    def remove(cards: Sequence[Card], gone: Sequence[Card]) -> list[Card]:
        rest = list(cards)
        for card in gone:
            rest.remove(card)
        return rest

    def may_play(cover: Cover, hand: list[Card], laid: tuple[Play, ...], shed: int, points: int) -> None:
        options = legal_plays(cover, hand, rules)
        if not options and laid:
            turns.append(EnumeratedTurn(laid, Ending.DRAW, shed - 1, points, cover))
        for play in options:
            rest = remove(hand, play.cards)
            after, earned = _cover_after(cover, play)
            played = (*laid, play)
            if _is_replay(play):
                may_play(after, rest, played, shed + 1, points)
            elif not rest:
                turns.append(EnumeratedTurn(played, Ending.OUT, shed + len(play.cards), points + earned, after))
            else:
                has_played(after, rest, played, shed + len(play.cards), points + earned)

    def has_played(cover: Cover, hand: list[Card], laid: tuple[Play, ...], shed: int, points: int) -> None:
        turns.append(EnumeratedTurn(laid, Ending.PASS, shed, points, cover))
        if REPLAY in hand:
            may_play(cover, remove(hand, [REPLAY]), (*laid, JokerPlay(REPLAY)), shed + 1, points)

    may_play(cover, list(hand), (), 0, 0)
    return turns


def cards_laid(plays: Sequence[Play]) -> int:
    return sum(len(play.cards) for play in plays)


def signature(plan: PlannedTurn) -> tuple[object, ...]:
    """What makes two listed turns different: cards laid, points, the card left on top, the ending."""
    laid = tuple(sorted(card for play in plan.plays for card in play.cards))
    return laid, plan.master_points, plan.cover_after.card, plan.ending


def enumerated_signature(turn: EnumeratedTurn) -> tuple[object, ...]:
    laid = tuple(sorted(card for play in turn.plays for card in play.cards))
    return laid, turn.master_points, turn.cover_after.card, turn.ending


def test_the_reference_finds_the_turns_of_a_hand_worked_out_by_hand() -> None:
    # On 3 with 1 2 Jreplay: 2 + 1 or 1 + 2, then pass or Jreplay (nothing left to play: draw);
    # or Jreplay first, then 2 + 1 or 1 + 2, which empties the hand.
    turns = enumerate_turns(Cover(Card.parse("3")), parse_cards("1 2 Jreplay"), Rules())
    found = {(" ; ".join(str(play) for play in turn.plays), turn.ending, turn.shed) for turn in turns}
    assert found == {
        ("2 + 1", Ending.PASS, 2),
        ("1 + 2", Ending.PASS, 2),
        ("2 + 1 ; Jreplay", Ending.DRAW, 2),
        ("1 + 2 ; Jreplay", Ending.DRAW, 2),
        ("Jreplay ; 2 + 1", Ending.OUT, 3),
        ("Jreplay ; 1 + 2", Ending.OUT, 3),
    }


# ----------------------------------------------------------------- every planned turn is legal


@given(position=small_positions(), rules=st.sampled_from(RULE_SETTINGS))
@examples(150)
def test_every_planned_turn_is_legal_with_the_points_and_shed_the_planner_claims(
    position: SmallPosition, rules: Rules
) -> None:
    for plan in plan_turn(position.cover, position.hand, rules, count=8):
        assert plan.shed == cards_laid(plan.plays) - (plan.ending is Ending.DRAW)
        if plan.turn is None:
            assert plan.ending is Ending.PASS
            continue
        verdict = check_turn(position.cover.card, plan.turn, rules)
        assert verdict.legal, f"{position}: {plan.turn}"
        assert verdict.master_points == plan.master_points


@given(position=small_positions(), rules=st.sampled_from(RULE_SETTINGS))
@examples(150)
def test_every_planned_turn_leaves_on_top_the_card_the_referee_leaves(position: SmallPosition, rules: Rules) -> None:
    for plan in plan_turn(position.cover, position.hand, rules, count=8):
        assert plan.turn is not None
        verdict = check_turn(position.cover.card, plan.turn, rules)
        expected = None if plan.cover_after.awaits_card else plan.cover_after.card
        assert verdict.top_after == expected, f"{position}: {plan.turn} ({plan.ending.value})"
        assert plan.to_dict()["top_after"] == (None if verdict.top_after is None else str(verdict.top_after))


def test_a_turn_that_goes_out_leaves_its_last_card_on_top() -> None:
    # 6 / 2 ; Jreplay ; 9 - 1 / 4 on 3 ends with 4 laid: the next player covers 4, not 2.
    plans = plan_turn(Cover(Card.parse("3")), parse_cards("1 2 6 9 4 Jreplay"), Rules(), count=2)
    best = plans[0]
    assert best.ending is Ending.OUT
    assert best.turn is not None
    verdict = check_turn(Card.parse("3"), best.turn)
    assert verdict.top_after == best.turn.plays[-1].cards[-1]
    assert best.cover_after.card == verdict.top_after


def test_a_turn_that_goes_out_after_a_change_joker_leaves_the_card_laid_on_it() -> None:
    # Jboth ; Jreplay ; 7 on 5: the 7 is laid on the joker, so the next player covers 7.
    plans = plan_turn(Cover(Card.parse("5")), parse_cards("Jboth 7 Jreplay"), Rules(), count=6)
    by_turn = {str(plan.turn): plan for plan in plans}
    plan = by_turn["Jboth ; Jreplay ; 7"]
    assert plan.ending is Ending.OUT
    assert plan.to_dict()["top_after"] == "7"


# ----------------------------------------------------------------- ranking


@given(position=small_positions(), rules=st.sampled_from(RULE_SETTINGS))
@examples(150)
def test_turns_are_ranked_by_shed_then_master_points_then_fewest_answers_and_listed_once(
    position: SmallPosition, rules: Rules
) -> None:
    plans = plan_turn(position.cover, position.hand, rules, count=10)
    keys = [(-plan.shed, -plan.master_points, plan.answers) for plan in plans]
    assert keys == sorted(keys)
    signatures = [signature(plan) for plan in plans]
    assert len(set(signatures)) == len(signatures)
    assert len(plans) <= 10


@pytest.mark.parametrize("count", [1, 2, 3, 5])
def test_count_limits_the_list_to_the_best_turns(count: int) -> None:
    cover, hand = Cover(Card.parse("3")), parse_cards("1 2 6 9 4 Jreplay")
    every = plan_turn(cover, hand, Rules(), count=20)
    assert len(every) == 20
    assert plan_turn(cover, hand, Rules(), count=count) == every[:count]


def test_answers_reported_are_those_of_the_card_left_on_top() -> None:
    deck = Deck.default()
    for plan in plan_turn(Cover(Card.parse("3")), parse_cards("1 2 6 9 4 Jreplay"), Rules(), count=20):
        assert plan.answers == answers(plan.cover_after, Rules(), deck)


# ----------------------------------------------------------------- optimality against the reference


@given(position=small_positions(), rules=st.sampled_from(RULE_SETTINGS))
@examples(300)
def test_the_best_planned_turn_sheds_as_many_cards_and_master_points_as_the_best_enumerated_turn(
    position: SmallPosition, rules: Rules
) -> None:
    turns = enumerate_turns(position.cover, position.hand, rules)
    plans = plan_turn(position.cover, position.hand, rules, count=3)
    if not turns:
        assert plans == []
        return
    most_shed = max(turn.shed for turn in turns)
    most_points = max(turn.master_points for turn in turns if turn.shed == most_shed)
    assert (plans[0].shed, plans[0].master_points) == (most_shed, most_points), str(position)


@given(position=small_positions(), rules=st.sampled_from(RULE_SETTINGS))
@examples(200)
def test_every_planned_turn_is_an_enumerated_turn_with_the_same_ending_shed_and_points(
    position: SmallPosition, rules: Rules
) -> None:
    turns = {turn.plays: turn for turn in enumerate_turns(position.cover, position.hand, rules)}
    for plan in plan_turn(position.cover, position.hand, rules, count=8):
        turn = turns.get(plan.plays)
        assert turn is not None, f"{position}: {plan.turn} was not enumerated"
        assert (plan.ending, plan.shed, plan.master_points) == (turn.ending, turn.shed, turn.master_points)


@given(position=small_positions(), rules=st.sampled_from(RULE_SETTINGS))
@examples(200)
def test_the_best_planned_turn_leaves_the_hardest_top_card_among_the_best_enumerated_turns(
    position: SmallPosition, rules: Rules
) -> None:
    turns = enumerate_turns(position.cover, position.hand, rules)
    if not turns:
        return
    deck = Deck.default()
    best = max((turn.shed, turn.master_points) for turn in turns)
    fewest = min(answers(turn.cover_after, rules, deck) for turn in turns if (turn.shed, turn.master_points) == best)
    assert plan_turn(position.cover, position.hand, rules, count=1)[0].answers == fewest, str(position)


@given(position=small_positions(), rules=st.sampled_from(RULE_SETTINGS))
@examples(200)
def test_the_planner_lists_as_many_turns_as_asked_when_that_many_different_turns_exist(
    position: SmallPosition, rules: Rules
) -> None:
    different = {enumerated_signature(turn) for turn in enumerate_turns(position.cover, position.hand, rules)}
    plans = plan_turn(position.cover, position.hand, rules, count=5)
    assert len(plans) == min(5, len(different)), str(position)


def test_both_endings_of_a_calculation_that_goes_out_are_listed() -> None:
    # 2 + 1 leaves 1 on top, 1 + 2 leaves 2: two different turns, both going out.
    plans = plan_turn(Cover(Card.parse("3")), parse_cards("1 2"), Rules(), count=5)
    assert sorted(str(plan.turn) for plan in plans) == ["1 + 2", "2 + 1"]


def test_count_five_lists_five_turns_when_more_different_turns_exist() -> None:
    plans = plan_turn(Cover(Card.parse("7")), parse_cards("5cat 8bee 9hen 6dragonfly Jreplay Jreplay Jboth"), Rules())
    assert len(plans) == 5


# ----------------------------------------------------------------- after a draw, nothing playable


def test_after_a_draw_with_nothing_playable_the_only_turn_is_a_pass() -> None:
    plans = plan_turn(Cover(Card.parse("3")), parse_cards("9 7fish"), Rules(), after_draw=True)
    assert len(plans) == 1
    (plan,) = plans
    assert plan.plays == ()
    assert plan.turn is None
    assert plan.ending is Ending.PASS
    assert (plan.shed, plan.master_points) == (0, 0)
    assert plan.cover_after == Cover(Card.parse("3"))
    assert plan.to_dict() == {
        "turn": None,
        "ending": "pass",
        "shed": 0,
        "master_points": 0,
        "top_after": "3",
        "answers": 11,
    }


def test_after_a_draw_the_pass_is_listed_below_every_play() -> None:
    plans = plan_turn(Cover(Card.parse("3")), parse_cards("9 2 1 7"), Rules(), after_draw=True, count=20)
    assert plans[-1].plays == ()
    assert plans[-1].ending is Ending.PASS
    assert all(plan.plays for plan in plans[:-1])
    assert all(plan.shed > 0 for plan in plans[:-1])


def test_after_a_draw_the_pass_is_listed_also_when_a_play_empties_the_hand() -> None:
    plans = plan_turn(Cover(Card.parse("3")), parse_cards("1 2"), Rules(), after_draw=True, count=10)
    assert any(plan.plays == () and plan.ending is Ending.PASS for plan in plans)


def test_without_a_draw_there_is_no_pass() -> None:
    plans = plan_turn(Cover(Card.parse("3")), parse_cards("9 2 1 7"), Rules(), count=20)
    assert plans
    assert all(plan.plays for plan in plans)


@pytest.mark.parametrize(
    ("top", "hand"),
    [("3", "9 7fish 5cat"), ("3bee", "5 6turtle"), ("4", "Jfigure 9"), ("Jnumber", "5cat Jboth Jfigure"), ("3", "")],
)
def test_nothing_playable_at_the_start_gives_no_turn(top: str, hand: str) -> None:
    assert plan_turn(Cover(Card.parse(top)), parse_cards(hand), Rules()) == []


def test_a_lone_jreplay_is_laid_and_the_player_draws() -> None:
    (plan,) = plan_turn(Cover(Card.parse("3")), parse_cards("9 Jreplay"), Rules())
    assert str(plan.turn) == "Jreplay"
    assert plan.ending is Ending.DRAW
    assert plan.shed == 0


def test_a_change_joker_on_top_takes_any_single_card_of_its_kind() -> None:
    plans = plan_turn(Cover(Card.parse("Jfigure")), parse_cards("3 3bee 8hippo"), Rules(), count=5)
    assert sorted(str(plan.turn) for plan in plans) == ["3bee", "8hippo"]
    assert all(plan.shed == 1 and plan.ending is Ending.PASS for plan in plans)


# ----------------------------------------------------------------- answers


@pytest.mark.parametrize(
    ("top", "operators", "expected"),
    [
        # 1: faces matching it are 1, 1dragonfly, 1turtle (3); pairs of other numbers (2-10) making 1:
        # b - a = 1 for (2,3) ... (9,10) (8 pairs) and a / a for a = 2..10 (9 pairs): 3 + 17 = 20.
        ("1", "+-*/", 20),
        # With + and - only the 9 quotients go: 3 + 8 = 11.
        ("1", "+-", 11),
        # 3bee: faces 3, 3bee, 3hippo and 8bee (4); pairs from 1, 2, 4-10: 1 + 2, the six differences
        # (1,4) (2,5) (4,7) (5,8) (6,9) (7,10), and 6 / 2: 4 + 8 = 12.
        ("3bee", "+-*/", 12),
        # 3 (a symbol card, matched by number only): 3, 3bee, 3hippo (3) + the same 8 pairs = 11.
        ("3", "+-*/", 11),
        ("3", "+-", 10),
        # 10: faces 10, 10cat, 10bear (3); from 1-9: sums (1,9) (2,8) (3,7) (4,6) (5,5) and 2 × 5;
        # no difference or quotient of two numbers up to 9 makes 10: 3 + 6 = 9.
        ("10", "+-*/", 9),
        ("10", "+-", 8),
        ("10", "*", 4),
    ],
)
def test_answers_count_matching_faces_and_pairs_of_numbers_worked_out_by_hand(
    top: str, operators: str, expected: int
) -> None:
    assert answers(Cover(Card.parse(top)), Rules(Domain.NATURAL, operators), Deck.default()) == expected


@pytest.mark.parametrize(
    ("joker", "expected"),
    [
        # A change joker waiting for its card takes any face of its kinds: 10 symbol faces (1-10),
        # 20 figure faces (two figures on each of the numbers 1-10).
        ("Jnumber", 10),
        ("Jfigure", 20),
        ("Jboth", 30),
    ],
)
def test_answers_to_a_change_joker_count_the_faces_it_allows(joker: str, expected: int) -> None:
    card = Card.parse(joker)
    assert answers(Cover(card), Rules(), Deck.default()) == expected
    assert answers(Cover(card, under=Card.parse("3")), Rules(Domain.NATURAL, "+-"), Deck.default()) == expected


# ----------------------------------------------------------------- limits

HUGE_HAND = parse_cards(
    "Jreplay Jreplay Jreplay Jboth Jboth Jboth Jnumber Jnumber Jnumber Jfigure Jfigure Jfigure "
    "1 2 4 5 6 7 8 9 10 1 2 4 5 6 7 1dragonfly 6turtle 2fish 7owl 4hen 9duck"
)


def test_a_huge_hand_with_a_tiny_time_limit_stops_with_a_search_limit_error() -> None:
    with pytest.raises(SearchLimitError, match="in-turn states"):
        plan_turn(Cover(Card.parse("3")), HUGE_HAND, Rules(Domain.RATIONAL, "+-*/"), time_limit=0.05)


def test_the_planner_stops_when_the_in_turn_graph_passes_max_states(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(planner_module, "MAX_STATES", 30)
    with pytest.raises(SearchLimitError, match="in-turn states"):
        plan_turn(Cover(Card.parse("3")), HUGE_HAND, Rules(), time_limit=30.0)


def test_a_planner_stopped_by_its_time_limit_says_so() -> None:
    # docs/rulings.md (Limits): a search stops after its time limit "with an error that says so".
    with pytest.raises(SearchLimitError) as raised:
        plan_turn(Cover(Card.parse("3")), HUGE_HAND, Rules(), time_limit=0.01)
    assert "time limit" in str(raised.value)
