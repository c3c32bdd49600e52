"""Quando's explanations in Italian, German and French: verdicts, hints, round scores, the reference, API and CLI."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.quando import KNOCK, PASS, RULINGS, VIOLATIONS, Action, Step, Verdict, check, hint, score_round
from solver.quando.cards import NUMBERS
from solver.quando.violations import ViolationCode
from tests.conftest import Cli
from tests.quando.test_properties import actions, dealt_cards, fronts
from tutor.i18n import DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, LanguageError
from tutor.quando import (
    action_words,
    explain_hint,
    explain_reference,
    explain_round_score,
    explain_verdict,
    section_words,
    violation_reasons,
)

TRANSLATED = [lang for lang in SUPPORTED_LANGUAGES if lang != DEFAULT_LANGUAGE]
HAND = [3, 4, 5, 9, 0, 0, 7]
NBSP = "\u00a0"
EXAMPLES = settings(max_examples=60, deadline=None)

SHORT = 100
"""The longest first sentence of a verdict: one short sentence a child reads."""

YOU = {"en": "You ", "it": "", "de": "Du ", "fr": "Tu "}
"""How a legal action's first sentence addresses the player (Italian says it with the verb alone)."""

NOTHING_CHANGES = {
    "en": "Nothing changes and there is no penalty.",
    "it": "Non cambia nulla e non c’è penalità.",
    "de": "Nichts ändert sich, und es gibt keine Strafe.",
    "fr": "Rien ne change et il n’y a pas de pénalité.",
}
RULING_SOURCE = {
    "en": {"project decision": "Project decision:", "rules digest": "From the rules digest:"},
    "it": {"project decision": "Decisione del progetto:", "rules digest": "Dalla sintesi delle regole:"},
    "de": {"project decision": "Entscheidung des Projekts:", "rules digest": "Aus der Regelübersicht:"},
    "fr": {"project decision": f"Décision du projet{NBSP}:", "rules digest": f"Selon le résumé des règles{NBSP}:"},
}
CODES = re.compile(
    "|".join(re.escape(code) for code in sorted([*(code.value for code in ViolationCode), *RULINGS], key=len)[::-1])
)
"""Every violation code and ruling id of Quando, which a person never reads."""


NOTATION = re.compile(r"\b(play [0-9]|take (visible|hidden)|flip [0-9])")
"""A move in the game's notation, which a person never reads."""


def assert_no_code(text: str) -> None:
    assert not CODES.search(text), text


def explained(hand: list[int], action: str, lang: str, **position: Any) -> str:
    return explain_verdict(check(hand, Action.parse(action), **{"plays_made": 0, **position}), lang)


def unwrapped(text: str) -> list[str]:
    """The explanation's sentences, each wrapped line joined to the line it continues."""
    lines: list[str] = []
    for line in text.splitlines():
        if line.startswith("      ") or (line.startswith("    ") and not line.startswith("     ") and lines):
            lines[-1] += " " + line.strip()
        else:
            lines.append(line)
    return lines


def assert_fully_rendered(text: str) -> None:
    assert text and "%(" not in text


# --------------------------------------------------------------------------- exact texts

