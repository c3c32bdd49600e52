"""Games in the browser (``/play``): start one, hand out its seats' links, play at the table, read the log and review.

A game is started from a form (the game, its variant and options, each seat
a person with a name or one of the game's bots, the seats' language) and
kept by the app's :class:`~services.play.tables.Tables`, as the API's games are:
the engine decides every move and the bots move as soon as it is their turn.

How a seat's secret token travels: it is in the seat's join link
(``/play/<game>/join/<token>``), which whoever started the game opens on
this device (pass and play) or sends to another one.  Opening it keeps the
token in a cookie that only that seat's pages receive (HttpOnly,
SameSite=Lax, path ``/play/<game>/seat/<n>``, Secure over HTTPS) and
redirects to the seat's table, ``/play/<game>/seat/<n>``: the token leaves
the address bar (the join answer is cached nowhere and sends no referrer,
and the logs write its address without the token, :mod:`api.middleware.redaction`),
and one device keeps the cookies of several seats side by side.  The
device that started the game also keeps every seat's link, in a cookie of
the game's path, to show them again on the game's links page and to offer
the next seat's page when the device is passed on.  SameSite=Lax
keeps the cookies off every form another site posts here; the forms of a
page of the same site on another origin, which would carry them, are
refused by :mod:`web.csrf`, and every form here carries its token.

The table is a page like the others: each move is a form posted with the
version of the game it was chosen on.  A game that moved on meanwhile
(someone played first) answers 409 with the table as it is now; an illegal
move shows the referee's verdict.  The pages make a person's forced moves
(a pass after a play, a draw when nothing can be laid:
:func:`web.play_tables.forced_moves`), and the table tells the others' turns
since the seat's last move and marks what changed (:mod:`web.play_story`).
``play.js`` asks ``…/version`` every second and, when the version changed,
shows the table as it is now in place; without JavaScript the page has a
link to refresh it.

A finished game's table opens with its results (:mod:`web.play_results`)
and "play again", which starts the next game with the same seats and
settings; each person's device follows with its seat's cookie
(:meth:`Tables.rematch <services.play.tables.Tables.rematch>`, ``docs/play.md``).

>>> import re, tempfile
>>> from api.app import create_app
>>> folder = tempfile.TemporaryDirectory()
>>> app = create_app({"TESTING": True, "NAMBARZ_DATABASE_URL": f"sqlite:///{folder.name}/games.sqlite3"})
>>> client = app.test_client()
>>> token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/play?lang=en").text).group(1)
>>> form = {"game": "quando", "players": "2", "kind0": "human", "name0": "Ann", "kind1": "strong", "name1": "Bot"}
>>> started = client.post("/play?lang=en", data={**form, "csrf_token": token})
>>> started.status_code, started.headers["Location"].startswith("/play/")
(303, True)
>>> links = client.get(started.headers["Location"]).text
>>> joined = client.get(re.search(r'href="http://localhost(/play/[^"]+/join/[^"]+)"', links).group(1))
>>> joined.status_code, joined.headers["Location"].endswith("/seat/0")
(303, True)
>>> client.get(joined.headers["Location"]).status_code
200
>>> app.extensions["nambarz_tables"].store.dispose()
>>> folder.cleanup()
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any

from flask import Response, g, jsonify, make_response, render_template, request, url_for

from services.configuration import game_tables
from services.play.fairness import MAX_SEED
from services.play.store import StoredGame
from services.play.tables import (
    HUMAN,
    MAX_NAME_LENGTH,
    ActionRefusedError,
    GameNotFoundError,
    SeatForbiddenError,
    SeatRequest,
    Snapshot,
    StaleGameError,
    TableError,
    Tables,
    log_line,
)
from services.rate_limits import rate_limited
from solver.errors import NambarzError, NotationError
from solver.games import GAMES, GameEntry, find_game
from tutor.i18n import SUPPORTED_LANGUAGES
from tutor.play import explain_action_verdict
from web import play_story, play_tables
from web.entry import paragraphs
from web.forms import whole_number
from web.language import LANGUAGE_NAMES, current_language, page_translations
from web.play_results import results_context
from web.refusals import N_, expected, refusal

SEAT_COOKIE = "nambarz_seat_%d"
"""The name of a seat's cookie (with its seat number); its path is the seat's pages' own."""

LINKS_COOKIE = "nambarz_links"
"""The cookie, on the device that started a game, that holds every human seat's token."""

