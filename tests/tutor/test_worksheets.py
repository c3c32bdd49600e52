"""Printable worksheets: the HTML document, its text form, the ``nambarz worksheet`` command and the API's answer."""

from __future__ import annotations

import json
import re
from html import escape, unescape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from solver.errors import GameError
from solver.nambarz.notation import Chain
from solver.nambarz.rules import Domain, Rules
from solver.nambarz.rulings import RULINGS
from solver.nambarz.violations import ViolationCode
from tests.conftest import Cli
from tutor.cards import nambarz_face
from tutor.exercises import Exercise, generate
from tutor.i18n import SUPPORTED_LANGUAGES
from tutor.nambarz import play_verdict_words
from tutor.rendering import render_plain
from tutor.worksheets import worksheet_html, worksheet_text

VOID_ELEMENTS = frozenset({"meta", "br", "hr", "img", "input", "link"})


class TagChecker(HTMLParser):
    """Records every element and fails on a closing tag that does not close the innermost open element."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.classes: list[str] = []
        self.starts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.starts.append(tag)
        self.classes += [value or "" for name, value in attrs if name == "class"]
        if tag not in VOID_ELEMENTS:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open[-1] == tag, f"</{tag}> closes {self.open[-1:] or 'nothing'}"
        self.open.pop()


def parsed(page: str) -> TagChecker:
    checker = TagChecker()
    checker.feed(page)
    checker.close()
    return checker


@pytest.fixture(scope="module")
def mixed_exercises() -> list[Exercise]:
    return generate(level=2, count=6, seed=7)


@pytest.fixture(scope="module")
def page(mixed_exercises: list[Exercise]) -> str:
    return worksheet_html(mixed_exercises, title="Week 3", level=2, seed=7, lang="en")


def exercises_part(page: str) -> str:
    return page[: page.index('id="answer-key"')]


def key_section(page: str) -> str:
    return page[page.index('id="answer-key"') :]


def test_the_worksheet_is_an_html5_document_whose_tags_balance(page: str) -> None:
    checker = parsed(page)
    assert page.startswith("<!DOCTYPE html>\n")
    assert checker.open == []
    assert checker.starts[:3] == ["html", "head", "meta"]


def test_the_worksheet_numbers_every_exercise_and_shows_its_cards(page: str, mixed_exercises: list[Exercise]) -> None:
    checker = parsed(page)
    assert checker.classes.count("exercise") == len(mixed_exercises)
    shown = exercises_part(page)
    for number, exercise in enumerate(mixed_exercises, start=1):
        assert f'<span class="exercise-number">{number}.</span>' in shown
        assert f'aria-label="{nambarz_face(exercise.top, "en").name}"' in shown
    assert shown.count('class="sheet-card box"') == sum(exercise.kind == "missing-card" for exercise in mixed_exercises)


def test_the_document_holds_its_pictures_and_style_and_loads_nothing(page: str) -> None:
    assert '<symbol id="bee"' in page and 'href="#' in page
    assert "<style>" in page and "@page worksheet" in page
    assert not re.search(r"""(?:src|href)=["']?(?:https?:)?//""", page)
    assert "<link" not in page and "<script" not in page


def test_the_answer_key_starts_a_new_printed_page(page: str) -> None:
    assert '<section id="answer-key" class="answer-key new-page">' in page
    assert ".answer-key.new-page { break-before: page; }" in page
    assert "size: A4" in page


@pytest.mark.parametrize(("key", "exercises", "answers"), [("both", 6, 6), ("none", 6, 0), ("only", 0, 6)])
def test_the_key_may_be_left_out_or_printed_alone(
    mixed_exercises: list[Exercise], key: str, exercises: int, answers: int
) -> None:
    page = worksheet_html(mixed_exercises, title="Week 3", level=2, seed=7, lang="en", key=key)
    classes = parsed(page).classes
    assert (classes.count("exercise"), classes.count("key-entry")) == (exercises, answers)
    assert ("answer-key new-page" in page) is (key == "both")


def test_every_answer_of_every_exercise_appears_in_the_key(page: str, mixed_exercises: list[Exercise]) -> None:
    key = key_section(page)
    assert parsed(page).classes.count("key-entry") == len(mixed_exercises)
    for exercise in mixed_exercises:
        for answer in exercise.answers:
            if answer.verdict is None:
                assert escape(render_plain(Chain.parse(answer.expression)), quote=False) in key
            else:
                assert escape(play_verdict_words(answer.verdict).headline, quote=False) in key


