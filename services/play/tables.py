"""Tables of play: games between people and bots, the engine deciding every move and the store keeping it.

A :class:`Tables` runs the games of one :class:`~services.play.store.GameStore`.
It opens a game from its settings and seats, gives each human seat a secret
token (only its SHA-256 digest is stored), shows a seat its own view of the
game (:meth:`GameEntry.seat_view <solver.games.GameEntry.seat_view>`), takes
a seat's action, lets the bots move as soon as it is their turn, judges each
finished turn of a person for the review, and keeps the log from which
:func:`~services.play.fairness.check_log` rebuilds the game exactly.

**What a seat may see.**  Nothing a seat may not see reaches it while the
game is on: its view, its log (each verdict as that seat may see it:
:meth:`GameEntry.seat_verdict <solver.games.GameEntry.seat_verdict>`), its
review (each turn judged from what the seat knew) and every refusal.  The
seed is drawn from :mod:`secrets` and shown to nobody before the end; every
seat sees the commitment to it (:mod:`services.play.fairness`), and once the
game is over the log gives the seed and every verdict whole.

The engine decides; this module only stores and serves.  An illegal Nambarz
play is carried out with its penalty (rule V) and recorded; the other games
refuse an illegal move with its verdict and record nothing.  Every change is
saved in one transaction that names the version it started from, so of two
actions racing on one game exactly one is kept (:class:`StaleGameError` for
the other), and a server stopped at any moment goes on from the last saved
action.  A game that reaches :data:`~services.play.store.MAX_ACTIONS` actions
stops there, with the standings it has.

>>> import tempfile
>>> from services.play.store import GameStore
>>> folder = tempfile.TemporaryDirectory()
>>> tables = Tables(GameStore(f"sqlite:///{folder.name}/games.sqlite3"))
>>> game, tokens = tables.open_game("quando", [SeatRequest("Ann"), SeatRequest("Bot", "strong")], seed=3)
>>> view = tables.view(tables.snapshot(game.id), 0, "en")
>>> view["seat"], view["version"] >= 0, len(view["hand"]) == view["seats"][0]["hand_size"]
(0, True, True)
>>> view["deal_commitment"] == deal_commitment(3), "seed" in view
(True, False)
>>> tables.find_seat(game.id, "not the token")
Traceback (most recent call last):
...
services.play.tables.SeatForbiddenError: this token holds no seat at this game
>>> tables.rematch(game.id, tokens[0])
Traceback (most recent call last):
...
services.play.tables.StaleGameError: the game is not over: play again once it is
>>> tables.store.dispose()
>>> folder.cleanup()
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from services.play.fairness import MAX_SEED, bot_seed, deal_commitment, new_seed
from services.play.store import (
    CHECKPOINT_EVERY,
    MAX_ACTIONS,
    MAX_LOG_PAGE,
    STOPPED_AT_ACTION_LIMIT,
    ActionLine,
    ActionRecord,
    GameStore,
    ReviewRecord,
    SeatRecord,
    StaleVersionError,
    StoredGame,
    UnknownGameError,
    new_game_id,
)
from solver.budget import BudgetExceededError, current_budget, time_budget
from solver.contract import GameState
from solver.errors import GameError, IllegalMoveError, NambarzError, SearchLimitError
from solver.games import GameEntry, find_game
from solver.review import TurnAction, TurnReview
from solver.verdicts import GameVerdict
from tutor.i18n import DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES
from tutor.play import verdict_document
from tutor.review import review_document

LOGGER = logging.getLogger(__name__)

HUMAN = "human"
"""The kind of a seat a person plays; every other kind is one of the game's bots."""

DEFAULT_BOT = "bot"
"""A seat asked for as this kind gets the game's default bot for the variant (Nambarz's beginners: the beginner)."""

MAX_NAME_LENGTH = 40
"""The longest name of a seat."""

TOKEN_BYTES = 32
"""The random bytes of a seat's secret token (256 bits), written in 43 URL-safe characters."""

RECENT_ACTIONS = 30
"""How many of the latest actions a seat's view lists; the whole transcript is the log's."""

