"""A self-play run of The Game in plain English, for people reading a terminal.

>>> from solver.thegame.simulate import simulate
>>> print(explain_simulation(simulate(players=4, games=5, seed=3, bot="naive")))  # doctest: +ELLIPSIS
The naive bot played 5 games of The Game for 4 players (standard game).
  Won 0 (0.0%; 95% confidence interval 0.0% to 43.4%).
  Excellent, fewer than 10 cards left: 1 (20.0%).
  Cards left: 20.4 on average; most often 7 left in 1, 11 left in 1, 24 left in 1, 26 left in 1, 34 left in 1.
  Speed: ... games per second.
"""

from __future__ import annotations

from solver.thegame.rules import Variant
from solver.thegame.simulate import SimulationReport

MOST_COMMON_SHOWN = 5
"""How many of the most frequent numbers of cards left the summary names."""


def explain_simulation(report: SimulationReport) -> str:
    """The win rate with its confidence interval, excellent games, cards left and speed of a run.

    >>> from solver.thegame.simulate import simulate
    >>> text = explain_simulation(simulate(players=1, games=2, seed=1, on_fire=True, bot="naive"))
    >>> text.splitlines()[0]
    'The naive bot played 2 games of The Game solo (standard game, On Fire).'
    """
    who = "solo" if report.players == 1 else f"for {report.players} players"
    settings = "pro version" if report.variant is Variant.PRO else "standard game"
    if report.on_fire:
        settings += ", On Fire"
    low, high = report.win_rate_ci95
    plural = "game" if report.games == 1 else "games"
    lines = [
        f"The {report.bot} bot played {report.games} {plural} of The Game {who} ({settings}).",
        f"  Won {report.wins} ({report.win_rate:.1%}; 95% confidence interval {low:.1%} to {high:.1%}).",
        f"  Excellent, fewer than 10 cards left: {report.excellent} ({report.excellent_rate:.1%}).",
    ]
    if report.on_fire:
        lines.append(f"  Lost to a fire card left uncovered: {report.lost_to_fire}.")
    common = sorted(report.cards_left.items(), key=lambda item: (-item[1], item[0]))[:MOST_COMMON_SHOWN]
    listed = ", ".join(f"{left} left in {count}" for left, count in common)
    lines.append(f"  Cards left: {report.mean_left:.1f} on average; most often {listed}.")
    lines.append(f"  Speed: {report.games_per_second:.1f} games per second.")
    return "\n".join(lines)
