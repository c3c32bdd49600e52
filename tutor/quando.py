"""Explanations for Quando in words: verdicts, hints, round scores and the reference table, for a terminal.

Every explanation is in ``lang``: English by default, or Italian, German or
French from the ``quando`` gettext catalog (``tutor/locale``).  A person
reads no code: moves are said in words in every language ("three in a row:
3 4 5", "a pair of 5s", "knock"), the player is addressed as "you", and the
rulebook's sections are named in the reader's language.  The codes stay in
the verdicts and in the reference table for referees.

>>> from solver.quando import Action, check
>>> print(explain_verdict(check([3, 4, 5, 9, 0, 0, 7], Action.parse("play 3 4 5"), plays_made=1)))
You lay down three in a row: 3 4 5; now draw a card.
  Left in your hand before the draw: 9 0 0 7 (sum 16).
>>> print(explain_verdict(check([3, 4, 5, 9, 0, 0, 7], Action.parse("play 3 4 5"), plays_made=1), "it"))
Giochi tre di fila: 3 4 5; ora pesca una carta.
  Ti restano in mano prima di pescare: 9 0 0 7 (somma 16).
"""

from __future__ import annotations

import gettext
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from solver.quando.hint import KNOCK_AT_OR_BELOW, Candidate, Hint
from solver.quando.referee import Verdict
from solver.quando.rules import KNOCK_AFTER_PLAYS, TurnKind
from solver.quando.rulings import RULINGS
from solver.quando.scoring import KNOCK_PENALTY, RoundScore
from solver.quando.state import Action, ActionKind, Side, State
from solver.quando.violations import EQUAL_NUMBERS, ROUND_END, STRAIGHT, TRIPLE, TURN, VIOLATIONS, ViolationCode
from solver.verdicts import Violation
from tutor import quando_review
from tutor.i18n import DEFAULT_LANGUAGE, translator
from tutor.text import BrokenRule, aligned_table, ruling_source, ruling_words
from tutor.words import GameWords

DOMAIN = "quando"
"""The gettext domain of Quando's sentences: ``tutor/locale/<lang>/LC_MESSAGES/quando.po``."""

CANDIDATES_SHOWN = 6
"""How many of a hint's candidates the explanation lists, best first."""

WIDTH = 100
"""Explanations wrap their sentences at this many characters."""

Translate = Callable[[str], str]
"""A catalog's ``gettext``: an English sentence in, the sentence in the reader's language out."""


