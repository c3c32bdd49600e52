"""The codes that must never be among what a Nambarz page shows a person (read with :mod:`tests.web.readable`).

The codes are those of :mod:`tests.browser.visible_codes`, which the browser's walk looks for.
"""

from __future__ import annotations

from tests.browser.visible_codes import leaks


def shown_codes(text: str, lang: str) -> list[str]:
    """The codes a person would read in ``text``, a Nambarz page's words in ``lang`` (see :func:`leaks`).

    >>> shown_codes("You played 3bee; not-minimal.", "en"), shown_codes("3 bee, the replay joker", "en")
    (['3bee', 'not-minimal'], [])
    """
    return [leak.code for leak in leaks(text, lang, game="nambarz")]
