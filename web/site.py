"""The web tutor's blueprint: its pages, their language, and the headers and errors every page shares.

The pages are listed once, in :data:`PAGES` (and the pages of a game in
play, whose addresses name it, in :data:`GAME_PAGES`), with the function that
answers each; :func:`create_blueprint` registers them, with no import side
effects.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from importlib.resources import files

from flask import Blueprint, Response, g, render_template, request, send_from_directory, url_for
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from services.rate_limits import current_breach
from web import home, nambarz, nmbrs, play, practice, quando, thegame, worksheet
from web.csrf import ForeignFormError
from web.language import LANGUAGE_NAMES, choose_language, install
from web.refusals import N_


@dataclass(frozen=True)
class Page:
    """One page: its path, its endpoint name, the function that renders it, and the methods it answers."""

    path: str
    endpoint: str
    view: Callable[..., str | tuple[str, int] | Response]
    methods: tuple[str, ...] = ("GET",)


PAGES = (
    Page("/", "home", home.home_page),
    Page("/play", "play", play.start_page),
    Page("/check", "check", nambarz.check_page),
    Page("/solve", "solve", nambarz.solve_page),
    Page("/worksheet", "worksheet", worksheet.worksheet_page),
    Page("/practice", "practice", practice.practice_page),
    Page("/thegame/check", "thegame_check", thegame.check_page),
    Page("/quando/check", "quando_check", quando.check_page),
    Page("/nmbrs/check", "nmbrs_check", nmbrs.check_page),
)
"""Every page of the web tutor."""

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
)
"""The pages of a game being played (:mod:`web.play`): each answers for one game, most for one seat of it."""

FORM_PAGES = {"play_start": ("play", N_("Back to the form")), "play_act": ("play_seat", N_("Back to the table"))}
"""The page each form is sent from, by the endpoint the form is sent to, and the words of the way back to it."""

_NOT_SWITCHED = {"play_join", "play_version"}
"""The game addresses that are no page to switch languages on: a redirect holding a token, an answer for a script."""


def create_blueprint() -> Blueprint:
    """The blueprint of every page in :data:`PAGES` and :data:`GAME_PAGES`, their templates and static files."""
    blueprint = Blueprint(
        "web", __name__, template_folder="templates", static_folder="static", static_url_path="/static"
    )
    # The tutor's files (its worksheets' style sheet, the figures' pictures) beside the pages' own, at /static.
    names = ", ".join(repr(name) for name in TUTOR_FILES)
    blueprint.add_url_rule(f"/static/<any({names}):filename>", "tutor_static", tutor_file)
    blueprint.record_once(lambda state: install(state.app))
    blueprint.before_request(_choose_language)
    blueprint.app_context_processor(_page_context)
    for page in (*PAGES, *GAME_PAGES):
        blueprint.add_url_rule(page.path, page.endpoint, page.view, methods=list(page.methods))
    return blueprint


TUTOR_FILES = ("worksheet.css", "figures.svg")
"""The tutor's files (``tutor/static``) that the pages use as their own, at ``/static``: the worksheets' style sheet
and the figures' pictures.  None of the pages' own files has one of these names."""


def tutor_file(filename: str) -> Response:
    """``/static/<filename>`` for one of :data:`TUTOR_FILES`, sent as the pages' own static files are."""
    return send_from_directory(str(files("tutor") / "static"), filename)


def _choose_language() -> None:
    choose_language()


def _page_context() -> dict[str, object]:
    """What every page's template may use: the languages to switch to and the pages to link to."""
    switched = (*PAGES, *(page for page in GAME_PAGES if page.endpoint not in _NOT_SWITCHED))
    return {"language_names": LANGUAGE_NAMES, "page_endpoints": {f"web.{page.endpoint}" for page in switched}}


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
