"""The practice page (``/practice``): one exercise per address, answers judged at once, hints, bad input refused."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from flask.testing import FlaskClient

from tutor.exercises import generate
from tutor.i18n import SUPPORTED_LANGUAGES
from web.practice import exercise_seed, practice_exercise

PAGE_BUDGET_BYTES = 150 * 1024
"""A page's HTML, CSS and JavaScript together stay under 150 KB."""


def verdict_of(page: str) -> dict[str, str]:
    """The data attributes of the page's ``#verdict`` element."""
    element = re.search(r'<section id="verdict"[^>]*>', page)
    assert element is not None, "the page shows no verdict"
    return dict(re.findall(r'data-([a-z]+)="([^"]*)"', element.group(0)))


def field_error(page: str, name: str) -> str:
    """The message shown beside the field ``name``."""
    found = re.search(rf'<p class="field-error" id="{name}-error">([^<]*)</p>', page)
    assert found is not None, f"no message beside {name}"
    return html.unescape(found.group(1))


def hint_items(page: str) -> list[str]:
    """The hints the page shows, in order."""
    found = re.search(r'<ol class="hint-list">(.*?)</ol>', page, re.DOTALL)
    return [] if found is None else re.findall(r"<li>(.*?)</li>", found.group(1))


# --------------------------------------------------------------------------- addresses


def test_without_a_seed_the_page_sends_the_reader_to_an_exercise_of_their_own(client: FlaskClient) -> None:
    answer = client.get("/practice?level=3&lang=fr")
    assert answer.status_code == 302
    query = parse_qs(urlsplit(answer.headers["Location"]).query)
    assert query["level"] == ["3"] and query["number"] == ["1"] and query["lang"] == ["fr"]
    assert int(query["seed"][0]) >= 0
    assert client.get(answer.headers["Location"]).status_code == 200


def test_an_address_shows_the_same_exercise_every_time(client: FlaskClient) -> None:
    first = client.get("/practice?level=2&seed=7&number=1&lang=en").text
    assert first == client.get("/practice?level=2&seed=7&number=1&lang=en").text
    assert 'aria-label="8 bee"' in first and 'aria-label="10 bear"' in first


def test_the_kinds_take_turns_and_the_next_exercise_link_goes_one_further(client: FlaskClient) -> None:
    kinds = [practice_exercise(2, 7, number).kind for number in (1, 2, 3, 4)]
    assert kinds == ["cover", "missing-card", "referee", "cover"]
    page = client.get("/practice?level=2&seed=7&number=3&lang=it").text
    assert 'href="/practice?level=2&amp;seed=7&amp;number=4&amp;lang=it" id="next-exercise"' in page
    only_cover = client.get("/practice?level=2&seed=7&number=2&kinds=cover&lang=it").text
    assert "Copri la carta in cima" in only_cover
    assert "kinds=cover" in re.search(r'href="([^"]*)" id="next-exercise"', only_cover).group(1)


def test_exercise_forty_is_generated_alone_from_a_seed_of_its_own() -> None:
    alone = generate(2, 1, exercise_seed(7, 40), kinds=("cover",))[0]
    assert practice_exercise(2, 7, 40) == alone


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_every_language_names_the_cards_in_its_own_words(client: FlaskClient, lang: str) -> None:
    page = client.get(f"/practice?level=2&seed=7&number=1&lang={lang}")
    assert page.status_code == 200
    assert f'<html lang="{lang}">' in page.text
    top = {"en": "8 bee", "it": "8 ape", "de": "8 Biene", "fr": "8 abeille"}[lang]
    task = {
        "en": "Cover the top card",
        "it": "Copri la carta in cima",
        "de": "Decke die oberste Karte",
        "fr": "Couvre la carte du dessus",
    }[lang]
    top_card = f'<span class="card-slot top-card"><svg class="card-art nambarz figure" [^>]*aria-label="{top}">'
    assert re.search(top_card, page.text)
    assert task in page.text


