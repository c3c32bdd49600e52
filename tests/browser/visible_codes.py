"""Every code a person must never read, built from the project's own tables, and a finder for them in a page's text.

People read words; codes are for machines.  :func:`project_codes` lists the
codes the solver defines — each game's violation codes and ruling ids, the
Nambarz jokers' notation and its figure cards written as one word (``3bee``,
``7gufo``), The Game's pile ids — so a code
added to a table tomorrow is looked for the day it is added.  Besides those
words, :data:`PATTERNS` finds the shapes notation takes (seat ids, a
placement on a pile, a grid position, a card's two sides, a play of
Quando's, an HTTP status) and a hyphen written for a minus sign.
:func:`leaks` reads a page's visible text and returns each code it finds, with
the words around it.

The rulebooks of The Game, Quando and Nmbrs! are Italian, and their sections
are cited by name: an Italian section name is a leak on any page in another
language.

>>> [leak.code for leak in leaks("Valida: passare (P1). Erlaubt: 4>asc1, jouer Jreplay", "de")]
['P1', '4>asc1', 'asc1', 'Jreplay']
>>> [leak.kind for leak in leaks("9hen - 3 and mixed-kinds, HTTP 422, 7gufo. Asc1 is named twice", "en")]
['card code', 'hyphen for a minus', 'violation code', 'HTTP status', 'card code', 'pile id']
>>> leaks("9 gallina − 3: il jolly cambia numero, regola III.2, 1/2 + 1/2", "it")
[]
>>> [leak.code for leak in leaks("Anna : jouer 5 5, puis ligne 0, colonne 2", "fr")]
['jouer 5 5', 'ligne 0']
>>> [leak.kind for leak in leaks("section « Svolgimento della partita »", "fr")]
['section name in another language']
>>> leaks("Svolgimento della partita", "it")
[]
>>> [leak.kind for leak in leaks("Tocca a te: the turn passes (The Game)", "it")]
['en word on a page in it', 'en word on a page in it']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from solver.games import GAMES
from solver.nambarz.cards import FIGURE_NAMES
from solver.nambarz.deck import Deck
from solver.thegame.rules import Pile

RULEBOOK_LANGUAGE = "it"
"""The language of the rulebooks whose sections are cited by name (The Game, Quando, Nmbrs!)."""

PATTERNS: dict[str, re.Pattern[str]] = {
    "seat id": re.compile(r"(?<![\w-])P\d{1,2}(?![\w-])|\b(?:seat|Platz|posto|siège|sedile) \d+\b"),
    "placement on a pile": re.compile(r"\b\d{1,3}\s*>\s*[a-z]+\d\b"),
    # a grid position in notation, or a row or column counted from 0 in words (the grid numbers them from 1)
    "grid position": re.compile(
        r"\b\d+@\d+,\d+\b|\b(?:from|da|ab|de) \d+,\d+\b|\b(?:row|column|riga|colonna|Zeile|Spalte|ligne|colonne) 0\b"
    ),
    "card sides": re.compile(r"(?<![\w/])\d{1,2}/\d{1,2}(?![\w/])(?=[^\d]*(?:$|\s))"),
    "action notation": re.compile(
        r"\b(?:lay|insert|swap) (?:row|col|\d)|\bplay \d|\b(?:take|flip) (?:left|right|\d)"
        r"|\b(?:jouer|giocare|spielen) \d+(?: \d+)+"
    ),
    "HTTP status": re.compile(r"\bHTTP\s+\d{3}\b|\b(?:status|Status|stato|statut)\s+(?:HTTP\s+)?\d{3}\b"),
    "hyphen for a minus": re.compile(r"(?<=[\w)])\s+-\s+(?=[\d(])|(?<![\w\-–—])-(?=\d)"),
}
"""Shapes of notation no person should read, by what they are.

