"""Reads the project's docstrings for the API reference of the documentation site.

The docstrings are written for Python's own tools: examples as doctests (which
the test suite runs) and cross-references as Sphinx roles (``:func:`find_game```).
Markdown knows neither, so this griffe extension, loaded by mkdocstrings (see
``mkdocs.yml``), rewrites each docstring before it is rendered: a doctest becomes
a ``pycon`` code block, and a role becomes a link to the object it names when
the reference documents it, else the name in code.  No library does this for
docstrings that are neither Google nor NumPy style, hence these few lines.
"""

from __future__ import annotations

import html
import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:class|func|meth|attr|mod|data|exc|obj|const):`(?P<tilde>~?)(?P<target>[^`]+)`")
"""A Sphinx cross-reference role such as ``:class:`~solver.review.TurnRules```."""

FENCE = re.compile(r"^\s*(```|~~~)")


class DocstringsForMarkdown(griffe.Extension):
    """Turns doctests into code blocks and Sphinx roles into cross-references, once every module is loaded."""

    def on_object(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown_docstring(obj.docstring.value, obj)


def markdown_docstring(text: str, obj: griffe.Object) -> str:
    """The docstring ``text`` of ``obj`` with its doctests fenced and its roles made references."""
    lines: list[str] = []
    in_doctest = in_fence = False
    indent = ""
    for line in text.splitlines():
        stripped = line.lstrip()
        if FENCE.match(line):
            in_fence = not in_fence
        elif not in_fence and not in_doctest and stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            lines.append(indent + "```pycon")
            in_doctest = True
        elif in_doctest and not stripped:
            lines.append(indent + "```")
            in_doctest = False
        lines.append(line if in_doctest or in_fence else ROLE.sub(lambda match: reference(match, obj), line))
    if in_doctest:
        lines.append("```")
    return "\n".join(lines)


def reference(role: re.Match[str], obj: griffe.Object) -> str:
    """A reference to the target of ``role``, resolved from the scope of ``obj``: a link where the reference has it."""
    target = role["target"].lstrip(".")
    shown = target.rsplit(".", 1)[-1] if role["tilde"] else target
    try:
        identifier = obj.resolve(target)
    except (griffe.NameResolutionError, KeyError, ValueError):
        identifier = target
    return f'<autoref identifier="{html.escape(identifier)}" optional><code>{html.escape(shown)}</code></autoref>'
