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

from solver.review import Mark, TurnReview
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
from tutor.play import verdict_document
from tutor.thegame import (
    explain_hint,
    explain_play_verdict,
    explain_simulation,
    explain_verdict,
    pile_words,
    section_words,
)
from tutor.thegame_review import explain_turn_review

CASES = json.loads((DATA / "thegame_referee_cases.json").read_text(encoding="utf-8"))
TRANSLATED = [lang for lang in SUPPORTED_LANGUAGES if lang != DEFAULT_LANGUAGE]
ASC1, ASC2, DESC1, DESC2 = PILES
NBSP = "\u00a0"
SHORT = 100
"""The longest first sentence of an action's verdict: one short sentence a child reads."""
SECTION = {
    "en": "Rule “{section}”:",
    "it": "Regola «{section}»:",
    "de": "Regel „{section}“:",
    "fr": f"Règle «{NBSP}{{section}}{NBSP}»{NBSP}:",
}
RULING_SOURCE = {
    "en": {"project decision": "  Project decision:", "rules digest": "  From the rules digest:"},
    "it": {"project decision": "  Decisione del progetto:", "rules digest": "  Dalla sintesi delle regole:"},
    "de": {"project decision": "  Entscheidung des Projekts:", "rules digest": "  Aus der Regelübersicht:"},
    "fr": {"project decision": f"  Décision du projet{NBSP}:", "rules digest": f"  Selon le résumé des règles{NBSP}:"},
}
CODES = re.compile(
    r"\b(asc[12]|desc[12])\b|[0-9]>|"
    + "|".join(re.escape(code) for code in sorted([*(code.value for code in ViolationCode), *RULINGS], key=len)[::-1])
)
"""Every violation code, ruling id, pile id and placement of The Game, which a person never reads."""


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
    verdicts += [state.check(Action.parse(f"ask {wish} desc1")) for wish in ("dont", "good", "none")]
    out_of_cards = State.from_position(Game(players=2), [[60], [10]], tops={ASC1: 50})
    out_of_cards.apply(Action.parse("60>asc1"))
    verdicts.append(out_of_cards.check(Action.parse("ask dont desc1")))
    return verdicts


def assert_well_formed(text: str) -> None:
    assert "%(" not in text and "%%" not in text
    assert not CODES.search(text), text


# ----------------------------------------------------------------- exact texts

ITALIAN_WRONG_DIRECTION = [
    "Non va: 85 non sta sul primo mucchietto decrescente.",
    "  80 sul primo mucchietto decrescente resta. 85 torna nella tua mano. Il tuo turno non è finito: cala "
    "ancora 1 carta prima di chiuderlo.",
    "  1. 85 sul primo mucchietto decrescente, che mostrava 83: saltata, la carta resta nella tua mano.",
    "     85 non va sul primo mucchietto decrescente, che mostra 83: ci vuole una carta più bassa di 83, "
    "oppure esattamente 93. Regola «I mucchietti: regole per calare carte»: in salita una carta deve essere "
    "più alta di quella in cima, in discesa più bassa; oppure esattamente dieci indietro, contro il verso del "
    "mucchietto.",
    "  2. 80 sul primo mucchietto decrescente, che mostrava 83.",
    "  Hai calato 1 carta e questo turno ne chiede 2: puoi ancora calarne altre. Regola «Svolgimento della "
    "partita»: in ogni turno si calano almeno due carte (tre nella versione pro), una quando il mazzo è finito.",
    "  Mucchietti dopo: primo mucchietto crescente: 1, secondo mucchietto crescente: 1, primo mucchietto "
    "decrescente: 80, secondo mucchietto decrescente: 100.",
    "  Pesca 1 carta; ti restano 85 10.",
    "  Decisione del progetto: una carta va contro il verso di un mucchietto solo esattamente dieci indietro; "
    "la sequenza discendente 98, 97, 88, 83, 85 del regolamento è un errore di stampa.",
    "  Decisione del progetto: una carta calata in modo non valido viene saltata: resta in mano, non conta e "
    "le carte successive si giudicano sui mucchietti lasciati da quelle valide.",
]


