"""Self-play of The Game: seeded games played by one bot for the whole team, and what they measured.

Game ``number`` of a run with ``seed`` is dealt from the seed
``seed * GAME_SEED_STRIDE + number``, so a run split into parts (``first``)
plays exactly the games of the whole run, and :meth:`SimulationReport.combine`
adds the parts up.  A run plays at most :data:`MAX_GAMES` games.

>>> report = simulate(players=3, games=4, seed=1)
>>> report.games, report.wins + report.losses, list(report.to_dict())[:5]
(4, 4, ['players', 'games', 'variant', 'on_fire', 'bot'])
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from solver.errors import GameError
from solver.thegame.bots import BOTS, TeamBot, make_bot
from solver.thegame.rules import EXCELLENT_BELOW, MAX_PLAYERS, MIN_PLAYERS, Variant
from solver.thegame.state import Game, State

MAX_GAMES = 10_000
"""The most games one call plays: about twenty minutes of the strong bot on one core, solo being the slowest."""

GAME_SEED_STRIDE = 1_000_000
"""Seeds of different runs lie this far apart, so runs never share a deal."""

MAX_ACTIONS_PER_GAME = 1_000
"""More actions than any game can take (98 placements, and one end and at most four requests per turn); a guard
against a looping bot."""

CONFIDENCE_Z = 1.959963984540054
"""The normal quantile of a two-sided 95% confidence interval."""


def wilson_interval(successes: int, trials: int, z: float = CONFIDENCE_Z) -> tuple[float, float]:
    """The Wilson score interval of a proportion: 95% by default, and sound even at 0 or all successes.

    >>> [round(bound, 4) for bound in wilson_interval(10, 100)]
    [0.0552, 0.1744]
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials == 0:
        return (0.0, 1.0)
    share = successes / trials
    scale = 1 + z * z / trials
    centre = (share + z * z / (2 * trials)) / scale
    half = z / scale * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials))
    # At no successes or all of them a bound is exactly 0 or 1; rounding must not move it past the share.
    low = 0.0 if successes == 0 else centre - half
    high = 1.0 if successes == trials else centre + half
    return (low, high)


@dataclass
class SimulationReport:
    """What a run of self-play measured.

    ``cards_left`` counts games by the cards left at their end (hands and
    draw pile; 0 is a win).  A game lost to a fire card counts as lost and
    never as excellent, however few cards it left.
    """

    players: int
    variant: Variant
    on_fire: bool
    bot: str
    seed: int
    games: int = 0
    wins: int = 0
    excellent: int = 0
    lost_to_fire: int = 0
    cards_left: Counter[int] = field(default_factory=Counter)
    seconds: float = 0.0

    @property
    def losses(self) -> int:
        """Games that ended with cards left."""
        return self.games - self.wins

    @property
    def win_rate(self) -> float:
        """Share of games won (every card laid)."""
        return self.wins / self.games if self.games else 0.0

    @property
    def win_rate_ci95(self) -> tuple[float, float]:
        """The 95% Wilson confidence interval of the win rate."""
        return wilson_interval(self.wins, self.games)

    @property
    def excellent_rate(self) -> float:
        """Share of games ending with fewer than 10 cards left (wins included)."""
        return self.excellent / self.games if self.games else 0.0

    @property
    def mean_left(self) -> float:
        """Mean cards left at the end of a game."""
        return sum(left * count for left, count in self.cards_left.items()) / self.games if self.games else 0.0

    @property
    def games_per_second(self) -> float:
        """Games played per second of the run (one process)."""
        return self.games / self.seconds if self.seconds else 0.0

    def record(self, state: State) -> None:
        """Count a finished game."""
        if not state.is_over:
            raise GameError("only a finished game can be counted")
        self.games += 1
        self.wins += state.won
        self.excellent += state.excellent
        self.lost_to_fire += state.lost_to_fire
        self.cards_left[state.cards_left] += 1

    @classmethod
    def combine(cls, parts: Iterable[SimulationReport]) -> SimulationReport:
        """One report of several parts of the same run; ``seconds`` adds up the parts' own times.

        >>> whole = SimulationReport.combine([simulate(players=4, games=2), simulate(players=4, games=1, first=2)])
        >>> whole.games, whole.cards_left == simulate(players=4, games=3).cards_left
        (3, True)
        """
        reports = list(parts)
        if not reports:
            raise GameError("combine needs at least one report")
        first = reports[0]
        settings = (first.players, first.variant, first.on_fire, first.bot, first.seed)
        whole = cls(*settings)
        for report in reports:
            if (report.players, report.variant, report.on_fire, report.bot, report.seed) != settings:
                raise GameError("only parts of the same run (players, variant, On Fire, bot, seed) can be combined")
            whole.games += report.games
            whole.wins += report.wins
            whole.excellent += report.excellent
            whole.lost_to_fire += report.lost_to_fire
            whole.cards_left += report.cards_left
            whole.seconds += report.seconds
        return whole

    def to_dict(self) -> dict[str, Any]:
        """JSON form; rates are shares from 0 to 1."""
        low, high = self.win_rate_ci95
        return {
            "players": self.players,
            "games": self.games,
            "variant": self.variant.value,
            "on_fire": self.on_fire,
            "bot": self.bot,
            "seed": self.seed,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_ci95": [low, high],
            "excellent": self.excellent,
            "excellent_rate": self.excellent_rate,
            "excellent_below": EXCELLENT_BELOW,
            "lost_to_fire": self.lost_to_fire,
            "mean_left": self.mean_left,
            "left_distribution": {str(left): self.cards_left[left] for left in sorted(self.cards_left)},
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 2),
        }


