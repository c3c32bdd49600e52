"""Calculation notation: cards joined by operators, read strictly left to right.

``10 - 4 / 2`` means ``(10 − 4) ÷ 2 = 3``: there is no operator precedence
(rule III.2).  Besides ``+ - * /`` the signs ``× x · ÷ :`` and the minus
sign ``−`` are accepted; spaces are optional.  Parentheses are accepted only
where they restate the left-to-right reading, that is around a leading part
of the calculation.  A single card is a matching play, not a calculation.
A calculation may end with the result the player announced (``6 + 5 + 2 - 10
= 3``): it is not part of the lay, so it is read and left out.

A turn is written as plays separated by ``;`` (see :class:`Turn` for how the
text between two ``;`` is read when it holds jokers or several plays).

A joker may also be written by its name in English, Italian, German or
French (:data:`~solver.nambarz.cards.JOKER_NAMES`): ``replay joker ; 7 owl``
is ``Jreplay ; 7owl``.

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

import re
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum

from solver.errors import CardNotationError, NotationError, quoted
from solver.nambarz.arithmetic import Step, Value, trace, value_as_written
from solver.nambarz.cards import (
    JOKER_PATTERN,
    JOKER_WORDS,
    NUMBER_CARD_PATTERN,
    Card,
    JokerType,
    joker_from_words,
    number_card_end,
)
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
    """Tokeniser and grammar of the notation: a calculation, or the plays written between two ``;``."""

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
            elif named := JOKER_WORDS.match(text, index):
                card = Card.joker_card(joker_from_words(named.group()))
                token = _Token(_TokenType.CARD, named.group(), position, card=card)
                index = named.end()
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

    def _missing_operator(self, before: _Token, card: _Token, hint: str = "") -> NotationError:
        return self.error(
            f"card {card.text!r} at position {card.position} of {quoted(self.text)}: expected an operator "
            f"between {before.text!r} and {card.text!r}{hint}",
            card.text,
            card.position,
        )

    def pieces(self) -> Iterator[tuple[Chain, int]]:
        """The text cut where two cards meet without an operator, each piece with the position it starts at.

        A piece is a card or a calculation.  Two number cards that meet are
        an error: the operation between them is not named.  A joker that
        meets a card, on either side, starts a new piece.
        """
        piece: list[_Token] = []
        ended: list[_Token] = []  # given out once the next piece is known to be allowed after it
        after_lone_change_joker = False
        for token in self.tokens():
            if piece and piece[-1].type in _ENDS_A_PIECE and token.type in _STARTS_A_PIECE:
                ended, piece = piece, []
            if ended and token.type is _TokenType.CARD:
                self._require_operator(ended, token, after_lone_change_joker)
                chain = self.chain(ended)
                yield chain, ended[0].position
                after_lone_change_joker = _is_lone_change_joker(chain)
                ended = []
            piece.append(token)
        for rest in (ended, piece):
            if rest:
                yield self.chain(rest), rest[0].position

    def _require_operator(self, before: list[_Token], card: _Token, after_lone_change_joker: bool) -> None:
        """Refuse a number card that follows a number card with no operator between them."""
        last = next(token for token in reversed(before) if token.type is _TokenType.CARD)
        assert last.card is not None and card.card is not None
        if last.card.is_joker or card.card.is_joker:
            return
        follows_change_joker = after_lone_change_joker and len(before) == 1
        hint = "; a change joker is followed by at most one card, or by a calculation" if follows_change_joker else ""
        raise self._missing_operator(last, card, hint)

    def plays(self) -> Iterator[tuple[Play, int]]:
        """The plays the text writes, each with the 1-based position where it starts.

        ``Jreplay`` alone is a play of its own.  A change joker alone takes
        the next piece as its follow-up: a card, a calculation, or another
        change joker with its own follow-up.  Any other piece is a play.
        """
        waiting: list[tuple[Card, int]] = []  # change jokers laid one on another, still without a follow-up
        for piece, start in self.pieces():
            lone = piece.cards[0] if len(piece) == 1 else None
            if lone is not None and lone.is_joker and lone.joker is not JokerType.REPLAY:
                waiting.append((lone, start))
                continue
            if lone is not None and lone.joker is JokerType.REPLAY:
                if waiting:
                    yield _stacked(waiting, None), waiting[0][1]
                yield JokerPlay(lone), start
            elif waiting:
                yield _stacked(waiting, piece), waiting[0][1]
            else:
                yield piece, start
            waiting = []
        if waiting:
            yield _stacked(waiting, None), waiting[0][1]


_ENDS_A_PIECE = (_TokenType.CARD, _TokenType.CLOSE)
_STARTS_A_PIECE = (_TokenType.CARD, _TokenType.OPEN)


def _is_lone_change_joker(chain: Chain) -> bool:
    return len(chain) == 1 and chain.cards[0].is_joker and chain.cards[0].joker is not JokerType.REPLAY


def _stacked(jokers: list[tuple[Card, int]], follow: Chain | None) -> JokerPlay:
    """Change jokers laid one on another, the last one followed by ``follow``."""
    play: Card | Chain | JokerPlay | None = follow
    for joker, _ in reversed(jokers):
        play = JokerPlay(joker, play)
    assert isinstance(play, JokerPlay)
    return play


@dataclass(frozen=True)
class JokerPlay:
    """A joker laid as a play: ``Jreplay``, or a change joker and what the player laid after it.

    The legal follow-ups of a change joker are nothing and one number card
    (rule IV); a calculation (``Jboth 3 + 4``) or another change joker laid
    directly on it (``Jboth Jnumber 4``) are lays the referee penalises, so
    they are plays too.  A follow-up written as a chain of one card is kept
    as that card, and a joker card as a joker play, so each play has one
    form.

    >>> JokerPlay.parse("Jboth 5"), str(JokerPlay.parse("jnumber"))
    (JokerPlay.parse('Jboth 5'), 'Jnumber')
    >>> JokerPlay.parse("Jboth Jnumber 4").follow, JokerPlay.parse("Jboth 3 + 4").follow
    (JokerPlay.parse('Jnumber 4'), Chain.parse('3 + 4'))
    >>> JokerPlay.parse("Jreplay 4")
    Traceback (most recent call last):
    ...
    solver.errors.NotationError: 'Jreplay 4' holds 2 plays, read as 'Jreplay ; 4': expected one joker play
    """

    joker: Card
    follow: Card | Chain | JokerPlay | None = None

    def __post_init__(self) -> None:
        if not self.joker.is_joker:
            text = str(self.joker)
            raise NotationError(f"{text} is not a joker", text=text, token=text, position=1)
        follow = self.follow
        if isinstance(follow, Chain) and len(follow) == 1:
            follow = follow.cards[0]
        if isinstance(follow, Card) and follow.is_joker:
            follow = JokerPlay(follow)
        if follow is not None and (self.is_replay or (isinstance(follow, JokerPlay) and follow.is_replay)):
            text = f"{self.joker} {follow}"
            raise NotationError(
                f"{quoted(text)}: Jreplay is a play of its own and never follows or is followed by a card",
                text=text,
                token=str(self.joker) if self.is_replay else str(follow),
                position=1 if self.is_replay else len(str(self.joker)) + 2,
            )
        object.__setattr__(self, "follow", follow)

    @classmethod
    def parse(cls, text: str) -> JokerPlay:
        """Read one joker play: ``Jnumber``, ``Jfigure 7fish``, ``Jboth 5``, ``Jreplay``, ``Jboth Jnumber 4``…"""
        play = parse_play(text)
        if not isinstance(play, JokerPlay):
            what = "a calculation" if play.is_calculation else "a card"
            first = next(_Reader(text).tokens())
            raise NotationError(
                f"{quoted(text)} is {what}, not a joker play", text=text, token=first.text, position=first.position
            )
        return play

    @property
    def is_replay(self) -> bool:
        """True for ``Jreplay``."""
        return self.joker.joker is JokerType.REPLAY

    @property
    def is_calculation(self) -> bool:
        """Always false: a joker play is never a calculation."""
        return False

    @property
    def follow_card(self) -> Card | None:
        """The one number card after the joker, when that is what follows it (the form rule IV allows)."""
        return self.follow if isinstance(self.follow, Card) else None

    @property
    def cards(self) -> tuple[Card, ...]:
        """The joker and everything laid after it, in laying order."""
        if self.follow is None:
            return (self.joker,)
        if isinstance(self.follow, Card):
            return (self.joker, self.follow)
        return (self.joker, *self.follow.cards)

    def __str__(self) -> str:
        return str(self.joker) if self.follow is None else f"{self.joker} {self.follow}"

    def __repr__(self) -> str:
        return f"JokerPlay.parse({str(self)!r})"


Play = Chain | JokerPlay
"""One play of a turn: a matching card or a calculation (a chain), or a joker play."""


def parse_play(text: str) -> Play:
    """Read one play: a card, a calculation or a joker play.

    >>> parse_play("Jnumber 4"), parse_play("10 - 4 / 2"), parse_play("3 + Jboth")
    (JokerPlay.parse('Jnumber 4'), Chain.parse('10 - 4 / 2'), Chain.parse('3 + Jboth'))
    """
    if not isinstance(text, str):
        raise NotationError(f"a play is written as text, not {type(text).__name__}", text="", token="", position=1)
    plays = list(_Reader(text).plays())
    if not plays:
        raise NotationError(
            f"empty play {quoted(text)}: expected a card, a calculation or a joker", text=text, token="", position=1
        )
    if len(plays) > 1:
        second, position = plays[1]
        read_as = " ; ".join(str(play) for play, _ in plays)
        expected = "one joker play" if isinstance(plays[0][0], JokerPlay) else "one play"
        raise NotationError(
            f"{quoted(text)} holds {len(plays)} plays, read as {quoted(read_as)}: expected {expected}",
            text=text,
            token=str(second),
            position=position,
        )
    return plays[0][0]


@dataclass(frozen=True)
class Turn:
    """The plays of one turn, written separated by ``;``.

    Every lay a player can make is a turn the referee judges; only text
    that does not write cards and operators is refused.  Between two ``;``
    the text is read as plays (the "lay notation" of ``docs/rulings.md``):

    * ``Jreplay`` is always a play of its own: ``Jreplay 4`` is ``Jreplay ; 4``;
    * a change joker takes what follows it as its follow-up: nothing, a
      card, a calculation (``Jboth 3 + 4``) or another change joker
      (``Jboth Jnumber 4``); written after a card without an operator it
      starts a new play (``4 Jboth 5`` is ``4 ; Jboth 5``);
    * a joker joined to cards by an operator is part of a calculation
      (``3 + Jboth``).

    Plays after the first without a ``Jreplay`` before them are kept: the
    referee penalises them.

    >>> turn = Turn.parse("9hen - 6dragonfly / 3hippo ; Jreplay ; 10 - 6 - 1")
    >>> len(turn.plays), str(turn)
    (3, '9hen - 6dragonfly / 3hippo ; Jreplay ; 10 - 6 - 1')
    >>> str(Turn.parse("4 Jreplay 3 ape")), str(Turn.parse("1 + 2 ; 4 - 2"))
    ('4 ; Jreplay ; 3bee', '1 + 2 ; 4 - 2')
    >>> Turn.parse("3 5")
    Traceback (most recent call last):
    ...
    solver.errors.NotationError: play 1 of the turn: card '5' at position 3 of '3 5': expected an operator \
