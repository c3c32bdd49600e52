"""A Nambarz verdict speaks to the player in short words first, and never shows a code."""

from __future__ import annotations

import re
from dataclasses import astuple

import pytest

from solver.games import find_game
from solver.nambarz import Card, Chain, check
from solver.nambarz.notation import Turn
from solver.nambarz.referee import Verdict
from solver.nambarz.rules import Rules
from solver.nambarz.state import Action
from solver.nambarz.turn import check_turn
from solver.nambarz.violations import ViolationCode
from tests.violation_cases import LATER_PLAY_VIOLATIONS, PLAY_VIOLATIONS, TURN_VIOLATIONS
from tests.web.nambarz_words import shown_codes
from tutor.i18n import SUPPORTED_LANGUAGES
from tutor.nambarz import PlayVerdictWords, explain_turn, explain_verdict, play_verdict_words

DRAWS = {"en": "draw 3 cards.", "it": "peschi 3 carte.", "de": "ziehst 3 Karten.", "fr": "pioches 3 cartes."}


def visible_words(words: PlayVerdictWords) -> list[str]:
    """Every sentence of a verdict's words a page shows, leaving out the codes kept for machines and referees."""
    texts = [part for part in astuple(words) if isinstance(part, str)]
    texts += [text for violation in words.violations for text in (violation.summary, violation.reason)]
    return [text for text in texts if text not in {violation.code for violation in words.violations}]


def penalised(top: str, play: str, ops: str) -> Verdict:
    return check(Card.parse(top), Chain.parse(play), Rules.parse("natural", ops))


def penalised_in_turn(top: str, turn: str) -> Verdict:
    return next(play for play in check_turn(Card.parse(top), Turn.parse(turn)).judged if not play.legal)


VERDICTS = [
    *(
        pytest.param((top, play, ops), None, code, id=case.id)
        for case in PLAY_VIOLATIONS
        for top, play, ops, code in [case.values]
    ),
    *(
        pytest.param((top, turn), None, code, id=case.id)
        for case in TURN_VIOLATIONS
        for top, turn, code in [case.values]
    ),
    *(
        pytest.param((top, turn), None, code, id=case.id)
        for case in LATER_PLAY_VIOLATIONS
        for top, turn, _, code in [case.values]
    ),
]
"""Penalised plays as ``(position, None, code)``: a play's ``(top, play, ops)`` or a turn's ``(top, turn)``."""


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
@pytest.mark.parametrize(("position", "unused", "code"), VERDICTS)
def test_every_violation_starts_with_one_short_sentence_saying_what_was_wrong_and_what_happens(
    lang: str, position: tuple[str, ...], unused: None, code: ViolationCode
) -> None:
    verdict = penalised(*position) if len(position) == 3 else penalised_in_turn(*position)
    assert code.value in verdict.codes
    words = play_verdict_words(verdict, lang)
    assert words.fault is not None and words.short.startswith(words.fault)
    assert words.short.endswith(DRAWS[lang])
    assert len(words.short) < 200
    assert shown_codes(" ".join(visible_words(words)), lang) == []
    if lang != "en":
        assert words.short != play_verdict_words(verdict, "en").short


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
@pytest.mark.parametrize(
    ("top", "play", "short"),
    [
        ("3bee", "10 - 4 / 2", "Well done: (10 − 4) ÷ 2 makes 3."),
        ("3bee", "8bee", "Well done: 8 bee goes on 3 bee."),
        ("8", "5 + 2", "5 + 2 makes 7, not 8. You take back 5 and 2 and draw 3 cards."),
        (
            "3bee",
            "6 + 5 + 2 - 10",
            "Fewer cards would do: 6 ÷ 2. 6 ÷ 2 stays on the table; you take back 5 and 10 and draw 3 cards.",
        ),
    ],
)
def test_a_short_sentence_speaks_to_the_player(lang: str, top: str, play: str, short: str) -> None:
    words = play_verdict_words(check(Card.parse(top), Chain.parse(play)), lang)
    if lang == "en":
        assert words.short == short
    assert shown_codes(" ".join(visible_words(words)), lang) == []
    assert not re.search(r"\d[^\W\d_]", words.short), "a card written as its code, such as 3bee"


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_a_turn_with_jokers_names_them_in_words(lang: str) -> None:
    text = explain_turn(check_turn(Card.parse("3"), Turn.parse("Jboth 8 ; Jreplay ; 10 - 2 ; 9hen")), lang)
    assert shown_codes(text, lang) == []


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_a_draw_and_a_pass_in_a_game_name_no_player_code(lang: str) -> None:
    state = find_game("nambarz").new_game(players=2, seed=1)
    _ = state.apply(Action.parse("3"))
    text = explain_verdict(state.check(Action.parse("pass")), lang)
    assert "P1" not in text and "P2" not in text
