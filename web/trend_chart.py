"""A class's trend drawn on the server as an SVG picture: the share of right answers on each day, with words for it.

Each day with answers is a bar as tall as its share of right answers; a day
without is a dot on the base line.  Lines mark 0, 50 and 100 %, and a dashed
line the share the class aims at.  The picture is drawn with the page's
classes (``classes.css`` colours it) and no inline style, so the pages'
Content-Security-Policy holds; it names itself and says, week by week, what
it shows (its ``title`` and ``desc``), and :func:`trend_weeks` gives the same
figures for a table beside it.

>>> from datetime import date
>>> from services.practice.service import Day
>>> days = [Day(date(2026, 11, day), answers, right) for day, answers, right in [(2, 4, 3), (3, 0, 0), (4, 10, 5)]]
>>> picture = trend_chart(days, "en", "Right answers each day", target=0.75)
>>> picture.startswith("<svg"), picture.count('class="bar"'), picture.count('class="no-answers"')
(True, 2, 1)
>>> [week["words"] for week in trend_weeks(days, "en")]
['2 Nov – 4 Nov: 14 answers, 57% right']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from babel.dates import format_date
from babel.numbers import format_percent
from markupsafe import Markup, escape

from services.practice.service import Day
from tutor.i18n import translator

WIDTH, HEIGHT = 360, 170
"""The picture's size in its own units (it is scaled to the page's width)."""

LEFT, RIGHT, TOP, BOTTOM = 48, 6, 8, 22
"""The margins around the plot: the shares' labels on the left, the dates below."""

WEEK = 7
"""Days per week: the dates below the plot, and the figures in words, go by weeks."""


def trend_chart(days: Sequence[Day], lang: str, title: str, *, target: float | None = None) -> Markup:
    """``days`` as an SVG picture titled ``title``, its labels and description in ``lang``."""
    plot_width, plot_height = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    step = plot_width / max(len(days), 1)
    parts = [
        f'<svg class="trend" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        'aria-labelledby="trend-title trend-desc" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="trend-title">{escape(title)}</title>',
        f'<desc id="trend-desc">{escape(" ".join(week["words"] + "." for week in trend_weeks(days, lang)))}</desc>',
    ]
    for share in (0.0, 0.5, 1.0):
        y = TOP + plot_height * (1 - share)
        parts.append(f'<line class="grid" x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}"/>')
        label = escape(format_percent(share, locale=lang))
        parts.append(f'<text class="axis" x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{label}</text>')
    if target is not None:
        y = TOP + plot_height * (1 - target)
        parts.append(f'<line class="target" x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}"/>')
    for index, day in enumerate(days):
        x = LEFT + index * step
        if day.answers:
            height = plot_height * day.right / day.answers
            parts.append(
                f'<rect class="bar" x="{x + step * 0.15:.1f}" y="{TOP + plot_height - height:.1f}" '
                f'width="{step * 0.7:.1f}" height="{max(height, 1.0):.1f}"/>'
            )
        else:
            parts.append(f'<circle class="no-answers" cx="{x + step / 2:.1f}" cy="{TOP + plot_height:.1f}" r="2"/>')
        if index % WEEK == 0:
            label = escape(format_date(day.day, "d MMM", locale=lang))
            parts.append(f'<text class="axis" x="{x:.1f}" y="{HEIGHT - 6}">{label}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


def trend_weeks(days: Sequence[Day], lang: str) -> list[dict[str, Any]]:
    """``days`` week by week (from the first): the first and last day, answers, right answers, and a sentence."""
    t = translator(lang, "web")
    weeks = []
    for start in range(0, len(days), WEEK):
        week = days[start : start + WEEK]
        answers = sum(day.answers for day in week)
        right = sum(day.right for day in week)
        first, last = (format_date(day.day, "d MMM", locale=lang) for day in (week[0], week[-1]))
        if answers:
            # TRANSLATORS: first and last are days such as "2 Nov"; share is a percentage such as "75 %".
            words = t.ngettext(
                "%(first)s – %(last)s: %(num)d answer, %(share)s right",
                "%(first)s – %(last)s: %(num)d answers, %(share)s right",
                answers,
            ) % {"first": first, "last": last, "num": answers, "share": format_percent(right / answers, locale=lang)}
        else:
            words = t.gettext("%(first)s – %(last)s: no answers") % {"first": first, "last": last}
        weeks.append({"first": first, "last": last, "answers": answers, "right": right, "words": words})
    return weeks
