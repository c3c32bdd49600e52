"""Progressive hints for a Nambarz position: what exists, a first step, then a full best turn.

Level 1 says what the hand allows without naming a card: how many cards
match the top card, the sizes of the legal calculations, and whether one of
them is a master stroke.  Level 2 names the first card (and the operator
after it) of the best turn.  Level 3 shows that whole turn with its points.

Decisions where the rules say nothing (they concern the tutor, not the game):

* ``hint-best-turn``: "best" is the planner's ranking (:func:`solver.nambarz.planner.plan_turn`:
  cards shed, then master-stroke points, then the hardest card left on top);
  levels 2 and 3 both describe its first turn, so the first step of level 2
  is always the start of the turn level 3 shows.
* ``hint-cumulative``: a hint's structured fields hold everything revealed up to
  its level (level 3 also carries the level 1 counts and the level 2 first
  card); its ``text`` says only what is new at its level.
* ``hint-draw``: when nothing in the hand can be played (no matching card, no
  calculation, no playable joker) every level says so: the player draws.
* ``hint-number-top``: hints need a number card on top, as the solver does; a
  joker on top is refused with :class:`~solver.errors.PlayError`.
* ``hint-limits``: the solver and the planner each search for at most
  ``time_limit`` seconds (the planner also stops at
  :data:`solver.nambarz.planner.MAX_STATES` states) and raise
  :class:`~solver.errors.SearchLimitError` past it.
* ``hint-language``: ``lang`` changes only ``text``; card notation (``3bee``,
  ``Jreplay``) and operator signs stay as written in every language, since
  they are what the player types.

The wording lives in :func:`_level_one_text`, :func:`_level_two_text`,
:func:`_level_three_text` and :func:`_must_draw_text`: English sentences that
:mod:`tutor.i18n` translates from the ``tutor`` gettext catalogs, so a hint
reads the same in every language ``lang`` names.

>>> from solver.nambarz.cards import parse_cards
>>> hand = parse_cards("10 4 2 7")
>>> print(hint(Card.parse("3bee"), hand, Rules(), 1).text)
No card in your hand matches 3bee. Calculations of 3 and 2 cards reach 3.
>>> print(hint(Card.parse("3bee"), hand, Rules(), 2).text)
Start with 10, then +.
>>> print(hint(Card.parse("3bee"), hand, Rules(), 3).text)
Play (10 + 2) ÷ 4: it sheds 3 cards and leaves 4 on top.
>>> print(hint(Card.parse("3bee"), hand, Rules(), 3, lang="it").text)
Gioca (10 + 2) ÷ 4: scarti 3 carte e lasci 4 in cima.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from gettext import NullTranslations
from typing import Any

from solver.errors import NambarzError, PlayError
from solver.nambarz.cards import Card
from solver.nambarz.deck import Deck
from solver.nambarz.hand_solver import solve
from solver.nambarz.jokers import Cover
from solver.nambarz.minimal_calculations import DEFAULT_TIME_LIMIT
from solver.nambarz.notation import Chain, JokerPlay, Play
from solver.nambarz.planner import Ending, PlannedTurn, plan_turn
from solver.nambarz.rules import Operator, Rules
from solver.nambarz.scoring import MASTER_STROKE_MIN_CARDS
from tutor.i18n import DEFAULT_LANGUAGE, translator
from tutor.nambarz import mathematical
from tutor.text import listed

HINT_LEVELS = (1, 2, 3)
"""The hint levels, from the vaguest to a full turn."""


@dataclass(frozen=True)
class Hint:
    """A hint at one level, with every fact revealed up to that level.

    ``first_card``/``first_operator`` are set from level 2 (the operator only
    when the first play is a calculation), ``turn`` at level 3; all three stay
    ``None`` when the player must draw.
    """

    level: int
    top: Card
    hand: tuple[Card, ...]
    rules: Rules
    text: str
    matching_cards: int
    calculation_sizes: tuple[int, ...]
    master_stroke: bool
    must_draw: bool
    first_card: Card | None = None
    first_operator: Operator | None = None
    turn: PlannedTurn | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form shared by the CLI and the HTTP API.

        >>> hint(Card.parse("4"), [Card.parse("4hen")], Rules(), 2).to_dict()["first_card"]
        '4hen'
        """
        return {
            "level": self.level,
            "top": str(self.top),
            "hand": [str(card) for card in self.hand],
            "rules": self.rules.to_dict(),
            "text": self.text,
            "matching_cards": self.matching_cards,
            "calculation_sizes": list(self.calculation_sizes),
            "master_stroke": self.master_stroke,
            "must_draw": self.must_draw,
            "first_card": None if self.first_card is None else str(self.first_card),
            "first_operator": None if self.first_operator is None else self.first_operator.value,
            "turn": None if self.turn is None else self.turn.to_dict(),
        }


