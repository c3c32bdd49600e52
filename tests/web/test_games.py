"""The pages' registry: every game has its pages, its check page at ``/<game>/check``, and a look for its table.

Nambarz's check page was at ``/check``; that address redirects, keeping the question.
"""

from __future__ import annotations

import html
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from solver.errors import GameError
from solver.games import GAMES, find_game
from tests.web.pages import verdict_of
from tutor.i18n import translator
from web import play_tables
from web.games import PAGES

NAMES = list(GAMES.names)


def test_every_game_of_the_solver_has_its_pages_and_no_page_is_of_another_game() -> None:
    assert PAGES.names == tuple(NAMES)


@pytest.mark.parametrize("game", NAMES)
def test_every_variant_bot_and_option_of_a_game_has_its_words(game: str) -> None:
    entry, labels = find_game(game), PAGES.find(game).labels
    assert set(entry.variants) == set(labels.variants)
    assert set(entry.bot_kinds) == set(labels.bots)
    assert {option.name for option in entry.options} == set(labels.options)


@pytest.mark.parametrize("game", NAMES)
def test_the_start_form_offers_each_variant_s_default_bot_and_describes_only_bots_the_game_has(game: str) -> None:
    entry, labels = find_game(game), PAGES.find(game).labels
    offered = labels.offered_bots or entry.bot_kinds
    assert set(offered) <= set(entry.bot_kinds)
    assert {entry.default_bot(variant) for variant in entry.variants} <= set(offered)
    assert set(labels.bot_descriptions) <= set(entry.bot_kinds)


@pytest.mark.parametrize("game", ["nambarz", "quando", "nmbrs"])
def test_each_bot_offered_for_a_competitive_game_is_described(game: str) -> None:
    labels = PAGES.find(game).labels
    assert set(labels.offered_bots) == set(labels.bot_descriptions)


@pytest.mark.parametrize("game", NAMES)
def test_every_game_has_a_check_page_at_its_name(client: FlaskClient, game: str) -> None:
    page = client.get(f"/{game}/check?lang=en")
    assert page.status_code == 200
    assert f'action="/{game}/check"' in page.text


@pytest.mark.parametrize("game", NAMES)
def test_the_header_and_the_home_page_link_every_games_check_page(client: FlaskClient, game: str) -> None:
    home = client.get("/?lang=en").text
    header = home.split("</header>")[0]
    assert f'href="/{game}/check?lang=en"' in header
    assert f'href="/{game}/check?lang=en"' in home.split("</header>")[1]


def test_the_home_page_names_each_sibling_game_in_the_readers_language(client: FlaskClient) -> None:
    home = html.unescape(client.get("/?lang=de").text)
    sentence = translator("de", "web").gettext("Check a move in %(game)s")
    assert [sentence % {"game": title} for title in ("The Game", "Quando", "Nmbrs!")] == re.findall(
        re.escape(sentence).replace(re.escape("%(game)s"), "[^<]+"), home
    )


def test_nambarz_s_old_check_address_redirects_for_good_keeping_the_question(client: FlaskClient) -> None:
    answer = client.get("/check?top=3bee&play=9+/+3&lang=it")
    assert answer.status_code == 308
    assert answer.headers["Location"] == "/nambarz/check?top=3bee&play=9+/+3&lang=it"
    assert client.get("/check").headers["Location"] == "/nambarz/check"
    followed = client.get("/check?top=3bee&play=9+/+3&lang=it", follow_redirects=True)
    assert verdict_of(followed) == verdict_of(client.get("/nambarz/check?top=3bee&play=9+/+3&lang=it"))


def test_the_referee_link_opens_the_check_page_for_a_whole_turn(client: FlaskClient) -> None:
    assert 'href="/nambarz/check?lang=fr&amp;mode=turn"' in client.get("/?lang=fr").text


def test_an_unknown_game_has_no_look_of_another_game() -> None:
    for ask in (
        lambda: play_tables.action_label("chess", "e4", "en"),
        lambda: play_tables.moves({"game": "chess", "legal_actions": ["e4"]}, "en"),
        lambda: play_tables.hint_levels("chess"),
        lambda: play_tables.kind_label("chess", "strong"),
        lambda: play_tables.table_context({"game": "chess"}, [], "en"),
    ):
        with pytest.raises(GameError, match="unknown game 'chess'"):
            ask()


def test_an_unknown_check_page_is_not_found(client: FlaskClient) -> None:
    assert client.get("/chess/check?lang=en").status_code == 404


def test_the_app_routes_each_registered_game_s_check_page(app: Flask) -> None:
    rules = {rule.endpoint: rule.rule for rule in app.url_map.iter_rules()}
    for game in PAGES:
        assert rules[f"web.{game.check_endpoint}"] == game.check_path == f"/{game.name}/check"
    assert rules["web.nambarz_check_old_0"] == "/check"