ILLEGAL_PLAY = {
    "en": [
        "You do not hold all of these numbers: choose another move.",
        "  Your hand does not show all the numbers 3 4 6. Rule “How to play”: the cards played must be in the",
        "      player's hand, showing those numbers on their fronts.",
        "  3 4 6 are neither 3 numbers in a row nor cards of one number. Rule “How to play”: a play is a",
        "      straight of exactly 3 consecutive numbers or any number of cards showing one number.",
        "  Nothing changes and there is no penalty.",
    ],
    "it": [
        "Non hai in mano tutti questi numeri: scegli un’altra mossa.",
        "  La tua mano non mostra tutti i numeri 3 4 6. Regola «Svolgimento del gioco»: le carte giocate",
        "      devono essere nella mano del giocatore e mostrare quei numeri sul lato davanti.",
        "  3 4 6 non sono né 3 numeri di fila né carte di un solo numero. Regola «Svolgimento del gioco»: una",
        "      giocata è una scala di esattamente 3 numeri consecutivi o un numero qualsiasi di carte con lo",
        "      stesso numero.",
        "  Non cambia nulla e non c’è penalità.",
    ],
    "de": [
        "Du hast nicht alle diese Zahlen auf der Hand: Wähle einen anderen Zug.",
        "  Deine Hand zeigt nicht alle Zahlen 3 4 6. Regel „Spielablauf“: die gespielten Karten müssen in der",
        "      Hand des Spielers sein und diese Zahlen auf ihrer Vorderseite zeigen.",
        "  3 4 6 sind weder 3 Zahlen in einer Reihe noch Karten mit derselben Zahl. Regel „Spielablauf“: ein",
        "      Spielzug ist eine Straße aus genau 3 aufeinanderfolgenden Zahlen oder beliebig viele Karten",
        "      mit derselben Zahl.",
        "  Nichts ändert sich, und es gibt keine Strafe.",
    ],
    "fr": [
        f"Tu n’as pas tous ces nombres en main{NBSP}: choisis un autre coup.",
        f"  Ta main ne montre pas tous les nombres 3 4 6. Règle «{NBSP}Déroulement du jeu{NBSP}»{NBSP}: les "
        "cartes jouées",
        "      doivent être dans la main du joueur et montrer ces nombres sur leur face avant.",
        f"  3 4 6 ne sont ni 3 nombres à la suite ni des cartes d’un seul nombre. Règle «{NBSP}Déroulement du",
        f"      jeu{NBSP}»{NBSP}: un coup est une suite d’exactement 3 nombres consécutifs ou un nombre quelconque de",
        "      cartes montrant le même nombre.",
        "  Rien ne change et il n’y a pas de pénalité.",
    ],
}

LEGAL_KNOCK = {
    "en": [
        "You knock: everyone else has one last turn, then the round is scored.",
        "  Your hand keeps its sum of 28.",
        "  Unless you alone have the lowest sum, you score it plus 5.",
        "  From the rules digest: knocking needs two plays of one's own (straights or equal numbers) earlier",
        "      in the same round.",
    ],
    "it": [
        "Bussi: tutti gli altri hanno un ultimo turno, poi si contano i punti della manche.",
        "  La tua mano tiene la sua somma di 28.",
        "  Se non sei l’unico con la somma più bassa, segni la somma più 5.",
        "  Dalla sintesi delle regole: per bussare servono due giocate proprie (scale o numeri uguali) fatte",
        "      prima nella stessa manche.",
    ],
    "de": [
        "Du klopfst: Alle anderen haben noch einen letzten Zug, dann wird die Runde gewertet.",
        "  Deine Hand behält ihre Summe von 28.",
        "  Wenn du nicht allein die niedrigste Summe hast, bekommst du sie plus 5.",
        "  Aus der Regelübersicht: zum Klopfen braucht man zwei eigene Spielzüge (Straßen oder gleiche",
        "      Zahlen) früher in derselben Runde.",
    ],
    "fr": [
        f"Tu frappes{NBSP}: tous les autres jouent un dernier tour, puis on compte la manche.",
        "  Ta main garde sa somme de 28.",
        "  Si tu n’es pas seul à avoir la somme la plus basse, tu marques ta somme plus 5.",
        f"  Selon le résumé des règles{NBSP}: pour frapper, il faut avoir fait soi-même deux coups (suites ou",
        "      nombres égaux) plus tôt dans la même manche.",
    ],
}