REVIEW_TIME_LIMIT = 0.5
"""Seconds the judging of one finished turn may take within its request, unless the tables are given another
limit (the setting ``NAMBARZ_REVIEW_TIME_LIMIT``); a turn that takes longer is kept unreviewed.

A turn of a sensible hand is judged in milliseconds; a hand grown huge by
penalties could keep the planner searching for seconds on every turn."""

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
    """A seat asked for when a game opens: its name, its kind (``human``, a bot kind, or ``bot`` for the default
    bot of the game's variant) and its language."""

    name: str
    kind: str = HUMAN
    language: str = DEFAULT_LANGUAGE


@dataclass(frozen=True)
class ForcedMoves:
    """The moves a person's ``seat`` makes without being asked, each when it is the seat's one legal move.

    The table pages name the moves that lay nothing (a pass, a draw, the end
    of a turn): a turn left with nothing to decide ends by itself.
    """

    seat: int
    moves: frozenset[str]


@dataclass(frozen=True)
class Outcome:
    """What an action came to: its verdict, whether the game took it, the game after it (and the bots), the seat."""

    verdict: dict[str, Any]
    accepted: bool
    game: StoredGame
    seat: int


@dataclass(frozen=True)
class Snapshot:
    """A game as one request reads it for a seat's view: the game, its state decoded, its latest actions.

    ``recent`` holds the actions up to the game's version, read with it in
    one transaction (none for a request that shows no action: a poll of the
    version); the state is decoded once, for everything the request does.
    """

    game: StoredGame
    state: GameState[Any]
    recent: tuple[ActionLine, ...]