def section_words(section: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A section of the rulebook, which cites it by its Italian heading, named in ``lang``.

    >>> section_words("Fine del turno"), section_words("Fine del turno", "it")
    ('End of the round', 'Fine del turno')
    """
    return _section(section, translator(lang, DOMAIN).gettext)


def _section(section: str, _: Translate) -> str:
    # TRANSLATORS: the headings of the rulebook's sections; Italian: the heading exactly as the rulebook prints it.
    names = {
        TURN: _("How to play"),
        STRAIGHT: _("Option A: playing a straight"),
        EQUAL_NUMBERS: _("Option B: playing equal numbers"),
        TRIPLE: _("Special action: three of a number"),
        ROUND_END: _("End of the round"),
    }
    return names[section]


def explain_violation(violation: Violation, action: Action, lang: str = DEFAULT_LANGUAGE) -> str:
    """One sentence on a broken rule: what ``action`` did, then the rule and its section, named in ``lang``.

    >>> from solver.quando import Action, check
    >>> play = Action.parse("play 4 6")
    >>> print(explain_violation(check([4, 5], play, plays_made=0).violations[0], play))
    ... # doctest: +NORMALIZE_WHITESPACE
    Your hand does not show all the numbers 4 6. Rule “How to play”: the cards played must be in the player's
    hand, showing those numbers on their fronts.
    """
    _ = translator(lang, DOMAIN).gettext
    reason = _move_detail(violation, action, _)
    # TRANSLATORS: why a move breaks a rule: what happened, then the rulebook's section (its name) and the rule.
    sentence = _("%(reason)s. Rule “%(section)s”: %(summary)s.")
    return sentence % {
        "reason": reason[:1].upper() + reason[1:],
        "section": _section(violation.reference.rule, _),
        "summary": _(violation.reference.summary),
    }


def violation_reasons(verdict: Verdict, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """What the action did against each of its violations' rules, in order, in ``lang`` (English: the referee's).

    These are the messages of the API's answer.

    >>> from solver.quando import Action, check
    >>> verdict = check([4, 5], Action.parse("play 4 4"), plays_made=0)
    >>> violation_reasons(verdict)
    ['the play needs 4 twice, but the hand [4, 5] shows 4 once']
    >>> violation_reasons(verdict, "it")
    ['la tua mano non mostra tutti i numeri 4 4']
    """
    if lang == DEFAULT_LANGUAGE:
        return [violation.message for violation in verdict.violations]
    _ = translator(lang, DOMAIN).gettext
    return [_move_detail(violation, verdict.action, _) for violation in verdict.violations]


def _move_detail(violation: Violation, action: Action, _: Translate) -> str:
    """What ``action`` did against the rule, from the action itself (the verdict keeps no hand)."""
    code = violation.code
    numbers = " ".join(map(str, action.numbers))
    if code is ViolationCode.WRONG_STEP and action.kind is ActionKind.TAKE:
        return _("nothing is played yet: a turn opens with a play or a knock")
    if code is ViolationCode.WRONG_STEP:
        # TRANSLATORS: action is a move in words, such as "knock" or "three in a row: 3 4 5".
        return _("%(action)s is not what this moment of the turn asks for") % {"action": _action_words(action, _)}
    if code is ViolationCode.EMPTY_PLAY:
        return _("the play names no card; lay at least one")
    if code is ViolationCode.NOT_IN_HAND:
        # TRANSLATORS: numbers are the numbers played, such as "4 6".
        return _("your hand does not show all the numbers %(numbers)s") % {"numbers": numbers}
    if code is ViolationCode.NOT_A_SET and _consecutive(action.numbers):
        return _("%(numbers)s are %(count)d numbers in a row, but a straight is exactly 3 cards") % {
            "numbers": numbers,
            "count": len(action.numbers),
        }
    if code is ViolationCode.NOT_A_SET:
        return _("%(numbers)s are neither 3 numbers in a row nor cards of one number") % {"numbers": numbers}
    if code is ViolationCode.KNOCK_TOO_EARLY:
        return _("you have not yet played %(needed)d times this round") % {"needed": KNOCK_AFTER_PLAYS}
    if code is ViolationCode.ALREADY_KNOCKED:
        return _("someone has already knocked: this is the last round, played without another knock")
    if code is ViolationCode.PASS_WITH_CARDS:
        return _("you still hold cards, so you play or knock instead")
    if code is ViolationCode.NOT_A_ZERO:
        return _("card %(position)s of your hand is not a zero") % {"position": action.position}
    return _("your hand holds a zero: you flip one instead of drawing")


def action_words(action: Action, lang: str = DEFAULT_LANGUAGE) -> str:
    """An action as a reader of ``lang`` says it, in words: never the notation.

    >>> from solver.quando import KNOCK, Action
    >>> action_words(Action.parse("play 3 4 5")), action_words(Action.parse("play 5 5"), "it")
    ('three in a row: 3 4 5', 'una coppia di 5')
    >>> action_words(KNOCK, "de")
    'klopfen'
    """
    return _action_words(action, translator(lang, DOMAIN).gettext)


def _action_words(action: Action, _: Translate) -> str:
    """The action in words, to stand alone or in a sentence ("You play …")."""
    numbers = action.numbers
    if action.kind is ActionKind.PLAY and not numbers:
        # TRANSLATORS: the action of playing, written without any number.
        return _("play")
    if action.kind is ActionKind.PLAY and len(numbers) == 3 and _consecutive(numbers):
        # TRANSLATORS: a straight, Quando's three consecutive numbers, such as "3 4 5".
        return _("three in a row: %(numbers)s") % {"numbers": " ".join(map(str, sorted(numbers)))}
    if action.kind is ActionKind.PLAY and len(set(numbers)) == 1:
        fields = {"number": numbers[0], "count": len(numbers)}
        if len(numbers) == 1:
            # TRANSLATORS: playing one card showing this number, such as "one 9".
            return _("one %(number)d") % fields
        if len(numbers) == 2:
            # TRANSLATORS: playing two cards showing this number.
            return _("a pair of %(number)ds") % fields
        if len(numbers) == 3:
            # TRANSLATORS: playing three cards showing this number (a triple), such as "three 7s".
            return _("three %(number)ds") % fields
        # TRANSLATORS: playing four or more cards showing this number.
        return _("%(count)d cards showing %(number)d") % fields
    if action.kind is ActionKind.PLAY:
        # TRANSLATORS: playing cards that are neither a straight nor one number, such as "4 6".
        return _("the cards %(numbers)s") % {"numbers": " ".join(map(str, numbers))}
    if action.side is Side.VISIBLE:
        # TRANSLATORS: drawing a card with its visible side towards the player.
        return _("take the visible side")
    if action.side is Side.HIDDEN:
        # TRANSLATORS: drawing a card with its hidden side towards the player.
        return _("take the hidden side")
    if action.position is not None:
        # TRANSLATORS: flipping the zero that is this card of the hand, counted from 1.
        return _("flip the zero, card %(position)d of the hand") % {"position": action.position}
    if action.kind is ActionKind.KNOCK:
        # TRANSLATORS: the action of knocking to end the round.
        return _("knock")
    # TRANSLATORS: the action of passing, for a player without cards.
    return _("pass")


def _consecutive(numbers: Sequence[int]) -> bool:
    """True for different numbers that follow one another, in any number."""
    return len(set(numbers)) == len(numbers) and max(numbers) - min(numbers) == len(numbers) - 1


def explain_reference(lang: str = DEFAULT_LANGUAGE) -> str:
    """Quando's violation codes, each with the rulebook section it enforces and what it says, then the rulings.

    >>> reference = explain_reference().splitlines()
    >>> reference[0], reference[3]
    ('Violation codes:', '  empty-play — Possibilità B: Giocare numeri uguali: a play lays at least one card.')
    >>> explain_reference("fr").splitlines()[3]
    '  empty-play — section «\\xa0Possibilità B: Giocare numeri uguali\\xa0»\\xa0: un coup pose au moins une carte.'
    """
    translations = translator(lang, DOMAIN)
    _ = translations.gettext
    rule_text = translations.gettext  # the summaries of the solver's tables, extracted from there
    lines = [_("Violation codes:")]
    for code, reference in VIOLATIONS.items():
        # TRANSLATORS: one violation code (keep it) with its rulebook section (an Italian heading, keep it).
        line = _("%(code)s — %(rule)s: %(summary)s.") % {
            "code": code.value,
            "rule": reference.rule,
            "summary": rule_text(reference.summary),
        }
        lines.append(_wrapped(line, "  "))
    lines.append(_("Rulings (see docs/quando.md for the reasons):"))
    for ruling, statement in RULINGS.items():
        # TRANSLATORS: one ruling: its identifier (keep it), where it comes from, and what it says.
        line = _("%(ruling)s (%(source)s): %(summary)s.") % {
            "ruling": ruling,
            "source": ruling_source(statement, translations),
            "summary": rule_text(statement.summary),
        }
        lines.append(_wrapped(line, "  "))
    return "\n".join(lines)


def explain_verdict(verdict: Verdict, lang: str = DEFAULT_LANGUAGE) -> str:
    """One short sentence first (what you did, or what was wrong and what now); then why; then the rulings.

    >>> from solver.quando import KNOCK, check
    >>> print(explain_verdict(check([1, 2, 0], KNOCK, plays_made=1, last_round=True)))  # doctest: +NORMALIZE_WHITESPACE
    You cannot knock yet: play twice this round first.
      You have not yet played 2 times this round. Rule “End of the round”: a player knocks only after playing
          cards at least twice in this round.
      Someone has already knocked: this is the last round, played without another knock. Rule “End of the
          round”: after a knock the others play one last turn each; nobody knocks again.
      Nothing changes and there is no penalty.
      From the rules digest: knocking needs two plays of one's own (straights or equal numbers) earlier in
          the same round.
      Project decision: once someone has knocked, nobody else may knock in that round.
    >>> print(explain_verdict(check([1, 2, 0], KNOCK, plays_made=1), "de").splitlines()[0])
    Du darfst noch nicht klopfen: Spiele zuerst zweimal in dieser Runde.
    """
    translations = translator(lang, DOMAIN)
    words = verdict_words(verdict, lang)
    _ = translations.gettext
    lines = [_wrapped(words.headline, "")]
    if not verdict.legal:
        lines += [
            _wrapped(explain_violation(violation, verdict.action, lang), "  ") for violation in verdict.violations
        ]
        lines.append(_wrapped(_("Nothing changes and there is no penalty."), "  "))
    lines += [_wrapped(line, "  ") for line in words.follows]
    lines += [_wrapped(line, "  ") for line in words.rulings]
    return "\n".join(lines)


def _legal_line(verdict: Verdict, _: Translate) -> str:
    """The first sentence of a legal verdict: what you did, and what comes next."""
    action = verdict.action
    values = {"action": _action_words(action, _)}
    if verdict.kind is TurnKind.KNOCK:
        return _("You knock: everyone else has one last turn, then the round is scored.")
    if verdict.kind is TurnKind.TRIPLE:
        return _("You lay down %(action)s, a triple; now draw a card.") % values
    if verdict.kind is not None:
        return _("You lay down %(action)s; now draw a card.") % values
    if action.kind is ActionKind.FLIP:
        return _("You flip your zero: the number on its back now counts.")
    if action.kind is ActionKind.PASS:
        return _("You pass: you hold no card.")
    if action.side is Side.VISIBLE:
        return _("You take the top card of the draw pile, its visible side towards you.")
    return _("You take the top card of the draw pile, its hidden side towards you.")


def _illegal_line(verdict: Verdict, _: Translate) -> str:
    """The first sentence of an illegal verdict: the first thing wrong, and what to do now."""
    code = verdict.violations[0].code
    if code is ViolationCode.WRONG_STEP and verdict.action.kind is ActionKind.TAKE:
        return _("Play or knock first: you cannot draw yet.")
    sentences = {
        ViolationCode.WRONG_STEP: _("That is not what this moment of the turn asks for: choose another move."),
        ViolationCode.EMPTY_PLAY: _("Choose at least one card to play."),
        ViolationCode.NOT_IN_HAND: _("You do not hold all of these numbers: choose another move."),
        ViolationCode.NOT_A_SET: _("These cards are neither 3 numbers in a row nor all one number: choose again."),
        ViolationCode.KNOCK_TOO_EARLY: _("You cannot knock yet: play twice this round first."),
        ViolationCode.ALREADY_KNOCKED: _("Someone has already knocked: nobody knocks again this round."),
        ViolationCode.PASS_WITH_CARDS: _("You still hold cards: play or knock instead of passing."),
        ViolationCode.NOT_A_ZERO: _("That card is not a zero: flip one of your zeros."),
        ViolationCode.MUST_FLIP_ZERO: _("You hold a zero: flip it instead of drawing."),
    }
    return sentences[ViolationCode(code.value)]


def _what_follows(verdict: Verdict, _: Translate) -> list[str]:
    """The sentences on what happens after a legal play or knock; a draw, flip or pass says nothing more."""
    hand = verdict.hand_after or ()
    values = {"sum": sum(hand), "penalty": KNOCK_PENALTY, "numbers": " ".join(map(str, hand))}
    if verdict.kind is None:
        return []
    if verdict.kind is TurnKind.KNOCK:
        sentences = [
            _("Your hand keeps its sum of %(sum)d."),
            _("Unless you alone have the lowest sum, you score it plus %(penalty)d."),
        ]
    elif hand:
        sentences = [_("Left in your hand before the draw: %(numbers)s (sum %(sum)d).")]
    else:
        sentences = [_("Left in your hand before the draw: nothing (sum 0).")]
    if verdict.triple:
        sentences.append(_("After your draw, each other player flips a zero or, holding none, draws a card."))
    return [sentence % values for sentence in sentences]


@dataclass(frozen=True)
class VerdictWords:
    """A verdict in one language, part by part, for a page that lays them out itself.

    :func:`explain_verdict` prints the same sentences as lines.  ``headline``
    is the one short sentence that comes first; each broken rule names its
    section in words; ``resolution`` is ``None`` for a legal action, and
    ``follows`` says what happens after a legal play or knock.

    >>> from solver.quando import KNOCK, check
    >>> words = verdict_words(check([1, 2, 0], KNOCK, plays_made=1), "it")
    >>> words.headline, [(rule.code, rule.rule) for rule in words.broken]
    ('Non puoi ancora bussare: prima gioca due volte in questa manche.', [('knock-too-early', 'Fine del turno')])
    >>> words.broken[0].reason
    'non hai ancora giocato 2 volte in questa manche'
    """

    legal: bool
    headline: str
    broken: tuple[BrokenRule, ...]
    resolution: str | None
    follows: tuple[str, ...]
    rulings: tuple[str, ...]


def verdict_words(verdict: Verdict, lang: str = DEFAULT_LANGUAGE) -> VerdictWords:
    """The sentences of ``verdict`` in ``lang``, part by part (see :class:`VerdictWords`)."""
    translations = translator(lang, DOMAIN)
    _ = translations.gettext
    broken = tuple(
        BrokenRule(
            violation.code.value,
            _section(violation.reference.rule, _),
            _(violation.reference.summary),
            _move_detail(violation, verdict.action, _),
        )
        for violation in verdict.violations
    )
    return VerdictWords(
        legal=verdict.legal,
        headline=_legal_line(verdict, _) if verdict.legal else _illegal_line(verdict, _),
        broken=broken,
        resolution=None if verdict.legal else _("Nothing changes and there is no penalty."),
        follows=tuple(_what_follows(verdict, _)) if verdict.legal else (),
        rulings=tuple(ruling_words(verdict.rulings, RULINGS, translations)),
    )


def explain_hint(hint: Hint, lang: str = DEFAULT_LANGUAGE) -> str:
    """The suggestion, the reasons for it, and the best candidates with their expected sums.

    >>> from solver.quando import hint as make_hint
    >>> print(explain_hint(make_hint([9, 9, 9, 0], plays_made=1, draw_visible=0)))
    Suggestion: three 9s, then take the visible side (sum 0 for sure).
      The hand [9, 9, 9, 0] sums to 27.
      The draw pile shows 0; its hidden side is one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, each as likely,
          5.50 on average.
      Best play: three 9s, then take the visible side: a sum of 0 for sure.
      It is a triple: after the draw every other player flips a zero or draws a card.
      The hand then holds only zeros for sure, which ends the round at once.
      Knocking is not allowed yet: 1 play made this round, 2 needed.
    Candidates, best first (8 in all):
      action        draw     expected sum  only zeros
      three 9s      visible             0        100%
      three 9s      hidden            5.5          0%
      a pair of 9s  visible             9          0%
      a pair of 9s  hidden           14.5          0%
      one 9         visible            18          0%
      one 9         hidden           23.5          0%
    >>> print(explain_hint(make_hint([1, 2, 0], plays_made=2, draw_visible=8), "de").splitlines()[0])
    Vorschlag: klopfen (die Summe bleibt 3).
    """
    translations = translator(lang, DOMAIN)
    _ = translations.gettext
    lines = [_wrapped(_suggestion(hint.suggestion, _), "")]
    lines += [_wrapped(reason, "  ") for reason in _reasons(hint, translations)]
    lines.append(_("Candidates, best first (%(count)d in all):") % {"count": len(hint.candidates)})
    sides = {Side.VISIBLE: _("visible"), Side.HIDDEN: _("hidden")}
    # TRANSLATORS: the headings of the table of candidate turns: the action, the side drawn ("visible" or
    # "hidden"), the hand's expected sum after the turn, and the chance that the hand then holds only zeros.
    rows = [(_("action"), _("draw"), _("expected sum"), _("only zeros"))]
    rows += [
        (
            _action_words(candidate.action, _),
            "-" if candidate.side is None else sides[candidate.side],
            _amount(float(candidate.expected_sum)),
            f"{float(candidate.only_zeros_chance):.0%}",
        )
        for candidate in hint.candidates[:CANDIDATES_SHOWN]
    ]
    lines += aligned_table(rows, numeric=(2, 3))
    return "\n".join(lines)


def _suggestion(candidate: Candidate, _: Translate) -> str:
    values = {"action": _action_words(candidate.action, _), "sum": _amount(float(candidate.expected_sum))}
    if candidate.side is None:
        return _("Suggestion: knock (the sum stays %(sum)s).") % values
    if candidate.side is Side.VISIBLE:
        return _("Suggestion: %(action)s, then take the visible side (sum %(sum)s for sure).") % values
    return _("Suggestion: %(action)s, then take the hidden side (sum %(sum)s expected).") % values


def _reasons(hint: Hint, translations: gettext.NullTranslations) -> list[str]:
    """Why the hint suggests what it does, built from the hint's own figures (as the solver words them in English)."""
    _ = translations.gettext
    hidden = hint.hidden
    reasons = [
        _("The hand %(hand)s sums to %(sum)d.") % {"hand": list(hint.hand), "sum": hint.hand_sum},
        _(
            "The draw pile shows %(visible)d; its hidden side is one of %(backs)s, each as likely, "
            "%(average)s on average."
        )
        % {"visible": hidden.visible, "backs": _listed(hidden.backs), "average": _in_words(hidden.expected)},
    ]
    if hidden.ruled_out:
        reasons.append(
            _("The cards seen elsewhere rule out %(numbers)s as its hidden side.")
            % {"numbers": _listed(hidden.ruled_out)}
        )
    best = next(candidate for candidate in hint.candidates if candidate.kind.is_play)
    values = {"action": _action_words(best.action, _), "sum": _in_words(best.expected_sum)}
    if best.side is Side.VISIBLE:
        reasons.append(_("Best play: %(action)s, then take the visible side: a sum of %(sum)s for sure.") % values)
    else:
        reasons.append(_("Best play: %(action)s, then take the hidden side: a sum of %(sum)s on average.") % values)
    if best.kind is TurnKind.TRIPLE:
        reasons.append(_("It is a triple: after the draw every other player flips a zero or draws a card."))
    if best.only_zeros_chance == 1:
        reasons.append(_("The hand then holds only zeros for sure, which ends the round at once."))
    elif best.only_zeros_chance:
        reasons.append(
            _("The hand then holds only zeros with a chance of %(chance)s, which ends the round at once.")
            % {"chance": f"{float(best.only_zeros_chance):.0%}"}
        )
    reasons.append(_knock_reason(hint, best, translations))
    return reasons


