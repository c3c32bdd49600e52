"""The table tells the story: the others' turns since your last move in words and cards, the parts that changed
marked, and a turn with nothing left to decide ended by itself."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from services.configuration import game_tables
from services.play.fairness import check_log
from tests.web.readable import readable
from tests.web.test_play_pages import BOTS, GAMES, Seat, listed_moves, seated, version_of
from tutor.i18n import SUPPORTED_LANGUAGES, translator
from web.play_tables import forced_moves

BOT_NAMES = ("Bot1", "Bot2", "Bot3")
"""The names the start form gives the bots of :func:`~tests.web.test_play_pages.start` (by seat)."""

NOTATION = re.compile(r"asc\d|desc\d|@\d|\bJ(?:both|number|figure|replay)\b|\bplay \d|\blay \d|>|\bP\d\b")
"""What a move written in a game's notation looks like; a person reads words."""

STEPS = 120
"""The most moves a test plays at a table."""


def section(page: TestResponse, name: str) -> str:
    found = re.search(rf'<section class="{name}".*?</section>', page.text, re.S)
    assert found is not None, f"no {name} section on the page"
    return found.group(0)


def story_lines(page: TestResponse) -> list[tuple[str, str]]:
    """Each turn the strip tells: its seat and what a person reads of it."""
    return [
        (seat, readable(line))
        for seat, line in re.findall(
            r'<li class="(?:own|other)" data-seat="(\d+)"[^>]*>(.*?)</li>', section(page, "story")
        )
    ]


def said_in_lines(html: str) -> str:
    """What a person reads, each line of a list as one line ("Ann: passed")."""
    return readable(html).replace("\n: ", ": ")


def a_move(page: TestResponse, game: str) -> str:
    """A move that lays cards if the table offers one, else its first word."""
    moves = [move for move in listed_moves(page) if not move.startswith("ask ")]  # The Game's requests are no move
    laid = [move for move in moves if move not in forced_moves(game)]
    return (laid or moves)[0]


def players(game: str) -> list[str]:
    return ["human", BOTS[game], BOTS[game], BOTS[game]] if game != "thegame" else ["human", BOTS[game], BOTS[game]]


def play_until(seat: Seat, game: str, lang: str, done: object) -> TestResponse:
    """Play the table's moves until ``done(answer)`` holds; the answer it holds for."""
    for _ in range(STEPS):
        page = seat.page(lang)
        assert listed_moves(page), "the person should be to move after the bots"
        answer = seat.act(version_of(page), lang, action=a_move(page, game))
        assert answer.status_code == 200, answer.text
        if done(answer):  # type: ignore[operator]
            return answer
    pytest.fail("the game never showed what the test waits for")


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_after_a_move_the_strip_tells_the_bots_turns_in_words_and_cards(
    client: FlaskClient, game: str, lang: str
) -> None:
    seat = seated(client, game, players(game), language=lang)
    answer = play_until(seat, game, lang, lambda page: any(line[0] != "0" for line in story_lines(page)))
    t = translator(lang, "web")
    strip = section(answer, "story")
    assert t.gettext("Since your last move") in readable(strip)
    assert 'aria-live="polite"' in strip
    lines = story_lines(answer)
    assert lines[0][0] == "0", "the page answering a move tells that move's turn first"
    for _, said in lines:
        assert said.startswith(("Player0", *BOT_NAMES)), said
        assert said.endswith("."), said
        assert not NOTATION.search(said), f"notation in the story: {said!r}"
    others = [said for seat_number, said in lines if seat_number != "0"]
    assert others and all(said.startswith(BOT_NAMES) for said in others)


@pytest.mark.parametrize("game", GAMES)
def test_the_story_draws_the_cards_laid_as_cards(client: FlaskClient, game: str) -> None:
    seat = seated(client, game, players(game))
    laying = {"nambarz": "matched", "thegame": "laid", "quando": "played", "nmbrs": "laid"}[game]
    answer = play_until(
        seat, game, "en", lambda page: any(laying in said and seat != "0" for seat, said in story_lines(page))
    )
    strip = section(answer, "story")
    if game != "nmbrs":  # a sequence laid is told by its cards and points; a discard shows its card
        assert '<span class="story-card"><svg' in strip


