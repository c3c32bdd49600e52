"""Scoresheets of games played with the real cards, kept in the games database for the pages and the API alike.

A scoresheet (:class:`~solver.nambarz.companion.Companion`) is opened with
the players (or teams), the number of rounds and the variant, and gets a
random id of 128 bits: whoever has its link may read it and enter rounds (it
is one table's scoresheet, passed round the table's phones).  Each change is
saved onto the version it was made from, so of two phones entering a round
at once one wins and the other gets :class:`StaleSheetError` holding the
scoresheet as it now is.

>>> import tempfile
>>> from services.play.store import GameStore
>>> folder = tempfile.TemporaryDirectory()
>>> store = GameStore(f"sqlite:///{folder.name}/games.sqlite3")
>>> opened = open_sheet(store, ["Anna", "Ben"], rounds=1)
>>> saved = add_round(store, opened.id, version=0, entry=RoundEntry(("Ben",)))
>>> saved.version, saved.sheet.is_over, saved.sheet.totals
(1, True, {'Anna': 32, 'Ben': 40})
>>> add_round(store, opened.id, version=0, entry=RoundEntry(("Anna",)))
Traceback (most recent call last):
...
services.play.companions.StaleSheetError: the scoresheet changed meanwhile: it is at version 1, not 0
>>> store.dispose()
>>> folder.cleanup()
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from services.play.store import GameStore, StaleVersionError, StoredCompanion, UnknownGameError, new_game_id
from solver.nambarz.companion import VARIANTS, Companion, CompanionError, CompanionStateError, RoundEntry

__all__ = [
    "RoundEntry",
    "SheetError",
    "SheetNotFoundError",
    "SheetRefusedError",
    "StaleSheetError",
    "StoredSheet",
    "add_round",
    "find_sheet",
    "open_sheet",
    "sheet_document",
    "undo_round",
]


@dataclass(frozen=True)
class StoredSheet:
    """A scoresheet as kept: its id, its version (the number of changes saved) and the scoresheet itself."""

    id: str
    version: int
    sheet: Companion
    updated: datetime


class SheetError(Exception):
    """A request about a scoresheet that cannot be carried out; ``status`` is its HTTP status, ``field`` the input."""

    status = 422
    field: str | None = None


class SheetNotFoundError(SheetError):
    """No scoresheet has this id (it never had, or it was removed after its time: ``nambarz games purge``)."""

    status = 404


class SheetRefusedError(SheetError):
    """Input the rules refuse: ``field`` names it."""

    def __init__(self, error: CompanionError) -> None:
        super().__init__(str(error))
        self.field = error.field
        self.error = error


class StaleSheetError(SheetError):
    """A change made on a version that is no longer the newest, or that the scoresheet can no longer take.

    ``current`` is the scoresheet as it is now, to show again.
    """

    status = 409

    def __init__(self, message: str, current: StoredSheet, field: str | None = None) -> None:
        super().__init__(message)
        self.current = current
        self.field = field


def open_sheet(
    store: GameStore,
    players: Sequence[str],
    *,
    teams: Sequence[Sequence[str]] | None = None,
    rounds: int = 3,
    variant: str = VARIANTS[0],
) -> StoredSheet:
    """A new scoresheet, stored under a new random id."""
    try:
        sheet = Companion(
            tuple(players), None if teams is None else tuple(tuple(team) for team in teams), rounds, variant
        )
    except CompanionError as error:
        raise SheetRefusedError(error) from None
    now = datetime.now(UTC)
    stored = StoredCompanion(new_game_id(), 0, sheet.to_dict(), False, now, now)
    store.add_companion(stored)
    return StoredSheet(stored.id, 0, sheet, now)


def find_sheet(store: GameStore, sheet_id: str) -> StoredSheet:
    """The scoresheet ``sheet_id``; :class:`SheetNotFoundError` if there is none."""
    stored = store.companion(sheet_id)
    if stored is None:
        raise SheetNotFoundError(f"no scoresheet {sheet_id!r}: the link is wrong, or the scoresheet was removed")
    return StoredSheet(stored.id, stored.version, Companion.from_dict(stored.sheet), stored.updated)


def add_round(store: GameStore, sheet_id: str, *, version: int, entry: RoundEntry) -> StoredSheet:
    """The scoresheet with ``entry`` as its next round, saved onto ``version``."""
    return _change(store, sheet_id, version, lambda sheet: sheet.add_round(entry))


def undo_round(store: GameStore, sheet_id: str, *, version: int) -> StoredSheet:
    """The scoresheet without its last round, saved onto ``version``."""
    return _change(store, sheet_id, version, Companion.undo)


def _change(store: GameStore, sheet_id: str, version: int, change: Callable[[Companion], Companion]) -> StoredSheet:
    current = find_sheet(store, sheet_id)
    if version != current.version:
        raise StaleSheetError(
            f"the scoresheet changed meanwhile: it is at version {current.version}, not {version}", current
        )
    try:
        changed = change(current.sheet)
    except CompanionStateError as error:
        raise StaleSheetError(str(error), current, error.field) from None
    except CompanionError as error:
        raise SheetRefusedError(error) from None
    try:
        saved = store.save_companion(
            sheet_id, expected_version=version, sheet=changed.to_dict(), finished=changed.is_over
        )
    except StaleVersionError:
        now = find_sheet(store, sheet_id)
        raise StaleSheetError(
            f"the scoresheet changed meanwhile: it is at version {now.version}, not {version}", now
        ) from None
    except UnknownGameError:
        raise SheetNotFoundError(f"no scoresheet {sheet_id!r}") from None
    return StoredSheet(saved.id, saved.version, changed, saved.updated)


def sheet_document(stored: StoredSheet) -> dict[str, Any]:
    """The scoresheet as the API answers it: settings, rounds scored, totals, places, the next round.

    >>> sheet = Companion(("Anna", "Ben"), rounds=1).add_round(RoundEntry(("Ben",), {"Anna": (4,)}))
    >>> document = sheet_document(StoredSheet("x", 1, sheet, datetime(2026, 1, 1, tzinfo=UTC)))
    >>> document["totals"], document["standings"][0], document["is_over"]
    ({'Anna': 39, 'Ben': 40}, {'members': ['Ben'], 'total': 40, 'place': 1}, True)
    """
    sheet = stored.sheet
    upcoming = sheet.next_round
    return {
        "id": stored.id,
        "version": stored.version,
        "players": list(sheet.players),
        "teams": None if sheet.teams is None else [list(team) for team in sheet.teams],
        "rounds": sheet.rounds,
        "variant": sheet.variant,
        "played": [
            {
                "number": played.number,
                "tie_break": played.tie_break,
                "players": list(played.players),
                "starter": played.starter,
                "order": list(played.entry.order),
                "strokes": played.entry.to_dict()["strokes"],
                "ranking": list(played.score.ranking),
                "rank_points": dict(played.score.rank_points),
                "master_points": dict(played.score.master_points),
                "points": dict(played.score.points),
                "team_points": None if played.score.team_points is None else dict(played.score.team_points),
                "rulings": list(played.score.rulings),
            }
            for played in sheet.played
        ],
        "totals": sheet.totals,
        "standings": [
            {"members": list(standing.members), "total": standing.total, "place": standing.place}
            for standing in sheet.standings()
        ],
        "next_round": None
        if upcoming is None
        else {
            "number": upcoming.number,
            "tie_break": upcoming.tie_break,
            "players": list(upcoming.players),
            "starter": upcoming.starter,
            "places": list(upcoming.places),
            "total": upcoming.total,
        },
        "is_over": sheet.is_over,
    }
