"""A round's score as a small table, for people reading a terminal.

>>> from solver.scoring import score_round
>>> print(explain_round_score(score_round(["A", "B", "C", "D"], ["C", "A", "D"], master={"A": 7})))
Round score, 4 players:
  rank  player  rank points  master points  total
     1  C                40              0     40
     2  A                32              7     39
     3  D                25              0     25
     4  B                19              0     19
  Still holding cards: B.
"""

from __future__ import annotations

from solver.scoring import RoundScore
from tutor.explain import describe_ruling
from tutor.i18n import DEFAULT_LANGUAGE, translator
from tutor.text import aligned_table


def explain_round_score(score: RoundScore, lang: str = DEFAULT_LANGUAGE) -> str:
    """The ranking with each player's points, the team totals (best first), and the rulings applied, in ``lang``.

    >>> from solver.scoring import score_round
    >>> score = score_round(["A", "B", "C", "D"], ["C", "D"], teams=[["A", "B"], ["C", "D"]])
    >>> print(explain_round_score(score).split("Teams:")[1])  # doctest: +ELLIPSIS
    <BLANKLINE>
      team  total
      C+D      72
      A+B      44
    Ruling round-ends-at-first-condition (project decision): ...
    >>> print(explain_round_score(score_round(["A", "B", "C"], ["B", "A"]), lang="de"))
    Rundenwertung, 3 Spieler:
      Platz  Spieler  Platzpunkte  Meisterpunkte  Summe
          1  B                 40              0     40
          2  A                 32              0     32
          3  C                 25              0     25
      Hat noch Karten: C.
    """
    translations = translator(lang)
    _, ngettext = translations.gettext, translations.ngettext
    count = len(score.players)
    lines = [ngettext("Round score, %(count)d player:", "Round score, %(count)d players:", count) % {"count": count}]
    # TRANSLATORS: the column headings of a round's score table, one row per player.
    headings = (_("rank"), _("player"), _("rank points"), _("master points"), _("total"))
    rows = [headings]
    rows += [
        (
            str(place),
            player,
            str(score.rank_points[player]),
            str(score.master_points[player]),
            str(score.points[player]),
        )
        for place, player in enumerate(score.ranking, start=1)
    ]
    lines += aligned_table(rows, numeric=(0, 2, 3, 4))
    still_in = [player for player in score.ranking if player not in score.finished]
    lines.append(
        "  "
        + ngettext("Still holding cards: %(players)s.", "Still holding cards: %(players)s.", len(still_in))
        % {"players": ", ".join(still_in)}
    )
    if score.team_points is not None:
        lines.append(_("Teams:"))
        best_first = sorted(score.team_points.items(), key=lambda item: -item[1])
        # TRANSLATORS: the column headings of the team totals: the team's members, then its points.
        team_rows = [(_("team"), _("total")), *((label, str(points)) for label, points in best_first)]
        lines += aligned_table(team_rows, numeric=(1,))
    lines += [describe_ruling(ruling_id, lang) for ruling_id in score.rulings]
    return "\n".join(lines)
