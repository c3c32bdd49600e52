"""Printable worksheets: numbered exercises, then the answer key on a page of its own.

:func:`worksheet_sheet` turns exercises from :func:`tutor.exercises.generate`
into a :class:`Sheet`: everything a printed sheet shows, in the sheet's
language.  :func:`worksheet_html` renders it as one self-contained HTML
document, and :func:`sheet_html` renders the sheet alone for a page that
shows it (the web tutor's ``/worksheet``), both with the same template
(``tutor/templates/_sheet.html``), so the page, the API's answer and
``nambarz worksheet`` print the same sheet; :func:`worksheet_text` writes it
as plain text for a terminal.

Decisions (they concern the tutor, not the game):

* ``worksheet-one-rendering``: a sheet's HTML is written once, by the
  templates in ``tutor/templates``, whose sentences come from the ``tutor``
  gettext catalogs in the sheet's language.  The sheet's style sheet, the
  cards' look and what they are drawn with are the tutor's too
  (``tutor/static``: ``worksheet.css``, ``cards.css``, ``figures.svg``; the
  cards drawn as the pages draw them, :mod:`tutor.cards`).  The document holds
  them itself, with the page around
  the sheet (``document.css``), so it prints the same when saved to a file
  and loads nothing from elsewhere; a page that shows the sheet serves them
  as files.
* ``worksheet-notation``: an exercise shows its calculation as it was laid,
  left to right, in school notation (``+ − × ÷``, a box for the missing
  card), and one line of the sheet reminds that calculations are read left to
  right and states the minimum-card rule as the rulebook means it (III.2): a
  calculation has too many cards only when some of its own cards already make
  the number, whatever else the hand holds.  The key writes each calculation
  with the brackets that reading needs (:func:`tutor.rendering.render_plain`)
  and its result, then the other orders of the same cards that make it too
  (up to :data:`MOST_ORDERS_LISTED`, else how many and one of them, or that
  any order will do).  Every minus sign,
  of a subtraction or of a negative number, is the typographic one (``−``).
* ``worksheet-seed-for-teachers``: the level and the seed, which make the
  same sheet again, are printed on the answer key only, never on the pupils'
  exercises.
* ``worksheet-key-in-words``: the answer to a referee exercise is the
  verdict in words (:func:`tutor.nambarz.play_verdict_words`): the verdict, each
  rule broken, the steps, and what happens to the cards or why the play is
  legal; never a violation code or a ruling.  The referee's messages write
  calculations as typed (``6 / 2``, ``-6``); the key shows their signs as
  school does.
* ``worksheet-key-choice``: ``key`` is ``both`` (the exercises, then the key
  on a new page), ``none`` (the exercises alone) or ``only`` (the key alone).
* ``worksheet-names``: cards are named as a reader of the sheet's language
  names them (:func:`tutor.rendering.card_name`); on the HTML sheet a figure
  card shows its number, its picture and its figure's name.
* ``worksheet-no-pdf``: there is no PDF output.  The HTML prints to PDF from
  any browser, and the well-kept HTML-to-PDF libraries need native libraries
  (Cairo, Pango) that a plain ``pip install`` does not bring.

>>> from tutor.exercises import generate
>>> page = worksheet_html(generate(level=1, count=2, seed=7), title="Week 3", level=1, seed=7, lang="en")
>>> page.startswith("<!DOCTYPE html>"), 'id="answer-key"' in page, page.count('class="exercise"')
(True, True, 2)
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, partial
from importlib.resources import files

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from solver.errors import GameError
from solver.nambarz.cards import Card
from solver.nambarz.minimal_calculations import operators_for_order
from solver.nambarz.notation import Chain
from solver.nambarz.referee import Verdict
from solver.nambarz.rules import Operator, Rules
from tutor.cards import NambarzFace, draw_nambarz, nambarz_face
from tutor.exercises import BOX, Exercise
from tutor.i18n import DEFAULT_LANGUAGE, translator
from tutor.nambarz import play_verdict_words
from tutor.rendering import card_name, render_plain
from tutor.text import listed

KEY_CHOICES = ("both", "none", "only")
"""What a sheet prints of its answer key: after the exercises, not at all, or alone."""

ANSWER_LINES = {"cover": 3, "missing-card": 1, "referee": 2}
"""Blank lines left for the pupil's answer, by exercise kind: a cover exercise may have several answers."""