GERMAN_FIRE_UNCOVERED = [
    "Nicht ganz: eine Feuerkarte ist noch offen.",
    "  30 auf den Aufwärtsstapel 2 und 80 auf den Abwärtsstapel 1 bleiben liegen. Das Spiel ist verloren: Eine "
    "Feuerkarte wurde nicht rechtzeitig abgedeckt.",
    "  1. 30 auf den Aufwärtsstapel 2, der 1 zeigte.",
    "  2. 80 auf den Abwärtsstapel 1, der 100 zeigte.",
    "  Die Feuerkarte 44 auf dem Aufwärtsstapel 1 ist am Ende des Zugs noch offen. Regel „Erweiterung On "
    "Fire“: eine Feuerkarte muss bis zum Ende des Zuges der nächsten Person abgedeckt sein, sonst ist das "
    "Spiel verloren.",
    "  Stapel danach: Aufwärtsstapel 1: 44, Aufwärtsstapel 2: 30, Abwärtsstapel 1: 80, Abwärtsstapel 2: 100.",
    "  Ziehe 2 Karten; du behältst 50.",
    "  Entscheidung des Projekts: ein Zug wird ohne seine Vorgeschichte beurteilt: Die Anfrage nennt die "
    "Feuerkarten, die in diesem Zug fällig sind.",
]


FRENCH_CARD_LAID_TWICE = [
    f"Pas tout à fait{NBSP}: 10 est posée deux fois.",
    "  10 sur la première pile montante et 20 sur la première pile montante restent. Ton tour se termine avec "
    f"les cartes qui vont{NBSP}: pioche 2 cartes.",
    "  1. 10 sur la première pile montante, qui montrait 1.",
    f"  2. 10 sur la deuxième pile montante, qui montrait 1{NBSP}: sautée.",
    f"     10 est déjà sur une pile{NBSP}: chaque carte se pose une seule fois. Règle «{NBSP}Déroulement de la "
    f"partie{NBSP}»{NBSP}: chaque carte se pose une seule fois{NBSP}; une carte déjà sur une pile ne peut pas "
    "être reposée.",
    "  3. 20 sur la première pile montante, qui montrait 10.",
    f"  Piles après{NBSP}: première pile montante{NBSP}: 20, deuxième pile montante{NBSP}: 1, "
    f"première pile descendante{NBSP}: 100, deuxième pile descendante{NBSP}: 100.",
    f"  Pioche 2 cartes{NBSP}; ta main est vide.",
    f"  Décision du projet{NBSP}: une carte posée de façon interdite est ignorée{NBSP}: elle reste en main, ne "
    "compte pas, et les cartes suivantes sont jugées sur les piles laissées par celles qui sont permises.",
]


LEGAL_PLAY = {
    "it": [
        "Va bene: hai calato 1 carta, e questo turno ne chiede almeno 1.",
        "  1. 37 sul primo mucchietto crescente, che mostrava 47: dieci indietro.",
        "  Mucchietti dopo: primo mucchietto crescente: 37, secondo mucchietto crescente: 1, primo mucchietto "
        "decrescente: 65, secondo mucchietto decrescente: 100.",
        "  Pesca 0 carte; ti restano 75 12.",
    ],
    "de": [
        "Erlaubt: Du hast 1 Karte gelegt, und dieser Zug braucht mindestens 1.",
        "  1. 37 auf den Aufwärtsstapel 1, der 47 zeigte: zehn zurück.",
        "  Stapel danach: Aufwärtsstapel 1: 37, Aufwärtsstapel 2: 1, Abwärtsstapel 1: 65, Abwärtsstapel 2: 100.",
        "  Ziehe 0 Karten; du behältst 75 12.",
    ],
    "fr": [
        f"C’est permis{NBSP}: tu as posé 1 carte, et ce tour en demande au moins 1.",
        f"  1. 37 sur la première pile montante, qui montrait 47{NBSP}: dix en arrière.",
        f"  Piles après{NBSP}: première pile montante{NBSP}: 37, deuxième pile montante{NBSP}: 1, "
        f"première pile descendante{NBSP}: 65, deuxième pile descendante{NBSP}: 100.",
        f"  Pioche 0 carte{NBSP}; tu gardes 75 12.",
    ],
}


ILLEGAL_ACTION_IT = [
    "Non hai in mano 30: scegli un’altra mossa.",
    "  30 non è nella tua mano. Regola «Svolgimento della partita»: si calano solo carte della propria mano.",
    "  30 non va sul primo mucchietto crescente, che mostra 47: ci vuole una carta più alta di 47, oppure "
    "esattamente 37. Regola «I mucchietti: regole per calare carte»: in salita una carta deve essere più alta "
    "di quella in cima, in discesa più bassa; oppure esattamente dieci indietro, contro il verso del "
    "mucchietto.",
    "  Decisione del progetto: una carta va contro il verso di un mucchietto solo esattamente dieci indietro; "
    "la sequenza discendente 98, 97, 88, 83, 85 del regolamento è un errore di stampa.",
]


END_TOO_SOON_FR = [
    f"Tu ne peux pas encore finir ton tour{NBSP}: pose d’abord d’autres cartes.",
    f"  Tu n’as pas encore posé les cartes que ce tour demande. Règle «{NBSP}Déroulement de la "
    f"partie{NBSP}»{NBSP}: à chaque tour on pose au moins deux cartes (trois dans la version pro), une seule "
    "quand la pioche est vide.",
]


