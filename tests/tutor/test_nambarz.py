"""Nambarz explained in Italian, German and French: verdicts, solutions, plans, scores, self-play, worksheets.

The same explanations come back as the ``explanation`` of every
``/api/v1/nambarz`` answer, in the request's ``lang`` (else the
``Accept-Language`` header's, else English), and from ``nambarz ... --lang``.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.nambarz import Card, Chain, check, solve
from solver.nambarz.cards import parse_cards
from solver.nambarz.jokers import Cover
from solver.nambarz.notation import Turn
from solver.nambarz.planner import plan_turn
from solver.nambarz.rules import Rules
from solver.nambarz.rulings import RULINGS
from solver.nambarz.scoring import players_to_go_out, score_round
from solver.nambarz.simulate import simulate
from solver.nambarz.turn import check_turn
from solver.nambarz.violations import VIOLATIONS, ViolationCode
from tests.conftest import Cli
from tests.nambarz.strategies import deals, operator_tuples, rule_settings
from tests.violation_cases import LATER_PLAY_VIOLATIONS, PLAY_VIOLATIONS, TURN_VIOLATIONS
from tutor.exercises import generate
from tutor.i18n import DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES
from tutor.nambarz import (
    describe_ruling,
    explain_plans,
    explain_play_verdict,
    explain_round_score,
    explain_simulation,
    explain_solution,
    explain_turn,
    play_verdict_words,
)
from tutor.worksheets import default_title, worksheet_html

TRANSLATED = [lang for lang in SUPPORTED_LANGUAGES if lang != DEFAULT_LANGUAGE]

RULE_AND_PENALTY = {
    "it": "Regola {rule}, penalità {penalty}: ",
    "de": "Regel {rule}, Strafe {penalty}: ",
    "fr": "Règle {rule}, pénalité {penalty}\u00a0: ",
}
DRAWS = {"it": "peschi 3 carte.", "de": "ziehst 3 Karten.", "fr": "pioches 3 cartes."}
"""How the short first line of a penalised play ends: the penalty draw, said to the player."""
RULES_DIGEST = {"it": "Sintesi delle regole: ", "de": "Regelübersicht: ", "fr": "Résumé des règles\u00a0: "}
LEGAL = {"it": "Bravo: ", "de": "Gut gemacht: ", "fr": "Bravo\u00a0: "}
RULING = {
    "it": "  Decisione del progetto: ",
    "de": "  Entscheidung des Projekts: ",
    "fr": "  Décision du projet\u00a0: ",
}


def assert_translated_line_by_line(translated: str, english: str) -> None:
    """Every line differs from the English one: nothing but notation and codes is left untranslated."""
    translated_lines, english_lines = translated.splitlines(), english.splitlines()
    assert len(translated_lines) == len(english_lines)
    for line, english_line in zip(translated_lines, english_lines, strict=True):
        assert line != english_line
    assert "%(" not in translated


def violation_line(text: str, code: ViolationCode, lang: str) -> str:
    reference = VIOLATIONS[code]
    start = RULE_AND_PENALTY[lang].format(rule=reference.rule, penalty=reference.penalty)
    return next(line for line in text.splitlines() if line.lstrip().startswith(start))


# --------------------------------------------------------------------------- every violation, every language


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize(("top", "play", "ops", "code"), PLAY_VIOLATIONS)
def test_every_violation_of_a_play_is_explained_with_its_section_and_resolution(
    lang: str, top: str, play: str, ops: str, code: ViolationCode
) -> None:
    verdict = check(Card.parse(top), Chain.parse(play), Rules.parse("natural", ops))
    text = explain_play_verdict(verdict, lang)
    assert_translated_line_by_line(text, explain_play_verdict(verdict))
    line = violation_line(text, code, lang)
    violation = next(violation for violation in verdict.violations if violation.code is code)
    assert violation.message not in line and VIOLATIONS[code].summary not in line
    assert text.splitlines()[0].endswith(DRAWS[lang])
    assert code.value not in text


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize(("top", "turn", "code"), TURN_VIOLATIONS)
def test_every_joker_violation_in_a_turn_is_explained_with_its_section_and_resolution(
    lang: str, top: str, turn: str, code: ViolationCode
) -> None:
    verdict = check_turn(Card.parse(top), Turn.parse(turn))
    text = explain_turn(verdict, lang)
    assert_translated_line_by_line(text, explain_turn(verdict))
    line = violation_line(text, code, lang)
    assert VIOLATIONS[code].summary not in line
    assert any(line.endswith(DRAWS[lang]) for line in text.splitlines())
    assert code.value not in text


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize(("top", "turn", "play", "code"), LATER_PLAY_VIOLATIONS)
def test_every_violation_of_a_later_play_is_explained_with_its_section_and_resolution(
    lang: str, top: str, turn: str, play: int, code: ViolationCode
) -> None:
    verdict = check_turn(Card.parse(top), Turn.parse(turn))
    assert [(number, violation.code) for number, violation in verdict.violations] == [(play, code)]
    text = explain_turn(verdict, lang)
    assert_translated_line_by_line(text, explain_turn(verdict))
    line = violation_line(text, code, lang)
    assert VIOLATIONS[code].summary not in line
    assert any(line.endswith(DRAWS[lang]) for line in text.splitlines())
    assert code.value not in text


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "it",
            "Hai mescolato carte con simboli e carte con figure. Riprendi 1 e 2 pesce e peschi 3 carte.\n"
            "  Regola III.2, penalità V.3: il calcolo mescola carte con simboli e carte con figure.\n"
            "  Passaggi: 1 + 2 = 3.\n"
            "  Regole: numeri naturali, operazioni + − × ÷.",
        ),
        (
            "de",
            "Du hast Symbolkarten und Figurenkarten gemischt. Du nimmst 1 und 2 Fisch zurück und ziehst 3 Karten.\n"
            "  Regel III.2, Strafe V.3: die Rechnung mischt Symbolkarten und Figurenkarten.\n"
            "  Schritte: 1 + 2 = 3.\n"
            "  Regeln: natürliche Zahlen, Rechenarten + − × ÷.",
        ),
        (
            "fr",
            "Tu as mélangé des cartes symboles et des cartes figures. Tu reprends 1 et 2 poisson et tu pioches 3 "
            "cartes.\n"
            "  Règle III.2, pénalité V.3\u00a0: le calcul mélange cartes à symboles et cartes à figures.\n"
            "  Étapes\u00a0: 1 + 2 = 3.\n"
            "  Règles\u00a0: entiers naturels, opérations + − × ÷.",
        ),
    ],
)
def test_a_calculation_of_mixed_kinds_is_explained_exactly(lang: str, expected: str) -> None:
    assert explain_play_verdict(check(Card.parse("3"), Chain.parse("1 + 2fish")), lang) == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "it",
            "Un jolly non fa mai parte di un calcolo. Riprendi 3 e il jolly doppio cambio e peschi 3 carte.\n"
            "  Regola III.2, penalità V.5: un jolly è calato dentro il calcolo 3 + jolly doppio cambio, che prende "
            "solo carte con un numero.\n"
            "  Regole: numeri naturali, operazioni + − × ÷.\n"
            "  Decisione del progetto: un calcolo con dentro un jolly si penalizza come un jolly sbagliato: tutte le "
            "sue carte tornano in mano.",
        ),
        (
            "de",
            "Ein Joker gehört nie zu einer Rechnung. Du nimmst 3 und den Doppelwechsel-Joker zurück und ziehst 3 "
            "Karten.\n"
            "  Regel III.2, Strafe V.5: ein Joker liegt mitten in der Rechnung 3 + Doppelwechsel-Joker, die nur "
            "Zahlenkarten nimmt.\n"
            "  Regeln: natürliche Zahlen, Rechenarten + − × ÷.\n"
            "  Entscheidung des Projekts: eine Rechnung mit einem Joker darin wird wie ein falscher Joker bestraft: "
            "alle ihre Karten gehen zurück.",
        ),
        (
            "fr",
            "Un joker ne fait jamais partie d'un calcul. Tu reprends 3 et le joker double changement et tu pioches 3 "
            "cartes.\n"
            "  Règle III.2, pénalité V.5\u00a0: un joker est posé dans le calcul 3 + joker double changement, qui ne "
            "prend que des cartes avec un nombre.\n"
            "  Règles\u00a0: entiers naturels, opérations + − × ÷.\n"
            "  Décision du projet\u00a0: un calcul qui contient un joker est pénalisé comme un mauvais joker\u00a0: "
            "toutes ses cartes reviennent.",
        ),
    ],
)
def test_a_joker_inside_a_calculation_is_explained_exactly(lang: str, expected: str) -> None:
    verdict = check_turn(Card.parse("5"), Turn.parse("3 + Jboth")).judged[0]
    assert explain_play_verdict(verdict, lang) == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "it",
            "  Sintesi delle regole: dopo un risultato sbagliato può restare solo un modo valido di ricalare tutte "
            "le carte giocate.",
        ),
        (
            "de",
            "  Regelübersicht: nach einem falschen Ergebnis darf nur eine gültige neue Anordnung aller gespielten "
            "Karten liegen bleiben.",
        ),
        (
            "fr",
            "  Résumé des règles\u00a0: après un résultat faux, seule une nouvelle disposition valide de toutes les "
            "cartes jouées peut rester.",
        ),
    ],
)
def test_a_ruling_line_gives_the_translated_summary(lang: str, expected: str) -> None:
    text = explain_play_verdict(check(Card.parse("3"), Chain.parse("10 + 4 / 2")), lang)
    assert text.splitlines()[-1] == expected


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("ruling", sorted(RULINGS))
def test_every_ruling_is_described_in_every_language(lang: str, ruling: str) -> None:
    text = describe_ruling(ruling, lang)
    assert text.startswith((RULING[lang].strip(), RULES_DIGEST[lang]))
    assert ruling not in text
    assert RULINGS[ruling].summary not in text and RULINGS[ruling].source not in text
    assert "%(" not in text


# --------------------------------------------------------------------------- legal plays and turns


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize(("top", "play"), [("3bee", "3"), ("3bee", "10 - 4 / 2"), ("3hippo", "9hen - 6dragonfly")])
def test_a_legal_play_says_it_is_legal_and_what_comes_next(lang: str, top: str, play: str) -> None:
    verdict = check(Card.parse(top), Chain.parse(play))
    text = explain_play_verdict(verdict, lang)
    assert text.startswith(LEGAL[lang])
    assert_translated_line_by_line(text, explain_play_verdict(verdict))
    assert not re.search(r"\d[^\W\d_]", text), "a card code such as 3bee"


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("turn", ["Jboth 8 ; Jreplay ; 10 - 2", "9hen - 6dragonfly / 3hippo ; Jreplay ; 10 - 6 - 1"])
def test_a_legal_turn_is_explained_play_by_play(lang: str, turn: str) -> None:
    verdict = check_turn(Card.parse("1" if "hen" in turn else "3"), Turn.parse(turn))
    assert verdict.legal
    text = explain_turn(verdict, lang)
    assert_translated_line_by_line(text, explain_turn(verdict))


@pytest.mark.parametrize(
    ("lang", "skipped"),
    [
        ("it", "Giocata 2. Saltata: jolly per rigiocare (una penalità prima ha chiuso il turno)."),
        ("de", "Spielzug 2. Übersprungen: Nochmal-Joker (eine Strafe davor hat den Zug beendet)."),
        ("fr", "Coup 2. Ignoré\u00a0: joker pour rejouer (une pénalité avant lui a terminé le tour)."),
    ],
)
def test_a_play_skipped_after_a_penalty_is_explained_without_the_referees_english(lang: str, skipped: str) -> None:
    verdict = check_turn(Card.parse("3"), Turn.parse("7 ; Jreplay ; 3"))
    english = "Play 2. Skipped: replay joker (a penalty before it ended the turn)."
    assert english in explain_turn(verdict).splitlines()
    assert skipped in explain_turn(verdict, lang).splitlines()


# --------------------------------------------------------------------------- solutions, plans, scores, self-play


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "it",
            "Carta in cima 3 ape, mano 1 2 4 7 pesce.\n"
            "Regole: numeri naturali, operazioni + − × ÷.\n"
            "Nessuna carta si può giocare da sola.\n"
            "2 calcoli validi:\n"
            "  carte  calcolo  come calato  ordini  ultima carta  maestro\n"
            "  2      2 + 1    2 + 1        2       1 2\n"
            "  2      4 − 1    4 − 1        1       1",
        ),
        (
            "de",
            "Oberste Karte 3 Biene, Hand 1 2 4 7 Fisch.\n"
            "Regeln: natürliche Zahlen, Rechenarten + − × ÷.\n"
            "Keine Karte kann allein gespielt werden.\n"
            "2 gültige Rechnungen:\n"
            "  Karten  Rechnung  wie gelegt  Reihenfolgen  letzte Karte  Meister\n"
            "  2       2 + 1     2 + 1       2             1 2\n"
            "  2       4 − 1     4 − 1       1             1",
        ),
        (
            "fr",
            "Carte du dessus 3 abeille, main 1 2 4 7 poisson.\n"
            "Règles : entiers naturels, opérations + − × ÷.\n"
            "Aucune carte ne peut se jouer seule.\n"
            "2 calculs valides :\n"
            "  cartes  calcul  tel que posé  chaînes  dernière carte  maître\n"
            "  2       2 + 1   2 + 1         2        1 2\n"
            "  2       4 − 1   4 − 1         1        1",
        ),
    ],
)
def test_a_solution_is_explained_with_a_translated_table(lang: str, expected: str) -> None:
    assert explain_solution(solve(Card.parse("3bee"), parse_cards("1 2 4 7fish")), lang) == expected


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_hand_with_nothing_to_play_is_explained(lang: str) -> None:
    solution = solve(Card.parse("3"), parse_cards("7 9"))
    assert_translated_line_by_line(explain_solution(solution, lang), explain_solution(solution))


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "it",
            "Turni migliori su 7 con 9 2 5 1 jolly per rigiocare "
            "(in ordine di carte scartate, poi punti maestro, poi meno risposte):\n"
            "  1. jolly per rigiocare ; 2 + 5\n"
            "     scarta 3 carte; lascia 5 in cima (10 modi di coprirla)\n"
            "  2. jolly per rigiocare ; 5 + 2\n"
            "     scarta 3 carte; lascia 2 in cima (14 modi di coprirla); sotto il 1: carta in cima più facile",
        ),
        (
            "de",
            "Beste Züge auf 7 mit 9 2 5 1 Nochmal-Joker "
            "(geordnet nach abgelegten Karten, dann Meisterpunkten, dann wenigsten Antworten):\n"
            "  1. Nochmal-Joker ; 2 + 5\n"
            "     legt 3 Karten ab; lässt 5 oben (10 Möglichkeiten zum Abdecken)\n"
            "  2. Nochmal-Joker ; 5 + 2\n"
            "     legt 3 Karten ab; lässt 2 oben (14 Möglichkeiten zum Abdecken); unter 1: leichtere oberste Karte",
        ),
        (
            "fr",
            "Meilleurs tours sur 7 avec 9 2 5 1 joker pour rejouer "
            "(classés par cartes posées, puis points de maître, puis moins de réponses) :\n"
            "  1. joker pour rejouer ; 2 + 5\n"
            "     pose 3 cartes ; laisse 5 dessus (10 façons de la couvrir)\n"
            "  2. joker pour rejouer ; 5 + 2\n"
            "     pose 3 cartes ; laisse 2 dessus (14 façons de la couvrir) ; sous le 1 : carte du dessus plus facile",
        ),
    ],
)
def test_plans_are_explained_with_why_each_ranks_where_it_does(lang: str, expected: str) -> None:
    hand = parse_cards("9 2 5 1 Jreplay")
    plans = plan_turn(Cover(Card.parse("7")), hand, Rules(), count=2)
    assert explain_plans(Card.parse("7"), hand, plans, lang) == expected


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize(("hand", "count"), [("1 2 6 9 4 Jreplay", 3), ("7 9", 1), ("3 Jreplay", 2)])
def test_every_kind_of_plan_is_explained(lang: str, hand: str, count: int) -> None:
    cards = parse_cards(hand)
    plans = plan_turn(Cover(Card.parse("3bee")), cards, Rules(), count=count)
    english = explain_plans(Card.parse("3bee"), cards, plans)
    text = explain_plans(Card.parse("3bee"), cards, plans, lang)
    turn_lines = {line for line in english.splitlines() if line.lstrip()[:1].isdigit()}
    assert {line for line in text.splitlines() if line in english.splitlines()} <= turn_lines
    assert "%(" not in text


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "it",
            "Punteggio della mano, 4 giocatori:\n"
            "  posto  giocatore  punti di piazzamento  punti maestro  totale\n"
            "      1  C                            40             14      54\n"
            "      2  D                            32              0      32\n"
            "      3  A                            25              7      32\n"
            "      4  B                            19              0      19\n"
            "  Hanno ancora carte: A, B.\n"
            "Squadre:\n"
            "  squadra  totale\n"
            "  C+D          86\n"
            "  A+B          51",
        ),
        (
            "de",
            "Rundenwertung, 4 Spieler:\n"
            "  Platz  Spieler  Platzpunkte  Meisterpunkte  Summe\n"
            "      1  C                 40             14     54\n"
            "      2  D                 32              0     32\n"
            "      3  A                 25              7     32\n"
            "      4  B                 19              0     19\n"
            "  Haben noch Karten: A, B.\n"
            "Teams:\n"
            "  Team  Summe\n"
            "  C+D      86\n"
            "  A+B      51",
        ),
        (
            "fr",
            "Score de la manche, 4 joueurs :\n"
            "  rang  joueur  points de rang  points de maître  total\n"
            "     1  C                   40                14     54\n"
            "     2  D                   32                 0     32\n"
            "     3  A                   25                 7     32\n"
            "     4  B                   19                 0     19\n"
            "  Ont encore des cartes : A, B.\n"
            "Équipes :\n"
            "  équipe  total\n"
            "  C+D        86\n"
            "  A+B        51",
        ),
    ],
)
def test_a_team_round_score_is_a_translated_table_with_its_rulings(lang: str, expected: str) -> None:
    score = score_round(
        ["A", "B", "C", "D"],
        ["C", "D"],
        master={"A": 7, "C": 14},
        teams=[["A", "B"], ["C", "D"]],
        cards_left={"A": 1, "B": 3},
    )
    lines = explain_round_score(score, lang).splitlines()
    assert "\n".join(lines[: -len(score.rulings)]) == expected
    assert lines[-len(score.rulings) :] == [describe_ruling(ruling, lang) for ruling in score.rulings]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_self_play_report_is_explained(lang: str) -> None:
    report = simulate(players=2, games=2, seed=1)
    english, text = explain_simulation(report).splitlines(), explain_simulation(report, lang).splitlines()
    assert len(text) == len(english)
    assert text[0] != english[0] and text[1] != english[1] and text[-1] != english[-1]
    assert [line.split()[:2] for line in text[2:-1]] == [line.split()[:2] for line in english[2:-1]]  # bot, seats


# --------------------------------------------------------------------------- worksheets


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("it", ["Soluzioni", "Livello 2 · Seme 5", "Nome:", "Data:", "Carta in cima:", "Risposta:"]),
        ("de", ["Lösungen", "Stufe 2 · Startwert 5", "Name:", "Datum:", "Oberste Karte:", "Antwort:"]),
        ("fr", ["Corrigé", "Niveau 2 · Graine 5", "Nom :", "Date :", "Carte du dessus :", "Réponse :"]),
    ],
)
def test_a_worksheet_has_its_labels_and_answer_key_in_its_language(lang: str, words: list[str]) -> None:
    exercises = generate(level=2, count=3, seed=5, kinds=["cover", "missing-card", "referee"], lang=lang)
    page = worksheet_html(exercises, title=default_title(lang), level=2, seed=5, lang=lang)
    assert all(word in page for word in words)
    assert "Answer key" not in page and "Top card:" not in page
    referee = next(exercise for exercise in exercises if exercise.kind == "referee")
    verdict = referee.answers[0].verdict
    assert verdict is not None
    assert escape(play_verdict_words(verdict, lang).headline) in page


# --------------------------------------------------------------------------- any play, any language


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal=deals(min_cards=1, max_cards=5, jokers=False), rules=rule_settings(), data=st.data())
def test_any_play_is_explained_in_every_language_with_every_placeholder_filled(
    deal: Any, rules: Rules, data: st.DataObject
) -> None:
    chain = Chain(deal.hand, data.draw(operator_tuples(len(deal.hand) - 1)))
    verdict = check(deal.top, chain, rules)
    for lang in SUPPORTED_LANGUAGES:
        text = explain_play_verdict(verdict, lang)
        assert "%(" not in text
        assert len(text.splitlines()) == len(explain_play_verdict(verdict).splitlines())


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal=deals(max_cards=5), rules=rule_settings())
def test_any_hand_is_solved_and_planned_in_every_language(deal: Any, rules: Rules) -> None:
    solution = solve(deal.top, deal.hand, rules)
    plans = plan_turn(Cover(deal.top), deal.hand, rules, count=2)
    for lang in SUPPORTED_LANGUAGES:
        for text in (explain_solution(solution, lang), explain_plans(deal.top, deal.hand, plans, lang)):
            assert "%(" not in text


@settings(max_examples=25, deadline=None)
@given(data=st.data(), players=st.integers(2, 8))
def test_any_round_score_is_explained_in_every_language(data: st.DataObject, players: int) -> None:
    names = [chr(ord("A") + seat) for seat in range(players)]
    finished = data.draw(st.permutations(names))[: players_to_go_out(players)]
    score = score_round(names, finished)
    for lang in SUPPORTED_LANGUAGES:
        text = explain_round_score(score, lang)
        assert "%(" not in text


# --------------------------------------------------------------------------- the API


REQUESTS = {
    "check": {"top": "3", "play": "6 + 5 + 2 - 10"},
    "solve": {"top": "3bee", "hand": ["1", "2", "4", "7fish"]},
    "plan": {"top": "7", "hand": ["9", "2", "5", "1", "Jreplay"], "count": 2},
    "score": {"players": ["A", "B", "C", "D"], "finished": ["C", "A", "D"], "master": {"A": 7}},
}
"""A request for every POST endpoint of ``/api/v1/nambarz``, without ``lang``."""

EXPLAINED = {
    "check": lambda lang: explain_play_verdict(check(Card.parse("3"), Chain.parse("6 + 5 + 2 - 10")), lang),
    "solve": lambda lang: explain_solution(solve(Card.parse("3bee"), parse_cards("1 2 4 7fish")), lang),
    "plan": lambda lang: explain_plans(
        Card.parse("7"),
        parse_cards("9 2 5 1 Jreplay"),
        plan_turn(Cover(Card.parse("7")), parse_cards("9 2 5 1 Jreplay"), Rules(), count=2),
        lang,
    ),
    "score": lambda lang: explain_round_score(
        score_round(["A", "B", "C", "D"], ["C", "A", "D"], master={"A": 7}), lang
    ),
}
"""What the tutor says about each request of :data:`REQUESTS`, in a language."""


def explanation(client: FlaskClient, endpoint: str, body: dict[str, Any], **headers: str) -> str:
    response = client.post(f"/api/v1/nambarz/{endpoint}", json=body, headers=headers)
    assert response.status_code == 200, response.get_data(as_text=True)
    text: str = response.get_json()["explanation"]
    return text


@pytest.mark.parametrize("endpoint", REQUESTS)
@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_every_answer_explains_itself_in_the_body_language(client: FlaskClient, endpoint: str, lang: str) -> None:
    assert explanation(client, endpoint, {**REQUESTS[endpoint], "lang": lang}) == EXPLAINED[endpoint](lang)


@pytest.mark.parametrize("endpoint", REQUESTS)
def test_without_lang_the_accept_language_header_decides_else_english(client: FlaskClient, endpoint: str) -> None:
    body = REQUESTS[endpoint]
    assert explanation(client, endpoint, body) == EXPLAINED[endpoint]("en")
    assert explanation(client, endpoint, body, **{"Accept-Language": "fr-CH, de;q=0.5"}) == EXPLAINED[endpoint]("fr")
    assert explanation(client, endpoint, body, **{"Accept-Language": "es"}) == EXPLAINED[endpoint]("en")


@pytest.mark.parametrize("endpoint", REQUESTS)
def test_the_body_lang_wins_over_the_header(client: FlaskClient, endpoint: str) -> None:
    body = {**REQUESTS[endpoint], "lang": "it"}
    assert explanation(client, endpoint, body, **{"Accept-Language": "de"}) == EXPLAINED[endpoint]("it")


@pytest.mark.parametrize("endpoint", REQUESTS)
@pytest.mark.parametrize("lang", ["es", "IT", "", None, 3, ["it"]])
def test_a_bad_lang_is_a_422_naming_lang(client: FlaskClient, endpoint: str, lang: Any) -> None:
    response = client.post(f"/api/v1/nambarz/{endpoint}", json={**REQUESTS[endpoint], "lang": lang})
    assert response.status_code == 422
    assert set(response.get_json()["errors"]["json"]) == {"lang"}


def test_a_turn_is_explained_in_the_language_asked_for(client: FlaskClient) -> None:
    body = {"top": "3", "turn": "Jboth 3hippo", "lang": "de"}
    expected = explain_turn(check_turn(Card.parse("3"), Turn.parse("Jboth 3hippo")), "de")
    assert explanation(client, "check", body) == expected


def test_exercises_and_worksheets_follow_accept_language_without_lang(client: FlaskClient) -> None:
    body = {"count": 2, "seed": 4, "kinds": ["cover"]}
    german = client.post("/api/v1/tutor/exercises", json=body, headers={"Accept-Language": "de"}).get_json()
    assert german == client.post("/api/v1/tutor/exercises", json={**body, "lang": "de"}).get_json()
    assert german["exercises"][0]["prompt"].startswith("Die oberste Karte")
    english = client.post("/api/v1/tutor/exercises", json=body).get_json()
    assert english["exercises"][0]["prompt"].startswith("The top card")
    page = client.post("/api/v1/tutor/worksheet", json=body, headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert '<html lang="it">' in page and "<h1>Scheda di esercizi Nambarz</h1>" in page and "Soluzioni" in page
    titled = {**body, "title": "Week 3", "lang": "fr"}
    page = client.post("/api/v1/tutor/worksheet", json=titled, headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert '<html lang="fr">' in page and "<h1>Week 3</h1>" in page and "Corrigé" in page


# --------------------------------------------------------------------------- the command line

COMMANDS = {
    "check": ["check", "--top", "3", "--play", "6 + 5 + 2 - 10"],
    "solve": ["solve", "--top", "3bee", "--hand", "1 2 4 7fish"],
    "plan": ["plan", "--top", "7", "--hand", "9 2 5 1 Jreplay", "--count", "2"],
    "score": ["score", "--players", "A,B,C,D", "--finished", "C,A,D", "--master", "A=7"],
}
"""The command line's form of each request of :data:`REQUESTS`."""


