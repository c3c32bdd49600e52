"""The worked examples of rulebook section IV (the jokers), from the Italian and the German book.

Ids name the book and the section: ``it-IV-fig8-…`` is the Italian book,
section IV, figure 8; ``de-IV-Abb9-…`` the German book, figure 9.  Each case
writes the figures as that book names them (``3ape``, ``3Biene``), since
players type them so.  The examples are restated in our own words; where a
book only states a rule, the case is the smallest turn that shows it.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

from solver.nambarz import Card, Verdict
from solver.nambarz.notation import JokerPlay, Turn
from solver.nambarz.turn import TurnVerdict, check_turn


class JokerExample(NamedTuple):
    """A turn on a top card and the verdict the book's rule gives it."""

    top: str
    turn: str
    legal: bool
    codes: list[tuple[int, str]]
    top_after: str | None


def judge(top: str, turn: str) -> TurnVerdict:
    """The whole-turn verdict on ``turn`` played on ``top``."""
    return check_turn(Card.parse(top), Turn.parse(turn))


def canonical(card: str | None) -> str | None:
    """A card's canonical notation, or ``None``."""
    return None if card is None else str(Card.parse(card))


def check_example(example: JokerExample) -> None:
    """Judge the example and compare legality, violations and the card left on top."""
    verdict = judge(example.top, example.turn)
    assert verdict.legal is example.legal
    assert [(number, violation.code.value) for number, violation in verdict.violations] == example.codes
    assert verdict.top_after == (None if example.top_after is None else Card.parse(example.top_after))
    assert verdict.penalty_draw == (0 if example.legal else 3)


# --------------------------------------------------------------------------- figure 8: each change joker on its kind

FIGURE_8 = [
    pytest.param(JokerExample("5", "Jnumber 8", True, [], "8"), id="it-IV-fig8-jnumber-on-a-symbol-card-then-a-symbol"),
    pytest.param(
        JokerExample("3ape", "Jfigure 7pesce", True, [], "7pesce"),
        id="it-IV-fig8-jfigure-on-a-figure-card-then-a-figure",
    ),
    pytest.param(
        JokerExample("3ape", "Jboth 10", True, [], "10"), id="it-IV-fig8-jboth-on-a-figure-card-then-a-symbol"
    ),
    pytest.param(
        JokerExample("5", "Jboth 9gallina", True, [], "9gallina"),
        id="it-IV-fig8-jboth-on-a-symbol-card-then-a-figure",
    ),
    pytest.param(JokerExample("5", "Jnumber 8", True, [], "8"), id="de-IV-Abb8-jnumber-on-a-symbol-card-then-a-symbol"),
    pytest.param(
        JokerExample("3Biene", "Jfigure 7Fisch", True, [], "7Fisch"),
        id="de-IV-Abb8-jfigure-on-a-figure-card-then-a-figure",
    ),
    pytest.param(
        JokerExample("3Biene", "Jboth 10", True, [], "10"), id="de-IV-Abb8-jboth-on-a-figure-card-then-a-symbol"
    ),
    pytest.param(
        JokerExample("5", "Jboth 9Huhn", True, [], "9Huhn"), id="de-IV-Abb8-jboth-on-a-symbol-card-then-a-figure"
    ),
]

# The books say in so many words which card each joker may not cover, and what may follow it.
WRONG_KIND = [
    pytest.param(
        JokerExample("3ape", "Jnumber 8", False, [(1, "wrong-joker")], "3ape"),
        id="it-IV-jnumber-never-on-a-figure-card",
    ),
    pytest.param(
        JokerExample("5", "Jfigure 7pesce", False, [(1, "wrong-joker")], "5"), id="it-IV-jfigure-never-on-a-symbol-card"
    ),
    pytest.param(
        JokerExample("5", "Jnumber 7pesce", False, [(1, "wrong-joker")], "5"),
        id="it-IV-jnumber-followed-only-by-a-symbol-card",
    ),
    pytest.param(
        JokerExample("3Biene", "Jnumber 8", False, [(1, "wrong-joker")], "3Biene"),
        id="de-IV-jnumber-never-on-a-figure-card",
    ),
    pytest.param(
        JokerExample("5", "Jfigure 7Fisch", False, [(1, "wrong-joker")], "5"), id="de-IV-jfigure-never-on-a-symbol-card"
    ),
    pytest.param(
        JokerExample("3Biene", "Jfigure 8", False, [(1, "wrong-joker")], "3Biene"),
        id="de-IV-jfigure-followed-only-by-a-figure-card",
    ),
]


