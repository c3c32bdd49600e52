"""Reading what a page shows, for the page tests: its verdict's attributes and the message beside a field."""

from __future__ import annotations

import html
import re

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
