"""The games database: every game played over HTTP, its seats, its state, the log of its actions and its review.

:class:`GameStore` keeps them in SQLite (one file, which the server's
workers share, created readable by its owner only) or in PostgreSQL
(through psycopg 3, for servers on several machines), in five tables:

* ``games``: a row per game, holding its state after its last action (which
  does not grow with the game: the log is the transcript), its ``version``
  (the number of actions applied), the commitment to its deal, the turn
  being played and the game its players went on to (:meth:`GameStore.add_next`);
* ``seats``;
* ``actions``: the log, numbered from 1, each action with its verdict and,
  in a column of its own, whether it was legal;
* ``checkpoints``: the state at the start and then every
  :data:`CHECKPOINT_EVERY` actions or so, so that the state after any
  action is rebuilt by replaying a few actions, never the whole game;
* ``reviews``: each finished turn of a person's seat, judged when it ended;

and, apart from the games, ``companions``: the scoresheets of games played
with the real cards (:mod:`solver.nambarz.companion`), each a JSON document
with a ``version`` that every save raises by one; and the tables of practice
(:mod:`services.practice.service` reads and writes them): ``practice_classes``,
their ``practice_pupils`` and these pupils' ``practice_answers``,
``practice_items``, the difficulties of the item bank's exercises, and
``practice_answered``, which exercises served to pupils on their own were
answered already (so that only the first answer to each counts).

A move is saved only onto the version it was worked out from
(:meth:`GameStore.save`), so of two requests racing on one game only one
applies; the other gets :class:`StaleVersionError`.  Opening a store brings
its database to the newest schema, by the Alembic migrations in
``services/play/migrations``.

The database is the setting ``NAMBARZ_DATABASE_URL``, empty for the file
of :func:`default_database_url`.

>>> import tempfile
>>> folder = tempfile.TemporaryDirectory()
>>> store = GameStore(f"sqlite:///{folder.name}/games.sqlite3")
>>> start = datetime(2025, 1, 1, tzinfo=UTC)
>>> seats = (SeatRecord(0, "Ada", "human", "0" * 64, "en"), SeatRecord(1, "Bot", "strong", None, "en"))
>>> store.add(StoredGame("g1", "thegame", "standard", {}, 7, seats, 0, {"turn": 0}, False, start, start))
>>> saved = store.save("g1", expected_version=0, state={"turn": 1}, finished=False,
...                    actions=[ActionRecord(1, 0, "37>asc1", {"legal": True})])
>>> saved.version, saved.state, store.actions("g1")
(1, {'turn': 1}, [ActionRecord(number=1, seat=0, action='37>asc1', verdict={'legal': True})])
>>> store.checkpoint("g1", at_most=1)
(0, {'turn': 0})
>>> store.save("g1", expected_version=0, state={"turn": 1}, finished=False,
...            actions=[ActionRecord(1, 0, "2>asc2", {"legal": True})])
Traceback (most recent call last):
...
services.play.store.StaleVersionError: game 'g1' is at version 1, not 0
>>> store.dispose()
>>> folder.cleanup()
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import time
import zlib
from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.util.exc import CommandError
from sqlalchemy import (
    JSON,
    URL,
    CheckConstraint,
    Connection,
    DateTime,
    Dialect,
    Engine,
    Float,
    ForeignKey,
    Index,
    LargeBinary,
    MetaData,
    SmallInteger,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
    and_,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    make_url,
    or_,
    select,
    text,
    true,
    update,
)
from sqlalchemy.exc import ArgumentError, DatabaseError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from services.settings import data_folder

MAX_ACTIONS = 20_000
"""The most actions a game keeps; a save past it is refused with :class:`GameTooLongError`.

Every game the service offers ends in far fewer; the bound keeps a game
that never ends, or a client that never stops, from growing its log
without end.  The tables of play stop a game that reaches it, with the
standings at that point (:data:`STOPPED_AT_ACTION_LIMIT`).
"""

STOPPED_AT_ACTION_LIMIT = "action-limit"
"""How a game that reached :data:`MAX_ACTIONS` before its end was stopped (``StoredGame.stopped``)."""

CHECKPOINT_EVERY = 50
"""The state after every action whose number is a multiple of this is kept (a checkpoint), and at the game's end."""

PACKING_LEVEL = 6
"""zlib's level for a stored state: about a fifth of its JSON, in well under a millisecond."""

MAX_LOG_PAGE = 1000
"""The most actions :meth:`GameStore.actions` gives at once when asked for a page."""

SETTING = "NAMBARZ_DATABASE_URL"
"""The setting (and environment variable) that names the database."""

EXPECTED = "sqlite:///PATH or postgresql+psycopg://USER:PASSWORD@HOST/DATABASE"
"""What :data:`SETTING` holds, as its error messages say after ``expected``."""

SQLITE_BUSY_SECONDS = 10.0
"""How long an SQLite connection waits for another (a worker's) to finish writing before it gives up."""

MIGRATIONS = Path(__file__).with_name("migrations")
"""The Alembic migrations that build and change the schema."""

MIGRATION_LOCK = 0x6E616D62_67616D65  # "nambgame": any number no other user of the database takes
"""The PostgreSQL advisory lock a process holds while it migrates, so that two starting at once take turns."""

PRIVATE_FOLDER = 0o700
"""The mode of the default database's folder: its owner's only."""

