"""Turn notation: joker plays, single plays and whole turns, their round trips and their located errors.

A turn is written as plays separated by ``;``.  Between two ``;`` the text
is read as plays ("lay notation", docs/rulings.md): ``Jreplay`` alone is a
play of its own, a change joker takes what follows it (nothing, a card, a
calculation or another change joker), a change joker after a card without
an operator starts a new play, and a joker joined by an operator is part of
a calculation.  Every sequence of plays is a turn: the referee judges the
ones a rule forbids.  Errors name the offending token and its 1-based
position in the whole text that was given.
"""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import NotationError
from solver.nambarz import Card, Chain, Operator
from solver.nambarz.notation import JokerPlay, Play, Turn, parse_play
from tests.nambarz.strategies import NUMBER_FACES, card_spellings, chain_spellings, chains, operator_tuples

REPLAY = JokerPlay(Card.parse("Jreplay"))
CHANGE_JOKERS = tuple(Card.parse(name) for name in ("Jnumber", "Jfigure", "Jboth"))


def parse_error(text: str) -> NotationError:
    """The error ``Turn.parse`` raises for ``text``."""
    with pytest.raises(NotationError) as caught:
        Turn.parse(text)
    return caught.value


def joker_error(text: str) -> NotationError:
    """The error ``JokerPlay.parse`` raises for ``text``."""
    with pytest.raises(NotationError) as caught:
        JokerPlay.parse(text)
    return caught.value


def token_at(text: str, position: int, length: int) -> str:
    """The ``length`` characters of ``text`` from 1-based ``position``."""
    return text[position - 1 : position - 1 + length]


def is_replay(play: Play) -> bool:
    """True for ``Jreplay``."""
    return isinstance(play, JokerPlay) and play.is_replay


# --------------------------------------------------------------------------- joker plays

JOKER_PLAYS = [
    pytest.param("Jboth 5", "Jboth 5", id="change-joker-and-its-card"),
    pytest.param("jboth 5", "Jboth 5", id="lower-case-joker"),
    pytest.param("JBOTH 5", "Jboth 5", id="upper-case-joker"),
    pytest.param("jNumber", "Jnumber", id="mixed-case-joker-alone"),
    pytest.param("Jfigure 7Fisch", "Jfigure 7fish", id="german-figure-after-the-joker"),
    pytest.param("JFIGURE 9GALLINA", "Jfigure 9hen", id="italian-figure-in-capitals"),
    pytest.param("  jreplay  ", "Jreplay", id="replay-with-spaces"),
    pytest.param("Jboth\t10Bär", "Jboth 10bear", id="tab-between-joker-and-card"),
    pytest.param("jfIgUrE", "Jfigure", id="any-casing"),
    pytest.param("Jboth Jnumber 4", "Jboth Jnumber 4", id="change-joker-on-a-change-joker"),
    pytest.param("jboth  jnumber", "Jboth Jnumber", id="change-joker-on-a-change-joker-alone"),
    pytest.param("Jboth 3 + 4", "Jboth 3 + 4", id="change-joker-then-a-calculation"),
    pytest.param("Jboth (3+4)/7", "Jboth 3 + 4 / 7", id="change-joker-then-a-bracketed-calculation"),
    pytest.param("Jnumber Jboth + 4", "Jnumber Jboth + 4", id="change-joker-then-a-calculation-with-a-joker"),
    pytest.param("Jfigure 7 Fisch", "Jfigure 7fish", id="figure-card-written-with-a-space"),
]


@pytest.mark.parametrize(("text", "canonical"), JOKER_PLAYS)
def test_a_joker_play_reads_in_any_case_and_prints_canonically(text: str, canonical: str) -> None:
    play = JokerPlay.parse(text)
    assert str(play) == canonical
    assert JokerPlay.parse(str(play)) == play


@pytest.mark.parametrize(("text", "canonical"), JOKER_PLAYS)
def test_the_repr_of_a_joker_play_evaluates_to_the_same_play(text: str, canonical: str) -> None:
    play = JokerPlay.parse(text)
    assert repr(play) == f"JokerPlay.parse({canonical!r})"
    assert eval(repr(play), {"JokerPlay": JokerPlay}) == play


