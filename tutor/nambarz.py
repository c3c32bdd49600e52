"""Nambarz in words: verdicts, turns, solutions, plans, hints, round scores and self-play, for a terminal.

Every explanation is in English by default and in Italian, German or French
with ``lang``: its sentences come from the ``tutor`` gettext catalogs
(:mod:`tutor.i18n`), and every figure card is named as a reader of that
language names it (:func:`card_name`: ``3bee`` in English, ``3 ape`` in
Italian), in calculations and plays too, which the notation reads back the
same; codes, section numbers, jokers and operator signs stay as they are.

Calculations are shown the way a reader expects mathematics, with brackets
where the left-to-right reading differs from the usual precedence, and with
their left-to-right trace.

>>> from solver.nambarz import Card, Chain, check
>>> print(explain_play_verdict(check(Card.parse("3bee"), Chain.parse("10 - 4 / 2"))))
Legal: (10 − 4) ÷ 2 on 3bee.
  Steps: 10 − 4 = 6, 6 ÷ 2 = 3.
  Why: read left to right it gives 3, the number of 3bee, and no fewer of its cards do.
  The next play covers 2.
  Rules: natural numbers, operations + − × ÷.
"""

from __future__ import annotations

import gettext
from collections.abc import Sequence
from dataclasses import dataclass

from solver.nambarz.arithmetic import Step, format_value
from solver.nambarz.cards import Card
from solver.nambarz.hand_solver import Calculation, Solution
from solver.nambarz.hint import Hint
from solver.nambarz.notation import Chain, JokerPlay
from solver.nambarz.planner import Ending, PlannedTurn
from solver.nambarz.referee import Verdict
from solver.nambarz.rules import Domain, Operator, Rules
from solver.nambarz.rulings import RULINGS
from solver.nambarz.scoring import RoundScore
from solver.nambarz.simulate import SimulationReport
from solver.nambarz.state import ActionKind, ActionVerdict, State
from solver.nambarz.turn import SkippedPlay, TurnVerdict
from solver.nambarz.violations import Violation, ViolationCode
from tutor import nambarz_review
from tutor.i18n import DEFAULT_LANGUAGE, translator
from tutor.rendering import card_name, render_notation, render_plain
from tutor.text import aligned_table, listed, ruling_lines, ruling_sentence
from tutor.words import GameWords


def _domain_words(domain: Domain, translations: gettext.NullTranslations) -> str:
    _ = translations.gettext
    words = {
        Domain.NATURAL: _("natural numbers"),
        Domain.INTEGER: _("whole numbers with negatives"),
        Domain.RATIONAL: _("fractions allowed"),
    }
    return words[domain]


def describe_rules(rules: Rules, lang: str = DEFAULT_LANGUAGE) -> str:
    """The rules setting in words, in ``lang``.

    >>> describe_rules(Rules.parse("integer", "+-"))
    'whole numbers with negatives, operations + −'
    >>> describe_rules(Rules.parse("natural", "+-"), lang="de")
    'natürliche Zahlen, Rechenarten + −'
    """
    translations = translator(lang)
    signs = " ".join(Operator(sign).sign for sign in rules.operators)
    return translations.gettext("%(domain)s, operations %(signs)s") % {
        "domain": _domain_words(rules.domain, translations),
        "signs": signs,
    }


def mathematical(chain: Chain, lang: str = DEFAULT_LANGUAGE) -> str:
    """A chain in usual mathematical notation, bracketed where left-to-right reading needs it, cards named in ``lang``.

    This is :func:`tutor.rendering.render_plain`, with the signs ``+ − × ÷``.

    >>> mathematical(Chain.parse("9hen - 6dragonfly / 3hippo"))
    '(9hen − 6dragonfly) ÷ 3hippo'
    >>> mathematical(Chain.parse("9hen - 6dragonfly / 3hippo"), "it")
    '(9 gallina − 6 libellula) ÷ 3 ippopotamo'
    >>> mathematical(Chain.parse("6 * 5 / 10 + 1 * 2"))
    '(6 × 5 ÷ 10 + 1) × 2'
    """
    return render_plain(chain, lang)


def explain_play_verdict(verdict: Verdict, lang: str = DEFAULT_LANGUAGE) -> str:
    """A play's verdict in ``lang``: the ruling, each violation with its rule, the resolution, the trace.

    English shows the referee's own message for each violation; the other
    languages build one translated sentence per violation code.

    >>> from solver.nambarz import Card, Chain, check
    >>> print(explain_play_verdict(check(Card.parse("3bee"), Chain.parse("10 - 4 / 2")), lang="it"))
    ... # doctest: +NORMALIZE_WHITESPACE
    Valida: (10 − 4) ÷ 2 su 3 ape.
      Passaggi: 10 − 4 = 6, 6 ÷ 2 = 3.
      Perché: letto da sinistra a destra dà 3, il numero di 3 ape, e nessun gruppo più piccolo delle sue carte
      ci arriva.
      La prossima giocata copre 2.
      Regole: numeri naturali, operazioni + − × ÷.
    """
    translations = translator(lang)
    lines = _verdict_lines(verdict, lang)
    lines.append(_rules_line(verdict.rules, lang, translations))
    lines += _ruling_lines(verdict.rulings, translations)
    return "\n".join(lines)


