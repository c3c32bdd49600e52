"""Nambarz in words: verdicts, turns, solutions, plans, hints, round scores and self-play, for a terminal.

Every explanation is in English by default and in Italian, German or French
with ``lang``: its sentences come from the ``tutor`` gettext catalogs
(:mod:`tutor.i18n`), and every card is named as a reader of that language
names it (:func:`card_name`: ``3 bee`` in English, ``3 ape`` in Italian, the
jokers by name), in calculations and plays too.  No code reaches the reader:
a verdict starts with one short sentence to the player (what was wrong and
what happens now, or what was right), then the rules it rests on, with the
rulebook's sections as the rulebook numbers them; violation codes and ruling
identifiers stay in the verdicts for machines and referees.

Calculations are shown the way a reader expects mathematics, with brackets
where the left-to-right reading differs from the usual precedence, and with
their left-to-right trace.

>>> from solver.nambarz import Card, Chain, check
>>> print(explain_play_verdict(check(Card.parse("3bee"), Chain.parse("10 - 4 / 2"))))
Well done: (10 − 4) ÷ 2 makes 3.
  Steps: 10 − 4 = 6, 6 ÷ 2 = 3.
  Why: read left to right it gives 3, the number of 3 bee, and no fewer of its cards do.
  The next play covers 2.
  Rules: natural numbers, operations + − × ÷.
"""

from __future__ import annotations

import gettext
from collections.abc import Sequence
from dataclasses import dataclass