``card sides`` (Quando's ``9/0``) is looked for on Quando's pages only: a
fraction such as ``1/2`` is a number a Nambarz page may show.
"""

FOREIGN_WORDS = {
    "en": ("the", "and", "with", "your", "you", "this", "from", "cards", "turn", "legal", "illegal", "draws"),
    "it": ("della", "delle", "degli", "mucchietto", "mucchietti", "partita", "turno", "regola", "giocatore"),
}
"""Common words of English and Italian that no page in another language uses: one of them there is a leak."""

NAMES_OF_GAMES = ("The Game",)
"""Names that keep their English words in every language."""

GAME_PATTERNS = {"card sides": "quando"}
"""Patterns that are codes only on one game's pages, with that game."""


@dataclass(frozen=True)
class Leak:
    """A code found in a page's text: the code, what kind of code it is, and the words around it."""

    code: str
    kind: str
    context: str


@cache
def project_codes() -> dict[str, str]:
    """Each code of the project's tables, with what kind of code it is.

    >>> codes = project_codes()
    >>> codes["not-minimal"], codes["recombine-all-cards"], codes["Jnumber"], codes["asc1"]
    ('violation code', 'ruling id', 'joker code', 'pile id')
    """
    codes: dict[str, str] = {}
    for game in GAMES:
        codes.update((code.value, "violation code") for code in game.codes)
        codes.update((ruling, "ruling id") for ruling in game.rulings)
    codes.update((str(card), "joker code") for card in Deck.default().faces() if card.is_joker)
    codes.update((pile.value, "pile id") for pile in Pile)
    return codes


@cache
def foreign_section_names() -> tuple[str, ...]:
    """The rulebook sections cited by name (in the rulebooks' language), longest first."""
    names = {
        code.reference.rule
        for game in GAMES
        for code in game.codes
        if any(letter.isalpha() and letter not in "IVXLC" for letter in code.reference.rule)
    }
    return tuple(sorted(names, key=len, reverse=True))


@cache
def _kinds_by_folded_code() -> dict[str, str]:
    return {code.casefold(): kind for code, kind in project_codes().items()}


@cache
def _code_pattern() -> re.Pattern[str]:
    codes = sorted(project_codes(), key=len, reverse=True)
    words = "|".join(re.escape(code) for code in codes)
    names = {name for names in FIGURE_NAMES.values() for name in names.values()}
    figures = "|".join(sorted(map(re.escape, names), key=len, reverse=True))
    # In any letter case: a sentence may capitalise a code it begins with ("Asc1 is named twice").
    return re.compile(rf"(?<![\w-])(?:(?P<code>{words})|(?P<card>\d+(?:{figures})))(?![\w-])", re.IGNORECASE)


def leaks(text: str, lang: str, game: str | None = None, *, meant: Sequence[str] = ()) -> list[Leak]:
    """Every code in ``text``, a page's visible text in ``lang`` (of ``game``'s pages, if it is one game's), in order.

    ``meant`` are texts the page is there to show that may look like a code
    by chance, such as a class's code (:func:`class_code_forms`): they are
    left out.

    >>> [leak.code for leak in leaks("Carta in cima: 3/0", "it", game="quando")]
    ['3/0']
    >>> leaks("Class code: P55 CRF", "en", meant=class_code_forms("P55CRF"))
    []
    """
    for shown in meant:
        text = text.replace(shown, " ")
    found: list[tuple[int, Leak]] = []
    for match in _code_pattern().finditer(text):
        code = match.group(0)
        kind = _kinds_by_folded_code()[code.casefold()] if match.group("code") else "card code"
        found.append((match.start(), Leak(code, kind, _around(text, match.start(), match.end()))))
    for kind, pattern in PATTERNS.items():
        if GAME_PATTERNS.get(kind, game) != game:
            continue
        for match in pattern.finditer(text):
            found.append((match.start(), Leak(match.group(0), kind, _around(text, match.start(), match.end()))))
    if lang != RULEBOOK_LANGUAGE:
        for name in foreign_section_names():
            for match in re.finditer(re.escape(name), text):
                leak = Leak(name, "section name in another language", _around(text, match.start(), match.end()))
                found.append((match.start(), leak))
    found.extend(_foreign_words(text, lang))
    return [leak for _, leak in sorted(found, key=lambda entry: entry[0])]


def class_code_forms(code: str) -> tuple[str, str]:
    """A class's code as the pages show it: whole, and in two groups of three to read out.

    >>> class_code_forms("P55CRF")
    ('P55CRF', 'P55 CRF')
    """
    return code, f"{code[:3]} {code[3:]}"


def _foreign_words(text: str, lang: str) -> list[tuple[int, Leak]]:
    """The English or Italian words of :data:`FOREIGN_WORDS` in a page in another language."""
    for name in (*NAMES_OF_GAMES, *foreign_section_names()):  # a section name is a leak of its own
        text = text.replace(name, " " * len(name))
    found = []
    for language, words in FOREIGN_WORDS.items():
        if language == lang:
            continue
        pattern = re.compile(rf"(?<![\w-])(?:{'|'.join(words)})(?![\w-])", re.IGNORECASE)
        for match in pattern.finditer(text):
            kind = f"{language} word on a page in {lang}"
            found.append((match.start(), Leak(match.group(0), kind, _around(text, match.start(), match.end()))))
    return found


def _around(text: str, start: int, end: int, margin: int = 40) -> str:
    return " ".join(text[max(0, start - margin) : end + margin].split())


def described(found: Iterable[Leak]) -> str:
    """The leaks as lines a failing test prints: the code, its kind and its context."""
    return "\n".join(f"  {leak.code!r} ({leak.kind}): …{leak.context}…" for leak in found)
