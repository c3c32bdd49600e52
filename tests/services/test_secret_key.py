"""The secret key that signs the session cookie: the setting, else a key kept in the user's data folder.

Each test gives the kept key a data folder of its own (``XDG_DATA_HOME``
in a temporary directory), so none reads or makes the user's.
"""

from __future__ import annotations

import stat
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from flask import session

from api.app import create_app
from services.secret_key import FILE_NAME, MIN_LENGTH, SecretKeyError, kept_key, key_file
from services.sessions import COOKIE_NAME
from tests.serving import running_server


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty data folder of the test's own, and no configured key."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("NAMBARZ_SECRET_KEY", "")
    return tmp_path / "data"


def signed_cookie(app_config: dict[str, str] | None = None) -> tuple[str, str]:
    """The session cookie an app of its own gives a browser, and the app's key."""
    app = create_app({"TESTING": True, **(app_config or {})})

    @app.get("/remember")
    def remember() -> str:
        session["seen"] = "yes"
        return "remembered"

    client = app.test_client()
    client.get("/remember")
    cookie = client.get_cookie(COOKIE_NAME)
    assert cookie is not None
    return cookie.value, str(app.secret_key)


def seen(cookie: str, app_config: dict[str, str] | None = None) -> str | None:
    """What an app of its own finds in a session cookie it is sent."""
    app = create_app({"TESTING": True, **(app_config or {})})

    @app.get("/recall")
    def recall() -> str:
        return str(session.get("seen", ""))

    client = app.test_client()
    client.set_cookie(COOKIE_NAME, cookie)
    return client.get("/recall").text or None


def test_a_configured_key_signs_the_sessions() -> None:
    key = "k" * MIN_LENGTH
    cookie, used = signed_cookie({"NAMBARZ_SECRET_KEY": key})
    assert used == key
    assert seen(cookie, {"NAMBARZ_SECRET_KEY": key}) == "yes"
    assert seen(cookie, {"NAMBARZ_SECRET_KEY": "j" * MIN_LENGTH}) is None  # another key: a new, empty session


def test_a_configured_key_that_is_too_short_stops_the_app() -> None:
    with pytest.raises(SecretKeyError, match="NAMBARZ_SECRET_KEY: expected at least 32 characters, not 6"):
        create_app({"NAMBARZ_SECRET_KEY": "secret"})


def test_without_a_setting_the_key_is_made_once_in_the_data_folder_and_kept(data_home: Path) -> None:
    cookie, used = signed_cookie()
    path = data_home / "nambarz" / FILE_NAME
    assert key_file() == path
    assert path.read_text(encoding="ascii") == used + "\n"
    assert len(used) == 64
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert seen(cookie) == "yes"  # another app, as another worker or a restart would be, reads the same key
    assert [entry.name for entry in path.parent.iterdir()] == [FILE_NAME]


def test_without_a_data_home_the_key_is_kept_in_the_home_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert key_file() == tmp_path / ".local" / "share" / "nambarz" / FILE_NAME


def test_a_key_already_kept_is_read_and_never_replaced(data_home: Path) -> None:
    path = data_home / "nambarz" / FILE_NAME
    path.parent.mkdir(parents=True)
    path.write_text("0123456789abcdef" * 4 + "\n", encoding="ascii")
    assert kept_key(path) == "0123456789abcdef" * 4
    assert path.read_text(encoding="ascii") == "0123456789abcdef" * 4 + "\n"


def test_processes_that_make_the_key_at_once_all_keep_the_same_one(data_home: Path) -> None:
    path = data_home / "nambarz" / FILE_NAME
    with ThreadPoolExecutor(max_workers=8) as pool:
        keys = set(pool.map(lambda _: kept_key(path), range(32)))
    assert keys == {path.read_text(encoding="ascii").strip()}
    assert [entry.name for entry in path.parent.iterdir()] == [FILE_NAME]


def test_a_kept_key_that_is_too_short_is_refused_saying_how_to_mend_it(data_home: Path) -> None:
    path = data_home / "nambarz" / FILE_NAME
    path.parent.mkdir(parents=True)
    path.write_text("short\n", encoding="ascii")
    with pytest.raises(SecretKeyError, match="is shorter than 32 characters: remove the file, and a new key is made"):
        kept_key(path)


def test_a_key_file_that_cannot_be_reached_is_refused_naming_the_setting(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"  # a file where the data folder should be: root too is refused
    blocker.write_text("", encoding="ascii")
    with pytest.raises(SecretKeyError, match=r"NAMBARZ_SECRET_KEY is not set, and its kept key '.*' cannot be read"):
        kept_key(blocker / "nambarz" / FILE_NAME)


def test_nambarz_serve_makes_the_kept_key_before_it_starts_its_workers(tmp_path: Path) -> None:
    environment = {"XDG_DATA_HOME": str(tmp_path), "NAMBARZ_SECRET_KEY": ""}
    with running_server(environment=environment):
        path = tmp_path / "nambarz" / FILE_NAME
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert len(path.read_text(encoding="ascii").strip()) == 64
