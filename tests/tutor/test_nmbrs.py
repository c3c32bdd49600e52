"""Nmbrs! explanations in Italian, German and French: verdicts, lays, the deck, the API's ``lang`` and ``--lang``."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from solver.errors import NambarzError
from solver.nmbrs import NmbrsDeck, Play, Position, RuleSet, Table, ViolationCode, judge_lay, judge_sequence
from solver.nmbrs.candidates import legal_plays
from solver.nmbrs.cards import parse_cards
from solver.nmbrs.referee import LayVerdict, PlayVerdict
from solver.nmbrs.rulings import RULINGS
from solver.nmbrs.sequences import SequenceVerdict, Term, parse_sequence
from tests.conftest import Cli
from tests.nmbrs.test_cases import LAY_CASES, SEQUENCE_CASES
from tutor.i18n import SUPPORTED_LANGUAGES, translator
from tutor.nmbrs import explain_deck, explain_lay, explain_sequence, rule_words

TRANSLATED = ["it", "de", "fr"]
NBSP = "\u00a0"
RESOLUTION_WORD = {"it": "  Risoluzione: ", "de": "  Auflösung: ", "fr": f"  Résolution{NBSP}: "}
CODES = re.compile(
    r"[0-9]@-?[0-9]|\bJ\b|"
    + "|".join(re.escape(code) for code in sorted([*(code.value for code in ViolationCode), *RULINGS], key=len)[::-1])
)
"""Every violation code, ruling id, place and joker code of Nmbrs!, which a person never reads."""

EXPLAINED_CODES = set(ViolationCode) - {
    ViolationCode.KEEP_LAST_CARD,
    ViolationCode.WRONG_PHASE,
    ViolationCode.DECLINED_CARD,
    ViolationCode.EMPTY_DRAW_PILE,
}
"""The codes a sequence or a lay can carry; the others belong to the game's turn actions."""


def sequence_verdict(text: str, rules: str = "basic") -> SequenceVerdict:
    return judge_sequence(parse_sequence(text), RuleSet(rules))


def lay_verdict(table: str, hand: str, *plays: str, opened: bool = True, rules: str = "basic") -> LayVerdict:
    position = Position(Table.parse(table), tuple(parse_cards(hand)), opened, RuleSet(rules))
    return judge_lay(position, [Play.parse(play) for play in plays])


def case_sequence(case: dict[str, Any]) -> SequenceVerdict:
    return sequence_verdict(case["sequence"], case["rules"])


def case_lay(case: dict[str, Any]) -> LayVerdict:
    return lay_verdict(case["table"], case["hand"], *case["plays"], opened=case["opened"], rules=case["rules"])


EXTRA_LAYS = {
    "not-in-hand": lay_verdict("10@0,0 20@0,1 30@0,2", "40 15", "lay 40@0,3 50@0,4"),
    "bad-replacement-no-card": lay_verdict("10@0,0 J=20@0,1 30@0,2", "20 40", "swap 20@5,5"),
    "bad-replacement-not-a-joker": lay_verdict("10@0,0 J=20@0,1 30@0,2", "10 40", "swap 10@0,0"),
    "bad-replacement-wrong-number": lay_verdict("10@0,0 J=20@0,1 30@0,2", "25 40", "swap 25@0,1"),
}


def all_lays() -> list[LayVerdict]:
    return [*(case_lay(case) for case in LAY_CASES), *EXTRA_LAYS.values()]


def all_sequences() -> list[SequenceVerdict]:
    return [case_sequence(case) for case in SEQUENCE_CASES]


# ----------------------------------------------------------------- exact texts


