"""Exercise generation: levels, kinds, answer keys checked against the solver and the referee, and the API."""

from __future__ import annotations

from collections import Counter
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import GameError
from solver.nambarz.hand_solver import solve
from solver.nambarz.referee import check
from solver.nambarz.rules import Domain, Operator, Rules
from tutor import exercises as exercises_module
from tutor.difficulty import Difficulty, calculations_needing
from tutor.exercises import KINDS, LANGUAGES, LEVELS, MAX_COUNT, MAX_REPEATS, Exercise, generate
from tutor.i18n import LanguageError

SEEDS = range(8)


def all_kinds(level: int, seed: int) -> list[Exercise]:
    return generate(level, count=6, seed=seed, kinds=KINDS)


def operators_of(exercise: Exercise) -> set[Operator]:
    if exercise.kind == "cover":
        return {operator for answer in exercise.answers for operator in _chain_of(answer.expression)}
    chain = exercise.play if exercise.play is not None else exercise.puzzle
    assert chain is not None
    return set(chain.operators)


def _chain_of(expression: str) -> tuple[Operator, ...]:
    return tuple(Operator(token) for token in expression.split() if token in "+-*/")


def test_the_same_seed_gives_the_same_exercises() -> None:
    first = generate(5, count=9, seed=42)
    again = generate(5, count=9, seed=42)
    assert first == again
    assert [exercise.to_dict() for exercise in first] == [exercise.to_dict() for exercise in again]


def test_different_seeds_give_different_exercises() -> None:
    assert generate(3, count=5, seed=1) != generate(3, count=5, seed=2)


@pytest.mark.parametrize("seed", range(6))  # seed 0 of level 2 used to repeat exercises
@pytest.mark.parametrize("level", LEVELS)
def test_no_two_exercises_of_one_call_are_the_same(level: int, seed: int) -> None:
    for kinds in [KINDS, *([kind] for kind in KINDS)]:
        exercises = generate(level, count=12, seed=seed, kinds=kinds)
        identities = [exercise.identity for exercise in exercises]
        assert len(set(identities)) == len(identities), (kinds, identities)


def test_an_exercise_like_every_earlier_one_is_refused_after_so_many_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    (only,) = generate(1, count=1, seed=0, kinds=["referee"])
    monkeypatch.setattr(exercises_module, "_referee", lambda *_arguments: only)
    with pytest.raises(GameError, match=f"unlike the 1 drawn before it found in {MAX_REPEATS} draws"):
        generate(1, count=2, seed=0, kinds=["referee"])


def test_kinds_come_in_rotation() -> None:
    exercises = generate(2, count=5, seed=0, kinds=["referee", "cover"])
    assert [exercise.kind for exercise in exercises] == ["referee", "cover", "referee", "cover", "referee"]


@pytest.mark.parametrize("seed", SEEDS)
def test_level_1_uses_only_plus_and_minus_with_two_or_three_cards(seed: int) -> None:
    for exercise in all_kinds(1, seed):
        assert exercise.ops == "+-"
        assert operators_of(exercise) <= {Operator.ADD, Operator.SUBTRACT}
        assert all(2 <= len(answer.cards) <= 3 for answer in exercise.answers if exercise.kind != "missing-card")
        assert exercise.difficulty.cards in (2, 3)


@pytest.mark.parametrize("seed", SEEDS)
def test_level_2_adds_multiplication_and_needs_it(seed: int) -> None:
    for exercise in all_kinds(2, seed):
        assert exercise.ops == "+-*"
        assert exercise.difficulty.cards in (2, 3)
        if exercise.kind == "cover":
            assert calculations_needing(solve(exercise.top, exercise.hand, exercise.rules), Operator.MULTIPLY)
        else:
            assert Operator.MULTIPLY in operators_of(exercise)


@pytest.mark.parametrize("seed", SEEDS)
def test_level_3_needs_division(seed: int) -> None:
    for exercise in all_kinds(3, seed):
        assert exercise.ops == "+-*/"
        assert exercise.difficulty.needs_division
        assert exercise.difficulty.cards in (2, 3)
        if exercise.kind == "cover":
            assert calculations_needing(solve(exercise.top, exercise.hand, exercise.rules), Operator.DIVIDE)


