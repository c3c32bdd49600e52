"""The game pages (``/play``): start a game, join a seat by its link, play by forms, step through the log, review."""

from __future__ import annotations

import hashlib
import html
import re
from dataclasses import dataclass
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from services.configuration import game_tables
from solver.games import find_game
from tests.web.pages import form_token, verdict_of
from tutor.i18n import SUPPORTED_LANGUAGES, translator
from web.games import PAGES

GAMES = ("nambarz", "thegame", "quando", "nmbrs")
BOTS = {"nambarz": "planner", "thegame": "strong", "quando": "strong", "nmbrs": "greedy"}
"""Each game's strongest bot."""


@dataclass
class Seat:
    """A seat joined by a test client: its table's address, the game's id and the seat's number."""

    client: FlaskClient
    game_id: str
    seat: int

    @property
    def table(self) -> str:
        return f"/play/{self.game_id}/seat/{self.seat}"

    def page(self, lang: str = "en") -> TestResponse:
        page = self.client.get(f"{self.table}?lang={lang}")
        assert page.status_code == 200, page.text
        return page

    def act(self, version: int | str, lang: str = "en", **form: str | list[str]) -> TestResponse:
        data = {"version": str(version), "csrf_token": form_token(self.client), **form}
        return self.client.post(f"{self.table}?lang={lang}", data=data)


def start(
    client: FlaskClient, game: str, kinds: list[str], *, seed: int = 7, language: str = "en", **options: str
) -> tuple[str, list[str]]:
    """Start ``game`` from the form; the game's id and each human seat's join link, from the links page.

    The seed is sent only for a game with one person, the only game it may be chosen for.
    """
    form = {"game": game, "players": str(len(kinds)), "language": language, **options}
    if kinds.count("human") == 1:
        form["seed"] = str(seed)
    form["csrf_token"] = form_token(client)
    for number, kind in enumerate(kinds):
        form |= {f"kind{number}": kind, f"name{number}": f"Player{number}" if kind == "human" else f"Bot{number}"}
    started = client.post("/play?lang=en", data=form)
    assert started.status_code == 303, started.text
    links = client.get(started.headers["Location"])
    assert links.status_code == 200
    game_id = started.headers["Location"].split("/")[2].split("?")[0]
    return game_id, [
        html.unescape(link) for link in re.findall(r'href="http://localhost(/play/[^"]+/join/[^"]+)"', links.text)
    ]


def join(client: FlaskClient, link: str) -> Seat:
    joined = client.get(link)
    assert joined.status_code == 303
    _, _, game_id, _, seat = joined.headers["Location"].split("?")[0].split("/")
    return Seat(client, game_id, int(seat))


def seated(client: FlaskClient, game: str, kinds: list[str] | None = None, **settings: Any) -> Seat:
    """A game of ``game`` for one person (seat 0) and the game's default bots, joined on ``client``."""
    _, links = start(client, game, kinds or ["human", BOTS[game]], **settings)
    return join(client, links[0])


def version_of(page: TestResponse) -> int:
    found = re.search(r'class="play-table[^"]*"[^>]* data-version="(\d+)"', page.text)
    assert found is not None, "no table on the page"
    return int(found.group(1))


def listed_moves(page: TestResponse) -> list[str]:
    """The legal moves a table offers as buttons, words first (not The Game's requests, which are no move)."""
    return [
        html.unescape(move)
        for move in re.findall(
            r'<button type="submit" name="action" value="([^"]*)"(?! class="button wish-button")', page.text
        )
    ]


def hand_section(page: TestResponse) -> str:
    found = re.search(r'<section class="hand".*?</section>', page.text, re.S)
    assert found is not None
    return found.group(0)


def engine_state(app: Flask, game_id: str) -> Any:
    with app.app_context():
        stored = game_tables().get(game_id)
    return find_game(stored.game).load_state(stored.state)


def seat_view(app: Flask, game_id: str, seat: int) -> dict[str, Any]:
    with app.app_context():
        stored = game_tables().get(game_id)
    return find_game(stored.game).seat_view(find_game(stored.game).load_state(stored.state), seat)