def test_a_joker_play_lists_its_cards_in_laying_order_and_is_never_a_calculation() -> None:
    play = JokerPlay.parse("Jfigure 7pesce")
    assert play.cards == (Card.parse("Jfigure"), Card.parse("7fish"))
    assert (play.joker, play.follow) == (Card.parse("Jfigure"), Card.parse("7fish"))
    assert not play.is_calculation
    assert not play.is_replay
    assert JokerPlay.parse("Jboth").cards == (Card.parse("Jboth"),)
    assert JokerPlay.parse("Jboth").follow is None
    assert JokerPlay.parse("JREPLAY").is_replay
    assert play.follow_card == Card.parse("7fish")


def test_what_follows_a_change_joker_is_a_card_a_calculation_or_a_joker_play() -> None:
    stacked = JokerPlay.parse("Jboth Jnumber 4")
    assert stacked.follow == JokerPlay.parse("Jnumber 4")
    assert stacked.follow_card is None
    assert stacked.cards == (Card.parse("Jboth"), Card.parse("Jnumber"), Card.parse("4"))
    calculation = JokerPlay.parse("Jboth 3 + 4")
    assert calculation.follow == Chain.parse("3 + 4")
    assert calculation.cards == (Card.parse("Jboth"), Card.parse("3"), Card.parse("4"))


def test_a_follow_up_of_one_card_has_one_form_whatever_it_was_built_from() -> None:
    assert JokerPlay(Card.parse("Jboth"), Chain.parse("5")) == JokerPlay.parse("Jboth 5")
    assert JokerPlay(Card.parse("Jboth"), Card.parse("Jnumber")) == JokerPlay.parse("Jboth Jnumber")
    assert JokerPlay(Card.parse("Jboth"), Chain.parse("Jnumber")) == JokerPlay.parse("Jboth Jnumber")


@pytest.mark.parametrize(
    ("joker", "follow"),
    [("Jreplay", Card.parse("4")), ("Jboth", Card.parse("Jreplay")), ("Jboth", JokerPlay(Card.parse("Jreplay")))],
)
def test_jreplay_is_never_built_into_another_play(joker: str, follow: Card | JokerPlay) -> None:
    with pytest.raises(NotationError, match="Jreplay is a play of its own"):
        JokerPlay(Card.parse(joker), follow)


def test_a_joker_play_cannot_be_built_from_a_number_card() -> None:
    with pytest.raises(NotationError, match="not a joker"):
        JokerPlay(Card.parse("3bee"))


# Text, offending token, its 1-based position, and a part of the message.
JOKER_ERRORS = [
    pytest.param("", "", 1, "empty play", id="empty"),
    pytest.param("   ", "", 1, "empty play", id="blank"),
    pytest.param("3 + 4", "3", 1, "a calculation, not a joker play", id="no-joker-first"),
    pytest.param("3", "3", 1, "a card, not a joker play", id="a-card"),
    pytest.param("Jboth + 1", "Jboth", 1, "a calculation, not a joker play", id="joker-joined-by-an-operator"),
    pytest.param("3 4", "4", 3, "expected an operator between '3' and '4'", id="two-number-cards"),
    pytest.param("Jfoo", "Jfoo", 1, "unknown joker", id="unknown-joker"),
    pytest.param("  Jfoo 5", "Jfoo", 3, "unknown joker", id="unknown-joker-after-spaces"),
    pytest.param("Jreplay 4", "4", 9, "holds 2 plays, read as 'Jreplay ; 4'", id="replay-with-a-card"),
    pytest.param("jreplay Jreplay", "Jreplay", 9, "holds 2 plays", id="replay-with-a-replay"),
    pytest.param("Jnumber Jreplay", "Jreplay", 9, "read as 'Jnumber ; Jreplay'", id="change-joker-then-replay"),
    pytest.param("Jboth 5 Jnumber 4", "Jnumber 4", 9, "holds 2 plays", id="two-joker-plays"),
    pytest.param("Jboth 5 6", "6", 9, "at most one card", id="change-joker-with-two-cards"),
    pytest.param("  Jboth 5 6", "6", 11, "at most one card", id="two-cards-after-leading-spaces"),
    pytest.param("Jboth 3fsh", "3fsh", 7, "unknown figure 'fsh'", id="bad-card-after-the-joker"),
    pytest.param("Jboth 3 +", "+", 9, "expected a card", id="dangling-operator-after-the-joker"),
]


