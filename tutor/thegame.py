"""The Game in words: verdicts, hints and self-play runs, in English, Italian, German or French, for a terminal.

Every sentence goes through the ``thegame`` gettext catalog (see
:mod:`tutor.i18n`): English is the catalog's ids, the other languages
come from ``tutor/locale/<lang>/LC_MESSAGES/thegame.po``.  A person reads
no code: piles, placements and rules are said in words (the first rising
pile, the rulebook's section by its name in the reader's language), and
the player is addressed as "you".  Codes stay in the verdicts themselves.

>>> from solver.thegame.referee import Placement, Position, check_play
>>> from solver.thegame.rules import Pile
>>> position = Position({Pile.ASC1: 47, Pile.ASC2: 1, Pile.DESC1: 65, Pile.DESC2: 100}, (37, 75, 12), draw_pile=50)
>>> print(explain_play_verdict(check_play(position, [Placement.parse("37>asc1"), Placement.parse("75>desc1")])))
Allowed: you laid 2 cards, and this turn needs at least 2.
  1. 37 on the first rising pile, which showed 47: ten back.
  2. 75 on the first falling pile, which showed 65: ten back.
  Piles after: first rising pile: 37, second rising pile: 1, first falling pile: 75, second falling pile: 100.
  Draw 2 cards; you keep 12.
"""

from __future__ import annotations

import gettext
from collections.abc import Sequence
from dataclasses import dataclass

from solver.thegame.cards import HIGHEST_CARD, LOWEST_CARD
from solver.thegame.hint import TurnHint
from solver.thegame.referee import JudgedPlacement, Placement, PlayVerdict
from solver.thegame.rules import BACKWARDS_STEP, PILES, Pile, Variant, Wish
from solver.thegame.rulings import RULINGS
from solver.thegame.simulate import SimulationReport
from solver.thegame.state import END_WORD, REQUEST_WORD, ActionVerdict, State
from solver.thegame.strategy import Request
from solver.thegame.violations import END_SECTION, ON_FIRE_SECTION, PILES_SECTION, TURN_SECTION, ViolationCode
from solver.verdicts import RuleCode, Violation
from tutor import thegame_review
from tutor.i18n import DEFAULT_LANGUAGE, translator
from tutor.text import BrokenRule, listed, ruling_words
from tutor.words import GameWords

DOMAIN = "thegame"
"""The gettext domain of The Game's sentences."""


def _translations(lang: str) -> gettext.NullTranslations:
    return translator(lang, DOMAIN)


def _translated(translations: gettext.NullTranslations) -> bool:
    """True for a language other than English, whose sentences are built from the verdict's fields."""
    return isinstance(translations, gettext.GNUTranslations)


# ----------------------------------------------------------------- piles and rules in words


def pile_words(pile: Pile, lang: str = DEFAULT_LANGUAGE) -> str:
    """A pile as a player of ``lang`` names it, without an article: the sentences around it add one.

    >>> pile_words(Pile.ASC1), pile_words(Pile.DESC2, "it")
    ('first rising pile', 'secondo mucchietto decrescente')
    """
    return _pile(pile, _translations(lang))


def _pile(pile: Pile, translations: gettext.NullTranslations) -> str:
    _ = translations.gettext
    # TRANSLATORS: the four piles, without an article: the sentences add it ("on the first rising pile").
    # German: the form that follows "den" and "dem" ("ersten Aufwärtsstapel").
    words = {
        Pile.ASC1: _("first rising pile"),
        Pile.ASC2: _("second rising pile"),
        Pile.DESC1: _("first falling pile"),
        Pile.DESC2: _("second falling pile"),
    }
    return words[pile]


def placement_words(card: int, pile: Pile, lang: str = DEFAULT_LANGUAGE) -> str:
    """A card laid on a pile, in words of ``lang``.

    >>> placement_words(37, Pile.ASC1), placement_words(37, Pile.ASC1, "it")
    ('37 on the first rising pile', '37 sul primo mucchietto crescente')
    """
    return _placement_said(card, pile, _translations(lang))


