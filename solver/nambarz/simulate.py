"""Self-play: seeded games between bots, with statistics per bot.

Bots are given to the seats in the order listed, repeated as needed, and
the assignment rotates by one seat each game so that no bot keeps the
first seat.  Every game and every bot is seeded from the run's seed.  A
game in which a search runs past its time limit (possible with huge hands
under unusual rules) is counted as aborted and left out of the statistics.

>>> report = simulate(players=4, games=3, seed=1, bots=("planner", "random"))
>>> sorted(report.to_dict()["bots"]), report.rounds
(['planner', 'random'], 3)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from solver.errors import NambarzError, SearchLimitError
from solver.nambarz.bots import BOTS, Bot, make_bot
from solver.nambarz.deck import Deck
from solver.nambarz.rules import Rules
from solver.nambarz.state import Game, State, Variant

MAX_GAMES = 100_000
MAX_ACTIONS_PER_GAME = 100_000


@dataclass
class BotStatistics:
    """Totals for one kind of bot over every seat it held."""

    seats: int = 0
    wins: int = 0
    rounds: int = 0
    rank_points: int = 0
    master_strokes: int = 0
    penalties: int = 0

    def to_dict(self, games: int) -> dict[str, Any]:
        """Shares and means: wins per game played to its end, and per round for the rest."""
        rounds = max(self.rounds, 1)
        return {
            "seats": self.seats,
            "win_share": self.wins / max(games, 1),
            "mean_rank_points": self.rank_points / rounds,
            "master_strokes_per_round": self.master_strokes / rounds,
            "penalties_per_round": self.penalties / rounds,
        }


@dataclass
class SimulationReport:
    """What a self-play run measured."""

    players: int
    games: int
    seed: int
    rounds_per_game: int
    bots: dict[str, BotStatistics] = field(default_factory=dict)
    aborted: int = 0
    """Games stopped because a search ran past its time limit; they count for no bot."""
    rounds: int = 0
    turns: int = 0
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "rounds_per_game": self.rounds_per_game,
            "bots": {name: statistics.to_dict(self.games - self.aborted) for name, statistics in self.bots.items()},
            "aborted_games": self.aborted,
            "rounds": self.rounds,
            "turns_per_round": self.turns / max(self.rounds, 1),
            "seconds": round(self.seconds, 3),
            "rounds_per_second": round(self.rounds / self.seconds, 1) if self.seconds else None,
        }


def simulate(
    *,
    players: int = 4,
    games: int = 100,
    seed: int = 0,
    bots: Sequence[str] = ("planner", "random"),
    rounds: int = 1,
    variant: Variant = Variant.BEGINNERS,
    rules: Rules | None = None,
    deck: Deck | None = None,
    progress: Callable[[], object] | None = None,
) -> SimulationReport:
    """Play ``games`` seeded games between ``bots`` and gather statistics per bot.

    ``progress``, if given, is called after each game (aborted ones too), so
    that an interface can show how far a long run has come.

    >>> played = []
    >>> simulate(players=2, games=2, bots=("random",), progress=lambda: played.append(1)).games, len(played)
    (2, 2)
    """
    if not 1 <= games <= MAX_GAMES:
        raise NambarzError(f"games must be from 1 to {MAX_GAMES}, not {games}")
    if not bots:
        raise NambarzError("name at least one bot")
    unknown = [name for name in bots if name not in BOTS]
    if unknown:
        raise NambarzError(f"unknown bot {unknown[0]!r}; bots are {', '.join(BOTS)}")
    names = tuple(f"P{seat + 1}" for seat in range(players))
    report = SimulationReport(players, games, seed, rounds)
    report.bots = {name: BotStatistics() for name in dict.fromkeys(bots)}
    started = time.perf_counter()
    for number in range(games):
        kinds = [bots[(seat + number) % len(bots)] for seat in range(players)]
        game_seed = seed * MAX_GAMES + number
        game = Game(
            names, variant=variant, rules=rules or Rules(), rounds=rounds, deck=deck or Deck.default(), seed=game_seed
        )
        seats = {
            name: make_bot(kind, seed=game_seed * 16 + seat)
            for seat, (name, kind) in enumerate(zip(names, kinds, strict=True))
        }
        try:
            state = _play(game, seats)
        except SearchLimitError:
            report.aborted += 1
            continue
        finally:
            if progress is not None:
                progress()
        winner = state.standings()[0]
        for name, kind in zip(names, kinds, strict=True):
            statistics = report.bots[kind]
            statistics.seats += 1
            statistics.wins += name == winner
            for result in state.results:
                if not result.tie_break and name in result.players:
                    statistics.rounds += 1
                    statistics.rank_points += result.points[name] - result.master_points[name]
                    statistics.master_strokes += result.master_strokes[name]
                    statistics.penalties += result.penalties[name]
        regular = [result for result in state.results if not result.tie_break]
        report.rounds += len(regular)
        report.turns += sum(result.turns for result in regular)
    report.seconds = time.perf_counter() - started
    return report


def _play(game: Game, seats: dict[str, Bot]) -> State:
    state = game.new_state()
    for _ in range(MAX_ACTIONS_PER_GAME):
        if state.is_over:
            return state
        state.apply(seats[state.turn_player].choose(state))
    raise NambarzError(f"game {game.seed} did not end within {MAX_ACTIONS_PER_GAME} actions")