MOST_ORDERS_LISTED = 2
"""How many other orders of a calculation's cards the key writes out; past that it counts them and shows one."""

_TYPED_SIGNS = re.compile(r"(?<= )[-*/](?= )|(?<![\w)])-(?=\d)")
_SCHOOL_SIGNS = {"-": "−", "*": "×", "/": "÷"}


@dataclass(frozen=True)
class SheetCard:
    """A card as a sheet prints it, drawn as the pages draw it (:mod:`tutor.cards`)."""

    name: str
    """The whole card as a reader of the sheet's language names it."""
    face: NambarzFace
    """What the card shows, which the template draws (:func:`tutor.cards.draw_nambarz`)."""


@dataclass(frozen=True)
class LaidItem:
    """One item of a calculation as laid: a card, an operator's sign, or neither, the box of the missing card."""

    card: SheetCard | None = None
    sign: str | None = None

    @property
    def is_box(self) -> bool:
        """True for the box where the missing card goes."""
        return self.card is None and self.sign is None


@dataclass(frozen=True)
class SheetExercise:
    """One numbered exercise as the sheet prints it.

    ``hand`` is set for a cover exercise; ``laid`` is the puzzle of a
    missing-card exercise or the play of a referee exercise, as laid.
    """

    number: int
    kind: str
    top: SheetCard
    hand: tuple[SheetCard, ...]
    laid: tuple[LaidItem, ...]
    operators: str
    """The operators allowed, in school signs: ``+ − ×``."""
    prompt: str
    answer_lines: int


@dataclass(frozen=True)
class KeyCalculation:
    """One calculation of the key with its result; for a missing-card exercise, ``box`` names the card in the box.

    ``other_orders`` says in a sentence which other orders of the same cards
    make the number too; ``None`` when no other order does.
    """

    text: str
    box: str | None = None
    other_orders: str | None = None


@dataclass(frozen=True)
class RefereeAnswer:
    """The answer to a referee exercise in words: the verdict, each rule broken, and what follows from it."""

    legal: bool
    headline: str
    broken: tuple[str, ...]
    steps: str | None
    resolution: str | None
    why: str | None


@dataclass(frozen=True)
class KeyEntry:
    """The key of one exercise: the calculations it accepts, or the referee's answer in words."""

    number: int
    kind: str
    calculations: tuple[KeyCalculation, ...]
    referee: RefereeAnswer | None


@dataclass(frozen=True)
class Sheet:
    """Everything a printed worksheet shows, in the language ``lang``."""

    title: str
    level: int
    seed: int
    lang: str
    key: str
    """One of :data:`KEY_CHOICES`."""
    exercises: tuple[SheetExercise, ...]
    answers: tuple[KeyEntry, ...]

    @property
    def shows_exercises(self) -> bool:
        """True unless the key is printed alone."""
        return self.key != "only"

    @property
    def shows_key(self) -> bool:
        """True unless the key is left out."""
        return self.key != "none"


def default_title(lang: str = DEFAULT_LANGUAGE) -> str:
    """The heading of a worksheet whose teacher gave none, in ``lang``.

    >>> default_title(), default_title("fr")
    ('Nambarz worksheet', "Fiche d'exercices Nambarz")
    """
    # TRANSLATORS: the heading of a printed worksheet when the teacher gives no title.
    return translator(lang).gettext("Nambarz worksheet")