def placements_words(actions: Sequence[str], lang: str = DEFAULT_LANGUAGE) -> str:
    """Placements written ``CARD>PILE`` (an end of the turn left out), said in words of ``lang``, one after another.

    >>> placements_words(["37>asc1", "61>asc2", "end"], "de")
    '37 auf den Aufwärtsstapel 1, 61 auf den Aufwärtsstapel 2'
    """
    translations = _translations(lang)
    placed = [Placement.parse(action) for action in actions if _lays_a_card(action)]
    return ", ".join(_placement_said(placement.card, placement.known_pile, translations) for placement in placed)


def _lays_a_card(action: str) -> bool:
    """True for a placement written ``CARD>PILE``; false for ``end`` and for a request (``ask dont asc1``)."""
    words = action.split()
    return action.strip() != END_WORD and not (words and words[0].casefold() == REQUEST_WORD)


def request_words(wish: Wish, pile: Pile, lang: str = DEFAULT_LANGUAGE) -> str:
    """A request about a pile as the player says it aloud, in words of ``lang``, without numbers.

    >>> request_words(Wish.DONT, Pile.ASC1), request_words(Wish.GOOD, Pile.DESC2, "it")
    ("Please don't play on the first rising pile", 'Posso giocare bene sul secondo mucchietto decrescente')
    >>> request_words(Wish.NONE, Pile.ASC2, "de")
    'Ich nehme meinen Wunsch zum Aufwärtsstapel 2 zurück'
    """
    translations = _translations(lang)
    _ = translations.gettext
    fields = {"pile": _pile(pile, translations)}
    if wish is Wish.DONT:
        # TRANSLATORS: what a player asks the others aloud about a pile, with no number.
        return _("Please don't play on the %(pile)s") % fields
    if wish is Wish.GOOD:
        # TRANSLATORS: what a player tells the others aloud about a pile, with no number.
        return _("I can play well on the %(pile)s") % fields
    # TRANSLATORS: a player takes back what they asked the others about a pile.
    return _("I take back my wish about the %(pile)s") % fields


def _placement_said(card: int, pile: Pile | None, translations: gettext.NullTranslations) -> str:
    """A card laid on a pile, in words: "37 on the first rising pile"."""
    if pile is None:
        return str(card)
    return translations.gettext("%(card)d on the %(pile)s") % {"card": card, "pile": _pile(pile, translations)}


