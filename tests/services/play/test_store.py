"""The games database, against a new SQLite file and a new database on a real PostgreSQL server each time."""

from __future__ import annotations

import configparser
import threading
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path, PurePosixPath
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine, select, text

from services.play.store import (
    MAX_ACTIONS,
    ActionRecord,
    Base,
    ClassRow,
    GameStore,
    GameTooLongError,
    PupilRow,
    SeatRecord,
    StaleVersionError,
    StorageError,
    StoredCompanion,
    StoredGame,
    UnknownGameError,
    database_url,
    default_database_url,
    migrations_config,
    new_game_id,
    pack,
)
from services.practice.service import ClassSettings, create_class, join_class
from tests.paths import REPOSITORY
from tests.serving import free_port

START = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)

SEATS = (
    SeatRecord(0, "Ada", "human", "a" * 64, "it"),
    SeatRecord(1, "Zoë «la bot»", "planner", None, "fr"),
    SeatRecord(2, "Grace", "human", "b" * 64, "de"),
)


def a_game(*, finished: bool = False, updated: datetime = START, version: int = 0) -> StoredGame:
    return StoredGame(
        id=new_game_id(),
        game="nambarz",
        variant="standard",
        options={"rounds": 3},
        seed=2**63 - 1,
        seats=SEATS,
        version=version,
        state={"round": 1, "hands": [["3bee", "7fish"], []], "top": None},
        finished=finished,
        created=START,
        updated=updated,
    )


def played(first: int, *texts: str) -> list[ActionRecord]:
    """Actions numbered from ``first``, taken in turn by seats 0, 1, 2."""
    return [
        ActionRecord(number, (number - 1) % 3, action, {"legal": True, "number": number})
        for number, action in enumerate(texts, start=first)
    ]


@pytest.fixture
def store(database_url: str) -> Iterator[GameStore]:
    with GameStore(database_url) as opened:
        yield opened


def rows(url: str, table: str, game_id: str) -> int:
    """How many rows of ``table`` belong to the game ``game_id``, counted apart from the store."""
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            counted = connection.scalar(text(f"SELECT count(*) FROM {table} WHERE game_id = :id"), {"id": game_id})
    finally:
        engine.dispose()
    return int(counted or 0)


# ----------------------------------------------------------------- add, get, save


def test_a_game_comes_back_as_it_was_added(store: GameStore) -> None:
    game = a_game()
    store.add(game)
    assert store.get(game.id) == game
    assert store.actions(game.id) == []


def test_an_unknown_game_is_none_and_has_no_actions(store: GameStore) -> None:
    assert store.get("no-such-game") is None
    assert store.actions("no-such-game") == []


def test_moments_are_read_back_in_utc_whatever_zone_they_were_given_in(store: GameStore) -> None:
    game = a_game()
    store.add(replace(game, created=START.astimezone(timezone(timedelta(hours=-5)))))
    stored = store.get(game.id)
    assert stored is not None
    assert (stored.created, stored.created.tzinfo) == (START, UTC)


def test_a_moment_without_a_time_zone_is_refused(store: GameStore) -> None:
    with pytest.raises(
        ValueError, match=r"expected a moment with a time zone, not datetime.datetime\(2025, 3, 1, 0, 0\)"
    ):
        store.add(replace(a_game(), created=datetime(2025, 3, 1)))
    with pytest.raises(ValueError, match="time zone"):
        store.purge(finished_before=datetime(2025, 3, 1))


def test_a_save_onto_the_current_version_applies_the_actions_and_the_new_state(store: GameStore) -> None:
    game = a_game()
    store.add(game)
    before = datetime.now(UTC)
    saved = store.save(game.id, expected_version=0, state={"round": 2}, finished=False, actions=played(1, "a", "b"))
    assert (saved.version, saved.state, saved.finished, saved.seats) == (2, {"round": 2}, False, SEATS)
    assert saved.updated >= before - timedelta(seconds=1)
    assert saved.created == START
    assert store.get(game.id) == saved
    finished = store.save(game.id, expected_version=2, state={"round": 3}, finished=True, actions=played(3, "c"))
    assert (finished.version, finished.finished) == (3, True)