GAME_OVER_DE = [
    "Das Spiel ist vorbei: Es gibt keine Züge mehr.",
    "  Das Spiel ist schon zu Ende. Regel „Ende des Spiels“: nach dem Ende des Spiels gibt es keine Aktionen mehr.",
]


LEGAL_ACTION = {
    "en": "You put 60 on the first rising pile, which showed 47.",
    "it": "Cali 60 sul primo mucchietto crescente, che mostrava 47.",
    "de": "Du legst 60 auf den Aufwärtsstapel 1, der 47 zeigte.",
    "fr": "Tu poses 60 sur la première pile montante, qui montrait 47.",
}


HINT_LAST_LINE = {
    "en": '  Then tell the others: "please don\'t play on the second rising pile".',
    "it": "  Poi di' agli altri: «per favore non giocate sul secondo mucchietto crescente».",
    "de": "  Dann sag den anderen: „bitte spielt nicht auf den Aufwärtsstapel 2“.",
    "fr": f"  Puis dis aux autres{NBSP}: «{NBSP}s’il vous plaît, ne jouez pas sur la deuxième pile montante{NBSP}».",
}


NO_TURN = {
    "en": "No order of your hand lays enough cards: the game ends here.",
    "it": "Nessun ordine della tua mano cala abbastanza carte: la partita finisce qui.",
    "de": "Keine Reihenfolge deiner Hand legt genug Karten: Das Spiel endet hier.",
    "fr": f"Aucun ordre de ta main ne pose assez de cartes{NBSP}: la partie se termine ici.",
}


@pytest.mark.parametrize(
    ("case", "lang", "expected"),
    [
        ("misprinted-85-on-83-going-down", "it", ITALIAN_WRONG_DIRECTION),
        ("susanna-leaves-the-fire-card-uncovered-and-the-game-is-lost", "de", GERMAN_FIRE_UNCOVERED),
        ("a-card-laid-twice", "fr", FRENCH_CARD_LAID_TWICE),
    ],
)
def test_an_illegal_play_says_what_is_wrong_first_in_each_language(case: str, lang: str, expected: list[str]) -> None:
    assert explain_play_verdict(case_verdict(case_named(case)), lang).splitlines() == expected


@pytest.mark.parametrize("lang", ["it", "de", "fr"])
def test_a_legal_play_says_what_you_lay_in_each_language(lang: str) -> None:
    position = Position({ASC1: 47, ASC2: 1, DESC1: 65, DESC2: 100}, (37, 75, 12), draw_pile=0)
    assert (
        explain_play_verdict(check_play(position, [Placement.parse("37>asc1")]), lang).splitlines() == LEGAL_PLAY[lang]
    )


def test_an_illegal_action_is_refused_in_each_language() -> None:
    state = State.from_position(Game(), [[37, 60]], tops={ASC1: 47}, draw_pile=[2, 3])
    assert explain_verdict(state.check(Action.parse("30>asc1")), "it").splitlines() == ILLEGAL_ACTION_IT
    assert explain_verdict(state.check(END_TURN), "fr").splitlines() == END_TOO_SOON_FR
    over = State.from_position(Game(), [[60]], tops={ASC1: 99, ASC2: 98, DESC1: 2, DESC2: 3})
    assert explain_verdict(over.check(Action.parse("60>asc1")), "de").splitlines() == GAME_OVER_DE


def test_a_legal_action_says_what_you_lay_on_which_pile_in_each_language() -> None:
    state = State.from_position(Game(), [[37, 60]], tops={ASC1: 47}, draw_pile=[2, 3])
    texts = {lang: explain_verdict(state.check(Action.parse("60>asc1")), lang) for lang in SUPPORTED_LANGUAGES}
    assert texts == LEGAL_ACTION


def test_the_hint_and_the_pile_requests_say_the_piles_in_words() -> None:
    advice = hint(Position({ASC1: 47, ASC2: 60, DESC1: 30, DESC2: 52}, (37, 61, 64, 95), draw_pile=40))
    last_lines = {lang: explain_hint(advice, lang).splitlines()[-1] for lang in SUPPORTED_LANGUAGES}
    assert last_lines == HINT_LAST_LINE
    assert (
        explain_hint(advice, "de").splitlines()[0]
        == "Lege 37 auf den Aufwärtsstapel 1, dann 61 auf den Aufwärtsstapel 2."
    )


def test_a_player_who_can_play_well_on_a_pile_is_quoted_as_the_table_words_it() -> None:
    says = translator("it", "thegame").gettext('"I can play well on the %(pile)s"') % {"pile": pile_words(DESC1, "it")}
    assert says == "«posso giocare bene sul primo mucchietto decrescente»"


