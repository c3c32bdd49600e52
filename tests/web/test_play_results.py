"""The end of a game on its table: the results screen, the tie-break round announced and explained, play again."""

from __future__ import annotations

import html
import random
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from services.configuration import game_tables
from solver.games import find_game
from tests.web.pages import form_token
from tests.web.readable import readable
from tests.web.test_play_pages import Seat, join, seated, start
from tutor.i18n import SUPPORTED_LANGUAGES, translator

QUICK_GAMES = {
    "nambarz": (["human", "beginner"], {"variant": "beginners"}),
    "thegame": (["human"], {}),
    "quando": (["human", "easy"], {"options-target": "10"}),
    "nmbrs": (["human", "easy"], {"variant": "simplified"}),
}
"""For each game, seats and settings that end soon: the person and the easy bot, short targets."""


def token_of(seat: Seat) -> str:
    cookie = seat.client.get_cookie(f"nambarz_seat_{seat.seat}", path=seat.table)
    assert cookie is not None
    return cookie.value


def play_to_the_end(app: Flask, seat: Seat, lang: str = "en") -> TestResponse:
    """Play the person's moves from the page, each one of the legal moves chosen at random (seeded), until the game is
    over; the page the last move answered."""
    chance = random.Random(5)
    answer = seat.page(lang)
    for _ in range(5000):
        with app.app_context():
            tables = game_tables()
            view = tables.view(tables.catch_up(tables.snapshot(seat.game_id)), seat.seat, lang)
        if view["is_over"]:
            return answer
        assert view["your_turn"], "bots move as soon as it is their turn"
        answer = seat.act(view["version"], lang, action=chance.choice(view["legal_actions"]))
        assert answer.status_code == 200, answer.text
    raise AssertionError("the game did not end")


def results_section(page: TestResponse) -> str:
    found = re.search(r'<section class="results panel" id="results".*?</section>', page.text, re.S)
    assert found is not None, "no results on the page"
    return found.group(0)


@pytest.mark.parametrize("game", QUICK_GAMES)
def test_a_finished_game_shows_its_results_above_the_verdict_of_the_last_move(
    client: FlaskClient, app: Flask, game: str
) -> None:
    kinds, settings = QUICK_GAMES[game]
    seat = seated(client, game, kinds, seed=4, **settings)
    last = play_to_the_end(app, seat)
    assert 'id="verdict"' in last.text, "the last move's verdict is shown"
    assert last.text.index('id="results"') < last.text.index('id="verdict"'), "the results come first"
    results = results_section(last)
    with app.app_context():
        stored = game_tables().get(seat.game_id)
        state = find_game(game).load_state(stored.state)
    outcome = find_game(game).results(state)
    names = [record.name for record in stored.seats]
    words = html.unescape(results)
    if game == "thegame":
        assert 'class="standings"' not in results, "a cooperative game has no places"
        assert str(outcome.cards_left) in words or outcome.won
    else:
        places = [int(place) for place in re.findall(r'data-place="(\d+)"', results)]
        assert places == sorted(outcome.places)
        winners = [names[seat] for seat in outcome.winners]
        assert all(name in words.split("</p>")[0] for name in winners), "the headline names the winners"
        assert "Who won each round" in words and "Round 1: " in words
    if game == "nambarz":
        assert "Master strokes" in words
    assert "data-play-again" in results and f"/play/{seat.game_id}/seat/0/review" in results
    assert "data-awaits-next" in last.text


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_the_results_speak_each_language(client: FlaskClient, app: Flask, lang: str) -> None:
    kinds, settings = QUICK_GAMES["quando"]
    seat = seated(client, "quando", kinds, seed=4, **settings)
    play_to_the_end(app, seat)
    words = html.unescape(results_section(seat.page(lang)))
    web = translator(lang, "web")
    for sentence in ("Results", "Final standings", "Who won each round", "Play again", "Review of your game"):
        assert web.gettext(sentence) in words, (lang, sentence)


# ----------------------------------------------------------------------------------------------- the tie-break


