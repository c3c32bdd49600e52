"""What a game gives the solver's registry: a :class:`GameEntry`, built by keywords in ``solver/<game>/entry.py``.

An entry starts a seeded game whose state keeps the contract of
:mod:`solver.contract`, with the game's options; reads an action in the
game's notation and a saved state; shows one seat what it may see, of the
state and of each action's verdict; makes the game's bots; and says how its
review reads turns (:class:`~solver.review.TurnRules`).  The registry,
:data:`solver.games.GAMES`, lists the entries one line a game.

A game that lives outside the package (a test's, say) is made the same way;
this one borrows Quando's rules under a name of its own:

>>> from dataclasses import replace
>>> from solver.games import find_game
>>> tiny = replace(find_game("quando"), name="tiny", title="Tiny")
>>> tiny.new_game(players=2, seed=1).to_move, tiny.bot_kinds
(0, ('strong', 'easy', 'random'))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeGuard

from solver.contract import GameState
from solver.errors import GameError, NambarzError, quoted
from solver.results import GameResults, ranked_by_returns
from solver.review import TurnRules
from solver.rulings import Ruling
from solver.verdicts import RuleCode, public_verdict


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

    >>> from solver.games import find_game
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


@dataclass(frozen=True, kw_only=True)
class GameEntry:
    """One game: its name and title, its variants with the player counts each allows, how to start it, its tables.

    Every field is given by keyword (``GameEntry(name="quando", title="Quando", ...)``).

    A variant is one complete setting of the game's rules (for The Game,
    the pro version and the On Fire expansion combine into four).
    """

    name: str
    """The game's name, as in the API's paths and the CLI: ``nambarz``, ``thegame``, ``quando``, ``nmbrs``."""
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
    """Every kind of bot the game makes (stored games and the API name them), the strongest first.

    The first is the default bot of every variant not in :attr:`default_bots`."""
    bot_maker: MakeBot
    review_rules: Callable[[], TurnRules]
    """How the game's review reads turns, its module loaded when first asked for."""
    verdict_view: VerdictView = public_verdict
    """What a seat may see of the verdict on another's action (all of it, unless the game says otherwise)."""
    final_results: Callable[[Any], GameResults] | None = None
    """How the game ended, from its state (``solver/<game>/results.py``); ``None``: places by the returns."""
    default_bots: Mapping[str, str] = field(default_factory=dict)
    """The variants whose default bot is not the first of :attr:`bot_kinds` (Nambarz's beginners: the beginner)."""

    def __post_init__(self) -> None:
        for variant, kind in self.default_bots.items():
            if variant not in self.variants_players or kind not in self.bot_kinds:
                raise GameError(
                    f"default_bots: {self.title} has no variant {quoted(variant)} or no bot {quoted(kind)}; "
                    f"the variants are {', '.join(self.variants_players)}, the bots {', '.join(self.bot_kinds)}"
                )

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

        >>> from solver.games import find_game
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

        >>> from solver.games import find_game
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

        >>> from solver.games import find_game
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

        >>> from solver.games import find_game
        >>> game = find_game("thegame")
        >>> view = game.seat_view(game.new_game(players=2, seed=4), 1)
        >>> view["seat"], view["to_move"], view["hand_sizes"], view["draw_pile"], view["table"]["minimum"]
        (1, 0, [7, 7], 84, 2)
        """
        return self.view(state, seat)

    def seat_verdict(self, verdict: Mapping[str, Any], mover: int, seat: int) -> dict[str, Any]:
        """What ``seat`` may see of the verdict (a ``to_dict()``) on an action of ``mover``.

        >>> from solver.games import find_game
        >>> quando = find_game("quando")
        >>> quando.seat_verdict({"action": "knock", "hand_after": [3, 9]}, 1, 0)
        {'action': 'knock', 'hand_after': None}
        """
        return self.verdict_view(verdict, mover, seat)

    def results(self, state: GameState[Any]) -> GameResults:
        """How the game of ``state`` ended (the standings so far, before its end): places, points, rounds, winners.

        >>> from solver.games import find_game
        >>> quando = find_game("quando")
        >>> quando.results(quando.new_game(players=3, seed=1)).places
        (1, 1, 1)
        """
        if self.final_results is None:
            return ranked_by_returns(state.returns())
        return self.final_results(state)

    def turn_rules(self) -> TurnRules:
        """How the game's review reads turns: where one begins, and how a finished turn is judged.

        >>> from solver.games import find_game
        >>> state = find_game("nambarz").new_game(players=2, seed=3)
        >>> find_game("nambarz").turn_rules().begins(state)
        True
        """
        return self.review_rules()

    def default_bot(self, variant: str | None = None) -> str:
        """The kind of bot a seat gets when none is chosen, in ``variant`` (the default variant if not given).

        >>> from solver.games import find_game
        >>> nambarz = find_game("nambarz")
        >>> nambarz.default_bot("beginners"), nambarz.default_bot("expert"), find_game("quando").default_bot()
        ('beginner', 'planner', 'strong')
        """
        return self.default_bots.get(self.variants[0] if variant is None else variant, self.bot_kinds[0])

    def make_bot(self, kind: str, *, seed: int = 0) -> Bot:
        """A bot of ``kind`` (one of :attr:`bot_kinds`), seeded with ``seed``, that plays whichever seat is to move.

        A bot decides from what the player to move may know.  It may be
        made afresh for any move, or kept from move to move: each decision
        is checked against the state it is given, so a turn planned by one
        bot is never followed on a state that has moved on without it.

        >>> from solver.games import find_game
        >>> find_game("nambarz").make_bot("clever")
        Traceback (most recent call last):
        ...
        solver.errors.GameError: bot: Nambarz has no bot 'clever'; the kinds are planner, beginner, random, careless
        """
        if kind not in self.bot_kinds:
            kinds = ", ".join(self.bot_kinds)
            raise GameError(f"bot: {self.title} has no bot {quoted(str(kind))}; the kinds are {kinds}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise GameError(f"seed: expected a whole number, not {seed!r}")
        return self.bot_maker(kind, seed)


def player_names(players: int) -> tuple[str, ...]:
    """The names of a game's players, for the games that name them: ``P1``, ``P2``…"""
    return tuple(f"P{seat}" for seat in range(1, players + 1))


def is_whole_number(value: object) -> TypeGuard[int]:
    """True for an ``int`` that is not a ``bool``: what an option counted in whole numbers accepts."""
    return isinstance(value, int) and not isinstance(value, bool)
