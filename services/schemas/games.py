"""Games played over HTTP: opening one, a seat's view, an action with its version, the log and the review.

Malformed input (an unknown game, no seats or too many, a seat kind or
language the server does not know, a seed that is not a whole number, an
action that is not text, a version below 0, unknown fields) is refused
naming the field.  Settings the game itself refuses (a variant it does not
have, a player count it is not played by, an option it does not know) are
refused by the engine, also as a 422 naming the field.

>>> seats = [{"name": "Ann"}, {"name": "Bot", "kind": "strong"}]
>>> request = CreateGameRequestSchema().load({"game": "quando", "seats": seats})
>>> [seat["kind"] for seat in request["seats"]], request["options"]
(['human', 'strong'], {})
"""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from services.play.fairness import MAX_SEED
from services.play.store import MAX_ACTIONS, MAX_LOG_PAGE
from services.schemas.common import RegisteredGame, language_field
from solver.games import GAMES
from tutor.i18n import SUPPORTED_LANGUAGES

MAX_SEATS = max(game.players.stop - 1 for game in GAMES)
MAX_ACTION_LENGTH = 200
"""The longest action text: a Nambarz calculation of forty cards is shorter."""


def _listed(names: tuple[str, ...]) -> str:
    return ", ".join(f"`{name}`" for name in names)


BOT_KINDS = "; ".join(f"{game.name} {_listed(game.bot_kinds)}" for game in GAMES)
"""Each game's bots, as the OpenAPI document lists them."""

DEFAULT_BOTS = "; ".join(
    f"{game.name} `{game.bot_kinds[0]}`"
    + "".join(f", {variant} `{kind}`" for variant, kind in game.default_bots.items())
    for game in GAMES
)
"""Each game's default bot, and the variants with one of their own, as the OpenAPI document lists them."""

VARIANTS = "; ".join(f"{game.name} {_listed(game.variants)}" for game in GAMES)
"""Each game's variants, as the OpenAPI document lists them."""

OPTIONS = ", ".join(f"{game.name} `{option.name}` ({option.expected})" for game in GAMES for option in game.options)
"""Each game's own options, as the OpenAPI document lists them."""


# ----------------------------------------------------------------- requests


class SeatRequestSchema(Schema):
    name = fields.String(
        required=True,
        validate=validate.Length(1, 40, error="expected 1 to 40 characters"),
        metadata={"description": "the player's name, shown to the other seats", "example": "Ann"},
    )
    kind = fields.String(
        load_default="human",
        validate=validate.Length(1, 20),
        metadata={
            "description": f"`human`; `bot`, the game's default bot for the variant ({DEFAULT_BOTS}); "
            f"or one of the game's bots: {BOT_KINDS}",
            "example": "planner",
        },
    )
    lang = fields.String(
        validate=validate.OneOf(SUPPORTED_LANGUAGES),
        metadata={"description": "the seat's language for verdicts and the review; by default the request's"},
    )


class CreateGameRequestSchema(Schema):
    game = fields.String(required=True, validate=RegisteredGame(), metadata={"example": "nambarz"})
    seats = fields.List(
        fields.Nested(SeatRequestSchema),
        required=True,
        validate=validate.Length(1, MAX_SEATS, error=f"expected 1 to {MAX_SEATS} seats"),
        metadata={"description": "the players in seat order; at least one human"},
    )
    options = fields.Dict(
        keys=fields.String(),
        load_default=dict,
        metadata={
            "description": f"the game's own options: `variant` for every game ({VARIANTS}), {OPTIONS}",
            "example": {"variant": "beginners", "rounds": 1},
        },
    )
    seed = fields.Integer(
        strict=True,
        validate=validate.Range(0, MAX_SEED),
        metadata={
            "description": "the seed of the shuffles, to deal a game again: only for a game with one human seat "
            "(whoever knows the seed knows every hand); drawn at random, and kept secret until the end, if left out"
        },
    )
    lang = language_field("the seats' verdicts and reviews, unless a seat names its own")


