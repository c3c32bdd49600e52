"""Practice that adapts (``/practice`` without a level), page by page, without JavaScript, in every language."""

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from api.app import create_app
from services.practice.service import Progress, ProgressSeal
from tests.browser.visible_codes import described, leaks
from tests.web.pages import field_error, form_token
from tests.web.practising import right_answer, served_item, wrong_answer
from tests.web.readable import readable
from tutor.adaptive import RUN_LENGTH
from tutor.i18n import SUPPORTED_LANGUAGES, translator
from tutor.item_bank import bank
from web.adaptive import PROGRESS_COOKIE, PUPIL_COOKIE

HINT_COST = "A right answer after a hint counts less for your progress; after the third hint it counts nothing."


def words(lang: str, sentence: str, **values: object) -> str:
    """``sentence`` of the pages in ``lang``, its no-break spaces plain, as :func:`readable` reads them."""
    text = translator(lang, "web").gettext(sentence)
    return (text % values if values else text).replace("\xa0", " ")


def shown(page: TestResponse) -> str:
    return html.unescape(page.text).replace("\xa0", " ")


def answer(client: FlaskClient, item: str, text: str, lang: str = "en", **form: str) -> TestResponse:
    data = {"step": "answer", "item": item, "answer": text, "csrf_token": form_token(client), **form}
    return client.post(f"/practice?lang={lang}", data=data)


def kept_progress(client: FlaskClient) -> str | None:
    cookie = client.get_cookie(PROGRESS_COOKIE, path="/practice")
    return None if cookie is None else cookie.value


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_practice_without_a_level_serves_an_exercise_with_the_pupil_s_skills_in_words(
    client: FlaskClient, lang: str
) -> None:
    page = client.get(f"/practice?lang={lang}")
    assert page.status_code == 200
    text = readable(page.text).replace("\xa0", " ")
    assert words(lang, "Your progress") in text
    assert translator(lang).gettext("Plus and minus") in text
    assert words(lang, "Exercise %(number)d of %(count)d", number=1, count=RUN_LENGTH) in text
    assert words(lang, "What is kept") in text and words(lang, "Start again from zero") in text
    assert words(lang, HINT_COST) in text
    assert 'name="csrf_token"' in page.text and 'method="post"' in page.text
    assert not leaks(text, lang, "nambarz"), described(leaks(text, lang, "nambarz"))
    assert kept_progress(client) is not None


def test_an_exercise_s_address_still_shows_the_exercise_it_names(client: FlaskClient) -> None:
    page = client.get("/practice?level=2&seed=7&number=1&lang=en")
    assert page.status_code == 200
    assert 'id="exercise-heading">Exercise 1<' in page.text and 'name="item"' not in page.text
    assert client.get("/practice?level=2&lang=en").status_code == 302


def test_the_exercise_served_stays_until_it_is_answered(client: FlaskClient) -> None:
    first = served_item(client.get("/practice?lang=en").text)
    assert served_item(client.get("/practice?lang=en").text) == first
    answered = answer(client, first, right_answer(first))
    assert answered.status_code == 200 and 'data-correct="true"' in answered.text
    assert served_item(client.get("/practice?lang=en").text) != first


def test_only_the_first_answer_to_an_exercise_counts(client: FlaskClient) -> None:
    item = served_item(client.get("/practice?lang=en").text)
    wrong = answer(client, item, wrong_answer(item))
    assert wrong.status_code == 200 and 'data-correct="false"' in wrong.text
    counted = ProgressSeal(client.application.secret_key or "").loads(kept_progress(client))
    assert counted.answers == 1 and [run.correct for run in counted.run] == [False]
    again = answer(client, item, right_answer(item))
    assert 'data-correct="true"' in again.text
    assert "Only your first answer to an exercise counts for your progress" in shown(again)
    after = ProgressSeal(client.application.secret_key or "").loads(kept_progress(client))
    assert after.answers == 1 and [run.correct for run in after.run] == [False]


def test_a_hint_is_taken_on_the_exercise_and_said_to_lower_its_credit(client: FlaskClient) -> None:
    item = served_item(client.get("/practice?lang=de").text)
    asked = client.post("/practice?lang=de", data={"step": "hint", "item": item, "csrf_token": form_token(client)})
    assert asked.status_code == 303 and asked.headers["Location"] == "/practice?lang=de#hints"
    page = client.get("/practice?lang=de")
    assert served_item(page.text) == item
    assert page.text.count("<li>", page.text.index('class="hint-list"')) >= 1
    assert words("de", "Show hint %(level)d of %(count)d", level=2, count=3) in shown(page)
    assert ProgressSeal(client.application.secret_key or "").loads(kept_progress(client)).current.hints == 1


def test_a_hint_the_server_cannot_work_out_in_time_says_try_again_and_costs_nothing() -> None:
    hurried = create_app({"TESTING": True})
    client = hurried.test_client()
    item = served_item(client.get("/practice?lang=it").text)
    assert bank()[item].kind == "cover"  # a cover exercise's hints are searched for
    hurried.config["NAMBARZ_TIME_LIMIT"] = 0
    asked = client.post("/practice?lang=it", data={"step": "hint", "item": item, "csrf_token": form_token(client)})
    assert asked.status_code == 503
    assert words("it", "The server could not answer this time. Wait a moment, then try again.") in readable(asked.text)
    assert ProgressSeal(client.application.secret_key or "").loads(kept_progress(client)).current.hints == 0


