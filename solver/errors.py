"""Errors raised for input that cannot be judged.

Every error is a :class:`ValueError` subclass whose message quotes the
offending input and says what was expected.  A play that breaks a rule of
the game is *not* an error: the referee answers it with a verdict.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from solver.verdicts import GameVerdict

QUOTE_LIMIT = 60


def quoted(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` quoted for a message, cut short with an ellipsis when longer than ``limit``.

    >>> quoted("3fsh"), quoted("1 + " * 30, limit=8)
    ("'3fsh'", "'1 + 1 + …'")
    """
    if len(text) <= limit:
        return repr(text)
    return repr(text[:limit] + "…")


class Worded(str):
    """An English message that keeps its template and values, so that a reader of another language gets it too.

    The templates are extracted into the pages' catalog (``babel.cfg``
    names ``Worded`` as a keyword for the files that use it).

    >>> message = Worded("two piles show %(card)d", card=40)
    >>> message, message.template, message.values
    ('two piles show 40', 'two piles show %(card)d', {'card': 40})
    """

    template: str
    values: dict[str, object]

    def __new__(cls, template: str, **values: object) -> Worded:
        message = super().__new__(cls, template % values)
        message.template = template
        message.values = values
        return message


class NambarzError(ValueError):
    """Base class of every input error raised by the engine."""

    code = "invalid-input"

    def __init__(self, message: str, *, inner: NambarzError | None = None) -> None:
        super().__init__(message)
        self.inner = inner
        """The error this one wraps (to say where it happened), its message quoted in this one's."""

    def in_language(self, lang: str) -> str:
        """The message with what it lists for the reader (such as figure names) in ``lang``.

        The message itself is English; errors that list names a player
        reads in their own language override this, and an error that wraps
        another gives the wrapped part in ``lang`` too.

        >>> NambarzError("expected a card").in_language("it")
        'expected a card'
        """
        if self.inner is None:
            return str(self)
        return str(self).replace(str(self.inner), self.inner.in_language(lang))


class CardNotationError(NambarzError):
    """A card could not be read from its notation (``3bee``, ``10``, ``Jboth``).

    ``text`` is the text that is not a card, when there is one.
    """

    code = "invalid-card"

    def __init__(self, message: str, *, text: str | None = None, inner: NambarzError | None = None) -> None:
        super().__init__(message, inner=inner)
        self.text = text


class UnknownCardError(NambarzError):
    """A card is well written but does not exist in the deck in use, or not that often.

    ``card`` is that card, when one card is at fault: it appears ``copies``
    times where the deck has ``available`` (none when it is not in the deck);
    ``same_figure`` lists the deck's cards that show its figure.
    """

    code = "unknown-card"

    def __init__(
        self,
        message: str,
        *,
        card: object = None,
        copies: int = 1,
        available: int = 0,
        same_figure: tuple[object, ...] = (),
    ) -> None:
        super().__init__(message)
        self.card = card
        self.copies = copies
        self.available = available
        self.same_figure = same_figure


class DeckError(NambarzError):
    """A deck file is unreadable or its composition breaks rule I."""

    code = "invalid-deck"


class RulesError(NambarzError):
    """A rules setting (arithmetic domain or operator subset) is not recognised."""

    code = "invalid-rules"


class NotationError(NambarzError):
    """A calculation could not be read.

    ``token`` is the offending text and ``position`` its 1-based character
    position in ``text``.
    """

    code = "invalid-notation"

    def __init__(
        self, message: str, *, text: str, token: str, position: int, inner: NambarzError | None = None
    ) -> None:
        super().__init__(message, inner=inner)
        self.text = text
        self.token = token
        self.position = position


class PlayError(NambarzError):
    """A play that the referee cannot judge at all (a joker in a calculation, a joker on top)."""

    code = "invalid-play"


class SearchLimitError(NambarzError):
    """A search was refused or stopped because it exceeds a documented limit."""

    code = "limit-exceeded"


class ScoringError(NambarzError):
    """A round result that cannot be scored: unknown or repeated players, a round not over, bad points."""

    code = "invalid-score"


class GameError(NambarzError):
    """Settings that do not make a game, or an action the game state cannot take."""

    code = "invalid-action"


class IllegalMoveError(GameError):
    """A move the referee judged illegal was applied to a game state that has no penalty for it.

    The verdict says which rules the move breaks.
    """

    code = "illegal-move"

    def __init__(self, message: str, verdict: GameVerdict) -> None:
        super().__init__(message)
        self.verdict = verdict