LEGAL_STRAIGHT = {
    "en": [
        "You lay down three in a row: 3 4 5; now draw a card.",
        "  Left in your hand before the draw: 9 0 0 7 (sum 16).",
    ],
    "it": [
        "Giochi tre di fila: 3 4 5; ora pesca una carta.",
        "  Ti restano in mano prima di pescare: 9 0 0 7 (somma 16).",
    ],
    "de": [
        "Du spielst drei in einer Reihe: 3 4 5; ziehe jetzt eine Karte.",
        "  Vor dem Ziehen bleiben dir auf der Hand: 9 0 0 7 (Summe 16).",
    ],
    "fr": [
        f"Tu joues trois à la suite{NBSP}: 3 4 5{NBSP}; pioche maintenant une carte.",
        f"  Il te reste en main avant de piocher{NBSP}: 9 0 0 7 (somme 16).",
    ],
}


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_an_illegal_play_says_what_is_wrong_then_each_rule_broken(lang: str) -> None:
    assert explained(HAND, "play 3 4 6", lang, plays_made=1).splitlines() == ILLEGAL_PLAY[lang]


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_a_legal_knock_says_what_follows_then_the_ruling(lang: str) -> None:
    assert explained(HAND, "knock", lang, plays_made=2).splitlines() == LEGAL_KNOCK[lang]


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_a_legal_straight_says_what_is_left(lang: str) -> None:
    assert explained(HAND, "play 3 4 5", lang, plays_made=1).splitlines() == LEGAL_STRAIGHT[lang]


def test_the_api_keeps_the_referees_own_english_messages() -> None:
    verdict = check(HAND, Action.parse("play 3 4 6"), plays_made=1)
    assert violation_reasons(verdict) == [violation.message for violation in verdict.violations]
    assert explain_verdict(verdict) == explain_verdict(verdict, DEFAULT_LANGUAGE)


# --------------------------------------------------------------------------- every code, every language

VIOLATION_CASES = [
    pytest.param([3, 4], "take visible", {}, ViolationCode.WRONG_STEP, id="wrong-step-take-at-turn"),
    pytest.param([3, 4], "play 3", {"step": Step.DRAW}, ViolationCode.WRONG_STEP, id="wrong-step-play-at-draw"),
    pytest.param([3, 4], "play", {}, ViolationCode.EMPTY_PLAY, id="empty-play"),
    pytest.param([3, 4], "play 6", {}, ViolationCode.NOT_IN_HAND, id="not-in-hand"),
    pytest.param([1, 2, 3, 4], "play 1 2 3 4", {}, ViolationCode.NOT_A_SET, id="not-a-set-long-straight"),
    pytest.param([1, 2, 5], "play 1 2 5", {}, ViolationCode.NOT_A_SET, id="not-a-set-mixed"),
    pytest.param([3, 4], "knock", {"plays_made": 1}, ViolationCode.KNOCK_TOO_EARLY, id="knock-too-early"),
    pytest.param(
        [3, 4], "knock", {"plays_made": 2, "last_round": True}, ViolationCode.ALREADY_KNOCKED, id="already-knocked"
    ),
    pytest.param([3, 4], "pass", {}, ViolationCode.PASS_WITH_CARDS, id="pass-with-cards"),
    pytest.param([0, 5], "flip 2", {"step": Step.TRIPLE_EFFECT}, ViolationCode.NOT_A_ZERO, id="not-a-zero"),
    pytest.param([0, 5], "flip 9", {"step": Step.TRIPLE_EFFECT}, ViolationCode.NOT_A_ZERO, id="not-a-zero-beyond"),
    pytest.param([0, 5], "take hidden", {"step": Step.TRIPLE_EFFECT}, ViolationCode.MUST_FLIP_ZERO, id="must-flip"),
]


def test_the_cases_cover_every_violation_code() -> None:
    assert {case.values[3] for case in VIOLATION_CASES} == set(ViolationCode)


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
@pytest.mark.parametrize(("hand", "action", "position", "code"), VIOLATION_CASES)
def test_every_violation_is_explained_in_every_language(
    lang: str, hand: list[int], action: str, position: dict[str, Any], code: ViolationCode
) -> None:
    verdict = check(hand, Action.parse(action), **{"plays_made": 0, **position})
    assert verdict.codes == [code.value]
    text = explain_verdict(verdict, lang)
    lines = unwrapped(text)
    assert len(lines[0]) <= SHORT, "the first sentence is short"
    assert section_words(code.reference.rule, lang) in lines[1]
    assert lines[2] == "  " + NOTHING_CHANGES[lang]
    assert_no_code(text)
    assert lang == DEFAULT_LANGUAGE or not set(lines) & set(unwrapped(explain_verdict(verdict)))
    assert_fully_rendered(text)


