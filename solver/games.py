"""The four games in one explicit table: how to start each, who may play it, and its tables of codes and rulings.

Nothing registers itself when a module is imported: :data:`GAMES` lists
the games in the order the API lists them, and :func:`find_game` finds one
by name.  Each entry starts a seeded game whose state keeps the contract of
:mod:`solver.contract`.  Importing this module loads no solver search
library (no sympy, no networkx).

>>> [game.name.value for game in GAMES]
['nambarz', 'thegame', 'quando', 'nmbrs']
>>> quando = find_game("quando")
>>> quando.title, quando.variants, quando.players
('Quando', ('standard',), range(2, 7))
>>> state = quando.new_game(players=3, seed=1)
>>> state.to_move, state.is_over, len(state.legal_actions()) > 0
(0, False, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from solver.contract import GameState
from solver.errors import GameError, quoted
from solver.nambarz.rulings import RULINGS as NAMBARZ_RULINGS
from solver.nambarz.state import Game as NambarzGame
from solver.nambarz.state import Variant as NambarzVariant
from solver.nambarz.violations import ViolationCode as NambarzCode
from solver.nmbrs.rules import RuleSet
from solver.nmbrs.rulings import RULINGS as NMBRS_RULINGS
from solver.nmbrs.state import Game as NmbrsGame
from solver.nmbrs.violations import ViolationCode as NmbrsCode
from solver.quando.rulings import RULINGS as QUANDO_RULINGS
from solver.quando.state import Game as QuandoGame
from solver.quando.violations import ViolationCode as QuandoCode
from solver.rulings import Ruling
from solver.thegame.rules import Variant as TheGameVariant
from solver.thegame.rulings import RULINGS as THEGAME_RULINGS
from solver.thegame.state import Game as TheGameGame
from solver.thegame.violations import ViolationCode as TheGameCode
from solver.verdicts import GameName, RuleCode

Start = Callable[[int, str, int], GameState[Any]]
"""Starts a game from the number of players, the variant's name and the seed."""


@dataclass(frozen=True)
class GameEntry:
    """One game: its name and title, its variants with the player counts each allows, how to start it, its tables.

    A variant is one complete setting of the game's rules (for The Game,
    the pro version and the On Fire expansion combine into four).
    """

    name: GameName
    title: str
    variants_players: Mapping[str, range]
    """Each variant, in a fixed order (the first is the default), with the player counts it allows."""
    codes: tuple[RuleCode, ...]
    """The table of violation codes, in its order; each code carries its rulebook reference."""
    rulings: Mapping[str, Ruling]
    """The table of rulings, by identifier."""
    start: Start

    @property
    def variants(self) -> tuple[str, ...]:
        """The variants' names, the default first."""
        return tuple(self.variants_players)

    @property
    def players(self) -> range:
        """Every player count some variant allows."""
        counts = [count for allowed in self.variants_players.values() for count in allowed]
        return range(min(counts), max(counts) + 1)

    def new_game(self, *, players: int, variant: str | None = None, seed: int = 0) -> GameState[Any]:
        """A fresh game of ``variant`` (the default one if not given) for ``players``, dealt from ``seed``.

        Players are seats 0, 1, …; games that name their players call them
        ``P1``, ``P2``…  Raises :class:`~solver.errors.GameError` naming the
        setting at fault and what the game allows.

        >>> state = find_game("thegame").new_game(players=1, variant="pro-on-fire", seed=7)
        >>> state.game.variant.value, state.game.on_fire, len(state.hands[0])
        ('pro', True, 7)
        >>> find_game("nambarz").new_game(players=12, variant="expert")
        Traceback (most recent call last):
        ...
        solver.errors.GameError: players: Nambarz (expert) is played by 2 to 11 players, not 12
        """
        chosen = self.variants[0] if variant is None else variant
        if chosen not in self.variants_players:
            expected = ", ".join(self.variants)
            raise GameError(f"variant: {self.title} has no variant {quoted(str(chosen))}; expected one of {expected}")
        allowed = self.variants_players[chosen]
        if isinstance(players, bool) or not isinstance(players, int) or players not in allowed:
            raise GameError(
                f"players: {self.title} ({chosen}) is played by {allowed.start} to {allowed.stop - 1} players, "
                f"not {players!r}"
            )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise GameError(f"seed: expected a whole number, not {seed!r}")
        return self.start(players, chosen, seed)


def _names(players: int) -> tuple[str, ...]:
    return tuple(f"P{seat}" for seat in range(1, players + 1))


def _start_nambarz(players: int, variant: str, seed: int) -> GameState[Any]:
    return NambarzGame(_names(players), variant=NambarzVariant(variant), seed=seed).new_state()


def _start_thegame(players: int, variant: str, seed: int) -> GameState[Any]:
    rules, _, fire = variant.partition("-")
    return TheGameGame(players, TheGameVariant(rules), on_fire=bool(fire), seed=seed).new_state()


def _start_quando(players: int, variant: str, seed: int) -> GameState[Any]:
    return QuandoGame(_names(players), seed=seed).new_state()


def _start_nmbrs(players: int, variant: str, seed: int) -> GameState[Any]:
    return NmbrsGame(players, RuleSet(variant), seed=seed).new_state()


_NAMBARZ_PLAYERS = range(2, 13)
_THEGAME_PLAYERS = range(1, 6)

GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        GameName.NAMBARZ,
        "Nambarz",
        # The expert deck keeps one joker of each kind: 84 cards, seven for each of 11 players and one to turn up.
        {"beginners": _NAMBARZ_PLAYERS, "intermediate": _NAMBARZ_PLAYERS, "expert": range(2, 12)},
        tuple(NambarzCode),
        NAMBARZ_RULINGS,
        _start_nambarz,
    ),
    GameEntry(
        GameName.THE_GAME,
        "The Game",
        dict.fromkeys(("standard", "pro", "standard-on-fire", "pro-on-fire"), _THEGAME_PLAYERS),
        tuple(TheGameCode),
        THEGAME_RULINGS,
        _start_thegame,
    ),
    GameEntry(
        GameName.QUANDO,
        "Quando",
        {"standard": range(2, 7)},
        tuple(QuandoCode),
        QUANDO_RULINGS,
        _start_quando,
    ),
    GameEntry(
        GameName.NMBRS,
        "Nmbrs!",
        dict.fromkeys(("basic", "advanced", "simplified"), range(2, 9)),
        tuple(NmbrsCode),
        NMBRS_RULINGS,
        _start_nmbrs,
    ),
)
"""The games, in the order the API lists them."""


def find_game(name: str | GameName) -> GameEntry:
    """The game called ``name`` (as in the API's paths: ``nambarz``, ``thegame``, ``quando``, ``nmbrs``).

    >>> find_game("nmbrs").title
    'Nmbrs!'
    >>> find_game("chess")
    Traceback (most recent call last):
    ...
    solver.errors.GameError: unknown game 'chess'; the games are nambarz, thegame, quando and nmbrs
    """
    wanted = name.value if isinstance(name, GameName) else name
    for game in GAMES:
        if game.name.value == wanted:
            return game
    names = [game.name.value for game in GAMES]
    raise GameError(f"unknown game {quoted(str(wanted))}; the games are {', '.join(names[:-1])} and {names[-1]}")
