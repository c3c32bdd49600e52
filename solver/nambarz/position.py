"""A compact position notation: the top card and a hand, like a chess FEN.

``TOP / HAND`` with an optional ``/ DOMAIN OPERATORS`` part::

    3bee / 1 2 4 6 10 5 7fish Jreplay
    7 / 1 2 3 4 / integer +-

The top card may be a change joker left without its card by the previous
player.  Positions are accepted wherever a top card and a hand are asked
for.  In the rules part division is written ``÷`` (``/`` also reads, being
the last part) and multiplication ``×``.

>>> position = Position.parse("3bee / 1 2 7fish Jreplay / integer +-")
>>> str(position.top), len(position.hand), str(position.rules)
('3bee', 4, 'integer, +-')
>>> str(position), str(Position.parse("7 / 1 2 / rational +-*/"))
('3bee / 1 2 7fish Jreplay / integer +-', '7 / 1 2 / rational +-×÷')
>>> str(Position.parse(" 10 / 4 6 ")), Position.parse(" 10 / 4 6 ").rules is None
('10 / 4 6', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.errors import CardNotationError, NotationError, quoted
from solver.nambarz.cards import Card, JokerType, parse_cards
from solver.nambarz.rules import Operator, Rules, parse_domain, parse_operators


@dataclass(frozen=True)
class Position:
    """The card to cover, the hand of the player to move, and the rules if the position names them."""

    top: Card
    hand: tuple[Card, ...]
    rules: Rules | None = None

    @classmethod
    def parse(cls, text: str) -> Position:
        """Read ``TOP / HAND [/ DOMAIN OPERATORS]``; errors name the part that is wrong."""
        parts = text.split("/", 2)
        if len(parts) < 2:
            raise NotationError(
                f"position {quoted(text)} needs 'TOP / HAND' with an optional '/ DOMAIN OPERATORS', "
                "such as '3bee / 1 2 4 7fish'",
                text=text,
                token=text,
                position=1,
            )
        try:
            top = Card.parse(parts[0])
            hand = parse_cards(parts[1])
        except CardNotationError as error:
            raise NotationError(
                f"position {quoted(text)}: {error}", text=text, token=text, position=1, inner=error
            ) from None
        if top.joker is JokerType.REPLAY:
            raise NotationError(
                f"position {quoted(text)}: Jreplay is never the card to cover; give the card laid before it",
                text=text,
                token=str(top),
                position=1,
            )
        rules = None
        if len(parts) == 3:
            words = parts[2].split()
            if not 1 <= len(words) <= 2:
                raise NotationError(
                    f"position {quoted(text)}: the rules part is a domain and operators, such as 'integer +-'",
                    text=text,
                    token=parts[2],
                    position=len(parts[0]) + len(parts[1]) + 3,
                )
            rules = Rules(parse_domain(words[0]), parse_operators(words[1]) if len(words) == 2 else "+-*/")
        return cls(top, hand, rules)

    def __str__(self) -> str:
        text = f"{self.top} / {' '.join(str(card) for card in self.hand)}"
        if self.rules is not None:
            operators = "".join(Operator(sign).sign for sign in self.rules.operators).replace("−", "-")
            text += f" / {self.rules.domain.value} {operators}"
        return text

    def __repr__(self) -> str:
        return f"Position.parse({str(self)!r})"