def test_the_page_loads_nothing_from_elsewhere_and_stays_light(client: FlaskClient) -> None:
    page = client.get("/practice?level=2&seed=7&number=1&answer=5+%2B+2&hints=3&lang=it").text
    sources = re.findall(r'(?:src|href)="([^"]*)"', page)
    assert sources and all(source.startswith(("/", "#")) for source in sources)
    assets = [client.get(path).data for path in ("/static/style.css", "/static/practice.js")]
    assert len(page.encode()) + sum(len(asset) for asset in assets) < PAGE_BUDGET_BYTES


def test_the_score_is_left_to_the_browser(client: FlaskClient) -> None:
    page = client.get("/practice?level=2&seed=7&number=1&lang=en").text
    assert re.search(r'<section id="score"[^>]*data-exercise="2/7/1/cover"[^>]*hidden>', page)
    assert "practice.js" in page


# --------------------------------------------------------------------------- cover exercises


def test_a_wrong_calculation_says_what_it_makes_and_to_try_again(client: FlaskClient) -> None:
    page = client.get("/practice?level=2&seed=7&number=1&answer=5+%2B+2&lang=it")
    assert page.status_code == 200
    assert verdict_of(page.text) == {
        "legal": "false",
        "correct": "false",
        "codes": "wrong-result",
        "answer": "5 + 2",
    }
    assert "Non ancora. 5 + 2 fa 7, non 8. Riprova." in page.text
    assert "peschi" not in page.text and "penalità" not in page.text
    assert "Tutte le risposte" not in page.text


def test_a_right_calculation_is_praised_and_opens_the_answer_key(client: FlaskClient) -> None:
    page = client.get("/practice?level=2&seed=7&number=1&answer=4+*+2&lang=de").text
    assert verdict_of(page)["correct"] == "true" and verdict_of(page)["codes"] == ""
    assert "Richtig! 4 × 2 ergibt 8." in page
    assert "Alle Lösungen" in page


def test_a_right_answer_hears_of_a_longer_one(client: FlaskClient) -> None:
    shorter = client.get("/practice?level=1&seed=17&number=1&answer=6+%2B+1&lang=en").text
    assert verdict_of(shorter)["correct"] == "true"
    assert "A calculation with 3 cards also covers it and sheds more cards." in shorter
    master = client.get("/practice?level=4&seed=2&number=1&answer=10+%2F+10+%2B+8&lang=en").text
    assert verdict_of(master)["correct"] == "true"
    assert "There is also a master stroke with 4 cards: can you find it?" in master


def test_a_matching_card_alone_is_legal_but_not_the_calculation_asked_for(client: FlaskClient) -> None:
    page = client.get("/practice?level=2&seed=3&number=1&answer=10&lang=en").text
    assert verdict_of(page) | {"answer": ""} == {"legal": "false", "correct": "false", "codes": "", "answer": ""}
    assert "10 alone may cover 10 cat, but this exercise asks for a calculation." in page


@pytest.mark.parametrize(
    ("answer", "message", "written"),
    [
        pytest.param(
            "5 + 5", "Your hand has no 5 left to lay: use only its cards, each once.", "5 + 5", id="a-card-twice"
        ),
        pytest.param("9 - 1", "Your hand has no 9 and 1 left to lay", "9 − 1", id="cards-not-in-the-hand"),
        pytest.param("4 4", "Check “4” at position 3.", "4 4", id="not-a-calculation"),
        pytest.param("4 + Jreplay", "Your hand has no replay joker left to lay", "4 + replay joker", id="a-joker"),
    ],
)
def test_an_answer_that_cannot_be_judged_is_refused_beside_the_field_and_given_back_in_words(
    client: FlaskClient, answer: str, message: str, written: str
) -> None:
    page = client.get("/practice", query_string={"level": 2, "seed": 7, "number": 1, "answer": answer, "lang": "en"})
    assert page.status_code == 422
    assert message in field_error(page.text, "answer")
    assert 'aria-invalid="true"' in page.text
    assert f'value="{written}"' in page.text


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_an_answer_given_back_names_its_jokers_and_signs_in_the_page_s_language(client: FlaskClient, lang: str) -> None:
    query = {"level": 2, "seed": 7, "number": 1, "answer": "Jboth 9 - 3 - 1", "lang": lang}
    page = client.get("/practice", query_string=query)
    assert page.status_code == 422
    value = re.search(r'<input id="answer" name="answer" type="text" value="([^"]*)"', page.text)
    joker = {
        "en": "double-change joker",
        "it": "jolly doppio cambio",
        "de": "Doppelwechsel-Joker",
        "fr": "joker double",
    }
    assert value is not None and html.unescape(value.group(1)).startswith(joker[lang])
    assert "9 − 3 − 1" in html.unescape(value.group(1)) and "Jboth" not in field_error(page.text, "answer")


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_a_referee_answer_refused_names_the_buttons_as_they_read(client: FlaskClient, lang: str) -> None:
    page = client.get(f"/practice?level=2&seed=7&number=3&answer=perhaps&lang={lang}")
    buttons = re.findall(
        r'<button type="submit" class="button primary" name="answer" value="[^"]+">([^<]+)</button>', page.text
    )
    assert len(buttons) == 2
    message = field_error(page.text, "answer")
    assert all(html.unescape(button) in message for button in buttons), (buttons, message)