COOKIE_SECONDS = 30 * 24 * 3600
"""How long a device keeps a seat's token: a month."""

DEFAULT_PLAYERS = 4
"""The number of seats the form offers first (three bots and you, where the game allows it)."""

RECENT_ACTIONS = 8
"""How many of the latest actions the table lists; the log has them all."""

LOG_PAGE = 100
"""How many moves the log page lists at once: those around the step it shows."""

EXPECTED = {
    "game": N_("Choose one of the games offered."),
    "variant": N_("Choose one of the variants offered."),
    "players": N_("Choose how many play, within what the game allows."),
    "kind": N_("Choose a person or one of the bots offered."),
    "name": N_("Write a name of 1 to 40 letters, digits or signs."),
    "option": N_("Choose one of the values offered."),
    "language": N_("Choose one of the languages offered."),
    "seed": N_("Leave it empty, or write a whole number from 0 to deal the same cards again."),
    "seed-alone": N_(
        "Leave it empty: a seed may be chosen only when one person plays, since whoever knows it knows every hand."
    ),
    "action": N_("Choose one of your legal moves, or write one in the words of the moves listed."),
}
"""What each field of the pages expects, said beside one that is refused."""


# ----------------------------------------------------------------------------------------------- starting a game


@dataclass(frozen=True)
class SeatChoice:
    """A seat as the form sets it: who plays it (``human`` or a bot kind) and the name shown."""

    kind: str
    name: str


@dataclass(frozen=True)
class Setup:
    """What the start form asks: the game, its variant and options, the seats, their language, a seed."""

    game: GameEntry
    variant: str
    options: dict[str, Any]
    seats: tuple[SeatChoice, ...]
    language: str
    seed: int | None = None
    written: dict[str, str] = field(default_factory=dict)
    """The text of each field as it was sent, to show a refused value again."""


def start_page() -> str:
    """``/play``: the form that starts a game; choosing another game, variant or player count redraws it (a GET).

    A redraw for another variant gives the seats left at the old variant's
    default bot the new one's: a table of beginners' bots becomes one of
    planners when the variant is the experts'.
    """
    setup, _ = read_setup(request.args, redrawn=True)
    return _start_form(setup, {})


@rate_limited
def start_game() -> Response | tuple[str, int]:
    """``POST /play``: open the game; the device keeps every seat's link, and goes to the page listing them."""
    setup, errors = read_setup(request.form)
    if errors:
        return _start_form(setup, errors), HTTPStatus.UNPROCESSABLE_ENTITY
    seats = [SeatRequest(seat.name, seat.kind, setup.language) for seat in setup.seats]
    options = {"variant": setup.variant, **setup.options}
    try:
        game, tokens = game_tables().open_game(setup.game.name, seats, options=options, seed=setup.seed)
    except TableError:
        sentence = page_translations().gettext("The game cannot start with these settings: change them and try again.")
        return _start_form(setup, {"_form": sentence}), HTTPStatus.UNPROCESSABLE_ENTITY
    answer = _see_other(url_for("web.play_links", game_id=game.id, lang=current_language()))
    links = ".".join(f"{seat}:{token}" for seat, token in enumerate(tokens) if token is not None)
    _set_cookie(answer, LINKS_COOKIE, links, url_for("web.play_links", game_id=game.id))
    return answer


