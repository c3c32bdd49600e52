"""The referee's verdict on one action of a game being played, in words, for the player who took it.

Every game's state judges an action with ``State.check`` and carries it out
with ``State.apply``; :func:`explain_action_verdict` puts the verdict either
gives into words in Italian, German, French or English, whatever the game,
and :func:`verdict_document` adds those words to the verdict's JSON form.
Each game's own explanation does the work (:mod:`tutor.nambarz`,
:mod:`tutor.thegame`, :mod:`tutor.quando`, :mod:`tutor.nmbrs`); this module
chooses it, and says what a Nambarz draw or pass does.

>>> from solver.games import find_game
>>> from solver.quando.state import Action
>>> state = find_game("quando").new_game(players=3, seed=1)
>>> print(explain_action_verdict(state.check(Action.parse("play 8 9 10")), "de"))
Gültig: 8 9 10 spielen ist eine Straße aus drei aufeinanderfolgenden Zahlen.
  Jetzt zieht der Spieler eine Karte und wählt vor dem Hinsehen die sichtbare oder die verdeckte
      Seite.
  Vor dem Ziehen bleiben in der Hand: 3 5 2 1 6 (Summe 17).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from solver.nambarz.referee import Verdict as NambarzVerdict
from solver.nambarz.state import ActionKind as NambarzActionKind
from solver.nambarz.state import ActionVerdict as NambarzActionVerdict
from solver.nmbrs.state import ActionVerdict as NmbrsActionVerdict
from solver.quando.referee import Verdict as QuandoVerdict
from solver.thegame.state import ActionVerdict as TheGameActionVerdict
from solver.verdicts import GameVerdict
from tutor import nambarz, nmbrs, quando, thegame
from tutor.i18n import DEFAULT_LANGUAGE, translator


def explain_action_verdict(verdict: GameVerdict, lang: str = DEFAULT_LANGUAGE) -> str:
    """The verdict a game's ``State.apply`` or ``State.check`` gives on an action, in ``lang``.

    The first line says whether the action is legal and what it was; then
    come the rules it breaks, each with the section of the rulebook it
    cites, or what a legal action leads to; then the rulings relied on.

    >>> from solver.games import find_game
    >>> from solver.nambarz.state import Action
    >>> state = find_game("nambarz").new_game(players=2, seed=1)
    >>> print(explain_action_verdict(state.check(Action.parse("9 / 3"))))  # doctest: +NORMALIZE_WHITESPACE
    Not legal: 9 ÷ 3 on 3bee.
      matching-card-in-calculation (rule III.2, penalty V.2): 3 (same number) matches the top card 3bee
      and must be played alone.
      Steps: 9 ÷ 3 = 3.
      Resolution: 3 stays on the table; take back 9; draw 3 cards.
      The penalty ends your turn.
      Rules: natural numbers, operations + − × ÷.
    >>> _ = state.apply(Action.parse("3"))
    >>> print(explain_action_verdict(state.check(Action.parse("pass")), "de"))
    Gültig: passen (P1).
      Du beendest deinen Zug.
    """
    if isinstance(verdict, NambarzVerdict):
        return _explain_nambarz_play(verdict, lang)
    if isinstance(verdict, NambarzActionVerdict):
        return _explain_nambarz_action(verdict, lang)
    if isinstance(verdict, TheGameActionVerdict):
        return thegame.explain_action_verdict(verdict, lang)
    if isinstance(verdict, QuandoVerdict):
        return quando.explain_verdict(verdict, lang)
    if isinstance(verdict, NmbrsActionVerdict):
        return nmbrs.explain_action_verdict(verdict, lang)
    raise _not_an_action_verdict(verdict)


def verdict_document(verdict: GameVerdict, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """The verdict's JSON form with its words in ``lang``: ``explanation``, and each violation's ``message``.

    ``message_en`` keeps the referee's English message beside it, also in a
    play's own list of violations within an Nmbrs! action's verdict.

    >>> from solver.games import find_game
    >>> from solver.thegame.state import Action
    >>> state = find_game("thegame").new_game(players=2, seed=1)
    >>> document = verdict_document(state.check(Action.parse("end")), "it")
    >>> document["violations"][0]["message"]
    'il posto 0 non ha ancora calato le carte che questo turno chiede'
    >>> document["violations"][0]["message_en"]
    'seat 0 has laid 0 of the 2 cards this turn needs'
    >>> print(document["explanation"])  # doctest: +NORMALIZE_WHITESPACE
    Non valida: fine del turno (posto 0).
      too-few-cards (regola «Svolgimento della partita»): il posto 0 non ha ancora calato le carte che
      questo turno chiede
      Risoluzione: L'azione è rifiutata e non cambia nulla: cala altre carte prima di chiudere il turno.
    """
    reasons = _violation_reasons(verdict, lang)
    document = verdict.to_dict()
    document["violations"] = _told(document["violations"], reasons)
    if isinstance(verdict, NmbrsActionVerdict) and document["play"] is not None:
        # An Nmbrs! play's verdict repeats the action's violations, which are the play's own.
        document["play"]["violations"] = _told(document["play"]["violations"], reasons)
    document["explanation"] = explain_action_verdict(verdict, lang)
    return document


def _violation_reasons(verdict: GameVerdict, lang: str) -> list[str]:
    """Why the action breaks each of its violations' rules, in order, in ``lang``: English gives the referee's."""
    if isinstance(verdict, NambarzVerdict):
        return [nambarz.violation_reason(violation, verdict, lang) for violation in verdict.violations]
    if isinstance(verdict, NambarzActionVerdict):
        return []  # a draw or a pass the turn does not allow is refused, never judged
    if isinstance(verdict, TheGameActionVerdict):
        return thegame.action_violation_reasons(verdict, lang)
    if isinstance(verdict, QuandoVerdict):
        return [quando.violation_reason(violation, verdict.action, lang) for violation in verdict.violations]
    if isinstance(verdict, NmbrsActionVerdict):
        return nmbrs.action_violation_reasons(verdict, lang)
    raise _not_an_action_verdict(verdict)


def _told(entries: Sequence[Mapping[str, Any]], reasons: Sequence[str]) -> list[dict[str, Any]]:
    """JSON violations with ``message`` in the reader's language (``reasons``, in order), ``message_en`` kept."""
    return [
        {**entry, "message": reason, "message_en": entry["message"]}
        for entry, reason in zip(entries, reasons, strict=True)
    ]


