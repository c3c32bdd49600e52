"""Warming the app up before it serves, so that no worker's first request pays for loading.

A cold process answers its first expensive request slowly: it imports
sympy and networkx, reads the translation catalogs, compiles the page
templates and fills the engine's caches.  Under a time budget of half a
second that first request could be refused (a first worksheet took 0.7 s).
``nambarz serve`` calls :func:`warm_up` once in gunicorn's master process,
before it forks its workers, so every worker starts with all of it loaded;
that includes the exercises of the practice item bank in every language
(a few seconds), so that no pupil's exercise or answer waits for its
exercise to be drawn, whichever worker answers it.

The requests come from a documentation address (TEST-NET-1) and are left
out of the rate limits (:data:`services.rate_limits.UNCOUNTED`): two dozen
expensive requests within seconds would meet any client's budget, and the
pages refused would stay cold.

>>> from api.app import create_app
>>> warm_up(create_app({"TESTING": True}))
"""

from __future__ import annotations

from flask import Flask

from services.rate_limits import UNCOUNTED
from tutor.item_bank import bank, exercise

WARM_UP_ADDRESS = "192.0.2.1"
"""Where the warm-up requests say they come from: an address reserved for documentation (RFC 5737)."""

WARM_UP_POSTS = (
    ("/api/v1/nambarz/check", {"top": "3bee", "turn": "6 + 5 + 2 - 10 ; Jreplay ; 9hen - 6 / 3"}),
    ("/api/v1/nambarz/plan", {"top": "3bee", "hand": ["1", "2", "4", "6", "Jreplay", "7fish", "8bee"]}),
    ("/api/v1/nambarz/hint", {"top": "10", "hand": ["1", "2", "4", "6"], "level": 3}),
    ("/api/v1/tutor/worksheet", {"count": 3, "kinds": ["cover", "missing-card", "referee"]}),
)
"""API requests that load what the engine, the explanations and the printed sheets need."""

WARM_UP_PAGES = (
    "/?lang={lang}",
    "/solve?top=10&hand=1+2+4+6+7fish&lang={lang}",
    "/nambarz/check?top=3bee&play=6+%2B+5+%2B+2+-+10&lang={lang}",
    "/practice?seed=1&level=2&lang={lang}",
    "/worksheet?count=2&lang={lang}",
)
"""Pages, each asked in every language, to load the catalogs and compile the templates."""

LANGUAGES = ("en", "it", "de", "fr")


def warm_up(app: Flask) -> None:
    """Send ``app`` the requests that load everything its expensive answers use; their answers are dropped."""
    client = app.test_client()
    environ = {"REMOTE_ADDR": WARM_UP_ADDRESS, UNCOUNTED: True}
    for path, body in WARM_UP_POSTS:
        client.post(path, json=body, environ_base=environ)
    for page in WARM_UP_PAGES:
        for lang in LANGUAGES:
            client.get(page.format(lang=lang), environ_base=environ)
    for lang in LANGUAGES:
        for item in bank().values():
            exercise(item, lang)
