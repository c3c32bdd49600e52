"""Self-play: seeded games between bots, with statistics per bot.

Bots are given to the seats in the order listed, repeated as needed, and
the assignment rotates by one seat each game so that no bot keeps the
first seat.  Every game and every bot is seeded from the run's seed and the
game's number alone, so the games are spread over every core by default
(``jobs``), or over a Dask cluster's workers (``executor``), and the report
is the same however the run is split; :meth:`SimulationReport.combine` adds
up parts of a run (``first``).  Each game's :class:`GameRow` is kept in the
report, for a CSV file and analysis, and :func:`sweep` runs a grid of
settings.  A game in which a search runs past its time limit (possible
with huge hands under unusual rules) is counted as aborted and left out of
the statistics.

>>> report = simulate(players=4, games=3, seed=1, bots=("planner", "random"), jobs=1)
>>> sorted(report.to_dict()["bots"]), report.rounds
(['planner', 'random'], 3)
"""

from __future__ import annotations

import dataclasses
import itertools
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from solver.errors import NambarzError, SearchLimitError
from solver.nambarz.bots import BOTS, Bot, make_bot
from solver.nambarz.deck import Deck
from solver.nambarz.rules import Rules
from solver.nambarz.state import Game, RoundResult, State, Variant
from solver.self_play import play_games, play_settings

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


@dataclass(frozen=True)
class GameRow:
    """One game of a run, as kept for analysis: its settings, its seed and how it ended.

    The tuples hold one value per seat, in seat order: the seats' bots, and
    over the game's regular rounds (tie-breaks left out) their points (master
    points included), master points, master strokes and penalties; then the
    cards each seat held at the end of the last regular round.  ``winner`` is the
    seat (from 1) at the top of the final standings, tie-breaks decided.  A
    game aborted by a search's time limit has ``finished`` false, no winner
    and empty tuples but ``bots``.
    """

    game: str
    run_seed: int
    number: int
    seed: int
    players: int
    variant: str
    rounds_per_game: int
    rules: str
    bots: tuple[str, ...]
    finished: bool
    winner: int | None
    points: tuple[int, ...]
    master_points: tuple[int, ...]
    master_strokes: tuple[int, ...]
    penalties: tuple[int, ...]
    cards_left: tuple[int, ...]
    turns: int
    rounds: int
    tie_breaks: int

    @classmethod
    def of(cls, state: State | None, game: Game, *, run_seed: int, number: int, bots: Sequence[str]) -> GameRow:
        """The row of game ``number`` of the run ``run_seed``: ``state`` at its end, or ``None`` if aborted.

        >>> game = Game(("Ann", "Bob"), seed=3)
        >>> row = GameRow.of(None, game, run_seed=0, number=3, bots=("random", "random"))
        >>> row.finished, row.winner, row.bots
        (False, None, ('random', 'random'))
        """
        names = game.players
        aborted = cls(
            game="nambarz",
            run_seed=run_seed,
            number=number,
            seed=game.seed,
            players=len(names),
            variant=game.variant.value,
            rounds_per_game=game.rounds,
            rules=str(game.rules),
            bots=tuple(bots),
            finished=False,
            winner=None,
            points=(),
            master_points=(),
            master_strokes=(),
            penalties=(),
            cards_left=(),
            turns=0,
            rounds=0,
            tie_breaks=0,
        )
        if state is None:
            return aborted
        regular = [result for result in state.results if not result.tie_break]

        def total(per_round: Callable[[RoundResult], dict[str, int]]) -> tuple[int, ...]:
            return tuple(sum(per_round(result).get(name, 0) for result in regular) for name in names)

        return dataclasses.replace(
            aborted,
            finished=True,
            winner=names.index(state.standings()[0]) + 1,
            points=total(lambda result: result.points),
            master_points=total(lambda result: result.master_points),
            master_strokes=total(lambda result: result.master_strokes),
            penalties=total(lambda result: result.penalties),
            cards_left=tuple(regular[-1].cards_left.get(name, 0) for name in names),
            turns=sum(result.turns for result in regular),
            rounds=len(regular),
            tie_breaks=len(state.results) - len(regular),
        )


