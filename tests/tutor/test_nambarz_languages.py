"""Verdict explanations in Italian, German and French, and the ``--lang`` option of ``nambarz check``."""

from __future__ import annotations

import re

import pytest

from solver.nambarz import Card, Chain, check, solve
from solver.nambarz.cards import Figure, parse_cards
from solver.nambarz.hint import hint
from solver.nambarz.jokers import Cover
from solver.nambarz.notation import Turn
from solver.nambarz.planner import plan_turn
from solver.nambarz.rules import Rules
from solver.nambarz.turn import check_turn
from solver.nambarz.violations import ViolationCode
from tests.conftest import Cli
from tutor.i18n import LanguageError
from tutor.nambarz import (
    describe_rules,
    explain_hint,
    explain_plans,
    explain_play_verdict,
    explain_solution,
    explain_turn,
    violation_reasons,
)


def explained(top: str, play: str, lang: str) -> str:
    return explain_play_verdict(check(Card.parse(top), Chain.parse(play)), lang)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "it",
            "Bravo: (10 − 4) ÷ 2 fa 3.\n"
            "  Passaggi: 10 − 4 = 6, 6 ÷ 2 = 3.\n"
            "  Perché: letto da sinistra a destra dà 3, il numero di 3 ape, e nessun gruppo più piccolo delle sue "
            "carte ci arriva.\n"
            "  La prossima giocata copre 2.\n"
            "  Regole: numeri naturali, operazioni + − × ÷.",
        ),
        (
            "de",
            "Gut gemacht: (10 − 4) ÷ 2 ergibt 3.\n"
            "  Schritte: 10 − 4 = 6, 6 ÷ 2 = 3.\n"
            "  Warum: Von links nach rechts gelesen ergibt die Rechnung 3, die Zahl von 3 Biene, und weniger ihrer "
            "Karten schaffen das nicht.\n"
            "  Der nächste Spielzug deckt 2 ab.\n"
            "  Regeln: natürliche Zahlen, Rechenarten + − × ÷.",
        ),
        (
            "fr",
            "Bravo\u00a0: (10 − 4) ÷ 2 fait 3.\n"
            "  Étapes\u00a0: 10 − 4 = 6, 6 ÷ 2 = 3.\n"
            "  Pourquoi\u00a0: lu de gauche à droite, le calcul donne 3, le nombre de 3 abeille, et moins de ses "
            "cartes n'y arrivent pas.\n"
            "  Le coup suivant couvre 2.\n"
            "  Règles\u00a0: entiers naturels, opérations + − × ÷.",
        ),
    ],
)
def test_a_legal_calculation_is_explained_with_its_trace(lang: str, expected: str) -> None:
    assert explained("3bee", "10 - 4 / 2", lang) == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "it",
            "Bastavano meno carte: 6 ÷ 2. 6 ÷ 2 resta sul tavolo; riprendi 5 e 10 e peschi 3 carte.\n"
            "  Regola III.2, penalità V.1: bastano meno carte per arrivare al risultato: 6 ÷ 2.\n"
            "  Passaggi: 6 + 5 = 11, 11 + 2 = 13, 13 − 10 = 3.\n"
            "  Regole: numeri naturali, operazioni + − × ÷.\n"
            "  Sintesi delle regole: un calcolo con carte di troppo si riduce a un calcolo più piccolo al suo "
            "interno, il resto torna in mano.",
        ),
        (
            "de",
            "Weniger Karten reichen: 6 ÷ 2. 6 ÷ 2 bleibt liegen; du nimmst 5 und 10 zurück und ziehst 3 Karten.\n"
            "  Regel III.2, Strafe V.1: weniger Karten erreichen das Ziel schon: 6 ÷ 2.\n"
            "  Schritte: 6 + 5 = 11, 11 + 2 = 13, 13 − 10 = 3.\n"
            "  Regeln: natürliche Zahlen, Rechenarten + − × ÷.\n"
            "  Regelübersicht: eine Rechnung mit zu vielen Karten wird auf eine kleinste Teilrechnung gekürzt, der "
            "Rest geht zurück.",
        ),
        (
            "fr",
            "Moins de cartes suffisent\u00a0: 6 ÷ 2. 6 ÷ 2 reste sur la table\u00a0; tu reprends 5 et 10 et tu "
            "pioches 3 cartes.\n"
            "  Règle III.2, pénalité V.1\u00a0: moins de cartes atteignent déjà le but\u00a0: 6 ÷ 2.\n"
            "  Étapes\u00a0: 6 + 5 = 11, 11 + 2 = 13, 13 − 10 = 3.\n"
            "  Règles\u00a0: entiers naturels, opérations + − × ÷.\n"
            "  Résumé des règles\u00a0: un calcul avec trop de cartes est réduit à un plus petit sous-calcul, le "
            "reste revient en main.",
        ),
    ],
)
def test_a_not_minimal_play_names_the_smaller_calculation_and_the_resolution(lang: str, expected: str) -> None:
    assert explained("3bee", "6 + 5 + 2 - 10", lang) == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "it",
            "  Regola III.2, penalità V.4: letto da sinistra a destra, il calcolo dà 4, che non corrisponde a 5.",
        ),
        (
            "de",
            "  Regel III.2, Strafe V.4: von links nach rechts gelesen ergibt die Rechnung 4, was nicht zu 5 passt.",
        ),
        (
            "fr",
            "  Règle III.2, pénalité V.4 : lu de gauche à droite, le calcul donne 4, qui ne correspond pas à 5.",
        ),
    ],
)
def test_a_wrong_result_states_what_the_calculation_gives(lang: str, expected: str) -> None:
    assert explained("5", "2 + 2", lang).splitlines()[1] == expected


