"""The referee of a whole play of The Game: the case table, the position's checks, and agreement with the state."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from solver.errors import GameError, NotationError
from solver.thegame import END_TURN, Game, State, Variant
from solver.thegame.cards import CARDS
from solver.thegame.referee import MAX_PLACEMENTS, Placement, Position, check_play, position_error
from solver.thegame.rules import PILES, Pile
from solver.thegame.rulings import RULINGS
from solver.thegame.violations import VIOLATIONS, ViolationCode
from tests.paths import DATA, REPOSITORY

CASES = json.loads((DATA / "thegame_referee_cases.json").read_text(encoding="utf-8"))
START = {pile: pile.start for pile in PILES}
ASC1, ASC2, DESC1, DESC2 = PILES


def position_of(request: dict[str, Any]) -> Position:
    """The position a request of the HTTP API describes."""
    return Position(
        {Pile(name): top for name, top in request["piles"].items()},
        tuple(request["hand"]),
        request["draw_pile"],
        Variant(request.get("variant", "standard")),
        request.get("on_fire", False),
        tuple(Pile(name) for name in request.get("fire_due", [])),
    )


def play_of(request: dict[str, Any]) -> list[Placement]:
    return [Placement(placement["card"], placement["pile"]) for placement in request["play"]]


def check_expectations(document: dict[str, Any], expect: dict[str, Any]) -> None:
    """Compare a verdict's JSON with a case's expectations (``faults`` as [placement, code] pairs)."""
    faults = [[violation.get("placement"), violation["code"]] for violation in document["violations"]]
    assert faults == expect["faults"]
    for key, value in expect.items():
        if key != "faults":
            assert document[key] == value, key


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_the_referee_judges_every_case_of_the_table(case: dict[str, Any]) -> None:
    request = case["request"]
    verdict = check_play(position_of(request), play_of(request))
    check_expectations(verdict.to_dict(), case["expect"])
    assert verdict.legal == (verdict.violations == ())


def test_the_case_table_uses_every_violation_code_a_play_can_break_and_every_ruling_of_a_play() -> None:
    codes = {fault[1] for case in CASES for fault in case["expect"]["faults"]}
    # A play lays cards: the game's end and the requests are judged by a game's state only.
    assert codes == {code.value for code in ViolationCode} - {"game-over", "request-without-cards"}
    rulings = {ruling for case in CASES for ruling in case["expect"].get("rulings", [])}
    state_only = {
        "last-card-wins-at-once",
        "minimum-before-fire",
        "fire-loss-never-excellent",
        "fire-due-next-turn",
        "requests-on-own-turn",
    }
    assert rulings | state_only >= set(RULINGS)


# ----------------------------------------------------------------- the rulebook's examples, by name


def test_rulebook_example_giacomo_may_lay_37_on_47_going_up() -> None:
    position = Position({**START, ASC1: 47}, (37, 60), draw_pile=50)
    verdict = check_play(position, [Placement.parse("37>asc1"), Placement.parse("60>asc1")])
    assert verdict.legal and verdict.backwards == (1,)


def test_rulebook_example_martino_draws_as_many_cards_as_he_laid() -> None:
    position = Position(START, (5, 10, 12, 40, 60, 90), draw_pile=60)
    play = [Placement.parse(text) for text in ("5>asc1", "10>asc2", "12>asc2", "90>desc1")]
    verdict = check_play(position, play)
    assert verdict.legal and verdict.laid == verdict.draw == 4


def test_rulebook_misprint_85_on_83_going_down_is_illegal_and_names_the_ruling() -> None:
    verdict = check_play(Position({**START, DESC1: 83}, (85, 80), draw_pile=0), [Placement.parse("85>desc1")])
    assert [violation.code for violation in verdict.violations] == [
        ViolationCode.WRONG_DIRECTION,
        ViolationCode.TOO_FEW_CARDS,
    ]
    assert "back-exactly-ten" in verdict.rulings


def test_rulebook_example_susanna_must_cover_martinos_44() -> None:
    position = Position({**START, ASC1: 44}, (30, 80), draw_pile=20, on_fire=True, fire_due=(ASC1,))
    verdict = check_play(position, [Placement.parse("30>asc2"), Placement.parse("80>desc1")])
    assert [violation.code for violation in verdict.violations] == [ViolationCode.FIRE_UNCOVERED]
    assert verdict.violations[0].reference.rule == 'Espansione "On Fire"'


# ----------------------------------------------------------------- the position


@pytest.mark.parametrize(
    ("arguments", "field", "message"),
    [
        ({"piles": {ASC1: 1, ASC2: 1, DESC1: 100}}, "piles", "missing: desc2"),
        ({"piles": {**START, ASC1: 100}}, "piles", "asc1 cannot show 100: expected 1 to 99"),
        ({"piles": {**START, DESC2: 1}}, "piles", "desc2 cannot show 1: expected 2 to 100"),
        ({"piles": {**START, ASC1: 50, DESC1: 50}}, "piles", "two piles show 50"),
        ({"hand": ()}, "hand", "1 to 8 cards"),
        ({"hand": tuple(range(10, 19))}, "hand", "1 to 8 cards in the standard game, not 9"),
        ({"hand": tuple(range(10, 18)), "variant": Variant.PRO}, "hand", "1 to 7 cards in the pro game, not 8"),
        ({"hand": (1, 10)}, "hand", "1 is not a card"),
        ({"hand": (10, 10)}, "hand", "holds 10 twice"),
        ({"hand": (47,), "piles": {**START, ASC1: 47}}, "hand", "47, which a pile already shows"),
        ({"draw_pile": -1}, "draw_pile", "0 to 96"),
        ({"draw_pile": 97}, "draw_pile", "0 to 96"),
        ({"fire_due": (ASC1,)}, "fire_due", "only with the On Fire expansion: turn on on_fire"),
        ({"fire_due": (ASC1,), "on_fire": True}, "fire_due", "asc1 shows 1, not a fire card"),
        ({"fire_due": (ASC1, ASC1), "on_fire": True, "piles": {**START, ASC1: 44}}, "fire_due", "asc1 is named twice"),
    ],
)
def test_a_position_that_cannot_happen_names_its_field(arguments: dict[str, Any], field: str, message: str) -> None:
    values: dict[str, Any] = {"piles": START, "hand": (10, 20), "draw_pile": 40, **arguments}
    variant = values.pop("variant", Variant.STANDARD)
    on_fire = values.pop("on_fire", False)
    fire_due = values.pop("fire_due", ())
    problem = position_error(
        values["piles"], values["hand"], values["draw_pile"], variant, on_fire=on_fire, fire_due=fire_due
    )
    assert problem is not None
    assert problem[0] == field and message in problem[1]
    with pytest.raises(GameError, match=f"^{field}: "):
        Position(values["piles"], values["hand"], values["draw_pile"], variant, on_fire, fire_due)


def test_the_draw_pile_can_hold_every_card_not_in_hand_or_on_a_pile() -> None:
    assert position_error(START, (10, 20), 96) is None
    assert position_error({**START, ASC1: 30}, (10, 20), 95) is None


@pytest.mark.parametrize(("variant", "on_fire"), [("pro", False), (Variant.PRO, 1)])
def test_a_position_refuses_settings_of_the_wrong_type(variant: object, on_fire: object) -> None:
    with pytest.raises(GameError):
        Position(START, (10,), 0, variant, on_fire)  # type: ignore[arg-type]


def test_a_play_longer_than_the_deck_is_refused() -> None:
    with pytest.raises(GameError, match=f"at most {MAX_PLACEMENTS} placements"):
        check_play(Position(START, (10,), 0), [Placement(10, "asc1")] * (MAX_PLACEMENTS + 1))


# ----------------------------------------------------------------- placements


@given(card=st.sampled_from(CARDS), name=st.sampled_from(["asc1", "ASC2", "desc1", "Desc2", "up", "asc9"]))
def test_a_placement_round_trips_through_its_notation_keeping_the_name_as_written(card: int, name: str) -> None:
    placement = Placement(card, name)
    assert Placement.parse(str(placement)) == placement
    assert eval(repr(placement), {"Placement": Placement}) == placement
    assert (placement.known_pile is None) == (name.casefold() not in {pile.value for pile in PILES})


@pytest.mark.parametrize(("card", "pile"), [(1, "asc1"), (100, "asc1"), (True, "asc1"), (10, ""), (10, "  ")])
def test_a_placement_of_no_card_or_on_no_named_pile_is_refused(card: object, pile: str) -> None:
    with pytest.raises(GameError):
        Placement(card, pile)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["37", "100>asc1", "x>asc1", "37>"])
def test_bad_placement_notation_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        Placement.parse(text)


def test_every_violation_code_cites_a_section_heading_of_the_rulebook() -> None:
    rulebook = (REPOSITORY / "docs" / "thegame.md").read_text(encoding="utf-8")
    for code, reference in VIOLATIONS.items():
        assert reference.rule in rulebook, code
        assert code.reference is reference


# ----------------------------------------------------------------- properties


def state_after(game: Game, turns: int, rng: random.Random) -> State:
    """A seeded game after ``turns`` turns of a random player who sometimes lays more than the minimum."""
    state = game.new_state()
    for _ in range(turns):
        while not state.is_over and (END_TURN not in state.legal_actions() or rng.random() < 0.5):
            state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            break
        state.apply(END_TURN)
    return state


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(1, 5), turns=st.integers(0, 15), on_fire=st.booleans())
def test_a_turn_of_a_game_is_judged_as_the_game_saw_it(seed: int, players: int, turns: int, on_fire: bool) -> None:
    rng = random.Random(seed)
    game = Game(players, Variant.PRO if seed % 3 == 0 else Variant.STANDARD, on_fire, seed)
    state = state_after(game, turns, rng)
    assume(not state.is_over)
    seat = state.to_move
    assert seat is not None
    due = tuple(pile for pile, deadline in state.fire.items() if deadline == state.turns)
    position = Position(dict(state.tops), tuple(state.hand), len(state.draw_pile), game.variant, on_fire, due)
    play: list[Placement] = []
    while not state.is_over:
        placements = [action for action in state.legal_actions() if action.card is not None]
        if not placements or (END_TURN in state.legal_actions() and rng.random() < 0.3):
            break
        action = rng.choice(placements)
        assert action.card is not None and action.pile is not None
        play.append(Placement(action.card, action.pile.value))
        state.apply(action)
    verdict = check_play(position, play)
    assert all(judged.legal for judged in verdict.placements)
    assert (dict(verdict.piles_after), list(verdict.hand_after)) == (state.tops, state.hands[seat])
    assert (verdict.laid >= position.minimum) == (END_TURN in state.legal_actions())
    if END_TURN in state.legal_actions():
        state.apply(END_TURN)
        assert state.lost_to_fire == any(
            fault.violation.code is ViolationCode.FIRE_UNCOVERED for fault in verdict.faults
        )
        assert state.lost_to_fire == (not verdict.legal)


@given(
    seed=st.integers(0, 10_000),
    play=st.lists(
        st.tuples(st.sampled_from(CARDS), st.sampled_from(["asc1", "asc2", "desc1", "desc2", "up"])), max_size=12
    ),
)
def test_every_placement_is_either_laid_or_skipped_and_no_card_is_lost(seed: int, play: list[tuple[int, str]]) -> None:
    rng = random.Random(seed)
    cards = rng.sample(CARDS, 8)
    hand = tuple(cards[:6])
    tops = {ASC1: rng.choice([1, cards[6]]), ASC2: 1, DESC1: 100, DESC2: rng.choice([100, cards[7]])}
    position = Position(tops, hand, draw_pile=rng.randint(0, 80))
    verdict = check_play(position, [Placement(card, pile) for card, pile in play])
    laid = [judged.placement.card for judged in verdict.placements if judged.legal]
    assert sorted(laid + list(verdict.hand_after)) == sorted(hand)
    assert len(verdict.placements) == len(play)
    assert verdict.draw == min(len(laid), position.draw_pile)
    skipped = {number for number, judged in enumerate(verdict.placements, start=1) if not judged.legal}
    assert skipped == {fault.placement for fault in verdict.faults if fault.placement is not None}
    assert set(verdict.backwards) <= set(range(1, len(play) + 1)) - skipped
    assert verdict.legal == (not skipped and len(laid) >= position.minimum)