@pytest.mark.parametrize("game", GAMES)
def test_a_turn_with_nothing_left_to_decide_ends_by_itself_and_the_log_still_rebuilds_the_game(
    client: FlaskClient, app: Flask, game: str
) -> None:
    options = {"options-rounds": "1"} if game == "nambarz" else {}
    seat = seated(client, game, players(game), **options)
    forced = forced_moves(game)
    for _ in range(STEPS * 3):
        page = seat.page()
        moves = [move for move in listed_moves(page) if not move.startswith("ask ")]
        if not moves:
            break
        assert not (len(moves) == 1 and moves[0] in forced), f"the table asks for a tap on its only move {moves}"
        answer = seat.act(version_of(page), action=a_move(page, game))
        assert answer.status_code == 200, answer.text
    with app.app_context():
        tables = game_tables()
        stored = tables.get(seat.game_id)
        assert stored.finished, "the game should end within the moves played"
        if stored.finished:
            log = tables.log(stored, 0, limit=10_000)
            pages = [log]
            while log["next_after"] is not None:
                log = tables.log(stored, 0, after=log["next_after"])
                pages.append(log)
            whole = {**pages[0], "actions": [action for page in pages for action in page["actions"]]}
            assert check_log(whole) == []


def test_nambarz_passes_for_you_after_a_play_and_says_so_in_the_past(client: FlaskClient, app: Flask) -> None:
    seat = seated(client, "nambarz", players("nambarz"))
    answer = play_until(seat, "nambarz", "en", lambda page: story_lines(page)[0][1].startswith("Player0 matched"))
    with app.app_context():
        actions = game_tables().store.actions(seat.game_id)
    mine = [record.action for record in actions if record.seat == 0]
    assert "pass" in mine, "the pass after the play was made for the person and logged as any action"
    recent = said_in_lines(section(answer, "recent"))
    assert "passed" in recent and "Pass" not in recent
    log_page = said_in_lines(client.get(f"{seat.table}/log?lang=de").text)
    assert "Player0: hat gepasst" in log_page


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_what_changed_since_your_last_move_is_marked_in_words_too(client: FlaskClient, lang: str) -> None:
    seat = seated(client, "nambarz", players("nambarz"), language=lang)
    answer = play_until(
        seat,
        "nambarz",
        lang,
        lambda page: 'class="top-card-line changed"' in page.text and 'class="changed"' in page.text,
    )
    t = translator(lang, "web")
    said = readable(section(answer, "game-table"))
    assert t.gettext("(changed since your last move)") in said
    players_table = re.search(r'<table class="seats">.*?</table>', answer.text, re.S)
    assert players_table is not None and 'class="changed"' in players_table.group(0)


def test_a_card_drawn_is_marked_new_in_the_hand(client: FlaskClient) -> None:
    seat = seated(client, "quando", players("quando"))
    answer = play_until(seat, "quando", "en", lambda page: "new-card" in section(page, "hand"))
    assert "(new since your last move)" in readable(section(answer, "hand"))


def test_the_log_page_and_the_latest_moves_speak_no_button_labels(client: FlaskClient) -> None:
    seat = seated(client, "nmbrs", players("nmbrs"))
    answer = play_until(seat, "nmbrs", "en", lambda page: "drew a hidden card" in section(page, "recent"))
    recent = said_in_lines(section(answer, "recent"))
    assert "Draw a hidden card" not in recent and "Pass" not in recent


@pytest.mark.parametrize("game", GAMES)
def test_each_game_marks_its_own_changed_parts_on_the_table(client: FlaskClient, game: str) -> None:
    marked = {
        "nambarz": 'class="top-card-line changed"',
        "thegame": 'class="pile ascending changed"',
        "quando": '<dd class="changed">',
        "nmbrs": '<dd class="changed">',
    }[game]
    seat = seated(client, game, players(game))
    answer = play_until(seat, game, "en", lambda page: marked in section(page, "game-table"))
    assert "(changed since your last move)" in readable(section(answer, "game-table"))


def test_a_request_about_a_pile_is_told_in_words(client: FlaskClient) -> None:
    seat = seated(client, "thegame", players("thegame"))
    answer = seat.act(version_of(seat.page()), action="ask dont asc1")
    assert answer.status_code == 200, answer.text
    lines = story_lines(answer)
    assert lines[-1] == ("0", "Player0 said: Please don't play on the first rising pile.")
