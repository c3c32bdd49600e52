"""The verdict on an action of a game being played, in words and as a document, for every game and language."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

import tutor.nambarz
import tutor.quando
import tutor.thegame
from solver.contract import GameState
from solver.errors import IllegalMoveError
from solver.games import GAMES, find_game
from solver.nambarz.referee import Verdict as NambarzVerdict
from solver.nambarz.state import Action as NambarzAction
from solver.nmbrs.rulings import RULINGS as NMBRS_RULINGS
from solver.nmbrs.state import Action as NmbrsAction
from solver.nmbrs.state import ActionVerdict as NmbrsActionVerdict
from solver.nmbrs.state import State as NmbrsState
from solver.nmbrs.violations import ViolationCode as NmbrsCode
from solver.quando.referee import Verdict as QuandoVerdict
from solver.quando.state import Action as QuandoAction
from solver.thegame.referee import Placement, Position, check_play
from solver.thegame.rules import Pile
from solver.thegame.state import Action as TheGameAction
from solver.thegame.state import ActionVerdict as TheGameActionVerdict
from solver.verdicts import GameVerdict, Violation
from tests.browser.visible_codes import described, leaks
from tutor.i18n import DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, LanguageError, translator
from tutor.play import explain_action_verdict, verdict_document

TRANSLATED = [lang for lang in SUPPORTED_LANGUAGES if lang != DEFAULT_LANGUAGE]
NBSP = "\u00a0"
LEGAL_WORDS = {"en": ("Legal:",), "it": ("Valida:",), "de": ("Gültig:", "Erlaubt:"), "fr": ("Valide", "Autorisée")}
ILLEGAL_WORDS = {
    "en": ("Not legal:", "Illegal:"),
    "it": ("Non valida:",),
    "de": ("Nicht gültig:", "Nicht erlaubt:"),
    "fr": ("Non valide", "Non autorisée"),
}
"""How the first line of an explanation begins in each language, for a legal action and for an illegal one."""


# ----------------------------------------------------------------- verdicts from seeded games


def nambarz(*transcript: str) -> GameState[Any]:
    state = find_game("nambarz").new_game(players=2, seed=1)
    for action in transcript:
        state.apply(NambarzAction.parse(action))
    return state


def nmbrs(*transcript: str) -> GameState[Any]:
    state = find_game("nmbrs").new_game(players=2, seed=1)
    for action in transcript:
        state.apply(NmbrsAction.parse(action))
    return state


def thegame(action: str) -> GameVerdict:
    return find_game("thegame").new_game(players=2, seed=1).check(TheGameAction.parse(action))


def quando(action: str) -> GameVerdict:
    return find_game("quando").new_game(players=3, seed=1).check(QuandoAction.parse(action))


def nmbrs_on_table(table: str, hand: str) -> GameState[Any]:
    """Seat 0 of a seeded game in its lay phase, opened, with ``table`` laid and ``hand`` in hand."""
    saved = nmbrs("take").to_dict()
    saved["table"], saved["hands"][0], saved["opened"][0] = table.split(), hand.split(), True
    return NmbrsState.from_dict(saved)


JOKER_ON_THE_TABLE = "10@0,0 J=20@0,1 30@0,2"

NAMBARZ_UNTIL_A_DRAW = ("3", "pass", "3bee", "pass", "9hen - 6turtle", "pass", "6dragonfly", "pass")
"""Seed 1 with the first legal action each time, up to P1's turn with nothing playable."""