def _knock_reason(hint: Hint, best: Candidate, translations: gettext.NullTranslations) -> str:
    """Why the hint knocks or plays: as the solver decides it, from the hint's figures."""
    _, ngettext = translations.gettext, translations.ngettext
    values = {
        "count": hint.plays_made,
        "needed": KNOCK_AFTER_PLAYS,
        "sum": hint.hand_sum,
        "limit": KNOCK_AT_OR_BELOW,
        "expected": _in_words(best.expected_sum),
    }
    if hint.last_round:
        knock = _("Knocking is not allowed: someone has already knocked, so this is the last round.")
    elif hint.plays_made < KNOCK_AFTER_PLAYS:
        knock = ngettext(
            "Knocking is not allowed yet: %(count)d play made this round, %(needed)d needed.",
            "Knocking is not allowed yet: %(count)d plays made this round, %(needed)d needed.",
            hint.plays_made,
        )
    elif best.only_zeros_chance == 1:
        knock = _("The play ends the round at once with a sum of 0, which is better than knocking.")
    elif hint.hand_sum <= KNOCK_AT_OR_BELOW:
        knock = _("Knocking keeps the sum at %(sum)d, which is at most %(limit)d: knock.")
    elif best.expected_sum >= hint.hand_sum:
        knock = _("No play lowers the expected sum below %(sum)d: knock and keep it.")
    else:
        knock = _("The best play lowers the expected sum from %(sum)d to %(expected)s: play rather than knock.")
    return knock % values