@pytest.mark.parametrize("example", FIGURE_8)
def test_a_change_joker_on_its_kind_of_card_is_followed_by_a_card_of_the_kind_it_allows(
    example: JokerExample,
) -> None:
    check_example(example)


@pytest.mark.parametrize("example", FIGURE_8)
def test_the_joker_and_its_card_both_stay_and_the_card_becomes_the_one_to_cover(example: JokerExample) -> None:
    (play,) = judge(example.top, example.turn).judged
    assert isinstance(play.play, JokerPlay)
    assert play.stays == play.play.cards
    assert play.returned == ()
    assert play.stays[-1] == Card.parse(example.turn.split()[1])


@pytest.mark.parametrize("example", WRONG_KIND)
def test_a_change_joker_on_the_wrong_kind_or_before_the_wrong_kind_is_penalised(example: JokerExample) -> None:
    check_example(example)
    (play,) = judge(example.top, example.turn).judged
    assert play.stays == ()
    assert play.returned == JokerPlay.parse(example.turn).cards


# --------------------------------------------------------------------------- a change joker without a card after it

NO_FOLLOW_UP = [
    pytest.param(
        JokerExample("3ape", "1 + 2 ; Jreplay ; Jboth", True, [], None), id="it-IV-change-joker-as-the-last-card"
    ),
    pytest.param(JokerExample("5", "Jnumber", True, [], None), id="it-IV-change-joker-left-for-a-team-mate"),
    pytest.param(
        JokerExample("3Biene", "1 + 2 ; Jreplay ; Jboth", True, [], None), id="de-IV-change-joker-as-the-last-card"
    ),
    pytest.param(JokerExample("3Biene", "Jfigure", True, [], None), id="de-IV-change-joker-left-for-the-partner"),
]

# The next player then lays a card of the kind the joker allows.
NEXT_PLAYER = [
    pytest.param(JokerExample("Jnumber", "7", True, [], "7"), id="it-IV-next-player-lays-a-symbol-card-on-jnumber"),
    pytest.param(
        JokerExample("Jfigure", "4gallina", True, [], "4gallina"), id="it-IV-next-player-lays-a-figure-card-on-jfigure"
    ),
    pytest.param(JokerExample("Jboth", "10orso", True, [], "10orso"), id="it-IV-next-player-lays-any-card-on-jboth"),
    pytest.param(
        JokerExample("Jnumber", "7Fisch", False, [(1, "wrong-joker")], None),
        id="de-IV-next-player-may-not-lay-a-figure-card-on-jnumber",
    ),
    pytest.param(
        JokerExample("Jfigure", "4", False, [(1, "wrong-joker")], None),
        id="de-IV-next-player-may-not-lay-a-symbol-card-on-jfigure",
    ),
    pytest.param(JokerExample("Jboth", "4", True, [], "4"), id="de-IV-next-player-lays-any-card-on-jboth"),
]


@pytest.mark.parametrize("example", NO_FOLLOW_UP)
def test_a_change_joker_may_be_laid_without_a_card_after_it(example: JokerExample) -> None:
    check_example(example)
    verdict = judge(example.top, example.turn)
    assert str(verdict.judged[-1].play) in {"Jnumber", "Jfigure", "Jboth"}


@pytest.mark.parametrize("example", NEXT_PLAYER)
def test_the_next_player_lays_one_card_of_the_kind_the_waiting_joker_allows(example: JokerExample) -> None:
    check_example(example)


def test_the_next_player_may_not_lay_a_calculation_on_the_waiting_joker() -> None:
    check_example(JokerExample("Jnumber", "1 + 2", False, [(1, "wrong-joker")], None))


