"""A game's review in words: every mark of every game in every language, the JSON form and its refusals."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.pofile import read_po

from solver.errors import GameError
from solver.games import find_game
from solver.nambarz.bots import make_bot as nambarz_bot
from solver.nmbrs.bots import make_bot as nmbrs_bot
from solver.quando.bots import make_bot as quando_bot
from solver.review import Mark, ReviewTotals, TurnReview
from solver.thegame.bots import make_bot as thegame_bot
from tests.paths import REPOSITORY
from tutor.i18n import SUPPORTED_LANGUAGES, LanguageError
from tutor.review import explain_turn, review, summary, turn_judgement, turn_label

NBSP = "\u00a0"


def turn(
    played: tuple[str, ...], best: tuple[str, ...], mark: Mark, measures: dict[str, Any], **details: Any
) -> TurnReview:
    """A reviewed turn whose measures are ``measures`` for the turn played and, with ``best_`` keys, for the best."""
    mine = {key: value for key, value in measures.items() if not key.startswith("best_")}
    best_measures = {key[5:]: value for key, value in measures.items() if key.startswith("best_")}
    return TurnReview(1, (1,), played, best, mine, best_measures, mark, {}, details)


NAMBARZ_DETAILS = {"top_after": "3bee", "violations": [], "after_draw": False}
NAMBARZ = {
    "best-same": turn(
        ("9 - 6", "pass"),
        ("9 - 6", "pass"),
        Mark.BEST,
        {"cards": 2, "master_points": 0, "answers": 9},
        **NAMBARZ_DETAILS,
    ),
    "best-other": turn(
        ("6 - 3bee", "pass"),
        ("9 - 6", "pass"),
        Mark.BEST,
        {"cards": 2, "master_points": 0, "answers": 9},
        **NAMBARZ_DETAILS,
    ),
    "good": turn(
        ("6 - 3bee", "pass"),
        ("9 - 6", "pass"),
        Mark.GOOD,
        {"cards": 2, "master_points": 0, "answers": 12, "best_cards": 2, "best_master_points": 0, "best_answers": 9},
        **NAMBARZ_DETAILS,
    ),
    "lost-cards": turn(
        ("draw", "3bee", "pass"),
        ("draw", "9 - 6", "Jreplay", "draw"),
        Mark.LOST_CARDS,
        {"cards": 1, "master_points": 0, "answers": 9, "best_cards": 2, "best_master_points": 0, "best_answers": 9},
        **{**NAMBARZ_DETAILS, "after_draw": True},
    ),
    "lost-points": turn(
        ("7 - 2", "Jreplay", "6 / 3", "pass"),
        ("Jreplay", "7 + 7 - 6 - 3", "pass"),
        Mark.LOST_POINTS,
        {"cards": 5, "master_points": 0, "answers": 11, "best_cards": 5, "best_master_points": 7, "best_answers": 11},
        **NAMBARZ_DETAILS,
    ),
    "penalised": turn(
        ("2 * 3hippo",),
        ("4 + 2", "pass"),
        Mark.PENALISED,
        {"cards": -3, "master_points": 0, "answers": 12, "best_cards": 2, "best_master_points": 0, "best_answers": 9},
        **{**NAMBARZ_DETAILS, "violations": ["mixed-kinds"]},
    ),
    "unreviewed": turn(
        ("9 - 6", "pass"), (), Mark.UNREVIEWED, {"cards": 2, "master_points": 0, "answers": 9}, **NAMBARZ_DETAILS
    ),
}
THEGAME_MEASURES = {"cards": 2, "gap": 9, "best_cards": 3, "best_gap": 2}
THEGAME = {
    "best-same": turn(("20>asc1", "30>asc1", "end"), ("20>asc1", "30>asc1", "end"), Mark.BEST, THEGAME_MEASURES),
    "best-other": turn(("20>asc1", "30>asc1", "end"), ("20>asc1", "end"), Mark.BEST, THEGAME_MEASURES),
    "good": turn(("30>asc1", "45>asc1", "end"), ("20>asc1", "30>asc1", "end"), Mark.GOOD, THEGAME_MEASURES),
    "wider-gap": turn(("99>asc2", "20>asc1", "end"), ("20>asc1", "30>asc1", "end"), Mark.WIDER_GAP, THEGAME_MEASURES),
    "lost-cards": turn(("20>asc1", "end"), ("20>asc1", "30>asc1", "45>asc1", "end"), Mark.LOST_CARDS, THEGAME_MEASURES),
    "stuck": turn(
        ("25>asc1",),
        ("20>asc1", "25>asc1", "end"),
        Mark.LOST_CARDS,
        THEGAME_MEASURES,
        lost_game=True,
        ending="stuck-below-minimum",
    ),
    "fire": turn(
        ("25>asc1", "end"),
        ("23>asc1", "end"),
        Mark.LOST_CARDS,
        THEGAME_MEASURES,
        lost_game=True,
        ending="fire-uncovered",
    ),
}
QUANDO_MEASURES = {"expected_sum": 31.2, "best_expected_sum": 29.0}
QUANDO = {
    "best-same": turn(
        ("play 10 10", "take visible"), ("play 10 10", "take visible"), Mark.BEST, QUANDO_MEASURES, hand_sum=40
    ),
    "best-other": turn(
        ("play 8 9 10", "take hidden"), ("play 8 9 10", "take visible"), Mark.BEST, QUANDO_MEASURES, hand_sum=40
    ),
    "good": turn(
        ("play 6 7 8", "take hidden"), ("play 6 7 8", "take visible"), Mark.GOOD, QUANDO_MEASURES, hand_sum=40
    ),
    "higher-sum": turn(("knock",), ("play 4 4", "take hidden"), Mark.HIGHER_SUM, QUANDO_MEASURES, hand_sum=40),
    "knock-best": turn(("play 1 2 3", "take visible"), ("knock",), Mark.HIGHER_SUM, QUANDO_MEASURES, hand_sum=40),
}
NMBRS = {
    "best": turn(
        ("take", "lay 47@0,0 J=60@0,1 73@0,2 86@0,3", "discard 95"),
        ("take", "lay 47@0,0 J=60@0,1 73@0,2 86@0,3", "discard 95"),
        Mark.BEST,
        {"points": 16, "cards": 4, "best_points": 16, "best_cards": 4},
    ),
    "best-nothing": turn(
        ("decline", "draw", "discard 95"),
        ("decline", "draw", "discard 95"),
        Mark.BEST,
        {"points": 0, "cards": 0, "best_points": 0, "best_cards": 0},
    ),
    "lost-points": turn(
        ("take", "lay 73@0,0 78@0,1 J=83@0,2", "discard 86"),
        ("take", "lay 47@0,0 J=60@0,1 73@0,2 86@0,3", "discard 95"),
        Mark.LOST_POINTS,
        {"points": 1, "cards": 3, "best_points": 16, "best_cards": 4},
    ),
}
TURNS = {"nambarz": NAMBARZ, "thegame": THEGAME, "quando": QUANDO, "nmbrs": NMBRS}
CASES = [(game, name) for game, cases in TURNS.items() for name in cases]
MARKS_USED = {
    "nambarz": {"best", "good", "lost-cards", "lost-points", "penalised", "unreviewed"},
    "thegame": {"best", "good", "lost-cards", "wider-gap"},
    "quando": {"best", "good", "higher-sum"},
    "nmbrs": {"best", "lost-points"},
}


def test_the_cases_cover_every_mark_each_game_gives_and_every_mark_is_given_by_some_game() -> None:
    for game, cases in TURNS.items():
        assert {case.mark.value for case in cases.values()} == MARKS_USED[game]
    assert set().union(*MARKS_USED.values()) == {mark.value for mark in Mark}


def check_language(text: str, language: str) -> None:
    """No placeholder left; in French, a no-break space before : ? and ! (" ; " also separates plays in notation)."""
    assert text and "%(" not in text
    if language == "fr":
        assert not re.search(r"[^\u00a0][:?!](\s|$)", text), text


REVIEW_MODULES = ["review.py", "text.py", *(f"{game}_review.py" for game in TURNS)]
"""The modules that write the reviews' sentences: the shared ones (tutor/review.py and tutor/text.py), each game's."""


def review_sentences() -> list[str]:
    """The English sentences of the reviews' modules, as the catalogs list them."""
    found = [
        message
        for module in REVIEW_MODULES
        for _line, message, *_ in extract_from_file("python", REPOSITORY / "tutor" / module, DEFAULT_KEYWORDS)
    ]
    return [message if isinstance(message, str) else message[0] for message in found]


