"""What a seat's table tells of the game since the seat last moved: the others' turns in words (the story), and the
parts of the table that changed (the marks).

**The story.**  The actions are grouped into turns (one seat's actions in a
row).  The strip tells the turns since the seat's own last turn, in order,
one sentence each (the game's :attr:`~web.entry.TableLook.story`, else
:func:`~web.story.said_plainly`); on the page that answers the seat's move,
its own turn comes first, so that its outcome (a pass made for it, a
penalty) is told too.  While the seat's turn goes on, or when nobody has
moved since, the strip keeps telling what happened before that turn.  Each
turn is told from what the seat may know: each verdict as the seat may see
it (:meth:`GameEntry.seat_verdict <solver.games.GameEntry.seat_verdict>`)
and the seat's own views of the game around it, never a hidden card.

**The marks.**  The seat's view of the game before its last turn began (or,
before its first, at the deal) is compared with its view now: the table's parts that differ (the top card, a
pile, the discards), each seat's count of cards and score, and the seat's
own cards it did not hold then.  Both views are the seat's own, so a mark
tells nothing the seat may not see; the page shows them without JavaScript.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

from services.play.store import ActionRecord, StoredGame
from services.play.tables import Tables
from solver.errors import NambarzError
from solver.games import find_game
from web import play_tables
from web.games import PAGES
from web.story import PlayedAction, PlayedTurn, said_plainly

LOGGER = logging.getLogger(__name__)

STORY_TURNS = 12
"""The most turns the strip tells (the latest ones); the log has them all."""

LOOK_BACK = 200
"""How many of the latest actions are read to find the seat's last turn."""


@dataclass(frozen=True)
class StoryLine:
    """One turn of the story: whose, whether the reading seat's own, its sentence, and its actions' numbers."""

    seat: int
    own: bool
    sentence: Markup
    first: int
    last: int


@dataclass(frozen=True)
class Marks:
    """What changed on a seat's table since before its last turn (since the deal, before its first)."""

    table: frozenset[str] = frozenset()
    """The parts of the view's ``table`` that changed: each key, and ``key.part`` for a part of a key that is a map
    (The Game's ``piles.asc1``)."""
    cards: frozenset[int] = frozenset()
    """The seats whose count of cards changed."""
    scores: frozenset[int] = frozenset()
    """The seats whose score changed."""
    new_cards: tuple[str, ...] = ()
    """The seat's own cards it did not hold then, as its view writes them (once for each such card)."""

    def fresh(self, cards: Iterable[Any]) -> list[bool]:
        """For each of ``cards`` (the hand, in the order shown), whether it is new: as many of each as are new.

        >>> Marks(new_cards=("7", "7", "9")).fresh(["3", "7", "7", "7", "9"])
        [False, True, True, False, True]
        """
        left = Counter(self.new_cards)
        flags = []
        for card in cards:
            key = str(card)
            flags.append(left[key] > 0)
            left[key] -= 1
        return flags

    def __bool__(self) -> bool:
        return bool(self.table or self.cards or self.scores or self.new_cards)


@dataclass(frozen=True)
class Story:
    """A seat's story strip: its turns, whether the seat has not moved yet, whether earlier turns are left out, and
    the marks of what changed."""

    lines: tuple[StoryLine, ...] = ()
    before_first_move: bool = True
    earlier: bool = False
    marks: Marks = field(default_factory=Marks)


def turns_of(records: Sequence[ActionRecord]) -> list[list[ActionRecord]]:
    """The actions grouped into turns: each seat's actions in a row.

    >>> records = [ActionRecord(n, seat, "x", {}) for n, seat in ((1, 0), (2, 0), (3, 1), (4, 0))]
    >>> [[record.number for record in turn] for turn in turns_of(records)]
    [[1, 2], [3], [4]]
    """
    turns: list[list[ActionRecord]] = []
    for record in records:
        if turns and turns[-1][0].seat == record.seat:
            turns[-1].append(record)
        else:
            turns.append([record])
    return turns


def shown_turns(
    turns: Sequence[list[ActionRecord]], seat: int, *, answered: bool
) -> tuple[list[list[ActionRecord]], int | None]:
    """The turns the strip tells ``seat`` (``answered``: on the page that answers its move), and the number of the
    action its last turn began with (``None`` before its first).

    >>> records = [ActionRecord(n, seat, "x", {}) for n, seat in ((1, 1), (2, 0), (3, 0), (4, 1), (5, 2))]
    >>> def told(seat, answered):
    ...     turns, _ = shown_turns(turns_of(records), seat, answered=answered)
    ...     return [[record.number for record in turn] for turn in turns]
    >>> told(0, False), told(0, True), told(1, False), told(2, False)
    ([[4], [5]], [[2, 3], [4], [5]], [[5]], [[1], [2, 3], [4]])
    """
    own = [index for index, turn in enumerate(turns) if turn[0].seat == seat]
    if not own:
        return list(turns), None
    last = own[-1]
    mine = [turns[last]] if answered else []
    if last < len(turns) - 1:
        return mine + list(turns[last + 1 :]), turns[last][0].number
    previous = own[-2] if len(own) > 1 else -1
    return list(turns[previous + 1 : last]) + mine, turns[last][0].number


