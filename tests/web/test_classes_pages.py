"""Classes for practice, page by page, without JavaScript: a teacher opens one, pupils join and practise, the teacher
follows them, changes the settings and deletes the class; every refusal in the reader's language."""

from __future__ import annotations

import csv
import html
import io
import re
from dataclasses import replace
from urllib.parse import parse_qs, urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from api.app import create_app
from services.configuration import game_tables
from services.play.store import GameStore
from services.practice.service import BYTE_ORDER_MARK, PupilOverview, find_class
from tests.browser.visible_codes import class_code_forms, described, leaks
from tests.web.pages import field_error, form_token
from tests.web.practising import right_answer, served_item, wrong_answer
from tests.web.readable import readable
from tutor.adaptive import SkillView
from tutor.i18n import SUPPORTED_LANGUAGES, translator
from web.adaptive import PUPIL_COOKIE
from web.classes import weak_skills_worksheet

PRIVATE = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}


def words(lang: str, sentence: str, **values: object) -> str:
    """``sentence`` of the pages in ``lang``, as :func:`readable` and :func:`shown` read it (no-break spaces plain)."""
    text = translator(lang, "web").gettext(sentence)
    return (text % values if values else text).replace("\xa0", " ")


def shown(page: TestResponse) -> str:
    return html.unescape(page.text).replace("\xa0", " ")


def refusal_of(page: TestResponse, field: str) -> str:
    return field_error(page, field).replace("\xa0", " ")


def open_class(client: FlaskClient, lang: str = "en", **settings: str) -> str:
    """Open a class from the form; the path of its teacher page (without the query)."""
    form = {"name": "4B", "language": lang, "operators": "+-*/", "target": "75", **settings}
    made = client.post(f"/classes/new?lang={lang}", data={**form, "csrf_token": form_token(client)})
    assert made.status_code == 303, made.text
    return made.headers["Location"].partition("?")[0]


def class_code(client: FlaskClient, teacher: str) -> str:
    found = re.search(r'data-code="([A-Z0-9]+)"', client.get(teacher).text)
    assert found is not None
    return found.group(1)


def join(app: Flask, code: str, nickname: str, lang: str = "en") -> FlaskClient:
    """A pupil's browser that joined the class ``code`` as ``nickname``."""
    pupil = app.test_client()
    joined = pupil.post(
        f"/join?lang={lang}", data={"code": code, "nickname": nickname, "csrf_token": form_token(pupil)}
    )
    assert joined.status_code == 303, joined.text
    return pupil


def practise(pupil: FlaskClient, answers: list[bool]) -> None:
    """Answer one exercise after another, right or wrong as ``answers`` says."""
    for correct in answers:
        item = served_item(pupil.get("/practice").text)
        text = right_answer(item) if correct else wrong_answer(item)
        data = {"step": "answer", "item": item, "answer": text, "seconds": "20", "csrf_token": form_token(pupil)}
        assert pupil.post("/practice", data=data).status_code == 200


def token_of(teacher: str) -> str:
    return teacher.rsplit("/", 1)[1]


# --------------------------------------------------------------------------- opening a class


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_the_form_that_opens_a_class_asks_only_its_settings(client: FlaskClient, lang: str) -> None:
    page = client.get(f"/classes/new?lang={lang}")
    assert page.status_code == 200
    assert re.findall(r'<(?:input|select)[^>]* name="(\w+)"', page.text) == [
        "csrf_token",
        "name",
        "language",
        "operators",
        "operators",
        "operators",
        "target",
    ]
    assert f'<option value="{lang}" lang="{lang}" selected>' in page.text
    assert '<option value="75" selected>' in page.text
    assert [int(value) for value in re.findall(r'<option value="(\d+)"', page.text)] == list(range(60, 91, 5))
    assert words(lang, "Open the class") in readable(page.text).replace("\xa0", " ")


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_settings_that_cannot_be_are_refused_naming_each_field(client: FlaskClient, lang: str) -> None:
    form = {"name": " ", "language": "es", "operators": "*/", "target": "95", "csrf_token": form_token(client)}
    refused = client.post(f"/classes/new?lang={lang}", data=form)
    assert refused.status_code == 422
    assert words(lang, "Write the class's name, 1 to 60 characters, such as 4B or Ms Rossi's class.") in refusal_of(
        refused, "name"
    )
    assert words(lang, "Choose one of the languages in the list.") in refusal_of(refused, "language")
    assert words(lang, "Choose which operators the exercises use.") in refusal_of(refused, "operators")
    assert words(lang, "Choose a share of right answers from the list.") in refusal_of(refused, "target")
    assert words(lang, "The class cannot open yet: see the messages below.") in shown(refused)


