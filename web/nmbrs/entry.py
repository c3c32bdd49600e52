"""Nmbrs!'s pages: its check page and the look of its table."""

from __future__ import annotations

from web.entry import GamePages
from web.nmbrs import check
from web.nmbrs.table import LABELS, TABLE

ENTRY = GamePages(name="nmbrs", check_page=check.check_page, table=TABLE, labels=LABELS)
"""Nmbrs!'s pages."""
