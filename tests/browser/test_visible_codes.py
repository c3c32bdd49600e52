"""No code reaches a person: every page, a whole game of each game and a scoresheet for the real cards, walked in
Chromium in the four languages.

The games played with gestures (Nmbrs!, Quando) make their plays by tapping,
as a person does (:mod:`tests.browser.gestures`).
What a person can read is what the browser renders — the text on screen
(``innerText``: a collapsed "details" block's content is not read), the
page's title, and the names a screen reader says (``aria-label``, ``title``,
``alt`` and ``placeholder`` of the elements on screen, the text in fields
other than an address to copy and what the person typed, shown back unchanged
beside its refusal).
:mod:`tests.browser.visible_codes` lists every code of the project's tables;
none of them may appear there.  Codes stay in ``data-*`` attributes, hidden
fields and buttons' values, where machines read them.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.companion import TIE_BREAK, TIED_GAME, enter_round, open_scoresheet
from tests.browser.conftest import ACTION_TIMEOUT_MS, SIZES, Browse
from tests.browser.gestures import GESTURES
from tests.browser.visible_codes import Leak, class_code_forms, described, leaks
from tests.web.practising import served_item, wrong_answer

LANGUAGES = {"it": "phone", "de": "desktop", "en": "phone", "fr": "desktop"}
"""The four languages, each walked at one screen size (what a page says does not depend on its width)."""

WHOLE_GAMES = {"nambarz": ("it", "de"), "thegame": ("en", "fr"), "quando": ("fr", "it"), "nmbrs": ("de", "en")}
"""The languages each game is played through in: two each, one on a phone and one on a desktop, and every language
in two games (a whole game takes long; that every sentence is translated, the catalogues' own tests check)."""

PAGES = {
    "home": ("/", None),
    "start a game": ("/play", None),
    "open a scoresheet for the real cards": ("/companion?players=5", "nambarz"),
    "start a Quando game, its bots described": ("/play?game=quando", "quando"),
    "start an Nmbrs! game, its bots described": ("/play?game=nmbrs", "nmbrs"),
    "check": ("/nambarz/check", "nambarz"),
    "check a play with several faults": ("/nambarz/check?top=3bee&play=6+%2B+5+%2B+2+-+10", "nambarz"),
    "check a figure calculation": ("/nambarz/check?top=3bee&play=8bee+-+5turtle", "nambarz"),
    "check a joker after a joker": ("/nambarz/check?top=3bee&turn=Jboth+Jnumber+4+%3B+1+%2B+2", "nambarz"),
    "check a turn with a replay": ("/nambarz/check?top=3bee&turn=Jreplay+%3B+7owl+%3B+Jnumber+3+%2B+4", "nambarz"),
    "check a turn with a played card": ("/nambarz/check?top=Jnumber&turn=9hen+-+6", "nambarz"),
    "check an unknown card": ("/nambarz/check?top=3zz&play=1", "nambarz"),
    "check a play that is not written right": ("/nambarz/check?top=3bee&play=Jboth+4+%2B+5", "nambarz"),
    "check a replay joker alone": ("/nambarz/check?top=3bee&play=replay+joker", "nambarz"),
    "hints": ("/solve?top=3bee&hand=10+4+2+7+9+Jreplay+Jboth+8hen", "nambarz"),
    "practice": ("/practice?level=3&seed=5", "nambarz"),
    "practice a referee's exercise": ("/practice?level=5&seed=2", "nambarz"),
    "practice that adapts": ("/practice", "nambarz"),
    "join a class": ("/join?code=ABC234", "nambarz"),
    "open a class": ("/classes/new", "nambarz"),
    "worksheet": ("/worksheet?level=4&count=12&seed=3&kinds=cover&kinds=missing&kinds=referee", "nambarz"),
    "worksheet with a wrong level": ("/worksheet?level=9", "nambarz"),
    "The Game's check": ("/thegame/check", "thegame"),
    "The Game's check of a turn": (
        "/thegame/check?asc1=47&asc2=1&desc1=65&desc2=100&hand=37+75+12&draw_pile=50&play=37%3Easc1+12%3Easc1+75%3Edesc1",
        "thegame",
    ),
    "The Game's check of a card that is no number": (
        "/thegame/check?asc1=47&asc2=1&desc1=65&desc2=100&hand=37+75+12&draw_pile=50&card=3.5&pile=asc1",
        "thegame",
    ),
    "The Game's check of a fire card named twice": (
        "/thegame/check?asc1=47&asc2=1&desc1=65&desc2=100&hand=37+75+12&draw_pile=50&on_fire=1"
        "&fire_due=asc1&fire_due=asc1&play=37%3Easc1",
        "thegame",
    ),
    "Quando's check": ("/quando/check", "quando"),
    "Quando's check of a play": ("/quando/check?hand=3+4+5+9+0+0+7&plays_made=1&play=3+5", "quando"),
    "Quando's check of a knock": ("/quando/check?hand=3+4+5+9+0+0+7&plays_made=0&knock=true", "quando"),
    "Nmbrs!'s check": ("/nmbrs/check", "nmbrs"),
    "Nmbrs!'s check of a sequence": ("/nmbrs/check?sequence=10+J+30+45&rules=basic", "nmbrs"),
    "how to play Nambarz": ("/nambarz/how-to-play", "nambarz"),
    "how to play The Game": ("/thegame/how-to-play", "thegame"),
    "how to play Quando": ("/quando/how-to-play", "quando"),
    "how to play Nmbrs!": ("/nmbrs/how-to-play", "nmbrs"),
    "a page that does not exist": ("/no-such-page", None),
}
"""Each page a person opens by its address, with the game it belongs to (``None``: every game's)."""

GAMES = {
    "nambarz": {"players": "2", "seed": "5"},
    "thegame": {"players": "2", "seed": "5"},
    "quando": {"players": "2", "seed": "5", "options-target": "5"},
    "nmbrs": {"players": "2", "seed": "5"},
}
"""How each game is started for the walk: one person (Anna) and bots, small enough to end soon (The Game with a bot,
whose pile requests the table shows)."""

LINKS = {"a[data-log]": "the log", "a[data-review]": "the review"}
"""The pages a finished game's table links to, by the link's selector."""

MAX_MOVES = 600
"""More of one person's moves than any walked game takes."""

READABLE_TEXT = """() => {
  const shown = element => element.checkVisibility({visibilityProperty: true});
  const texts = [document.title, document.body.innerText];
  for (const element of document.body.querySelectorAll("[aria-label], [title], [alt], [placeholder]")) {
    if (!shown(element)) continue;
    for (const name of ["aria-label", "title", "alt", "placeholder"]) {
      if (element.hasAttribute(name)) texts.push(element.getAttribute(name));
    }
  }
  // What the person typed, shown back as typed beside its refusal, is their own text, not the page's words.
  const typed = new Set([...new URLSearchParams(location.search).values()].map(value => value.trim()));
  for (const field of document.body.querySelectorAll("input:not([type=hidden]), textarea")) {
    // a link to copy is an address, whose secret token may hold anything
    const address = /^https?:[/][/]/.test(field.value);
    const own = typed.has(field.value.trim());
    if (shown(field) && !["checkbox", "radio"].includes(field.type) && !address && !own) texts.push(field.value);
  }
  return texts.join("\\n");
}"""
"""A script returning what a person can read on the page, or hear from a screen reader."""


def readable_leaks(page: Any, lang: str, game: str | None, meant: tuple[str, ...] = ()) -> list[Leak]:
    """The codes a person can read on ``page``, but for the texts it is ``meant`` to show."""
    return leaks(page.evaluate(READABLE_TEXT), lang, game, meant=meant)


class Walk:
    """The codes met along a walk, by the page (and step) they were met on."""

    def __init__(self, page: Any, lang: str, game: str | None) -> None:
        self.page, self.lang, self.game = page, lang, game
        self.found: dict[str, list[Leak]] = {}
        self.meant: tuple[str, ...] = ()  # texts the pages are there to show, such as a class's code

    def read(self, where: str) -> None:
        found = readable_leaks(self.page, self.lang, self.game, self.meant)
        if found and where not in self.found:
            self.found[where] = found

    def report(self) -> str:
        return "\n".join(f"{where}:\n{described(found)}" for where, found in self.found.items())


@pytest.mark.parametrize(("lang", "size"), LANGUAGES.items())
def test_no_page_shows_a_code(browse: Browse, lang: str, size: str) -> None:
    walk = Walk(browse.page, lang, None)
    for name, (address, game) in PAGES.items():
        walk.game = game
        separator = "&" if "?" in address else "?"
        browse.page.goto(f"{browse.server_url}{address}{separator}lang={lang}")
        walk.read(name)
        if name.startswith("practice"):
            answer_and_ask_for_a_hint(browse.page)
            walk.read(f"{name}, answered and hinted")
        if name == "worksheet":
            browse.page.emulate_media(media="print")
            walk.read("worksheet, printed")
            browse.page.emulate_media(media="screen")
    assert not walk.found, f"codes a person can read ({lang}):\n{walk.report()}"


@pytest.mark.parametrize(("lang", "size"), LANGUAGES.items())
def test_a_scoresheet_kept_to_its_tie_break_shows_no_code(browse: Browse, lang: str, size: str) -> None:
    page = browse.page
    walk = Walk(page, lang, "nambarz")
    open_scoresheet(page, browse.server_url, lang)
    walk.read("a new scoresheet")
    page.locator("details.stroke-player summary").first.click()
    walk.read("a new scoresheet, master strokes open")
    for number, (order, strokes) in enumerate(TIED_GAME, start=1):
        enter_round(page, order, strokes)
        walk.read(f"the scoresheet after round {number}")
    enter_round(page, TIE_BREAK)
    walk.read("the final results")
    page.goto(f"{browse.server_url}/companion/no-such-scoresheet?lang={lang}")
    walk.read("a scoresheet that does not exist")
    assert not walk.found, f"codes a person can read ({lang}):\n{walk.report()}"


@pytest.mark.parametrize(("lang", "size"), LANGUAGES.items())
def test_a_class_its_pupil_and_its_deletion_show_no_code(browse: Browse, browser: Any, lang: str, size: str) -> None:
    teacher = browse.page
    walk = Walk(teacher, lang, "nambarz")
    teacher.goto(f"{browse.server_url}/classes/new?lang={lang}")
    with teacher.expect_navigation():
        teacher.locator("form.class-form button[type=submit]").click()
    walk.read("the form that opens a class, refused")
    teacher.fill("#name", "4B")
    with teacher.expect_navigation():
        teacher.locator("form.class-form button[type=submit]").click()
    code = teacher.locator(".class-code").get_attribute("data-code")
    walk.meant = class_code_forms(code or "")
    walk.read("a new class's page")
    phone = browser.new_context(viewport=SIZES["phone"], locale="en-GB")
    phone.set_default_timeout(ACTION_TIMEOUT_MS)
    try:
        pupil = phone.new_page()
        pupil_walk = Walk(pupil, lang, "nambarz")
        pupil_walk.meant = walk.meant
        pupil.goto(f"{browse.server_url}/join?lang={lang}")
        pupil.fill("#code", "ZZZZZZ")
        pupil.fill("#nickname", "Sam")
        with pupil.expect_navigation():
            pupil.locator("form.join-form button[type=submit]").click()
        pupil_walk.read("joining with a wrong code")
        pupil.fill("#code", code or "")
        with pupil.expect_navigation():
            pupil.locator("form.join-form button[type=submit]").click()
        pupil_walk.read("a pupil's practice in a class")
        for _ in range(3):
            answer_wrongly(pupil)
            pupil_walk.read("a pupil's wrong answer in a class")
            with pupil.expect_navigation():
                pupil.goto(f"{browse.server_url}/practice?lang={lang}")
        walk.found.update(pupil_walk.found)
    finally:
        phone.close()
    teacher.reload()
    walk.read("the class's page with a pupil's answers")
    with teacher.expect_navigation():
        teacher.locator(".class-delete a.button").click()
    walk.read("deleting the class: the confirmation")
    with teacher.expect_navigation():
        teacher.locator("form button.danger").click()
    walk.read("the class deleted")
    assert not walk.found, f"codes a person can read ({lang}):\n{walk.report()}"


def answer_wrongly(page: Any) -> None:
    """Answer the practice exercise on ``page`` wrongly, as a pupil does, and wait for the judgement."""
    item = served_item(page.content())
    text = wrong_answer(item)
    with page.expect_navigation():
        if page.locator("#answer").count():
            page.fill("#answer", text)
            page.locator("form.practice-answer button[type=submit]").click()
        else:
            page.locator(f'form.practice-answer button[name="answer"][value="{text}"]').click()


def answer_and_ask_for_a_hint(page: Any) -> None:
    """Answer the practice exercise wrongly, then ask for a hint."""
    answer = page.locator("#answer")
    if answer.count():
        answer.fill("1 + 1")
        with page.expect_navigation():
            page.locator("form.practice-answer button[type=submit]").click()
    hint = page.locator("#next-hint")
    if hint.count():
        with page.expect_navigation():
            hint.click()


@pytest.mark.parametrize(
    ("game", "lang", "size"), [(game, lang, LANGUAGES[lang]) for game, langs in WHOLE_GAMES.items() for lang in langs]
)
def test_a_whole_game_shows_no_code(browse: Browse, game: str, lang: str, size: str) -> None:
    page = start(browse, game, lang)
    walk = Walk(page, lang, game)
    walk.read("the seats' links")
    page.locator("a[data-join]").first.click()
    if game == "thegame":
        ask_about_a_pile(page)
        walk.read("the table, after a request about a pile")
    told = 0
    for move in range(MAX_MOVES):
        table = page.locator(".play-table")
        table.wait_for()
        walk.read(f"the table, before move {move + 1}")  # its story strip of the bots' turns too
        told = max(told, page.locator(".story-lines li").count())
        if table.get_attribute("data-over") == "true":
            break
        if table.get_attribute("data-your-turn") != "true":
            page.reload()
            continue
        button = first_move(page, game)
        walk.read(f"the table, move {move + 1} chosen")
        with page.expect_navigation():
            button.click()
    else:
        pytest.fail(f"the game did not end within {MAX_MOVES} moves")
    assert told, "the walk met the story strip telling turns"
    page.locator("#results").wait_for()
    walk.read("the results screen")
    addresses = {where: page.locator(link).first.get_attribute("href") for link, where in LINKS.items()}
    for where, address in addresses.items():
        page.goto(browse.server_url + address)
        walk.read(where)
    assert not walk.found, f"codes a person can read ({game}, {lang}):\n{walk.report()}"


def start(browse: Browse, game: str, lang: str) -> Any:
    """Start ``game`` for Anna and bots from the start page in ``lang``; the page of the seats' links."""
    page = browse.open(f"/play?lang={lang}&game={game}&players={GAMES[game]['players']}")
    page.fill("#name0", "Anna")
    for field, value in GAMES[game].items():
        if field.startswith("options-"):
            page.fill(f"#{field}", value)
    page.locator("details.more-options summary").click()
    page.fill("#seed", GAMES[game]["seed"])
    with page.expect_navigation():
        page.locator("form.play-setup button.primary").click()
    page.locator(".seat-links").wait_for()
    return page


def ask_about_a_pile(page: Any) -> None:
    """The Game: ask the others not to play on the first pile, with the pile's first button."""
    with page.expect_navigation():
        page.locator(".wish-piles form.wish-move button").first.click()


def first_move(page: Any, game: str) -> Any:
    """The button that makes the first move the table offers: a listed play (made by tapping, in a game played with
    gestures: Nmbrs!' cards onto the grid, Quando's cards of the hand), else a word (pass, draw, end…)."""
    listed = page.locator("form.listed-moves button[data-action]")
    if listed.count():
        tapped = GESTURES[game](page, listed.first.get_attribute("data-action")) if game in GESTURES else None
        if tapped is not None:
            return tapped
        details = page.locator("details.legal-moves")
        if details.count() and not details.first.get_attribute("open"):
            details.first.locator("summary").click()
        return listed.first
    return page.locator("form.word-moves button").first
