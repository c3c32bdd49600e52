"""The web tutor's blueprint: its pages, their language, and the headers and errors every page shares.

The site's own pages are listed once, in :data:`SITE_PAGES` (and the pages
of a game in play, whose addresses name it, in :data:`GAME_PAGES`); each
game's pages come from its entry in :data:`web.games.PAGES`: its check page
at ``/<game>/check``, the addresses that page was once at (redirecting to
it), and its other pages.  :func:`create_blueprint` registers them all, with
no import side effects, so a game added to the registry gets its pages with
no edit here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from http import HTTPStatus
from importlib.resources import files
from typing import Any

from flask import Blueprint, Response, g, redirect, render_template, request, send_from_directory, url_for
from flask_wtf.csrf import CSRFError
from jinja2 import ChoiceLoader, FileSystemLoader
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response as WerkzeugResponse

from services.rate_limits import current_breach
from solver.games import find_game
from web import classes, companion, home, play
from web.csrf import ForeignFormError
from web.entry import TITLE, GamePages, Page
from web.games import PAGES
from web.howto import how_to_play_view
from web.language import LANGUAGE_NAMES, choose_language, install, page_translations
from web.refusals import N_

SITE_PAGES = (
    Page("/", "home", home.home_page),
    Page("/play", "play", play.start_page),
    Page("/companion", "companion", companion.start_page),
)
"""The pages of the web tutor that belong to no one game."""

GAME_PAGES = (
    Page("/play", "play_start", play.start_game, ("POST",)),
    Page("/play/<game_id>", "play_links", play.links_page),
    Page("/play/<game_id>/join/<token>", "play_join", play.join_page),
    Page("/play/<game_id>/seat/<int:seat>", "play_seat", play.seat_page),
    Page("/play/<game_id>/seat/<int:seat>", "play_act", play.act, ("POST",)),
    Page("/play/<game_id>/seat/<int:seat>/version", "play_version", play.version_answer),
    Page("/play/<game_id>/seat/<int:seat>/hint", "play_hint", play.hint_page),
    Page("/play/<game_id>/seat/<int:seat>/log", "play_log", play.log_page),
    Page("/play/<game_id>/seat/<int:seat>/review", "play_review", play.review_page),
    Page("/play/<game_id>/seat/<int:seat>/again", "play_again", play.play_again, ("POST",)),
    Page("/play/<game_id>/seat/<int:seat>/next", "play_next", play.next_game_page),
    Page("/companion", "companion_open", companion.open_page, ("POST",)),
    Page("/companion/<sheet_id>", "companion_sheet", companion.sheet_page),
    Page("/companion/<sheet_id>", "companion_round", companion.round_page, ("POST",)),
    Page("/companion/<sheet_id>/undo", "companion_undo", companion.undo_page, ("POST",)),
    Page(classes.TEACHER_PATH, "class_page", classes.class_page),
    Page(classes.TEACHER_PATH, "class_settings_form", classes.class_settings_form, ("POST",)),
    Page(f"{classes.TEACHER_PATH}/pupils.csv", "class_csv", classes.class_csv_page),
    Page(f"{classes.TEACHER_PATH}/worksheet", "class_worksheet", classes.class_worksheet),
    Page(f"{classes.TEACHER_PATH}/pupils/<pupil_id>/remove", "class_remove_pupil", classes.remove_pupil_page),
    Page(
        f"{classes.TEACHER_PATH}/pupils/<pupil_id>/remove",
        "class_remove_pupil_form",
        classes.remove_pupil_form,
        ("POST",),
    ),
    Page(f"{classes.TEACHER_PATH}/delete", "class_delete", classes.delete_page),
    Page(f"{classes.TEACHER_PATH}/delete", "class_delete_form", classes.delete_form, ("POST",)),
)
"""The pages of a game being played (:mod:`web.play`): each answers for one game, most for one seat of it; those
of a scoresheet of a game with the real cards (:mod:`web.companion`); and those of a practice class for its teacher,
at its secret link (:mod:`web.classes`)."""

FORM_PAGES = {
    "play_start": ("play", N_("Back to the form")),
    "play_act": ("play_seat", N_("Back to the table")),
    "play_again": ("play_seat", N_("Back to the table")),
    "companion_open": ("companion", N_("Back to the form")),
    "companion_round": ("companion_sheet", N_("Back to the scoresheet")),
    "companion_undo": ("companion_sheet", N_("Back to the scoresheet")),
    "practice_form": ("practice", N_("Back to practice")),
    "join_form": ("join", N_("Back to the form")),
    "new_class_form": ("new_class", N_("Back to the form")),
    "class_settings_form": ("class_page", N_("Back to the class")),
    "class_delete_form": ("class_delete", N_("Back to the class")),
}
"""The page each form is sent from, by the endpoint the form is sent to, and the words of the way back to it."""

_NOT_SWITCHED = {"play_join", "play_version", "play_next", "class_csv", "class_worksheet"}
"""The game addresses that are no page to switch languages on: redirects (one holding a token), an answer for a
script, a spreadsheet."""


def game_pages(game: GamePages) -> tuple[Page, ...]:
    """The pages of one game: its check page at ``/<game>/check``, its "How to play" page, then its others.

    >>> list(dict.fromkeys(page.path for page in game_pages(PAGES.find("nambarz"))))  # doctest: +NORMALIZE_WHITESPACE
    ['/nambarz/check', '/nambarz/how-to-play', '/solve', '/worksheet', '/practice', '/join', '/classes/new']
    """
    how: tuple[Page, ...] = ()
    if game.how_to_play is not None and game.how_to_play_endpoint is not None:
        how = (
            Page(
                game.how_to_play_path,
                game.how_to_play_endpoint,
                how_to_play_view(game.name, game.check_endpoint, game.how_to_play),
            ),
        )
    return (Page(game.check_path, game.check_endpoint, game.check_page), *how, *game.pages)


def every_page() -> Iterator[Page]:
    """Every page a reader opens: the site's, then each registered game's."""
    yield from SITE_PAGES
    for game in PAGES:
        yield from game_pages(game)


def create_blueprint() -> Blueprint:
    """The blueprint of the site's pages, each registered game's pages and old addresses, and the games in play,
    with their templates (a game's own folder of templates after the pages') and static files."""
    blueprint = Blueprint(
        "web", __name__, template_folder="templates", static_folder="static", static_url_path="/static"
    )
    folders = [game.templates for game in PAGES if game.templates is not None]
    if folders:
        loaders = [blueprint.jinja_loader, *(FileSystemLoader(folder) for folder in folders)]
        blueprint.jinja_loader = ChoiceLoader([loader for loader in loaders if loader is not None])
    # The tutor's files (its worksheets' style sheet, the cards' look and pictures) beside the pages' own, at /static.
    names = ", ".join(repr(name) for name in TUTOR_FILES)
    blueprint.add_url_rule(f"/static/<any({names}):filename>", "tutor_static", tutor_file)
    blueprint.record_once(lambda state: install(state.app))
    blueprint.before_request(_choose_language)
    blueprint.app_context_processor(_page_context)
    for page in (*every_page(), *GAME_PAGES):
        blueprint.add_url_rule(page.path, page.endpoint, page.view, methods=list(page.methods))
    for game in PAGES:
        for number, address in enumerate(game.old_check_addresses):
            blueprint.add_url_rule(address, f"{game.check_endpoint}_old_{number}", _moved(game))
    return blueprint


def _moved(game: GamePages) -> Callable[[], WerkzeugResponse]:
    """The view of an old address of ``game``'s check page: a permanent redirect there, keeping the query (308)."""

    def moved() -> WerkzeugResponse:
        query = request.query_string.decode("latin-1")
        address = url_for(f"web.{game.check_endpoint}") + (f"?{query}" if query else "")
        return redirect(address, HTTPStatus.PERMANENT_REDIRECT)

    return moved


