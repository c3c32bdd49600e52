"""The ``/worksheet`` page: the form, the sheet the API would print, the key choice and refused input."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from services.answers.tutor import draw_exercises
from solver.nambarz.rules import Rules
from solver.nambarz.violations import ViolationCode
from tests.paths import REPOSITORY
from tutor.exercises import KINDS
from tutor.i18n import SUPPORTED_LANGUAGES
from tutor.worksheets import worksheet_html
from web.site import TUTOR_FILES


def classes(page: str, name: str) -> int:
    return len(re.findall(rf'class="{name}"', page))


def test_without_a_request_the_page_shows_the_form_and_no_sheet(client: FlaskClient) -> None:
    response = client.get("/worksheet?lang=en")
    assert response.status_code == 200
    page = response.text
    assert '<form class="worksheet-form"' in page
    assert 'name="level"' in page and 'name="kinds"' in page and 'name="key"' in page
    assert classes(page, "exercise") == 0 and 'id="answer-key"' not in page


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_the_issue_s_address_gives_twelve_exercises_and_the_key_in_every_language(
    client: FlaskClient, lang: str
) -> None:
    response = client.get(f"/worksheet?level=2&count=12&seed=7&kinds=cover&lang={lang}")
    assert response.status_code == 200
    page = response.text
    assert classes(page, "exercise") == 12 and classes(page, "key-entry") == 12
    assert '<section id="answer-key" class="answer-key new-page">' in page
    assert '<button type="button" class="button primary" data-action="print" hidden>' in page
    assert f'<html lang="{lang}">' in page


def test_the_page_shows_the_sheet_the_api_document_shows(client: FlaskClient) -> None:
    page = client.get("/worksheet?level=5&count=6&seed=3&lang=de&title=Woche+3").text
    exercises = draw_exercises(5, 6, 3, KINDS, Rules(), lang="de")
    document = worksheet_html(exercises, title="Woche 3", level=5, seed=3, lang="de")

    def sheet(html: str) -> str:
        shown = html[html.index('<article class="sheet"') : html.index("</article>")]
        shown = re.sub(r"<(/?)h[12]>", r"<\1h>", shown)  # the page's sheet is under the page's own heading
        return re.sub(r'href="[^"#]*#', 'href="#', shown)  # the page's pictures come from the site

    assert sheet(page) == sheet(document)


@pytest.mark.parametrize(("key", "exercises", "answers"), [("both", 5, 5), ("none", 5, 0), ("only", 0, 5)])
def test_the_key_is_printed_after_the_exercises_left_out_or_alone(
    client: FlaskClient, key: str, exercises: int, answers: int
) -> None:
    page = client.get(f"/worksheet?level=3&count=5&seed=1&key={key}&lang=fr").text
    assert (classes(page, "exercise"), len(re.findall(r'class="key-entry"', page))) == (exercises, answers)
    assert ('id="answer-key"' in page) is (key != "none")


def test_kinds_may_be_repeated_and_comma_separated(client: FlaskClient) -> None:
    page = client.get("/worksheet?level=2&count=6&seed=0&kinds=cover,referee&kinds=missing-card&lang=en").text
    kinds = re.findall(r'<li class="exercise" data-kind="([a-z-]+)"', page)
    assert kinds == ["cover", "referee", "missing-card"] * 2


def test_the_sheet_uses_school_notation_and_the_key_has_no_identifiers(client: FlaskClient) -> None:
    page = client.get("/worksheet?level=5&count=12&seed=4&lang=en").text
    sheet = re.sub(r"<[^>]+>", " ", page[page.index('<article class="sheet"') : page.index("</article>")])
    assert not re.search(r" [*/?] ", sheet)
    assert "A calculation has too many cards only when some of its own cards, without the others, already make" in sheet
    pupils, key = sheet.split("Answer key")
    assert not [code.value for code in ViolationCode if code.value in key]
    assert "Ruling" not in key and "Level 5 · Seed 4" in key
    assert "Seed" not in pupils and "Level 5" not in pupils


def test_figure_cards_show_their_picture_from_the_site_and_their_name(client: FlaskClient) -> None:
    page = client.get("/worksheet?level=4&count=12&seed=1&kinds=cover&lang=it").text
    assert re.search('<text class="words" [^>]*>ippopotamo</text>', page)
    assert '<use href="/static/figures.svg#card-hippo"/>' in page


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        ("level=9", "level", "“9” cannot be used here. Choose a number from 1 to 5."),
        ("count=0", "count", "“0” cannot be used here. Choose a number from 1 to 50."),
        ("count=twelve", "count", "“twelve” is not a whole number. Choose a number from 1 to 50."),
        (
            "kinds=cover&kinds=poem",
            "kinds",
            "“poem” cannot be used here. Choose one or more kinds of exercise from the list.",
        ),
        ("key=half", "key", "“half” cannot be used here. Choose from the list whether the answer key is printed."),
        ("rules=weird", "rules", "“weird” cannot be used here. Choose the numbers from the list."),
    ],
)
def test_bad_input_shows_the_form_again_with_a_message_beside_the_field(
    client: FlaskClient, query: str, field: str, message: str
) -> None:
    response = client.get(f"/worksheet?{query}&lang=en")
    assert response.status_code == 422
    error = re.search(rf'<p class="field-error" id="{field}-error"[^>]*>([^<]*)</p>', response.text)
    assert error is not None and message in error.group(1)
    assert classes(response.text, "exercise") == 0


def test_the_tutor_s_files_are_served_beside_the_pages_own_without_hiding_one(client: FlaskClient) -> None:
    for name in TUTOR_FILES:
        assert not (REPOSITORY / "web" / "static" / name).exists()
        answer = client.get(f"/static/{name}")
        assert answer.status_code == 200 and answer.data == (REPOSITORY / "tutor" / "static" / name).read_bytes()


def test_the_largest_sheet_with_its_style_script_and_pictures_weighs_under_210_kb(client: FlaskClient) -> None:
    # Its 400 cards are drawn as cards, each a small picture named for a screen reader: about 200 kB in all.
    page = client.get("/worksheet?level=4&count=50&seed=1&kinds=cover&lang=fr")
    assert page.status_code == 200
    names = ("style.css", "worksheet.css", "cards.css", "pages.js", "figures.svg")
    files = [client.get(f"/static/{name}") for name in names]
    assert all(response.status_code == 200 for response in files)
    assert len(page.data) + sum(len(response.data) for response in files) < 210 * 1024
