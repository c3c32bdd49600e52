"""Keeping a game with the real cards on the scoresheet's pages, as a person does in the browser."""

from __future__ import annotations

from typing import Any

THREE = ("Anna", "Ben", "Carla")
"""The players of the walked games, in seat order."""

TIED_GAME = (
    (("Anna", "Ben"), ()),
    (("Ben", "Carla"), ()),
    (("Carla", "Anna"), ("strokes2-4",)),
)
"""Three rounds of Anna, Ben and Carla that end with Anna and Ben tied on 97 points (Carla 104, with a master
stroke of four cards in the third round): who went out in order, and the master-stroke counters to tap once."""

TIE_BREAK = ("Ben",)
"""The tie-break round: Ben goes out first, so he takes second place and Anna third."""


def open_scoresheet(page: Any, server_url: str, lang: str, names: tuple[str, ...] = THREE) -> None:
    """Open a three-round scoresheet for ``names`` from the form in ``lang``."""
    page.goto(f"{server_url}/companion?lang={lang}&players={len(names)}")
    for number, name in enumerate(names):
        page.fill(f"#name{number}", name)
    page.select_option("#rounds", "3")
    with page.expect_navigation():
        page.locator("form.companion-setup button.primary").click()
    page.locator(".companion-status").wait_for()


def enter_round(page: Any, order: tuple[str, ...], strokes: tuple[str, ...] = ()) -> None:
    """Choose who went out in order, tap + once on each master-stroke counter of ``strokes``, save the round."""
    for place, name in enumerate(order, start=1):
        page.select_option(f"#place{place}", name)
    for field in strokes:
        page.locator(f"details.stroke-player:has(#{field}) summary").click()
        page.locator(f'button[data-target="{field}"][data-step="1"]').click()
    with page.expect_navigation():
        page.locator("button.save-round").click()
    page.locator(".companion-status").wait_for()
