"""Save screenshots of every page of the web tutor and of each game's table, at a phone size and a desktop size.

It starts ``nambarz serve`` on a free loopback port, opens each page of
:data:`SHOTS` in Debian's headless Chromium (through Playwright, from the
test extra) and writes ``<name>-<size>.png`` into ``docs/screenshots``: what
the screen shows once the page has loaded (a verdict scrolls itself into
view).  A table is reached as a person reaches it: the start page starts a
game for Anna and bots, Anna opens her seat and makes a few moves.  Each page
is shown in one of the four languages, in turn, as ``docs/pages.md`` lists
them::

    .venv/bin/python tools/screenshots.py            # every page
    .venv/bin/python tools/screenshots.py check      # only the pages named
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from services.practice.judging import key_answer, wrong_answer
from services.rate_limits import RATE_LIMITS_OFF
from tutor.item_bank import bank, exercise

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-sync"]
OUTPUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
SIZES = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}


@dataclass(frozen=True)
class Shot:
    """One screenshot: the page's address, or the game whose table (or log, review, links) it shows."""

    address: str = ""
    game: str = ""
    at: str = "table"
    """For a game: ``table`` (after a few moves), ``links`` (the seats' links), ``log``, ``review`` or ``results``
    (the table once the game is over); for ``companion`` (a scoresheet of a game with the real cards), the
    scoresheet after three rounds; for ``practice``, ``exercise`` (the next exercise after the answers) or
    ``summary`` (the page of the last answer)."""
    scroll_to: str = ""
    """A CSS selector of the part the screenshot shows, when it is further down."""
    seed: int = 5
    """For a game: the seed of its deal."""
    moves: tuple[str, ...] = ()
    """For a game: Anna's moves, in the game's notation, each made as a person makes it (an Nmbrs! lay tapped onto
    the grid, a Quando play tapped in the hand, a word by its button); none: her first offered moves."""
    planned: str = ""
    """For a game: a play tapped after the moves but not sent, for the shot to show it chosen."""
    until: str = ""
    """For a game: a CSS selector; Anna makes her first offered moves until the table shows it."""
    ask: bool = False
    """The Game: after the moves Anna ends her turns until the bot has asked something about a pile, then asks the
    others not to play on the first pile herself (the pile's first button)."""
    answers: tuple[bool, ...] = ()
    """For ``practice`` (practice that adapts, from ``address``): the pupil's answers before the shot, right or wrong;
    for ``class`` (a class opened from ``address``), each of :data:`PUPILS`' answers before the teacher's page."""


SHOTS = {
    "home": Shot("/?lang=en"),
    "start": Shot("/play?lang=it"),
    "start-bots": Shot("/play?game=quando&lang=de", scroll_to=".bot-descriptions"),
    "links": Shot("/play?lang=de", game="nambarz", at="links"),
    "play-nambarz": Shot("/play?lang=it", game="nambarz"),
    "play-thegame": Shot("/play?lang=de", game="thegame", seed=3, ask=True, scroll_to=".game-table"),
    "play-quando": Shot("/play?lang=fr", game="quando", until="#knock-note", scroll_to="#knock-note"),
    "play-nmbrs": Shot(
        "/play?lang=en",
        game="nmbrs",
        seed=8,
        moves=("take", "lay 2@0,0 6@0,1 10@0,2"),
        planned="lay 14@0,3",
        scroll_to="#grid-hint",
    ),
    "log": Shot("/play?lang=fr", game="nambarz", at="log"),
    "review": Shot("/play?lang=en", game="nambarz", at="review", scroll_to=".review-turn"),
    "results": Shot("/play?lang=it", game="nambarz", at="results"),
    "check": Shot("/nambarz/check?top=3bee&play=6+%2B+5+%2B+2+-+10&lang=it"),
    "referee": Shot("/nambarz/check?top=3bee&turn=Jboth+Jnumber+4+%3B+1+%2B+2&lang=en"),
    "hints": Shot("/solve?top=3bee&hand=10+4+2+7+9&lang=de"),
    "practice": Shot("/practice?level=2&seed=3&lang=fr"),
    "practice-adaptive": Shot(
        "/practice?lang=en", game="practice", at="exercise", answers=(True,) * 7, scroll_to=".practice-progress"
    ),
    "practice-summary": Shot("/practice?lang=it", game="practice", at="summary", answers=(True, False, *(True,) * 8)),
    "join": Shot("/join?code=K7RM4P&lang=de"),
    "class": Shot("/classes/new?lang=fr", game="class", answers=(True, True, False, True), scroll_to=".class-week"),
    "worksheet": Shot("/worksheet?level=2&count=12&seed=7&kinds=cover&lang=it", scroll_to=".sheet"),
    "thegame": Shot(
        "/thegame/check?asc1=47&asc2=1&desc1=65&desc2=100&hand=37+75+12&draw_pile=50&play=37%3Easc1+75%3Edesc1&lang=en"
    ),
    "quando": Shot("/quando/check?hand=3+4+5+9+0+0+7&plays_made=1&play=3+4+5&lang=de"),
    "nmbrs": Shot("/nmbrs/check?sequence=10+J+30+40&rules=basic&lang=fr"),
    "howto-nambarz": Shot("/nambarz/how-to-play?lang=it"),
    "howto-nambarz-examples": Shot("/nambarz/how-to-play?lang=en", scroll_to="#calculation"),
    "howto-thegame": Shot("/thegame/how-to-play?lang=de", scroll_to="#backwards"),
    "howto-quando": Shot("/quando/how-to-play?lang=fr", scroll_to="#plays"),
    "howto-nmbrs": Shot("/nmbrs/how-to-play?lang=en", scroll_to="#crossing"),
    "not-found": Shot("/no-such-page?lang=it"),
    "companion": Shot("/companion?lang=fr&players=3", game="companion"),
}
"""Each screenshot's name and what it shows."""