PRIVATE_FILE = 0o600
"""The mode of a new SQLite file: its owner may read and write it, nobody else anything."""

_WRITES = "nambarz_writes"
"""An execution option: the transaction will write, so on SQLite it begins by taking the write lock."""


class StorageError(Exception):
    """The database cannot be used: the setting is not a database URL, or the database cannot be opened.

    ``reason`` is the message without the setting's name, for a caller that
    names the input its own way (the command line's ``--database``).
    """

    def __init__(self, reason: str) -> None:
        super().__init__(f"{SETTING}: {reason}")
        self.reason = reason


class StaleVersionError(Exception):
    """A save onto a version of the game that is no longer its newest: another save came first."""


class GameTooLongError(ValueError):
    """A save that would take a game past :data:`MAX_ACTIONS` actions."""


class UnknownGameError(LookupError):
    """A save to a game the database does not hold."""


@dataclass(frozen=True)
class SeatRecord:
    """A seat at a game: who sits there (a person, ``"human"``, or a bot of the game's kinds) and their language.

    ``token_hash`` is the SHA-256 (hex) of the seat's secret token, for a
    person's seat only; the token itself is never stored.
    """

    seat: int
    name: str
    kind: str
    token_hash: str | None
    language: str


@dataclass(frozen=True)
class StoredGame:
    """A game as the database holds it: what it is, who plays, and its state after ``version`` actions.

    ``commitment`` is the SHA-256 (hex) of the seed, shown to every seat
    from the start (``None`` for a game begun before deals were
    committed); ``stopped`` says why a game ended before its rules ended it
    (:data:`STOPPED_AT_ACTION_LIMIT`), ``None`` otherwise; ``turn`` is the
    turn being played, as the tables of play track it for the review;
    ``next_game`` is the id of the game its players went on to ("play
    again"), ``None`` until one of them starts it.
    """

    id: str
    game: str
    variant: str
    options: dict[str, Any]
    seed: int
    seats: tuple[SeatRecord, ...]
    version: int
    state: dict[str, Any]
    finished: bool
    created: datetime
    updated: datetime
    commitment: str | None = None
    stopped: str | None = None
    turn: dict[str, Any] | None = None
    next_game: str | None = None


@dataclass(frozen=True)
class ActionRecord:
    """One action of a game's log: its ``number`` (from 1: the game's version after it), the seat, its verdict."""

    number: int
    seat: int
    action: str
    verdict: dict[str, Any]

    @property
    def legal(self) -> bool:
        """Whether the referee found the action legal (an illegal Nambarz play is kept, with its penalty)."""
        return bool(self.verdict.get("legal", True))


@dataclass(frozen=True)
class ActionLine:
    """An action as a list of a game's latest actions shows it: its number, its seat, the action, whether it was legal.

    It is read from the action's own columns, its verdict left undecoded.
    """

    number: int
    seat: int
    action: str
    legal: bool


@dataclass(frozen=True)
class ReviewRecord:
    """A finished turn of a seat, judged: its ``turn`` number (counting every seat's turns) and the review's JSON."""

    seat: int
    turn: int
    review: dict[str, Any]


@dataclass(frozen=True)
class StoredCompanion:
    """A scoresheet of a game with the real cards as the database holds it: its JSON after ``version`` saves."""

    id: str
    version: int
    sheet: dict[str, Any]
    finished: bool
    created: datetime
    updated: datetime


# ----------------------------------------------------------------- the schema


class PackedJson(TypeDecorator[dict[str, Any]]):
    """A JSON document kept compressed (zlib), for a game's state: its card lists and score sheets repeat a lot.

    A state of a few kilobytes of JSON is rewritten on every action; packed,
    it is a few hundred bytes.  It reads back as the document it was.
    """

    impl = LargeBinary
    cache_ok = True

    def process_bind_param(self, value: dict[str, Any] | None, dialect: Dialect) -> bytes | None:
        return None if value is None else pack(value)

    def process_result_value(self, value: bytes | None, dialect: Dialect) -> dict[str, Any] | None:
        if value is None:
            return None
        document: dict[str, Any] = json.loads(zlib.decompress(value))
        return document


def pack(document: dict[str, Any]) -> bytes:
    """A JSON document as :class:`PackedJson` keeps it: compact JSON, compressed.

    >>> state = {"hands": [["7fish", "3bee", "10"]] * 12}
    >>> len(pack(state)) < len(json.dumps(state)) // 4
    True
    """
    return zlib.compress(json.dumps(document, separators=(",", ":")).encode("utf-8"), PACKING_LEVEL)