from solver.nambarz.arithmetic import Step, Value
from solver.nambarz.cards import Card
from solver.nambarz.hand_solver import Calculation, Solution
from solver.nambarz.hint import Hint
from solver.nambarz.matching import matches
from solver.nambarz.notation import Chain, JokerPlay
from solver.nambarz.planner import Ending, PlannedTurn
from solver.nambarz.referee import Verdict
from solver.nambarz.rules import Domain, Operator, Rules
from solver.nambarz.rulings import RULINGS
from solver.nambarz.scoring import RoundScore
from solver.nambarz.simulate import SimulationReport
from solver.nambarz.state import ActionKind, ActionVerdict, State, Variant
from solver.nambarz.turn import SkippedPlay, TurnVerdict
from solver.nambarz.violations import Violation, ViolationCode
from solver.rulings import PROJECT
from tutor import nambarz_review
from tutor.i18n import DEFAULT_LANGUAGE, translator
from tutor.rendering import card_name, render_plain, render_words
from tutor.text import aligned_table, listed
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
    '(9 hen − 6 dragonfly) ÷ 3 hippo'
    >>> mathematical(Chain.parse("9hen - 6dragonfly / 3hippo"), "it")
    '(9 gallina − 6 libellula) ÷ 3 ippopotamo'
    >>> mathematical(Chain.parse("6 * 5 / 10 + 1 * 2"))
    '(6 × 5 ÷ 10 + 1) × 2'
    """
    return render_plain(chain, lang)


def explain_play_verdict(verdict: Verdict, lang: str = DEFAULT_LANGUAGE) -> str:
    """A play's verdict in ``lang``: the short sentence first, then each broken rule, the trace and the rulings.

    >>> from solver.nambarz import Card, Chain, check
    >>> print(explain_play_verdict(check(Card.parse("3bee"), Chain.parse("10 - 4 / 2")), lang="it"))
    ... # doctest: +NORMALIZE_WHITESPACE
    Bravo: (10 − 4) ÷ 2 fa 3.
      Passaggi: 10 − 4 = 6, 6 ÷ 2 = 3.
      Perché: letto da sinistra a destra dà 3, il numero di 3 ape, e nessun gruppo più piccolo delle sue carte
      ci arriva.
      La prossima giocata copre 2.
      Regole: numeri naturali, operazioni + − × ÷.
    """
    translations = translator(lang)
    lines = _verdict_lines(verdict, lang)
    lines.append(_rules_line(verdict.rules, lang, translations))
    lines += _ruling_lines(verdict.rulings, lang)
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
    Play 1. Well done: the double-change joker lets 8 follow.
      Why: the double-change joker may be laid on 3, and 8 is of a kind it allows without matching 3.
      The next play covers 8.
    Play 2. Well done: with the replay joker you play again.
      Why: the replay joker may be laid at any point of a turn.
      You play again on 8.
    Play 3. Well done: 10 − 2 makes 8.
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
    for number, play in enumerate(verdict.plays, start=1):
        if isinstance(play, SkippedPlay):
            # TRANSLATORS: a play written after a penalised play of the same turn, which the penalty ended.
            skipped = _("Play %(number)d. Skipped: %(play)s (a penalty before it ended the turn).")
            lines.append(skipped % {"number": number, "play": render_words(play.play, lang)})
            continue
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
    lines += _ruling_lines(verdict.rulings, lang)
    return "\n".join(lines)


@dataclass(frozen=True)
class ViolationWords:
    """One violation of a verdict in words: its code, rule and penalty sections, the rule and the reason in a language.

    ``code`` is for machines and referees only (a data attribute, the
    referees' details); ``summary`` says what the rule asks and ``reason``
    what the play did against it.
    """

    code: str
    rule: str
    penalty: str
    summary: str
    reason: str


@dataclass(frozen=True)
class PlayVerdictWords:
    """A verdict's sentences in one language, part by part, for a page that lays them out itself.

    ``short`` is the one sentence a child reads first: what was wrong and
    what happens now, or what was right; ``fault`` is its first part alone,
    what was wrong, for an exercise that has no penalty to tell; everything
    else explains it, for a "Why?" to open.  ``steps`` is bare (no "Steps:" label); ``resolution``,
    ``why``, ``next_play``, ``master`` and ``precedence`` are whole
    sentences.  A part that does not apply is ``None``.  No part holds a
    code: the codes are ``violations[…].code`` and ``resolving_code``.
    :func:`explain_play_verdict` prints the same parts as lines.

    >>> from solver.nambarz import Card, Chain, check
    >>> words = play_verdict_words(check(Card.parse("3bee"), Chain.parse("6 + 5 + 2 - 10")), "it")
    >>> print(words.short)
    Bastavano meno carte: 6 ÷ 2. 6 ÷ 2 resta sul tavolo; riprendi 5 e 10 e peschi 3 carte.
    >>> words.violations[0].reason
    'bastano meno carte per arrivare al risultato: 6 ÷ 2'
    """

    legal: bool
    short: str
    fault: str | None
    headline: str
    violations: tuple[ViolationWords, ...]
    resolving_code: str | None
    precedence: str | None
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
    if lang == DEFAULT_LANGUAGE:
        return [violation.message for violation in verdict.violations]
    return [_violation_reason(violation, verdict, lang) for violation in verdict.violations]


def explain_verdict(verdict: Verdict | ActionVerdict, lang: str = DEFAULT_LANGUAGE) -> str:
    """The verdict on an action of a game in play, in ``lang``: a play as the referee explains it, a draw or a pass.

    A penalised play also ends the turn, which its short sentence says last.
    A draw or a pass is allowed only when the turn allows it: what you did,
    and what follows.

    >>> from solver.games import find_game
    >>> from solver.nambarz.state import Action
    >>> state = find_game("nambarz").new_game(players=2, seed=1)
    >>> print(explain_verdict(state.check(Action.parse("9 / 3"))))  # doctest: +NORMALIZE_WHITESPACE
    3 matches 3 bee, so it is played alone, not in a calculation. 3 stays on the table; you take back 9 and
    draw 3 cards. Your turn ends.
      Rule III.2, penalty V.2: a card that matches 3 bee is used inside the calculation instead of alone.
      Steps: 9 ÷ 3 = 3.
      Rules: natural numbers, operations + − × ÷.
    >>> _ = state.apply(Action.parse("3"))
    >>> print(explain_verdict(state.check(Action.parse("pass")), "de"))
    Du passt: Dein Zug ist zu Ende.
    """
    if isinstance(verdict, ActionVerdict):
        return _explain_draw_or_pass(verdict, lang)
    text = explain_play_verdict(verdict, lang)
    if verdict.legal:
        return text
    lines = text.splitlines()
    lines[0] += " " + translator(lang).gettext("Your turn ends.")
    return "\n".join(lines)


def _explain_draw_or_pass(verdict: ActionVerdict, lang: str) -> str:
    """A draw or a pass, which the state allows only when the turn does: what you did, and what follows."""
    _ = translator(lang).gettext
    if verdict.action.kind is ActionKind.DRAW:
        return _("You draw a card, as nothing in your hand could be played: now play if you can, or pass.")
    return _("You pass: your turn ends.")


def _verdict_words(verdict: Verdict, lang: str) -> PlayVerdictWords:
    translations = translator(lang)
    _ = translations.gettext
    chain = _calculation(verdict)
    play = mathematical(chain, lang) if chain is not None else render_words(verdict.play, lang)
    top = card_name(verdict.top, lang)
    status = _("Legal") if verdict.legal else _("Not legal")
    violations = tuple(
        ViolationWords(
            code=violation.code.value,
            rule=violation.reference.rule,
            penalty=violation.reference.penalty or "",
            summary=_(violation.reference.summary),
            reason=_violation_reason(violation, verdict, lang),
        )
        for violation in verdict.violations
    )
    resolving = verdict.resolving_violation
    steps = None if chain is None else ", ".join(_step_words(step) for step in chain.trace(verdict.rules.domain))
    next_play = master = precedence = resolution = fault = None
    if verdict.legal:
        if isinstance(verdict.play, JokerPlay) and verdict.play.is_replay:
            next_play = _("You play again on %(top)s.") % {"top": top}
        elif isinstance(verdict.play, JokerPlay) and verdict.play.follow is None:
            next_play = _("The %(joker)s waits for one card of the kind it allows.") % {
                "joker": card_name(verdict.play.joker, lang)
            }
        else:
            next_play = _("The next play covers %(card)s.") % {"card": card_name(verdict.stays[-1], lang)}
            if verdict.master_points:
                master = _("Master stroke: %(points)d points.") % {"points": verdict.master_points}
        short = _legal_short(verdict, play, lang)
    else:
        resolution = _capitalised(_resolution(verdict, lang))
        fault = _fault_short(resolving or verdict.violations[0], verdict, lang)
        short = f"{fault} {resolution}"
        if len(violations) > 1 and resolving is not None:
            # TRANSLATORS: several rules broken by one play; "fault" is why the one that decides the penalty was broken.
            precedence = _("More than one thing is wrong, but a play is penalised only once, for the first: %(fault)s.")
            precedence %= {"fault": _violation_reason(resolving, verdict, lang)}
    return PlayVerdictWords(
        legal=verdict.legal,
        short=short,
        fault=fault,
        headline=_("%(status)s: %(play)s on %(top)s.") % {"status": status, "play": play, "top": top},
        violations=violations,
        resolving_code=None if resolving is None else resolving.code.value,
        precedence=precedence,
        steps=steps,
        resolution=resolution,
        why=_why_legal(verdict, lang) if verdict.legal else None,
        next_play=next_play,
        master=master,
    )


def _calculation(verdict: Verdict) -> Chain | None:
    """The verdict's play when it is a calculation with a value, shown in usual notation with its steps."""
    play = verdict.play
    if isinstance(play, Chain) and verdict.value is not None and play.is_calculation:
        return play
    return None


def _legal_short(verdict: Verdict, play: str, lang: str) -> str:
    """What was right about a legal play, in one short sentence."""
    _ = translator(lang).gettext
    top = card_name(verdict.top, lang)
    if isinstance(verdict.play, JokerPlay):
        joker = card_name(verdict.play.joker, lang)
        if verdict.play.is_replay:
            return _("Well done: with the %(joker)s you play again.") % {"joker": joker}
        if verdict.play.follow is None:
            return _("Well done: the %(joker)s may go on %(top)s.") % {"joker": joker, "top": top}
        follow = verdict.play.follow
        laid = card_name(follow, lang) if isinstance(follow, Card) else render_words(follow, lang)
        return _("Well done: the %(joker)s lets %(play)s follow.") % {"joker": joker, "play": laid}
    if verdict.value is not None and verdict.play.is_calculation:
        return _("Well done: %(play)s makes %(value)s.") % {"play": play, "value": shown_number(verdict.value)}
    return _("Well done: %(card)s goes on %(top)s.") % {"card": play, "top": top}


def _fault_short(violation: Violation, verdict: Verdict, lang: str) -> str:
    """What was wrong with a play, in one short sentence a child understands."""
    _ = translator(lang).gettext
    code = violation.code
    top = card_name(verdict.top, lang)
    if code is ViolationCode.NO_MATCH:
        return _("%(play)s does not go on %(top)s.") % {"play": render_words(verdict.play, lang), "top": top}
    if code is ViolationCode.MIXED_KINDS:
        return _("You mixed symbol cards and figure cards.")
    if code is ViolationCode.MATCHING_CARD_IN_CALCULATION:
        matching = [card for card in verdict.play.cards if not card.is_joker and matches(card, verdict.top)]
        if matching:
            sentence = _("%(card)s matches %(top)s, so it is played alone, not in a calculation.")
            return sentence % {"card": card_name(matching[0], lang), "top": top}
        return _("A card that matches %(top)s is played alone, not in a calculation.") % {"top": top}
    if code is ViolationCode.NOT_MINIMAL and verdict.smaller is not None:
        return _("Fewer cards would do: %(smaller)s.") % {"smaller": mathematical(verdict.smaller, lang)}
    if code is ViolationCode.NOT_MINIMAL:
        return _("Fewer cards would do.")
    if code is ViolationCode.WRONG_RESULT:
        return _wrong_result_short(verdict, lang)
    if code is ViolationCode.OPERATION_NOT_ALLOWED:
        signs = [
            operator.sign for operator in _operators(verdict.play) if operator.value not in verdict.rules.operators
        ]
        if signs:
            # TRANSLATORS: "sign" is one of + − × ÷, an operation the players did not agree on for this game.
            return _("This game does not use %(sign)s.") % {"sign": signs[0]}
        return _("This game does not use that sign.")
    if code is ViolationCode.WRONG_JOKER:
        return _("That joker cannot be played here.")
    if code is ViolationCode.MATCHING_CARD_AFTER_JOKER:
        return _("Your card matches the card under the joker, so it is played without the joker.")
    if code is ViolationCode.JOKER_IN_CALCULATION:
        return _("A joker is never part of a calculation.")
    if code is ViolationCode.PLAY_WITHOUT_REPLAY:
        return _("To play again, you first lay the replay joker.")
    return _("A change joker never goes on another change joker.")


def _operators(play: Chain | JokerPlay) -> tuple[Operator, ...]:
    """The operators of a play, or of the calculation after its joker."""
    if isinstance(play, JokerPlay):
        return _operators(play.follow) if isinstance(play.follow, (Chain, JokerPlay)) else ()
    return play.operators


def _wrong_result_short(verdict: Verdict, lang: str) -> str:
    """A wrong result in one short sentence: the step that leaves the agreed numbers, or the value reached."""
    _ = translator(lang).gettext
    outside = _step_outside(verdict)
    if outside is not None and outside.result is None:
        return _("You cannot divide by 0.")
    if outside is not None and outside.result is not None and outside.result < 0:
        step = f"{shown_number(outside.left)} {outside.operator.sign} {shown_number(outside.right)}"
        return _("%(step)s goes below 0.") % {"step": step}
    if outside is not None:
        step = f"{shown_number(outside.left)} {outside.operator.sign} {shown_number(outside.right)}"
        return _("%(step)s is not a whole number.") % {"step": step}
    chain = _calculation(verdict)
    if chain is not None and verdict.value is not None and verdict.top.number is not None:
        fields = {"play": mathematical(chain, lang), "value": shown_number(verdict.value), "target": verdict.top.number}
        return _("%(play)s makes %(value)s, not %(target)d.") % fields
    return _("The calculation does not make the number on top.")


def _verdict_lines(verdict: Verdict, lang: str) -> list[str]:
    _ = translator(lang).gettext
    words = _verdict_words(verdict, lang)
    lines = [words.short]
    for violation in words.violations:
        line = _("Rule %(rule)s, penalty %(penalty)s: %(reason)s.") % {
            "rule": violation.rule,
            "penalty": violation.penalty,
            "reason": violation.reason,
        }
        lines.append("  " + line)
    if words.precedence is not None:
        lines.append("  " + words.precedence)
    if words.steps is not None:
        lines.append("  " + _("Steps: %(steps)s.") % {"steps": words.steps})
    if words.why is not None:
        # TRANSLATORS: why a legal play is legal, in an explanation: "Why: 7 owl shows the number of 7 fish."
        lines.append("  " + _("Why: %(reason)s") % {"reason": words.why})
    lines += ["  " + sentence for sentence in (words.next_play, words.master) if sentence is not None]
    return lines


def _why_legal(verdict: Verdict, lang: str) -> str:
    """Why a legal play is legal, in words: matching, the minimum-card rule, or a joker's kinds.

    The sentence starts in lower case, after "Why: " in an explanation; a page capitalises it.
    """
    _ = translator(lang).gettext
    play, top = verdict.play, card_name(verdict.top, lang)
    if isinstance(play, JokerPlay):
        if play.is_replay:
            return _("the replay joker may be laid at any point of a turn.")
        joker = card_name(play.joker, lang)
        if play.follow is None:
            return _("the %(joker)s may be laid on %(top)s.") % {"joker": joker, "top": top}
        follow = play.follow_card
        fields = {"joker": joker, "top": top, "card": follow if follow is None else card_name(follow, lang)}
        # TRANSLATORS: "card" follows the change joker "joker", which was laid on the top card "top".
        sentence = _(
            "the %(joker)s may be laid on %(top)s, and %(card)s is of a kind it allows without matching %(top)s."
        )
        return sentence % fields
    if play.is_calculation:
        sentence = _("read left to right it gives %(value)s, the number of %(top)s, and no fewer of its cards do.")
        return sentence % {"value": shown_number(verdict.value), "top": top}
    card, named = play.cards[0], card_name(play.cards[0], lang)
    if verdict.top.is_joker:
        return _("%(card)s is of a kind the %(joker)s allows.") % {"card": named, "joker": top}
    if card.number == verdict.top.number:
        return _("%(card)s shows the number of %(top)s.") % {"card": named, "top": top}
    return _("%(card)s shows the figure of %(top)s.") % {"card": named, "top": top}


def _violation_reason(violation: Violation, verdict: Verdict, lang: str) -> str:
    """Why the play breaks ``violation``'s rule, a sentence built from the verdict, cards and jokers in words."""
    _ = translator(lang).gettext
    code = violation.code
    fields = {"top": card_name(verdict.top, lang), "play": render_words(verdict.play, lang)}
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
            "calculation": render_words(calculation, lang)
        }
    if code is ViolationCode.PLAY_WITHOUT_REPLAY:
        # TRANSLATORS: a second play in one turn, made without first laying the replay joker.
        return _("%(play)s is a further play of the turn, made without laying the replay joker first") % fields
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
        step = f"{shown_number(outside.left)} {outside.operator.sign} {shown_number(outside.right)}"
        return _("read left to right, the step %(step)s divides by zero") % {"step": step}
    if outside is not None and domain is Domain.NATURAL:
        return _("read left to right, the step %(step)s leaves the natural numbers (whole numbers from 0 up)") % {
            "step": _step_words(outside)
        }
    if outside is not None and domain is Domain.INTEGER:
        return _("read left to right, the step %(step)s leaves the whole numbers") % {"step": _step_words(outside)}
    if outside is None and verdict.value is not None:
        fields = {"value": shown_number(verdict.value), "top": card_name(verdict.top, lang)}
        return _("read left to right, the calculation gives %(value)s, which does not match %(top)s") % fields
    return _("read left to right, a step leaves the agreed numbers")