CASES: dict[str, Callable[[], GameVerdict]] = {
    "nambarz-legal-calculation": lambda: nambarz().check(NambarzAction.parse("9hen - 6turtle")),
    "nambarz-penalised-play-leaving-a-card": lambda: nambarz().check(NambarzAction.parse("9 / 3")),
    "nambarz-penalised-play-taken-back": lambda: nambarz().check(NambarzAction.parse("5cat")),
    "nambarz-play-without-replay": lambda: nambarz("3").check(NambarzAction.parse("9hen - 6turtle")),
    "nambarz-draw": lambda: nambarz(*NAMBARZ_UNTIL_A_DRAW).check(NambarzAction.parse("draw")),
    "nambarz-pass": lambda: nambarz("3").check(NambarzAction.parse("pass")),
    "thegame-legal-placement": lambda: thegame("10>asc1"),
    "thegame-card-not-held": lambda: thegame("50>asc1"),
    "thegame-wrong-direction": lambda: thegame("17>desc1"),
    "thegame-end-too-early": lambda: thegame("end"),
    "quando-legal-straight": lambda: quando("play 8 9 10"),
    "quando-knock-too-early": lambda: quando("knock"),
    "quando-not-a-set": lambda: quando("play 3 8"),
    "nmbrs-take": lambda: nmbrs().check(NmbrsAction.parse("take")),
    "nmbrs-decline": lambda: nmbrs().check(NmbrsAction.parse("decline")),
    "nmbrs-draw-in-the-wrong-phase": lambda: nmbrs().check(NmbrsAction.parse("draw")),
    "nmbrs-legal-lay": lambda: nmbrs("take").check(NmbrsAction.parse("lay 24@0,0 28@0,1 J=32@0,2")),
    "nmbrs-not-a-sequence": lambda: nmbrs("take").check(NmbrsAction.parse("lay 24@0,0 28@0,1 39@0,2")),
    "nmbrs-cards-not-held": lambda: nmbrs("take").check(NmbrsAction.parse("lay 5@0,0 10@0,1 15@0,2")),
    "nmbrs-swap": lambda: nmbrs_on_table(JOKER_ON_THE_TABLE, "20 5").check(NmbrsAction.parse("swap 20@0,1")),
    "nmbrs-single-card": lambda: nmbrs_on_table(JOKER_ON_THE_TABLE, "40 5").check(NmbrsAction.parse("lay 40@0,3")),
    "nmbrs-all-colours": lambda: nmbrs_on_table("", "11 12 13 5").check(NmbrsAction.parse("lay 11@0,0 12@0,1 13@0,2")),
    "nmbrs-two-colours": lambda: nmbrs_on_table("", "2 4 6 5").check(NmbrsAction.parse("lay 2@0,0 4@0,1 6@0,2")),
    "nmbrs-discard": lambda: nmbrs("take").check(NmbrsAction.parse("discard 24")),
    "nmbrs-end-without-a-discard": lambda: nmbrs("take").check(NmbrsAction.parse("end")),
    # What State.check answers once the game is over, whatever the action.
    "nmbrs-after-the-game": lambda: NmbrsActionVerdict(
        NmbrsAction.parse("take"), None, (Violation(NmbrsCode.WRONG_PHASE, "the game is over"),)
    ),
}
"""Verdicts of each game, legal and not, on actions of seeded games, as each game's ``State.check`` gives them."""


@cache
def verdict(case: str) -> GameVerdict:
    return CASES[case]()


def test_the_cases_hold_legal_and_illegal_actions_of_every_game() -> None:
    for entry in GAMES:
        game = entry.name
        assert {verdict(case).legal for case in CASES if case.startswith(f"{game}-")} == {True, False}, game


# ----------------------------------------------------------------- explanations


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
@pytest.mark.parametrize("case", [case for case in CASES if case.startswith("nambarz-")])
def test_an_explanation_says_whether_the_action_is_legal_and_cites_each_broken_rule(case: str, lang: str) -> None:
    judged = verdict(case)
    text = explain_action_verdict(judged, lang)
    lines = text.splitlines()
    assert lines[0].startswith(LEGAL_WORDS[lang] if judged.legal else ILLEGAL_WORDS[lang]), lines[0]
    assert "%(" not in text and "%%" not in text
    for violation in judged.violations:
        assert violation.code.value in text
        assert violation.reference.rule in text


SIBLING_CASES = [case for case in CASES if not case.startswith("nambarz-")]
"""The cases of The Game, Quando and Nmbrs!, whose explanations speak to the player in words, without a code."""

SHORT = 100
"""The longest first sentence of a sibling game's verdict: one short sentence a child reads."""


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
@pytest.mark.parametrize("case", SIBLING_CASES)
def test_a_sibling_game_s_explanation_opens_with_a_short_sentence_and_shows_no_code(case: str, lang: str) -> None:
    judged = verdict(case)
    text = explain_action_verdict(judged, lang)
    assert len(text.splitlines()[0]) <= SHORT, text
    assert "%(" not in text and "%%" not in text
    found = leaks(text, lang, judged.game)
    assert not found, described(found)


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("case", CASES)
def test_every_sentence_of_an_explanation_is_translated(case: str, lang: str) -> None:
    english = explain_action_verdict(verdict(case)).splitlines()
    translated = explain_action_verdict(verdict(case), lang).splitlines()
    assert not set(translated) & set(english), set(translated) & set(english)


