"""What every game's answers share: violations told in the asked language, and the reference tables.

>>> from solver.quando.rulings import RULINGS
>>> from solver.quando.violations import ViolationCode
>>> document = reference_document(ViolationCode, RULINGS, domain="quando", lang="en")
>>> sorted(document), sorted(document["violations"][0])
(['rulings', 'violations'], ['code', 'rule', 'summary'])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from solver.rulings import Ruling, ruling_table
from solver.verdicts import RuleCode, code_table
from tutor.i18n import translator


def reference_document(
    codes: Iterable[RuleCode], rulings: Mapping[str, Ruling], *, domain: str, lang: str
) -> dict[str, Any]:
    """A game's reference tables: every violation code with its rule, and every ruling a verdict may name.

    The summaries are in ``lang``, from the game's translation ``domain``;
    codes, sections and sources stay as the verdicts write them.
    """
    translate = translator(lang, domain).gettext
    code_rows = [{**row, "summary": translate(row["summary"])} for row in code_table(codes)]
    ruling_rows = [{**row, "summary": translate(row["summary"])} for row in ruling_table(rulings)]
    return {"violations": code_rows, "rulings": ruling_rows}


def told_violations(entries: Sequence[Mapping[str, Any]], reasons: Sequence[str]) -> list[dict[str, Any]]:
    """A verdict's JSON violations with ``message`` in the asked language and ``message_en`` the referee's English.

    ``reasons`` are the tutor's sentences for the same violations, in the
    same order; in English they are the referee's messages themselves.

    >>> told_violations([{"code": "not-in-hand", "rule": "8", "message": "9 is not in the hand"}],
    ...                 ["9 non è in mano"])
    [{'code': 'not-in-hand', 'rule': '8', 'message': '9 non è in mano', 'message_en': '9 is not in the hand'}]
    """
    return [
        {**entry, "message": reason, "message_en": entry["message"]}
        for entry, reason in zip(entries, reasons, strict=True)
    ]