def test_the_sheet_writes_school_notation_never_typed_signs(page: str) -> None:
    text = re.sub(r"<[^>]+>", " ", page[page.index("<body") :])
    assert not re.search(r" [*/?] ", text)
    assert "×" in text and "□" in text


SEED_WORDS = {"en": "Seed 4", "it": "Seme 4", "de": "Startwert 4", "fr": "Graine 4"}
"""How each language prints the seed of :func:`test_the_key_is_in_words_without_codes_or_rulings`'s sheet."""


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_the_key_is_in_words_without_codes_or_rulings(lang: str) -> None:
    exercises = generate(level=5, count=12, seed=4, kinds=["referee"], lang=lang)
    page = worksheet_html(exercises, title="Traps", level=5, seed=4, lang=lang)
    key = re.sub(r"<[^>]+>", " ", key_section(page))
    codes = [code.value for code in ViolationCode] + list(RULINGS)
    assert not [code for code in codes if code in key]
    assert "Ruling" not in key and " * " not in key and " / " not in key
    assert key.count(SEED_WORDS[lang]) == 1, "the seed is printed once, under the key's heading"


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_the_level_and_seed_are_for_the_teacher_s_key_only(lang: str) -> None:
    exercises = generate(level=5, count=4, seed=4, lang=lang)
    page = worksheet_html(exercises, title="Traps", level=5, seed=4, lang=lang)
    pupils = exercises_part(page[page.index("<body") :])
    assert SEED_WORDS[lang] not in pupils and "sheet-details" not in pupils
    exercises_only = worksheet_html(exercises, title="Traps", level=5, seed=4, lang=lang, key="none")
    assert SEED_WORDS[lang] not in exercises_only


def test_the_reminder_states_the_minimum_card_rule_on_the_calculation_s_own_cards(page: str) -> None:
    reminder = re.search(r'<p class="sheet-reminder">([^<]*)</p>', page)
    assert reminder is not None
    assert "as few cards as possible" not in reminder.group(1)
    assert "some of its own cards, without the others, already make the top card's number" in reminder.group(1)


def test_the_key_accepts_a_longer_calculation_beside_a_shorter_one_as_the_reminder_says() -> None:
    exercises = generate(level=4, count=12, seed=1, kinds=["cover"])
    sizes = [sorted({len(answer.cards) for answer in exercise.answers}) for exercise in exercises]
    assert any(len(size) > 1 for size in sizes), "some exercise accepts calculations of different lengths"


def test_the_key_says_which_other_orders_of_a_calculation_are_right_too() -> None:
    exercises = generate(level=4, count=12, seed=1, kinds=["cover"])
    key = html_unescape_text(key_section(worksheet_html(exercises, title="Orders", level=4, seed=1, lang="en")))
    assert "The same cards also work in another order: " in key or "The same cards also work in other orders: " in key
    assert re.search(r"The same cards also work in \d+ other orders, such as ", key)
    assert "These cards work in any order." in key


def test_the_order_of_a_missing_card_puzzle_is_fixed_so_its_key_names_no_other_order() -> None:
    exercises = generate(level=3, count=12, seed=2, kinds=["missing-card"])
    key = html_unescape_text(key_section(worksheet_html(exercises, title="Boxes", level=3, seed=2, lang="en")))
    assert "order" not in key


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_negative_numbers_and_subtractions_use_the_typographic_minus(lang: str) -> None:
    exercises = generate(level=5, count=12, seed=3, rules=Rules(Domain.INTEGER), lang=lang)
    page = worksheet_html(exercises, title="Minus", level=5, seed=3, lang=lang)
    text = html_unescape_text(page[page.index("<body") :])
    assert re.search(r"= −\d", text), "a negative number on the sheet"
    assert not re.search(r"(?<![\w)])-\d| - ", text), re.findall(r".{30}(?:(?<![\w)])-\d| - ).{10}", text)
    assert not re.search(r"(?<![\w)])-\d| - ", worksheet_text(exercises, title="Minus", level=5, seed=3, lang=lang))


def html_unescape_text(html: str) -> str:
    """The text of ``html`` without its tags, its entities read."""
    return unescape(re.sub(r"<[^>]+>", " ", html))


def test_the_answers_are_not_on_the_exercise_page(page: str, mixed_exercises: list[Exercise]) -> None:
    cover_answers = [answer for exercise in mixed_exercises if exercise.kind == "cover" for answer in exercise.answers]
    assert cover_answers
    for answer in cover_answers:
        assert escape(render_plain(Chain.parse(answer.expression))) not in exercises_part(page)


