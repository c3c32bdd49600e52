"""Every lay a player can make gets a verdict: any of the deck's cards and jokers, laid in any grouping.

A lay is written the way the lay notation reads it (docs/rulings.md): the
groups of cards separated by ``;``, an operator between two number cards
of a group, and a space or an operator between a joker and a card.  Only
text that does not write cards and operators may be refused, so none of
these is a notation error: the turn referee answers every one, and the
game engine takes every one from a player who holds the cards and
penalises it as the turn referee does.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.nambarz import Card, Verdict
from solver.nambarz.jokers import Cover
from solver.nambarz.notation import Turn
from solver.nambarz.state import Action, ActionKind, Game, State
from solver.nambarz.turn import SkippedPlay, TurnVerdict, check_turn
from tests.nambarz.strategies import ALIASES_OF, DECK_CARDS, card_spellings

CHANGE_JOKER_TOPS = tuple(Card.parse(name) for name in ("Jnumber", "Jfigure", "Jboth"))
NUMBER_TOPS = tuple(dict.fromkeys(card for card in DECK_CARDS if not card.is_joker))
SIGNS = tuple(sign for signs in ALIASES_OF.values() for sign in signs)
TIME_LIMIT = 60.0
"""Far above what any lay of a few cards needs, so that no verdict depends on the machine's speed."""


@st.composite
def lays(draw: st.DrawFn, *, jokers_joined: bool, most: int = 8) -> tuple[Card, list[list[Card]], str]:
    """A top card, cards of the deck grouped into plays, and the turn they write.

    The top card is a number card or a change joker, and up to ``most``
    cards come from the rest of one default deck.  An operator joins two number cards
    of a group; a joker is set apart by spaces, or (with ``jokers_joined``)
    sometimes joined by an operator too.
    """
    top = draw(st.sampled_from(NUMBER_TOPS) | st.sampled_from(CHANGE_JOKER_TOPS))
    pool = list(DECK_CARDS)
    pool.remove(top)
    picked = draw(st.lists(st.integers(0, len(pool) - 1), min_size=1, max_size=most, unique=True))
    cards = [pool[index] for index in picked]
    cuts = draw(st.sets(st.integers(1, len(cards) - 1))) if len(cards) > 1 else set()
    bounds = [0, *sorted(cuts), len(cards)]
    groups = [cards[start:end] for start, end in itertools.pairwise(bounds)]
    texts = []
    for group in groups:
        text = draw(card_spellings(group[0])).strip()
        for before, card in itertools.pairwise(group):
            joined = not (before.is_joker or card.is_joker) or (jokers_joined and draw(st.booleans()))
            text += f" {draw(st.sampled_from(SIGNS))} " if joined else " "
            text += draw(card_spellings(card)).strip()
        texts.append(text)
    return top, groups, " ; ".join(texts)


def assert_every_play_is_resolved(verdict: TurnVerdict, cards: Sequence[Card]) -> None:
    """Each judged play leaves every one of its cards on the table or in the hand; one fault ends the turn."""
    laid: Counter[Card] = Counter()
    for play in verdict.plays:
        laid.update(play.play.cards)
        if isinstance(play, Verdict):
            assert Counter(play.stays) + Counter(play.returned) == Counter(play.play.cards), str(play.play)
            assert play.legal is (not play.violations)
            assert play.penalty_draw == (0 if play.legal else 3)
    assert laid == Counter(cards)
    faulty = [
        number for number, play in enumerate(verdict.plays, start=1) if isinstance(play, Verdict) and not play.legal
    ]
    skipped = [number for number, play in enumerate(verdict.plays, start=1) if isinstance(play, SkippedPlay)]
    assert len(faulty) <= 1
    assert skipped == (list(range(faulty[0] + 1, len(verdict.plays) + 1)) if faulty else [])
    assert verdict.penalty_draw == 3 * len(faulty)


@settings(max_examples=300, deadline=None)
@given(lays(jokers_joined=False))
def test_any_cards_of_the_deck_laid_in_any_grouping_get_a_verdict(lay: tuple[Card, list[list[Card]], str]) -> None:
    top, groups, text = lay
    verdict = check_turn(top, Turn.parse(text), time_limit=TIME_LIMIT)
    assert isinstance(verdict, TurnVerdict)
    assert_every_play_is_resolved(verdict, [card for group in groups for card in group])


@settings(max_examples=300, deadline=None)
@given(lays(jokers_joined=True))
def test_any_lay_gets_a_verdict_also_with_jokers_joined_to_cards_by_operators(
    lay: tuple[Card, list[list[Card]], str],
) -> None:
    top, groups, text = lay
    verdict = check_turn(top, Turn.parse(text), time_limit=TIME_LIMIT)
    assert_every_play_is_resolved(verdict, [card for group in groups for card in group])
    assert verdict.to_dict()["violations"] == [
        {"play": number, **violation.to_dict()} for number, violation in verdict.violations
    ]


# ----------------------------------------------------------------- the game engine


def holding(top: Card, hand: Sequence[Card]) -> State:
    """A two-player game where Ann, to move, holds ``hand`` on ``top``; Bob and the draw pile have the rest."""
    game = Game(("Ann", "Bob"))
    rest = Counter(game.cards()) - Counter([top, *hand])
    pile = sorted(rest.elements())
    return State(
        game,
        round_number=1,
        seated=game.players,
        hands={"Ann": list(hand), "Bob": pile[:7]},
        draw_pile=pile[7:],
        table=[top],
        cover=Cover(top),
        turn_player="Ann",
        master={"Ann": 0, "Bob": 0},
        strokes={"Ann": 0, "Bob": 0},
        penalties={"Ann": 0, "Bob": 0},
    )


def resolution(verdict: Verdict) -> tuple[list[str], list[Card], list[Card], int]:
    return verdict.codes, sorted(verdict.stays), sorted(verdict.returned), verdict.penalty_draw


@settings(max_examples=200, deadline=None)
@given(lays(jokers_joined=True, most=6))
def test_the_engine_takes_any_lay_of_cards_the_player_holds_and_penalises_it_as_the_turn_referee_does(
    lay: tuple[Card, list[list[Card]], str],
) -> None:
    top, groups, text = lay
    turn = Turn.parse(text)
    state = holding(top, [card for group in groups for card in group])
    refereed = check_turn(top, turn, time_limit=TIME_LIMIT).plays
    for play, expected in zip(turn.plays, refereed, strict=True):
        if state.turn_player != "Ann" or state.is_over:
            break
        verdict = state.apply(Action(ActionKind.PLAY, play))
        assert isinstance(verdict, Verdict) and isinstance(expected, Verdict)
        assert resolution(verdict) == resolution(expected), str(play)
    document = state.to_dict()
    assert State.from_dict(document).to_dict() == document
