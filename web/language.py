"""The language of a page: the ``lang`` parameter, else the browser's ``Accept-Language``, else English.

The templates call ``_``/``gettext``/``ngettext`` (Jinja2's i18n extension,
new-style: ``_("Level %(level)d", level=2)``), which translate from the
``web`` gettext domain into the language of the request being answered.

>>> from flask import Flask
>>> app = Flask(__name__)
>>> with app.test_request_context("/?lang=fr"):
...     choose_language(), page_translations().gettext("Check a play")
('fr', 'Vérifier un coup')
>>> with app.test_request_context("/?lang=xx", headers={"Accept-Language": "de"}):
...     choose_language(), g.language_error
('de', 'Die Sprache „xx“ gibt es nicht; die Seiten sprechen English, Italiano, Deutsch, Français.')
"""

from __future__ import annotations

import gettext
from decimal import Decimal
from fractions import Fraction

from babel.numbers import format_decimal
from flask import g, has_app_context, request
from flask.sansio.app import App

from tutor.i18n import DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, negotiate, translator

DOMAIN = "web"
"""The gettext domain of the pages' own sentences (``tutor/locale/<lang>/LC_MESSAGES/web.po``)."""

LANGUAGE_NAMES = {"it": "Italiano", "de": "Deutsch", "en": "English", "fr": "Français"}
"""Each supported language in its own words, for the language switch."""


def choose_language() -> str:
    """Choose and remember (in ``g.lang``) the language of the page being answered.

    An unsupported ``lang`` is not an error page: the page is shown in the
    browser's language, and ``g.language_error`` says so in that language.
    """
    asked = request.args.get("lang")
    g.language_error = None
    if asked in SUPPORTED_LANGUAGES:
        g.lang = asked
    else:
        g.lang = negotiate(request.headers.get("Accept-Language"))
        if asked is not None:
            sentence = page_translations().gettext(
                "The language “%(asked)s” is not offered; the pages speak %(offered)s."
            )
            offered = ", ".join(LANGUAGE_NAMES[language] for language in SUPPORTED_LANGUAGES)
            g.language_error = sentence % {"asked": asked[:20], "offered": offered}
    return str(g.lang)


def current_language() -> str:
    """The language chosen for this request, English outside a request."""
    return str(g.get("lang", DEFAULT_LANGUAGE)) if has_app_context() else DEFAULT_LANGUAGE


def page_translations() -> gettext.NullTranslations:
    """The ``web`` domain's translations into the current page's language."""
    return translator(current_language(), DOMAIN)


MINUS_SIGN = "\u2212"
"""The typographic minus, which a page writes where a program writes a hyphen."""


def format_number(value: int | float | Fraction | Decimal | str) -> str:
    """A number written for the page's locale: decimal comma in it/de/fr, fractions kept as fractions, a real minus.

    >>> from flask import Flask
    >>> with Flask(__name__).test_request_context("/?lang=it"):
    ...     _ = choose_language()
    ...     format_number(2.5), format_number(12000), format_number("7/2"), format_number(-63)
    ('2,5', '12.000', '7/2', '−63')
    """
    return _written(value).replace("-", MINUS_SIGN)


def _written(value: int | float | Fraction | Decimal | str) -> str:
    if isinstance(value, str):
        text = value
        try:
            value = Decimal(text)
        except ArithmeticError:
            return text  # a fraction such as 7/2 is written the same in every language
    if isinstance(value, Fraction):
        return str(value) if value.denominator != 1 else str(format_decimal(value.numerator, locale=current_language()))
    return str(format_decimal(value, locale=current_language()))


def install(app: App) -> None:
    """Give ``app``'s templates the i18n extension, translating into each request's page language."""
    app.jinja_env.add_extension("jinja2.ext.i18n")
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda message: page_translations().gettext(message),
        ngettext=lambda singular, plural, count: page_translations().ngettext(singular, plural, count),
        newstyle=True,
    )
    app.jinja_env.filters["number"] = format_number
