"""A registry: one layer's entries for the games, by the game's name, in a fixed order.

Every layer keeps one (the rules in :data:`solver.games.GAMES`, the words
in :data:`tutor.games.TUTORS`, and so on up to the pages), each listing its
entries explicitly: nothing registers itself when a module is imported.  A
layer finds a game's parts by the game's name, never by a chain of names;
:meth:`Registry.missing` says which games of another registry it lacks, so a
test (and the app factory) can tell when a game is not in every layer.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Words:
...     name: str
...     greeting: str
>>> words = Registry("words", [Words("nambarz", "Ciao"), Words("quando", "Hallo")])
>>> words.find("quando").greeting, words.names, "nmbrs" in words
('Hallo', ('nambarz', 'quando'), False)
>>> words.find("chess")
Traceback (most recent call last):
...
solver.errors.GameError: unknown game 'chess'; the games are nambarz and quando
>>> with words.registered(Words("nmbrs", "Salut")):
...     words.names
('nambarz', 'quando', 'nmbrs')
>>> words.names, words.missing(["nambarz", "nmbrs"])
(('nambarz', 'quando'), ['nmbrs'])
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Generic, Protocol, TypeVar

from solver.errors import GameError, quoted


class Named(Protocol):
    """What every registry's entry has: the name of its game, as in the API's paths (``nambarz``, ``thegame``…)."""

    @property
    def name(self) -> str:
        """The game's name."""
        ...


Entry = TypeVar("Entry", bound=Named)


class Registry(Generic[Entry]):
    """One layer's entries, one per game, in the order the layer lists them."""

    def __init__(self, layer: str, entries: Iterable[Entry]) -> None:
        self.layer = layer
        """What the entries hold, for messages: ``"rules"``, ``"words"``, ``"pages"``…"""
        self._entries: dict[str, Entry] = {}
        for entry in entries:
            self.register(entry)

    def __iter__(self) -> Iterator[Entry]:
        return iter(tuple(self._entries.values()))

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def __repr__(self) -> str:
        return f"Registry({self.layer!r}, {list(self._entries)!r})"

    @property
    def names(self) -> tuple[str, ...]:
        """The games' names, in order."""
        return tuple(self._entries)

    def find(self, name: str) -> Entry:
        """The entry of the game called ``name``; :class:`~solver.errors.GameError` naming the games if none."""
        entry = self._entries.get(name)
        if entry is None:
            names = list(self._entries)
            listed = f"{', '.join(names[:-1])} and {names[-1]}" if len(names) > 1 else "".join(names)
            raise GameError(f"unknown game {quoted(str(name))}; the games are {listed}")
        return entry

    def register(self, entry: Entry) -> None:
        """Add ``entry`` after the others; a :class:`~solver.errors.GameError` if its game already has one."""
        if entry.name in self._entries:
            raise GameError(f"the {self.layer} of {quoted(entry.name)} are registered already")
        self._entries[entry.name] = entry

    @contextmanager
    def registered(self, entry: Entry) -> Iterator[Entry]:
        """``entry`` registered for the ``with`` block only: how a test adds a game that lives in the tests."""
        self.register(entry)
        try:
            yield entry
        finally:
            del self._entries[entry.name]

    def missing(self, names: Iterable[str]) -> list[str]:
        """Which of ``names`` (another layer's games, say) have no entry here, in their order."""
        return [name for name in names if name not in self._entries]