@dataclass
class SimulationReport:
    """What a self-play run measured: its settings, its statistics per bot and each game's row.

    ``line_up`` is the bots as given to the seats of the run's first game
    (they rotate by a seat each game), and ``rules`` the rules in use, as
    :class:`GameRow` writes them.
    """

    players: int
    seed: int
    rounds_per_game: int
    variant: Variant
    line_up: tuple[str, ...]
    rules: str
    games: int = 0
    bots: dict[str, BotStatistics] = field(default_factory=dict)
    aborted: int = 0
    """Games stopped because a search ran past its time limit; they count for no bot."""
    rounds: int = 0
    turns: int = 0
    seconds: float = 0.0
    rows: list[GameRow] = field(default_factory=list, repr=False)
    """Each game played, aborted ones too, in the order they were counted."""

    def __post_init__(self) -> None:
        self.bots = {name: BotStatistics() for name in dict.fromkeys(self.line_up)}
        self._numbers: set[int] = set()

    def add(self, row: GameRow) -> None:
        """Count a game of this run, once."""
        settings = (row.players, row.run_seed, row.rounds_per_game, row.variant, row.rules)
        if settings != (self.players, self.seed, self.rounds_per_game, self.variant.value, self.rules):
            raise NambarzError("only a game of this run (players, seed, rounds, variant, rules) can be counted")
        if row.bots != _seated(self.line_up, self.players, row.number):
            raise NambarzError(f"game {row.number} was played by other bots than this run's")
        if row.number in self._numbers:
            raise NambarzError(f"game {row.number} is counted already")
        self._numbers.add(row.number)
        self.games += 1
        self.rows.append(row)
        if not row.finished:
            self.aborted += 1
            return
        for seat, kind in enumerate(row.bots):
            statistics = self.bots[kind]
            statistics.seats += 1
            statistics.wins += row.winner == seat + 1
            statistics.rounds += row.rounds
            statistics.rank_points += row.points[seat] - row.master_points[seat]
            statistics.master_strokes += row.master_strokes[seat]
            statistics.penalties += row.penalties[seat]
        self.rounds += row.rounds
        self.turns += row.turns

    @classmethod
    def combine(cls, parts: Iterable[SimulationReport]) -> SimulationReport:
        """One report of several parts of the same run, in the order given; ``seconds`` adds up the parts' times.

        >>> parts = [simulate(players=3, games=2, jobs=1), simulate(players=3, games=1, first=2, jobs=1)]
        >>> whole = SimulationReport.combine(parts)
        >>> whole.games, whole.rows == simulate(players=3, games=3, jobs=1).rows
        (3, True)
        >>> SimulationReport.combine([parts[0], parts[0]])
        Traceback (most recent call last):
        ...
        solver.errors.NambarzError: game 0 is counted already
        """
        reports = list(parts)
        if not reports:
            raise NambarzError("combine needs at least one report")
        first = reports[0]
        whole = cls(first.players, first.seed, first.rounds_per_game, first.variant, first.line_up, first.rules)
        for report in reports:
            for row in report.rows:
                whole.add(row)
            whole.seconds += report.seconds
        return whole

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "rounds_per_game": self.rounds_per_game,
            "variant": self.variant.value,
            "line_up": list(self.line_up),
            "rules": self.rules,
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
    first: int = 0,
    jobs: int | None = None,
    executor: Executor | None = None,
    progress: Callable[[], object] | None = None,
) -> SimulationReport:
    """Play games ``first`` to ``first + games - 1`` of the run ``seed`` between ``bots``; statistics per bot.

    The games are spread over ``jobs`` processes (all cores for ``None``;
    1 plays them in this process), or handed to ``executor`` (a process pool
    or a Dask cluster's, with ``jobs`` its number of workers).  ``progress``,
    if given, is called after each game (aborted ones too), so that an
    interface can show how far a long run has come.

    >>> played = []
    >>> simulate(players=2, games=2, bots=("random",), progress=lambda: played.append(1)).games, len(played)
    (2, 2)
    >>> simulate(players=3, games=3, jobs=2).rows == simulate(players=3, games=3, jobs=1).rows
    True
    """
    rules, deck = rules or Rules(), deck or Deck.default()
    _check_settings(
        players=players, games=games, first=first, bots=bots, rounds=rounds, variant=variant, rules=rules, deck=deck
    )
    report = SimulationReport(players, seed, rounds, variant, tuple(bots), str(rules))
    started = time.perf_counter()
    play = partial(
        play_row,
        players=players,
        seed=seed,
        bots=tuple(bots),
        rounds=rounds,
        variant=variant,
        rules=rules,
        deck=deck,
    )
    for row in play_games(play, range(first, first + games), jobs=jobs, executor=executor, progress=progress):
        report.add(row)
    report.seconds = time.perf_counter() - started
    return report