@pytest.mark.parametrize("case", CASES)
def test_french_puts_a_no_break_space_before_high_punctuation_and_inside_guillemets(case: str) -> None:
    text = explain_action_verdict(verdict(case), "fr")
    assert not re.search(f"[^{NBSP}][:;?!»]|«[^{NBSP}]", text), text


@pytest.mark.parametrize("case", CASES)
def test_the_reader_is_addressed_informally(case: str) -> None:
    assert not re.search(r"\b(Sie|Ihr|Ihre)\b", explain_action_verdict(verdict(case), "de"))
    assert not re.search(r"\bvous\b", explain_action_verdict(verdict(case), "fr"))


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
@pytest.mark.parametrize("case", CASES)
def test_an_explanation_is_short_enough_for_a_phone(case: str, lang: str) -> None:
    assert len(explain_action_verdict(verdict(case), lang).splitlines()) <= 10


NAMBARZ_PENALISED = {
    "en": [
        "Not legal: 9 ÷ 3 on 3bee.",
        "  matching-card-in-calculation (rule III.2, penalty V.2): 3 (same number) matches the top card 3bee and "
        "must be played alone.",
        "  Steps: 9 ÷ 3 = 3.",
        "  Resolution: 3 stays on the table; take back 9; draw 3 cards.",
        "  The penalty ends your turn.",
        "  Rules: natural numbers, operations + − × ÷.",
    ],
    "it": [
        "Non valida: 9 ÷ 3 su 3 ape.",
        "  matching-card-in-calculation (regola III.2, penalità V.2): una carta che corrisponde a 3 ape è usata nel "
        "calcolo invece che da sola.",
        "  Passaggi: 9 ÷ 3 = 3.",
        "  Risoluzione: 3 resta sul tavolo; riprendi 9; pesca 3 carte.",
        "  La penalità chiude il tuo turno.",
        "  Regole: numeri naturali, operazioni + − × ÷.",
    ],
    "de": [
        "Nicht gültig: 9 ÷ 3 auf 3 Biene.",
        "  matching-card-in-calculation (Regel III.2, Strafe V.2): eine Karte, die zu 3 Biene passt, steckt in der "
        "Rechnung, statt allein gespielt zu werden.",
        "  Schritte: 9 ÷ 3 = 3.",
        "  Auflösung: 3 bleibt auf dem Tisch; nimm 9 zurück; ziehe 3 Karten.",
        "  Die Strafe beendet deinen Zug.",
        "  Regeln: natürliche Zahlen, Rechenarten + − × ÷.",
    ],
    "fr": [
        f"Non valide{NBSP}: 9 ÷ 3 sur 3 abeille.",
        f"  matching-card-in-calculation (règle III.2, pénalité V.2){NBSP}: une carte qui correspond à 3 abeille est "
        "utilisée dans le calcul au lieu d'être jouée seule.",
        f"  Étapes{NBSP}: 9 ÷ 3 = 3.",
        f"  Résolution{NBSP}: 3 reste sur la table{NBSP}; reprends 9{NBSP}; pioche 3 cartes.",
        "  La pénalité met fin à ton tour.",
        f"  Règles{NBSP}: entiers naturels, opérations + − × ÷.",
    ],
}


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_a_penalised_nambarz_play_that_leaves_a_card_says_the_turn_ends_after_its_resolution(lang: str) -> None:
    explained = explain_action_verdict(verdict("nambarz-penalised-play-leaving-a-card"), lang)
    assert explained.splitlines() == NAMBARZ_PENALISED[lang]


def test_the_penalty_does_end_the_turn_in_the_game() -> None:
    state = nambarz()
    assert not state.apply(NambarzAction.parse("9 / 3")).legal
    assert (state.to_move, state.phase.value) == (1, "start")


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
@pytest.mark.parametrize("case", ["nambarz-penalised-play-taken-back", "nambarz-play-without-replay"])
def test_a_penalised_nambarz_play_taken_back_is_the_referee_s_explanation_which_says_the_turn_passes(
    case: str, lang: str
) -> None:
    judged = verdict(case)
    assert isinstance(judged, NambarzVerdict) and not judged.stays
    assert explain_action_verdict(judged, lang) == tutor.nambarz.explain_play_verdict(judged, lang)
    assert NAMBARZ_PENALISED[lang][4] not in explain_action_verdict(judged, lang)