def table_story(
    tables: Tables, stored: StoredGame, view: Mapping[str, Any], lang: str, *, answered: bool = False
) -> Story:
    """The story and the marks of the table ``view`` (a seat's view of ``stored`` now), in ``lang``."""
    seat = int(view["seat"])
    first_step = tables.first_step(stored)
    records = tables.store.actions(stored.id, after=max(first_step, stored.version - LOOK_BACK))
    turns = turns_of(records)
    shown, began = shown_turns(turns, seat, answered=answered)
    earlier = len(shown) > STORY_TURNS or (began is None and bool(records) and records[0].number > first_step + 1)
    shown = shown[-STORY_TURNS:]
    names = [record.name for record in stored.seats]
    try:
        lines = _told(tables, stored, seat, shown=shown, names=names, lang=lang)
        marks = _marks(tables, stored, view, first_step if began is None else began - 1)
    except NambarzError:  # a stored game whose log no longer replays (its state changed by hand): moves said plainly
        LOGGER.warning("the log of game %s does not replay: its story is told without the game around it", stored.id)
        lines = [_plainly(stored, seat, turn, names, lang) for turn in shown]
        marks = Marks()
    return Story(tuple(lines), began is None, earlier, marks)


def _plainly(stored: StoredGame, seat: int, turn: list[ActionRecord], names: Sequence[str], lang: str) -> StoryLine:
    """A turn in the words of the list of moves, without replaying it."""
    told = PlayedTurn(turn[0].seat, names[turn[0].seat], ())
    sentence = said_plainly(told, [play_tables.done_label(stored.game, record.action, lang) for record in turn])
    return StoryLine(told.seat, told.seat == seat, sentence, turn[0].number, turn[-1].number)


def _told(
    tables: Tables,
    stored: StoredGame,
    seat: int,
    *,
    shown: Sequence[list[ActionRecord]],
    names: Sequence[str],
    lang: str,
) -> list[StoryLine]:
    """Each turn of ``shown`` (turns in a row) as a sentence, replayed from the state before the first."""
    if not shown:
        return []
    entry = find_game(stored.game)
    look = PAGES.find(stored.game).table
    state = tables.state_at(stored, shown[0][0].number - 1)
    lines = []
    for turn in shown:
        played = []
        for record in turn:
            before = entry.seat_view(state, seat)
            state.apply(entry.parse_action(record.action))
            verdict = entry.seat_verdict(record.verdict, record.seat, seat)
            played.append(PlayedAction(record.action, verdict, before, entry.seat_view(state, seat)))
        told = PlayedTurn(turn[0].seat, names[turn[0].seat], tuple(played))
        sentence = look.story(told, lang) if look.story is not None else None
        if sentence is None:
            sentence = said_plainly(told, [play_tables.done_label(stored.game, record.action, lang) for record in turn])
        lines.append(StoryLine(told.seat, told.seat == seat, sentence, turn[0].number, turn[-1].number))
    return lines


def _marks(tables: Tables, stored: StoredGame, view: Mapping[str, Any], since: int) -> Marks:
    """What differs between the seat's view after action ``since`` and ``view``."""
    if since >= stored.version:
        return Marks()
    seat = int(view["seat"])
    then = play_tables.past_view(stored, tables.state_at(stored, since), seat)
    scores = PAGES.find(stored.game).table.scores
    before, now = scores(then), scores(view)
    return Marks(
        table=frozenset(changed_parts(then["table"], view["table"])),
        cards=frozenset(
            row["seat"]
            for row, old in zip(view["seats"], then["seats"], strict=True)
            if row["hand_size"] != old["hand_size"]
        ),
        scores=frozenset()
        if before is None or now is None
        else frozenset(number for number, (old, new) in enumerate(zip(before, now, strict=True)) if old != new),
        new_cards=tuple((Counter(map(str, view["hand"])) - Counter(map(str, then["hand"]))).elements()),
    )


def changed_parts(before: Mapping[str, Any], now: Mapping[str, Any]) -> list[str]:
    """The keys whose values differ, and ``key.part`` for each differing part of a key that is a map in both.

    >>> changed_parts({"top": "7", "piles": {"asc1": 3, "asc2": 1}}, {"top": "7", "piles": {"asc1": 9, "asc2": 1}})
    ['piles', 'piles.asc1']
    """
    parts = []
    for key in sorted(set(before) | set(now)):
        old, new = before.get(key), now.get(key)
        if old == new:
            continue
        parts.append(key)
        if isinstance(old, Mapping) and isinstance(new, Mapping):
            parts += [f"{key}.{part}" for part in sorted(set(old) | set(new)) if old.get(part) != new.get(part)]
    return parts
