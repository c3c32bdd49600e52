"""Classes for practice: a teacher opens one (``/classes/new``), pupils join it (``/join``), the teacher follows it.

A teacher chooses the class's name, the language of its pages, the
operators its exercises use and the share of right answers they aim at,
and gets the class's page at a secret link (``/teach/<secret>``) and a
short code for the pupils.  Nothing of a class shows without one of them:
the secret link shows and changes everything (so its pages send no
referrer and are kept by no cache), the code lets a pupil join with a
nickname, nothing more (:mod:`services.practice.service`).

The class's page shows each pupil's level in each skill, their answers and
time this week, the rules they break most, the class's levels over four
weeks (drawn on the server, :mod:`web.trend_chart`), and offers a CSV of it
all, a worksheet for the pupils' weakest skills (the worksheet page,
``/worksheet``, with the level and kinds that practise them), the class's
settings, removing a pupil with their answers, and deleting the class with
everything its pupils did.

A pupil who joins keeps the secret that names them in this browser
(:func:`web.adaptive.keep_pupil`), and ``/practice`` is then their class's.

>>> import re, tempfile
>>> from api.app import create_app
>>> folder = tempfile.TemporaryDirectory()
>>> app = create_app({"TESTING": True, "NAMBARZ_DATABASE_URL": f"sqlite:///{folder.name}/games.sqlite3"})
>>> client = app.test_client()
>>> token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/classes/new?lang=en").text).group(1)
>>> form = {"name": "4B", "language": "en", "operators": "+-", "target": "75", "csrf_token": token}
>>> made = client.post("/classes/new?lang=en", data=form)
>>> made.status_code, made.headers["Location"].startswith("/teach/")
(303, True)
>>> page = client.get(made.headers["Location"])
>>> code = re.search(r'data-code="([A-Z0-9]+)"', page.text).group(1)
>>> joined = client.post("/join?lang=en", data={"code": code, "nickname": "Sam", "csrf_token": token})
>>> joined.status_code, "Class 4B" in client.get("/practice?lang=en").text
(303, True)
>>> ">Sam</h3>" in client.get(made.headers["Location"]).text
True
>>> app.extensions["nambarz_tables"].store.dispose()
>>> folder.cleanup()
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from http import HTTPStatus
from typing import Any
from urllib.parse import urljoin

from flask import Response, make_response, render_template, request, url_for

from services.configuration import game_tables
from services.practice.service import (
    MAX_NAME,
    MAX_NICKNAME,
    TEACHER_PAGE,
    WORKSHEET_OF_SKILL,
    ClassInfo,
    ClassNotFoundError,
    ClassOverview,
    ClassSettings,
    NicknameTakenError,
    PracticeError,
    PupilNotFoundError,
    PupilOverview,
    change_class,
    class_csv,
    class_overview,
    create_class,
    delete_class,
    find_class,
    join_class,
    normal_code,
    remove_pupil,
)
from services.rate_limits import Breach, class_code_refusal, count_class_code, rate_limited
from tutor.adaptive import DEFAULT_TARGET, TARGET_RANGE, skill_name
from tutor.i18n import SUPPORTED_LANGUAGES
from tutor.item_bank import OPERATOR_SETS
from web.adaptive import keep_pupil
from web.language import LANGUAGE_NAMES, current_language, page_translations
from web.nambarz.check import permalink_qr
from web.refusals import N_, expected, refusal
from web.trend_chart import chart_skills, trend_chart, trend_weeks

TEACHER_PATH = TEACHER_PAGE.format(token="<token>")
"""The route of a class's teacher page, at the path the service gives its teacher link."""

TARGETS = tuple(range(round(TARGET_RANGE[0] * 100), round(TARGET_RANGE[1] * 100) + 1, 5))
"""The shares of right answers, in percent, a teacher may aim at."""

OPERATOR_WORDS = {"+-": "+ −", "+-*": "+ − ×", "+-*/": "+ − × ÷"}
"""The operators a class may allow, as the form shows them."""

WEAK_SKILLS = 2
"""How many of the chosen pupils' weakest skills a worksheet practises."""