LEGAL_CASES = [
    pytest.param(HAND, "play 3 4 5", {}, id="straight"),
    pytest.param(HAND, "play 0 0", {}, id="equal-numbers"),
    pytest.param([8, 8, 8, 0], "play 8 8 8", {}, id="triple"),
    pytest.param([5], "play 5", {}, id="last-card"),
    pytest.param(HAND, "knock", {"plays_made": 2}, id="knock"),
    pytest.param(HAND, "take visible", {"step": Step.DRAW}, id="take-visible"),
    pytest.param(HAND, "take hidden", {"step": Step.DRAW}, id="take-hidden"),
    pytest.param([0, 5], "flip 1", {"step": Step.TRIPLE_EFFECT}, id="flip"),
    pytest.param([4, 5], "take hidden", {"step": Step.TRIPLE_EFFECT}, id="take-without-zeros"),
    pytest.param([], "pass", {}, id="pass"),
]


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
@pytest.mark.parametrize(("hand", "action", "position"), LEGAL_CASES)
def test_every_legal_action_says_what_you_did_in_every_language(
    lang: str, hand: list[int], action: str, position: dict[str, Any]
) -> None:
    verdict = check(hand, Action.parse(action), **{"plays_made": 0, **position})
    assert verdict.legal
    text = explain_verdict(verdict, lang)
    lines = unwrapped(text)
    assert lines[0].startswith(YOU[lang]) and len(lines[0]) <= SHORT
    assert len(lines) == len(unwrapped(explain_verdict(verdict)))
    assert lang == DEFAULT_LANGUAGE or not set(lines) & set(unwrapped(explain_verdict(verdict)))
    assert_no_code(text)
    assert_fully_rendered(text)


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_ruling_lines_say_where_the_ruling_comes_from_and_what_it_says_without_its_id(lang: str) -> None:
    verdict = check([1, 2, 0], KNOCK, plays_made=1, last_round=True)
    lines = unwrapped(explain_verdict(verdict, lang))[-2:]
    for line, ruling in zip(lines, ["knock-after-two-plays", "one-knock-per-round"], strict=True):
        assert line.startswith("  " + RULING_SOURCE[lang][RULINGS[ruling].source])
        assert (RULINGS[ruling].summary in line) == (lang == DEFAULT_LANGUAGE)
        assert ruling not in line


@given(
    cards=dealt_cards(),
    action=actions,
    plays_made=st.integers(0, 3),
    last_round=st.booleans(),
    step=st.sampled_from(list(Step)),
)
@EXAMPLES
def test_every_verdict_renders_in_every_language_without_a_code(
    cards: list[Any], action: Action, plays_made: int, last_round: bool, step: Step
) -> None:
    verdict: Verdict = check(fronts(cards), action, plays_made=plays_made, last_round=last_round, step=step)
    english = unwrapped(explain_verdict(verdict))
    for lang in SUPPORTED_LANGUAGES:
        text = explain_verdict(verdict, lang)
        assert_fully_rendered(text)
        assert_no_code(text)
        lines = unwrapped(text)
        assert len(lines) == len(english)
        assert lang == DEFAULT_LANGUAGE or not set(lines) & set(english)


# --------------------------------------------------------------------------- hints

