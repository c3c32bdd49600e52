"""The scoresheet of a Nambarz game played with the real cards (``/companion``): open it, enter rounds, share it.

The start form asks the players' names in seat order (each may join a team),
the number of rounds and the variant; choosing another number of players
redraws it (a GET).  The scoresheet's page, ``/companion/<id>``, shows the
totals and places, who starts the next round, the rounds entered, and a form
for the next round: one list per place for who went out in which order, and
− / + buttons for each player's master strokes (without JavaScript each
button sends the form back with its count changed; with it, they count in
place).  Anyone with the page's link may enter rounds: its id is random
(128 bits), and the page says so.  A round is saved onto the version it was
entered on; if another phone saved one first, the page answers 409 with the
scoresheet as it is now and says so (:mod:`services.play.companions`).

>>> import re, tempfile
>>> from api.app import create_app
>>> folder = tempfile.TemporaryDirectory()
>>> app = create_app({"TESTING": True, "NAMBARZ_DATABASE_URL": f"sqlite:///{folder.name}/games.sqlite3"})
>>> client = app.test_client()
>>> token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/companion?lang=en").text).group(1)
>>> form = {"players": "2", "name0": "Anna", "name1": "Ben", "rounds": "1", "csrf_token": token}
>>> opened = client.post("/companion?lang=en", data=form)
>>> opened.status_code, opened.headers["Location"].startswith("/companion/")
(303, True)
>>> entered = client.post(opened.headers["Location"], data={"version": "0", "place1": "Ben", "csrf_token": token})
>>> "First place: Ben." in client.get(entered.headers["Location"]).text
True
>>> app.extensions["nambarz_tables"].store.dispose()
>>> folder.cleanup()
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any

from flask import Response, make_response, render_template, request, url_for

from services.configuration import game_tables
from services.play.companions import (
    RoundEntry,
    SheetError,
    SheetNotFoundError,
    SheetRefusedError,
    StaleSheetError,
    StoredSheet,
    add_round,
    find_sheet,
    open_sheet,
    undo_round,
)
from services.rate_limits import rate_limited
from services.schemas.companions import MAX_NAME_LENGTH
from solver.nambarz.companion import GAME_LENGTHS, MAX_STROKES, VARIANTS, Companion, NextRound
from solver.nambarz.scoring import MAX_PLAYERS, MIN_PLAYERS
from tutor.text import listed
from web import play_tables
from web.forms import whole_number
from web.language import current_language, page_translations
from web.nambarz.check import permalink_qr
from web.refusals import N_, expected, refusal

DEFAULT_PLAYERS = 4
"""How many name fields the form offers first."""

TEAMS = range(1, MAX_PLAYERS // 2 + 1)
"""The teams a player may join on the form: team 1 to team 6."""

STROKE_SIZES = (4, 5, 6)
"""The sizes of master stroke the form counts (4, 5 and 6 cards); the API takes larger ones too."""

EXPECTED = {
    "players": N_("Choose how many play: 2 to 12."),
    "name": N_("Write a name of 1 to 40 letters or digits, without + , ; or =, and a different one for each player."),
    "teams": N_(
        "Leave every team empty to play each for yourself, or put every player in a team: at least two teams, "
        "teammates sitting side by side."
    ),
    "rounds": N_("Choose 1, 3 or 5 rounds."),
    "variant": N_("Choose one of the variants offered."),
    "order": N_(
        "Choose each player at most once, first the one who went out first, until the round was over: "
        "with 2 to 5 players, when one is left; with more, when five have gone out; with teams, also when "
        "only one team is left."
    ),
    "strokes": N_("Count 0 to 20 master strokes of each size for each player."),
}
"""What each field of the pages expects, said beside one that is refused."""


# ----------------------------------------------------------------------------------------------- opening a scoresheet


@dataclass(frozen=True)
class Setup:
    """What the start form asks: the players' names and teams, the rounds, the variant."""

    names: tuple[str, ...]
    teams: tuple[int | None, ...]
    rounds: int
    variant: str

    def team_lists(self) -> list[list[str]] | None:
        """The teams as lists of names, in the order of their numbers; ``None`` when nobody joined one."""
        if not any(self.teams):
            return None
        numbers = sorted({team for team in self.teams if team})
        return [
            [name for name, team in zip(self.names, self.teams, strict=True) if team == number] for number in numbers
        ]


