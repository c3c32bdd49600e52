"""The verdict model shared by the four games, so every move is explained the same way.

Each game keeps one table of violation codes: an :class:`~enum.Enum` whose
members carry a :class:`RuleReference` (the rulebook section they enforce
and a one-line summary).  A :class:`Violation` is one code broken by one
move, with an English message about that move.  Every game's verdict
satisfies :class:`GameVerdict`: it names its game (a plain string, so a
game defined outside the package has verdicts too), says whether the move is
legal, lists its violations and the rulings it relied on, and has a JSON
form.  :class:`BaseVerdict` gives the games' verdict classes what they share
(``game``, ``legal``, ``codes`` and the frame of the JSON form); each class
adds only its own fields.

>>> from solver.nambarz.violations import ViolationCode
>>> violation = Violation(ViolationCode.NOT_MINIMAL, "6 / 2 already reaches 3")
>>> violation.to_dict()["rule"], violation.to_dict()["penalty"]
('III.2', 'V.1')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol


@dataclass(frozen=True)
class RuleReference:
    """Where a rule is stated, what it says in one line, and (Nambarz only) where its penalty is.

    ``rule`` cites the rulebook by its own numbering: the Roman sections of
    Nambarz (``"III.2"``), the numbered rules of Nmbrs! (``"9"``), and the
    section headings of The Game and Quando, which have no numbers.
    """

    rule: str
    summary: str
    penalty: str | None = None


class RuleCode(Protocol):
    """A member of a game's table of violation codes."""

    @property
    def value(self) -> str:
        """The code as written in JSON, e.g. ``"not-in-hand"``."""

    @property
    def reference(self) -> RuleReference:
        """The table entry for this code."""


@dataclass(frozen=True)
class Violation:
    """One broken rule in one move, with an English message about this move."""

    code: RuleCode
    message: str

    @property
    def reference(self) -> RuleReference:
        """The table entry for this violation's code."""
        return self.code.reference

    def to_dict(self) -> dict[str, str]:
        """JSON form: ``code``, ``rule``, ``message``, and ``penalty`` where the game has one."""
        document = {"code": self.code.value, "rule": self.reference.rule}
        if self.reference.penalty is not None:
            document["penalty"] = self.reference.penalty
        document["message"] = self.message
        return document


class GameVerdict(Protocol):
    """What every game's referee answers about a move."""

    @property
    def game(self) -> str:
        """The name of the game whose rules were applied (``nambarz``, ``thegame``…)."""

    @property
    def legal(self) -> bool:
        """True when the move breaks no rule."""

    @property
    def violations(self) -> tuple[Violation, ...]:
        """Every rule the move breaks, in the order they were found."""

    @property
    def rulings(self) -> tuple[str, ...]:
        """Identifiers of the rulings the verdict relied on (see ``docs/rulings.md``)."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON form shared by the CLI and the HTTP API."""


class BaseVerdict:
    """What every game's verdict class shares; a verdict class adds its own fields.

    A subclass names its game in ``game`` and provides ``violations`` and
    ``rulings`` (as fields or properties); a move is legal when it breaks no
    rule.  The JSON form is always, in this order: ``game``, the
    :meth:`_subject_fields` (what was judged, for the games that name it
    first), ``legal``, ``violations`` (as :meth:`_violation_entries` writes
    them), the :meth:`_detail_fields`, and ``rulings`` last.

    >>> from solver.nambarz import Card, Chain, check
    >>> verdict = check(Card.parse("3"), Chain.parse("1 + 2"))
    >>> verdict.game, verdict.legal, verdict.codes, list(verdict.to_dict())[:5]
    ('nambarz', True, [], ['game', 'top', 'play', 'rules', 'legal'])
    """

    game: ClassVar[str]
    """The name of the game whose rules were applied, as in the registry (:data:`solver.games.GAMES`)."""

    # Declared for the type checker only: verdict classes give these as dataclass fields,
    # which a property of the same name here would make impossible to set.
    if TYPE_CHECKING:

        @property
        def violations(self) -> tuple[Violation, ...]:
            """Every rule the move breaks, in the order they were found."""

        @property
        def rulings(self) -> tuple[str, ...]:
            """Identifiers of the rulings the verdict relied on."""

    @property
    def legal(self) -> bool:
        """True when the move breaks no rule."""
        return not self.violations

    @property
    def codes(self) -> list[str]:
        """The violation codes, in the order they are listed."""
        return [violation.code.value for violation in self.violations]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form shared by the CLI and the HTTP API."""
        return {
            "game": self.game,
            **self._subject_fields(),
            "legal": self.legal,
            "violations": self._violation_entries(),
            **self._detail_fields(),
            "rulings": list(self.rulings),
        }

    def _subject_fields(self) -> dict[str, Any]:
        """The JSON fields naming what was judged, placed before ``legal``; none unless a game wants them there."""
        return {}

    def _violation_entries(self) -> list[dict[str, Any]]:
        """The JSON list of violations; a verdict on several plays may number them."""
        return [violation.to_dict() for violation in self.violations]

    def _detail_fields(self) -> dict[str, Any]:
        """The game's own JSON fields, between ``violations`` and ``rulings``."""
        return {}


def code_table(codes: Iterable[RuleCode]) -> list[dict[str, str]]:
    """A game's table of violation codes as JSON, in the table's order.

    >>> from solver.nambarz.violations import ViolationCode
    >>> code_table(ViolationCode)[0]["code"], code_table(ViolationCode)[0]["rule"]
    ('no-match', 'III.1')
    """
    rows = []
    for code in codes:
        reference = code.reference
        row = {"code": code.value, "rule": reference.rule}
        if reference.penalty is not None:
            row["penalty"] = reference.penalty
        row["summary"] = reference.summary
        rows.append(row)
    return rows


def public_verdict(verdict: Mapping[str, Any], mover: int, seat: int) -> dict[str, Any]:
    """What ``seat`` may see of the verdict on an action of ``mover``, in a game whose verdicts say nothing hidden.

    Nambarz, The Game and Nmbrs! judge only what is laid in sight of
    everyone, so every seat may see the whole verdict; Quando's has its own
    (:func:`solver.quando.view.seat_verdict`).

    >>> public_verdict({"legal": True, "action": "pass"}, 1, 0)
    {'legal': True, 'action': 'pass'}
    """
    return dict(verdict)
