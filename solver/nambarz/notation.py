"""Calculation notation: cards joined by operators, read strictly left to right.

``10 - 4 / 2`` means ``(10 − 4) ÷ 2 = 3``: there is no operator precedence
(rule III.2).  Besides ``+ - * /`` the signs ``× x · ÷ :`` and the minus
sign ``−`` are accepted; spaces are optional.  Parentheses are accepted only
where they restate the left-to-right reading, that is around a leading part
of the calculation.  A single card is a matching play, not a calculation.
A calculation may end with the result the player announced (``6 + 5 + 2 - 10
= 3``): it is not part of the lay, so it is read and left out.

>>> chain = Chain.parse("(10−4)÷2")
>>> str(chain), chain.is_calculation
('10 - 4 / 2', True)
>>> Chain.parse("10 - (4 / 2)")
Traceback (most recent call last):
...
solver.errors.NotationError: '(' at position 6 of '10 - (4 / 2)': calculations are read strictly left \
to right, so brackets may only group a leading part such as '(10 - 4) / 2'
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum

from solver.errors import CardNotationError, NotationError, quoted
from solver.nambarz.arithmetic import Step, Value, trace, value_as_written
from solver.nambarz.cards import JOKER_PATTERN, NUMBER_CARD_PATTERN, Card, JokerType, number_card_end
from solver.nambarz.rules import OPERATOR_ALIASES, Domain, Operator

_LETTERS = re.compile(r"[^\W\d_]+")


class _TokenType(Enum):
    CARD = "card"
    OPERATOR = "operator"
    OPEN = "("
    CLOSE = ")"


@dataclass(frozen=True)
class _Token:
    type: _TokenType
    text: str
    position: int
    card: Card | None = None
    operator: Operator | None = None


@dataclass(frozen=True)
class Chain:
    """Cards laid one by one with an operator between each two.

    A chain of one card is a matching play; two or more make a calculation.
    """

    cards: tuple[Card, ...]
    operators: tuple[Operator, ...] = ()

    def __post_init__(self) -> None:
        if not self.cards:
            raise NotationError("a chain needs at least one card", text="", token="", position=1)
        if len(self.operators) != len(self.cards) - 1:
            raise ValueError(
                f"a chain of {len(self.cards)} cards needs {len(self.cards) - 1} operators, not {len(self.operators)}"
            )

    @classmethod
    def parse(cls, text: str) -> Chain:
        """Read a chain; a :class:`NotationError` names the offending token and its position.

        >>> Chain.parse("3bee"), Chain.parse("3-ape + 8 Biene")
        (Chain.parse('3bee'), Chain.parse('3bee + 8bee'))
        >>> Chain.parse("6 + 5 + 2 - 10 = 3")
        Chain.parse('6 + 5 + 2 - 10')
        >>> Chain.parse("6 / 2 = three")
        Traceback (most recent call last):
        ...
        solver.errors.NotationError: '=' at position 7 of '6 / 2 = three': after '=' comes only the result \
