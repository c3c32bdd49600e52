"""The four games in one explicit table: how to start, read, show and play each, and its tables of codes and rulings.

Nothing registers itself when a module is imported: :data:`GAMES` lists
the games in the order the API lists them, and :func:`find_game` finds one
by name.  Each entry starts a seeded game whose state keeps the contract of
:mod:`solver.contract`, with the game's options; reads an action in the
game's notation and a saved state; shows one seat what it may see
(:func:`solver.nambarz.view.seat_view` and its siblings), of the state and
of each action's verdict; makes the game's bots; and says how its review
reads turns (:class:`~solver.review.TurnRules`).  Importing this module
loads no solver search library (no sympy, no networkx), no bot and no
review: their modules are imported when first asked for.

>>> [game.name.value for game in GAMES]
['nambarz', 'thegame', 'quando', 'nmbrs']
>>> quando = find_game("quando")
>>> quando.title, quando.variants, quando.players
('Quando', ('standard',), range(2, 7))
>>> state = quando.new_game(players=3, seed=1)
>>> state.to_move, state.is_over, len(state.legal_actions()) > 0
(0, False, True)
>>> quando.bot_kinds, [option.name for option in quando.options]
(('strong', 'random'), ['target'])
>>> bot = quando.make_bot("strong", seed=1)
>>> action = bot.choose(state)
>>> quando.parse_action(str(action)) == action, quando.seat_view(state, 1)["hand_sizes"]
(True, [8, 8, 8])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeGuard

from solver.contract import GameState
from solver.errors import GameError, NambarzError, quoted
from solver.nambarz.rulings import RULINGS as NAMBARZ_RULINGS
from solver.nambarz.state import GAME_LENGTHS
from solver.nambarz.state import Action as NambarzAction
from solver.nambarz.state import Game as NambarzGame
from solver.nambarz.state import State as NambarzState
from solver.nambarz.state import Variant as NambarzVariant
from solver.nambarz.view import seat_view as nambarz_view
from solver.nambarz.violations import ViolationCode as NambarzCode
from solver.nmbrs.rules import RuleSet
from solver.nmbrs.rulings import RULINGS as NMBRS_RULINGS
from solver.nmbrs.state import Action as NmbrsAction
from solver.nmbrs.state import Game as NmbrsGame
from solver.nmbrs.state import State as NmbrsState
from solver.nmbrs.view import seat_view as nmbrs_view
from solver.nmbrs.violations import ViolationCode as NmbrsCode
from solver.quando.actions import Action as QuandoAction
from solver.quando.rulings import RULINGS as QUANDO_RULINGS
from solver.quando.scoring import DEFAULT_TARGET
from solver.quando.state import Game as QuandoGame
from solver.quando.state import State as QuandoState
from solver.quando.view import seat_verdict as quando_verdict
from solver.quando.view import seat_view as quando_view
from solver.quando.violations import ViolationCode as QuandoCode
from solver.review import TurnRules
from solver.rulings import Ruling
from solver.thegame.rules import Variant as TheGameVariant
from solver.thegame.rulings import RULINGS as THEGAME_RULINGS
from solver.thegame.state import Action as TheGameAction
from solver.thegame.state import Game as TheGameGame
from solver.thegame.state import State as TheGameState
from solver.thegame.view import seat_view as thegame_view
from solver.thegame.violations import ViolationCode as TheGameCode
from solver.verdicts import GameName, RuleCode, public_verdict

QUANDO_MAX_TARGET = 1000
"""The highest target a Quando game may be started with: twenty times the usual 50, so every game stays bounded."""


class Bot(Protocol):
    """A computer player: picks the next action of the player to move, from what that player may know."""

    def choose(self, state: Any) -> Any:
        """The action to apply for ``state.to_move``."""
        ...


Start = Callable[[int, str, int, Mapping[str, Any]], GameState[Any]]
"""Starts a game from the number of players, the variant's name, the seed and every option's value."""

View = Callable[[Any, int], dict[str, Any]]
"""What one seat may see of a state, as JSON-ready data."""

MakeBot = Callable[[str, int], Bot]
"""Makes a bot of a kind the game has, seeded."""

VerdictView = Callable[[Mapping[str, Any], int, int], dict[str, Any]]
"""What a seat (the third argument) may see of the verdict on an action of a seat (the second)."""


@dataclass(frozen=True)
class Option:
    """A setting a game may be started with besides players, variant and seed.

    >>> rounds = find_game("nambarz").options[0]
    >>> rounds.name, rounds.default, rounds.accepts(3), rounds.accepts(2), rounds.accepts(True)
    ('rounds', 1, True, False, False)
    """

    name: str
    default: object
    expected: str
    """What the option takes, in words for an error message."""
    accepts: Callable[[object], bool]
    """True for a value the option takes."""


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
    options: tuple[Option, ...]
    """The options a game may be started with, in a fixed order."""
    parse: Callable[[str], Any]
    """Reads an action in the game's notation."""
    load: Callable[[dict[str, Any]], GameState[Any]]
    """Rebuilds a state from its ``to_dict`` form."""
    view: View
    bot_kinds: tuple[str, ...]
    """The kinds of bot, the default and strongest first."""
    bot_maker: MakeBot
    review_rules: Callable[[], TurnRules]
    """How the game's review reads turns, its module loaded when first asked for."""
    verdict_view: VerdictView = public_verdict
    """What a seat may see of the verdict on another's action (all of it, unless the game says otherwise)."""

    @property
    def variants(self) -> tuple[str, ...]:
        """The variants' names, the default first."""
        return tuple(self.variants_players)

    @property
    def players(self) -> range:
        """Every player count some variant allows."""
        counts = [count for allowed in self.variants_players.values() for count in allowed]
        return range(min(counts), max(counts) + 1)

    def new_game(
        self,
        *,
        players: int,
        variant: str | None = None,
        seed: int = 0,
        options: Mapping[str, object] | None = None,
    ) -> GameState[Any]:
        """A fresh game of ``variant`` (the default one if not given) for ``players``, dealt from ``seed``.

        ``options`` sets any of :attr:`options` (Nambarz: ``rounds``, 1, 3
        or 5; Quando: ``target``, a whole number); an option not given keeps
        its default.  Players are seats 0, 1, …; games that name their
        players call them ``P1``, ``P2``…  Raises
        :class:`~solver.errors.GameError` naming the setting at fault and
        what the game allows.

        >>> state = find_game("thegame").new_game(players=1, variant="pro-on-fire", seed=7)
        >>> state.game.variant.value, state.game.on_fire, len(state.hands[0])
        ('pro', True, 7)
        >>> find_game("nambarz").new_game(players=3, options={"rounds": 5}).game.rounds
        5
        >>> find_game("nambarz").new_game(players=12, variant="expert")
        Traceback (most recent call last):
        ...
        solver.errors.GameError: players: Nambarz (expert) is played by 2 to 11 players, not 12
        >>> find_game("quando").new_game(players=2, options={"target": "40"})
        Traceback (most recent call last):
        ...
        solver.errors.GameError: options.target: expected a whole number from 1 to 1000, not '40'
        >>> find_game("nambarz").new_game(players=2, options={"round": 3})
        Traceback (most recent call last):
        ...
        solver.errors.GameError: options: Nambarz has no option 'round'; its options are rounds
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
        return self.start(players, chosen, seed, self._read_options(options))

    def _read_options(self, given: Mapping[str, object] | None) -> dict[str, Any]:
        """Every option's value: the one given, checked, or the default."""
        if given is None:
            given = {}
        if not isinstance(given, Mapping):
            raise GameError(f"options: expected an object of option names and values, not {given!r}")
        known = {option.name: option for option in self.options}
        for name in given:
            if name not in known:
                offered = f"its options are {', '.join(known)}" if known else "it takes none"
                raise GameError(f"options: {self.title} has no option {quoted(str(name))}; {offered}")
        values: dict[str, Any] = {}
        for option in self.options:
            value = given.get(option.name, option.default)
            if not option.accepts(value):
                raise GameError(f"options.{option.name}: expected {option.expected}, not {value!r}")
            values[option.name] = value
        return values

    def parse_action(self, text: str) -> Any:
        """The action ``text`` writes in the game's notation; an input error (a ``NambarzError``) if it is none.

        >>> find_game("thegame").parse_action("37 > asc1")
        Action.parse('37>asc1')
        >>> find_game("thegame").parse_action("jump")
        Traceback (most recent call last):
        ...
        solver.errors.NotationError: expected CARD>PILE such as '37>asc1', or 'end', not 'jump'
        """
        if not isinstance(text, str):
            raise GameError(f"action: expected the action written as text, not {text!r}")
        return self.parse(text)

    def load_state(self, data: dict[str, Any]) -> GameState[Any]:
        """The state saved as ``data`` (a state's ``to_dict()``); :class:`~solver.errors.GameError` for anything else.

        >>> game = find_game("nambarz")
        >>> state = game.new_game(players=2, seed=3)
        >>> game.load_state(state.to_dict()).to_dict() == state.to_dict()
        True
        >>> game.load_state({"hands": []})
        Traceback (most recent call last):
        ...
        solver.errors.GameError: not a saved state of Nambarz: KeyError 'game'
        """
        try:
            return self.load(data)
        except GameError:
            raise
        except (NambarzError, KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            raise GameError(f"not a saved state of {self.title}: {type(error).__name__} {error}") from None

    def seat_view(self, state: GameState[Any], seat: int) -> dict[str, Any]:
        """What the player at ``seat`` may see of ``state``, JSON-ready (each game's ``view`` module lists the keys).

        >>> game = find_game("thegame")
        >>> view = game.seat_view(game.new_game(players=2, seed=4), 1)
        >>> view["seat"], view["to_move"], view["hand_sizes"], view["draw_pile"], view["table"]["minimum"]
        (1, 0, [7, 7], 84, 2)
        """
        return self.view(state, seat)

    def seat_verdict(self, verdict: Mapping[str, Any], mover: int, seat: int) -> dict[str, Any]:
        """What ``seat`` may see of the verdict (a ``to_dict()``) on an action of ``mover``.

        >>> quando = find_game("quando")
        >>> quando.seat_verdict({"action": "knock", "hand_after": [3, 9]}, 1, 0)
        {'action': 'knock', 'hand_after': None}
        """
        return self.verdict_view(verdict, mover, seat)

    def turn_rules(self) -> TurnRules:
        """How the game's review reads turns: where one begins, and how a finished turn is judged.

        >>> state = find_game("nambarz").new_game(players=2, seed=3)
        >>> find_game("nambarz").turn_rules().begins(state)
        True
        """
        return self.review_rules()

    def make_bot(self, kind: str, seed: int = 0) -> Bot:
        """A bot of ``kind`` (one of :attr:`bot_kinds`), seeded with ``seed``, that plays whichever seat is to move.

        A bot decides from what the player to move may know.  It may be
        made afresh for any move, or kept from move to move: each decision
        is checked against the state it is given, so a turn planned by one
        bot is never followed on a state that has moved on without it.

        >>> find_game("nambarz").make_bot("clever")
        Traceback (most recent call last):
        ...
        solver.errors.GameError: bot: Nambarz has no bot 'clever'; the kinds are planner, random, careless
        """
        if kind not in self.bot_kinds:
            kinds = ", ".join(self.bot_kinds)
            raise GameError(f"bot: {self.title} has no bot {quoted(str(kind))}; the kinds are {kinds}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise GameError(f"seed: expected a whole number, not {seed!r}")
        return self.bot_maker(kind, seed)


def _names(players: int) -> tuple[str, ...]:
    return tuple(f"P{seat}" for seat in range(1, players + 1))


def _is_whole_number(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _start_nambarz(players: int, variant: str, seed: int, options: Mapping[str, Any]) -> GameState[Any]:
    game = NambarzGame(_names(players), variant=NambarzVariant(variant), rounds=options["rounds"], seed=seed)
    return game.new_state()


def _start_thegame(players: int, variant: str, seed: int, options: Mapping[str, Any]) -> GameState[Any]:
    rules, _, fire = variant.partition("-")
    return TheGameGame(players, TheGameVariant(rules), on_fire=bool(fire), seed=seed).new_state()


def _start_quando(players: int, variant: str, seed: int, options: Mapping[str, Any]) -> GameState[Any]:
    return QuandoGame(_names(players), target=options["target"], seed=seed).new_state()


def _start_nmbrs(players: int, variant: str, seed: int, options: Mapping[str, Any]) -> GameState[Any]:
    return NmbrsGame(players, RuleSet(variant), seed=seed).new_state()


# The bots' modules load their searches: they are imported when a bot is first made, not with the registry.


def _nambarz_bot(kind: str, seed: int) -> Bot:
    from solver.nambarz.bots import make_bot  # noqa: PLC0415

    return make_bot(kind, seed=seed)


def _thegame_bot(kind: str, seed: int) -> Bot:
    from solver.thegame.bots import make_bot  # noqa: PLC0415

    # The Game's bots search without chance: the seed changes nothing.
    return make_bot(kind)


def _quando_bot(kind: str, seed: int) -> Bot:
    from solver.quando.bots import make_bot  # noqa: PLC0415

    return make_bot(kind, seed=seed)


def _nmbrs_bot(kind: str, seed: int) -> Bot:
    from solver.nmbrs.bots import make_bot  # noqa: PLC0415

    return make_bot(kind, seed=seed)


# The reviews' modules load the searches too.


def _nambarz_turns() -> TurnRules:
    from solver.nambarz.review import TURNS  # noqa: PLC0415

    return TURNS


def _thegame_turns() -> TurnRules:
    from solver.thegame.review import TURNS  # noqa: PLC0415

    return TURNS


def _quando_turns() -> TurnRules:
    from solver.quando.review import TURNS  # noqa: PLC0415

    return TURNS


def _nmbrs_turns() -> TurnRules:
    from solver.nmbrs.review import TURNS  # noqa: PLC0415

    return TURNS


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
        (Option("rounds", 1, "1, 3 or 5", lambda value: _is_whole_number(value) and value in GAME_LENGTHS),),
        NambarzAction.parse,
        NambarzState.from_dict,
        nambarz_view,
        ("planner", "random", "careless"),
        _nambarz_bot,
        _nambarz_turns,
    ),
    GameEntry(
        GameName.THE_GAME,
        "The Game",
        dict.fromkeys(("standard", "pro", "standard-on-fire", "pro-on-fire"), _THEGAME_PLAYERS),
        tuple(TheGameCode),
        THEGAME_RULINGS,
        _start_thegame,
        (),
        TheGameAction.parse,
        TheGameState.from_dict,
        thegame_view,
        ("strong", "silent", "naive"),
        _thegame_bot,
        _thegame_turns,
    ),
    GameEntry(
        GameName.QUANDO,
        "Quando",
        {"standard": range(2, 7)},
        tuple(QuandoCode),
        QUANDO_RULINGS,
        _start_quando,
        (
            Option(
                "target",
                DEFAULT_TARGET,
                f"a whole number from 1 to {QUANDO_MAX_TARGET}",
                lambda value: _is_whole_number(value) and 1 <= value <= QUANDO_MAX_TARGET,
            ),
        ),
        QuandoAction.parse,
        QuandoState.from_dict,
        quando_view,
        ("strong", "random"),
        _quando_bot,
        _quando_turns,
        quando_verdict,
    ),
    GameEntry(
        GameName.NMBRS,
        "Nmbrs!",
        dict.fromkeys(("basic", "advanced", "simplified"), range(2, 9)),
        tuple(NmbrsCode),
        NMBRS_RULINGS,
        _start_nmbrs,
        (),
        NmbrsAction.parse,
        NmbrsState.from_dict,
        nmbrs_view,
        ("greedy", "random"),
        _nmbrs_bot,
        _nmbrs_turns,
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
