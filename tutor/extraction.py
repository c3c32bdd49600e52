"""A Babel extractor for the rule texts the tutor translates but the solver writes.

Each game's table of violation codes (``RuleReference(rule, summary=…)``)
and of rulings (``Ruling(summary, source)``) states its rules in English, in
``solver/``, which knows nothing of translations.  The tutor shows those
summaries in every language, so they belong in its catalogs; this
extractor finds them without any marker in the solver's code.  ``babel.cfg``
registers it for the ``violations.py`` and ``rulings.py`` modules.

>>> from io import BytesIO
>>> source = b'''TABLE = {"a": RuleReference("III.2", summary="one card " "at a time"),
...                   "b": Ruling("a ruling", DIGEST)}'''
>>> [(line, message) for line, _, message, _ in extract_rule_texts(BytesIO(source), [], [], {})]
[(1, 'one card at a time'), (2, 'a ruling')]
"""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

RULE_TEXT_CALLS = {"RuleReference": 1, "Ruling": 0}
"""The constructors that carry a rule text, and the position of ``summary`` among their arguments."""


def extract_rule_texts(
    fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[tuple[int, None, str, list[str]]]:
    """Every literal ``summary`` passed to a :data:`RULE_TEXT_CALLS` constructor, in the order written.

    The signature is Babel's extraction method's.  The summaries are plain
    strings, so no keyword names them (hence ``None`` for the function name),
    and ``keywords`` and ``comment_tags`` do not apply.
    """
    tree = ast.parse(fileobj.read().decode(options.get("encoding", "utf-8")))
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)]
    for call in sorted(calls, key=lambda node: (node.lineno, node.col_offset)):
        assert isinstance(call.func, ast.Name)
        position = RULE_TEXT_CALLS.get(call.func.id)
        if position is None:
            continue
        summary = _summary_argument(call, position)
        if isinstance(summary, ast.Constant) and isinstance(summary.value, str):
            yield summary.lineno, None, summary.value, []


def _summary_argument(call: ast.Call, position: int) -> ast.expr | None:
    for keyword in call.keywords:
        if keyword.arg == "summary":
            return keyword.value
    return call.args[position] if len(call.args) > position else None