def test_a_new_class_s_page_is_at_a_secret_link_with_its_code_its_join_link_and_a_warning(client: FlaskClient) -> None:
    teacher = open_class(client, "it", name="Classe 4B")
    assert re.fullmatch(r"/teach/[A-Za-z0-9_-]{20,}", teacher)
    page = client.get(f"{teacher}?lang=it&new=1")
    assert page.status_code == 200
    assert {name: page.headers[name] for name in PRIVATE} == PRIVATE
    code = class_code(client, teacher)
    assert re.fullmatch(r"[A-Z2-9]{6}", code)
    assert f'value="http://localhost/join?code={code}&amp;lang=it"' in page.text
    assert f'value="http://localhost{teacher}?lang=it"' in page.text
    assert 'class="permalink-qr"><title>' in page.text
    assert words("it", "Your class is open. Give your pupils the code below; then follow them here.") in shown(page)
    warning = words(
        "it",
        "Keep this link to yourself: it is the only way back to this page, and whoever has it sees your pupils' "
        "results and can delete the class. Bookmark it or copy it somewhere safe now.",
    )
    assert warning in shown(page)
    assert words("it", "Nobody has joined yet.") in shown(page)


def test_nothing_of_a_class_shows_without_its_links(client: FlaskClient) -> None:
    teacher = open_class(client)
    for address in ("/teach/not-the-secret", "/teach/not-the-secret/pupils.csv", "/teach/not-the-secret/delete"):
        missing = client.get(f"{address}?lang=en")
        assert missing.status_code == 404
        assert "No class at this link" in shown(missing)
    teacher_class = open_class(client, name="Mrs Rossi's 4B")
    assert "Rossi" not in readable(client.get(f"/join?code={class_code(client, teacher_class)}&lang=en").text)
    assert client.get(teacher).status_code == 200


# --------------------------------------------------------------------------- joining


def test_a_pupil_joins_with_the_code_and_a_nickname_and_practises_in_the_class(app: Flask, client: FlaskClient) -> None:
    teacher = open_class(client, "de", name="4B", operators="+-")
    code = class_code(client, teacher)
    pupil = app.test_client()
    form = pupil.get(f"/join?code={code}&lang=en")
    assert f'name="code" type="text" value="{code}"' in form.text
    joined = pupil.post(
        "/join?lang=en", data={"code": code.lower(), "nickname": " Sam ", "csrf_token": form_token(pupil)}
    )
    assert joined.status_code == 303 and joined.headers["Location"] == "/practice?lang=de"
    cookie = pupil.get_cookie(PUPIL_COOKIE, path="/practice")
    assert cookie is not None and cookie.http_only
    page = pupil.get("/practice")
    assert page.status_code == 200 and '<html lang="de">' in page.text
    assert words("de", "Class %(name)s · you practise as %(nickname)s.", name="4B", nickname="Sam") in shown(page)
    kept = words(
        "de",
        "Your teacher sees your nickname, your level in each skill, and for each exercise whether you got it right "
        "and how long it took. This browser keeps only a secret that says it is you.",
    )
    assert kept in shown(page)
    assert '<html lang="fr">' in pupil.get("/practice?lang=fr").text


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_a_wrong_code_or_a_nickname_that_cannot_be_is_refused_in_the_page_s_language(
    app: Flask, client: FlaskClient, lang: str
) -> None:
    code = class_code(client, open_class(client))
    join(app, code, "Sam")
    pupil = app.test_client()
    token = form_token(pupil)
    cases = {
        ("ZZZZZZ", "Ada"): (
            "code",
            words(
                lang, "No class has the code “%(code)s”: check it with your teacher, letter by letter.", code="ZZZZZZ"
            ),
        ),
        ("", "Ada"): ("code", words(lang, "Write the class code your teacher gave you: six letters and digits.")),
        (code, "  "): (
            "nickname",
            words(lang, "Write a nickname of 1 to 24 characters: your first name or a made-up one, nothing more."),
        ),
        (code, "A" * 25): (
            "nickname",
            words(lang, "Write a nickname of 1 to 24 characters: your first name or a made-up one, nothing more."),
        ),
        (code, "SAM"): (
            "nickname",
            words(
                lang,
                "Somebody in this class is already called “%(nickname)s”: choose another nickname.",
                nickname="SAM",
            ),
        ),
    }
    for (written_code, nickname), (field, message) in cases.items():
        refused = pupil.post(
            f"/join?lang={lang}", data={"code": written_code, "nickname": nickname, "csrf_token": token}
        )
        assert message in refusal_of(refused, field), (written_code, nickname)
        assert words(lang, "You cannot join yet: see the messages below.") in shown(refused)
    assert pupil.get_cookie(PUPIL_COOKIE, path="/practice") is None