EXPECTED = {
    "name": N_("Write the class's name, 1 to 60 characters, such as 4B or Ms Rossi's class."),
    "language": N_("Choose one of the languages in the list."),
    "operators": N_("Choose which operators the exercises use."),
    "target": N_("Choose a share of right answers from the list."),
    "code": N_("Write the class code your teacher gave you: six letters and digits."),
    "nickname": N_("Write a nickname of 1 to 24 characters: your first name or a made-up one, nothing more."),
}
"""What each field of the forms expects, said beside one that is refused."""

PRIVATE = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}
"""The headers of every answer about a class at its secret link: kept by no cache, sent as no referrer."""


# ----------------------------------------------------------------------------------------------- pupils join


@rate_limited
def join_page() -> str:
    """``GET /join``: the form that joins a class, with the code of a class's join link already written."""
    return render_template("classes/join.html", values={"code": request.args.get("code", "")}, errors={})


@rate_limited
def join_form() -> Response:
    """``POST /join``: join the class with the code and the nickname, and go to its practice.

    Codes that find no class draw on the address's budget of class codes
    (:func:`services.rate_limits.class_code_refusal`), as the API's do: past
    it, the page says how long to wait (429)."""
    values = {name: request.form.get(name, "").strip() for name in ("code", "nickname")}
    breach = class_code_refusal()
    if breach is not None:
        return _too_many("classes/join.html", breach, values=values)
    errors = _join_errors(values)
    if not errors:
        try:
            joined = join_class(game_tables().store, values["code"], values["nickname"], now=time.time())
        except ClassNotFoundError:
            count_class_code()
            errors["code"] = _no_class_sentence(values["code"])
        except NicknameTakenError:
            errors["nickname"] = page_translations().gettext(
                "Somebody in this class is already called “%(nickname)s”: choose another nickname."
            ) % {"nickname": values["nickname"]}
        except PracticeError as error:
            field = error.field if error.field in EXPECTED else "nickname"
            errors[field] = refusal(None, values.get(field, ""), expected(EXPECTED)[field])
        else:
            answer = _see_other(url_for("web.practice", lang=joined.info.settings.language))
            keep_pupil(answer, joined.token)
            return answer
    page = render_template("classes/join.html", values=values, errors=errors)
    return make_response(page, HTTPStatus.UNPROCESSABLE_ENTITY)


def _join_errors(values: Mapping[str, str]) -> dict[str, str]:
    sentences = expected(EXPECTED)
    errors = {}
    if not normal_code(values["code"]):
        errors["code"] = refusal(None, "", sentences["code"])
    nickname = values["nickname"]
    if not nickname or len(nickname) > MAX_NICKNAME or not nickname.isprintable():
        errors["nickname"] = refusal(None, nickname, sentences["nickname"])
    return errors


def _no_class_sentence(code: str) -> str:
    return page_translations().gettext(
        "No class has the code “%(code)s”: check it with your teacher, letter by letter."
    ) % {"code": code[:20]}


# ----------------------------------------------------------------------------------------------- opening a class


@rate_limited
def new_class_page() -> str:
    """``GET /classes/new``: the form that opens a class."""
    values = {"name": "", "language": current_language(), "operators": OPERATOR_SETS[-1], "target": _percent()}
    return _settings_form("classes/new.html", values, {})


@rate_limited
def new_class_form() -> Response:
    """``POST /classes/new``: open the class and go to its page, at its secret link.

    Each class opened draws on the address's budget of class codes, as the
    API's do: past it, the page says how long to wait (429)."""
    values, settings, errors = _read_settings(request.form)
    breach = class_code_refusal()
    if breach is not None:
        return _too_many("classes/new.html", breach, **_settings_context(values))
    if settings is None:
        return make_response(_settings_form("classes/new.html", values, errors), HTTPStatus.UNPROCESSABLE_ENTITY)
    made = create_class(game_tables().store, settings, now=time.time())
    count_class_code()
    return _see_other(url_for("web.class_page", token=made.teacher_token, lang=current_language(), new="1"))