NAMBARZ_DRAW_AND_PASS = {
    "en": (
        [
            "Legal: draw (P1).",
            "  You draw a card, as nothing in your hand could be played: now play if you can, or pass.",
        ],
        ["Legal: pass (P1).", "  You end your turn."],
    ),
    "it": (
        [
            "Valida: pescare (P1).",
            "  Peschi una carta, perché nella tua mano non c'era niente da giocare: ora gioca se puoi, "
            "altrimenti passa.",
        ],
        ["Valida: passare (P1).", "  Finisci il tuo turno."],
    ),
    "de": (
        [
            "Gültig: ziehen (P1).",
            "  Du ziehst eine Karte, weil du nichts aus deiner Hand spielen konntest: Spiel jetzt, wenn du kannst, "
            "sonst passe.",
        ],
        ["Gültig: passen (P1).", "  Du beendest deinen Zug."],
    ),
    "fr": (
        [
            f"Valide{NBSP}: piocher (P1).",
            f"  Tu pioches une carte, car rien dans ta main ne pouvait être joué{NBSP}: joue maintenant si tu peux, "
            "sinon passe.",
        ],
        [f"Valide{NBSP}: passer (P1).", "  Tu finis ton tour."],
    ),
}


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_a_nambarz_draw_and_pass_say_what_follows(lang: str) -> None:
    draw, passing = NAMBARZ_DRAW_AND_PASS[lang]
    assert explain_action_verdict(verdict("nambarz-draw"), lang).splitlines() == draw
    assert explain_action_verdict(verdict("nambarz-pass"), lang).splitlines() == passing


def test_the_game_and_quando_actions_are_explained_by_their_tutors() -> None:
    placement, knock = verdict("thegame-wrong-direction"), verdict("quando-knock-too-early")
    assert isinstance(placement, TheGameActionVerdict) and isinstance(knock, QuandoVerdict)
    for lang in SUPPORTED_LANGUAGES:
        assert explain_action_verdict(placement, lang) == tutor.thegame.explain_verdict(placement, lang)
        assert explain_action_verdict(knock, lang) == tutor.quando.explain_verdict(knock, lang)


NMBRS_LAY = {
    "en": [
        "Allowed: place 24, 28 and a joker as 32 at row 1, columns 1 to 3.",
        "  It scores 8 points: 4 doubled (one colour).",
        "  The row 24 28 joker (32) (step +4).",
    ],
    "it": [
        "Va bene: calare 24, 28 e un jolly come 32 in riga 1, colonne da 1 a 3.",
        "  Vale 8 punti: 4 raddoppiato (un solo colore).",
        "  La riga 24 28 jolly (32) (passo +4).",
    ],
    "de": [
        "Erlaubt: 24, 28 und einen Joker als 32 in Zeile 1, Spalten 1 bis 3 legen.",
        "  Das bringt 8 Punkte: 4 verdoppelt (eine Farbe).",
        "  Die Zeile 24 28 Joker (32) (Schritt +4).",
    ],
    "fr": [
        f"C’est permis{NBSP}: poser 24, 28 et un joker valant 32 en ligne 1, colonnes 1 à 3.",
        f"  Il rapporte 8 points{NBSP}: 4 doublé (une seule couleur).",
        "  La ligne 24 28 joker (32) (pas de +4).",
    ],
}


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_a_legal_nmbrs_lay_shows_its_score_and_line_then_the_rulings_every_lay_does_not_share(lang: str) -> None:
    lines = explain_action_verdict(verdict("nmbrs-legal-lay"), lang).splitlines()
    assert lines[:3] == NMBRS_LAY[lang]
    rulings = ("first-sequence-each-round", "joker-value-fixed", "jokers-colourless")
    summaries = [translator(lang, "nmbrs").gettext(NMBRS_RULINGS[ruling].summary) for ruling in rulings]
    assert [line.split(": ", 1)[-1].split(f"{NBSP}: ", 1)[-1] for line in lines[3:]] == [f"{s}." for s in summaries]


