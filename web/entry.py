"""What the pages keep of one game: its check page, its other pages, the links to them, and the look of its table.

Each game's package (``web/<game>/``) builds its :class:`GamePages` in
``entry.py``, and :data:`web.games.PAGES` lists them, one line a game, by
the names of :data:`solver.games.GAMES`.  The site (:mod:`web.site`) routes
each game's check page to ``/<game>/check`` and its other pages to their
own addresses; the table pages (:mod:`web.play`, :mod:`web.play_tables`)
ask the game's :class:`TableLook` how a seat's view becomes its template's
context, how its moves are worded and read from a form, and what hints its
tutor gives.  Nothing here knows a game by name.

The helpers at the end (:func:`translated`, :func:`winners`,
:func:`paragraphs`) are what several games' looks share.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask.typing import ResponseReturnValue
from werkzeug.datastructures import MultiDict

from web.cards import DrawnCard
from web.howto import HowToPlay
from web.language import page_translations
from web.refusals import N_
from web.story import StoryWords

View = Callable[..., ResponseReturnValue]
"""A page's function, as Flask calls it with the address's arguments."""

TableContext = Callable[[Mapping[str, Any], Sequence[str], str], dict[str, Any]]
"""What a game's part of the table shows, from a seat's view, the seats' names and the page's language."""

Hint = Callable[[Any, int, int, str], "list[str] | None"]
"""The tutor's hint for a seat's turn (state, seat, level, language): its lines, or ``None`` when it has none now."""

ReviewMoves = Callable[[Sequence[str], Mapping[str, Any], str], "list[list[Any]]"]
"""A reviewed turn's actions drawn (actions, the turn's details, language): one list of parts per move shown, each
part a card drawn (anything with an ``art``) or words."""


@dataclass(frozen=True)
class Page:
    """One page: its path, its endpoint name, the function that renders it, and the methods it answers."""

    path: str
    endpoint: str
    view: View
    methods: tuple[str, ...] = ("GET",)


@dataclass(frozen=True)
class Link:
    """A way to one of a game's pages, on the home page and (if it has a ``nav`` label) in every page's header.

    ``heading`` and ``description`` are sentences of the ``web`` domain, shown
    translated; ``heading`` may name the game as ``%(game)s``.  ``nav`` is a
    sentence too, or ``None`` for a link the header leaves out; a game's
    title is shown untranslated where ``nav`` is :data:`TITLE`.
    """

    endpoint: str
    heading: str
    description: str
    nav: str | None = None
    arguments: Mapping[str, str] = field(default_factory=dict)
    """What the link adds to the address besides the language (``mode=turn``, say)."""


TITLE = "%(game)s"
"""A :attr:`Link.nav` that shows the game's title, as the game writes it."""


def how_to_play_link(endpoint: str) -> Link:
    """The link to a game's "How to play" page, on the home page (not in the header: there are four).

    >>> link = how_to_play_link("web.quando_how_to_play")
    >>> link.heading, link.nav is None
    ('How to play %(game)s', True)
    """
    return Link(
        endpoint,
        N_("How to play %(game)s"),
        N_("The rules told simply, with the cards drawn and worked examples checked by the referee."),
    )


def check_link(endpoint: str) -> Link:
    """The usual link to a game's check page: "Check a move in <the game>", its title in the header."""
    return Link(
        endpoint,
        N_("Check a move in %(game)s"),
        N_("The referee of a sibling game, with the rule behind each verdict."),
        nav=TITLE,
    )


@dataclass(frozen=True)
class OptionLook:
    """How the start form shows one of the game's options: its name, the hint below it, and its choices if listed."""

    label: str
    hint: str
    choices: tuple[int, ...] | None = None
    """The values offered in a list, or ``None`` for a whole number written in a field."""