def tied_for_first(app: Flask, seat: Seat) -> None:
    """Bring the four-seat, one-round Nambarz game of ``seat`` to a tie for first place: P1 went out first (40
    points), P4 last with a master stroke of six cards (19 + 21); the tie-break round between them begins."""
    with app.app_context():
        tables = game_tables()
        stored = tables.get(seat.game_id)
        data: dict[str, Any] = find_game("nambarz").load_state(stored.state).to_dict()
        hands = data["hands"]
        for player in ("P2", "P3"):
            data["draw_pile"] = hands.pop(player) + data["draw_pile"]
        zero = {"P1": 0, "P4": 0}
        data |= {
            "round_number": 2,
            "seated": ["P1", "P4"],
            "turn_player": "P1",
            "phase": "start",
            "finished": [],
            "master": zero,
            "strokes": zero,
            "penalties": zero,
            "turns": 0,
            "tie_break_round": True,
            "tie_breaks": [["P1", "P4"]],
            "results": [
                {
                    "number": 1,
                    "players": ["P1", "P2", "P3", "P4"],
                    "ranking": ["P1", "P2", "P3", "P4"],
                    "points": {"P1": 40, "P2": 32, "P3": 25, "P4": 40},
                    "master_points": {"P1": 0, "P2": 0, "P3": 0, "P4": 21},
                    "master_strokes": {"P1": 0, "P2": 0, "P3": 0, "P4": 1},
                    "penalties": {"P1": 0, "P2": 0, "P3": 0, "P4": 0},
                    "turns": 12,
                    "tie_break": False,
                    "blocked": False,
                }
            ],
        }
        state = find_game("nambarz").load_state(data)
        tables.store.save(stored.id, expected_version=stored.version, state=state.to_dict(), finished=False, actions=[])


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_a_tie_break_round_is_announced_naming_who_plays_it_and_for_which_place(
    client: FlaskClient, app: Flask, lang: str
) -> None:
    seat = seated(client, "nambarz", ["human", "beginner", "beginner", "beginner"], seed=2)
    tied_for_first(app, seat)
    page = seat.page(lang)
    notice = re.search(r'<p class="notice tie-break-notice" role="status" data-tie-break>([^<]*)</p>', page.text)
    assert notice is not None
    web, words = translator(lang, "web"), translator(lang)
    names = words.gettext("%(first)s and %(last)s") % {"first": "Player0", "last": "Bot3"}
    expected = web.gettext("%(names)s have the same points: they play one more round for %(place)s.") % {
        "names": names,
        "place": web.gettext("first place"),
    }
    assert html.unescape(notice.group(1)) == expected
    facts = web.gettext("Tie-break round for %(place)s") % {"place": web.gettext("first place")}
    assert facts in html.unescape(page.text)
    assert not re.search(r"(Tie-break round|spareggio|Stichrunde|départage) \d", readable(page.text)), "no number"


def test_the_results_explain_the_tie_break_in_each_language(client: FlaskClient, app: Flask) -> None:
    seat = seated(client, "nambarz", ["human", "beginner", "beginner", "beginner"], seed=2)
    tied_for_first(app, seat)
    play_to_the_end(app, seat)
    with app.app_context():
        stored = game_tables().get(seat.game_id)
    outcome = find_game("nambarz").results(find_game("nambarz").load_state(stored.state))
    (tie,) = outcome.tie_breaks
    assert (tie.seats, tie.place, tie.points) == ((0, 3), 1, 40)
    winner = ["Player0", "Bot1", "Bot2", "Bot3"][tie.ranking[0]]
    assert outcome.winners == (tie.ranking[0],) and outcome.places[tie.ranking[1]] == 2
    assert "data-tie-break>" not in seat.page().text, "the announcement goes once the game is over"
    for lang in SUPPORTED_LANGUAGES:
        web, words = translator(lang, "web"), translator(lang)
        shown = html.unescape(results_section(seat.page(lang)))
        place = web.gettext("first place")
        names = words.gettext("%(first)s and %(last)s") % {"first": "Player0", "last": "Bot3"}
        sentence = web.gettext(
            "%(names)s ended with the same points (%(points)d), so they played one more round for %(place)s, "
            "and %(winner)s won it."
        )
        assert sentence % {"names": names, "points": 40, "place": place, "winner": winner} in shown, lang
        round_line = web.gettext("Tie-break round for %(place)s: %(names)s won it.")
        assert round_line % {"place": place, "names": winner} in shown, lang


# ----------------------------------------------------------------------------------------------- play again


def finish_for_both(app: Flask, game_id: str, tokens: list[str]) -> None:
    """Play a game of two persons to its end, each choosing its last legal move."""
    with app.app_context():
        tables = game_tables()
        for _ in range(5000):
            snapshot = tables.catch_up(tables.snapshot(game_id))
            if snapshot.game.finished:
                return
            mover = tables.view(snapshot, 0, "en")["to_move"]
            view = tables.view(snapshot, mover, "en")
            tables.act(game_id, tokens[mover], view["legal_actions"][-1], view["version"])
    raise AssertionError("the game did not end")