def test_the_french_sentences_put_a_no_break_space_before_every_colon_semicolon_and_mark() -> None:
    with (REPOSITORY / "tutor/locale/fr/LC_MESSAGES/tutor.po").open("rb") as po_file:
        catalog = read_po(po_file)
    for sentence in review_sentences():
        message = catalog.get(sentence)
        assert message is not None and message.string, sentence
        for translated in [message.string] if isinstance(message.string, str) else message.string:
            assert not re.search(r"[^\u00a0][:;?!](\s|$)", translated), translated


@pytest.mark.parametrize("language", SUPPORTED_LANGUAGES)
@pytest.mark.parametrize(("game", "case"), CASES, ids=[f"{game}-{case}" for game, case in CASES])
def test_every_mark_of_every_game_is_put_into_words_in_every_language(game: str, case: str, language: str) -> None:
    text = explain_turn(game, TURNS[game][case], language)
    check_language(text, language)
    english = explain_turn(game, TURNS[game][case], "en")
    if language != "en":
        assert text != english
        assert not re.search(r"\b(You|planner|strong bot|greedy|the hint)\b", text), text


def test_the_words_name_the_better_turn_in_words_and_praise_only_the_best_and_the_good() -> None:
    words = explain_turn("nambarz", NAMBARZ["lost-points"], "en")
    assert "replay joker ; 7 + 7 − 6 − 3 = 5" in words and "won 0 master-stroke points" in words
    assert "*" not in words and "/" not in words
    assert "2 ippopotamo" not in explain_turn("nambarz", NAMBARZ["penalised"], "en")
    penalised = explain_turn("nambarz", NAMBARZ["penalised"], "de")
    assert "mixed-kinds" not in penalised and "Symbolkarten oder nur Figurenkarten" in penalised
    assert "3 Karten gezogen" in penalised
    assert explain_turn("nambarz", NAMBARZ["lost-cards"], "en").startswith(
        "Nothing was playable, so you drew a card first. You shed 1 card; the best turn shed 2."
    )
    assert "replay joker ; draw" in explain_turn("nambarz", NAMBARZ["lost-cards"], "en")
    assert "Nochmal-Joker ; ziehen" in explain_turn("nambarz", NAMBARZ["lost-cards"], "de")
    assert "20 sur la première pile montante, 30 sur la première pile montante" in explain_turn(
        "thegame", THEGAME["wider-gap"], "fr"
    )
    assert "poser 47, un joker valant 60, 73 et 86 en ligne" in explain_turn("nmbrs", NMBRS["lost-points"], "fr")
    for game, cases in TURNS.items():
        for case in cases.values():
            label = turn_label(game, case, "en")
            praise = label.startswith(("The best", "Good")) or turn_judgement(game, case, "en").startswith(
                ("Well done", "Good")
            )
            assert praise == (case.mark in (Mark.BEST, Mark.GOOD)), (game, case, label)


