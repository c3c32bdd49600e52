"""The Game in words: verdicts, hints and self-play runs, in English, Italian, German or French, for a terminal.

Every sentence goes through the ``thegame`` gettext catalog (see
:mod:`tutor.i18n`): English is the catalog's ids, the other languages
come from ``tutor/locale/<lang>/LC_MESSAGES/thegame.po``.  Card numbers,
pile names, placements (``37>asc1``), violation codes and the rulebook's
section headings stay as the verdicts write them.

>>> from solver.thegame.referee import Placement, Position, check_play
>>> from solver.thegame.rules import Pile
>>> position = Position({Pile.ASC1: 47, Pile.ASC2: 1, Pile.DESC1: 65, Pile.DESC2: 100}, (37, 75, 12), draw_pile=50)
>>> print(explain_play_verdict(check_play(position, [Placement.parse("37>asc1"), Placement.parse("75>desc1")])))
Legal play: 37>asc1, 75>desc1 (2 cards laid; this turn needs at least 2).
  1. 37 on asc1 showing 47: ten back.
  2. 75 on desc1 showing 65: ten back.
  Piles after: asc1 37, asc2 1, desc1 75, desc2 100.
  Draw 2 cards; the hand keeps 12.
"""

from __future__ import annotations

import gettext
from dataclasses import dataclass

from solver.thegame.cards import HIGHEST_CARD, LOWEST_CARD
from solver.thegame.hint import TurnHint
from solver.thegame.referee import JudgedPlacement, PlayVerdict
from solver.thegame.rules import BACKWARDS_STEP, PILES, Pile, Variant
from solver.thegame.rulings import RULINGS
from solver.thegame.simulate import SimulationReport
from solver.thegame.state import ActionVerdict, State
from solver.thegame.strategy import Request
from solver.thegame.violations import ViolationCode
from solver.verdicts import RuleCode, Violation
from tutor import thegame_review
from tutor.i18n import DEFAULT_LANGUAGE, translator
from tutor.text import BrokenRule, broken_rule, listed, ruling_lines
from tutor.words import GameWords

DOMAIN = "thegame"
"""The gettext domain of The Game's sentences."""


def _translations(lang: str) -> gettext.NullTranslations:
    return translator(lang, DOMAIN)


def _translated(translations: gettext.NullTranslations) -> bool:
    """True for a language other than English, whose sentences are built from the verdict's fields."""
    return isinstance(translations, gettext.GNUTranslations)


# ----------------------------------------------------------------- a whole play


def explain_play_verdict(verdict: PlayVerdict, lang: str = DEFAULT_LANGUAGE) -> str:
    """A whole play in ``lang``: the ruling, each placement with its faults, what happens to the play, the rulings.

    English shows the referee's own message for each violation; the other
    languages build one translated sentence per violation from the verdict.

    >>> from solver.thegame.referee import Placement, Position, check_play
    >>> from solver.thegame.rules import Pile
    >>> position = Position({Pile.ASC1: 47, Pile.ASC2: 1, Pile.DESC1: 65, Pile.DESC2: 100}, (37, 75, 12), draw_pile=50)
    >>> play = [Placement.parse(placement) for placement in ("37>asc1", "12>asc1", "75>desc1")]
    >>> print(explain_play_verdict(check_play(position, play), lang="it"))  # doctest: +NORMALIZE_WHITESPACE
    Giocata non valida: 37>asc1, 12>asc1, 75>desc1 (2 carte calate; questo turno ne chiede almeno 2).
      1. 37 su asc1 che mostra 47: dieci indietro.
      2. 12 su asc1 che mostra 37: saltata, la carta resta in mano.
         wrong-direction (regola «I mucchietti: regole per calare carte»): 12 non va su asc1 che mostra 37:
           in salita deve essere più alta di 37, oppure esattamente 27
      3. 75 su desc1 che mostra 65: dieci indietro.
      Risoluzione: 37>asc1 e 75>desc1 restano sui mucchietti. 12 torna in mano.
        Il turno finisce con le carte calate correttamente: pesca 2 carte.
      Mucchietti dopo: asc1 37, asc2 1, desc1 75, desc2 100.
      Pesca 2 carte; carte in mano: 12.
      Decisione back-exactly-ten (decisione del progetto): una carta va contro il verso di un mucchietto
        solo esattamente dieci indietro; la sequenza discendente 98, 97, 88, 83, 85 del regolamento
        è un errore di stampa.
      Decisione skip-illegal-placement (decisione del progetto): una carta calata in modo non valido viene saltata:
        resta in mano, non conta e le carte successive si giudicano sui mucchietti lasciati da quelle valide.
    """
    translations = _translations(lang)
    _ = translations.gettext
    lines = [_headline(verdict, translations)]
    reasons = _violation_reasons(verdict, translations)
    numbered: dict[int | None, list[str]] = {}
    for fault, reason in zip(verdict.faults, reasons, strict=True):
        numbered.setdefault(fault.placement, []).append(_violation_words(fault.violation, reason, translations))
    for number, judged in enumerate(verdict.placements, start=1):
        lines.append(f"  {number}. {_placement_words(judged, verdict, translations)}")
        lines += [f"     {words}" for words in numbered.get(number, [])]
    lines += ["  " + _("The play: %(violation)s") % {"violation": words} for words in numbered.get(None, [])]
    if not verdict.legal:
        lines.append("  " + _("Resolution: %(resolution)s") % {"resolution": _play_resolution(verdict, translations)})
    tops = ", ".join(f"{pile.value} {verdict.piles_after[pile]}" for pile in PILES)
    lines.append("  " + _("Piles after: %(tops)s.") % {"tops": tops})
    lines.append("  " + _draw_sentence(verdict, translations))
    lines += ["  " + sentence for sentence in _fire_sentences(verdict, translations)]
    lines += ruling_lines(verdict.rulings, RULINGS, translations)
    return "\n".join(lines)