@pytest.mark.parametrize(("text", "token", "position", "message"), JOKER_ERRORS)
def test_a_bad_joker_play_names_the_token_and_its_position(text: str, token: str, position: int, message: str) -> None:
    error = joker_error(text)
    assert (error.token, error.position) == (token, position)
    assert message in str(error)
    assert error.code == "invalid-notation"


# Tokens that also occur earlier in the text, inside the joker's name or inside the card before them.
JOKER_ERRORS_WITH_REPEATED_TEXT = [
    pytest.param("Jnumber r", "r", 9, id="letter-that-also-occurs-in-the-joker-name"),
    pytest.param("Jreplay e", "e", 9, id="letter-after-jreplay-that-also-occurs-in-its-name"),
    pytest.param("Jboth 77 7", "7", 10, id="second-card-that-also-occurs-inside-the-first"),
]


@pytest.mark.parametrize(("text", "token", "position"), JOKER_ERRORS_WITH_REPEATED_TEXT)
def test_the_position_of_a_bad_token_is_its_own_even_when_its_text_occurs_earlier(
    text: str, token: str, position: int
) -> None:
    error = joker_error(text)
    assert (error.token, error.position) == (token, position)


def test_a_joker_joined_by_an_operator_is_read_as_part_of_a_calculation() -> None:
    assert parse_play("Jboth + 1") == Chain((Card.parse("Jboth"), Card.parse("1")), (Operator.ADD,))
    assert parse_play("3 + Jreplay").cards == (Card.parse("3"), Card.parse("Jreplay"))


# --------------------------------------------------------------------------- single plays

PLAYS = [
    pytest.param("Jnumber 4", JokerPlay, "Jnumber 4", id="change-joker-with-card"),
    pytest.param("jreplay", JokerPlay, "Jreplay", id="replay"),
    pytest.param(" jBoth ", JokerPlay, "Jboth", id="lone-change-joker"),
    pytest.param("10 - 4 / 2", Chain, "10 - 4 / 2", id="calculation"),
    pytest.param("(10 - 4) / 2", Chain, "10 - 4 / 2", id="bracketed-calculation"),
    pytest.param("3Biene", Chain, "3bee", id="single-card"),
    pytest.param("3 Biene", Chain, "3bee", id="single-card-with-a-spaced-figure"),
    pytest.param("6+5+2-10 = 3", Chain, "6 + 5 + 2 - 10", id="calculation-with-its-announced-result"),
    pytest.param("(9gallina-6libellula):3ippopotamo", Chain, "9hen - 6dragonfly / 3hippo", id="italian-figures"),
]


@pytest.mark.parametrize(("text", "kind", "canonical"), PLAYS)
def test_parse_play_reads_a_joker_play_when_the_first_word_is_a_joker(text: str, kind: type, canonical: str) -> None:
    play = parse_play(text)
    assert type(play) is kind
    assert str(play) == canonical
    assert parse_play(str(play)) == play


def test_parse_play_reports_a_bad_joker_play_as_a_joker_play() -> None:
    with pytest.raises(NotationError, match="at most one card"):
        parse_play("Jboth 5 6")
    with pytest.raises(NotationError, match="unknown figure"):
        parse_play("1 + 2fsh")


@pytest.mark.parametrize(
    ("text", "read_as", "token", "position"),
    [
        pytest.param("Jreplay 4", "Jreplay ; 4", "4", 9, id="replay-then-a-card"),
        pytest.param("4 Jboth 5", "4 ; Jboth 5", "Jboth 5", 3, id="card-then-a-joker-play"),
        pytest.param("1 + 2 Jreplay", "1 + 2 ; Jreplay", "Jreplay", 7, id="calculation-then-replay"),
    ],
)
def test_one_play_is_expected_and_text_of_several_names_the_second(
    text: str, read_as: str, token: str, position: int
) -> None:
    with pytest.raises(NotationError, match=re.escape(f"read as '{read_as}': expected one")) as caught:
        parse_play(text)
    assert (caught.value.token, caught.value.position) == (token, position)