# ----------------------------------------------------------------------------------------------- starting


def test_the_start_form_offers_the_chosen_games_variants_and_bots(client: FlaskClient) -> None:
    page = client.get("/play?game=thegame&lang=en")
    assert page.status_code == 200
    assert 'value="pro-on-fire"' in page.text
    assert set(re.findall(r'<option value="(\w+)"[^>]*>Bot', page.text)) == {"strong", "naive"}, "easy and strong"
    assert 'name="options-rounds"' not in page.text
    assert 'name="options-rounds"' in client.get("/play?game=nambarz").text


def seat_kinds(page: TestResponse) -> list[str]:
    """The kind each seat's list has chosen, seat by seat."""
    kinds = []
    for options in re.findall(r'<select id="kind\d+".*?</select>', page.text, re.S):
        chosen = re.search(r'<option value="(\w+)" selected>', options)
        assert chosen is not None
        kinds.append(chosen.group(1))
    return kinds


def offered_kinds(page: TestResponse) -> list[str]:
    """The kinds the first seat's list offers, in order."""
    found = re.search(r'<select id="kind0".*?</select>', page.text, re.S)
    assert found is not None
    return re.findall(r'<option value="(\w+)"', found.group(0))


@pytest.mark.parametrize(
    ("game", "offered"),
    [
        ("nambarz", ["human", "beginner", "planner", "careless"]),
        ("quando", ["human", "easy", "strong"]),
        ("nmbrs", ["human", "easy", "greedy"]),
    ],
)
def test_the_start_form_offers_an_easy_and_a_strong_bot_for_each_game(
    client: FlaskClient, game: str, offered: list[str]
) -> None:
    assert offered_kinds(client.get(f"/play?game={game}&lang=en")) == offered


def test_the_beginners_variant_seats_beginner_bots_and_the_other_variants_the_planner(client: FlaskClient) -> None:
    assert seat_kinds(client.get("/play?lang=en")) == ["human", "beginner", "beginner", "beginner"]
    assert seat_kinds(client.get("/play?game=nambarz&variant=expert&lang=en")) == [
        "human",
        "planner",
        "planner",
        "planner",
    ]
    assert seat_kinds(client.get("/play?game=quando&lang=en")) == ["human", "strong", "strong", "strong"]


def test_redrawn_for_another_variant_the_seats_left_at_the_default_bot_follow_it_and_the_others_stay(
    client: FlaskClient,
) -> None:
    redraw = "game=nambarz&players=3&variant=expert&drawn-variant=beginners&kind1=beginner&kind2=careless"
    assert seat_kinds(client.get(f"/play?{redraw}&lang=en")) == ["human", "planner", "careless"]
    back = "game=nambarz&players=2&variant=beginners&drawn-variant=intermediate&kind1=planner"
    assert seat_kinds(client.get(f"/play?{back}&lang=en")) == ["human", "beginner"]


def test_a_bot_seat_sent_without_a_kind_gets_the_variant_s_default_bot(client: FlaskClient, app: Flask) -> None:
    for variant, default in (("beginners", "beginner"), ("intermediate", "planner")):
        form = {"game": "nambarz", "variant": variant, "players": "2", "kind0": "human", "name0": "Ann", "name1": "B"}
        started = client.post("/play?lang=en", data={**form, "csrf_token": form_token(client)})
        assert started.status_code == 303, started.text
        with app.app_context():
            stored = game_tables().get(started.headers["Location"].split("/")[2].split("?")[0])
        assert [seat.kind for seat in stored.seats] == ["human", default]


