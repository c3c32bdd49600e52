"""Every worked example of the Italian and German Nambarz rulebooks, judged by the referee and the solver.

Ids name the book and the section: ``it-III.2-fig4`` is the Italian book,
section III.2, figure 4; ``de-III.2-Abb4`` the same example in the German
book.  Where both books give an example, both ids appear, and each case
writes the figures as that book names them (``3ape``, ``3Biene``), since
players type them so.  The examples are restated in our own words.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

import pytest

from solver.nambarz import Card, Chain, Deck, PlayError, Rules, Verdict, check, matches, parse_cards, solve
from tests.nambarz.reference import reference_calculations


def card(text: str) -> Card:
    """One card from its notation."""
    return Card.parse(text)


def judge(top: str, play: str, rules: Rules | None = None) -> Verdict:
    """The referee's verdict on ``play`` laid on ``top``."""
    return check(card(top), Chain.parse(play), rules)


def names(cards: Iterable[Card]) -> list[str]:
    """Canonical notation of each card, in order."""
    return [str(one) for one in cards]


def canonical(notation: str) -> list[str]:
    """Canonical notation of each card of a space-separated list."""
    return names(parse_cards(notation))


# --------------------------------------------------------------------------- III.1 matching

# Top card, the cards the book says may be played on it, and cards it leaves out.
MATCHING_EXAMPLES = [
    pytest.param("3ape", "3ape 3 3ippopotamo 8ape", "8ippopotamo 8 5gatto 4gallina 10orso", id="it-III.1-fig2"),
    pytest.param("3Biene", "3Biene 3 3Nilpferd 8Biene", "8Nilpferd 8 5Katze 4Huhn 10Bär", id="de-III.1-Abb2"),
    pytest.param("3", "3 3ippopotamo 3ape", "8ape 8ippopotamo 8 5gatto", id="it-III.1-fig3"),
    pytest.param("3", "3 3Nilpferd 3Biene", "8Biene 8Nilpferd 8 5Katze", id="de-III.1-Abb3"),
]


@pytest.mark.parametrize(("top", "allowed", "refused"), MATCHING_EXAMPLES)
def test_each_card_the_book_lists_may_be_played_alone(top: str, allowed: str, refused: str) -> None:
    for play in allowed.split():
        verdict = judge(top, play)
        assert verdict.legal, play
        assert names(verdict.stays) == canonical(play)
        assert matches(card(play), card(top))


@pytest.mark.parametrize(("top", "allowed", "refused"), MATCHING_EXAMPLES)
def test_a_card_the_book_leaves_out_is_refused_as_no_match(top: str, allowed: str, refused: str) -> None:
    for play in refused.split():
        verdict = judge(top, play)
        assert verdict.codes == ["no-match"], play
        assert (verdict.penalty_draw, verdict.stays, names(verdict.returned)) == (3, (), canonical(play))
        assert not matches(card(play), card(top))


@pytest.mark.parametrize(("top", "allowed", "refused"), MATCHING_EXAMPLES)
def test_the_deck_holds_exactly_the_faces_the_book_lists(top: str, allowed: str, refused: str) -> None:
    # A figure top card can be covered by four faces, a symbol one by three only.
    faces = [face for face in Deck.default().faces() if matches(face, card(top))]
    assert sorted(faces) == sorted(parse_cards(allowed))


@pytest.mark.parametrize(("top", "allowed", "refused"), MATCHING_EXAMPLES)
def test_the_solver_offers_exactly_the_matching_cards_of_a_hand(top: str, allowed: str, refused: str) -> None:
    solution = solve(card(top), parse_cards(f"{allowed} {refused}"))
    assert list(solution.matches) == sorted(parse_cards(allowed))


# --------------------------------------------------------------------------- III.2 calculations

