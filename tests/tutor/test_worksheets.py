"""Printable worksheets: the HTML document, the ``nambarz worksheet`` command and ``/api/v1/tutor/worksheet``."""

from __future__ import annotations

import dataclasses
import json
from html import escape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from solver.errors import GameError
from solver.nambarz.notation import Chain
from tests.conftest import Cli
from tutor.exercises import Exercise, generate
from tutor.nambarz import explain_verdict
from tutor.rendering import render_plain
from tutor.worksheets import worksheet_html

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


def key_section(page: str) -> str:
    return page[page.index('<section class="answer-key">') :]


def test_the_worksheet_is_an_html5_document_whose_tags_balance(page: str) -> None:
    checker = parsed(page)
    assert page.startswith("<!DOCTYPE html>\n")
    assert checker.open == []
    assert checker.starts[:3] == ["html", "head", "meta"]


def test_the_worksheet_numbers_every_exercise_with_its_prompt_and_cards(
    page: str, mixed_exercises: list[Exercise]
) -> None:
    checker = parsed(page)
    exercises_part = page[: page.index('<section class="answer-key">')]
    assert checker.classes.count("exercise") == len(mixed_exercises)
    for exercise in mixed_exercises:
        assert escape(exercise.prompt) in exercises_part
        assert f'<span class="card top">{escape(str(exercise.top))}</span>' in exercises_part
        for card in exercise.hand:
            assert f'<span class="card">{escape(str(card))}</span>' in exercises_part


def test_the_answer_key_starts_a_new_printed_page(page: str) -> None:
    assert "@media print" in page
    assert "size: A4" in page
    assert ".answer-key { break-before: page; page-break-before: always; }" in page
    assert page.index('<section class="exercises">') < page.index('<section class="answer-key">')


def test_every_answer_of_every_exercise_appears_in_the_key(page: str, mixed_exercises: list[Exercise]) -> None:
    key = key_section(page)
    assert parsed(page).classes.count("key") == len(mixed_exercises)
    for exercise in mixed_exercises:
        for answer in exercise.answers:
            if answer.verdict is None:
                assert escape(render_plain(Chain.parse(answer.expression))) in key
            else:
                assert escape(explain_verdict(answer.verdict)) in key


def test_the_answers_are_not_on_the_exercise_page(page: str, mixed_exercises: list[Exercise]) -> None:
    exercises_part = page[: page.index('<section class="answer-key">')]
    cover_answers = [answer for exercise in mixed_exercises if exercise.kind == "cover" for answer in exercise.answers]
    assert cover_answers
    for answer in cover_answers:
        assert escape(render_plain(Chain.parse(answer.expression))) not in exercises_part


def test_prompts_and_titles_are_escaped(mixed_exercises: list[Exercise]) -> None:
    tricky = dataclasses.replace(mixed_exercises[0], prompt="Is 3 < 4 & <b>bold</b>?")
    page = worksheet_html([tricky], title="<script>alert(1)</script>", level=2, seed=7, lang="en")
    assert "Is 3 &lt; 4 &amp; &lt;b&gt;bold&lt;/b&gt;?" in page
    assert "<script>" not in page and "<b>" not in page
    assert parsed(page).open == []


def test_a_worksheet_without_exercises_or_title_is_refused(mixed_exercises: list[Exercise]) -> None:
    with pytest.raises(GameError, match="at least one exercise"):
        worksheet_html([], title="Week 3", level=1, seed=0, lang="en")
    with pytest.raises(GameError, match="title"):
        worksheet_html(mixed_exercises, title="  ", level=1, seed=0, lang="en")


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
    prompts, key = result.stdout.split("\nSoluzioni\n")
    assert prompts.splitlines()[:2] == ["Scheda di esercizi Nambarz", "Livello 3 · Seme 2"]
    assert [line.split(". ", 1)[1] for line in prompts.splitlines()[3:]] == [exercise.prompt for exercise in chosen]
    for exercise in chosen:
        for answer in exercise.answers:
            shown = (
                explain_verdict(answer.verdict, "it")
                if answer.verdict
                else render_plain(Chain.parse(answer.expression))
            )
            assert shown.splitlines()[0] in key


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


@pytest.mark.parametrize(
    ("body", "field"),
    [
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