HINT_IN_ITALIAN = [
    "Suggerimento: tre 9, poi prendere il lato visibile (somma 0 di sicuro).",
    "  La mano [9, 9, 9, 0] ha somma 27.",
    "  Il mazzo mostra 0; il suo lato nascosto è uno tra 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, tutti ugualmente",
    "      probabili, in media 5.50.",
    "  Giocata migliore: tre 9, poi prendere il lato visibile: una somma di 0 di sicuro.",
    "  È una terna: dopo la pesca ogni altro giocatore gira uno zero o pesca una carta.",
    "  Poi la mano ha di sicuro solo zeri, e questo chiude subito la manche.",
    "  Non si può ancora bussare: 1 giocata fatta in questa manche, ne servono 2.",
    "Candidati, dal migliore (8 in tutto):",
    "  azione           pesca     somma attesa  solo zeri",
    "  tre 9            visibile             0       100%",
    "  tre 9            nascosto           5.5         0%",
    "  una coppia di 9  visibile             9         0%",
    "  una coppia di 9  nascosto          14.5         0%",
    "  un 9             visibile            18         0%",
    "  un 9             nascosto          23.5         0%",
]


def test_a_hint_reads_in_italian() -> None:
    assert explain_hint(hint([9, 9, 9, 0], plays_made=1, draw_visible=0), "it").splitlines() == HINT_IN_ITALIAN


HINT_POSITIONS = [
    pytest.param([9, 9, 9, 0], 1, 0, [], False, id="triple-and-too-early"),
    pytest.param([1, 2, 0], 2, 8, [], False, id="knock-with-a-low-sum"),
    pytest.param([1, 7], 2, 4, [7] * 9, False, id="ruled-out-hidden-sides"),
    pytest.param(HAND, 3, 2, [], True, id="last-round"),
    pytest.param([0, 0, 5], 2, 0, [], False, id="play-ends-the-round"),
    pytest.param([4], 2, 10, [], False, id="no-play-lowers-the-sum"),
    pytest.param([10, 10, 9, 1], 2, 0, [], False, id="play-rather-than-knock"),
]


@pytest.mark.parametrize(("hand", "plays_made", "visible", "out", "last_round"), HINT_POSITIONS)
def test_a_hint_gives_its_reasons_in_words_in_every_language(
    hand: list[int], plays_made: int, visible: int, out: list[int], last_round: bool
) -> None:
    advice = hint(hand, plays_made=plays_made, draw_visible=visible, out_of_game=out, last_round=last_round)
    english = unwrapped(explain_hint(advice))
    assert len(english) == 2 + len(advice.reasons) + min(len(advice.candidates), 6) + 1
    assert not NOTATION.search("\n".join(english))
    for lang in TRANSLATED:
        lines = unwrapped(explain_hint(advice, lang))
        assert len(lines) == len(english)
        assert not set(lines[: 2 + len(advice.reasons)]) & set(english)
        assert_fully_rendered("\n".join(lines))


def test_the_hint_positions_cover_every_reason_for_knocking_or_playing() -> None:
    reasons = [
        hint(hand, plays_made=plays, draw_visible=visible, out_of_game=out, last_round=last).reasons[-1]
        for hand, plays, visible, out, last in (case.values for case in HINT_POSITIONS)
    ]
    assert len({re.sub(r"[0-9.]+", "N", reason) for reason in reasons}) == 6


@given(
    cards=dealt_cards(min_size=2, max_size=16),
    size=st.integers(1, 10),
    plays_made=st.integers(0, 3),
    last_round=st.booleans(),
)
@EXAMPLES
def test_every_hint_renders_in_every_language_in_words(
    cards: list[Any], size: int, plays_made: int, last_round: bool
) -> None:
    top, *rest = fronts(cards)
    advice = hint(rest[:size], plays_made=plays_made, draw_visible=top, out_of_game=rest[size:], last_round=last_round)
    english = unwrapped(explain_hint(advice))
    assert not NOTATION.search("\n".join(english))
    for lang in TRANSLATED:
        text = explain_hint(advice, lang)
        assert_fully_rendered(text)
        assert len(unwrapped(text)) == len(english)


# --------------------------------------------------------------------------- round scores and the reference