# Top card, the calculation as the book writes it, and the cards in laying order.
CALCULATION_EXAMPLES = [
    pytest.param("3ape", "1 + 2", "1 2", id="it-III.2-fig4-one-plus-two-on-3ape"),
    pytest.param("3", "1 + 2", "1 2", id="it-III.2-fig4-one-plus-two-on-3"),
    pytest.param("3Biene", "1 + 2", "1 2", id="de-III.2-Abb4-one-plus-two-on-3Biene"),
    pytest.param("3", "1 + 2", "1 2", id="de-III.2-Abb4-one-plus-two-on-3"),
    pytest.param("3ape", "(10 - 4) / 2", "10 4 2", id="it-III.2-fig4-ten-four-two-on-3ape"),
    pytest.param("3", "(10 - 4) / 2", "10 4 2", id="it-III.2-fig4-ten-four-two-on-3"),
    pytest.param("3Biene", "(10 - 4) / 2", "10 4 2", id="de-III.2-Abb4-ten-four-two-on-3Biene"),
    pytest.param("3", "(10 - 4) / 2", "10 4 2", id="de-III.2-Abb4-ten-four-two-on-3"),
    pytest.param("3ape", "7pesce - 4gallina", "7fish 4hen", id="it-III.2-fig5-fish-hen-on-3ape"),
    pytest.param("3", "7pesce - 4gallina", "7fish 4hen", id="it-III.2-fig5-fish-hen-on-3"),
    pytest.param("3Biene", "7Fisch - 4Huhn", "7fish 4hen", id="de-III.2-Abb5-fish-hen-on-3Biene"),
    pytest.param("3", "7Fisch - 4Huhn", "7fish 4hen", id="de-III.2-Abb5-fish-hen-on-3"),
    pytest.param(
        "3ape",
        "10orso + 1libellula + 1tartaruga - 9papera",
        "10bear 1dragonfly 1turtle 9duck",
        id="it-III.2-fig5-four-figures-on-3ape",
    ),
    pytest.param(
        "3",
        "10orso + 1libellula + 1tartaruga - 9papera",
        "10bear 1dragonfly 1turtle 9duck",
        id="it-III.2-fig5-four-figures-on-3",
    ),
    pytest.param(
        "3Biene",
        "10Bär + 1Libelle + 1Schildkröte - 9Ente",
        "10bear 1dragonfly 1turtle 9duck",
        id="de-III.2-Abb5-four-figures-on-3Biene",
    ),
    pytest.param(
        "3",
        "10Baer + 1Libelle + 1Schildkroete - 9Ente",
        "10bear 1dragonfly 1turtle 9duck",
        id="de-III.2-Abb5-four-figures-on-3",
    ),
]


@pytest.mark.parametrize(("top", "play", "laid"), CALCULATION_EXAMPLES)
def test_a_rulebook_calculation_is_legal_and_its_cards_stay_in_the_laid_order(top: str, play: str, laid: str) -> None:
    verdict = judge(top, play)
    assert verdict.legal
    assert verdict.codes == []
    assert verdict.value == card(top).value
    assert names(verdict.stays) == laid.split()
    assert (verdict.returned, verdict.penalty_draw) == ((), 0)


@pytest.mark.parametrize(("top", "play", "laid"), CALCULATION_EXAMPLES)
def test_the_next_player_covers_the_last_card_laid(top: str, play: str, laid: str) -> None:
    verdict = judge(top, play)
    new_top = verdict.stays[-1]
    assert str(new_top) == canonical(laid)[-1]
    # The symbol card showing the new top's number now matches; the old top's number no longer does.
    assert check(new_top, Chain.of(Card.symbol(new_top.value))).legal
    assert check(new_top, Chain.of(Card.symbol(card(top).value))).codes == ["no-match"]


@pytest.mark.parametrize(("top", "play", "laid"), CALCULATION_EXAMPLES)
def test_the_solver_lists_the_rulebook_calculation_from_a_hand_of_its_cards(top: str, play: str, laid: str) -> None:
    solution = solve(card(top), parse_cards(laid))
    assert sorted(parse_cards(laid)) in [sorted(calculation.cards) for calculation in solution.calculations]


@pytest.mark.parametrize(
    "top",
    [
        pytest.param("3ape", id="it-III.2-fig4-hand-on-3ape"),
        pytest.param("3", id="it-III.2-fig4-hand-on-3"),
        pytest.param("3Biene", id="de-III.2-Abb4-hand-on-3Biene"),
        pytest.param("3", id="de-III.2-Abb4-hand-on-3"),
    ],
)
def test_the_solver_lists_both_symbol_calculations_of_figure_4_from_one_hand(top: str) -> None:
    # The figure shows 1 + 2 and (10 - 4) / 2; the same hand also allows 4 - 1.
    expressions = [calculation.expression for calculation in solve(card(top), parse_cards("1 2 10 4")).calculations]
    assert expressions == ["10 - 4 / 2", "2 + 1", "4 - 1"]


