"""Explanations of Nmbrs! verdicts and of the deck, in English, Italian, German or French.

English shows the referee's own message for each fault; the other languages
build one translated sentence per fault from the verdict: its cards, its
numbers and the position the play was judged on.

>>> from solver.nmbrs import RuleSet, judge_sequence, parse_sequence
>>> print(explain_sequence(judge_sequence(parse_sequence("10 J 30 40"), RuleSet.ADVANCED)))
A sequence under the advanced rules: 10 joker 30 40.
  Step +10, ascending: 10, 20, 30, 40.
  The joker at place 2 stands for 20.
  Counting back from 10 by 10 ends on 0.
"""

from __future__ import annotations

import gettext
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from solver.nmbrs.cards import LOWEST_NUMBER, Card, Colour
from solver.nmbrs.deck import NmbrsDeck
from solver.nmbrs.plays import Play, PlayKind
from solver.nmbrs.referee import JudgedLine, LayVerdict, PlayVerdict, SkippedPlay
from solver.nmbrs.rules import RuleSet
from solver.nmbrs.rulings import RULINGS
from solver.nmbrs.scoring import Doubling
from solver.nmbrs.sequences import Fit, SequenceVerdict, Term
from solver.nmbrs.state import Action, ActionKind, ActionVerdict, State
from solver.nmbrs.table import Axis, Cell, Line, Table
from solver.nmbrs.violations import ViolationCode
from solver.verdicts import RuleReference, Violation
from tutor import nmbrs_review
from tutor.i18n import DEFAULT_LANGUAGE, translator
from tutor.text import BrokenRule, listed, ruling_words
from tutor.words import GameWords

DOMAIN = "nmbrs"
"""The gettext domain of these explanations: ``tutor/locale/<lang>/LC_MESSAGES/nmbrs.po``."""


def explain_sequence(verdict: SequenceVerdict, lang: str = DEFAULT_LANGUAGE) -> str:
    """The verdict on one sequence in ``lang``: the step and the numbers, the jokers, each fault with its rule.

    An illegal sequence ends with its resolution: the cards cannot be laid so.

    >>> from solver.nmbrs import RuleSet, judge_sequence, parse_sequence
    >>> print(explain_sequence(judge_sequence(parse_sequence("14 20 26"), RuleSet.ADVANCED)))  # doctest: +ELLIPSIS
    Not a sequence under the advanced rules: 14 20 26.
      Counting back from 14 by 6 ends on 2, not on 0 or 1. Advanced rules 1–2: ...
      Resolution: the cards cannot be laid as this sequence; they stay in the hand.
    >>> print(explain_sequence(judge_sequence(parse_sequence("14 20 26"), RuleSet.ADVANCED), lang="it"))
    ... # doctest: +ELLIPSIS
    Non è una sequenza secondo le regole avanzate: 14 20 26.
      Contando all'indietro da 14 con passo 6 si arriva a 2, non a 0 o 1. Regolamento avanzato 1–2: ...
      Risoluzione: le carte non si possono calare come questa sequenza; restano in mano.
    """
    translations = translator(lang, DOMAIN)
    _ = translations.gettext
    written = _card_list(verdict.terms, translations)
    lines = [_sequence_headline(verdict, translations)]
    reasons = _fit_reasons(verdict.fit, written, verdict.rules, translations)
    lines += _violation_lines(verdict.violations, reasons, translations)
    lines += ["  " + fact for fact in _sequence_facts(verdict, translations)]
    if not verdict.legal:
        resolution = _sequence_resolution(translations)
        lines.append("  " + _("Resolution: %(resolution)s") % {"resolution": resolution})
    lines += ["  " + sentence for sentence in ruling_words(verdict.rulings, RULINGS, translations)]
    return "\n".join(lines)


def _sequence_headline(verdict: SequenceVerdict, translations: gettext.NullTranslations) -> str:
    _ = translations.gettext
    written = _card_list(verdict.terms, translations)
    fields = {"rules": _rules_words(verdict.rules, translations), "cards": written}
    if verdict.legal:
        return _("A sequence under %(rules)s: %(cards)s.") % fields
    return _("Not a sequence under %(rules)s: %(cards)s.") % fields


def _sequence_facts(verdict: SequenceVerdict, translations: gettext.NullTranslations) -> list[str]:
    """What a legal sequence's numbers are: its step and direction, each joker's number, the count back."""
    _ = translations.gettext
    step = verdict.step
    if verdict.legal and step is not None:
        numbers = {"step": _signed(step), "numbers": ", ".join(str(value) for value in verdict.values)}
        if step > 0:
            facts = [_("Step %(step)s, ascending: %(numbers)s.") % numbers]
        else:
            facts = [_("Step %(step)s, descending: %(numbers)s.") % numbers]
        joker = _("The joker at place %(place)d stands for %(value)d.")
        facts += [joker % {"place": place, "value": value} for place, value in verdict.jokers]
        if verdict.rules.requires_start:
            smallest = min(value for value in verdict.values if value is not None)
            counted = {"smallest": smallest, "size": abs(step), "remainder": smallest % abs(step)}
            facts.append(_("Counting back from %(smallest)d by %(size)d ends on %(remainder)d.") % counted)
        return facts
    if verdict.legal and verdict.jokers:
        return [_("The step is open: no two numbers fix what the jokers stand for.")]
    return []


def _sequence_resolution(translations: gettext.NullTranslations) -> str:
    return translations.gettext("the cards cannot be laid as this sequence; they stay in the hand.")