ROUND_SCORE = {
    "it": [
        "Punteggio della manche, 4 giocatori (somma più bassa 4: Sarah, Tim):",
        "  giocatore  somma  punti",
        "  Sarah          4      9  ha bussato, non da solo con la somma più bassa: 4 + 5",
        "  Maria         12     12",
        "  Linus          7      7",
        "  Tim            4      0  somma più bassa",
        "Dalla sintesi delle regole: ogni giocatore con la somma più bassa fa 0 punti, tranne chi ha bussato",
        "    senza esserci da solo: questi segna la sua somma più 5.",
    ],
    "de": [
        "Wertung der Runde, 4 Spieler (niedrigste Summe 4: Sarah, Tim):",
        "  Spieler  Summe  Punkte",
        "  Sarah        4       9  hat geklopft, nicht allein mit der niedrigsten Summe: 4 + 5",
        "  Maria       12      12",
        "  Linus        7       7",
        "  Tim          4       0  niedrigste Summe",
        "Aus der Regelübersicht: jeder Spieler mit der niedrigsten Summe bekommt 0, außer dem Klopfenden,",
        "    wenn er sie nicht allein hat: er bekommt seine Summe plus 5.",
    ],
    "fr": [
        f"Score de la manche, 4 joueurs (somme la plus basse 4{NBSP}: Sarah, Tim){NBSP}:",
        "  joueur  somme  points",
        f"  Sarah       4       9  a frappé, pas seul avec la somme la plus basse{NBSP}: 4 + 5",
        "  Maria      12      12",
        "  Linus       7       7",
        "  Tim         4       0  somme la plus basse",
        f"Selon le résumé des règles{NBSP}: chaque joueur qui a la somme la plus basse marque 0, sauf celui qui a",
        f"    frappé s’il n’est pas seul dans ce cas{NBSP}: il marque sa somme plus 5.",
    ],
}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_round_score_reads_in_every_language(lang: str) -> None:
    score = score_round({"Sarah": 4, "Maria": 12, "Linus": 7, "Tim": 4}, knocker="Sarah")
    assert explain_round_score(score, lang).splitlines() == ROUND_SCORE[lang]


@given(
    sums=st.lists(st.integers(0, 60), min_size=2, max_size=6),
    knocker=st.none() | st.integers(0, 5),
)
@EXAMPLES
def test_every_round_score_renders_in_every_language(sums: list[int], knocker: int | None) -> None:
    players = {f"P{seat}": total for seat, total in enumerate(sums)}
    score = score_round(players, None if knocker is None or knocker >= len(sums) else f"P{knocker}")
    english = explain_round_score(score).splitlines()
    for lang in TRANSLATED:
        text = explain_round_score(score, lang)
        assert_fully_rendered(text)
        assert len(text.splitlines()) == len(english)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_reference_lists_every_code_and_ruling_translated(lang: str) -> None:
    text = explain_reference(lang)
    lines = unwrapped(text)
    assert len(lines) == len(unwrapped(explain_reference())) == len(VIOLATIONS) + len(RULINGS) + 2
    for code, reference in VIOLATIONS.items():
        line = next(line for line in lines if line.startswith(f"  {code.value} — "))
        assert reference.rule in line and reference.summary not in line
    for ruling, statement in RULINGS.items():
        line = next(line for line in lines if line.startswith(f"  {ruling} ("))
        assert statement.summary not in line
    assert_fully_rendered(text)


def test_an_unsupported_language_is_refused() -> None:
    with pytest.raises(LanguageError, match="language 'es' is not supported"):
        explain_verdict(check(HAND, KNOCK, plays_made=2), "es")


# --------------------------------------------------------------------------- HTTP API

REQUESTS = [
    pytest.param("check", {"hand": HAND, "plays_made": 1, "play": [3, 4, 6]}, id="check"),
    pytest.param("hint", {"hand": HAND, "plays_made": 1, "draw_visible": 2}, id="hint"),
    pytest.param("score", {"sums": {"Sarah": 4, "Tim": 4}, "knocker": "Sarah"}, id="score"),
]


