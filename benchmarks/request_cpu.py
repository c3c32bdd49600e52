"""CPU time of a request in-process, old next to new: ``/api/v1/health`` and a seat's view of a game mid-play.

A request's cost, not the network's nor the queue's: the app is called as a
WSGI server calls it, in the script's own process, and each call is timed
with ``time.process_time`` (the CPU the process spent, whatever else the
machine runs), many times after a warm-up, giving the median and the 90th
percentile in milliseconds.  Two requests are timed:

* ``GET /api/v1/health``, which every load balancer polls;
* a seat's view of a stored game, ``GET /api/v1/games/<id>`` with the seat's
  token, once the game has :data:`ACTIONS` actions behind it (a person and
  two bots at Quando, dealt from a fixed seed, the person always playing
  its first legal action), so that the view lists its 30 latest actions.

Each is timed on the code of the reference commit
(:data:`~reference.BEFORE_STRATEGY_LAB`, exported aside by
:func:`~reference.reference_tree`) and on the working tree in the same
invocation, each in a fresh interpreter on a fresh SQLite file, the two
taking turns for ``--rounds`` rounds so that a busy spell of the machine
weighs on both alike; the samples of all rounds are pooled.  The game is
set up with the rate limits off (its actions would spend them); the
requests are then timed on an app with every default setting, as served.
Neither request needs a translation catalog, so the exported tree, which
has none compiled, serves them as it is.  Both trees must show the same
view of the same game: the script compares them (all but the game's id,
which is drawn at random).

Goals, judged on the working tree's medians: health under 0.3 ms of CPU, a
seat's view under 2 ms.  In a clone without the history (``--depth 1``) the
reference cannot be exported: the working tree is measured alone, and the
script says so.

Run it from the repository root::

    python benchmarks/request_cpu.py            # 3 rounds of 1,000 requests each
    python benchmarks/request_cpu.py --quick    # 1 round of 20, a smoke test

It prints a Markdown table of the figures, then the goals.  The exit status
is 1 when a measurement failed; a missed goal is only reported.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reference import BEFORE_STRATEGY_LAB, REPOSITORY_ROOT, ReferenceUnavailableError, reference_tree, run_python

ACTIONS = 40
"""Actions played before the view is timed: more than the 30 it lists."""

SEED = 5
"""The deal of the timed game (a seed may be chosen with one person at the table)."""

REPETITIONS, QUICK_REPETITIONS = 1000, 20
"""Timed requests of each kind per round, by default and with ``--quick``."""

WARM_UP, QUICK_WARM_UP = 100, 5
"""Requests of each kind sent before the timing starts (imports done, caches filled, statements compiled)."""

ROUNDS = 3
"""Rounds by default, the reference and the working tree taking turns; ``--quick`` runs one."""

GOALS = {"health": 0.3, "view": 2.0}
"""The most CPU, in milliseconds, each request's median may take in the working tree."""

SNIPPET = """
import gc, hashlib, io, json, os, shutil, tempfile, time

folder = tempfile.mkdtemp(prefix="request-cpu-")
for name in [name for name in os.environ if name.startswith("NAMBARZ_")]:
    del os.environ[name]  # the defaults, whatever the caller's environment sets
os.environ["XDG_DATA_HOME"] = folder  # the kept secret key goes here, never to the user's data folder

from werkzeug.test import EnvironBuilder
from api.app import create_app

database = {"NAMBARZ_DATABASE_URL": "sqlite:///" + os.path.join(folder, "games.sqlite3")}
setting_up = create_app({**database, "NAMBARZ_RATE_LIMIT": "off"}).test_client()
seats = [{"name": "Ann"}, {"name": "Bot 1", "kind": "bot"}, {"name": "Bot 2", "kind": "bot"}]
created = setting_up.post("/api/v1/games", json={"game": "quando", "seats": seats, "seed": SEED}).get_json()
bearer = {"Authorization": "Bearer " + created["seats"][0]["token"]}
game = "/api/v1/games/" + created["id"]
view = setting_up.get(game, headers=bearer).get_json()
while view["version"] < ACTIONS and not view["is_over"]:
    sent = {"action": view["legal_actions"][0], "version": view["version"]}
    view = setting_up.post(game + "/actions", headers=bearer, json=sent).get_json()["view"]

app = create_app(database)  # every other setting as served

def call(path, headers):
    # One request as a WSGI server makes it; its status and body.
    answer = {}
    environ = EnvironBuilder(path=path, headers=headers, environ_base={"REMOTE_ADDR": "127.0.0.1"}).get_environ()
    started = time.process_time()
    chunks = app(environ, lambda status, _headers: answer.setdefault("status", status))
    body = b"".join(chunks)
    getattr(chunks, "close", lambda: None)()
    answer["cpu"] = time.process_time() - started
    return answer, body

def timed(path, headers):
    for _ in range(WARM_UP):
        call(path, headers)
    gc.collect()
    samples = []
    for _ in range(REPETITIONS):
        answer, body = call(path, headers)
        if not answer["status"].startswith("200"):
            raise RuntimeError(f"{path} answered {answer['status']}: {body[:200]!r}")
        samples.append(answer["cpu"])
    return samples, body

health, _ = timed("/api/v1/health", {})
seen, body = timed(game, bearer)
shown = json.loads(body)
shown.pop("id")
digest = hashlib.sha256(json.dumps(shown, sort_keys=True).encode()).hexdigest()
shutil.rmtree(folder, ignore_errors=True)
print(json.dumps({"health": health, "view": seen, "version": shown["version"], "listed": len(shown["log"]),
                  "digest": digest}))
"""
"""Run in a fresh interpreter with one tree's packages first on the path; prints its CPU times as JSON."""


