"""Property tests for the solver, the notation and the referee, checked against the brute-force reference.

Hands have up to six cards and are drawn together with the top card from the
default deck.  Runs are derandomised so that their length stays predictable;
hands of six cards get fewer examples because the reference is exponential.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from solver.nambarz import Card, Chain, Domain, Kind, Operator, Rules, check, solve
from solver.nambarz.arithmetic import evaluate
from solver.nambarz.hand_solver import Solution
from solver.nambarz.rules import ALL_OPERATORS
from tests.nambarz.reference import (
    ReferenceCalculation,
    card_matches,
    enumerate_calculations,
    fold,
    reference_calculations,
    reference_matches,
)
from tests.nambarz.strategies import (
    ALIASES_OF,
    DECK_FACES,
    DOMAIN_NAMES,
    OPERATOR_SUBSETS,
    Deal,
    card_spellings,
    cards_left,
    chain_spellings,
    chains,
    deals,
    face_table,
    operator_tuples,
    rule_settings,
    table_differences,
)


def examples(count: int) -> settings:
    """Settings for ``count`` derandomised examples without a deadline (the reference is slow)."""
    return settings(
        max_examples=count,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )


def reference_for(deal: Deal, rules: Rules) -> dict[tuple[Card, ...], ReferenceCalculation]:
    """The reference's legal calculations for a deal."""
    return reference_calculations(deal.top, deal.hand, rules.domain.value, rules.operators)


def master_points(cards: int) -> int:
    """Rule X written out: 7 points for four cards and 7 more for each further card."""
    return 7 * (cards - 3) if cards >= 4 else 0


def signs_of(chain: Chain) -> str:
    """The chain's operators as the reference writes them."""
    return "".join(operator.value for operator in chain.operators)


def reaching_signs(numbers: Sequence[int], target: int, domain: str, ops: str = ALL_OPERATORS) -> list[str]:
    """Every operator string over ``ops`` that folds ``numbers`` to ``target`` inside ``domain``."""
    return [
        "".join(signs)
        for signs in itertools.product(ops, repeat=len(numbers) - 1)
        if fold(numbers, signs, domain) == target
    ]


def chain_from_signs(cards: Sequence[Card], signs: str) -> Chain:
    """Cards in laying order with the operators written as ASCII signs."""
    return Chain(tuple(cards), tuple(Operator(sign) for sign in signs))


# --------------------------------------------------------------------------- the solver


@examples(600)
@given(deal=deals(), rules=rule_settings())
def test_every_example_chain_reaches_the_target_with_cards_from_the_hand(deal: Deal, rules: Rules) -> None:
    solution = solve(deal.top, deal.hand, rules)
    hand = Counter(deal.hand)
    for calculation in solution.calculations:
        example = calculation.example
        assert len(example.cards) >= 2
        assert Counter(example.cards) <= hand
        assert len({card.kind for card in example.cards}) == 1
        assert example.cards[0].kind in (Kind.SYMBOL, Kind.FIGURE)
        assert not any(card_matches(card, deal.top) for card in example.cards)
        assert all(rules.allows(operator) for operator in example.operators)
        assert all(step.in_domain for step in example.trace(rules.domain))
        assert evaluate(example.numbers, example.operators, rules.domain) == deal.top.value
        assert calculation.chains >= 1
        assert example.cards[-1] in calculation.last_cards
        assert set(calculation.last_cards) <= set(example.cards)


@examples(200)
@given(deal=deals(), rules=rule_settings())
def test_master_points_grow_by_seven_for_each_card_past_three(deal: Deal, rules: Rules) -> None:
    for calculation in solve(deal.top, deal.hand, rules).calculations:
        assert calculation.master_points == master_points(len(calculation.cards))


@examples(200)
@given(deal=deals(), rules=rule_settings())
def test_calculations_come_most_cards_first_then_symbol_before_figure_then_by_cards(deal: Deal, rules: Rules) -> None:
    calculations = solve(deal.top, deal.hand, rules).calculations
    keys = [(-len(c.cards), c.cards[0].kind is Kind.FIGURE, sorted(c.cards)) for c in calculations]
    assert keys == sorted(keys)
    assert len({tuple(sorted(c.cards)) for c in calculations}) == len(calculations)