def test_a_bot_the_form_does_not_offer_is_refused_beside_its_seat(client: FlaskClient) -> None:
    form = {"game": "quando", "players": "2", "kind0": "human", "name0": "Ann", "kind1": "random", "name1": "Rob"}
    page = client.post("/play?lang=en", data={**form, "csrf_token": form_token(client)})
    assert page.status_code == 422
    assert 'id="kind1-error"' in page.text


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
@pytest.mark.parametrize("game", ["nambarz", "quando", "nmbrs"])
def test_the_start_page_says_what_each_bot_offered_does_in_the_reader_language(
    client: FlaskClient, game: str, lang: str
) -> None:
    page = client.get(f"/play?game={game}&lang={lang}")
    found = re.search(r'<dl class="facts bot-descriptions" id="bot-descriptions">(.*?)</dl>', page.text, re.S)
    assert found is not None
    listed = html.unescape(found.group(1))
    labels = PAGES.find(game).labels
    t = translator(lang, "web")
    for kind in offered_kinds(page)[1:]:
        assert f"<dt>{t.gettext(labels.bots[kind])}</dt><dd>{t.gettext(labels.bot_descriptions[kind])}</dd>" in listed
    assert 'aria-describedby="kind-hint bot-descriptions"' in page.text


def test_choosing_another_number_of_players_redraws_the_seats_keeping_the_names(client: FlaskClient) -> None:
    page = client.get("/play?game=quando&players=3&kind0=human&name0=Ann&kind1=easy&name1=Rob&lang=en")
    assert len(re.findall(r'<select id="kind\d+"', page.text)) == 3
    assert 'value="Ann"' in page.text and 'value="Rob"' in page.text
    assert re.search(r'<option value="easy" selected>', page.text)


def test_a_refused_setting_is_said_beside_its_field_in_the_reader_language(client: FlaskClient) -> None:
    form = {"game": "quando", "players": "2", "kind0": "human", "name0": "", "kind1": "strong", "name1": "Bot"}
    page = client.post("/play?lang=de", data={**form, "csrf_token": form_token(client)})
    assert page.status_code == 422
    message = re.search(r'<p class="field-error" id="name0-error">([^<]*)</p>', page.text)
    assert message is not None
    assert html.unescape(message.group(1)) == translator("de", "web").gettext(
        "Write a name of 1 to 40 letters, digits or signs."
    )


def test_a_seed_is_refused_beside_its_field_when_more_than_one_person_plays(client: FlaskClient) -> None:
    form = {"game": "quando", "players": "2", "kind0": "human", "name0": "Ann", "kind1": "human", "name1": "Bea"}
    page = client.post("/play?lang=fr", data={**form, "seed": "7", "csrf_token": form_token(client)})
    assert page.status_code == 422
    message = re.search(r'<p class="field-error" id="seed-error">([^<]*)</p>', page.text)
    assert message is not None
    assert html.unescape(message.group(1)).endswith(
        translator("fr", "web").gettext(
            "Leave it empty: a seed may be chosen only when one person plays, since whoever knows it knows every hand."
        )
    )
    assert client.post("/play?lang=fr", data={**form, "csrf_token": form_token(client)}).status_code == 303


def test_a_game_needs_a_person_at_the_table(client: FlaskClient) -> None:
    form = {"game": "quando", "players": "2", "kind0": "strong", "name0": "A", "kind1": "strong", "name1": "B"}
    page = client.post("/play?lang=en", data={**form, "csrf_token": form_token(client)})
    assert page.status_code == 422
    assert 'role="alert"' in page.text


def test_a_join_link_answer_is_neither_cached_nor_sent_as_a_referrer(client: FlaskClient) -> None:
    game_id, links = start(client, "quando", ["human", "strong"])
    joined = client.get(links[0])
    refused = client.get(f"/play/{game_id}/join/not-the-token")
    assert (joined.status_code, refused.status_code) == (303, 403)
    for answer in (joined, refused):
        assert answer.headers["Cache-Control"] == "no-store"
        assert answer.headers["Referrer-Policy"] == "no-referrer"
    assert client.get(joined.headers["Location"]).headers["Referrer-Policy"] == "same-origin"


def test_the_links_page_lists_a_link_for_each_person_only_and_no_cache_keeps_it(client: FlaskClient) -> None:
    game_id, links = start(client, "nambarz", ["human", "planner", "human"])
    assert len(links) == 2
    assert all(link.startswith(f"/play/{game_id}/join/") for link in links)
    page = client.get(f"/play/{game_id}?lang=en")
    assert page.headers["Cache-Control"] == "private, no-store" and page.headers["Referrer-Policy"] == "no-referrer"