# --------------------------------------------------------------------------- III.2 minimum cards

MINIMUM_CARD_EXAMPLES = [
    pytest.param("3ape", id="it-III.2-fig6-on-3ape"),
    pytest.param("3", id="it-III.2-fig6-on-3"),
    pytest.param("3Biene", id="de-III.2-Abb6-on-3Biene"),
    pytest.param("3", id="de-III.2-Abb6-on-3"),
]


@pytest.mark.parametrize("top", MINIMUM_CARD_EXAMPLES)
def test_a_calculation_with_more_cards_than_needed_keeps_only_six_over_two(top: str) -> None:
    verdict = judge(top, "6 + 5 + 2 - 10")
    assert verdict.value == 3
    assert not verdict.legal
    assert verdict.codes == ["not-minimal"]
    assert str(verdict.smaller) == "6 / 2"
    assert names(verdict.stays) == ["6", "2"]
    assert names(verdict.returned) == ["5", "10"]
    assert verdict.penalty_draw == 3
    assert verdict.master_points == 0


@pytest.mark.parametrize("top", MINIMUM_CARD_EXAMPLES)
def test_the_solver_offers_six_over_two_but_never_the_four_card_calculation(top: str) -> None:
    calculations = solve(card(top), parse_cards("6 5 2 10")).calculations
    assert "6 / 2" in [calculation.expression for calculation in calculations]
    assert all(len(calculation.cards) < 4 for calculation in calculations)


# --------------------------------------------------------------------------- III.2 matching card in a calculation

MATCHING_CARD_EXAMPLES = [
    pytest.param("3ape", "9 / 3", "3", "9", id="it-III.2-fig7-number"),
    pytest.param("3Biene", "9 / 3", "3", "9", id="de-III.2-Abb7-number"),
    pytest.param("3ape", "8ape - 5gatto", "8bee", "5cat", id="it-III.2-fig7-figure"),
    pytest.param("3Biene", "8Biene - 5Katze", "8bee", "5cat", id="de-III.2-Abb7-figure"),
]


@pytest.mark.parametrize(("top", "play", "stays", "returned"), MATCHING_CARD_EXAMPLES)
def test_a_matching_card_cannot_join_a_calculation(top: str, play: str, stays: str, returned: str) -> None:
    verdict = judge(top, play)
    assert verdict.value == 3
    assert verdict.codes == ["matching-card-in-calculation"]
    assert names(verdict.stays) == [stays]
    assert names(verdict.returned) == [returned]
    assert verdict.penalty_draw == 3


@pytest.mark.parametrize(("top", "play", "stays", "returned"), MATCHING_CARD_EXAMPLES)
def test_the_solver_plays_the_matching_card_alone_and_never_inside_a_calculation(
    top: str, play: str, stays: str, returned: str
) -> None:
    solution = solve(card(top), Chain.parse(play).cards)
    assert names(solution.matches) == [stays]
    assert solution.calculations == ()


# --------------------------------------------------------------------------- IV replay example

REPLAY_EXAMPLES = [
    pytest.param("(9gallina - 6libellula) / 3ippopotamo", id="it-IV-fig9"),
    pytest.param("(9Huhn - 6Libelle) / 3Nilpferd", id="de-IV-Abb9"),
]


@pytest.mark.parametrize("first", REPLAY_EXAMPLES)
def test_the_replay_example_is_two_legal_calculations_judged_one_at_a_time(first: str) -> None:
    opening = judge("1", first)
    assert opening.legal
    assert opening.value == 1
    assert names(opening.stays) == ["9hen", "6dragonfly", "3hippo"]
    # After the replay joker the player covers the card laid just before it, the 3hippo.
    replay = check(opening.stays[-1], Chain.parse("10 - 6 - 1"))
    assert replay.legal
    assert replay.value == 3
    assert names(replay.stays) == ["10", "6", "1"]
    # Six cards leave the hand, but the bonus counts per calculation: three cards each earn nothing.
    assert len(opening.stays) + len(replay.stays) == 6
    assert opening.master_points + replay.master_points == 0


