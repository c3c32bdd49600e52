"""Strength of the bots from self-play: each bot's share of wins against the others, with 95% intervals.

For every competitive game of the registry (Nambarz, Quando, Nmbrs!) and
every pair of its kinds of bot, ``--games`` seeded two-player games, each
deal played twice with the seats swapped; then a mixed table, one seat for
each kind, whose seats rotate by one each game.  Each game is played in the
game's first variant with its default options (Nambarz: the beginners' deck,
one round; Quando: to 50 points).  A bot wins a game when no seat ends with
a better outcome (``returns``): a tie counts as a win for each bot tied first.
The share of wins is printed with its 95% Wilson interval.

The Game is cooperative: each of its kinds of bot plays ``--games`` games as
the whole team, at 2 and at 4 players, and the table gives the share of games
the team beat (every card laid) and the mean number of cards left.

Run it from the repository root::

    python benchmarks/bot_strength.py                  # 200 games per pairing
    python benchmarks/bot_strength.py --games 20 --seed 3

It prints a markdown table per game.
"""

from __future__ import annotations

import argparse
import itertools
import os
import platform
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPOSITORY_ROOT = Path(__file__).resolve().parent.parent
if str(REPOSITORY_ROOT) not in sys.path:
    sys.path.insert(0, str(REPOSITORY_ROOT))

from solver.contract import GameState  # noqa: E402
from solver.errors import SearchLimitError  # noqa: E402
from solver.games import GAMES, GameEntry  # noqa: E402
from solver.thegame.simulate import wilson_interval  # noqa: E402

COOPERATIVE = frozenset({"thegame"})
"""The games a whole table plays as one team: their bots are measured against the game, not each other."""

TEAM_PLAYERS = (2, 4)
"""The player counts a cooperative game's bots are measured at."""

MAX_ACTIONS = 100_000
"""More actions than any game of these bots takes; a guard against a bot that loops."""

SEED_STRIDE = 1_000_000
"""Deals of different runs (``--seed``) lie this far apart."""


@dataclass
class Tally:
    """One kind of bot's games and wins at a table setting."""

    kind: str
    games: int = 0
    wins: int = 0

    def row(self, against: str, players: int) -> str:
        """A markdown row: the bot, its opponents, players, games, wins, and the win share with its interval."""
        low, high = wilson_interval(self.wins, self.games)
        share = self.wins / self.games if self.games else 0.0
        return (
            f"| {self.kind} | {against} | {players} | {self.games} | {self.wins} | {share:.0%} ({low:.0%}–{high:.0%}) |"
        )


def play(entry: GameEntry, kinds: Sequence[str], deal: int, bot_seed: int) -> GameState[Any]:
    """A game of ``entry`` dealt from ``deal``, seat ``i`` played by a ``kinds[i]`` bot, played to its end."""
    state = entry.new_game(players=len(kinds), seed=deal)
    bots = [entry.make_bot(kind, seed=bot_seed * 16 + seat) for seat, kind in enumerate(kinds)]
    for _ in range(MAX_ACTIONS):
        seat = state.to_move
        if seat is None:
            return state
        state.apply(bots[seat].choose(state))
    raise RuntimeError(f"{entry.title}: game {deal} did not end within {MAX_ACTIONS} actions")


def first_seats(state: GameState[Any]) -> set[int]:
    """The seats with the best outcome (every seat tied first wins)."""
    returns = state.returns()
    return {seat for seat, value in enumerate(returns) if value == max(returns)}


def match(entry: GameEntry, kinds: Sequence[str], games: int, seed: int) -> tuple[dict[str, Tally], int]:
    """``games`` games with ``kinds`` seated in rotation, each deal played once per rotation; tallies, aborted games.

    A game a search stops (its time limit, with a huge hand) is left out and counted apart.
    """
    tallies = {kind: Tally(kind) for kind in kinds}
    aborted = 0
    for number in range(games):
        shift = number % len(kinds)
        seated = [*kinds[shift:], *kinds[:shift]]
        deal = seed * SEED_STRIDE + number // len(kinds)
        try:
            state = play(entry, seated, deal, seed * SEED_STRIDE + number)
        except SearchLimitError:
            aborted += 1
            continue
        winners = first_seats(state)
        for seat, kind in enumerate(seated):
            tallies[kind].games += 1
            tallies[kind].wins += seat in winners
    return tallies, aborted


def competitive_table(entry: GameEntry, games: int, seed: int) -> list[str]:
    """The markdown table of one competitive game: every pair of its bots, then the mixed table."""
    kinds = entry.bot_kinds
    lines = [
        f"## {entry.title}\n",
        "| Bot | Against | Players | Games | Wins | Win share (95% CI) |",
        "|---|---|---|---|---|---|",
    ]
    aborted = 0
    for pair in itertools.combinations(kinds, 2):
        tallies, stopped = match(entry, pair, games, seed)
        aborted += stopped
        for kind, other in (pair, pair[::-1]):
            lines.append(tallies[kind].row(other, 2))
    table = min(len(kinds), entry.variants_players[entry.variants[0]].stop - 1)
    mixed = kinds[:table]
    tallies, stopped = match(entry, mixed, games, seed)
    aborted += stopped
    for kind in mixed:
        lines.append(tallies[kind].row("all the others", len(mixed)))
    if aborted:
        lines.append(f"\n{aborted} games stopped by a search's time limit are left out.")
    return lines


def cooperative_table(entry: GameEntry, games: int, seed: int) -> list[str]:
    """The markdown table of a cooperative game: each bot as the whole team, at each of :data:`TEAM_PLAYERS`."""
    lines = [
        f"## {entry.title} (cooperative)\n",
        "| Bot (whole team) | Players | Games | Beaten (95% CI) | Mean cards left |",
        "|---|---|---|---|---|",
    ]
    for kind in entry.bot_kinds:
        for players in TEAM_PLAYERS:
            # Every seat scores the same: minus the cards left, so 0 beats the game.
            left = [
                -play(entry, [kind] * players, seed * SEED_STRIDE + number, number).returns()[0]
                for number in range(games)
            ]
            beaten = left.count(0)
            low, high = wilson_interval(beaten, games)
            lines.append(
                f"| {kind} | {players} | {games} | {beaten / games:.0%} ({low:.0%}–{high:.0%}) "
                f"| {sum(left) / games:.1f} |"
            )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=200, help="games per pairing and per table (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the run (default 0)")
    arguments = parser.parse_args(argv)
    if arguments.games < 1:
        parser.error(f"--games must be 1 or more, not {arguments.games}")
    if arguments.seed < 0:
        parser.error(f"--seed must be 0 or more, not {arguments.seed}")
    print("# Strength of the bots from self-play\n")
    print(
        f"Python {platform.python_version()} on {platform.system()} {platform.machine()}, {os.cpu_count()} CPUs, "
        f"one process; {arguments.games} games per pairing, seed {arguments.seed}\n"
    )
    started = time.perf_counter()
    for entry in GAMES:
        make_table = cooperative_table if entry.name in COOPERATIVE else competitive_table
        print("\n".join(make_table(entry, arguments.games, arguments.seed)) + "\n", flush=True)
    print("A tie for first counts as a win for each bot tied; the interval is the 95% Wilson score interval.")
    print(f"The whole run took {time.perf_counter() - started:.0f} s.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
