"""The Game's requests and answers: a position and a play (or what a hint may know), read into engine values.

A request that cannot be a position of the game (an unknown field, a card
outside 2–99, a pile top it cannot show, a card twice, a hand larger than
the variant deals, a draw pile out of range) is refused naming the field;
an unknown pile in a play is not refused but judged (``unknown-pile``).

>>> request = TheGameCheckRequestSchema().load({
...     "piles": {"asc1": 47, "asc2": 1, "desc1": 65, "desc2": 100}, "hand": [37, 75, 12], "draw_pile": 50,
...     "play": [{"card": 37, "pile": "asc1"}]})
>>> request["position"].hand, request["play"]
((37, 75, 12), [Placement.parse('37>asc1')])
"""

from __future__ import annotations

from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, post_load, validate, validates_schema

from services.schemas.common import (
    EngineMessage,
    GameVerdictSchema,
    StrictBoolean,
    explanation_field,
    language_field,
    violation_message_en_field,
    violation_message_field,
)
from solver.errors import NambarzError
from solver.thegame.hint import REQUEST_NAMES, parse_request
from solver.thegame.referee import LARGEST_HAND, MAX_PLACEMENTS, Placement, Position, position_error
from solver.thegame.rules import CARDS, FIRE_CARDS, MAX_PLAYERS, PILES, Pile, Variant, possible_tops

# ----------------------------------------------------------------- requests


def _card(description: str, example: int) -> fields.Integer:
    return fields.Integer(
        required=True,
        strict=True,
        validate=validate.Range(CARDS[0], CARDS[-1]),
        metadata={"description": description, "example": example},
    )


def _top(pile: Pile, example: int) -> fields.Integer:
    tops = possible_tops(pile)
    start = "going up, 1" if pile.ascending else "going down, 100"
    return fields.Integer(
        required=True,
        strict=True,
        validate=validate.Range(tops.start, tops.stop - 1),
        metadata={"description": f"the number on top ({start} before any card)", "example": example},
    )


class TheGamePilesSchema(Schema):
    """The number each pile shows."""

    class Meta:
        unknown = RAISE

    asc1 = _top(Pile.ASC1, 47)
    asc2 = _top(Pile.ASC2, 1)
    desc1 = _top(Pile.DESC1, 65)
    desc2 = _top(Pile.DESC2, 100)


class TheGamePlacementSchema(Schema):
    """One card laid on a pile; an unknown pile name is judged (``unknown-pile``), not refused."""

    class Meta:
        unknown = RAISE

    card = _card("the card laid", 37)
    pile = fields.String(
        required=True, validate=validate.Length(1, 20), metadata={"description": "asc1, asc2, desc1 or desc2"}
    )

    @post_load
    def _placement(self, data: dict[str, Any], **_: Any) -> Placement:
        try:
            return Placement(data["card"], data["pile"])
        except NambarzError as error:
            raise ValidationError(EngineMessage(error), "pile") from None


class _TheGamePositionSchema(Schema):
    """The position at the start of a turn, as the player to move sees it."""

    class Meta:
        unknown = RAISE

    piles = fields.Nested(TheGamePilesSchema, required=True)
    hand = fields.List(
        _card("a card in hand", 37),
        required=True,
        validate=validate.Length(1, max(LARGEST_HAND.values())),
        metadata={"description": "the hand of the player to move", "example": [37, 75, 12]},
    )
    draw_pile = fields.Integer(
        required=True,
        strict=True,
        validate=validate.Range(0, len(CARDS)),
        metadata={"description": "cards left in the draw pile at the start of the turn", "example": 50},
    )
    variant = fields.String(
        load_default=Variant.STANDARD.value,
        validate=validate.OneOf([variant.value for variant in Variant]),
        metadata={"description": "standard, or pro (three cards a turn, smaller hands)"},
    )
    on_fire = StrictBoolean(load_default=False, metadata={"description": "play with the On Fire expansion"})
    fire_due = fields.List(
        fields.String(validate=validate.OneOf([pile.value for pile in PILES])),
        load_default=list,
        metadata={
            "description": "with on_fire: the piles whose fire card, laid in the previous turn, this play must cover",
            "example": [],
        },
    )
    lang = language_field("the explanation")

    @validates_schema
    def _a_position_of_the_game(self, data: dict[str, Any], **_: Any) -> None:
        problem = position_error(
            _piles(data["piles"]),
            data["hand"],
            data["draw_pile"],
            Variant(data["variant"]),
            on_fire=data["on_fire"],
            fire_due=[Pile(name) for name in data["fire_due"]],
        )
        if problem is not None:
            field, message = problem
            raise ValidationError(message, field)

    @post_load
    def _position(self, data: dict[str, Any], **_: Any) -> dict[str, Any]:
        position = Position(
            _piles(data.pop("piles")),
            tuple(data.pop("hand")),
            data.pop("draw_pile"),
            Variant(data.pop("variant")),
            data.pop("on_fire"),
            tuple(Pile(name) for name in data.pop("fire_due")),
        )
        return {"position": position, **data}


class TheGameCheckRequestSchema(_TheGamePositionSchema):
    """The position at the start of a turn and the play to judge."""

    play = fields.List(
        fields.Nested(TheGamePlacementSchema),
        required=True,
        validate=validate.Length(0, MAX_PLACEMENTS),
        metadata={"description": "the placements in the order laid", "example": [{"card": 37, "pile": "asc1"}]},
    )