def explain_round_score(score: RoundScore, lang: str = DEFAULT_LANGUAGE) -> str:
    """The round's sums and points per player, the knocker's penalty if any, and the rulings applied.

    >>> from solver.quando import score_round
    >>> print(explain_round_score(score_round({"Sarah": 4, "Maria": 12, "Linus": 7, "Tim": 4}, knocker="Sarah")))
    Round score, 4 players (lowest sum 4: Sarah, Tim):
      player  sum  points
      Sarah     4       9  knocked, not alone with the lowest sum: 4 + 5
      Maria    12      12
      Linus     7       7
      Tim       4       0  lowest sum
    From the rules digest: every player with the lowest sum scores 0, except a knocker who is not alone
        there: the knocker scores their sum plus 5.
    >>> print(explain_round_score(score_round({"Linus": 2, "Tim": 11}, knocker="Linus"), "it"))
    Punteggio della manche, 2 giocatori (somma più bassa 2: Linus):
      giocatore  somma  punti
      Linus          2      0  ha bussato, da solo con la somma più bassa
      Tim           11     11
    Dalla sintesi delle regole: ogni giocatore con la somma più bassa fa 0 punti, tranne chi ha bussato
        senza esserci da solo: questi segna la sua somma più 5.
    """
    translations = translator(lang, DOMAIN)
    _ = translations.gettext
    header = _("Round score, %(count)d players (lowest sum %(lowest)d: %(players)s):") % {
        "count": len(score.sums),
        "lowest": score.lowest_sum,
        "players": ", ".join(score.lowest),
    }
    lines = [_wrapped(header, "")]
    # TRANSLATORS: the headings of the table of a round's score: the player, the sum in hand, the points scored.
    rows = [(_("player"), _("sum"), _("points"), "")]
    for player, total in score.sums.items():
        if player == score.knocker and score.knocker_penalized:
            note = _("knocked, not alone with the lowest sum: %(sum)d + %(penalty)d") % {
                "sum": total,
                "penalty": KNOCK_PENALTY,
            }
        elif player == score.knocker:
            note = _("knocked, alone with the lowest sum")
        elif player in score.lowest:
            note = _("lowest sum")
        else:
            note = ""
        rows.append((player, str(total), str(score.points[player]), note))
    lines += aligned_table(rows, numeric=(1, 2))
    lines += _ruling_lines(score.rulings, translations)
    return "\n".join(lines)