class Tables:
    """The games of one store: open, view, act, log and review."""

    def __init__(self, store: GameStore, *, review_time_limit: float = REVIEW_TIME_LIMIT) -> None:
        self.store = store
        self.review_time_limit = review_time_limit

    # ----------------------------------------------------------------- opening a game

    def open_game(
        self,
        game: str,
        seats: Sequence[SeatRequest],
        *,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
    ) -> tuple[StoredGame, list[str | None]]:
        """Start ``game`` for ``seats`` and let the bots move; the game and each seat's token (``None`` for a bot).

        The seed is drawn at random; a creator may choose it (to deal a game
        again, or to teach) only when one person sits at the table, since
        whoever knows the seed knows every hand.
        """
        entry = _entry(game)
        settings = dict(options or {})
        variant = settings.pop("variant", None)
        if variant is not None and not isinstance(variant, str):
            raise SetupError("options", f"options.variant: expected the name of a variant, not {variant!r}")
        records, tokens = _seat_records(entry, seats, variant)
        if seed is not None and sum(record.kind == HUMAN for record in records) != 1:
            raise SetupError(
                "seed",
                "seed: a seed may be chosen only for a game with one person at the table, "
                "since whoever knows it knows every hand; leave it out",
            )
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED):
            raise SetupError("seed", f"seed: expected a whole number from 0 to 2**256 - 1, not {seed!r}")
        chosen_seed = new_seed() if seed is None else seed
        try:
            state = entry.new_game(players=len(seats), variant=variant, seed=chosen_seed, options=settings)
        except GameError as error:
            field = "seats" if str(error).startswith("players:") else "options"
            raise SetupError(field, str(error)) from None
        now = datetime.now(UTC)
        stored = StoredGame(
            id=new_game_id(),
            game=entry.name,
            variant=variant or entry.variants[0],
            options=settings,
            seed=chosen_seed,
            seats=records,
            version=0,
            state=state.to_dict(),
            finished=state.is_over,
            created=now,
            updated=now,
            commitment=deal_commitment(chosen_seed),
            turn=_no_turn(0),
        )
        self.store.add(stored)
        return self._bots_move(_Moves(self, stored, state)), tokens

    # ----------------------------------------------------------------- finding a game and a seat

    def get(self, game_id: str) -> StoredGame:
        """The game ``game_id``, or :class:`GameNotFoundError`."""
        stored = self.store.get(game_id)
        if stored is None:
            raise GameNotFoundError(f"no game has the id {game_id!r}")
        return stored

    def snapshot(self, game_id: str, *, recent: int = RECENT_ACTIONS) -> Snapshot:
        """The game ``game_id`` with its ``recent`` latest actions, read in one transaction, its state decoded;
        :class:`GameNotFoundError` when there is no such game."""
        found = self.store.look(game_id, recent=recent)
        if found is None:
            raise GameNotFoundError(f"no game has the id {game_id!r}")
        stored, lines = found
        return Snapshot(stored, _load(stored), tuple(lines))

    def snapshot_of(self, stored: StoredGame) -> Snapshot:
        """The game ``stored`` (as an action saved it) with its state decoded and its latest actions up to it."""
        start = stored.version - RECENT_ACTIONS
        lines = self.store.action_lines(stored.id, after=start, up_to=stored.version)
        return Snapshot(stored, _load(stored), tuple(lines))

    def find_seat(self, game_id: str, token: str) -> tuple[StoredGame, int]:
        """The game ``game_id`` and the seat ``token`` holds there; 404 or 403 otherwise."""
        stored = self.get(game_id)
        return stored, self.seat_of(stored, token)

    def seat_of(self, stored: StoredGame, token: str) -> int:
        """The seat ``token`` holds at the game ``stored``; :class:`SeatForbiddenError` if it holds none."""
        digest = token_digest(token)
        for seat in stored.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return seat.seat
        raise SeatForbiddenError("this token holds no seat at this game")

    # ----------------------------------------------------------------- playing again

    def rematch(self, game_id: str, token: str) -> tuple[StoredGame, int]:
        """The game the players of the finished game ``game_id`` go on to, started by the seat of ``token`` if it
        is not started yet; that game and the token's seat in it.

        The next game is the same game, variant and options, with the same
        seats (names, persons and bots, languages) and a new seed.  Each
        person's seat keeps its token (the store keeps the same digest), so
        every person's device, holding the token for the finished game,
        holds the next game's too, and nobody without it gets in.  However
        many seats ask, and however often, the game goes on to one next game
        (:meth:`GameStore.add_next <services.play.store.GameStore.add_next>`).
        :class:`StaleGameError` while the game is not over.
        """
        stored, seat = self.find_seat(game_id, token)
        if stored.next_game is not None:
            return self.get(stored.next_game), seat
        if not stored.finished:
            raise StaleGameError("the game is not over: play again once it is")
        entry = _entry(stored.game)
        seed = new_seed()
        state = entry.new_game(players=len(stored.seats), variant=stored.variant, seed=seed, options=stored.options)
        now = datetime.now(UTC)
        fresh = StoredGame(
            id=new_game_id(),
            game=stored.game,
            variant=stored.variant,
            options=dict(stored.options),
            seed=seed,
            seats=stored.seats,
            version=0,
            state=state.to_dict(),
            finished=state.is_over,
            created=now,
            updated=now,
            commitment=deal_commitment(seed),
            turn=_no_turn(0),
        )
        try:
            next_id = self.store.add_next(stored.id, fresh)
        except UnknownGameError:  # cleared away meanwhile
            raise GameNotFoundError(f"no game has the id {game_id!r}") from None
        if next_id != fresh.id:  # another request started it first
            return self.get(next_id), seat
        return self._bots_move(_Moves(self, fresh, state)), seat

    # ----------------------------------------------------------------- a seat's view

    def catch_up(self, snapshot: Snapshot) -> Snapshot:
        """The game after the bots' moves still due (bots stopped by a time budget go on here); ``snapshot`` itself
        when none is due, as it is whenever a person is to move."""
        stored, state = snapshot.game, snapshot.state
        if stored.finished or state.is_over or _seat_kind(stored, state.to_move) == HUMAN:
            return snapshot
        try:
            saved = self._bots_move(_Moves(self, stored, _load(stored)))  # a state of their own: the bots change it
        except StaleGameError:
            return self.snapshot(stored.id)
        return snapshot if saved is stored else self.snapshot_of(saved)

    def view(self, snapshot: Snapshot, seat: int, language: str) -> dict[str, Any]:
        """What ``seat`` may see of the game, with its legal actions on its turn and the latest actions."""
        stored, state = snapshot.game, snapshot.state
        entry = _entry(stored.game)
        seen = entry.seat_view(state, seat)
        your_turn = state.to_move == seat and not stored.finished
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
            "to_move": None if stored.finished else seen["to_move"],
            "your_turn": your_turn,
            "is_over": stored.finished,
            "stopped": stored.stopped,
            "hand": seen["hand"],
            "draw_pile": seen["draw_pile"],
            "scores": seen["returns"],
            "table": seen["table"],
            "legal_actions": [str(action) for action in state.legal_actions()] if your_turn else [],
            "deal_commitment": stored.commitment,
            "log": [log_line(line) for line in snapshot.recent],
            "results": entry.results(state).to_dict() if stored.finished else None,
            "next_game": stored.next_game,
        }

    # ----------------------------------------------------------------- acting

    def act(
        self,
        game_id: str,
        token: str,
        action: str,
        version: int,
        language: str | None = None,
        *,
        forced_moves: Collection[str] = (),
    ) -> Outcome:
        """Apply ``action`` for the seat of ``token`` if the game is still at ``version`` and it is that seat's turn.

        The verdict is told in ``language``, by default the seat's.  Given
        ``forced_moves`` (the table pages give the moves their table words,
        such as ``pass`` and ``draw``), whenever that seat is left with one
        legal move and it is one of them, the move is made for the seat, after
        its action and whenever its turn comes again within the request (after
        the bots' moves): the turn ends by itself, and the log keeps the move
        as any other.  Looking at a game never moves for a person; the HTTP API
        asks for no forced move: a program decides every move it makes.
        """
        stored, seat = self.find_seat(game_id, token)
        if version != stored.version:
            raise StaleGameError(
                f"the game is at version {stored.version}, not {version}: look at it again before acting"
            )
        state = _load(stored)
        if stored.finished or state.is_over:
            raise StaleGameError("the game is over")
        if state.to_move != seat:
            mover = stored.seats[state.to_move].name if state.to_move is not None else "nobody"
            raise SeatForbiddenError(f"it is not your turn: {mover} is to move")
        entry = _entry(stored.game)
        moves = _Moves(self, stored, state)
        try:
            verdict = moves.apply(seat, entry.parse_action(action))
        except IllegalMoveError as refusal:
            return Outcome(verdict_document(refusal.verdict, language or _language(stored, seat)), False, stored, seat)
        except NambarzError as error:
            raise ActionRefusedError(str(error)) from None
        saved = self._bots_move(moves, ForcedMoves(seat, frozenset(forced_moves)) if forced_moves else None)
        return Outcome(verdict_document(verdict, language or _language(stored, seat)), True, saved, seat)

    def _bots_move(self, moves: _Moves, forced: ForcedMoves | None = None) -> StoredGame:
        """Let the bots move while it is a bot's turn and time allows, and ``forced``'s seat make the moves it cannot
        choose otherwise; then save every move at once."""
        stored, entry = moves.stored, moves.entry
        bots: dict[int, Any] = {}
        while moves.goes_on():
            seat = moves.state.to_move
            assert seat is not None
            if _seat_kind(stored, seat) == HUMAN:
                only = _forced_move(moves.state, forced)
                if only is None:
                    break
                moves.apply(seat, only)
                continue
            if not _time_for_bots():
                break
            if seat not in bots:
                seed = bot_seed(stored.seed, seat, moves.version)
                bots[seat] = entry.make_bot(stored.seats[seat].kind, seed=seed)
            before = moves.state.to_dict()
            try:
                moves.apply(seat, _bot_choice(bots[seat], moves.state))
            except BudgetExceededError:
                # A search of the move ran out of time, perhaps halfway through applying it: undo, go on next time.
                moves.state = entry.load_state(before)
                break
        return moves.save()

    # ----------------------------------------------------------------- the log and the review

    def log(self, stored: StoredGame, seat: int, *, after: int = 0, limit: int = MAX_LOG_PAGE) -> dict[str, Any]:
        """The log as ``seat`` may read it: while the game is on, each verdict as the seat may see it, no seed.

        Once the game is over the log gives the seed and every verdict whole,
        so that anyone can check the deal (:func:`~services.play.fairness.check_log`).
        It is read a page at a time: the actions after ``after``, at most
        ``limit`` (up to :data:`~services.play.store.MAX_LOG_PAGE`); ``next_after``
        is where the next page starts, ``None`` after the last.
        """
        entry = _entry(stored.game)
        state = _load(stored)
        shown = max(0, min(limit, MAX_LOG_PAGE))
        records = self.store.actions(stored.id, after=after, limit=shown)
        over = stored.finished
        last = records[-1].number if records else after
        return {
            "id": stored.id,
            "game": stored.game,
            "variant": stored.variant,
            "options": stored.options,
            "seats": [{"seat": record.seat, "name": record.name, "kind": record.kind} for record in stored.seats],
            "version": stored.version,
            "is_over": over,
            "stopped": stored.stopped,
            "scores": state.returns(),
            "deal_commitment": stored.commitment,
            "seed": str(stored.seed) if over else None,
            "after": after,
            "next_after": last if last < stored.version and records else None,
            "actions": [
                {
                    "number": record.number,
                    "seat": record.seat,
                    "action": record.action,
                    "verdict": record.verdict if over else entry.seat_verdict(record.verdict, record.seat, seat),
                }
                for record in records
            ],
        }

    def review(self, stored: StoredGame, seat: int, language: str) -> dict[str, Any]:
        """``seat``'s finished turns, each compared with the engine's best turn from what the seat knew then.

        Each turn was judged when it ended and kept, so the review of a game
        of any length is read, never worked out again.
        """
        reviews = [TurnReview.from_dict(record.review) for record in self.store.reviews(stored.id, seat)]
        return review_document(stored.game, reviews, seat, language)

    def first_step(self, stored: StoredGame) -> int:
        """The first step :meth:`step` can rebuild: 0, but for a game stored before checkpoints were kept."""
        return self.store.first_checkpoint(stored.id) or 0

    def state_at(self, stored: StoredGame, number: int) -> GameState[Any]:
        """The game after its first ``number`` actions: the latest checkpoint before, and the few actions since."""
        return self.step(stored, number)[0]

    def step(self, stored: StoredGame, number: int) -> tuple[GameState[Any], GameVerdict | None]:
        """The game after its first ``number`` actions, and the verdict on the last of them (``None`` at 0).

        Rebuilt from the latest checkpoint at or before it by replaying the
        few actions since, so any step of a game of any length is quick.
        """
        entry = _entry(stored.game)
        # From before the step, to find its verdict too; else (the first step kept) from the step itself.
        found = self.store.checkpoint(stored.id, at_most=max(0, number - 1)) or self.store.checkpoint(
            stored.id, at_most=number
        )
        if found is None or not 0 <= number <= stored.version:
            raise GameError(f"game {stored.id!r} keeps no state of its step {number}")
        start, saved = found
        state = entry.load_state(saved)
        verdict = None
        for record in self.store.actions(stored.id, after=start, up_to=number) if number > start else ():
            verdict = state.apply(entry.parse_action(record.action))
        return state, verdict


