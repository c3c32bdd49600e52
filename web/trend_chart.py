"""A class's trend drawn on the server as an SVG picture: its level in each skill, day by day, with words for it.

Practice aims every pupil at the same share of right answers, so that share
stays flat however much a class learns; what grows is the level.  Each
skill the class practises is a line at the class's level in it (from 1 to
5: the mean of its pupils' levels, over those who have practised it), from
the first day it has one, to a mark on its last; each line has its own
colour and dashes, and the page names them beside the picture
(:func:`chart_skills`).  Thin bars along
the bottom show how many answers came each day.  The picture is drawn with
the page's classes (``classes.css`` colours it) and no inline style, so the
pages' Content-Security-Policy holds; it names itself and says, week by
week, what it shows (its ``title`` and ``desc``), and :func:`trend_weeks`
gives the same figures for a list beside it.

>>> from datetime import date
>>> from services.practice.service import Day
>>> days = [
...     Day(date(2026, 11, 2), 4, 3, {"add-subtract": 1.5}),
...     Day(date(2026, 11, 3), 0, 0, {"add-subtract": 1.5}),
...     Day(date(2026, 11, 4), 10, 5, {"add-subtract": 2.4, "multiply": 1.0}),
... ]
>>> picture = trend_chart(days, "en", "The class's levels")
>>> picture.startswith("<svg"), picture.count('class="activity"'), picture.count("skill-line")
(True, 2, 2)
>>> [skill["name"] for skill in chart_skills(days, "en")]
['Plus and minus', 'Multiplication']
>>> [week["words"] for week in trend_weeks(days, "en")]
['2 Nov – 4 Nov: 14 answers. At the end: Plus and minus level 2.4, Multiplication level 1.0']
"""

from __future__ import annotations

from collections.abc import Sequence
from gettext import NullTranslations
from typing import Any

from babel.dates import format_date
from babel.numbers import format_decimal
from markupsafe import Markup, escape

from services.practice.service import Day
from tutor.adaptive import skill_name
from tutor.i18n import translator
from tutor.item_bank import SKILLS

WIDTH, HEIGHT = 360, 180
"""The picture's size in its own units (it is scaled to the page's width)."""

LEFT, RIGHT, TOP, BOTTOM = 30, 6, 8, 22
"""The margins around the plot: the levels' numbers on the left, the dates below."""

LEVELS = (1, 2, 3, 4, 5)
"""The levels the plot's height spans, from the bottom."""

ACTIVITY_SHARE = 0.2
"""How much of the plot's height the busiest day's bar of answers takes."""

WEEK = 7
"""Days per week: the dates below the plot, and the figures in words, go by weeks."""


def trend_chart(days: Sequence[Day], lang: str, title: str) -> Markup:
    """``days`` as an SVG picture titled ``title``, its labels and description in ``lang``."""
    plot_width, plot_height = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    step = plot_width / max(len(days), 1)

    def level_y(level: float) -> float:
        return TOP + plot_height * (LEVELS[-1] - level) / (LEVELS[-1] - LEVELS[0])

    parts = [
        f'<svg class="trend" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        'aria-labelledby="trend-title trend-desc" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="trend-title">{escape(title)}</title>',
        f'<desc id="trend-desc">{escape(" ".join(week["words"] + "." for week in trend_weeks(days, lang)))}</desc>',
    ]
    for level in LEVELS:
        y = level_y(level)
        parts.append(f'<line class="grid" x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}"/>')
        parts.append(f'<text class="axis" x="{LEFT - 8}" y="{y + 4:.1f}" text-anchor="end">{level}</text>')
    busiest = max((day.answers for day in days), default=0)
    for index, day in enumerate(days):
        x = LEFT + index * step
        if day.answers:
            height = max(plot_height * ACTIVITY_SHARE * day.answers / busiest, 1.0)
            parts.append(
                f'<rect class="activity" x="{x + step * 0.2:.1f}" y="{TOP + plot_height - height:.1f}" '
                f'width="{step * 0.6:.1f}" height="{height:.1f}"/>'
            )
        if index % WEEK == 0:
            label = escape(format_date(day.day, "d MMM", locale=lang))
            parts.append(f'<text class="axis" x="{x:.1f}" y="{HEIGHT - 6}">{label}</text>')
    for skill in chart_skills(days, lang):
        points = [
            f"{LEFT + (index + 0.5) * step:.1f},{level_y(day.levels[skill['skill']]):.1f}"
            for index, day in enumerate(days)
            if skill["skill"] in day.levels
        ]
        parts.append(f'<polyline class="skill-line skill-{skill["index"]}" points="{" ".join(points)}"/>')
        end_x, end_y = points[-1].split(",")  # the line's last day, marked: a line of one day is this mark alone
        parts.append(f'<circle class="skill-end skill-{skill["index"]}" cx="{end_x}" cy="{end_y}" r="3.5"/>')
    parts.append("</svg>")
    return Markup("".join(parts))


def chart_skills(days: Sequence[Day], lang: str) -> list[dict[str, Any]]:
    """The skills the chart draws a line for, in the order of the skills: each one's id, name in ``lang``, and the
    number of its line's colour and dashes (``skill-line skill-N``), for the names beside the picture."""
    drawn = {skill for day in days for skill in day.levels}
    return [
        {"skill": skill, "name": skill_name(skill, lang), "index": index}
        for index, skill in enumerate(SKILLS)
        if skill in drawn
    ]


def trend_weeks(days: Sequence[Day], lang: str) -> list[dict[str, Any]]:
    """``days`` week by week (from the first): the first and last day, answers, right answers, and a sentence with
    the levels at the week's end."""
    t = translator(lang, "web")
    weeks = []
    for start in range(0, len(days), WEEK):
        week = days[start : start + WEEK]
        answers = sum(day.answers for day in week)
        right = sum(day.right for day in week)
        first, last = (format_date(day.day, "d MMM", locale=lang) for day in (week[0], week[-1]))
        # TRANSLATORS: first and last are days such as "2 Nov".
        words = t.ngettext("%(first)s – %(last)s: %(num)d answer", "%(first)s – %(last)s: %(num)d answers", answers) % {
            "first": first,
            "last": last,
            "num": answers,
        }
        ending = week[-1]
        if ending.levels:
            each = [
                _skill_level(t, skill["name"], ending.levels[skill["skill"]], lang)
                for skill in chart_skills([ending], lang)
            ]
            # TRANSLATORS: levels is a list such as "Plus and minus level 2.5, Multiplication level 1.0".
            words += ". " + t.gettext("At the end: %(levels)s") % {"levels": ", ".join(each)}
        weeks.append({"first": first, "last": last, "answers": answers, "right": right, "words": words})
    return weeks


def _skill_level(t: NullTranslations, name: str, level: float, lang: str) -> str:
    # TRANSLATORS: skill is a skill's name such as "Multiplication"; level a number such as 2.5.
    return t.gettext("%(skill)s level %(level)s") % {"skill": name, "level": format_decimal(level, "0.0", locale=lang)}
