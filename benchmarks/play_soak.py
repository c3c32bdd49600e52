"""Soak the games API: many games between a scripted player and bots at once, each replayed from its log at the end.

The script starts ``nambarz serve`` (rate limits off, a fresh SQLite file, or
``--database URL``) on a free loopback port and opens ``--games`` games (50 by
default) through ``POST /api/v1/games``, cycling through the four games with
one to three bots of each game's default kind.  Each game's one human seat is
played by a client thread of its own, all at once: it reads its view, sends a
legal action (chosen by a seeded generator) with the view's version, and goes
on until the game is over; a game it cannot finish within ``--actions`` of its
own actions counts as unfinished.  A 409 (someone came first) is answered by
reading the view again; every other status is a failure.

Then, for every game, it reads the log (every page of it), checks the deal
with :func:`services.play.fairness.check_log` (the seed the log gives at the end
against the commitment, every verdict against the engine's) and compares the
state replayed from the seed with the state the database holds, field for
field.

Figures: actions per second over all games (the scripted player's and the
bots', i.e. the sum of the games' final versions divided by the wall time from
the first game opened to the last game over), requests per second, and the
latency of an action request (which includes the bots' answers).

Goals: every game ends, no request fails, and every game's final state equals
its replay.

Run it from the repository root::

    python benchmarks/play_soak.py                # 50 games
    python benchmarks/play_soak.py --games 8      # fewer
    python benchmarks/play_soak.py --quick        # 8 games, a smoke test

The exit status is 1 when a goal is missed, 2 when the server could not be started.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from http.client import HTTPConnection
from pathlib import Path
from typing import Any

from api_load import HOST, ServerError, free_port, start_server, stop_server, wait_until_healthy

from services.play.fairness import check_log, replay_log
from services.play.store import GameStore
from solver.games import GAMES as REGISTERED

GAMES = REGISTERED.names
BOTS = {game.name: game.bot_kinds[0] for game in REGISTERED}
"""Each game's default bot: the registry lists a game's bots strongest first."""
DEFAULT_GAMES = 50
QUICK_GAMES = 8
DEFAULT_ACTIONS = 3000
"""The most actions the scripted player of one game sends before the game counts as unfinished."""
REQUEST_TIMEOUT = 120.0
"""Seconds one request may take: an action's answer includes the bots' turns, on a busy server."""
WORKERS = 2


@dataclass
class Played:
    """One game as its scripted player saw it."""

    game: str
    bots: int
    id: str = ""
    token: str = ""
    finished: bool = False
    actions: int = 0
    version: int = 0
    conflicts: int = 0
    failures: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    requests: int = 0


def _request(
    connection: HTTPConnection, method: str, path: str, body: object = None, token: str = ""
) -> tuple[int, Any]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
    response = connection.getresponse()
    return response.status, json.loads(response.read() or b"null")


def play(port: int, played: Played, seed: int, max_actions: int, options: dict[str, Any]) -> None:
    """Open ``played``'s game and play its human seat with seeded random legal actions until it is over."""
    chooser = random.Random(seed)
    connection = HTTPConnection(HOST, port, timeout=REQUEST_TIMEOUT)
    seats = [{"name": "Player"}] + [{"name": f"Bot {n}", "kind": BOTS[played.game]} for n in range(played.bots)]
    try:
        status, created = _request(
            connection, "POST", "/api/v1/games", {"game": played.game, "seats": seats, "seed": seed, "options": options}
        )
        played.requests += 1
        if status != 201:
            played.failures.append(f"open: {status} {created}")
            return
        played.id, played.token = created["id"], created["seats"][0]["token"]
        status, view = _request(connection, "GET", f"/api/v1/games/{played.id}", token=played.token)
        played.requests += 1
        while status == 200 and not view["is_over"] and played.actions < max_actions:
            if not view["your_turn"]:
                time.sleep(0.05)  # the bots were stopped by their time budget: they go on at the next look
                status, view = _request(connection, "GET", f"/api/v1/games/{played.id}", token=played.token)
                played.requests += 1
                continue
            action = chooser.choice(view["legal_actions"])
            started = time.perf_counter()
            status, answer = _request(
                connection,
                "POST",
                f"/api/v1/games/{played.id}/actions",
                {"action": action, "version": view["version"]},
                played.token,
            )
            played.latencies.append(time.perf_counter() - started)
            played.requests += 1
            played.actions += 1
            if status == 409:
                played.conflicts += 1
                status, view = _request(connection, "GET", f"/api/v1/games/{played.id}", token=played.token)
                played.requests += 1
                continue
            if status != 200:
                played.failures.append(f"action {action!r}: {status} {answer}")
                return
            view = answer["view"]
        if status != 200:
            played.failures.append(f"view: {status} {view}")
            return
        played.finished = view["is_over"]
        played.version = view["version"]
    except (OSError, ValueError) as error:
        played.failures.append(f"{type(error).__name__}: {error}")
    finally:
        connection.close()


