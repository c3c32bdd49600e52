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

from solver.rulings import RULINGS
from solver.scoring import RoundScore
from tutor.text import aligned_table


def explain_round_score(score: RoundScore) -> str:
    """The ranking with each player's points, the team totals (best first), and the rulings applied.

    >>> from solver.scoring import score_round
    >>> score = score_round(["A", "B", "C", "D"], ["C", "D"], teams=[["A", "B"], ["C", "D"]])
    >>> print(explain_round_score(score).split("Teams:")[1])  # doctest: +ELLIPSIS
    <BLANKLINE>
      team  total
      C+D      72
      A+B      44
    Ruling round-ends-at-first-condition (project decision): ...
    """
    lines = [f"Round score, {len(score.players)} players:"]
    rows = [("rank", "player", "rank points", "master points", "total")]
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
    lines.append(f"  Still holding cards: {', '.join(still_in)}.")
    if score.team_points is not None:
        lines.append("Teams:")
        best_first = sorted(score.team_points.items(), key=lambda item: -item[1])
        lines += aligned_table(
            [("team", "total"), *((label, str(points)) for label, points in best_first)], numeric=(1,)
        )
    for ruling_id in score.rulings:
        ruling = RULINGS[ruling_id]
        lines.append(f"Ruling {ruling_id} ({ruling.source}): {ruling.summary}.")
    return "\n".join(lines)