def _check_settings(
    *,
    players: int,
    games: int,
    first: int,
    bots: Sequence[str],
    rounds: int,
    variant: Variant,
    rules: Rules,
    deck: Deck,
) -> None:
    """Refuse bad settings here, before any worker is started: the first game is set up (not played) to see."""
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise NambarzError(f"games must be from 1 to {MAX_GAMES}, not {games!r}")
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first <= MAX_GAMES - games:
        raise NambarzError(f"first must be a game number from 0 to {MAX_GAMES - games}, not {first!r}")
    if isinstance(players, bool) or not isinstance(players, int):
        raise NambarzError(f"players must be a whole number, not {players!r}")
    if not bots:
        raise NambarzError("name at least one bot")
    unknown = [name for name in bots if name not in BOTS]
    if unknown:
        raise NambarzError(f"unknown bot {unknown[0]!r}; bots are {', '.join(BOTS)}")
    Game(tuple(f"P{seat + 1}" for seat in range(players)), variant=variant, rules=rules, rounds=rounds, deck=deck)


def _seated(line_up: Sequence[str], players: int, number: int) -> tuple[str, ...]:
    """The bots at the seats of game ``number``: the line-up in turn, moved on by a seat each game."""
    return tuple(line_up[(seat + number) % len(line_up)] for seat in range(players))


def play_row(
    number: int,
    *,
    players: int,
    seed: int,
    bots: Sequence[str],
    rounds: int,
    variant: Variant,
    rules: Rules,
    deck: Deck,
) -> GameRow:
    """Play game ``number`` of the run ``seed`` to its end (or its search's time limit): its row.

    >>> play = dict(players=2, seed=0, bots=("planner", "random"), rounds=1, variant=Variant.BEGINNERS)
    >>> play_row(1, **play, rules=Rules(), deck=Deck.default()).bots
    ('random', 'planner')
    """
    names = tuple(f"P{seat + 1}" for seat in range(players))
    kinds = _seated(bots, players, number)
    game_seed = seed * MAX_GAMES + number
    game = Game(names, variant=variant, rules=rules, rounds=rounds, deck=deck, seed=game_seed)
    seats = {
        name: make_bot(kind, seed=game_seed * 16 + seat)
        for seat, (name, kind) in enumerate(zip(names, kinds, strict=True))
    }
    try:
        state: State | None = _play(game, seats)
    except SearchLimitError:
        state = None
    return GameRow.of(state, game, run_seed=seed, number=number, bots=kinds)


def sweep(
    *,
    players: Sequence[int] = (2, 3, 4),
    variants: Sequence[Variant] = tuple(Variant),
    bots: Sequence[Sequence[str]] = (("planner", "random"),),
    games: int = 100,
    seed: int = 0,
    rounds: int = 1,
    rules: Rules | None = None,
    deck: Deck | None = None,
    jobs: int | None = None,
    executor: Executor | None = None,
    progress: Callable[[], object] | None = None,
    finished: Callable[[SimulationReport], object] | None = None,
) -> list[SimulationReport]:
    """A run of ``games`` games for each combination of players, variant and bots, in the order of the grid.

    Every combination plays the same run ``seed``; without ``executor``, one
    pool of ``jobs`` processes plays the whole grid.  Every setting is
    checked before the first game is played.  ``finished``, if given, is
    called with each run's report as soon as the run ends, so that its rows
    can be kept before the next run starts.

    >>> reports = sweep(players=(2,), variants=(Variant.BEGINNERS, Variant.EXPERT), games=2, jobs=1)
    >>> [(report.players, report.rows[0].variant) for report in reports]
    [(2, 'beginners'), (2, 'expert')]
    """
    grid = list(itertools.product(players, variants, bots))
    for count, variant, names in grid:
        _check_settings(
            players=count,
            games=games,
            first=0,
            bots=names,
            rounds=rounds,
            variant=variant,
            rules=rules or Rules(),
            deck=deck or Deck.default(),
        )

    def run(setting: tuple[int, Variant, Sequence[str]], pool: Executor | None) -> SimulationReport:
        count, variant, names = setting
        return simulate(
            players=count,
            games=games,
            seed=seed,
            bots=names,
            rounds=rounds,
            variant=variant,
            rules=rules,
            deck=deck,
            jobs=jobs,
            executor=pool,
            progress=progress,
        )

    return play_settings(grid, run, jobs=jobs, executor=executor, finished=finished)


def _play(game: Game, seats: dict[str, Bot]) -> State:
    state = game.new_state()
    for _ in range(MAX_ACTIONS_PER_GAME):
        if state.is_over:
            return state
        state.apply(seats[state.turn_player].choose(state))
    raise NambarzError(f"game {game.seed} did not end within {MAX_ACTIONS_PER_GAME} actions")