def read_setup(values: Mapping[str, str], *, redrawn: bool = False) -> tuple[Setup, dict[str, str]]:
    """The form's choices from ``values``, each missing one at its default, and a message for each refused one.

    A bot seat left empty gets the variant's default bot.  ``redrawn`` (the
    form redrawn for another variant) moves the bot seats that had the
    variant's default bot before (the field ``drawn-variant``) to the new
    variant's.

    >>> from flask import Flask
    >>> from web.language import choose_language
    >>> with Flask(__name__).test_request_context("/?lang=en"):
    ...     _ = choose_language()
    ...     setup, errors = read_setup({"game": "nambarz", "players": "2", "name0": "", "options-rounds": "3"})
    >>> setup.options, [seat.kind for seat in setup.seats], errors
    ({'rounds': 3}, ['human', 'beginner'], {'name0': 'Write a name of 1 to 40 letters, digits or signs.'})
    >>> with Flask(__name__).test_request_context("/?lang=en"):
    ...     _ = choose_language()
    ...     redraw = {"game": "nambarz", "variant": "expert", "drawn-variant": "beginners", "players": "3"}
    ...     setup, _ = read_setup({**redraw, "kind1": "beginner", "kind2": "careless"}, redrawn=True)
    >>> [seat.kind for seat in setup.seats]
    ['human', 'planner', 'careless']
    """
    errors: dict[str, str] = {}

    def refuse(name: str, expectation: str) -> None:
        errors[name] = refusal(None, values.get(name, ""), expected(EXPECTED)[expectation])

    first = next(iter(GAMES))
    chosen = values.get("game") or first.name
    game = GAMES.find(chosen) if chosen in GAMES else first
    if values.get("game") and values["game"] not in GAMES:
        refuse("game", "game")
    variant = values.get("variant") or game.variants[0]
    if variant not in game.variants:
        refuse("variant", "variant")
        variant = game.variants[0]
    allowed = game.variants_players[variant]
    players = whole_number(values.get("players", ""))
    if not isinstance(players, int) or players not in allowed:
        if values.get("players"):
            refuse("players", "players")
        players = min(max(DEFAULT_PLAYERS, allowed.start), allowed.stop - 1)
    options = {}
    for option in game.options:
        name = f"options-{option.name}"
        value = whole_number(values.get(name, "")) if values.get(name) else option.default
        if not option.accepts(value):
            refuse(name, "option")
            value = option.default
        options[option.name] = value
    drawn = values.get("drawn-variant") if redrawn else None
    earlier_default = game.default_bot(drawn) if drawn in game.variants and drawn != variant else None
    seats = tuple(
        _seat_choice(game, number, values, errors, variant=variant, earlier_default=earlier_default)
        for number in range(players)
    )
    language = values.get("language") or current_language()
    if language not in SUPPORTED_LANGUAGES:
        refuse("language", "language")
        language = current_language()
    seed = whole_number(values.get("seed", ""))
    chosen_seed = seed if isinstance(seed, int) and 0 <= seed <= MAX_SEED else None
    if values.get("seed", "").strip() and chosen_seed is None:
        refuse("seed", "seed")
    elif chosen_seed is not None and sum(seat.kind == HUMAN for seat in seats) != 1:
        refuse("seed", "seed-alone")
        chosen_seed = None
    written = {name: str(value)[:100] for name, value in values.items()}
    return Setup(game, variant, options, seats, language, chosen_seed, written), errors


def _seat_choice(
    game: GameEntry,
    number: int,
    values: Mapping[str, str],
    errors: dict[str, str],
    *,
    variant: str,
    earlier_default: str | None,
) -> SeatChoice:
    """The seat ``number`` as ``values`` set it; a bot left at ``earlier_default`` gets the variant's default bot."""
    t = page_translations()
    kinds = (HUMAN, *play_tables.offered_bots(game))
    default_kind = HUMAN if number == 0 else game.default_bot(variant)
    kind = values.get(f"kind{number}") or default_kind
    if kind == earlier_default:
        kind = game.default_bot(variant)
    if kind not in kinds:
        errors[f"kind{number}"] = refusal(None, kind, expected(EXPECTED)["kind"])
        kind = default_kind
    if f"name{number}" in values:
        name = values[f"name{number}"].strip()
    elif kind == HUMAN:
        name = t.gettext("Player %(number)d") % {"number": number + 1}
    else:
        name = t.gettext("Bot %(number)d") % {"number": number + 1}
    if not name or len(name) > MAX_NAME_LENGTH or not name.isprintable():
        errors[f"name{number}"] = refusal(None, name, expected(EXPECTED)["name"])
    return SeatChoice(kind, name)


def _start_form(setup: Setup, errors: dict[str, str]) -> str:
    name = setup.game.name
    offered = play_tables.offered_bots(setup.game)
    return render_template(
        "play/start.html",
        setup=setup,
        errors=errors,
        games=[(entry.name, entry.title) for entry in GAMES],
        variants=[(variant, play_tables.variant_label(name, variant)) for variant in setup.game.variants],
        players=setup.game.variants_players[setup.variant],
        kinds=[(kind, play_tables.kind_label(name, kind)) for kind in (HUMAN, *offered)],
        bot_descriptions=play_tables.bot_descriptions(name, offered),
        options=[(option.name, *play_tables.option_label(name, option.name)) for option in setup.game.options],
        languages=[(code, LANGUAGE_NAMES[code]) for code in SUPPORTED_LANGUAGES],
    )


