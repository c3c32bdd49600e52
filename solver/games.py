"""The solver's registry: the four games, one line a game, in the order the API lists them.

Nothing registers itself when a module is imported: :data:`GAMES` lists
each game's entry (a :class:`~solver.entry.GameEntry`, kept in
``solver/<game>/entry.py``), and :func:`find_game` finds one by name.  Each
entry starts a seeded game whose state keeps the contract of
:mod:`solver.contract`, with the game's options; reads an action in the
game's notation and a saved state; shows one seat what it may see
(:func:`solver.nambarz.view.seat_view` and its siblings), of the state and
of each action's verdict; makes the game's bots; and says how its review
reads turns (:class:`~solver.review.TurnRules`).  Importing this module
loads no solver search library (no sympy, no networkx), no bot and no
review: their modules are imported when first asked for.

Every other layer keeps a registry of its own, keyed by these names (see
:mod:`solver.registry`); a game that lives in the tests joins with
``GAMES.registered(entry)``.

>>> [game.name for game in GAMES]
['nambarz', 'thegame', 'quando', 'nmbrs']
>>> quando = find_game("quando")
>>> quando.title, quando.variants, quando.players
('Quando', ('standard',), range(2, 7))
>>> state = quando.new_game(players=3, seed=1)
>>> state.to_move, state.is_over, len(state.legal_actions()) > 0
(0, False, True)
>>> quando.bot_kinds, [option.name for option in quando.options]
(('strong', 'easy', 'random'), ['target'])
>>> bot = quando.make_bot("strong", seed=1)
>>> action = bot.choose(state)
>>> quando.parse_action(str(action)) == action, quando.seat_view(state, 1)["hand_sizes"]
(True, [8, 8, 8])
"""

from __future__ import annotations

from solver.entry import Bot, GameEntry, Option
from solver.nambarz import entry as nambarz
from solver.nmbrs import entry as nmbrs
from solver.quando import entry as quando
from solver.registry import Registry
from solver.thegame import entry as thegame

__all__ = ["GAMES", "Bot", "GameEntry", "Option", "find_game"]

GAMES: Registry[GameEntry] = Registry(
    "rules",
    [
        nambarz.ENTRY,
        thegame.ENTRY,
        quando.ENTRY,
        nmbrs.ENTRY,
    ],
)
"""The games, in the order the API lists them."""


def find_game(name: str) -> GameEntry:
    """The game called ``name`` (as in the API's paths: ``nambarz``, ``thegame``, ``quando``, ``nmbrs``).

    >>> find_game("nmbrs").title
    'Nmbrs!'
    >>> find_game("chess")
    Traceback (most recent call last):
    ...
    solver.errors.GameError: unknown game 'chess'; the games are nambarz, thegame, quando and nmbrs
    """
    return GAMES.find(name)