def test_a_hint_with_no_possible_turn_says_the_game_ends_in_each_language() -> None:
    advice = hint(Position({ASC1: 90, ASC2: 91, DESC1: 10, DESC2: 11}, (50, 60), draw_pile=30))
    assert {lang: explain_hint(advice, lang) for lang in SUPPORTED_LANGUAGES} == NO_TURN


# ----------------------------------------------------------------- every code, every language


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_every_violation_code_is_explained_with_its_section_named_in_every_language(lang: str) -> None:
    explained: set[ViolationCode] = set()
    for case in CASES:
        verdict = case_verdict(case)
        text = explain_play_verdict(verdict, lang)
        assert_well_formed(text)
        if lang != DEFAULT_LANGUAGE:
            assert not set(text.splitlines()) & set(explain_play_verdict(verdict).splitlines()), case["id"]
        for violation in verdict.violations:
            assert SECTION[lang].format(section=section_words(violation.reference.rule, lang)) in text
            explained.add(ViolationCode(violation.code.value))
    for action_verdict in action_verdicts():
        text = explain_verdict(action_verdict, lang)
        assert_well_formed(text)
        assert len(text.splitlines()[0]) <= SHORT
        explained |= {ViolationCode(code) for code in action_verdict.codes}
    assert explained == set(ViolationCode)


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_every_ruling_says_where_it_comes_from_and_what_it_says_without_its_id(lang: str) -> None:
    translations = translator(lang, "thegame")
    for case in CASES:
        verdict = case_verdict(case)
        lines = explain_play_verdict(verdict, lang).splitlines()
        ruling_lines = [line for line in lines if line.startswith(tuple(RULING_SOURCE[lang].values()))]
        assert len(ruling_lines) == len(verdict.rulings)
        for ruling, line in zip(verdict.rulings, ruling_lines, strict=True):
            assert line.startswith(RULING_SOURCE[lang][RULINGS[ruling].source])
            assert translations.gettext(RULINGS[ruling].summary) in line
            assert ruling not in line


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
        assert_well_formed(explain_play_verdict(verdict, lang))


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
            assert_well_formed(explain_verdict(verdict, lang))
    if not state.is_over and state.hand:  # a seat that has played out its hand has nothing to hint
        hand = tuple(state.hand)
        position = Position(dict(state.tops), hand, len(state.draw_pile), on_fire=False)
        advice = hint(position)
        for lang in SUPPORTED_LANGUAGES:
            assert_well_formed(explain_hint(advice, lang))


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


# ----------------------------------------------------------------- the review's gaps

NO_WIDER = "Your cards left a gap of %(gap)d on the piles, no wider than the best turn's."
NO_WIDER_PRAISED = "Well done: your cards left a gap of %(gap)d on the piles, no wider than the best turn's."


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
@pytest.mark.parametrize(
    ("gap", "best_gap", "mark"),
    [(-3, -11, Mark.GOOD), (-11, -11, Mark.BEST), (0, -2, Mark.WIDER_GAP), (5, -11, Mark.WIDER_GAP)],
)
def test_a_review_says_no_gap_below_zero_nor_a_minus(lang: str, gap: int, best_gap: int, mark: Mark) -> None:
    played, best = ("37>asc1", "end"), ("20>asc2", "end")
    turn = TurnReview(1, (1, 2), played, best, {"cards": 1, "gap": gap}, {"cards": 1, "gap": best_gap}, mark, {}, {})
    sentence = explain_turn_review(turn, lang)
    assert not re.search(r"[-−]\d", sentence), sentence
    if gap <= 0:
        judged = translator(lang).gettext(NO_WIDER_PRAISED if mark is Mark.BEST else NO_WIDER) % {"gap": 0}
        assert sentence.startswith(judged), sentence
    else:
        assert f" {gap}" in sentence and " 0" in sentence


# ----------------------------------------------------------------- the messages of a move's verdict


@pytest.mark.parametrize(
    ("action", "english"),
    [("end", "the player has laid 0 of the 2 cards this turn needs"), ("50>asc1", "the player does not hold 50")],
)
def test_a_moves_english_message_names_no_seat_like_the_other_languages(action: str, english: str) -> None:
    state = State.from_position(Game(), [[37, 12, 60]], tops={Pile.ASC1: 47}, draw_pile=[2, 3])
    [violation] = verdict_document(state.check(Action.parse(action)), "en")["violations"]
    assert violation["message"] == violation["message_en"] == english
    [italian] = verdict_document(state.check(Action.parse(action)), "it")["violations"]
    assert italian["message_en"] == english and "seat" not in italian["message"]
