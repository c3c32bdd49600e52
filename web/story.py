"""The words of the table's story: each turn of the others told in one sentence, in the page's language, with its cards
drawn as cards.

A game's :class:`~web.entry.TableLook` tells a turn through its ``story``
(a :data:`StoryWords`): it is given the turn as the reading seat may know it
(:class:`PlayedTurn`: each action with its verdict as that seat may see it,
and the seat's views of the game around it) and answers a sentence, or
``None`` to leave it to :func:`said_plainly`.  The helpers here put a
sentence together: the translated words, with cards (already ``Markup``) put
in as they are and everything else escaped.

>>> from flask import Flask
>>> from web.language import choose_language
>>> with Flask(__name__).test_request_context("/?lang=en"):
...     _ = choose_language()
...     print(sentence("Bot <2>", [words("drew a card"), words("passed")]))
Bot &lt;2&gt; drew a card and passed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup, escape

from web.language import page_translations
from web.refusals import N_


@dataclass(frozen=True)
class PlayedAction:
    """One action of a turn: as written, its verdict as the reading seat may see it, and that seat's view of the game
    (a ``seat_view``) before and after it."""

    action: str
    verdict: Mapping[str, Any]
    before: Mapping[str, Any]
    after: Mapping[str, Any]


@dataclass(frozen=True)
class PlayedTurn:
    """The actions one seat took in a row, as the reading seat may know them, and the name the table gives the seat."""

    seat: int
    name: str
    actions: tuple[PlayedAction, ...]

    @property
    def cards_before(self) -> int:
        """How many cards the seat held before the turn (everyone sees how many)."""
        return int(self.actions[0].before["hand_sizes"][self.seat])

    @property
    def cards_after(self) -> int:
        """How many cards the seat held after the turn."""
        return int(self.actions[-1].after["hand_sizes"][self.seat])


StoryWords = Callable[[PlayedTurn, str], "Markup | None"]
"""A turn as a sentence in a language, or ``None`` where the game leaves it to :func:`said_plainly`."""


def words(message: str, /, **values: Any) -> Markup:
    """``message`` translated, with ``values`` put in: ``Markup`` (a card drawn) as it is, anything else escaped."""
    return Markup(escape(page_translations().gettext(message))) % values


def counted(message: str, number: int, /, **values: Any) -> Markup:
    """A translated ``message`` whose form ``number`` chose (``page_translations().ngettext(…)``, which marks it for
    translation), with ``number`` put in as ``num`` and ``values`` as :func:`words` puts them."""
    return Markup(escape(message)) % {"num": number, **values}


def joined(parts: Sequence[Markup]) -> Markup:
    """``parts`` as a list in the page's language: "a", "a and b", "a, b and c"."""
    if len(parts) <= 1:
        return parts[0] if parts else Markup()
    head = parts[0]
    for part in parts[1:-1]:
        # TRANSLATORS: two things of a list of what someone did, more following: "laid 7, laid 9" (and drew).
        head = words(N_("%(earlier)s, %(next)s"), earlier=head, next=part)
    # TRANSLATORS: the last two things someone did in a turn: "drew a card and passed".
    return words(N_("%(first)s and %(last)s"), first=head, last=parts[-1])


def sentence(name: str, clauses: Sequence[Markup]) -> Markup:
    """Who did what: the seat's ``name`` and what it did, the ``clauses`` joined as a list."""
    # TRANSLATORS: a turn of the story: a player's name, then what they did ("drew a card and passed").
    return words(N_("%(name)s %(did)s."), name=name, did=joined(clauses))


def cards_drawn(cards: Sequence[Markup]) -> Markup:
    """Cards drawn side by side in a sentence."""
    return Markup(" ").join(Markup('<span class="story-card">%s</span>') % card for card in cards)


def said_plainly(turn: PlayedTurn, labels: Sequence[str]) -> Markup:
    """A turn no game words: the seat's name and its moves' ``labels``, as the list of the latest moves says them.

    >>> from flask import Flask
    >>> from web.language import choose_language
    >>> turn = PlayedTurn(1, "Bea", (PlayedAction("knock", {}, {"hand_sizes": [3, 3]}, {"hand_sizes": [3, 3]}),))
    >>> with Flask(__name__).test_request_context("/?lang=en"):
    ...     _ = choose_language()
    ...     print(said_plainly(turn, ["knocked"]), turn.cards_before)
    Bea: knocked 3
    """
    # TRANSLATORS: who did what, when the story has no sentence for it: "Ann: 7 owl − 2 fish".
    return words(N_("%(name)s: %(moves)s"), name=turn.name, moves=", ".join(labels))
