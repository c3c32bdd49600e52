"""The scoresheet of a game with the real cards (``/companion``), page by page, in every language, without JS."""

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.browser.visible_codes import described, leaks
from tests.web.pages import field_error, form_token
from tests.web.readable import readable
from tutor.i18n import SUPPORTED_LANGUAGES, translator
from tutor.text import listed

THREE = ("Anna", "Ben", "Carla")

CHANGED_MEANWHILE = (
    "Someone changed this scoresheet meanwhile, on another phone. Here it is as it is now: "
    "check the rounds below, and enter yours again if it is still missing."
)

EXPECTED_TEAMS = (
    "Leave every team empty to play each for yourself, or put every player in a team: at least two teams, "
    "teammates sitting side by side."
)

EXPECTED_ORDER = (
    "Choose each player at most once, first the one who went out first, until the round was over: "
    "with 2 to 5 players, when one is left; with more, when five have gone out; with teams, also when "
    "only one team is left."
)


def words(lang: str, sentence: str, **values: object) -> str:
    text = translator(lang, "web").gettext(sentence)
    return text % values if values else text


def shown(page: TestResponse) -> str:
    return html.unescape(page.text)


def open_sheet(client: FlaskClient, lang: str = "en", names: tuple[str, ...] = THREE, **form: str) -> str:
    """Open a scoresheet from the form; its page's address (without the language)."""
    data = {"players": str(len(names)), "rounds": "3", "csrf_token": form_token(client), **form}
    data |= {f"name{number}": name for number, name in enumerate(names)}
    opened = client.post(f"/companion?lang={lang}", data=data)
    assert opened.status_code == 303, opened.text
    return opened.headers["Location"].partition("?")[0]


def version_of(page: TestResponse) -> str:
    found = re.search(r'name="version" value="(\d+)"', page.text)
    assert found is not None
    return found.group(1)


def enter(client: FlaskClient, sheet: str, lang: str, *order: str, **fields: str) -> TestResponse:
    """Enter a round as the form does: the places in order, master strokes by field; the answer (followed)."""
    page = client.get(f"{sheet}?lang={lang}")
    data = {"version": version_of(page), "csrf_token": form_token(client), **fields}
    data |= {f"place{place}": name for place, name in enumerate(order, start=1)}
    answer = client.post(f"{sheet}?lang={lang}", data=data)
    assert answer.status_code == 303, answer.text
    return client.get(answer.headers["Location"])


def assert_readable(page: TestResponse, lang: str) -> None:
    found = leaks(readable(page.text), lang, game="nambarz")
    assert not found, described(found)


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_a_three_round_game_ending_in_a_tie_is_kept_and_explained_in_every_language(
    client: FlaskClient, lang: str
) -> None:
    form = client.get(f"/companion?lang={lang}&players=3")
    assert form.status_code == 200 and form.text.count('name="name') == 3
    assert_readable(form, lang)
    sheet = open_sheet(client, lang)
    first = client.get(f"{sheet}?lang={lang}")
    assert words(lang, "The player left of the dealer starts.") in shown(first)
    assert words(lang, "Anyone with this link can see and change this scoresheet: share it only with your table.") in (
        shown(first)
    )
    assert "<svg" in first.text and 'href="/nambarz/check' in first.text
    assert_readable(first, lang)
    after_one = enter(client, sheet, lang, "Anna", "Ben")
    assert words(lang, "Next to start: %(name)s.", name="Anna") in shown(after_one)
    enter(client, sheet, lang, "Ben", "Carla")
    tied = enter(client, sheet, lang, "Carla", "Anna", **{"strokes2-4": "1"})
    places = listed(["2", "3"], translator(lang, "web"))
    assert words(lang, "Tie-break round for places %(places)s", places=places) in shown(tied)
    assert "97" in shown(tied) and "104" in shown(tied)
    assert tied.text.count('class="contested"') == 2
    assert_readable(tied, lang)
    over = enter(client, sheet, lang, "Ben")
    assert words(lang, "First place: %(names)s.", names="Carla") in shown(over)
    assert words(lang, "Final results") in shown(over)
    assert "save-round" not in over.text
    assert_readable(over, lang)


def test_the_tie_break_round_names_the_tied_players_their_points_and_the_places(client: FlaskClient) -> None:
    sheet = open_sheet(client)
    for order in (("Anna", "Ben"), ("Ben", "Carla")):
        enter(client, sheet, "en", *order)
    tied = enter(client, sheet, "en", "Carla", "Anna", **{"strokes2-4": "1"})
    text = " ".join(readable(tied.text).split())
    assert "Tie-break round for places 2 and 3" in text
    assert "Anna and Ben have 97 points each, so they play one more round among themselves." in text
    assert "Next to start: Anna." in text
    assert text.count("Place 1") == 1 and "Place 2" not in text  # two players: one place to choose
    assert "47 (40 + 7 for 1 master stroke)" in text


