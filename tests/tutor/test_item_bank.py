"""The practice item bank: the file and its recipe agree, and every item can be drawn again."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import asdict

import pytest

from solver.errors import NambarzError
from tutor.item_bank import (
    BANK_PATH,
    OPERATOR_SETS,
    RECIPES,
    SKILLS,
    Item,
    bank,
    build_bank,
    exercise,
    item_id,
    items_for,
    prior_difficulty,
    time_limit,
)

ITEMS = list(bank().values())


def test_the_bank_file_is_what_its_recipe_builds() -> None:
    assert json.loads(BANK_PATH.read_text(encoding="utf-8")) == [asdict(item) for item in build_bank()]


def test_item_ids_are_unique_and_name_their_recipe() -> None:
    documents = json.loads(BANK_PATH.read_text(encoding="utf-8"))
    assert len({document["id"] for document in documents}) == len(documents) == len(bank())
    assert all(item.id == item_id(item.kind, item.level, item.seed) for item in ITEMS)


def test_every_skill_has_the_items_its_recipe_asks_for() -> None:
    counts = Counter(item.skill for item in ITEMS)
    assert set(counts) == set(SKILLS)
    for skill, (_kind, levels, per_level) in RECIPES.items():
        assert counts[skill] == len(levels) * per_level


@pytest.mark.parametrize("item", ITEMS, ids=[item.id for item in ITEMS])
def test_every_item_regenerates_with_its_features(item: Item) -> None:
    drawn = exercise(item)
    assert drawn.kind == item.kind
    assert drawn.ops == item.operators
    assert drawn.difficulty.score == item.score
    assert item.prior == prior_difficulty(item.kind, item.score)
    assert item.seconds == time_limit(item.score)
    assert exercise(item, "fr").identity == drawn.identity


def test_the_operator_sets_nest() -> None:
    smaller, middle, everything = (set(items_for(operators)) for operators in OPERATOR_SETS)
    assert smaller < middle < everything == set(ITEMS)
    assert all(set(item.operators) <= set("+-") for item in smaller)


def test_unknown_operators_are_refused() -> None:
    with pytest.raises(NambarzError, match="operators must be one of"):
        items_for("*/")
