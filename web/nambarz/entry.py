"""Nambarz's pages: checking a play or a turn, hints, worksheets and practice, and the look of its table."""

from __future__ import annotations

from web import adaptive, classes, worksheet
from web.entry import GamePages, Link, Page
from web.nambarz import check
from web.nambarz.howto import HOW_TO_PLAY
from web.nambarz.table import LABELS, TABLE
from web.refusals import N_

ENTRY = GamePages(
    name="nambarz",
    check_page=check.check_page,
    table=TABLE,
    labels=LABELS,
    links=(
        Link(
            "web.nambarz_check",
            N_("Check a play"),
            N_(
                "For players at the table: tap the top card and the cards laid, "
                "and see at once whether the play is legal, and why."
            ),
            nav=N_("Check a play"),
        ),
        Link(
            "web.nambarz_check",
            N_("Referee a dispute"),
            N_(
                "For referees: a whole turn with jokers, one verdict per play, the penalty that applies, "
                "and a ruling to print or send."
            ),
            arguments={"mode": "turn"},
        ),
        Link(
            "web.solve",
            N_("Hints for a position"),
            N_("Three hints, one at a time, then every legal calculation with the cards in your hand."),
            nav=N_("Hints"),
        ),
        Link(
            "web.worksheet",
            N_("Worksheets for teachers"),
            N_("Exercises of five levels with their answer key, ready to print."),
            nav=N_("Worksheets"),
        ),
        Link(
            "web.practice",
            N_("Practice"),
            N_("For pupils: one exercise at a time, chosen for you, answered by tapping cards, with hints."),
            nav=N_("Practice"),
        ),
        Link(
            "web.new_class",
            N_("A class that practises"),
            N_("For teachers: your pupils join with a code and a nickname, and you see how each of them is doing."),
        ),
    ),
    pages=(
        Page("/solve", "solve", check.solve_page),
        Page("/worksheet", "worksheet", worksheet.worksheet_page),
        Page("/practice", "practice", adaptive.practice_entry),
        Page("/practice", "practice_form", adaptive.practice_form, ("POST",)),
        Page("/join", "join", classes.join_page),
        Page("/join", "join_form", classes.join_form, ("POST",)),
        Page("/classes/new", "new_class", classes.new_class_page),
        Page("/classes/new", "new_class_form", classes.new_class_form, ("POST",)),
    ),
    old_check_addresses=("/check",),
    how_to_play=HOW_TO_PLAY,
)
"""Nambarz's pages; its check page was at ``/check`` before every game's was at ``/<game>/check``.  A class's pages
for its teacher, at its secret link, are with the pages of games in play (:data:`web.site.GAME_PAGES`)."""