def worksheet_sheet(
    exercises: Sequence[Exercise], *, title: str, level: int, seed: int, lang: str, key: str = "both"
) -> Sheet:
    """The sheet of ``exercises``, numbered from 1, with their answer key, in ``lang``.

    ``level`` and ``seed`` are printed under the answer key's title (and
    nowhere on the exercises) so the teacher can generate the same sheet
    again.  Raises :class:`~solver.errors.GameError` for an
    empty list of exercises, a blank title or a ``key`` outside
    :data:`KEY_CHOICES`, and :class:`tutor.i18n.LanguageError` for an
    unsupported language.

    >>> from tutor.exercises import generate
    >>> sheet = worksheet_sheet(generate(level=2, count=3, seed=3, lang="it"), title="Settimana 3", level=2, seed=3,
    ...                         lang="it")
    >>> [exercise.kind for exercise in sheet.exercises], sheet.exercises[0].top.name
    (['cover', 'missing-card', 'referee'], '9 gallina')
    >>> [item.sign or (item.card and item.card.name) or BOX for item in sheet.exercises[1].laid]
    ['3', '×', '□', '+', '1']
    >>> sheet.answers[1].calculations
    (KeyCalculation(text='3 × 2 + 1 = 7', box='2', other_orders=None),)
    >>> sheet.answers[0].calculations[0].other_orders
    'Le stesse carte vanno bene anche in un altro ordine: (1 tartaruga + 2 gufo) × 3 ape.'
    >>> sheet.answers[2].referee.legal
    False
    >>> worksheet_sheet([], title="Empty", level=1, seed=0, lang="en")
    Traceback (most recent call last):
    ...
    solver.errors.GameError: a worksheet needs at least one exercise
    """
    if not exercises:
        raise GameError("a worksheet needs at least one exercise")
    if not title.strip():
        raise GameError("a worksheet needs a title that is not blank")
    if key not in KEY_CHOICES:
        raise GameError(f"key must be one of {', '.join(KEY_CHOICES)}, not {key!r}")
    translator(lang)  # refuses an unsupported language
    numbered = list(enumerate(exercises, start=1))
    return Sheet(
        title=title,
        level=level,
        seed=seed,
        lang=lang,
        key=key,
        exercises=tuple(_sheet_exercise(number, exercise, lang) for number, exercise in numbered),
        answers=tuple(_key_entry(number, exercise, lang) for number, exercise in numbered),
    )


def worksheet_html(
    exercises: Sequence[Exercise], *, title: str, level: int, seed: int, lang: str, key: str = "both"
) -> str:
    """A complete, self-contained HTML5 worksheet: the exercises, then the answer key on a new page.

    The arguments are those of :func:`worksheet_sheet`; ``lang`` is also the
    document's language, that of its headings, labels and answer key.

    >>> from tutor.exercises import generate
    >>> page = worksheet_html(generate(level=1, count=1, seed=7, lang="it"), title="Settimana 3", level=1, seed=7,
    ...                       lang="it")
    >>> "<h1>Soluzioni</h1>" in page, "Settimana 3 · Livello 1 · Seme 7" in page, "Carta in cima:" in page
    (True, True, True)
    >>> page.count("Seme 7")
    1
    >>> 'class="exercise"' in worksheet_html(generate(level=1, count=1, seed=7), title="Key", level=1, seed=7,
    ...                                      lang="en", key="only")
    False
    """
    sheet = worksheet_sheet(exercises, title=title, level=level, seed=seed, lang=lang, key=key)
    document = _environment(lang).get_template("worksheet.html")
    return document.render(sheet=sheet, heading=1, figures="", stylesheet=stylesheet(), sprite=_sprite()) + "\n"