def assert_solver_matches_reference(deal: Deal, rules: Rules) -> None:
    solution = solve(deal.top, deal.hand, rules)
    expected = reference_for(deal, rules)
    differences = table_differences(expected, face_table(solution.calculations))
    assert not differences, f"{deal} under {rules}:\n" + "\n".join(differences)
    assert list(solution.matches) == reference_matches(deal.top, deal.hand)
    event(f"longest calculation: {max((len(faces) for faces in expected), default=0)} cards")


@pytest.mark.slow
@examples(2000)
@given(deal=deals(max_cards=5), rules=rule_settings())
def test_solver_finds_exactly_the_reference_calculations_in_hands_of_up_to_five(deal: Deal, rules: Rules) -> None:
    assert_solver_matches_reference(deal, rules)


@pytest.mark.slow
@examples(500)
@given(deal=deals(min_cards=6, max_cards=6, jokers=False), rules=rule_settings())
def test_solver_finds_exactly_the_reference_calculations_in_hands_of_six(deal: Deal, rules: Rules) -> None:
    assert_solver_matches_reference(deal, rules)


@examples(150)
@given(deal=deals(max_cards=5), rules=rule_settings())
def test_both_references_agree_with_the_solver_when_every_chain_is_enumerated(deal: Deal, rules: Rules) -> None:
    enumerated = enumerate_calculations(deal.top, deal.hand, rules.domain.value, rules.operators)
    assert enumerated == reference_for(deal, rules)
    differences = table_differences(enumerated, face_table(solve(deal.top, deal.hand, rules).calculations))
    assert not differences, f"{deal} under {rules}:\n" + "\n".join(differences)


def without_hand(solution: Solution) -> dict[str, object]:
    answer = solution.to_dict()
    del answer["hand"]
    return answer


@examples(400)
@given(deal=deals(), rules=rule_settings(), data=st.data())
def test_shuffling_the_hand_changes_nothing(deal: Deal, rules: Rules, data: st.DataObject) -> None:
    shuffled = data.draw(st.permutations(deal.hand), label="shuffled hand")
    assert without_hand(solve(deal.top, shuffled, rules)) == without_hand(solve(deal.top, deal.hand, rules))


def test_jokers_in_the_hand_are_ignored() -> None:
    top, hand = Card.parse("3"), [Card.parse(text) for text in ("1", "2", "Jboth", "Jreplay", "Jnumber")]
    with_jokers = without_hand(solve(top, hand))
    assert with_jokers == without_hand(solve(top, [card for card in hand if not card.is_joker]))


# --------------------------------------------------------------------------- notation


@pytest.mark.parametrize("face", DECK_FACES, ids=str)
def test_every_deck_face_reads_back_as_itself(face: Card) -> None:
    assert Card.parse(str(face)) == face
    assert eval(repr(face)) == face


@examples(300)
@given(face=st.sampled_from(DECK_FACES), data=st.data())
def test_any_figure_alias_in_any_casing_reads_as_the_same_card(face: Card, data: st.DataObject) -> None:
    spelling = data.draw(card_spellings(face), label="spelling")
    assert Card.parse(spelling) == face


@examples(300)
@given(chain=chains())
def test_a_written_chain_reads_back_as_itself(chain: Chain) -> None:
    assert Chain.parse(str(chain)) == chain
    assert eval(repr(chain)) == chain


@examples(300)
@given(chain=chains(), data=st.data())
def test_a_chain_in_other_signs_spacing_and_leading_brackets_reads_back_as_itself(
    chain: Chain, data: st.DataObject
) -> None:
    spelling = data.draw(chain_spellings(chain), label="spelling")
    assert Chain.parse(spelling) == chain


@pytest.mark.parametrize("domain", DOMAIN_NAMES)
@pytest.mark.parametrize("ops", OPERATOR_SUBSETS)
def test_rules_read_back_from_their_own_notation(domain: str, ops: str) -> None:
    setting = Rules.parse(domain, ops)
    assert Rules.parse(setting.domain.value, setting.operators) == setting
    assert setting == Rules(Domain(domain), ops)


@examples(200)
@given(
    domain=st.sampled_from(DOMAIN_NAMES),
    operators=st.lists(st.sampled_from(tuple(Operator)), min_size=1, max_size=6),
    data=st.data(),
)
def test_rules_read_the_same_from_any_signs_in_any_order(
    domain: str, operators: list[Operator], data: st.DataObject
) -> None:
    signs = [data.draw(st.sampled_from(ALIASES_OF[operator])) for operator in operators]
    separator = data.draw(st.sampled_from(("", " ", ", ")))
    written_domain = data.draw(st.sampled_from((domain, domain.upper(), f" {domain.title()} ")))
    expected = "".join(sign for sign in ALL_OPERATORS if Operator(sign) in operators)
    assert Rules.parse(written_domain, separator.join(signs)) == Rules(Domain(domain), expected)


