"""Practice that adapts and classes: the requests of ``/api/v1/practice`` and ``/api/v1/classes`` and their answers.

Malformed input (a progress that is not text, operators or a target a
class may not have, a negative number of seconds, a reason that is not one
of the faults a referee exercise offers, unknown fields) is refused naming
the field.  What the service refuses (a forged progress, an item that is not
the one being answered, a name of spaces only, a nickname a classmate has)
is refused by :mod:`services.practice.service`, also naming the field.

>>> PracticeNextRequestSchema().load({"operators": "+-", "target": 0.8})
{'operators': '+-', 'target': 0.8}
>>> PracticeAnswerRequestSchema().load({"progress": "x", "item": "cover-1-0", "answer": "2 + 3", "seconds": -1})
Traceback (most recent call last):
...
marshmallow.exceptions.ValidationError: {'seconds': ['expected a number of seconds of 0 or more']}
"""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from services.practice.judging import LEGAL, NOT_LEGAL, REASONS
from services.practice.service import CODE_LENGTH, MAX_NAME, MAX_NICKNAME
from services.schemas.common import language_field
from tutor.adaptive import DEFAULT_TARGET, TARGET_RANGE
from tutor.i18n import SUPPORTED_LANGUAGES
from tutor.item_bank import OPERATOR_SETS, SKILLS

MAX_PROGRESS = 8192
"""The longest progress taken: a pupil's progress, sealed, takes about a kilobyte."""

MAX_ANSWER = 200
"""The longest answer taken: a calculation of every card of a hand, spelt out."""

MAX_ITEM = 40
"""The longest item id."""

MAX_CODE = 32
"""The longest class code taken as typed (with spaces and dashes)."""

_LOW, _HIGH = TARGET_RANGE
_OPERATORS_TEXT = ", ".join(OPERATOR_SETS)
_LANGUAGES_TEXT = ", ".join(SUPPORTED_LANGUAGES)


def _operators(description: str, **options: object) -> fields.String:
    return fields.String(
        validate=validate.OneOf(OPERATOR_SETS, error="expected one of {choices}"),
        metadata={"description": f"{description}: one of {_OPERATORS_TEXT}", "example": "+-*"},
        **options,  # type: ignore[arg-type]
    )


def _target(description: str, **options: object) -> fields.Float:
    return fields.Float(
        validate=validate.Range(_LOW, _HIGH, error=f"expected a chance from {_LOW} to {_HIGH}"),
        metadata={"description": f"{description}, from {_LOW} to {_HIGH}", "example": DEFAULT_TARGET},
        **options,  # type: ignore[arg-type]
    )


def _progress_field() -> fields.String:
    return fields.String(
        validate=validate.Length(max=MAX_PROGRESS, error=f"expected at most {MAX_PROGRESS} characters"),
        metadata={
            "description": "practising on one's own: the progress the last answer gave, unchanged (it is signed; "
            "absent or empty for a new pupil). A pupil of a class sends their token instead, as "
            "`Authorization: Bearer <token>`"
        },
    )


def _item_field() -> fields.String:
    return fields.String(
        required=True,
        validate=validate.Length(1, MAX_ITEM, error=f"expected 1 to {MAX_ITEM} characters"),
        metadata={"description": "the id of the exercise being answered, as `next` gave it", "example": "cover-2-17"},
    )


# ----------------------------------------------------------------- practice: requests


class PracticeNextRequestSchema(Schema):
    progress = _progress_field()
    lang = language_field("the exercise, the skills and the hints (a class's own language without it)")
    operators = _operators("practising on one's own: the operators the exercises may use (default +-*/)")
    target = _target(f"practising on one's own: the chance of a right answer aimed at (default {DEFAULT_TARGET})")


class PracticeHintRequestSchema(PracticeNextRequestSchema):
    item = _item_field()


