"""What every game's answers share: the reference tables in the asked language.

>>> from solver.quando.rulings import RULINGS
>>> from solver.quando.violations import ViolationCode
>>> document = reference_document(ViolationCode, RULINGS, domain="quando", lang="en")
>>> sorted(document), sorted(document["violations"][0])
(['rulings', 'violations'], ['code', 'rule', 'summary'])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
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
