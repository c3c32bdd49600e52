"""The ``nambarz`` command line's commands: every game's referee, hints and tables, the tutor, self-play.

One module per game, each with the game's group of commands
(:mod:`api.cli.nambarz`, :mod:`api.cli.thegame`, :mod:`api.cli.quando`,
:mod:`api.cli.nmbrs`), one for the tutor's exercises and worksheets
(:mod:`api.cli.tutor`) and one for the database of the games played over
HTTP (:mod:`api.cli.games`); :mod:`api.command` adds ``serve`` and runs them.

Every game's group answers the same commands, ``nambarz <game> check``,
``hint``, ``reference`` and ``deck``, and then the game's own;
:data:`GAME_COMMANDS` lists the groups, one line per game.  Nambarz's
commands are also at the top, as shortcuts: ``nambarz check`` is ``nambarz
nambarz check``.  A command's module is imported only when the command
runs, so ``nambarz --help`` and ``nambarz --version`` load neither the
solver's games nor the tutor (only the registry the games are listed by),
and each command loads only what it needs.

Exit status: 0 when the command answered (an illegal play is an answer),
1 when a ``solve --batch`` run had bad lines, 2 for bad input, with one line
on standard error, 141 when the reader closed standard output early, and 130
when interrupted.

>>> from api.command import main
>>> main.main(["check", "3bee", "9 / 3", "--json"], standalone_mode=False)  # doctest: +ELLIPSIS
{
  "game": "nambarz",
  "top": "3bee",
  "play": "9 / 3",
  ...
  "legal": false,
  ...
0
"""

from __future__ import annotations

from api.cli.common import Lazy
from solver.registry import Registry

COMMANDS = {
    "check": Lazy("api.cli.nambarz", "check", "judge one play or a whole turn on a top card"),
    "solve": Lazy("api.cli.nambarz", "solve", "list every legal play from a hand"),
    "score": Lazy("api.cli.nambarz", "score", "score a finished round"),
    "plan": Lazy("api.cli.nambarz", "plan", "the best whole turns from a position, jokers included"),
    "hint": Lazy("api.cli.nambarz", "hint", "a hint for a position: what exists, a first step, or the best turn"),
    "reference": Lazy("api.cli.nambarz", "reference", "the violation codes with their rule sections, and the rulings"),
    "deck": Lazy("api.cli.nambarz", "deck", "the deck in use: every card face with its copies"),
    "simulate": Lazy("api.cli.nambarz", "simulate", "self-play between bots, with statistics per bot"),
    "sweep": Lazy("api.cli.nambarz", "sweep", "self-play over a grid of player counts, variants and bots"),
    "exercises": Lazy("api.cli.tutor", "exercises", "solver-verified exercises for teachers, with their answer key"),
    "worksheet": Lazy("api.cli.tutor", "worksheet", "a printable HTML worksheet of exercises, with its answer key"),
    "games": Lazy("api.cli.games", "games", "the games played over the HTTP API: purge old ones, verify a deal"),
}
"""Every top-level command but the games' groups: where it lives, and its line in ``nambarz --help``.

The first nine are the shortcuts of Nambarz's group (``nambarz check`` is ``nambarz nambarz check``).
"""

GAME_COMMANDS: Registry[Lazy] = Registry(
    "commands",
    [
        Lazy("api.cli.nambarz", "nambarz", "Nambarz: judge, hint, solve, plan, score, the deck, self-play"),
        Lazy("api.cli.thegame", "thegame", "The Game (Benndorf): judge a play, suggest a turn, self-play"),
        Lazy("api.cli.quando", "quando", "Quando (Walter & Staupe): judge a play, hint a turn, score a round"),
        Lazy("api.cli.nmbrs", "nmbrs", "Nmbrs!: judge sequences and lays on the table, hint a lay"),
    ],
)
"""Every game's group of commands, in the order of :data:`solver.games.GAMES`: ``nambarz <game> …``."""