MOVES_BEFORE_THE_SHOT = 3
"""How many of Anna's moves a table's screenshot comes after."""

MOVES_UNTIL = 40
"""The most of Anna's moves a screenshot waits for what it shows (:attr:`Shot.until`)."""

MOVES_TO_THE_END = 1000
"""More of Anna's moves than a game takes to its end, for the results' screenshot."""

TURNS_FOR_A_REQUEST = 6
"""The most turns of Anna's The Game's screenshot waits for the bot to ask something about a pile."""


def start_server() -> tuple[subprocess.Popen[bytes], str]:
    """A ``nambarz serve`` process on a free port, and its address, once it answers."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "api", "serve", "--port", str(port)]
    # A game played to its end for the results' shot makes more moves a minute than a person's rate allows.
    environment = {**os.environ, "NAMBARZ_RATE_LIMIT": RATE_LIMITS_OFF}
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment)
    url = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            urllib.request.urlopen(f"{url}/api/v1/health", timeout=5).close()
            return server, url
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("nambarz serve did not start")


def open_game(page: Any, url: str, shot: Shot) -> None:
    """Start ``shot.game`` for Anna and a bot, open her seat and go where the shot is taken."""
    page.goto(f"{url}{shot.address}&game={shot.game}&players={4 if shot.game == 'nambarz' else 2}")
    page.fill("#name0", "Anna")
    page.locator("details.more-options summary").click()
    page.fill("#seed", str(shot.seed))
    with page.expect_navigation():
        page.locator("form.play-setup button.primary").click()
    if shot.at == "links":
        return
    page.locator("a[data-join]").first.click()
    page.locator(".play-table").wait_for()
    for move in shot.moves:
        with page.expect_navigation():
            tap(page, move).click()
    if shot.at == "results":
        moves = MOVES_TO_THE_END
    else:
        moves = MOVES_UNTIL if shot.until else 0 if shot.moves else MOVES_BEFORE_THE_SHOT
    for _ in range(moves):
        if page.locator(".play-table").get_attribute("data-over") == "true" or (
            shot.until and page.locator(shot.until).count()
        ):
            break
        if page.locator(".play-table").get_attribute("data-your-turn") != "true":
            if shot.at != "results":
                break
            page.reload()
            continue
        listed = page.locator("form.listed-moves button[data-action]")
        if shot.until and listed.count():
            button = tap(page, listed.first.get_attribute("data-action"))
        else:
            button = listed.first if listed.count() else page.locator("form.word-moves button").first
        if not button.is_visible():
            page.locator("details.legal-moves summary").click()
        with page.expect_navigation():
            button.click()
    for _ in range(TURNS_FOR_A_REQUEST if shot.ask else 0):
        if page.locator(".pile-wishes li").count():
            break
        end = page.locator("form.word-moves button[value='end']")
        while not end.count():
            page.locator("details.legal-moves summary").click()
            with page.expect_navigation():
                page.locator("form.listed-moves button[data-action]").first.click()
        with page.expect_navigation():
            end.click()
    wish = page.locator(".wish-piles form.wish-move button")
    if shot.ask and wish.count():
        with page.expect_navigation():
            wish.first.click()
    if shot.planned:
        tap(page, shot.planned)
    if shot.at in ("log", "review"):
        page.goto(url + page.locator(f"a[data-{shot.at}]").first.get_attribute("href"))


def tap(page: Any, move: str) -> Any:
    """Tap ``move``'s cards as Anna does: an Nmbrs! lay (its cards in the hand, then their places on the grid) or a
    Quando play (its cards in the hand); the button that sends it, or a word move's own button."""
    kind, *rest = move.split()
    if kind == "lay":
        placed = [placement.partition("@")[::2] for placement in rest]
        for card, _ in placed:
            page.locator(f'.hand-choice label[data-card="{card}"]').first.click()
        for _, cell in placed:
            page.locator(f'label.place[data-cell="{cell}"]').click()
        return page.locator('form.nmbrs-lay button[name="lay"]')
    if kind == "play":
        for number in rest:
            page.locator(f'form.fronts-move label.card-option:has(input[value="{number}"]:not(:checked))').first.click()
        return page.locator('form.fronts-move button[name="lay"]')
    return page.locator(f'form.word-moves button[value="{move}"]')