def _read_settings(form: Mapping[str, str]) -> tuple[dict[str, str], ClassSettings | None, dict[str, str]]:
    """The form's settings as written, the class's settings if every one is allowed, and a message for each other.

    >>> from flask import Flask
    >>> from web.language import choose_language
    >>> with Flask(__name__).test_request_context("/?lang=en"):
    ...     _ = choose_language()
    ...     _read_settings({"name": " 4B ", "language": "it", "operators": "+-*", "target": "80"})[1]
    ...     sorted(_read_settings({"name": "", "language": "xx", "operators": "*", "target": "95"})[2])
    ClassSettings(name='4B', language='it', operators='+-*', target=0.8)
    ['language', 'name', 'operators', 'target']
    """
    values = {name: form.get(name, "").strip() for name in ("name", "language", "operators", "target")}
    sentences = expected(EXPECTED)
    errors = {}
    if not values["name"] or len(values["name"]) > MAX_NAME or not values["name"].isprintable():
        errors["name"] = refusal(None, values["name"], sentences["name"])
    if values["language"] not in SUPPORTED_LANGUAGES:
        errors["language"] = refusal(None, values["language"], sentences["language"])
    if values["operators"] not in OPERATOR_SETS:
        errors["operators"] = refusal(None, values["operators"], sentences["operators"])
    target = int(values["target"]) if values["target"].isascii() and values["target"].isdigit() else None
    if target not in TARGETS:
        errors["target"] = refusal(None, values["target"], sentences["target"])
    if errors or target is None:
        return values, None, errors
    try:
        settings = ClassSettings(values["name"], values["language"], values["operators"], target / 100).checked()
    except PracticeError as error:  # a name of nothing but characters that are not shown
        field = error.field if error.field in EXPECTED else "name"
        return values, None, {field: refusal(None, values.get(field, ""), sentences[field])}
    return values, settings, {}


def _settings_form(template: str, values: Mapping[str, str], errors: Mapping[str, str], **context: Any) -> str:
    return render_template(template, errors=errors, **_settings_context(values), **context)


def _settings_context(values: Mapping[str, str]) -> dict[str, Any]:
    """What a form of a class's settings shows: the values written, and the choices of each setting."""
    return {
        "values": values,
        "languages": [(code, LANGUAGE_NAMES[code]) for code in SUPPORTED_LANGUAGES],
        "operator_sets": [(operators, OPERATOR_WORDS[operators]) for operators in OPERATOR_SETS],
        "targets": TARGETS,
    }


def _too_many(template: str, breach: Breach, **context: Any) -> Response:
    """``template``'s form again, saying that this network has tried too many class codes (or opened too many
    classes) lately and how long to wait: 429, with ``Retry-After``."""
    minutes = max(1, math.ceil(breach.retry_after / 60))
    # TRANSLATORS: the budget counts, per network, the class codes that found no class and the classes opened.
    sentence = page_translations().ngettext(
        "This network has tried too many class codes, or opened too many classes, in the last hour. "
        "Wait %(num)d minute, then try again.",
        "This network has tried too many class codes, or opened too many classes, in the last hour. "
        "Wait %(num)d minutes, then try again.",
        minutes,
    ) % {"num": minutes}
    page = render_template(template, errors={}, limited=sentence, **context)
    answer = make_response(page, HTTPStatus.TOO_MANY_REQUESTS)
    answer.headers["Retry-After"] = str(breach.retry_after)
    return answer


def _percent(target: float = DEFAULT_TARGET) -> str:
    return str(round(target * 100))


# ----------------------------------------------------------------------------------------------- the teacher's page


@rate_limited
def class_page(token: str) -> Response:
    """``GET /teach/<secret>``: the class as its teacher follows it."""
    try:
        overview = class_overview(game_tables().store, token, lang=current_language(), now=time.time())
    except ClassNotFoundError:
        return _missing()
    values = _settings_values(overview.info)
    return _private(_class_template(token, overview, values, {}))


@rate_limited
def class_settings_form(token: str) -> Response:
    """``POST /teach/<secret>``: change the class's settings, then show its page again."""
    try:
        find_class(game_tables().store, token)
    except ClassNotFoundError:
        return _missing()
    values, settings, errors = _read_settings(request.form)
    if settings is None:
        overview = class_overview(game_tables().store, token, lang=current_language(), now=time.time())
        page = _class_template(token, overview, values, errors)
        return _private(page, HTTPStatus.UNPROCESSABLE_ENTITY)
    change_class(game_tables().store, token, settings, now=time.time())
    answer = _see_other(url_for("web.class_page", token=token, lang=current_language(), changed="1"))
    return _private_headers(answer)