def section_words(section: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A section of the rulebook, which cites it by its Italian heading, named in ``lang``.

    >>> section_words("Svolgimento della partita"), section_words("Svolgimento della partita", "it")
    ('How the game is played', 'Svolgimento della partita')
    """
    return _section(section, _translations(lang))


def _section(section: str, translations: gettext.NullTranslations) -> str:
    _ = translations.gettext
    # TRANSLATORS: the headings of the rulebook's sections; Italian: the heading exactly as the rulebook prints it.
    names = {
        PILES_SECTION: _("The piles: rules for laying cards"),
        TURN_SECTION: _("How the game is played"),
        END_SECTION: _("End of the game"),
        ON_FIRE_SECTION: _("The On Fire expansion"),
    }
    return names[section]


def _rule_sentence(violation: Violation, reason: str, translations: gettext.NullTranslations) -> str:
    """Why a violation is one: what happened, then the rule, its section named in words."""
    # TRANSLATORS: why a move breaks a rule: what happened, then the rulebook's section (its name) and the rule.
    sentence = translations.gettext("%(reason)s. Rule “%(section)s”: %(summary)s.")
    reason = reason[:1].upper() + reason[1:]
    section = _section(violation.reference.rule, translations)
    return sentence % {
        "reason": reason,
        "section": section,
        "summary": translations.gettext(violation.reference.summary),
    }


def _said_rule(violation: Violation, reason: str, translations: gettext.NullTranslations) -> BrokenRule:
    """A violation for a page: its code (for referees), its section in words, its rule and why."""
    reference = violation.reference
    return BrokenRule(
        violation.code.value, _section(reference.rule, translations), translations.gettext(reference.summary), reason
    )


# ----------------------------------------------------------------- a whole play


def explain_play_verdict(verdict: PlayVerdict, lang: str = DEFAULT_LANGUAGE) -> str:
    """A whole play in ``lang``: one short sentence, each placement with its faults, what happens, the rulings.

    >>> from solver.thegame.referee import Placement, Position, check_play
    >>> from solver.thegame.rules import Pile
    >>> position = Position({Pile.ASC1: 47, Pile.ASC2: 1, Pile.DESC1: 65, Pile.DESC2: 100}, (37, 75, 12), draw_pile=50)
    >>> play = [Placement.parse(placement) for placement in ("37>asc1", "12>asc1", "75>desc1")]
    >>> print(explain_play_verdict(check_play(position, play), lang="it"))  # doctest: +ELLIPSIS
    Non va: 12 non sta sul primo mucchietto crescente.
      37 sul primo mucchietto crescente e 75 sul primo mucchietto decrescente restano. 12 torna nella tua mano. ...
      1. 37 sul primo mucchietto crescente, che mostrava 47: dieci indietro.
      2. 12 sul primo mucchietto crescente, che mostrava 37: saltata, la carta resta nella tua mano.
         12 non va sul primo mucchietto crescente, che mostra 37: ... Regola «I mucchietti: ...
    ...
    """
    translations = _translations(lang)
    _ = translations.gettext
    lines = [_headline(verdict, translations)]
    if not verdict.legal:
        lines.append("  " + _play_resolution(verdict, translations))
    numbered: dict[int | None, list[str]] = {}
    for fault, reason in zip(verdict.faults, _play_reasons(verdict, translations), strict=True):
        numbered.setdefault(fault.placement, []).append(_rule_sentence(fault.violation, reason, translations))
    for number, judged in enumerate(verdict.placements, start=1):
        lines.append(f"  {number}. {_placement_words(judged, verdict, translations)}")
        lines += [f"     {words}" for words in numbered.get(number, [])]
    lines += ["  " + words for words in numbered.get(None, [])]
    # TRANSLATORS: a pile and the number on top of it, in the list of the piles after a play: "first rising pile: 37".
    top_words = _("%(pile)s: %(top)d")
    tops = ", ".join(
        top_words % {"pile": _pile(pile, translations), "top": verdict.piles_after[pile]} for pile in PILES
    )
    lines.append("  " + _("Piles after: %(tops)s.") % {"tops": tops})
    lines.append("  " + _draw_sentence(verdict, translations))
    lines += ["  " + sentence for sentence in _fire_sentences(verdict, translations)]
    lines += ["  " + sentence for sentence in ruling_words(verdict.rulings, RULINGS, translations)]
    return "\n".join(lines)


def _placement_words(judged: JudgedPlacement, verdict: PlayVerdict, translations: gettext.NullTranslations) -> str:
    _ = translations.gettext
    placement = judged.placement
    pile = placement.known_pile
    if judged.covers is None or pile is None:
        return _("%(card)d on a pile that does not exist: skipped.") % {"card": placement.card}
    fields = {"placement": _placement_said(placement.card, pile, translations), "top": judged.covers}
    if not judged.legal and placement.card in verdict.hand_after:
        return _("%(placement)s, which showed %(top)d: skipped, the card stays in your hand.") % fields
    if not judged.legal:
        return _("%(placement)s, which showed %(top)d: skipped.") % fields
    if judged.backwards:
        return _("%(placement)s, which showed %(top)d: ten back.") % fields
    return _("%(placement)s, which showed %(top)d.") % fields


def play_violation_reasons(verdict: PlayVerdict, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """Why the play breaks each of its violations' rules, in order, in ``lang`` (the referee's messages in English).

    These are the messages of the API's answer; a page says them with :func:`play_verdict_words`.

    >>> from solver.thegame.referee import Placement, Position, check_play
    >>> from solver.thegame.rules import Pile
    >>> position = Position({Pile.ASC1: 47, Pile.ASC2: 1, Pile.DESC1: 65, Pile.DESC2: 100}, (37, 75), draw_pile=50)
    >>> verdict = check_play(position, [Placement.parse("50>asc1")])
    >>> play_violation_reasons(verdict, "fr")[0]
    '50 n’est pas dans ta main'
    >>> play_violation_reasons(verdict) == [violation.message for violation in verdict.violations]
    True
    """
    translations = _translations(lang)
    if not _translated(translations):
        return [fault.violation.message for fault in verdict.faults]
    return _play_reasons(verdict, translations)


def _play_reasons(verdict: PlayVerdict, translations: gettext.NullTranslations) -> list[str]:
    """One reason per fault, in order, built from the verdict in words."""
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
        return _("there is no such pile: there are two rising piles and two falling piles")
    if code is ViolationCode.CARD_LAID_TWICE:
        return _("%(card)d is already on a pile: each card is laid once") % {"card": card}
    if code is ViolationCode.NOT_IN_HAND:
        return _("%(card)d is not in your hand") % {"card": card}
    assert code is ViolationCode.WRONG_DIRECTION and pile is not None and judged.covers is not None
    return _wrong_direction_reason(card, pile, judged.covers, translations)


def _wrong_direction_reason(card: int, pile: Pile, top: int, translations: gettext.NullTranslations) -> str:
    _ = translations.gettext
    back = top - BACKWARDS_STEP if pile.ascending else top + BACKWARDS_STEP
    fields = {"card": card, "pile": _pile(pile, translations), "top": top, "back": back}
    if LOWEST_CARD <= back <= HIGHEST_CARD and pile.ascending:
        reason = _(
            "%(card)d does not fit on the %(pile)s, which shows %(top)d: it needs a card higher than %(top)d, "
            "or exactly %(back)d"
        )
    elif LOWEST_CARD <= back <= HIGHEST_CARD:
        reason = _(
            "%(card)d does not fit on the %(pile)s, which shows %(top)d: it needs a card lower than %(top)d, "
            "or exactly %(back)d"
        )
    elif pile.ascending:
        reason = _("%(card)d does not fit on the %(pile)s, which shows %(top)d: it needs a card higher than %(top)d")
    else:
        reason = _("%(card)d does not fit on the %(pile)s, which shows %(top)d: it needs a card lower than %(top)d")
    return reason % fields


def _too_few_reason(verdict: PlayVerdict, translations: gettext.NullTranslations) -> str:
    ngettext = translations.ngettext
    fields = {"laid": verdict.laid, "minimum": verdict.position.minimum}
    if not verdict.minimum_reachable:
        reason = ngettext(
            "you laid %(laid)d card and this turn needs %(minimum)d, but no order of your hand lays %(minimum)d "
            "on these piles, so the game ends",
            "you laid %(laid)d cards and this turn needs %(minimum)d, but no order of your hand lays %(minimum)d "
            "on these piles, so the game ends",
            verdict.laid,
        )
    elif "stuck-below-minimum-ends-game" in verdict.rulings:
        reason = ngettext(
            "you laid %(laid)d card and this turn needs %(minimum)d: another order would have reached it, "
            "but from the piles this play leaves the game ends",
            "you laid %(laid)d cards and this turn needs %(minimum)d: another order would have reached it, "
            "but from the piles this play leaves the game ends",
            verdict.laid,
        )
    else:
        reason = ngettext(
            "you laid %(laid)d card and this turn needs %(minimum)d: you can still lay more",
            "you laid %(laid)d cards and this turn needs %(minimum)d: you can still lay more",
            verdict.laid,
        )
    return reason % fields


def _fire_reason(card: int, pile: Pile, translations: gettext.NullTranslations) -> str:
    reason = translations.gettext("the fire card %(card)d on the %(pile)s is still uncovered at the end of the play")
    return reason % {"card": card, "pile": _pile(pile, translations)}


def _play_resolution(verdict: PlayVerdict, translations: gettext.NullTranslations) -> str:
    """What becomes of an illegal play: what stays on the piles, what goes back to your hand, and what follows."""
    _, ngettext = translations.gettext, translations.ngettext
    laid = [
        _placement_said(judged.placement.card, judged.placement.known_pile, translations)
        for judged in verdict.placements
        if judged.legal
    ]
    if laid:
        stays = ngettext("%(placements)s stays.", "%(placements)s stay.", len(laid))
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
        goes_back = ngettext("%(cards)s goes back to your hand.", "%(cards)s go back to your hand.", len(back))
        sentences.append(goes_back % {"cards": listed(back, translations)})
    codes = {violation.code for violation in verdict.violations}
    missing = verdict.position.minimum - verdict.laid
    if ViolationCode.TOO_FEW_CARDS in codes and (
        not verdict.minimum_reachable or "stuck-below-minimum-ends-game" in verdict.rulings
    ):
        sentences.append(_("The game ends: this turn cannot lay enough cards."))
    elif ViolationCode.TOO_FEW_CARDS in codes:
        more = ngettext(
            "Your turn is not over: it needs %(count)d more card before you end it.",
            "Your turn is not over: it needs %(count)d more cards before you end it.",
            missing,
        )
        sentences.append(more % {"count": missing})
    elif ViolationCode.FIRE_UNCOVERED in codes:
        sentences.append(_("The game is lost: a fire card was not covered in time."))
    elif verdict.draw:
        ends = ngettext(
            "Your turn ends with the cards that fit: draw %(count)d card.",
            "Your turn ends with the cards that fit: draw %(count)d cards.",
            verdict.draw,
        )
        sentences.append(ends % {"count": verdict.draw})
    else:
        sentences.append(_("Your turn ends with the cards that fit; the draw pile is empty, so you draw nothing."))
    return " ".join(sentences)


def _headline(verdict: PlayVerdict, translations: gettext.NullTranslations) -> str:
    """The short first sentence of a play's verdict: allowed, or the first thing wrong."""
    _, ngettext = translations.gettext, translations.ngettext
    fields = {"laid": verdict.laid, "minimum": verdict.position.minimum}
    if verdict.legal:
        allowed = ngettext(
            "Allowed: you laid %(laid)d card, and this turn needs at least %(minimum)d.",
            "Allowed: you laid %(laid)d cards, and this turn needs at least %(minimum)d.",
            verdict.laid,
        )
        return allowed % fields
    fault = verdict.faults[0]
    code = fault.violation.code
    if code is ViolationCode.TOO_FEW_CARDS:
        problem = ngettext(
            "this turn needs at least %(minimum)d card", "this turn needs at least %(minimum)d cards", verdict.laid
        )
        problem = problem % fields
    elif code is ViolationCode.FIRE_UNCOVERED:
        problem = _("a fire card is still uncovered")
    else:
        assert fault.placement is not None
        judged = verdict.placements[fault.placement - 1]
        card, pile = judged.placement.card, judged.placement.known_pile
        if code is ViolationCode.NOT_IN_HAND:
            problem = _("%(card)d is not in your hand") % {"card": card}
        elif code is ViolationCode.CARD_LAID_TWICE:
            problem = _("%(card)d is laid twice") % {"card": card}
        elif code is ViolationCode.WRONG_DIRECTION and pile is not None:
            problem = _("%(card)d does not fit on the %(pile)s") % {"card": card, "pile": _pile(pile, translations)}
        else:
            problem = _("%(card)d names a pile that does not exist") % {"card": card}
    return _("Not quite: %(problem)s.") % {"problem": problem}


