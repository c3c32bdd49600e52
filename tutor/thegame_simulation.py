"""A self-play run of The Game in words, in English, Italian, German or French, for people reading a terminal.

The sentences come from the ``thegame`` gettext catalog (see :mod:`tutor.i18n`);
numbers and the bots' names stay as the report writes them.

>>> from solver.thegame.simulate import simulate
>>> print(explain_simulation(simulate(players=4, games=5, seed=3, bot="naive")))  # doctest: +ELLIPSIS
The naive bot played 5 games of The Game for 4 players (standard game).
  Won 0 (0.0%; 95% confidence interval 0.0% to 43.4%).
  Excellent, fewer than 10 cards left: 1 (20.0%).
  Cards left: 20.4 on average; most often 7 left in 1, 11 left in 1, 24 left in 1, 26 left in 1, 34 left in 1.
  Speed: ... games per second.
"""

from __future__ import annotations

import gettext

from solver.thegame.rules import Variant
from solver.thegame.simulate import SimulationReport
from tutor.i18n import DEFAULT_LANGUAGE, translator
from tutor.thegame import DOMAIN

MOST_COMMON_SHOWN = 5
"""How many of the most frequent numbers of cards left the summary names."""


def explain_simulation(report: SimulationReport, lang: str = DEFAULT_LANGUAGE) -> str:
    """The win rate with its confidence interval, excellent games, cards left and speed of a run, in ``lang``.

    >>> from solver.thegame.simulate import simulate
    >>> text = explain_simulation(simulate(players=1, games=2, seed=1, on_fire=True, bot="naive"))
    >>> text.splitlines()[0]
    'The naive bot played 2 games of The Game solo (standard game, On Fire).'
    >>> text = explain_simulation(simulate(players=2, games=1, seed=1, variant=Variant.PRO, bot="naive"), "it")
    >>> text.splitlines()[0]
    'Il bot naive ha giocato 1 partita di The Game in 2 giocatori (versione pro).'
    """
    translations = translator(lang, DOMAIN)
    _, ngettext = translations.gettext, translations.ngettext
    low, high = report.win_rate_ci95
    fields = {
        "bot": report.bot,
        "games": report.games,
        "players": report.players,
        "settings": _settings(report, translations),
        "wins": report.wins,
        "rate": f"{report.win_rate:.1%}",
        "low": f"{low:.1%}",
        "high": f"{high:.1%}",
        "excellent": report.excellent,
        "excellent_rate": f"{report.excellent_rate:.1%}",
        "lost_to_fire": report.lost_to_fire,
        "mean": f"{report.mean_left:.1f}",
        "speed": f"{report.games_per_second:.1f}",
    }
    if report.players == 1:
        played = ngettext(
            "The %(bot)s bot played %(games)d game of The Game solo (%(settings)s).",
            "The %(bot)s bot played %(games)d games of The Game solo (%(settings)s).",
            report.games,
        )
    else:
        played = ngettext(
            "The %(bot)s bot played %(games)d game of The Game for %(players)d players (%(settings)s).",
            "The %(bot)s bot played %(games)d games of The Game for %(players)d players (%(settings)s).",
            report.games,
        )
    lines = [
        played % fields,
        "  " + _("Won %(wins)d (%(rate)s; 95%% confidence interval %(low)s to %(high)s).") % fields,
        "  " + _("Excellent, fewer than 10 cards left: %(excellent)d (%(excellent_rate)s).") % fields,
    ]
    if report.on_fire:
        lines.append("  " + _("Lost to a fire card left uncovered: %(lost_to_fire)d.") % fields)
    common = sorted(report.cards_left.items(), key=lambda item: (-item[1], item[0]))[:MOST_COMMON_SHOWN]
    # TRANSLATORS: one item of a list: in "7 left in 3", 3 games ended with 7 cards left.
    left_in = _("%(left)d left in %(count)d")
    listed = ", ".join(left_in % {"left": left, "count": count} for left, count in common)
    lines.append("  " + _("Cards left: %(mean)s on average; most often %(listed)s.") % {**fields, "listed": listed})
    lines.append("  " + _("Speed: %(speed)s games per second.") % fields)
    return "\n".join(lines)


def _settings(report: SimulationReport, translations: gettext.NullTranslations) -> str:
    _ = translations.gettext
    pro = report.variant is Variant.PRO
    if report.on_fire:
        # TRANSLATORS: "On Fire" is the name of an expansion of The Game.
        return _("pro version, On Fire") if pro else _("standard game, On Fire")
    return _("pro version") if pro else _("standard game")
