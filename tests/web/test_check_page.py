"""``/nambarz/check``: one play or a whole turn, judged on the server, as the API judges it."""

from __future__ import annotations

import re
from datetime import date
from html import unescape
from pathlib import Path
from urllib.parse import urlencode

import pytest
from babel.dates import format_date
from flask.testing import FlaskClient

from tests.web.nambarz_words import shown_codes
from tests.web.pages import field_error
from tests.web.readable import readable
from tutor.i18n import SUPPORTED_LANGUAGES
from web.nambarz.check import permalink_qr


def verdict_attributes(html: str) -> tuple[str, str]:
    start = html.index('id="verdict"')
    tag = html[start : html.index(">", start)]
    legal = tag.split('data-legal="')[1].split('"')[0]
    codes = tag.split('data-codes="')[1].split('"')[0]
    return legal, codes


@pytest.mark.parametrize(
    ("top", "play", "legal", "codes"),
    [
        ("3bee", "10 - 4 / 2", "true", ""),
        ("3bee", "6 + 5 + 2 - 10", "false", "not-minimal"),
        ("3bee", "8bee - 5 + 1", "false", "mixed-kinds matching-card-in-calculation wrong-result"),
        ("1", "2 - 3 + 2", "false", "not-minimal wrong-result"),
    ],
)
def test_a_play_gets_the_api_verdict(client: FlaskClient, top: str, play: str, legal: str, codes: str) -> None:
    page = client.get("/nambarz/check?" + urlencode({"top": top, "play": play}))
    assert page.status_code == 200
    assert verdict_attributes(page.text) == (legal, codes)
    answer = client.post("/api/v1/nambarz/check", json={"top": top, "play": play}).get_json()
    assert [violation["code"] for violation in answer["violations"]] == (codes.split() if codes else [])


def test_the_not_minimal_verdict_shows_the_resolution_steps_and_the_smaller_play(client: FlaskClient) -> None:
    page = client.get("/nambarz/check?" + urlencode({"top": "3bee", "play": "6 + 5 + 2 - 10", "lang": "it"}))
    assert "Bastavano meno carte: 6 ÷ 2. 6 ÷ 2 resta sul tavolo; riprendi 5 e 10 e peschi 3 carte." in page.text
    assert "6 + 5 = 11, 11 + 2 = 13, 13 − 10 = 3" in page.text
    assert "Regola III.2 · penalità V.1" in page.text


def test_a_legal_play_names_the_card_the_next_player_covers_and_the_master_points(client: FlaskClient) -> None:
    page = client.get("/nambarz/check?" + urlencode({"top": "9", "play": "7 + 6 - 5 + 1"}))
    assert verdict_attributes(page.text) == ("true", "")
    assert "The next play covers 1." in page.text
    assert "Master stroke: 7 points." in page.text


def test_several_faults_say_which_penalty_applies(client: FlaskClient) -> None:
    page = client.get("/nambarz/check?" + urlencode({"top": "3bee", "play": "8bee - 5 + 1"}))
    assert "penalised only once, for the first: a card that matches 3 bee is used inside the calculation" in page.text
    assert "8 bee stays on the table; you take back 5 and 1 and draw 3 cards." in page.text


def test_a_turn_gets_one_verdict_per_play_and_says_what_happens_to_plays_after_a_penalty(client: FlaskClient) -> None:
    page = client.get("/nambarz/check?" + urlencode({"top": "3bee", "turn": "Jboth Jnumber 4 ; 1 + 2"}))
    assert verdict_attributes(page.text) == ("false", "joker-after-joker")
    assert page.text.count('class="play-verdict') == 2
    assert "1 + 2 comes after a penalty, which ended the turn" in page.text
    assert "A change joker is on top" in page.text


def test_a_turn_without_a_replay_joker_is_penalised_not_refused(client: FlaskClient) -> None:
    page = client.get("/nambarz/check?" + urlencode({"top": "3", "turn": "1 + 2 ; 4 - 2"}))
    assert verdict_attributes(page.text) == ("false", "play-without-replay")


def test_the_form_mode_turn_with_a_play_field_judges_a_turn(client: FlaskClient) -> None:
    page = client.get("/nambarz/check?" + urlencode({"top": "3", "mode": "turn", "play": "Jreplay ; 1 + 2"}))
    assert verdict_attributes(page.text) == ("true", "")


def test_operators_may_come_one_per_parameter_as_the_check_boxes_send_them(client: FlaskClient) -> None:
    page = client.get("/nambarz/check?top=3&play=6+/+2&ops=%2B&ops=-")
    assert verdict_attributes(page.text) == ("false", "operation-not-allowed")


def test_the_printable_ruling_has_the_date_position_and_rule_references(client: FlaskClient) -> None:
    page = client.get("/nambarz/check?" + urlencode({"top": "3bee", "play": "6 + 5 + 2 - 10", "lang": "de"}))
    ruling = page.text[page.text.index('class="ruling-print"') :]
    assert "Datum" in ruling
    assert "Abschnitt III.2, Strafe V.1" in ruling
    assert "6 + 5 + 2 − 10" in ruling


