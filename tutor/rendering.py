"""Calculations printed in the notation a reader expects, as plain text and, through sympy, as LaTeX.

A Nambarz calculation is read strictly left to right (rule III.2), so
``10 - 4 / 2`` means ``(10 − 4) ÷ 2``.  :func:`render_plain` and
:func:`render_latex` print it with the fewest brackets that keep the
left-to-right meaning under the usual precedence.  A left-to-right fold only
ever nests on the left, so the one bracket ever needed is around a sum or
difference that is then multiplied or divided.

:func:`render_plain` is what every explanation prints, so it is plain Python
and needs no sympy.  :func:`to_expression` builds the same meaning as an
unevaluated sympy expression whose operands stay in the order the cards were
laid, and :func:`render_latex` prints that expression; sympy is imported
only when one of them is called, since it takes longer to import than a
whole verdict takes to judge.

Style decisions:

* plain text uses the signs ``+ − × ÷`` and names each card as a reader of
  the explanation's language does (:func:`card_name`: ``9 hen`` in English,
  ``9 gallina`` in Italian, jokers by name), as the explanations in
  :mod:`tutor.nambarz` do, and never shows a card's code;
* LaTeX uses ``-``, ``\\times`` and ``\\div`` (not ``\\frac``), so the operands
  keep the order in which they were laid, brackets are ``\\left( … \\right)``,
  and every card shows as its number, since a figure name is no mathematics.

>>> from solver.nambarz.notation import Chain
>>> chain = Chain.parse("9hen - 6dragonfly / 3hippo")
>>> render_plain(chain)
'(9 hen − 6 dragonfly) ÷ 3 hippo'
>>> render_latex(chain)
'\\\\left(9 - 6\\\\right) \\\\div 3'
>>> to_expression(chain).doit()
1
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from solver.nambarz.cards import FIGURE_NAMES, JOKER_NAMES, JOKER_WORDS, Card, joker_from_words
from solver.nambarz.notation import Chain, JokerPlay, Turn
from solver.nambarz.rules import Operator
from tutor.i18n import DEFAULT_LANGUAGE

_WHOLE_JOKER_WORDS = re.compile(r"(?<![\w-])" + JOKER_WORDS.pattern, JOKER_WORDS.flags)
"""A joker's name in words (:data:`JOKER_WORDS`) that no letter, digit or hyphen comes right before either."""

_SUMS = (Operator.ADD, Operator.SUBTRACT)
_PRODUCTS = (Operator.MULTIPLY, Operator.DIVIDE)

_LATEX_SIGNS: Mapping[Operator, str] = {
    Operator.ADD: "+",
    Operator.SUBTRACT: "-",
    Operator.MULTIPLY: "\\times",
    Operator.DIVIDE: "\\div",
}


def card_name(card: Card, lang: str = DEFAULT_LANGUAGE) -> str:
    """A card as a reader of ``lang`` names it: the figure's name in that language after the number, a joker by name.

    A figure card is its number, a space and the figure's name (``3 bee``,
    ``3 ape``), which the notation also reads; a symbol card is its number;
    a joker is named in words (:data:`solver.nambarz.cards.JOKER_NAMES`),
    which the notation reads back.

    >>> card_name(Card.parse("3bee"), "it"), card_name(Card.parse("10bear"), "de"), card_name(Card.parse("7"), "fr")
    ('3 ape', '10 Bär', '7')
    >>> card_name(Card.parse("3bee")), card_name(Card.parse("Jreplay"), "it")
    ('3 bee', 'jolly per rigiocare')
    """
    if card.joker is not None:
        return JOKER_NAMES[card.joker][lang]
    if card.figure is None:
        return str(card)
    return f"{card.number} {FIGURE_NAMES[card.figure][lang]}"


def notation_from_words(text: str) -> str:
    """``text`` with every joker named in words (in any of the four languages) written as its ``J…`` code.

    The notation of plays reads jokers' names by itself; a hand's list of
    cards (:func:`solver.nambarz.cards.parse_cards`) is read this way first.

    >>> notation_from_words("Jolly per rigiocare ; 7 gufo − 2 pesce")
    'Jreplay ; 7 gufo − 2 pesce'
    >>> Turn.parse(notation_from_words(render_words(Turn.parse("Jboth 8 ; Jreplay ; 9hen - 3"), "fr")))
    Turn.parse('Jboth 8 ; Jreplay ; 9hen - 3')

    A name counts only as a whole word, so text that merely ends in one stays as written:

    >>> notation_from_words("Mixreplay joker, pre-replay joker, replay joker")
    'Mixreplay joker, pre-replay joker, Jreplay'
    """
    return _WHOLE_JOKER_WORDS.sub(lambda found: str(Card.joker_card(joker_from_words(found.group()))), text)


def render_words(play: Chain | JokerPlay | Turn, lang: str = DEFAULT_LANGUAGE) -> str:
    """A play, joker play or turn as a reader of ``lang`` reads it: cards and jokers named, signs ``+ − × ÷``.

    A calculation is :func:`render_plain` (bracketed where the
    left-to-right reading needs it); the plays of a turn are separated by
    ``;`` as a player writes them.  :func:`notation_from_words` reads the
    text back.

    >>> render_words(Turn.parse("Jreplay ; 7owl ; Jnumber 3 + 4 ; 2 + 5 * 2"), "fr")
    'joker pour rejouer ; 7 hibou ; joker change-nombre 3 + 4 ; (2 + 5) × 2'
    >>> render_words(Chain.parse("9hen - 3"))
    '9 hen − 3'
    """
    if isinstance(play, Turn):
        return " ; ".join(render_words(part, lang) for part in play.plays)
    if isinstance(play, JokerPlay):
        joker, follow = card_name(play.joker, lang), play.follow
        if follow is None:
            return joker
        return f"{joker} {card_name(follow, lang) if isinstance(follow, Card) else render_words(follow, lang)}"
    if play.is_calculation and not any(card.is_joker for card in play.cards):
        return render_plain(play, lang)
    parts = [card_name(play.cards[0], lang)]
    for operator, card in zip(play.operators, play.cards[1:], strict=True):
        parts += [operator.sign, card_name(card, lang)]
    return " ".join(parts)


