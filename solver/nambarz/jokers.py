"""The jokers (rulebook section IV) and the plays that involve them.

A change joker names the kind of card it works with: ``Jnumber`` covers
only a symbol card and is followed by a symbol card, ``Jfigure`` the same
with figure cards, ``Jboth`` any number card.  The card after a change joker
must not match the card under it (it could have been played alone), and two
change jokers are never laid one directly on the other.  ``Jreplay`` lets
the player play again against the last card laid before it, so it never
becomes the card to cover itself.

>>> may_cover(Card.parse("Jnumber"), Card.parse("3bee")), may_cover(Card.parse("Jboth"), Card.parse("3bee"))
(False, True)
>>> verdict, after = judge_joker_play(Cover(Card.parse("3")), JokerPlay.parse("Jnumber 8"), Rules())
>>> verdict.legal, str(after)
(True, '8')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from solver.errors import PlayError
from solver.nambarz.cards import Card, JokerType, Kind
from solver.nambarz.matching import matches
from solver.nambarz.notation import Chain, JokerPlay
from solver.nambarz.referee import Verdict, joker_in_calculation, resolved_verdict
from solver.nambarz.rules import Rules
from solver.nambarz.violations import Violation, ViolationCode

_KINDS_OF_CHANGE_JOKER: dict[JokerType, frozenset[Kind]] = {
    JokerType.NUMBER: frozenset({Kind.SYMBOL}),
    JokerType.FIGURE: frozenset({Kind.FIGURE}),
    JokerType.BOTH: frozenset({Kind.SYMBOL, Kind.FIGURE}),
}
_KIND_WORDS = {
    frozenset({Kind.SYMBOL}): "a symbol card",
    frozenset({Kind.FIGURE}): "a figure card",
    frozenset({Kind.SYMBOL, Kind.FIGURE}): "a number card",
}


def is_change_joker(card: Card) -> bool:
    """True for ``Jnumber``, ``Jfigure`` and ``Jboth``."""
    return card.joker in _KINDS_OF_CHANGE_JOKER


def kinds_of(joker: Card) -> frozenset[Kind]:
    """The kinds of card a change joker covers, and may be followed by."""
    assert joker.joker is not None
    return _KINDS_OF_CHANGE_JOKER[joker.joker]


def may_cover(joker: Card, top: Card) -> bool:
    """True when the change joker may be laid on ``top`` (a number card of a kind it names)."""
    return not top.is_joker and top.kind in kinds_of(joker)


def may_follow(joker: Card, card: Card) -> bool:
    """True when ``card`` is of a kind the change joker allows after it."""
    return not card.is_joker and card.kind in kinds_of(joker)


@dataclass(frozen=True)
class Cover:
    """What the next play must cover.

    ``card`` is a number card, or a change joker still waiting for its card.
    ``under`` is the card beneath a change joker that the player to move laid
    this turn: their card after it must not match ``under``.  A joker left by
    the previous player has no ``under``: the next player may lay any card of
    the kind it allows.
    """

    card: Card
    under: Card | None = None
    _hash: int = field(init=False, repr=False, compare=False)
    """Worked out once: the planner keys its in-turn states and cached answers by covers."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.card, self.under)))

    def __hash__(self) -> int:
        return self._hash

    @property
    def awaits_card(self) -> bool:
        """True when a change joker is on top."""
        return is_change_joker(self.card)

    def __str__(self) -> str:
        return str(self.card)