def test_a_pupil_leaves_the_class_on_a_shared_device(app: Flask, client: FlaskClient) -> None:
    pupil = join(app, class_code(client, open_class(client)), "Sam")
    left = pupil.post("/practice?lang=en", data={"step": "leave", "csrf_token": form_token(pupil)})
    assert left.status_code == 303 and pupil.get_cookie(PUPIL_COOKIE, path="/practice") is None
    assert "you practise as" not in shown(pupil.get("/practice?lang=en"))


# --------------------------------------------------------------------------- the teacher's page


def test_the_teacher_sees_each_pupil_s_levels_week_and_rules_broken_in_words(app: Flask, client: FlaskClient) -> None:
    teacher = open_class(client, "en", operators="+-")
    code = class_code(client, teacher)
    practise(join(app, code, "Sam"), [True, False, True, False])
    join(app, code, "Ada")
    page = client.get(f"{teacher}?lang=en")
    text = readable(page.text).replace("\xa0", " ")
    sam = text[text.index("Sam") : text.index("Ada")]
    assert "This week: 4 answers, 2 right, 1 minute of practice." in sam
    assert "Plus and minus" in sam
    assert "The rules broken most often:" in sam
    assert "Joined, has not answered yet." in text[text.index("Ada") :]
    found = leaks(text, "en", "nambarz", meant=class_code_forms(code))
    assert not found, described(found)
    assert re.search(r'<li data-code="[a-z-]+">[A-Z]', page.text)
    assert '<svg class="trend"' in page.text and 'aria-labelledby="trend-title trend-desc"' in page.text
    assert page.text.count('class="activity"') == 1, "one day with answers"
    assert page.text.count('class="skill-line skill-0"') == 2, "the line of the skill practised, and its name beside"
    assert "At the end: Plus and minus level" in html.unescape(page.text)


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_the_teacher_s_page_shows_no_code_in_any_language(app: Flask, client: FlaskClient, lang: str) -> None:
    teacher = open_class(client, lang)
    code = class_code(client, teacher)
    practise(join(app, code, "Sam"), [False, False, True])
    text = readable(client.get(f"{teacher}?lang={lang}").text)
    found = leaks(text, lang, "nambarz", meant=class_code_forms(code))
    assert not found, described(found)


def test_the_spreadsheet_has_a_row_per_pupil_and_skill(app: Flask, client: FlaskClient) -> None:
    teacher = open_class(client, "en", operators="+-")
    practise(join(app, class_code(client, teacher), "=Sam"), [True, True])
    sheet = client.get(f"{teacher}/pupils.csv?lang=en")
    assert sheet.status_code == 200 and sheet.mimetype == "text/csv"
    assert sheet.headers["Content-Disposition"].startswith('attachment; filename="nambarz-class-')
    assert sheet.headers["Referrer-Policy"] == "no-referrer"
    rows = list(csv.reader(io.StringIO(sheet.text.removeprefix(BYTE_ORDER_MARK))))
    assert rows[0][0] == "nickname" and rows[1][0] == "'=Sam" and rows[1][1] == "Plus and minus"