class ActionRequestSchema(Schema):
    action = fields.String(
        required=True,
        validate=validate.Length(1, MAX_ACTION_LENGTH),
        metadata={
            "description": "an item of the view's legal_actions, or any action in the game's notation; The Game's "
            "pile requests too: 'ask dont asc1' (please don't play here), 'ask good desc2' (I can play well here), "
            "'ask none asc1' (taking it back)"
        },
    )
    version = fields.Integer(
        strict=True,
        required=True,
        validate=validate.Range(min=0),
        metadata={"description": "the view's version the action was chosen on; another is refused with 409"},
    )
    lang = language_field("the verdict and the view")


class RematchRequestSchema(Schema):
    """Playing again takes nothing but the seat's token: the body is an empty object, ``{}``."""


# ----------------------------------------------------------------- answers


class CreatedSeatSchema(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    kind = fields.String(required=True)
    token = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "the seat's secret (humans only): send it as `Authorization: Bearer <token>`"},
    )
    link = fields.String(
        required=True, allow_none=True, metadata={"description": "the seat's page, to open or to send (humans only)"}
    )


def commitment_field() -> fields.String:
    """The commitment to the deal every seat is shown (see docs/play.md: fair play)."""
    return fields.String(
        required=True,
        allow_none=True,
        metadata={
            "description": "the SHA-256 (hex) of the seed's decimal digits, shown from the start: once the game "
            "is over the log gives the seed, to hash and compare, and to replay the game from"
        },
    )


class CreatedGameSchema(Schema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    variant = fields.String(required=True)
    version = fields.Integer(required=True)
    deal_commitment = commitment_field()
    seats = fields.List(fields.Nested(CreatedSeatSchema), required=True)


def stopped_field() -> fields.String:
    """Why a game ended before its rules ended it."""
    return fields.String(
        required=True,
        allow_none=True,
        metadata={
            "description": "`action-limit` when the game reached the most actions a game is kept for (20,000) "
            "and stopped there with its standings; null otherwise"
        },
    )


class SeatSchema(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    kind = fields.String(required=True)
    hand_size = fields.Integer(required=True)


class LogLineSchema(Schema):
    number = fields.Integer(required=True, metadata={"description": "the version the action brought the game to"})
    seat = fields.Integer(required=True)
    action = fields.String(required=True)
    legal = fields.Boolean(required=True)


class RoundOutcomeSchema(Schema):
    number = fields.Integer(required=True, metadata={"description": "the round's number, from 1"})
    winners = fields.List(
        fields.Integer(),
        required=True,
        metadata={
            "description": "the seats that won the round (Nambarz and Nmbrs!: who went out; Quando: who "
            "scored least); empty for a round nobody won"
        },
    )
    points = fields.List(
        fields.Integer(allow_none=True),
        required=True,
        metadata={
            "description": "per seat, what the round gave (Quando: its points, lowest best; Nmbrs!: the "
            "score's change); null for a seat that sat the round out"
        },
    )
    master_strokes = fields.List(
        fields.Integer(allow_none=True),
        required=True,
        allow_none=True,
        metadata={"description": "Nambarz: per seat, the master strokes played in the round; null in other games"},
    )
    contested_place = fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "Nambarz: the place a tie-break round was played for (1: first); null otherwise"},
    )


class TieBreakSchema(Schema):
    seats = fields.List(fields.Integer(), required=True, metadata={"description": "the players level on points"})
    place = fields.Integer(required=True, metadata={"description": "the place they shared and played for"})
    points = fields.Integer(required=True, metadata={"description": "the points they were level on (a team: its sum)"})
    ranking = fields.List(fields.Integer(), required=True, metadata={"description": "how the round ranked them"})


