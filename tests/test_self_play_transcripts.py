"""The bots' self-play, pinned: the same seeds play the same games, move for move, whatever is made faster.

The Game's strong bot plays two deals at every player count, and four
Nambarz planners two rounds of the beginners' game; each game's transcript
(every action as written, in Nambarz with the player who took it) is hashed
with SHA-256 and compared with the digest it had when it was pinned.  A
change that makes a bot faster must leave every digest as it is; a change
meant to make a bot play differently updates them, and says so.
"""

from __future__ import annotations

import hashlib

import pytest

from solver.nambarz.bots import make_bot as nambarz_bot
from solver.nambarz.deck import Deck
from solver.nambarz.rules import Rules
from solver.nambarz.simulate import MAX_ACTIONS_PER_GAME
from solver.nambarz.state import Game as NambarzGame
from solver.nambarz.state import Variant as NambarzVariant
from solver.thegame.bots import make_bot as thegame_bot
from solver.thegame.simulate import play_game
from solver.thegame.state import Game as TheGame

THE_GAME = {
    (1, 0): "934448114499b9f7",
    (1, 1): "f3fd346156d2437a",
    (2, 0): "41717c76093a9f01",
    (2, 1): "045c50e2524a7423",
    (3, 0): "885ea0b3c2b8bf26",
    (3, 1): "72cc6acaaa0988a3",
    (4, 0): "7da3dd7d5a24a8cf",
    (4, 1): "7886a353632f20bc",
    (5, 0): "92a76dc49c79379a",
    (5, 1): "834cbda3a46b417c",
}
"""The start of each digest of The Game's strong bot's games, by player count and deal seed."""

NAMBARZ = {0: "1495771bce63e217", 1: "9e667ec0e3a6f1ef"}
"""The start of each digest of four Nambarz planners' round of the beginners' game, by game seed."""

PLAYERS = ("P1", "P2", "P3", "P4")


def digest(transcript: list[str]) -> str:
    """The first sixteen hexadecimal digits of the SHA-256 of ``transcript``, one action a line."""
    return hashlib.sha256("\n".join(transcript).encode("utf-8")).hexdigest()[:16]


@pytest.mark.parametrize(("players", "seed"), sorted(THE_GAME))
def test_the_game_s_strong_bot_plays_the_pinned_game(players: int, seed: int) -> None:
    played = play_game(TheGame(players=players, seed=seed), thegame_bot("strong"))
    assert digest(list(played.actions)) == THE_GAME[players, seed], played.actions


@pytest.mark.parametrize("seed", sorted(NAMBARZ))
def test_nambarz_planners_play_the_pinned_round(seed: int) -> None:
    game = NambarzGame(
        PLAYERS, variant=NambarzVariant.BEGINNERS, rules=Rules(), rounds=1, deck=Deck.default(), seed=seed
    )
    seats = {name: nambarz_bot("planner", seed=seed * 16 + place) for place, name in enumerate(PLAYERS)}
    state, transcript = game.new_state(), []
    for _ in range(MAX_ACTIONS_PER_GAME):
        if state.is_over:
            break
        action = seats[state.turn_player].choose(state)
        transcript.append(f"{state.turn_player} {action}")
        state.apply(action)
    assert state.is_over, f"the round did not end within {MAX_ACTIONS_PER_GAME} actions"
    assert digest(transcript) == NAMBARZ[seed], transcript