def _not_an_action_verdict(verdict: GameVerdict) -> TypeError:
    return TypeError(
        f"a {type(verdict).__name__} of {verdict.game} is not what a game's State.check gives for an action"
    )


# ----------------------------------------------------------------- Nambarz


def _explain_nambarz_play(verdict: NambarzVerdict, lang: str) -> str:
    """The referee's explanation of a play; in a game a penalised play also ends the turn, which it then says.

    A penalised play that leaves no card on the table already says that the
    turn passes; one that leaves some says it in a line of its own, after
    the resolution.
    """
    text = nambarz.explain_verdict(verdict, lang)
    if verdict.legal or not verdict.stays:
        return text
    _ = translator(lang).gettext
    resolution = nambarz.verdict_words(verdict, lang).resolution
    lines = text.splitlines()
    after = lines.index("  " + _("Resolution: %(resolution)s") % {"resolution": resolution}) + 1
    lines.insert(after, "  " + _("The penalty ends your turn."))
    return "\n".join(lines)


def _explain_nambarz_action(verdict: NambarzActionVerdict, lang: str) -> str:
    """A draw or a pass, which the state allows only when the turn does: legal, and what follows."""
    _ = translator(lang).gettext
    fields = {"player": verdict.player}
    if verdict.action.kind is NambarzActionKind.DRAW:
        # TRANSLATORS: the action of drawing a card, which a player takes when nothing in their hand can be played.
        headline = _("Legal: draw (%(player)s).") % fields
        follows = _("You draw a card, as nothing in your hand could be played: now play if you can, or pass.")
    else:
        # TRANSLATORS: the action of passing, which ends a player's turn after a play or a draw.
        headline = _("Legal: pass (%(player)s).") % fields
        follows = _("You end your turn.")
    return f"{headline}\n  {follows}"