class GameResultsSchema(Schema):
    winners = fields.List(fields.Integer(), required=True, metadata={"description": "the seats that won"})
    places = fields.List(
        fields.Integer(),
        required=True,
        metadata={"description": "per seat, its place from 1; equal places are ties; empty in The Game"},
    )
    points = fields.List(
        fields.Integer(),
        required=True,
        allow_none=True,
        metadata={"description": "per seat, the game's score (Quando: totals, lowest wins); null in The Game"},
    )
    lowest_wins = fields.Boolean(required=True, metadata={"description": "true in Quando"})
    rounds = fields.List(
        fields.Nested(RoundOutcomeSchema), required=True, metadata={"description": "the finished rounds kept"}
    )
    earlier_rounds = fields.Integer(
        required=True, metadata={"description": "Quando: the rounds played before those listed, no longer kept"}
    )
    master_strokes = fields.List(
        fields.Integer(),
        required=True,
        allow_none=True,
        metadata={"description": "Nambarz: per seat, the master strokes played in the game; null in other games"},
    )
    tie_breaks = fields.List(
        fields.Nested(TieBreakSchema), required=True, metadata={"description": "Nambarz: the tie-break rounds"}
    )
    cooperative = fields.Boolean(required=True, metadata={"description": "true in The Game: all win or lose"})
    won = fields.Boolean(required=True, allow_none=True, metadata={"description": "The Game: every card was laid"})
    cards_left = fields.Integer(required=True, allow_none=True, metadata={"description": "The Game: cards not laid"})
    excellent = fields.Boolean(
        required=True, allow_none=True, metadata={"description": "The Game: fewer than 10 cards were left"}
    )
    ending = fields.String(
        required=True, allow_none=True, metadata={"description": "The Game: why it ended, as the table's ending"}
    )


class GameViewSchema(Schema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    variant = fields.String(required=True)
    options = fields.Dict(required=True)
    version = fields.Integer(required=True, metadata={"description": "the number of actions taken so far"})
    seat = fields.Integer(required=True, metadata={"description": "the seat this view is for"})
    language = fields.String(required=True)
    seats = fields.List(fields.Nested(SeatSchema), required=True)
    to_move = fields.Integer(required=True, allow_none=True)
    your_turn = fields.Boolean(required=True)
    is_over = fields.Boolean(required=True)
    stopped = stopped_field()
    hand = fields.List(fields.Raw(), required=True, metadata={"description": "this seat's cards, in the order held"})
    draw_pile = fields.Integer(required=True, metadata={"description": "how many cards the draw pile holds"})
    scores = fields.List(
        fields.Integer(), required=True, metadata={"description": "per seat, higher is better (see the game's rules)"}
    )
    table = fields.Dict(
        required=True,
        metadata={
            "description": "what lies in sight of everyone (The Game: the players' pile requests as they made "
            "them, requests and your_requests); see the HTTP API guide"
        },
    )
    legal_actions = fields.List(
        fields.String(),
        required=True,
        metadata={
            "description": "on this seat's turn, every legal action, each to send back as it is; The Game's pile "
            "requests (ask WISH PILE) are not listed, and any of them may be sent on the seat's turn"
        },
    )
    deal_commitment = commitment_field()
    log = fields.List(fields.Nested(LogLineSchema), required=True, metadata={"description": "the latest actions"})
    results = fields.Nested(
        GameResultsSchema,
        required=True,
        allow_none=True,
        metadata={"description": "once the game is over, how it ended: places, points, rounds; null before"},
    )
    next_game = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "the id of the game the players went on to (rematch), null until one is started"},
    )


class NextGameSchema(Schema):
    id = fields.String(required=True, metadata={"description": "the next game's id"})
    seat = fields.Integer(required=True, metadata={"description": "the token's seat there: the same as before"})
    link = fields.String(required=True, metadata={"description": "the seat's page at the next game"})