def _class_template(token: str, overview: ClassOverview, values: Mapping[str, str], errors: Mapping[str, str]) -> str:
    lang = current_language()
    t = page_translations()
    join_address = urljoin(
        request.host_url, url_for("web.join", code=overview.info.code, lang=overview.info.settings.language)
    )
    teacher_address = urljoin(request.host_url, url_for("web.class_page", token=token, lang=lang))
    return _settings_form(
        "classes/class.html",
        values,
        errors,
        overview=overview,
        token=token,
        code=overview.info.code,
        spaced_code=_spaced(overview.info.code),
        join_address=join_address,
        teacher_address=teacher_address,
        qr=permalink_qr(join_address, t.gettext("The link to join this class")),
        chart=trend_chart(overview.days, lang, t.gettext("The class's level in each skill, last four weeks")),
        chart_skills=chart_skills(overview.days, lang),
        weeks=trend_weeks(overview.days, lang),
        class_words=_week_words(overview.pupils),
        practice_time=practice_time,
        operators_words=OPERATOR_WORDS[overview.info.settings.operators],
        target_percent=_percent(overview.info.settings.target),
        new=request.args.get("new") == "1",
        changed=request.args.get("changed") == "1",
        removed=request.args.get("removed") == "1",
    )


def _settings_values(info: ClassInfo) -> dict[str, str]:
    settings = info.settings
    return {
        "name": settings.name,
        "language": settings.language,
        "operators": settings.operators,
        "target": _percent(settings.target),
    }


def _week_words(pupils: Sequence[PupilOverview]) -> dict[str, Any]:
    """The class's week in figures: pupils who practised, answers, right answers, minutes."""
    return {
        "practised": sum(1 for pupil in pupils if pupil.answers_week),
        "answers": sum(pupil.answers_week for pupil in pupils),
        "right": sum(pupil.right_week for pupil in pupils),
        "seconds": sum(pupil.seconds_week for pupil in pupils),
    }


def practice_time(seconds: float) -> str:
    """A time spent practising, in the page's language, in whole minutes.

    >>> from flask import Flask
    >>> from web.language import choose_language
    >>> with Flask(__name__).test_request_context("/?lang=en"):
    ...     _ = choose_language()
    ...     practice_time(20), practice_time(61), practice_time(1500)
    ('less than a minute', '1 minute', '25 minutes')
    """
    t = page_translations()
    minutes = round(seconds / 60) if seconds >= 60 else 0
    if not minutes:
        return t.gettext("less than a minute")
    return t.ngettext("%(num)d minute", "%(num)d minutes", minutes) % {"num": minutes}


def _spaced(code: str) -> str:
    """A class code in two halves, easier to read out.

    >>> _spaced("ABC234")
    'ABC 234'
    """
    half = (len(code) + 1) // 2
    return f"{code[:half]} {code[half:]}"


@rate_limited
def class_csv_page(token: str) -> Response:
    """``GET /teach/<secret>/pupils.csv``: the teacher's page as a spreadsheet, headed in the page's language."""
    try:
        overview = class_overview(game_tables().store, token, lang=current_language(), now=time.time())
    except ClassNotFoundError:
        return _missing()
    answer = Response(class_csv(overview, current_language()), mimetype="text/csv")
    answer.headers["Content-Disposition"] = f'attachment; filename="nambarz-class-{overview.info.code}.csv"'
    return _private_headers(answer)


@rate_limited
def class_worksheet(token: str) -> Response:
    """``GET /teach/<secret>/worksheet``: the worksheet page for the weakest skills of the pupils chosen (``pupil``,
    repeated: their places in the list, from 1), or of every pupil."""
    try:
        overview = class_overview(game_tables().store, token, lang=current_language(), now=time.time())
    except ClassNotFoundError:
        return _missing()
    chosen = {number for number in request.args.getlist("pupil") if number.isascii() and number.isdigit()}
    pupils = [pupil for place, pupil in enumerate(overview.pupils, start=1) if str(place) in chosen]
    level, kinds, skills = weak_skills_worksheet(pupils or overview.pupils)
    names = ", ".join(skill_name(skill, current_language()) for skill in skills)
    title = page_translations().gettext("Practice: %(skills)s") % {"skills": names} if names else None
    arguments: dict[str, Any] = {"level": level, "kinds": list(kinds), "lang": current_language()}
    if title:
        arguments["title"] = title
    return _private_headers(_see_other(url_for("web.worksheet", **arguments)))