@dataclass(frozen=True)
class SequenceWords:
    """The verdict on a sequence in one language, part by part, for a page that lays them out itself.

    :func:`explain_sequence` prints the same sentences as lines.  ``facts``
    tell a legal sequence's step, jokers and count back; ``resolution`` (bare,
    without "Resolution:") is ``None`` for a legal sequence.

    >>> from solver.nmbrs import RuleSet, judge_sequence, parse_sequence
    >>> words = sequence_words(judge_sequence(parse_sequence("14 20 26"), RuleSet.ADVANCED), "it")
    >>> [(rule.code, rule.rule) for rule in words.broken]
    [('bad-start', 'Regolamento avanzato 1–2')]
    >>> words.resolution
    'le carte non si possono calare come questa sequenza; restano in mano.'
    >>> sequence_words(judge_sequence(parse_sequence("10 J 30"))).facts
    ('Step +10, ascending: 10, 20, 30.', 'The joker at place 2 stands for 20.')
    """

    legal: bool
    headline: str
    broken: tuple[BrokenRule, ...]
    facts: tuple[str, ...]
    resolution: str | None
    rulings: tuple[str, ...]


def sequence_words(verdict: SequenceVerdict, lang: str = DEFAULT_LANGUAGE) -> SequenceWords:
    """The sentences of the verdict on a sequence in ``lang``, part by part (see :class:`SequenceWords`)."""
    translations = translator(lang, DOMAIN)
    _ = translations.gettext
    written = _card_list(verdict.terms, translations)
    reasons = _fit_reasons(verdict.fit, written, verdict.rules, translations)
    broken = tuple(
        BrokenRule(
            violation.code.value,
            _rule_words(violation.reference.rule, translations),
            _rule_summary(violation.reference, translations),
            reasons.get(violation) or _(violation.reference.summary),
        )
        for violation in verdict.violations
    )
    return SequenceWords(
        legal=verdict.legal,
        headline=_sequence_headline(verdict, translations),
        broken=broken,
        facts=tuple(_sequence_facts(verdict, translations)),
        resolution=None if verdict.legal else _sequence_resolution(translations),
        rulings=tuple(ruling_words(verdict.rulings, RULINGS, translations)),
    )


def explain_lay(verdict: LayVerdict, lang: str = DEFAULT_LANGUAGE) -> str:
    """A lay play by play in ``lang``: its verdict, the lines it formed or changed, its score; then the position after.

    An illegal play ends with its resolution: it is refused and changes nothing.

    >>> from solver.nmbrs import Play, Position, Table, judge_lay, parse_cards
    >>> position = Position(Table.parse("10@0,0 J=20@0,1 30@0,2"), tuple(parse_cards("20 40 5")), opened=True)
    >>> print(explain_lay(judge_lay(position, [Play.parse("swap 20@0,1"), Play.parse("lay 40@0,3")])))
    ... # doctest: +ELLIPSIS
    Legal lay under the basic rules: 2 plays, 2 points.
    Play 1. put 20 in place of the joker at row 1, column 2: legal. The joker goes back to the hand; ...
      The row 10 20 30 (step +10).
    Play 2. place 40 at row 1, column 4: legal. 2 points: 1 doubled (one colour).
      The row 10 20 30 40 (step +10).
    Table after: the row 10 20 30 40.
    Hand after: 5 joker.
      The deck's colours and points are placeholders (see the deck file).
      Project decision: ...
    >>> print(explain_lay(judge_lay(position, [Play.parse("lay 5@0,3")]), lang="de").splitlines()[1])
    Spielzug 1. 5 in Zeile 1, Spalte 4 legen: nicht erlaubt.
    """
    translations = translator(lang, DOMAIN)
    _, ngettext = translations.gettext, translations.ngettext
    count = len(verdict.plays)
    fields = {
        "rules": _rules_words(verdict.before.rules, translations),
        "plays": ngettext("%(count)d play", "%(count)d plays", count) % {"count": count},
        "points": _points(verdict.score, translations),
    }
    if verdict.legal:
        lines = [_("Legal lay under %(rules)s: %(plays)s, %(points)s.") % fields]
    else:
        lines = [_("Not a legal lay under %(rules)s: %(plays)s, %(points)s.") % fields]
    origin = _lay_origin(verdict)
    for number, play in enumerate(verdict.plays, start=1):
        lines += _play_lines(number, play, origin, translations)
    after = verdict.after
    table = "; ".join(_line_words(line, translations) for line in after.table.lines())
    if table:
        lines.append(_("Table after: %(table)s.") % {"table": table})
    else:
        lines.append(_("Table after: empty."))
    if after.hand:
        lines.append(_("Hand after: %(hand)s.") % {"hand": _card_list(after.hand, translations)})
    else:
        lines.append(_("Hand after: no cards."))
    if verdict.before.deck.placeholder:
        lines.append("  " + _("The deck's colours and points are placeholders (see the deck file)."))
    shown = [ruling for ruling in verdict.rulings if ruling != "placeholder-deck"]
    lines += ["  " + sentence for sentence in ruling_words(shown, RULINGS, translations)]
    return "\n".join(lines)


def _lay_origin(verdict: LayVerdict) -> Origin | None:
    """Where the grid of a lay starts: the table before it and every play's places."""
    cells = [placement.cell for play in verdict.plays for placement in play.play.placements]
    return table_origin(verdict.before.table, cells)


# ----------------------------------------------------------------- one action of a game

