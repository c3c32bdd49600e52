"""Printable worksheets: exercises on the first page, the answer key on a page of its own.

:func:`worksheet_html` lays out exercises from :func:`tutor.exercises.generate`
as one self-contained HTML5 document with no buttons or navigation.  Its
print stylesheet sets an A4 page and starts the answer key on a new page, so
a teacher can print the sheet and keep the key apart.

Decisions (they concern the tutor, not the game):

* ``worksheet-labels``: the headings and labels come from the gettext
  catalogs in the worksheet's ``lang``, as does the referee's explanation in
  the answer key; the prompts come in whatever language the exercises were
  generated in (the same one when both come from one request).
* ``worksheet-answers``: cover and missing-card answers are printed with
  :func:`tutor.rendering.render_plain` (usual notation with ``+ − × ÷``);
  a referee answer is the referee's explanation from
  :func:`tutor.nambarz.explain_verdict`.
* ``worksheet-no-pdf``: there is no PDF output.  The HTML prints to PDF from
  any browser, and the well-kept HTML-to-PDF libraries need native libraries
  (Cairo, Pango) that a plain ``pip install`` does not bring.

Every text that comes from the exercises is escaped with :func:`html.escape`.

>>> from tutor.exercises import generate
>>> page = worksheet_html(generate(level=1, count=2, seed=7), title="Week 3", level=1, seed=7, lang="en")
>>> page.startswith("<!DOCTYPE html>"), "answer-key" in page, page.count('class="exercise"')
(True, True, 2)
"""

from __future__ import annotations

import gettext
from collections.abc import Sequence
from html import escape

from solver.errors import GameError
from solver.nambarz.cards import Card
from solver.nambarz.notation import Chain
from tutor.exercises import Answer, Exercise
from tutor.i18n import DEFAULT_LANGUAGE, translator
from tutor.nambarz import explain_verdict
from tutor.rendering import render_plain

ANSWER_LINES = {"cover": 3, "missing-card": 1, "referee": 2}
"""Blank lines left for the pupil's answer, by exercise kind: a cover exercise may have several answers."""

_STYLE = """
body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 2em; color: #000; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; }
.details { color: #444; margin-top: 0; }
.pupil { display: flex; gap: 2em; margin: 1em 0 1.5em; }
.pupil span { flex: 1; border-bottom: 1px solid #000; padding-bottom: 0.2em; }
ol { padding-left: 1.5em; }
.exercise { margin-bottom: 1.2em; break-inside: avoid; page-break-inside: avoid; }
.cards { display: flex; flex-wrap: wrap; align-items: center; gap: 0.4em; margin: 0.4em 0; }
.label { font-weight: bold; margin-right: 0.2em; }
.card { display: inline-block; min-width: 2.6em; padding: 0.5em 0.3em; text-align: center;
        border: 2px solid #000; border-radius: 0.4em; }
.card.top { border-width: 3px; }
.chain { font-family: "DejaVu Sans Mono", monospace; }
.answer-line { border-bottom: 1px solid #000; height: 1.8em; }
.answer-key { break-before: page; page-break-before: always; }
.answer-key li { margin-bottom: 0.6em; }
.verdict { white-space: pre-line; margin: 0; }
@media print {
  @page { size: A4; margin: 15mm; }
  body { margin: 0; font-size: 11pt; }
}
"""


def default_title(lang: str = DEFAULT_LANGUAGE) -> str:
    """The heading of a worksheet whose teacher gave none, in ``lang``.

    >>> default_title(), default_title("fr")
    ('Nambarz worksheet', "Fiche d'exercices Nambarz")
    """
    # TRANSLATORS: the heading of a printed worksheet when the teacher gives no title.
    return translator(lang).gettext("Nambarz worksheet")


def worksheet_html(exercises: Sequence[Exercise], *, title: str, level: int, seed: int, lang: str) -> str:
    """A complete HTML5 worksheet: numbered exercises, then the answer key on a new page.

    ``level`` and ``seed`` are printed under the title so the same sheet can
    be generated again; ``lang`` is the document's language, that of its
    headings, labels and answer key.  Raises
    :class:`~solver.errors.GameError` for an empty list of exercises or an
    empty title.

    >>> from tutor.exercises import generate
    >>> page = worksheet_html(generate(level=1, count=1, seed=7, lang="it"), title="Settimana 3", level=1, seed=7,
    ...                       lang="it")
    >>> "<h1>Soluzioni</h1>" in page, "Livello 1 · Seme 7" in page, "Carta in cima:" in page
    (True, True, True)

    >>> worksheet_html([], title="Empty", level=1, seed=0, lang="en")
    Traceback (most recent call last):
    ...
    solver.errors.GameError: a worksheet needs at least one exercise
    """
    if not exercises:
        raise GameError("a worksheet needs at least one exercise")
    if not title.strip():
        raise GameError("a worksheet needs a title that is not blank")
    translations = translator(lang)
    _ = translations.gettext
    # TRANSLATORS: under a worksheet's title; the same level and seed print the same worksheet again.
    details = _("Level %(level)d · Seed %(seed)d") % {"level": level, "seed": seed}
    # TRANSLATORS: where the pupil writes their name and the date on a worksheet.
    name, date = _("Name:"), _("Date:")
    # TRANSLATORS: the heading of the worksheet's last page, with the answers for the teacher.
    answer_key = _("Answer key")
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{escape(lang)}">',
        "<head>",
        '<meta charset="utf-8">',
        f"<title>{escape(title)}</title>",
        f"<style>{_STYLE}</style>",
        "</head>",
        "<body>",
        '<section class="exercises">',
        f"<h1>{escape(title)}</h1>",
        f'<p class="details">{escape(details)}</p>',
        f'<div class="pupil"><span>{escape(name)}</span><span>{escape(date)}</span></div>',
        "<ol>",
        *(_exercise_item(exercise, translations) for exercise in exercises),
        "</ol>",
        "</section>",
        '<section class="answer-key">',
        f"<h1>{escape(answer_key)}</h1>",
        f'<p class="details">{escape(title)} · {escape(details)}</p>',
        "<ol>",
        *(_answer_item(exercise, lang) for exercise in exercises),
        "</ol>",
        "</section>",
        "</body>",
        "</html>",
    ]
    return "\n".join(parts) + "\n"