def shown_number(value: Value | None) -> str:
    """A number as a page shows it: with a minus sign, never a hyphen, and ``?`` where there is none.

    >>> from fractions import Fraction
    >>> shown_number(-1), shown_number(Fraction(-1, 2)), shown_number(None)
    ('−1', '−1/2', '?')
    """
    return "?" if value is None else str(value).replace("-", "−")


def _step_words(step: Step) -> str:
    """One left-to-right step as a page shows it: ``2 − 3 = −1``, and ``6 ÷ 0 = ?`` for a division by zero."""
    return f"{shown_number(step.left)} {step.operator.sign} {shown_number(step.right)} = {shown_number(step.result)}"


def _step_outside(verdict: Verdict) -> Step | None:
    """The first step of the verdict's calculation that leaves its rules' numbers, if any."""
    play = verdict.play
    chain = play.follow if isinstance(play, JokerPlay) else play
    if not isinstance(chain, Chain) or not chain.is_calculation:
        return None
    return next((step for step in chain.trace(verdict.rules.domain) if not step.in_domain), None)


def describe_ruling(ruling: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """One ruling in ``lang``, for a reader: where it comes from and its one-line summary, without its identifier.

    >>> print(describe_ruling("penalty-ends-turn"))
    Project decision: a penalised play ends the turn, so no replay may follow it.
    >>> print(describe_ruling("penalty-ends-turn", lang="it"))
    Decisione del progetto: una giocata penalizzata chiude il turno, niente jolly per rigiocare dopo.
    """
    translations = translator(lang)
    _ = translations.gettext
    ruling_entry = RULINGS[ruling]
    summary = _(ruling_entry.summary)
    if ruling_entry.source == PROJECT:
        return _("Project decision: %(summary)s.") % {"summary": summary}
    return _("Rules digest: %(summary)s.") % {"summary": summary}


def shown_rulings(rulings: Sequence[str]) -> list[str]:
    """The rulings worth a reader's attention: all but the two every calculation relies on.

    >>> shown_rulings(["arithmetic-domain", "penalty-ends-turn"])
    ['penalty-ends-turn']
    """
    return [ruling for ruling in rulings if ruling not in ("arithmetic-domain", "minimality-on-played-cards")]


def _ruling_lines(rulings: Sequence[str], lang: str) -> list[str]:
    """The rulings a verdict relied on, in words, but for the two every calculation relies on."""
    return ["  " + describe_ruling(ruling, lang) for ruling in shown_rulings(rulings)]


def _named(cards: Sequence[Card], lang: str) -> list[str]:
    """Each card as a reader of ``lang`` names it."""
    return [card_name(card, lang) for card in cards]


def _in_sentence(cards: Sequence[Card], lang: str, *, subject: bool) -> list[str]:
    """Each card as a sentence names it in ``lang``: a number card by its name, a joker with its article.

    A joker's article depends on its part in the sentence (German says "der
    Joker" as the subject and "den Joker" as the object).

    >>> _in_sentence([Card.parse("4"), Card.parse("Jboth")], "de", subject=False)
    ['4', 'den Doppelwechsel-Joker']
    """
    translations = translator(lang)
    # TRANSLATORS: a joker named in a sentence, such as "the replay joker"; the context says its part in the sentence.
    joker = (
        translations.pgettext("joker as the subject", "the %(joker)s")
        if subject
        else translations.pgettext("joker as the object", "the %(joker)s")
    )
    return [joker % {"joker": card_name(card, lang)} if card.is_joker else card_name(card, lang) for card in cards]


def _capitalised(sentence: str) -> str:
    """``sentence`` with its first letter made capital, for one that starts with a joker's article."""
    return sentence[:1].upper() + sentence[1:]


def _hand(cards: Sequence[Card], lang: str) -> str:
    """Cards one after another, as a hand or a list of cards is printed, each named in ``lang``."""
    return " ".join(_named(cards, lang))


def _fact_separator(translations: gettext.NullTranslations) -> str:
    # TRANSLATORS: what separates the parts of a resolution or the facts of a planned turn, "; " in English;
    # French puts a no-break space before the semicolon.
    return translations.gettext("; ")


def _resolution(verdict: Verdict, lang: str) -> str:
    """What happens after a penalised play, in one sentence to the player: what stays, what comes back, the draw."""
    translations = translator(lang)
    ngettext = translations.ngettext
    draw = verdict.penalty_draw
    fields: dict[str, object] = {"count": draw}
    if verdict.returned:
        fields["returned"] = listed(_in_sentence(verdict.returned, lang, subject=False), translations)
    if verdict.recombination is not None:
        fields["chain"] = render_words(verdict.recombination, lang)
        return (
            ngettext(
                "Your cards stay on the table as %(chain)s and you draw %(count)d card.",
                "Your cards stay on the table as %(chain)s and you draw %(count)d cards.",
                draw,
            )
            % fields
        )
    if verdict.stays:
        kept_smaller = verdict.smaller is not None and verdict.smaller.cards == verdict.stays
        fields["cards"] = (
            mathematical(verdict.smaller, lang)
            if kept_smaller and verdict.smaller
            else listed(_in_sentence(verdict.stays, lang, subject=True), translations)
        )
        if verdict.returned:
            return (
                ngettext(
                    "%(cards)s stays on the table; you take back %(returned)s and draw %(count)d card.",
                    "%(cards)s stays on the table; you take back %(returned)s and draw %(count)d cards.",
                    draw,
                )
                % fields
            )
        return (
            ngettext(
                "%(cards)s stays on the table and you draw %(count)d card.",
                "%(cards)s stays on the table and you draw %(count)d cards.",
                draw,
            )
            % fields
        )
    if verdict.returned:
        return (
            ngettext(
                "You take back %(returned)s and draw %(count)d card.",
                "You take back %(returned)s and draw %(count)d cards.",
                draw,
            )
            % fields
        )
    return ngettext("You draw %(count)d card.", "You draw %(count)d cards.", draw) % fields


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
        _as_laid(calculation.example, lang),
        str(calculation.chains),
        _hand(calculation.last_cards, lang),
        str(calculation.master_points) if calculation.master_points else "",
    )