def tutor_explanation(endpoint: str, body: dict[str, Any], lang: str) -> str:
    if endpoint == "check":
        return explain_verdict(check(body["hand"], Action.play(body["play"]), plays_made=body["plays_made"]), lang)
    if endpoint == "hint":
        return explain_hint(hint(body["hand"], plays_made=body["plays_made"], draw_visible=body["draw_visible"]), lang)
    return explain_round_score(score_round(body["sums"], body["knocker"]), lang)


def explanation(client: FlaskClient, endpoint: str, body: dict[str, Any], **headers: str) -> str:
    response = client.post(f"/api/v1/quando/{endpoint}", json=body, headers=headers)
    assert response.status_code == 200, response.get_data(as_text=True)
    text: str = response.get_json()["explanation"]
    return text


@pytest.mark.parametrize(("endpoint", "body"), REQUESTS)
def test_the_api_explains_in_the_language_of_the_body_the_header_or_english(
    client: FlaskClient, endpoint: str, body: dict[str, Any]
) -> None:
    assert explanation(client, endpoint, body) == tutor_explanation(endpoint, body, "en")
    for lang in TRANSLATED:
        expected = tutor_explanation(endpoint, body, lang)
        assert explanation(client, endpoint, {**body, "lang": lang}) == expected
        assert explanation(client, endpoint, body, **{"Accept-Language": f"es, {lang};q=0.8, en;q=0.1"}) == expected
    assert explanation(client, endpoint, {**body, "lang": "it"}, **{"Accept-Language": "de"}) == (
        tutor_explanation(endpoint, body, "it")
    )


@pytest.mark.parametrize(("endpoint", "body"), REQUESTS)
@pytest.mark.parametrize("lang", ["es", "IT", "", None, 3])
def test_the_api_refuses_an_unsupported_language_with_a_422_naming_lang(
    client: FlaskClient, endpoint: str, body: dict[str, Any], lang: object
) -> None:
    response = client.post(f"/api/v1/quando/{endpoint}", json={**body, "lang": lang})
    assert response.status_code == 422, response.get_data(as_text=True)
    assert set(response.get_json()["errors"]["json"]) == {"lang"}


def test_the_reference_summaries_follow_lang(cli: Cli, client: FlaskClient) -> None:
    german = client.get("/api/v1/quando/reference?lang=de").get_json()
    assert german["violations"][1]["summary"] == "ein Spielzug legt mindestens eine Karte"
    assert german == cli.json("quando", "reference", "--lang", "de")


# --------------------------------------------------------------------------- command line

CHECK_FLAGS = ["quando", "check", "--hand", "3,4,5,9,0,0,7", "--plays-made", "1", "--play", "3,4,6"]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_command_line_prints_the_apis_explanation_in_the_language_asked_for(
    cli: Cli, client: FlaskClient, lang: str
) -> None:
    body = {"hand": HAND, "plays_made": 1, "play": [3, 4, 6]}
    api_answer = client.post("/api/v1/quando/check", json={**body, "lang": lang}).get_json()
    result = cli(*CHECK_FLAGS, "--lang", lang)
    assert (result.exit_code, result.stdout) == (0, api_answer["explanation"] + "\n")
    assert cli.json(*CHECK_FLAGS, "--lang", lang) == api_answer
    assert cli.json("quando", "check", "--request", json.dumps({**body, "lang": lang})) == api_answer


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(["hint", "--hand", "9,9,9,0", "--plays-made", "1", "--draw-visible", "0"], id="hint"),
        pytest.param(["score", "--sums", "Sarah=4,Tim=4", "--knocker", "Sarah"], id="score"),
    ],
)
def test_every_subcommand_takes_lang(cli: Cli, argv: list[str]) -> None:
    result = cli("quando", *argv, "--lang", "fr")
    assert result.exit_code == 0
    assert result.stdout == cli.json("quando", *argv, "--lang", "fr")["explanation"] + "\n"
    assert result.stdout != cli("quando", *argv).stdout