class UtcDateTime(TypeDecorator[datetime]):
    """A moment with its time zone, kept in UTC and read back in UTC (SQLite keeps no time zone of its own)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        _require_time_zone(value)
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Base(DeclarativeBase):
    """The tables of the games database; the migrations build exactly these (a test compares them)."""

    metadata = MetaData(
        naming_convention={
            "ix": "ix_%(column_0_label)s",
            "uq": "uq_%(table_name)s_%(column_0_name)s",
            "ck": "ck_%(table_name)s_%(constraint_name)s",
            "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
            "pk": "pk_%(table_name)s",
        }
    )


class GameRow(Base):
    """A game: what it is, how it was dealt, and its state after its ``version`` actions."""

    __tablename__ = "games"
    __table_args__ = (
        CheckConstraint("version >= 0", name="version_not_negative"),
        Index("ix_games_finished_updated", "finished", "updated"),  # what purge looks for
        Index("ix_games_updated", "updated"),  # what purge looks for among the games of any kind
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    variant: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[str] = mapped_column(String(80))  # a whole number of up to 256 bits, in decimal
    version: Mapped[int]
    state: Mapped[dict[str, Any]] = mapped_column(PackedJson)
    finished: Mapped[bool]
    created: Mapped[datetime] = mapped_column(UtcDateTime)
    updated: Mapped[datetime] = mapped_column(UtcDateTime)
    commitment: Mapped[str | None] = mapped_column(String(64))
    stopped: Mapped[str | None] = mapped_column(String(32))
    turn: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    next_game: Mapped[str | None] = mapped_column(String(32))


class SeatRow(Base):
    """A seat of a game."""

    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(Text)
    kind: Mapped[str] = mapped_column(String(32))
    token_hash: Mapped[str | None] = mapped_column(String(64))
    language: Mapped[str] = mapped_column(String(16))


class ActionRow(Base):
    """An action of a game's log, with the referee's verdict on it."""

    __tablename__ = "actions"
    __table_args__ = (CheckConstraint("number >= 1", name="number_positive"),)

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(primary_key=True)
    seat: Mapped[int]
    action: Mapped[str] = mapped_column(Text)
    verdict: Mapped[dict[str, Any]] = mapped_column(JSON)
    legal: Mapped[bool] = mapped_column(server_default=true())  # the verdict's, read without decoding it


class CheckpointRow(Base):
    """The state of a game after the action ``number`` (0: as dealt), to replay a few actions from."""

    __tablename__ = "checkpoints"
    __table_args__ = (CheckConstraint("number >= 0", name="number_not_negative"),)

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(primary_key=True)
    state: Mapped[dict[str, Any]] = mapped_column(PackedJson)


class ReviewRow(Base):
    """A finished turn of a seat of a game, judged against the engine's best from what the seat knew."""

    __tablename__ = "reviews"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    turn: Mapped[int] = mapped_column(primary_key=True)
    review: Mapped[dict[str, Any]] = mapped_column(JSON)