def hint(
    top: Card,
    hand: Sequence[Card],
    rules: Rules,
    level: int,
    *,
    deck: Deck | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    lang: str = DEFAULT_LANGUAGE,
) -> Hint:
    """The hint of ``level`` (1, 2 or 3) for playing ``hand`` onto ``top``, its text in ``lang``.

    Raises :class:`~solver.errors.NambarzError` for a level outside 1-3, a
    joker on top, cards the deck lacks or a language outside
    :data:`tutor.i18n.SUPPORTED_LANGUAGES` (:class:`tutor.i18n.LanguageError`),
    and :class:`~solver.errors.SearchLimitError` past ``time_limit``.

    >>> hint(Card.parse("3"), [Card.parse("8")], Rules(), 1).text
    'Nothing in your hand covers 3: draw a card.'
    >>> hint(Card.parse("3"), [Card.parse("8")], Rules(), 1, lang="de").text
    'Nichts in deiner Hand deckt 3 ab: Zieh eine Karte.'
    >>> hint(Card.parse("3"), [Card.parse("8")], Rules(), 4)
    Traceback (most recent call last):
    ...
    solver.errors.NambarzError: hint level must be 1, 2 or 3, not 4
    """
    if isinstance(level, bool) or level not in HINT_LEVELS:
        raise NambarzError(f"hint level must be 1, 2 or 3, not {level!r}")
    if top.is_joker:
        raise PlayError(f"top card {top} is a joker; hints need the number card to cover")
    translations = translator(lang)
    deck = deck or Deck.default()
    solution = solve(top, hand, rules, deck=deck, time_limit=time_limit)
    sizes = tuple(sorted({len(calculation.cards) for calculation in solution.calculations}, reverse=True))
    master_stroke = bool(sizes) and sizes[0] >= MASTER_STROKE_MIN_CARDS
    plans = plan_turn(Cover(top), hand, rules, count=1, deck=deck, time_limit=time_limit)
    facts = Hint(level, top, tuple(hand), rules, "", len(solution.matches), sizes, master_stroke, must_draw=not plans)
    if not plans:
        return replace(facts, text=_must_draw_text(top, translations))
    if level == 1:
        return replace(facts, text=_level_one_text(facts, translations))
    best = plans[0]
    first_play = best.plays[0]
    first_card = first_play.cards[0]
    first_operator = first_play.operators[0] if isinstance(first_play, Chain) and first_play.is_calculation else None
    revealed = replace(facts, first_card=first_card, first_operator=first_operator)
    if level == 2:
        return replace(revealed, text=_level_two_text(first_play, first_operator, translations))
    return replace(revealed, turn=best, text=_level_three_text(best, translations))


# --------------------------------------------------------------------------- wording


def _must_draw_text(top: Card, translations: NullTranslations) -> str:
    _ = translations.gettext
    return _("Nothing in your hand covers %(top)s: draw a card.") % {"top": top}


def _level_one_text(facts: Hint, translations: NullTranslations) -> str:
    _, ngettext = translations.gettext, translations.ngettext
    if facts.matching_cards == 0:
        matching = _("No card in your hand matches %(top)s.") % {"top": facts.top}
    else:
        matching = ngettext(
            "%(count)d card in your hand matches %(top)s.",
            "%(count)d cards in your hand match %(top)s.",
            facts.matching_cards,
        ) % {"count": facts.matching_cards, "top": facts.top}
    value = facts.top.value
    sizes = [str(size) for size in facts.calculation_sizes]
    if not sizes:
        calculations = _("No calculation reaches %(value)d.") % {"value": value}
    elif len(sizes) == 1:
        # A calculation always has at least two cards, so the plural is the only form needed.
        size = facts.calculation_sizes[0]
        calculations = _("A calculation of %(size)d cards reaches %(value)d.") % {"size": size, "value": value}
    else:
        listed_sizes = listed(sizes, translations)
        calculations = _("Calculations of %(sizes)s cards reach %(value)d.") % {"sizes": listed_sizes, "value": value}
    sentences = [matching, calculations]
    if facts.master_stroke:
        sentences.append(_("A master stroke is possible."))
    if facts.matching_cards == 0 and not sizes:
        sentences.append(_("A joker can still be played."))
    return " ".join(sentences)


def _level_two_text(first_play: Play, first_operator: Operator | None, translations: NullTranslations) -> str:
    _ = translations.gettext
    if isinstance(first_play, JokerPlay):
        return _("Start with the joker %(joker)s.") % {"joker": first_play.joker}
    if first_operator is None:
        return _("Start with %(card)s.") % {"card": first_play.cards[0]}
    return _("Start with %(card)s, then %(operator)s.") % {"card": first_play.cards[0], "operator": first_operator.sign}


def _level_three_text(best: PlannedTurn, translations: NullTranslations) -> str:
    _, ngettext = translations.gettext, translations.ngettext
    plays = " ; ".join(
        mathematical(play) if isinstance(play, Chain) and play.is_calculation else str(play) for play in best.plays
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
        facts.append(_("leaves %(card)s on top") % {"card": best.cover_after})
    return _("Play %(plays)s: %(facts)s.") % {"plays": plays, "facts": listed(facts, translations)}
