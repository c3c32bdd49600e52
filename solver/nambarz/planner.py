"""The turn planner: the best whole turns from a position, replay and change jokers included.

The turn is searched as a graph of in-turn states: the card to cover, the
cards in hand, and whether the player may still play or has played (then
only a ``Jreplay`` or the end of the turn may follow).  Every play removes
cards from the hand, so the graph is acyclic; a dynamic programme over it,
in reverse topological order, keeps the best continuations of every state.

Turns are ranked by

1. cards shed: cards that left the hand, less one when the turn ends on a
   ``Jreplay`` with nothing to play after it (the player then draws);
2. master-stroke points;
3. how hard the card left on top is for the next player, measured by
   :func:`answers`, the number of ways the deck offers to cover it (fewer is
   harder).

>>> from solver.nambarz.cards import parse_cards
>>> plans = plan_turn(Cover(Card.parse("3")), parse_cards("1 2 6 9 4 Jreplay"), Rules())
>>> [(str(plan.turn), plan.shed, plan.answers) for plan in plans[:2]]
[('2 + 1 ; Jreplay ; 6 + 4 - 9', 6, 9), ('4 - 1 ; Jreplay ; 9 - 2 - 6', 6, 11)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from typing import TYPE_CHECKING, Any

from solver.budget import BudgetExceededError, Deadline, check_budget
from solver.errors import SearchLimitError
from solver.nambarz.arithmetic import apply
from solver.nambarz.cards import Card, JokerType
from solver.nambarz.deck import Deck
from solver.nambarz.jokers import Cover, judge_card_on_joker, judge_joker_play, kinds_of
from solver.nambarz.matching import matches
from solver.nambarz.minimal_calculations import DEFAULT_TIME_LIMIT
from solver.nambarz.notation import JokerPlay, Play, Turn, is_replay
from solver.nambarz.rules import Operator, Rules
from solver.nambarz.scoring import master_stroke_points
from solver.nambarz.state import legal_plays

if TYPE_CHECKING:
    import networkx as nx

MAX_STATES = 50_000
"""The largest in-turn graph the planner builds before it stops with :class:`SearchLimitError`."""


class Ending(Enum):
    """How a planned turn ends."""

    PASS = "pass"
    DRAW = "draw"
    OUT = "out"


@dataclass(frozen=True)
class PlannedTurn:
    """One complete turn with the facts it is ranked by."""

    plays: tuple[Play, ...]
    ending: Ending
    shed: int
    master_points: int
    cover_after: Cover
    answers: int

    @property
    def turn(self) -> Turn | None:
        """The plays in turn notation; ``None`` when the turn is only a pass."""
        return Turn(self.plays) if self.plays else None

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "turn": None if self.turn is None else str(self.turn),
            "ending": self.ending.value,
            "shed": self.shed,
            "master_points": self.master_points,
            "top_after": None if self.cover_after.awaits_card else str(self.cover_after.card),
            "answers": self.answers,
        }


@dataclass(frozen=True, slots=True)
class _State:
    """An in-turn state: the card to cover, the cards in hand, and whether the turn's play is made."""

    cover: Cover
    hand: tuple[Card, ...]
    played: bool
    _hash: int = field(init=False, repr=False, compare=False)
    """Worked out once: the graph looks a state up many times while it is built and ranked."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.cover, self.hand, self.played)))

    def __hash__(self) -> int:
        return self._hash


_Score = tuple[int, int, int]
_Entry = tuple[_Score, tuple[Play, ...], Ending, Cover]


def plan_turn(
    cover: Cover,
    hand: Sequence[Card],
    rules: Rules,
    *,
    after_draw: bool = False,
    count: int = 5,
    deck: Deck | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> list[PlannedTurn]:
    """The ``count`` best turns from ``cover`` with ``hand``, best first.

    With ``after_draw`` the player has just drawn and may also pass.  An
    empty list means nothing is playable: the player draws.  Turns that lay
    the same cards, earn the same points and leave the same card on top are
    listed once.
    """
    # networkx takes a tenth of a second to import: only a command that plans should pay for it.
    import networkx as nx  # noqa: PLC0415

    deck = deck or Deck.default()
    root = _State(cover, tuple(sorted(hand)), played=False)
    graph = _build_graph(root, rules, deck, after_draw, time_limit)
    if graph.out_degree(root) == 0 and not graph.nodes[root]["endings"]:
        return []
    best: dict[_State, list[_Entry]] = {}
    for state in reversed(list(nx.topological_sort(graph))):
        check_budget("the ranking of the turns")
        entries: list[_Entry] = []
        for play, ending, shed, master, last in graph.nodes[state]["endings"]:
            score = (shed, master, -answers(last, rules, deck))
            entries.append((score, () if play is None else (play,), ending, last))
        for _, child, edge in graph.out_edges(state, data=True):
            for (shed, master, difficulty), plays, ending, last in best[child]:
                score = (edge["shed"] + shed, edge["master"] + master, difficulty)
                entries.append((score, (edge["play"], *plays), ending, last))
        best[state] = _best_distinct(entries, count)
    return [
        PlannedTurn(plays, ending, shed, master, last, -difficulty)
        for (shed, master, difficulty), plays, ending, last in best[root]
    ]


def _best_distinct(entries: list[_Entry], count: int) -> list[_Entry]:
    """The ``count`` best entries, one per (cards laid, points, card left on top, ending)."""
    entries.sort(key=lambda entry: entry[0], reverse=True)
    kept: list[_Entry] = []
    seen = set()
    for entry in entries:
        (_, master, _), plays, ending, last = entry
        signature = (tuple(sorted(card for play in plays for card in play.cards)), master, last, ending)
        if signature not in seen:
            seen.add(signature)
            kept.append(entry)
            if len(kept) == count:
                break
    return kept


def _build_graph(root: _State, rules: Rules, deck: Deck, after_draw: bool, time_limit: float) -> nx.DiGraph[_State]:
    """In-turn states as nodes (each with its ``endings``: ways to end the turn there), plays as edges."""
    import networkx as nx  # noqa: PLC0415 - see plan_turn

    graph: nx.DiGraph[_State] = nx.DiGraph()
    graph.add_node(root, endings=[(None, Ending.PASS, 0, 0, root.cover)] if after_draw else [])
    pending = [root]
    deadline = Deadline(time_limit, "the planning of the turn")
    while pending:
        if graph.number_of_nodes() > MAX_STATES:
            raise SearchLimitError(
                f"the turn planner stopped after {graph.number_of_nodes()} in-turn states, its limit; "
                "plan a smaller hand"
            )
        state = pending.pop()
        try:
            deadline.check()
            if state.played:
                _add_after_play(graph, state, pending)
            else:
                _add_plays(graph, state, rules, deck, pending, is_root=state == root, deadline=deadline)
        except BudgetExceededError:
            raise  # the request's budget, not the planner's own limit: its message says so
        except SearchLimitError:
            raise SearchLimitError(
                f"the turn planner ran past its time limit of {time_limit:g} s "
                f"after {graph.number_of_nodes()} in-turn states; plan a smaller hand or allow more time"
            ) from None
    return graph


def _add_state(graph: nx.DiGraph[_State], state: _State, pending: list[_State]) -> None:
    if state not in graph:
        graph.add_node(state, endings=[])
        pending.append(state)


def _add_after_play(graph: nx.DiGraph[_State], state: _State, pending: list[_State]) -> None:
    """After a play: end the turn, or lay a ``Jreplay`` and play again."""
    graph.nodes[state]["endings"].append((None, Ending.PASS, 0, 0, state.cover))
    replay = next((card for card in state.hand if card.joker is JokerType.REPLAY), None)
    if replay is not None:
        hand = list(state.hand)
        hand.remove(replay)
        child = _State(state.cover, tuple(hand), played=False)
        _add_state(graph, child, pending)
        graph.add_edge(state, child, play=JokerPlay(replay), shed=1, master=0)


def _add_plays(
    graph: nx.DiGraph[_State],
    state: _State,
    rules: Rules,
    deck: Deck,
    pending: list[_State],
    *,
    is_root: bool,
    deadline: Deadline,
) -> None:
    """Every legal play; with none, a turn resumed by ``Jreplay`` ends with a draw."""
    remaining = max(deadline.remaining(), 0.001)
    plays = legal_plays(state.cover, state.hand, rules, deck=deck, time_limit=remaining)
    endings = graph.nodes[state]["endings"]
    if not plays and not is_root:
        endings.append((None, Ending.DRAW, -1, 0, state.cover))
    for play in plays:
        deadline.check()  # thousands of plays (a calculation per card that can end it) take their time too
        hand = list(state.hand)
        for card in play.cards:
            hand.remove(card)
        cover, master = _after(state.cover, play, rules)
        if not hand and not is_replay(play):
            endings.append((play, Ending.OUT, len(play.cards), master, cover))
            continue
        child = _State(cover, tuple(hand), played=not is_replay(play))
        _add_state(graph, child, pending)
        if not graph.has_edge(state, child):
            graph.add_edge(state, child, play=play, shed=len(play.cards), master=master)


def _after(cover: Cover, play: Play, rules: Rules) -> tuple[Cover, int]:
    """The card to cover after a legal play, and the master-stroke points it earns."""
    if isinstance(play, JokerPlay):
        return judge_joker_play(cover, play, rules)[1], 0
    if cover.awaits_card:
        return judge_card_on_joker(cover, play, rules)[1], 0
    return Cover(play.cards[-1]), master_stroke_points(len(play)) if play.is_calculation else 0


@cache
def answers(cover: Cover, rules: Rules, deck: Deck) -> int:
    """How many ways the deck offers to cover ``cover``: the planner's measure of difficulty.

    For a number card: the deck's faces that match it, plus the pairs of
    numbers on the deck's cards whose sum, difference, product or quotient
    (as the rules allow, in either order) makes its number.  For a change
    joker waiting for its card: the deck's faces of the kinds it allows.
    Fewer ways is harder.

    >>> deck = Deck.default()
    >>> answers(Cover(Card.parse("1")), Rules(), deck), answers(Cover(Card.parse("Jboth")), Rules(), deck)
    (20, 30)
    """
    faces = deck.faces()
    if cover.awaits_card:
        allowed = kinds_of(cover.card)
        return sum(1 for face in faces if not face.is_joker and face.kind in allowed)
    top = cover.card
    matching = sum(1 for face in faces if matches(face, top))
    numbers = sorted({face.value for face in faces if not face.is_joker and face.value != top.value})
    operators = [operator for operator in Operator if rules.allows(operator)]
    pairs = sum(
        1
        for index, first in enumerate(numbers)
        for second in numbers[index:]
        if any(
            apply(a, operator, b, rules.domain) == top.value
            for a, b in ((first, second), (second, first))
            for operator in operators
        )
    )
    return matching + pairs
