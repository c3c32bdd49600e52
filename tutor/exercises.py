"""Nambarz exercises for teachers: five levels, three kinds, each verified by the solver or the referee.

Kinds:

* ``cover``: a top card and a hand; find every legal calculation.  The answer
  key is the solver's complete list, one entry per multiset of cards.
* ``missing-card``: a legal calculation with one card left blank; the answer
  key is every face :func:`tutor.puzzles.missing_cards` accepts.
* ``referee``: a play on a top card; the answer key is the referee's verdict
  (legal, or which rule it breaks and how the penalty is resolved).

Levels, and what every exercise of a level satisfies:

1. operators ``+ −`` only; every answer has 2 or 3 cards;
2. ``+ − ×``, some answer needs ``×``; every answer has 2 or 3 cards;
3. ``+ − × ÷``, some answer needs ``÷``; every answer has 2 or 3 cards;
4. ``+ − × ÷``, some answer is a master stroke (4 cards or more);
5. ``+ − × ÷``, a mix: cover and missing-card exercises meet the card
   counts and the needed operator of a level from 1 to 4 drawn at random; referee exercises are
   traps, calculations that reach the top card's number but break the
   minimum-card rule or hold a matching card.

Decisions where the rules say nothing (they concern the tutor, not the game):

* ``exercise-operators``: the level sets the operators; the given rules set
  the arithmetic domain and must allow the level's operators.
* ``exercise-kinds``: the kinds are given in rotation (exercise ``i`` has
  kind ``kinds[i % len(kinds)]``).
* ``exercise-needs``: for cover exercises "needs ×" (or ÷) means some legal
  calculation is lost when the position is solved again without it; for
  missing-card and referee exercises it means the chain shown uses it.
* ``exercise-deal``: positions are dealt from a shuffled default deck with
  the jokers left out, so every card shown exists in the deck.
* ``exercise-language``: ``lang`` changes only the prompt; the same seed
  draws the same exercises in every language.  The prompt is for people: it
  names each card as a reader of the language does
  (:func:`tutor.rendering.card_name`) and writes a calculation in school
  notation as it was laid, left to right, with ``+ − × ÷`` and a box
  (:data:`BOX`) for the missing card (:func:`school_notation`).  The other
  fields keep the notation a player types (``3bee``, ``10 - ? / 2``).
* ``exercise-limits``: each exercise is drawn again, with the same random
  generator, until it meets its level, at most :data:`MAX_ATTEMPTS` times;
  past that :class:`~solver.errors.GameError` is raised.  The solver and the
  referee each search within their own time limit.
* ``exercise-different``: no two exercises of one call are the same (same
  kind, top card and hand, puzzle or play, :attr:`Exercise.identity`): an
  exercise like one drawn before is drawn again, with the same random
  generator, at most :data:`MAX_REPEATS` times, past which
  :class:`~solver.errors.GameError` is raised.

The same arguments always give the same exercises.

>>> first = generate(level=1, count=2, seed=7, kinds=("cover",))
>>> first == generate(level=1, count=2, seed=7, kinds=("cover",))
True
>>> exercise = first[0]
>>> exercise.kind, exercise.ops, all(2 <= len(answer.cards) <= 3 for answer in exercise.answers)
('cover', '+-', True)

The language changes the prompt and nothing else:

>>> italian = generate(level=1, count=1, seed=7, kinds=("cover",), lang="it")[0]
>>> for sentence in italian.prompt.split(". "):
...     print(sentence)
La carta in cima è 7 pesce
La tua mano: 1, 8, 1 tartaruga, 10 orso
Usando solo + −, trova tutti i calcoli validi che coprono la carta in cima.
>>> {**italian.to_dict(), "prompt": ""} == {**exercise.to_dict(), "prompt": ""}
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any, TypeVar

from solver.budget import check_budget
from solver.errors import GameError, NambarzError
from solver.nambarz.cards import Card
from solver.nambarz.deck import Deck
from solver.nambarz.hand_solver import Calculation, Solution, solve
from solver.nambarz.notation import Chain
from solver.nambarz.referee import Verdict, check
from solver.nambarz.rules import Operator, Rules
from solver.nambarz.scoring import MASTER_STROKE_MIN_CARDS
from solver.nambarz.violations import ViolationCode
from tutor.difficulty import Difficulty, calculations_needing
from tutor.i18n import DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, translator
from tutor.puzzles import BlankChain, missing_cards
from tutor.rendering import card_name

LEVELS = (1, 2, 3, 4, 5)
"""The exercise levels, from the easiest."""

KINDS = ("cover", "missing-card", "referee")
"""The kinds of exercise."""

LANGUAGES = SUPPORTED_LANGUAGES
"""The languages prompts are written in: every language of the tutor's catalogs."""

