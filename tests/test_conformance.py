"""One conformance test for the four games: seeded playouts that check the shared state contract after every action.

Modelled on OpenSpiel's ``games_sim_test``.  Every game of
:data:`solver.games.GAMES`, in every variant and with every number of
players it allows, is played from the deal to the end by a player picking
uniformly among the legal actions; the seed decides everything.  Now and
then the player first tries an action of its own making: the sibling games
must refuse it, unchanged, when it is illegal, and Nambarz lays it and
penalises it as rule V says (the contract's one documented difference).
Between any two actions:

* the contract: legal actions exactly while the game goes on, each listed
  once (and every ten actions, the same list in the same order from the
  state rebuilt from JSON); ``to_move`` a seat, and ``None`` once the game
  is over;
* ``check`` changes nothing, and ``apply`` returns the very verdict
  ``check`` gave, legal for a listed action, in the shared verdict shape
  (``game``, ``legal``, ``violations`` with ``code``, ``rule`` and
  ``message``, ``rulings`` from the game's table);
* every card of the game is in a hand, a pile, on the table or in the draw
  pile, exactly once;
* the JSON round trip: ``to_dict`` → JSON → ``from_dict`` → ``to_dict``
  gives the same document, and the rebuilt state, given the same action,
  reaches the same state.

At the end ``returns()`` gives each seat the game's own outcome, no action
is accepted any more, and replaying the actions applied from the deal
rebuilds the final state.  The rules of each game (scores, penalties, claims, endings) are
checked in its own tests (``tests/<game>/test_playouts.py``).

Games too short to show much (The Game, Quando, Nambarz for two) are
played again with further seeds until the setting has applied 200 actions.
The settings whose games take long (Nmbrs! beyond its basic two-player
game, Nambarz for nine players or more) are marked slow: ``pytest -m "not
slow"`` leaves them out.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from solver.contract import GameState
from solver.errors import GameError, IllegalMoveError
from solver.games import GAMES, GameEntry
from solver.nambarz.jokers import is_change_joker
from solver.nambarz.notation import Chain, JokerPlay
from solver.nambarz.rules import Operator
from solver.nambarz.state import Action as NambarzAction
from solver.nambarz.state import ActionKind as NambarzActionKind
from solver.nambarz.state import State as NambarzState
from solver.nmbrs.state import Action as NmbrsAction
from solver.nmbrs.state import State as NmbrsState
from solver.quando.cards import DECK as QUANDO_DECK
from solver.quando.state import Action as QuandoAction
from solver.quando.state import Side
from solver.quando.state import State as QuandoState
from solver.thegame.cards import CARDS as THEGAME_CARDS
from solver.thegame.rules import PILES
from solver.thegame.state import END_TURN
from solver.thegame.state import Action as TheGameAction
from solver.thegame.state import State as TheGameState
from solver.verdicts import GameVerdict

MADE_UP_RATE = 0.15
"""How often the player tries an action of its own making before a listed one."""

MAX_ACTIONS = 5000
"""A playout longer than this fails: every game ends (see each game's rulings on blocked rounds and limits)."""

ORDER_CHECK_EVERY = 10
"""Every so many actions, the rebuilt state must list the same legal actions in the same order."""

ACTIONS_PER_SETTING = 200
"""Short games (The Game, Quando, Nambarz for two) are played again with other seeds until this many actions."""

SEED_STRIDE = 1000
"""The seeds of one setting's games: its first seed, then this much further each time."""


# ----------------------------------------------------------------- what differs from game to game


@dataclass(frozen=True)
class Specifics:
    """What the shared checks need to know of one game, and nothing of its rules."""

    cards_in_play: Callable[[Any, Sequence[str]], Counter[object]]
    """Every card now in a hand, a pile, on the table or in the draw pile, given the actions applied so far."""
    cards_of_the_game: Callable[[Any], Counter[object]]
    outcome: Callable[[Any], list[int]]
    """The game's own result per seat, as ``returns()`` must give it."""
    made_up_action: Callable[[Any, random.Random], Any]
    lists_every_legal_action: bool
    """Whether every legal action is listed (Nambarz lists one way of writing a play, Nmbrs! a selection of plays)."""


def nambarz_cards(state: NambarzState, applied: Sequence[str]) -> Counter[object]:
    cards: Counter[object] = Counter(state.draw_pile)
    cards.update(state.table)
    for hand in state.hands.values():
        cards.update(hand)
    return cards


def careless_nambarz_action(state: NambarzState, rng: random.Random) -> NambarzAction:
    """An action of the player's own making: mostly cards from the hand as a calculation with random operators.

    Else a card alone or a joker with a card; sometimes a draw, a pass, or
    a card the player does not hold.
    """
    hand = state.hands[state.turn_player]
    numbers = [card for card in hand if not card.is_joker]
    choice = rng.randrange(8)
    if choice == 0:
        return NambarzAction.parse(rng.choice(["draw", "pass"]))
    if choice == 1:
        unheld = [card for card in state.draw_pile[-3:] if card not in hand]
        if unheld:
            return NambarzAction(NambarzActionKind.PLAY, Chain((rng.choice(unheld),)))
    if choice == 2 and len(numbers) < len(hand):
        joker = rng.choice([card for card in hand if card.is_joker])
        follow = rng.choice(numbers) if numbers and is_change_joker(joker) and rng.random() < 0.7 else None
        return NambarzAction(NambarzActionKind.PLAY, JokerPlay(joker, follow))
    if len(numbers) >= 2 and choice > 2:
        laid = tuple(rng.sample(numbers, rng.randint(2, min(4, len(numbers)))))
        operators = tuple(rng.choices(list(Operator), k=len(laid) - 1))
        return NambarzAction(NambarzActionKind.PLAY, Chain(laid, operators))
    if numbers:
        return NambarzAction(NambarzActionKind.PLAY, Chain((rng.choice(numbers),)))
    return NambarzAction.parse("pass")


def thegame_cards(state: TheGameState, applied: Sequence[str]) -> Counter[object]:
    laid = [action.card for action in map(TheGameAction.parse, applied) if action.card is not None]
    cards: Counter[object] = Counter(state.draw_pile) + Counter(laid)
    for hand in state.hands:
        cards.update(hand)
    return cards


def thegame_outcome(state: TheGameState) -> list[int]:
    left = len(THEGAME_CARDS) if state.lost_to_fire else state.cards_left
    return [-left] * state.game.players


def made_up_thegame_action(state: TheGameState, rng: random.Random) -> TheGameAction:
    if rng.random() < 0.2:
        return END_TURN
    return TheGameAction.place(rng.choice(THEGAME_CARDS), rng.choice(PILES))


def quando_cards(state: QuandoState, applied: Sequence[str]) -> Counter[object]:
    return Counter(card.pair for pile in (*state.hands, state.draw_pile, state.discard_pile) for card in pile)


def made_up_quando_action(state: QuandoState, rng: random.Random) -> QuandoAction:
    fronts = state.fronts(state.acting)
    choice = rng.randrange(5)
    if choice == 0 and fronts:
        return QuandoAction.play(rng.sample(fronts, rng.randint(1, min(4, len(fronts)))))
    if choice == 1:
        return QuandoAction.play(rng.choices(range(11), k=rng.randint(1, 4)))
    if choice == 2:
        return QuandoAction.flip(rng.randint(1, len(fronts) + 1))
    if choice == 3:
        return QuandoAction.take(rng.choice(list(Side)))
    return QuandoAction.parse(rng.choice(["knock", "pass"]))


def nmbrs_cards(state: NmbrsState, applied: Sequence[str]) -> Counter[object]:
    cards: Counter[object] = Counter(state.draw_pile) + Counter(state.discard_pile) + Counter(state.table.cards())
    for hand in state.hands:
        cards.update(hand)
    return cards


def made_up_nmbrs_action(state: NmbrsState, rng: random.Random) -> NmbrsAction:
    card = rng.choice(state.game.cards())
    choice = rng.randrange(3)
    if choice == 0:
        return NmbrsAction.parse(f"discard {card}")
    if choice == 1:
        return NmbrsAction.parse(f"lay {card}@{rng.randint(-2, 2)},{rng.randint(-2, 2)}")
    return NmbrsAction.parse(rng.choice(["take", "decline", "claim", "pass", "draw", "end"]))


SPECIFICS: dict[str, Specifics] = {
    "nambarz": Specifics(
        nambarz_cards,
        lambda state: Counter(state.game.cards()),
        lambda state: [state.totals[player] for player in state.game.players],
        careless_nambarz_action,
        lists_every_legal_action=False,
    ),
    "thegame": Specifics(
        thegame_cards,
        lambda state: Counter(THEGAME_CARDS),
        thegame_outcome,
        made_up_thegame_action,
        lists_every_legal_action=True,
    ),
    "quando": Specifics(
        quando_cards,
        lambda state: Counter(card.pair for card in QUANDO_DECK),
        lambda state: [-state.totals[player] for player in state.players],
        made_up_quando_action,
        lists_every_legal_action=True,
    ),
    "nmbrs": Specifics(
        nmbrs_cards,
        lambda state: Counter(state.game.cards()),
        lambda state: list(state.scores),
        made_up_nmbrs_action,
        lists_every_legal_action=False,
    ),
}


# ----------------------------------------------------------------- the checks


def assert_shared_verdict_shape(verdict: GameVerdict, game: GameEntry) -> None:
    document = json.loads(json.dumps(verdict.to_dict()))
    assert verdict.game == game.name
    keys = list(document)
    assert (keys[0], keys[-1]) == ("game", "rulings")
    assert document["game"] == game.name
    assert document["legal"] is verdict.legal is (not verdict.violations)
    assert document["violations"] == [violation.to_dict() for violation in verdict.violations]
    codes = {code.value for code in game.codes}
    for entry in document["violations"]:
        assert {"code", "rule", "message"} <= set(entry)
        assert ("penalty" in entry) == (game.name == "nambarz")
        assert entry["code"] in codes
    assert document["rulings"] == list(verdict.rulings)
    assert set(verdict.rulings) <= set(game.rulings), "a verdict cites a ruling its game's table does not have"


def rebuilt(state: GameState[Any], document: dict[str, Any]) -> GameState[Any]:
    """``state`` read back from its JSON form ``document``, which must give the same document again."""
    copy = type(state).from_dict(json.loads(json.dumps(document)))
    assert copy.to_dict() == document
    return copy


def check_between_actions(
    state: GameState[Any], players: int, specifics: Specifics, applied: Sequence[str]
) -> list[Any]:
    """The checks that hold between any two actions; return the legal actions."""
    actions = list(state.legal_actions())
    assert bool(actions) == (not state.is_over)
    if state.is_over:
        assert state.to_move is None
    else:
        assert state.to_move in range(players)
    assert len({str(action) for action in actions}) == len(actions), "an action is listed twice"
    assert specifics.cards_in_play(state, applied) == specifics.cards_of_the_game(state)
    return actions


def apply_checked(state: GameState[Any], game: GameEntry, action: Any, document: dict[str, Any]) -> Any:
    """Apply a listed ``action``: the verdict is the one ``check`` gave; return it."""
    verdict = state.check(action)
    assert state.to_dict() == document, f"check({action}) changed the state"
    assert_shared_verdict_shape(verdict, game)
    assert verdict.legal, f"listed action {action} is judged illegal: {verdict.to_dict()['violations']}"
    assert state.apply(action) == verdict
    return verdict


def try_made_up_action(state: GameState[Any], game: GameEntry, action: Any, listed: list[Any]) -> GameVerdict | None:
    """Try an action of the player's own making; return its verdict if it was applied, else ``None``.

    Whatever ``check`` refuses, ``apply`` refuses too, and the state stays
    as it was; an illegal action is refused with its verdict, except a
    Nambarz play, which rule V penalises: that one is applied.
    """
    document = state.to_dict()
    try:
        verdict = state.check(action)
    except GameError:
        with pytest.raises(GameError):
            state.apply(action)
        assert state.to_dict() == document, f"refused {action} changed the state"
        return None
    assert state.to_dict() == document, f"check({action}) changed the state"
    assert_shared_verdict_shape(verdict, game)
    if verdict.legal:
        if SPECIFICS[game.name].lists_every_legal_action:
            assert action in listed, f"legal {action} is missing from the legal actions"
        return None
    if game.name == "nambarz":
        penalised = state.apply(action)
        assert penalised == verdict
        assert penalised.to_dict()["penalty_draw"] == 3
        return penalised
    with pytest.raises(IllegalMoveError) as refusal:
        state.apply(action)
    assert refusal.value.verdict == verdict
    assert state.to_dict() == document, f"refused {action} changed the state"
    return None


def check_finished_game(state: GameState[Any], setting: Setting, seed: int, applied: Sequence[str]) -> None:
    document = state.to_dict()
    players, specifics = setting.players, SPECIFICS[setting.game.name]
    assert state.is_over and check_between_actions(state, players, specifics, applied) == []
    returns = state.returns()
    assert len(returns) == players and all(isinstance(value, int) for value in returns)
    assert returns == specifics.outcome(state)
    replayed = setting.game.new_game(players=players, variant=setting.variant, seed=seed)
    for text in applied:
        replayed.apply(setting.game.parse_action(text))
    assert replayed.to_dict() == document
    late = specifics.made_up_action(state, random.Random(0))
    with pytest.raises(GameError):
        state.apply(late)
    assert state.to_dict() == document


# ----------------------------------------------------------------- the playouts


@dataclass(frozen=True)
class Setting:
    """One variant of one game with one number of players."""

    game: GameEntry
    variant: str
    players: int

    @property
    def first_seed(self) -> int:
        return 100 * self.game.variants.index(self.variant) + self.players

    @property
    def label(self) -> str:
        return f"{self.game.name}-{self.variant}-{self.players}p"

    @property
    def slow(self) -> bool:
        """Whether its games take long to check, so that only the full run plays them.

        Nmbrs! games run over several rounds of hundreds of actions, each
        turn listing up to 400 plays, and Nambarz games of nine players or
        more run to several hundred actions: of these, only the basic
        two-player game of Nmbrs! stays in the quick run.
        """
        if self.game.name == "nmbrs":
            return (self.variant, self.players) != ("basic", 2)
        return self.game.name == "nambarz" and self.players >= 9


SETTINGS = [
    Setting(game, variant, players)
    for game in GAMES
    for variant in game.variants
    for players in game.variants_players[variant]
]


def play_out(setting: Setting, seed: int) -> int:
    """Play one game of ``setting`` to the end, checking every step; return the number of actions applied.

    Before every action the state is rebuilt from its JSON form; the copy
    takes the same action and must reach the same state.
    """
    game, players = setting.game, setting.players
    specifics = SPECIFICS[game.name]
    state = game.new_game(players=players, variant=setting.variant, seed=seed)
    rng = random.Random(seed)
    document = state.to_dict()
    applied: list[str] = []
    for step in range(MAX_ACTIONS):
        actions = check_between_actions(state, players, specifics, applied)
        if state.is_over:
            break
        twin = rebuilt(state, document)
        if step % ORDER_CHECK_EVERY == 0:
            assert list(twin.legal_actions()) == actions
        if rng.random() < MADE_UP_RATE:
            action = specifics.made_up_action(state, rng)
            verdict = try_made_up_action(state, game, action, actions)
            if verdict is None:
                continue
        else:
            action = rng.choice(actions)
            verdict = apply_checked(state, game, action, document)
        applied.append(str(action))
        document = state.to_dict()
        assert twin.apply(action) == verdict
        assert twin.to_dict() == document, f"the state rebuilt from JSON went another way after {action}"
    assert state.is_over, f"{setting.label} with seed {seed} did not end within {MAX_ACTIONS} actions"
    check_finished_game(state, setting, seed, applied)
    return len(applied)


@pytest.mark.parametrize(
    "setting",
    [pytest.param(setting, marks=[pytest.mark.slow] if setting.slow else []) for setting in SETTINGS],
    ids=lambda setting: setting.label,
)
def test_seeded_games_keep_the_state_contract_after_every_action(setting: Setting) -> None:
    seed, actions = setting.first_seed, 0
    while actions < ACTIONS_PER_SETTING:
        actions += play_out(setting, seed)
        seed += SEED_STRIDE