between '3' and '5'
    """

    plays: tuple[Play, ...]

    def __post_init__(self) -> None:
        if not self.plays:
            raise NotationError("a turn needs at least one play", text="", token="", position=1)
        # A joker written as a chain of one card is the joker play it reads as, so each turn has one form.
        plays = tuple(
            JokerPlay(play.cards[0]) if isinstance(play, Chain) and len(play) == 1 and play.cards[0].is_joker else play
            for play in self.plays
        )
        object.__setattr__(self, "plays", plays)

    @classmethod
    def parse(cls, text: str) -> Turn:
        """Read plays separated by ``;``; errors give positions in the whole text."""
        if not isinstance(text, str):
            raise NotationError(f"a turn is written as text, not {type(text).__name__}", text="", token="", position=1)
        if not text.strip():
            message = f"empty play at position 1 of {quoted(text)}: expected a card, a calculation or a joker"
            raise NotationError(message, text=text, token="", position=1)
        plays: list[Play] = []
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
                for play, _ in _Reader(segment).plays():
                    plays.append(play)
            except NotationError as error:  # the plays read so far number the one at fault
                message = f"play {len(plays) + 1} of the turn: {error}"
                raise NotationError(
                    message, text=text, token=error.token, position=offset + error.position, inner=error
                ) from None
            offset += len(segment) + 1
        return cls(tuple(plays))

    def __str__(self) -> str:
        return " ; ".join(str(play) for play in self.plays)

    def __repr__(self) -> str:
        return f"Turn.parse({str(self)!r})"


def is_replay(play: Play) -> bool:
    """True for a ``Jreplay`` play."""
    return isinstance(play, JokerPlay) and play.is_replay