# --------------------------------------------------------------------------- the referee


@dataclass(frozen=True)
class Play:
    """A chain laid on a top card under some rules."""

    top: Card
    chain: Chain
    rules: Rules

    def __str__(self) -> str:
        return f"{self.chain} on {self.top} under {self.rules}"

    @property
    def one_kind(self) -> bool:
        return len({card.kind for card in self.chain.cards}) == 1

    @property
    def holds_matching_card(self) -> bool:
        return any(card_matches(card, self.top) for card in self.chain.cards)

    def reference(self) -> dict[tuple[Card, ...], ReferenceCalculation]:
        """The reference's legal calculations among exactly the played cards."""
        return reference_calculations(self.top, self.chain.cards, self.rules.domain.value, self.rules.operators)


def reference_says_legal(play: Play) -> bool:
    """The reference's verdict: a matching single card, or a legal calculation over exactly the played cards."""
    chain, rules = play.chain, play.rules
    if len(chain) == 1:
        return card_matches(chain.cards[0], play.top)
    return (
        play.one_kind
        and not play.holds_matching_card
        and all(rules.allows(operator) for operator in chain.operators)
        and fold(chain.numbers, signs_of(chain), rules.domain.value) == play.top.value
        and tuple(sorted(chain.cards)) in play.reference()
    )


@st.composite
def random_plays(draw: st.DrawFn) -> Play:
    """A top card, rules and 1 to 6 hand cards laid in random order.

    The cards matching the top card are kept as dealt, left out, or joined
    by one more matching card from the deck.  Half the time
    the operators are any four signs at random; otherwise they are drawn among
    those whose left-to-right fold reaches the target.
    """
    deal = draw(deals(min_cards=1, max_cards=6, jokers=False))
    setting = draw(rule_settings())
    cards = draw(st.permutations(deal.hand))
    matching = draw(st.sampled_from(("as dealt", "left out", "one more")))
    if matching == "left out":
        cards = [card for card in cards if not card_matches(card, deal.top)] or cards
    elif matching == "one more":
        spare = [card for card in cards_left(deal) if not card.is_joker and card_matches(card, deal.top)]
        cards.insert(draw(st.integers(0, len(cards))), draw(st.sampled_from(spare)))
        cards = cards[:6]
    signs = "".join(operator.value for operator in draw(operator_tuples(len(cards) - 1)))
    if draw(st.booleans()):
        reaching = reaching_signs([card.value for card in cards], deal.top.value, setting.domain.value)
        if reaching:
            signs = draw(st.sampled_from(reaching))
    return Play(deal.top, chain_from_signs(cards, signs), setting)


@st.composite
def reference_plays(draw: st.DrawFn) -> tuple[Play, Deal]:
    """A chain over a legal multiset of the reference, laid in an order and with operators reaching the target.

    Returned with the deal it came from, whose other cards can spoil it.
    """
    deal = draw(deals(min_cards=2, max_cards=6, jokers=False, pools=("symbol", "figure")))
    setting = draw(rule_settings())
    legal = reference_for(deal, setting)
    assume(legal)
    faces = draw(st.sampled_from(sorted(legal, key=lambda multiset: (-len(multiset), multiset))))
    orderings = sorted(set(itertools.permutations(faces)))
    start = draw(st.integers(0, len(orderings) - 1))
    for ordering in orderings[start:] + orderings[:start]:
        numbers = [card.value for card in ordering]
        reaching = reaching_signs(numbers, deal.top.value, setting.domain.value, setting.operators)
        if reaching:
            return Play(deal.top, chain_from_signs(ordering, draw(st.sampled_from(reaching))), setting), deal
    raise AssertionError(f"the reference found no chain over {faces}")