def _exercise_item(exercise: Exercise, translations: gettext.NullTranslations) -> str:
    """One numbered exercise: prompt, the cards as boxes, and blank lines for the answer."""
    _ = translations.gettext
    top_card = _("Top card:")
    lines = [
        '<li class="exercise">',
        f'<p class="prompt">{escape(exercise.prompt)}</p>',
        '<div class="cards">',
        f'<span class="label">{escape(top_card)}</span>{_card_box(exercise.top, "card top")}',
        "</div>",
    ]
    if exercise.hand:
        boxes = "".join(_card_box(card, "card") for card in exercise.hand)
        hand = _("Hand:")
        lines.append(f'<div class="cards"><span class="label">{escape(hand)}</span>{boxes}</div>')
    if exercise.puzzle is not None:
        # TRANSLATORS: before a calculation with "?" where one card is missing.
        lines.append(_chain_line(_("Fill the blank:"), str(exercise.puzzle)))
    if exercise.play is not None:
        # TRANSLATORS: before the calculation a player laid, for the pupil to judge.
        lines.append(_chain_line(_("The play:"), str(exercise.play)))
    # TRANSLATORS: above the blank lines where the pupil writes the answer.
    answer = _("Answer:")
    lines.append(f'<p class="label">{escape(answer)}</p>')
    lines += ['<div class="answer-line"></div>'] * ANSWER_LINES.get(exercise.kind, 1)
    lines.append("</li>")
    return "\n".join(lines)


def _card_box(card: Card, css_class: str) -> str:
    return f'<span class="{css_class}">{escape(str(card))}</span>'


def _chain_line(label: str, chain: str) -> str:
    return f'<p><span class="label">{escape(label)}</span> <span class="chain">{escape(chain)}</span></p>'


def _answer_item(exercise: Exercise, lang: str) -> str:
    """One exercise's entry in the key: every answer it accepts."""
    answers = "".join(f"<li>{_answer_text(answer, lang)}</li>" for answer in exercise.answers)
    return f'<li class="key">\n<ul class="answers">{answers}</ul>\n</li>'


def _answer_text(answer: Answer, lang: str) -> str:
    if answer.verdict is not None:
        return f'<p class="verdict">{escape(_answer_plain(answer, lang))}</p>'
    return f'<span class="chain">{escape(_answer_plain(answer, lang))}</span>'


def _answer_plain(answer: Answer, lang: str) -> str:
    """An answer as plain text: the calculation in usual notation, or the referee's explanation."""
    if answer.verdict is not None:
        return explain_verdict(answer.verdict, lang)
    return render_plain(Chain.parse(answer.expression))


def worksheet_text(exercises: Sequence[Exercise], *, title: str, level: int, seed: int, lang: str) -> str:
    """The worksheet as plain text for a terminal: the numbered prompts, then the answer key.

    The headings are those of :func:`worksheet_html`, in ``lang``; each
    answer of the key is on lines of its own, indented under its number.

    >>> from tutor.exercises import generate
    >>> print(worksheet_text(generate(level=1, count=1, seed=7, kinds=["cover"]), title="Week 3", level=1, seed=7,
    ...                      lang="en"))  # doctest: +ELLIPSIS
    Week 3
    Level 1 · Seed 7
    <BLANKLINE>
    1. The top card is 7fish. Your hand: 1, 8, 1turtle, 10bear. Using only + −, find every legal ...
    <BLANKLINE>
    Answer key
    1. 8 − 1
    """
    if not exercises:
        raise GameError("a worksheet needs at least one exercise")
    _ = translator(lang).gettext
    lines = [title, _("Level %(level)d · Seed %(seed)d") % {"level": level, "seed": seed}, ""]
    lines += [f"{number}. {exercise.prompt}" for number, exercise in enumerate(exercises, start=1)]
    lines += ["", _("Answer key")]
    for number, exercise in enumerate(exercises, start=1):
        label = f"{number}. "
        for answer in exercise.answers:
            for line in _answer_plain(answer, lang).splitlines():
                lines.append(label + line)
                label = " " * len(label)
    return "\n".join(lines)