@pytest.mark.parametrize(
    ("lang", "names"),
    [
        ("it", ["ippopotamo", "ape"]),
        ("de", ["Nilpferd", "Biene"]),
        ("fr", ["hippopotame", "abeille"]),
        ("en", ["hippo"]),
    ],
)
def test_figures_are_named_in_the_sheet_language_beside_their_picture(lang: str, names: list[str]) -> None:
    exercises = generate(level=4, count=12, seed=1, kinds=["cover"], lang=lang)
    page = worksheet_html(exercises, title="Figures", level=4, seed=1, lang=lang)
    for name in names:
        assert re.search(f'<text class="words" [^>]*>{name}</text>', page)
    figure_cards = page.count('<svg class="card-art nambarz figure"')
    pictured = re.findall(r'<svg class="card-art nambarz figure"[^>]*><use href="#card-([a-z]+)"/>', page)
    assert len(pictured) == figure_cards > 0 and "figure" not in pictured


def test_prompts_and_titles_are_escaped(mixed_exercises: list[Exercise]) -> None:
    page = worksheet_html(mixed_exercises[:1], title="<script>alert(1)</script>", level=2, seed=7, lang="en")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<script>" not in page
    assert parsed(page).open == []


def test_a_worksheet_without_exercises_or_title_or_with_another_key_is_refused(
    mixed_exercises: list[Exercise],
) -> None:
    with pytest.raises(GameError, match="at least one exercise"):
        worksheet_html([], title="Week 3", level=1, seed=0, lang="en")
    with pytest.raises(GameError, match="title"):
        worksheet_html(mixed_exercises, title="  ", level=1, seed=0, lang="en")
    with pytest.raises(GameError, match="key must be one of both, none, only, not 'half'"):
        worksheet_html(mixed_exercises, title="Week 3", level=1, seed=0, lang="en", key="half")


def test_the_text_form_has_the_prompts_then_the_key_in_words_and_school_notation() -> None:
    exercises = generate(level=5, count=9, seed=2, lang="fr")
    text = worksheet_text(exercises, title="Semaine 3", level=5, seed=2, lang="fr")
    prompts, key = text.split("\nCorrigé\n")
    assert [line.split(". ", 1)[1] for line in prompts.splitlines()[2:]] == [exercise.prompt for exercise in exercises]
    assert key.startswith("Niveau 5 · Graine 2\n") and "Graine" not in prompts
    assert not re.search(r" [*/?] ", text)
    assert not [code.value for code in ViolationCode if code.value in key] and "Décision" not in key
    assert "□ = " in key or all(exercise.kind != "missing-card" for exercise in exercises)


def test_the_command_writes_the_file_and_the_same_seed_gives_the_same_file(cli: Cli, tmp_path: Path) -> None:
    first, second = tmp_path / "first.html", tmp_path / "second.html"
    arguments = ["worksheet", "--level", "2", "--count", "4", "--seed", "7", "--kinds", "cover,referee"]
    outcome = cli(*arguments, "-o", str(first))
    assert (outcome.exit_code, outcome.stdout) == (0, "")
    outcome = cli(*arguments, "-o", str(second))
    assert (outcome.exit_code, outcome.stdout) == (0, "")
    assert first.read_text(encoding="utf-8") == second.read_text(encoding="utf-8")
    assert parsed(first.read_text(encoding="utf-8")).classes.count("exercise") == 4


def test_the_command_prints_the_page_without_output_file(cli: Cli) -> None:
    result = cli("worksheet", "--count", "2", "--seed", "3", "--title", "Practice")
    assert result.exit_code == 0
    assert result.stdout.startswith("<!DOCTYPE html>") and "<title>Practice</title>" in result.stdout
    outcome = cli("worksheet", "--count", "2", "--seed", "3", "--title", "Practice", "-o", "-")
    assert (outcome.exit_code, outcome.stdout) == (0, result.stdout)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--level", "6"], "--level: expected 1 to 5"),
        (["--count", "0"], "--count: expected 1 to 50"),
        (["--lang", "xx"], "--lang: invalid choice"),
        (["--kinds", "cover,sudoku"], "--kinds: expected kinds among"),
        (["--rules", "complex"], "--rules: unknown arithmetic domain"),
        (["--title", " "], "--title: expected a heading"),
    ],
)
def test_the_command_refuses_bad_arguments_with_one_line(cli: Cli, arguments: list[str], message: str) -> None:
    result = cli("worksheet", *arguments)
    error = result.stderr
    assert (result.exit_code, result.stdout) == (2, "")
    assert message in error and error.count("\n") == 1


