"""The whole-turn referee: every play of a turn, each against the card it must cover.

A turn is one play (a matching card, a calculation or a change joker with
its card); each ``Jreplay`` allows one more, against the last card laid
before it (rule IV).  Every lay gets a verdict: a play made without a
``Jreplay`` before it is penalised (``play-without-replay``), like a joker
inside a calculation or a change joker laid on another one.  A faulty play
is penalised as rule V says and ends the turn; plays written after it are
listed as skipped.

>>> verdict = check_turn(Card.parse("1"), Turn.parse("9hen - 6dragonfly / 3hippo ; Jreplay ; 10 - 6 - 1"))
>>> verdict.legal, [str(play.top) for play in verdict.plays if isinstance(play, Verdict)], str(verdict.top_after)
(True, ['1', '3hippo', '3hippo'], '1')
>>> verdict = check_turn(Card.parse("3"), Turn.parse("1 + 2 ; 4 - 2"))
>>> [(number, violation.code.value) for number, violation in verdict.violations], verdict.penalty_draw
([(2, 'play-without-replay')], 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.errors import PlayError
from solver.nambarz.cards import Card
from solver.nambarz.deck import Deck
from solver.nambarz.jokers import Cover, judge_card_on_joker, judge_joker_play
from solver.nambarz.minimal_calculations import DEFAULT_TIME_LIMIT
from solver.nambarz.notation import Chain, JokerPlay, Play, Turn, is_replay
from solver.nambarz.referee import Verdict, check, joker_in_calculation, resolved_verdict
from solver.nambarz.rules import Rules
from solver.nambarz.violations import Violation, ViolationCode


@dataclass(frozen=True)
class SkippedPlay:
    """A play written after a penalty had already ended the turn."""

    play: Play
    reason: str

    def to_dict(self) -> dict[str, Any]:
        """JSON form: the play, ``covers: null``, ``skipped: true`` and why."""
        return {"play": str(self.play), "covers": None, "skipped": True, "reason": self.reason}


@dataclass(frozen=True)
class TurnVerdict:
    """The referee's answer for a whole turn.

    It gathers the verdicts of the turn's plays, each a
    :class:`~solver.verdicts.BaseVerdict`, but is not one itself: its
    violations are numbered by play, and its JSON form (as the HTTP API
    documents it) names no game.
    """

    top: Card
    turn: Turn
    rules: Rules
    plays: tuple[Verdict | SkippedPlay, ...]
    top_after: Card | None

    @property
    def judged(self) -> list[Verdict]:
        """The verdicts of the plays that were judged, in order."""
        return [play for play in self.plays if isinstance(play, Verdict)]

    @property
    def legal(self) -> bool:
        """True when every play was judged and legal."""
        return all(isinstance(play, Verdict) and play.legal for play in self.plays)

    @property
    def violations(self) -> list[tuple[int, Violation]]:
        """Every violation with the 1-based number of its play."""
        return [
            (number, violation)
            for number, play in enumerate(self.plays, start=1)
            if isinstance(play, Verdict)
            for violation in play.violations
        ]

    @property
    def master_points(self) -> int:
        """Master-stroke points of the turn's legal calculations."""
        return sum(play.master_points for play in self.judged)

    @property
    def penalty_draw(self) -> int:
        """Cards to draw for the turn's faulty plays."""
        return sum(play.penalty_draw for play in self.judged)

    @property
    def rulings(self) -> list[str]:
        """The rulings applied to any play, and to the turn as a whole."""
        found = dict.fromkeys(ruling for play in self.judged for ruling in play.rulings)
        if any(isinstance(play, SkippedPlay) for play in self.plays):
            found["penalty-ends-turn"] = None
        return list(found)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form shared by the CLI and the HTTP API."""
        return {
            "top": str(self.top),
            "turn": str(self.turn),
            "rules": self.rules.to_dict(),
            "legal": self.legal,
            "violations": [{"play": number, **violation.to_dict()} for number, violation in self.violations],
            "plays": [_play_dict(play) for play in self.plays],
            "master_points": self.master_points,
            "penalty_draw": self.penalty_draw,
            "top_after": None if self.top_after is None else str(self.top_after),
            "rulings": self.rulings,
        }


def _play_dict(play: Verdict | SkippedPlay) -> dict[str, Any]:
    if isinstance(play, SkippedPlay):
        return play.to_dict()
    document = play.to_dict()
    del document["game"], document["top"], document["rules"]
    return {"play": document.pop("play"), "covers": str(play.top), **document}


def check_turn(
    top: Card,
    turn: Turn,
    rules: Rules | None = None,
    *,
    deck: Deck | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> TurnVerdict:
    """Judge every play of ``turn``, starting on ``top``.

    ``top`` is a number card, or a change joker the previous player left
    without its card (then the first play is one card of the kind it allows).

    >>> verdict = check_turn(Card.parse("3bee"), Turn.parse("Jnumber 4"))
    >>> [violation.code.value for _, violation in verdict.violations], verdict.penalty_draw
    (['wrong-joker'], 3)
    """
    rules = rules or Rules()
    deck = deck or Deck.default()
    if top.is_joker and not Cover(top).awaits_card:
        raise PlayError("Jreplay is never the card to cover: give the card laid before it as the top card")
    deck.require([top, *(card for play in turn.plays for card in play.cards)], what="top card and turn")
    cover = Cover(top)
    plays: list[Verdict | SkippedPlay] = []
    ended_by: int | None = None
    played = False
    for number, play in enumerate(turn.plays, start=1):
        if ended_by is not None:
            plays.append(SkippedPlay(play, f"the penalty for play {ended_by} ended the turn"))
            continue
        verdict, cover = judge_play(cover, play, rules, after_a_play=played, deck=deck, time_limit=time_limit)
        plays.append(verdict)
        played = not is_replay(play)
        if not verdict.legal:
            ended_by = number
    return TurnVerdict(top, turn, rules, tuple(plays), None if cover.awaits_card else cover.card)


def judge_play(
    cover: Cover,
    play: Play,
    rules: Rules,
    *,
    after_a_play: bool,
    deck: Deck | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> tuple[Verdict, Cover]:
    """Judge one play of a turn on ``cover``; return the verdict and what the next play must cover.

    ``after_a_play`` says that the player made a play this turn and laid
    no ``Jreplay`` since: then only ``Jreplay`` may follow, and any other
    play is penalised (``play-without-replay``).  The turn referee and the
    game engine both judge plays here, so they penalise alike.

    >>> verdict, after = judge_play(Cover(Card.parse("3")), Chain.parse("4 - 2"), Rules(), after_a_play=True)
    >>> verdict.codes, [str(card) for card in verdict.returned], str(after)
    (['play-without-replay'], ['4', '2'], '3')
    """
    if after_a_play and not is_replay(play):
        return _play_without_replay(cover, play, rules), cover
    if isinstance(play, Chain) and len(play) == 1 and play.cards[0].is_joker:
        play = JokerPlay(play.cards[0])
    if isinstance(play, JokerPlay):
        return judge_joker_play(cover, play, rules)
    if cover.awaits_card:
        return judge_card_on_joker(cover, play, rules)
    joker_inside = joker_in_calculation(play)
    if joker_inside is not None:
        rulings = ("joker-in-calculation-returns",)
        return resolved_verdict(cover.card, play, rules, [joker_inside], stays=(), rulings=rulings), cover
    verdict = check(cover.card, play, rules, deck=deck, time_limit=time_limit)
    return verdict, Cover(verdict.stays[-1]) if verdict.stays else cover


def _play_without_replay(cover: Cover, play: Play, rules: Rules) -> Verdict:
    violation = Violation(
        ViolationCode.PLAY_WITHOUT_REPLAY,
        f"{play} is another play after this turn's play, with no Jreplay laid between them",
    )
    return resolved_verdict(cover.card, play, rules, [violation], stays=(), rulings=("play-without-replay-returns",))
