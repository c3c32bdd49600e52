"""The Game's explanations in Italian, German and French: the tutor, the API's ``lang`` and the CLI's ``--lang``."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.thegame import END_TURN, Game, State, Variant
from solver.thegame.cards import CARDS
from solver.thegame.hint import hint
from solver.thegame.referee import Placement, PlayVerdict, Position, check_play
from solver.thegame.rules import PILES, Pile
from solver.thegame.rulings import RULINGS
from solver.thegame.simulate import simulate
from solver.thegame.state import Action, ActionVerdict
from solver.thegame.violations import ViolationCode
from tests.conftest import Cli
from tests.paths import DATA
from tutor.i18n import DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, translator
from tutor.thegame import explain_hint, explain_play_verdict, explain_simulation, explain_verdict

CASES = json.loads((DATA / "thegame_referee_cases.json").read_text(encoding="utf-8"))
TRANSLATED = [lang for lang in SUPPORTED_LANGUAGES if lang != DEFAULT_LANGUAGE]
ASC1, ASC2, DESC1, DESC2 = PILES
RESOLUTION = {"en": "  Resolution: ", "it": "  Risoluzione: ", "de": "  Auflösung: ", "fr": "  Résolution : "}
RULING = {"en": "  Ruling ", "it": "  Decisione ", "de": "  Entscheidung ", "fr": "  Décision "}
SECTION = {
    "en": "({rule})",
    "it": "(regola «{rule}»)",
    "de": "(Regel „{rule}“)",
    "fr": "(règle « {rule} »)",
}


def position_of(request: dict[str, Any]) -> Position:
    """The position a request of the HTTP API describes."""
    return Position(
        {Pile(name): top for name, top in request["piles"].items()},
        tuple(request["hand"]),
        request["draw_pile"],
        Variant(request.get("variant", "standard")),
        request.get("on_fire", False),
        tuple(Pile(name) for name in request.get("fire_due", [])),
    )


def case_verdict(case: dict[str, Any]) -> PlayVerdict:
    request = case["request"]
    return check_play(position_of(request), [Placement(item["card"], item["pile"]) for item in request["play"]])


def case_named(name: str) -> dict[str, Any]:
    return next(case for case in CASES if case["id"] == name)


def action_verdicts() -> list[ActionVerdict]:
    """Actions of a small game that between them carry every code an action can break, and legal ones."""
    state = State.from_position(Game(), [[37, 60]], tops={ASC1: 47}, draw_pile=[2, 3])
    verdicts = [state.check(Action.parse(text)) for text in ("37>asc1", "60>asc1", "end", "50>asc1", "30>asc1")]
    verdicts.append(state.check(Action.parse("50>desc1")))
    over = State.from_position(Game(), [[60]], tops={ASC1: 99, ASC2: 98, DESC1: 2, DESC2: 3})
    verdicts += [over.check(Action.parse("60>asc1")), over.check(END_TURN)]
    return verdicts


def assert_well_formed(text: str, lang: str, *, legal: bool) -> None:
    assert "%(" not in text and "%%" not in text
    lines = text.splitlines()
    assert any(line.startswith(RESOLUTION[lang]) for line in lines) == (not legal)


# ----------------------------------------------------------------- exact texts


ITALIAN_WRONG_DIRECTION = [
    "Giocata non valida: 85>desc1, 80>desc1 (1 carta calata; questo turno ne chiede almeno 2).",
    "  1. 85 su desc1 che mostra 83: saltata, la carta resta in mano.",
    "     wrong-direction (regola «I mucchietti: regole per calare carte»): 85 non va su desc1 che mostra 83: "
    "in discesa deve essere più bassa di 83, oppure esattamente 93",
    "  2. 80 su desc1 che mostra 83.",
    "  La giocata: too-few-cards (regola «Svolgimento della partita»): 1 carta calata correttamente, "
    "questo turno ne chiede 2: si possono ancora calare altre carte",
    "  Risoluzione: 80>desc1 resta sui mucchietti. 85 torna in mano. "
    "Il turno non è finito: cala ancora 1 carta prima di chiuderlo.",
    "  Mucchietti dopo: asc1 1, asc2 1, desc1 80, desc2 100.",
    "  Pesca 1 carta; carte in mano: 85 10.",
    "  Decisione back-exactly-ten (decisione del progetto): una carta va contro il verso di un mucchietto solo "
    "esattamente dieci indietro; la sequenza discendente 98, 97, 88, 83, 85 del regolamento è un errore di stampa.",
    "  Decisione skip-illegal-placement (decisione del progetto): una carta calata in modo non valido viene "
    "saltata: resta in mano, non conta e le carte successive si giudicano sui mucchietti lasciati da quelle valide.",
]

GERMAN_FIRE_UNCOVERED = [
    "Unerlaubter Zug: 30>asc2, 80>desc1 (2 Karten gelegt; dieser Zug verlangt mindestens 2).",
    "  1. 30 auf asc2 mit 1.",
    "  2. 80 auf desc1 mit 100.",
    '  Der Zug: fire-uncovered (Regel „Espansione "On Fire"“): die Feuerkarte 44 auf asc1 ist am Ende des Zuges '
    "noch nicht abgedeckt: Das Spiel ist verloren",
    "  Auflösung: 30>asc2 und 80>desc1 bleiben auf den Stapeln. "
    "Das Spiel ist verloren: Eine Feuerkarte, die in diesem Zug fällig war, ist noch nicht abgedeckt.",
    "  Stapel danach: asc1 44, asc2 30, desc1 80, desc2 100.",
    "  Zieh 2 Karten; auf der Hand: 50.",
    "  Entscheidung fire-due-named-in-request (Entscheidung des Projekts): ein Zug wird ohne seine Vorgeschichte "
    "beurteilt: Die Anfrage nennt die Feuerkarten, die in diesem Zug fällig sind.",
]

FRENCH_CARD_LAID_TWICE = [
    "Coup interdit : 10>asc1, 10>asc2, 20>asc1 (2 cartes posées ; ce tour en demande au moins 2).",
    "  1. 10 sur asc1 qui montre 1.",
    "  2. 10 sur asc2 qui montre 1 : ignorée.",
    "     card-laid-twice (règle « Svolgimento della partita ») : 10 a déjà été posée à l'étape 1",
    "  3. 20 sur asc1 qui montre 10.",
    "  Résolution : 10>asc1 et 20>asc1 restent sur les piles. "
    "Le tour se termine avec les cartes posées correctement : pioche 2 cartes.",
    "  Piles après : asc1 20, asc2 1, desc1 100, desc2 100.",
    "  Pioche 2 cartes ; en main : aucune.",
    "  Décision skip-illegal-placement (décision du projet) : une carte posée de façon interdite est ignorée : "
    "elle reste en main, ne compte pas, et les cartes suivantes sont jugées sur les piles laissées par celles "
    "qui sont permises.",
]


@pytest.mark.parametrize(
    ("case", "lang", "expected"),
    [
        ("misprinted-85-on-83-going-down", "it", ITALIAN_WRONG_DIRECTION),
        ("susanna-leaves-the-fire-card-uncovered-and-the-game-is-lost", "de", GERMAN_FIRE_UNCOVERED),
        ("a-card-laid-twice", "fr", FRENCH_CARD_LAID_TWICE),
    ],
)
def test_an_illegal_play_reads_naturally_in_each_language(case: str, lang: str, expected: list[str]) -> None:
    assert explain_play_verdict(case_verdict(case_named(case)), lang).splitlines() == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "it",
            [
                "Giocata valida: 37>asc1 (1 carta calata; questo turno ne chiede almeno 1).",
                "  1. 37 su asc1 che mostra 47: dieci indietro.",
                "  Mucchietti dopo: asc1 37, asc2 1, desc1 65, desc2 100.",
                "  Pesca 0 carte; carte in mano: 75 12.",
            ],
        ),
        (
            "de",
            [
                "Erlaubter Zug: 37>asc1 (1 Karte gelegt; dieser Zug verlangt mindestens 1).",
                "  1. 37 auf asc1 mit 47: zehn zurück.",
                "  Stapel danach: asc1 37, asc2 1, desc1 65, desc2 100.",
                "  Zieh 0 Karten; auf der Hand: 75 12.",
            ],
        ),
        (
            "fr",
            [
                "Coup permis : 37>asc1 (1 carte posée ; ce tour en demande au moins 1).",
                "  1. 37 sur asc1 qui montre 47 : dix en arrière.",
                "  Piles après : asc1 37, asc2 1, desc1 65, desc2 100.",
                "  Pioche 0 carte ; en main : 75 12.",
            ],
        ),
    ],
)
def test_a_legal_play_says_why_it_is_legal_in_each_language(lang: str, expected: list[str]) -> None:
    position = Position({ASC1: 47, ASC2: 1, DESC1: 65, DESC2: 100}, (37, 75, 12), draw_pile=0)
    assert explain_play_verdict(check_play(position, [Placement.parse("37>asc1")]), lang).splitlines() == expected


def test_an_illegal_action_is_refused_in_each_language() -> None:
    state = State.from_position(Game(), [[37, 60]], tops={ASC1: 47}, draw_pile=[2, 3])
    verdict = state.check(Action.parse("30>asc1"))
    assert explain_verdict(verdict, "it").splitlines() == [
        "Non valida: 30>asc1 (posto 0), su asc1 che mostra 47.",
        "  not-in-hand (regola «Svolgimento della partita»): il posto 0 non ha in mano 30",
        "  wrong-direction (regola «I mucchietti: regole per calare carte»): 30 non va su asc1 che mostra 47: "
        "in salita deve essere più alta di 47, oppure esattamente 37",
        "  Risoluzione: L'azione è rifiutata e non cambia nulla: scegli un'altra azione.",
        "  Decisione back-exactly-ten (decisione del progetto): una carta va contro il verso di un mucchietto solo "
        "esattamente dieci indietro; la sequenza discendente 98, 97, 88, 83, 85 del regolamento è un errore di stampa.",
    ]
    assert explain_verdict(state.check(END_TURN), "fr").splitlines() == [
        "Non autorisée : fin du tour (place 0).",
        "  too-few-cards (règle « Svolgimento della partita ») : "
        "la place 0 n'a pas encore posé les cartes que ce tour demande",
        "  Résolution : L'action est refusée et rien ne change : pose d'autres cartes avant de terminer le tour.",
    ]
    over = State.from_position(Game(), [[60]], tops={ASC1: 99, ASC2: 98, DESC1: 2, DESC2: 3})
    assert explain_verdict(over.check(Action.parse("60>asc1")), "de").splitlines() == [
        "Nicht erlaubt: 60>asc1 (das Spiel ist vorbei).",
        "  game-over (Regel „Fine della partita“): das Spiel ist vorbei; 60>asc1 kommt zu spät",
        "  Auflösung: Die Aktion wird abgelehnt: Das Spiel ist zu Ende.",
    ]


def test_a_legal_action_says_what_it_covers_in_each_language() -> None:
    state = State.from_position(Game(), [[37, 60]], tops={ASC1: 47}, draw_pile=[2, 3])
    texts = {lang: explain_verdict(state.check(Action.parse("60>asc1")), lang) for lang in SUPPORTED_LANGUAGES}
    assert texts == {
        "en": "Legal: 60>asc1 (seat 0), on asc1 showing 47.",
        "it": "Valida: 60>asc1 (posto 0), su asc1 che mostra 47.",
        "de": "Erlaubt: 60>asc1 (Platz 0), auf asc1 mit 47.",
        "fr": "Autorisée : 60>asc1 (place 0), sur asc1 qui montre 47.",
    }


def test_the_hint_and_the_pile_requests_are_translated() -> None:
    advice = hint(Position({ASC1: 47, ASC2: 60, DESC1: 30, DESC2: 52}, (37, 61, 64, 95), draw_pile=40))
    last_lines = {lang: explain_hint(advice, lang).splitlines()[-1] for lang in SUPPORTED_LANGUAGES}
    assert last_lines == {
        "en": '  Then tell the others: "please don\'t play on asc2".',
        "it": "  Poi di' agli altri: «per favore non giocate su asc2».",
        "de": "  Dann sag den anderen: „bitte nicht auf asc2 spielen“.",
        "fr": "  Puis dis aux autres : « s'il vous plaît, ne jouez pas sur asc2 ».",
    }
    assert explain_hint(advice, "de").splitlines()[0] == "Vorschlag: 37>asc1, 61>asc2."


def test_a_teammate_who_really_needs_a_pile_is_quoted_in_each_language() -> None:
    needs = translator("it", "thegame").gettext('"I really need %(pile)s"') % {"pile": "desc1"}
    assert needs == "«mi serve proprio desc1»"


def test_a_hint_with_no_possible_turn_says_the_game_ends_in_each_language() -> None:
    advice = hint(Position({ASC1: 90, ASC2: 91, DESC1: 10, DESC2: 11}, (50, 60), draw_pile=30))
    texts = {lang: explain_hint(advice, lang) for lang in SUPPORTED_LANGUAGES}
    assert texts == {
        "en": "No order of this hand lays the minimum: the game ends here.",
        "it": "Nessun ordine di questa mano cala il minimo: la partita finisce qui.",
        "de": "Keine Reihenfolge dieser Hand legt das Minimum: Das Spiel endet hier.",
        "fr": "Aucun ordre de cette main ne pose le minimum : la partie se termine ici.",
    }


# ----------------------------------------------------------------- every code, every language


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_violation_code_is_explained_cited_and_resolved_in_every_language(lang: str) -> None:
    explained: set[ViolationCode] = set()
    for case in CASES:
        verdict = case_verdict(case)
        text = explain_play_verdict(verdict, lang)
        english = explain_play_verdict(verdict)
        assert_well_formed(text, lang, legal=verdict.legal)
        assert not set(text.splitlines()) & set(english.splitlines()), case["id"]
        for violation in verdict.violations:
            assert f"{violation.code.value} {SECTION[lang].format(rule=violation.reference.rule)}" in text
            explained.add(ViolationCode(violation.code.value))
    for action_verdict in action_verdicts():
        text = explain_verdict(action_verdict, lang)
        assert_well_formed(text, lang, legal=action_verdict.legal)
        assert not set(text.splitlines()) & set(explain_verdict(action_verdict).splitlines())
        explained |= {ViolationCode(code) for code in action_verdict.codes}
    assert explained == set(ViolationCode)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_ruling_is_named_with_its_translated_source_and_summary(lang: str) -> None:
    translations = translator(lang, "thegame")
    for case in CASES:
        verdict = case_verdict(case)
        lines = explain_play_verdict(verdict, lang).splitlines()
        ruling_lines = [line for line in lines if line.startswith(RULING[lang])]
        assert len(ruling_lines) == len(verdict.rulings)
        for ruling, line in zip(verdict.rulings, ruling_lines, strict=True):
            assert line.startswith(f"{RULING[lang]}{ruling} ({translations.gettext(RULINGS[ruling].source)})")
            assert translations.gettext(RULINGS[ruling].summary) in line
            assert RULINGS[ruling].summary not in line


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_a_simulation_is_summarised_in_every_language(lang: str) -> None:
    report = simulate(players=1, games=2, seed=5, on_fire=True, bot="naive")
    text = explain_simulation(report, lang)
    assert "%(" not in text and "%%" not in text
    assert len(text.splitlines()) == 6
    if lang != DEFAULT_LANGUAGE:
        assert not set(text.splitlines()) & set(explain_simulation(report).splitlines())
    assert "naive" in text and "On Fire" in text


def test_the_simulation_summary_reads_naturally_in_french() -> None:
    report = simulate(players=3, games=1, seed=2, variant=Variant.PRO, bot="naive")
    lines = explain_simulation(report, "fr").splitlines()
    assert lines[0] == "Le bot naive a joué 1 partie de The Game à 3 joueurs (version pro)."
    assert lines[1].startswith("  Gagnées : 0 (0.0% ; intervalle de confiance à 95 % de 0.0% à ")


# ----------------------------------------------------------------- properties


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    play=st.lists(
        st.tuples(st.sampled_from(CARDS), st.sampled_from(["asc1", "asc2", "desc1", "desc2", "up"])), max_size=8
    ),
    on_fire=st.booleans(),
)
def test_any_play_renders_in_every_language(seed: int, play: list[tuple[int, str]], on_fire: bool) -> None:
    rng = random.Random(seed)
    cards = rng.sample(CARDS, 8)
    tops = {ASC1: rng.choice([1, cards[6]]), ASC2: 1, DESC1: 100, DESC2: rng.choice([100, cards[7]])}
    due = tuple(pile for pile in (ASC1, DESC2) if on_fire and tops[pile] in (22, 33, 44, 55, 66, 77))
    position = Position(tops, tuple(cards[:6]), rng.randint(0, 80), on_fire=on_fire, fire_due=due)
    verdict = check_play(position, [Placement(card, pile) for card, pile in play])
    for lang in SUPPORTED_LANGUAGES:
        assert_well_formed(explain_play_verdict(verdict, lang), lang, legal=verdict.legal)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(1, 5), steps=st.integers(0, 40), on_fire=st.booleans())
def test_any_action_of_a_game_renders_in_every_language(seed: int, players: int, steps: int, on_fire: bool) -> None:
    rng = random.Random(seed)
    state = Game(players, Variant.STANDARD, on_fire, seed).new_state()
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    candidates = [END_TURN, *(Action.place(card, pile) for card in rng.sample(CARDS, 3) for pile in PILES)]
    for action in candidates:
        verdict = state.check(action)
        for lang in SUPPORTED_LANGUAGES:
            assert_well_formed(explain_verdict(verdict, lang), lang, legal=verdict.legal)
    if not state.is_over and state.hand:  # a seat that has played out its hand has nothing to hint
        hand = tuple(state.hand)
        position = Position(dict(state.tops), hand, len(state.draw_pile), on_fire=False)
        advice = hint(position)
        for lang in SUPPORTED_LANGUAGES:
            assert "%(" not in explain_hint(advice, lang)


# ----------------------------------------------------------------- HTTP API

BODY: dict[str, Any] = {
    "piles": {"asc1": 47, "asc2": 1, "desc1": 65, "desc2": 100},
    "hand": [37, 75, 12],
    "draw_pile": 50,
    "play": [{"card": 12, "pile": "asc1"}, {"card": 75, "pile": "desc1"}],
}
HINT_BODY = {"piles": {"asc1": 47, "asc2": 60, "desc1": 30, "desc2": 52}, "hand": [37, 61, 64, 95], "draw_pile": 40}
BODY_VERDICT = check_play(position_of(BODY), [Placement(12, "asc1"), Placement(75, "desc1")])
HINT = hint(position_of(HINT_BODY))


def answer(client: FlaskClient, endpoint: str, body: Any, **headers: str) -> dict[str, Any]:
    response = client.post(f"/api/v1/thegame/{endpoint}", json=body, headers=headers)
    assert response.status_code == 200, response.get_data(as_text=True)
    document: dict[str, Any] = response.get_json()
    return document


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_the_api_explains_in_the_language_of_the_body(client: FlaskClient, lang: str) -> None:
    document = answer(client, "check", {**BODY, "lang": lang})
    assert document["explanation"] == explain_play_verdict(BODY_VERDICT, lang)
    hint = answer(client, "hint", {**HINT_BODY, "lang": lang})
    assert hint["explanation"] == explain_hint(HINT, lang)
    assert list(hint) == ["game", "play", "verdict", "requests_after", "explanation"]
    assert "explanation" not in hint["verdict"]


def test_the_api_uses_accept_language_without_a_body_language(client: FlaskClient) -> None:
    document = answer(client, "check", BODY, **{"Accept-Language": "es, fr-CH;q=0.9, de;q=0.5"})
    assert document["explanation"] == explain_play_verdict(BODY_VERDICT, "fr")
    hint = answer(client, "hint", HINT_BODY, **{"Accept-Language": "it"})
    assert hint["explanation"] == explain_hint(HINT, "it")


def test_the_body_language_wins_over_accept_language(client: FlaskClient) -> None:
    document = answer(client, "check", {**BODY, "lang": "de"}, **{"Accept-Language": "it"})
    assert document["explanation"] == explain_play_verdict(BODY_VERDICT, "de")


def test_the_api_explains_in_english_by_default(client: FlaskClient) -> None:
    assert answer(client, "check", BODY)["explanation"] == explain_play_verdict(BODY_VERDICT)
    assert answer(client, "hint", HINT_BODY, **{"Accept-Language": "es"})["explanation"] == explain_hint(HINT)


@pytest.mark.parametrize("endpoint", ["check", "hint"])
@pytest.mark.parametrize("lang", ["es", "IT", "", None, 3, ["it"]])
def test_a_bad_language_is_a_422_naming_lang(client: FlaskClient, endpoint: str, lang: object) -> None:
    body = BODY if endpoint == "check" else HINT_BODY
    response = client.post(f"/api/v1/thegame/{endpoint}", json={**body, "lang": lang})
    assert response.status_code == 422, response.get_data(as_text=True)
    assert set(response.get_json()["errors"]["json"]) == {"lang"}


# ----------------------------------------------------------------- command line

FLAGS = ["--piles", "asc1=47,asc2=1,desc1=65,desc2=100", "--hand", "37,75,12", "--draw-pile", "50"]
HINT_FLAGS = ["--piles", "asc1=47,asc2=60,desc1=30,desc2=52", "--hand", "37,61,64,95", "--draw-pile", "40"]


def test_the_command_line_prints_the_apis_explanation_in_the_language_asked_for(cli: Cli, client: FlaskClient) -> None:
    api = answer(client, "check", {**BODY, "lang": "it"})
    result = cli("thegame", "check", *FLAGS, "--play", "12>asc1,75>desc1", "--lang", "it")
    assert (result.exit_code, result.stdout) == (0, api["explanation"] + "\n")
    assert cli.json("thegame", "check", *FLAGS, "--play", "12>asc1,75>desc1", "--lang", "it") == api
    hint = answer(client, "hint", {**HINT_BODY, "lang": "fr"})
    outcome = cli("thegame", "hint", *HINT_FLAGS, "--lang", "fr")
    assert (outcome.exit_code, outcome.stdout) == (0, hint["explanation"] + "\n")
    assert cli.json("thegame", "hint", *HINT_FLAGS, "--lang", "fr") == hint


def test_an_explicit_lang_wins_over_the_requests_lang(cli: Cli, client: FlaskClient) -> None:
    request = json.dumps({**BODY, "lang": "de"})
    outcome = cli("thegame", "check", "--request", request)
    assert (outcome.exit_code, outcome.stdout) == (0, explain_play_verdict(BODY_VERDICT, "de") + "\n")
    assert cli.json("thegame", "check", "--request", request, "--lang", "fr") == answer(
        client, "check", {**BODY, "lang": "fr"}
    )


def test_the_command_line_explains_in_english_by_default(cli: Cli) -> None:
    assert cli.json("thegame", "hint", *HINT_FLAGS)["explanation"] == explain_hint(HINT)


def test_simulate_summarises_in_the_language_asked_for(cli: Cli) -> None:
    result = cli("thegame", "simulate", "--players", "2", "--games", "1", "--bot", "naive", "--lang", "de")
    assert result.exit_code == 0
    assert result.stdout.startswith("Der Bot naive hat 1 Partie The Game mit 2 Spielenden gespielt (Standardspiel).\n")


@pytest.mark.parametrize(
    "argv",
    [
        ["check", *FLAGS, "--play", "37>asc1", "--lang", "es"],
        ["hint", *HINT_FLAGS, "--lang", "EN"],
        ["simulate", "--players", "2", "--games", "1", "--lang", "it-IT"],
    ],
)
def test_a_bad_lang_option_is_a_usage_error(cli: Cli, argv: list[str]) -> None:
    result = cli("thegame", *argv)
    error = result.stderr
    assert (result.exit_code, result.stdout) == (2, "")
    assert "--lang" in error and "invalid choice" in error


def test_a_bad_lang_in_a_request_is_one_line_naming_it(cli: Cli) -> None:
    result = cli("thegame", "check", "--request", json.dumps({**BODY, "lang": "es"}))
    error = result.stderr
    assert (result.exit_code, result.stdout) == (2, "")
    assert error.count("\n") == 1
    assert re.search(r"--request: lang: expected one of en, it, de, fr", error), error