# ----------------------------------------------------------------------------------------------- the seats' links


def links_page(game_id: str) -> Response | tuple[str, int]:
    """``/play/<game>``: on the device that started the game, each human seat's link, to open here or to send.

    The links hold the seats' secrets: no cache keeps the page, and it sends no referrer.
    """
    tables = game_tables()
    try:
        stored = tables.get(game_id)
    except TableError as error:
        return _refused(error)
    tokens = _links(tables, stored)
    if not tokens:
        return _refused(SeatForbiddenError("no links on this device"), reason="links")
    seats = [
        {
            "record": record,
            "kind": play_tables.kind_label(stored.game, record.kind),
            "join": url_for("web.play_join", game_id=game_id, token=tokens[record.seat], _external=True)
            if record.seat in tokens
            else None,
        }
        for record in stored.seats
    ]
    page = make_response(
        render_template("play/links.html", game=stored, title=find_game(stored.game).title, seats=seats)
    )
    page.headers["Cache-Control"] = "private, no-store"
    page.headers["Referrer-Policy"] = "no-referrer"
    return page


def _links(tables: Tables, stored: StoredGame) -> dict[int, str]:
    """The tokens this device keeps for the game's seats, by seat, each checked against the game."""
    kept: dict[int, str] = {}
    for item in request.cookies.get(LINKS_COOKIE, "").split("."):
        seat, _, token = item.partition(":")
        try:
            found = tables.seat_of(stored, token)
        except TableError:
            continue
        if seat == str(found):
            kept[found] = token
    return kept


def join_page(game_id: str, token: str) -> Response:
    """``/play/<game>/join/<token>``: keep the seat's token on this device, then open the seat's table.

    The answer, whose address holds the token, is kept by no cache and sends
    no referrer, not even to this server: the next request's ``Referer``
    would carry the token into the access log.
    """
    try:
        _, seat = game_tables().find_seat(game_id, token)
    except TableError as error:
        answer = make_response(_refused(error))
    else:
        answer = _see_other(url_for("web.play_seat", game_id=game_id, seat=seat, **_language_arg()))
        _set_cookie(answer, SEAT_COOKIE % seat, token, url_for("web.play_seat", game_id=game_id, seat=seat))
    answer.headers["Cache-Control"] = "no-store"
    answer.headers["Referrer-Policy"] = "no-referrer"
    return answer


def _see_other(address: str) -> Response:
    """A redirect to ``address`` that the browser follows with a GET (303)."""
    return Response(status=HTTPStatus.SEE_OTHER, headers={"Location": address})


def _set_cookie(answer: Response, name: str, value: str, path: str) -> None:
    answer.set_cookie(
        name, value, max_age=COOKIE_SECONDS, path=path, secure=request.is_secure, httponly=True, samesite="Lax"
    )
    answer.headers["Cache-Control"] = "no-store"


# ----------------------------------------------------------------------------------------------- the table


@dataclass
class Shown:
    """What a table page shows besides the game: the verdict of a move, a note, a refused move, a hint."""

    verdict: dict[str, Any] | None = None
    accepted: bool = True
    note: str | None = None
    action_error: str | None = None
    written: str = ""
    hint: list[str] = field(default_factory=list)
    hint_level: int = 0
    status: int = HTTPStatus.OK


def seat_page(game_id: str, seat: int) -> Response | tuple[str, int]:
    """``/play/<game>/seat/<n>``: the table as this seat sees it, with its moves when it is its turn."""
    return _at_table(game_id, seat, lambda tables, snapshot: _table(tables, snapshot, seat, Shown()))


@rate_limited
def act(game_id: str, seat: int) -> Response | tuple[str, int]:
    """``POST /play/<game>/seat/<n>``: play the move chosen on the table of the version sent."""
    return _at_table(game_id, seat, lambda tables, snapshot: _act(tables, snapshot, seat))


@rate_limited
def hint_page(game_id: str, seat: int) -> Response | tuple[str, int]:
    """``/play/<game>/seat/<n>/hint?level=…``: the table with the tutor's hint for this seat's turn."""

    def with_hint(tables: Tables, snapshot: Snapshot) -> tuple[str, int]:
        level = whole_number(request.args.get("level", "1"))
        level = level if isinstance(level, int) and level in play_tables.hint_levels(snapshot.game.game) else 1
        words = play_tables.hint_words(snapshot.game, seat, level, current_language())
        if words is None:
            words = [page_translations().gettext("The tutor has no hint for this moment of the game.")]
        return _table(tables, snapshot, seat, Shown(hint=words, hint_level=level))

    return _at_table(game_id, seat, with_hint)