def weak_skills_worksheet(pupils: Sequence[PupilOverview]) -> tuple[int, tuple[str, ...], tuple[str, ...]]:
    """The worksheet level and kinds for the skills most often among ``pupils``' weakest, and the skills it practises.

    The level is the lowest of the skills' levels (a pupil weak at times
    tables gets no division), the kinds those of every skill; so a weak
    skill of calculations above that level waits for a later sheet, and is
    not among those named.  Without any skill practised yet, the first
    level's calculations.

    >>> weak_skills_worksheet([])
    (1, ('cover',), ())
    """
    counted = Counter(skill for pupil in pupils for skill in pupil.weakest_skills())
    skills = tuple(skill for skill, _times in counted.most_common(WEAK_SKILLS))
    if not skills:
        return 1, ("cover",), ()
    level = min(WORKSHEET_OF_SKILL[skill][0] for skill in skills)
    kinds = tuple(dict.fromkeys(WORKSHEET_OF_SKILL[skill][1] for skill in skills))
    practised = tuple(
        skill for skill in skills if WORKSHEET_OF_SKILL[skill][1] != "cover" or WORKSHEET_OF_SKILL[skill][0] <= level
    )
    return level, kinds, practised


# ----------------------------------------------------------------------------------------------- deleting a class


@rate_limited
def delete_page(token: str) -> Response:
    """``GET /teach/<secret>/delete``: what deleting removes, and the button that does it."""
    try:
        overview = class_overview(game_tables().store, token, lang=current_language(), now=time.time())
    except ClassNotFoundError:
        return _missing()
    return _private(render_template("classes/delete.html", overview=overview, token=token))


@rate_limited
def delete_form(token: str) -> Response:
    """``POST /teach/<secret>/delete``: delete the class, its pupils and their answers, and say so."""
    try:
        info = find_class(game_tables().store, token)
        delete_class(game_tables().store, token)
    except ClassNotFoundError:
        return _missing()
    return _private(render_template("classes/deleted.html", name=info.settings.name))


# ----------------------------------------------------------------------------------------------- removing a pupil


@rate_limited
def remove_pupil_page(token: str, pupil_id: str) -> Response:
    """``GET /teach/<secret>/pupils/<id>/remove``: what removing the pupil deletes, and the button that does it."""
    try:
        overview = class_overview(game_tables().store, token, lang=current_language(), now=time.time())
    except ClassNotFoundError:
        return _missing()
    pupil = next((pupil for pupil in overview.pupils if pupil.id == pupil_id), None)
    if pupil is None:
        return _pupil_gone(token)
    return _private(render_template("classes/remove_pupil.html", pupil=pupil, token=token))


@rate_limited
def remove_pupil_form(token: str, pupil_id: str) -> Response:
    """``POST /teach/<secret>/pupils/<id>/remove``: remove the pupil with their answers, then show the class again."""
    try:
        remove_pupil(game_tables().store, token, pupil_id)
    except ClassNotFoundError:
        return _missing()
    except PupilNotFoundError:
        return _pupil_gone(token)
    answer = _see_other(url_for("web.class_page", token=token, lang=current_language(), removed="1"))
    return _private_headers(answer)


def _pupil_gone(token: str) -> Response:
    """Back to the class's page, for a pupil removed already (from another tab, say): it no longer lists them."""
    return _private_headers(_see_other(url_for("web.class_page", token=token, lang=current_language(), removed="1")))


# ----------------------------------------------------------------------------------------------- answers


def _missing() -> Response:
    """The page for a secret link no class has (deleted, or not copied whole): 404."""
    return _private(render_template("classes/missing.html"), HTTPStatus.NOT_FOUND)


def _private(page: str, status: int = HTTPStatus.OK) -> Response:
    return _private_headers(make_response(page, status))


def _private_headers(answer: Response) -> Response:
    answer.headers.update(PRIVATE)
    return answer


def _see_other(address: str) -> Response:
    return Response(status=HTTPStatus.SEE_OTHER, headers={"Location": address})