class PracticeAnswerRequestSchema(PracticeHintRequestSchema):
    answer = fields.String(
        required=True,
        validate=validate.Length(1, MAX_ANSWER, error=f"expected 1 to {MAX_ANSWER} characters"),
        metadata={
            "description": f"a cover exercise: a calculation of cards of the hand (`5 * 2`); a missing-card "
            f"exercise: the card that goes in the box (`2fish`); a referee exercise: `{LEGAL}` or `{NOT_LEGAL}`",
            "example": "5 * 2",
        },
    )
    reason = fields.String(
        validate=validate.OneOf([code.value for code in REASONS], error="expected one of {choices}"),
        metadata={
            "description": "a referee exercise answered `not-legal`: the fault the pupil sees, one of the "
            "exercise's `reasons` (the answer is right only if the play has it); absent: not said"
        },
    )
    seconds = fields.Float(
        validate=validate.Range(min=0, error="expected a number of seconds of 0 or more"),
        metadata={
            "description": "the seconds the pupil took, measured on their device from showing the exercise to the "
            "answer; never counted as less than the server saw pass, less 2 s for the network. Absent: the "
            "server's measure",
            "example": 7.5,
        },
    )


# ----------------------------------------------------------------- practice: answers


class PracticeSkillSchema(Schema):
    skill = fields.String(required=True, validate=validate.OneOf(SKILLS), metadata={"example": "multiply"})
    name = fields.String(
        required=True, metadata={"description": "the skill's name for the pupil", "example": "Multiplication"}
    )
    level = fields.Integer(required=True, metadata={"description": "from 1 to 5, as the level shown to the pupil"})
    level_words = fields.String(required=True, metadata={"description": "the level in words", "example": "learning"})
    mastery = fields.Float(
        required=True,
        metadata={"description": "the share of the skill's exercises the pupil surely answers right, for a bar"},
    )
    answers = fields.Integer(required=True, metadata={"description": "answers counted in the skill"})
    new = fields.Boolean(required=True, metadata={"description": "opened, not practised yet"})


class RefereeReasonSchema(Schema):
    code = fields.String(required=True, metadata={"description": "what to send as `reason`", "example": "not-minimal"})
    words = fields.String(required=True, metadata={"description": "the fault in words, for the pupil to pick"})


class PracticeExerciseSchema(Schema):
    item = fields.String(
        required=True, metadata={"description": "the exercise's id, to send back", "example": "cover-2-17"}
    )
    skill = fields.String(required=True, validate=validate.OneOf(SKILLS))
    skill_name = fields.String(required=True, metadata={"description": "the skill's name for the pupil"})
    kind = fields.String(required=True, validate=validate.OneOf(("cover", "missing-card", "referee")))
    level = fields.Integer(required=True, metadata={"description": "the level of the tutor's exercises, 1 to 5"})
    operators = fields.String(required=True, metadata={"description": "the operators allowed", "example": "+-*"})
    time_limit = fields.Integer(
        required=True, metadata={"description": "seconds within which a right answer earns credit (quicker, more)"}
    )
    prompt = fields.String(required=True, metadata={"description": "the task in words"})
    top = fields.String(required=True, metadata={"description": "the top card", "example": "10"})
    hand = fields.List(
        fields.String(), required=True, allow_none=True, metadata={"description": "a cover exercise: the hand"}
    )
    puzzle = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "a missing-card exercise: the calculation, `?` for its missing card"},
    )
    play = fields.String(
        required=True, allow_none=True, metadata={"description": "a referee exercise: the calculation laid"}
    )
    reasons = fields.List(
        fields.Nested(RefereeReasonSchema),
        required=True,
        allow_none=True,
        metadata={"description": "a referee exercise: the faults to choose from (the same for every play)"},
    )


class ClassSummarySchema(Schema):
    name = fields.String(required=True)
    language = fields.String(required=True, validate=validate.OneOf(SUPPORTED_LANGUAGES))
    operators = fields.String(required=True, validate=validate.OneOf(OPERATOR_SETS))
    target = fields.Float(required=True)


