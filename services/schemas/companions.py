"""Scoresheets of games with the real cards: opening one, a round entered, an undo, and the scoresheet answered.

Malformed input (names that are not text or too long, a number of rounds
other than 1, 3 or 5, a variant the game does not have, a master stroke
that is not a whole number, a version below 0, unknown fields) is refused
naming the field.  What the rules refuse (an unknown player, a name twice
in the order, a round not over, master strokes out of range, teams not
seated together) is refused by :mod:`solver.nambarz.companion`, also as a 422
naming the field.

>>> CreateSheetRequestSchema().load({"players": ["Anna", "Ben", "Carla"]})["rounds"]
3
>>> RoundRequestSchema().load({"version": 2, "order": ["Ben", "Anna"], "strokes": {"Carla": [4]}})["strokes"]
{'Carla': [4]}
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from solver.nambarz.companion import GAME_LENGTHS, MASTER_STROKE_SIZES, MAX_STROKES, VARIANTS
from solver.nambarz.scoring import MAX_PLAYERS, MIN_PLAYERS

MAX_NAME_LENGTH = 40
"""The longest player's name: as at a table of play."""

_NAME = fields.String(validate=validate.Length(1, MAX_NAME_LENGTH, error="expected 1 to 40 characters"))


def _names(description: str, *, most: int = MAX_PLAYERS, least: int = 0) -> fields.List[Any]:
    return fields.List(
        _NAME,
        required=True,
        validate=validate.Length(least, most, error=f"expected {least} to {most} names"),
        metadata={"description": description},
    )


# ----------------------------------------------------------------- requests


class CreateSheetRequestSchema(Schema):
    players = fields.List(
        _NAME,
        required=True,
        validate=validate.Length(MIN_PLAYERS, MAX_PLAYERS, error=f"expected {MIN_PLAYERS} to {MAX_PLAYERS} names"),
        metadata={"description": "the players' names in seat order, unique", "example": ["Anna", "Ben", "Carla"]},
    )
    teams = fields.List(
        fields.List(_NAME, validate=validate.Length(1, MAX_PLAYERS)),
        load_default=None,
        allow_none=True,
        validate=validate.Length(2, MAX_PLAYERS, error=f"expected 2 to {MAX_PLAYERS} teams"),
        metadata={
            "description": "the teams, each a list of players sitting side by side (IX); null or absent: each "
            "plays for themselves"
        },
    )
    rounds = fields.Integer(
        strict=True,
        load_default=3,
        validate=validate.OneOf(GAME_LENGTHS, error="expected 1, 3 or 5"),
        metadata={"description": "how many rounds the game has: 1, 3 or 5 (VI)"},
    )
    variant = fields.String(
        load_default=VARIANTS[0],
        validate=validate.OneOf(VARIANTS, error="expected one of {choices}"),
        metadata={"description": f"the variant the table plays (XI), noted on the scoresheet: {', '.join(VARIANTS)}"},
    )


class VersionRequestSchema(Schema):
    version = fields.Integer(
        strict=True,
        required=True,
        validate=validate.Range(min=0),
        metadata={"description": "the scoresheet's version the change was made on; another is refused with 409"},
    )


class RoundRequestSchema(VersionRequestSchema):
    order = _names(
        "who went out, first out first, until the round ended; it may go on with the players still holding "
        "cards, fewest cards first (the others follow in seat order)",
        least=1,
    )
    strokes = fields.Dict(
        keys=fields.String(),
        values=fields.List(
            fields.Integer(
                strict=True,
                validate=validate.Range(
                    MASTER_STROKE_SIZES[0],
                    MASTER_STROKE_SIZES[-1],
                    error=f"expected {MASTER_STROKE_SIZES[0]} to {MASTER_STROKE_SIZES[-1]} cards",
                ),
            ),
            validate=validate.Length(max=MAX_STROKES, error=f"expected at most {MAX_STROKES} master strokes"),
        ),
        load_default=dict,
        metadata={
            "description": "each player's master strokes of the round, as the number of cards of each "
            "(4 cards: 7 points, 5: 14, 6: 21, …: X)",
            "example": {"Carla": [4]},
        },
    )


# ----------------------------------------------------------------- answers


class PlayedRoundSchema(Schema):
    number = fields.Integer(required=True)
    tie_break = fields.Boolean(required=True, metadata={"description": "an extra round among tied players (X)"})
    players = fields.List(fields.String(), required=True)
    starter = fields.String(
        required=True, allow_none=True, metadata={"description": "who started it; null: the player left of the dealer"}
    )
    order = fields.List(fields.String(), required=True)
    strokes = fields.Dict(keys=fields.String(), values=fields.List(fields.Integer()), required=True)
    ranking = fields.List(fields.String(), required=True)
    rank_points = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    master_points = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    points = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    team_points = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True, allow_none=True)
    rulings = fields.List(fields.String(), required=True)


class StandingSchema(Schema):
    members = fields.List(fields.String(), required=True, metadata={"description": "the player, or a team's members"})
    total = fields.Integer(required=True)
    place = fields.Integer(required=True, metadata={"description": "shared by tied players until their tie-break"})


class NextRoundSchema(Schema):
    number = fields.Integer(required=True)
    tie_break = fields.Boolean(required=True)
    players = fields.List(fields.String(), required=True)
    starter = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "the player with the most points; null for the first round (left of the dealer)"},
    )
    places = fields.List(fields.Integer(), required=True, metadata={"description": "the places a tie-break decides"})
    total = fields.Integer(required=True, allow_none=True, metadata={"description": "the tied total"})


class SheetSchema(Schema):
    id = fields.String(required=True)
    link = fields.String(required=True, metadata={"description": "the scoresheet's page: whoever has it may edit"})
    version = fields.Integer(required=True, metadata={"description": "the number of changes saved so far"})
    players = fields.List(fields.String(), required=True)
    teams = fields.List(fields.List(fields.String()), required=True, allow_none=True)
    rounds = fields.Integer(required=True)
    variant = fields.String(required=True)
    played = fields.List(fields.Nested(PlayedRoundSchema), required=True)
    totals = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        required=True,
        metadata={"description": "each player's points over the regular rounds"},
    )
    standings = fields.List(fields.Nested(StandingSchema), required=True)
    next_round = fields.Nested(NextRoundSchema, required=True, allow_none=True)
    is_over = fields.Boolean(required=True)