def test_a_wrong_result_says_first_what_it_makes_and_that_the_cards_come_back() -> None:
    assert explained("5", "2 + 2", "it").splitlines()[0] == "2 + 2 fa 4, non 5. Riprendi 2 e 2 e peschi 3 carte."


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "it",
            "  Regola III.2, penalità V.2: una carta che corrisponde a 3 è usata nel calcolo invece che da sola.",
        ),
        (
            "de",
            "  Regel III.2, Strafe V.2: eine Karte,"
            " die zu 3 passt, steckt in der Rechnung, statt allein gespielt zu werden.",
        ),
        (
            "fr",
            ""
            "  Règle III.2, pénalité V.2 :"
            " une carte qui correspond à 3 est utilisée dans le calcul au lieu d'être jouée seule.",
        ),
    ],
)
def test_a_matching_card_inside_a_calculation_is_named(lang: str, expected: str) -> None:
    lines = explained("3", "1 + 3", lang).splitlines()
    assert lines[1] == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "it",
            "Turno con errori su 3: 1 giocata.\n"
            "Giocata 1. La tua carta corrisponde a quella sotto il jolly, quindi si gioca senza il jolly. 3 "
            "ippopotamo resta sul tavolo; riprendi il jolly doppio cambio e peschi 3 carte.\n"
            "  Regola IV, penalità V.1: una carta che corrisponde a quella sotto il jolly di cambio si gioca da "
            "sola, senza il jolly.\n"
            "Carta in cima dopo il turno: 3 ippopotamo.\n"
            "  Carte da pescare: 3.\n"
            "  Regole: numeri naturali, operazioni + − × ÷.\n"
            "  Decisione del progetto: una carta calata dopo un jolly di cambio ma corrispondente alla carta sotto "
            "di esso resta; un jolly calato nella stessa giocata torna in mano.",
        ),
        (
            "de",
            "Zug mit Fehlern auf 3: 1 Spielzug.\n"
            "Spielzug 1. Deine Karte passt zur Karte unter dem Joker, also wird sie ohne den Joker gespielt. 3 "
            "Nilpferd bleibt liegen; du nimmst den Doppelwechsel-Joker zurück und ziehst 3 Karten.\n"
            "  Regel IV, Strafe V.1: eine Karte, die zur Karte unter dem Wechseljoker passt, wird allein gespielt, "
            "ohne den Joker.\n"
            "Oberste Karte nach dem Zug: 3 Nilpferd.\n"
            "  Zu ziehende Karten: 3.\n"
            "  Regeln: natürliche Zahlen, Rechenarten + − × ÷.\n"
            "  Entscheidung des Projekts: eine Karte nach einem Wechseljoker, die zur Karte darunter passt, bleibt "
            "liegen; ein Joker aus demselben Spielzug geht zurück.",
        ),
        (
            "fr",
            "Tour avec des fautes sur 3\u00a0: 1 coup.\n"
            "Coup 1. Ta carte correspond à la carte sous le joker, donc elle se joue sans le joker. 3 hippopotame "
            "reste sur la table\u00a0; tu reprends le joker double changement et tu pioches 3 cartes.\n"
            "  Règle IV, pénalité V.1\u00a0: une carte qui correspond à la carte sous le joker de changement se joue "
            "seule, sans le joker.\n"
            "Carte du dessus après le tour\u00a0: 3 hippopotame.\n"
            "  Cartes à piocher\u00a0: 3.\n"
            "  Règles\u00a0: entiers naturels, opérations + − × ÷.\n"
            "  Décision du projet\u00a0: une carte posée après un joker de changement mais qui correspond à la carte "
            "dessous reste\u00a0; un joker posé dans le même coup revient en main.",
        ),
    ],
)
def test_a_joker_fault_in_a_turn_is_explained_with_its_penalty(lang: str, expected: str) -> None:
    assert explain_turn(check_turn(Card.parse("3"), Turn.parse("Jboth 3hippo")), lang) == expected