@dataclass
class Measured:
    """One tree's samples (seconds of CPU) of each request, pooled over the rounds, and the view it showed."""

    samples: dict[str, list[float]] = field(default_factory=lambda: {"health": [], "view": []})
    version: int = 0
    listed: int = 0
    digests: set[str] = field(default_factory=set)

    def add(self, found: dict[str, Any]) -> None:
        """Pool one round's answer of the snippet."""
        for request in self.samples:
            self.samples[request].extend(found[request])
        self.version, self.listed = int(found["version"]), int(found["listed"])
        self.digests.add(str(found["digest"]))

    def median(self, request: str) -> float:
        """The median CPU time of ``request``, in milliseconds."""
        return statistics.median(self.samples[request]) * 1000

    def p90(self, request: str) -> float:
        """The 90th percentile of the CPU time of ``request``, in milliseconds."""
        return statistics.quantiles(self.samples[request], n=10)[-1] * 1000


def measure(root: Path, repetitions: int, warm_up: int) -> dict[str, Any]:
    """One round on the packages under ``root``: what the snippet printed."""
    settings = f"ACTIONS, SEED, REPETITIONS, WARM_UP = {ACTIONS}, {SEED}, {repetitions}, {warm_up}\n"
    found: dict[str, Any] = run_python(root, settings + SNIPPET)
    return found


def run(rounds: int, repetitions: int, warm_up: int) -> tuple[Measured | None, Measured, str | None]:
    """The reference's figures (``None`` when it cannot be exported, with why) and the working tree's."""
    new = Measured()
    try:
        with reference_tree() as root:
            old = Measured()
            for _ in range(rounds):
                old.add(measure(root, repetitions, warm_up))
                new.add(measure(REPOSITORY_ROOT, repetitions, warm_up))
            return old, new, None
    except ReferenceUnavailableError as error:
        for _ in range(rounds):
            new.add(measure(REPOSITORY_ROOT, repetitions, warm_up))
        return None, new, str(error)


REQUESTS = {
    "health": "`GET /api/v1/health`",
    "view": "a seat's view, `GET /api/v1/games/<id>` ({listed} actions listed, version {version})",
}
"""Each request as the table names it."""


def report(old: Measured | None, new: Measured, unavailable: str | None, rounds: int, repetitions: int) -> None:
    """Print the machine, the table of figures and the goals."""
    print(f"Python {platform.python_version()} on {platform.system()} {platform.machine()}, {os.cpu_count()} CPUs")
    rounds_said = "1 round" if rounds == 1 else f"{rounds} rounds"
    print(f"{rounds_said} of {repetitions:,} requests of each kind per tree; CPU time per request, in ms\n")
    if old is None:
        print(f"Note: {unavailable}; the working tree is measured alone.\n")
        print("| Request | Median | p90 |\n|---|---|---|")
        for request, named in REQUESTS.items():
            shown = named.format(listed=new.listed, version=new.version)
            print(f"| {shown} | {new.median(request):.2f} | {new.p90(request):.2f} |")
    else:
        print(f"Reference: {BEFORE_STRATEGY_LAB[:10]} (before); working tree (after).\n")
        print("| Request | Before median | Before p90 | After median | After p90 | After / before |")
        print("|---|---|---|---|---|---|")
        for request, named in REQUESTS.items():
            shown = named.format(listed=new.listed, version=new.version)
            before, after = old.median(request), new.median(request)
            print(
                f"| {shown} | {before:.2f} | {old.p90(request):.2f} | {after:.2f} | {new.p90(request):.2f} "
                f"| {after / before:.2f} |"
            )
        same = old.digests == new.digests and len(new.digests) == 1
        print(f"\nThe same view in both trees (all but the game's id): {'yes' if same else 'NO'}")
    print("\n| Goal (median, working tree) | Measured | Result |\n|---|---|---|")
    for request, limit in GOALS.items():
        label = "health" if request == "health" else "a seat's view"
        median = new.median(request)
        print(f"| {label} under {limit:g} ms of CPU | {median:.2f} ms | {'met' if median < limit else 'missed'} |")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=ROUNDS, help=f"rounds per tree (default {ROUNDS})")
    parser.add_argument(
        "--repetitions", type=int, default=REPETITIONS, help=f"timed requests per round (default {REPETITIONS:,})"
    )
    parser.add_argument("--quick", action="store_true", help=f"1 round of {QUICK_REPETITIONS}, a smoke test")
    arguments = parser.parse_args(argv)
    rounds, repetitions, warm_up = arguments.rounds, arguments.repetitions, WARM_UP
    if arguments.quick:
        rounds, repetitions, warm_up = 1, QUICK_REPETITIONS, QUICK_WARM_UP
    if rounds < 1 or repetitions < 2:
        parser.error("--rounds: expected at least 1; --repetitions: expected at least 2")
    try:
        old, new, unavailable = run(rounds, repetitions, warm_up)
    except (RuntimeError, subprocess.TimeoutExpired) as error:
        print(f"request_cpu: {error}", file=sys.stderr)
        return 1
    report(old, new, unavailable, rounds, repetitions)
    return 0


if __name__ == "__main__":
    sys.exit(main())