def test_an_advanced_sequence_that_does_not_count_back_to_zero_or_one_in_every_language() -> None:
    verdict = sequence_verdict("14 20 26", "advanced")
    assert explain_sequence(verdict, "it").splitlines() == [
        "Non è una sequenza secondo le regole avanzate: 14 20 26.",
        "  Contando all'indietro da 14 con passo 6 si arriva a 2, non a 0 o 1. Regolamento avanzato 1–2: "
        "contando all'indietro una sequenza dal suo numero più piccolo, di passo in passo, si "
        "arriva esattamente a 0 o a 1.",
        "  Risoluzione: le carte non si possono calare come questa sequenza; restano in mano.",
    ]
    assert explain_sequence(verdict, "de").splitlines() == [
        "Keine Reihe nach den Profiregeln: 14 20 26.",
        "  Von 14 in 6er-Schritten zurückgezählt endet man bei 2, nicht bei 0 oder 1. Fortgeschrittene Regeln "
        "1–2: zählt man eine Reihe von ihrer kleinsten Zahl in ihrem Schritt zurück, endet man "
        "genau bei 0 oder 1.",
        "  Auflösung: Die Karten können nicht als diese Reihe ausgelegt werden; sie bleiben auf der Hand.",
    ]
    assert explain_sequence(verdict, "fr").splitlines() == [
        f"Pas une suite selon les règles avancées{NBSP}: 14 20 26.",
        "  En comptant à rebours depuis 14 par pas de 6, on arrive à 2, pas à 0 ou 1. Règles avancées "
        f"1–2{NBSP}: en comptant une suite à rebours depuis son plus petit nombre, de "
        "pas en pas, on arrive exactement à 0 ou à 1.",
        f"  Résolution{NBSP}: les cartes ne peuvent pas être posées comme cette suite{NBSP}; elles restent dans "
        "la main.",
    ]


def test_a_legal_descending_sequence_with_a_joker_in_every_language() -> None:
    verdict = sequence_verdict("30 J 10", "advanced")
    assert explain_sequence(verdict, "it").splitlines() == [
        "Una sequenza secondo le regole avanzate: 30 jolly 10.",
        "  Passo −10, decrescente: 30, 20, 10.",
        "  Il jolly in posizione 2 vale 20.",
        "  Contando all'indietro da 10 con passo 10 si arriva a 0.",
    ]
    assert explain_sequence(verdict, "de").splitlines() == [
        "Eine Reihe nach den Profiregeln: 30 Joker 10.",
        "  Schritt −10, absteigend: 30, 20, 10.",
        "  Der Joker an Stelle 2 steht für 20.",
        "  Von 10 in 10er-Schritten zurückgezählt endet man bei 0.",
    ]
    assert explain_sequence(verdict, "fr").splitlines() == [
        f"Une suite selon les règles avancées{NBSP}: 30 joker 10.",
        f"  Pas de −10, décroissante{NBSP}: 30, 20, 10.",
        "  Le joker à la place 2 vaut 20.",
        "  En comptant à rebours depuis 10 par pas de 10, on arrive à 0.",
    ]