def _ruling_lines(rulings: Sequence[str], translations: gettext.NullTranslations) -> list[str]:
    """Each ruling applied, wrapped at :data:`WIDTH`: where it comes from, and what it says."""
    return [_wrapped(line, "") for line in ruling_words(rulings, RULINGS, translations)]


def _wrapped(sentence: str, indent: str) -> str:
    """``sentence`` wrapped at :data:`WIDTH`, its continuation lines indented four more spaces."""
    return "\n".join(textwrap.wrap(sentence, WIDTH, initial_indent=indent, subsequent_indent=indent + "    "))


def _listed(numbers: Sequence[int]) -> str:
    return ", ".join(map(str, numbers))


def _in_words(value: Fraction) -> str:
    """A fraction for a sentence: whole numbers as they are, others to two decimals."""
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"


def _amount(value: float) -> str:
    """A sum for a table: whole numbers without decimals, others with up to two."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


WORDS = GameWords(
    name="quando",
    explain_verdict=explain_verdict,
    violation_reasons=violation_reasons,
    explain_turn_review=quando_review.explain_turn_review,
    totals_sentences=quando_review.totals_sentences,
    turn_label=quando_review.turn_label,
    turn_judgement=quando_review.turn_judgement,
    mark_clause=quando_review.mark_clause,
    verdicts=(Verdict,),
    state=State,
)
"""Quando's entry in :data:`tutor.games.TUTORS`."""
