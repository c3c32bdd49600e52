"""The tutor's registry: every game of the solver has its words, found by its name, and no other game's."""

from __future__ import annotations

import pytest

from solver.errors import GameError
from solver.games import GAMES, find_game
from solver.review import ReviewTotals
from tutor.games import TUTORS
from tutor.review import review, summary


def test_every_game_of_the_solver_has_its_words_in_the_same_order() -> None:
    names = [game.name for game in GAMES]
    assert TUTORS.missing(names) == []
    assert TUTORS.names == tuple(names)


def test_each_game_s_words_are_found_by_its_name_and_name_it() -> None:
    for words in TUTORS:
        assert TUTORS.find(words.name) is words


def test_an_unknown_game_is_an_error_naming_the_games() -> None:
    state = find_game("quando").new_game(players=2, seed=1)
    with pytest.raises(GameError, match="unknown game 'chess'; the games are nambarz, thegame, quando and nmbrs"):
        review("chess", state, [], 0, "en")
    with pytest.raises(GameError, match="unknown game 'chess'"):
        summary("chess", ReviewTotals(0, 0, {}, {}), "en")