# --------------------------------------------------------------------------- missing-card and referee exercises


def test_the_card_for_the_box_is_tapped_among_the_decks_cards(client: FlaskClient) -> None:
    page = client.get("/practice?level=2&seed=2&number=2&lang=fr").text
    assert page.count('name="answer" value=') == 30
    assert '<span class="blank">?</span>' in page
    right = client.get("/practice?level=2&seed=2&number=2&answer=2&lang=fr").text
    assert verdict_of(right)["correct"] == "true"
    assert "Bravo\u00a0! 2 va dans la case." in right
    mixed = client.get("/practice?level=2&seed=2&number=2&answer=2fish&lang=fr").text
    assert verdict_of(mixed) | {"answer": ""} == {
        "legal": "false",
        "correct": "false",
        "codes": "mixed-kinds",
        "answer": "",
    }
    unknown = client.get("/practice?level=2&seed=2&number=2&answer=11&lang=fr")
    assert unknown.status_code == 422 and "11" in field_error(unknown.text, "answer")


@pytest.mark.parametrize(
    ("query", "correct", "codes"),
    [
        pytest.param("seed=2&answer=legal", "true", "", id="legal-said-legal"),
        pytest.param("seed=2&answer=not-legal", "false", "", id="legal-said-not-legal"),
        pytest.param("seed=5&answer=not-legal", "true", "not-minimal wrong-result", id="no-reason-given"),
        pytest.param("seed=5&answer=not-legal&reason=not-minimal", "true", "not-minimal wrong-result", id="a-reason"),
        pytest.param("seed=5&answer=not-legal&reason=mixed-kinds", "false", "not-minimal wrong-result", id="wrong-one"),
        pytest.param("seed=6&answer=legal", "false", "matching-card-in-calculation", id="illegal-said-legal"),
    ],
)
def test_a_referee_exercise_is_right_when_the_pupil_sees_what_the_referee_sees(
    client: FlaskClient, query: str, correct: str, codes: str
) -> None:
    page = client.get(f"/practice?level=2&number=3&{query}&lang=en")
    assert page.status_code == 200
    verdict = verdict_of(page.text)
    assert (verdict["correct"], verdict["legal"], verdict["codes"]) == (correct, correct, codes)


def test_a_referee_exercise_offers_the_reasons_in_words(client: FlaskClient) -> None:
    page = client.get("/practice?level=2&seed=5&number=3&lang=it").text
    assert page.count('type="radio" name="reason"') == 5
    assert "Letto da sinistra a destra, non dà il numero della carta in cima." in page
    wrong = client.get("/practice?level=2&seed=5&number=3&answer=not-legal&reason=mixed-kinds&lang=it").text
    assert "La giocata in effetti non è valida, ma non per il motivo che hai scelto." in wrong
    assert 'value="mixed-kinds" checked' in wrong


# --------------------------------------------------------------------------- hints