# ----------------------------------------------------------------------------------------------- the seat's token


def test_the_join_link_keeps_the_token_in_a_cookie_of_the_seat_path_and_leaves_the_address(
    client: FlaskClient,
) -> None:
    game_id, links = start(client, "quando", ["human", "strong"])
    joined = client.get(links[0])
    assert joined.status_code == 303
    assert joined.headers["Location"] == f"/play/{game_id}/seat/0"
    cookie = joined.headers["Set-Cookie"]
    token = links[0].rsplit("/", 1)[1]
    assert f"nambarz_seat_0={token}" in cookie
    assert f"Path=/play/{game_id}/seat/0" in cookie
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Secure" not in cookie


def test_over_https_the_cookie_is_secure(client: FlaskClient) -> None:
    _, links = start(client, "quando", ["human", "strong"])
    assert "Secure" in client.get(links[0], base_url="https://localhost").headers["Set-Cookie"]


def test_one_device_holds_several_seats_for_pass_and_play(client: FlaskClient) -> None:
    game_id, links = start(client, "thegame", ["human", "human"])
    first, second = join(client, links[0]), join(client, links[1])
    assert (first.seat, second.seat) == (0, 1)
    page = first.page()
    assert "Your turn." in page.text
    assert "Waiting for Player0." in second.page().text
    while "end" not in listed_moves(page):
        card, pile = next(move for move in listed_moves(page) if ">" in move).split(">")
        page = first.act(version_of(page), card=card, pile=pile)
    ended = first.act(version_of(page), action="end")
    assert "Waiting for Player1." in ended.text
    assert f'href="/play/{game_id}/seat/1"' in ended.text, "the device that started the game offers the next seat"
    assert "Your turn." in second.page().text


@pytest.mark.parametrize("path", ["", "/log", "/review", "/hint", "/version"])
def test_a_seat_page_without_its_token_is_refused_kindly(client: FlaskClient, app: Flask, path: str) -> None:
    game_id, _ = start(client, "quando", ["human", "strong"])
    stranger = app.test_client()
    page = stranger.get(f"/play/{game_id}/seat/0{path}?lang=it")
    assert page.status_code == 403
    if path != "/version":
        assert '<html lang="it">' in page.text
        assert translator("it", "web").gettext("This seat opens from its link") in html.unescape(page.text)


def test_a_wrong_token_is_refused_and_a_token_of_another_seat_opens_only_its_own(client: FlaskClient) -> None:
    game_id, links = start(client, "quando", ["human", "human"])
    assert client.get(f"/play/{game_id}/join/not-a-token?lang=en").status_code == 403
    join(client, links[0])
    assert client.get(f"/play/{game_id}/seat/0").status_code == 200
    assert client.get(f"/play/{game_id}/seat/1").status_code == 403


def test_the_links_page_is_only_on_the_device_that_started_the_game(client: FlaskClient, app: Flask) -> None:
    game_id, _ = start(client, "quando", ["human", "strong"])
    assert client.get(f"/play/{game_id}").status_code == 200
    assert app.test_client().get(f"/play/{game_id}?lang=fr").status_code == 403


@pytest.mark.parametrize("path", ["", "/join/abc", "/seat/0", "/seat/0/log", "/seat/0/review"])
def test_an_unknown_game_is_a_page_saying_so(client: FlaskClient, path: str) -> None:
    page = client.get(f"/play/no-such-game{path}?lang=de")
    assert page.status_code == 404
    assert translator("de", "web").gettext("There is no game here") in html.unescape(page.text)


# ----------------------------------------------------------------------------------------------- the table