def test_parse_play_refuses_empty_text_and_text_that_is_not_a_string() -> None:
    with pytest.raises(NotationError, match="empty play"):
        parse_play("  ")
    with pytest.raises(NotationError, match="as text, not int"):
        parse_play(3)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- whole turns

TURNS = [
    pytest.param(
        "9hen - 6dragonfly / 3hippo ; Jreplay ; 10 - 6 - 1",
        "9hen - 6dragonfly / 3hippo ; Jreplay ; 10 - 6 - 1",
        3,
        id="rulebook-figure-9",
    ),
    pytest.param(
        "(9gallina-6libellula)/3ippopotamo;jreplay;10-6-1",
        "9hen - 6dragonfly / 3hippo ; Jreplay ; 10 - 6 - 1",
        3,
        id="rulebook-figure-9-italian-unspaced",
    ),
    pytest.param(
        "(9Huhn − 6Libelle) ÷ 3Nilpferd  ;  JReplay  ;  10 − 6 − 1",
        "9hen - 6dragonfly / 3hippo ; Jreplay ; 10 - 6 - 1",
        3,
        id="rulebook-figure-9-german-printed-signs",
    ),
    pytest.param("Jboth ; Jreplay ; Jnumber 4", "Jboth ; Jreplay ; Jnumber 4", 3, id="joker-replay-joker"),
    pytest.param("JREPLAY;JREPLAY;3Biene", "Jreplay ; Jreplay ; 3bee", 3, id="replays-first"),
    pytest.param("jreplay", "Jreplay", 1, id="replay-alone"),
    pytest.param("3bee ; Jreplay", "3bee ; Jreplay", 2, id="replay-last"),
    pytest.param("Jboth 5", "Jboth 5", 1, id="single-joker-play"),
    pytest.param(" 1 + 2 ", "1 + 2", 1, id="single-calculation"),
    pytest.param(
        "1 + 2 = 3 ; Jreplay ; 3-bee x 1 = 3", "1 + 2 ; Jreplay ; 3bee * 1", 3, id="hyphenated-figure-announced-results"
    ),
    pytest.param(
        "jnumber 8;jreplay;8Biene;jreplay;3ape",
        "Jnumber 8 ; Jreplay ; 8bee ; Jreplay ; 3bee",
        5,
        id="five-plays",
    ),
]

# Lays a player can make, each read as the plays the lay notation says (docs/rulings.md).
LAYS = [
    pytest.param("Jboth Jnumber 4", "Jboth Jnumber 4", 1, id="change-joker-laid-on-a-change-joker"),
    pytest.param("1 + 2 ; 4 - 2", "1 + 2 ; 4 - 2", 2, id="two-plays-without-a-replay"),
    pytest.param("3 + Jboth", "3 + Jboth", 1, id="joker-inside-a-calculation"),
    pytest.param("Jreplay 4", "Jreplay ; 4", 2, id="replay-then-a-card-in-one-segment"),
    pytest.param("4 Jreplay", "4 ; Jreplay", 2, id="card-then-replay-in-one-segment"),
    pytest.param("Jboth 3 + 4", "Jboth 3 + 4", 1, id="change-joker-then-a-calculation"),
    pytest.param("Jnumber ; 4", "Jnumber ; 4", 2, id="change-joker-then-a-card-as-a-second-play"),
    pytest.param("3 + Jreplay", "3 + Jreplay", 1, id="replay-inside-a-calculation"),
    pytest.param("Jboth + 4", "Jboth + 4", 1, id="calculation-opening-with-a-joker"),
    pytest.param("4 Jboth 5", "4 ; Jboth 5", 2, id="change-joker-after-a-card-starts-a-new-play"),
    pytest.param("Jboth 5 Jnumber 4", "Jboth 5 ; Jnumber 4", 2, id="two-joker-plays-in-one-segment"),
    pytest.param("Jboth Jreplay", "Jboth ; Jreplay", 2, id="replay-after-a-lone-change-joker"),
    pytest.param("Jboth Jnumber Jfigure", "Jboth Jnumber Jfigure", 1, id="three-change-jokers-stacked"),
    pytest.param("3 + Jboth 5", "3 + Jboth ; 5", 2, id="card-after-a-calculation-ending-on-a-joker"),
    pytest.param(
        "Jboth 3 + Jnumber 5", "Jboth 3 + Jnumber ; 5", 2, id="card-after-a-joker-follow-up-ending-on-a-joker"
    ),
    pytest.param("(3 + Jboth) Jnumber", "3 + Jboth ; Jnumber", 2, id="change-joker-after-a-bracket"),
    pytest.param("3 ; 5", "3 ; 5", 2, id="two-single-cards"),
    pytest.param("Jreplay ; 3 ; 4", "Jreplay ; 3 ; 4", 3, id="third-play-without-a-second-replay"),
    pytest.param("3;5", "3 ; 5", 2, id="two-single-cards-unspaced"),
    pytest.param("jreplay 3 ape Jreplay", "Jreplay ; 3bee ; Jreplay", 3, id="plays-around-a-spaced-figure-card"),
]