class CompanionRow(Base):
    """A scoresheet of a game with the real cards: its settings and rounds, as JSON, and its ``version``."""

    __tablename__ = "companions"
    __table_args__ = (
        CheckConstraint("version >= 0", name="version_not_negative"),
        Index("ix_companions_updated", "updated"),  # what purge looks for
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    version: Mapped[int]
    sheet: Mapped[dict[str, Any]] = mapped_column(JSON)
    finished: Mapped[bool]
    created: Mapped[datetime] = mapped_column(UtcDateTime)
    updated: Mapped[datetime] = mapped_column(UtcDateTime)


class ClassRow(Base):
    """A class a teacher made for practice: its join code, the hash of the teacher's secret, its settings."""

    __tablename__ = "practice_classes"
    __table_args__ = (
        CheckConstraint("target >= 0.5 AND target < 1", name="target_a_chance"),
        Index("ix_practice_classes_updated", "updated"),  # what purge looks for
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    code: Mapped[str] = mapped_column(String(16), unique=True)
    teacher_hash: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str] = mapped_column(Text)
    language: Mapped[str] = mapped_column(String(16))
    operators: Mapped[str] = mapped_column(String(8))
    target: Mapped[float] = mapped_column(Float)
    created: Mapped[datetime] = mapped_column(UtcDateTime)
    updated: Mapped[datetime] = mapped_column(UtcDateTime)


class PupilRow(Base):
    """A pupil of a class: a nickname, the hash of their secret, their practice progress (JSON) and its version."""

    __tablename__ = "practice_pupils"
    __table_args__ = (
        UniqueConstraint("class_id", "nickname", name="uq_practice_pupils_class_id_nickname"),
        CheckConstraint("version >= 0", name="version_not_negative"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    class_id: Mapped[str] = mapped_column(ForeignKey("practice_classes.id", ondelete="CASCADE"), index=True)
    nickname: Mapped[str] = mapped_column(Text)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    progress: Mapped[dict[str, Any]] = mapped_column(JSON)
    version: Mapped[int]
    created: Mapped[datetime] = mapped_column(UtcDateTime)
    updated: Mapped[datetime] = mapped_column(UtcDateTime)


class AnswerRow(Base):
    """A pupil's first answer to an exercise, kept for the teacher's page: right or not, how long, the rules broken,
    and the pupil's rating and level in the skill after it."""

    __tablename__ = "practice_answers"
    __table_args__ = (Index("ix_practice_answers_class_id_answered", "class_id", "answered"),)

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=True)
    class_id: Mapped[str] = mapped_column(ForeignKey("practice_classes.id", ondelete="CASCADE"))
    pupil_id: Mapped[str] = mapped_column(ForeignKey("practice_pupils.id", ondelete="CASCADE"), index=True)
    item: Mapped[str] = mapped_column(String(40))
    skill: Mapped[str] = mapped_column(String(32))
    correct: Mapped[bool]
    seconds: Mapped[float] = mapped_column(Float)
    hints: Mapped[int]
    codes: Mapped[list[str]] = mapped_column(JSON)
    rating: Mapped[float] = mapped_column(Float)
    level: Mapped[int | None] = mapped_column(SmallInteger)  # none on answers kept before revision 0007
    answered: Mapped[datetime] = mapped_column(UtcDateTime)


class ItemRatingRow(Base):
    """The difficulty of an exercise of the practice item bank as the answers so far have refined it."""

    __tablename__ = "practice_items"

    item: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[float] = mapped_column(Float)
    variance: Mapped[float] = mapped_column(Float)
    answers: Mapped[int]
    updated: Mapped[datetime] = mapped_column(UtcDateTime)


class AnsweredRow(Base):
    """An exercise served to a pupil on their own that was answered, by a digest of the progress that served it:
    their progress travels with them, so the server remembers this much to count only the first answer."""

    __tablename__ = "practice_answered"

    digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    answered: Mapped[datetime] = mapped_column(UtcDateTime, index=True)  # what purge looks for


# ----------------------------------------------------------------- the statements that read a game

# Built once, not on every request: SQLAlchemy computes each one's cache key once and finds its compiled
# form in the engine's cache, and they read plain rows, without the ORM's identity map, on the connection
# of the caller's transaction.

_GAMES, _SEATS, _ACTIONS = GameRow.__table__, SeatRow.__table__, ActionRow.__table__

_READ_GAME = select(_GAMES).where(_GAMES.c.id == bindparam("game_id"))
"""A game's row, by ``game_id``."""

_READ_SEATS = (
    select(_SEATS.c.seat, _SEATS.c.name, _SEATS.c.kind, _SEATS.c.token_hash, _SEATS.c.language)
    .where(_SEATS.c.game_id == bindparam("game_id"))
    .order_by(_SEATS.c.seat)
)
"""A game's seats in order, each in the order of :class:`SeatRecord`'s fields."""

_READ_LINES = (
    select(_ACTIONS.c.number, _ACTIONS.c.seat, _ACTIONS.c.action, _ACTIONS.c.legal)
    .where(
        _ACTIONS.c.game_id == bindparam("game_id"),
        _ACTIONS.c.number > bindparam("after"),
        _ACTIONS.c.number <= bindparam("up_to"),
    )
    .order_by(_ACTIONS.c.number)
)
"""A game's actions numbered after ``after`` and up to ``up_to``, each in the order of :class:`ActionLine`'s fields."""


# ----------------------------------------------------------------- the store


class GameStore:
    """The games of one database (an SQLite file or a PostgreSQL database), brought to the newest schema on opening.

    Any number of stores, in any number of processes, may use one database
    at once: each save is one transaction that applies only onto the
    version it expects.  :meth:`dispose` closes the store's connections
    (so does leaving a ``with`` block).
    """

    def __init__(self, url: str) -> None:
        self.url = _read_url(url)
        self._shown = _shown(url)
        self._engine = _create_engine(self.url, self._shown)
        self._reading = sessionmaker(self._engine, expire_on_commit=False)
        self._writing = sessionmaker(self._engine.execution_options(**{_WRITES: True}), expire_on_commit=False)
        try:
            self._upgrade()
        except (DatabaseError, CommandError) as error:
            self._engine.dispose()
            said = str(error.orig if isinstance(error, DatabaseError) else error).strip().splitlines()
            cause = said[0] if said else type(error).__name__
            raise StorageError(f"cannot use the database {self._shown!r}: {cause}") from error

    def __repr__(self) -> str:
        return f"GameStore({self._shown!r})"

    def __enter__(self) -> GameStore:
        return self

    def __exit__(self, *_exception: type[BaseException] | BaseException | TracebackType | None) -> None:
        self.dispose()

    @property
    def engine(self) -> Engine:
        """The store's SQLAlchemy engine, for a tool that watches how the database is used (a benchmark)."""
        return self._engine

    def reading(self) -> Session:
        """A session that only reads: use it in a ``with`` block."""
        return self._reading()

    def writing(self) -> AbstractContextManager[Session]:
        """A transaction that writes (on SQLite it takes the write lock from its start), committed on leaving its
        ``with`` block, or rolled back if the block raises."""
        return self._writing.begin()

    def add(self, game: StoredGame) -> None:
        """Store a new game with its seats, its state the first checkpoint; its moments must have a time zone."""
        _require_time_zone(game.created, game.updated)
        with self._writing.begin() as session:
            _insert(session, game)

    def add_next(self, earlier_id: str, game: StoredGame) -> str:
        """Store ``game`` as the one the players of the game ``earlier_id`` go on to, unless it has one already;
        the id of the game it goes on to (``game``'s, or the one stored first).

        One transaction claims the earlier game's ``next_game`` only where it
        is still empty, and stores ``game`` only if that claim holds, so of
        two requests racing to play again exactly one game is stored and
        both are sent to it.  :class:`UnknownGameError` for an earlier game
        the database does not hold.

        >>> import tempfile
        >>> folder = tempfile.TemporaryDirectory()
        >>> store = GameStore(f"sqlite:///{folder.name}/games.sqlite3")
        >>> moment = datetime(2025, 1, 1, tzinfo=UTC)
        >>> seats = (SeatRecord(0, "Ada", "human", "0" * 64, "en"),)
        >>> store.add(StoredGame("g1", "quando", "standard", {}, 7, seats, 9, {}, True, moment, moment))
        >>> store.add_next("g1", StoredGame("g2", "quando", "standard", {}, 8, seats, 0, {}, False, moment, moment))
        'g2'
        >>> store.add_next("g1", StoredGame("g3", "quando", "standard", {}, 9, seats, 0, {}, False, moment, moment))
        'g2'
        >>> store.get("g1").next_game, store.get("g3")
        ('g2', None)
        >>> store.dispose()
        >>> folder.cleanup()
        """
        _require_time_zone(game.created, game.updated)
        with self._writing.begin() as session:
            claimed = session.connection().execute(
                update(GameRow).where(GameRow.id == earlier_id, GameRow.next_game.is_(None)).values(next_game=game.id)
            )
            if claimed.rowcount != 1:
                found = session.get(GameRow, earlier_id)
                if found is None:
                    raise UnknownGameError(f"no game {earlier_id!r}")
                assert found.next_game is not None  # the claim failed only because it was taken
                return found.next_game
            _insert(session, game)
        return game.id

    def get(self, game_id: str) -> StoredGame | None:
        """The game ``game_id``, or ``None`` when the database holds no such game."""
        with self._reading() as session:
            return _load(session.connection(), game_id)

    def look(self, game_id: str, *, recent: int) -> tuple[StoredGame, list[ActionLine]] | None:
        """The game ``game_id`` and its ``recent`` latest actions (as :class:`ActionLine`), read in one transaction:
        the actions are those up to the game's version; ``None`` when the database holds no such game."""
        with self._reading() as session:
            connection = session.connection()
            game = _load(connection, game_id)
            if game is None:
                return None
            if recent <= 0:
                return game, []
            return game, _lines(connection, game_id, after=game.version - recent, up_to=game.version)

    def action_lines(self, game_id: str, *, after: int, up_to: int) -> list[ActionLine]:
        """The actions of the game ``game_id`` numbered after ``after`` and up to ``up_to``, as :class:`ActionLine`."""
        with self._reading() as session:
            return _lines(session.connection(), game_id, after=after, up_to=up_to)

    def save(
        self,
        game_id: str,
        *,
        expected_version: int,
        state: dict[str, Any],
        finished: bool,
        actions: Sequence[ActionRecord],
        turn: dict[str, Any] | None = None,
        reviews: Sequence[ReviewRecord] = (),
        stopped: str | None = None,
        checkpoints: Sequence[tuple[int, dict[str, Any]]] = (),
    ) -> StoredGame:
        """Apply ``actions`` to the game at ``expected_version``, leaving it in ``state``; the game as saved.

        The actions are numbered on from ``expected_version``; ``turn`` is
        the turn being played after them, ``reviews`` the turns they
        finished, judged, ``stopped`` why the game ends early, if it does,
        and ``checkpoints`` the states after some of them, by number (the
        caller keeps one every :data:`CHECKPOINT_EVERY` actions); a save that
        finishes the game also keeps ``state`` as one.
        Everything is written in one transaction, and only if the game is
        still at ``expected_version``: else nothing is written and
        :class:`StaleVersionError` says which version it is at.  A game that
        would pass :data:`MAX_ACTIONS` is refused (:class:`GameTooLongError`);
        a game the database does not hold, :class:`UnknownGameError`.
        """
        version = expected_version + len(actions)
        if version > MAX_ACTIONS:
            raise GameTooLongError(
                f"game {game_id!r} would reach {version} actions; a game keeps at most {MAX_ACTIONS}"
            )
        numbers = [action.number for action in actions]
        if numbers != list(range(expected_version + 1, version + 1)):
            raise ValueError(f"expected the actions numbered {expected_version + 1} to {version}, not {numbers}")
        with self._writing.begin() as session:
            saved = session.connection().execute(
                update(GameRow)
                .where(GameRow.id == game_id, GameRow.version == expected_version)
                .values(
                    version=version,
                    state=state,
                    finished=finished,
                    updated=datetime.now(UTC),
                    turn=turn,
                    stopped=stopped,
                )
            )
            if saved.rowcount != 1:
                current = session.scalar(select(GameRow.version).where(GameRow.id == game_id))
                if current is None:
                    raise UnknownGameError(f"no game {game_id!r}")
                raise StaleVersionError(f"game {game_id!r} is at version {current}, not {expected_version}")
            if actions:
                session.execute(
                    insert(ActionRow),
                    [
                        {
                            "game_id": game_id,
                            "number": action.number,
                            "seat": action.seat,
                            "action": action.action,
                            "verdict": action.verdict,
                            "legal": action.legal,
                        }
                        for action in actions
                    ],
                )
            if reviews:
                session.execute(
                    insert(ReviewRow),
                    [
                        {"game_id": game_id, "seat": review.seat, "turn": review.turn, "review": review.review}
                        for review in reviews
                    ],
                )
            kept = dict(checkpoints)
            if finished and actions:
                kept[version] = state
            if kept:
                session.execute(
                    insert(CheckpointRow),
                    [{"game_id": game_id, "number": number, "state": saved} for number, saved in sorted(kept.items())],
                )
            stored = _load(session.connection(), game_id)
        assert stored is not None  # the update above found it, in this transaction
        return stored

    def actions(
        self, game_id: str, *, after: int = 0, limit: int | None = None, up_to: int | None = None
    ) -> list[ActionRecord]:
        """The log of the game ``game_id`` in order, from the action after ``after`` (empty for an unknown game).

        ``limit`` gives at most that many (up to :data:`MAX_LOG_PAGE`), and
        ``up_to`` none past that number; without either, every one.
        """
        query = (
            select(ActionRow).where(ActionRow.game_id == game_id, ActionRow.number > after).order_by(ActionRow.number)
        )
        if up_to is not None:
            query = query.where(ActionRow.number <= up_to)
        if limit is not None:
            query = query.limit(max(0, min(limit, MAX_LOG_PAGE)))
        with self._reading() as session:
            return [ActionRecord(row.number, row.seat, row.action, row.verdict) for row in session.scalars(query)]

    def checkpoint(self, game_id: str, *, at_most: int) -> tuple[int, dict[str, Any]] | None:
        """The latest checkpoint of the game ``game_id`` at or before the action ``at_most``: its number and state."""
        with self._reading() as session:
            row = session.scalars(
                select(CheckpointRow)
                .where(CheckpointRow.game_id == game_id, CheckpointRow.number <= at_most)
                .order_by(CheckpointRow.number.desc())
                .limit(1)
            ).first()
            return None if row is None else (row.number, row.state)

    def first_checkpoint(self, game_id: str) -> int | None:
        """The number of the game's earliest checkpoint: 0, or later for a game stored before checkpoints were kept."""
        with self._reading() as session:
            return session.scalar(select(func.min(CheckpointRow.number)).where(CheckpointRow.game_id == game_id))

    def reviews(self, game_id: str, seat: int) -> list[ReviewRecord]:
        """The judged turns of ``seat`` at the game ``game_id``, in the order they were played."""
        with self._reading() as session:
            rows = session.scalars(
                select(ReviewRow).where(ReviewRow.game_id == game_id, ReviewRow.seat == seat).order_by(ReviewRow.turn)
            )
            return [ReviewRecord(row.seat, row.turn, row.review) for row in rows]

    def purge(
        self,
        *,
        finished_before: datetime | None = None,
        idle_before: datetime | None = None,
        classes_idle_before: datetime | None = None,
    ) -> int:
        """Delete, with their seats, logs and reviews, the finished games last changed before ``finished_before``
        and the games of any kind with no action since ``idle_before``, and the scoresheets of games with the
        real cards likewise (finished: every round entered), and the practice classes with no pupil joining, no
        answer and no change since ``classes_idle_before``, with all their pupils and answers; how many, games,
        scoresheets and classes together.  A class lives longer than a game: a school year has long holidays.
        The marks of the answers of pupils practising on their own given before ``classes_idle_before`` go too,
        uncounted.
        """
        conditions = []
        if finished_before is not None:
            _require_time_zone(finished_before)
            conditions.append(and_(GameRow.finished.is_(True), GameRow.updated < finished_before))
        if idle_before is not None:
            _require_time_zone(idle_before)
            conditions.append(GameRow.updated < idle_before)
        if not conditions and classes_idle_before is None:
            raise ValueError("expected finished_before, idle_before, classes_idle_before or some of them")
        companions = []  # an empty or_() matches nothing
        if finished_before is not None:
            companions.append(and_(CompanionRow.finished.is_(True), CompanionRow.updated < finished_before))
        if idle_before is not None:
            companions.append(CompanionRow.updated < idle_before)
        with self._writing.begin() as session:
            removed = 0
            if conditions:
                removed += session.connection().execute(delete(GameRow).where(or_(*conditions))).rowcount
                removed += session.connection().execute(delete(CompanionRow).where(or_(*companions))).rowcount
            if classes_idle_before is not None:
                _require_time_zone(classes_idle_before)
                idle_class = ClassRow.updated < classes_idle_before
                removed += session.connection().execute(delete(ClassRow).where(idle_class)).rowcount
                answered = AnsweredRow.answered < classes_idle_before
                session.connection().execute(delete(AnsweredRow).where(answered))
            return removed

    # ------------------------------------------------------------- scoresheets of games with the real cards

    def add_companion(self, companion: StoredCompanion) -> None:
        """Store a new scoresheet; its moments must have a time zone."""
        _require_time_zone(companion.created, companion.updated)
        with self._writing.begin() as session:
            session.execute(
                insert(CompanionRow).values(
                    id=companion.id,
                    version=companion.version,
                    sheet=companion.sheet,
                    finished=companion.finished,
                    created=companion.created,
                    updated=companion.updated,
                )
            )

    def companion(self, companion_id: str) -> StoredCompanion | None:
        """The scoresheet ``companion_id``, or ``None`` when the database holds none by that id."""
        with self._reading() as session:
            row = session.get(CompanionRow, companion_id)
            if row is None:
                return None
            return StoredCompanion(row.id, row.version, row.sheet, row.finished, row.created, row.updated)

    def save_companion(
        self, companion_id: str, *, expected_version: int, sheet: dict[str, Any], finished: bool
    ) -> StoredCompanion:
        """Replace the scoresheet at ``expected_version`` by ``sheet``, one version on; the scoresheet as saved.

        Only if it is still at ``expected_version``: else nothing is written
        and :class:`StaleVersionError` says which version it is at (two
        phones at one table entering a round at once: one wins).  An unknown
        id is :class:`UnknownGameError`.
        """
        with self._writing.begin() as session:
            saved = session.connection().execute(
                update(CompanionRow)
                .where(CompanionRow.id == companion_id, CompanionRow.version == expected_version)
                .values(version=expected_version + 1, sheet=sheet, finished=finished, updated=datetime.now(UTC))
            )
            if saved.rowcount != 1:
                current = session.scalar(select(CompanionRow.version).where(CompanionRow.id == companion_id))
                if current is None:
                    raise UnknownGameError(f"no scoresheet {companion_id!r}")
                raise StaleVersionError(f"scoresheet {companion_id!r} is at version {current}, not {expected_version}")
        stored = self.companion(companion_id)
        assert stored is not None  # saved above; scoresheets are removed only by purge, days later
        return stored

    def dispose(self) -> None:
        """Close the store's connections to the database."""
        self._engine.dispose()

    def _upgrade(self) -> None:
        """Bring the database to the newest schema, in one transaction that holds off any other process migrating.

        On SQLite a migration that changes a column copies its table and
        drops the old one, which would delete the rows that refer to it
        (``ON DELETE CASCADE``): foreign keys are switched off for the
        migration, as SQLite's documentation advises, and checked before it
        is committed.
        """
        with self._engine.connect() as connection:
            sqlite = connection.dialect.name == "sqlite"
            if sqlite:  # a pragma that holds only outside a transaction: on the driver's own connection
                connection.connection.driver_connection.execute("PRAGMA foreign_keys=OFF")  # type: ignore[union-attr]
            try:
                connection.execution_options(**{_WRITES: True})  # on SQLite: the write lock, from the start
                with connection.begin():
                    if connection.dialect.name == "postgresql":
                        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
                    config = migrations_config()
                    config.attributes["connection"] = connection
                    command.upgrade(config, "head")
                    if sqlite and connection.exec_driver_sql("PRAGMA foreign_key_check").first() is not None:
                        raise CommandError("the migration left a row referring to nothing")
            finally:
                if sqlite:
                    connection.connection.driver_connection.execute("PRAGMA foreign_keys=ON")  # type: ignore[union-attr]


def new_game_id() -> str:
    """A new random game id: 22 URL-safe characters (128 bits), which no one can guess.

    >>> len(new_game_id()), new_game_id() == new_game_id()
    (22, False)
    """
    return secrets.token_urlsafe(16)


def default_database_url() -> str:
    """The SQLite file used when :data:`SETTING` is empty: ``nambarz/games.sqlite3`` in the user's data folder.

    The data folder is ``$XDG_DATA_HOME``, else ``~/.local/share``; the
    ``nambarz`` folder in it is created if need be, open to its owner only
    (0700), since the file holds every hand of every game.
    """
    folder = data_folder()
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        folder.mkdir(mode=PRIVATE_FOLDER, exist_ok=True)
        _make_private(folder, PRIVATE_FOLDER)  # made by an earlier version, with the usual 0755
    except OSError as error:
        raise StorageError(
            f"is not set, and the folder {str(folder)!r} for its default file cannot be created "
            f"({error.strerror or error}); expected {EXPECTED}"
        ) from None
    return URL.create("sqlite", database=str(folder / "games.sqlite3")).render_as_string(hide_password=False)


def database_url(setting: str) -> str:
    """The database of the setting :data:`SETTING`: its URL, or :func:`default_database_url` when it is empty.

    >>> database_url("postgresql+psycopg://nambarz@db.example.org/nambarz")
    'postgresql+psycopg://nambarz@db.example.org/nambarz'
    """
    return setting or default_database_url()


def migrations_config(url: str | None = None) -> Config:
    """Alembic's configuration of the games database's migrations, made here: no ``alembic.ini`` is needed.

    A developer writes a new migration from a database at the newest
    schema, with ``url``::

        python -c "from alembic import command; from services.play.store import migrations_config;
        command.revision(migrations_config('sqlite:///dev.sqlite3'), 'what changes', autogenerate=True)"
    """
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS).replace("%", "%%"))
    config.set_main_option("path_separator", "os")
    if url is not None:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def _read_url(text: str) -> URL:
    """The URL of the setting ``text``, for SQLite (a file) or PostgreSQL (by psycopg 3); anything else is refused.

    >>> _read_url("postgresql://nambarz@localhost/games").drivername
    'postgresql+psycopg'
    >>> _read_url("mysql://nambarz@localhost/games")
    Traceback (most recent call last):
    ...
    services.play.store.StorageError: NAMBARZ_DATABASE_URL: expected sqlite:///PATH or \
postgresql+psycopg://USER:PASSWORD@HOST/DATABASE, not 'mysql://nambarz@localhost/games'
    """
    try:
        url = make_url(text)
    except ArgumentError:
        raise StorageError(f"expected {EXPECTED}, not {_shown(text)!r}") from None
    if url.drivername in ("postgresql", "postgresql+psycopg"):
        return url.set(drivername="postgresql+psycopg")
    if url.drivername not in ("sqlite", "sqlite+pysqlite"):
        raise StorageError(f"expected {EXPECTED}, not {_shown(text)!r}")
    if not url.database or url.database == ":memory:" or url.database.startswith("file:"):
        raise StorageError(f"expected {EXPECTED} naming a file, not {_shown(text)!r}")
    return url