TUTOR_FILES = ("worksheet.css", "cards.css", "figures.svg")
"""The tutor's files (``tutor/static``) that the pages use as their own, at ``/static``: the worksheets' style sheet,
the cards' look, and what the cards are drawn with (their frames and pictures).  None of the pages' own files has one
of these names."""


def tutor_file(filename: str) -> Response:
    """``/static/<filename>`` for one of :data:`TUTOR_FILES`, sent as the pages' own static files are."""
    return send_from_directory(str(files("tutor") / "static"), filename)


def _choose_language() -> None:
    choose_language()


def _page_context() -> dict[str, object]:
    """What every page's template may use: the languages to switch to, the pages to link to, and each game's links."""
    switched = (*every_page(), *(page for page in GAME_PAGES if page.endpoint not in _NOT_SWITCHED))
    return {
        "language_names": LANGUAGE_NAMES,
        "page_endpoints": {f"web.{page.endpoint}" for page in switched},
        "game_links": _game_links,
        "how_to_play_address": how_to_play_address,
    }


def how_to_play_address(game: str) -> str | None:
    """The address of ``game``'s "How to play" page in the page's language, or ``None`` for a game without one.

    A function the templates call (the start form, a table), with the name of the game they show.

    >>> from api.app import create_app
    >>> with create_app({"TESTING": True}).test_request_context("/play?lang=de"):
    ...     _ = choose_language()
    ...     how_to_play_address("quando"), how_to_play_address("chess")
    ('/quando/how-to-play?lang=de', None)
    """
    if game not in PAGES:
        return None
    endpoint = PAGES.find(game).how_to_play_endpoint
    return None if endpoint is None else url_for(f"web.{endpoint}", lang=g.lang)