class ActionAnswerSchema(Schema):
    accepted = fields.Boolean(
        required=True,
        metadata={"description": "false when the game refused the move (all games but Nambarz refuse illegal moves)"},
    )
    verdict = fields.Dict(
        required=True,
        metadata={"description": "the referee's verdict, as the game's check endpoint writes it, with explanation"},
    )
    view = fields.Nested(GameViewSchema, required=True)


class LogQuerySchema(Schema):
    after = fields.Integer(
        load_default=0,
        validate=validate.Range(0, MAX_ACTIONS),
        metadata={"description": "the number of the last action already read: the page starts after it"},
    )
    limit = fields.Integer(
        load_default=MAX_LOG_PAGE,
        validate=validate.Range(1, MAX_LOG_PAGE),
        metadata={"description": f"the most actions to give, 1 to {MAX_LOG_PAGE}"},
    )


class LogActionSchema(Schema):
    number = fields.Integer(required=True)
    seat = fields.Integer(required=True)
    action = fields.String(required=True)
    verdict = fields.Dict(
        required=True,
        metadata={"description": "the referee's verdict; while the game is on, as the reading seat may see it"},
    )


class LogSeatSchema(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    kind = fields.String(required=True)


class GameLogSchema(Schema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    variant = fields.String(required=True)
    options = fields.Dict(required=True)
    seats = fields.List(fields.Nested(LogSeatSchema), required=True)
    version = fields.Integer(required=True)
    is_over = fields.Boolean(required=True)
    stopped = stopped_field()
    scores = fields.List(fields.Integer(), required=True)
    deal_commitment = commitment_field()
    seed = fields.String(
        required=True,
        allow_none=True,
        metadata={
            "description": "the seed of the deal in decimal digits (a string: it has 39 digits or so), given once "
            "the game is over, null before"
        },
    )
    after = fields.Integer(required=True, metadata={"description": "the page starts after this action"})
    next_after = fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "the after of the next page, null on the last page"},
    )
    actions = fields.List(fields.Nested(LogActionSchema), required=True)


class ReviewTurnSchema(Schema):
    turn = fields.Integer(required=True, metadata={"description": "the turn's number, counting every seat's turns"})
    player_turn = fields.Integer(
        required=True,
        metadata={
            "description": "the turn's number among the seat's own reviewed turns, from 1 (\"your turn 3\"); a turn "
            "with nothing to decide is not reviewed"
        },
    )
    actions = fields.List(
        fields.Integer(), required=True, metadata={"description": "the numbers of the log's actions it spans"}
    )
    played = fields.List(fields.String(), required=True, metadata={"description": "the actions the seat took"})
    best = fields.List(
        fields.String(), required=True, metadata={"description": "the engine's best turn from what the seat knew"}
    )
    measures = fields.Dict(required=True, metadata={"description": "the turn played, measured as the game judges"})
    best_measures = fields.Dict(required=True, metadata={"description": "the best turn, measured the same way"})
    mark = fields.String(
        required=True,
        metadata={
            "description": "best, good, or what the turn lost: lost-cards, lost-points, penalised, wider-gap, "
            "higher-sum; unreviewed when the engine could not search the position",
        },
    )
    lost = fields.Dict(required=True, metadata={"description": "what the turn lost against the best, by measure"})
    details = fields.Dict(required=True, metadata={"description": "the position and the outcome, by game"})
    explanation = fields.String(
        required=True,
        metadata={
            "description": "the turn judged, in the seat's language, then the best turn in words when it was better"
        },
    )


class ReviewSchema(Schema):
    game = fields.String(required=True)
    seat = fields.Integer(required=True)
    language = fields.String(required=True)
    turns = fields.List(
        fields.Nested(ReviewTurnSchema), required=True, metadata={"description": "each finished turn of the seat"}
    )
    totals = fields.Dict(required=True, metadata={"description": "turns reviewed, turns at best, marks, what was lost"})
    summary = fields.String(required=True, metadata={"description": "the review in a few words"})