def version_answer(game_id: str, seat: int) -> Response:
    """``/play/<game>/seat/<n>/version``: the game's version, for the table's script to see whether someone played."""
    tables = game_tables()
    try:
        stored = tables.catch_up(_seated(tables, game_id, seat, actions=False)).game
        answer = jsonify(version=stored.version, is_over=stored.finished, next_game=stored.next_game is not None)
    except TableError as error:
        answer = jsonify(status=error.status)
        answer.status_code = error.status
    answer.headers["Cache-Control"] = "no-store"
    return answer


def _at_table(
    game_id: str, seat: int, answer: Callable[[Tables, Snapshot], Response | str | tuple[str, int]]
) -> Response | tuple[str, int]:
    """``answer`` for the seat of this device's cookie, in the seat's language unless the page asks for another.

    The page shows the seat's cards: no cache keeps it.
    """
    tables = game_tables()
    try:
        snapshot = tables.catch_up(_seated(tables, game_id, seat))
    except TableError as error:
        return _refused(error)
    if "lang" not in request.args or request.args["lang"] not in SUPPORTED_LANGUAGES:
        g.lang = snapshot.game.seats[seat].language
    page = make_response(answer(tables, snapshot))
    page.headers["Cache-Control"] = "private, no-store"
    return page


def _seated(tables: Tables, game_id: str, seat: int, *, actions: bool = True) -> Snapshot:
    """The game, with its latest actions unless ``actions`` is false, if this device holds the token of ``seat``
    there: 404 for no such game (whatever the cookies), 403 for no such token."""
    snapshot = tables.snapshot(game_id) if actions else tables.snapshot(game_id, recent=0)
    token = request.cookies.get(SEAT_COOKIE % seat)
    if token is None:
        raise SeatForbiddenError("this device holds no token of this seat")
    if tables.seat_of(snapshot.game, token) != seat:
        raise SeatForbiddenError("this token holds another seat")
    return snapshot


def _act(tables: Tables, snapshot: Snapshot, seat: int) -> tuple[str, int]:
    t = page_translations()
    stored = snapshot.game
    try:
        action = play_tables.chosen_action(stored.game, request.form)
    except NambarzError as error:  # the table's own fields chose no move, such as cards without their places
        return _table(tables, snapshot, seat, _refused_move(stored.game, "", error))
    version = whole_number(request.form.get("version", ""))
    if not action:
        return _table(tables, snapshot, seat, _refused_move(stored.game, action, None))
    try:
        find_game(stored.game).parse_action(action)
    except NambarzError as error:
        return _table(tables, snapshot, seat, _refused_move(stored.game, action, error))
    try:
        outcome = tables.act(
            stored.id,
            request.cookies[SEAT_COOKIE % seat],
            action,
            version if isinstance(version, int) else -1,
            g.lang,
            forced_moves=play_tables.forced_moves(stored.game),
        )
    except StaleGameError:
        note = t.gettext("The game moved on before your move arrived (someone played first): here is the table now.")
        fresh = tables.catch_up(tables.snapshot(stored.id))
        return _table(tables, fresh, seat, Shown(note=note, status=HTTPStatus.CONFLICT))
    except SeatForbiddenError:
        note = t.gettext("It is not your turn: here is the table now.")
        return _table(tables, snapshot, seat, Shown(note=note, status=HTTPStatus.CONFLICT))
    except ActionRefusedError:
        return _table(tables, snapshot, seat, _refused_move(stored.game, action, None))
    except TableError as error:  # the game was cleared away meanwhile
        return _refused(error)
    return _table(
        tables, tables.snapshot_of(outcome.game), seat, Shown(verdict=outcome.verdict, accepted=outcome.accepted)
    )


def _refused_move(game: str, action: str, error: NambarzError | None) -> Shown:
    """A move refused beside its field: quoted as the table words its moves, or as typed where the refusal points to
    a position in it."""
    said = action if isinstance(error, NotationError) else play_tables.action_label(game, action, current_language())
    message = refusal(error, said, expected(EXPECTED)["action"])
    return Shown(action_error=message, written=action, status=HTTPStatus.UNPROCESSABLE_ENTITY)