@pytest.mark.parametrize("first", REPLAY_EXAMPLES)
def test_the_second_calculation_answers_the_3hippo_and_not_the_first_top_card(first: str) -> None:
    last_laid = judge("1", first).stays[-1]
    assert check(last_laid, Chain.parse("10 - 6 - 1")).legal
    # Against the first top card the 1 would match it, and 10 - 6 - 1 makes 3, not 1.
    assert judge("1", "10 - 6 - 1").codes == ["matching-card-in-calculation", "wrong-result"]


@pytest.mark.parametrize("first", REPLAY_EXAMPLES)
def test_the_solver_finds_both_calculations_of_the_replay_example(first: str) -> None:
    opening = solve(card("1"), Chain.parse(first).cards)
    assert [sorted(calculation.cards) for calculation in opening.calculations] == [sorted(Chain.parse(first).cards)]
    replay = solve(card("3ippopotamo"), parse_cards("10 6 1"))
    assert [calculation.expression for calculation in replay.calculations] == ["10 - 6 - 1"]


# --------------------------------------------------------------------------- V penalties


class Settlement(NamedTuple):
    """How a penalty settles the cards played: what stays, what returns, and any recombination."""

    stays: str
    returned: str
    recombination: str | None = None


# Top, play, the one violation, and how the cards are settled.
PENALTY_EXAMPLES = [
    pytest.param("3", "6 + 5 + 2 - 10", "not-minimal", Settlement("6 2", "5 10"), id="it-V.1"),
    pytest.param("3", "6 + 5 + 2 - 10", "not-minimal", Settlement("6 2", "5 10"), id="de-V.1"),
    pytest.param("3ape", "9 / 3", "matching-card-in-calculation", Settlement("3", "9"), id="it-V.2"),
    pytest.param("3Biene", "9 / 3", "matching-card-in-calculation", Settlement("3", "9"), id="de-V.2"),
    pytest.param("3", "1 + 2pesce", "mixed-kinds", Settlement("", "1 2fish"), id="it-V.3"),
    pytest.param("3", "1 + 2Fisch", "mixed-kinds", Settlement("", "1 2fish"), id="de-V.3"),
    pytest.param("3", "10 + 4 / 2", "wrong-result", Settlement("10 4 2", "", "10 - 4 / 2"), id="it-V.4-recombined"),
    pytest.param("3", "10 + 4 / 2", "wrong-result", Settlement("10 4 2", "", "10 - 4 / 2"), id="de-V.4-recombined"),
    pytest.param("3", "7 + 5", "wrong-result", Settlement("", "7 5"), id="it-V.4-taken-back"),
    pytest.param("3", "7 + 5", "wrong-result", Settlement("", "7 5"), id="de-V.4-taken-back"),
]


@pytest.mark.parametrize(("top", "play", "code", "settlement"), PENALTY_EXAMPLES)
def test_every_penalty_draws_three_cards_and_settles_the_cards_played(
    top: str, play: str, code: str, settlement: Settlement
) -> None:
    verdict = judge(top, play)
    assert verdict.codes == [code]
    assert verdict.penalty_draw == 3
    assert names(verdict.stays) == canonical(settlement.stays)
    assert names(verdict.returned) == canonical(settlement.returned)
    recombination = None if verdict.recombination is None else str(verdict.recombination)
    assert recombination == settlement.recombination


@pytest.mark.parametrize("play", [pytest.param("Jnumber", id="it-V.5"), pytest.param("Jboth + 3", id="de-V.5")])
def test_a_joker_is_refused_by_the_calculation_referee_rather_than_judged(play: str) -> None:
    with pytest.raises(PlayError, match=r"J(number|both)"):
        judge("8ape", play)


# --------------------------------------------------------------------------- X master strokes