def start_page() -> str:
    """``/companion``: the form that opens a scoresheet; another number of players redraws it."""
    setup, _ = read_setup(request.args)
    return _start_form(setup, {})


@rate_limited
def open_page() -> Response | tuple[str, int]:
    """``POST /companion``: open the scoresheet and go to its page."""
    setup, errors = read_setup(request.form)
    if errors:
        return _start_form(setup, errors), HTTPStatus.UNPROCESSABLE_ENTITY
    try:
        stored = open_sheet(
            game_tables().store, setup.names, teams=setup.team_lists(), rounds=setup.rounds, variant=setup.variant
        )
    except SheetRefusedError as error:  # what the form cannot see: teams whose members do not sit side by side
        field_name = "teams" if error.field == "teams" else "players"
        return _start_form(setup, {field_name: refusal(None, "", expected(EXPECTED)[field_name])}), (
            HTTPStatus.UNPROCESSABLE_ENTITY
        )
    return _see_other(url_for("web.companion_sheet", sheet_id=stored.id, lang=current_language()))


def read_setup(values: Mapping[str, str]) -> tuple[Setup, dict[str, str]]:
    """The form's choices from ``values``, each missing one at its default, and a message for each refused one.

    >>> from flask import Flask
    >>> from web.language import choose_language
    >>> with Flask(__name__).test_request_context("/?lang=en"):
    ...     _ = choose_language()
    ...     setup, errors = read_setup({"players": "3", "name0": "Anna", "name1": "Anna", "team2": "1"})
    >>> setup.names, setup.teams, sorted(errors)
    (('Anna', 'Anna', 'Player 3'), (None, None, 1), ['name1', 'teams'])
    """
    t = page_translations()
    errors: dict[str, str] = {}
    sentences = expected(EXPECTED)
    count = whole_number(values.get("players", ""))
    if not isinstance(count, int) or not MIN_PLAYERS <= count <= MAX_PLAYERS:
        if values.get("players"):
            errors["players"] = refusal(None, values["players"], sentences["players"])
        count = DEFAULT_PLAYERS
    names: list[str] = []
    teams: list[int | None] = []
    for number in range(count):
        written = values.get(f"name{number}")
        name = t.gettext("Player %(number)d") % {"number": number + 1} if written is None else written.strip()
        unusable = not name or len(name) > MAX_NAME_LENGTH or not name.isprintable()
        if unusable or any(sign in name for sign in "+,;=") or name in names:
            errors[f"name{number}"] = refusal(None, name, sentences["name"])
        names.append(name)
        team = whole_number(values.get(f"team{number}", ""))
        teams.append(team if isinstance(team, int) and team in TEAMS else None)
    if any(teams) and (not all(teams) or len(set(teams)) < 2):
        errors["teams"] = refusal(None, "", sentences["teams"])
    rounds = whole_number(values.get("rounds", "3"))
    if not isinstance(rounds, int) or rounds not in GAME_LENGTHS:
        errors["rounds"] = refusal(None, values.get("rounds", ""), sentences["rounds"])
        rounds = 3
    variant = values.get("variant") or VARIANTS[0]
    if variant not in VARIANTS:
        errors["variant"] = refusal(None, variant, sentences["variant"])
        variant = VARIANTS[0]
    return Setup(tuple(names), tuple(teams), rounds, variant), errors


def _start_form(setup: Setup, errors: dict[str, str]) -> str:
    return render_template(
        "companion/start.html",
        setup=setup,
        errors=errors,
        counts=range(MIN_PLAYERS, MAX_PLAYERS + 1),
        teams=TEAMS,
        lengths=GAME_LENGTHS,
        variants=[(variant, play_tables.variant_label("nambarz", variant)) for variant in VARIANTS],
    )


# ----------------------------------------------------------------------------------------------- the scoresheet


@dataclass
class Draft:
    """A round being entered on the form: who went out in which place, each player's master strokes by size."""

    places: dict[int, str] = field(default_factory=dict)
    strokes: dict[tuple[str, int], int] = field(default_factory=dict)

    def entry(self) -> RoundEntry:
        """The round as the scoresheet takes it."""
        order = tuple(self.places[place] for place in sorted(self.places))
        sizes: dict[str, list[int]] = {}
        for (player, size), count in self.strokes.items():
            sizes.setdefault(player, []).extend([size] * count)
        return RoundEntry(order, {player: tuple(sorted(found)) for player, found in sizes.items() if found})