def _rules_line(rules: Rules, lang: str, translations: gettext.NullTranslations) -> str:
    return "  " + translations.gettext("Rules: %(rules)s.") % {"rules": describe_rules(rules, lang)}


def explain_turn(verdict: TurnVerdict, lang: str = DEFAULT_LANGUAGE) -> str:
    """A turn play by play, then the top card it leaves and its points and penalties.

    >>> from solver.nambarz import Card
    >>> from solver.nambarz.notation import Turn
    >>> from solver.nambarz.turn import check_turn
    >>> print(explain_turn(check_turn(Card.parse("3"), Turn.parse("Jboth 8 ; Jreplay ; 10 - 2"))))
    Legal turn on 3: 3 plays.
    Play 1. Legal: Jboth 8 on 3.
      Why: Jboth may be laid on 3, and 8 is of a kind it allows without matching 3.
      The next play covers 8.
    Play 2. Legal: Jreplay on 8.
      Why: the replay joker may be laid at any point of a turn.
      The player plays again on 8.
    Play 3. Legal: 10 − 2 on 8.
      Steps: 10 − 2 = 8.
      Why: read left to right it gives 8, the number of 8, and no fewer of its cards do.
      The next play covers 2.
    Top card after the turn: 2.
      Rules: natural numbers, operations + − × ÷.
    """
    translations = translator(lang)
    _, ngettext = translations.gettext, translations.ngettext
    count = len(verdict.plays)
    status = _("Legal turn") if verdict.legal else _("Turn with faults")
    lines = [
        ngettext("%(status)s on %(top)s: %(count)d play.", "%(status)s on %(top)s: %(count)d plays.", count)
        % {"status": status, "top": card_name(verdict.top, lang), "count": count}
    ]
    penalised = 0
    for number, play in enumerate(verdict.plays, start=1):
        if isinstance(play, SkippedPlay):
            # TRANSLATORS: a play written after a penalised play; "penalised" is the number of that play.
            skipped = _("Play %(number)d. Skipped: %(play)s (the penalty for play %(penalised)d ended the turn).")
            lines.append(skipped % {"number": number, "play": render_notation(play.play, lang), "penalised": penalised})
            continue
        if not play.legal:
            penalised = number
        play_lines = _verdict_lines(play, lang)
        lines.append(_("Play %(number)d. %(verdict)s") % {"number": number, "verdict": play_lines[0]})
        lines += play_lines[1:]
    if verdict.top_after is None:
        lines.append(_("A change joker is on top: the next player lays one card of the kind it allows."))
    else:
        lines.append(_("Top card after the turn: %(top)s.") % {"top": card_name(verdict.top_after, lang)})
    if verdict.master_points:
        lines.append("  " + _("Master-stroke points: %(points)d.") % {"points": verdict.master_points})
    if verdict.penalty_draw:
        lines.append("  " + _("Cards to draw: %(count)d.") % {"count": verdict.penalty_draw})
    lines.append(_rules_line(verdict.rules, lang, translations))
    lines += _ruling_lines(verdict.rulings, translations)
    return "\n".join(lines)


@dataclass(frozen=True)
class ViolationWords:
    """One violation of a verdict in words: its code, rule and penalty sections, and the reason in a language."""

    code: str
    rule: str
    penalty: str
    reason: str


@dataclass(frozen=True)
class PlayVerdictWords:
    """A verdict's sentences in one language, part by part, for a page that lays them out itself.

    ``steps`` and ``resolution`` are bare (no "Steps:" label); ``why``,
    ``next_play`` and ``master`` are whole sentences.  A part that does not
    apply is ``None``.  :func:`explain_play_verdict` prints the same parts as lines.

    >>> from solver.nambarz import Card, Chain, check
    >>> words = play_verdict_words(check(Card.parse("3bee"), Chain.parse("6 + 5 + 2 - 10")), "it")
    >>> words.violations[0].reason, words.resolution
    ('bastano meno carte per arrivare al risultato: 6 ÷ 2', '6 ÷ 2 resta sul tavolo; riprendi 5 e 10; pesca 3 carte.')
    """

    legal: bool
    headline: str
    violations: tuple[ViolationWords, ...]
    resolving_code: str | None
    steps: str | None
    resolution: str | None
    why: str | None
    next_play: str | None
    master: str | None


def play_verdict_words(verdict: Verdict, lang: str = DEFAULT_LANGUAGE) -> PlayVerdictWords:
    """The sentences of ``verdict`` in ``lang``, part by part (see :class:`PlayVerdictWords`)."""
    return _verdict_words(verdict, lang)