def test_a_whole_legal_turn_is_explained_play_by_play_in_german() -> None:
    text = explain_turn(check_turn(Card.parse("3"), Turn.parse("Jboth 8 ; Jreplay ; 10 - 2")), "de")
    assert text == (
        "Gültiger Zug auf 3: 3 Spielzüge.\n"
        "Spielzug 1. Gut gemacht: Der Doppelwechsel-Joker lässt 8 folgen.\n"
        "  Warum: Der Doppelwechsel-Joker darf auf 3 gelegt werden, und 8 ist von einer Art, die er erlaubt, ohne zu "
        "3 zu passen.\n"
        "  Der nächste Spielzug deckt 8 ab.\n"
        "Spielzug 2. Gut gemacht: Mit dem Nochmal-Joker spielst du noch einmal.\n"
        "  Warum: Der Nochmal-Joker darf zu jedem Zeitpunkt des Zuges gelegt werden.\n"
        "  Du spielst noch einmal auf 8.\n"
        "Spielzug 3. Gut gemacht: 10 − 2 ergibt 8.\n"
        "  Schritte: 10 − 2 = 8.\n"
        "  Warum: Von links nach rechts gelesen ergibt die Rechnung 8, die Zahl von 8, und weniger ihrer Karten "
        "schaffen das nicht.\n"
        "  Der nächste Spielzug deckt 2 ab.\n"
        "Oberste Karte nach dem Zug: 2.\n"
        "  Regeln: natürliche Zahlen, Rechenarten + − × ÷."
    )


def test_english_says_the_rule_in_the_words_of_the_other_languages() -> None:
    assert explained("5", "2 + 2", "en").splitlines()[1] == (
        "  Rule III.2, penalty V.4: read left to right, the calculation gives 4, which does not match 5."
    )


def test_an_unsupported_language_is_refused_by_name() -> None:
    with pytest.raises(LanguageError, match="'es' is not supported"):
        describe_rules(check(Card.parse("3"), Chain.parse("3")).rules, "es")


