"""The tutor's requests and answers: exercises, and a worksheet's choice.

A hint for a Nambarz position is Nambarz's own request and answer
(:class:`services.schemas.nambarz.HintRequestSchema`).

>>> sorted(ExercisesRequestSchema().load({"count": 3, "kinds": ["cover"]}))
['count', 'kinds', 'level', 'rules', 'seed']
"""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from services.schemas.nambarz import DomainField
from solver.nambarz.rules import Domain
from tutor.exercises import KINDS, LANGUAGES, LEVELS, MAX_COUNT
from tutor.worksheets import KEY_CHOICES


class ExercisesRequestSchema(Schema):
    """How many exercises, of which level and kinds, from which seed."""

    count = fields.Integer(
        strict=True,
        load_default=12,
        validate=validate.Range(1, MAX_COUNT, error="expected a count from {min} to {max}"),
        metadata={"description": "how many exercises", "example": 12},
    )
    level = fields.Integer(
        strict=True,
        load_default=1,
        validate=validate.Range(min(LEVELS), max(LEVELS), error="expected a level from {min} to {max}"),
        metadata={"description": "1: + −, 2: adds ×, 3: needs ÷, 4: master strokes, 5: mixed with traps"},
    )
    seed = fields.Integer(strict=True, load_default=0, metadata={"description": "same seed, same exercises"})
    rules = DomainField(
        load_default=lambda: Domain.NATURAL,
        metadata={"description": "arithmetic domain", "default": "natural", "example": "natural"},
    )
    kinds = fields.List(
        fields.String(validate=validate.OneOf(KINDS, error="expected one of {choices}")),
        load_default=KINDS,
        validate=validate.Length(min=1, error="expected at least one kind"),
        metadata={"description": "exercise kinds, given in rotation", "example": ["cover"]},
    )
    lang = fields.String(
        validate=validate.OneOf(LANGUAGES, error="expected one of the supported languages: {choices}"),
        metadata={
            "description": "language of the prompts (and of a worksheet's labels and answer key); "
            "without it, the Accept-Language header's, else English",
            "example": "en",
        },
    )


class ExerciseDifficultySchema(Schema):
    solutions = fields.Integer(required=True, metadata={"description": "answers the exercise accepts"})
    needs_division = fields.Boolean(required=True)
    largest_intermediate = fields.Integer(required=True)
    cards = fields.Integer(required=True, metadata={"description": "most cards in one answer"})
    score = fields.Integer(required=True)


class ExerciseAnswerSchema(Schema):
    cards = fields.List(fields.String(), required=True)
    expression = fields.String(required=True)
    verdict = fields.Dict(
        metadata={
            "description": "referee exercises: the referee's verdict, as /api/v1/nambarz/check gives it; each "
            "violation's message is in the language of the request's lang, message_en in English"
        }
    )


class ExerciseSchema(Schema):
    kind = fields.String(required=True, metadata={"example": "cover"})
    level = fields.Integer(required=True)
    top = fields.String(required=True)
    hand = fields.List(fields.String(), metadata={"description": "cover exercises: the hand"})
    puzzle = fields.String(metadata={"description": "missing-card exercises: the chain with '?'"})
    play = fields.String(metadata={"description": "referee exercises: the play to judge"})
    ops = fields.String(required=True)
    domain = fields.String(required=True)
    prompt = fields.String(required=True)
    answers = fields.List(fields.Nested(ExerciseAnswerSchema), required=True)
    difficulty = fields.Nested(ExerciseDifficultySchema, required=True)


class ExercisesSchema(Schema):
    exercises = fields.List(fields.Nested(ExerciseSchema), required=True)


class WorksheetRequestSchema(ExercisesRequestSchema):
    """The exercises to print, the heading of the page, and what it prints of the answer key."""

    key = fields.String(
        load_default="both",
        validate=validate.OneOf(KEY_CHOICES, error="expected one of {choices}"),
        metadata={
            "description": "both: the exercises, then the key on a page of its own; none: no key; only: the key alone",
            "example": "both",
        },
    )

    title = fields.String(
        validate=validate.Regexp(r"\s*\S", error="expected a heading that is not blank"),
        metadata={
            "description": "the heading of the worksheet; without it, 'Nambarz worksheet' in the worksheet's language",
            "example": "Week 3: multiplication",
        },
    )