class TheGameHintRequestSchema(_TheGamePositionSchema):
    """The position at the start of a turn, and what else the player to move may know."""

    played = fields.List(
        _card("a card already laid", 47),
        load_default=None,
        validate=validate.Length(0, len(CARDS)),
        metadata={"description": "every card laid so far; without it, only the cards showing on the piles"},
    )
    requests = fields.List(
        fields.Dict(
            keys=fields.String(validate=validate.OneOf([pile.value for pile in PILES])),
            values=fields.String(validate=validate.OneOf(list(REQUEST_NAMES.values()))),
        ),
        load_default=list,
        validate=validate.Length(0, MAX_PLAYERS - 1),
        metadata={
            "description": "the teammates' pile requests, nearest seat first: never numbers, only 'please-dont' "
            "or 'really-need' per pile",
            "example": [{"desc1": "really-need"}],
        },
    )
    alone = StrictBoolean(
        load_default=False,
        metadata={"description": "no teammate holds cards: with the draw pile empty the turn is solved exactly"},
    )

    @post_load
    def _pile_requests(self, data: dict[str, Any], **_: Any) -> dict[str, Any]:
        requests = tuple(
            {Pile(pile): parse_request(name) for pile, name in teammate.items()} for teammate in data["requests"]
        )
        return {**data, "requests": requests}


def _piles(tops: dict[str, int]) -> dict[Pile, int]:
    return {Pile(name): top for name, top in tops.items()}


# ----------------------------------------------------------------- responses


class TheGameViolationSchema(Schema):
    placement = fields.Integer(metadata={"description": "the 1-based placement it concerns, if it concerns one"})
    code = fields.String(required=True, metadata={"example": "wrong-direction"})
    rule = fields.String(
        required=True, metadata={"description": "rulebook section heading", "example": "Svolgimento della partita"}
    )
    message = violation_message_field()
    message_en = violation_message_en_field()


class TheGameJudgedPlacementSchema(Schema):
    card = fields.Integer(required=True)
    pile = fields.String(required=True)
    covers = fields.Integer(required=True, allow_none=True, metadata={"description": "null on an unknown pile"})
    legal = fields.Boolean(required=True)
    backwards = fields.Boolean(required=True, metadata={"description": "the ten-back move"})


class TheGameTopsSchema(Schema):
    asc1 = fields.Integer(required=True)
    asc2 = fields.Integer(required=True)
    desc1 = fields.Integer(required=True)
    desc2 = fields.Integer(required=True)


class TheGamePlayVerdictSchema(GameVerdictSchema):
    """The verdict on a whole play."""

    class Meta:
        # The shared verdict fields first and ``rulings`` last, in the order of the command line's JSON.
        fields = (
            "game",
            "legal",
            "violations",
            "variant",
            "on_fire",
            "piles",
            "hand",
            "draw_pile",
            "fire_due",
            "placements",
            "minimum",
            "minimum_reachable",
            "laid",
            "backwards",
            "piles_after",
            "hand_after",
            "draw",
            "fire_pending",
            "rulings",
        )

    violations = fields.List(fields.Nested(TheGameViolationSchema), required=True)
    variant = fields.String(required=True)
    on_fire = fields.Boolean(required=True)
    piles = fields.Nested(TheGameTopsSchema, required=True)
    hand = fields.List(fields.Integer(), required=True)
    draw_pile = fields.Integer(required=True)
    fire_due = fields.List(fields.String(), required=True)
    placements = fields.List(fields.Nested(TheGameJudgedPlacementSchema), required=True)
    minimum = fields.Integer(required=True, metadata={"description": "cards this turn must lay"})
    minimum_reachable = fields.Boolean(
        required=True, metadata={"description": "whether any order of the hand lays the minimum; if not, the game ends"}
    )
    laid = fields.Integer(required=True, metadata={"description": "cards legally laid"})
    backwards = fields.List(fields.Integer(), required=True, metadata={"description": "placements going ten back"})
    piles_after = fields.Nested(
        TheGameTopsSchema, required=True, metadata={"description": "the piles after the legal placements"}
    )
    hand_after = fields.List(fields.Integer(), required=True)
    draw = fields.Integer(required=True, metadata={"description": "cards to draw"})
    fire_pending = fields.List(
        fields.String(),
        required=True,
        metadata={"description": f"piles left showing a fire card ({sorted(FIRE_CARDS)}) the next turn must cover"},
    )


class TheGameCheckResponseSchema(TheGamePlayVerdictSchema):
    """The verdict on a whole play, and the verdict in words."""

    class Meta:
        fields = (*TheGamePlayVerdictSchema.Meta.fields, "explanation")

    explanation = explanation_field("the verdict")


class TheGameSuggestedPlacementSchema(Schema):
    card = fields.Integer(required=True)
    pile = fields.String(required=True)


class TheGameHintSchema(Schema):
    """The suggested turn, the referee's verdict on it, and what to ask of the others afterwards."""

    game = fields.String(required=True, metadata={"example": "thegame"})
    play = fields.List(
        fields.Nested(TheGameSuggestedPlacementSchema),
        required=True,
        metadata={"description": "the placements in order; empty when no order lays the minimum"},
    )
    verdict = fields.Nested(TheGamePlayVerdictSchema, required=True)
    requests_after = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        required=True,
        metadata={"description": "what the player may then say about each pile: 'please-dont' or 'really-need'"},
    )
    explanation = explanation_field("the suggested turn, its verdict and the requests")


class TheGameDeckSchema(Schema):
    """The cards of The Game: one of each number, and which are fire cards with the On Fire expansion."""

    name = fields.String(required=True, metadata={"example": "The Game"})
    cards = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        required=True,
        metadata={"description": "each card's number with its copies", "example": {"2": 1, "3": 1}},
    )
    fire_cards = fields.List(
        fields.Integer(), required=True, metadata={"description": "the fire cards of the On Fire expansion"}
    )
    size = fields.Integer(required=True, metadata={"example": 98})
