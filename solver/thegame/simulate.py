"""Self-play of The Game: seeded games played by one bot for the whole team, and what they measured.

Game ``number`` of a run with ``seed`` is dealt from the seed
``seed * GAME_SEED_STRIDE + number``, so a run split into parts (``first``)
plays exactly the games of the whole run, and :meth:`SimulationReport.combine`
adds the parts up.  A run plays at most :data:`MAX_GAMES` games, spread over
every core by default (``jobs``), or over a Dask cluster's workers
(``executor``); its report is the same however it is split.  Each game's
:class:`GameRow` is kept in the report, for a CSV file and analysis, and
:func:`sweep` runs a grid of settings.

>>> report = simulate(players=3, games=4, seed=1, jobs=1)
>>> report.games, report.wins + report.losses, list(report.to_dict())[:5]
(4, 4, ['players', 'games', 'variant', 'on_fire', 'bot'])
"""

from __future__ import annotations

import itertools
import math
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from solver.errors import GameError
from solver.self_play import play_games, play_settings
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


@dataclass(frozen=True)
class GameRow:
    """One game of a run, as kept for analysis: its settings, its seed and how it ended.

    ``turns`` counts the turns played: every turn ended, and the last one if
    the game ended in its middle (a win, or a player stuck below the
    minimum); ``cards_left``
    counts the cards in hands and in the draw pile at the end (0 for a win).
    """

    game: str
    run_seed: int
    number: int
    seed: int
    players: int
    variant: str
    on_fire: bool
    bot: str
    won: bool
    excellent: bool
    lost_to_fire: bool
    cards_left: int
    turns: int

    @classmethod
    def of(cls, state: State, *, run_seed: int, number: int, bot: str) -> GameRow:
        """The row of game ``number`` of the run ``run_seed``, played to its end by ``bot``.

        >>> played = play_game(Game(players=2, seed=5), make_bot("naive"))
        >>> state = played.state
        >>> row = GameRow.of(state, run_seed=0, number=5, bot="naive")
        >>> row.won, row.cards_left == state.cards_left, row.turns == played.actions.count("end")
        (False, True, True)
        """
        if not state.is_over:
            raise GameError("only a finished game can be counted")
        game = state.game
        return cls(
            game="thegame",
            run_seed=run_seed,
            number=number,
            seed=game.seed,
            players=game.players,
            variant=game.variant.value,
            on_fire=game.on_fire,
            bot=bot,
            won=state.won,
            excellent=state.excellent,
            lost_to_fire=state.lost_to_fire,
            cards_left=state.cards_left,
            turns=state.turns + (state.played_this_turn > 0 and not state.lost_to_fire),
        )


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
    rows: list[GameRow] = field(default_factory=list, repr=False)
    """Each game counted, in the order they were counted."""

    def __post_init__(self) -> None:
        self._numbers: set[int] = {row.number for row in self.rows}

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
        """Games played per second of the run, on all the processes it was spread over."""
        return self.games / self.seconds if self.seconds else 0.0

    def add(self, row: GameRow) -> None:
        """Count a game of this run."""
        if (row.players, row.variant, row.on_fire, row.bot, row.run_seed) != (
            self.players,
            self.variant.value,
            self.on_fire,
            self.bot,
            self.seed,
        ):
            raise GameError("only a game of this run (players, variant, On Fire, bot, seed) can be counted")
        if row.number in self._numbers:
            raise GameError(f"game {row.number} is counted already")
        self._numbers.add(row.number)
        self.games += 1
        self.wins += row.won
        self.excellent += row.excellent
        self.lost_to_fire += row.lost_to_fire
        self.cards_left[row.cards_left] += 1
        self.rows.append(row)

    @classmethod
    def combine(cls, parts: Iterable[SimulationReport]) -> SimulationReport:
        """One report of several parts of the same run, in the order given; ``seconds`` adds up the parts' times.

        >>> parts = [simulate(players=4, games=2, jobs=1), simulate(players=4, games=1, first=2, jobs=1)]
        >>> whole = SimulationReport.combine(parts)
        >>> whole.games, whole.rows == simulate(players=4, games=3, jobs=1).rows
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
            for row in report.rows:
                whole.add(row)
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
    jobs: int | None = None,
    executor: Executor | None = None,
    progress: Callable[[], object] | None = None,
) -> SimulationReport:
    """Play games ``first`` to ``first + games - 1`` of the run ``seed`` with ``bot`` at every seat.

    The games are spread over ``jobs`` processes (all cores for ``None``;
    1 plays them in this process), or handed to ``executor`` (a process pool
    or a Dask cluster's, with ``jobs`` its number of workers).  ``progress``,
    if given, is called once for each game played, so that an interface can
    show how far a long run has come.

    >>> played = []
    >>> simulate(players=2, games=3, bot="naive", progress=lambda: played.append(1)).games, len(played)
    (3, 3)
    >>> simulate(players=2, games=3, bot="naive", jobs=2).rows == simulate(players=2, games=3, bot="naive", jobs=1).rows
    True
    >>> simulate(players=6)
    Traceback (most recent call last):
    ...
    solver.errors.GameError: players must be from 1 to 5, not 6
    """
    _check_settings(players=players, games=games, seed=seed, first=first, bot=bot)
    report = SimulationReport(players, variant, on_fire, bot, seed)
    started = time.perf_counter()
    play = partial(play_row, players=players, seed=seed, variant=variant, on_fire=on_fire, bot=bot)
    for row in play_games(play, range(first, first + games), jobs=jobs, executor=executor, progress=progress):
        report.add(row)
    report.seconds = time.perf_counter() - started
    return report


def _check_settings(*, players: int, games: int, seed: int, first: int, bot: str) -> None:
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


def play_row(number: int, *, players: int, seed: int, variant: Variant, on_fire: bool, bot: str) -> GameRow:
    """Play game ``number`` of the run ``seed`` to its end: its row.

    >>> play_row(0, players=3, seed=1, variant=Variant.STANDARD, on_fire=False, bot="naive").seed
    1000000
    """
    game = Game(players=players, variant=variant, on_fire=on_fire, seed=seed * GAME_SEED_STRIDE + number)
    return GameRow.of(play_game(game, make_bot(bot)).state, run_seed=seed, number=number, bot=bot)


def sweep(
    *,
    players: Sequence[int] = (1, 2, 3, 4, 5),
    variants: Sequence[Variant] = (Variant.STANDARD,),
    on_fire: Sequence[bool] = (False,),
    bots: Sequence[str] = ("strong",),
    games: int = 100,
    seed: int = 0,
    jobs: int | None = None,
    executor: Executor | None = None,
    progress: Callable[[], object] | None = None,
    finished: Callable[[SimulationReport], object] | None = None,
) -> list[SimulationReport]:
    """A run of ``games`` games for each combination of the settings, in the order of the grid.

    Every combination plays the same deals (the run ``seed``), so that the
    settings are compared on equal cards.  Without ``executor``, one pool of
    ``jobs`` processes plays the whole grid.  Every setting is checked before
    the first game is played.  ``finished``, if given, is called with each
    run's report as soon as the run ends, so that its rows can be kept
    before the next run starts.

    >>> [(report.players, report.bot) for report in sweep(players=(2, 3), bots=("naive",), games=2, jobs=1)]
    [(2, 'naive'), (3, 'naive')]
    """
    grid = list(itertools.product(players, variants, on_fire, bots))
    for count, _, _, name in grid:
        _check_settings(players=count, games=games, seed=seed, first=0, bot=name)

    def run(setting: tuple[int, Variant, bool, str], pool: Executor | None) -> SimulationReport:
        count, variant, fire, name = setting
        return simulate(
            players=count,
            games=games,
            seed=seed,
            variant=variant,
            on_fire=fire,
            bot=name,
            jobs=jobs,
            executor=pool,
            progress=progress,
        )

    return play_settings(grid, run, jobs=jobs, executor=executor, finished=finished)


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