TURN = "7fish - 4hen ; Jreplay ; 8bee - 5 + 1 - 1 ; 4"
"""A turn of four plays, the third penalised, so the fourth is left in the hand."""


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_the_printable_ruling_names_the_players_and_the_cards_in_words_with_the_date(
    client: FlaskClient, lang: str
) -> None:
    query = {"top": "3bee", "turn": TURN, "player": "Ann", "players": "Ann,Bea , Cid", "lang": lang}
    page = client.get("/nambarz/check?" + urlencode(query))
    assert page.status_code == 200
    ruling = page.text[page.text.index('class="ruling-print"') : page.text.index("</figure>")]
    players = {"en": "Ann, Bea and Cid", "it": "Ann, Bea e Cid", "de": "Ann, Bea und Cid", "fr": "Ann, Bea et Cid"}
    assert '<dd class="ruling-player">Ann</dd>' in ruling
    assert f'<dd class="ruling-players">{players[lang]}</dd>' in ruling
    assert format_date(date.today(), format="long", locale=lang) in ruling
    cards = {"en": "7 fish − 4 hen", "it": "7 pesce − 4 gallina", "de": "7 Fisch − 4 Huhn", "fr": "7 poisson − 4 poule"}
    plays = ruling[ruling.index('<ol class="plays-in-words">') : ruling.index("</ol>")]
    assert plays.count("<li>") == 4 and f"<li>{cards[lang]}</li>" in plays


def test_without_names_the_ruling_prints_none(client: FlaskClient) -> None:
    page = client.get("/nambarz/check?" + urlencode({"top": "3bee", "turn": TURN}))
    assert "ruling-player" not in page.text and "ruling-players" not in page.text


def test_the_ruling_prints_the_qr_code_of_its_permalink_and_not_its_address(client: FlaskClient) -> None:
    address = "/nambarz/check?" + urlencode({"top": "3bee", "turn": TURN, "player": "Ann", "lang": "fr"})
    page = client.get(address)
    ruling = page.text[page.text.index('class="ruling-print"') : page.text.index("</figure>")]
    link = re.search(r'href="([^"]*)" id="permalink"', page.text)
    assert link is not None
    permalink = unescape(link.group(1))
    assert permalink.startswith("http://localhost/nambarz/check?") and "player=Ann" in permalink
    assert permalink_qr(permalink, "Le code QR du lien vers cette décision") in ruling
    assert 'class="permalink-qr"' in ruling
    assert "turn=" not in ruling and "localhost" not in ruling


@pytest.mark.parametrize(("field", "longest"), [("player", 40), ("players", 200)])
def test_a_name_too_long_for_the_ruling_is_refused_beside_its_field(
    client: FlaskClient, field: str, longest: int
) -> None:
    page = client.get("/nambarz/check?" + urlencode({"top": "3bee", "play": "1 + 2", field: "x" * (longest + 1)}))
    assert page.status_code == 422
    assert f'id="{field}-error"' in page.text and 'id="verdict"' not in page.text
    page = client.get("/nambarz/check?" + urlencode({"top": "3bee", "play": "1 + 2", field: "x" * longest}))
    assert page.status_code == 200


def test_what_else_could_i_have_played_lists_the_solver_answer(client: FlaskClient) -> None:
    page = client.get("/nambarz/check?" + urlencode({"top": "3bee", "play": "6 + 5 + 2 - 10"}))
    others = page.text[page.text.index('class="others"') :]
    assert "3 legal calculations" in others
    assert "6 × 5 ÷ 10" in others


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        ({"top": "3zz", "play": "1 + 2"}, "top", "“zz” is not a figure"),
        (
            {"top": "3", "play": "1 + + 2"},
            "play",
            "Check “+” at position 5. Write cards such as 3, 3 bee or the double-change joker",
        ),
        ({"top": "3", "play": "1 + 2", "rules": "complex"}, "rules", "“complex” cannot be used here."),
        ({"top": "3", "play": "1 + 2", "ops": "%"}, "ops", "Choose one or more of the operators"),
        ({"top": "Jboth", "play": "3"}, "top", "“double-change joker” cannot be used here. Choose the card on top"),
        ({"top": "3", "play": "1 + 2 + 99"}, "play", "The deck has no 99."),
        (
            {"top": "3", "play": "7bee + 2"},
            "play",
            "The deck has no 7 bee. Its cards with this figure are 3 bee, 8 bee.",
        ),
        ({"top": "3"}, "play", "Write the play"),
    ],
)
def test_bad_input_is_shown_beside_its_field(
    client: FlaskClient, query: dict[str, str], field: str, message: str
) -> None:
    page = client.get("/nambarz/check?" + urlencode(query))
    assert page.status_code == 422
    error = page.text[page.text.index(f'id="{field}-error"') :]
    assert message in error[: error.index("</p>")]
    assert 'id="verdict"' not in page.text


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_every_language_renders_the_verdict(client: FlaskClient, lang: str) -> None:
    page = client.get("/nambarz/check?" + urlencode({"top": "3bee", "turn": "Jreplay ; 6 + 5 + 2 - 10", "lang": lang}))
    assert page.status_code == 200
    assert verdict_attributes(page.text) == ("false", "not-minimal")


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
@pytest.mark.parametrize(
    "query",
    [
        {"top": "3bee", "play": "8bee - 5 + 1"},
        {"top": "3bee", "play": "10 - 4 / 2", "hand": "10 4 2 7fish"},
        {"top": "3bee", "turn": "Jboth Jnumber 4 ; 1 + 2"},
        {"top": "3", "turn": "Jfigure 8bee ; Jreplay ; 9hen - 6dragonfly"},
        {"top": "3", "turn": "1 + 2 ; 4 - 1"},
    ],
    ids=["several-faults", "legal-with-hand", "joker-on-joker", "legal-turn", "without-replay"],
)
def test_no_code_reaches_a_reader_but_the_referees_details_keep_them(
    client: FlaskClient, lang: str, query: dict[str, str]
) -> None:
    page = client.get("/nambarz/check?" + urlencode({**query, "lang": lang}))
    assert page.status_code == 200
    assert shown_codes(readable(page.text), lang) == []
    _, codes = verdict_attributes(page.text)
    if codes:
        referees = page.text[page.text.index('<details class="for-referees">') :]
        assert all(code in referees[: referees.index("</details>")] for code in codes.split())
        assert page.text.count('<details class="for-referees">') == 1