def sheet_html(sheet: Sheet, *, heading: int, figures: str) -> Markup:
    """The sheet alone, an ``<article>``, for a page that shows it under headings of its own.

    Its headings are ``<h{heading}>``, and its figure cards' pictures the
    symbols of the file at the address ``figures`` (where the page serves
    ``tutor/static/figures.svg``).  The page loads the sheet's style sheet
    (``tutor/static/worksheet.css``) after its own.

    >>> from tutor.exercises import generate
    >>> sheet = worksheet_sheet(generate(level=4, count=1, seed=1, kinds=["cover"], lang="de"), title="Woche 3",
    ...                         level=4, seed=1, lang="de")
    >>> html = sheet_html(sheet, heading=2, figures="/figures.svg")
    >>> '<article class="sheet" lang="de">' in html, "<h2>Woche 3</h2>" in html, "<h2>Lösungen</h2>" in html
    (True, True, True)
    """
    fragment = _environment(sheet.lang).get_template("_sheet.html")
    return Markup(fragment.render(sheet=sheet, heading=heading, figures=figures))


def worksheet_text(exercises: Sequence[Exercise], *, title: str, level: int, seed: int, lang: str) -> str:
    """The worksheet as plain text for a terminal: the numbered prompts, then the answer key.

    Its heading is that of the printed sheet, in ``lang``; each answer of the
    key is on lines of its own, indented under its number, in words and
    school notation, as on the printed sheet, and the key's heading is
    followed by the level and the seed.

    >>> from tutor.exercises import generate
    >>> print(worksheet_text(generate(level=1, count=2, seed=7, kinds=["cover", "referee"]), title="Week 3",
    ...                      level=1, seed=7, lang="en"))  # doctest: +ELLIPSIS
    Week 3
    <BLANKLINE>
    1. The top card is 7 fish. Your hand: 1, 8, 1 turtle, 10 bear. Using only + −, find every legal ...
    2. The top card is ... A player lays ...
    <BLANKLINE>
    Answer key
    Level 1 · Seed 7
    1. 8 − 1 = 7
    2. ...
    """
    sheet = worksheet_sheet(exercises, title=title, level=level, seed=seed, lang=lang)
    _ = translator(lang).gettext
    lines = [title, ""]
    lines += [f"{exercise.number}. {exercise.prompt}" for exercise in sheet.exercises]
    lines += ["", _("Answer key"), _("Level %(level)d · Seed %(seed)d") % {"level": level, "seed": seed}]
    for entry in sheet.answers:
        label = f"{entry.number}. "
        for line in _key_lines(entry, lang):
            lines.append(label + line)
            label = " " * len(label)
    return "\n".join(lines)


def _sheet_card(card: Card, lang: str) -> SheetCard:
    return SheetCard(name=card_name(card, lang), face=nambarz_face(card, lang))


def _laid_items(chain: Chain, lang: str, blank: int | None = None) -> tuple[LaidItem, ...]:
    """``chain`` as laid: its cards, with the sign of each operator between them and a box at ``blank``."""
    items = [LaidItem() if blank == 0 else LaidItem(card=_sheet_card(chain.cards[0], lang))]
    for position, (operator, card) in enumerate(zip(chain.operators, chain.cards[1:], strict=True), start=1):
        items.append(LaidItem(sign=operator.sign))
        items.append(LaidItem() if position == blank else LaidItem(card=_sheet_card(card, lang)))
    return tuple(items)


def _sheet_exercise(number: int, exercise: Exercise, lang: str) -> SheetExercise:
    laid: tuple[LaidItem, ...] = ()
    if exercise.puzzle is not None:
        laid = _laid_items(exercise.puzzle.known, lang, exercise.puzzle.blank)
    elif exercise.play is not None:
        laid = _laid_items(exercise.play, lang)
    return SheetExercise(
        number=number,
        kind=exercise.kind,
        top=_sheet_card(exercise.top, lang),
        hand=tuple(_sheet_card(card, lang) for card in exercise.hand),
        laid=laid,
        operators=" ".join(Operator(sign).sign for sign in exercise.ops),
        prompt=_school_signs(exercise.prompt),
        answer_lines=ANSWER_LINES[exercise.kind],
    )


