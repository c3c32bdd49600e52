"""What the tests of ``/api/v1/practice`` and ``/api/v1/classes`` share: an app on a new database, answers, races."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from flask import Flask
from flask.testing import FlaskClient

from api.app import create_app
from services.configuration import game_tables
from services.practice.judging import key_answer, wrong_answer
from tutor.item_bank import bank, exercise

Result = TypeVar("Result")


@contextmanager
def practice_app(database_url: str, **config: Any) -> Iterator[Flask]:
    """The app on ``database_url``, its connections closed after."""
    app = create_app({"TESTING": True, "NAMBARZ_DATABASE_URL": database_url, **config})
    try:
        yield app
    finally:
        with app.app_context():
            game_tables().store.dispose()


def right_answer(item_id: str) -> str:
    """An accepted answer to the item ``item_id``: a calculation, a card, or the referee's say."""
    return key_answer(exercise(bank()[item_id]))


def wrong_answer_to(item_id: str) -> str:
    """An answer to the item ``item_id`` that is judged wrong: two cards of the hand added, the other card, the other
    button."""
    return wrong_answer(exercise(bank()[item_id]))


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_class(client: FlaskClient, **settings: Any) -> dict[str, Any]:
    answer = client.post("/api/v1/classes", json={"name": "4B", "lang": "en", "operators": "+-", **settings})
    assert answer.status_code == 201, answer.text
    made: dict[str, Any] = answer.get_json()
    return made


def join(client: FlaskClient, code: str, nickname: str) -> str:
    answer = client.post("/api/v1/classes/join", json={"code": code, "nickname": nickname})
    assert answer.status_code == 201, answer.text
    token: str = answer.get_json()["pupil_token"]
    return token


def at_once(*works: Callable[[], Result]) -> list[Result]:
    """Run ``works`` in threads released together; their results, in order."""
    barrier = threading.Barrier(len(works))
    results: dict[int, Result] = {}
    errors: list[BaseException] = []

    def run(position: int, work: Callable[[], Result]) -> None:
        barrier.wait()
        try:
            results[position] = work()
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=run, args=(position, work)) for position, work in enumerate(works)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    return [results[position] for position in range(len(works))]


def keys_anywhere(document: Any) -> set[str]:
    """Every key of every object in ``document``, however deep."""
    if isinstance(document, dict):
        return set(document) | {key for value in document.values() for key in keys_anywhere(value)}
    if isinstance(document, list):
        return {key for value in document for key in keys_anywhere(value)}
    return set()