def test_a_lay_with_a_legal_play_then_a_card_not_in_hand_in_every_language() -> None:
    verdict = lay_verdict("10@0,0 20@0,1 30@0,2", "40 15 25 J", "lay 40@0,3", "lay 60@0,4")
    assert explain_lay(verdict, "it").splitlines()[:8] == [
        "Calata non valida secondo le regole base: 2 giocate, 2 punti.",
        "Giocata 1. calare 40 in riga 1, colonna 4: valida. 2 punti: 1 raddoppiato (un solo colore).",
        "  La riga 10 20 30 40 (passo +10).",
        "Giocata 2. calare 60 in riga 1, colonna 5: non valida.",
        "  60 non è nella tua mano. Regola 8: le carte si calano e si scartano dalla propria mano.",
        "  Risoluzione: la giocata è rifiutata e non cambia nulla: le sue carte restano nella tua mano; scegli "
        "un'altra giocata.",
        "Tavolo dopo: la riga 10 20 30 40.",
        "Mano dopo: 15 25 jolly.",
    ]
    assert explain_lay(verdict, "de").splitlines()[:8] == [
        "Kein gültiges Auslegen nach den Grundregeln: 2 Spielzüge, 2 Punkte.",
        "Spielzug 1. 40 in Zeile 1, Spalte 4 legen: erlaubt. 2 Punkte: 1 verdoppelt (eine Farbe).",
        "  Die Zeile 10 20 30 40 (Schritt +10).",
        "Spielzug 2. 60 in Zeile 1, Spalte 5 legen: nicht erlaubt.",
        "  60 ist nicht in deiner Hand. Regel 8: Karten werden aus der eigenen Hand ausgelegt und abgeworfen.",
        "  Auflösung: Der Spielzug wird abgelehnt und ändert nichts: Seine Karten bleiben in deiner Hand; "
        "wähle einen anderen.",
        "Tisch danach: die Zeile 10 20 30 40.",
        "Hand danach: 15 25 Joker.",
    ]
    assert explain_lay(verdict, "fr").splitlines()[:8] == [
        f"Pose non valide selon les règles de base{NBSP}: 2 coups, 2 points.",
        f"Coup 1. poser 40 en ligne 1, colonne 4{NBSP}: valide. 2 points{NBSP}: 1 doublé (une seule couleur).",
        "  La ligne 10 20 30 40 (pas de +10).",
        f"Coup 2. poser 60 en ligne 1, colonne 5{NBSP}: non valide.",
        f"  60 n'est pas dans ta main. Règle 8{NBSP}: on pose et on défausse les cartes de sa propre main.",
        f"  Résolution{NBSP}: le coup est refusé et ne change rien{NBSP}: ses cartes restent dans ta "
        f"main{NBSP}; choisis un autre coup.",
        f"Table ensuite{NBSP}: la ligne 10 20 30 40.",
        f"Main ensuite{NBSP}: 15 25 joker.",
    ]


def test_the_english_lay_says_each_play_and_place_in_words() -> None:
    verdict = lay_verdict("10@0,0 20@0,1 30@0,2", "40 15 25 J", "lay 40@0,3", "lay 60@0,4", "lay 15@1,0")
    lines = explain_lay(verdict).splitlines()
    assert lines[3:7] == [
        "Play 2. place 60 at row 1, column 5: not legal.",
        "  60 is not in your hand. Rule 8: cards are laid and discarded from the player's own hand.",
        "  Resolution: the play is refused and changes nothing: its cards stay in your hand; choose another play.",
        "Play 3. place 15 at row 2, column 1: skipped, since an earlier play is illegal.",
    ]
    assert explain_lay(verdict) == explain_lay(verdict, "en")


def test_a_fault_inside_a_line_names_the_line_in_the_readers_language() -> None:
    verdict = lay_verdict("10@0,0 20@0,1 30@0,2", "40 15", "lay 15@0,3")
    lines = explain_lay(verdict, "it").splitlines()
    assert (
        "  La riga 10 20 30 15: 10 20 30 15 non salgono né scendono dello stesso passo intero da una carta "
        "all'altra. Regola 8: una sequenza sale o scende dello stesso passo intero da una carta all'altra."
    ) in lines
    assert "  La riga 10 20 30 15, non è una sequenza." in lines


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("bad-replacement-no-card", "Non c'è nessuna carta in riga 6, colonna 6"),
        ("bad-replacement-not-a-joker", "In riga 1, colonna 1 c'è 10, non un jolly"),
        ("bad-replacement-wrong-number", "Il jolly in riga 1, colonna 2 vale 20, non 25"),
    ],
)
def test_a_bad_replacement_says_what_is_on_the_place_in_words(name: str, expected: str) -> None:
    rule = "Regola 12: si sostituisce solo un jolly sul tavolo, e solo con la carta del numero che vale."
    assert f"  {expected}. {rule}" in explain_lay(EXTRA_LAYS[name], "it").splitlines()