NMBRS_SCORES = {
    "nmbrs-swap": {
        "en": "The joker goes back to your hand; a replacement scores nothing.",
        "it": "Il jolly torna nella tua mano; una sostituzione non dà punti.",
        "de": "Der Joker geht zurück auf deine Hand; ein Austausch bringt keine Punkte.",
        "fr": f"Le joker retourne dans ta main{NBSP}; un remplacement ne rapporte rien.",
    },
    "nmbrs-single-card": {
        "en": "It scores 2 points: 1 doubled (one colour).",
        "it": "Vale 2 punti: 1 raddoppiato (un solo colore).",
        "de": "Das bringt 2 Punkte: 1 verdoppelt (eine Farbe).",
        "fr": f"Il rapporte 2 points{NBSP}: 1 doublé (une seule couleur).",
    },
    "nmbrs-all-colours": {
        "en": "It scores 12 points: 6 doubled (all different colours).",
        "it": "Vale 12 punti: 6 raddoppiato (tutti colori diversi).",
        "de": "Das bringt 12 Punkte: 6 verdoppelt (lauter verschiedene Farben).",
        "fr": f"Il rapporte 12 points{NBSP}: 6 doublé (toutes les couleurs différentes).",
    },
}


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
@pytest.mark.parametrize("case", NMBRS_SCORES)
def test_a_legal_nmbrs_play_says_what_it_scores_and_why(case: str, lang: str) -> None:
    assert explain_action_verdict(verdict(case), lang).splitlines()[1] == "  " + NMBRS_SCORES[case][lang]


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_a_legal_nmbrs_play_without_doubling_says_only_its_points(lang: str) -> None:
    judged = verdict("nmbrs-two-colours")
    assert isinstance(judged, NmbrsActionVerdict) and judged.play is not None and judged.play.points
    scored = explain_action_verdict(judged, lang).splitlines()[1]
    assert str(judged.play.points) in scored and "(" not in scored


NMBRS_WRONG_PHASE = {
    "en": [
        "Not allowed now: draw a hidden card. Choose another move.",
        "  Rule 7: a turn is draw, lay, discard, in that order; a declined discard is offered clockwise.",
    ],
    "it": [
        "Adesso non si può: pescare una carta coperta. Scegli un’altra mossa.",
        "  Regola 7: un turno è pescare, calare, scartare, in quest'ordine; uno scarto rifiutato viene offerto "
        "in senso orario.",
    ],
    "de": [
        "Das geht jetzt nicht: eine verdeckte Karte ziehen. Wähle einen anderen Zug.",
        "  Regel 7: ein Zug ist Ziehen, Auslegen, Abwerfen, in dieser Reihenfolge; eine abgelehnte Abwurfkarte "
        "wird im Uhrzeigersinn angeboten.",
    ],
    "fr": [
        f"Pas permis maintenant{NBSP}: piocher une carte cachée. Choisis un autre coup.",
        f"  Règle 7{NBSP}: un tour, c'est piocher, poser, défausser, dans cet ordre{NBSP}; une défausse refusée "
        "est proposée dans le sens des aiguilles d'une montre.",
    ],
}


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_an_nmbrs_action_out_of_turn_order_is_told_by_its_rule_in_other_languages(lang: str) -> None:
    explained = explain_action_verdict(verdict("nmbrs-draw-in-the-wrong-phase"), lang)
    assert explained.splitlines() == NMBRS_WRONG_PHASE[lang]


NMBRS_TAKE = {
    "en": [
        "You take the top discard into your hand; now lay what you can and end your turn.",
    ],
    "it": [
        "Prendi in mano lo scarto in cima; ora cala quello che puoi e chiudi il turno.",
    ],
    "de": [
        "Du nimmst die oberste Abwurfkarte auf die Hand; lege jetzt, was du kannst, und beende deinen Zug.",
    ],
    "fr": [
        f"Tu prends la carte de la défausse{NBSP}; pose ce que tu peux, puis finis ton tour.",
    ],
}


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_a_legal_nmbrs_action_says_what_follows(lang: str) -> None:
    assert explain_action_verdict(verdict("nmbrs-take"), lang).splitlines() == NMBRS_TAKE[lang]


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_an_illegal_nmbrs_play_is_told_from_its_cards_then_refused(lang: str) -> None:
    opening, fault, line, ruling = explain_action_verdict(verdict("nmbrs-not-a-sequence"), lang).splitlines()
    assert opening.endswith(CHOOSE_ANOTHER[lang])
    assert "24 28 39" in fault and RULE_8[lang] in fault and "not-arithmetic" not in fault
    assert "24 28 39" in line
    assert "first-sequence-each-round" not in ruling


CHOOSE_ANOTHER = {
    "en": "Choose another move.",
    "it": "Scegli un’altra mossa.",
    "de": "Wähle einen anderen Zug.",
    "fr": "Choisis un autre coup.",
}
RULE_8 = {"en": "Rule 8:", "it": "Regola 8:", "de": "Regel 8:", "fr": f"Règle 8{NBSP}:"}


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_an_action_after_the_game_says_the_game_is_over(lang: str) -> None:
    over = {
        "en": "The game is over",
        "it": "La partita è finita",
        "de": "Das Spiel ist vorbei",
        "fr": "La partie est finie",
    }
    assert over[lang] in explain_action_verdict(verdict("nmbrs-after-the-game"), lang).splitlines()[0]