MAX_COUNT = 50
"""The most exercises one call may generate."""

MAX_ATTEMPTS = 500
"""The most positions drawn for one exercise before giving up."""

BOX = "□"
"""The missing card of a puzzle, as a prompt or a printed sheet shows it."""

MAX_REPEATS = 50
"""The most exercises drawn, one after another, to find one unlike every exercise drawn before it."""

LEVEL_OPERATORS = {1: "+-", 2: "+-*", 3: "+-*/", 4: "+-*/", 5: "+-*/"}
"""The operators each level allows."""

_HAND_SIZES = {1: 4, 2: 4, 3: 5, 4: 7}
"""Cards dealt for a cover position: enough for the level's calculations, few enough to stay quick."""

_SMALL_CALCULATION = 3
"""The most cards of an answer below level 4."""

_LEVEL_SIGN = {2: Operator.MULTIPLY, 3: Operator.DIVIDE}
"""The operator levels 2 and 3 are about: their exercises need it."""

_Drawn = TypeVar("_Drawn")

Identity = tuple[str, Card, tuple[Card, ...], str, str]
"""What makes two exercises the same (see :attr:`Exercise.identity`)."""

_TRAP_CODES = (ViolationCode.NOT_MINIMAL, ViolationCode.MATCHING_CARD_IN_CALCULATION)
"""The single rule a level 5 referee trap breaks."""