def test_the_actions_are_kept_in_order_across_saves(store: GameStore) -> None:
    game = a_game()
    store.add(game)
    texts = [f"action {number}" for number in range(1, 31)]
    version = 0
    for size in (1, 4, 10, 15):
        store.save(
            game.id,
            expected_version=version,
            state={},
            finished=False,
            actions=played(version + 1, *texts[version : version + size]),
        )
        version += size
    assert store.actions(game.id) == played(1, *texts)
    assert store.actions(game.id, after=25) == played(26, *texts[25:])
    assert store.actions(game.id, after=-5) == store.actions(game.id)


def test_a_save_with_no_actions_changes_the_state_and_keeps_the_version(store: GameStore) -> None:
    game = a_game()
    store.add(game)
    saved = store.save(game.id, expected_version=0, state={"resigned": 1}, finished=True, actions=[])
    assert (saved.version, saved.state, saved.finished) == (0, {"resigned": 1}, True)


def test_a_save_onto_an_old_version_writes_nothing(store: GameStore) -> None:
    game = a_game()
    store.add(game)
    store.save(game.id, expected_version=0, state={"round": 2}, finished=False, actions=played(1, "a"))
    with pytest.raises(StaleVersionError, match=f"game '{game.id}' is at version 1, not 0"):
        store.save(game.id, expected_version=0, state={"round": 9}, finished=True, actions=played(1, "z"))
    stored = store.get(game.id)
    assert stored is not None
    assert (stored.version, stored.state, stored.finished) == (1, {"round": 2}, False)
    assert store.actions(game.id) == played(1, "a")


def test_a_save_onto_a_version_not_reached_yet_writes_nothing(store: GameStore) -> None:
    game = a_game()
    store.add(game)
    with pytest.raises(StaleVersionError, match="is at version 0, not 5"):
        store.save(game.id, expected_version=5, state={}, finished=False, actions=played(6, "a"))
    assert store.actions(game.id) == []


def test_a_save_to_an_unknown_game_is_refused(store: GameStore) -> None:
    with pytest.raises(UnknownGameError, match="no game 'nope'"):
        store.save("nope", expected_version=0, state={}, finished=False, actions=played(1, "a"))


def test_actions_numbered_other_than_on_from_the_version_are_refused(store: GameStore) -> None:
    game = a_game()
    store.add(game)
    with pytest.raises(ValueError, match=r"expected the actions numbered 1 to 2, not \[2, 3\]"):
        store.save(game.id, expected_version=0, state={}, finished=False, actions=played(2, "a", "b"))
    assert store.actions(game.id) == []