def test_the_worksheet_for_weak_skills_is_the_worksheet_page_with_their_level_and_kinds(
    app: Flask, client: FlaskClient
) -> None:
    teacher = open_class(client, "fr", operators="+-")
    code = class_code(client, teacher)
    practise(join(app, code, "Sam"), [True, True])
    join(app, code, "Ada")
    sent = client.get(f"{teacher}/worksheet?pupil=1&lang=fr")
    assert sent.status_code == 303
    address = urlsplit(sent.headers["Location"])
    query = parse_qs(address.query)
    assert address.path == "/worksheet" and query["level"] == ["1"] and query["kinds"] == ["cover"]
    assert query["lang"] == ["fr"] and "Plus et moins" in query["title"][0]
    assert client.get(sent.headers["Location"]).status_code == 200
    everybody = parse_qs(urlsplit(client.get(f"{teacher}/worksheet?lang=fr").headers["Location"]).query)
    assert everybody["level"] == ["1"]


def test_a_weak_skill_above_the_sheet_s_level_is_not_named_in_its_title() -> None:
    def view(skill: str, mastery: float) -> SkillView:
        return SkillView(skill, skill, 1, "", mastery, 10, False)

    skills = (view("multiply", 0.2), view("divide", 0.1), view("referee", 0.9))
    weak = PupilOverview("p1", "Sam", skills, 30, 0, 0, 0, (), None, ())
    assert weak_skills_worksheet([weak]) == (2, ("cover",), ("multiply",)), "division waits for a level-3 sheet"
    referee = replace(weak, skills=(view("multiply", 0.2), view("referee", 0.1)))
    assert weak_skills_worksheet([referee]) == (2, ("referee", "cover"), ("referee", "multiply"))


def test_the_teacher_changes_the_settings_and_a_refusal_keeps_them(client: FlaskClient) -> None:
    teacher = open_class(client, "en")
    token = form_token(client)
    changed = client.post(
        f"{teacher}?lang=en",
        data={"name": "4C", "language": "fr", "operators": "+-*", "target": "60", "csrf_token": token},
    )
    assert changed.status_code == 303 and changed.headers["Referrer-Policy"] == "no-referrer"
    settings = find_class(game_tables_of(client), token_of(teacher)).settings
    assert (settings.name, settings.language, settings.operators, settings.target) == ("4C", "fr", "+-*", 0.6)
    assert "The class's settings are changed." in shown(client.get(changed.headers["Location"]))
    refused = client.post(
        f"{teacher}?lang=en",
        data={"name": "4D", "language": "fr", "operators": "+", "target": "60", "csrf_token": token},
    )
    assert "Choose which operators the exercises use." in refusal_of(refused, "operators")
    assert find_class(game_tables_of(client), token_of(teacher)).settings.name == "4C"


def game_tables_of(client: FlaskClient) -> GameStore:
    with client.application.app_context():
        return game_tables().store


# --------------------------------------------------------------------------- deleting a class