def _game_links() -> list[dict[str, Any]]:
    """Each registered game's links, in the page's language: the header's label (if any), the home page's words.

    A function the templates call, so that a page that shows none works out none.
    """
    t = page_translations()
    links = []
    for game in PAGES:
        title = find_game(game.name).title
        for link in game.shown_links:
            nav = None if link.nav is None else title if link.nav == TITLE else t.gettext(link.nav)
            links.append(
                {
                    "endpoint": link.endpoint,
                    "arguments": dict(link.arguments),
                    "nav": nav,
                    "heading": t.gettext(link.heading) % {"game": title},
                    "description": t.gettext(link.description),
                }
            )
    return links


def error_page(error: HTTPException) -> tuple[str, int]:
    """A page, in the reader's language, for an HTTP error met outside ``/api`` (an unknown address, say).

    A request past the reader's rate limit (:mod:`services.rate_limits`) gets a
    page of its own, saying how long to wait; so does a form refused by
    :mod:`web.csrf`, saying that it came from elsewhere or was out of date,
    with the way back to the page it belongs to.
    """
    choose_language()
    if error.code == HTTPStatus.TOO_MANY_REQUESTS and (breach := current_breach()) is not None:
        return render_template("rate_limited.html", retry_after=breach.retry_after), HTTPStatus.TOO_MANY_REQUESTS
    if isinstance(error, (CSRFError, ForeignFormError)):
        return _refused_form(error)
    return render_template("error.html", status=error.code or 500, description=error.description), error.code or 500


def _refused_form(error: HTTPException) -> tuple[str, int]:
    """The page for a form sent from elsewhere (403) or with a missing or stale token (400), and the way back."""
    endpoint = (request.endpoint or "").removeprefix("web.")
    back = None
    if endpoint in FORM_PAGES:
        page, label = FORM_PAGES[endpoint]
        back = (url_for(f"web.{page}", **(request.view_args or {}), lang=g.lang), label)
    foreign = isinstance(error, ForeignFormError)
    status = error.code or HTTPStatus.BAD_REQUEST
    return render_template("refused_form.html", foreign=foreign, back=back), status
