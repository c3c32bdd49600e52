"""Fair deals: seeds nobody can guess, a commitment shown before the first card, and the check anyone can make after.

A game's seed decides every shuffle (:mod:`solver.chance`), so whoever
knows it knows every hand and every card still to come.  The server draws
it from :mod:`secrets` (:func:`new_seed`, :data:`SEED_BITS` bits, too many to
search against a hand one holds) and keeps it to itself while the game is
on; the bots' own randomness is derived from it (:func:`bot_seed`), so no
seat can foresee a random bot either.

**The commitment.**  Every seat is shown, from the start, the SHA-256 of
the seed's decimal digits (:func:`deal_commitment`).  Once the game is over
the log gives the seed (its decimal digits, as a string, which no JSON
reader rounds): anyone can then hash it and compare, and replay the log's
actions from it with the engine (:func:`check_log`), which proves that the
cards were dealt from that seed and never changed during the game::

    printf %s "$SEED" | sha256sum

>>> deal_commitment(7)
'7902699be42c8a8e46fbbb4501726517e86b22c56a189f7625a6da49081b2451'
>>> len(str(new_seed())) > 20, new_seed() == new_seed()
(True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Mapping
from typing import Any

from solver.contract import GameState
from solver.errors import GameError, NambarzError
from solver.games import find_game

SEED_BITS = 128
"""The size of a seed the server draws."""

MAX_SEED = 2**256 - 1
"""The largest seed a game may be given (a creator may choose one only in a game with one person at the table)."""


def new_seed() -> int:
    """A fresh seed of :data:`SEED_BITS` random bits, from the operating system's source of randomness."""
    return secrets.randbits(SEED_BITS)


def deal_commitment(seed: int) -> str:
    """The commitment to a deal: the SHA-256, in hex, of the seed written in decimal digits."""
    return hashlib.sha256(str(seed).encode("ascii")).hexdigest()


def bot_seed(seed: int, seat: int, version: int) -> int:
    """The seed of the bot at ``seat`` made when the game stood at ``version``: derived from the secret seed.

    >>> bot_seed(7, 1, 0) == bot_seed(7, 1, 0), bot_seed(7, 1, 0) == bot_seed(7, 2, 0)
    (True, False)
    """
    digest = hmac.new(str(seed).encode("ascii"), f"bot/{seat}/{version}".encode("ascii"), hashlib.sha256).digest()
    return int.from_bytes(digest[: SEED_BITS // 8], "big")


def check_log(log: Mapping[str, Any]) -> list[str]:
    """What is wrong with a finished game's log: its seed against its commitment, its actions against a replay.

    An empty list means the deal is the one committed to, and every
    action's verdict is the one the engine gives from that deal.

    >>> check_log({"game": "quando", "is_over": False})
    ['the game is not over: its seed is given only at its end']
    """
    if not log.get("is_over"):
        return ["the game is not over: its seed is given only at its end"]
    written, commitment = log.get("seed"), log.get("deal_commitment")
    if not isinstance(written, str) or not written.isascii() or not written.isdigit():
        return ["the log gives no seed (its decimal digits, as a string)"]
    seed = int(written)
    numbers = [action.get("number") for action in log.get("actions", [])]
    if numbers != list(range(1, len(numbers) + 1)) or len(numbers) != log.get("version"):
        return [f"the log's actions are not numbered 1 to {log.get('version')}: a page is missing or out of order"]
    problems = []
    if commitment is None:
        problems.append("the game made no commitment to its deal (it began before deals were committed)")
    elif deal_commitment(seed) != commitment:
        return [f"the seed does not match the commitment {commitment}: the deal is not the one committed to"]
    try:
        state = replay_log(log, seed)
    except (NambarzError, KeyError, TypeError, ValueError) as error:
        return [*problems, f"the log cannot be replayed: {error}"]
    if state.returns() != log.get("scores"):
        problems.append(f"the replayed scores {state.returns()} differ from the log's {log.get('scores')}")
    return problems


def replay_log(log: Mapping[str, Any], seed: int) -> GameState[Any]:
    """The game a log describes, dealt from ``seed`` and played again by the engine, each verdict compared.

    Raises :class:`~solver.errors.GameError` for an action by a seat not to
    move, or judged otherwise than the log says, and
    :class:`~solver.errors.NambarzError` for an action the engine refuses.
    """
    entry = find_game(str(log["game"]))
    state = entry.new_game(players=len(log["seats"]), variant=log["variant"], seed=seed, options=dict(log["options"]))
    for action in log["actions"]:
        if state.to_move != action["seat"]:
            raise GameError(
                f"action {action['number']} is by seat {action['seat']}, but seat {state.to_move} is to move"
            )
        verdict = json.loads(json.dumps(state.apply(entry.parse_action(action["action"])).to_dict()))
        if verdict != action["verdict"]:
            raise GameError(f"action {action['number']} ({action['action']}): the engine judges it otherwise")
    return state
