"""What the running app is configured with, as the endpoints, the pages and the bots' tables read it.

Each reader takes the value from the current Flask app (its config and
extensions, which :func:`api.app.create_app` sets), so an endpoint or a page
asks for ``search_time_limit()`` instead of a config key.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Any

from flask import current_app, has_request_context
from flask import request as flask_request

from services.play.store import GameStore, default_database_url
from services.play.tables import Tables
from services.schemas.nambarz import CardLimits
from solver.nambarz.deck import Deck
from tutor.i18n import DEFAULT_LANGUAGE, negotiate


def answer_language(request: Mapping[str, Any]) -> str:
    """The language of an answer's explanation: the request's ``lang``, else ``Accept-Language``'s, else English."""
    lang = request.get("lang")
    if lang:
        return str(lang)
    if has_request_context():
        return negotiate(flask_request.headers.get("Accept-Language"))
    return DEFAULT_LANGUAGE


def nambarz_deck() -> Deck:
    """The Nambarz deck configured for the app (``NAMBARZ_DECK``), else the default deck."""
    deck: Deck = current_app.extensions["nambarz_deck"]
    return deck


def card_limits() -> CardLimits:
    """What the cards of a Nambarz request must respect: the app's deck and ``NAMBARZ_MAX_HAND`` cards at most."""
    return CardLimits(nambarz_deck(), int(current_app.config["NAMBARZ_MAX_HAND"]))


def game_tables() -> Tables:
    """The app's games (:mod:`services.play.tables`), in the database of ``NAMBARZ_DATABASE_URL``, opened on first use.

    Each process opens its own connections: a server's workers open theirs
    after the fork.
    """
    with _TABLES_OPENING:
        tables: Tables | None = current_app.extensions.get("nambarz_tables")
        if tables is None:
            url = current_app.config["NAMBARZ_DATABASE_URL"] or default_database_url()
            review_time_limit = float(current_app.config["NAMBARZ_REVIEW_TIME_LIMIT"])
            tables = Tables(GameStore(url), review_time_limit=review_time_limit)
            current_app.extensions["nambarz_tables"] = tables
    return tables


_TABLES_OPENING = threading.Lock()


def search_time_limit() -> float:
    """Seconds a search may take before the request is refused (``NAMBARZ_TIME_LIMIT``)."""
    return float(current_app.config["NAMBARZ_TIME_LIMIT"])