def sheet_page(sheet_id: str) -> Response | tuple[str, int]:
    """``/companion/<id>``: the scoresheet, with the form for the next round."""
    try:
        stored = find_sheet(game_tables().store, sheet_id)
    except SheetError as error:
        return _missing(error)
    return _sheet(stored, Draft(), {})


@rate_limited
def round_page(sheet_id: str) -> Response | tuple[str, int]:
    """``POST /companion/<id>``: save the round entered, or count a master stroke up or down (``step``)."""
    store = game_tables().store
    try:
        stored = find_sheet(store, sheet_id)
    except SheetError as error:
        return _missing(error)
    upcoming = stored.sheet.next_round
    if upcoming is None:
        return _sheet(stored, Draft(), {}, note=_over_note(), status=HTTPStatus.CONFLICT)
    draft, errors = _read_draft(request.form, upcoming)
    step = request.form.get("step")
    if step is not None:
        _step(draft, step, upcoming)
        return _sheet(stored, draft, errors, version=request.form.get("version"))
    if errors:
        return _sheet(stored, draft, errors, status=HTTPStatus.UNPROCESSABLE_ENTITY)
    version = whole_number(request.form.get("version", ""))
    try:
        saved = add_round(store, sheet_id, version=version if isinstance(version, int) else -1, entry=draft.entry())
    except StaleSheetError as error:
        note = _over_note() if error.field else _changed_note()
        return _sheet(error.current, draft if error.field is None else Draft(), {}, note=note, status=error.status)
    except SheetRefusedError as error:
        name = "order" if error.field == "order" else "strokes"
        errors = {name: refusal(None, "", expected(EXPECTED)[name])}
        return _sheet(stored, draft, errors, status=HTTPStatus.UNPROCESSABLE_ENTITY)
    except SheetError as error:
        return _missing(error)
    return _see_other(url_for("web.companion_sheet", sheet_id=saved.id, lang=current_language()))


@rate_limited
def undo_page(sheet_id: str) -> Response | tuple[str, int]:
    """``POST /companion/<id>/undo``: take back the last round entered."""
    store = game_tables().store
    version = whole_number(request.form.get("version", ""))
    try:
        saved = undo_round(store, sheet_id, version=version if isinstance(version, int) else -1)
    except StaleSheetError as error:  # another phone changed it first, or there was no round to undo
        note = None if error.field else _changed_note()
        return _sheet(error.current, Draft(), {}, note=note, status=error.status)
    except SheetError as error:
        return _missing(error)
    return _see_other(url_for("web.companion_sheet", sheet_id=saved.id, lang=current_language()))


def _read_draft(values: Mapping[str, str], upcoming: NextRound) -> tuple[Draft, dict[str, str]]:
    draft = Draft()
    errors: dict[str, str] = {}
    for place in range(1, len(upcoming.players) + 1):
        chosen = values.get(f"place{place}", "")
        if not chosen:
            continue
        if chosen not in upcoming.players or chosen in draft.places.values():
            errors["order"] = refusal(None, chosen, expected(EXPECTED)["order"])
            continue
        draft.places[place] = chosen
    for index, player in enumerate(upcoming.players):
        for size in STROKE_SIZES:
            written = values.get(f"strokes{index}-{size}", "0") or "0"
            count = whole_number(written)
            if not isinstance(count, int) or not 0 <= count <= MAX_STROKES:
                errors["strokes"] = refusal(None, written, expected(EXPECTED)["strokes"])
                continue
            if count:
                draft.strokes[(player, size)] = count
    return draft, errors


def _step(draft: Draft, step: str, upcoming: NextRound) -> None:
    """Count one master stroke up or down, as the button ``step`` (``<player's index>-<size>-up`` or ``-down``) says."""
    index, _, rest = step.partition("-")
    size, _, direction = rest.partition("-")
    number, cards = whole_number(index), whole_number(size)
    if not isinstance(number, int) or not 0 <= number < len(upcoming.players) or cards not in STROKE_SIZES:
        return
    key = (upcoming.players[number], int(cards))
    count = draft.strokes.get(key, 0) + (1 if direction == "up" else -1)
    draft.strokes[key] = max(0, min(MAX_STROKES, count))


def _changed_note() -> str:
    return page_translations().gettext(
        "Someone changed this scoresheet meanwhile, on another phone. Here it is as it is now: "
        "check the rounds below, and enter yours again if it is still missing."
    )