@pytest.mark.parametrize(("text", "canonical", "count"), LAYS)
def test_every_lay_reads_as_plays_the_referee_can_judge(text: str, canonical: str, count: int) -> None:
    turn = Turn.parse(text)
    assert (str(turn), len(turn.plays)) == (canonical, count)
    assert Turn.parse(str(turn)) == turn


def test_a_turn_built_from_a_lone_joker_as_a_chain_holds_the_joker_play() -> None:
    turn = Turn((Chain.parse("Jreplay"), Chain.parse("3")))
    assert turn.plays == (REPLAY, Chain.parse("3"))
    assert turn == Turn.parse("Jreplay ; 3")


@pytest.mark.parametrize(("text", "canonical", "count"), TURNS)
def test_a_turn_reads_as_its_canonical_plays(text: str, canonical: str, count: int) -> None:
    turn = Turn.parse(text)
    assert str(turn) == canonical
    assert len(turn.plays) == count


@pytest.mark.parametrize(("text", "canonical", "count"), TURNS)
def test_a_turn_survives_a_str_round_trip(text: str, canonical: str, count: int) -> None:
    turn = Turn.parse(text)
    assert Turn.parse(str(turn)) == turn
    assert str(Turn.parse(str(turn))) == str(turn)


@pytest.mark.parametrize(("text", "canonical", "count"), TURNS)
def test_the_repr_of_a_turn_evaluates_to_the_same_turn(text: str, canonical: str, count: int) -> None:
    turn = Turn.parse(text)
    assert repr(turn) == f"Turn.parse({canonical!r})"
    assert eval(repr(turn), {"Turn": Turn}) == turn


def test_a_turn_keeps_each_play_as_a_chain_or_a_joker_play() -> None:
    turn = Turn.parse("Jboth ; Jreplay ; 10 - 2 ; Jreplay ; 8")
    assert [type(play).__name__ for play in turn.plays] == ["JokerPlay", "JokerPlay", "Chain", "JokerPlay", "Chain"]
    assert turn.plays[2] == Chain.parse("10 - 2")


def test_a_turn_of_no_plays_cannot_be_built() -> None:
    with pytest.raises(NotationError, match="at least one play"):
        Turn(())


def test_a_turn_may_hold_plays_that_no_replay_allows_for_the_referee_to_penalise() -> None:
    turn = Turn((Chain.parse("1 + 2"), Chain.parse("2")))
    assert str(turn) == "1 + 2 ; 2"


def test_a_turn_that_is_not_text_is_refused() -> None:
    with pytest.raises(NotationError, match="written as text"):
        Turn.parse(3)  # type: ignore[arg-type]