@dataclass
class _Moves:
    """The actions one request applies to a game: the state they lead to, and the turns they finish, judged."""

    tables: Tables
    stored: StoredGame
    state: GameState[Any]
    actions: list[ActionRecord] = field(default_factory=list)
    reviews: list[ReviewRecord] = field(default_factory=list)
    turn: dict[str, Any] = field(default_factory=dict)
    """The turn being played: its ``number`` (counting all seats' turns), the version at its ``start``, its ``seat``."""
    starts: dict[int, dict[str, Any]] = field(default_factory=dict)
    """The state a person's turn begun in this request began in, by version."""
    checkpoints: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    """The states to keep as checkpoints, after every :data:`~services.play.store.CHECKPOINT_EVERY` actions."""

    def __post_init__(self) -> None:
        self.entry = _entry(self.stored.game)
        self.rules = self.entry.turn_rules()
        self.turn = dict(self.stored.turn) if self.stored.turn is not None else _no_turn(0)

    @property
    def version(self) -> int:
        """The game's version after the actions applied so far."""
        return self.stored.version + len(self.actions)

    def goes_on(self) -> bool:
        """Whether another action may follow: the game is not over and has room for it."""
        return not self.state.is_over and self.state.to_move is not None and self.version < MAX_ACTIONS

    def apply(self, seat: int, action: Any) -> Any:
        """Apply ``action`` of ``seat``, note it, and judge the turn it finishes; its verdict.

        Raises what the engine raises for an action it refuses, having noted nothing.
        """
        opens = self.rules.begins(self.state)
        before = self.state.to_dict() if opens and _seat_kind(self.stored, seat) == HUMAN else None
        verdict = self.state.apply(action)
        version = self.version
        if opens:
            self.turn = {"number": int(self.turn["number"]) + 1, "start": version, "seat": seat}
            if before is not None:
                self.starts[version] = before
        self.actions.append(ActionRecord(version + 1, seat, str(action), verdict.to_dict()))
        if (version + 1) % CHECKPOINT_EVERY == 0:
            self.checkpoints.append((version + 1, self.state.to_dict()))
        if self.turn["start"] is not None and self.rules.is_over(self.state):
            self._judge_turn()
            self.turn = _no_turn(int(self.turn["number"]))
        return verdict

    def save(self) -> StoredGame:
        """Save every action at once, the game stopped if it reached its longest; the game as saved."""
        if not self.actions:
            return self.stored
        stopped = STOPPED_AT_ACTION_LIMIT if not self.state.is_over and self.version >= MAX_ACTIONS else None
        try:
            return self.tables.store.save(
                self.stored.id,
                expected_version=self.stored.version,
                state=self.state.to_dict(),
                finished=self.state.is_over or stopped is not None,
                actions=self.actions,
                turn=self.turn,
                reviews=self.reviews,
                stopped=stopped,
                checkpoints=self.checkpoints,
            )
        except StaleVersionError:
            raise StaleGameError("another action reached the game first: look at it again before acting") from None

    def _judge_turn(self) -> None:
        """Judge the turn that just ended, if a person played it, from the state it began in."""
        seat, start, number = int(self.turn["seat"]), int(self.turn["start"]), int(self.turn["number"])
        if _seat_kind(self.stored, seat) != HUMAN:
            return
        earlier = self.tables.store.actions(self.stored.id, after=start) if start < self.stored.version else []
        played: list[TurnAction] = [
            (record.number, record.seat, record.action) for record in (*earlier, *self.actions) if record.number > start
        ]
        saved = self.starts.get(start)
        try:
            with time_budget(self.tables.review_time_limit, scope="the review of a turn"):
                began = self.entry.load_state(saved) if saved is not None else self.tables.state_at(self.stored, start)
                review = self.rules.judge(began, played, seat, number)
        except SearchLimitError:  # out of time: the turn is kept, not compared
            review = TurnReview.unreviewed(number, [action for action in played if action[1] == seat])
        except Exception:  # whatever failed, the move stands and the review goes on
            LOGGER.exception(
                "judging turn %d of game %s for the review failed; it is kept unreviewed", number, self.stored.id
            )
            review = TurnReview.unreviewed(number, [action for action in played if action[1] == seat])
        if review is not None:
            self.reviews.append(ReviewRecord(seat, number, review.to_dict()))


