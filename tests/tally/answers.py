"""Tally's answers, by the roles every game's answers have: check, hint, reference, deck."""

from __future__ import annotations

from typing import Any

from services.answers import GameAnswers
from solver.rulings import ruling_table
from solver.verdicts import code_table
from tests.tally import rules, words


def check_answer(total: int, action: str, lang: str = "en") -> dict[str, Any]:
    """The referee's verdict on adding ``action`` to ``total``, with its explanation."""
    verdict = rules.judge(total, rules.Action.parse(action))
    return {**verdict.to_dict(), "explanation": words.explain_verdict(verdict, lang)}


def hint_answer(total: int, lang: str = "en") -> dict[str, Any]:
    """What to add to ``total``."""
    return {"step": rules.best_step(total), "explanation": words.explain_hint(total, lang)}


def reference_answer(lang: str = "en") -> dict[str, Any]:
    """The violation codes and the rulings."""
    return {"violations": code_table(rules.ViolationCode), "rulings": ruling_table(rules.RULINGS)}


def deck_answer() -> dict[str, Any]:
    """What a turn may add, and the target: Tally has no cards."""
    return {"steps": list(rules.STEPS), "target": rules.TARGET}


ANSWERS = GameAnswers(name=rules.NAME, module=__name__)
"""Where Tally's answers are, as the services' registry holds it."""