announced, a number such as '= 3'
        """
        if not isinstance(text, str):
            raise NotationError(
                f"a calculation is written as text, not {type(text).__name__}", text="", token="", position=1
            )
        reader = _Reader(text)
        return reader.chain(list(reader.tokens()))

    @classmethod
    def of(cls, *items: Card | Operator) -> Chain:
        """Build a chain from alternating cards and operators.

        >>> Chain.of(Card.parse("7fish"), Operator.SUBTRACT, Card.parse("4hen"))
        Chain.parse('7fish - 4hen')
        """
        return cls(
            tuple(item for item in items[::2] if isinstance(item, Card)),
            tuple(item for item in items[1::2] if isinstance(item, Operator)),
        )

    @property
    def is_calculation(self) -> bool:
        """True for two cards or more."""
        return len(self.cards) >= 2

    @property
    def numbers(self) -> tuple[int, ...]:
        """The card numbers in laying order (jokers have none)."""
        return tuple(card.value for card in self.cards)

    def value_as_written(self) -> Value | None:
        """The exact left-to-right value, whatever the domain.

        >>> Chain.parse("2 - 9").value_as_written()
        -7
        """
        return value_as_written(self.numbers, self.operators)

    def trace(self, domain: Domain) -> list[Step]:
        """The left-to-right steps, each marked in or out of ``domain``."""
        return trace(self.numbers, self.operators, domain)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        parts = [str(self.cards[0])]
        for operator, card in zip(self.operators, self.cards[1:], strict=True):
            parts += [operator.value, str(card)]
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Chain.parse({str(self)!r})"


_ANNOUNCED_RESULT = re.compile(r"=\s*[-−]?\s*[0-9]+(?:\s*/\s*[0-9]+)?\s*$")
"""``= N`` at the end of a play: the result the player announced (a whole number or a fraction)."""


class _Reader:
    """Tokeniser and grammar check for :meth:`Chain.parse`."""

    def __init__(self, text: str) -> None:
        self.text = text

    def error(self, message: str, token: str, position: int, inner: CardNotationError | None = None) -> NotationError:
        return NotationError(message, text=self.text, token=token, position=position, inner=inner)

    def tokens(self) -> Iterator[_Token]:
        text, index = self.text, 0
        read: list[_Token] = []
        while index < len(text):
            char = text[index]
            position = index + 1
            token: _Token | None = None
            if char.isspace():
                index += 1
                continue
            if "0" <= char <= "9":
                attached = NUMBER_CARD_PATTERN.match(text, index)
                assert attached is not None
                if (attached["figure"] or "") in {"x", "X"}:
                    end = attached.end("number")
                else:
                    end = number_card_end(text, index)
                token = self._card_token(text[index:end], position)
                index = end
            elif char in "Jj" and (joker := JOKER_PATTERN.match(text, index)):
                token = self._card_token(joker.group(), position)
                index = joker.end()
            elif char in OPERATOR_ALIASES and not self._starts_word(index):
                token = _Token(_TokenType.OPERATOR, char, position, operator=OPERATOR_ALIASES[char])
                index += 1
            elif char in "()":
                token = _Token(_TokenType.OPEN if char == "(" else _TokenType.CLOSE, char, position)
                index += 1
            elif char == "=":
                self._announced_result(index, read[-2:])
                return
            else:
                word = _LETTERS.match(text, index)
                unexpected = word.group() if word else char
                hint = "; a card starts with its number, as in 3bee" if word else ""
                raise self.error(
                    f"unexpected {quoted(unexpected)} at position {position} of {quoted(text)}; expected a card, "
                    f"an operator (+ - * /) or a bracket{hint}",
                    unexpected,
                    position,
                )
            yield token
            read.append(token)

    def _starts_word(self, index: int) -> bool:
        """True when an ``x`` at ``index`` begins a longer word rather than being a times sign."""
        word = _LETTERS.match(self.text, index)
        return word is not None and len(word.group()) > 1

    def _announced_result(self, index: int, last_two: list[_Token]) -> None:
        """Check the ``= N`` that ends the text at ``index``, after the tokens ``last_two``.

        It announces the result of the card or calculation before it, and lays no card.
        """
        position = index + 1
        previous = last_two[-1] if last_two else None
        lone_joker = (
            previous is not None
            and previous.card is not None
            and previous.card.is_joker
            and (len(last_two) == 1 or last_two[0].type is not _TokenType.OPERATOR)
        )
        if previous is None or previous.type not in (_TokenType.CARD, _TokenType.CLOSE) or lone_joker:
            raise self.error(
                f"'=' at position {position} of {quoted(self.text)}: a result announced with '=' follows the "
                "calculation it is the result of",
                "=",
                position,
            )
        if not _ANNOUNCED_RESULT.match(self.text, index):
            raise self.error(
                f"'=' at position {position} of {quoted(self.text)}: after '=' comes only the result announced, "
                "a number such as '= 3'",
                "=",
                position,
            )

    def _card_token(self, card_text: str, position: int) -> _Token:
        try:
            card = Card.parse(card_text)
        except CardNotationError as error:
            message = f"{error} (at position {position} of {quoted(self.text)})"
            raise self.error(message, card_text, position, inner=error) from None
        return _Token(_TokenType.CARD, card_text, position, card=card)

    def chain(self, tokens: list[_Token]) -> Chain:
        """The chain the tokens write: cards joined by operators, brackets only around a leading part."""
        cards: list[Card] = []
        operators: list[Operator] = []
        open_groups: list[int] = []
        expecting_card = True
        previous: _Token | None = None
        for token in tokens:
            if token.type is _TokenType.OPEN:
                if cards:
                    raise self.error(
                        f"'(' at position {token.position} of {quoted(self.text)}: calculations are read strictly "
                        "left to right, so brackets may only group a leading part such as '(10 - 4) / 2'",
                        "(",
                        token.position,
                    )
                open_groups.append(token.position)
            elif token.type is _TokenType.CLOSE:
                if expecting_card or not open_groups:
                    what = "a card is missing before it" if open_groups else "nothing to close"
                    message = f"')' at position {token.position} of {quoted(self.text)}: {what}"
                    raise self.error(message, ")", token.position)
                open_groups.pop()
            elif token.type is _TokenType.OPERATOR:
                if expecting_card:
                    after = f" after {previous.text!r}" if previous else ""
                    raise self.error(
                        f"operator {token.text!r} at position {token.position} of {quoted(self.text)}: "
                        f"expected a card{after}",
                        token.text,
                        token.position,
                    )
                assert token.operator is not None
                operators.append(token.operator)
                expecting_card = True
            else:
                if not expecting_card:
                    assert previous is not None
                    raise self._missing_operator(previous, token)
                assert token.card is not None
                cards.append(token.card)
                expecting_card = False
            previous = token
        if previous is None:
            raise self.error(f"empty calculation {quoted(self.text)}: expected cards such as '1 + 2'", "", 1)
        if expecting_card:
            raise self.error(
                f"{quoted(self.text)} ends with {previous.text!r} at position {previous.position}: expected a card",
                previous.text,
                previous.position,
            )
        if open_groups:
            first = open_groups[0]
            raise self.error(
                f"'(' at position {first} of {quoted(self.text)} is unclosed: add ')' after the part it groups",
                "(",
                first,
            )
        return Chain(tuple(cards), tuple(operators))

    def _missing_operator(self, before: _Token, card: _Token) -> NotationError:
        return self.error(
            f"card {card.text!r} at position {card.position} of {quoted(self.text)}: expected an operator "
            f"between {before.text!r} and {card.text!r}",
            card.text,
            card.position,
        )


@dataclass(frozen=True)
class JokerPlay:
    """A joker laid as a play: a change joker, optionally followed by one card, or ``Jreplay``.

    >>> JokerPlay.parse("Jboth 5"), str(JokerPlay.parse("jnumber"))
    (JokerPlay.parse('Jboth 5'), 'Jnumber')
    >>> JokerPlay.parse("Jreplay 4")
    Traceback (most recent call last):
    ...
    solver.errors.NotationError: 'Jreplay 4': Jreplay is a play of its own; the play after it follows a ';'
    """

    joker: Card
    follow: Card | None = None

    def __post_init__(self) -> None:
        if not self.joker.is_joker:
            text = str(self.joker)
            raise NotationError(f"{text} is not a joker", text=text, token=text, position=1)

    @classmethod
    def parse(cls, text: str) -> JokerPlay:
        """Read ``Jnumber``, ``Jfigure 7fish``, ``Jboth 5`` or ``Jreplay``."""
        words = list(_words(text))
        if not words:
            raise NotationError("empty play: expected a joker such as Jboth 5", text=text, token="", position=1)

        def error(message: str, word: tuple[str, int]) -> NotationError:
            return NotationError(message, text=text, token=word[0], position=word[1])

        joker = _card_at(text, words[0])
        if not joker.is_joker:
            raise error(f"{quoted(text)} does not start with a joker", words[0])
        if len(words) == 1:
            return cls(joker)
        if joker.joker is JokerType.REPLAY:
            raise error(f"{quoted(text)}: Jreplay is a play of its own; the play after it follows a ';'", words[1])
        follow = _card_at(text, words[1])
        if follow.is_joker:
            raise error(f"{quoted(text)}: a change joker is followed by a number card, not by {follow}", words[1])
        if len(words) > 2:
            extra, position = words[2]
            raise error(
                f"unexpected {quoted(extra)} at position {position} of {quoted(text)}: "
                "a change joker is followed by at most one card",
                words[2],
            )
        return cls(joker, follow)

    @property
    def is_replay(self) -> bool:
        """True for ``Jreplay``."""
        return self.joker.joker is JokerType.REPLAY

    @property
    def is_calculation(self) -> bool:
        """Always false: a joker play is never a calculation."""
        return False

    @property
    def cards(self) -> tuple[Card, ...]:
        """The joker and its follow-up card, in laying order."""
        return (self.joker,) if self.follow is None else (self.joker, self.follow)

    def __str__(self) -> str:
        return str(self.joker) if self.follow is None else f"{self.joker} {self.follow}"

    def __repr__(self) -> str:
        return f"JokerPlay.parse({str(self)!r})"


Play = Chain | JokerPlay
"""One play of a turn: a matching card or a calculation (a chain), or a joker play."""

_WORD_START = re.compile(r"\S")
_SPACE = re.compile(r"\s")


def _words(text: str) -> Iterator[tuple[str, int]]:
    """The words of ``text`` with their 1-based positions; a figure name after a number belongs to its card."""
    start = _WORD_START.search(text)
    while start is not None:
        index = start.start()
        end = number_card_end(text, index) if NUMBER_CARD_PATTERN.match(text, index) else index
        if end < len(text) and not text[end].isspace():
            following = _SPACE.search(text, end)
            end = following.start() if following else len(text)
        yield text[index:end], index + 1
        start = _WORD_START.search(text, end)


def _card_at(text: str, word: tuple[str, int]) -> Card:
    """The card written as ``word`` (its text and 1-based position in ``text``)."""
    try:
        return Card.parse(word[0])
    except CardNotationError as error:
        message = f"{error} (at position {word[1]} of {quoted(text)})"
        raise NotationError(message, text=text, token=word[0], position=word[1], inner=error) from None


def parse_play(text: str) -> Play:
    """Read one play: a joker play when its first word is a joker, else a chain.

    >>> parse_play("Jnumber 4"), parse_play("10 - 4 / 2")
    (JokerPlay.parse('Jnumber 4'), Chain.parse('10 - 4 / 2'))
    """
    words = text.split()
    if words and JOKER_PATTERN.fullmatch(words[0]):
        return JokerPlay.parse(text)
    return Chain.parse(text)


@dataclass(frozen=True)
class Turn:
    """The plays of one turn, written separated by ``;``.

    A turn is one play; every further play must come right after a
    ``Jreplay`` (rule IV), which may also open the turn or close it.

    >>> turn = Turn.parse("9hen - 6dragonfly / 3hippo ; Jreplay ; 10 - 6 - 1")
    >>> len(turn.plays), str(turn)
    (3, '9hen - 6dragonfly / 3hippo ; Jreplay ; 10 - 6 - 1')
    >>> Turn.parse("3 ; 5")
    Traceback (most recent call last):
    ...
    solver.errors.NotationError: play 2 ('5') at position 5 of '3 ; 5' must follow a Jreplay: without one a turn is a \