def test_play_again_starts_one_next_game_with_the_same_seats_that_every_device_joins(
    app: Flask, client: FlaskClient
) -> None:
    other = app.test_client()
    game_id, links = start(client, "quando", ["human", "human", "easy"], language="de", **{"options-target": "8"})
    first, second = join(client, links[0]), join(other, links[1])
    finish_for_both(app, game_id, [token_of(first), token_of(second)])
    assert other.get(f"{second.table}/version").get_json()["next_game"] is False
    again = client.post(f"{first.table}/again?lang=en", data={"csrf_token": form_token(client)})
    assert again.status_code == 303
    next_id = again.headers["Location"].split("/")[2]
    assert next_id != game_id and again.headers["Location"].startswith(f"/play/{next_id}/seat/0")
    assert client.get(f"/play/{next_id}/seat/0?lang=en").status_code == 200, "the device holds the seat's token there"
    assert client.get(f"/play/{next_id}?lang=en").status_code == 200, "and the links of the game it started"
    pressed_again = client.post(f"{first.table}/again", data={"csrf_token": form_token(client)})
    assert pressed_again.headers["Location"].split("/")[2] == next_id, "pressed twice, one next game"
    # The other person's page learns of it, and goes on with the seat's cookie.
    assert other.get(f"{second.table}/version").get_json()["next_game"] is True
    old_page = other.get(f"{second.table}?lang=en").text
    assert "data-next-game" in old_page and "data-play-again" not in old_page
    assert 'data-awaits-next="false"' in old_page
    assert other.get(f"/play/{next_id}/seat/1").status_code == 403, "no cookie of the next game yet"
    moved = other.get(f"{second.table}/next?lang=en")
    assert moved.status_code == 303 and moved.headers["Location"] == f"/play/{next_id}/seat/1?lang=en"
    assert other.get(f"/play/{next_id}/seat/1?lang=en").status_code == 200
    assert (
        other.post(f"{second.table}/again", data={"csrf_token": form_token(other)}).headers["Location"].split("/")[2]
        == next_id
    ), "the other person pressing it too finds the same game"
    with app.app_context():
        old, fresh = game_tables().get(game_id), game_tables().get(next_id)
    assert [(s.name, s.kind, s.language, s.token_hash) for s in fresh.seats] == [
        (s.name, s.kind, s.language, s.token_hash) for s in old.seats
    ]
    assert (fresh.game, fresh.variant, fresh.options) == (old.game, old.variant, old.options)
    assert fresh.commitment != old.commitment and not fresh.finished and old.next_game == next_id


def test_on_the_device_that_started_the_game_every_seat_it_holds_goes_on_to_the_next_game(
    app: Flask, client: FlaskClient
) -> None:
    game_id, links = start(client, "quando", ["human", "human"], **{"options-target": "8"})
    first, second = join(client, links[0]), join(client, links[1])
    finish_for_both(app, game_id, [token_of(first), token_of(second)])
    again = client.post(f"{second.table}/again?lang=en", data={"csrf_token": form_token(client)})
    next_id = again.headers["Location"].split("/")[2]
    assert again.headers["Location"] == f"/play/{next_id}/seat/1?lang=en"
    for seat in (0, 1):
        assert client.get(f"/play/{next_id}/seat/{seat}?lang=en").status_code == 200, "pass and play goes on"


def test_a_device_without_a_token_of_the_finished_game_cannot_play_again_nor_enter_the_next(
    app: Flask, client: FlaskClient
) -> None:
    kinds, settings = QUICK_GAMES["quando"]
    seat = seated(client, "quando", kinds, seed=4, **settings)
    early = client.post(f"{seat.table}/again?lang=en", data={"csrf_token": form_token(client)})
    assert early.status_code == 409 and "The game is not over yet" in early.text, "not before the end"
    assert 'class="play-table' in early.text, "the table as it is"
    play_to_the_end(app, seat)
    stranger = app.test_client()
    assert stranger.post(f"{seat.table}/again", data={"csrf_token": form_token(stranger)}).status_code == 403
    assert stranger.get(f"{seat.table}/next").status_code == 403
    no_next = client.get(f"{seat.table}/next?lang=en")
    assert no_next.status_code == 303 and no_next.headers["Location"] == f"{seat.table}?lang=en", "no next game yet"
    again = client.post(f"{seat.table}/again", data={"csrf_token": form_token(client)})
    next_table = again.headers["Location"].split("?")[0]
    assert stranger.get(next_table).status_code == 403
    stranger.set_cookie("nambarz_seat_0", "not-the-token", path=next_table)
    assert stranger.get(next_table).status_code == 403
