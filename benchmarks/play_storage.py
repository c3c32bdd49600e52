"""Storage of a very long game: the state stays small, each action writes little, and every read answers at any length.

The longest game a table can get is one its players will not end: Nambarz
players who keep laying calculations they have not checked are penalised
(rule V), draw three cards, and never go out.  The script opens such a game
through the service's own :class:`~services.play.tables.Tables`, on a fresh SQLite
file (or ``--database URL``), with three people at the table (``--seats``), and plays
``--actions`` actions (10,000 by default): while a player holds at most
:data:`LEGAL_FROM` cards, nine times in ten a careless sum of two or three of
its cards, otherwise a legal action; with more, a legal action; never a
legal play of a whole hand, so that nobody goes out and no hand grows
without end.  Every finished turn is judged for
the review as it ends, as in play.

It counts what each save sends to the database (the bytes of every value of
every ``INSERT`` and ``UPDATE``: the state, the actions with their verdicts,
the turns judged, the checkpoints), samples the size of the stored state
every hundred actions, and reads the game back as a seat would, through the
app: the log's first and last pages, the review, and the log page at its
first, middle and last step.

Goals: the stored state never exceeds 16 KB, the bytes written per action
stay under 4 KB on average, and every read answers 200 whatever the game's
length.

Run it from the repository root::

    python benchmarks/play_storage.py                 # 10,000 actions
    python benchmarks/play_storage.py --actions 2000
    python benchmarks/play_storage.py --quick         # 120 actions, a smoke test

It prints a markdown table, then the goals; the exit status is 1 when a goal
is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import event

from api.app import create_app
from services.configuration import game_tables
from services.play.store import GameStore, pack
from services.play.tables import SeatRequest, Tables
from solver.games import find_game
from solver.nambarz.rules import Operator
from solver.nambarz.state import Action

DEFAULT_ACTIONS = 10_000
QUICK_ACTIONS = 120
CARELESS_RATE = 0.9
"""How often a player lays an unchecked sum instead of a legal action."""
LEGAL_FROM = 12
"""A player holding more cards than this plays legally (a hand grown huge costs every search more)."""
SAMPLE_EVERY = 100
"""Actions between two measures of the stored state."""
MAX_STATE_BYTES = 16 * 1024
MAX_BYTES_PER_ACTION = 4 * 1024
DEFAULT_SEATS = 3


@dataclass
class Written:
    """What the saves sent to the database: bytes in all, and statements."""

    bytes: int = 0
    statements: int = 0

    def count(self, _connection: Any, _cursor: Any, statement: str, parameters: Any, *_rest: Any) -> None:
        """SQLAlchemy's ``before_cursor_execute``: add the values of a write."""
        if not statement.lstrip().upper().startswith(("INSERT", "UPDATE")):
            return
        rows = parameters if isinstance(parameters, list) else [parameters]
        for row in rows:
            values = row.values() if isinstance(row, dict) else row
            self.bytes += sum(_size(value) for value in values if value is not None)
        self.statements += 1


def _size(value: object) -> int:
    """The bytes a value takes on its way to the database: a packed state as it is, anything else as text."""
    return len(value) if isinstance(value, bytes) else len(str(value).encode())


@dataclass
class Played:
    """The long game as it went: its id, the seats' tokens, the state's sizes, the time spent."""

    game_id: str = ""
    tokens: list[str] = field(default_factory=list)
    actions: int = 0
    state_sizes: list[int] = field(default_factory=list)
    """The stored state's size as JSON, every hundred actions and at the end."""
    packed_sizes: list[int] = field(default_factory=list)
    """The same, as the database keeps it (compressed)."""
    seconds: float = 0.0
    over: bool = False


def play(tables: Tables, count: int, seats: int) -> Played:
    """Open the game for ``seats`` people and play ``count`` actions (or to its end), sampling the state's size."""
    people = [SeatRequest(f"Player {number}") for number in range(1, seats + 1)]
    game, tokens = tables.open_game("nambarz", people, options={"rounds": 1})
    played = Played(game.id, [token for token in tokens if token is not None])
    rng = random.Random(7)
    started = time.perf_counter()
    while played.actions < count and not game.finished:
        seat = find_game("nambarz").load_state(game.state).to_move
        assert seat is not None
        view = tables.view(tables.snapshot_of(game), seat, "en")
        action = None
        if len(view["hand"]) <= LEGAL_FROM and rng.random() < CARELESS_RATE:
            action = unchecked_sum(view, rng)
        if action is None:
            action = rng.choice(keeping_cards(view))
        game = tables.act(game.id, played.tokens[seat], action, game.version).game
        played.actions = game.version
        if played.actions % SAMPLE_EVERY == 0:
            played.state_sizes.append(len(json.dumps(game.state)))
            played.packed_sizes.append(len(pack(game.state)))
    played.seconds = time.perf_counter() - started
    played.over = game.finished
    played.state_sizes.append(len(json.dumps(game.state)))
    played.packed_sizes.append(len(pack(game.state)))
    return played


def keeping_cards(view: dict[str, Any]) -> list[str]:
    """The legal actions that leave the player a card, so that nobody goes out; all of them if none does."""
    held = len(view["hand"])
    kept = [text for text in view["legal_actions"] if _cards_laid(text) < held]
    return kept or view["legal_actions"]