def _draw_sentence(verdict: PlayVerdict, translations: gettext.NullTranslations) -> str:
    fields = {"count": verdict.draw, "kept": " ".join(map(str, verdict.hand_after))}
    if not verdict.hand_after:
        empty = translations.ngettext(
            "Draw %(count)d card; your hand is empty.", "Draw %(count)d cards; your hand is empty.", verdict.draw
        )
        return empty % fields
    draw = translations.ngettext(
        "Draw %(count)d card; you keep %(kept)s.", "Draw %(count)d cards; you keep %(kept)s.", verdict.draw
    )
    return draw % fields


def _fire_sentences(verdict: PlayVerdict, translations: gettext.NullTranslations) -> list[str]:
    fire = translations.gettext("The fire card %(card)d on the %(pile)s must be covered by the end of the next turn.")
    return [
        fire % {"card": verdict.piles_after[pile], "pile": _pile(pile, translations)} for pile in verdict.fire_pending
    ]


@dataclass(frozen=True)
class PlacementWords:
    """One placement of a play in words: what it was laid on and what became of it, and the rules it broke.

    ``placement`` is its notation (``37>asc1``), for machines and referees only.
    """

    number: int
    placement: str
    legal: bool
    words: str
    broken: tuple[BrokenRule, ...]


@dataclass(frozen=True)
class PlayVerdictWords:
    """A play's verdict in one language, part by part, for a page that lays them out itself.

    :func:`explain_play_verdict` prints the same sentences as lines.
    ``headline`` is the one short sentence that comes first; ``broken``
    holds the faults of the play as a whole (too few cards, a fire card
    left uncovered), each placement holds its own, each with its section
    in words; ``resolution`` is ``None`` for a legal play.  ``tops_after``
    names each pile in words, with the card it shows after the play.

    >>> from solver.thegame.referee import Placement, Position, check_play
    >>> from solver.thegame.rules import Pile
    >>> position = Position({Pile.ASC1: 47, Pile.ASC2: 1, Pile.DESC1: 65, Pile.DESC2: 100}, (37, 75, 12), draw_pile=50)
    >>> words = play_verdict_words(check_play(position, [Placement.parse("12>asc1")]), "it")
    >>> [rule.code for placement in words.placements for rule in placement.broken], words.broken[0].code
    (['wrong-direction'], 'too-few-cards')
    >>> words.headline, words.placements[0].broken[0].rule
    ('Non va: 12 non sta sul primo mucchietto crescente.', 'I mucchietti: regole per calare carte')
    >>> words.placements[0].words
    '12 sul primo mucchietto crescente, che mostrava 47: saltata, la carta resta nella tua mano.'
    """

    legal: bool
    headline: str
    placements: tuple[PlacementWords, ...]
    broken: tuple[BrokenRule, ...]
    resolution: str | None
    draw: str
    fire: tuple[str, ...]
    rulings: tuple[str, ...]
    tops_after: tuple[tuple[str, int], ...]