def test_check_prints_the_explanation_in_the_language_asked_for(cli: Cli) -> None:
    result = cli("check", "--top", "3bee", "--play", "10 - 4 / 2", "--lang", "fr")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "Bravo\u00a0: (10 − 4) ÷ 2 fait 3."


def test_check_a_turn_in_italian(cli: Cli) -> None:
    result = cli("check", "--top", "3", "--turn", "Jboth 8 ; Jreplay ; 10 - 2", "--lang", "it")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "Turno valido su 3: 3 giocate."


def test_check_json_output_differs_by_language_only_in_its_explanation_and_messages(cli: Cli) -> None:
    german = cli.json("check", "--top", "5", "--play", "2 + 2", "--lang", "de")
    english = cli.json("check", "--top", "5", "--play", "2 + 2")
    assert german.pop("explanation").startswith("2 + 2 ergibt 4, nicht 5.")
    assert english.pop("explanation").startswith("2 + 2 makes 4, not 5.")
    (told,) = german["violations"]
    (english_violation,) = english["violations"]
    assert told.pop("message") != english_violation.pop("message")
    assert told["message_en"] == english_violation["message_en"]
    assert german == english


def test_check_refuses_an_unsupported_language_with_exit_2(cli: Cli) -> None:
    result = cli("check", "--top", "3bee", "--play", "10 - 4 / 2", "--lang", "es")
    assert (result.exit_code, result.stdout) == (2, "")


# --------------------------------------------------------------------------- a wrong result, as the referee tells it


@pytest.mark.parametrize(
    ("rules", "top", "play", "reasons"),
    [
        (
            "natural",
            "1",
            "2 - 3 + 2",
            {
                "it": "letto da sinistra a destra, il passaggio 2 − 3 = −1 esce dai numeri naturali "
                "(i numeri interi da 0 in su)",
                "de": "von links nach rechts gelesen verlässt der Schritt 2 − 3 = −1 die natürlichen Zahlen "
                "(ganze Zahlen ab 0)",
                "fr": "lu de gauche à droite, l'étape 2 − 3 = −1 sort des entiers naturels "
                "(nombres entiers à partir de 0)",
            },
        ),
        (
            "natural",
            "1",
            "3 / 2 + 1",
            {
                "it": "letto da sinistra a destra, il passaggio 3 ÷ 2 = 3/2 esce dai numeri naturali "
                "(i numeri interi da 0 in su)",
                "de": "von links nach rechts gelesen verlässt der Schritt 3 ÷ 2 = 3/2 die natürlichen Zahlen "
                "(ganze Zahlen ab 0)",
                "fr": "lu de gauche à droite, l'étape 3 ÷ 2 = 3/2 sort des entiers naturels "
                "(nombres entiers à partir de 0)",
            },
        ),
        (
            "integer",
            "1",
            "3 / 2 + 1",
            {
                "it": "letto da sinistra a destra, il passaggio 3 ÷ 2 = 3/2 esce dai numeri interi",
                "de": "von links nach rechts gelesen verlässt der Schritt 3 ÷ 2 = 3/2 die ganzen Zahlen",
                "fr": "lu de gauche à droite, l'étape 3 ÷ 2 = 3/2 sort des entiers relatifs",
            },
        ),
        (
            "rational",
            "1",
            "3 / 2 + 1",
            {
                "it": "letto da sinistra a destra, il calcolo dà 5/2, che non corrisponde a 1",
                "de": "von links nach rechts gelesen ergibt die Rechnung 5/2, was nicht zu 1 passt",
                "fr": "lu de gauche à droite, le calcul donne 5/2, qui ne correspond pas à 1",
            },
        ),
    ],
)
def test_a_wrong_result_names_the_step_that_leaves_the_numbers_as_english_does(
    rules: str, top: str, play: str, reasons: dict[str, str]
) -> None:
    verdict = check(Card.parse(top), Chain.parse(play), Rules.parse(rules))
    (wrong,) = [violation for violation in verdict.violations if violation.code is ViolationCode.WRONG_RESULT]
    place = verdict.violations.index(wrong)
    # English says a step leaves the numbers exactly when the other languages do, as the referee's message does.
    assert ("leaves" in violation_reasons(verdict)[place]) is ("leaves" in wrong.message) is (rules != "rational")
    for lang, reason in reasons.items():
        assert violation_reasons(verdict, lang)[place] == reason


