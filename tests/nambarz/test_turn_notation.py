"""Turn notation: joker plays, single plays and whole turns, their round trips and their located errors.

A turn is written as plays separated by ``;``.  A play is a card, a
calculation, a change joker with at most one card after it (``Jboth 5``) or
``Jreplay`` alone; every play after the first must come right after a
``Jreplay``.  Errors name the offending token and its 1-based position in the
whole text that was given.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import NotationError
from solver.nambarz import Card, Chain
from solver.nambarz.notation import JokerPlay, Play, Turn, parse_play
from tests.nambarz.strategies import NUMBER_FACES, card_spellings, chain_spellings, chains

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


def test_a_joker_play_cannot_be_built_from_a_number_card() -> None:
    with pytest.raises(NotationError, match="not a joker"):
        JokerPlay(Card.parse("3bee"))


# Text, offending token, its 1-based position, and a part of the message.
JOKER_ERRORS = [
    pytest.param("", "", 1, "empty play", id="empty"),
    pytest.param("   ", "", 1, "empty play", id="blank"),
    pytest.param("3 4", "3", 1, "does not start with a joker", id="no-joker-first"),
    pytest.param("Jfoo", "Jfoo", 1, "unknown joker", id="unknown-joker"),
    pytest.param("  Jfoo 5", "Jfoo", 3, "unknown joker", id="unknown-joker-after-spaces"),
    pytest.param("Jreplay 4", "4", 9, "Jreplay is a play of its own", id="replay-with-a-card"),
    pytest.param("jreplay Jreplay", "Jreplay", 9, "Jreplay is a play of its own", id="replay-with-a-replay"),
    pytest.param("Jboth 5 6", "6", 9, "at most one card", id="change-joker-with-two-cards"),
    pytest.param("  Jboth 5 6", "6", 11, "at most one card", id="two-cards-after-leading-spaces"),
    pytest.param("Jboth Jnumber", "Jnumber", 7, "followed by a number card", id="change-joker-then-joker"),
    pytest.param("Jnumber Jreplay", "Jreplay", 9, "followed by a number card", id="change-joker-then-replay"),
    pytest.param("Jboth 3fsh", "3fsh", 7, "unknown figure 'fsh'", id="bad-card-after-the-joker"),
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


def test_the_first_token_that_cannot_follow_a_change_joker_is_the_one_reported() -> None:
    # '+' is not a card, so it is the first thing wrong, before the '1' after it.
    error = joker_error("Jboth + 1")
    assert (error.token, error.position) == ("+", 7)


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


def test_a_turn_built_from_two_plays_without_a_replay_is_refused_with_the_second_play_located() -> None:
    with pytest.raises(NotationError, match="must follow a Jreplay") as caught:
        Turn((Chain.parse("1 + 2"), Chain.parse("2")))
    assert (caught.value.token, caught.value.position, caught.value.text) == ("2", 9, "1 + 2 ; 2")


def test_a_turn_that_is_not_text_is_refused() -> None:
    with pytest.raises(NotationError, match="written as text"):
        Turn.parse(3)  # type: ignore[arg-type]


# Text, offending token, its 1-based position in the whole text, and a part of the message.
TURN_ERRORS = [
    pytest.param("3 ; 5", "5", 5, "must follow a Jreplay", id="second-play-without-replay"),
    pytest.param("3;5", "5", 3, "must follow a Jreplay", id="second-play-without-replay-unspaced"),
    pytest.param("1+2;3", "3", 5, "must follow a Jreplay", id="play-after-a-calculation-unspaced"),
    pytest.param("Jboth 5 ; 3", "3", 11, "must follow a Jreplay", id="play-after-a-change-joker"),
    pytest.param("Jboth ; 5", "5", 9, "must follow a Jreplay", id="card-written-as-its-own-play-after-a-joker"),
    pytest.param("Jreplay ; 3 ; 4", "4", 15, "play 3", id="third-play-without-replay"),
    pytest.param("3 ; Jreplay 4", "4", 13, "Jreplay is a play of its own", id="replay-followed-by-a-card"),
    pytest.param("Jreplay 4", "4", 9, "Jreplay is a play of its own", id="replay-with-a-card-first"),
    pytest.param("Jboth 5 6", "6", 9, "at most one card", id="change-joker-with-two-cards"),
    pytest.param("3 ; Jreplay ; Jboth 5 6", "6", 23, "at most one card", id="two-cards-after-a-joker-in-play-3"),
    pytest.param("Jboth Jnumber", "Jnumber", 7, "followed by a number card", id="change-joker-then-joker"),
    pytest.param(
        "3 ; Jreplay ; Jboth Jnumber", "Jnumber", 21, "followed by a number card", id="joker-then-joker-in-play-3"
    ),
    pytest.param("3 ; Jreplay ; 10 - 3fsh", "3fsh", 20, "unknown figure 'fsh'", id="bad-card-in-play-3"),
    pytest.param("3 ; Jreplay ; 10 - - 2", "-", 20, "expected a card", id="two-operators-in-play-3"),
    pytest.param("3 ; Jreplay ; 10 - (4 / 2)", "(", 20, "left to right", id="inner-bracket-in-play-3"),
    pytest.param("3;Jreplay;6 / 2 = x", "=", 17, "only the result announced", id="bad-announced-result-in-play-3"),
    pytest.param("3 ; Jreplay ; 10 -", "-", 18, "expected a card", id="calculation-ending-on-an-operator"),
    pytest.param("3 ; Jreplay ; (10 - 4 / 2", "(", 15, "unclosed", id="unclosed-bracket-in-play-3"),
    pytest.param("3 ; Jreplay ; 10 4", "4", 18, "expected an operator", id="two-cards-without-operator"),
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


@st.composite
def joker_plays(draw: st.DrawFn) -> JokerPlay:
    """A change joker, alone or followed by any number card."""
    joker = draw(st.sampled_from(CHANGE_JOKERS))
    follow = draw(st.none() | st.sampled_from(NUMBER_FACES))
    return JokerPlay(joker, follow)


def other_plays() -> st.SearchStrategy[Play]:
    """Any play but ``Jreplay``: a card, a calculation or a change joker play."""
    return st.one_of(chains(max_cards=4), joker_plays())


@st.composite
def turns(draw: st.DrawFn) -> Turn:
    """A well-formed turn: plays with a ``Jreplay`` (or several) before every play but the first."""
    plays: list[Play] = []
    for index in range(draw(st.integers(0, 3))):
        plays += [REPLAY] * draw(st.integers(0 if index == 0 else 1, 2))
        plays.append(draw(other_plays()))
    plays += [REPLAY] * draw(st.integers(0 if plays else 1, 2))
    return Turn(tuple(plays))


@st.composite
def play_spellings(draw: st.DrawFn, play: Play) -> str:
    """``play`` written in any accepted way."""
    if isinstance(play, Chain):
        return draw(chain_spellings(play))
    text = draw(card_spellings(play.joker)).strip()
    if play.follow is not None:
        text += draw(st.sampled_from((" ", "  ", "\t"))) + draw(card_spellings(play.follow)).strip()
    return text


@st.composite
def turn_spellings(draw: st.DrawFn, turn: Turn) -> str:
    """``turn`` written with any spelling of each play and any spaces around the ';'."""
    spaces = st.sampled_from(("", " ", "  "))
    return ";".join(draw(spaces) + draw(play_spellings(play)) + draw(spaces) for play in turn.plays)


@settings(max_examples=150, deadline=None)
@given(turns())
def test_any_well_formed_turn_survives_a_str_round_trip(turn: Turn) -> None:
    text = str(turn)
    assert Turn.parse(text) == turn
    assert str(Turn.parse(text)) == text
    assert eval(repr(turn), {"Turn": Turn}) == turn


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_any_spelling_of_a_turn_reads_as_the_same_turn(data: st.DataObject) -> None:
    turn = data.draw(turns())
    text = data.draw(turn_spellings(turn))
    assert Turn.parse(text) == turn


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(st.just(REPLAY), other_plays()), min_size=1, max_size=5))
def test_a_sequence_of_plays_is_a_turn_exactly_when_a_replay_comes_before_every_later_play(
    plays: list[Play],
) -> None:
    offending = [
        number
        for number, (before, play) in enumerate(itertools.pairwise(plays), start=2)
        if not is_replay(before) and not is_replay(play)
    ]
    if not offending:
        assert Turn(tuple(plays)).plays == tuple(plays)
        return
    with pytest.raises(NotationError) as caught:
        Turn(tuple(plays))
    error = caught.value
    text = " ; ".join(str(play) for play in plays)
    first = offending[0]
    assert error.text == text
    assert error.token == str(plays[first - 1])
    assert error.position == len(" ; ".join(str(play) for play in plays[: first - 1])) + len(" ; ") + 1
    assert f"play {first} " in str(error)
