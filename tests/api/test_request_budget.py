"""One time budget per request: past ``NAMBARZ_TIME_LIMIT`` every endpoint and page that works answers 422.

A budget of 0 s has run out before the first search checks it, on any
machine, so these tests wait for nothing.  How long the worst requests take
against the real budget is measured by ``benchmarks/request_budget.py``.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from api.app import create_app
from solver.budget import check_budget

HAND = {"top": "10", "hand": ["1", "2", "3", "4", "6", "Jreplay"]}


@pytest.fixture(scope="module")
def hurried() -> Flask:
    """The app with a budget of 0 s per request, sets of exercises included."""
    return create_app({"TESTING": True, "NAMBARZ_TIME_LIMIT": 0, "NAMBARZ_EXERCISES_TIME_LIMIT": 0})


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/v1/nambarz/solve", HAND),
        ("/api/v1/nambarz/plan", HAND),
        ("/api/v1/nambarz/check", {"top": "10", "turn": "6 + 4 ; Jreplay ; 1 + 9"}),
        ("/api/v1/tutor/hint", {**HAND, "level": 3}),
        ("/api/v1/tutor/exercises", {"count": 5}),
        ("/api/v1/tutor/worksheet", {"count": 5}),
    ],
)
def test_an_endpoint_past_the_budget_answers_422_naming_the_limit(
    hurried: Flask, path: str, body: dict[str, Any]
) -> None:
    answer = hurried.test_client().post(path, json=body)
    assert answer.status_code == 422
    assert answer.get_json()["message"].startswith("the request ran past its time limit of 0 s during ")


@pytest.mark.parametrize(
    ("path", "body"), [("/api/v1/tutor/exercises", {"count": 5}), ("/api/v1/tutor/worksheet", {"count": 5})]
)
def test_a_set_of_exercises_has_its_own_budget(path: str, body: dict[str, Any]) -> None:
    app = create_app({"TESTING": True, "NAMBARZ_TIME_LIMIT": 0, "NAMBARZ_EXERCISES_TIME_LIMIT": 60})
    assert app.test_client().post(path, json=body).status_code == 200


def test_a_request_that_needs_no_search_is_answered_within_any_budget(hurried: Flask) -> None:
    answer = hurried.test_client().post("/api/v1/nambarz/check", json={"top": "10", "play": "10bear"})
    assert (answer.status_code, answer.get_json()["legal"]) == (200, True)


@pytest.mark.parametrize(
    ("path", "says"),
    [
        ("/solve?top=10&hand=1+2+3+4&lang=it", "Il calcolo richiede più tempo di quanto il server conceda"),
        ("/nambarz/check?top=10&play=6+%2B+4&lang=de", "Das zu berechnen dauert länger, als der Server erlaubt"),
        ("/worksheet?count=5&lang=en", "Making this sheet takes longer than the server allows"),
        ("/practice?seed=1&level=3&lang=en", "Finding this exercise takes longer than the server allows"),
    ],
)
def test_a_page_past_the_budget_says_so_in_its_language(hurried: Flask, path: str, says: str) -> None:
    answer = hurried.test_client().get(path)
    assert answer.status_code == 422
    assert says in answer.get_data(as_text=True)


def test_a_budget_running_out_outside_a_view_is_still_a_422_in_the_error_shape() -> None:
    app = create_app({"TESTING": True, "NAMBARZ_TIME_LIMIT": 0})
    app.add_url_rule("/api/v1/late", "late", lambda: check_budget("the rendering"))
    answer = app.test_client().get("/api/v1/late")
    assert (answer.status_code, answer.get_json()) == (
        422,
        {
            "code": 422,
            "status": "Unprocessable Entity",
            "message": "the request ran past its time limit of 0 s during the rendering",
        },
    )


def test_a_page_whose_budget_runs_out_outside_its_view_is_an_error_page() -> None:
    app = create_app({"TESTING": True, "NAMBARZ_TIME_LIMIT": 0})
    app.add_url_rule("/late", "late", lambda: check_budget("the rendering"))
    answer = app.test_client().get("/late?lang=fr")
    assert answer.status_code == 422
    assert 'lang="fr"' in answer.get_data(as_text=True)
