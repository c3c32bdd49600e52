"""The "How to play" pages: one per game, at ``/<game>/how-to-play``, with its cards drawn and worked examples.

A game's page is a template of the ``howto`` folder whose sentences go
through the ``web`` gettext domain, like every other page's; what a sentence
can get wrong (is this play allowed? what does it make? how many points?)
is not written in it but comes from the game's referee: the game's
:class:`HowToPlay` lists its examples, each judged when the page is shown,
and the page draws each one with the referee's mark beside what the text
says.  Each :class:`Example` keeps both (``said_legal``, written with the
example; ``legal``, the referee's), so a test can hold them equal.

>>> example = Example(said_legal=True, legal=True, laid=(Piece(sign="3"),))
>>> example.agrees, [piece.sign for piece in example.laid]
(True, ['3'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import render_template
from markupsafe import Markup

from solver.games import find_game
from web.language import current_language


@dataclass(frozen=True)
class Piece:
    """One piece of a worked example's row: a card drawn, or a sign between the cards (``+``, ``=``, a result)."""

    art: Markup | None = None
    sign: str = ""
    new: bool = False
    """A card the example lays (marked on the page), as against one already on the table."""
    caption: str = ""
    """Words under the card (a pile's name)."""


@dataclass(frozen=True)
class Example:
    """A worked example as a page shows it: what lies on the table, the move, and what the referee made of it.

    ``said_legal`` is what the page's text says of the move; ``legal`` is the
    referee's verdict, shown as the example's mark.  ``facts`` holds what the
    text quotes from the verdict (a value, the points, the smaller
    calculation), worked out by the engine and never written by hand.
    """

    said_legal: bool
    legal: bool
    before: tuple[Piece, ...] = ()
    laid: tuple[Piece, ...] = ()
    facts: Mapping[str, Any] = field(default_factory=dict)
    grid: tuple[tuple[Piece | None, ...], ...] = ()
    """A table of cards laid out in rows and columns (Nmbrs!' sequences), ``None`` for an empty place."""

    @property
    def agrees(self) -> bool:
        """True when the referee says of the move what the page's text says."""
        return self.said_legal == self.legal


Examples = Callable[[str], Mapping[str, Any]]
"""A game's worked examples in a language, by the name its template uses: :class:`Example`, or what else the
page draws (a row of cards, the points of a round)."""


@dataclass(frozen=True)
class HowToPlay:
    """One game's "How to play" page: its template (``howto/<game>.html``) and its examples, judged by its referee."""

    template: str
    examples: Examples


def how_to_play_view(game: str, check_endpoint: str, how: HowToPlay) -> Callable[[], str]:
    """The view of ``game``'s page: its template, with its examples judged in the page's language; the page links
    to the start form with the game chosen and to the game's check page (``check_endpoint``).

    >>> from api.app import create_app
    >>> page = create_app({"TESTING": True}).test_client().get("/thegame/how-to-play?lang=it")
    >>> page.status_code, "<h1>Come si gioca a The Game</h1>" in page.text
    (200, True)
    """

    def how_to_play() -> str:
        return render_template(
            how.template,
            game_name=game,
            title=find_game(game).title,
            check_endpoint=f"web.{check_endpoint}",
            examples=how.examples(current_language()),
        )

    how_to_play.__doc__ = f"``/{game}/how-to-play``: the rules told simply, with cards and worked examples."
    return how_to_play


def sign_pieces(*signs: str) -> tuple[Piece, ...]:
    """Signs as pieces of a row.

    >>> [piece.sign for piece in sign_pieces("=", "5")]
    ['=', '5']
    """
    return tuple(Piece(sign=sign) for sign in signs)