def _no_turn(turns: int) -> dict[str, Any]:
    """The turn tracking between two turns: ``turns`` opened so far, none being played."""
    return {"number": turns, "start": None, "seat": None}


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


def _seat_kind(stored: StoredGame, seat: int | None) -> str:
    return HUMAN if seat is None else stored.seats[seat].kind


def _language(stored: StoredGame, seat: int) -> str:
    return stored.seats[seat].language


def _seat_records(
    entry: GameEntry, seats: Sequence[SeatRequest], variant: str | None
) -> tuple[tuple[SeatRecord, ...], list[str | None]]:
    kinds = (HUMAN, DEFAULT_BOT, *entry.bot_kinds)
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
        kind = entry.default_bot(variant) if seat.kind == DEFAULT_BOT else seat.kind
        token = secrets.token_urlsafe(TOKEN_BYTES) if kind == HUMAN else None
        tokens.append(token)
        records.append(SeatRecord(number, name, kind, None if token is None else token_digest(token), seat.language))
    if all(token is None for token in tokens):
        raise SetupError("seats", "seats: at least one seat must be human, or nobody could look at the game")
    return tuple(records), tokens


def _time_for_bots() -> bool:
    """True while the request's budget (if any) has time left for another bot move."""
    budget = current_budget()
    return budget is None or budget.remaining() > budget.seconds * (1 - BOTS_SHARE)


def _forced_move(state: GameState[Any], forced: ForcedMoves | None) -> Any:
    """The move ``forced``'s seat has no choice but to make now, if it is to move and that move is one of
    ``forced``'s; else ``None``."""
    if forced is None or state.is_over or state.to_move != forced.seat:
        return None
    legal = state.legal_actions()
    return legal[0] if len(legal) == 1 and str(legal[0]) in forced.moves else None


def _bot_choice(bot: Any, state: GameState[Any]) -> Any:
    """The bot's action; when its own search limit stops it (a huge hand), the first legal action instead."""
    try:
        return bot.choose(state)
    except BudgetExceededError:
        raise
    except SearchLimitError:
        return state.legal_actions()[0]


def log_line(line: ActionLine) -> dict[str, Any]:
    """An action as a view's list of the latest actions shows it: number, seat, action, whether it was legal."""
    return {
        "number": line.number,
        "seat": line.seat,
        "action": line.action,
        "legal": line.legal,
    }