def _table(tables: Tables, snapshot: Snapshot, seat: int, shown: Shown) -> tuple[str, int]:
    lang = current_language()
    stored = snapshot.game
    view = tables.view(snapshot, seat, lang)
    names = [record.name for record in stored.seats]
    links = _links(tables, stored)
    recent = view["log"][-RECENT_ACTIONS:]
    story = play_story.table_story(tables, stored, view, lang, answered=shown.verdict is not None and shown.accepted)
    context = {
        "view": view,
        "title": find_game(stored.game).title,
        "names": names,
        "me": stored.seats[seat],
        "shown": shown,
        "seats": play_tables.seat_rows(view),
        "recent": list(
            reversed(
                play_tables.told_together(
                    [play_tables.log_line(line, stored.game, names, lang) for line in recent], stored.game
                )
            )
        ),
        "story": story,
        "marks": story.marks,
        "moves": play_tables.moves(view, lang),
        "hint_levels": play_tables.hint_levels(stored.game) if view["your_turn"] else (),
        "next_seat": _next_seat(view, links, seat),
        "codes": [violation.get("code", "") for violation in (shown.verdict or {}).get("violations", [])],
        "explanation": paragraphs((shown.verdict or {}).get("explanation", "")),
        "seed": stored.seed if stored.finished else None,  # the deal's secret, shown once nothing is left to hide
        "results": None if view["results"] is None else results_context(view["results"], names, me=seat, lang=lang),
        **play_tables.table_context(view, names, lang),
    }
    return render_template("play/table.html", **context), shown.status


def _next_seat(view: Mapping[str, Any], links: Mapping[int, str], seat: int) -> Mapping[str, Any] | None:
    """The seat to move, if it is another person's whose link this device keeps: pass and play."""
    mover = view["to_move"]
    if mover is None or mover == seat or mover not in links:
        return None
    return view["seats"][mover]  # type: ignore[no-any-return]


# ----------------------------------------------------------------------------------------------- playing again


@rate_limited
def play_again(game_id: str, seat: int) -> Response | tuple[str, int]:
    """``POST /play/<game>/seat/<n>/again``: start the next game with the same seats and settings, and go to it.

    Pressed twice, or by two persons, it goes to the one next game
    (:meth:`Tables.rematch <services.play.tables.Tables.rematch>`).
    """

    def again(tables: Tables, snapshot: Snapshot) -> Response | tuple[str, int]:
        try:
            following, _ = tables.rematch(snapshot.game.id, request.cookies[SEAT_COOKIE % seat])
        except StaleGameError:  # not over yet
            note = page_translations().gettext("The game is not over yet: play again once it is.")
            return _table(tables, snapshot, seat, Shown(note=note, status=HTTPStatus.CONFLICT))
        except TableError as error:
            return _refused(error)
        return _hand_over(tables, snapshot.game, following, seat)

    return _at_table(game_id, seat, again)


def next_game_page(game_id: str, seat: int) -> Response | tuple[str, int]:
    """``/play/<game>/seat/<n>/next``: this seat's place at the game its players went on to ("Go to the next game").

    The seat's cookie of the finished game opens the next game's seat: the
    next game keeps each person's token, and this page copies the cookie
    to the next game's path (and the links the device keeps, on the device
    that started the game).
    """
    tables = game_tables()
    try:
        stored = _seated(tables, game_id, seat, actions=False).game
        if stored.next_game is None:  # nobody has played again yet: the table offers it
            return _see_other(url_for("web.play_seat", game_id=game_id, seat=seat, **_language_arg()))
        following = tables.get(stored.next_game)
    except TableError as error:
        return _refused(error)
    return _hand_over(tables, stored, following, seat)


def _hand_over(tables: Tables, finished: StoredGame, following: StoredGame, seat: int) -> Response:
    """Go to ``seat``'s table at the next game, this device keeping its token there.

    The device that started the finished game keeps its links for the next
    one too, and every seat they hold (pass and play goes on).
    """
    tokens = {seat: request.cookies[SEAT_COOKIE % seat], **_links(tables, finished)}
    answer = _see_other(url_for("web.play_seat", game_id=following.id, seat=seat, **_language_arg()))
    for held, token in tokens.items():
        _set_cookie(answer, SEAT_COOKIE % held, token, url_for("web.play_seat", game_id=following.id, seat=held))
    links = request.cookies.get(LINKS_COOKIE)
    if links:
        _set_cookie(answer, LINKS_COOKIE, links, url_for("web.play_links", game_id=following.id))
    answer.headers["Referrer-Policy"] = "no-referrer"
    return answer