@pytest.mark.parametrize("game", GAMES)
def test_the_table_shows_this_seat_its_own_hand_only(client: FlaskClient, app: Flask, game: str) -> None:
    seat = seated(client, game, ["human", BOTS[game], BOTS[game]])
    page = seat.page()
    hand = hand_section(page)
    view = seat_view(app, seat.game_id, 0)
    shown = re.findall(r'<li data-card="([^"]+)">', hand)
    shown += re.findall(r'<label class="card-option"><input type="\w+" name="\w+" value="([^"]+)"', hand)
    assert sorted(card.strip() for card in shown) == sorted(str(card) for card in view["hand"])
    assert len(shown) == len(view["hand"])
    for other in (1, 2):
        assert f'data-seat="{other}"' in page.text
    assert "Bot1" in page.text and "Bot2" in page.text


@pytest.mark.parametrize("game", GAMES)
def test_a_listed_move_is_played_by_its_form_and_judged_legal(client: FlaskClient, game: str) -> None:
    seat = seated(client, game)
    page = seat.page()
    moves = listed_moves(page)
    assert moves, "it is the person's turn: some move is legal"
    played = seat.act(version_of(page), action=moves[-1])
    assert verdict_of(played) == ("true", [])
    assert version_of(played) > version_of(page)
    assert 'data-accepted="true"' in played.text


def test_an_illegal_nambarz_play_is_carried_out_with_its_penalty_and_explained(client: FlaskClient, app: Flask) -> None:
    seat = seated(client, "nambarz", seed=5)
    state = engine_state(app, seat.game_id)
    hand = [str(card) for card in state.hands[state.game.players[0]]]
    legal = {str(action) for action in state.legal_actions()}
    illegal = next(card for card in hand if card not in legal and not card.startswith("J"))
    played = seat.act(version_of(seat.page()), action=illegal)
    legal_flag, codes = verdict_of(played)
    assert legal_flag == "false" and codes
    assert 'data-accepted="true"' in played.text
    assert '<ul class="explanation">' in played.text


@pytest.mark.parametrize(
    ("game", "form"),
    [("thegame", {"action": "end"}), ("quando", {"action": "play 0 10"})],
)
def test_an_illegal_move_of_another_game_is_refused_with_its_verdict(
    client: FlaskClient, game: str, form: dict[str, str]
) -> None:
    seat = seated(client, game)
    page = seat.page()
    refused = seat.act(version_of(page), **form)
    legal_flag, codes = verdict_of(refused)
    assert legal_flag == "false" and codes
    assert 'data-accepted="false"' in refused.text
    assert version_of(refused) == version_of(page)


def test_the_game_lays_the_card_tapped_on_the_pile_tapped(client: FlaskClient, app: Flask) -> None:
    seat = seated(client, "thegame")
    card = min(engine_state(app, seat.game_id).hands[0])
    played = seat.act(version_of(seat.page()), card=str(card), pile="asc1")
    assert verdict_of(played)[0] == "true"
    assert engine_state(app, seat.game_id).tops[find_pile("asc1")] == card


def find_pile(name: str) -> Any:
    from solver.thegame.rules import Pile  # noqa: PLC0415 - The Game's piles, for this test only

    return Pile(name)


def test_quando_plays_the_fronts_chosen(client: FlaskClient, app: Flask) -> None:
    seat = seated(client, "quando")
    state = engine_state(app, seat.game_id)
    play = next(str(action) for action in state.legal_actions() if str(action).startswith("play "))
    fronts = play.split()[1:]
    played = seat.act(version_of(seat.page()), lay="1", front=fronts)
    assert verdict_of(played)[0] == "true"
    assert "Take the visible side" in played.text


def test_a_move_sent_for_an_old_version_shows_the_table_now_with_a_note(client: FlaskClient) -> None:
    seat = seated(client, "quando")
    page = seat.page()
    moves = listed_moves(page)
    assert seat.act(version_of(page), action=moves[-1]).status_code == 200
    again = seat.act(version_of(page), action=moves[-1])
    assert again.status_code == 409
    assert 'id="table-note"' in again.text
    assert version_of(again) > version_of(page)