@pytest.mark.parametrize("seed", SEEDS)
def test_level_4_shows_master_strokes(seed: int) -> None:
    for exercise in all_kinds(4, seed):
        assert exercise.difficulty.cards >= 4
        if exercise.kind == "referee":
            assert exercise.play is not None and len(exercise.play) >= 4
        if exercise.kind == "missing-card":
            assert exercise.puzzle is not None and len(exercise.puzzle.known) >= 4


@pytest.mark.parametrize("seed", SEEDS)
def test_level_5_referee_exercises_are_traps_that_reach_the_top_card(seed: int) -> None:
    for exercise in generate(5, count=4, seed=seed, kinds=["referee"]):
        (answer,) = exercise.answers
        assert answer.verdict is not None
        assert answer.verdict.value == exercise.top.value
        assert answer.verdict.codes in (["not-minimal"], ["matching-card-in-calculation"])


@pytest.mark.parametrize("level", LEVELS)
def test_cover_answer_keys_are_the_solvers_complete_set(level: int) -> None:
    for exercise in generate(level, count=6, seed=level, kinds=["cover"]):
        solution = solve(exercise.top, exercise.hand, exercise.rules)
        expected = Counter(tuple(sorted(calculation.cards)) for calculation in solution.calculations)
        assert Counter(tuple(sorted(answer.cards)) for answer in exercise.answers) == expected
        assert exercise.difficulty == Difficulty.of_solution(solution)


@pytest.mark.parametrize("level", LEVELS)
def test_missing_card_answers_are_legal_for_the_referee(level: int) -> None:
    for exercise in generate(level, count=6, seed=level, kinds=["missing-card"]):
        assert exercise.puzzle is not None and exercise.answers
        for answer in exercise.answers:
            (card,) = answer.cards
            filled = exercise.puzzle.filled(card)
            assert str(filled) == answer.expression
            assert check(exercise.top, filled, exercise.rules).legal


@pytest.mark.parametrize("level", LEVELS)
def test_referee_answers_are_the_referees_verdict(level: int) -> None:
    for exercise in generate(level, count=6, seed=level, kinds=["referee"]):
        assert exercise.play is not None
        (answer,) = exercise.answers
        assert answer.verdict == check(exercise.top, exercise.play, exercise.rules)


def test_exercise_json_has_the_documented_fields() -> None:
    cover, puzzle, referee = (exercise.to_dict() for exercise in generate(3, count=3, seed=7))
    assert list(cover) == ["kind", "level", "top", "hand", "ops", "domain", "prompt", "answers", "difficulty"]
    assert set(cover["answers"][0]) == {"cards", "expression"}
    assert set(cover["difficulty"]) == {"solutions", "needs_division", "largest_intermediate", "cards", "score"}
    assert "?" in puzzle["puzzle"]
    assert referee["answers"][0]["verdict"]["game"] == "nambarz"


def test_the_difficulty_score_adds_one_point_per_feature_step() -> None:
    assert Difficulty(solutions=1, needs_division=False, largest_intermediate=9, cards=2).score == 1
    assert Difficulty(solutions=9, needs_division=True, largest_intermediate=40, cards=5).score == 4 + 2 + 4 + 3
    assert Difficulty(solutions=1, needs_division=False, largest_intermediate=980, cards=4).score == 3 + 5


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"level": 0}, "level must be one of 1, 2, 3, 4, 5, not 0"),
        ({"count": 0}, f"count must be a whole number from 1 to {MAX_COUNT}, not 0"),
        ({"count": MAX_COUNT + 1}, f"count must be a whole number from 1 to {MAX_COUNT}"),
        ({"seed": "7"}, "seed must be a whole number, not '7'"),
        ({"kinds": []}, "kinds must be a non-empty list"),
        ({"kinds": ["cover", "quiz"]}, "unknown exercise kind 'quiz'"),
        ({"level": 3, "rules": Rules.parse("natural", "+-")}, "level 3 needs the operators '+-*/'"),
    ],
)
def test_bad_arguments_are_refused_naming_the_argument(arguments: dict[str, Any], message: str) -> None:
    call: dict[str, Any] = {"level": 1, "count": 1, "seed": 0} | arguments
    with pytest.raises(GameError, match=message.replace("(", r"\(").replace("+", r"\+").replace("*", r"\*")):
        generate(**call)


def test_the_rules_set_the_domain() -> None:
    (exercise,) = generate(1, count=1, seed=3, kinds=["cover"], rules=Rules.parse("integer"))
    assert exercise.rules == Rules(Domain.INTEGER, "+-")
    assert exercise.to_dict()["domain"] == "integer"