def _key_entry(number: int, exercise: Exercise, lang: str) -> KeyEntry:
    name = partial(card_name, lang=lang)
    calculations: list[KeyCalculation] = []
    referee = None
    for answer in exercise.answers:
        if answer.verdict is not None:
            referee = _referee_answer(answer.verdict, lang)
            continue
        chain = Chain.parse(answer.expression)
        text = f"{render_plain(chain, lang)} = {exercise.top.value}"
        if exercise.kind == "missing-card":  # the puzzle fixes the order
            calculations.append(KeyCalculation(text, box=name(answer.cards[0])))
            continue
        orders = _other_orders(chain, exercise.top.value, exercise.rules)
        every_order = len(orders) + 1 == _arrangements(chain.cards)
        calculations.append(KeyCalculation(text, other_orders=_other_orders_sentence(orders, every_order, lang)))
    return KeyEntry(number, exercise.kind, tuple(calculations), referee)


def _other_orders(chain: Chain, target: int, rules: Rules) -> tuple[Chain, ...]:
    """Every other order of ``chain``'s cards that makes ``target`` too, each with the operators it needs.

    The minimum-card rule looks at the cards, never at their order, so each
    of these orders is as legal as ``chain``.

    >>> [str(order) for order in _other_orders(Chain.parse("10 - 4 / 2"), 3, Rules())]
    ['10 + 2 / 4', '2 + 10 / 4']
    >>> [str(order) for order in _other_orders(Chain.parse("8 - 1"), 7, Rules())]
    []
    """
    orders: list[Chain] = []
    seen = {chain.cards}
    for cards in itertools.permutations(chain.cards):
        if cards in seen:
            continue
        seen.add(cards)
        operators = operators_for_order([card.value for card in cards], target, rules)
        if operators is not None:
            orders.append(Chain(cards, operators))
    return tuple(orders)


def _arrangements(cards: Sequence[Card]) -> int:
    """How many different orders ``cards`` can be laid in (equal cards swapping places make no new order).

    >>> _arrangements([Card.parse(text) for text in ("2", "2", "5")])
    3
    """
    counts = Counter(cards).values()
    return math.factorial(sum(counts)) // math.prod(math.factorial(count) for count in counts)


def _other_orders_sentence(orders: Sequence[Chain], every_order: bool, lang: str) -> str | None:
    """The key's sentence on the other ``orders`` of a calculation: any order, or the first few and how many in all.

    >>> orders = [Chain.parse(text) for text in ("1 + 2 * 3", "3 * 1 + 2 * 1", "1 * 3 + 2", "3 + 2 - 1 * 2")]
    >>> _other_orders_sentence(orders[:1], False, "en")
    'The same cards also work in another order: (1 + 2) × 3.'
    >>> _other_orders_sentence(orders[:2], False, "it")
    'Le stesse carte vanno bene anche in altri ordini: (1 + 2) × 3 e (3 × 1 + 2) × 1.'
    >>> _other_orders_sentence(orders[:2], False, "fr")
    'Les mêmes cartes marchent aussi dans d’autres ordres\xa0: (1 + 2) × 3 et (3 × 1 + 2) × 1.'
    >>> _other_orders_sentence(orders, False, "de")
    'Dieselben Karten gehen auch in 4 anderen Reihenfolgen, etwa (1 + 2) × 3.'
    >>> _other_orders_sentence(orders, True, "fr")
    'Ces cartes marchent dans n’importe quel ordre.'
    >>> _other_orders_sentence([], False, "it") is None
    True
    """
    if not orders:
        return None
    translations = translator(lang)
    if every_order:
        # TRANSLATORS: in a worksheet's answer key, after a calculation whose cards may be laid in every order.
        return translations.gettext("These cards work in any order.")
    ngettext = translations.ngettext
    if len(orders) <= MOST_ORDERS_LISTED:
        orders_listed = listed([render_plain(order, lang) for order in orders], translations)
        # TRANSLATORS: in a worksheet's answer key, after a calculation: the same cards laid in other orders.
        sentence = ngettext(
            "The same cards also work in another order: %(orders)s.",
            "The same cards also work in other orders: %(orders)s.",
            len(orders),
        )
        return sentence % {"orders": orders_listed}
    # TRANSLATORS: in a worksheet's answer key, after a calculation: num other orders of its cards, and one of them.
    sentence = ngettext(
        "The same cards also work in %(num)d other order, such as %(order)s.",
        "The same cards also work in %(num)d other orders, such as %(order)s.",
        len(orders),
    )
    return sentence % {"num": len(orders), "order": render_plain(orders[0], lang)}


