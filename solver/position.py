"""A compact position notation: the top card and a hand, like a chess FEN.

``TOP / HAND`` with an optional ``/ DOMAIN OPERATORS`` part::

    3bee / 1 2 4 6 10 5 7fish Jreplay
    7 / 1 2 3 4 / integer +-

The top card may be a change joker left without its card by the previous
player.  Positions are accepted wherever a top card and a hand are asked for.

>>> position = Position.parse("3bee / 1 2 7fish Jreplay / integer +-")
>>> str(position.top), len(position.hand), str(position.rules)
('3bee', 4, 'integer, +-')
>>> str(position)
'3bee / 1 2 7fish Jreplay / integer +-'
>>> str(Position.parse(" 10 / 4 6 "))
'10 / 4 6'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from solver.cards import Card, parse_cards
from solver.errors import CardNotationError, NotationError, quoted
from solver.rules import Rules, parse_domain, parse_operators


@dataclass(frozen=True)
class Position:
    """The card to cover, the hand of the player to move, and the rules."""

    top: Card
    hand: tuple[Card, ...]
    rules: Rules = field(default_factory=Rules)

    @classmethod
    def parse(cls, text: str) -> Position:
        """Read ``TOP / HAND [/ DOMAIN OPERATORS]``; errors name the part that is wrong."""
        parts = text.split("/")
        if len(parts) not in (2, 3):
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
            raise NotationError(f"position {quoted(text)}: {error}", text=text, token=text, position=1) from None
        rules = Rules()
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
        if self.rules != Rules():
            text += f" / {self.rules.domain.value} {self.rules.operators}"
        return text

    def __repr__(self) -> str:
        return f"Position.parse({str(self)!r})"