COMPANION_ROUNDS = ((("Anna", "Ben"), ()), (("Ben", "Carla"), ()), (("Carla", "Anna"), ("strokes2-4",)))
"""The rounds a scoresheet's screenshot comes after: who went out, in order, and the master strokes counted (three
players, a four-card master stroke for Carla): Anna and Ben tie, so the tie-break round is announced."""


def open_companion(page: Any, url: str, shot: Shot) -> None:
    """Open a scoresheet for Anna, Ben and Carla, three rounds, and enter :data:`COMPANION_ROUNDS`."""
    page.goto(url + shot.address)
    for number, name in enumerate(("Anna", "Ben", "Carla")):
        page.fill(f"#name{number}", name)
    page.select_option("#rounds", "3")
    with page.expect_navigation():
        page.locator("form.companion-setup button.primary").click()
    for order, strokes in COMPANION_ROUNDS:
        for place, name in enumerate(order, start=1):
            page.select_option(f"#place{place}", name)
        for field in strokes:
            page.locator(f"details.stroke-player:has(#{field}) summary").click()
            page.locator(f'button[data-target="{field}"][data-step="1"]').click()
        with page.expect_navigation():
            page.locator("button.save-round").click()


PUPILS = ("Sam", "Ada", "Leo")
"""The pupils who join a class's screenshot, each on a phone of their own."""


def answer_exercise(page: Any, correct: bool) -> None:
    """Answer the exercise practice serves on ``page`` as a pupil does, right or wrong, and wait for the judgement."""
    drawn = exercise(bank()[page.locator('input[name="item"]').first.get_attribute("value")])
    text = key_answer(drawn) if correct else wrong_answer(drawn)
    with page.expect_navigation():
        if drawn.kind == "cover":
            page.fill("#answer", text)
            page.locator("form.practice-answer button[type=submit]").click()
        else:
            page.locator(f'form.practice-answer button[name="answer"][value="{text}"]').click()


def practise(page: Any, address: str, answers: tuple[bool, ...]) -> None:
    """Open practice that adapts at ``address`` and give ``answers``, one exercise after another."""
    for number, correct in enumerate(answers):
        if number == 0 or page.locator("#verdict").count():
            page.goto(address)
        answer_exercise(page, correct)


def open_practice(page: Any, url: str, shot: Shot) -> None:
    """Practise as :attr:`Shot.answers` says; then, for ``exercise``, open the next exercise (``summary``: stay)."""
    practise(page, url + shot.address, shot.answers)
    if shot.at == "exercise":
        page.goto(url + shot.address)


def open_class(page: Any, url: str, shot: Shot) -> None:
    """Open a class, have :data:`PUPILS` join it on phones and practise, then show its teacher's page."""
    page.goto(url + shot.address)
    page.fill("#name", "4B")
    with page.expect_navigation():
        page.locator("form.class-form button.primary").click()
    teacher = page.url.replace("&new=1", "")
    join = page.locator("#join-address").input_value()
    for number, nickname in enumerate(PUPILS):
        phone = page.context.browser.new_context(viewport=SIZES["phone"])
        pupil = phone.new_page()
        pupil.goto(join)
        pupil.fill("#nickname", nickname)
        with pupil.expect_navigation():
            pupil.locator("form.join-form button.primary").click()
        practise(pupil, pupil.url, shot.answers[number:] + shot.answers[:number])
        phone.close()
    page.goto(teacher)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", choices=[[], *SHOTS], metavar="NAME", help=f"among {', '.join(SHOTS)}")
    names = parser.parse_args().names or list(SHOTS)
    OUTPUT.mkdir(parents=True, exist_ok=True)
    server, url = start_server()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            for name in names:
                shot = SHOTS[name]
                for size, viewport in SIZES.items():
                    context = browser.new_context(viewport=viewport)
                    page = context.new_page()
                    if shot.game == "companion":
                        open_companion(page, url, shot)
                    elif shot.game == "practice":
                        open_practice(page, url, shot)
                    elif shot.game == "class":
                        open_class(page, url, shot)
                    elif shot.game:
                        open_game(page, url, shot)
                    else:
                        page.goto(url + shot.address)
                    if shot.scroll_to:
                        page.locator(shot.scroll_to).first.evaluate("element => element.scrollIntoView()")
                    path = OUTPUT / f"{name}-{size}.png"
                    page.screenshot(path=str(path))
                    context.close()
                    print(path.relative_to(OUTPUT.parent.parent))
            browser.close()
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