def test_deleting_a_class_asks_first_then_removes_it_and_its_pupils_find_it_gone(
    app: Flask, client: FlaskClient
) -> None:
    teacher = open_class(client, "en")
    pupil = join(app, class_code(client, teacher), "Sam")
    practise(pupil, [True])
    confirm = client.get(f"{teacher}/delete?lang=en")
    assert confirm.status_code == 200 and confirm.headers["Cache-Control"] == "no-store"
    assert "This deletes the class, its 1 pupil and every answer given in it" in shown(confirm)
    assert client.get(teacher).status_code == 200
    deleted = client.post(f"{teacher}/delete?lang=en", data={"csrf_token": form_token(client)})
    assert deleted.status_code == 200 and "The class 4B is deleted" in shown(deleted)
    assert client.get(teacher).status_code == 404
    gone = pupil.get("/practice?lang=en")
    assert gone.status_code == 404 and "You are no longer in this class" in shown(gone)
    assert pupil.get_cookie(PUPIL_COOKIE, path="/practice") is None


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_removing_a_pupil_asks_first_then_removes_them_and_their_device_says_so(
    app: Flask, client: FlaskClient, lang: str
) -> None:
    teacher = open_class(client, lang)
    code = class_code(client, teacher)
    sam, ada = join(app, code, "Sam"), join(app, code, "Ada")
    practise(sam, [True, False])
    link = re.search(r'href="([^"]+/remove[^"]*)">([^<]+)<', client.get(f"{teacher}?lang={lang}").text)
    assert link is not None and html.unescape(link.group(2)) == words(
        lang, "Remove %(nickname)s from the class…", nickname="Sam"
    )
    confirm = client.get(html.unescape(link.group(1)))
    assert confirm.status_code == 200 and confirm.headers["Cache-Control"] == "no-store"
    assert words(lang, "Yes, remove %(nickname)s", nickname="Sam") in shown(confirm)
    found = leaks(readable(confirm.text), lang, "nambarz")
    assert not found, described(found)
    removed = client.post(html.unescape(link.group(1)), data={"csrf_token": form_token(client)})
    assert removed.status_code == 303
    page = client.get(removed.headers["Location"])
    assert words(lang, "The pupil is removed from the class, with all their answers.") in shown(page)
    assert "Sam" not in readable(page.text) and "Ada" in readable(page.text)
    again = client.post(html.unescape(link.group(1)), data={"csrf_token": form_token(client)})
    assert again.status_code == 303, "removed already: back to the class"
    gone = sam.get(f"/practice?lang={lang}")
    assert gone.status_code == 404 and words(lang, "You are no longer in this class") in shown(gone)
    assert ada.get(f"/practice?lang={lang}").status_code == 200


def test_a_pupil_in_a_class_takes_hints_and_a_refused_answer_keeps_the_exercise(
    app: Flask, client: FlaskClient
) -> None:
    pupil = join(app, class_code(client, open_class(client, "it", operators="+-")), "Sam")
    item = served_item(pupil.get("/practice").text)
    asked = pupil.post("/practice", data={"step": "hint", "item": item, "csrf_token": form_token(pupil)})
    assert asked.status_code == 303 and asked.headers["Location"] == "/practice?lang=it#hints"
    page = pupil.get("/practice")
    assert served_item(page.text) == item and 'data-hints="1"' in page.text
    data = {"step": "answer", "item": item, "answer": "4 4 +", "csrf_token": form_token(pupil)}
    refused = pupil.post("/practice?lang=it", data=data)
    assert words("it", "Tap the cards and operators of your answer, or write it, such as 6 ÷ 2.") in refusal_of(
        refused, "answer"
    )
    assert served_item(refused.text) == item
    practise(pupil, [True])
    assert served_item(pupil.get("/practice").text) != item


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_codes_that_find_no_class_and_classes_opened_spend_the_network_s_budget_as_in_the_api(lang: str) -> None:
    limited = create_app(
        {"TESTING": True, "NAMBARZ_RATE_LIMIT": "1000 per minute", "NAMBARZ_CLASS_RATE_LIMIT": "3 per hour"}
    )
    teacher = limited.test_client()
    code = class_code(teacher, open_class(teacher, lang))
    pupil = limited.test_client()
    token = form_token(pupil)
    for _ in range(2):
        wrong = pupil.post(f"/join?lang={lang}", data={"code": "ZZZZZZ", "nickname": "Sam", "csrf_token": token})
        assert wrong.status_code == 422
    refused = pupil.post(f"/join?lang={lang}", data={"code": code, "nickname": "Sam", "csrf_token": token})
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    minutes = -(-int(refused.headers["Retry-After"]) // 60)
    said = translator(lang, "web").ngettext(
        "This network has tried too many class codes, or opened too many classes, in the last hour. "
        "Wait %(num)d minute, then try again.",
        "This network has tried too many class codes, or opened too many classes, in the last hour. "
        "Wait %(num)d minutes, then try again.",
        minutes,
    ) % {"num": minutes}
    assert said.replace("\xa0", " ") in shown(refused)
    assert f'value="{code}"' in refused.text and pupil.get_cookie(PUPIL_COOKIE, path="/practice") is None
    again = teacher.post(
        f"/classes/new?lang={lang}",
        data={"name": "4C", "language": lang, "operators": "+-", "target": "75", "csrf_token": form_token(teacher)},
    )
    assert again.status_code == 429 and said.replace("\xa0", " ") in shown(again)
