"""Small text layouts and sentences the explanations of every game share."""

from __future__ import annotations

import gettext
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from babel.numbers import format_decimal

from solver.review import Mark, Measure, TurnReview
from solver.rulings import DIGEST, PROJECT, Ruling


def aligned_table(rows: Sequence[Sequence[str]], numeric: tuple[int, ...]) -> list[str]:
    """Rows as indented text lines: the ``numeric`` columns right-aligned, the others left-aligned.

    >>> for line in aligned_table([("player", "points"), ("Ann", "7"), ("Bo", "12")], numeric=(1,)):
    ...     print(line)
      player  points
      Ann          7
      Bo          12
    """
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [
            cell.rjust(width) if column in numeric else cell.ljust(width)
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  " + "  ".join(cells).rstrip())
    return lines


def ruling_sentence(ruling_id: str, ruling: Ruling, translations: gettext.NullTranslations) -> str:
    """A ruling a verdict relied on, in the language of ``translations``: its identifier, source and summary.

    The words around the summary are the same in every game and live in the
    ``tutor`` catalog, which each game's catalog falls back to (see
    :func:`tutor.i18n.translator`); the summary comes from the game's own.

    >>> from solver.quando.rulings import RULINGS
    >>> from tutor.i18n import translator
    >>> print(ruling_sentence("triple-hits-knocker", RULINGS["triple-hits-knocker"], translator("en", "quando")))
    Ruling triple-hits-knocker (rules digest): a triple played in the last round reaches the knocker too.
    >>> print(ruling_sentence("triple-hits-knocker", RULINGS["triple-hits-knocker"], translator("de", "quando")))
    Entscheidung triple-hits-knocker (Regelübersicht): ein Drilling im letzten Umlauf trifft auch den Klopfenden.
    """
    _ = translations.gettext
    # TRANSLATORS: a ruling the referee relied on: its identifier (untranslated), where it comes from
    # ("project decision" or "rules digest") and what it says.
    sentence = _("Ruling %(ruling)s (%(source)s): %(summary)s.")
    summary = translations.gettext(ruling.summary)  # extracted from the game's table of rulings
    return sentence % {"ruling": ruling_id, "source": ruling_source(ruling, translations), "summary": summary}


def ruling_source(ruling: Ruling, translations: gettext.NullTranslations) -> str:
    """Where ``ruling`` comes from, the rules digest or a project decision, in the language of ``translations``.

    >>> from solver.nambarz.rulings import RULINGS
    >>> from tutor.i18n import translator
    >>> ruling_source(RULINGS["penalty-ends-turn"], translator("fr"))
    'décision du projet'
    """
    _ = translations.gettext
    return {PROJECT: _("project decision"), DIGEST: _("rules digest")}[ruling.source]


def listed(items: Sequence[object], translations: gettext.NullTranslations) -> str:
    """``items`` as one list in the language of ``translations``: commas, then "and" before the last.

    >>> from tutor.i18n import translator
    >>> listed(["5", "10", "3"], translator("en")), listed([12, 37], translator("de")), listed(["4"], translator("fr"))
    ('5, 10 and 3', '12 und 37', '4')
    """
    names = [str(item) for item in items]
    if len(names) <= 1:
        return "".join(names)
    # TRANSLATORS: the end of a list of cards, placements or numbers, e.g. "5, 10 and 3".
    return translations.gettext("%(first)s and %(last)s") % {"first": ", ".join(names[:-1]), "last": names[-1]}


def ruling_lines(
    ruling_ids: Sequence[str], rulings: Mapping[str, Ruling], translations: gettext.NullTranslations, indent: str = "  "
) -> list[str]:
    """One line per ruling a verdict relied on, each :func:`ruling_sentence` after ``indent``.

    ``rulings`` is the game's table of rulings, where the identifiers are looked up.

    >>> from solver.thegame.rulings import RULINGS
    >>> from tutor.i18n import translator
    >>> ruling_lines(["back-exactly-ten"], RULINGS, translator("it", "thegame"))[0][:50]
    '  Decisione back-exactly-ten (decisione del proget'
    """
    return [indent + ruling_sentence(ruling, rulings[ruling], translations) for ruling in ruling_ids]


@dataclass(frozen=True)
class BrokenRule:
    """One violation of a verdict in words, for a page: its code, the rule it cites, what the rule says and why.

    ``rule`` names the rule in the reader's language (a section's heading
    translated, "rule 8"), ``summary`` says what the rule asks and
    ``reason`` what the move did against it; ``code`` is for machines and
    referees only.
    """

    code: str
    rule: str
    summary: str
    reason: str


def not_compared(translations: gettext.NullTranslations) -> str:
    """A reviewed turn the engine ran out of time on, in words: not compared.

    >>> from tutor.i18n import translator
    >>> not_compared(translator("en"))
    'The computer ran out of time on this turn, so it is not compared.'
    """
    return translations.gettext("The computer ran out of time on this turn, so it is not compared.")


def shows_better_turn(turn: TurnReview) -> bool:
    """Whether a reviewed turn is shown with the best turn beside it: it was not the best, and the best differs.

    >>> turn = TurnReview(1, (1,), ("8",), ("5 + 3",), {}, {}, Mark.LOST_CARDS, {}, {})
    >>> shows_better_turn(turn), shows_better_turn(TurnReview.unreviewed(1, [(1, 0, "8")]))
    (True, False)
    """
    return turn.mark not in (Mark.BEST, Mark.UNREVIEWED) and bool(turn.best) and tuple(turn.best) != tuple(turn.played)


def with_better_turn(judgement: str, turn: TurnReview, best: str, translations: gettext.NullTranslations) -> str:
    """A reviewed turn's ``judgement``, then the ``best`` turn in words when it is shown (:func:`shows_better_turn`).

    >>> from tutor.i18n import translator
    >>> turn = TurnReview(1, (1,), ("8",), ("5 + 3",), {}, {}, Mark.LOST_CARDS, {}, {})
    >>> with_better_turn("You shed 1 card; the best turn shed 2.", turn, "5 + 3 = 8", translator("en"))
    'You shed 1 card; the best turn shed 2. The best turn: 5 + 3 = 8.'
    """
    if not shows_better_turn(turn) or not best:
        return judgement
    # TRANSLATORS: the better turn of a reviewed turn, its moves in words ("5 + 3 = 8").
    better = translations.gettext("The best turn: %(best)s.") % {"best": best}
    return f"{judgement} {better}"


def shared_mark_label(mark: Mark, translations: gettext.NullTranslations) -> str | None:
    """What a reviewed turn's heading says of the marks every game gives alike; ``None`` for a game's own marks.

    >>> from tutor.i18n import translator
    >>> shared_mark_label(Mark.GOOD, translator("en")), shared_mark_label(Mark.WIDER_GAP, translator("en"))
    ('Good, nearly the best', None)
    """
    _ = translations.gettext
    labels = {
        Mark.BEST: _("The best turn"),
        Mark.GOOD: _("Good, nearly the best"),
        Mark.UNREVIEWED: _("Not compared"),
    }
    return labels.get(mark)


def amount(value: Measure, lang: str) -> str:
    """A number of points for a child: whole as it is, else with one decimal, written as ``lang`` writes decimals.

    >>> amount(29.0, "en"), amount(14.84, "de"), amount(5, "fr")
    ('29', '14,8', '5')
    """
    return str(format_decimal(round(float(value), 1), format="0.#", locale=lang))


def told_violations(entries: Sequence[Mapping[str, Any]], reasons: Sequence[str]) -> list[dict[str, Any]]:
    """A verdict's JSON violations with ``message`` in the asked language and ``message_en`` the referee's English.

    ``reasons`` are the tutor's sentences for the same violations, in the
    same order; in English they are the referee's messages themselves.

    >>> told_violations([{"code": "not-in-hand", "rule": "8", "message": "9 is not in the hand"}],
    ...                 ["9 non è in mano"])
    [{'code': 'not-in-hand', 'rule': '8', 'message': '9 non è in mano', 'message_en': '9 is not in the hand'}]
    """
    return [
        {**entry, "message": reason, "message_en": entry["message"]}
        for entry, reason in zip(entries, reasons, strict=True)
    ]


def ruling_words(
    ruling_ids: Sequence[str], rulings: Mapping[str, Ruling], translations: gettext.NullTranslations
) -> list[str]:
    """Each ruling a verdict relied on, said for a player: where it comes from and what it says, without its id.

    >>> from solver.quando.rulings import RULINGS
    >>> from tutor.i18n import translator
    >>> ruling_words(["triple-hits-knocker"], RULINGS, translator("en", "quando"))
    ['From the rules digest: a triple played in the last round reaches the knocker too.']
    >>> ruling_words(["one-knock-per-round"], RULINGS, translator("fr", "quando"))[0][:19]
    'Décision du projet\\xa0'
    """
    _ = translations.gettext
    sentences = {PROJECT: _("Project decision: %(summary)s."), DIGEST: _("From the rules digest: %(summary)s.")}
    return [
        sentences[rulings[ruling].source] % {"summary": translations.gettext(rulings[ruling].summary)}
        for ruling in ruling_ids
    ]