def test_a_move_the_engine_cannot_read_is_refused_beside_the_field(client: FlaskClient) -> None:
    seat = seated(client, "nambarz")
    page = seat.page()
    refused = seat.act(version_of(page), lang="it", action="3xx + 4")
    assert refused.status_code == 422
    message = re.search(r'<p class="field-error" id="action-error">([^<]*)</p>', refused.text)
    assert message is not None and "3xx" in html.unescape(message.group(1))
    assert 'value="3xx + 4"' in refused.text, "the move written is kept in its field"


def test_no_cache_keeps_a_page_showing_the_seat_cards(client: FlaskClient) -> None:
    seat = seated(client, "quando")
    for path in ("", "/log", "/review", "/hint"):
        assert client.get(seat.table + path).headers["Cache-Control"] == "private, no-store", path


def test_the_table_shows_the_deals_fingerprint_and_once_the_game_is_over_its_secret_number(
    app: Flask, client: FlaskClient
) -> None:
    seat = seated(client, "quando", seed=11)
    page = seat.page()
    fingerprint = re.search(r"<code class=\"fingerprint\" data-commitment>([0-9a-f]{64})</code>", page.text)
    assert fingerprint is not None and "data-seed" not in page.text
    assert fingerprint.group(1) == hashlib.sha256(b"11").hexdigest()
    with app.app_context():
        tables = game_tables()
        game = tables.get(seat.game_id)
        token = client.get_cookie(f"nambarz_seat_{seat.seat}", path=seat.table)
        assert token is not None
        while not game.finished:
            view = tables.view(tables.snapshot_of(game), seat.seat, "en")
            game = tables.act(game.id, token.value, view["legal_actions"][-1], view["version"]).game
    over = seat.page()
    assert re.search(r"<code class=\"fingerprint\" data-seed>11</code>", over.text)


def test_the_table_tells_its_version_for_the_script_to_poll(client: FlaskClient) -> None:
    seat = seated(client, "quando")
    page = seat.page()
    answer = client.get(f"{seat.table}/version")
    assert answer.status_code == 200
    assert answer.get_json() == {"version": version_of(page), "is_over": False, "next_game": False}
    assert answer.headers["Cache-Control"] == "no-store"


@pytest.mark.parametrize("game", ["nambarz", "thegame", "quando"])
def test_the_tutor_gives_a_hint_on_the_seat_turn(client: FlaskClient, game: str) -> None:
    seat = seated(client, game)
    page = client.get(f"{seat.table}/hint?level=1&lang=fr")
    assert page.status_code == 200
    hint = re.search(r'<ul class="hint-list">(.*?)</ul>', page.text, re.S)
    assert hint is not None and "<li>" in hint.group(1)
    if game == "nambarz":
        assert "level=2" in page.text, "a Nambarz hint has a next level"
        assert client.get(f"{seat.table}/hint?level=3").text.count("<li>") >= 3


def test_nmbrs_offers_no_hint(client: FlaskClient) -> None:
    seat = seated(client, "nmbrs")
    assert "/hint?" not in seat.page().text


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_the_table_speaks_each_language(client: FlaskClient, lang: str) -> None:
    seat = seated(client, "nambarz")
    page = seat.page(lang)
    assert f'<html lang="{lang}">' in page.text
    assert translator(lang, "web").gettext("Your turn.") in html.unescape(page.text)


def test_without_lang_the_table_speaks_the_seat_language(client: FlaskClient) -> None:
    seat = seated(client, "quando", language="de")
    page = client.get(seat.table)
    assert '<html lang="de">' in page.text
    form = {"version": str(version_of(page)), "action": listed_moves(page)[-1], "csrf_token": form_token(client)}
    played = client.post(seat.table, data=form)
    assert "Du spielst" in html.unescape(played.text), "the verdict speaks the seat's language"


def test_the_language_switch_stays_on_the_table(client: FlaskClient) -> None:
    seat = seated(client, "quando")
    assert f'href="{seat.table}?lang=it"' in seat.page().text


# ----------------------------------------------------------------------------------------------- the log and the review