def _referee_answer(verdict: Verdict, lang: str) -> RefereeAnswer:
    words = play_verdict_words(verdict, lang)
    return RefereeAnswer(
        legal=words.legal,
        headline=_school_signs(words.headline),
        broken=tuple(_school_signs(violation.reason) for violation in words.violations),
        steps=None if words.steps is None else _school_signs(words.steps),
        resolution=None if words.resolution is None else _school_signs(words.resolution),
        why=None
        if words.why is None
        else _school_signs(translator(lang).gettext("Why: %(reason)s") % {"reason": words.why}),
    )


def _school_signs(text: str) -> str:
    """``text`` with each operator typed as ``- * /`` between spaces, and a negative number's sign, written ``− × ÷``.

    >>> _school_signs("2 * 5 already makes 10 with 2 of these 3 cards; 6 / 3 - 1")
    '2 × 5 already makes 10 with 2 of these 3 cards; 6 ÷ 3 − 1'
    >>> _school_signs("Steps: 8 - 8 = 0, 0 - 6 = -6, (-6 + 2); well-known 7-fold")
    'Steps: 8 − 8 = 0, 0 − 6 = −6, (−6 + 2); well-known 7-fold'
    """
    return _TYPED_SIGNS.sub(lambda sign: _SCHOOL_SIGNS[sign.group()], text)


def _key_lines(entry: KeyEntry, lang: str) -> list[str]:
    """The key of one exercise as lines of text: each calculation, or the referee's answer sentence by sentence."""
    if entry.referee is None:
        return [
            f"{BOX} = {item.box}   {item.text}" if item.box else " ".join(filter(None, (item.text, item.other_orders)))
            for item in entry.calculations
        ]
    _ = translator(lang).gettext
    answer = entry.referee
    lines = [answer.headline, *(f"  {reason}" for reason in answer.broken)]
    if answer.steps is not None:
        lines.append("  " + _("Steps: %(steps)s.") % {"steps": answer.steps})
    if answer.resolution is not None:
        lines.append("  " + _("Resolution: %(resolution)s") % {"resolution": answer.resolution})
    if answer.why is not None:
        lines.append(f"  {answer.why}")
    return lines


@cache
def _environment(lang: str) -> Environment:
    """The tutor's templates, translating into ``lang`` from the ``tutor`` catalogs."""
    environment = Environment(
        loader=PackageLoader("tutor", "templates"),
        autoescape=select_autoescape(),
        undefined=StrictUndefined,
        extensions=["jinja2.ext.i18n"],
    )
    environment.install_gettext_translations(translator(lang), newstyle=True)  # type: ignore[attr-defined]
    environment.globals["draw_card"] = draw_nambarz
    return environment


@cache
def stylesheet() -> Markup:
    """What the document holds in its ``<style>``: the page around the sheet, the sheet's own style sheet, the cards'.

    All are package files (``tutor/static/document.css``, ``worksheet.css`` and ``cards.css``), safe in ``<style>``
    as they are.

    >>> text = stylesheet()
    >>> text.index(".worksheet-document main") < text.index("@page worksheet")
    True
    """
    folder = files("tutor") / "static"
    names = ("document.css", "worksheet.css", "cards.css")
    return Markup("".join((folder / name).read_text(encoding="utf-8") for name in names))


@cache
def _sprite() -> Markup:
    """The figures' pictures (a package file of ``<symbol>`` elements), to hold in the document."""
    return Markup((files("tutor") / "static" / "figures.svg").read_text(encoding="utf-8"))