# --------------------------------------------------------------------------- minimum-card rule, two jokers in a row

MATCHING_AFTER_JOKER = [
    pytest.param("3ape", "Jboth 3ippopotamo", "3ippopotamo", id="it-IV-min-cards-same-number-after-jboth"),
    pytest.param("3ape", "Jfigure 8ape", "8ape", id="it-IV-min-cards-same-figure-after-jfigure"),
    pytest.param("3", "Jnumber 3", "3", id="it-IV-min-cards-same-symbol-after-jnumber"),
    pytest.param("3Biene", "Jboth 3Nilpferd", "3Nilpferd", id="de-IV-min-cards-same-number-after-jboth"),
    pytest.param("3Biene", "Jfigure 8Biene", "8Biene", id="de-IV-min-cards-same-figure-after-jfigure"),
    pytest.param("5", "Jboth ; Jreplay ; 5Katze", "5Katze", id="de-IV-min-cards-after-own-joker-and-jreplay"),
]


@pytest.mark.parametrize(("top", "turn", "card"), MATCHING_AFTER_JOKER)
def test_a_card_matching_the_card_under_the_joker_should_have_been_laid_alone(top: str, turn: str, card: str) -> None:
    verdict = judge(top, turn)
    faulty = verdict.judged[-1]
    assert [violation.code.value for _, violation in verdict.violations] == ["matching-card-after-joker"]
    assert faulty.stays == (Card.parse(card),)
    assert verdict.top_after == Card.parse(card)
    assert verdict.penalty_draw == 3
    assert "matching-card-after-joker-stays" in verdict.rulings


TWO_JOKERS = [
    pytest.param(
        JokerExample("Jnumber", "Jboth 5", False, [(1, "joker-after-joker")], None),
        id="it-IV-no-change-joker-on-the-previous-players-change-joker",
    ),
    pytest.param(
        JokerExample("3ape", "Jboth ; Jreplay ; Jfigure 7pesce", False, [(3, "joker-after-joker")], None),
        id="it-IV-no-change-joker-on-the-own-change-joker-after-jreplay",
    ),
    pytest.param(
        JokerExample("Jfigure", "Jfigure", False, [(1, "joker-after-joker")], None),
        id="de-IV-no-change-joker-on-a-change-joker-of-the-same-type",
    ),
    pytest.param(
        JokerExample("5", "Jboth ; Jreplay ; Jnumber 4", False, [(3, "joker-after-joker")], None),
        id="de-IV-no-jnumber-directly-on-jboth-after-jreplay",
    ),
]


@pytest.mark.parametrize("example", TWO_JOKERS)
def test_two_change_jokers_are_never_laid_one_directly_on_the_other(example: JokerExample) -> None:
    check_example(example)


def test_a_change_joker_on_the_card_after_another_change_joker_is_not_two_in_a_row() -> None:
    # it-IV / de-IV: the ban is on jokers laid directly one on the other.
    check_example(JokerExample("3", "Jboth 7fish ; Jreplay ; Jfigure 4hen", True, [], "4hen"))


# --------------------------------------------------------------------------- the replay joker

REPLAY = [
    pytest.param(
        JokerExample("3ape", "8ape ; Jreplay ; 8", True, [], "8"), id="it-IV-replay-a-matching-card-on-the-last-card"
    ),
    pytest.param(
        JokerExample("3ape", "1 + 2 ; Jreplay ; 10 - 8", True, [], "8"),
        id="it-IV-replay-a-calculation-on-the-last-card",
    ),
    pytest.param(JokerExample("3ape", "Jreplay", True, [], "3ape"), id="it-IV-replay-as-the-only-card-left"),
    pytest.param(
        JokerExample("3ape", "3 ; Jreplay", True, [], "3"), id="it-IV-replay-with-no-playable-card-after-a-play"
    ),
    pytest.param(
        JokerExample("3Biene", "8Biene ; Jreplay ; 8", True, [], "8"),
        id="de-IV-replay-a-matching-card-on-the-last-card",
    ),
    pytest.param(
        JokerExample("3Biene", "Jreplay ; 1 + 2", True, [], "2"),
        id="de-IV-replay-as-first-action-then-the-drawn-card-combined",
    ),
    pytest.param(
        JokerExample("3Biene", "Jreplay ; 3Nilpferd", True, [], "3Nilpferd"),
        id="de-IV-replay-as-first-action-then-the-drawn-card-alone",
    ),
    pytest.param(
        JokerExample("3Biene", "Jreplay", True, [], "3Biene"), id="de-IV-replay-as-first-action-drawn-card-kept"
    ),
    pytest.param(JokerExample("3Biene", "Jreplay ; Jreplay ; 3", True, [], "3"), id="de-IV-replay-laid-twice-in-a-row"),
]


