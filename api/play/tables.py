"""Tables of play: games between people and bots, the engine deciding every move and the store keeping it.

A :class:`Tables` runs the games of one :class:`~api.play.store.GameStore`.
It opens a game from its settings and seats, gives each human seat a secret
token (only its SHA-256 digest is stored), shows a seat its own view of the
game (:meth:`GameEntry.seat_view <solver.games.GameEntry.seat_view>`), takes
a seat's action, lets the bots move as soon as it is their turn, and keeps
the transcript from which :func:`replay` rebuilds the game exactly.

The engine decides; this module only stores and serves.  An illegal Nambarz
play is carried out with its penalty (rule V) and recorded; the other games
refuse an illegal move with its verdict and record nothing.  Every change is
saved in one transaction that names the version it started from, so of two
actions racing on one game exactly one is kept (:class:`StaleGameError` for
the other), and a server stopped at any moment goes on from the last saved
action.

>>> import tempfile
>>> from api.play.store import GameStore
>>> folder = tempfile.TemporaryDirectory()
>>> tables = Tables(GameStore(f"sqlite:///{folder.name}/games.sqlite3"))
>>> game, tokens = tables.open_game("quando", [SeatRequest("Ann"), SeatRequest("Bot", "strong")], seed=3)
>>> view = tables.view(game, 0, "en")
>>> view["seat"], view["version"] >= 0, len(view["hand"]) == view["seats"][0]["hand_size"]
(0, True, True)
>>> tables.find_seat(game.id, "not the token")
Traceback (most recent call last):
...
api.play.tables.SeatForbiddenError: this token holds no seat at this game
>>> tables.store.dispose()
>>> folder.cleanup()
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from api.play.store import (
    ActionRecord,
    GameStore,
    GameTooLongError,
    SeatRecord,
    StaleVersionError,
    StoredGame,
    new_game_id,
)
from solver.budget import BudgetExceededError, current_budget
from solver.contract import GameState
from solver.errors import GameError, IllegalMoveError, NambarzError, SearchLimitError
from solver.games import GameEntry, find_game
from tutor.i18n import DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES
from tutor.play import verdict_document
from tutor.review import review

HUMAN = "human"
"""The kind of a seat a person plays; every other kind is one of the game's bots."""

MAX_NAME_LENGTH = 40
"""The longest name of a seat."""

RECENT_ACTIONS = 30
"""How many of the latest actions a seat's view lists; the whole transcript is the log's."""

BOTS_SHARE = 0.5
"""The share of a request's time budget the bots may start moves in; the rest answers the request.

Bots that run out of it stop where they are, and go on at the next request
about the game (any seat's view)."""


class TableError(Exception):
    """A request about a game that cannot be met; ``status`` is the HTTP status that says why."""

    status = 422
    field: str | None = None


class GameNotFoundError(TableError):
    """No game has this id."""

    status = 404


class SeatForbiddenError(TableError):
    """The token holds no seat at the game, or its seat may not act now."""

    status = 403


class StaleGameError(TableError):
    """The game has moved on since the version the action was sent for, or is over."""

    status = 409