def _shown(text: str) -> str:
    """The setting as a message may show it: as given, but without its password.

    >>> _shown("postgresql://nambarz:secret@db/games"), _shown("sqlite:///:memory:"), _shown("pg sql://a:secret@db")
    ('postgresql://nambarz:***@db/games', 'sqlite:///:memory:', 'pg sql://…')
    """
    try:
        url = make_url(text)
    except ArgumentError:
        scheme, separator, _rest = text.partition("://")
        return f"{scheme}://…" if separator and "@" in text else text
    return text if url.password is None else url.render_as_string(hide_password=True)


def _create_engine(url: URL, shown: str) -> Engine:
    if url.get_backend_name() == "postgresql":
        try:
            return create_engine(url, pool_pre_ping=True)
        except ModuleNotFoundError:
            raise StorageError(f"{shown!r} needs the psycopg driver: pip install 'nambarz[postgresql]'") from None
    assert url.database is not None  # _read_url requires a file
    _create_private_file(Path(url.database), shown)
    engine = create_engine(url, connect_args={"timeout": SQLITE_BUSY_SECONDS})
    event.listen(engine, "connect", _prepare_sqlite)
    event.listen(engine, "begin", _begin_sqlite)
    return engine


def _create_private_file(path: Path, shown: str) -> None:
    """Create the SQLite file ``path`` readable and writable by its owner only (0600), or make an old one so.

    SQLite gives its write-ahead log and shared-memory files the database
    file's permissions; those of a file made by an earlier version (with the
    usual 0644) are narrowed too, when this user owns them.
    """
    try:
        descriptor = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, PRIVATE_FILE)
    except FileExistsError:
        for part in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            _make_private(part, PRIVATE_FILE)
        return
    except OSError as error:
        raise StorageError(f"cannot use the database {shown!r}: {error.strerror or error}") from None
    os.close(descriptor)