# ----------------------------------------------------------------- the exercises command (text)


def test_the_exercises_command_prints_the_prompts_then_the_answer_key(cli: Cli) -> None:
    chosen = generate(level=3, count=3, seed=2, lang="it")
    result = cli("exercises", "--level", "3", "--count", "3", "--seed", "2", "--lang", "it")
    assert result.exit_code == 0
    assert (
        result.stdout == worksheet_text(chosen, title="Scheda di esercizi Nambarz", level=3, seed=2, lang="it") + "\n"
    )
    prompts, key = result.stdout.split("\nSoluzioni\n")
    assert prompts.splitlines()[:2] == ["Scheda di esercizi Nambarz", ""]
    assert key.splitlines()[0] == "Livello 3 · Seme 2"


def test_the_exercises_command_prints_the_api_answer_with_json(cli: Cli, client: FlaskClient) -> None:
    result = cli("exercises", "--level", "2", "--count", "4", "--seed", "7", "--kinds", "cover,referee", "--json")
    body = {"level": 2, "count": 4, "seed": 7, "kinds": ["cover", "referee"]}
    assert result.exit_code == 0
    assert json.loads(result.stdout) == client.post("/api/v1/tutor/exercises", json=body).get_json()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--level", "0"], "--level: expected 1 to 5"),
        (["--kinds", ""], "--kinds: expected kinds among"),
        (["--lang", "es"], "--lang: invalid choice"),
        (["--rules", "complex"], "--rules: unknown arithmetic domain"),
    ],
)
def test_the_exercises_command_refuses_bad_arguments_with_one_line(
    cli: Cli, arguments: list[str], message: str
) -> None:
    result = cli("exercises", *arguments)
    error = result.stderr
    assert (result.exit_code, result.stdout) == (2, "")
    assert message in error and error.count("\n") == 1


def test_the_command_refuses_an_unwritable_file(cli: Cli, tmp_path: Path) -> None:
    target = tmp_path / "missing-folder" / "sheet.html"
    outcome = cli("worksheet", "--count", "1", "-o", str(target))
    assert (outcome.exit_code, outcome.stdout) == (2, "")
    error = outcome.stderr
    assert "cannot be written" in error and error.count("\n") == 1
    assert not target.exists()


def test_the_api_answers_an_html_worksheet(client: FlaskClient) -> None:
    body: dict[str, Any] = {"level": 2, "count": 3, "seed": 7, "kinds": ["cover"], "title": "Week 3"}
    response = client.post("/api/v1/tutor/worksheet", json=body)
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    assert page == worksheet_html(
        generate(level=2, count=3, seed=7, kinds=["cover"]), title="Week 3", level=2, seed=7, lang="en"
    )


@pytest.mark.parametrize("key", ["none", "only"])
def test_the_api_and_the_command_print_the_key_as_asked(client: FlaskClient, cli: Cli, key: str) -> None:
    sheet = worksheet_html(generate(level=2, count=2, seed=7), title="Week 3", level=2, seed=7, lang="en", key=key)
    body = {"level": 2, "count": 2, "seed": 7, "title": "Week 3", "key": key}
    assert client.post("/api/v1/tutor/worksheet", json=body).get_data(as_text=True) == sheet
    outcome = cli("worksheet", "--level", "2", "--count", "2", "--seed", "7", "--title", "Week 3", "--key", key)
    assert (outcome.exit_code, outcome.stdout) == (0, sheet)
    assert ('id="answer-key"' in sheet) == (key == "only")


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"key": "half"}, "key"),
        ({"level": 0}, "level"),
        ({"count": 51}, "count"),
        ({"kinds": ["sudoku"]}, "kinds"),
        ({"lang": "xx"}, "lang"),
        ({"title": "   "}, "title"),
        ({"rules": "complex"}, "rules"),
    ],
)
def test_the_api_refuses_bad_input_naming_the_field(client: FlaskClient, body: dict[str, Any], field: str) -> None:
    response = client.post("/api/v1/tutor/worksheet", json={"count": 1, **body})
    assert response.status_code == 422
    assert field in response.get_json()["errors"]["json"]


def test_the_api_documents_the_html_answer(client: FlaskClient) -> None:
    document = client.get("/api/openapi.json").get_json()
    answer = document["paths"]["/api/v1/tutor/worksheet"]["post"]["responses"]["200"]
    assert "text/html" in answer["content"]