@pytest.mark.parametrize("example", REPLAY)
def test_after_the_replay_joker_the_player_plays_again_on_the_last_card_before_it(example: JokerExample) -> None:
    check_example(example)
    verdict = judge(example.top, example.turn)
    card_before = verdict.top
    for play in verdict.judged:
        if isinstance(play.play, JokerPlay) and play.play.is_replay:
            assert play.top == card_before
        else:
            card_before = play.stays[-1]


def test_a_play_after_the_replay_joker_that_misses_the_last_card_is_penalised() -> None:
    # The card to cover after Jreplay is the 2 laid before it, no longer the 3ape.
    check_example(JokerExample("3ape", "1 + 2 ; Jreplay ; 3", False, [(3, "no-match")], "2"))


# --------------------------------------------------------------------------- figure 9: one turn, six cards

FIGURE_9 = [
    pytest.param("1", "(9gallina - 6libellula) / 3ippopotamo ; Jreplay ; 10 - 6 - 1", id="it-IV-fig9-one-turn"),
    pytest.param("1", "(9Huhn - 6Libelle) / 3Nilpferd ; Jreplay ; 10 - 6 - 1", id="de-IV-Abb9-one-turn"),
    pytest.param("1", "9hen - 6dragonfly / 3hippo ; Jreplay ; 10 - 6 - 1", id="it-IV-fig9-english-names"),
]


@pytest.mark.parametrize(("top", "turn"), FIGURE_9)
def test_figure_9_is_one_legal_turn_of_two_calculations_around_the_replay_joker(top: str, turn: str) -> None:
    verdict = judge(top, turn)
    assert verdict.legal
    assert len(verdict.plays) == 3
    assert [str(play.top) for play in verdict.judged] == ["1", "3hippo", "3hippo"]
    assert verdict.top_after == Card.parse("1")
    assert (verdict.master_points, verdict.penalty_draw) == (0, 0)


@pytest.mark.parametrize(("top", "turn"), FIGURE_9)
def test_figure_9_lays_six_number_cards_and_the_replay_joker(top: str, turn: str) -> None:
    verdict = judge(top, turn)
    laid = [card for play in verdict.judged for card in play.stays]
    assert len([card for card in laid if not card.is_joker]) == 6
    assert [str(card) for card in laid if card.is_joker] == ["Jreplay"]
    assert all(play.returned == () for play in verdict.judged)


@pytest.mark.parametrize(("top", "turn"), FIGURE_9)
def test_figure_9_second_calculation_covers_the_hippo_laid_before_the_joker(top: str, turn: str) -> None:
    first, replay, second = judge(top, turn).judged
    assert isinstance(first, Verdict)
    assert first.stays[-1] == Card.parse("3ippopotamo") == Card.parse("3Nilpferd")
    assert replay.top == first.stays[-1]
    assert second.top == first.stays[-1]
    assert second.value == 3


def test_figure_9_with_four_card_calculations_would_score_each_master_stroke() -> None:
    # X with IV: the bonus counts per calculation of one turn.
    verdict = judge("3", "10orso + 1libellula + 1tartaruga - 9papera ; Jreplay ; 6 + 7 - 5 + 1")
    assert verdict.legal
    assert [play.master_points for play in verdict.judged] == [7, 0, 7]
    assert verdict.master_points == 14