def test_the_deck_in_every_language() -> None:
    deck = NmbrsDeck.default()
    assert explain_deck(deck, "it").splitlines()[:5] == [
        "Mazzo provvisorio di Nmbrs!: 104 carte (da 1 a 100 e 4 jolly che valgono 0). Valori PROVVISORI.",
        "  1 punto (28 carte): 1-10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 90, 95, 100.",
        *explain_deck(deck, "it").splitlines()[2:4],
        "  rosso (25 carte): 1, 5, … 97.",
    ]
    assert "  Grün (25 Karten): 2, 6, … 98." in explain_deck(deck, "de").splitlines()
    assert "  bleu (25 cartes) : 3, 7, … 99." in explain_deck(deck, "fr").splitlines()
    assert explain_deck(deck).splitlines()[1].startswith("  1 point (28 cards): ")


@pytest.mark.parametrize(
    ("lang", "name", "note"),
    [
        ("en", "Nmbrs! placeholder deck", "  Note: PLACEHOLDER: the rulebook prints each card's colour"),
        ("it", "Mazzo provvisorio di Nmbrs!", "  Nota: PROVVISORIO: il regolamento stampa il colore"),
        ("de", "Platzhalter-Kartenspiel von Nmbrs!", "  Hinweis: PLATZHALTER: Die Spielregel druckt Farbe"),
        ("fr", "Paquet provisoire de Nmbrs!", "  Remarque\u00a0: PROVISOIRE\u00a0: la règle imprime la couleur"),
    ],
)
def test_the_default_decks_name_and_note_are_in_the_readers_language(lang: str, name: str, note: str) -> None:
    lines = explain_deck(NmbrsDeck.default(), lang).splitlines()
    assert lines[0].startswith(f"{name}:") or lines[0].startswith(f"{name}\u00a0:")
    assert lines[-1].startswith(note)
    assert ("PLACEHOLDER" in lines[-1]) == (lang == "en")
    assert "--deck FILE" in lines[-1]


def test_another_decks_name_and_note_are_its_files_own_words() -> None:
    default = NmbrsDeck.default()
    deck = NmbrsDeck("Mein Deck", default.faces, placeholder=False, note="selbst gemacht")
    lines = explain_deck(deck, "it").splitlines()
    assert lines[0].startswith("Mein Deck: 104 carte")
    assert lines[-1] == "  Nota: selbst gemacht"


# ----------------------------------------------------------------- every case in every language


def english_lines() -> set[str]:
    texts = [explain_sequence(verdict) for verdict in all_sequences()] + [explain_lay(v) for v in all_lays()]
    return {line for text in texts for line in text.splitlines()}


def rule_said(code: str, lang: str) -> str:
    """How a line names the rule a code enforces: "Rule 8:", "Advanced rules 1–2:", in the reader's language."""
    rule = rule_words(ViolationCode(code).reference.rule, lang)
    return rule[:1].upper() + rule[1:] + (f"{NBSP}:" if lang == "fr" else ":")


def violation_lines_name_the_rule_in_words_without_a_code(text: str, codes: list[str], lang: str) -> None:
    for code in codes:
        assert rule_said(code, lang) in text, (code, text)
    assert not CODES.search(text), text


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_sequence_case_is_explained_in_the_language_asked_for(lang: str) -> None:
    english = english_lines()
    for verdict in all_sequences():
        text = explain_sequence(verdict, lang)
        assert not set(text.splitlines()) & english, text
        violation_lines_name_the_rule_in_words_without_a_code(text, verdict.codes, lang)
        resolutions = [line for line in text.splitlines() if line.startswith(RESOLUTION_WORD[lang])]
        assert len(resolutions) == (0 if verdict.legal else 1), text


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_lay_case_is_explained_in_the_language_asked_for(lang: str) -> None:
    english = english_lines()
    for verdict in all_lays():
        text = explain_lay(verdict, lang)
        assert not set(text.splitlines()) & english, text
        codes = [violation.code.value for violation in verdict.violations]
        violation_lines_name_the_rule_in_words_without_a_code(text, codes, lang)
        illegal_plays = [play for play in verdict.plays if isinstance(play, PlayVerdict) and not play.legal]
        resolutions = [line for line in text.splitlines() if line.startswith(RESOLUTION_WORD[lang])]
        assert len(resolutions) == len(illegal_plays), text