@dataclass(frozen=True)
class Labels:
    """The start form's words for one game: each variant, each kind of bot, each option (sentences to translate).

    ``bots`` names every kind of bot the game has (the tables name the bots of
    stored games with it); the form offers ``offered_bots`` and says what each
    does with ``bot_descriptions``.
    """

    variants: Mapping[str, str] = field(default_factory=dict)
    bots: Mapping[str, str] = field(default_factory=dict)
    options: Mapping[str, OptionLook] = field(default_factory=dict)
    offered_bots: tuple[str, ...] = ()
    """The kinds of bot the start form offers, in its order; none: every kind the game has."""
    bot_descriptions: Mapping[str, str] = field(default_factory=dict)
    """What a kind of bot does and whom it suits, in a sentence the start form shows under the seats."""


def no_scores(view: Mapping[str, Any]) -> Sequence[Any] | None:
    """A game that keeps no score on the table."""
    return None


def no_move_read(form: MultiDict[str, str]) -> str:
    """A table whose only form field for a move is ``action``: nothing else to put together."""
    return ""


def no_move_cards(action: str) -> Sequence[DrawnCard]:
    """A move listed in words alone."""
    return ()


def no_move_note(action: str) -> str | None:
    """A move whose words say enough: no reminder on its button."""
    return None


def written_as_is(action: str, lang: str) -> str:
    """A move shown in the game's notation, as written."""
    return action


@dataclass(frozen=True)
class TableLook:
    """How a game's table page shows the game: its template and context, its moves in words and read from a form,
    its tutor's hints, its scores, and the words of its review."""

    template: str
    """The template of the game's part of the table and of the log (``play/_<game>.html``)."""
    context: TableContext
    """What that template shows, from a seat's view (``tables.view`` or ``play_tables.past_view``)."""
    review_facts: Callable[[Mapping[str, Any], str], dict[str, Any]]
    """What a reviewed turn shows of the seat's position: ``hand`` (cards drawn, each with its ``art``), ``top``,
    ``tops``, ``draw_visible``."""
    review_moves: ReviewMoves | None = None
    """A reviewed turn's moves (the turn played, or the best turn) as a page draws them, each move a list of parts:
    cards drawn (with their ``art``) and words, in order, from the turn's ``details``; ``None``: each move in
    :attr:`action_words`."""
    words: Mapping[str, str] = field(default_factory=dict)
    """The moves that are a word, with their words on the table (sentences to translate)."""
    done_words: Mapping[str, str] = field(default_factory=dict)
    """The moves that are a word as the story and the log tell them once made ("passed", "drew a card")."""
    story: StoryWords | None = None
    """A turn of another seat in one sentence, as the seat reading the table may know it; ``None``: each move's
    words (:func:`web.story.said_plainly`)."""
    word_prefixes: tuple[str, ...] = ()
    """The beginnings of the other moves listed with the words, not with the cards laid (``discard``, ``flip``)."""
    action_words: Callable[[str, str], str] = written_as_is
    """Any other move in words, in a language: cards named, operators as signs."""
    move_words: Callable[[str, str, Mapping[str, Any]], str] | None = None
    """A legal move (a word too) in words on the table it is offered on (a seat's view), where its words depend on
    the table (Nmbrs!' places, counted as the grid shows them; the top discard named); ``None``: as :attr:`words`
    and :attr:`action_words` say it."""
    move_cards: Callable[[str], Sequence[DrawnCard]] = no_move_cards
    """The cards a move lays, drawn beside its words where the table lists it (Quando's plays); none: words only."""
    move_note: Callable[[str], str | None] = no_move_note
    """A one-line reminder shown on a move's button (a sentence to translate), for a move whose effect reaches
    beyond the turn (Quando's knock, a triple); ``None``: the move's words say enough."""
    read_move: Callable[[MultiDict[str, str]], str] = no_move_read
    """The move a table's own form fields put together, when no ``action`` is written or picked; it raises a
    :class:`~solver.errors.NambarzError` with a :class:`~solver.errors.Worded` message for fields that make no move."""
    move_example: str | None = None
    """A move in the game's notation, shown beside the field where one is written; ``None``: the game's own
    template has that field."""
    scores: Callable[[Mapping[str, Any]], Sequence[Any] | None] = no_scores
    """Each seat's score or total on the table, from a seat's view, if the game keeps one."""
    score_heading: str | None = None
    """The heading of the players' table's score column (a sentence to translate), if the game keeps one."""
    hint_levels: tuple[int, ...] = ()
    """The levels of the tutor's hint; none for a game whose tutor gives no hint."""
    hint: Hint | None = None
    """The tutor's hint for a seat's turn, up to a level, from the state (the seat's own turn, the game going on)."""