def test_lang_overrides_the_language_of_a_request(cli: Cli) -> None:
    request = json.dumps({"hand": HAND, "plays_made": 1, "play": [3, 4, 5], "lang": "it"})
    assert cli("quando", "check", "--request", request).stdout.startswith("Giochi tre di fila: 3 4 5")
    assert cli("quando", "check", "--request", request, "--lang", "de").stdout.startswith("Du spielst drei in einer")


def test_the_reference_subcommand_takes_lang(cli: Cli) -> None:
    result = cli("quando", "reference", "--lang", "it")
    assert (result.exit_code, result.stdout) == (0, explain_reference("it") + "\n")


def test_the_command_line_refuses_an_unsupported_language_with_exit_2(cli: Cli) -> None:
    result = cli(*CHECK_FLAGS, "--lang", "es")
    error = result.stderr
    assert (result.exit_code, result.stdout) == (2, "")
    assert error.count("\n") == 1 and "--lang" in error and "'es'" in error
    request = json.dumps({"hand": HAND, "plays_made": 1, "play": [3], "lang": "es"})
    result = cli("quando", "check", "--request", request)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == "nambarz: error: --request: lang: expected one of en, it, de, fr\n"


def test_numbers_are_untouched_by_the_language() -> None:
    assert all(str(number) in explained([number], f"play {number}", "de") for number in NUMBERS)
    assert "pass" in explain_verdict(check([], PASS, plays_made=0), "it")


# --------------------------------------------------------------------------- actions in words

ENGLISH_ACTION = re.compile(r"(?<![\w-])(play|knock|take|flip|pass|hidden)(?![\w-])")
"""An English action word standing alone, not inside a code or a ruling's identifier such as ``knock-too-early``."""


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_action_stays_in_english_in_verdicts_hints_and_the_reference(lang: str) -> None:
    texts = [explain_reference(lang)]
    texts += [
        explain_verdict(check(hand, Action.parse(action), **{"plays_made": 0, **position}), lang)
        for hand, action, position, _code in (case.values for case in VIOLATION_CASES)
    ]
    texts += [
        explain_verdict(check(hand, Action.parse(action), **{"plays_made": 0, **position}), lang)
        for hand, action, position in (case.values for case in LEGAL_CASES)
    ]
    texts += [explain_hint(hint(hand, plays_made=2, draw_visible=5), lang) for hand in ([9, 9, 9, 0], [1, 2, 0], HAND)]
    for text in texts:
        assert not ENGLISH_ACTION.search(text), text


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (
            "play 3 4 5",
            {"en": "three in a row: 3 4 5", "it": "tre di fila: 3 4 5", "fr": f"trois à la suite{NBSP}: 3 4 5"},
        ),
        ("play 5 5", {"en": "a pair of 5s", "it": "una coppia di 5", "de": "ein Paar 5", "fr": "une paire de 5"}),
        ("play 7", {"en": "one 7", "it": "un 7", "de": "eine 7", "fr": "un 7"}),
        ("play 8 8 8", {"en": "three 8s", "it": "tre 8", "de": "dreimal die 8", "fr": "trois 8"}),
        ("play 6 6 6 6", {"en": "4 cards showing 6", "fr": "4 cartes avec le 6"}),
        ("play 4 6", {"en": "the cards 4 6", "it": "le carte 4 6"}),
        ("knock", {"en": "knock", "it": "bussare", "de": "klopfen", "fr": "frapper"}),
        ("take visible", {"en": "take the visible side", "de": "die sichtbare Seite nehmen"}),
        (
            "flip 2",
            {"en": "flip the zero, card 2 of the hand", "it": "girare lo zero, la carta 2 della mano"},
        ),
    ],
)
def test_an_action_is_said_in_words_in_every_language(action: str, words: dict[str, str]) -> None:
    for lang, expected in words.items():
        assert action_words(Action.parse(action), lang) == expected