def _as_laid(chain: Chain, lang: str) -> str:
    """A calculation as its cards are laid, left to right and without brackets, its cards named in ``lang``.

    >>> _as_laid(Chain.parse("10 - 4 / 2bee"), "it")
    '10 − 4 ÷ 2 ape'
    """
    parts = [card_name(chain.cards[0], lang)]
    for operator, card in zip(chain.operators, chain.cards[1:], strict=True):
        parts += [operator.sign, card_name(card, lang)]
    return " ".join(parts)


def explain_plans(top: Card, hand: Sequence[Card], plans: Sequence[PlannedTurn], lang: str = DEFAULT_LANGUAGE) -> str:
    """The planner's best turns, each with the reason it ranks where it does, in ``lang``.

    >>> from solver.nambarz.cards import parse_cards
    >>> from solver.nambarz.jokers import Cover
    >>> from solver.nambarz.planner import plan_turn
    >>> from solver.nambarz.rules import Rules
    >>> hand = parse_cards("1 2 6 9 4 Jreplay")
    >>> plans = plan_turn(Cover(Card.parse("3")), hand, Rules(), count=2)
    >>> print(explain_plans(Card.parse("3"), hand, plans))
    Best turns on 3 with 1 2 6 9 4 replay joker (ranked by cards shed, then master points, then fewest answers):
      1. 2 + 1 ; replay joker ; 6 + 4 − 9
         sheds 6 cards and goes out; leaves 9 on top (9 ways to cover it)
      2. 4 − 1 ; replay joker ; 9 − 2 − 6
         sheds 6 cards and goes out; leaves 6 on top (11 ways to cover it); below 1: easier top card
    >>> for line in explain_plans(Card.parse("3"), hand, plans, lang="de").splitlines()[1:]:
    ...     print(line)
      1. 2 + 1 ; Nochmal-Joker ; 6 + 4 − 9
         legt 6 Karten ab und ist fertig; lässt 9 oben (9 Möglichkeiten zum Abdecken)
      2. 4 − 1 ; Nochmal-Joker ; 9 − 2 − 6
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
        turn = render_words(plan.turn, lang) if plan.turn is not None else _("pass")
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
        facts.append(_("ends on the replay joker with nothing to play, so draws a card"))
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

    Cards are named in ``lang`` (``3 ape``, ``jolly per rigiocare``), operators
    as the signs ``+ − × ÷``.

    >>> from solver.nambarz.cards import parse_cards
    >>> from solver.nambarz.hint import hint
    >>> position = (Card.parse("3bee"), parse_cards("10 4 2 7"), Rules())
    >>> print(explain_hint(hint(*position, 1)))
    No card in your hand matches 3 bee. Calculations of 3 and 2 cards reach 3.
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
        return _("Start with the %(joker)s.") % {"joker": card_name(card, lang)}
    if operator is None:
        return _("Start with %(card)s.") % {"card": card_name(card, lang)}
    return _("Start with %(card)s, then %(operator)s.") % {"card": card_name(card, lang), "operator": operator.sign}


def _play_in_sentence(play: Chain | JokerPlay, lang: str) -> str:
    """A play as the object of a sentence: a calculation in usual notation, a lone joker with its article."""
    if isinstance(play, JokerPlay) and play.follow is None:
        return _in_sentence([play.joker], lang, subject=False)[0]
    if isinstance(play, Chain) and play.is_calculation:
        return mathematical(play, lang)
    return render_words(play, lang)


def _best_turn_words(best: PlannedTurn, lang: str) -> str:
    translations = translator(lang)
    _, ngettext = translations.gettext, translations.ngettext
    plays = " ; ".join(_play_in_sentence(play, lang) for play in best.plays)
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
        facts.append(_("ends on the replay joker with nothing to play, so you draw a card"))
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


def explain_sweep(reports: Sequence[SimulationReport], lang: str = DEFAULT_LANGUAGE) -> str:
    """Each run of a sweep: its players, variant and bots, then its statistics per bot, in ``lang``.

    >>> from solver.nambarz.simulate import sweep
    >>> text = explain_sweep(sweep(players=(2,), variants=(Variant.EXPERT,), games=1, jobs=1), lang="de")
    >>> text.splitlines()[0]
    '2 Spielende, Expertenspiel (ein Joker jeder Art), Bots: planner, random'
    """
    translations = translator(lang)
    _ = translations.gettext
    variants = {
        Variant.BEGINNERS: _("beginners' game (three jokers of each kind)"),
        Variant.INTERMEDIATE: _("intermediate game (two jokers of each kind)"),
        Variant.EXPERT: _("experts' game (one joker of each kind)"),
    }
    blocks = []
    for report in reports:
        heading = translations.ngettext(
            "%(players)d player, %(variant)s, bots: %(bots)s",
            "%(players)d players, %(variant)s, bots: %(bots)s",
            report.players,
        ) % {"players": report.players, "variant": variants[report.variant], "bots": ", ".join(report.line_up)}
        blocks.append(heading + "\n" + explain_simulation(report, lang))
    return "\n\n".join(blocks)


def explain_round_score(score: RoundScore, lang: str = DEFAULT_LANGUAGE) -> str:
    """The ranking with each player's points, the team totals (best first), and the rulings applied, in ``lang``.

    >>> from solver.nambarz.scoring import score_round
    >>> score = score_round(["A", "B", "C", "D"], ["C", "D"], teams=[["A", "B"], ["C", "D"]])
    >>> print(explain_round_score(score).split("Teams:")[1])  # doctest: +ELLIPSIS
    <BLANKLINE>
      team  total
      C+D      72
      A+B      44
    Project decision: a team round ends as soon as enough players are out or only one team is left, ...
    Rules digest: in a team game, players still holding cards are ranked by fewest cards, then seat order.
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
    turn_label=nambarz_review.turn_label,
    turn_judgement=nambarz_review.turn_judgement,
    mark_clause=nambarz_review.mark_clause,
    verdicts=(Verdict, ActionVerdict),
    state=State,
)
"""Nambarz's entry in :data:`tutor.games.TUTORS`."""