def test_after_an_answer_hints_are_shown_without_cost(client: FlaskClient) -> None:
    item = served_item(client.get("/practice?lang=en").text)
    answer(client, item, wrong_answer(item))
    data = {"step": "hint", "item": item, "hints": "0", "csrf_token": form_token(client)}
    page = client.post("/practice?lang=en", data=data)
    assert page.status_code == 200
    assert "You have answered this exercise: hints now cost nothing." in shown(page)
    assert ProgressSeal(client.application.secret_key or "").loads(kept_progress(client)).current.hints == 0


def test_a_run_of_ten_ends_with_a_summary_in_sentences_and_dots(client: FlaskClient) -> None:
    for number in range(1, RUN_LENGTH + 1):
        item = served_item(client.get("/practice?lang=fr").text)
        page = answer(client, item, wrong_answer(item) if number == 3 else right_answer(item), lang="fr")
        assert page.status_code == 200
        assert ("run-summary" in page.text) == (number == RUN_LENGTH)
    got = translator("fr").gettext("You got %(right)d of %(answers)d right.") % {"right": 9, "answers": 10}
    assert got.replace("\xa0", " ") in shown(page)
    summary = page.text[page.text.index("run-summary") : page.text.index("</section>", page.text.index("run-summary"))]
    dots = re.findall(r'class="dot (right|wrong)"', summary)
    assert dots == ["right", "right", "wrong", *["right"] * 7], "the dots come in the order of the answers"
    assert 'id="next-run"' in summary


def test_a_refused_answer_is_said_beside_its_field_in_the_page_s_language(client: FlaskClient) -> None:
    page = client.get("/practice?lang=it")
    item = served_item(page.text)
    refused = answer(client, item, "4 4 +", lang="it")
    message = field_error(refused, "answer")
    if "cover" in item:
        assert "«4»" in message or "«+»" in message or "posizione" in message
    assert words("it", "Tap the cards and operators of your answer, or write it, such as 6 ÷ 2.") in message
    assert ProgressSeal(client.application.secret_key or "").loads(kept_progress(client)).answers == 0


def test_an_answer_to_an_exercise_no_longer_served_goes_back_to_the_one_that_is(client: FlaskClient) -> None:
    item = served_item(client.get("/practice?lang=en").text)
    other = next(name for name in ("cover-1-0", "cover-2-17") if name != item)
    moved = answer(client, other, "1 + 1")
    assert moved.status_code == 303 and moved.headers["Location"] == "/practice?lang=en"
    assert answer(client, "no-such-item", "1 + 1").status_code == 303


def test_a_form_without_its_token_is_refused(client: FlaskClient) -> None:
    item = served_item(client.get("/practice?lang=en").text)
    refused = client.post("/practice?lang=en", data={"step": "answer", "item": item, "answer": "1 + 1"})
    assert refused.status_code == 400
    assert "Back to practice" in shown(refused)


def test_start_again_from_zero_forgets_the_progress_kept_in_the_browser(client: FlaskClient) -> None:
    item = served_item(client.get("/practice?lang=en").text)
    answer(client, item, right_answer(item))
    assert kept_progress(client) is not None
    restarted = client.post("/practice?lang=en", data={"step": "restart", "csrf_token": form_token(client)})
    assert restarted.status_code == 303 and kept_progress(client) is None
    assert "Exercise 1 of 10" in shown(client.get("/practice?lang=en"))


def test_a_progress_cookie_the_server_did_not_sign_starts_again_from_zero(client: FlaskClient) -> None:
    client.set_cookie(PROGRESS_COOKIE, ProgressSeal("another server's key").dumps(Progress.start()), path="/practice")
    page = client.get("/practice?lang=en")
    assert page.status_code == 200
    assert "The progress kept in this browser could not be read, so you start again from zero." in shown(page)
    assert ProgressSeal(client.application.secret_key or "").loads(kept_progress(client)) is not None


def test_the_page_loads_only_its_own_files(client: FlaskClient) -> None:
    page = client.get("/practice?lang=en").text
    sources = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert all(source.startswith(("/", "#")) for source in sources), sources
    assert "style=" not in page and "<script>" not in page


def test_a_pupil_cookie_of_a_deleted_class_is_forgotten(client: FlaskClient) -> None:
    client.set_cookie(PUPIL_COOKIE, "no-such-pupil", path="/practice")
    page = client.get("/practice?lang=en")
    assert page.status_code == 404
    assert "You are no longer in this class" in shown(page)
    assert client.get_cookie(PUPIL_COOKIE, path="/practice") is None
    assert client.get("/practice?lang=en").status_code == 200


def test_a_refused_answer_after_the_first_keeps_the_hints_shown_and_says_they_are_free(client: FlaskClient) -> None:
    item = served_item(client.get("/practice?lang=en").text)
    answer(client, item, wrong_answer(item))
    data = {"step": "hint", "item": item, "hints": "0", "csrf_token": form_token(client)}
    assert 'name="hints" value="1"' in client.post("/practice?lang=en", data=data).text
    refused = answer(client, item, "", hints="1")
    assert refused.status_code == 422
    assert refused.text.count("<li>", refused.text.index('class="hint-list"')) >= 1
    assert "You have answered this exercise: hints now cost nothing." in shown(refused)


def test_a_refused_answer_to_an_exercise_not_served_shows_none_of_its_hints(client: FlaskClient) -> None:
    item = served_item(client.get("/practice?lang=en").text)
    assert answer(client, item, right_answer(item)).status_code == 200
    other = "missing-card-2-3" if item != "missing-card-2-3" else "missing-card-1-0"
    refused = answer(client, other, "", hints="3")
    assert refused.status_code == 422
    fitting = translator("en", "web").gettext("%(card)s fits in the box.").split("%(card)s")[1]
    assert fitting.strip() not in shown(refused)