def play_verdict_words(verdict: PlayVerdict, lang: str = DEFAULT_LANGUAGE) -> PlayVerdictWords:
    """The sentences of a play's verdict in ``lang``, part by part (see :class:`PlayVerdictWords`)."""
    translations = _translations(lang)
    broken: dict[int | None, list[BrokenRule]] = {}
    for fault, reason in zip(verdict.faults, _play_reasons(verdict, translations), strict=True):
        broken.setdefault(fault.placement, []).append(_said_rule(fault.violation, reason, translations))
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
        rulings=tuple(ruling_words(verdict.rulings, RULINGS, translations)),
        tops_after=tuple((_pile(pile, translations), verdict.piles_after[pile]) for pile in PILES),
    )


# ----------------------------------------------------------------- one action of a game


def explain_verdict(verdict: ActionVerdict, lang: str = DEFAULT_LANGUAGE) -> str:
    """One action of a game in ``lang``: first one short sentence, then why (each rule broken), then the rulings.

    >>> from solver.thegame.state import Action, Game, State
    >>> from solver.thegame.rules import Pile
    >>> state = State.from_position(Game(), [[37, 60]], tops={Pile.ASC1: 47}, draw_pile=[2, 3])
    >>> print(explain_verdict(state.check(Action.parse("37>asc1"))))
    You put 37 on the first rising pile, which showed 47: ten back.
    >>> print(explain_verdict(state.check(Action.parse("end"))))  # doctest: +NORMALIZE_WHITESPACE
    You cannot end your turn yet: lay more cards first.
      You have not laid the cards this turn needs yet. Rule “How the game is played”: a turn lays at least
      two cards (three in the pro version), one once the draw pile is empty.
    >>> print(explain_verdict(state.check(Action.parse("50>asc1")), lang="de"))
    Du hast die 50 nicht auf der Hand: Wähle einen anderen Zug.
      Die 50 ist nicht in deiner Hand. Regel „Ablauf des Spiels“: man legt nur Karten aus der eigenen Hand.
    >>> print(explain_verdict(state.check(Action.parse("ask dont desc1"))).splitlines()[0])
    You ask the others not to play on the first falling pile.
    """
    translations = _translations(lang)
    lines = [_action_sentence(verdict, translations)]
    reasons = [_action_reason(violation, verdict, translations) for violation in verdict.violations]
    lines += [
        "  " + _rule_sentence(violation, reason, translations)
        for violation, reason in zip(verdict.violations, reasons, strict=True)
    ]
    lines += ["  " + sentence for sentence in ruling_words(verdict.rulings, RULINGS, translations)]
    return "\n".join(lines)