def _over_note() -> str:
    return page_translations().gettext("The game is over: no round can be added. Undo the last round to change it.")


def _sheet(
    stored: StoredSheet,
    draft: Draft,
    errors: dict[str, str],
    *,
    note: str | None = None,
    status: int = HTTPStatus.OK,
    version: str | None = None,
) -> Response:
    sheet = stored.sheet
    t = page_translations()
    address = url_for("web.companion_sheet", sheet_id=stored.id, _external=True)
    upcoming = sheet.next_round
    page = make_response(
        render_template(
            "companion/sheet.html",
            stored=stored,
            sheet=sheet,
            upcoming=upcoming,
            rounds=list(reversed(_rounds(sheet))),
            standings=sheet.standings(),
            status=_status_words(sheet),
            draft=draft,
            errors=errors,
            note=note,
            version=version if version is not None else stored.version,
            places=_places(upcoming) if upcoming else 0,
            stroke_sizes=STROKE_SIZES,
            variant=play_tables.variant_label("nambarz", sheet.variant),
            address=address,
            qr=permalink_qr(address, t.gettext("This scoresheet's link")),
            check_endpoint="web.nambarz_check",
            poll=url_for("companions.Companion", sheet_id=stored.id),
        ),
        status,
    )
    page.headers["Cache-Control"] = "no-store"
    return page


def _places(upcoming: NextRound) -> int:
    """How many places the round form asks for: all but the last, who is whoever is left."""
    return len(upcoming.players) - 1 if len(upcoming.players) > 1 else 1


def _status_words(sheet: Companion) -> tuple[str, list[str]]:
    """What the scoresheet says at the top, a headline and its sentences: whose round and who starts, a tie-break
    round and why, or the end and who won."""
    t = page_translations()
    upcoming = sheet.next_round
    if upcoming is None:
        winners = [standing.label for standing in sheet.standings() if standing.place == 1]
        names = _unit_words(winners[0]) if winners else ""
        return t.gettext("The game is over."), [t.gettext("First place: %(names)s.") % {"names": names}]
    words = []
    if upcoming.tie_break:
        places = listed([str(place) for place in upcoming.places], t)
        headline = t.gettext("Tie-break round for places %(places)s") % {"places": places}
        if sheet.teams:
            sentence = t.gettext(
                "%(names)s have %(points)d points each, so these teams play one more round among themselves. "
                "The team that scores more in it takes the better place; its points are not added."
            )
        else:
            sentence = t.gettext(
                "%(names)s have %(points)d points each, so they play one more round among themselves. "
                "Whoever goes out first takes the better place; the round's points are not added."
            )
        words.append(sentence % {"names": _tied_words(sheet, upcoming), "points": upcoming.total or 0})
    else:
        headline = t.gettext("Round %(number)d of %(rounds)d") % {"number": upcoming.number, "rounds": sheet.rounds}
    if upcoming.starter is None:
        words.append(t.gettext("The player left of the dealer starts."))
    else:
        words.append(t.gettext("Next to start: %(name)s.") % {"name": upcoming.starter})
    return headline, words


def _tied_words(sheet: Companion, upcoming: NextRound) -> str:
    t = page_translations()
    units = [standing.label for standing in sheet.standings() if standing.members[0] in upcoming.players]
    return listed([_unit_words(label) for label in units], t)


def _unit_words(label: str) -> str:
    """A player's name, or a team's members joined with "&"."""
    return " & ".join(label.split("+"))


def _rounds(sheet: Companion) -> list[dict[str, Any]]:
    """Each round entered, for the page: its number, whether a tie-break, and each player's line in ranking order."""
    shown = []
    for played in sheet.played:
        score = played.score
        out = len(score.finished)
        lines = [
            {
                "place": place,
                "name": player,
                "went_out": place <= out,
                "rank_points": score.rank_points[player],
                "master_points": score.master_points[player],
                "points": score.points[player],
                "strokes": len(played.entry.strokes.get(player, ())),
            }
            for place, player in enumerate(score.ranking, start=1)
        ]
        shown.append({"played": played, "lines": lines, "teams": score.team_points})
    return shown


def _missing(error: SheetError) -> tuple[str, int]:
    status = error.status if isinstance(error, SheetNotFoundError) else HTTPStatus.UNPROCESSABLE_ENTITY
    return render_template("companion/missing.html"), status


def _see_other(address: str) -> Response:
    return Response(status=HTTPStatus.SEE_OTHER, headers={"Location": address})