def _make_private(path: Path, mode: int) -> None:
    """Take from a file or folder of this user's any permission beyond ``mode``; leave others' alone."""
    try:
        found = path.stat()
        if found.st_uid == os.getuid() and found.st_mode & 0o777 & ~mode:
            path.chmod(found.st_mode & mode)
    except OSError:
        return  # missing, or not ours to change: SQLite says what it cannot open


def _prepare_sqlite(connection: sqlite3.Connection, _record: object) -> None:
    """A new SQLite connection: several processes' connections may share the file, and foreign keys hold."""
    # Python's sqlite3 begins transactions on its own, and not before DDL, so a migration would not be
    # one transaction; instead every transaction begins where SQLAlchemy begins one (_begin_sqlite).
    connection.isolation_level = None
    _use_write_ahead_log(connection)
    connection.execute("PRAGMA synchronous=NORMAL")  # safe with WAL; a power cut may lose the last commits only
    connection.execute("PRAGMA foreign_keys=ON")  # so that deleting a game deletes its seats and actions


def _use_write_ahead_log(connection: sqlite3.Connection) -> None:
    """Switch the file to write-ahead logging (it stays so): readers never wait for the writer, nor it for them.

    The switch needs the file to itself: while another process opening a
    new file at the same moment holds it, SQLite refuses at once instead of
    waiting, so the switch is retried for up to :data:`SQLITE_BUSY_SECONDS`.
    """
    deadline = time.monotonic() + SQLITE_BUSY_SECONDS
    while True:
        try:
            connection.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if error.sqlite_errorcode != sqlite3.SQLITE_BUSY or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def _begin_sqlite(connection: Connection) -> None:
    immediate = connection.get_execution_options().get(_WRITES, False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def _require_time_zone(*moments: datetime) -> None:
    for moment in moments:
        if moment.tzinfo is None:
            raise ValueError(f"expected a moment with a time zone, not {moment!r}")


def _insert(session: Session, game: StoredGame) -> None:
    """Insert a new game, its state as its first checkpoint, and its seats (in the caller's transaction)."""
    session.execute(
        insert(GameRow).values(
            id=game.id,
            game=game.game,
            variant=game.variant,
            options=game.options,
            seed=str(game.seed),
            version=game.version,
            state=game.state,
            finished=game.finished,
            created=game.created,
            updated=game.updated,
            commitment=game.commitment,
            stopped=game.stopped,
            turn=game.turn,
            next_game=game.next_game,
        )
    )
    session.execute(insert(CheckpointRow).values(game_id=game.id, number=game.version, state=game.state))
    session.execute(
        insert(SeatRow),
        [
            {
                "game_id": game.id,
                "seat": seat.seat,
                "name": seat.name,
                "kind": seat.kind,
                "token_hash": seat.token_hash,
                "language": seat.language,
            }
            for seat in game.seats
        ],
    )


def _load(connection: Connection, game_id: str) -> StoredGame | None:
    """The game ``game_id`` with its seats, read on ``connection`` (in the caller's transaction)."""
    row = connection.execute(_READ_GAME, {"game_id": game_id}).first()
    if row is None:
        return None
    seats = connection.execute(_READ_SEATS, {"game_id": game_id})
    return StoredGame(
        id=row.id,
        game=row.game,
        variant=row.variant,
        options=row.options,
        seed=int(row.seed),
        seats=tuple(SeatRecord(*seat) for seat in seats),
        version=row.version,
        state=row.state,
        finished=row.finished,
        created=row.created,
        updated=row.updated,
        commitment=row.commitment,
        stopped=row.stopped,
        turn=row.turn,
        next_game=row.next_game,
    )


def _lines(connection: Connection, game_id: str, *, after: int, up_to: int) -> list[ActionLine]:
    """The actions numbered after ``after`` and up to ``up_to``, in order, without their verdicts."""
    rows = connection.execute(_READ_LINES, {"game_id": game_id, "after": after, "up_to": up_to})
    return [ActionLine(*row) for row in rows]