def test_the_cases_reach_every_code_a_sequence_or_a_lay_can_carry() -> None:
    found = {violation.code for verdict in [*all_sequences(), *all_lays()] for violation in verdict.violations}
    assert found == EXPLAINED_CODES


TOLD_OF_THIS_MOVE = {
    *(ViolationCode.TOO_SHORT, ViolationCode.ZERO_STEP, ViolationCode.NOT_ARITHMETIC, ViolationCode.OUT_OF_RANGE),
    *(ViolationCode.BAD_START, ViolationCode.NOT_IN_HAND, ViolationCode.NO_DISCARD, ViolationCode.BAD_REPLACEMENT),
}
"""The codes told by a sentence about the move itself; the others by their rule's translated summary."""


@pytest.mark.parametrize("lang", TRANSLATED)
def test_faults_are_told_of_this_very_move_where_the_verdict_says_enough(lang: str) -> None:
    translate = translator(lang, "nmbrs").gettext
    for verdict in [*all_sequences(), *all_lays()]:
        text = explain_sequence(verdict, lang) if isinstance(verdict, SequenceVerdict) else explain_lay(verdict, lang)
        for violation in verdict.violations:
            reference = violation.reference
            told_by_summary = f"  {rule_said(violation.code.value, lang)} {translate(reference.summary)}."
            lone_card = "stands alone" in violation.message and isinstance(verdict, LayVerdict)
            if violation.code in TOLD_OF_THIS_MOVE and not lone_card:
                assert told_by_summary not in text.splitlines(), text
            else:
                assert told_by_summary in text.splitlines(), text


# ----------------------------------------------------------------- any input


TABLE = Table.parse("10@0,0 J=20@0,1 30@0,2 40@1,2 50@2,2")
HAND = tuple(parse_cards("5 15 25 35 45 60 70 J J 20"))


@st.composite
def terms(draw: st.DrawFn) -> list[Term]:
    numbers = draw(st.lists(st.integers(1, 100), min_size=1, max_size=6, unique=True))
    jokers = draw(st.lists(st.integers(0, len(numbers)), max_size=3))
    written = [str(number) for number in numbers]
    for place in jokers:
        written.insert(place, draw(st.sampled_from(["J", f"J={draw(st.integers(1, 100))}"])))
    return [Term.parse(word) for word in written]


@st.composite
def plays(draw: st.DrawFn) -> Play:
    kind = draw(st.sampled_from(["lay", "insert row", "insert column", "swap"]))
    count = 1 if kind == "swap" else draw(st.integers(1, 3))
    cards = draw(st.lists(st.sampled_from([str(card) for card in HAND] + ["90"]), min_size=count, max_size=count))
    cells = draw(st.lists(st.tuples(st.integers(-1, 3), st.integers(-1, 4)), min_size=count, max_size=count))
    text = f"{kind} " + " ".join(f"{card}@{row},{column}" for card, (row, column) in zip(cards, cells, strict=True))
    try:
        return Play.parse(text)
    except NambarzError:
        assume(False)
        raise


@settings(max_examples=60, deadline=None)
@given(terms(), st.sampled_from(list(RuleSet)), st.sampled_from(SUPPORTED_LANGUAGES))
def test_any_sequence_renders_in_every_language_with_its_placeholders_filled(
    sequence: list[Term], rules: RuleSet, lang: str
) -> None:
    try:
        verdict = judge_sequence(sequence, rules)
    except NambarzError:
        assume(False)
        raise
    text = explain_sequence(verdict, lang)
    assert "%(" not in text
    violation_lines_name_the_rule_in_words_without_a_code(text, verdict.codes, lang)


@settings(max_examples=60, deadline=None)
@given(st.lists(plays(), min_size=1, max_size=3), st.booleans(), st.sampled_from(SUPPORTED_LANGUAGES))
def test_any_lay_renders_in_every_language_with_its_placeholders_filled(
    lay: list[Play], opened: bool, lang: str
) -> None:
    verdict = judge_lay(Position(TABLE, HAND, opened), lay)
    text = explain_lay(verdict, lang)
    assert "%(" not in text
    assert len(text.splitlines()) >= len(lay) + 3


