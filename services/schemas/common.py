"""What every game's schemas share: the ``lang`` and ``explanation`` fields, strict booleans, verdicts, references.

>>> LanguageQuerySchema().load({"lang": "it"})
{'lang': 'it'}
>>> StrictBoolean().deserialize("true")
Traceback (most recent call last):
...
marshmallow.exceptions.ValidationError: expected true or false
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from solver.errors import NambarzError
from solver.games import GAMES
from tutor.i18n import SUPPORTED_LANGUAGES


class EngineMessage(str):
    """A field error's message that is an engine error's, keeping the error for a reader in another language.

    It is the error's English message wherever a message is expected (the
    API's answers, the command line), and a web page words ``error`` itself.

    >>> from solver.errors import CardNotationError
    >>> message = EngineMessage(CardNotationError("'3x' is not a card", text="3x"))
    >>> message, message.error.text
    ("'3x' is not a card", '3x')
    """

    error: NambarzError

    def __new__(cls, error: NambarzError) -> EngineMessage:
        message = super().__new__(cls, str(error))
        message.error = error
        return message


class StrictBoolean(fields.Boolean):
    """``true`` or ``false`` only, not the strings and numbers marshmallow would also take."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise ValidationError("expected true or false")
        return value


def language_field(text: str) -> fields.String:
    """The optional ``lang`` of a request: the language of ``text`` in the answer.

    Without it the ``Accept-Language`` header decides over HTTP, else English.
    """
    return fields.String(
        validate=validate.OneOf(SUPPORTED_LANGUAGES, error="expected one of {choices}"),
        metadata={
            "description": f"the language of {text}: one of {', '.join(SUPPORTED_LANGUAGES)}; "
            "without it, the Accept-Language header's, else English",
            "example": "it",
        },
    )


class LanguageQuerySchema(Schema):
    """The query string of a ``GET`` whose answer has text: an optional ``lang``."""

    lang = language_field("the summaries")


def explanation_field(what: str) -> fields.String:
    """The ``explanation`` of an answer: ``what`` in words, in the language the request asked for."""
    return fields.String(
        required=True, metadata={"description": f"{what} in words, in the language of the request's lang"}
    )


def violation_message_field() -> fields.String:
    """A violation's ``message``: why the move breaks the rule, in the language of the request."""
    return fields.String(
        required=True,
        metadata={
            "description": "why this move breaks the rule, in the language of the request's lang",
            "example": "6 / 2 already makes 3 with 2 of these 4 cards",
        },
    )


def violation_message_en_field() -> fields.String:
    """A violation's ``message_en``: the referee's own English message, whatever the request's language."""
    return fields.String(
        required=True,
        metadata={
            "description": "the referee's own message in English, whatever the request's lang (equal to message "
            "in English), for programs that read it",
            "example": "6 / 2 already makes 3 with 2 of these 4 cards",
        },
    )


class RegisteredGame(validate.OneOf):
    """The name of a game of :data:`solver.games.GAMES`, as registered when a value is read.

    A game registered later (as a game of the tests is) is one too; the
    OpenAPI document lists, as ``enum``, the games registered when it is
    generated.

    >>> RegisteredGame()("chess")
    Traceback (most recent call last):
    ...
    marshmallow.exceptions.ValidationError: Must be one of: nambarz, thegame, quando, nmbrs.
    """

    def __init__(self) -> None:
        super().__init__(GAMES.names)

    @property
    def choices(self) -> tuple[str, ...]:
        """The games' names, read from the registry each time."""
        return GAMES.names

    @choices.setter
    def choices(self, _: object) -> None:
        """What :class:`~marshmallow.validate.OneOf` is built with is left: the registry says."""

    @property
    def choices_text(self) -> str:
        """The games' names, as the error lists them."""
        return ", ".join(GAMES.names)

    @choices_text.setter
    def choices_text(self, _: object) -> None:
        """Left, as :attr:`choices` is."""


class ViolationSchema(Schema):
    code = fields.String(required=True, metadata={"example": "not-minimal"})
    rule = fields.String(required=True, metadata={"description": "rulebook section", "example": "III.2"})
    penalty = fields.String(metadata={"description": "Nambarz only: the section of rule V", "example": "V.1"})
    message = violation_message_field()
    message_en = violation_message_en_field()
    play = fields.Integer(metadata={"description": "in a turn: the number of the play"})


class GameVerdictSchema(Schema):
    """The fields every game's verdict shares."""

    game = fields.String(required=True, validate=RegisteredGame(), metadata={"example": "nambarz"})
    legal = fields.Boolean(required=True)
    violations = fields.List(fields.Nested(ViolationSchema), required=True)
    rulings = fields.List(fields.String(), required=True)


class HealthSchema(Schema):
    status = fields.String(required=True, metadata={"example": "ok"})
    version = fields.String(required=True)


class ViolationEntrySchema(Schema):
    code = fields.String(required=True)
    rule = fields.String(required=True)
    penalty = fields.String(metadata={"description": "Nambarz only: the section of rule V"})
    summary = fields.String(required=True)


class RulingEntrySchema(Schema):
    id = fields.String(required=True)
    summary = fields.String(required=True)
    source = fields.String(required=True, validate=validate.OneOf(["rules digest", "project decision"]))


class ReferenceSchema(Schema):
    violations = fields.List(fields.Nested(ViolationEntrySchema), required=True)
    rulings = fields.List(fields.Nested(RulingEntrySchema), required=True)
