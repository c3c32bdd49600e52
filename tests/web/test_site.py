"""What every page shares: the language, the navigation, errors, static files and the weight of a page."""

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient

from tutor.i18n import SUPPORTED_LANGUAGES, translator
from web.site import every_page

PAGE_WEIGHT_LIMIT = 150 * 1024
"""A page's HTML, CSS and JavaScript together, in bytes."""


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_the_home_page_speaks_the_language_asked_for(client: FlaskClient, lang: str) -> None:
    page = client.get(f"/?lang={lang}")
    assert page.status_code == 200
    assert f'<html lang="{lang}">' in page.text
    heading = {"en": "Check a play", "it": "Verifica una giocata", "de": "Spielzug prüfen", "fr": "Vérifier un coup"}
    assert heading[lang] in page.text


def test_without_lang_the_browser_language_is_used(client: FlaskClient) -> None:
    page = client.get("/", headers={"Accept-Language": "de-AT, de;q=0.9, en;q=0.5"})
    assert '<html lang="de">' in page.text


def test_an_unsupported_language_is_named_on_the_page_which_falls_back_to_the_browser_language(
    client: FlaskClient,
) -> None:
    page = client.get("/nambarz/check?lang=xx", headers={"Accept-Language": "fr"})
    assert page.status_code == 200
    assert '<html lang="fr">' in page.text
    notice = translator("fr", "web").gettext("The language “%(asked)s” is not offered; the pages speak %(offered)s.")
    offered = "English, Italiano, Deutsch, Français"
    assert notice % {"asked": "xx", "offered": offered} in html.unescape(page.text)


def test_the_language_switch_keeps_the_question(client: FlaskClient) -> None:
    page = client.get("/nambarz/check?top=3bee&play=9+/+3&lang=en")
    assert 'href="/nambarz/check?top=3bee&amp;play=9+/+3&amp;lang=it"' in page.text


@pytest.mark.parametrize("path", ["/no-such-page", "/static/no-such-file.svg"])
def test_an_unknown_address_is_a_page_in_the_reader_language(client: FlaskClient, path: str) -> None:
    page = client.get(f"{path}?lang=it")
    assert page.status_code == 404
    assert page.mimetype == "text/html"
    assert "Pagina non trovata" in page.text


def test_the_api_keeps_its_json_errors(client: FlaskClient) -> None:
    answer = client.get("/api/v1/no-such-endpoint")
    assert answer.status_code == 404
    assert answer.get_json()["code"] == 404


@pytest.mark.parametrize("page", list(every_page()), ids=lambda page: page.endpoint)
def test_every_page_stays_light_and_loads_nothing_from_elsewhere(client: FlaskClient, page: object) -> None:
    html = client.get(page.path).text  # type: ignore[attr-defined]
    assert not re.search(r'(src|href)="(https?:)?//', html), "a page loads something from another server"
    assets = re.findall(r'(?:src|href)="(/static/[^"#]+)"', html)
    weight = len(html.encode()) + sum(len(client.get(asset).data) for asset in set(assets))
    assert weight < PAGE_WEIGHT_LIMIT, f"{page.path}: {weight} bytes"  # type: ignore[attr-defined]