def simulate(
    *,
    players: int = 1,
    games: int = 100,
    seed: int = 0,
    variant: Variant = Variant.STANDARD,
    on_fire: bool = False,
    bot: str = "strong",
    first: int = 0,
    progress: Callable[[], object] | None = None,
) -> SimulationReport:
    """Play games ``first`` to ``first + games - 1`` of the run ``seed`` with ``bot`` at every seat.

    ``progress``, if given, is called after each game, so that an interface
    can show how far a long run has come.

    >>> played = []
    >>> simulate(players=2, games=3, bot="naive", progress=lambda: played.append(1)).games, len(played)
    (3, 3)
    >>> simulate(players=6)
    Traceback (most recent call last):
    ...
    solver.errors.GameError: players must be from 1 to 5, not 6
    """
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise GameError(f"players must be from {MIN_PLAYERS} to {MAX_PLAYERS}, not {players!r}")
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise GameError(f"games must be from 1 to {MAX_GAMES}, not {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise GameError(f"seed must be a whole number from 0, not {seed!r}")
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < GAME_SEED_STRIDE - games:
        raise GameError(f"first must be a game number from 0 to {GAME_SEED_STRIDE - games - 1}, not {first!r}")
    if bot not in BOTS:
        raise GameError(f"unknown bot {bot!r}; bots are {', '.join(BOTS)}")
    report = SimulationReport(players, variant, on_fire, bot, seed)
    started = time.perf_counter()
    for number in range(first, first + games):
        game = Game(players=players, variant=variant, on_fire=on_fire, seed=seed * GAME_SEED_STRIDE + number)
        report.record(play_game(game, make_bot(bot)).state)
        if progress is not None:
            progress()
    report.seconds = time.perf_counter() - started
    return report


@dataclass(frozen=True)
class PlayedGame:
    """A game played to its end, and its actions as written, which :func:`~solver.thegame.state.replay` replays."""

    state: State
    actions: tuple[str, ...]


def play_game(game: Game, bot: TeamBot) -> PlayedGame:
    """Deal ``game`` and let ``bot`` play every seat through the engine until the game ends.

    >>> played = play_game(Game(players=2, seed=5), make_bot("naive"))
    >>> played.state.is_over, played.actions[:3]
    (True, ('96>desc1', '90>desc1', 'end'))
    """
    state = game.new_state()
    actions: list[str] = []
    for _ in range(MAX_ACTIONS_PER_GAME):
        if state.is_over:
            return PlayedGame(state, tuple(actions))
        action = bot.choose(state)
        state.apply(action)
        actions.append(str(action))
    raise GameError(f"game {game.seed} did not end within {MAX_ACTIONS_PER_GAME} actions")
