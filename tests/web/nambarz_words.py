"""What a Nambarz page shows a person, and the codes that must never be among it.

The codes are those of :mod:`tests.browser.visible_codes`, which the browser's walk looks for.
"""

from __future__ import annotations

import html
import re

from tests.browser.visible_codes import leaks

_REFEREES_DETAILS = re.compile(r'<details class="for-referees">.*?</details>', re.DOTALL)
_SCRIPTS = re.compile(r"<(script|style|template)\b.*?</\1>", re.DOTALL)
_BLOCK = re.compile(
    r"</?(?:p|div|li|ul|ol|dl|dt|dd|h\d|tr|td|th|section|article|details|summary|label|button|option|select|br|"
    r"form|fieldset|legend|header|footer|nav|main|table|input)\b[^>]*>"
)
_TAG = re.compile(r"<[^>]+>")
_NAMED_DRAWING = re.compile(r'<svg\b[^>]*\baria-label="([^"]*)"[^>]*>.*?</svg>', re.DOTALL)
_DRAWING = re.compile(r"<svg\b.*?</svg>", re.DOTALL)
_ADDRESS = re.compile(r"https?://\S+")


def visible_text(page: str) -> str:
    r"""The words of ``page`` a person reads: no tags and their attributes, no referees' details, no scripts.

    Each block (a paragraph, a list item, a term and its description) is a line of its own, and a card drawn
    is read as its name (the words inside its drawing are placed by the picture, not read one after the
    other).  What a script shows later (the card keyboard) counts as read; an address printed on the page (a
    permalink under a printed ruling) is a machine's text, and is left out.

    >>> visible_text('<p data-code="no-match">8 <b>bee</b></p><dt>Play</dt><dd>4 − 2</dd>'
    ...              '<details class="for-referees">no-match</details>')
    '8 bee\nPlay\n4 − 2'
    """
    body = page[page.find("<body") :] if "<body" in page else page
    body = _DRAWING.sub(" ", _NAMED_DRAWING.sub(r" \1 ", body))  # a card drawn is read as its name
    body = _BLOCK.sub("\n", _SCRIPTS.sub(" ", _REFEREES_DETAILS.sub(" ", body)))
    text = _ADDRESS.sub(" ", html.unescape(_TAG.sub("", body)))
    return "\n".join(" ".join(line.split()) for line in text.splitlines() if line.strip())


def shown_codes(text: str, lang: str) -> list[str]:
    """The codes a person would read in ``text``, a Nambarz page's words in ``lang`` (see :func:`leaks`).

    >>> shown_codes("You played 3bee; not-minimal.", "en"), shown_codes("3 bee, the replay joker", "en")
    (['3bee', 'not-minimal'], [])
    """
    return [leak.code for leak in leaks(text, lang, game="nambarz")]