single play
    """

    plays: tuple[Play, ...]

    def __post_init__(self) -> None:
        if not self.plays:
            raise NotationError("a turn needs at least one play", text="", token="", position=1)
        text = str(self)
        starts = list(itertools.accumulate((len(str(play)) + len(" ; ") for play in self.plays[:-1]), initial=1))
        _require_replays_between(self.plays, text, starts)

    @classmethod
    def parse(cls, text: str) -> Turn:
        """Read plays separated by ``;``; errors give positions in the whole text."""
        if not isinstance(text, str):
            raise NotationError(f"a turn is written as text, not {type(text).__name__}", text="", token="", position=1)
        if not text.strip():
            message = f"empty play at position 1 of {quoted(text)}: expected a card, a calculation or a joker"
            raise NotationError(message, text=text, token="", position=1)
        plays: list[Play] = []
        starts: list[int] = []
        offset = 0
        for number, segment in enumerate(text.split(";"), start=1):
            if not segment.strip():
                semicolon = offset if number > 1 else offset + len(segment) + 1
                raise NotationError(
                    f"empty play at position {semicolon} of {quoted(text)}: expected a card, a calculation "
                    "or a joker on each side of every ';'",
                    text=text,
                    token=";",
                    position=semicolon,
                )
            try:
                plays.append(parse_play(segment))
            except NotationError as error:
                message = f"play {number} of the turn: {error}"
                raise NotationError(
                    message, text=text, token=error.token, position=offset + error.position, inner=error
                ) from None
            starts.append(offset + len(segment) - len(segment.lstrip()) + 1)
            offset += len(segment) + 1
        _require_replays_between(plays, text, starts)
        return cls(tuple(plays))

    def __str__(self) -> str:
        return " ; ".join(str(play) for play in self.plays)

    def __repr__(self) -> str:
        return f"Turn.parse({str(self)!r})"


def is_replay(play: Play) -> bool:
    """True for a ``Jreplay`` play."""
    return isinstance(play, JokerPlay) and play.is_replay


def _require_replays_between(plays: Sequence[Play], text: str, starts: Sequence[int]) -> None:
    """Every play after the first must follow a ``Jreplay`` (``starts``: 1-based positions of the plays)."""
    for number in range(2, len(plays) + 1):
        before, play = plays[number - 2], plays[number - 1]
        if not is_replay(play) and not is_replay(before):
            position = starts[number - 1]
            raise NotationError(
                f"play {number} ({quoted(str(play))}) at position {position} of {quoted(text)} must follow "
                "a Jreplay: without one a turn is a single play",
                text=text,
                token=str(play),
                position=position,
            )