@settings(max_examples=25, deadline=None)
@given(level=st.sampled_from(LEVELS), seed=st.integers(0, 2**32), kind=st.sampled_from(KINDS))
def test_every_generated_exercise_is_verified_and_reproducible(level: int, seed: int, kind: str) -> None:
    (exercise,) = generate(level, count=1, seed=seed, kinds=[kind])
    assert exercise.answers
    assert set(exercise.ops) <= set("+-*/")
    assert operators_of(exercise) <= {Operator(sign) for sign in exercise.ops}
    assert exercise.difficulty.score >= 1
    assert generate(level, count=1, seed=seed, kinds=[kind]) == [exercise]


def test_the_api_answers_the_generated_exercises(client: FlaskClient) -> None:
    body = {"count": 12, "level": 3, "seed": 7, "rules": "natural", "kinds": ["cover"], "lang": "en"}
    response = client.post("/api/v1/tutor/exercises", json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    exercises = response.get_json()["exercises"]
    expected = [exercise.to_dict() for exercise in generate(3, count=12, seed=7, kinds=["cover"])]
    assert exercises == expected
    assert all(exercise["ops"] == "+-*/" and exercise["answers"] for exercise in exercises)


def test_the_api_defaults_to_every_kind_in_english(client: FlaskClient) -> None:
    response = client.post("/api/v1/tutor/exercises", json={"count": 3})
    assert response.status_code == 200
    assert [exercise["kind"] for exercise in response.get_json()["exercises"]] == list(KINDS)


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"lang": "es"}, "lang", "supported languages: en, it, de, fr"),
        ({"count": 0}, "count", "expected a count from 1 to 50"),
        ({"count": 51}, "count", "expected a count from 1 to 50"),
        ({"level": 6}, "level", "expected a level from 1 to 5"),
        ({"seed": "7"}, "seed", "Not a valid integer"),
        ({"rules": "real"}, "rules", "unknown arithmetic domain 'real'"),
        ({"kinds": ["quiz"]}, "kinds", "expected one of cover, missing-card, referee"),
        ({"kinds": []}, "kinds", "expected at least one kind"),
    ],
)
def test_the_api_refuses_bad_input_with_422_naming_the_field(
    client: FlaskClient, body: dict[str, Any], field: str, message: str
) -> None:
    response = client.post("/api/v1/tutor/exercises", json=body)
    assert response.status_code == 422, response.get_data(as_text=True)
    errors = response.get_json()["errors"]["json"]
    assert field in errors
    assert message in str(errors[field])


# --------------------------------------------------------------------------- prompts in every language

NBSP = "\u00a0"

PROMPTS_IN_EVERY_LANGUAGE = {
    "cover": {
        "en": (
            "The top card is 9 hen. Your hand: 8, 1 turtle, 2 owl, 3 bee. Using only + − ×, find every legal "
            "calculation that covers the top card."
        ),
        "it": (
            "La carta in cima è 9 gallina. La tua mano: 8, 1 tartaruga, 2 gufo, 3 ape. Usando solo + − ×, "
            "trova tutti i calcoli validi che coprono la carta in cima."
        ),
        "de": (
            "Die oberste Karte ist 9 Huhn. Deine Hand: 8, 1 Schildkröte, 2 Eule, 3 Biene. Finde nur mit + − "
            "× alle gültigen Rechnungen, die die oberste Karte abdecken."
        ),
        "fr": (
            f"La carte du dessus est 9 poule. Ta main{NBSP}: 8, 1 tortue, 2 hibou, 3 abeille. Avec seulement + − "
            "×, trouve tous les calculs valables qui couvrent la carte du dessus."
        ),
    },
    "missing-card": {
        "en": (
            "The top card is 9 hen. Which card goes in the blank of 2 owl + □ × 3 bee to make a legal "
            "calculation with + − ×?"
        ),
        "it": (
            "La carta in cima è 9 gallina. Quale carta va nello spazio vuoto di 2 gufo + □ × 3 ape per avere "
            "un calcolo valido con + − ×?"
        ),
        "de": (
            "Die oberste Karte ist 9 Huhn. Welche Karte gehört in die Lücke von 2 Eule + □ × 3 Biene, damit "
            "mit + − × eine gültige Rechnung entsteht?"
        ),
        "fr": (
            "La carte du dessus est 9 poule. Quelle carte va dans la case vide de 2 hibou + □ × 3 abeille "
            f"pour faire un calcul valable avec + − ×{NBSP}?"
        ),
    },
    "referee": {
        "en": (
            "The top card is 2 owl. A player lays 10 − 1 × 8 with + − × allowed. Is the play legal? If not, "
            "which rule does it break and what happens to the cards?"
        ),
        "it": (
            "La carta in cima è 2 gufo. Un giocatore cala 10 − 1 × 8 e sono ammessi + − ×. La giocata è "
            "valida? Se non lo è, quale regola infrange e che cosa succede alle carte?"
        ),
        "de": (
            "Die oberste Karte ist 2 Eule. Ein Spieler legt 10 − 1 × 8, erlaubt sind + − ×. Ist der Zug "
            "gültig? Wenn nicht: Gegen welche Regel verstößt er, und was passiert mit den Karten?"
        ),
        "fr": (
            "La carte du dessus est 2 hibou. Un joueur pose 10 − 1 × 8, avec + − × autorisés. Ce coup est-il "
            f"valable{NBSP}? Sinon, quelle règle enfreint-il et que deviennent les cartes{NBSP}?"
        ),
    },
}
"""The prompt of the first level 2 exercise of each kind drawn from seed 3, in every language: cards named as a reader
of the language names them, calculations as laid in school notation, a box for the missing card."""