def _placement_words(judged: JudgedPlacement, verdict: PlayVerdict, translations: gettext.NullTranslations) -> str:
    _ = translations.gettext
    placement = judged.placement
    if judged.covers is None:
        return _("%(card)d on %(pile)s: skipped.") % {"card": placement.card, "pile": repr(placement.pile)}
    fields = {"card": placement.card, "pile": placement.pile, "top": judged.covers}
    if not judged.legal and placement.card in verdict.hand_after:
        return _("%(card)d on %(pile)s showing %(top)d: skipped, the card stays in hand.") % fields
    if not judged.legal:
        return _("%(card)d on %(pile)s showing %(top)d: skipped.") % fields
    if judged.backwards:
        return _("%(card)d on %(pile)s showing %(top)d: ten back.") % fields
    return _("%(card)d on %(pile)s showing %(top)d.") % fields


def play_violation_reasons(verdict: PlayVerdict, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """Why the play breaks each of its violations' rules, in order, in ``lang`` (the referee's messages in English).

    >>> from solver.thegame.referee import Placement, Position, check_play
    >>> from solver.thegame.rules import Pile
    >>> position = Position({Pile.ASC1: 47, Pile.ASC2: 1, Pile.DESC1: 65, Pile.DESC2: 100}, (37, 75), draw_pile=50)
    >>> verdict = check_play(position, [Placement.parse("50>asc1")])
    >>> play_violation_reasons(verdict, "fr")[0]
    "50 n'est pas dans la main"
    >>> play_violation_reasons(verdict) == [violation.message for violation in verdict.violations]
    True
    """
    return _violation_reasons(verdict, _translations(lang))


def _violation_reasons(verdict: PlayVerdict, translations: gettext.NullTranslations) -> list[str]:
    """One reason per fault, in order: the referee's message in English, else a sentence built from the verdict."""
    if not _translated(translations):
        return [fault.violation.message for fault in verdict.faults]
    uncovered = iter(
        pile for pile in verdict.position.fire_due if verdict.piles_after[pile] == verdict.position.piles[pile]
    )
    reasons = []
    for fault in verdict.faults:
        code = fault.violation.code
        if code is ViolationCode.TOO_FEW_CARDS:
            reasons.append(_too_few_reason(verdict, translations))
        elif code is ViolationCode.FIRE_UNCOVERED:
            pile = next(uncovered)
            reasons.append(_fire_reason(verdict.position.piles[pile], pile, translations))
        else:
            assert fault.placement is not None, "only too-few-cards and fire-uncovered concern the whole play"
            reasons.append(_placement_reason(code, fault.placement, verdict, translations))
    return reasons


def _placement_reason(code: RuleCode, number: int, verdict: PlayVerdict, translations: gettext.NullTranslations) -> str:
    _ = translations.gettext
    judged = verdict.placements[number - 1]
    card, pile = judged.placement.card, judged.placement.known_pile
    if code is ViolationCode.UNKNOWN_PILE:
        return _("there is no pile %(pile)s: the piles are asc1, asc2, desc1 and desc2") % {
            "pile": repr(judged.placement.pile)
        }
    if code is ViolationCode.CARD_LAID_TWICE:
        earlier = next(
            laid
            for laid, other in enumerate(verdict.placements, start=1)
            if other.legal and other.placement.card == card
        )
        return _("%(card)d was already laid by placement %(number)d") % {"card": card, "number": earlier}
    if code is ViolationCode.NOT_IN_HAND:
        return _("%(card)d is not in the hand") % {"card": card}
    assert code is ViolationCode.WRONG_DIRECTION and pile is not None and judged.covers is not None
    return _wrong_direction_reason(card, pile, judged.covers, translations)


def _wrong_direction_reason(card: int, pile: Pile, top: int, translations: gettext.NullTranslations) -> str:
    _ = translations.gettext
    back = top - BACKWARDS_STEP if pile.ascending else top + BACKWARDS_STEP
    fields = {"card": card, "pile": pile.value, "top": top, "back": back}
    if LOWEST_CARD <= back <= HIGHEST_CARD and pile.ascending:
        reason = _(
            "%(card)d does not fit on %(pile)s showing %(top)d: going up it must be higher than %(top)d, "
            "or exactly %(back)d"
        )
    elif LOWEST_CARD <= back <= HIGHEST_CARD:
        reason = _(
            "%(card)d does not fit on %(pile)s showing %(top)d: going down it must be lower than %(top)d, "
            "or exactly %(back)d"
        )
    elif pile.ascending:
        reason = _("%(card)d does not fit on %(pile)s showing %(top)d: going up it must be higher than %(top)d")
    else:
        reason = _("%(card)d does not fit on %(pile)s showing %(top)d: going down it must be lower than %(top)d")
    return reason % fields


def _too_few_reason(verdict: PlayVerdict, translations: gettext.NullTranslations) -> str:
    ngettext = translations.ngettext
    fields = {"laid": verdict.laid, "minimum": verdict.position.minimum}
    if not verdict.minimum_reachable:
        reason = ngettext(
            "%(laid)d card laid legally; this turn needs %(minimum)d: "
            "no order of this hand lays %(minimum)d on these piles, so the game ends",
            "%(laid)d cards laid legally; this turn needs %(minimum)d: "
            "no order of this hand lays %(minimum)d on these piles, so the game ends",
            verdict.laid,
        )
    elif "stuck-below-minimum-ends-game" in verdict.rulings:
        reason = ngettext(
            "%(laid)d card laid legally; this turn needs %(minimum)d: "
            "another order would have reached it, but from the piles this play leaves the game ends",
            "%(laid)d cards laid legally; this turn needs %(minimum)d: "
            "another order would have reached it, but from the piles this play leaves the game ends",
            verdict.laid,
        )
    else:
        reason = ngettext(
            "%(laid)d card laid legally; this turn needs %(minimum)d: more cards can still be laid",
            "%(laid)d cards laid legally; this turn needs %(minimum)d: more cards can still be laid",
            verdict.laid,
        )
    return reason % fields


def _fire_reason(card: int, pile: Pile, translations: gettext.NullTranslations) -> str:
    reason = translations.gettext(
        "the fire card %(card)d on %(pile)s is still uncovered at the end of the play: the game is lost"
    )
    return reason % {"card": card, "pile": pile.value}


def _play_resolution(verdict: PlayVerdict, translations: gettext.NullTranslations) -> str:
    """What becomes of an illegal play: what stays on the piles, what goes back to the hand, and what follows."""
    _, ngettext = translations.gettext, translations.ngettext
    laid = [str(judged.placement) for judged in verdict.placements if judged.legal]
    if laid:
        stays = ngettext("%(placements)s stays on the piles.", "%(placements)s stay on the piles.", len(laid))
        sentences = [stays % {"placements": listed(laid, translations)}]
    else:
        sentences = [_("No card stays on the piles.")]
    back = list(
        dict.fromkeys(
            judged.placement.card
            for judged in verdict.placements
            if not judged.legal and judged.placement.card in verdict.hand_after
        )
    )
    if back:
        goes_back = ngettext("%(cards)s goes back to the hand.", "%(cards)s go back to the hand.", len(back))
        sentences.append(goes_back % {"cards": listed(back, translations)})
    codes = {violation.code for violation in verdict.violations}
    missing = verdict.position.minimum - verdict.laid
    if ViolationCode.TOO_FEW_CARDS in codes and (
        not verdict.minimum_reachable or "stuck-below-minimum-ends-game" in verdict.rulings
    ):
        sentences.append(_("The game ends: this turn cannot lay its minimum."))
    elif ViolationCode.TOO_FEW_CARDS in codes:
        more = ngettext(
            "The turn is not over: lay %(count)d more card before ending it.",
            "The turn is not over: lay %(count)d more cards before ending it.",
            missing,
        )
        sentences.append(more % {"count": missing})
    elif ViolationCode.FIRE_UNCOVERED in codes:
        sentences.append(_("The game is lost: a fire card due in this turn is still uncovered."))
    elif verdict.draw:
        ends = ngettext(
            "The turn ends with the legal placements: draw %(count)d card.",
            "The turn ends with the legal placements: draw %(count)d cards.",
            verdict.draw,
        )
        sentences.append(ends % {"count": verdict.draw})
    else:
        sentences.append(_("The turn ends with the legal placements; the draw pile is empty, so no card is drawn."))
    return " ".join(sentences)


def _headline(verdict: PlayVerdict, translations: gettext.NullTranslations) -> str:
    """The first line of a play's verdict: legal or not, the placements, the cards laid and the minimum."""
    _, ngettext = translations.gettext, translations.ngettext
    written = ", ".join(str(judged.placement) for judged in verdict.placements) or _("no placement")
    fields = {"play": written, "laid": verdict.laid, "minimum": verdict.position.minimum}
    if verdict.legal:
        header = ngettext(
            "Legal play: %(play)s (%(laid)d card laid; this turn needs at least %(minimum)d).",
            "Legal play: %(play)s (%(laid)d cards laid; this turn needs at least %(minimum)d).",
            verdict.laid,
        )
    else:
        header = ngettext(
            "Illegal play: %(play)s (%(laid)d card laid; this turn needs at least %(minimum)d).",
            "Illegal play: %(play)s (%(laid)d cards laid; this turn needs at least %(minimum)d).",
            verdict.laid,
        )
    return header % fields


def _draw_sentence(verdict: PlayVerdict, translations: gettext.NullTranslations) -> str:
    kept = " ".join(map(str, verdict.hand_after)) or translations.gettext("no card")
    draw = translations.ngettext(
        "Draw %(count)d card; the hand keeps %(kept)s.", "Draw %(count)d cards; the hand keeps %(kept)s.", verdict.draw
    )
    return draw % {"count": verdict.draw, "kept": kept}


def _fire_sentences(verdict: PlayVerdict, translations: gettext.NullTranslations) -> list[str]:
    fire = translations.gettext("The fire card %(card)d on %(pile)s must be covered by the end of the next turn.")
    return [fire % {"card": verdict.piles_after[pile], "pile": pile.value} for pile in verdict.fire_pending]


@dataclass(frozen=True)
class PlacementWords:
    """One placement of a play in words: what it was laid on and what became of it, and the rules it broke."""

    number: int
    placement: str
    legal: bool
    words: str
    broken: tuple[BrokenRule, ...]


@dataclass(frozen=True)
class PlayVerdictWords:
    """A play's verdict in one language, part by part, for a page that lays them out itself.

    :func:`explain_play_verdict` prints the same sentences as lines.
    ``broken`` holds the faults of the play as a whole (too few cards, a
    fire card left uncovered); each placement holds its own.  ``resolution``
    is ``None`` for a legal play.

    >>> from solver.thegame.referee import Placement, Position, check_play
    >>> from solver.thegame.rules import Pile
    >>> position = Position({Pile.ASC1: 47, Pile.ASC2: 1, Pile.DESC1: 65, Pile.DESC2: 100}, (37, 75, 12), draw_pile=50)
    >>> words = play_verdict_words(check_play(position, [Placement.parse("12>asc1")]), "it")
    >>> [rule.code for placement in words.placements for rule in placement.broken], words.broken[0].code
    (['wrong-direction'], 'too-few-cards')
    >>> words.placements[0].words
    '12 su asc1 che mostra 47: saltata, la carta resta in mano.'
    """

    legal: bool
    headline: str
    placements: tuple[PlacementWords, ...]
    broken: tuple[BrokenRule, ...]
    resolution: str | None
    draw: str
    fire: tuple[str, ...]
    rulings: tuple[str, ...]


def play_verdict_words(verdict: PlayVerdict, lang: str = DEFAULT_LANGUAGE) -> PlayVerdictWords:
    """The sentences of a play's verdict in ``lang``, part by part (see :class:`PlayVerdictWords`)."""
    translations = _translations(lang)
    broken: dict[int | None, list[BrokenRule]] = {}
    for fault, reason in zip(verdict.faults, _violation_reasons(verdict, translations), strict=True):
        broken.setdefault(fault.placement, []).append(broken_rule(fault.violation, reason, translations))
    placements = tuple(
        PlacementWords(
            number,
            str(judged.placement),
            judged.legal,
            _placement_words(judged, verdict, translations),
            tuple(broken.get(number, ())),
        )
        for number, judged in enumerate(verdict.placements, start=1)
    )
    return PlayVerdictWords(
        legal=verdict.legal,
        headline=_headline(verdict, translations),
        placements=placements,
        broken=tuple(broken.get(None, ())),
        resolution=None if verdict.legal else _play_resolution(verdict, translations),
        draw=_draw_sentence(verdict, translations),
        fire=tuple(_fire_sentences(verdict, translations)),
        rulings=tuple(ruling_lines(verdict.rulings, RULINGS, translations, indent="")),
    )


# ----------------------------------------------------------------- one action of a game


def explain_verdict(verdict: ActionVerdict, lang: str = DEFAULT_LANGUAGE) -> str:
    """One action of a game in ``lang``: legal or not, what a placement covers, each violation, what happens.

    >>> from solver.thegame.state import Action, Game, State
    >>> from solver.thegame.rules import Pile
    >>> state = State.from_position(Game(), [[37, 60]], tops={Pile.ASC1: 47}, draw_pile=[2, 3])
    >>> print(explain_verdict(state.check(Action.parse("37>asc1"))))
    Legal: 37>asc1 (seat 0), on asc1 showing 47, ten back.
    >>> print(explain_verdict(state.check(Action.parse("end"))))
    Illegal: end of the turn (seat 0).
      too-few-cards (Svolgimento della partita): seat 0 has laid 0 of the 2 cards this turn needs
      Resolution: The action is refused and nothing changes: lay more cards before ending the turn.
    >>> print(explain_verdict(state.check(Action.parse("50>asc1")), lang="de"))
    Nicht erlaubt: 50>asc1 (Platz 0), auf asc1 mit 47.
      not-in-hand (Regel „Svolgimento della partita“): Platz 0 hat die 50 nicht auf der Hand
      Auflösung: Die Aktion wird abgelehnt und nichts ändert sich: Wähle eine andere Aktion.
    """
    translations = _translations(lang)
    _ = translations.gettext
    status = _("Legal") if verdict.legal else _("Illegal")
    action = verdict.action
    who = _("the game is over") if verdict.seat is None else _("seat %(seat)d") % {"seat": verdict.seat}
    fields = {"status": status, "who": who, "action": str(action)}
    if action.is_end or action.pile is None:
        line = _("%(status)s: end of the turn (%(who)s).") % fields
    elif verdict.covers is None:
        line = _("%(status)s: %(action)s (%(who)s).") % fields
    elif verdict.backwards:
        line = _("%(status)s: %(action)s (%(who)s), on %(pile)s showing %(top)d, ten back.") % {
            **fields,
            "pile": action.pile.value,
            "top": verdict.covers,
        }
    else:
        line = _("%(status)s: %(action)s (%(who)s), on %(pile)s showing %(top)d.") % {
            **fields,
            "pile": action.pile.value,
            "top": verdict.covers,
        }
    lines = [line]
    for violation in verdict.violations:
        reason = _action_reason(violation, verdict, translations)
        lines.append("  " + _violation_words(violation, reason, translations))
    if not verdict.legal:
        lines.append("  " + _("Resolution: %(resolution)s") % {"resolution": _action_resolution(verdict, translations)})
    lines += ruling_lines(verdict.rulings, RULINGS, translations)
    return "\n".join(lines)


def violation_reasons(verdict: ActionVerdict, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """Why the action breaks each of its violations' rules, in order, in ``lang`` (the referee's messages in English).

    >>> from solver.thegame.state import Action, Game, State
    >>> from solver.thegame.rules import Pile
    >>> state = State.from_position(Game(), [[37, 60]], tops={Pile.ASC1: 47}, draw_pile=[2, 3])
    >>> verdict = state.check(Action.parse("50>asc1"))
    >>> violation_reasons(verdict, "it")
    ['il posto 0 non ha in mano 50']
    >>> violation_reasons(verdict) == [violation.message for violation in verdict.violations]
    True
    """
    translations = _translations(lang)
    return [_action_reason(violation, verdict, translations) for violation in verdict.violations]


def _action_reason(violation: Violation, verdict: ActionVerdict, translations: gettext.NullTranslations) -> str:
    if not _translated(translations):
        return violation.message
    _ = translations.gettext
    code, action = violation.code, verdict.action
    if code is ViolationCode.GAME_OVER:
        return _("the game is over; %(action)s comes too late") % {"action": str(action)}
    if code is ViolationCode.TOO_FEW_CARDS:
        return _("seat %(seat)d has not yet laid the cards this turn needs") % {"seat": verdict.seat}
    if code is ViolationCode.NOT_IN_HAND:
        return _("seat %(seat)d does not hold %(card)d") % {"seat": verdict.seat, "card": action.card}
    assert code is ViolationCode.WRONG_DIRECTION
    assert action.card is not None and action.pile is not None and verdict.covers is not None
    return _wrong_direction_reason(action.card, action.pile, verdict.covers, translations)


def _action_resolution(verdict: ActionVerdict, translations: gettext.NullTranslations) -> str:
    """What the game does with an illegal action: it refuses it; the sentence says what the player may do instead."""
    _ = translations.gettext
    codes = set(verdict.codes)
    if ViolationCode.GAME_OVER.value in codes:
        return _("The action is refused: the game has ended.")
    if ViolationCode.TOO_FEW_CARDS.value in codes:
        return _("The action is refused and nothing changes: lay more cards before ending the turn.")
    return _("The action is refused and nothing changes: choose another action.")


# ----------------------------------------------------------------- shared lines


def _violation_words(violation: Violation, reason: str, translations: gettext.NullTranslations) -> str:
    # TRANSLATORS: one violation: its code (such as "wrong-direction"), the rulebook's section heading
    # (in Italian, as printed), and why the move breaks the rule.
    words = translations.gettext("%(code)s (%(rule)s): %(reason)s")
    return words % {"code": violation.code.value, "rule": violation.reference.rule, "reason": reason}


# ----------------------------------------------------------------- the turn hint


def explain_hint(hint: TurnHint, lang: str = DEFAULT_LANGUAGE) -> str:
    """The suggested turn in ``lang``, with the referee's verdict on it and what to ask of the others.

    >>> from solver.thegame.hint import hint
    >>> from solver.thegame.referee import Position
    >>> from solver.thegame.rules import Pile
    >>> tops = {Pile.ASC1: 47, Pile.ASC2: 60, Pile.DESC1: 30, Pile.DESC2: 52}
    >>> print(explain_hint(hint(Position(tops, (37, 61, 64, 95), draw_pile=40))))
    Suggestion: 37>asc1, 61>asc2.
      1. 37 on asc1 showing 47: ten back.
      2. 61 on asc2 showing 60.
      Piles after: asc1 37, asc2 61, desc1 30, desc2 52.
      Draw 2 cards; the hand keeps 64 95.
      Then tell the others: "please don't play on asc2".
    >>> print(explain_hint(hint(Position(tops, (37, 61, 64, 95), draw_pile=40)), lang="fr"))
    Suggestion : 37>asc1, 61>asc2.
      1. 37 sur asc1 qui montre 47 : dix en arrière.
      2. 61 sur asc2 qui montre 60.
      Piles après : asc1 37, asc2 61, desc1 30, desc2 52.
      Pioche 2 cartes ; en main : 64 95.
      Puis dis aux autres : « s'il vous plaît, ne jouez pas sur asc2 ».
    """
    translations = _translations(lang)
    _ = translations.gettext
    if not hint.play:
        return _("No order of this hand lays the minimum: the game ends here.")
    verdict_lines = explain_play_verdict(hint.verdict, lang).splitlines()
    suggestion = _("Suggestion: %(play)s.") % {"play": ", ".join(str(placement) for placement in hint.play)}
    lines = [suggestion, *verdict_lines[1:]]
    if hint.requests_after:
        asks = [_request_words(request, pile, translations) for pile, request in hint.requests_after.items()]
        lines.append("  " + _("Then tell the others: %(requests)s.") % {"requests": ", ".join(asks)})
    return "\n".join(lines)


def _request_words(request: Request, pile: Pile, translations: gettext.NullTranslations) -> str:
    _ = translations.gettext
    if request is Request.PLEASE_DONT:
        # TRANSLATORS: what a player says to the others, with the quotation marks of your language.
        return _('"please don\'t play on %(pile)s"') % {"pile": pile.value}
    # TRANSLATORS: what a player says to the others, with the quotation marks of your language.
    return _('"I really need %(pile)s"') % {"pile": pile.value}


MOST_COMMON_SHOWN = 5
"""How many of the most frequent numbers of cards left the summary names."""


def explain_simulation(report: SimulationReport, lang: str = DEFAULT_LANGUAGE) -> str:
    """The win rate with its confidence interval, excellent games, cards left and speed of a run, in ``lang``.

    >>> from solver.thegame.simulate import simulate
    >>> text = explain_simulation(simulate(players=1, games=2, seed=1, on_fire=True, bot="naive"))
    >>> text.splitlines()[0]
    'The naive bot played 2 games of The Game solo (standard game, On Fire).'
    >>> text = explain_simulation(simulate(players=2, games=1, seed=1, variant=Variant.PRO, bot="naive"), "it")
    >>> text.splitlines()[0]
    'Il bot naive ha giocato 1 partita di The Game in 2 giocatori (versione pro).'
    """
    translations = translator(lang, DOMAIN)
    _, ngettext = translations.gettext, translations.ngettext
    low, high = report.win_rate_ci95
    fields = {
        "bot": report.bot,
        "games": report.games,
        "players": report.players,
        "settings": _settings(report, translations),
        "wins": report.wins,
        "rate": f"{report.win_rate:.1%}",
        "low": f"{low:.1%}",
        "high": f"{high:.1%}",
        "excellent": report.excellent,
        "excellent_rate": f"{report.excellent_rate:.1%}",
        "lost_to_fire": report.lost_to_fire,
        "mean": f"{report.mean_left:.1f}",
        "speed": f"{report.games_per_second:.1f}",
    }
    if report.players == 1:
        played = ngettext(
            "The %(bot)s bot played %(games)d game of The Game solo (%(settings)s).",
            "The %(bot)s bot played %(games)d games of The Game solo (%(settings)s).",
            report.games,
        )
    else:
        played = ngettext(
            "The %(bot)s bot played %(games)d game of The Game for %(players)d players (%(settings)s).",
            "The %(bot)s bot played %(games)d games of The Game for %(players)d players (%(settings)s).",
            report.games,
        )
    lines = [
        played % fields,
        "  " + _("Won %(wins)d (%(rate)s; 95%% confidence interval %(low)s to %(high)s).") % fields,
        "  " + _("Excellent, fewer than 10 cards left: %(excellent)d (%(excellent_rate)s).") % fields,
    ]
    if report.on_fire:
        lines.append("  " + _("Lost to a fire card left uncovered: %(lost_to_fire)d.") % fields)
    common = sorted(report.cards_left.items(), key=lambda item: (-item[1], item[0]))[:MOST_COMMON_SHOWN]
    # TRANSLATORS: one item of a list: in "7 left in 3", 3 games ended with 7 cards left.
    left_in = _("%(left)d left in %(count)d")
    listed = ", ".join(left_in % {"left": left, "count": count} for left, count in common)
    lines.append("  " + _("Cards left: %(mean)s on average; most often %(listed)s.") % {**fields, "listed": listed})
    lines.append("  " + _("Speed: %(speed)s games per second.") % fields)
    return "\n".join(lines)


def _settings(report: SimulationReport, translations: gettext.NullTranslations) -> str:
    _ = translations.gettext
    pro = report.variant is Variant.PRO
    if report.on_fire:
        # TRANSLATORS: "On Fire" is the name of an expansion of The Game.
        return _("pro version, On Fire") if pro else _("standard game, On Fire")
    return _("pro version") if pro else _("standard game")


WORDS = GameWords(
    name="thegame",
    explain_verdict=explain_verdict,
    violation_reasons=violation_reasons,
    explain_turn_review=thegame_review.explain_turn_review,
    totals_sentences=thegame_review.totals_sentences,
    verdicts=(ActionVerdict,),
    state=State,
)
"""The Game's entry in :data:`tutor.games.TUTORS`."""