@dataclass(frozen=True)
class Answer:
    """One accepted answer: its cards and its calculation, or the verdict of a referee exercise."""

    cards: tuple[Card, ...]
    expression: str
    verdict: Verdict | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON form: cards and expression, and for a referee exercise the verdict."""
        answer: dict[str, Any] = {"cards": [str(card) for card in self.cards], "expression": self.expression}
        if self.verdict is not None:
            answer["verdict"] = self.verdict.to_dict()
        return answer


@dataclass(frozen=True)
class Exercise:
    """One exercise with its answer key and its difficulty.

    ``hand`` is set for cover exercises, ``puzzle`` (the chain with ``?``) for
    missing-card exercises and ``play`` for referee exercises.
    """

    kind: str
    level: int
    top: Card
    rules: Rules
    prompt: str
    answers: tuple[Answer, ...]
    difficulty: Difficulty
    hand: tuple[Card, ...] = ()
    puzzle: BlankChain | None = None
    play: Chain | None = None

    @property
    def identity(self) -> Identity:
        """What two exercises must share to be the same: kind, top card, and hand, puzzle as shown or play.

        A puzzle counts as shown, ``?`` and all: the card it was made from does not show.
        """
        return (self.kind, self.top, self.hand, str(self.puzzle or ""), str(self.play or ""))

    @property
    def ops(self) -> str:
        """The operators the exercise allows, in ASCII notation."""
        return self.rules.operators

    def to_dict(self) -> dict[str, Any]:
        """JSON form: kind, level, top card, hand/puzzle/play, operators, prompt, answers and difficulty."""
        exercise: dict[str, Any] = {"kind": self.kind, "level": self.level, "top": str(self.top)}
        if self.kind == "cover":
            exercise["hand"] = [str(card) for card in self.hand]
        if self.puzzle is not None:
            exercise["puzzle"] = str(self.puzzle)
        if self.play is not None:
            exercise["play"] = str(self.play)
        exercise |= {
            "ops": self.ops,
            "domain": self.rules.domain.value,
            "prompt": self.prompt,
            "answers": [answer.to_dict() for answer in self.answers],
            "difficulty": self.difficulty.to_dict(),
        }
        return exercise


def generate(
    level: int,
    count: int,
    seed: int,
    kinds: Sequence[str] = KINDS,
    rules: Rules | None = None,
    *,
    lang: str = DEFAULT_LANGUAGE,
    progress: Callable[[], object] | None = None,
) -> list[Exercise]:
    """``count`` exercises of ``level``, kinds in rotation, reproducible from ``seed``, prompts in ``lang``.

    ``rules`` gives the arithmetic domain (natural by default) and must allow
    the level's operators.  Raises :class:`~solver.errors.GameError` for a bad
    level, count, kind or rules, or when no position meets the level within
    :data:`MAX_ATTEMPTS` draws, and :class:`tutor.i18n.LanguageError` for a
    language outside :data:`LANGUAGES`.  ``progress``, if given, is called
    after each exercise is made, so that an interface can show how far a long
    run has come.

    >>> made = []
    >>> len(generate(level=1, count=3, seed=0, progress=lambda: made.append(1))), len(made)
    (3, 3)
    >>> generate(level=6, count=1, seed=0)
    Traceback (most recent call last):
    ...
    solver.errors.GameError: level must be one of 1, 2, 3, 4, 5, not 6
    >>> generate(level=1, count=1, seed=0, kinds=["sudoku"])
    Traceback (most recent call last):
    ...
    solver.errors.GameError: unknown exercise kind 'sudoku'; expected cover, missing-card or referee
    >>> generate(level=1, count=1, seed=0, lang="es")
    Traceback (most recent call last):
    ...
    tutor.i18n.LanguageError: language 'es' is not supported; expected one of en, it, de, fr
    """
    _require_arguments(level, count, seed, kinds)
    translator(lang)  # refuses an unsupported language before any exercise is drawn
    rules = rules or Rules()
    if not isinstance(rules, Rules):
        raise GameError(f"rules must be a Rules setting such as Rules.parse('natural'), not {rules!r}")
    missing = [sign for sign in LEVEL_OPERATORS[level] if sign not in rules.operators]
    if missing:
        raise GameError(
            f"level {level} needs the operators {LEVEL_OPERATORS[level]!r}, "
            f"but the rules allow only {rules.operators!r}"
        )
    level_rules = Rules(rules.domain, LEVEL_OPERATORS[level])
    generator = random.Random(seed)
    makers: dict[str, Callable[[random.Random, int, Rules, str], Exercise]] = {
        "cover": _cover,
        "missing-card": _missing_card,
        "referee": _referee,
    }
    exercises: list[Exercise] = []
    drawn: set[Identity] = set()
    for index in range(count):
        make = makers[kinds[index % len(kinds)]]
        exercise = _new_exercise(partial(make, generator, level, level_rules, lang), drawn, level)
        drawn.add(exercise.identity)
        exercises.append(exercise)
        if progress is not None:
            progress()
    return exercises


def _require_arguments(level: int, count: int, seed: int, kinds: Sequence[str]) -> None:
    if isinstance(level, bool) or level not in LEVELS:
        raise GameError(f"level must be one of {', '.join(map(str, LEVELS))}, not {level!r}")
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        raise GameError(f"count must be a whole number from 1 to {MAX_COUNT}, not {count!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise GameError(f"seed must be a whole number, not {seed!r}")
    if isinstance(kinds, str) or not kinds:
        raise GameError(f"kinds must be a non-empty list of exercise kinds, not {kinds!r}")
    for kind in kinds:
        if kind not in KINDS:
            raise GameError(f"unknown exercise kind {kind!r}; expected cover, missing-card or referee")


def _attempts(make: Callable[[], _Drawn | None], what: str, level: int) -> _Drawn:
    """The first draw of ``make`` that is not ``None``, within :data:`MAX_ATTEMPTS`."""
    for _ in range(MAX_ATTEMPTS):
        check_budget("the drawing of exercises")
        exercise = make()
        if exercise is not None:
            return exercise
    raise GameError(f"no {what} exercise of level {level} found in {MAX_ATTEMPTS} draws; try another seed")


def _new_exercise(make: Callable[[], Exercise], drawn: set[Identity], level: int) -> Exercise:
    """The first exercise ``make`` draws whose identity is not in ``drawn``, within :data:`MAX_REPEATS` draws."""
    for _ in range(MAX_REPEATS):
        exercise = make()
        if exercise.identity not in drawn:
            return exercise
    raise GameError(
        f"no exercise of level {level} unlike the {len(drawn)} drawn before it found in {MAX_REPEATS} draws; "
        "ask for fewer exercises or other kinds"
    )


def _deal(generator: random.Random, size: int) -> tuple[Card, tuple[Card, ...]]:
    """A top card and ``size`` hand cards from a shuffled default deck without jokers."""
    cards = [card for card in Deck.default().cards() if not card.is_joker]
    generator.shuffle(cards)
    return cards[0], tuple(sorted(cards[1 : size + 1]))


def _constraint_level(generator: random.Random, level: int) -> int:
    """The level whose constraints an exercise meets: level 5 mixes levels 1 to 4."""
    return generator.choice(LEVELS[:-1]) if level == LEVELS[-1] else level


def _meets_level(level: int, solution: Solution) -> bool:
    """True when the solution's calculations meet the constraints of ``level`` (1 to 4)."""
    calculations = solution.calculations
    if not calculations:
        return False
    if level == 4:
        return any(len(calculation.cards) >= MASTER_STROKE_MIN_CARDS for calculation in calculations)
    if any(len(calculation.cards) > _SMALL_CALCULATION for calculation in calculations):
        return False
    return level not in _LEVEL_SIGN or bool(calculations_needing(solution, _LEVEL_SIGN[level]))


