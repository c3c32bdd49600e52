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
from typing import TYPE_CHECKING, Any, NamedTuple

from solver.budget import BudgetExceededError, Deadline, check_budget
from solver.errors import SearchLimitError
from solver.nambarz.arithmetic import apply
from solver.nambarz.cards import Card, JokerType, card_order
from solver.nambarz.deck import Deck
from solver.nambarz.jokers import Cover, kinds_of
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
_Ending = tuple[Play | None, Ending, int, int, Cover]
"""A way to end the turn in a state: the play that ends it (if any), how, cards shed, points earned, card on top."""


class _Move(NamedTuple):
    """A play from one in-turn state to the next, with the cards it sheds and the master-stroke points it earns."""

    play: Play
    shed: int
    master: int


@dataclass
class _TurnGraph:
    """The in-turn states reached from a root, the ways to end the turn in each, and the plays between them.

    The graph is explored with plain dictionaries, which are cheap to fill
    and to read; networkx then gets it whole, at once, for its order
    (:meth:`states_children_first`).
    """

    root: _State
    endings: dict[_State, list[_Ending]] = field(default_factory=dict)
    """Every state reached, with the ways to end the turn there."""
    moves: dict[_State, dict[_State, _Move]] = field(default_factory=dict)
    """The plays out of each state, by the state they lead to, in the order of the legal plays."""

    def add_state(self, state: _State, pending: list[_State]) -> None:
        """Add ``state``, and put it on ``pending`` to be explored, unless it was reached before."""
        if state not in self.endings:
            self.endings[state] = []
            self.moves[state] = {}
            pending.append(state)

    def states_children_first(self) -> list[_State]:
        """Every state, each after every state a play from it leads to: the order of the ranking.

        The states with no play out of them come first, in any order.  The
        others are reached from the root through one another, and no play
        leads back (each one lays cards), so a depth-first search from the
        root over them alone finishes every one after those its plays lead
        to.  networkx orders them when there are two or more, in fewer than
        one planned turn in thirty in self-play: in the others the root is
        the only state with a play out of it, or none has one.
        """
        without_plays = [state for state, children in self.moves.items() if not children]
        with_plays = {state: children for state, children in self.moves.items() if children}
        if len(with_plays) <= 1:
            return [*without_plays, *with_plays]
        # networkx takes a tenth of a second to import: only a command that plans should pay for it.
        import networkx as nx  # noqa: PLC0415

        graph: nx.DiGraph[_State] = nx.DiGraph()
        graph.add_node(self.root)
        graph.add_edges_from(
            (state, child) for state, children in with_plays.items() for child in children if child in with_plays
        )
        return [*without_plays, *nx.dfs_postorder_nodes(graph, self.root)]


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
    deck = deck or Deck.default()
    root = _State(cover, tuple(sorted(hand, key=card_order)), played=False)
    graph = _build_graph(root, rules, deck, after_draw, time_limit)
    if not graph.moves[root] and not graph.endings[root]:
        return []
    best: dict[_State, list[_Entry]] = {}
    for state in graph.states_children_first():
        check_budget("the ranking of the turns")
        entries: list[_Entry] = []
        for play, ending, shed, master, last in graph.endings[state]:
            score = (shed, master, -answers(last, rules, deck))
            entries.append((score, () if play is None else (play,), ending, last))
        for child, move in graph.moves[state].items():
            for (shed, master, difficulty), plays, ending, last in best[child]:
                score = (move.shed + shed, move.master + master, difficulty)
                entries.append((score, (move.play, *plays), ending, last))
        best[state] = _best_distinct(entries, count)
    return [
        PlannedTurn(plays, ending, shed, master, last, -difficulty)
        for (shed, master, difficulty), plays, ending, last in best[root]
    ]


