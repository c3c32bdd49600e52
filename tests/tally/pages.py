"""Tally's pages: its check page and the look of its table, with templates kept beside this module."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from flask import render_template, request

from services.answers import ANSWERS
from tests.tally import rules, words
from web.entry import GamePages, Labels, TableLook


def check_page() -> str:
    """The check page: a total and a step, and the referee's verdict in words."""
    total, action = request.args.get("total", ""), request.args.get("action", "")
    answer = None
    if total.isdigit() and action:
        answer = ANSWERS.find(rules.NAME).answer("check")(int(total), action)
    return render_template("tally/check.html", total=total, action=action, answer=answer)


def table_context(view: Mapping[str, Any], names: Sequence[str], lang: str) -> dict[str, Any]:
    """What Tally's part of the table shows: the total and the target."""
    return {"total": view["table"]["total"], "target": view["table"]["target"]}


def table_hint(state: rules.State, seat: int, level: int, lang: str) -> list[str]:
    """The tutor's hint for the seat to move."""
    return [words.explain_hint(state.total, lang)]


def review_facts(details: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """What a reviewed turn shows of the seat's position: nothing, since Tally's seats hold no cards."""
    return {"hand": [], "top": None, "tops": [], "draw_visible": None}


PAGES = GamePages(
    name=rules.NAME,
    check_page=check_page,
    table=TableLook(
        template="play/_tally.html",
        context=table_context,
        review_facts=review_facts,
        hint_levels=(1,),
        hint=table_hint,
    ),
    labels=Labels(variants={"standard": "Standard"}, bots={"perfect": "Bot: perfect", "random": "Bot: random"}),
    templates=Path(__file__).parent / "templates",
)
"""Tally's pages, as the pages' registry holds them."""
