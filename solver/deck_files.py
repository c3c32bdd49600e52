"""Reading deck files, for every game whose deck a user may replace (Nambarz, Nmbrs!).

Both games read a deck file the same way: the text of the file, then its JSON
document, each failure a :class:`~solver.errors.DeckError` that names the file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from solver.errors import DeckError


def read_deck_file(path: str | Path) -> tuple[str, str]:
    """The text of a deck file, and how messages name it; an unreadable file is a :class:`DeckError`."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise DeckError(f"deck file {str(path)!r} cannot be read: {error.strerror}") from None
    return text, f"deck file {str(path)!r}"


def parse_deck_json(text: str, source: str) -> Any:
    """The JSON document of a deck; invalid JSON is a :class:`DeckError` naming ``source``.

    >>> parse_deck_json('{"cards": {}}', "deck")
    {'cards': {}}
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise DeckError(f"{source} is not valid JSON: {error.msg} at line {error.lineno}") from None
