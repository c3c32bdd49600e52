"""``/solve``: three hints for a position, then every legal play."""

from __future__ import annotations

from urllib.parse import urlencode

from flask.testing import FlaskClient


def test_three_hints_then_every_legal_calculation(client: FlaskClient) -> None:
    page = client.get("/solve?" + urlencode({"top": "3bee", "hand": "10 4 2 7", "lang": "it"}))
    assert page.status_code == 200
    assert page.text.count('class="hint-level"') == 3
    assert "Gioca (10 + 2) ÷ 4" in page.text
    assert "calcoli validi" in page.text


def test_a_hand_may_be_written_with_commas(client: FlaskClient) -> None:
    page = client.get("/solve?" + urlencode({"top": "3", "hand": "1,2"}))
    assert "2 + 1" in page.text


def test_bad_input_is_shown_beside_its_field(client: FlaskClient) -> None:
    page = client.get("/solve?" + urlencode({"top": "3", "hand": "1 2 banana"}))
    assert page.status_code == 422
    assert 'id="hand-error"' in page.text


def test_the_empty_page_is_a_form(client: FlaskClient) -> None:
    page = client.get("/solve")
    assert page.status_code == 200
    assert 'class="hints"' not in page.text


def test_each_hint_reveals_only_its_own_level(client: FlaskClient) -> None:
    page = client.get("/solve?" + urlencode({"top": "3bee", "hand": "10 4 2 7"}))
    hints = [part.split("<p>")[1].split("</p>")[0] for part in page.text.split('class="hint-level"')[1:4]]
    assert hints[0].startswith("No card in your hand matches 3 bee.")
    assert hints[1] == "Start with 10, then +."
    assert hints[2].startswith("Play (10 + 2) ÷ 4")
