"""The verdict base every game's verdict class shares, and what it gives them alike."""

from __future__ import annotations

import pytest

from solver.nambarz import Card, Chain, check
from solver.nambarz.referee import Verdict as NambarzVerdict
from solver.nambarz.turn import TurnVerdict
from solver.nmbrs.referee import LayVerdict, PlayVerdict
from solver.nmbrs.sequences import SequenceVerdict, judge_sequence, parse_sequence
from solver.nmbrs.state import ActionVerdict as NmbrsActionVerdict
from solver.quando.referee import Verdict as QuandoVerdict
from solver.thegame.referee import PlayVerdict as TheGamePlayVerdict
from solver.thegame.state import ActionVerdict as TheGameActionVerdict
from solver.verdicts import BaseVerdict

VERDICT_CLASSES = {
    NambarzVerdict: "nambarz",
    TheGamePlayVerdict: "thegame",
    TheGameActionVerdict: "thegame",
    QuandoVerdict: "quando",
    PlayVerdict: "nmbrs",
    LayVerdict: "nmbrs",
    SequenceVerdict: "nmbrs",
    NmbrsActionVerdict: "nmbrs",
}


@pytest.mark.parametrize("verdict_class", VERDICT_CLASSES, ids=lambda cls: f"{cls.__module__}.{cls.__name__}")
def test_every_verdict_class_of_the_four_games_shares_the_base_and_names_its_game(
    verdict_class: type[BaseVerdict],
) -> None:
    assert issubclass(verdict_class, BaseVerdict)
    assert verdict_class.game == VERDICT_CLASSES[verdict_class]


def test_a_turn_verdict_gathers_base_verdicts_but_keeps_its_own_numbered_json() -> None:
    assert not issubclass(TurnVerdict, BaseVerdict)


def test_a_verdict_is_legal_exactly_when_it_lists_no_violation_and_gives_the_codes_in_order() -> None:
    illegal = check(Card.parse("3bee"), Chain.parse("6 + 5 + 2 - 10"))
    assert (illegal.legal, illegal.codes) == (False, ["not-minimal"])
    assert judge_sequence(parse_sequence("J 25 J")).legal


def test_the_json_form_opens_with_the_game_and_closes_with_the_rulings() -> None:
    document = judge_sequence(parse_sequence("14 20 26")).to_dict()
    assert list(document)[:3] == ["game", "legal", "violations"]
    assert list(document)[-1] == "rulings"
    nambarz = check(Card.parse("3"), Chain.parse("1 + 2")).to_dict()
    assert list(nambarz)[:5] == ["game", "top", "play", "rules", "legal"]
