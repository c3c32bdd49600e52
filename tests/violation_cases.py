"""One Nambarz play or turn per violation code, shared by the API's and the translations' tests.

Together the tables reach every code of :class:`~solver.nambarz.violations.ViolationCode`.
"""

from __future__ import annotations

import pytest

from solver.nambarz.violations import ViolationCode

PLAY_VIOLATIONS = [
    pytest.param("3", "8bee", "+-*/", ViolationCode.NO_MATCH, id="no-match"),
    pytest.param("3", "1 + 2fish", "+-*/", ViolationCode.MIXED_KINDS, id="mixed-kinds"),
    pytest.param("3bee", "9 / 3", "+-*/", ViolationCode.MATCHING_CARD_IN_CALCULATION, id="matching-card"),
    pytest.param("3", "6 + 5 + 2 - 10", "+-*/", ViolationCode.NOT_MINIMAL, id="not-minimal"),
    pytest.param("3", "10 + 4 / 2", "+-*/", ViolationCode.WRONG_RESULT, id="wrong-result"),
    pytest.param("3", "10 - 8 - 4", "+-*/", ViolationCode.WRONG_RESULT, id="wrong-result-out-of-domain"),
    pytest.param("8", "2 * 4", "+-", ViolationCode.OPERATION_NOT_ALLOWED, id="operation-not-allowed"),
]
"""Plays as ``(top, play, ops, code)``: each breaks the rule of ``code``."""

TURN_VIOLATIONS = [
    pytest.param("3bee", "Jnumber 8", ViolationCode.WRONG_JOKER, id="wrong-joker"),
    pytest.param("3", "Jboth 3hippo", ViolationCode.MATCHING_CARD_AFTER_JOKER, id="matching-card-after-joker"),
    pytest.param("Jnumber", "Jboth 5", ViolationCode.JOKER_AFTER_JOKER, id="joker-after-joker"),
    pytest.param("5", "Jboth Jnumber 4", ViolationCode.JOKER_AFTER_JOKER, id="joker-after-joker-in-one-play"),
    pytest.param("5", "3 + Jboth", ViolationCode.JOKER_IN_CALCULATION, id="joker-in-calculation"),
]
"""Turns as ``(top, turn, code)``: the first play breaks a joker rule."""

LATER_PLAY_VIOLATIONS = [
    pytest.param("3", "1 + 2 ; 4 - 1", 2, ViolationCode.PLAY_WITHOUT_REPLAY, id="play-without-replay"),
]
"""Turns as ``(top, turn, play, code)``: the play numbered ``play`` breaks the rule of ``code``."""