class SetupError(TableError):
    """Settings or seats a game cannot start with; ``field`` names the setting."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


class ActionRefusedError(TableError):
    """An action the engine cannot judge in this position (bad notation, cards not held, a draw while able to play)."""

    field = "action"


@dataclass(frozen=True)
class SeatRequest:
    """A seat asked for when a game opens: its name, ``human`` or a bot kind, and its language."""

    name: str
    kind: str = HUMAN
    language: str = DEFAULT_LANGUAGE


@dataclass(frozen=True)
class Outcome:
    """What an action came to: its verdict, whether the game took it, the game after it (and the bots), the seat."""

    verdict: dict[str, Any]
    accepted: bool
    game: StoredGame
    seat: int


class Tables:
    """The games of one store: open, view, act, log and review."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    # ----------------------------------------------------------------- opening a game

    def open_game(
        self,
        game: str,
        seats: Sequence[SeatRequest],
        *,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
    ) -> tuple[StoredGame, list[str | None]]:
        """Start ``game`` for ``seats`` and let the bots move; the game and each seat's token (``None`` for a bot)."""
        entry = _entry(game)
        settings = dict(options or {})
        variant = settings.pop("variant", None)
        if variant is not None and not isinstance(variant, str):
            raise SetupError("options", f"options.variant: expected the name of a variant, not {variant!r}")
        chosen_seed = secrets.randbelow(2**31) if seed is None else seed
        try:
            state = entry.new_game(players=len(seats), variant=variant, seed=chosen_seed, options=settings)
        except GameError as error:
            field = "seats" if str(error).startswith("players:") else "options"
            raise SetupError(field, str(error)) from None
        records, tokens = _seat_records(entry, seats)
        now = datetime.now(UTC)
        stored = StoredGame(
            id=new_game_id(),
            game=entry.name.value,
            variant=variant or entry.variants[0],
            options=settings,
            seed=chosen_seed,
            seats=records,
            version=0,
            state=state.to_dict(),
            finished=state.is_over,
            created=now,
            updated=now,
        )
        self.store.add(stored)
        return self._bots_move(stored, state, []), tokens

    # ----------------------------------------------------------------- finding a game and a seat

    def get(self, game_id: str) -> StoredGame:
        """The game ``game_id``, or :class:`GameNotFoundError`."""
        stored = self.store.get(game_id)
        if stored is None:
            raise GameNotFoundError(f"no game has the id {game_id!r}")
        return stored

    def find_seat(self, game_id: str, token: str) -> tuple[StoredGame, int]:
        """The game ``game_id`` and the seat ``token`` holds there; 404 or 403 otherwise."""
        stored = self.get(game_id)
        digest = token_digest(token)
        for seat in stored.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return stored, seat.seat
        raise SeatForbiddenError("this token holds no seat at this game")

    # ----------------------------------------------------------------- a seat's view

    def catch_up(self, stored: StoredGame) -> StoredGame:
        """The game after the bots' moves still due (bots stopped by a time budget go on here)."""
        state = _load(stored)
        if state.is_over or _seat_kind(stored, state.to_move) == HUMAN:
            return stored
        try:
            return self._bots_move(stored, state, [])
        except StaleGameError:
            return self.get(stored.id)

    def view(self, stored: StoredGame, seat: int, language: str) -> dict[str, Any]:
        """What ``seat`` may see of the game, with its legal actions on its turn and the latest actions."""
        entry = _entry(stored.game)
        state = _load(stored)
        seen = entry.seat_view(state, seat)
        your_turn = state.to_move == seat
        recent = self.store.actions(stored.id, after=stored.version - RECENT_ACTIONS)
        return {
            "id": stored.id,
            "game": stored.game,
            "variant": stored.variant,
            "options": stored.options,
            "version": stored.version,
            "seat": seat,
            "language": language,
            "seats": [
                {"seat": record.seat, "name": record.name, "kind": record.kind, "hand_size": size}
                for record, size in zip(stored.seats, seen["hand_sizes"], strict=True)
            ],
            "to_move": seen["to_move"],
            "your_turn": your_turn,
            "is_over": seen["is_over"],
            "hand": seen["hand"],
            "draw_pile": seen["draw_pile"],
            "scores": seen["returns"],
            "table": seen["table"],
            "legal_actions": [str(action) for action in state.legal_actions()] if your_turn else [],
            "log": [_log_line(record) for record in recent],
        }

    # ----------------------------------------------------------------- acting

    def act(self, game_id: str, token: str, action: str, version: int, language: str | None = None) -> Outcome:
        """Apply ``action`` for the seat of ``token`` if the game is still at ``version`` and it is that seat's turn.

        The verdict is told in ``language``, by default the seat's.
        """
        stored, seat = self.find_seat(game_id, token)
        if version != stored.version:
            raise StaleGameError(
                f"the game is at version {stored.version}, not {version}: look at it again before acting"
            )
        state = _load(stored)
        if state.is_over:
            raise StaleGameError("the game is over")
        if state.to_move != seat:
            mover = stored.seats[state.to_move].name if state.to_move is not None else "nobody"
            raise SeatForbiddenError(f"it is not your turn: {mover} is to move")
        entry = _entry(stored.game)
        try:
            parsed = entry.parse_action(action)
            verdict = state.apply(parsed)
        except IllegalMoveError as refusal:
            return Outcome(verdict_document(refusal.verdict, language or _language(stored, seat)), False, stored, seat)
        except NambarzError as error:
            raise ActionRefusedError(str(error)) from None
        record = ActionRecord(stored.version + 1, seat, str(parsed), verdict.to_dict())
        saved = self._bots_move(stored, state, [record])
        return Outcome(verdict_document(verdict, language or _language(stored, seat)), True, saved, seat)

    def _bots_move(self, stored: StoredGame, state: GameState[Any], done: list[ActionRecord]) -> StoredGame:
        """Let the bots move while it is a bot's turn and time allows, then save ``done`` and their actions at once."""
        entry = _entry(stored.game)
        bots: dict[int, Any] = {}
        actions = list(done)
        while not state.is_over and state.to_move is not None and _seat_kind(stored, state.to_move) != HUMAN:
            if not _time_for_bots():
                break
            seat = state.to_move
            if seat not in bots:
                bots[seat] = entry.make_bot(stored.seats[seat].kind, seed=stored.seed + seat)
            before = state.to_dict()
            try:
                chosen = _bot_choice(bots[seat], state)
                verdict = state.apply(chosen)
            except BudgetExceededError:
                # A search of the move ran out of time, perhaps halfway through applying it: undo, go on next time.
                state = entry.load_state(before)
                break
            actions.append(ActionRecord(stored.version + len(actions) + 1, seat, str(chosen), verdict.to_dict()))
        if not actions:
            return stored
        try:
            return self.store.save(
                stored.id,
                expected_version=stored.version,
                state=state.to_dict(),
                finished=state.is_over,
                actions=actions,
            )
        except StaleVersionError:
            raise StaleGameError("another action reached the game first: look at it again before acting") from None
        except GameTooLongError as error:
            raise ActionRefusedError(str(error)) from None

    # ----------------------------------------------------------------- the transcript and the review

    def log(self, stored: StoredGame) -> dict[str, Any]:
        """The whole transcript with each verdict, and the settings :func:`replay` rebuilds the game from."""
        state = _load(stored)
        return {
            "id": stored.id,
            "game": stored.game,
            "variant": stored.variant,
            "options": stored.options,
            "seed": stored.seed,
            "seats": [{"seat": record.seat, "name": record.name, "kind": record.kind} for record in stored.seats],
            "version": stored.version,
            "is_over": state.is_over,
            "scores": state.returns(),
            "actions": [
                {"number": record.number, "seat": record.seat, "action": record.action, "verdict": record.verdict}
                for record in self.store.actions(stored.id)
            ],
        }

    def review(self, stored: StoredGame, seat: int, language: str) -> dict[str, Any]:
        """``seat``'s finished turns, each compared with the engine's best turn from what the seat knew then."""
        actions = [(record.seat, record.action) for record in self.store.actions(stored.id)]
        return review(stored.game, _fresh_state(stored), actions, seat, language)