def _action_sentence(verdict: ActionVerdict, translations: gettext.NullTranslations) -> str:
    """The short first sentence on an action: what you did, or what was wrong and what to do now."""
    _ = translations.gettext
    action = verdict.action
    codes = set(verdict.codes)
    if ViolationCode.GAME_OVER.value in codes:
        return _("The game is over: there are no more moves.")
    if ViolationCode.REQUEST_WITHOUT_CARDS.value in codes:
        return _("You hold no cards any more, so there is nothing to ask of the others: end your turn.")
    if action.wish is not None and action.pile is not None:
        return _request_sentence(action.wish, action.pile, translations)
    if ViolationCode.TOO_FEW_CARDS.value in codes:
        return _("You cannot end your turn yet: lay more cards first.")
    if ViolationCode.NOT_IN_HAND.value in codes:
        return _("You do not hold %(card)d: choose another move.") % {"card": action.card}
    if not verdict.legal and action.pile is not None:
        fields = {"card": action.card, "pile": _pile(action.pile, translations)}
        return _("%(card)d does not fit on the %(pile)s: choose another move.") % fields
    if action.is_end or action.pile is None or action.card is None:
        return _("You end your turn.")
    fields = {"placement": _placement_said(action.card, action.pile, translations), "top": verdict.covers}
    if verdict.backwards:
        return _("You put %(placement)s, which showed %(top)d: ten back.") % fields
    return _("You put %(placement)s, which showed %(top)d.") % fields