# --------------------------------------------------------------------------- figure cards in the reader's language

FIGURE_NOTATION = re.compile(
    r"\b\d+(?:" + "|".join(figure.value for figure in Figure) + r")\b|\bJ(?:number|figure|both|replay)\b"
)
"""A figure card or a joker written in notation (``3bee``, ``Jreplay``), as no language names it."""

PLAYS_WITH_FIGURES = [
    ("3bee", "9hen - 6dragonfly"),
    ("3bee", "8bee - 5cat"),
    ("3bee", "5 + 3bee"),
    ("8", "6dragonfly + 2fish * 1dragonfly"),
    ("3bee", "7fish"),
    ("3bee", "8bee"),
    ("6turtle", "9hen / 3hippo * 2owl"),
]
TURNS_WITH_FIGURES = [
    ("1", "9hen - 6dragonfly / 3hippo ; Jreplay ; 10 - 6 - 1"),
    ("3", "Jboth 3hippo"),
    ("3bee", "Jfigure 8bee ; Jreplay ; 9hen - 6dragonfly"),
    ("3", "2 + 1 ; 8bee"),
    ("3", "7 ; Jreplay ; 9hen"),
]
HAND_WITH_FIGURES = parse_cards("9hen 6dragonfly 3hippo 5bear 10cat 1 2 Jreplay")


def figure_texts(lang: str) -> list[str]:
    top = Card.parse("3bee")
    texts = [explain_play_verdict(check(Card.parse(on), Chain.parse(play)), lang) for on, play in PLAYS_WITH_FIGURES]
    texts += [explain_turn(check_turn(Card.parse(on), Turn.parse(turn)), lang) for on, turn in TURNS_WITH_FIGURES]
    texts.append(explain_solution(solve(top, HAND_WITH_FIGURES), lang))
    plans = plan_turn(Cover(top), HAND_WITH_FIGURES, Rules(), count=3)
    texts.append(explain_plans(top, HAND_WITH_FIGURES, plans, lang))
    texts += [explain_hint(hint(top, HAND_WITH_FIGURES, Rules(), level), lang) for level in (1, 2, 3)]
    texts.append(explain_hint(hint(Card.parse("2owl"), parse_cards("9duck 7owl"), Rules(), 2), lang))
    return texts


@pytest.mark.parametrize("lang", ["en", "it", "de", "fr"])
def test_every_explanation_names_figure_cards_in_the_readers_language(lang: str) -> None:
    for text in figure_texts(lang):
        assert not FIGURE_NOTATION.search(text), text


def test_english_explanations_name_figure_cards_in_words() -> None:
    assert figure_texts("en")[0].splitlines()[0] == "Well done: 9 hen − 6 dragonfly makes 3."


@pytest.mark.parametrize(("lang", "headline"), [("it", "Bravo: 9 gallina − 6 libellula fa 3.")])
def test_a_calculation_of_figure_cards_reads_as_the_reader_says_it(lang: str, headline: str) -> None:
    assert explain_play_verdict(check(Card.parse("3bee"), Chain.parse("9hen - 6dragonfly")), lang).startswith(headline)


@pytest.mark.parametrize("lang", ["it", "de", "fr"])
def test_the_plays_an_explanation_writes_read_back_as_the_same_plays(lang: str) -> None:
    solution = solve(Card.parse("3bee"), HAND_WITH_FIGURES)
    as_laid = [re.split(r"\s{2,}", row.strip())[2] for row in explain_solution(solution, lang).splitlines()[5:]]
    assert [str(Chain.parse(written)) for written in as_laid] == [c.expression for c in solution.calculations]
