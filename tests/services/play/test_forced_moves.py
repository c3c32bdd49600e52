"""A person's forced moves: asked for, the one legal word move of the acting seat is made for it, and logged."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from services.play.store import GameStore
from services.play.tables import SeatRequest, Tables

FORCED = {
    "nambarz": frozenset({"draw", "pass"}),
    "thegame": frozenset({"end"}),
    "quando": frozenset({"pass", "knock", "take visible", "take hidden"}),
    "nmbrs": frozenset({"draw", "take", "decline", "claim", "pass", "end"}),
}
"""The moves the table pages let the tables make (their words)."""

BOTS = {"nambarz": "planner", "thegame": "strong", "quando": "strong", "nmbrs": "greedy"}


@pytest.fixture
def tables(tmp_path: Path) -> Iterator[Tables]:
    tables = Tables(GameStore(f"sqlite:///{tmp_path}/games.sqlite3"))
    yield tables
    tables.store.dispose()


@pytest.mark.parametrize("game", list(FORCED))
def test_only_moves_the_seat_could_not_choose_otherwise_are_made_for_it(tables: Tables, game: str) -> None:
    seats = [SeatRequest("Ann"), SeatRequest("Bot", BOTS[game]), SeatRequest("Cid", BOTS[game])]
    stored, tokens = tables.open_game(game, seats, seed=11)
    token = tokens[0]
    assert token is not None
    sent: set[int] = set()
    for _ in range(300):
        if stored.finished:
            break
        legal = tables.view(tables.snapshot_of(stored), 0, "en")["legal_actions"]
        assert legal, "the person is to move once the bots have moved"
        laid = [action for action in legal if action not in FORCED[game]]
        outcome = tables.act(stored.id, token, (laid or legal)[0], stored.version, forced_moves=FORCED[game])
        assert outcome.accepted
        sent.add(stored.version + 1)
        stored = outcome.game
    made = [record for record in tables.store.actions(stored.id) if record.seat == 0 and record.number not in sent]
    if game in {"nambarz", "thegame"}:  # a pass after each play; an end of the turn once nothing more fits
        assert made, "some move was made for the person"
    for record in made:
        before = tables.state_at(stored, record.number - 1)
        assert [str(action) for action in before.legal_actions()] == [record.action]
        assert record.action in FORCED[game]


def test_without_forced_moves_the_seat_makes_every_move_itself(tables: Tables) -> None:
    stored, tokens = tables.open_game("nambarz", [SeatRequest("Ann"), SeatRequest("Bot", "planner")], seed=3)
    token = tokens[0]
    assert token is not None
    for _ in range(100):
        legal = tables.view(tables.snapshot_of(stored), 0, "en")["legal_actions"]
        laid = [action for action in legal if action not in {"draw", "pass"}]
        stored = tables.act(stored.id, token, (laid or legal)[0], stored.version).game
        if laid and tables.view(tables.snapshot_of(stored), 0, "en")["legal_actions"] == ["pass"]:
            assert tables.store.actions(stored.id)[-1].seat == 0, "the pass waits for the seat"
            return
    pytest.fail("no play left the person with a pass alone")
