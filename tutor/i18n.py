"""Translations of the tutor's wording, read from the gettext catalogs in ``tutor/locale``.

English is the source language: its sentences are the catalog ids, so it
needs no catalog.  Italian, German and French come from
``tutor/locale/<lang>/LC_MESSAGES/<domain>.po``, one gettext domain per game
(:data:`DOMAINS`), so that each game's wording is translated on its own.
The ``.po`` files are the committed form; building the package compiles each
into a ``.mo`` file beside it (``build_catalogs.py``), which the standard
:mod:`gettext` module reads the first time it is asked for and keeps for the
life of the process.  A ``.mo`` that is missing, or older than its ``.po`` (a
catalog edited since the last build), is refused with
:class:`CatalogNotCompiledError` rather than read stale.

>>> translator("it").gettext("A master stroke is possible.")
'È possibile un colpo da maestro.'
>>> negotiate("fr-CH, fr;q=0.9, en;q=0.8")
'fr'
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path

from solver.errors import NambarzError

SUPPORTED_LANGUAGES = ("en", "it", "de", "fr")
"""The languages the tutor speaks, as two-letter ISO 639-1 codes."""

DEFAULT_LANGUAGE = "en"
"""The language of the catalog ids, used when no language is asked for."""

DOMAIN = "tutor"
"""The gettext domain of Nambarz and of what all games share: ``<lang>/LC_MESSAGES/tutor.po``."""

DOMAINS = (DOMAIN, "thegame", "quando", "nmbrs", "web")
"""Every gettext domain: Nambarz's (:data:`DOMAIN`), one per sibling game, and the web pages'."""

LOCALE_DIRECTORY = Path(__file__).with_name("locale")


class LanguageError(NambarzError):
    """A language the tutor has no catalog for."""

    code = "unsupported-language"


class CatalogNotCompiledError(RuntimeError):
    """A translation catalog whose compiled ``.mo`` file is missing or older than its ``.po`` source.

    This is a fault of the installation, not of a request: the catalogs are
    compiled when the package is built, and again by ``pip install -e .`` in a
    working copy.
    """


def translator(lang: str, domain: str = DOMAIN) -> gettext.NullTranslations:
    """The translations of ``domain`` (one of :data:`DOMAINS`) into ``lang``, one of :data:`SUPPORTED_LANGUAGES`.

    English returns the catalog ids unchanged; any other language not in
    :data:`SUPPORTED_LANGUAGES` is refused.  A sibling game's translations
    fall back to the ``tutor`` domain's, which holds the sentences all
    games share.

    >>> translator("de").ngettext("%(count)d card in your hand matches %(top)s.",
    ...                           "%(count)d cards in your hand match %(top)s.", 2) % {"count": 2, "top": "3bee"}
    '2 Karten in deiner Hand passen zu 3bee.'
    >>> translator("en").gettext("A master stroke is possible.")
    'A master stroke is possible.'
    >>> translator("es")
    Traceback (most recent call last):
    ...
    tutor.i18n.LanguageError: language 'es' is not supported; expected one of en, it, de, fr
    """
    if not isinstance(lang, str) or lang not in SUPPORTED_LANGUAGES:
        raise LanguageError(f"language {lang!r} is not supported; expected one of {', '.join(SUPPORTED_LANGUAGES)}")
    if domain not in DOMAINS:
        raise ValueError(f"unknown translation domain {domain!r}; expected one of {', '.join(DOMAINS)}")
    return _load(lang, domain)


@cache
def _load(lang: str, domain: str) -> gettext.NullTranslations:
    if lang == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    _check_compiled(LOCALE_DIRECTORY / lang / "LC_MESSAGES" / f"{domain}.mo")
    translations = gettext.translation(domain, LOCALE_DIRECTORY, languages=[lang])
    if domain != DOMAIN:
        # The sentences every game shares (such as a ruling's line) are kept once, in the tutor domain.
        translations.add_fallback(_load(lang, DOMAIN))
    return translations


def _check_compiled(compiled: Path) -> None:
    """Refuse a compiled catalog that is missing, or older than its ``.po`` where that is present.

    An installed wheel carries only the ``.mo`` files; a working copy has the
    ``.po`` beside each, and a catalog edited or checked out since the last
    build would otherwise be read out of date without a word.
    """
    source = compiled.with_suffix(".po")
    if not compiled.is_file():
        problem = "is missing"
    elif source.is_file() and compiled.stat().st_mtime < source.stat().st_mtime:
        problem = f"is older than {source.name}"
    else:
        return
    raise CatalogNotCompiledError(
        f"the compiled translation catalog {compiled} {problem}; catalogs are compiled when the package is built: "
        "in a working copy run `pip install -e .` again, otherwise reinstall the package (see tutor/locale/README.md)"
    )


def negotiate(accept_language: str | None) -> str:
    """The supported language an HTTP ``Accept-Language`` header prefers most, English by default.

    Entries are ranked by their ``q`` weight (1 when absent; ties keep the
    header's order); a region (``de-AT``) counts as its language, ``q=0``
    excludes a language, and a malformed entry is skipped rather than refused,
    since a header is a preference, not a request.

    >>> negotiate("de-AT,de;q=0.9,it;q=0.8")
    'de'
    >>> negotiate("es, it;q=0.5, fr;q=0.7")
    'fr'
    >>> negotiate("it;q=0, *")
    'en'
    >>> negotiate(None), negotiate(""), negotiate("it;q=banana")
    ('en', 'en', 'en')
    """
    ranked: list[tuple[float, int, str]] = []
    for order, entry in enumerate((accept_language or "").split(",")):
        tag, _, parameters = entry.partition(";")
        weight = _weight(parameters)
        language = tag.strip().split("-")[0].lower()
        if weight is not None and weight > 0 and language in SUPPORTED_LANGUAGES:
            ranked.append((-weight, order, language))
    return min(ranked)[2] if ranked else DEFAULT_LANGUAGE


def _weight(parameters: str) -> float | None:
    """The ``q`` weight of an ``Accept-Language`` entry's parameters, ``None`` if malformed."""
    name, _, value = parameters.partition("=")
    if not name.strip():
        return 1.0
    if name.strip().lower() != "q":
        return None
    try:
        weight = float(value.strip())
    except ValueError:
        return None
    return weight if 0 <= weight <= 1 else None