def _whole_log(connection: HTTPConnection, played: Played) -> tuple[int, dict[str, Any]]:
    """Every page of the game's log, joined: the status of the last page read, and the log."""
    status, log = 200, {"actions": []}
    after: int | None = 0
    while after is not None and status == 200:
        status, page = _request(connection, "GET", f"/api/v1/games/{played.id}/log?after={after}", token=played.token)
        if status == 200:
            log = {**page, "actions": [*log["actions"], *page["actions"]]}
            after = page["next_after"]
    return status, log


def check_replays(port: int, games: Sequence[Played], database: str) -> list[str]:
    """For each game, its log replayed by the engine against the state the database holds; the differences."""
    store = GameStore(database)
    problems = []
    connection = HTTPConnection(HOST, port, timeout=REQUEST_TIMEOUT)
    try:
        for played in games:
            if not played.id:
                continue
            status, log = _whole_log(connection, played)
            stored = store.get(played.id)
            if status != 200 or stored is None:
                problems.append(f"{played.id}: log {status}")
                continue
            problems += [f"{played.game} {played.id}: {problem}" for problem in check_log(log)]
            replayed = replay_log(log, int(log["seed"])).to_dict()
            if replayed != stored.state:
                differing = sorted(key for key in stored.state if replayed.get(key) != stored.state[key])
                problems.append(f"{played.game} {played.id}: replay differs in {', '.join(differing)}")
    finally:
        connection.close()
        store.dispose()
    return problems


def report(games: Sequence[Played], seconds: float, problems: Sequence[str], workers: int) -> bool:
    """Print the table and the goals; True when every goal is met."""
    print(f"Python {platform.python_version()}, {os.cpu_count()} CPUs, {workers} workers, SQLite unless --database\n")
    print("| Game | Games | Finished | Actions (all seats) | Player's actions | 409 | Action p50 ms | Action p99 ms |")
    print("|---|---|---|---|---|---|---|---|")
    for name in GAMES:
        mine = [played for played in games if played.game == name]
        latencies = sorted(latency for played in mine for latency in played.latencies)
        p50 = statistics.median(latencies) * 1000 if latencies else 0.0
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000 if latencies else 0.0
        print(
            f"| {name} | {len(mine)} | {sum(p.finished for p in mine)} | {sum(p.version for p in mine):,} "
            f"| {sum(p.actions for p in mine):,} | {sum(p.conflicts for p in mine)} | {p50:.0f} | {p99:.0f} |"
        )
    actions = sum(played.version for played in games)
    requests = sum(played.requests for played in games)
    print(
        f"\n{len(games)} games at once in {seconds:.1f} s: {actions / seconds:,.0f} actions per second, "
        f"{requests / seconds:,.0f} requests per second."
    )
    failures = [f"{played.game} {played.id}: {failure}" for played in games for failure in played.failures]
    for line in failures + list(problems):
        print(f"  - {line}")
    goals = [
        ("Every game ends", all(played.finished for played in games)),
        ("No request fails", not failures),
        ("Every final state equals its replay", not problems and all(played.id for played in games)),
    ]
    print("\n| Goal | Met |\n|---|---|")
    for goal, met in goals:
        print(f"| {goal} | {'yes' if met else 'NO'} |")
    return all(met for _, met in goals)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, help="games at once (default 50)")
    parser.add_argument("--actions", type=int, default=DEFAULT_ACTIONS, help="most actions of one scripted player")
    parser.add_argument("--workers", type=int, default=WORKERS, help="server workers (default 2)")
    parser.add_argument("--database", help="a database URL (default: a fresh SQLite file)")
    parser.add_argument("--quick", action="store_true", help="8 games, a smoke test")
    arguments = parser.parse_args(argv)
    if arguments.games < 1 or arguments.actions < 1 or arguments.workers < 1:
        parser.error("--games, --actions and --workers must be at least 1")
    count = QUICK_GAMES if arguments.quick else arguments.games
    with tempfile.TemporaryDirectory() as folder, tempfile.TemporaryFile() as log:
        database = arguments.database or f"sqlite:///{Path(folder) / 'soak.sqlite3'}"
        os.environ["NAMBARZ_DATABASE_URL"] = database
        port = free_port()
        server = start_server(port, arguments.workers, log)
        try:
            wait_until_healthy(server, port, log)
        except ServerError as error:
            stop_server(server)
            print(f"could not start the server: {error}", file=sys.stderr)
            return 2
        try:
            games = [Played(GAMES[n % len(GAMES)], 1 + n % 3) for n in range(count)]
            threads = [
                threading.Thread(target=play, args=(port, played, n + 1, arguments.actions, {}))
                for n, played in enumerate(games)
            ]
            started = time.perf_counter()
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            seconds = time.perf_counter() - started
            problems = check_replays(port, games, database)
        finally:
            stop_server(server)
    return 0 if report(games, seconds, problems, arguments.workers) else 1


if __name__ == "__main__":
    sys.exit(main())