@pytest.mark.parametrize(
    ("game", "players", "action"),
    [
        ("thegame", 2, TheGameAction.parse("50>asc1")),
        ("quando", 3, QuandoAction.parse("knock")),
        ("nmbrs", 2, NmbrsAction.parse("draw")),
    ],
)
def test_an_illegal_action_refused_by_apply_is_explained_as_check_gives_it(
    game: str, players: int, action: Any
) -> None:
    state = find_game(game).new_game(players=players, seed=1)
    with pytest.raises(IllegalMoveError) as refused:
        state.apply(action)
    for lang in SUPPORTED_LANGUAGES:
        assert explain_action_verdict(refused.value.verdict, lang) == explain_action_verdict(state.check(action), lang)


def test_a_verdict_that_is_not_an_action_s_is_refused_by_type() -> None:
    tops = {Pile.ASC1: 1, Pile.ASC2: 1, Pile.DESC1: 100, Pile.DESC2: 100}
    play = check_play(Position(tops, (10, 20), draw_pile=10), [Placement.parse("10>asc1")])
    with pytest.raises(TypeError, match="PlayVerdict of thegame"):
        explain_action_verdict(play)
    with pytest.raises(TypeError, match="PlayVerdict of thegame"):
        verdict_document(play, "it")


@pytest.mark.parametrize("case", ["nambarz-draw", "thegame-legal-placement", "nmbrs-end-without-a-discard"])
def test_an_unsupported_language_is_refused(case: str) -> None:
    with pytest.raises(LanguageError):
        explain_action_verdict(verdict(case), "es")
    with pytest.raises(LanguageError):
        verdict_document(verdict(case), "es")


@pytest.mark.parametrize("game", [entry.name for entry in GAMES])
def test_every_action_of_a_seeded_playout_is_explained_in_every_language(game: str) -> None:
    entry = find_game(game)
    state = entry.new_game(players=min(entry.players), seed=3)
    chooser = random.Random(3)
    for _ in range(25):
        if state.is_over:
            break
        action = chooser.choice(state.legal_actions())
        judged = state.apply(action)
        assert judged.legal
        for lang in SUPPORTED_LANGUAGES:
            text = explain_action_verdict(judged, lang)
            if game == "nambarz":
                assert text.startswith(LEGAL_WORDS[lang])
            else:
                assert not leaks(text, lang, game), described(leaks(text, lang, game))


# ----------------------------------------------------------------- documents


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
@pytest.mark.parametrize("case", CASES)
def test_a_document_is_the_verdict_s_json_with_its_violations_and_explanation_in_the_language(
    case: str, lang: str
) -> None:
    judged = verdict(case)
    english = judged.to_dict()
    document = verdict_document(judged, lang)
    assert json.loads(json.dumps(document)) == document
    assert list(document) == [*english, "explanation"]
    assert document["explanation"] == explain_action_verdict(judged, lang)
    assert {key: value for key, value in document.items() if key not in ("violations", "play", "explanation")} == {
        key: value for key, value in english.items() if key not in ("violations", "play")
    }
    told = document["violations"]
    assert [entry["message_en"] for entry in told] == [violation.message for violation in judged.violations]
    assert [{**entry, "message": entry["message_en"]} for entry in told] == [
        {**entry, "message_en": entry["message"]} for entry in english["violations"]
    ]
    if lang == DEFAULT_LANGUAGE:
        assert all(entry["message"] == entry["message_en"] for entry in told)
    else:
        assert all(entry["message"] != entry["message_en"] for entry in told)


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_an_nmbrs_play_s_own_violations_are_told_too(lang: str) -> None:
    document = verdict_document(verdict("nmbrs-not-a-sequence"), lang)
    assert document["play"]["violations"] == document["violations"]
    assert document["play"]["lines"] == verdict("nmbrs-not-a-sequence").to_dict()["play"]["lines"]


def test_the_messages_of_a_document_are_the_explanation_s_reasons() -> None:
    document = verdict_document(verdict("thegame-card-not-held"), "de")
    assert document["violations"][0]["message"] == "die 50 ist nicht in deiner Hand"
    assert "Die 50 ist nicht in deiner Hand" in document["explanation"]