# ----------------------------------------------------------------------------------------------- the log


def log_page(game_id: str, seat: int) -> Response | tuple[str, int]:
    """``/play/<game>/seat/<n>/log?step=…``: the table as this seat saw it after any action, and the moves around it.

    The moves are listed :data:`LOG_PAGE` at a time, the page that holds the
    step shown, so a game of any length answers at once.
    """

    def stepped(tables: Tables, snapshot: Snapshot) -> str:
        lang = current_language()
        stored = snapshot.game
        first, last = tables.first_step(stored), stored.version
        step = whole_number(request.args.get("step", ""))
        step = max(first, step if isinstance(step, int) and 0 <= step <= last else last)
        state, verdict = tables.step(stored, step)
        view = play_tables.past_view(stored, state, seat)
        names = [record.name for record in stored.seats]
        page_start = max(0, (step - 1) // LOG_PAGE * LOG_PAGE)
        shown = tables.store.action_lines(stored.id, after=page_start, up_to=page_start + LOG_PAGE)
        actions = [play_tables.log_line(log_line(line), stored.game, names, lang) for line in shown]
        current = next((line for line in actions if line["number"] == step), None)
        own = current is not None and current["seat"] == seat  # the words on others' moves may tell their cards
        explanation = explain_action_verdict(verdict, lang) if own and verdict is not None else ""
        return render_template(
            "play/log.html",
            view=view,
            title=find_game(stored.game).title,
            names=names,
            me=stored.seats[seat],
            step=step,
            first=first,
            last=last,
            current=current,
            actions=actions,
            earlier=page_start if page_start > first else None,
            later=page_start + LOG_PAGE + 1 if page_start + LOG_PAGE < last else None,
            explanation=paragraphs(explanation),
            seats=play_tables.seat_rows(view),
            marks=play_story.Marks(),
            **play_tables.table_context(view, names, lang),
        )

    return _at_table(game_id, seat, stepped)


# ----------------------------------------------------------------------------------------------- the review


@rate_limited
def review_page(game_id: str, seat: int) -> Response | tuple[str, int]:
    """``/play/<game>/seat/<n>/review``: each of this seat's turns so far, numbered as the seat's own, the better
    turn drawn where there was one.

    The turns are shown :data:`~web.play_tables.REVIEW_PAGE` at a time
    (``?page=2`` …; a page out of range shows the nearest), with the summary of
    the whole game above them, so a review of any length answers at once.
    """

    def reviewed(tables: Tables, snapshot: Snapshot) -> str:
        lang = current_language()
        stored = snapshot.game
        document = tables.review(stored, seat, lang)
        turns = document["turns"]
        pages = max(1, -(-len(turns) // play_tables.REVIEW_PAGE))
        page = whole_number(request.args.get("page", ""))
        page = min(max(page, 1), pages) if isinstance(page, int) else 1
        first = (page - 1) * play_tables.REVIEW_PAGE
        shown = turns[first : first + play_tables.REVIEW_PAGE]
        return render_template(
            "play/review.html",
            game=stored,
            title=find_game(stored.game).title,
            me=stored.seats[seat],
            review=document,
            count=len(turns),
            turns=[play_tables.review_turn(turn, stored.game, lang) for turn in shown],
            page=page,
            pages=pages,
            summary=paragraphs(document.get("summary", "")),
        )

    return _at_table(game_id, seat, reviewed)


# ----------------------------------------------------------------------------------------------- refusals


def _refused(error: TableError, reason: str | None = None) -> tuple[str, int]:
    """A page, in the reader's language, saying kindly why this game or seat cannot be shown, and what to do."""
    if isinstance(error, GameNotFoundError):
        reason = "game"
    return render_template("play/refused.html", reason=reason or "seat", status=error.status), error.status


def _language_arg() -> dict[str, Any]:
    """``lang`` if the page was asked in a language, for a redirect to keep it."""
    lang = request.args.get("lang")
    return {"lang": lang} if lang in SUPPORTED_LANGUAGES else {}