def _level_position(generator: random.Random, level: int, rules: Rules) -> Solution:
    """A solved position meeting the constraints of ``level`` (1 to 4)."""

    def draw() -> Solution | None:
        top, hand = _deal(generator, _HAND_SIZES[level])
        solution = solve(top, hand, rules)
        return solution if _meets_level(level, solution) else None

    return _attempts(draw, "position", level)


def _cover(generator: random.Random, level: int, rules: Rules, lang: str) -> Exercise:
    solution = _level_position(generator, _constraint_level(generator, level), rules)
    answers = tuple(Answer(calculation.cards, calculation.expression) for calculation in solution.calculations)
    drawn = Exercise(
        "cover", level, solution.top, rules, "", answers, Difficulty.of_solution(solution), hand=solution.hand
    )
    return in_language(drawn, lang)


def _missing_card(generator: random.Random, level: int, rules: Rules, lang: str) -> Exercise:
    constraint = _constraint_level(generator, level)

    def draw() -> Exercise | None:
        solution = _level_position(generator, constraint, rules)
        calculation = generator.choice(_level_calculations(constraint, solution))
        puzzle = BlankChain(calculation.example, generator.randrange(len(calculation.cards)))
        faces = missing_cards(puzzle, solution.top, rules)
        if not faces:
            return None
        chains = [puzzle.filled(face) for face in faces]
        answers = tuple(Answer((face,), str(chain)) for face, chain in zip(faces, chains, strict=True))
        difficulty = Difficulty.of_chains(chains, rules, solutions=len(answers))
        drawn = Exercise("missing-card", level, solution.top, rules, "", answers, difficulty, puzzle=puzzle)
        return in_language(drawn, lang)

    return _attempts(draw, "missing-card", level)


def _level_calculations(level: int, solution: Solution) -> list[Calculation]:
    """The calculations of ``solution`` that show what ``level`` is about, to build a puzzle from."""
    calculations = list(solution.calculations)
    if level == 4:
        return [c for c in calculations if len(c.cards) >= MASTER_STROKE_MIN_CARDS]
    showing = [c for c in calculations if _LEVEL_SIGN.get(level) in c.example.operators]
    return showing or calculations


def _referee(generator: random.Random, level: int, rules: Rules, lang: str) -> Exercise:
    if level == LEVELS[-1]:
        wanted = generator.choice(_TRAP_CODES)
        return _attempts(lambda: _referee_draw(generator, level, rules, wanted, lang), "referee trap", level)
    return _attempts(lambda: _referee_draw(generator, level, rules, None, lang), "referee", level)