def play_a_few_moves(seat: Seat, count: int) -> None:
    for _ in range(count):
        page = seat.page()
        if "Your turn." not in page.text:
            return
        seat.act(version_of(page), action=listed_moves(page)[-1])


def test_the_log_steps_back_and_forth_showing_what_the_seat_saw(client: FlaskClient, app: Flask) -> None:
    seat = seated(client, "nambarz", ["human", "planner", "planner"], seed=3)
    first_hand = sorted(seat_view(app, seat.game_id, 0)["hand"])
    play_a_few_moves(seat, 3)
    version = version_of(seat.page())
    latest = client.get(f"{seat.table}/log?lang=en")
    assert latest.status_code == 200
    assert f'data-step-shown="{version}"' in latest.text
    dealt = client.get(f"{seat.table}/log?step=0&lang=en")
    assert 'data-step-shown="0"' in dealt.text
    hand = re.findall(r'<li data-card="([^"]+)">', hand_section(dealt))
    assert sorted(card.strip() for card in hand) == first_hand
    assert "log?step=1&amp;lang=en" in dealt.text
    one = client.get(f"{seat.table}/log?step=1&lang=en")
    assert 'data-step-shown="1"' in one.text
    assert "log?step=0&amp;lang=en" in one.text and "log?step=2&amp;lang=en" in one.text
    assert client.get(f"{seat.table}/log?step=99999").status_code == 200, "a step out of range shows the latest"


def test_the_log_explains_the_seat_own_moves_only(client: FlaskClient) -> None:
    seat = seated(client, "quando", ["human", "strong"])
    play_a_few_moves(seat, 2)
    own = client.get(f"{seat.table}/log?step=1&lang=en")
    assert '<p class="headline">' in own.text
    log = client.get(f"{seat.table}/log?lang=en").text
    bot_steps = [int(number) for number in re.findall(r'<li value="(\d+)"><a[^>]*><strong>Bot1</strong>', log)]
    assert bot_steps, "the bot has moved"
    assert '<p class="headline">' not in client.get(f"{seat.table}/log?step={bot_steps[0]}").text


@pytest.mark.parametrize("game", GAMES)
def test_the_review_shows_each_finished_turn(client: FlaskClient, game: str) -> None:
    seat = seated(client, game)
    play_a_few_moves(seat, 6)
    page = client.get(f"{seat.table}/review?lang=it")
    assert page.status_code == 200
    assert '<html lang="it">' in page.text
    turns = re.search(r'data-review-turns="(\d+)"', page.text)
    assert turns is not None
    assert page.text.count('<li class="review-turn') == int(turns.group(1))


def test_a_marked_turn_shows_the_better_turn(client: FlaskClient, app: Flask) -> None:
    seat = seated(client, "nambarz", seed=5)
    state = engine_state(app, seat.game_id)
    legal = {str(action) for action in state.legal_actions()}
    illegal = next(str(card) for card in state.hands["P1"] if str(card) not in legal and not card.is_joker)
    seat.act(version_of(seat.page()), action=illegal)
    review = client.get(f"{seat.table}/review?lang=en").text
    turns = review.split('<li class="review-turn')[1:]
    assert turns[0].startswith(' marked" id="turn-1" data-mark="penalised"'), "a penalised play marks its turn"
    assert '<div class="better-turn">' in turns[0]


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_a_refused_move_is_quoted_in_words_and_the_field_asks_for_no_notation(client: FlaskClient, lang: str) -> None:
    seat = seated(client, "nambarz", seed=5)
    joker = {
        "en": "double-change joker",
        "it": "jolly doppio cambio",
        "de": "Doppelwechsel-Joker",
        "fr": "joker double",
    }
    for action in ("Jboth 3 Jboth", "Jboth 3"):
        refused = seat.act(version_of(seat.page()), lang=lang, action=action)
        message = re.search(r'<p class="field-error" id="action-error">([^<]*)</p>', refused.text)
        assert refused.status_code == 422 and message is not None, action
        said = html.unescape(message.group(1))
        assert joker[lang] in said and "Jboth" not in said, said
        assert not re.search("notation|notazione|Schreibweise", said), said