def _best_distinct(entries: list[_Entry], count: int) -> list[_Entry]:
    """The ``count`` best entries, one per (cards laid, points, card left on top, ending); the first of equals first."""
    if count == 1:
        # What the sort below keeps, without sorting: the bots plan only their best turn, state after state.
        return [max(entries, key=_score)] if entries else []
    entries.sort(key=_score, reverse=True)
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


def _score(entry: _Entry) -> _Score:
    return entry[0]


def _build_graph(root: _State, rules: Rules, deck: Deck, after_draw: bool, time_limit: float) -> _TurnGraph:
    """Every in-turn state reached from ``root``, with its ways to end the turn and the plays out of it."""
    graph = _TurnGraph(root)
    pending: list[_State] = []
    graph.add_state(root, pending)
    if after_draw:
        graph.endings[root].append((None, Ending.PASS, 0, 0, root.cover))
    deadline = Deadline(time_limit, "the planning of the turn")
    while pending:
        if len(graph.endings) > MAX_STATES:
            raise SearchLimitError(
                f"the turn planner stopped after {len(graph.endings)} in-turn states, its limit; plan a smaller hand"
            )
        state = pending.pop()
        try:
            deadline.check()
            if state.played:
                _add_after_play(graph, state, pending)
            else:
                _add_plays(graph, state, rules, deck, pending, is_root=state is root, deadline=deadline)
        except BudgetExceededError:
            raise  # the request's budget, not the planner's own limit: its message says so
        except SearchLimitError:
            raise SearchLimitError(
                f"the turn planner ran past its time limit of {time_limit:g} s "
                f"after {len(graph.endings)} in-turn states; plan a smaller hand or allow more time"
            ) from None
    return graph


def _add_after_play(graph: _TurnGraph, state: _State, pending: list[_State]) -> None:
    """After a play: end the turn, or lay a ``Jreplay`` and play again."""
    graph.endings[state].append((None, Ending.PASS, 0, 0, state.cover))
    replay = next((card for card in state.hand if card.joker is JokerType.REPLAY), None)
    if replay is not None:
        hand = list(state.hand)
        hand.remove(replay)
        child = _State(state.cover, tuple(hand), played=False)
        graph.add_state(child, pending)
        graph.moves[state][child] = _Move(JokerPlay(replay), shed=1, master=0)


def _add_plays(
    graph: _TurnGraph,
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
    endings, moves = graph.endings[state], graph.moves[state]
    if not plays and not is_root:
        endings.append((None, Ending.DRAW, -1, 0, state.cover))
    for play in plays:
        deadline.check()  # thousands of plays (a calculation per card that can end it) take their time too
        hand = list(state.hand)
        for card in play.cards:
            hand.remove(card)
        cover, master = _after(state.cover, play)
        replay = is_replay(play)
        if not hand and not replay:
            endings.append((play, Ending.OUT, len(play.cards), master, cover))
            continue
        child = _State(cover, tuple(hand), played=not replay)
        graph.add_state(child, pending)
        if child not in moves:
            moves[child] = _Move(play, shed=len(play.cards), master=master)


def _after(cover: Cover, play: Play) -> tuple[Cover, int]:
    """The card to cover after a legal play, and the master-stroke points it earns.

    What the referee leaves after a legal play (for the jokers,
    :func:`~solver.nambarz.jokers.judge_joker_play` and
    :func:`~solver.nambarz.jokers.judge_card_on_joker`), read directly
    without building its verdict: a ``Jreplay`` leaves the cover as it was,
    a change joker waits on the card it covers unless its card follows it,
    and otherwise the last card laid is on top.

    >>> after, master = _after(Cover(Card.parse("3")), JokerPlay.parse("Jboth"))
    >>> str(after), str(after.under), master
    ('Jboth', '3', 0)
    """
    if isinstance(play, JokerPlay):
        if play.is_replay:
            return cover, 0
        card = play.follow_card
        return (Cover(play.joker, under=cover.card) if card is None else Cover(card)), 0
    if cover.awaits_card:
        return Cover(play.cards[0]), 0
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