def test_a_turn_written_in_words_is_judged_and_written_back_in_the_page_s_words(client: FlaskClient) -> None:
    turn = "jolly per rigiocare ; 9\u00a0gallina − 6 Libelle ; Zahlenwechsel-Joker 3"
    page = client.get("/nambarz/check?" + urlencode({"top": "3", "turn": turn, "hand": "9 hen, 6 2bee", "lang": "fr"}))
    assert page.status_code == 200
    assert verdict_attributes(page.text)[1] == "play-without-replay"
    field = page.text[page.text.index('id="notation"') :]
    assert 'value="joker pour rejouer ; 9 poule − 6 libellule ; joker change-nombre 3"' in field[: field.index(">")]
    hand = page.text[page.text.index('id="hand"') :]
    assert 'value="9 poule 6 2 abeille"' in hand[: hand.index(">")]


def field_value(page_text: str) -> str:
    """What the field of the cards laid shows."""
    found = re.search(r'<input id="notation" name="(?:play|turn)" type="text" value="([^"]*)"', page_text)
    assert found is not None
    return unescape(found.group(1))


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_a_refused_play_stays_as_typed_so_the_position_of_the_refusal_points_into_it(
    client: FlaskClient, lang: str
) -> None:
    page = client.get("/nambarz/check?" + urlencode({"top": "3bee", "play": "Jboth 4 + 5", "lang": lang}))
    where = {
        "en": "“4” at position 7",
        "it": "«4» alla posizione 7",
        "de": "„4“ an Stelle 7",
        "fr": "«\u00a04\u00a0» à la position 7",
    }
    assert where[lang] in field_error(page, "play")
    assert field_value(page.text) == "Jboth 4 + 5"


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_a_play_that_reads_but_cannot_be_judged_is_quoted_in_words_never_as_a_code(
    client: FlaskClient, lang: str
) -> None:
    for typed in ("replay joker", "Jreplay"):
        page = client.get("/nambarz/check?" + urlencode({"top": "3bee", "play": typed, "lang": lang}))
        error = field_error(page, "play")
        joker = {"en": "replay joker", "it": "jolly per rigiocare", "de": "Nochmal-Joker", "fr": "joker pour rejouer"}
        assert joker[lang] in error and "Jreplay" not in error
        assert field_value(page.text) == joker[lang]


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_a_skipped_play_s_sentence_starts_with_a_capital(client: FlaskClient, lang: str) -> None:
    page = client.get("/nambarz/check?" + urlencode({"top": "3bee", "turn": TURN, "lang": lang}))
    reasons = re.findall(r'<p class="skipped-reason">([^<]*)</p>', page.text)
    assert reasons and not any(reason[:1].islower() for reason in reasons), reasons
    wrote = "Jreplay ; 6 + 5 + 2 - 10 ; Jreplay"
    page = client.get("/nambarz/check?" + urlencode({"top": "3bee", "turn": wrote, "lang": lang}))
    reasons = re.findall(r'<p class="skipped-reason">([^<]*)</p>', page.text)
    assert reasons and not any(reason[:1].islower() for reason in reasons), reasons


def test_on_paper_a_closed_why_is_hidden_rather_than_printed_as_a_bare_summary() -> None:
    style = (Path(__file__).parents[2] / "web" / "static" / "style.css").read_text(encoding="utf-8")
    printed = "".join(re.findall(r"@media print \{(.*?)\n\}", style, re.DOTALL))
    assert ".verdict:has(.ruling-print) details:not([open]) { display: none; }" in printed
