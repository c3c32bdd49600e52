"""Quando's pages: its check page, its "How to play" page and the look of its table."""

from __future__ import annotations

from web.entry import GamePages
from web.quando import check
from web.quando.howto import HOW_TO_PLAY
from web.quando.table import LABELS, TABLE

ENTRY = GamePages(name="quando", check_page=check.check_page, table=TABLE, labels=LABELS, how_to_play=HOW_TO_PLAY)
"""Quando's pages."""