EVERY_LAY_RULINGS = ("grid-table", "one-line-per-play", "placeholder-deck")
"""Rulings every lay relies on, which the explanation of a single action leaves out to stay short."""


def explain_verdict(verdict: ActionVerdict, lang: str = DEFAULT_LANGUAGE) -> str:
    """One action of a game in ``lang``: one short sentence first, then why (each rule broken), then the rulings.

    A play shows its score and the lines it formed; any other legal action
    says what follows it.  A violation of a play is told from the play, and
    one of any other action by its rule, since the verdict does not keep the
    state it was judged in.

    >>> from solver.nmbrs.state import Action, Game
    >>> state = Game(players=2, seed=1).new_state()
    >>> print(explain_verdict(state.check(Action.parse("take"))))
    You take the top discard into your hand; now lay what you can and end your turn.
    >>> print(explain_verdict(state.check(Action.parse("draw")), "de"))  # doctest: +NORMALIZE_WHITESPACE
    Das geht jetzt nicht: eine verdeckte Karte ziehen. Wähle einen anderen Zug.
      Regel 7: ein Zug ist Ziehen, Auslegen, Abwerfen, in dieser Reihenfolge; eine abgelehnte Abwurfkarte wird
      im Uhrzeigersinn angeboten.
    >>> _ = state.apply(Action.parse("take"))
    >>> print(explain_verdict(state.check(Action.parse("lay 24@0,0 28@0,1 J=32@0,2"))))
    ... # doctest: +ELLIPSIS
    Allowed: place 24, 28 and a joker as 32 at row 1, columns 1 to 3.
      It scores 8 points: 4 doubled (one colour).
      The row 24 28 joker (32) (step +4).
      Project decision: ...
      Project decision: ...
      Project decision: ...
    """
    translations = translator(lang, DOMAIN)
    _ = translations.gettext
    play = verdict.play
    cells = [placement.cell for placement in play.play.placements] if play is not None else []
    origin = table_origin(play.before.table, cells) if play is not None else None
    fields = {"action": _action_words(verdict.action, translations, origin)}
    if verdict.seat is None:
        lines = [_("The game is over: there are no more moves.")]
    elif verdict.legal and play is not None:
        lines = [_("Allowed: %(action)s.") % fields, "  " + _played_words(play, translations)]
        lines += [_line_text(line, translations) for line in play.lines]
    elif verdict.legal:
        lines = [_what_follows(verdict.action, translations)]
    else:
        # TRANSLATORS: the first sentence on a move that is refused; action is the move in words.
        lines = [_("Not allowed now: %(action)s. Choose another move.") % fields]
        lines += _violation_lines(verdict.violations, _action_reasons(verdict, translations), translations)
        if play is not None:
            lines += [_line_text(line, translations) for line in play.lines]
    shown = [ruling for ruling in verdict.rulings if ruling not in EVERY_LAY_RULINGS]
    lines += ["  " + sentence for sentence in ruling_words(shown, RULINGS, translations)]
    return "\n".join(lines)