# 10 / 10 + 1 + 1 + 1 + 1 = 5 on a 5 is a legal six-card calculation (natural numbers, + - x /):
# 10/10 = 1 and four times +1.  Every proper part of {10, 10, 1, 1, 1, 1} misses 5.  A 1 moves
# the value by at most one (+1, -1) or leaves it (x1, /1).
# * No 10: at most four 1s, whose value never exceeds their count, 4.
# * One 10 and at most four 1s: before the 10 the 1s reach v <= (1s laid before).  v - 10 < 0,
#   and v / 10 is whole only for v = 0, which needs two 1s (1 - 1).  So just after the 10 the value
#   is 10 + v (10..14), 10v (0, 10, 20, 30, 40) or 0.  From 10 or more, at most four 1s leave at
#   least 6; from 0 (two 1s already spent) at most two 1s reach at most 2.  Never 5.
# * Both 10s and at most three 1s: let w be the value just before the second 10.  To end at 5
#   with at most three 1s after it, the value just after it must lie in 2..8, which excludes
#   w + 10 and 10w (0 or >= 10); it must be w - 10 with w in 12..18, or w / 10 with w in 20..80.
#   By the case above, w is 10 + v, 10 or 0 shifted by the 1s between the 10s: then w < 20 and
#   w - 10 is at most the number of 1s so far, so with at most three 1s in all the end is at
#   most 3.  Or w is 10v shifted by them with v >= 2 (two 1s before the first 10, so at most one
#   more 1): w is 19..21 or 29..31, w - 10 > 8, and only 20 or 30 divide, giving 2 or 3 with at
#   most one 1 left: at most 3.  Never 5.
# The independent brute force in tests/nambarz/reference.py confirms this below.
MASTER_STROKE_EXAMPLES = [
    pytest.param("3ape", "10orso + 1libellula + 1tartaruga - 9papera", 7, id="it-X-fig5-colpo-da-maestro"),
    pytest.param("3Biene", "10Bär + 1Libelle + 1Schildkröte - 9Ente", 7, id="de-X-Abb5-Meisterschlag"),
    pytest.param("5", "8 + 8 - 1 - 1 - 9", 14, id="it-X-colpo-da-super-maestro"),
    pytest.param("5", "8 + 8 - 1 - 1 - 9", 14, id="de-X-Supermeisterschlag"),
    pytest.param("5", "10 / 10 + 1 + 1 + 1 + 1", 21, id="it-X-6-carte"),
    pytest.param("5gatto", "10 / 10 + 1 + 1 + 1 + 1", 21, id="de-X-6-Karten"),
]


@pytest.mark.parametrize(("top", "play", "points"), MASTER_STROKE_EXAMPLES)
def test_a_master_stroke_earns_seven_points_per_card_from_the_fourth(top: str, play: str, points: int) -> None:
    verdict = judge(top, play)
    assert verdict.legal
    assert verdict.value == card(top).value
    assert verdict.master_points == points == 7 * (len(verdict.stays) - 3)


@pytest.mark.parametrize(("top", "play", "points"), MASTER_STROKE_EXAMPLES)
def test_the_solver_lists_the_master_stroke_from_a_hand_of_exactly_its_cards(top: str, play: str, points: int) -> None:
    cards = Chain.parse(play).cards
    [calculation] = solve(card(top), cards).calculations
    assert sorted(calculation.cards) == sorted(cards)
    assert calculation.master_points == points


@pytest.mark.parametrize(("top", "play", "points"), MASTER_STROKE_EXAMPLES)
def test_an_independent_brute_force_agrees_the_master_stroke_is_legal(top: str, play: str, points: int) -> None:
    cards = Chain.parse(play).cards
    assert tuple(sorted(cards)) in reference_calculations(card(top), cards)


@pytest.mark.parametrize(
    ("top", "play"),
    [
        pytest.param("3", "6 + 5 + 2 - 10", id="it-X-regole-not-minimal"),
        pytest.param("3Biene", "1Libelle + 9Ente + 1Schildkröte - 10Bär", id="de-X-Regeln-wrong-result"),
    ],
)
def test_four_cards_earn_nothing_unless_the_calculation_keeps_the_rules(top: str, play: str) -> None:
    verdict = judge(top, play)
    assert len(verdict.play) == 4
    assert not verdict.legal
    assert verdict.master_points == 0