@dataclass(frozen=True)
class GamePages:
    """One game's pages: its check page at ``/<name>/check``, its other pages, the links to them, its table's look,
    and the words of its start form."""

    name: str
    """The game's name, as in :data:`solver.games.GAMES` and the addresses."""
    check_page: View
    """The page that checks a move of the game, at ``/<name>/check``."""
    table: TableLook
    labels: Labels = field(default_factory=Labels)
    links: tuple[Link, ...] = ()
    """The links to the game's pages, in order; none: :func:`check_link` alone."""
    pages: tuple[Page, ...] = ()
    """The game's other pages, at addresses of their own."""
    old_check_addresses: tuple[str, ...] = ()
    """Addresses the check page was once at, which redirect to ``/<name>/check`` (308, keeping the query)."""
    templates: Path | None = None
    """A folder of the game's own templates, searched after the pages' (for a game whose code lives elsewhere)."""
    how_to_play: HowToPlay | None = None
    """The game's "How to play" page, at ``/<name>/how-to-play``, if it has one."""

    @property
    def check_path(self) -> str:
        """The check page's address."""
        return f"/{self.name}/check"

    @property
    def check_endpoint(self) -> str:
        """The check page's endpoint, within the pages' blueprint."""
        return f"{self.name}_check"

    @property
    def how_to_play_path(self) -> str:
        """The "How to play" page's address."""
        return f"/{self.name}/how-to-play"

    @property
    def how_to_play_endpoint(self) -> str | None:
        """The "How to play" page's endpoint, within the pages' blueprint; ``None`` for a game without one."""
        return None if self.how_to_play is None else f"{self.name}_how_to_play"

    @property
    def shown_links(self) -> tuple[Link, ...]:
        """The links to the game's pages: its "How to play" page first if it has one, then those it lists, or the
        one to its check page."""
        how = () if self.how_to_play_endpoint is None else (how_to_play_link(f"web.{self.how_to_play_endpoint}"),)
        return (*how, *(self.links or (check_link(f"web.{self.check_endpoint}"),)))


# ----------------------------------------------------------------------------------------------- shared words


def translated(labels: Mapping[str, str], key: str) -> str:
    """The sentence of ``key`` in ``labels``, in the page's language; ``key`` itself if it has none."""
    return page_translations().gettext(labels[key]) if key in labels else key


def winners(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    """Who won: as the game says, or for a game stopped at its longest, who led it then (scores: higher is better)."""
    seats = view["table"].get("winners", [])
    if view.get("stopped") and view["scores"]:
        best = max(view["scores"])
        seats = [seat for seat, score in enumerate(view["scores"]) if score == best]
    return [names[seat] for seat in seats]


def paragraphs(text: str) -> list[str]:
    """The tutor's text as a page shows it: a line for each sentence, the lines a long sentence was wrapped on joined.

    The first block only: a table of figures the tutor may print below it is left out.

    >>> paragraphs("Legal: play 3 4 5.\\n  Now draw the visible or the\\n      hidden side.\\nCandidates:\\n  a  b")
    ['Legal: play 3 4 5.', 'Now draw the visible or the hidden side.']
    """
    lines: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines()):
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        if number > 0 and indent == 0:
            break
        if lines and indent > lines[-1][0] + 2:
            lines[-1] = (lines[-1][0], f"{lines[-1][1]} {line.strip()}")
        else:
            lines.append((indent, line.strip()))
    return [line for _, line in lines]