def without_prompts(exercises: list[Exercise]) -> list[dict[str, Any]]:
    return [{**exercise.to_dict(), "prompt": None} for exercise in exercises]


def test_the_template_lists_every_prompt_the_exercises_module_translates() -> None:
    with (files("tutor") / "locale" / "tutor.pot").open("rb") as template_file:
        template = {message.id for message in read_po(template_file) if message.id}
    exercises_module = Path(str(files("tutor") / "exercises.py"))
    prompts = {message for _line, message, _comments, _context in extract_from_file("python", exercises_module)}
    assert len(prompts) == len(KINDS)
    assert prompts <= template


def test_exercises_come_in_every_language_of_the_tutor() -> None:
    assert LANGUAGES == ("en", "it", "de", "fr")


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_gives_the_same_exercises_in_every_language_except_the_prompt(level: int) -> None:
    english = generate(level, count=3, seed=level, kinds=KINDS)
    for lang in LANGUAGES[1:]:
        translated = generate(level, count=3, seed=level, kinds=KINDS, lang=lang)
        assert without_prompts(translated) == without_prompts(english)
        assert all(ours.prompt != theirs.prompt for ours, theirs in zip(translated, english, strict=True))


@pytest.mark.parametrize(("kind", "lang"), [(kind, lang) for kind in KINDS for lang in LANGUAGES])
def test_a_prompt_reads_naturally_in_every_language(kind: str, lang: str) -> None:
    (exercise,) = generate(2, count=1, seed=3, kinds=[kind], lang=lang)
    assert exercise.prompt == PROMPTS_IN_EVERY_LANGUAGE[kind][lang]


def test_english_is_the_default_language_of_the_prompts() -> None:
    assert generate(4, count=3, seed=5) == generate(4, count=3, seed=5, lang="en")


@pytest.mark.parametrize("lang", ["es", "IT", "", "english"])
def test_exercises_in_an_unsupported_language_are_refused_naming_it(lang: str) -> None:
    with pytest.raises(LanguageError, match=f"language {lang!r} is not supported; expected one of en, it, de, fr"):
        generate(1, count=1, seed=0, lang=lang)


def test_the_api_writes_the_prompts_in_the_language_asked_for(client: FlaskClient) -> None:
    body = {"count": 3, "level": 2, "seed": 3, "kinds": ["referee"], "lang": "it"}
    response = client.post("/api/v1/tutor/exercises", json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    exercises = response.get_json()["exercises"]
    assert exercises[0]["prompt"] == PROMPTS_IN_EVERY_LANGUAGE["referee"]["it"]
    expected = generate(2, count=3, seed=3, kinds=["referee"], lang="it")
    assert [exercise["prompt"] for exercise in exercises] == [exercise.prompt for exercise in expected]


@pytest.mark.parametrize("lang", ["es", "IT", "", None, 3])
def test_the_api_refuses_an_unsupported_prompt_language_with_a_422_naming_lang(
    client: FlaskClient, lang: object
) -> None:
    response = client.post("/api/v1/tutor/exercises", json={"count": 1, "lang": lang})
    assert response.status_code == 422, response.get_data(as_text=True)
    assert set(response.get_json()["errors"]["json"]) == {"lang"}