def replay(log: Mapping[str, Any]) -> GameState[Any]:
    """The game a :meth:`Tables.log` transcript describes, rebuilt by the engine from its settings and actions.

    Raises :class:`~solver.errors.GameError` if an action is by the wrong seat or is refused.
    """
    entry = _entry(str(log["game"]))
    state = entry.new_game(
        players=len(log["seats"]), variant=log["variant"], seed=log["seed"], options=dict(log["options"])
    )
    for entry_action in log["actions"]:
        if state.to_move != entry_action["seat"]:
            raise GameError(
                f"action {entry_action['number']} ({entry_action['action']}) is by seat {entry_action['seat']}, "
                f"but seat {state.to_move} is to move"
            )
        state.apply(entry.parse_action(entry_action["action"]))
    return state


def token_digest(token: str) -> str:
    """The SHA-256 digest of a seat's token, as the store keeps it.

    >>> len(token_digest("abc"))
    64
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _entry(game: str) -> GameEntry:
    try:
        return find_game(game)
    except GameError as error:
        raise SetupError("game", str(error)) from None


def _load(stored: StoredGame) -> GameState[Any]:
    return _entry(stored.game).load_state(stored.state)


def _fresh_state(stored: StoredGame) -> GameState[Any]:
    return _entry(stored.game).new_game(
        players=len(stored.seats), variant=stored.variant, seed=stored.seed, options=stored.options
    )


def _seat_kind(stored: StoredGame, seat: int | None) -> str:
    return HUMAN if seat is None else stored.seats[seat].kind


def _language(stored: StoredGame, seat: int) -> str:
    return stored.seats[seat].language


def _seat_records(entry: GameEntry, seats: Sequence[SeatRequest]) -> tuple[tuple[SeatRecord, ...], list[str | None]]:
    kinds = (HUMAN, *entry.bot_kinds)
    records: list[SeatRecord] = []
    tokens: list[str | None] = []
    for number, seat in enumerate(seats):
        name = seat.name.strip()
        if not name or len(name) > MAX_NAME_LENGTH or not name.isprintable():
            raise SetupError(
                "seats",
                f"seats[{number}].name: expected 1 to {MAX_NAME_LENGTH} printable characters, not {seat.name!r}",
            )
        if seat.kind not in kinds:
            raise SetupError(
                "seats", f"seats[{number}].kind: {entry.title} seats are {', '.join(kinds)}, not {seat.kind!r}"
            )
        if seat.language not in SUPPORTED_LANGUAGES:
            raise SetupError(
                "seats",
                f"seats[{number}].lang: expected one of {', '.join(SUPPORTED_LANGUAGES)}, not {seat.language!r}",
            )
        token = secrets.token_urlsafe(24) if seat.kind == HUMAN else None
        tokens.append(token)
        records.append(
            SeatRecord(number, name, seat.kind, None if token is None else token_digest(token), seat.language)
        )
    if all(token is None for token in tokens):
        raise SetupError("seats", "seats: at least one seat must be human, or nobody could look at the game")
    return tuple(records), tokens


def _time_for_bots() -> bool:
    """True while the request's budget (if any) has time left for another bot move."""
    budget = current_budget()
    return budget is None or budget.remaining() > budget.seconds * (1 - BOTS_SHARE)


def _bot_choice(bot: Any, state: GameState[Any]) -> Any:
    """The bot's action; when its own search limit stops it (a huge hand), the first legal action instead."""
    try:
        return bot.choose(state)
    except BudgetExceededError:
        raise
    except SearchLimitError:
        return state.legal_actions()[0]


def _log_line(record: ActionRecord) -> dict[str, Any]:
    return {
        "number": record.number,
        "seat": record.seat,
        "action": record.action,
        "legal": bool(record.verdict.get("legal", True)),
    }