class PracticeServedSchema(Schema):
    exercise = fields.Nested(
        PracticeExerciseSchema, required=True, metadata={"description": "what to show: never its answer key"}
    )
    hints = fields.List(
        fields.String(),
        required=True,
        metadata={"description": "the hints taken on it so far (at most 3; each lowers a right answer's credit)"},
    )
    skills = fields.List(
        fields.Nested(PracticeSkillSchema), required=True, metadata={"description": "the pupil's skills"}
    )
    progress = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "on one's own: the progress to send with the next request; null for a class pupil"},
    )
    class_ = fields.Nested(
        ClassSummarySchema,
        data_key="class",
        attribute="class",
        required=True,
        allow_none=True,
        metadata={"description": "a class pupil's class; null on one's own"},
    )


class OpenedSkillSchema(Schema):
    skill = fields.String(required=True, validate=validate.OneOf(SKILLS))
    name = fields.String(required=True)
    words = fields.String(required=True, metadata={"description": "the announcement", "example": "New: Division!"})


class RunSummarySchema(Schema):
    sentences = fields.List(fields.String(), required=True, metadata={"description": "the run's end in words"})
    right = fields.Integer(required=True)
    answers = fields.Integer(required=True)


class PracticeAnsweredSchema(Schema):
    item = fields.String(required=True)
    answer = fields.String(required=True, metadata={"description": "the answer as judged (with its reason)"})
    correct = fields.Boolean(required=True)
    message = fields.String(required=True, metadata={"description": "the judgement in words"})
    note = fields.String(required=True, allow_none=True, metadata={"description": "a word more, on a right answer"})
    codes = fields.List(
        fields.String(), required=True, metadata={"description": "the rules the play the answer makes breaks"}
    )
    counted = fields.Boolean(
        required=True, metadata={"description": "whether it counted: only the first answer to an exercise does"}
    )
    seconds = fields.Float(required=True, metadata={"description": "the seconds the answer counted as taking"})
    opened = fields.List(fields.Nested(OpenedSkillSchema), required=True, metadata={"description": "skills opened"})
    summary = fields.Nested(
        RunSummarySchema,
        required=True,
        allow_none=True,
        metadata={"description": "the end of a run of ten answers, at the tenth; else null"},
    )
    skills = fields.List(fields.Nested(PracticeSkillSchema), required=True)
    progress = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "on one's own: the progress to send with the next request; null for a class pupil"},
    )


# ----------------------------------------------------------------- classes: requests


class CreateClassRequestSchema(Schema):
    name = fields.String(
        required=True,
        validate=validate.Length(1, 4 * MAX_NAME, error=f"expected 1 to {MAX_NAME} characters"),
        metadata={"description": f"the class's name, 1 to {MAX_NAME} characters", "example": "4B"},
    )
    lang = fields.String(
        validate=validate.OneOf(SUPPORTED_LANGUAGES, error="expected one of {choices}"),
        metadata={
            "description": f"the class's language, for its pupils and its teacher: one of {_LANGUAGES_TEXT}; "
            "without it, the Accept-Language header's, else English",
            "example": "it",
        },
    )
    operators = _operators("the operators the class practises with", load_default="+-*/")
    target = _target("the chance of a right answer the exercises aim at", load_default=DEFAULT_TARGET)


class ChangeClassRequestSchema(Schema):
    name = fields.String(
        validate=validate.Length(1, 4 * MAX_NAME, error=f"expected 1 to {MAX_NAME} characters"),
        metadata={"description": f"the class's new name, 1 to {MAX_NAME} characters"},
    )
    lang = fields.String(
        validate=validate.OneOf(SUPPORTED_LANGUAGES, error="expected one of {choices}"),
        metadata={"description": f"the class's new language: one of {_LANGUAGES_TEXT}"},
    )
    operators = _operators("the operators the class practises with from now on")
    target = _target("the chance of a right answer aimed at from now on")