def _cards_laid(text: str) -> int:
    play = Action.parse(text).play
    return 0 if play is None else len(play.cards)


def unchecked_sum(view: dict[str, Any], rng: random.Random) -> str | None:
    """A sum of two or three number cards of the player's hand, unchecked; ``None`` when it cannot be laid now."""
    numbers = [card for card in view["hand"] if not card.startswith("J")]
    if view["table"]["phase"] != "start" or len(numbers) < 2:
        return None
    return f" {Operator.ADD.value} ".join(rng.sample(numbers, rng.randint(2, min(3, len(numbers)))))


def reads(database: str, played: Played) -> list[tuple[str, int, int, float]]:
    """Read the game back as its first seat: each read's name, status, size in bytes and seconds."""
    app = create_app({"NAMBARZ_DATABASE_URL": database, "NAMBARZ_RATE_LIMIT": "off"})
    client = app.test_client()
    token = played.tokens[0]
    headers = {"Authorization": f"Bearer {token}"}
    base = f"/api/v1/games/{played.game_id}"
    seat_page = f"/play/{played.game_id}/seat/0"
    client.set_cookie("nambarz_seat_0", token, path=seat_page)
    last_page_start = max(0, played.actions - 1000)
    asked = [
        ("view", base),
        ("log, first page", f"{base}/log"),
        ("log, last page", f"{base}/log?after={last_page_start}"),
        ("review", f"{base}/review"),
        ("log page, first step", f"{seat_page}/log?step=1&lang=en"),
        ("log page, middle step", f"{seat_page}/log?step={played.actions // 2}&lang=en"),
        ("log page, last step", f"{seat_page}/log?lang=en"),
    ]
    answers = []
    for name, path in asked:
        started = time.perf_counter()
        answer = client.get(path, headers=headers)
        answers.append((name, answer.status_code, len(answer.data), time.perf_counter() - started))
    with app.app_context():
        game_tables().store.dispose()
    return answers


def file_bytes(database: str) -> int | None:
    """The size of an SQLite database with its write-ahead log, ``None`` for another database."""
    if not database.startswith("sqlite:///"):
        return None
    path = Path(database.removeprefix("sqlite:///"))
    return sum(part.stat().st_size for part in (path, path.with_name(path.name + "-wal")) if part.exists())


def report(played: Played, written: Written, answers: Sequence[tuple[str, int, int, float]], size: int | None) -> bool:
    """Print the tables and the goals; True when every goal is met."""
    per_action = written.bytes / played.actions if played.actions else 0.0
    print(f"Python {platform.python_version()}, {os.cpu_count()} CPUs\n")
    print("| Measure | Value |\n|---|---|")
    print(f"| Actions played | {played.actions:,} ({'the game ended' if played.over else 'the game goes on'}) |")
    print(f"| Time per action (each finished turn judged) | {played.seconds / max(played.actions, 1) * 1000:.1f} ms |")
    print(f"| Stored state as JSON, largest sampled | {max(played.state_sizes):,} bytes |")
    print(f"| Stored state as kept (compressed), largest sampled | {max(played.packed_sizes):,} bytes |")
    print(f"| Written to the database | {written.bytes:,} bytes in {written.statements:,} statements |")
    print(f"| Written per action | {per_action:,.0f} bytes |")
    if size is not None:
        print(f"| SQLite file with its log, at the end | {size:,} bytes |")
    print("\n| Read (as a seat) | Status | Bytes | Seconds |\n|---|---|---|---|")
    for name, status, length, seconds in answers:
        print(f"| {name} | {status} | {length:,} | {seconds:.3f} |")
    goals = [
        (f"The stored state never exceeds {MAX_STATE_BYTES // 1024} KB", max(played.state_sizes) <= MAX_STATE_BYTES),
        (f"At most {MAX_BYTES_PER_ACTION // 1024} KB written per action", per_action <= MAX_BYTES_PER_ACTION),
        ("Every read answers 200", all(status == 200 for _, status, _, _ in answers)),
    ]
    print("\n| Goal | Met |\n|---|---|")
    for goal, met in goals:
        print(f"| {goal} | {'yes' if met else 'NO'} |")
    return all(met for _, met in goals)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=DEFAULT_ACTIONS, help="actions to play (default 10,000)")
    parser.add_argument("--database", help="a database URL (default: a fresh SQLite file)")
    parser.add_argument("--seats", type=int, default=DEFAULT_SEATS, help="people at the table, 2 to 12 (default 3)")
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_ACTIONS} actions, a smoke test")
    arguments = parser.parse_args(argv)
    if arguments.actions < 1:
        parser.error("--actions must be at least 1")
    if not 2 <= arguments.seats <= 12:
        parser.error("--seats must be from 2 to 12")
    count = QUICK_ACTIONS if arguments.quick else arguments.actions
    with tempfile.TemporaryDirectory() as folder:
        database = arguments.database or f"sqlite:///{Path(folder) / 'storage.sqlite3'}"
        store = GameStore(database)
        written = Written()
        event.listen(store.engine, "before_cursor_execute", written.count)
        try:
            played = play(Tables(store), count, arguments.seats)
        finally:
            store.dispose()
        answers = reads(database, played)
        size = file_bytes(database)
    return 0 if report(played, written, answers, size) else 1


if __name__ == "__main__":
    sys.exit(main())
