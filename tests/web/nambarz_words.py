"""What a Nambarz page shows a person, and the codes that must never be among it."""

from __future__ import annotations

import html
import re

from solver.nambarz.deck import Deck
from solver.nambarz.rulings import RULINGS
from solver.nambarz.violations import ViolationCode

NAMBARZ_CODES = sorted(
    {code.value for code in ViolationCode}
    | set(RULINGS)
    | {str(card) for card in Deck.default().faces() if card.is_joker or card.figure is not None},
    key=len,
    reverse=True,
)
"""Every Nambarz code a person must never read: violation codes, ruling ids, joker and figure card codes."""

_REFEREES_DETAILS = re.compile(r'<details class="for-referees">.*?</details>', re.DOTALL)
_SCRIPTS = re.compile(r"<(script|style|template)\b.*?</\1>", re.DOTALL)
_TAG = re.compile(r"<[^>]+>")
_ADDRESS = re.compile(r"https?://\S+")


def visible_text(page: str) -> str:
    """The words of ``page`` a person reads: no tags and their attributes, no referees' details, no scripts.

    What a script shows later (the card keyboard) counts as read.

    An address printed on the page (a permalink under a printed ruling) is a machine's text, and is left out.

    >>> visible_text('<p data-code="no-match">8 <b>bee</b></p><details class="for-referees">no-match</details>')
    '8 bee'
    """
    body = page[page.find("<body") :] if "<body" in page else page
    body = _SCRIPTS.sub(" ", _REFEREES_DETAILS.sub(" ", body))
    return " ".join(_ADDRESS.sub(" ", html.unescape(_TAG.sub(" ", body))).split()).replace(" ,", ",")


def shown_codes(text: str) -> list[str]:
    """The Nambarz codes ``text`` shows, each as a word of its own.

    >>> shown_codes("You played 3bee; not-minimal.") , shown_codes("3 bee, the replay joker")
    (['not-minimal', '3bee'], [])
    """
    return [code for code in NAMBARZ_CODES if re.search(rf"(?<![\w-]){re.escape(code)}(?![\w-])", text)]