@settings(max_examples=40, deadline=None)
@given(st.data(), st.booleans(), st.sampled_from(SUPPORTED_LANGUAGES))
def test_any_legal_lay_renders_in_every_language_with_a_line_per_play(
    data: st.DataObject, opened: bool, lang: str
) -> None:
    position = Position(TABLE, HAND, opened)
    lay = []
    for _ in range(data.draw(st.integers(1, 3))):
        offered = legal_plays(position)
        if not offered:
            break
        play = data.draw(st.sampled_from(offered))
        lay.append(play)
        position = judge_lay(position, [play]).after
    assume(lay)
    verdict = judge_lay(Position(TABLE, HAND, opened), lay)
    assert verdict.legal
    text = explain_lay(verdict, lang)
    assert "%(" not in text
    resolution = translator(lang, "nmbrs").gettext("Resolution: %(resolution)s").split("%")[0]
    assert not any(line.strip().startswith(resolution) for line in text.splitlines())
    assert len([line for line in text.splitlines() if not line.startswith(" ")]) == len(lay) + 3


# ----------------------------------------------------------------- the API and the command line


CHECK = {"sequence": [14, 20, 26], "rules": "advanced"}
LAY = {
    "table": [{"row": 0, "column": column, "card": card} for column, card in enumerate([10, 20, 30])],
    "hand": [40, 15],
    "opened": True,
    "plays": [{"kind": "lay", "cards": [{"row": 0, "column": 3, "card": 60}]}],
}


def post(client: FlaskClient, endpoint: str, body: Any, **headers: str) -> Any:
    response = client.post(f"/api/v1/nmbrs/{endpoint}", json=body, headers=headers)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def test_check_explains_in_the_bodys_language(client: FlaskClient) -> None:
    answer = post(client, "check", {**CHECK, "lang": "de"})
    assert answer["explanation"] == explain_sequence(sequence_verdict("14 20 26", "advanced"), "de")
    assert post(client, "check", CHECK)["explanation"] == explain_sequence(sequence_verdict("14 20 26", "advanced"))


def test_lay_explains_in_the_accept_language_headers_language_unless_the_body_says(client: FlaskClient) -> None:
    verdict = lay_verdict("10@0,0 20@0,1 30@0,2", "40 15", "lay 60@0,3")
    expected = {lang: explain_lay(verdict, lang) for lang in ("it", "fr")}
    assert post(client, "lay", LAY, **{"Accept-Language": "fr-CH, it;q=0.5"})["explanation"] == expected["fr"]
    assert post(client, "lay", {**LAY, "lang": "it"}, **{"Accept-Language": "fr"})["explanation"] == expected["it"]


def test_the_deck_explains_in_the_query_strings_language(client: FlaskClient) -> None:
    response = client.get("/api/v1/nmbrs/deck?lang=it", headers={"Accept-Language": "de"})
    assert response.get_json()["explanation"] == explain_deck(NmbrsDeck.default(), "it")
    response = client.get("/api/v1/nmbrs/deck", headers={"Accept-Language": "de"})
    assert response.get_json()["explanation"] == explain_deck(NmbrsDeck.default(), "de")


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [("post", "check", {**CHECK, "lang": "es"}), ("post", "lay", {**LAY, "lang": "EN"}), ("get", "deck?lang=xx", None)],
)
def test_a_language_without_a_catalog_is_a_422_naming_lang(
    client: FlaskClient, method: str, path: str, body: Any
) -> None:
    response = getattr(client, method)(f"/api/v1/nmbrs/{path}", json=body)
    assert response.status_code == 422
    location = response.get_json()["errors"]
    assert "lang" in next(iter(location.values()))


