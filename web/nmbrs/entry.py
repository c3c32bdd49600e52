"""Nmbrs!'s pages: its check page, its "How to play" page and the look of its table."""

from __future__ import annotations

from web.entry import GamePages
from web.nmbrs import check
from web.nmbrs.howto import HOW_TO_PLAY
from web.nmbrs.table import LABELS, TABLE

ENTRY = GamePages(name="nmbrs", check_page=check.check_page, table=TABLE, labels=LABELS, how_to_play=HOW_TO_PLAY)
"""Nmbrs!'s pages."""