def render_plain(chain: Chain, lang: str = DEFAULT_LANGUAGE) -> str:
    """The chain in usual notation with ``+ − × ÷``, bracketed where needed, its cards named in ``lang``.

    The text so far is bracketed when it ends in a sum or difference and the
    next step multiplies or divides it; no other bracket is ever needed.

    >>> from solver.nambarz.notation import Chain
    >>> render_plain(Chain.parse("6 * 5 / 10 + 1 * 2"))
    '(6 × 5 ÷ 10 + 1) × 2'
    >>> render_plain(Chain.parse("10 - 4 - 1"))
    '10 − 4 − 1'
    >>> render_plain(Chain.parse("9hen - 6dragonfly / 3hippo"), "fr")
    '(9 poule − 6 libellule) ÷ 3 hippopotame'
    """
    _require_chain(chain, "render_plain")
    text = card_name(chain.cards[0], lang)
    last: Operator | None = None
    for operator, card in zip(chain.operators, chain.cards[1:], strict=True):
        if last in _SUMS and operator in _PRODUCTS:
            text = f"({text})"
        text = f"{text} {operator.sign} {card_name(card, lang)}"
        last = operator
    return text


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
    _require_chain(chain, "to_expression")
    # sympy ships no type information, so its names are typed as Any here.
    from sympy import Integer  # type: ignore[import-untyped]  # noqa: PLC0415 - see the module's docstring

    expression = Integer(chain.numbers[0])
    for operator, number in zip(chain.operators, chain.numbers[1:], strict=True):
        expression = _combine(expression, operator, Integer(number))
    return expression


def render_latex(chain: Chain) -> str:
    """The chain as LaTeX with ``\\times``, ``\\div`` and ``\\left( … \\right)``; cards show their numbers.

    >>> from solver.nambarz.notation import Chain
    >>> print(render_latex(Chain.parse("10 - 4 / 2")))
    \\left(10 - 4\\right) \\div 2
    >>> print(render_latex(Chain.parse("1 + 3bee * 4 - 1")))
    \\left(1 + 3\\right) \\times 4 - 1
    """
    _require_chain(chain, "render_latex")
    text: str = _latex_printer()().doprint(to_expression(chain))
    return text


def _require_chain(chain: object, function: str) -> None:
    if not isinstance(chain, Chain):
        raise TypeError(f"{function} needs a Chain, not {type(chain).__name__}")


def _combine(left: Any, operator: Operator, right: Any) -> Any:
    """One left-to-right step as an unevaluated sympy node."""
    from sympy import Add, Integer, Mul, Pow  # noqa: PLC0415 - see the module's docstring

    if operator is Operator.ADD:
        return Add(left, right, evaluate=False)
    if operator is Operator.SUBTRACT:
        return Add(left, Mul(Integer(-1), right, evaluate=False), evaluate=False)
    if operator is Operator.MULTIPLY:
        return Mul(left, right, evaluate=False)
    return Mul(left, Pow(right, Integer(-1), evaluate=False), evaluate=False)


def _step(node: Any) -> tuple[Any, Operator, Any]:
    """Read back the left operand, operator and right operand of a node built by :func:`_combine`."""
    from sympy import Add, Mul, Pow  # noqa: PLC0415 - see the module's docstring

    left, right = node.args
    if isinstance(node, Add):
        if isinstance(right, Mul) and right.args[0] == -1:
            return left, Operator.SUBTRACT, right.args[1]
        return left, Operator.ADD, right
    if isinstance(right, Pow) and right.args[1] == -1:
        return left, Operator.DIVIDE, right.args[0]
    return left, Operator.MULTIPLY, right


@cache
def _latex_printer() -> type[Any]:
    """sympy's LaTeX printer taught to print :func:`to_expression` nodes in laying order.

    The class is made on first use, because its base class is sympy's.  Only
    the left operand can be a compound, and it needs brackets only when it
    is a sum or difference that is then multiplied or divided: the rule of
    :func:`render_plain`, applied here to sympy's own tree.
    """
    from sympy import Add  # noqa: PLC0415 - see the module's docstring
    from sympy.printing.latex import LatexPrinter  # type: ignore[import-untyped]  # noqa: PLC0415

    class LeftToRightLatexPrinter(LatexPrinter):  # type: ignore[misc]
        def _print_Add(self, node: Any) -> str:  # noqa: N802 - sympy dispatches on this name
            return self._print_step(node)

        def _print_Mul(self, node: Any) -> str:  # noqa: N802 - sympy dispatches on this name
            return self._print_step(node)

        def _print_step(self, node: Any) -> str:
            left, operator, right = _step(node)
            text: str = self._print(left)
            if isinstance(left, Add) and operator in _PRODUCTS:
                text = f"\\left({text}\\right)"
            return f"{text} {_LATEX_SIGNS[operator]} {self._print(right)}"

    return LeftToRightLatexPrinter