def test_the_command_line_prints_the_apis_explanation_in_the_language_asked_for(cli: Cli, client: FlaskClient) -> None:
    api = post(client, "check", {**CHECK, "lang": "it"})
    result = cli("nmbrs", "check", "--sequence", "14,20,26", "--rules", "advanced", "--lang", "it")
    assert (result.exit_code, result.stdout) == (0, api["explanation"] + "\n")
    assert cli.json("nmbrs", "check", "--sequence", "14,20,26", "--rules", "advanced", "--lang", "it") == api
    lay = post(client, "lay", {**LAY, "lang": "fr"})
    assert cli.json("nmbrs", "lay", "--request", json.dumps(LAY), "--lang", "fr") == lay
    deck = client.get("/api/v1/nmbrs/deck?lang=de").get_json()
    outcome = cli("nmbrs", "deck", "--lang", "de")
    assert (outcome.exit_code, outcome.stdout) == (0, deck["explanation"] + "\n")
    assert cli.json("nmbrs", "deck", "--lang", "de") == deck


def test_lang_on_the_command_line_overrides_the_requests(cli: Cli) -> None:
    request = json.dumps({**CHECK, "lang": "de"})
    assert cli.json("nmbrs", "check", "--request", request)["explanation"].startswith("Keine Reihe")
    assert cli.json("nmbrs", "check", "--request", request, "--lang", "fr")["explanation"].startswith("Pas une suite")
    assert cli.json("nmbrs", "check", "--request", request, "--lang", "en")["explanation"].startswith("Not a sequence")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("check", "--sequence", "1,2,3", "--lang", "es"), "--lang: invalid choice: 'es'"),
        (("deck", "--lang", "xx"), "--lang: invalid choice: 'xx'"),
        (("check", "--request", json.dumps({**CHECK, "lang": "es"})), "--request: lang: expected one of"),
    ],
)
def test_a_bad_language_exits_2_with_one_line(cli: Cli, argv: tuple[str, ...], message: str) -> None:
    result = cli("nmbrs", *argv)
    error = result.stderr
    assert (result.exit_code, result.stdout) == (2, "")
    assert message in error
    assert error.count("\n") == 1


# ----------------------------------------------------------------- plays in words


@pytest.mark.parametrize(
    ("play", "words"),
    [
        (
            "lay 40@0,3",
            {
                "en": "place 40 at row 1, column 4",
                "it": "calare 40 in riga 1, colonna 4",
                "de": "40 in Zeile 1, Spalte 4 legen",
            },
        ),
        (
            "insert row 15@0,1 25@0,3",
            {
                "en": "slide in 15 and 25 at row 1, columns 2 and 4",
                "fr": "insérer 15 et 25 en ligne 1, colonnes 2 et 4",
            },
        ),
        (
            "insert column 15@1,0 25@3,0",
            {"en": "slide in 15 and 25 at column 1, rows 2 and 4", "it": "inserire 15 e 25 in colonna 1, righe 2 e 4"},
        ),
        (
            "swap 20@0,1",
            {
                "en": "put 20 in place of the joker at row 1, column 2",
                "de": "20 gegen den Joker in Zeile 1, Spalte 2 tauschen",
            },
        ),
    ],
)
def test_a_play_and_its_places_are_said_in_words_in_every_language(play: str, words: dict[str, str]) -> None:
    position = Position(Table.parse("10@0,0 J=20@0,1 30@0,2"), tuple(parse_cards("20 40 5")), opened=True)
    verdict = judge_lay(position, [Play.parse(play)])
    for lang, said in words.items():
        headline = explain_lay(verdict, lang).splitlines()[1]
        assert headline.split(". ", 1)[1].startswith(said), (lang, headline)


@pytest.mark.parametrize("lang", ["it", "de", "fr"])
def test_no_play_kind_stays_in_english(lang: str) -> None:
    texts = [explain_lay(verdict, lang) for verdict in all_lays()]
    for text in texts:
        assert not re.search(r"(?<![\w-])(lay|swap|insert)(?![\w-])", text), text