def violation_reasons(verdict: ActionVerdict, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """Why the action breaks each of its violations' rules, in order, in ``lang`` (English: the referee's).

    These are the messages of the API's answer.

    >>> from solver.nmbrs.state import Action, Game
    >>> state = Game(players=2, seed=1).new_state()
    >>> verdict = state.check(Action.parse("discard 5"))
    >>> violation_reasons(verdict)
    ['in the draw phase the actions are decline, draw, take']
    >>> violation_reasons(verdict, "it")
    ["un turno è pescare, calare, scartare, in quest'ordine; uno scarto rifiutato viene offerto in senso orario"]
    """
    translations = translator(lang, DOMAIN)
    reasons = _action_reasons(verdict, translations)
    return [_violation_reason(violation, reasons, translations) for violation in verdict.violations]


def _action_reasons(verdict: ActionVerdict, translations: gettext.NullTranslations) -> dict[Violation, str]:
    """A play's faults told from the play; any other action's have no sentence, so its rule's summary tells them."""
    return {} if verdict.play is None else _play_reasons(verdict.play, translations)


def action_words(action: Action, lang: str = DEFAULT_LANGUAGE, origin: Origin | None = None) -> str:
    """An action as a reader of ``lang`` says it, in words, a play's places counted from ``origin``: never notation.

    >>> from solver.nmbrs.state import Action
    >>> action_words(Action.parse("discard 17")), action_words(Action.parse("discard 17"), "it")
    ('discard 17', 'scartare 17')
    """
    return _action_words(action, translator(lang, DOMAIN), origin)


def _action_words(action: Action, translations: gettext.NullTranslations, origin: Origin | None = None) -> str:
    """An action in words, such as "discard 17" or "place 40 at row 1, column 4"."""
    _ = translations.gettext
    if action.play is not None:
        return _play_words(action.play, translations, origin)
    words = {
        # TRANSLATORS: taking the top card of the discard pile into the hand.
        ActionKind.TAKE: _("take the top discard"),
        # TRANSLATORS: declining the top card of the discard pile, which is then offered to the others.
        ActionKind.DECLINE: _("leave the top discard"),
        # TRANSLATORS: claiming the discard another player declined.
        ActionKind.CLAIM: _("claim the discard"),
        # TRANSLATORS: not claiming the discard another player declined.
        ActionKind.PASS: _("pass"),
        # TRANSLATORS: drawing a hidden card from the draw pile.
        ActionKind.DRAW: _("draw a hidden card"),
        # TRANSLATORS: ending the turn without a discard (simplified version, holding one card).
        ActionKind.END: _("end the turn"),
    }
    if action.kind is ActionKind.DISCARD and action.card is not None:
        # TRANSLATORS: discarding a card from the hand, such as "17" or "joker".
        return _("discard %(card)s") % {"card": _card_said(action.card, translations)}
    return words[action.kind]


def _played_words(play: PlayVerdict, translations: gettext.NullTranslations) -> str:
    """What a legal play scores: a swap nothing, any other play its points, and why they are doubled."""
    _ = translations.gettext
    if play.play.kind is PlayKind.SWAP:
        return _("The joker goes back to your hand; a replacement scores nothing.")
    assert play.score is not None, "a legal play is scored"
    score = play.score
    fields = {"points": _points(score.total, translations), "base": score.base}
    if score.doubling is Doubling.ONE_COLOUR:
        return _("It scores %(points)s: %(base)d doubled (one colour).") % fields
    if score.doubling is Doubling.ALL_DIFFERENT:
        return _("It scores %(points)s: %(base)d doubled (all different colours).") % fields
    return _("It scores %(points)s.") % fields


def _what_follows(action: Action, translations: gettext.NullTranslations) -> str:
    """What follows a legal action other than a play."""
    _ = translations.gettext
    if action.kind is ActionKind.TAKE:
        return _("You take the top discard into your hand; now lay what you can and end your turn.")
    if action.kind is ActionKind.DECLINE:
        return _("The top discard is offered to the other players in turn, clockwise.")
    if action.kind is ActionKind.CLAIM:
        return _("You take the declined discard, and draw a hidden card with it.")
    if action.kind is ActionKind.PASS:
        return _("You leave the declined discard to the others.")
    if action.kind is ActionKind.DRAW:
        return _("You draw a hidden card; now lay what you can and end your turn.")
    if action.kind is ActionKind.DISCARD:
        card = "" if action.card is None else _card_said(action.card, translations)
        return _("%(card)s goes on the discard pile, and your turn ends.") % {"card": card}
    return _("Your turn ends.")


def explain_deck(deck: NmbrsDeck, lang: str = DEFAULT_LANGUAGE) -> str:
    """The deck in use, in ``lang``: each colour's numbers and how many cards are worth 1, 2 and 3 points.

    The deck's name and note are the deck file's own words, but for the
    default deck's, which are translated.

    >>> print(explain_deck(NmbrsDeck.default()).splitlines()[0])
    Nmbrs! placeholder deck: 104 cards (1 to 100 and 4 jokers worth 0). PLACEHOLDER values.
    >>> print("\\n".join(explain_deck(NmbrsDeck.default(), lang="fr").splitlines()[3:5]))
      3 points (15 cartes) : 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97.
      rouge (25 cartes) : 1, 5, … 97.
    """
    translations = translator(lang, DOMAIN)
    _ = translations.gettext
    fields = {"name": _deck_text(deck.name, translations), "size": deck.size}
    if deck.placeholder:
        lines = [_("%(name)s: %(size)d cards (1 to 100 and 4 jokers worth 0). PLACEHOLDER values.") % fields]
    else:
        lines = [_("%(name)s: %(size)d cards (1 to 100 and 4 jokers worth 0).") % fields]
    for points in (1, 2, 3):
        numbers = [number for number, face in enumerate(deck.faces, start=1) if face.points == points]
        group = {"group": _points(points, translations), "cards": _cards(len(numbers), translations)}
        lines.append(
            "  " + _("%(group)s (%(cards)s): %(numbers)s.") % {**group, "numbers": _ranges(numbers) or _("none")}
        )
    for colour in Colour:
        numbers = [number for number, face in enumerate(deck.faces, start=1) if face.colour is colour]
        group = {"group": _colour_name(colour, translations), "cards": _cards(len(numbers), translations)}
        lines.append(
            "  " + _("%(group)s (%(cards)s): %(numbers)s.") % {**group, "numbers": _ranges(numbers) or _("none")}
        )
    if deck.note:
        lines.append("  " + _("Note: %(note)s") % {"note": _deck_text(deck.note, translations)})
    return "\n".join(lines)


def _default_deck_texts(_: Callable[[str], str]) -> tuple[str, str]:
    """The default deck file's name and note, each passed through ``_``: the identity gives the file's words."""
    return (
        # TRANSLATORS: the name of the deck shipped with Nmbrs!, whose colours and points are placeholders.
        _("Nmbrs! placeholder deck"),
        # TRANSLATORS: the note of the deck shipped with Nmbrs!; "--deck FILE" is a command-line option (keep it).
        _(
            "PLACEHOLDER: the rulebook prints each card's colour and point value on the card but does not list them. "
            "These values are a stand-in until the real deck is transcribed; replace this file (--deck FILE) with "
            "the real composition. Scheme: colours cycle red, green, blue, orange from 1 (so n and n+4 share a "
            "colour); points follow how hard a number is to fit in a sequence: 1 for 1 to 10 and the multiples of "
            "5, 3 for the primes above 30 (few steps reach them from 0 or 1), 2 for every other number. Jokers are "
            "worth 0."
        ),
    )


def _deck_text(text: str, translations: gettext.NullTranslations) -> str:
    """A deck file's name or note: translated when it is the default deck's own words, else as the file has it."""
    english = _default_deck_texts(str)
    translated = _default_deck_texts(translations.gettext)
    return dict(zip(english, translated, strict=True)).get(text, text)


# ----------------------------------------------------------------- words


def _rules_words(rules: RuleSet, translations: gettext.NullTranslations) -> str:
    _ = translations.gettext
    words = {
        # TRANSLATORS: a rule set, as it follows "under" in "A sequence under %(rules)s" (German: dative).
        RuleSet.BASIC: _("the basic rules"),
        # TRANSLATORS: a rule set, as it follows "under" in "A sequence under %(rules)s" (German: dative).
        RuleSet.ADVANCED: _("the advanced rules"),
        # TRANSLATORS: a rule set, as it follows "under" in "A sequence under %(rules)s" (German: dative).
        RuleSet.SIMPLIFIED: _("the simplified rules"),
    }
    return words[rules]


def _colour_name(colour: Colour, translations: gettext.NullTranslations) -> str:
    _ = translations.gettext
    # TRANSLATORS: a colour of the cards, at the start of a line listing its numbers.
    names = {Colour.RED: _("red"), Colour.GREEN: _("green"), Colour.BLUE: _("blue"), Colour.ORANGE: _("orange")}
    return names[colour]


def _points(points: int, translations: gettext.NullTranslations) -> str:
    return translations.ngettext("%(count)d point", "%(count)d points", points) % {"count": points}


def _cards(count: int, translations: gettext.NullTranslations) -> str:
    return translations.ngettext("%(count)d card", "%(count)d cards", count) % {"count": count}


def _signed(step: int) -> str:
    """A step with its sign, a minus written as the minus sign: "+10", "−29"."""
    return f"{step:+d}".replace("-", "\N{MINUS SIGN}")


def _card_list(cards: Sequence[Card | Term], translations: gettext.NullTranslations) -> str:
    """Cards one after the other, a joker said in words: "10 joker (20) 30"."""
    return " ".join(_card_said(card, translations) for card in cards)


def _card_said(card: Card | Term, translations: gettext.NullTranslations) -> str:
    term = card if isinstance(card, Term) else Term(card)
    if not term.card.is_joker:
        return str(term.card)
    if term.value is None:
        # TRANSLATORS: a joker among the cards of a line or a hand.
        return translations.gettext("joker")
    # TRANSLATORS: a joker among the cards of a line, with the number it stands for.
    return translations.gettext("joker (%(value)d)") % {"value": term.value}


# ----------------------------------------------------------------- plays and lines


def _play_lines(
    number: int, play: PlayVerdict | SkippedPlay, origin: Origin | None, translations: gettext.NullTranslations
) -> list[str]:
    _ = translations.gettext
    fields: dict[str, object] = {"number": number, "play": _play_words(play.play, translations, origin)}
    if isinstance(play, SkippedPlay):
        return [_("Play %(number)d. %(play)s: skipped, since an earlier play is illegal.") % fields]
    if not play.legal:
        lines = [_("Play %(number)d. %(play)s: not legal.") % fields]
        lines += _violation_lines(play.violations, _play_reasons(play, translations), translations)
        lines += [_line_text(line, translations) for line in play.lines]
        resolution = _("the play is refused and changes nothing: its cards stay in your hand; choose another play.")
        return [*lines, "  " + _("Resolution: %(resolution)s") % {"resolution": resolution}]
    elif play.play.kind is PlayKind.SWAP:
        swap = _("Play %(number)d. %(play)s: legal. The joker goes back to the hand; a replacement scores nothing.")
        lines = [swap % fields]
    else:
        assert play.score is not None
        score = play.score
        scored = {**fields, "points": _points(score.total, translations), "base": score.base}
        if score.doubling is Doubling.ONE_COLOUR:
            scored_line = _("Play %(number)d. %(play)s: legal. %(points)s: %(base)d doubled (one colour).")
        elif score.doubling is Doubling.ALL_DIFFERENT:
            scored_line = _("Play %(number)d. %(play)s: legal. %(points)s: %(base)d doubled (all different colours).")
        else:
            scored_line = _("Play %(number)d. %(play)s: legal. %(points)s: %(base)d.")
        lines = [scored_line % scored]
    return lines + [_line_text(line, translations) for line in play.lines]


Origin = tuple[int, int]
"""The row and column of the table that the grid numbers 1."""


def table_origin(table: Table, cells: Iterable[Cell] = ()) -> Origin | None:
    """The first row and column of ``table`` and ``cells`` together, which the grid numbers 1 (``None``: nothing).

    >>> table_origin(Table.parse("10@0,0 20@0,1 30@0,2"), [Cell(-1, 2)]), table_origin(Table())
    ((-1, 0), None)
    """
    rows = [cell.row for cell in (*table.terms, *cells)]
    columns = [cell.column for cell in (*table.terms, *cells)]
    return (min(rows), min(columns)) if rows else None


def play_words(play: Play, lang: str = DEFAULT_LANGUAGE, origin: Origin | None = None) -> str:
    """A play in words in ``lang``: its places counted from ``origin`` as the table's grid numbers them.

    Without an origin, or for a place beyond the grid's first row or column, the play says only how its
    cards lie, in a row or a column.

    >>> from solver.nmbrs import Play
    >>> play_words(Play.parse("lay 24@0,0 28@0,1 J=32@0,2"), origin=(0, 0))
    'place 24, 28 and a joker as 32 at row 1, columns 1 to 3'
    >>> play_words(Play.parse("swap 20@0,1"), "it", origin=(0, 0)), play_words(Play.parse("lay 5@-1,0 6@0,0"))
    ('scambiare 20 con il jolly in riga 1, colonna 2', 'place 5 and 6 in a column')
    """
    return _play_words(play, translator(lang, DOMAIN), origin)


def _play_words(play: Play, translations: gettext.NullTranslations, origin: Origin | None) -> str:
    _ = translations.gettext
    cells = [placement.cell for placement in play.placements]
    cards = listed([_term_words(placement.term, translations) for placement in play.placements], translations)
    fields = {"cards": cards, "cells": _cells_words(cells, origin, translations)}
    if fields["cells"] is None:
        return _play_without_places(play, cards, translations)
    if play.kind is PlayKind.SWAP:
        # TRANSLATORS: a play that swaps a card from the hand for the joker standing for it on the table.
        return _("put %(cards)s in place of the joker at %(cells)s") % fields
    if play.kind is PlayKind.INSERT:
        # TRANSLATORS: a play that slides cards of the table along to insert these cards, at these places.
        return _("slide in %(cards)s at %(cells)s") % fields
    # TRANSLATORS: a play that lays cards on empty places of the table, such as "place 40 at row 1, column 4".
    return _("place %(cards)s at %(cells)s") % fields


def _play_without_places(play: Play, cards: str, translations: gettext.NullTranslations) -> str:
    """A play said by how its cards lie, for a reader who does not see the grid it is counted on."""
    _ = translations.gettext
    fields = {"cards": cards}
    rows = {placement.cell.row for placement in play.placements}
    in_row = play.axis is Axis.ROW if play.axis is not None else len(rows) == 1
    if play.kind is PlayKind.SWAP:
        return _("put %(cards)s in place of a joker") % fields
    if play.kind is PlayKind.INSERT:
        return (_("slide %(cards)s into a row") if in_row else _("slide %(cards)s into a column")) % fields
    if len(play.placements) == 1:
        return _("place %(cards)s") % fields
    return (_("place %(cards)s in a row") if in_row else _("place %(cards)s in a column")) % fields


def _term_words(term: Term, translations: gettext.NullTranslations) -> str:
    """A card of a play: its number, or a joker and the number it stands for."""
    _ = translations.gettext
    if not term.card.is_joker:
        return str(term.card)
    if term.value is None:
        return _("a joker")
    # TRANSLATORS: a joker laid as this number.
    return _("a joker as %(value)d") % {"value": term.value}


def _cells_words(cells: Sequence[Cell], origin: Origin | None, translations: gettext.NullTranslations) -> str | None:
    """Places of the table in words, counted from ``origin``: one place, a stretch of a row or a column, or each
    place in turn; ``None`` without an origin or for a place before it."""
    _ = translations.gettext
    if origin is None or any(cell.row < origin[0] or cell.column < origin[1] for cell in cells):
        return None
    numbered = [(cell.row - origin[0] + 1, cell.column - origin[1] + 1) for cell in cells]
    rows = sorted({row for row, _column in numbered})
    columns = sorted({column for _row, column in numbered})
    if len(cells) == 1 or (len(rows) > 1 and len(columns) > 1):
        one = _("row %(row)d, column %(column)d")
        return listed([one % {"row": row, "column": column} for row, column in numbered], translations)
    if len(rows) == 1 and columns == list(range(columns[0], columns[-1] + 1)):
        fields = {"row": rows[0], "first": columns[0], "last": columns[-1]}
        return _("row %(row)d, columns %(first)d to %(last)d") % fields
    if len(rows) == 1:
        return _("row %(row)d, columns %(columns)s") % {"row": rows[0], "columns": listed(columns, translations)}
    if rows == list(range(rows[0], rows[-1] + 1)):
        fields = {"column": columns[0], "first": rows[0], "last": rows[-1]}
        return _("column %(column)d, rows %(first)d to %(last)d") % fields
    return _("column %(column)d, rows %(rows)s") % {"column": columns[0], "rows": listed(rows, translations)}


def _line_words(line: Line, translations: gettext.NullTranslations) -> str:
    """A line of the table in words: "the row 10 20 30" or "the column 5 10 15"."""
    _ = translations.gettext
    fields = {"cards": _card_list(line.terms, translations)}
    if line.axis is Axis.ROW:
        return _("the row %(cards)s") % fields
    return _("the column %(cards)s") % fields


def _line_text(judged: JudgedLine, translations: gettext.NullTranslations) -> str:
    _ = translations.gettext
    step = judged.fit.step
    fields = {"line": _line_words(judged.line, translations), "step": "" if step is None else _signed(step)}
    if judged.legal and step is not None:
        # TRANSLATORS: line is a line of the table, such as "row from 0,0: 10 20 30"; step is signed, as in "+10".
        text = _("%(line)s (step %(step)s).")
    elif judged.legal:
        text = _("%(line)s.")
    elif step is not None:
        text = _("%(line)s (step %(step)s), not a sequence.")
    else:
        text = _("%(line)s, not a sequence.")
    said = text % fields
    return "  " + said[:1].upper() + said[1:]


# ----------------------------------------------------------------- faults


def _violation_lines(
    violations: Sequence[Violation], reasons: dict[Violation, str], translations: gettext.NullTranslations
) -> list[str]:
    """Each fault in words: what went wrong where the verdict tells it (``reasons``), then the rule it breaks."""
    _ = translations.gettext
    lines = []
    for violation in violations:
        reference = violation.reference
        rule = _rule_words(reference.rule, translations)
        summary = _rule_summary(reference, translations)
        # TRANSLATORS: a rule of the rulebook, such as "rule 8", and what it says.
        said = _("%(rule)s: %(summary)s.") % {"rule": rule[:1].upper() + rule[1:], "summary": summary}
        reason = reasons.get(violation)
        lines.append("  " + (f"{reason[:1].upper()}{reason[1:]}. {said}" if reason else said))
    return lines


def _rule_summary(reference: RuleReference, translations: gettext.NullTranslations) -> str:
    """What a rule says; an advanced or simplified rule without the words that name its rules, which its number says."""
    summary = translations.gettext(reference.summary)
    if reference.rule.isdigit():
        return summary
    return re.split(r"\s?:\s", summary, maxsplit=1)[-1]


def rule_words(rule: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A rule as the rulebook numbers it, said in ``lang``: "rule 8", "advanced rules 1–2".

    >>> rule_words("8", "fr"), rule_words("Regolamento avanzato 1–2"), rule_words("Versione semplificata 5", "it")
    ('règle 8', 'advanced rules 1–2', 'Versione semplificata 5')
    """
    return _rule_words(rule, translator(lang, DOMAIN))


def _rule_words(rule: str, translations: gettext.NullTranslations) -> str:
    _ = translations.gettext
    advanced, simplified = "Regolamento avanzato ", "Versione semplificata "
    if rule.startswith(advanced):
        return _("advanced rules %(numbers)s") % {"numbers": rule.removeprefix(advanced)}
    if rule.startswith(simplified):
        return _("simplified version, rule %(number)s") % {"number": rule.removeprefix(simplified)}
    return _("rule %(number)s") % {"number": rule}


def _violation_reason(
    violation: Violation, reasons: dict[Violation, str], translations: gettext.NullTranslations
) -> str:
    """The referee's message in English; else the sentence in ``reasons``, or the code's translated rule summary."""
    if not isinstance(translations, gettext.GNUTranslations):
        return violation.message
    return reasons.get(violation) or translations.gettext(violation.reference.summary)


def sequence_violation_reasons(verdict: SequenceVerdict, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """Why the sequence breaks each of its violations' rules, in order, in ``lang`` (the referee's message in English).

    >>> from solver.nmbrs import RuleSet, judge_sequence, parse_sequence
    >>> verdict = judge_sequence(parse_sequence("14 20 26"), RuleSet.ADVANCED)
    >>> english = sequence_violation_reasons(verdict)
    >>> english == [verdict.violations[0].message] and sequence_violation_reasons(verdict, "fr") != english
    True
    """
    translations = translator(lang, DOMAIN)
    written = _card_list(verdict.terms, translations)
    reasons = _fit_reasons(verdict.fit, written, verdict.rules, translations)
    return [_violation_reason(violation, reasons, translations) for violation in verdict.violations]


def play_violation_reasons(play: PlayVerdict, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """Why one play of a lay breaks each of its violations' rules, in order, in ``lang`` (English: the referee's).

    >>> from solver.nmbrs import Play, Position, Table, judge_lay, parse_cards
    >>> position = Position(Table.parse("10@0,0 20@0,1 30@0,2"), tuple(parse_cards("5 7")), opened=True)
    >>> (verdict,) = judge_lay(position, [Play.parse("lay 5@0,3")]).judged
    >>> play_violation_reasons(verdict, "it")
    ["la riga 10 20 30 5: 10 20 30 5 non salgono né scendono dello stesso passo intero da una carta all'altra"]
    """
    translations = translator(lang, DOMAIN)
    reasons = _play_reasons(play, translations)
    return [_violation_reason(violation, reasons, translations) for violation in play.violations]


def _fit_reasons(fit: Fit, cards: str, rules: RuleSet, translations: gettext.NullTranslations) -> dict[Violation, str]:
    """A translated sentence for each fault of a line of ``cards`` fitted to one progression."""
    _, ngettext = translations.gettext, translations.ngettext
    known = [value for value in fit.values if value is not None]
    out_of_range = iter(
        (place, value)
        for place, value in enumerate(fit.values, start=1)
        if value is not None and not LOWEST_NUMBER <= value <= rules.highest_number
    )
    reasons = {}
    for violation in fit.violations:
        code = violation.code
        if code is ViolationCode.TOO_SHORT and len(fit.values) == 1:
            reason = _("a card stands alone; it must belong to a sequence of 3 or more")
        elif code is ViolationCode.TOO_SHORT:
            count = len(fit.values)
            reason = ngettext(
                "%(count)d card in a line; a sequence has at least 3",
                "%(count)d cards in a line; a sequence has at least 3",
                count,
            ) % {"count": count}
        elif code is ViolationCode.ZERO_STEP:
            reason = _("the number %(number)d repeats: the step is 0") % {"number": known[0]}
        elif code is ViolationCode.NOT_ARITHMETIC:
            reason = _("%(cards)s do not go up or down by the same whole step from each card to the next") % {
                "cards": cards
            }
        elif code is ViolationCode.OUT_OF_RANGE and (outside := next(out_of_range, None)) is not None:
            place, value = outside
            fields = {"place": place, "value": value, "highest": rules.highest_number}
            reason = _("place %(place)d would stand for %(value)d, but the numbers in play are 1 to %(highest)d") % (
                fields
            )
        elif code is ViolationCode.OUT_OF_RANGE and len(known) == 1:
            fields = {"number": known[0], "highest": rules.highest_number}
            # TRANSLATORS: open jokers around one number, which no whole step keeps within the cards in play
            sentence = _(
                "going up or down by 1 from %(number)d, a joker already falls outside 1 to %(highest)d, "
                "and a larger step only goes further"
            )
            reason = sentence % fields
        elif code is ViolationCode.BAD_START and fit.step is not None:
            smallest, size = min(known), abs(fit.step)
            counted = {"smallest": smallest, "size": size, "remainder": smallest % size}
            reason = _("counting back from %(smallest)d by %(size)d ends on %(remainder)d, not on 0 or 1") % counted
        else:
            continue
        reasons[violation] = reason
    return reasons


def _play_reasons(play: PlayVerdict, translations: gettext.NullTranslations) -> dict[Violation, str]:
    """A translated sentence for each fault of ``play`` that the play and its position tell in full."""
    _, ngettext = translations.gettext, translations.ngettext
    reasons = {}
    rules = play.before.rules
    for judged in play.lines:
        line = _line_words(judged.line, translations)
        for violation, reason in _fit_reasons(
            judged.fit, _card_list(judged.line.terms, translations), rules, translations
        ).items():
            # The referee names the line before the fault it found in it.
            reasons[Violation(violation.code, f"{judged.line}: {violation.message}")] = _("%(line)s: %(reason)s") % {
                "line": line,
                "reason": reason,
            }
    for violation in play.violations:
        if violation.code is ViolationCode.NOT_IN_HAND:
            missing = Counter(play.play.cards) - Counter(play.before.hand)
            ordered: list[Card] = sorted(missing.elements(), key=Card.sort_key)
            cards = _card_list(ordered, translations)
            reasons[violation] = ngettext(
                "%(cards)s is not in your hand", "%(cards)s are not in your hand", missing.total()
            ) % {"cards": cards}
        elif violation.code is ViolationCode.NO_DISCARD:
            reasons[violation] = _("the play uses your last card, which you must keep to discard")
        elif violation.code is ViolationCode.BAD_REPLACEMENT:
            reasons[violation] = _replacement_reason(play, translations)
    return reasons


def _replacement_reason(play: PlayVerdict, translations: gettext.NullTranslations) -> str:
    _ = translations.gettext
    (placement,) = play.play.placements
    cell = placement.cell
    term = play.before.table.term(cell)
    where = _cells_words([cell], table_origin(play.before.table, [cell]), translations)
    if term is None:
        return _("there is no card at %(cell)s") % {"cell": where}
    if not term.card.is_joker:
        fields = {"cell": where, "card": _card_said(term, translations)}
        return _("%(cell)s holds %(card)s, not a joker") % fields
    joker = {"cell": where, "value": term.value, "card": placement.term.card}
    return _("the joker at %(cell)s stands for %(value)s, not %(card)s") % joker


def _ranges(numbers: Sequence[int]) -> str:
    """Numbers as runs, e.g. ``1-10, 15, 20``; a run of step 4 (a colour's cycle) as ``1, 5, … 97``; empty if none."""
    if len(numbers) > 3 and len({b - a for a, b in pairwise(numbers)}) == 1:
        return f"{numbers[0]}, {numbers[1]}, … {numbers[-1]}"
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(f"{run[0]}-{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)) for run in runs)


# ----------------------------------------------------------------- hints


def explain_hint(verdict: LayVerdict | None, lang: str = DEFAULT_LANGUAGE) -> str:
    """A hint in ``lang``: the play worth most points and the lay it makes, or that no play scores.

    ``verdict`` is the referee's verdict on laying the suggested play alone,
    ``None`` when no play of the hand scores.

    >>> from solver.nmbrs import Play, Position, Table, judge_lay, parse_cards
    >>> position = Position(Table.parse("10@0,0 J=20@0,1 30@0,2"), tuple(parse_cards("20 40 5")), opened=True)
    >>> print(explain_hint(judge_lay(position, [Play.parse("lay 40@0,3")]), lang="it"))  # doctest: +ELLIPSIS
    Suggerimento: calare 40 in riga 1, colonna 4, per 2 punti.
    Giocata 1. calare 40 in riga 1, colonna 4: valida. 2 punti: 1 raddoppiato (un solo colore).
    ...
    >>> print(explain_hint(None))
    No play from your hand scores on this table: end your turn.
    """
    translations = translator(lang, DOMAIN)
    _ = translations.gettext
    if verdict is None:
        return _("No play from your hand scores on this table: end your turn.")
    play = _play_words(verdict.plays[0].play, translations, _lay_origin(verdict))
    fields = {"play": play, "points": _points(verdict.score, translations)}
    # TRANSLATORS: the play a hint suggests, such as "lay 40@0,3", and the points it scores, such as "2 points".
    suggestion = _("Suggestion: %(play)s, for %(points)s.") % fields
    return "\n".join([suggestion, *explain_lay(verdict, lang).splitlines()[1:]])


__all__ = [
    "WORDS",
    "action_words",
    "explain_deck",
    "explain_hint",
    "explain_lay",
    "explain_sequence",
    "explain_verdict",
    "play_violation_reasons",
    "sequence_violation_reasons",
    "violation_reasons",
]


WORDS = GameWords(
    name="nmbrs",
    explain_verdict=explain_verdict,
    violation_reasons=violation_reasons,
    explain_turn_review=nmbrs_review.explain_turn_review,
    totals_sentences=nmbrs_review.totals_sentences,
    turn_label=nmbrs_review.turn_label,
    turn_judgement=nmbrs_review.turn_judgement,
    mark_clause=nmbrs_review.mark_clause,
    verdicts=(ActionVerdict,),
    state=State,
    violations_repeated_in=("play",),
)
"""Nmbrs!'s entry in :data:`tutor.games.TUTORS`: a play's verdict repeats the action's violations."""