def test_of_two_saves_racing_on_one_version_exactly_one_applies(database_url: str) -> None:
    """Two stores (as two server workers would have) save onto each version at the same moment, round after round."""
    rounds = 12
    with GameStore(database_url) as first, GameStore(database_url) as second:
        game = a_game()
        first.add(game)
        outcomes: dict[int, list[str]] = {version: [] for version in range(rounds)}
        barrier = threading.Barrier(2)

        def play(store: GameStore, name: str) -> None:
            for version in range(rounds):
                barrier.wait(timeout=60)
                try:
                    store.save(
                        game.id,
                        expected_version=version,
                        state={"by": name},
                        finished=False,
                        actions=played(version + 1, name),
                    )
                    outcomes[version].append(name)
                except StaleVersionError:
                    pass
                barrier.wait(timeout=60)

        threads = [threading.Thread(target=play, args=(store, name)) for store, name in ((first, "x"), (second, "y"))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        assert [len(winners) for winners in outcomes.values()] == [1] * rounds
        winners = [names[0] for names in outcomes.values()]
        assert [action.action for action in first.actions(game.id)] == winners
        stored = second.get(game.id)
        assert stored is not None
        assert (stored.version, stored.state) == (rounds, {"by": winners[-1]})


# ----------------------------------------------------------------- the next game


def test_a_finished_game_goes_on_to_one_next_game_however_often_it_is_asked(store: GameStore) -> None:
    earlier = a_game(finished=True)
    store.add(earlier)
    following = a_game()
    assert store.add_next(earlier.id, following) == following.id
    other = a_game()
    assert store.add_next(earlier.id, other) == following.id, "the first next game stays"
    assert store.get(other.id) is None, "and no other is stored"
    assert store.get(following.id) == following
    found = store.get(earlier.id)
    assert found is not None and found.next_game == following.id
    with pytest.raises(UnknownGameError):
        store.add_next("no-such-game", a_game())


def test_of_two_next_games_asked_at_once_exactly_one_is_stored(database_url: str) -> None:
    """Two stores (two server workers) ask for the next game of each of several finished games at the same moment."""
    with GameStore(database_url) as first, GameStore(database_url) as second:
        earlier = [a_game(finished=True) for _ in range(8)]
        for game in earlier:
            first.add(game)
        answers: dict[str, list[tuple[str, str]]] = {game.id: [] for game in earlier}
        barrier = threading.Barrier(2)

        def ask(store: GameStore) -> None:
            for game in earlier:
                barrier.wait(timeout=60)
                mine = a_game()
                answers[game.id].append((mine.id, store.add_next(game.id, mine)))

        threads = [threading.Thread(target=ask, args=(store,)) for store in (first, second)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        for game in earlier:
            (one, one_answer), (two, two_answer) = answers[game.id]
            assert one_answer == two_answer and one_answer in (one, two)
            loser = two if one_answer == one else one
            assert first.get(loser) is None and first.get(one_answer) is not None


# ----------------------------------------------------------------- the bound on a game's size


def test_a_game_cannot_pass_the_most_actions_kept(store: GameStore) -> None:
    game = a_game(version=MAX_ACTIONS - 1)
    store.add(game)
    with pytest.raises(GameTooLongError, match=f"would reach {MAX_ACTIONS + 1} actions; a game keeps at most 20000"):
        store.save(
            game.id, expected_version=MAX_ACTIONS - 1, state={}, finished=False, actions=played(MAX_ACTIONS, "a", "b")
        )
    assert store.actions(game.id) == []
    last = store.save(
        game.id, expected_version=MAX_ACTIONS - 1, state={}, finished=False, actions=played(MAX_ACTIONS, "a")
    )
    assert last.version == MAX_ACTIONS == 20_000
    with pytest.raises(GameTooLongError):
        store.save(
            game.id, expected_version=MAX_ACTIONS, state={}, finished=False, actions=played(MAX_ACTIONS + 1, "b")
        )


# ----------------------------------------------------------------- purge


def test_purge_removes_the_finished_games_last_changed_before_the_moment_with_their_seats_and_actions(
    store: GameStore, database_url: str
) -> None:
    cutoff = datetime.now(UTC) + timedelta(hours=1)
    done = a_game()
    store.add(done)
    store.save(done.id, expected_version=0, state={}, finished=True, actions=played(1, "a", "b"))
    done_later = a_game(finished=True, updated=cutoff + timedelta(days=1))
    unfinished_old = a_game(updated=START - timedelta(days=400))
    for game in (done_later, unfinished_old):
        store.add(game)
    assert (rows(database_url, "actions", done.id), rows(database_url, "seats", done.id)) == (2, 3)
    assert store.purge(finished_before=cutoff) == 1
    assert store.get(done.id) is None
    assert (rows(database_url, "actions", done.id), rows(database_url, "seats", done.id)) == (0, 0)
    assert store.get(done_later.id) == done_later
    assert store.get(unfinished_old.id) == unfinished_old
    assert store.purge(finished_before=cutoff) == 0


def test_purge_keeps_a_game_changed_exactly_at_the_moment(store: GameStore) -> None:
    game = a_game(finished=True, updated=START)
    store.add(game)
    assert store.purge(finished_before=START) == 0
    assert store.purge(finished_before=START + timedelta(microseconds=1)) == 1


# ----------------------------------------------------------------- scoresheets of games with the real cards


def a_scoresheet(*, finished: bool = False, updated: datetime = START) -> StoredCompanion:
    sheet = {"players": ["Anna", "Ben"], "teams": None, "rounds": 1, "variant": "beginners", "entries": []}
    return StoredCompanion(new_game_id(), 0, sheet, finished, START, updated)


def test_a_scoresheet_comes_back_as_it_was_added_and_each_save_raises_its_version_by_one(store: GameStore) -> None:
    kept = a_scoresheet()
    store.add_companion(kept)
    assert store.companion(kept.id) == kept
    entered = {**kept.sheet, "entries": [{"order": ["Ben"], "strokes": {}}]}
    saved = store.save_companion(kept.id, expected_version=0, sheet=entered, finished=True)
    assert (saved.version, saved.sheet, saved.finished) == (1, entered, True)
    assert store.companion(kept.id) == saved
    assert store.companion("no-such-sheet") is None


def test_of_two_phones_saving_onto_one_version_of_a_scoresheet_the_second_writes_nothing(store: GameStore) -> None:
    kept = a_scoresheet()
    store.add_companion(kept)
    first = {**kept.sheet, "entries": [{"order": ["Ben"], "strokes": {}}]}
    store.save_companion(kept.id, expected_version=0, sheet=first, finished=True)
    with pytest.raises(StaleVersionError, match="is at version 1, not 0"):
        store.save_companion(kept.id, expected_version=0, sheet={**kept.sheet, "rounds": 3}, finished=False)
    assert store.companion(kept.id).sheet == first  # type: ignore[union-attr]
    with pytest.raises(UnknownGameError):
        store.save_companion("no-such-sheet", expected_version=0, sheet=first, finished=False)


def test_of_two_phones_saving_a_scoresheet_at_the_same_moment_exactly_one_applies(database_url: str) -> None:
    """Two stores (two server workers, for two phones) save onto each version at once, round after round."""
    rounds = 8
    with GameStore(database_url) as first, GameStore(database_url) as second:
        kept = a_scoresheet()
        first.add_companion(kept)
        outcomes: dict[int, list[str]] = {version: [] for version in range(rounds)}
        barrier = threading.Barrier(2)

        def enter(store: GameStore, name: str) -> None:
            for version in range(rounds):
                barrier.wait(timeout=60)
                try:
                    store.save_companion(kept.id, expected_version=version, sheet={"by": name}, finished=False)
                    outcomes[version].append(name)
                except StaleVersionError:
                    pass
                barrier.wait(timeout=60)

        threads = [threading.Thread(target=enter, args=(store, name)) for store, name in ((first, "x"), (second, "y"))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        assert [len(winners) for winners in outcomes.values()] == [1] * rounds
        stored = second.companion(kept.id)
        assert stored is not None
        assert (stored.version, stored.sheet) == (rounds, {"by": outcomes[rounds - 1][0]})


def test_purge_removes_finished_and_idle_scoresheets_as_it_does_games(store: GameStore) -> None:
    finished_old = a_scoresheet(finished=True, updated=START - timedelta(days=40))
    idle = a_scoresheet(updated=START - timedelta(days=100))
    recent = a_scoresheet(updated=START - timedelta(days=40))
    for sheet in (finished_old, idle, recent):
        store.add_companion(sheet)
    assert store.purge(finished_before=START - timedelta(days=30), idle_before=START - timedelta(days=90)) == 2
    assert [store.companion(sheet.id) for sheet in (finished_old, idle)] == [None, None]
    assert store.companion(recent.id) == recent


def test_purge_removes_the_practice_classes_idle_since_the_moment_with_their_pupils_and_only_those(
    store: GameStore,
) -> None:
    idle = create_class(store, ClassSettings("idle", "en"), now=(START - timedelta(days=500)).timestamp())
    join_class(store, idle.info.code, "Sam", now=(START - timedelta(days=450)).timestamp())
    active = create_class(store, ClassSettings("active", "en"), now=(START - timedelta(days=500)).timestamp())
    join_class(store, active.info.code, "Ann", now=(START - timedelta(days=10)).timestamp())
    assert store.purge(idle_before=START - timedelta(days=30)) == 0  # games' idleness leaves classes alone
    assert store.purge(classes_idle_before=START - timedelta(days=400)) == 1
    with store.reading() as session:
        assert session.scalars(select(ClassRow.name)).all() == ["active"]
        assert session.scalars(select(PupilRow.nickname)).all() == ["Ann"]


# ----------------------------------------------------------------- JSON documents


def nested(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**63 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    nested,
    max_leaves=20,
)
"""Any JSON value: what a state or a verdict may hold."""


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(state=st.dictionaries(st.text(max_size=8), JSON, max_size=5), verdict=st.dictionaries(st.text(), JSON))
def test_states_and_verdicts_come_back_as_they_were_saved(
    store: GameStore, state: dict[str, Any], verdict: dict[str, Any]
) -> None:
    game = a_game()
    store.add(game)
    saved = store.save(
        game.id, expected_version=0, state=state, finished=False, actions=[ActionRecord(1, 0, "a", verdict)]
    )
    assert saved.state == state
    assert store.actions(game.id) == [ActionRecord(1, 0, "a", verdict)]


# ----------------------------------------------------------------- the schema and its migrations


def test_the_migrations_build_exactly_the_tables_of_the_store(database_url: str) -> None:
    GameStore(database_url).dispose()
    engine = create_engine(database_url)
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection)
            assert context.get_current_revision() == ScriptDirectory.from_config(migrations_config()).get_current_head()
            assert compare_metadata(context, Base.metadata) == []
    finally:
        engine.dispose()


def test_alembic_finds_nothing_to_write_in_a_new_migration(database_url: str) -> None:
    """What a developer runs before writing a migration by hand: the tables of the store need none now."""
    GameStore(database_url).dispose()
    command.check(migrations_config(database_url))


def test_opening_a_database_at_the_newest_schema_keeps_its_games(database_url: str) -> None:
    game = a_game()
    with GameStore(database_url) as store:
        store.add(game)
    with GameStore(database_url) as store:
        assert store.get(game.id) == game


def test_stores_opening_a_new_database_at_once_migrate_it_once(database_url: str) -> None:
    """As the workers of a server starting for the first time do."""
    barrier = threading.Barrier(4)
    failures: list[BaseException] = []

    def open_store() -> None:
        barrier.wait(timeout=60)
        try:
            GameStore(database_url).dispose()
        except Exception as error:  # reported by the assertion below, in the test's thread
            failures.append(error)

    threads = [threading.Thread(target=open_store) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert failures == []
    with GameStore(database_url) as store:
        game = a_game()
        store.add(game)
        assert store.get(game.id) == game


def test_a_game_stored_before_games_recorded_their_next_one_plays_again_after_the_migration(
    database_url: str,
) -> None:
    engine = create_engine(database_url)
    with engine.begin() as connection:
        config = migrations_config()
        config.attributes["connection"] = connection
        command.upgrade(config, "0002")
        connection.execute(
            text(
                "INSERT INTO games (id, game, variant, options, seed, version, state, finished, created, updated) "
                "VALUES ('old', 'nambarz', 'standard', '{}', '7', 0, :state, :finished, :now, :now)"
            ),
            {"state": pack({"round": 1}), "finished": True, "now": START},
        )
    engine.dispose()
    with GameStore(database_url) as store:
        found = store.get("old")
        assert found is not None and found.next_game is None and found.finished
        following = a_game()
        assert store.add_next("old", following) == following.id


def test_the_actions_kept_before_their_legality_had_a_column_are_marked_from_their_verdicts(
    database_url: str,
) -> None:
    engine = create_engine(database_url)
    with engine.begin() as connection:
        config = migrations_config()
        config.attributes["connection"] = connection
        command.upgrade(config, "0007")
        connection.execute(
            text(
                "INSERT INTO games (id, game, variant, options, seed, version, state, finished, created, updated) "
                "VALUES ('old', 'nambarz', 'standard', '{}', '7', 3, :state, :finished, :now, :now)"
            ),
            {"state": pack({"round": 1}), "finished": False, "now": START},
        )
        verdicts = ['{"legal": true, "penalty": 0}', '{"legal": false, "penalty": 3}', '{"placed": [1]}']
        for number, verdict in enumerate(verdicts, start=1):
            connection.execute(
                text("INSERT INTO actions (game_id, number, seat, action, verdict) VALUES ('old', :n, 0, 'a', :v)"),
                {"n": number, "v": verdict},
            )
    engine.dispose()
    with GameStore(database_url) as store, store.reading() as session:
        kept = session.scalars(text("SELECT legal FROM actions WHERE game_id = 'old' ORDER BY number"))
        assert [bool(legal) for legal in kept] == [True, False, True]


def test_an_action_is_kept_with_whether_it_was_legal_beside_its_verdict(store: GameStore) -> None:
    game = a_game()
    store.add(game)
    verdicts = [{"legal": True}, {"legal": False, "penalty": 3}, {"placed": [1]}]
    actions = [ActionRecord(number, 0, "a", verdict) for number, verdict in enumerate(verdicts, start=1)]
    store.save(game.id, expected_version=0, state={}, finished=False, actions=actions)
    with store.reading() as session:
        kept = session.scalars(
            text("SELECT legal FROM actions WHERE game_id = :id ORDER BY number").bindparams(id=game.id)
        )
        assert [bool(legal) for legal in kept] == [True, False, True]


def test_a_database_of_a_newer_schema_is_refused_by_name(database_url: str) -> None:
    GameStore(database_url).dispose()
    engine = create_engine(database_url)
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = 'from-the-future'"))
    engine.dispose()
    with pytest.raises(StorageError, match=r"cannot use the database .*from-the-future"):
        GameStore(database_url)


# ----------------------------------------------------------------- the setting


def test_the_default_database_is_a_file_in_the_users_data_folder_which_is_created(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_database_url() == f"sqlite:///{tmp_path}/data/nambarz/games.sqlite3"
    assert (tmp_path / "data" / "nambarz").is_dir()
    assert database_url("") == default_database_url()
    with GameStore(database_url("")) as store:
        game = a_game()
        store.add(game)
    assert (tmp_path / "data" / "nambarz" / "games.sqlite3").is_file()


@pytest.mark.parametrize("data_home", [None, "", "relative/data"], ids=["unset", "empty", "relative"])
def test_without_an_absolute_xdg_data_home_the_default_is_under_local_share(
    data_home: str | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    if data_home is None:
        monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_DATA_HOME", data_home)
    assert default_database_url() == f"sqlite:///{tmp_path}/.local/share/nambarz/games.sqlite3"


def test_a_default_folder_that_cannot_be_made_is_one_line_naming_the_setting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "data").write_text("a file, not a folder")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    with pytest.raises(StorageError, match=r"^NAMBARZ_DATABASE_URL: is not set, and the folder .* cannot be created"):
        default_database_url()


def test_a_given_url_is_used_as_it_is() -> None:
    assert database_url("sqlite:///games.sqlite3") == "sqlite:///games.sqlite3"


EXPECTED = "expected sqlite:///PATH or postgresql+psycopg://USER:PASSWORD@HOST/DATABASE"


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("", ", not ''"),
        ("games.sqlite3", ", not 'games.sqlite3'"),
        ("mysql://nambarz@db/games", ", not 'mysql://nambarz@db/games'"),
        ("postgresql+psycopg2://nambarz:secret@db/games", ", not 'postgresql+psycopg2://nambarz:***@db/games'"),
        ("post gres://nambarz:secret@db/games", ", not 'post gres://…'"),
        ("sqlite://", " naming a file, not 'sqlite://'"),
        ("sqlite:///:memory:", " naming a file, not 'sqlite:///:memory:'"),
    ],
)
def test_a_setting_that_is_not_a_database_url_is_refused_saying_what_is_expected(url: str, shown: str) -> None:
    with pytest.raises(StorageError) as refused:
        GameStore(url)
    assert str(refused.value) == f"NAMBARZ_DATABASE_URL: {EXPECTED}{shown}"
    assert "secret" not in str(refused.value)


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda folder: f"sqlite:///{folder}/missing/games.sqlite3", "No such file or directory"),
        (lambda folder: f"sqlite:///{_not_a_database(folder)}", "file is not a database"),
        (lambda _folder: f"postgresql+psycopg://nambarz:secret@127.0.0.1:{free_port()}/games", "127.0.0.1"),
    ],
    ids=["missing folder", "not a database", "no server"],
)
def test_a_database_that_cannot_be_opened_is_refused_with_the_reason(
    make: Callable[[Path], str], reason: str, tmp_path: Path
) -> None:
    with pytest.raises(StorageError, match=f"^NAMBARZ_DATABASE_URL: cannot use the database .*{reason}") as refused:
        GameStore(make(tmp_path))
    assert "secret" not in str(refused.value)
    assert "\n" not in str(refused.value)


def _not_a_database(folder: Path) -> Path:
    path = folder / "notes.txt"
    path.write_text("not a database, " * 100)
    return path


def test_a_store_shows_its_database(tmp_path: Path) -> None:
    with GameStore(f"sqlite:///{tmp_path}/games.sqlite3") as store:
        assert repr(store) == f"GameStore('sqlite:///{tmp_path}/games.sqlite3')"


def test_every_migration_file_is_in_the_package_data_of_the_wheel() -> None:
    setup = configparser.ConfigParser()
    setup.read(REPOSITORY / "setup.cfg", encoding="utf-8")
    patterns = [item.strip() for item in setup["options.package_data"]["services.play"].split(",")]
    play = REPOSITORY / "services" / "play"
    files = [path.relative_to(play).as_posix() for path in (play / "migrations").rglob("*") if path.is_file()]
    shipped = [
        name for name in files if any(PurePosixPath(name).match(pattern) for pattern in patterns)
    ]  # as setuptools globs
    assert "migrations/env.py" in shipped
    assert sorted(shipped) == sorted(name for name in files if "__pycache__" not in name)