def _referee_draw(
    generator: random.Random, level: int, rules: Rules, trap: ViolationCode | None, lang: str
) -> Exercise | None:
    """A random chain of one kind with the level's operators, judged on a top card it may well reach."""
    size = generator.randint(MASTER_STROKE_MIN_CARDS, 5) if level == 4 else generator.randint(2, _SMALL_CALCULATION)
    cards = [card for card in Deck.default().cards() if not card.is_joker]
    generator.shuffle(cards)
    kind = cards[0].kind
    laid = tuple([card for card in cards if card.kind is kind][:size])
    signs = [Operator(sign) for sign in rules.operators]
    operators = tuple(generator.choice(signs) for _ in laid[1:])
    play = Chain(laid, operators)
    if level in _LEVEL_SIGN and _LEVEL_SIGN[level] not in operators:
        return None
    value = play.value_as_written()
    tops = [card for card in cards[size:] if card not in laid]
    # Most plays shown on a top card they reach: an arithmetic slip is the easy fault to spot.
    reaching = [card for card in tops if card.value == value]
    top = reaching[0] if reaching and (trap or generator.random() < 0.75) else tops[0]
    try:
        verdict = check(top, play, rules)
    except NambarzError:
        return None
    if trap is not None and (verdict.value != top.value or [v.code for v in verdict.violations] != [trap]):
        return None
    answer = Answer(play.cards, str(play), verdict)
    difficulty = Difficulty.of_chains([play], rules, solutions=1)
    return in_language(Exercise("referee", level, top, rules, "", (answer,), difficulty, play=play), lang)


def in_language(exercise: Exercise, lang: str) -> Exercise:
    """``exercise`` with its prompt written in ``lang``: the same cards, a few microseconds instead of a new draw.

    >>> english = generate(level=2, count=1, seed=7, kinds=("missing-card",))[0]
    >>> in_language(english, "it") == generate(level=2, count=1, seed=7, kinds=("missing-card",), lang="it")[0]
    True
    """
    top = card_name(exercise.top, lang)
    operators = _operator_words(exercise.rules)
    gettext = translator(lang).gettext
    if exercise.kind == "cover":
        hand = ", ".join(card_name(card, lang) for card in exercise.hand)
        # TRANSLATORS: a cover exercise; hand is a list of cards such as "5 ape, 7, 8", operators signs such as "+ −".
        prompt = gettext(
            "The top card is %(top)s. Your hand: %(hand)s. "
            "Using only %(operators)s, find every legal calculation that covers the top card."
        ) % {"top": top, "hand": hand, "operators": operators}
    elif exercise.puzzle is not None:
        puzzle = school_notation(exercise.puzzle.known, lang, blank=exercise.puzzle.blank)
        # TRANSLATORS: a missing-card exercise; puzzle is a calculation with a box for the blank card, such as "7 + □".
        prompt = gettext(
            "The top card is %(top)s. Which card goes in the blank of %(puzzle)s "
            "to make a legal calculation with %(operators)s?"
        ) % {"top": top, "puzzle": puzzle, "operators": operators}
    elif exercise.play is not None:
        play = school_notation(exercise.play, lang)
        # TRANSLATORS: a referee exercise; play is the calculation laid, such as "7 + 2", operators signs such as "+ −".
        prompt = gettext(
            "The top card is %(top)s. A player lays %(play)s with %(operators)s allowed. "
            "Is the play legal? If not, which rule does it break and what happens to the cards?"
        ) % {"top": top, "play": play, "operators": operators}
    else:
        raise GameError(f"a {exercise.kind} exercise needs its hand, puzzle or play")
    return replace(exercise, prompt=prompt)


def school_notation(chain: Chain, lang: str, *, blank: int | None = None) -> str:
    """``chain`` as it was laid, left to right, in school notation: cards named in ``lang``, ``+ − × ÷``.

    The card at position ``blank`` (counted from 0), if given, is the missing card and shows as :data:`BOX`.
    No brackets are added: a Nambarz calculation is read strictly left to right.

    >>> school_notation(Chain.parse("2owl + 1 * 3bee"), "it", blank=1)
    '2 gufo + □ × 3 ape'
    >>> school_notation(Chain.parse("10 - 4 / 2"), "en")
    '10 − 4 ÷ 2'
    """
    names = [BOX if position == blank else card_name(card, lang) for position, card in enumerate(chain.cards)]
    parts = [names[0]]
    for operator, name in zip(chain.operators, names[1:], strict=True):
        parts += [operator.sign, name]
    return " ".join(parts)


def _operator_words(rules: Rules) -> str:
    signs = [Operator(sign).sign for sign in rules.operators]
    return " ".join(signs)