def violation_reasons(verdict: Verdict | ActionVerdict, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """Why the play breaks each of its verdict's violations' rules, in order, in ``lang`` (English: the referee's).

    A draw or a pass has none: one the turn does not allow is refused, never judged.

    >>> from solver.nambarz import Card, Chain, check
    >>> verdict = check(Card.parse("3bee"), Chain.parse("8bee - 5cat"))
    >>> violation_reasons(verdict, "de")
    ['eine Karte, die zu 3 Biene passt, steckt in der Rechnung, statt allein gespielt zu werden']
    """
    if isinstance(verdict, ActionVerdict):
        return []
    return [_violation_reason(violation, verdict, lang) for violation in verdict.violations]


def explain_verdict(verdict: Verdict | ActionVerdict, lang: str = DEFAULT_LANGUAGE) -> str:
    """The verdict on an action of a game in play, in ``lang``: a play as the referee explains it, a draw or a pass.

    A penalised play also ends the turn: one that leaves no card on the table
    already says that the turn passes; one that leaves some says it in a line
    of its own, after the resolution.  A draw or a pass is allowed only when
    the turn allows it: legal, and what follows.

    >>> from solver.games import find_game
    >>> from solver.nambarz.state import Action
    >>> state = find_game("nambarz").new_game(players=2, seed=1)
    >>> print(explain_verdict(state.check(Action.parse("9 / 3"))))  # doctest: +NORMALIZE_WHITESPACE
    Not legal: 9 ÷ 3 on 3bee.
      matching-card-in-calculation (rule III.2, penalty V.2): 3 (same number) matches the top card 3bee
      and must be played alone.
      Steps: 9 ÷ 3 = 3.
      Resolution: 3 stays on the table; take back 9; draw 3 cards.
      The penalty ends your turn.
      Rules: natural numbers, operations + − × ÷.
    >>> _ = state.apply(Action.parse("3"))
    >>> print(explain_verdict(state.check(Action.parse("pass")), "de"))
    Gültig: passen (P1).
      Du beendest deinen Zug.
    """
    if isinstance(verdict, ActionVerdict):
        return _explain_draw_or_pass(verdict, lang)
    text = explain_play_verdict(verdict, lang)
    if verdict.legal or not verdict.stays:
        return text
    _ = translator(lang).gettext
    resolution = play_verdict_words(verdict, lang).resolution
    lines = text.splitlines()
    after = lines.index("  " + _("Resolution: %(resolution)s") % {"resolution": resolution}) + 1
    lines.insert(after, "  " + _("The penalty ends your turn."))
    return "\n".join(lines)


def _explain_draw_or_pass(verdict: ActionVerdict, lang: str) -> str:
    """A draw or a pass, which the state allows only when the turn does: legal, and what follows."""
    _ = translator(lang).gettext
    fields = {"player": verdict.player}
    if verdict.action.kind is ActionKind.DRAW:
        # TRANSLATORS: the action of drawing a card, which a player takes when nothing in their hand can be played.
        headline = _("Legal: draw (%(player)s).") % fields
        follows = _("You draw a card, as nothing in your hand could be played: now play if you can, or pass.")
    else:
        # TRANSLATORS: the action of passing, which ends a player's turn after a play or a draw.
        headline = _("Legal: pass (%(player)s).") % fields
        follows = _("You end your turn.")
    return f"{headline}\n  {follows}"


def _verdict_words(verdict: Verdict, lang: str) -> PlayVerdictWords:
    translations = translator(lang)
    _ = translations.gettext
    chain = (
        verdict.play
        if isinstance(verdict.play, Chain) and verdict.value is not None and verdict.play.is_calculation
        else None
    )
    play = mathematical(chain, lang) if chain is not None else render_notation(verdict.play, lang)
    top = card_name(verdict.top, lang)
    status = _("Legal") if verdict.legal else _("Not legal")
    violations = tuple(
        ViolationWords(
            code=violation.code.value,
            rule=violation.reference.rule,
            penalty=violation.reference.penalty or "",
            reason=_violation_reason(violation, verdict, lang),
        )
        for violation in verdict.violations
    )
    resolving = verdict.resolving_violation
    steps = None if chain is None else ", ".join(str(step) for step in chain.trace(verdict.rules.domain))
    next_play = master = None
    if verdict.legal:
        if isinstance(verdict.play, JokerPlay) and verdict.play.is_replay:
            next_play = _("The player plays again on %(top)s.") % {"top": top}
        elif isinstance(verdict.play, JokerPlay) and verdict.play.follow is None:
            next_play = _("%(joker)s waits for one card of the kind it allows.") % {"joker": verdict.play.joker}
        else:
            next_play = _("The next play covers %(card)s.") % {"card": card_name(verdict.stays[-1], lang)}
            if verdict.master_points:
                master = _("Master stroke: %(points)d points.") % {"points": verdict.master_points}
    return PlayVerdictWords(
        legal=verdict.legal,
        headline=_("%(status)s: %(play)s on %(top)s.") % {"status": status, "play": play, "top": top},
        violations=violations,
        resolving_code=None if resolving is None else resolving.code.value,
        steps=steps,
        resolution=None if verdict.legal else _resolution(verdict, lang),
        why=_why_legal(verdict, lang) if verdict.legal else None,
        next_play=next_play,
        master=master,
    )


def _verdict_lines(verdict: Verdict, lang: str) -> list[str]:
    _ = translator(lang).gettext
    words = _verdict_words(verdict, lang)
    lines = [words.headline]
    for violation in words.violations:
        line = _("%(code)s (rule %(rule)s, penalty %(penalty)s): %(reason)s.") % {
            "code": violation.code,
            "rule": violation.rule,
            "penalty": violation.penalty,
            "reason": violation.reason,
        }
        lines.append("  " + line)
    if words.steps is not None:
        lines.append("  " + _("Steps: %(steps)s.") % {"steps": words.steps})
    if words.resolution is not None:
        lines.append("  " + _("Resolution: %(resolution)s") % {"resolution": words.resolution})
    lines += ["  " + sentence for sentence in (words.why, words.next_play, words.master) if sentence is not None]
    return lines


def _why_legal(verdict: Verdict, lang: str) -> str:
    """One sentence naming the rule a legal play satisfies: matching, the minimum-card rule, or a joker's kinds."""
    _ = translator(lang).gettext
    play, top = verdict.play, card_name(verdict.top, lang)
    if isinstance(play, JokerPlay):
        if play.is_replay:
            return _("Why: the replay joker may be laid at any point of a turn.")
        if play.follow is None:
            return _("Why: %(joker)s may be laid on %(top)s.") % {"joker": play.joker, "top": top}
        follow = play.follow_card
        fields = {"joker": play.joker, "top": top, "card": follow if follow is None else card_name(follow, lang)}
        return (
            _("Why: %(joker)s may be laid on %(top)s, and %(card)s is of a kind it allows without matching %(top)s.")
            % fields
        )
    if play.is_calculation:
        sentence = _("Why: read left to right it gives %(value)s, the number of %(top)s, and no fewer of its cards do.")
        return sentence % {"value": str(verdict.value), "top": top}
    card, named = play.cards[0], card_name(play.cards[0], lang)
    if verdict.top.is_joker:
        return _("Why: %(card)s is of a kind %(joker)s allows.") % {"card": named, "joker": top}
    if card.number == verdict.top.number:
        return _("Why: %(card)s shows the number of %(top)s.") % {"card": named, "top": top}
    return _("Why: %(card)s shows the figure of %(top)s.") % {"card": named, "top": top}


def _violation_reason(violation: Violation, verdict: Verdict, lang: str) -> str:
    """The referee's English message for English; otherwise a translated sentence built from the verdict."""
    translations = translator(lang)
    if not isinstance(translations, gettext.GNUTranslations):
        return violation.message
    _ = translations.gettext
    code = violation.code
    fields = {"top": card_name(verdict.top, lang), "play": render_notation(verdict.play, lang)}
    if code is ViolationCode.NO_MATCH:
        return _("%(play)s does not match the top card %(top)s") % fields
    if code is ViolationCode.MIXED_KINDS:
        return _("the calculation mixes symbol cards and figure cards")
    if code is ViolationCode.MATCHING_CARD_IN_CALCULATION:
        return _("a card that matches %(top)s is used inside the calculation instead of alone") % fields
    if code is ViolationCode.NOT_MINIMAL and verdict.smaller is not None:
        return _("fewer cards already reach the target: %(smaller)s") % {"smaller": mathematical(verdict.smaller, lang)}
    if code is ViolationCode.NOT_MINIMAL:
        return _("part of the calculation already reaches the target by itself")
    if code is ViolationCode.WRONG_RESULT:
        return _wrong_result_reason(verdict, lang)
    if code is ViolationCode.OPERATION_NOT_ALLOWED:
        return _("the calculation uses an operation not agreed for this game")
    if code is ViolationCode.WRONG_JOKER:
        return _("this joker cannot be played in this position")
    if code is ViolationCode.MATCHING_CARD_AFTER_JOKER:
        return _("a card that matches the card under the change joker is played alone, without the joker")
    if code is ViolationCode.JOKER_IN_CALCULATION:
        play = verdict.play
        calculation = play.follow if isinstance(play, JokerPlay) and isinstance(play.follow, Chain) else play
        return _("a joker is laid inside the calculation %(calculation)s, which takes number cards only") % {
            "calculation": render_notation(calculation, lang)
        }
    if code is ViolationCode.PLAY_WITHOUT_REPLAY:
        # TRANSLATORS: a second play in one turn, made without first laying the replay joker (Jreplay).
        return _("%(play)s is a further play of the turn, made without laying Jreplay first") % fields
    return _("a change joker is never played directly on another change joker")


def _wrong_result_reason(verdict: Verdict, lang: str) -> str:
    """Why a calculation gives the wrong result: the first step that leaves the agreed numbers, else its value.

    The referee judges the steps first, as its English message says: ``2 − 3 + 2``
    ends on 1 but leaves the natural numbers on the way.
    """
    _ = translator(lang).gettext
    outside = _step_outside(verdict)
    domain = verdict.rules.domain
    if outside is not None and outside.result is None:
        step = f"{format_value(outside.left)} {outside.operator.sign} {format_value(outside.right)}"
        return _("read left to right, the step %(step)s divides by zero") % {"step": step}
    if outside is not None and domain is Domain.NATURAL:
        return _("read left to right, the step %(step)s leaves the natural numbers (whole numbers from 0 up)") % {
            "step": str(outside)
        }
    if outside is not None and domain is Domain.INTEGER:
        return _("read left to right, the step %(step)s leaves the whole numbers") % {"step": str(outside)}
    if outside is None and verdict.value is not None:
        fields = {"value": str(verdict.value), "top": card_name(verdict.top, lang)}
        return _("read left to right, the calculation gives %(value)s, which does not match %(top)s") % fields
    return _("read left to right, a step leaves the agreed numbers")


def _step_outside(verdict: Verdict) -> Step | None:
    """The first step of the verdict's calculation that leaves its rules' numbers, if any."""
    play = verdict.play
    chain = play.follow if isinstance(play, JokerPlay) else play
    if not isinstance(chain, Chain) or not chain.is_calculation:
        return None
    return next((step for step in chain.trace(verdict.rules.domain) if not step.in_domain), None)


def describe_ruling(ruling: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """One ruling in ``lang``: its identifier, where it comes from and its one-line summary.

    >>> print(describe_ruling("penalty-ends-turn"))
    Ruling penalty-ends-turn (project decision): a penalised play ends the turn, so no replay may follow it.
    >>> print(describe_ruling("penalty-ends-turn", lang="it"))
    Decisione penalty-ends-turn (decisione del progetto): una giocata penalizzata chiude il turno, niente Jreplay dopo.
    """
    return ruling_sentence(ruling, RULINGS[ruling], translator(lang))


def _ruling_lines(rulings: Sequence[str], translations: gettext.NullTranslations) -> list[str]:
    """The rulings a verdict relied on, but for the two every calculation relies on."""
    shown = [ruling for ruling in rulings if ruling not in ("arithmetic-domain", "minimality-on-played-cards")]
    return ruling_lines(shown, RULINGS, translations)


def _named(cards: Sequence[Card], lang: str) -> list[str]:
    """Each card as a reader of ``lang`` names it."""
    return [card_name(card, lang) for card in cards]


def _hand(cards: Sequence[Card], lang: str) -> str:
    """Cards one after another, as a hand or a list of cards is printed, each named in ``lang``."""
    return " ".join(_named(cards, lang))


def _fact_separator(translations: gettext.NullTranslations) -> str:
    # TRANSLATORS: what separates the parts of a resolution or the facts of a planned turn, "; " in English;
    # French puts a no-break space before the semicolon.
    return translations.gettext("; ")


def _resolution(verdict: Verdict, lang: str) -> str:
    translations = translator(lang)
    _, ngettext = translations.gettext, translations.ngettext
    parts = []
    if verdict.recombination is not None:
        chain = render_notation(verdict.recombination, lang)
        parts.append(_("the same cards re-laid as %(chain)s stay on the table") % {"chain": chain})
    elif verdict.stays:
        kept_smaller = verdict.smaller is not None and verdict.smaller.cards == verdict.stays
        laid = (
            mathematical(verdict.smaller, lang)
            if kept_smaller and verdict.smaller
            else listed(_named(verdict.stays, lang), translations)
        )
        parts.append(_("%(cards)s stays on the table") % {"cards": laid})
    if verdict.returned:
        parts.append(_("take back %(cards)s") % {"cards": listed(_named(verdict.returned, lang), translations)})
    # English keeps "cards" for any count, as the referee always printed it.
    parts.append(
        ngettext("draw %(count)d cards", "draw %(count)d cards", verdict.penalty_draw) % {"count": verdict.penalty_draw}
    )
    if not verdict.stays:
        parts.append(_("the turn passes"))
    return _fact_separator(translations).join(parts) + "."


def explain_solution(solution: Solution, lang: str = DEFAULT_LANGUAGE) -> str:
    """The matches and a table of the legal calculations, most cards first, in ``lang``.

    >>> from solver.nambarz import solve
    >>> from solver.nambarz.cards import parse_cards
    >>> print(explain_solution(solve(Card.parse("3"), parse_cards("3bee 1 2")), lang="fr"))
    Carte du dessus 3, main 3 abeille 1 2.
    Règles : entiers naturels, opérations + − × ÷.
    Se joue seule : 3 abeille.
    1 calcul valide :
      cartes  calcul  tel que posé  chaînes  dernière carte  maître
      2       2 + 1   2 + 1         2        1 2
    """
    translations = translator(lang)
    _, ngettext = translations.gettext, translations.ngettext
    lines = [
        _("Top card %(top)s, hand %(hand)s.")
        % {"top": card_name(solution.top, lang), "hand": _hand(solution.hand, lang)},
        _("Rules: %(rules)s.") % {"rules": describe_rules(solution.rules, lang)},
    ]
    if solution.matches:
        lines.append(_("Play alone: %(cards)s.") % {"cards": _hand(solution.matches, lang)})
    else:
        lines.append(_("No card can be played alone."))
    if not solution.calculations:
        lines.append(_("No legal calculation."))
        return "\n".join(lines)
    count = len(solution.calculations)
    lines.append(ngettext("%(count)d legal calculation:", "%(count)d legal calculations:", count) % {"count": count})
    # TRANSLATORS: the column headings of the table of legal calculations: the number of cards, the
    # calculation in usual notation, as laid left to right, how many orders of the cards give it, the
    # cards that may be laid last, and the master-stroke points.
    headings = (_("cards"), _("calculation"), _("as laid"), _("chains"), _("last card"), _("master"))
    rows = [headings, *(_calculation_row(calculation, lang) for calculation in solution.calculations)]
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    for row in rows:
        lines.append("  " + "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip())
    return "\n".join(lines)


def _calculation_row(calculation: Calculation, lang: str) -> tuple[str, str, str, str, str, str]:
    return (
        str(len(calculation.cards)),
        mathematical(calculation.example, lang),
        render_notation(calculation.example, lang),
        str(calculation.chains),
        _hand(calculation.last_cards, lang),
        str(calculation.master_points) if calculation.master_points else "",
    )


def explain_plans(top: Card, hand: Sequence[Card], plans: Sequence[PlannedTurn], lang: str = DEFAULT_LANGUAGE) -> str:
    """The planner's best turns, each with the reason it ranks where it does, in ``lang``.

    >>> from solver.nambarz.cards import parse_cards
    >>> from solver.nambarz.jokers import Cover
    >>> from solver.nambarz.planner import plan_turn
    >>> from solver.nambarz.rules import Rules
    >>> hand = parse_cards("1 2 6 9 4 Jreplay")
    >>> plans = plan_turn(Cover(Card.parse("3")), hand, Rules(), count=2)
    >>> print(explain_plans(Card.parse("3"), hand, plans))
    Best turns on 3 with 1 2 6 9 4 Jreplay (ranked by cards shed, then master points, then fewest answers):
      1. 2 + 1 ; Jreplay ; 6 + 4 - 9
         sheds 6 cards and goes out; leaves 9 on top (9 ways to cover it)
      2. 4 - 1 ; Jreplay ; 9 - 2 - 6
         sheds 6 cards and goes out; leaves 6 on top (11 ways to cover it); below 1: easier top card
    >>> for line in explain_plans(Card.parse("3"), hand, plans, lang="de").splitlines()[1:]:
    ...     print(line)
      1. 2 + 1 ; Jreplay ; 6 + 4 - 9
         legt 6 Karten ab und ist fertig; lässt 9 oben (9 Möglichkeiten zum Abdecken)
      2. 4 - 1 ; Jreplay ; 9 - 2 - 6
         legt 6 Karten ab und ist fertig; lässt 6 oben (11 Möglichkeiten zum Abdecken); unter 1: leichtere oberste Karte
    """
    translations = translator(lang)
    _ = translations.gettext
    header = _(
        "Best turns on %(top)s with %(hand)s (ranked by cards shed, then master points, then fewest answers):"
    ) % {"top": card_name(top, lang), "hand": _hand(hand, lang)}
    if not plans:
        return f"{header}\n  " + _("nothing is playable: draw a card.")
    lines = [header]
    for number, plan in enumerate(plans, start=1):
        # TRANSLATORS: a planned turn that plays nothing.
        turn = render_notation(plan.turn, lang) if plan.turn is not None else _("pass")
        lines.append(f"  {number}. {turn}")
        facts = _plan_facts(plan, lang)
        if number > 1:
            facts.append(
                # TRANSLATORS: why this turn ranks below the one numbered just above it.
                _("below %(number)d: %(reason)s")
                % {"number": number - 1, "reason": _plan_reason(plans[number - 2], plan, translations)}
            )
        lines.append("     " + _fact_separator(translations).join(facts))
    return "\n".join(lines)


def _plan_facts(plan: PlannedTurn, lang: str) -> list[str]:
    translations = translator(lang)
    _, ngettext = translations.gettext, translations.ngettext
    count = {"count": plan.shed}
    if plan.ending is Ending.OUT:
        facts = [ngettext("sheds %(count)d card and goes out", "sheds %(count)d cards and goes out", plan.shed) % count]
    else:
        facts = [ngettext("sheds %(count)d card", "sheds %(count)d cards", plan.shed) % count]
    if plan.ending is Ending.DRAW:
        facts.append(_("ends on Jreplay with nothing to play, so draws a card"))
    if plan.master_points:
        facts.append(_("%(points)d master-stroke points") % {"points": plan.master_points})
    left = {"top": card_name(plan.cover_after.card, lang), "count": plan.answers}
    if plan.cover_after.awaits_card:
        facts.append(
            ngettext(
                "leaves %(top)s waiting for any card it allows (%(count)d face)",
                "leaves %(top)s waiting for any card it allows (%(count)d faces)",
                plan.answers,
            )
            % left
        )
    else:
        facts.append(
            ngettext(
                "leaves %(top)s on top (%(count)d way to cover it)",
                "leaves %(top)s on top (%(count)d ways to cover it)",
                plan.answers,
            )
            % left
        )
    return facts


def _plan_reason(better: PlannedTurn, plan: PlannedTurn, translations: gettext.NullTranslations) -> str:
    _ = translations.gettext
    if plan.shed < better.shed:
        return _("fewer cards shed")
    if plan.master_points < better.master_points:
        return _("fewer master points")
    if plan.answers > better.answers:
        return _("easier top card")
    return _("equally good")


def explain_hint(hint: Hint, lang: str = DEFAULT_LANGUAGE) -> str:
    """What a hint reveals at its level, in ``lang``: only what is new at that level.

    Figure cards are named in ``lang`` (``3 ape``), in a way the notation
    also reads; jokers (``Jreplay``) and operator signs stay as written.

    >>> from solver.nambarz.cards import parse_cards
    >>> from solver.nambarz.hint import hint
    >>> position = (Card.parse("3bee"), parse_cards("10 4 2 7"), Rules())
    >>> print(explain_hint(hint(*position, 1)))
    No card in your hand matches 3bee. Calculations of 3 and 2 cards reach 3.
    >>> print(explain_hint(hint(*position, 2), "de"))
    Fang mit 10 an, dann +.
    >>> print(explain_hint(hint(*position, 3), "it"))
    Gioca (10 + 2) ÷ 4: scarti 3 carte e lasci 4 in cima.
    >>> print(explain_hint(hint(Card.parse("3"), [Card.parse("8")], Rules(), 1)))
    Nothing in your hand covers 3: draw a card.
    """
    translations = translator(lang)
    if hint.must_draw:
        top = card_name(hint.top, lang)
        return translations.gettext("Nothing in your hand covers %(top)s: draw a card.") % {"top": top}
    if hint.turn is not None:
        return _best_turn_words(hint.turn, lang)
    if hint.first_card is not None:
        return _first_step_words(hint.first_card, hint.first_operator, lang)
    return _what_exists_words(hint, lang)


def _what_exists_words(hint: Hint, lang: str) -> str:
    translations = translator(lang)
    _, ngettext = translations.gettext, translations.ngettext
    top = card_name(hint.top, lang)
    if hint.matching_cards == 0:
        matching = _("No card in your hand matches %(top)s.") % {"top": top}
    else:
        matching = ngettext(
            "%(count)d card in your hand matches %(top)s.",
            "%(count)d cards in your hand match %(top)s.",
            hint.matching_cards,
        ) % {"count": hint.matching_cards, "top": top}
    value = hint.top.value
    sizes = hint.calculation_sizes
    if not sizes:
        calculations = _("No calculation reaches %(value)d.") % {"value": value}
    elif len(sizes) == 1:
        # A calculation always has at least two cards, so the plural is the only form needed.
        calculations = _("A calculation of %(size)d cards reaches %(value)d.") % {"size": sizes[0], "value": value}
    else:
        fields = {"sizes": listed(sizes, translations), "value": value}
        calculations = _("Calculations of %(sizes)s cards reach %(value)d.") % fields
    sentences = [matching, calculations]
    if hint.master_stroke:
        sentences.append(_("A master stroke is possible."))
    if hint.matching_cards == 0 and not sizes:
        sentences.append(_("A joker can still be played."))
    return " ".join(sentences)


def _first_step_words(card: Card, operator: Operator | None, lang: str) -> str:
    _ = translator(lang).gettext
    if card.is_joker:
        return _("Start with the joker %(joker)s.") % {"joker": card}
    if operator is None:
        return _("Start with %(card)s.") % {"card": card_name(card, lang)}
    return _("Start with %(card)s, then %(operator)s.") % {"card": card_name(card, lang), "operator": operator.sign}


def _best_turn_words(best: PlannedTurn, lang: str) -> str:
    translations = translator(lang)
    _, ngettext = translations.gettext, translations.ngettext
    plays = " ; ".join(
        mathematical(play, lang) if isinstance(play, Chain) and play.is_calculation else render_notation(play, lang)
        for play in best.plays
    )
    # TRANSLATORS: the facts below are joined into one sentence after "Play …:", the first one opening it.
    facts = [ngettext("it sheds %(count)d card", "it sheds %(count)d cards", best.shed) % {"count": best.shed}]
    if best.master_points:
        facts.append(
            ngettext(
                "earns %(points)d master-stroke point",
                "earns %(points)d master-stroke points",
                best.master_points,
            )
            % {"points": best.master_points}
        )
    if best.ending is Ending.OUT:
        facts.append(_("goes out"))
    elif best.ending is Ending.DRAW:
        facts.append(_("ends on Jreplay with nothing to play, so you draw a card"))
    else:
        facts.append(_("leaves %(card)s on top") % {"card": card_name(best.cover_after.card, lang)})
    return _("Play %(plays)s: %(facts)s.") % {"plays": plays, "facts": listed(facts, translations)}


def explain_simulation(report: SimulationReport, lang: str = DEFAULT_LANGUAGE) -> str:
    """A table of per-bot statistics from a self-play run, in ``lang``.

    >>> from solver.nambarz.simulate import simulate
    >>> text = explain_simulation(simulate(players=2, games=1, seed=1), lang="it")
    >>> print(text.splitlines()[1])
      bot      posti  quota di vittorie  punti di piazzamento  colpi da maestro  penalità
    """
    translations = translator(lang)
    _, ngettext = translations.gettext, translations.ngettext
    document = report.to_dict()
    lines = [
        ngettext(
            "%(games)d game of %(rounds_per_game)d round(s), %(players)d players, seed %(seed)d: "
            "%(rounds)d rounds in %(seconds)s s (%(rounds_per_second)s rounds per second), "
            "%(turns_per_round)s turns per round.",
            "%(games)d games of %(rounds_per_game)d round(s), %(players)d players, seed %(seed)d: "
            "%(rounds)d rounds in %(seconds)s s (%(rounds_per_second)s rounds per second), "
            "%(turns_per_round)s turns per round.",
            document["games"],
        )
        % {
            **{key: document[key] for key in ("games", "rounds_per_game", "players", "seed", "rounds")},
            "seconds": str(document["seconds"]),
            "rounds_per_second": str(document["rounds_per_second"]),
            "turns_per_round": f"{document['turns_per_round']:.1f}",
        }
    ]
    # TRANSLATORS: the column headings of the table of self-play statistics, one row per bot.
    headings = (_("bot"), _("seats"), _("win share"), _("rank points"), _("master strokes"), _("penalties"))
    rows: list[tuple[str, ...]] = [headings]
    for name, bot in document["bots"].items():
        rows.append(
            (
                name,
                str(bot["seats"]),
                f"{bot['win_share']:.1%}",
                f"{bot['mean_rank_points']:.1f}",
                f"{bot['master_strokes_per_round']:.2f}",
                f"{bot['penalties_per_round']:.2f}",
            )
        )
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    lines += [
        "  " + "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip() for row in rows
    ]
    lines.append(_("Rank points, master strokes and penalties are per round played."))
    aborted = document["aborted_games"]
    if aborted:
        lines.append(
            ngettext(
                "%(count)d game stopped at a search time limit and is left out.",
                "%(count)d games stopped at a search time limit and are left out.",
                aborted,
            )
            % {"count": aborted}
        )
    return "\n".join(lines)


def explain_round_score(score: RoundScore, lang: str = DEFAULT_LANGUAGE) -> str:
    """The ranking with each player's points, the team totals (best first), and the rulings applied, in ``lang``.

    >>> from solver.nambarz.scoring import score_round
    >>> score = score_round(["A", "B", "C", "D"], ["C", "D"], teams=[["A", "B"], ["C", "D"]])
    >>> print(explain_round_score(score).split("Teams:")[1])  # doctest: +ELLIPSIS
    <BLANKLINE>
      team  total
      C+D      72
      A+B      44
    Ruling round-ends-at-first-condition (project decision): ...
    >>> print(explain_round_score(score_round(["A", "B", "C"], ["B", "A"]), lang="de"))
    Rundenwertung, 3 Spieler:
      Platz  Spieler  Platzpunkte  Meisterpunkte  Summe
          1  B                 40              0     40
          2  A                 32              0     32
          3  C                 25              0     25
      Hat noch Karten: C.
    """
    translations = translator(lang)
    _, ngettext = translations.gettext, translations.ngettext
    count = len(score.players)
    lines = [ngettext("Round score, %(count)d player:", "Round score, %(count)d players:", count) % {"count": count}]
    # TRANSLATORS: the column headings of a round's score table, one row per player.
    headings = (_("rank"), _("player"), _("rank points"), _("master points"), _("total"))
    rows = [headings]
    rows += [
        (
            str(place),
            player,
            str(score.rank_points[player]),
            str(score.master_points[player]),
            str(score.points[player]),
        )
        for place, player in enumerate(score.ranking, start=1)
    ]
    lines += aligned_table(rows, numeric=(0, 2, 3, 4))
    still_in = [player for player in score.ranking if player not in score.finished]
    lines.append(
        "  "
        + ngettext("Still holding cards: %(players)s.", "Still holding cards: %(players)s.", len(still_in))
        % {"players": ", ".join(still_in)}
    )
    if score.team_points is not None:
        lines.append(_("Teams:"))
        best_first = sorted(score.team_points.items(), key=lambda item: -item[1])
        # TRANSLATORS: the column headings of the team totals: the team's members, then its points.
        team_rows = [(_("team"), _("total")), *((label, str(points)) for label, points in best_first)]
        lines += aligned_table(team_rows, numeric=(1,))
    lines += [describe_ruling(ruling_id, lang) for ruling_id in score.rulings]
    return "\n".join(lines)


WORDS = GameWords(
    name="nambarz",
    explain_verdict=explain_verdict,
    violation_reasons=violation_reasons,
    explain_turn_review=nambarz_review.explain_turn_review,
    totals_sentences=nambarz_review.totals_sentences,
    verdicts=(Verdict, ActionVerdict),
    state=State,
)
"""Nambarz's entry in :data:`tutor.games.TUTORS`."""
