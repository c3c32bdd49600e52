"""What every game's table of rulings is made of: where the rulebooks are silent, what the project reads.

Each game keeps one table, ``RULINGS`` in its ``rulings`` module, mapping a
ruling's identifier to a :class:`Ruling`.  Every verdict lists the
identifiers it relied on, so that a referee can see which reading of the
rules decided the case.  ``source`` says whether the ruling comes from the
project's rules digest or is a decision of this project where the digest is
silent too; the full wording, with the reasons, is in ``docs/``.

>>> from solver.nambarz.rulings import RULINGS
>>> RULINGS["arithmetic-domain"].source
'rules digest'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Ruling:
    """A ruling's one-line statement and where it comes from."""

    summary: str
    source: str


DIGEST = "rules digest"
PROJECT = "project decision"


def ruling_table(rulings: Mapping[str, Ruling]) -> list[dict[str, str]]:
    """A game's rulings as JSON, in the table's order: ``id``, ``summary`` and ``source``.

    >>> from solver.nambarz.rulings import RULINGS
    >>> ruling_table(RULINGS)[0]["id"], ruling_table(RULINGS)[0]["source"]
    ('arithmetic-domain', 'rules digest')
    """
    return [
        {"id": ruling_id, "summary": ruling.summary, "source": ruling.source} for ruling_id, ruling in rulings.items()
    ]
