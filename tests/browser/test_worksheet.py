"""The worksheet page in a real browser: a teacher builds a sheet with the form, prints it to PDF, the test reads it."""

from __future__ import annotations

import io
import re

import pytest

from tests.browser.conftest import Browse

EXERCISE_NUMBER = re.compile(r"^(\d+)\.(?: |$)", re.MULTILINE)
"""An exercise's number at the start of a line of the PDF's text (alone on it when drawn cards follow)."""


def build(browse: Browse, *, level: int, key: str, lang: str = "en") -> list[str]:
    """Fill the form for 12 exercises of ``level``, send it, print the sheet to A4 and return each page's text."""
    from pypdf import PdfReader  # noqa: PLC0415 - only when a browser test runs

    page = browse.open(f"/worksheet?lang={lang}")
    page.select_option("#level", str(level))
    page.fill("#count", "12")
    page.fill("#seed", "3")
    page.check(f'input[name="key"][value="{key}"]')
    page.locator('form.worksheet-form button[type="submit"]').click()
    page.wait_for_load_state()
    assert page.locator(".sheet").count() == 1
    pdf = PdfReader(io.BytesIO(page.pdf(format="A4")))
    return [printed.extract_text() for printed in pdf.pages]


def exercise_numbers(pages: list[str]) -> list[int]:
    return [int(number) for text in pages for number in EXERCISE_NUMBER.findall(text)]


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_twelve_exercises_print_on_two_pages_whole_numbered_and_the_key_on_a_page_of_its_own(
    browse: Browse, level: int
) -> None:
    pages = build(browse, level=level, key="both")
    key_starts = next(index for index, text in enumerate(pages) if text.lstrip().startswith("Answer key"))
    exercises, key = pages[:key_starts], pages[key_starts:]
    assert 1 <= len(exercises) <= 2
    assert exercise_numbers(exercises) == list(range(1, 13))
    assert exercise_numbers(key) == list(range(1, 13))
    assert not any("Answer key" in text for text in exercises)
    assert "Seed" not in "".join(exercises), "the seed is the teacher's, printed on the key only"
    assert f"Level {level} · Seed 3" in key[0]
    assert ".0." not in "".join(pages) and ".1." not in "".join(pages)


def test_without_the_key_nothing_but_the_exercises_prints(browse: Browse) -> None:
    pages = build(browse, level=2, key="none", lang="it")
    assert len(pages) <= 2
    assert exercise_numbers(pages) == list(range(1, 13))
    assert not any("Soluzioni" in text for text in pages)


def test_the_key_alone_prints_only_the_key(browse: Browse) -> None:
    pages = build(browse, level=5, key="only", lang="de")
    assert pages[0].lstrip().startswith("Lösungen")
    assert exercise_numbers(pages) == list(range(1, 13))
    assert not any("Antwort:" in text for text in pages)


def test_the_sheet_is_accessible_fits_the_screen_and_the_print_button_prints(browse: Browse) -> None:
    page = browse.open("/worksheet?level=4&count=12&seed=1&kinds=cover,missing-card,referee&lang=fr")
    assert page.locator(".exercise").count() == 12
    assert page.locator("#answer-key").count() == 1
    assert page.locator("svg.card-art.nambarz.figure").count() > 0
    page.evaluate("window.print = () => { document.body.dataset.printed = 'yes'; }")
    page.get_by_role("button", name="Imprimer la fiche").click()
    assert page.locator("body").get_attribute("data-printed") == "yes"
    browse.assert_fits_width()
    browse.assert_accessible()


def test_a_bad_count_is_shown_beside_its_field(browse: Browse) -> None:
    page = browse.open("/worksheet?lang=en")
    page.fill("#count", "0")
    page.locator('form.worksheet-form button[type="submit"]').click()
    page.wait_for_load_state()
    assert "Choose a number from 1 to 50." in page.locator("#count-error").inner_text()
    assert page.locator(".exercise").count() == 0
    browse.assert_fits_width()
    browse.assert_accessible()
