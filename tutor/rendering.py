"""Calculations as sympy expressions, printed in the notation a reader expects.

A Nambarz calculation is read strictly left to right (rule III.2), so
``10 - 4 / 2`` means ``(10 − 4) ÷ 2``.  :func:`to_expression` builds that
meaning as an unevaluated sympy expression whose operands stay in the order
the cards were laid; :func:`render_plain` and :func:`render_latex` print it
with the fewest brackets that keep the left-to-right meaning under the usual
precedence.  A left-to-right fold only ever nests on the left, so the one
bracket ever needed is around a sum or difference that is then multiplied or
divided.

Style decisions:

* plain text uses the signs ``+ − × ÷`` and keeps each card's face
  (``9hen``), as the explanations in :mod:`tutor.nambarz` do;
* LaTeX uses ``-``, ``\\times`` and ``\\div`` (not ``\\frac``), so the operands
  keep the order in which they were laid, brackets are ``\\left( … \\right)``,
  and every card shows as its number, since a figure name is no mathematics.

>>> from solver.nambarz.notation import Chain
>>> chain = Chain.parse("9hen - 6dragonfly / 3hippo")
>>> render_plain(chain)
'(9hen − 6dragonfly) ÷ 3hippo'
>>> render_latex(chain)
'\\\\left(9 - 6\\\\right) \\\\div 3'
>>> to_expression(chain).doit()
1
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

# sympy ships no type information, so its names are typed as Any here.
from sympy import Add, Integer, Mul, Pow  # type: ignore[import-untyped]
from sympy.printing.latex import LatexPrinter  # type: ignore[import-untyped]
from sympy.printing.str import StrPrinter  # type: ignore[import-untyped]

from solver.nambarz.notation import Chain
from solver.nambarz.rules import Operator

_LATEX_SIGNS: Mapping[Operator, str] = {
    Operator.ADD: "+",
    Operator.SUBTRACT: "-",
    Operator.MULTIPLY: "\\times",
    Operator.DIVIDE: "\\div",
}


def to_expression(chain: Chain) -> Any:
    """The chain's left-to-right meaning as an unevaluated sympy expression.

    Card numbers are sympy Integers; ``a − b`` is kept as ``a + (−1)·b`` and
    ``a ÷ b`` as ``a · b⁻¹``, all unevaluated, so ``.doit()`` gives the exact
    value in the rational domain.  A division by zero evaluates to sympy's
    ``zoo`` (or ``nan`` once further operations follow), never to a number.

    >>> from solver.nambarz.notation import Chain
    >>> expression = to_expression(Chain.parse("6 * 5 / 4"))
    >>> expression.doit()
    15/2
    >>> to_expression(Chain.parse("7fish")).doit()
    7
    """
    if not isinstance(chain, Chain):
        raise TypeError(f"to_expression needs a Chain, not {type(chain).__name__}")
    expression = Integer(chain.numbers[0])
    for operator, number in zip(chain.operators, chain.numbers[1:], strict=True):
        expression = _combine(expression, operator, Integer(number))
    return expression


def _combine(left: Any, operator: Operator, right: Any) -> Any:
    """One left-to-right step as an unevaluated sympy node."""
    if operator is Operator.ADD:
        return Add(left, right, evaluate=False)
    if operator is Operator.SUBTRACT:
        return Add(left, Mul(Integer(-1), right, evaluate=False), evaluate=False)
    if operator is Operator.MULTIPLY:
        return Mul(left, right, evaluate=False)
    return Mul(left, Pow(right, Integer(-1), evaluate=False), evaluate=False)


def _step(node: Any) -> tuple[Any, Operator, Any]:
    """Read back the left operand, operator and right operand of a node built by :func:`_combine`."""
    left, right = node.args
    if isinstance(node, Add):
        if isinstance(right, Mul) and right.args[0] == -1:
            return left, Operator.SUBTRACT, right.args[1]
        return left, Operator.ADD, right
    if isinstance(right, Pow) and right.args[1] == -1:
        return left, Operator.DIVIDE, right.args[0]
    return left, Operator.MULTIPLY, right


class _LeftToRightPrinting:
    """Printing of :func:`to_expression` nodes in laying order, shared by the plain and LaTeX printers.

    Only the left operand can be a compound, and it needs brackets only when
    it is a sum or difference that is then multiplied or divided.
    """

    signs: ClassVar[Mapping[Operator, str]]
    _print: Any  # provided by the sympy printer this is mixed into

    def bracketed(self, text: str) -> str:
        return f"({text})"

    def _print_Add(self, node: Any) -> str:  # noqa: N802 - sympy dispatches on this name
        return self._print_step(node)

    def _print_Mul(self, node: Any) -> str:  # noqa: N802 - sympy dispatches on this name
        return self._print_step(node)

    def _print_step(self, node: Any) -> str:
        left, operator, right = _step(node)
        text: str = self._print(left)
        if isinstance(left, Add) and operator in (Operator.MULTIPLY, Operator.DIVIDE):
            text = self.bracketed(text)
        return f"{text} {self.signs[operator]} {self._print(right)}"


class _PlainPrinter(_LeftToRightPrinting, StrPrinter):  # type: ignore[misc]
    """Plain text with ``+ − × ÷``, showing each card's face in laying order."""

    signs: ClassVar[Mapping[Operator, str]] = {operator: operator.sign for operator in Operator}

    def __init__(self, faces: Iterable[str]) -> None:
        super().__init__()
        # The leaves are printed left to right, which is the order the cards were laid in.
        self._faces = iter(faces)

    def _print_Integer(self, number: Any) -> str:  # noqa: N802 - sympy dispatches on this name
        return next(self._faces)


class _LatexPrinter(_LeftToRightPrinting, LatexPrinter):  # type: ignore[misc]
    """LaTeX with ``\\times`` and ``\\div`` and ``\\left( … \\right)`` brackets."""

    signs: ClassVar[Mapping[Operator, str]] = _LATEX_SIGNS

    def bracketed(self, text: str) -> str:
        return f"\\left({text}\\right)"


def render_plain(chain: Chain) -> str:
    """The chain in usual notation with ``+ − × ÷``, card faces kept, bracketed where needed.

    >>> from solver.nambarz.notation import Chain
    >>> render_plain(Chain.parse("6 * 5 / 10 + 1 * 2"))
    '(6 × 5 ÷ 10 + 1) × 2'
    >>> render_plain(Chain.parse("10 - 4 - 1"))
    '10 − 4 − 1'
    """
    expression = to_expression(chain)
    text: str = _PlainPrinter(str(card) for card in chain.cards).doprint(expression)
    return text


def render_latex(chain: Chain) -> str:
    """The chain as LaTeX with ``\\times``, ``\\div`` and ``\\left( … \\right)``; cards show their numbers.

    >>> from solver.nambarz.notation import Chain
    >>> print(render_latex(Chain.parse("10 - 4 / 2")))
    \\left(10 - 4\\right) \\div 2
    >>> print(render_latex(Chain.parse("1 + 3bee * 4 - 1")))
    \\left(1 + 3\\right) \\times 4 - 1
    """
    text: str = _LatexPrinter().doprint(to_expression(chain))
    return text