class JoinClassRequestSchema(Schema):
    code = fields.String(
        required=True,
        validate=validate.Length(1, MAX_CODE, error=f"expected 1 to {MAX_CODE} characters"),
        metadata={
            "description": f"the class code the teacher gave, {CODE_LENGTH} characters (case, spaces and dashes "
            "do not matter)",
            "example": "KX4-P7Q",
        },
    )
    nickname = fields.String(
        required=True,
        validate=validate.Length(1, 4 * MAX_NICKNAME, error=f"expected 1 to {MAX_NICKNAME} characters"),
        metadata={
            "description": f"the name the class knows the pupil by, 1 to {MAX_NICKNAME} characters, unique in "
            "the class: no e-mail, no surname needed",
            "example": "Sam",
        },
    )


class ClassOverviewQuerySchema(Schema):
    lang = language_field("the skills, levels and rules (the class's own language without it)")


# ----------------------------------------------------------------- classes: answers


class ClassSchema(ClassSummarySchema):
    id = fields.String(required=True, metadata={"description": "the class's id, in its addresses"})
    code = fields.String(required=True, metadata={"description": "the code pupils join with", "example": "KX4P7Q"})
    created = fields.DateTime(required=True)
    join_link = fields.String(required=True, metadata={"description": "the page where pupils join, code filled in"})


class CreatedClassSchema(ClassSchema):
    teacher_token = fields.String(
        required=True,
        metadata={
            "description": "the teacher's secret, shown only here: send it as `Authorization: Bearer <token>` "
            "to see, change or delete the class"
        },
    )
    teacher_link = fields.String(
        required=True, metadata={"description": "the teacher's page (secret: whoever has it sees the class)"}
    )


class JoinedClassSchema(Schema):
    pupil_token = fields.String(
        required=True,
        metadata={
            "description": "the pupil's secret, shown only here: send it as `Authorization: Bearer <token>` "
            "to practise in the class"
        },
    )
    nickname = fields.String(required=True, metadata={"description": "the nickname as kept (spaces tidied)"})
    class_ = fields.Nested(ClassSummarySchema, data_key="class", attribute="class", required=True)


class PracticeDaySchema(Schema):
    day = fields.Date(required=True)
    answers = fields.Integer(required=True)
    right = fields.Integer(required=True)
    levels = fields.Dict(
        keys=fields.String(),
        values=fields.Float(),
        required=True,
        metadata={
            "description": "by skill, the level (1 to 5) at the day's end: the mean of the pupils' levels in it, "
            "over those who had practised it by then",
            "example": {"add-subtract": 2.6, "multiply": 1.5},
        },
    )


class BrokenRuleSchema(Schema):
    code = fields.String(required=True, metadata={"example": "not-minimal"})
    words = fields.String(required=True, metadata={"description": "the rule in words, for the teacher"})
    times = fields.Integer(required=True)


class PupilOverviewSchema(Schema):
    id = fields.String(
        required=True, metadata={"description": "the pupil's id in the class, to remove them", "example": "k3J9x0TQ"}
    )
    nickname = fields.String(required=True)
    skills = fields.List(fields.Nested(PracticeSkillSchema), required=True)
    answers = fields.Integer(required=True, metadata={"description": "answers counted, ever"})
    answers_week = fields.Integer(required=True, metadata={"description": "answers in the last 7 days, today too"})
    right_week = fields.Integer(required=True)
    seconds_week = fields.Float(required=True, metadata={"description": "seconds practised in the last 7 days"})
    broken = fields.List(
        fields.Nested(BrokenRuleSchema), required=True, metadata={"description": "the rules broken most, at most 3"}
    )
    last_answer = fields.DateTime(required=True, allow_none=True)
    days = fields.List(fields.Nested(PracticeDaySchema), required=True, metadata={"description": "the last 28 days"})
    weakest_skills = fields.List(
        fields.String(), required=True, metadata={"description": "the practised skills at the lowest levels, at most 2"}
    )


class ClassOverviewSchema(ClassSchema):
    pupils = fields.List(fields.Nested(PupilOverviewSchema), required=True)
    days = fields.List(
        fields.Nested(PracticeDaySchema), required=True, metadata={"description": "the whole class, the last 28 days"}
    )