@st.composite
def spoiled_reference_plays(draw: st.DrawFn) -> Play:
    """A reference chain left alone, or spoilt by an extra card from the hand, another operator or a swap."""
    play, deal = draw(reference_plays())
    cards, operators = list(play.chain.cards), list(play.chain.operators)
    spare = list((Counter(deal.hand) - Counter(cards)).elements())
    change = draw(st.sampled_from(("none", "extra card", "operator", "swap")))
    if change == "extra card" and spare:
        position = draw(st.integers(0, len(cards)))
        cards.insert(position, draw(st.sampled_from(spare)))
        operators.insert(max(position - 1, 0), draw(st.sampled_from(tuple(Operator))))
    elif change == "operator":
        operators[draw(st.integers(0, len(operators) - 1))] = draw(st.sampled_from(tuple(Operator)))
    elif change == "swap":
        first, second = draw(st.integers(0, len(cards) - 1)), draw(st.integers(0, len(cards) - 1))
        cards[first], cards[second] = cards[second], cards[first]
    return Play(play.top, Chain(tuple(cards), tuple(operators)), play.rules)


def plays() -> st.SearchStrategy[Play]:
    """Random plays and spoilt reference chains, so that legal and nearly legal plays both turn up often."""
    return st.one_of(random_plays(), spoiled_reference_plays())


@pytest.mark.slow
@examples(1000)
@given(play=plays())
def test_referee_agrees_with_the_reference(play: Play) -> None:
    verdict = check(play.top, play.chain, play.rules)
    assert verdict.legal == reference_says_legal(play), f"{play}: {verdict.to_dict()}"
    assert verdict.legal == (not verdict.violations)
    event(f"{len(play.chain)} cards: {', '.join(verdict.codes) or 'legal'}")


@pytest.mark.slow
@examples(500)
@given(play=plays())
def test_a_faulty_play_draws_three_and_keeps_every_card_on_the_table_or_in_the_hand(play: Play) -> None:
    verdict = check(play.top, play.chain, play.rules)
    assume(not verdict.legal)
    assert verdict.penalty_draw == 3
    assert Counter(verdict.stays) + Counter(verdict.returned) == Counter(play.chain.cards)


@pytest.mark.slow
@examples(300)
@given(play_and_deal=reference_plays())
def test_every_chain_of_a_reference_calculation_is_legal_stays_whole_and_earns_its_master_points(
    play_and_deal: tuple[Play, Deal],
) -> None:
    play = play_and_deal[0]
    verdict = check(play.top, play.chain, play.rules)
    assert verdict.legal, f"{play}: {verdict.to_dict()}"
    assert verdict.master_points == master_points(len(play.chain))
    assert verdict.penalty_draw == 0
    assert verdict.stays == play.chain.cards
    assert verdict.returned == ()


@pytest.mark.slow
@examples(500)
@given(play=plays())
def test_a_play_holding_a_legal_part_names_a_smallest_one(play: Play) -> None:
    assume(play.chain.is_calculation)
    verdict = check(play.top, play.chain, play.rules)
    legal_parts = [faces for faces in play.reference() if len(faces) < len(play.chain)]
    assert (verdict.smaller is not None) == bool(legal_parts), f"{play}: {verdict.to_dict()}"
    assert ("not-minimal" in verdict.codes) == bool(legal_parts)
    if verdict.smaller is not None:
        smaller = verdict.smaller
        assert len(smaller) == min(len(faces) for faces in legal_parts)
        assert tuple(sorted(smaller.cards)) in legal_parts
        assert all(play.rules.allows(operator) for operator in smaller.operators)
        assert evaluate(smaller.numbers, smaller.operators, play.rules.domain) == play.top.value
        if verdict.codes == ["not-minimal"]:
            assert Counter(verdict.stays) == Counter(smaller.cards)


@pytest.mark.slow
@examples(500)
@given(play=plays())
def test_a_wrongly_laid_legal_multiset_is_recombined_with_every_card(play: Play) -> None:
    assume(play.chain.is_calculation and play.one_kind and not play.holds_matching_card)
    verdict = check(play.top, play.chain, play.rules)
    recombinable = not verdict.legal and tuple(sorted(play.chain.cards)) in play.reference()
    assert (verdict.recombination is not None) == recombinable, f"{play}: {verdict.to_dict()}"
    if verdict.recombination is not None:
        recombination = verdict.recombination
        assert Counter(recombination.cards) == Counter(play.chain.cards)
        assert all(play.rules.allows(operator) for operator in recombination.operators)
        assert evaluate(recombination.numbers, recombination.operators, play.rules.domain) == play.top.value
        assert Counter(verdict.stays) == Counter(play.chain.cards)