def test_quando_says_how_far_the_points_in_hand_went_down_on_average_for_a_hidden_side() -> None:
    measures = {"expected_sum": 38.3, "best_expected_sum": 35.0}
    hidden = turn(("play 7", "take hidden"), ("play 7", "take visible"), Mark.HIGHER_SUM, measures, hand_sum=40)
    assert turn_judgement("quando", hidden, "en") == (
        "The points in your hand went down by 1.7 on average. The best choice would have lowered them by 5."
    )
    assert "1,7" in turn_judgement("quando", hidden, "de") and "en moyenne" in turn_judgement("quando", hidden, "fr")


TOTALS = {
    "nambarz": ReviewTotals(
        5,
        1,
        {Mark.BEST: 1, Mark.LOST_CARDS: 1, Mark.LOST_POINTS: 1, Mark.PENALISED: 1, Mark.UNREVIEWED: 1},
        {"cards": 6, "master_points": 7},
    ),
    "thegame": ReviewTotals(3, 1, {Mark.BEST: 1, Mark.WIDER_GAP: 1, Mark.LOST_CARDS: 1}, {"cards": 2, "gap": 12}),
    "quando": ReviewTotals(2, 1, {Mark.BEST: 1, Mark.HIGHER_SUM: 1}, {"expected_sum": 2.2}),
    "nmbrs": ReviewTotals(2, 1, {Mark.BEST: 1, Mark.LOST_POINTS: 1}, {"points": 1}),
}


@pytest.mark.parametrize("language", SUPPORTED_LANGUAGES)
@pytest.mark.parametrize("game", list(TOTALS))
def test_every_summary_is_put_into_words_in_every_language(game: str, language: str) -> None:
    text = summary(game, TOTALS[game], language)
    check_language(text, language)
    sentences = {"nambarz": 3, "thegame": 3, "quando": 2, "nmbrs": 2}[game]
    assert len(re.findall(r"\.(\s|$)", text)) == sentences, text
    assert summary(game, ReviewTotals(0, 0, {}, {}), language) != summary(game, TOTALS[game], language)
    assert len(re.findall(r"\.(\s|$)", summary(game, ReviewTotals(2, 2, {Mark.BEST: 2}, {}), language))) == 1


def test_the_summary_counts_the_turns_by_how_they_went() -> None:
    assert summary("quando", TOTALS["quando"], "en") == (
        "You played 2 turns: 1 was the best turn and 1 kept more points in your hand than it had to. "
        "In all your hand kept about 2.2 points more than the best choices would have left."
    )
    assert summary("nambarz", TOTALS["nambarz"], "en").startswith(
        "You played 5 turns: 1 was the best turn, 1 shed fewer cards than it could have, 1 won fewer master-stroke "
        "points than it could have, 1 had a penalty and 1 could not be compared."
    )
    assert summary("nmbrs", ReviewTotals(0, 0, {}, {}), "en") == "No completed turn to review yet."
    assert "1 point fewer" in summary("nmbrs", TOTALS["nmbrs"], "en")