@pytest.mark.parametrize("endpoint", COMMANDS)
@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_the_command_line_answers_as_the_api_in_the_language_asked_for(
    cli: Cli, client: FlaskClient, endpoint: str, lang: str
) -> None:
    api_answer = client.post(f"/api/v1/nambarz/{endpoint}", json={**REQUESTS[endpoint], "lang": lang}).get_json()
    assert cli.json(*COMMANDS[endpoint], "--lang", lang) == api_answer
    outcome = cli(*COMMANDS[endpoint], "--lang", lang)
    assert (outcome.exit_code, outcome.stdout) == (0, api_answer["explanation"] + "\n")


@pytest.mark.parametrize("command", [*COMMANDS, "simulate", "hint", "worksheet"])
def test_every_nambarz_command_refuses_an_unsupported_language_with_exit_2(cli: Cli, command: str) -> None:
    argv = {**COMMANDS, "simulate": ["simulate"], "hint": ["hint", "--position", "3 / 1 2"], "worksheet": ["worksheet"]}
    outcome = cli(*argv[command], "--lang", "es")
    assert (outcome.exit_code, outcome.stdout) == (2, "")


def test_simulate_speaks_the_language_asked_for(cli: Cli) -> None:
    result = cli("simulate", "--games", "2", "--seed", "1", "--lang", "fr")
    assert result.exit_code == 0
    assert result.stdout.startswith("2 parties (manches par partie : 1), 4 joueurs, graine 1 : ")
    assert "part de victoires" in result.stdout and "Points de rang, coups de maître et pénalités" in result.stdout


def test_worksheet_writes_its_labels_and_default_title_in_the_language_asked_for(cli: Cli) -> None:
    result = cli("worksheet", "--count", "2", "--seed", "3", "--lang", "de")
    page = result.stdout
    assert result.exit_code == 0
    assert "<title>Nambarz-Arbeitsblatt</title>" in page and "Lösungen" in page and "Oberste Karte:" in page