def test_a_master_stroke_button_without_javascript_counts_and_saves_nothing(client: FlaskClient) -> None:
    sheet = open_sheet(client)
    page = client.get(sheet)
    data = {"version": version_of(page), "csrf_token": form_token(client), "place1": "Ben", "step": "2-5-up"}
    counted = client.post(sheet, data=data)
    assert counted.status_code == 200
    assert re.search(r'id="strokes2-5" name="strokes2-5" type="number"[^>]* value="1"', counted.text)
    assert re.search(r'<option value="Ben" selected>', counted.text)
    assert client.get("/api/v1/companions/" + sheet.rpartition("/")[2]).get_json()["version"] == 0


def test_two_phones_entering_the_same_round_the_second_sees_the_scoresheet_as_it_is_now(client: FlaskClient) -> None:
    sheet = open_sheet(client, "de")
    data = {"version": "0", "csrf_token": form_token(client), "place1": "Anna", "place2": "Ben"}
    assert client.post(f"{sheet}?lang=de", data=data).status_code == 303
    late = client.post(f"{sheet}?lang=de", data=data | {"place1": "Carla"})
    assert late.status_code == 409
    assert words("de", CHANGED_MEANWHILE) in shown(late)
    assert words("de", "Round %(number)d", number=1) in shown(late)
    assert version_of(late) == "1"
    assert_readable(late, "de")


def test_a_round_the_rules_refuse_is_shown_again_with_the_reason_in_the_readers_language(client: FlaskClient) -> None:
    sheet = open_sheet(client, "fr")
    page = client.get(f"{sheet}?lang=fr")
    data = {"version": version_of(page), "csrf_token": form_token(client), "place1": "Anna"}
    refused = client.post(f"{sheet}?lang=fr", data=data)
    assert words("fr", EXPECTED_ORDER) in field_error(refused, "order")
    assert_readable(refused, "fr")
    twice = client.post(f"{sheet}?lang=fr", data=data | {"place2": "Anna"})
    assert words("fr", EXPECTED_ORDER) in field_error(twice, "order")
    too_many = client.post(f"{sheet}?lang=fr", data=data | {"place2": "Ben", "strokes0-4": "21"})
    assert words("fr", "Count 0 to 20 master strokes of each size for each player.") in field_error(too_many, "strokes")


def test_the_form_refuses_names_twice_and_teams_without_every_player(client: FlaskClient) -> None:
    data = {"players": "4", "csrf_token": form_token(client), "rounds": "3"}
    data |= {"name0": "Anna", "name1": "Anna", "name2": "Carla", "name3": "Dora", "team0": "1"}
    refused = client.post("/companion?lang=it", data=data)
    assert refused.status_code == 422
    assert "Anna" in field_error(refused, "name1")
    assert words("it", EXPECTED_TEAMS) in field_error(refused, "teams")
    assert_readable(refused, "it")
    apart = data | {"name1": "Ben", "team0": "1", "team1": "2", "team2": "1", "team3": "2"}
    assert words("it", EXPECTED_TEAMS) in field_error(client.post("/companion?lang=it", data=apart), "teams")


def test_a_team_game_shows_the_teams_and_their_points(client: FlaskClient) -> None:
    names = ("A", "B", "C", "D")
    sheet = open_sheet(client, "en", names, rounds="1", team0="1", team1="1", team2="2", team3="2")
    over = enter(client, sheet, "en", "C", "D", "B")
    text = " ".join(readable(over.text).split())
    assert "C & D" in text and "Team A & B: 44 points" in text and "First place: C & D." in text


def test_undo_takes_back_the_last_round(client: FlaskClient) -> None:
    sheet = open_sheet(client)
    after = enter(client, sheet, "en", "Anna", "Ben")
    data = {"version": version_of(after), "csrf_token": form_token(client)}
    undone = client.post(f"{sheet}/undo", data=data)
    assert undone.status_code == 303
    assert "Round 1 of 3" in readable(client.get(undone.headers["Location"]).text)
    assert client.post(f"{sheet}/undo", data=data).status_code == 409


def test_an_unknown_scoresheet_is_a_page_that_says_so(client: FlaskClient) -> None:
    missing = client.get("/companion/no-such-sheet?lang=de")
    assert missing.status_code == 404
    assert words("de", "No scoresheet at this link") in shown(missing)


@pytest.mark.parametrize("page", ["/", "/play"])
def test_the_home_and_start_pages_ask_who_plays_with_real_cards(client: FlaskClient, page: str) -> None:
    answer = client.get(f"{page}?lang=it")
    assert words("it", "Playing with real cards?") in shown(answer)
    assert 'href="/companion?lang=it"' in answer.text
