"""The time budget that covers all the work of a request (``solver/budget.py``).

Nothing here waits: a budget of 0 s has run out by the time anything checks
it, and one of an hour has not, on any machine.
"""

from __future__ import annotations

import pytest

from solver.budget import BudgetExceededError, Deadline, check_budget, current_budget, time_budget
from solver.errors import SearchLimitError
from solver.nambarz import Card, Rules, solve
from solver.nambarz.hint import hint
from solver.nambarz.notation import Turn
from solver.nambarz.planner import plan_turn
from solver.nambarz.turn import Cover, check_turn
from tutor.exercises import generate

HOUR = 3600.0
HAND = [Card.parse(card) for card in ("1", "2", "4", "6", "5", "7fish", "Jreplay")]


def test_outside_a_budget_nothing_is_checked() -> None:
    assert current_budget() is None
    check_budget("the count")


def test_a_budget_that_ran_out_names_its_limit_what_it_covers_and_the_work_it_stopped() -> None:
    with time_budget(0, scope="the request"), pytest.raises(BudgetExceededError) as stopped:
        check_budget("the explanation")
    assert str(stopped.value) == "the request ran past its time limit of 0 s during the explanation"
    assert (stopped.value.seconds, stopped.value.scope) == (0, "the request")


def test_a_budget_ends_with_its_block() -> None:
    with time_budget(0, scope="the request"):
        pass
    check_budget("the count")


def test_a_budget_opened_inside_another_never_outlasts_it() -> None:
    with (
        time_budget(0, scope="the request"),
        time_budget(HOUR, scope="the hint"),
        pytest.raises(BudgetExceededError, match=r"^the request ran past"),
    ):
        check_budget("the plan")


def test_a_shorter_inner_budget_ends_first() -> None:
    with (
        time_budget(HOUR, scope="the request"),
        time_budget(0, scope="the hint"),
        pytest.raises(BudgetExceededError, match=r"^the hint ran past"),
    ):
        check_budget("the plan")


def test_a_search_deadline_names_the_budget_when_the_budget_ends_first() -> None:
    with time_budget(0, scope="the request"):
        deadline = Deadline(HOUR, "the search")
    with pytest.raises(BudgetExceededError, match=r"during the search$"):
        deadline.check()


def test_a_search_deadline_names_its_own_limit_when_that_ends_first() -> None:
    with time_budget(HOUR, scope="the request"):
        deadline = Deadline(0, "the search", started=0.0)
    with pytest.raises(SearchLimitError) as stopped:
        deadline.check()
    assert not isinstance(stopped.value, BudgetExceededError)
    assert str(stopped.value) == "the search ran past its time limit of 0 s; use fewer cards or a larger limit"


@pytest.mark.parametrize(
    "work",
    [
        pytest.param(lambda: solve(Card.parse("10"), HAND, Rules()), id="solve"),
        pytest.param(lambda: plan_turn(Cover(Card.parse("10")), HAND, Rules(), count=3), id="plan"),
        pytest.param(lambda: hint(Card.parse("10"), HAND, Rules(), 3), id="hint"),
        pytest.param(
            lambda: check_turn(Card.parse("10"), Turn.parse("6 + 4 ; Jreplay ; 5 + 5"), Rules()),
            id="every play of a turn",
        ),
        pytest.param(lambda: generate(3, 5, seed=1), id="exercises"),
    ],
)
def test_every_search_of_the_engine_and_the_tutor_stops_when_the_budget_runs_out(work: object) -> None:
    with time_budget(0, scope="the request"), pytest.raises(BudgetExceededError):
        work()  # type: ignore[operator]


def test_a_single_card_needs_no_search_and_no_budget() -> None:
    with time_budget(0, scope="the request"):
        assert check_turn(Card.parse("10"), Turn.parse("10bear"), Rules()).legal
