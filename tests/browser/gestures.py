"""How a person plays a move of Nmbrs! or Quando at the table with the game's own gestures, in a real browser.

A table lists its legal moves with their notation in ``data-action``; these
helpers make the same move as a person does, by tapping: Nmbrs!' cards of
the hand, then their places on the grid (or a joker on the table), then
"Lay these cards"; Quando's cards of the hand, then "Play the chosen cards".
Each returns the button that sends the move once the taps are made, or
``None`` for a move the gestures do not make (an insertion in Nmbrs!).
"""

from __future__ import annotations

from typing import Any

from solver.nmbrs.plays import Play, PlayKind
from solver.quando.state import Action, ActionKind


def tap_nmbrs_play(page: Any, action: str) -> Any | None:
    """Tap the cards and places of an Nmbrs! lay or joker replacement; the "Lay these cards" button."""
    play = Play.parse(action)
    if play.kind is PlayKind.INSERT:
        return None
    form = page.locator("form.nmbrs-lay")
    target = "label.table-joker" if play.kind is PlayKind.SWAP else "label.place"
    places = [form.locator(f'{target}[data-cell="{placement.cell}"]') for placement in play.placements]
    if not all(place.count() for place in places):
        return None
    for placement in play.placements:
        card = "J" if placement.term.card.is_joker else str(placement.term.card)
        form.locator(f'.hand-choice label.card-option[data-card="{card}"]:not(:has(input:checked))').first.click()
    for place in places:
        place.click()
    return form.locator('button[name="lay"]')


def tap_quando_play(page: Any, action: str) -> Any | None:
    """Tap the cards of a Quando play in the hand; the "Play the chosen cards" button."""
    move = Action.parse(action)
    if move.kind is not ActionKind.PLAY:
        return None
    form = page.locator("form.fronts-move")
    for number in move.numbers:
        form.locator(f'label.card-option:has(input[value="{number}"]:not(:checked))').first.click()
    return form.locator('button[name="lay"]')


GESTURES = {"nmbrs": tap_nmbrs_play, "quando": tap_quando_play}
"""The games whose plays are made by tapping, and how."""