def _request_sentence(wish: Wish, pile: Pile, translations: gettext.NullTranslations) -> str:
    """What a request said to the others, as its verdict tells the player."""
    _ = translations.gettext
    fields = {"pile": _pile(pile, translations)}
    if wish is Wish.DONT:
        return _("You ask the others not to play on the %(pile)s.") % fields
    if wish is Wish.GOOD:
        return _("You tell the others that you can play well on the %(pile)s.") % fields
    return _("You take back your wish about the %(pile)s.") % fields


def violation_reasons(verdict: ActionVerdict, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """Why the action breaks each of its violations' rules, in order, in ``lang`` (the referee's messages in English).

    These are the messages of the API's answer.

    >>> from solver.thegame.state import Action, Game, State
    >>> from solver.thegame.rules import Pile
    >>> state = State.from_position(Game(), [[37, 60]], tops={Pile.ASC1: 47}, draw_pile=[2, 3])
    >>> verdict = state.check(Action.parse("50>asc1"))
    >>> violation_reasons(verdict, "it")
    ['50 non è nella tua mano']
    >>> violation_reasons(verdict) == [violation.message for violation in verdict.violations]
    True
    """
    translations = _translations(lang)
    if not _translated(translations):
        return [violation.message for violation in verdict.violations]
    return [_action_reason(violation, verdict, translations) for violation in verdict.violations]


def _action_reason(violation: Violation, verdict: ActionVerdict, translations: gettext.NullTranslations) -> str:
    _ = translations.gettext
    code, action = violation.code, verdict.action
    if code is ViolationCode.GAME_OVER:
        return _("the game has already ended")
    if code is ViolationCode.REQUEST_WITHOUT_CARDS:
        return _("you hold no cards any more")
    if code is ViolationCode.TOO_FEW_CARDS:
        return _("you have not laid the cards this turn needs yet")
    if code is ViolationCode.NOT_IN_HAND:
        return _("%(card)d is not in your hand") % {"card": action.card}
    assert code is ViolationCode.WRONG_DIRECTION
    assert action.card is not None and action.pile is not None and verdict.covers is not None
    return _wrong_direction_reason(action.card, action.pile, verdict.covers, translations)


# ----------------------------------------------------------------- the turn hint


def explain_hint(hint: TurnHint, lang: str = DEFAULT_LANGUAGE) -> str:
    """The suggested turn in ``lang``, with the referee's verdict on it and what to ask of the others.

    >>> from solver.thegame.hint import hint
    >>> from solver.thegame.referee import Position
    >>> from solver.thegame.rules import Pile
    >>> tops = {Pile.ASC1: 47, Pile.ASC2: 60, Pile.DESC1: 30, Pile.DESC2: 52}
    >>> print(explain_hint(hint(Position(tops, (37, 61, 64, 95), draw_pile=40))))
    Put 37 on the first rising pile, then 61 on the second rising pile.
      1. 37 on the first rising pile, which showed 47: ten back.
      2. 61 on the second rising pile, which showed 60.
      Piles after: first rising pile: 37, second rising pile: 61, first falling pile: 30, second falling pile: 52.
      Draw 2 cards; you keep 64 95.
      Then tell the others: "please don't play on the second rising pile".
    >>> print(explain_hint(hint(Position(tops, (37, 61, 64, 95), draw_pile=40)), lang="fr").splitlines()[0])
    Pose 37 sur la première pile montante, puis 61 sur la deuxième pile montante.
    """
    translations = _translations(lang)
    _ = translations.gettext
    if not hint.play:
        return _("No order of your hand lays enough cards: the game ends here.")
    verdict_lines = explain_play_verdict(hint.verdict, lang).splitlines()
    placements = [_placement_said(placement.card, placement.known_pile, translations) for placement in hint.play]
    # TRANSLATORS: the placements suggested, in order, joined by ", then ".
    suggestion = _("Put %(placements)s.") % {"placements": _(", then ").join(placements)}
    lines = [suggestion, *verdict_lines[1:]]
    if hint.requests_after:
        asks = [_request_words(request, pile, translations) for pile, request in hint.requests_after.items()]
        lines.append("  " + _("Then tell the others: %(requests)s.") % {"requests": ", ".join(asks)})
    return "\n".join(lines)


def _request_words(request: Request, pile: Pile, translations: gettext.NullTranslations) -> str:
    _ = translations.gettext
    fields = {"pile": _pile(pile, translations)}
    if request is Request.PLEASE_DONT:
        # TRANSLATORS: what a player says to the others, with the quotation marks of your language.
        return _('"please don\'t play on the %(pile)s"') % fields
    # TRANSLATORS: what a player says to the others, with the quotation marks of your language.
    return _('"I can play well on the %(pile)s"') % fields


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
    turn_label=thegame_review.turn_label,
    turn_judgement=thegame_review.turn_judgement,
    mark_clause=thegame_review.mark_clause,
    verdicts=(ActionVerdict,),
    state=State,
)
"""The Game's entry in :data:`tutor.games.TUTORS`."""