# Text, offending token, its 1-based position in the whole text, and a part of the message.
TURN_ERRORS = [
    pytest.param("3 5", "5", 3, "expected an operator between '3' and '5'", id="two-number-cards-side-by-side"),
    pytest.param("3 ; Jreplay ; 10 4", "4", 18, "expected an operator", id="two-cards-without-operator"),
    pytest.param("Jboth 5 6", "6", 9, "at most one card", id="change-joker-with-two-cards"),
    pytest.param("3 ; Jreplay ; Jboth 5 6", "6", 23, "at most one card", id="two-cards-after-a-joker-in-play-3"),
    pytest.param("Jreplay 4 5", "5", 11, "play 2 of the turn", id="two-cards-in-the-second-play-of-a-segment"),
    pytest.param("3 ; Jreplay ; 10 - 3fsh", "3fsh", 20, "unknown figure 'fsh'", id="bad-card-in-play-3"),
    pytest.param("Jreplay 4 3fsh", "3fsh", 11, "play 2 of the turn", id="bad-card-in-the-second-play-of-a-segment"),
    pytest.param("3 ; Jreplay ; 10 - - 2", "-", 20, "expected a card", id="two-operators-in-play-3"),
    pytest.param("3 ; Jreplay ; 10 - (4 / 2)", "(", 20, "left to right", id="inner-bracket-in-play-3"),
    pytest.param("3;Jreplay;6 / 2 = x", "=", 17, "only the result announced", id="bad-announced-result-in-play-3"),
    pytest.param("3 ; Jreplay ; 10 -", "-", 18, "expected a card", id="calculation-ending-on-an-operator"),
    pytest.param("Jboth 3 +", "+", 9, "expected a card", id="calculation-after-a-joker-ending-on-an-operator"),
    pytest.param("Jboth +", "+", 7, "expected a card", id="joker-then-a-dangling-operator"),
    pytest.param("+ Jboth", "+", 1, "expected a card", id="operator-before-a-joker"),
    pytest.param("3 ; Jreplay ; (10 - 4 / 2", "(", 15, "unclosed", id="unclosed-bracket-in-play-3"),
    pytest.param("3 (4 + 1)", "4", 4, "expected an operator between '3' and '4'", id="card-before-a-bracket"),
    pytest.param("3 ; Jfoo", "Jfoo", 5, "unknown joker", id="unknown-joker-in-play-2"),
    pytest.param("3 ; Jreplay ; 1 + Jfoo", "Jfoo", 19, "unknown joker", id="unknown-joker-in-a-calculation"),
    pytest.param("Jreplay ; Jboth 3fsh", "3fsh", 17, "unknown figure", id="bad-card-after-a-joker-in-play-2"),
    pytest.param("; 3", ";", 1, "empty play", id="empty-first-play"),
]


@pytest.mark.parametrize(("text", "token", "position", "message"), TURN_ERRORS)
def test_a_bad_turn_names_the_token_and_its_position_in_the_whole_text(
    text: str, token: str, position: int, message: str
) -> None:
    error = parse_error(text)
    assert (error.token, error.position) == (token, position)
    assert message in str(error)
    assert error.code == "invalid-notation"


@pytest.mark.parametrize(("text", "token", "position", "message"), TURN_ERRORS)
def test_the_error_position_points_at_its_token_in_the_text_as_given(
    text: str, token: str, position: int, message: str
) -> None:
    error = parse_error(text)
    assert error.text == text
    assert token_at(text, error.position, len(error.token)) == error.token


# Text and the (token, position) pairs that would point at the missing play: the ';' that
# bounds it, or the end of the text after a trailing ';'.
EMPTY_PLAYS = [
    pytest.param("", {("", 1)}, id="empty-text"),
    pytest.param("   ", {("", 1), ("", 4)}, id="blank-text"),
    pytest.param(" ; 3", {(";", 2)}, id="empty-first-play-after-a-space"),
    pytest.param("3 ; ; 5", {(";", 3), (";", 5)}, id="empty-play-between-two-semicolons"),
    pytest.param("3 ;; Jreplay", {(";", 3), (";", 4)}, id="doubled-semicolon"),
    pytest.param("Jboth 5;Jreplay;;3", {(";", 16), (";", 17)}, id="doubled-semicolon-unspaced"),
    pytest.param("3 ;", {(";", 3), ("", 4)}, id="trailing-semicolon"),
    pytest.param("3 ; Jreplay ; ", {(";", 13), ("", 15)}, id="trailing-semicolon-and-space"),
]


@pytest.mark.parametrize(("text", "allowed"), EMPTY_PLAYS)
def test_an_empty_play_is_refused(text: str, allowed: set[tuple[str, int]]) -> None:
    error = parse_error(text)
    assert "empty play" in str(error)
    assert error.text == text


@pytest.mark.parametrize(("text", "allowed"), EMPTY_PLAYS)
def test_an_empty_play_is_located_at_the_semicolon_that_bounds_it(text: str, allowed: set[tuple[str, int]]) -> None:
    error = parse_error(text)
    assert (error.token, error.position) in allowed
    assert token_at(text, error.position, len(error.token)) == error.token