@pytest.mark.parametrize(("number", "kind"), [(1, "cover"), (2, "missing-card"), (3, "referee")])
def test_each_hint_reveals_more_up_to_three(client: FlaskClient, number: int, kind: str) -> None:
    assert practice_exercise(2, 7, number).kind == kind
    shown = [
        hint_items(client.get(f"/practice?level=2&seed=7&number={number}&hints={count}").text) for count in range(4)
    ]
    assert [len(hints) for hints in shown] == [0, 1, 2, 3]
    assert shown[2][:1] == shown[1] and shown[3][:2] == shown[2]
    assert len(set(shown[3])) == 3
    last = client.get(f"/practice?level=2&seed=7&number={number}&hints=3").text
    assert 'id="next-hint"' not in last


def test_the_hints_of_a_cover_exercise_are_the_projects_three_levels(client: FlaskClient) -> None:
    hints = hint_items(client.get("/practice?level=2&seed=7&number=1&hints=3&lang=en").text)
    assert hints[0] == "No card in your hand matches 8 bee. A calculation of 2 cards reaches 8."
    assert hints[1].startswith("Start with ")
    assert hints[2].startswith("Play ")


def test_the_hint_link_asks_for_one_more_and_an_answer_keeps_the_hints(client: FlaskClient) -> None:
    page = client.get("/practice?level=2&seed=7&number=1&hints=1&lang=de").text
    link = html.unescape(re.search(r'id="next-hint" href="([^"]*)"', page).group(1))
    assert parse_qs(urlsplit(link).query) == {
        "level": ["2"],
        "seed": ["7"],
        "number": ["1"],
        "hints": ["2"],
        "lang": ["de"],
    }
    assert '<input type="hidden" name="hints" value="1">' in page
    assert len(hint_items(client.get("/practice?level=2&seed=7&number=1&hints=1&answer=4+*+2").text)) == 1


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        pytest.param("level=9", "level", "Choose a number from 1 to 5.", id="level-out-of-range"),
        pytest.param("level=two", "level", "“two” is not a whole number.", id="level-not-a-number"),
        pytest.param("level=2&seed=1.5", "seed", "“1.5” is not a whole number.", id="seed-not-whole"),
        pytest.param("level=2&seed=1&number=0", "number", "“0” cannot be used here.", id="number-zero"),
        pytest.param(
            "level=2&seed=1&kinds=sudoku", "kinds", "Choose one or more kinds of exercise from the list.", id="kind"
        ),
        pytest.param("level=2&seed=1&rules=real", "rules", "“real” cannot be used here.", id="rules"),
    ],
)
def test_an_address_without_an_exercise_is_refused_naming_the_field(
    client: FlaskClient, query: str, field: str, message: str
) -> None:
    page = client.get(f"/practice?{query}&lang=en")
    assert page.status_code == 422
    assert message in field_error(page.text, field)
    assert "This exercise cannot be shown" in page.text


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        pytest.param("hints=4", "hints", "“4” cannot be used here. Choose a number from 0 to 3.", id="too-many-hints"),
        pytest.param("hints=x", "hints", "“x” is not a whole number.", id="hints-not-a-number"),
        pytest.param("number=3&answer=perhaps", "answer", "Tap “Legal” or “Not legal”.", id="referee-answer"),
        pytest.param("number=3&answer=not-legal&reason=boring", "reason", "“boring”", id="unknown-reason"),
    ],
)
def test_a_bad_answer_or_hint_count_is_refused_beside_the_exercise(
    client: FlaskClient, query: str, field: str, message: str
) -> None:
    base = "level=2&seed=7" if "number=" in query else "level=2&seed=7&number=1"
    page = client.get(f"/practice?{base}&{query}&lang=en")
    assert page.status_code == 422
    assert message in field_error(page.text, field)
    assert 'id="exercise-heading"' in page.text and 'id="verdict"' not in page.text


def test_an_unsupported_language_is_said_and_the_page_still_answers(client: FlaskClient) -> None:
    page = client.get("/practice?level=2&seed=7&number=1&lang=xx", headers={"Accept-Language": "fr"})
    assert page.status_code == 200
    assert "«\u00a0xx\u00a0» n’est pas proposée" in html.unescape(page.text) and '<html lang="fr">' in page.text
