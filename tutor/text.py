"""Small text layouts the explanations of every game share."""

from __future__ import annotations

from collections.abc import Sequence


def aligned_table(rows: Sequence[Sequence[str]], numeric: tuple[int, ...]) -> list[str]:
    """Rows as indented text lines: the ``numeric`` columns right-aligned, the others left-aligned.

    >>> for line in aligned_table([("player", "points"), ("Ann", "7"), ("Bo", "12")], numeric=(1,)):
    ...     print(line)
      player  points
      Ann          7
      Bo          12
    """
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [
            cell.rjust(width) if column in numeric else cell.ljust(width)
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  " + "  ".join(cells).rstrip())
    return lines