def played_game(game: str, kinds: tuple[str, str], seed: int) -> tuple[Any, list[tuple[int, str]]]:
    """A fresh state and the actions of a two-player game of bots of ``kinds``, stopped after 60 actions."""
    makers: dict[str, Callable[[str, int], Any]] = {
        "nambarz": lambda kind, seat: nambarz_bot(kind, seed=seat),
        "thegame": lambda kind, seat: thegame_bot(kind),
        "quando": lambda kind, seat: quando_bot(kind, seed=seat),
        "nmbrs": lambda kind, seat: nmbrs_bot(kind, seed=seat),
    }
    players = [makers[game](kind, seat) for seat, kind in enumerate(kinds)]
    state = find_game(game).new_game(players=2, seed=seed)
    actions: list[tuple[int, str]] = []
    while not state.is_over and len(actions) < 60:
        seat = state.to_move
        assert seat is not None
        action = players[seat].choose(state)
        state.apply(action)
        actions.append((seat, str(action)))
    return find_game(game).new_game(players=2, seed=seed), actions


GAMES = {
    "nambarz": ("planner", "careless"),
    "thegame": ("strong", "naive"),
    "quando": ("strong", "random"),
    "nmbrs": ("greedy", "random"),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_a_review_is_json_ready_with_an_explanation_for_every_turn(game: str) -> None:
    state, actions = played_game(game, GAMES[game], seed=3)
    document_before = state.to_dict()
    document = review(game, state, actions, 1, "fr")
    assert state.to_dict() == document_before
    assert json.loads(json.dumps(document)) == document
    assert list(document) == ["game", "seat", "language", "turns", "totals", "summary"]
    assert (document["game"], document["seat"], document["language"]) == (game, 1, "fr")
    assert document["turns"] and document["totals"]["turns"] == len(document["turns"])
    assert [turn["player_turn"] for turn in document["turns"]] == list(range(1, len(document["turns"]) + 1))
    assert [turn["turn"] for turn in document["turns"]] != [turn["player_turn"] for turn in document["turns"]]
    for reviewed in document["turns"]:
        assert set(reviewed) == {
            "turn",
            "player_turn",
            "actions",
            "played",
            "best",
            "measures",
            "best_measures",
            "mark",
            "lost",
            "details",
            "explanation",
        }
        assert reviewed["mark"] in MARKS_USED[game]
        check_language(reviewed["explanation"], "fr")
    check_language(document["summary"], "fr")


def test_a_review_refuses_an_unknown_game_a_state_of_another_game_and_an_unknown_language() -> None:
    state = find_game("quando").new_game(players=2, seed=2)
    with pytest.raises(GameError, match="unknown game 'chess'"):
        review("chess", state, [], 0, "en")
    with pytest.raises(GameError, match="a nmbrs review needs a nmbrs state, not State"):
        review("nmbrs", state, [], 0, "en")
    with pytest.raises(LanguageError, match="'es'"):
        review("quando", state, [], 0, "es")
    with pytest.raises(GameError, match="seat 5"):
        review("quando", state, [], 5, "en")


def test_a_review_with_no_completed_turn_says_so() -> None:
    state = find_game("quando").new_game(players=2, seed=2)
    document = review("quando", state, [(0, "play 10 10")], 0, "it")
    assert document["turns"] == [] and document["totals"] == {"turns": 0, "best": 0, "marks": {}, "lost": {}}
    assert document["summary"] == "Ancora nessun turno completo da rivedere."


def test_a_turn_that_only_draws_and_passes_is_said_so() -> None:
    details = {**NAMBARZ_DETAILS, "after_draw": True}
    measures = {
        "cards": 0,
        "master_points": 0,
        "answers": 9,
        "best_cards": 1,
        "best_master_points": 0,
        "best_answers": 9,
    }
    kept = turn(("draw", "pass"), ("draw", "3bee", "pass"), Mark.LOST_CARDS, measures, **details)
    assert explain_turn("nambarz", kept, "en") == (
        "Nothing was playable, so you drew a card first. "
        "You passed without playing; the best turn shed 1. The best turn: 3 bee."
    )
    passed = turn(("draw", "pass"), ("draw", "pass"), Mark.BEST, measures, **details)
    for language in SUPPORTED_LANGUAGES:
        check_language(explain_turn("nambarz", kept, language), language)
        check_language(explain_turn("nambarz", passed, language), language)
    assert explain_turn("nambarz", passed, "it").endswith("quindi passare era giusto.")