# --------------------------------------------------------------------------- properties


JOKERS = (*CHANGE_JOKERS, Card.parse("Jreplay"))


@st.composite
def chains_with_jokers(draw: st.DrawFn) -> Chain:
    """A calculation of number cards and jokers joined by operators, a joker in it at least once."""
    cards = draw(st.lists(st.sampled_from((*NUMBER_FACES, *JOKERS)), min_size=1, max_size=3))
    cards.insert(draw(st.integers(0, len(cards))), draw(st.sampled_from(JOKERS)))
    return Chain(tuple(cards), draw(operator_tuples(len(cards) - 1)))


@st.composite
def joker_plays(draw: st.DrawFn, *, depth: int = 2) -> JokerPlay:
    """A change joker, alone or followed by a number card, a calculation or (``depth`` deep) another joker play."""
    joker = draw(st.sampled_from(CHANGE_JOKERS))
    follow_ups: list[st.SearchStrategy[Card | Chain | JokerPlay | None]] = [
        st.none(),
        st.sampled_from(NUMBER_FACES),
        chains(max_cards=3),
        chains_with_jokers(),
    ]
    if depth:
        follow_ups.append(joker_plays(depth=depth - 1))
    return JokerPlay(joker, draw(st.one_of(follow_ups)))


def other_plays() -> st.SearchStrategy[Play]:
    """Any play but ``Jreplay``: a card, a calculation (jokers in it or not) or a change joker play."""
    return st.one_of(chains(max_cards=4), chains_with_jokers(), joker_plays())


@st.composite
def turns(draw: st.DrawFn) -> Turn:
    """Any turn: plays in any order, ``Jreplay`` among them or not."""
    plays = draw(st.lists(st.one_of(st.just(REPLAY), other_plays()), min_size=1, max_size=5))
    return Turn(tuple(plays))


@st.composite
def play_spellings(draw: st.DrawFn, play: Play) -> str:
    """``play`` written in any accepted way."""
    if isinstance(play, Chain):
        return draw(chain_spellings(play))
    text = draw(card_spellings(play.joker)).strip()
    if isinstance(play.follow, Card):
        text += draw(st.sampled_from((" ", "  ", "\t"))) + draw(card_spellings(play.follow)).strip()
    elif play.follow is not None:
        text += draw(st.sampled_from((" ", "  ", "\t"))) + draw(play_spellings(play.follow))
    return text


def waits_for_a_follow_up(play: Play) -> bool:
    """True when ``play`` ends on a change joker with nothing after it, which would take the next play."""
    while isinstance(play, JokerPlay) and isinstance(play.follow, JokerPlay):
        play = play.follow
    return isinstance(play, JokerPlay) and not play.is_replay and play.follow is None


@st.composite
def turn_spellings(draw: st.DrawFn, turn: Turn) -> str:
    """``turn`` written with any spelling of each play and any spaces around the ';'."""
    spaces = st.sampled_from(("", " ", "  "))
    return ";".join(draw(spaces) + draw(play_spellings(play)) + draw(spaces) for play in turn.plays)


@settings(max_examples=200, deadline=None)
@given(turns())
def test_any_turn_survives_a_str_round_trip(turn: Turn) -> None:
    text = str(turn)
    assert Turn.parse(text) == turn
    assert str(Turn.parse(text)) == text
    assert eval(repr(turn), {"Turn": Turn}) == turn


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_any_spelling_of_a_turn_reads_as_the_same_turn(data: st.DataObject) -> None:
    turn = data.draw(turns())
    text = data.draw(turn_spellings(turn))
    assert Turn.parse(text) == turn


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.just(REPLAY), other_plays()), min_size=1, max_size=5))
def test_plays_written_in_one_segment_read_as_the_same_plays_when_nothing_joins_them(plays: list[Play]) -> None:
    # Without ';' two plays run together unless the second could be read as the first's follow-up:
    # a lone change joker takes what follows it, and two number cards side by side are an error.
    joined = all(
        not waits_for_a_follow_up(before) and not (not before.cards[-1].is_joker and not play.cards[0].is_joker)
        for before, play in itertools.pairwise(plays)
    )
    if joined:
        assert Turn.parse(" ".join(str(play) for play in plays)).plays == tuple(plays)
