"""One time budget for all the work of a request: searches, plans, explanations and rendering.

A search has its own time limit (``time_limit=``), but a request does more
than one search: a turn judges every play, a hint solves and then plans, an
answer explains what was found and a page renders it.  A :class:`TimeBudget`
covers all of it: the server opens one per request with :func:`time_budget`,
and every long loop of the engine, the tutor and the pages calls
:func:`check_budget`, which raises :class:`BudgetExceededError` once the budget
has run out.  Searches stop at the earlier of their own limit and the
budget's end (:class:`Deadline`).  Python cannot interrupt code that is
computing, so the budget is kept by checking it often: each check is one
clock reading.

The budget lives in a context variable, so each request (a thread, or a
greenlet under gevent) has its own, and code that runs outside any budget
(the command line, a notebook) checks nothing but its own limits.

>>> with time_budget(60, scope="the request") as budget:
...     check_budget("the count")  # well within the budget: nothing happens
...     round(budget.seconds)
60
>>> with time_budget(0, scope="the request"):
...     check_budget("the count")
Traceback (most recent call last):
...
solver.budget.BudgetExceededError: the request ran past its time limit of 0 s during the count
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from solver.errors import SearchLimitError


class BudgetExceededError(SearchLimitError):
    """The time budget of a request (or of whatever opened it) ran out.

    ``seconds`` is the budget's limit and ``scope`` what it covers, so the
    message says which limit was reached.
    """

    def __init__(self, seconds: float, scope: str, work: str) -> None:
        super().__init__(f"{scope} ran past its time limit of {seconds:g} s during {work}")
        self.seconds = seconds
        self.scope = scope


@dataclass(frozen=True)
class TimeBudget:
    """A time limit in seconds, what it covers, and the moment it runs out (a ``time.perf_counter()`` reading)."""

    seconds: float
    scope: str
    expires: float

    @property
    def searches_end(self) -> float:
        """When the searches under this budget must stop: after :data:`SEARCH_SHARE` of it."""
        return self.expires - self.seconds * (1 - SEARCH_SHARE)

    def remaining(self) -> float:
        """Seconds left, never below 0."""
        return max(self.expires - time.perf_counter(), 0.0)

    def check(self, work: str) -> None:
        """Raise :class:`BudgetExceededError` (naming the ``work`` it stopped) if the budget has run out."""
        if time.perf_counter() > self.expires:
            raise BudgetExceededError(self.seconds, self.scope, work)


SEARCH_SHARE = 0.7
"""The share of a budget its searches may use: the rest is left for freeing their tables and answering."""

_current: ContextVar[TimeBudget | None] = ContextVar("time_budget", default=None)


@contextmanager
def time_budget(seconds: float, *, scope: str) -> Iterator[TimeBudget]:
    """Run the ``with`` block under a budget of ``seconds``, covering ``scope`` (named in its error).

    A budget opened inside another never outlasts it: it ends at the earlier
    of the two ends, and an error then names the outer one if that ends first.
    """
    opened = TimeBudget(seconds, scope, time.perf_counter() + seconds)
    outer = _current.get()
    budget = outer if outer is not None and outer.expires <= opened.expires else opened
    token = _current.set(budget)
    try:
        yield budget
    finally:
        _current.reset(token)


def current_budget() -> TimeBudget | None:
    """The budget the running code is under, if any."""
    return _current.get()


def check_budget(work: str) -> None:
    """Raise :class:`BudgetExceededError` if the current budget has run out; nothing outside a budget.

    ``work`` names what the code was doing, for the message ("the explanation of the solution").
    """
    budget = _current.get()
    if budget is not None:
        budget.check(work)


class Deadline:
    """When a search must stop: after its own ``time_limit``, or when the current budget's searches end, if earlier.

    A search stops a little before its budget (:data:`SEARCH_SHARE`): a large
    search takes a while to free its tables, and the answer must still fit.

    >>> deadline = Deadline(60, "the search")
    >>> deadline.check()  # nothing happens before the limit
    >>> Deadline(0, "the search", started=0.0).check()
    Traceback (most recent call last):
    ...
    solver.errors.SearchLimitError: the search ran past its time limit of 0 s; use fewer cards or a larger limit
    """

    def __init__(self, time_limit: float, work: str, *, started: float | None = None) -> None:
        """``work`` names the search for its error; ``started`` (a ``time.perf_counter()`` reading) shares a limit."""
        self.time_limit = time_limit
        self.work = work
        self._own_end = (time.perf_counter() if started is None else started) + time_limit
        self._budget = _current.get()
        self.expires = self._own_end if self._budget is None else min(self._own_end, self._budget.searches_end)

    def remaining(self) -> float:
        """Seconds left, never below 0."""
        return max(self.expires - time.perf_counter(), 0.0)

    def check(self) -> None:
        """Raise :class:`~solver.errors.SearchLimitError` once past the deadline, naming the limit that ended it."""
        if time.perf_counter() > self.expires:
            raise self.error()

    def error(self) -> SearchLimitError:
        """The error saying which limit ended the search: the budget's, or the search's own."""
        if self._budget is not None and self._budget.searches_end <= self._own_end:
            return BudgetExceededError(self._budget.seconds, self._budget.scope, self.work)
        return SearchLimitError(
            f"{self.work} ran past its time limit of {self.time_limit:g} s; use fewer cards or a larger limit"
        )
