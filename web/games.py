"""The pages' registry: each game's pages and table, one line a game, by the names of :data:`solver.games.GAMES`.

Nothing registers itself when a module is imported: :data:`PAGES` lists
each game's :class:`~web.entry.GamePages` (kept in ``web/<game>/entry.py``).
The site routes each one's check page to ``/<game>/check``; the table pages
find a game's look here by the stored game's name, and an unknown game is
an error (:class:`~solver.errors.GameError`), never another game's look.
A game that lives in the tests joins with ``PAGES.registered(entry)``.

>>> PAGES.names
('nambarz', 'thegame', 'quando', 'nmbrs')
>>> PAGES.find("quando").check_path, PAGES.find("quando").table.hint_levels
('/quando/check', (1,))
"""

from __future__ import annotations

from solver.registry import Registry
from web.entry import GamePages, Link, Page, TableLook
from web.nambarz.entry import ENTRY as NAMBARZ
from web.nmbrs.entry import ENTRY as NMBRS
from web.quando.entry import ENTRY as QUANDO
from web.thegame.entry import ENTRY as THEGAME

__all__ = ["PAGES", "GamePages", "Link", "Page", "TableLook"]

PAGES: Registry[GamePages] = Registry(
    "pages",
    [
        NAMBARZ,
        THEGAME,
        QUANDO,
        NMBRS,
    ],
)
"""Every game's pages, in the order of the solver's games."""