def judge_joker_play(cover: Cover, play: JokerPlay, rules: Rules) -> tuple[Verdict, Cover]:
    """Judge a joker play on ``cover``; return the verdict and what the next play must cover.

    A change joker takes one card of a kind it allows, or none.  Laid on a
    change joker, or with another change joker laid on it
    (``joker-after-joker``), or followed by a calculation (``wrong-joker``),
    the play is penalised: a first joker legally laid on a number card stays
    (``first-change-joker-stays``), everything else returns.

    >>> verdict, after = judge_joker_play(Cover(Card.parse("3")), JokerPlay.parse("Jboth Jnumber 4"), Rules())
    >>> verdict.codes, [str(card) for card in verdict.stays], [str(card) for card in verdict.returned], str(after)
    (['joker-after-joker'], ['Jboth'], ['Jnumber', '4'], 'Jboth')
    """
    if play.is_replay:
        return resolved_verdict(cover.card, play, rules, [], stays=play.cards), cover
    joker = play.joker
    violations = []
    rulings = []
    stacked = _stacked_jokers(cover, play)
    if stacked:
        violations.append(Violation(ViolationCode.JOKER_AFTER_JOKER, "; ".join(stacked)))
    wrong = []
    if not cover.awaits_card and not may_cover(joker, cover.card):
        wrong.append(
            f"{joker} covers only {_KIND_WORDS[kinds_of(joker)]}, and {cover} is a {cover.card.kind.value} card"
        )
    follow = play.follow
    if isinstance(follow, Chain):
        wrong.append(
            f"{joker} is followed by one card, {_KIND_WORDS[kinds_of(joker)]}, not by the calculation {follow}"
        )
        rulings.append("one-card-after-change-joker")
    card = play.follow_card
    if card is not None and not may_follow(joker, card):
        wrong.append(f"after {joker} comes {_KIND_WORDS[kinds_of(joker)]}, not {card}")
    if wrong:
        violations.append(Violation(ViolationCode.WRONG_JOKER, "; ".join(wrong)))
    if isinstance(follow, Chain) and (joker_inside := joker_in_calculation(follow)) is not None:
        violations.append(joker_inside)
    if card is not None and not cover.awaits_card and matches(card, cover.card):
        violations.append(_matching_after_joker(card, cover.card, joker))
    codes = {violation.code for violation in violations}
    if not violations:
        after = Cover(card) if card is not None else Cover(joker, under=cover.card)
        return resolved_verdict(cover.card, play, rules, [], stays=play.cards), after
    if codes == {ViolationCode.MATCHING_CARD_AFTER_JOKER}:
        assert card is not None
        rulings.append("matching-card-after-joker-stays")
        return resolved_verdict(cover.card, play, rules, violations, stays=(card,), rulings=rulings), Cover(card)
    if codes == {ViolationCode.JOKER_AFTER_JOKER} and not cover.awaits_card:
        # The first joker was legally laid and left the hand: it stays, waiting for its card (V).
        rulings.append("first-change-joker-stays")
        verdict = resolved_verdict(cover.card, play, rules, violations, stays=(joker,), rulings=rulings)
        return verdict, Cover(joker, under=cover.card)
    return resolved_verdict(cover.card, play, rules, violations, stays=(), rulings=rulings), cover


def _stacked_jokers(cover: Cover, play: JokerPlay) -> list[str]:
    """Each change joker of the play laid directly on another one, said in a sentence."""
    stacked = []
    if cover.awaits_card:
        stacked.append(f"{play.joker} cannot be laid directly on the change joker {cover}")
    below, above = play, play.follow
    while isinstance(above, JokerPlay):
        stacked.append(f"{above.joker} cannot be laid directly on the change joker {below.joker}")
        below, above = above, above.follow
    return stacked


def judge_card_on_joker(cover: Cover, chain: Chain, rules: Rules) -> tuple[Verdict, Cover]:
    """Judge a card (or a calculation) laid on a change joker that waits for its card."""
    joker = cover.card
    if not chain.is_calculation and chain.cards[0].is_joker:
        raise PlayError(f"{chain} alone is a joker play: judge it with judge_joker_play")
    violations = []
    rulings = []
    if chain.is_calculation:
        violations.append(
            Violation(
                ViolationCode.WRONG_JOKER,
                f"{joker} waits for one card, {_KIND_WORDS[kinds_of(joker)]}, not a calculation",
            )
        )
        rulings.append("one-card-after-change-joker")
        joker_inside = joker_in_calculation(chain)
        if joker_inside is not None:
            violations.append(joker_inside)
    else:
        card = chain.cards[0]
        if not may_follow(joker, card):
            violations.append(
                Violation(ViolationCode.WRONG_JOKER, f"after {joker} comes {_KIND_WORDS[kinds_of(joker)]}, not {card}")
            )
        if cover.under is not None and matches(card, cover.under):
            violations.append(_matching_after_joker(card, cover.under, joker))
    if not violations:
        if cover.under is None:
            rulings.append("card-after-joker-from-previous-player")
        return resolved_verdict(joker, chain, rules, [], stays=chain.cards, rulings=rulings), Cover(chain.cards[0])
    if all(violation.code is ViolationCode.MATCHING_CARD_AFTER_JOKER for violation in violations):
        rulings.append("matching-card-after-joker-stays")
        verdict = resolved_verdict(joker, chain, rules, violations, stays=chain.cards, rulings=rulings)
        return verdict, Cover(chain.cards[0])
    return resolved_verdict(joker, chain, rules, violations, stays=(), rulings=rulings), cover


def _matching_after_joker(card: Card, under: Card, joker: Card) -> Violation:
    return Violation(
        ViolationCode.MATCHING_CARD_AFTER_JOKER,
        f"{card} matches {under}, the card under {joker}, and must be played alone instead",
    )
