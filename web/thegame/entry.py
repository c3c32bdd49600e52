"""The Game's pages: its check page, its "How to play" page and the look of its table."""

from __future__ import annotations

from web.entry import GamePages
from web.thegame import check
from web.thegame.howto import HOW_TO_PLAY
from web.thegame.table import LABELS, TABLE

ENTRY = GamePages(name="thegame", check_page=check.check_page, table=TABLE, labels=LABELS, how_to_play=HOW_TO_PLAY)
"""The Game's pages."""
