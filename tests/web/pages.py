"""What a page shows, for the page tests: its verdict's attributes, the message beside a field, its forms' token."""

from __future__ import annotations

import html
import re

from flask.testing import FlaskClient
from werkzeug.test import TestResponse


def verdict_of(response: TestResponse) -> tuple[str, list[str]]:
    """The verdict's ``data-legal`` and ``data-codes`` on a page answered with 200."""
    assert response.status_code == 200, response.text
    found = re.search(r'<section id="verdict"[^>]* data-legal="(\w+)" data-codes="([^"]*)"', response.text)
    assert found is not None, "the page shows no verdict"
    return found.group(1), found.group(2).split()


def field_error(response: TestResponse, field: str) -> str:
    """The message shown beside ``field`` on a page refused with 422."""
    assert response.status_code == 422, response.text
    found = re.search(rf'<p class="field-error" id="{field}-error">([^<]*)</p>', response.text)
    assert found is not None, f"no message beside {field}"
    return html.unescape(found.group(1))


def form_token(client: FlaskClient) -> str:
    """The token that the pages' forms carry for ``client``'s session, read from the start form (``/play``).

    A test sends it as ``csrf_token`` with a form, as the page's own form would.
    """
    page = client.get("/play?lang=en")
    found = re.search(r'<input type="hidden" name="csrf_token" value="([^"]+)">', page.text)
    assert found is not None, "the start form carries no token"
    return found.group(1)
