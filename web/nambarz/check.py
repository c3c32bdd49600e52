"""Nambarz's pages: check a play or referee a turn (``/nambarz/check``), and hints for a position (``/solve``).

Both read the same parameters as the API's bodies (``top``, ``play`` or
``turn``, ``hand``, ``rules``, ``ops``), with ``ops`` also accepted one sign
per parameter (``ops=+&ops=-``), as the form's check boxes send it.  The
check page also takes who played (``player``) and who sat at the table
(``players``), which only its printed ruling shows: they stay in the
permalink, which the ruling prints as a QR code.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass
from datetime import date
from typing import Any

import segno
from babel.dates import format_date
from flask import render_template, request
from markupsafe import Markup

from services.configuration import card_limits, nambarz_deck, search_time_limit
from services.rate_limits import rate_limited
from services.schemas.nambarz import CheckRequestSchema, SolveRequestSchema
from solver.errors import NambarzError, NotationError
from solver.nambarz.cards import Card, parse_cards
from solver.nambarz.hand_solver import Solution, solve
from solver.nambarz.hint import HINT_LEVELS, hint
from solver.nambarz.notation import Turn
from solver.nambarz.referee import Verdict, check
from solver.nambarz.rules import Domain, Rules
from solver.nambarz.turn import SkippedPlay, TurnVerdict, check_turn
from solver.nambarz.violations import ViolationCode
from tutor.cards import hand_order
from tutor.i18n import translator
from tutor.nambarz import (
    PlayVerdictWords,
    describe_rules,
    describe_ruling,
    explain_hint,
    mathematical,
    play_verdict_words,
    shown_rulings,
)
from tutor.rendering import card_name, notation_from_words, render_words
from tutor.text import listed
from web.cards import OPERATOR_KEYS, card_key, card_keyboard
from web.forms import load_query
from web.language import current_language
from web.refusals import N_, expected, refusal

DOMAINS = tuple(domain.value for domain in Domain)
"""The arithmetic domains a form offers, as the API names them."""

EXPECTED = {
    "top": N_("Choose the card on top of the pile: a number card such as 3 or 3 bee."),
    "play": N_(
        "Write cards such as 3, 3 bee or the double-change joker with + − × ÷ between them, or tap them on the cards."
    ),
    "turn": N_("Write the plays of the turn with “;” between them, such as 6 + 5 − 8 ; replay joker ; 4."),
    "hand": N_("Write the cards of the hand, such as 1 2 4 7 fish, with spaces or commas between them."),
    "rules": N_("Choose the numbers from the list."),
    "ops": N_("Choose one or more of the operators + − × ÷."),
    "player": N_("Write the name of the player whose play is judged, in at most 40 characters."),
    "players": N_("Write the names of the players at the table, with commas between them, in at most 200 characters."),
}
"""What each field of the Nambarz pages expects, said beside it when it is refused."""

NAME_LENGTHS = {"player": 40, "players": 200}
"""The longest name of the player, and list of the players at the table, that a printed ruling holds."""


@dataclass(frozen=True)
class PlayView:
    """One play of a checked turn as a page shows it: its words, or why it was skipped."""

    number: int
    words: PlayVerdictWords | None
    skipped: str | None
    codes: tuple[str, ...]


def _form_values(*names: str) -> dict[str, str]:
    """The query's values for a form: each name's text, ``ops`` joined from one or several parameters."""
    values = {name: request.args.get(name, "").strip() for name in names}
    if "ops" in names:
        values["ops"] = "".join(request.args.getlist("ops")).replace(" ", "")
    return values


def _in_words(form: dict[str, str], lang: str) -> dict[str, str]:
    """The form's top card, play (or turn) and hand as the page's language writes them; what does not read stays
    as typed.

    >>> _in_words({"top": "Jnumber", "play": "9hen - 3", "turn": "", "hand": "Jreplay 7owl"}, "it")
    {'top': 'jolly cambia-numero', 'laid': '9 gallina − 3', 'hand': 'jolly per rigiocare 7 gufo'}
    >>> _in_words({"top": "3zz", "play": "9 + ", "hand": "7 zz"}, "it")
    {'top': '3zz', 'laid': '9 + ', 'hand': '7 zz'}
    """
    laid, hand = form.get("turn") or form.get("play", ""), form.get("hand", "")
    written = {"top": form.get("top", ""), "laid": laid, "hand": hand}
    with suppress(NambarzError):
        written["top"] = card_name(Card.parse(written["top"]), lang)
    with suppress(NambarzError):
        written["laid"] = render_words(Turn.parse(laid), lang) if laid else ""
    with suppress(NambarzError):
        written["hand"] = " ".join(card_name(Card.parse(card), lang) for card in _hand_cards(hand))
    return written


def _hand_cards(text: str) -> list[str]:
    """The cards of a hand typed in the form, as the API's schema reads them: in notation, one item per card.

    Cards written in words (``8 hen``, ``replay joker``) are read first; text
    that does not read as cards is split at spaces and commas, so the schema
    says which item it refuses.

    >>> _hand_cards("8 gallina, replay joker 4"), _hand_cards("4 zz")
    (['8hen', 'Jreplay', '4'], ['4', 'zz'])
    """
    try:
        return [str(card) for card in parse_cards(notation_from_words(text))]
    except NambarzError:
        return text.replace(",", " ").split()


def _common_context(form: dict[str, str]) -> dict[str, Any]:
    lang = current_language()
    return {
        "form": form,
        "written": _in_words(form, lang),
        "keyboard": card_keyboard(nambarz_deck(), lang),
        "operators": OPERATOR_KEYS,
        "domains": DOMAINS,
        "chosen_ops": form.get("ops") or "+-*/",
    }


@rate_limited
def check_page() -> tuple[str, int]:
    """``/nambarz/check``: the verdict on one play (``play=``) or a whole turn (``turn=``), with every reason."""
    form = _form_values("top", "play", "turn", "rules", "ops", "hand", *NAME_LENGTHS)
    if request.args.get("mode") == "turn" and form["play"] and not form["turn"]:
        form["turn"], form["play"] = form["play"], ""  # the form sent without its script: the field is named play
    context = _common_context(form)
    too_long = {
        field: refusal(None, form[field], expected(EXPECTED)[field])
        for field, longest in NAME_LENGTHS.items()
        if len(form[field]) > longest
    }
    if too_long:
        return render_template("nambarz/check.html", errors=too_long, **context), 422
    if not (form["play"] or form["turn"]):
        status = 422 if form["top"] else 200
        errors = {"play": _("Write the play, or tap it on the cards.")} if form["top"] else {}
        return render_template("nambarz/check.html", errors=errors, **context), status
    request_values = {key: form[key] for key in ("top", "play", "turn", "rules", "ops") if form[key]}
    data, errors = load_query(CheckRequestSchema(limits=card_limits), request_values, expected(EXPECTED))
    if data is None:
        return render_template("nambarz/check.html", errors=errors, **_as_typed(context, form, errors)), 422
    if data["top"].is_joker:
        errors = {"top": refusal(None, context["written"]["top"], expected(EXPECTED)["top"])}
        return render_template("nambarz/check.html", errors=errors, **context), 422
    rules = Rules(data["rules"], data["ops"])
    field = "turn" if "turn" in data else "play"
    try:
        if field == "turn":
            turn_verdict = check_turn(
                data["top"], data["turn"], rules, deck=nambarz_deck(), time_limit=search_time_limit()
            )
            context.update(_turn_context(turn_verdict))
        else:
            verdict = check(data["top"], data["play"], rules, deck=nambarz_deck(), time_limit=search_time_limit())
            context.update(_play_context(verdict))
    except NotationError as error:  # a position in the text: the field stays as typed, where it points
        errors = {field: refusal(error, form[field], expected(EXPECTED)[field])}
        return render_template("nambarz/check.html", errors=errors, **_as_typed(context, form, errors)), 422
    except NambarzError as error:  # the play reads, but cannot be judged: quoted as the field writes it, in words
        errors = {field: refusal(error, context["written"]["laid"], expected(EXPECTED)[field])}
        return render_template("nambarz/check.html", errors=errors, **context), 422
    context.update(_position_context(data["top"], rules))
    context["permalink_qr"] = permalink_qr(request.url, _("The QR code of this ruling's link"))
    context["players_words"] = players_words(form["players"], current_language())
    context["others"] = _other_plays(data["top"], context["laid_cards"], form["hand"], rules)
    return render_template("nambarz/check.html", errors={}, **context), 200


def _as_typed(context: dict[str, Any], form: dict[str, str], errors: dict[str, str]) -> dict[str, Any]:
    """The page's context with the cards laid shown as typed when they are refused, so that the refusal's position
    and quoted text match the field beside it; a field accepted stays in the page's words.

    >>> context = {"written": {"top": "3 Biene", "laid": "Doppelwechsel-Joker 4 + 5", "hand": ""}}
    >>> _as_typed(context, {"play": "Jboth 4 + 5", "turn": ""}, {"play": "Prüfe „4“ an Stelle 7."})["written"]["laid"]
    'Jboth 4 + 5'
    >>> _as_typed(context, {"play": "Jboth 4 + 5", "turn": ""}, {"rules": "…"})["written"]["laid"]
    'Doppelwechsel-Joker 4 + 5'
    """
    refused = [field for field in ("turn", "play") if field in errors and form.get(field)]
    if not refused:
        return context
    return {**context, "written": {**context["written"], "laid": form[refused[0]]}}


def players_words(players: str, lang: str) -> str:
    """The players at the table, typed with commas between them, as one list in ``lang``'s words.

    >>> players_words("Ann,Bob", "fr"), players_words(" Ann , Bea,, Cid ", "de"), players_words("Ann", "it")
    ('Ann et Bob', 'Ann, Bea und Cid', 'Ann')
    """
    return listed([name.strip() for name in players.split(",") if name.strip()], translator(lang, "web"))


def permalink_qr(address: str, title: str) -> Markup:
    """The QR code of ``address`` as an inline SVG picture titled ``title``, drawn by segno, to print on a ruling.

    >>> picture = permalink_qr("https://nambarz.example/nambarz/check?top=3&play=1+%2B+2", "This ruling's link")
    >>> picture.startswith("<svg "), 'class="permalink-qr"' in picture, "<title>This ruling's link</title>" in picture
    (True, True, True)
    """
    code = segno.make(address, error="m", micro=False)
    return Markup(code.svg_inline(svgclass="permalink-qr", lineclass=None, omitsize=True, title=title, border=2))


def _(message: str) -> str:
    # TRANSLATORS: the pages' own sentences; see web/templates for the rest.
    return translator(current_language(), "web").gettext(message)


def _play_context(verdict: Verdict) -> dict[str, Any]:
    words = play_verdict_words(verdict, current_language())
    return {
        "mode": "play",
        "legal": verdict.legal,
        "codes": [violation.code for violation in words.violations],
        "plays": [PlayView(1, words, None, tuple(violation.code for violation in words.violations))],
        "turn_summary": None,
        "rulings": [describe_ruling(ruling, current_language()) for ruling in shown_rulings(verdict.rulings)],
        "ruling_ids": shown_rulings(verdict.rulings),
        "references": _references(verdict.violations),
        "laid_cards": [card for card in verdict.play.cards if not card.is_joker],
        "plays_in_words": [render_words(verdict.play, current_language())],
    }


def _turn_context(verdict: TurnVerdict) -> dict[str, Any]:
    lang = current_language()
    t = translator(lang, "web")
    plays: list[PlayView] = []
    for number, play in enumerate(verdict.plays, start=1):
        if isinstance(play, SkippedPlay):
            # TRANSLATORS: a play written after a penalised play of the same turn, which the penalty ended.
            skipped = t.gettext(
                "%(play)s comes after a penalty, which ended the turn: it is not played and its cards stay in the hand."
            ) % {"play": render_words(play.play, lang)}
            skipped = skipped[:1].upper() + skipped[1:]
            plays.append(PlayView(number, None, skipped, ()))
            continue
        words = play_verdict_words(play, lang)
        plays.append(PlayView(number, words, None, tuple(violation.code for violation in words.violations)))
    if verdict.top_after is None:
        after = t.gettext("A change joker is on top: the next player lays one card of the kind it allows.")
    else:
        after = t.gettext("The next player covers %(card)s.") % {"card": card_name(verdict.top_after, lang)}
    laid = [card for play in verdict.judged for card in play.play.cards if not card.is_joker]
    return {
        "mode": "turn",
        "legal": verdict.legal,
        "codes": [violation.code.value for play in verdict.judged for violation in play.violations],
        "plays": plays,
        "turn_summary": {
            "after": after,
            "master_points": verdict.master_points,
            "penalty_draw": verdict.penalty_draw,
        },
        "rulings": [describe_ruling(ruling, lang) for ruling in shown_rulings(verdict.rulings)],
        "ruling_ids": shown_rulings(verdict.rulings),
        "references": _references([violation for play in verdict.judged for violation in play.violations]),
        "laid_cards": laid,
        "plays_in_words": [render_words(play.play, lang) for play in verdict.plays],
    }


def _references(violations: Any) -> list[dict[str, str]]:
    """Each broken rule once, with its section, its penalty's section and its summary in the page's language."""
    tutor = translator(current_language())
    seen: dict[str, dict[str, str]] = {}
    for violation in violations:
        code: ViolationCode = violation.code
        reference = code.reference
        seen.setdefault(
            code.value,
            {
                "code": code.value,
                "rule": reference.rule,
                "penalty": reference.penalty or "",
                "summary": tutor.gettext(reference.summary),
            },
        )
    return list(seen.values())


def _position_context(top: Card, rules: Rules) -> dict[str, Any]:
    lang = current_language()
    return {
        "top_label": card_name(top, lang),
        "top_card": card_key(top, lang),
        "rules_words": describe_rules(rules, lang),
        "today": format_date(date.today(), format="long", locale=lang),
    }


def _other_plays(top: Card, laid: list[Card], hand_text: str, rules: Rules) -> dict[str, Any] | None:
    """What else the cards laid (and the ``hand``, if given) could have played: the solver's answer."""
    if top.is_joker or not laid:
        return None
    hand = list(laid)
    if hand_text:
        data, errors = load_query(
            SolveRequestSchema(limits=card_limits),
            {"top": str(top), "hand": _hand_cards(hand_text)},
            expected(EXPECTED),
        )
        if data is None:
            return {"error": next(iter(errors.values()))}
        hand = list(data["hand"])
    try:
        solution = solve(top, hand, rules, deck=nambarz_deck(), time_limit=search_time_limit())
    except NambarzError as error:
        return {"error": refusal(error, hand_text, expected(EXPECTED)["hand"])}
    return _solution_context(solution)


def _solution_context(solution: Solution) -> dict[str, Any]:
    lang = current_language()
    return {
        "hand": [card_name(card, lang) for card in solution.hand],
        "hand_notation": " ".join(str(card) for card in solution.hand),
        "matches": [card_name(card, lang) for card in solution.matches],
        "calculations": [
            {
                "cards": len(calculation.cards),
                "shown": mathematical(calculation.example, lang),
                "laid": calculation.expression,
                "last": [card_name(card, lang) for card in calculation.last_cards],
                "master_points": calculation.master_points,
            }
            for calculation in solution.calculations
        ],
    }


@rate_limited
def solve_page() -> tuple[str, int]:
    """``/solve``: three hints for a position, revealed one at a time, then every legal play."""
    form = _form_values("top", "hand", "rules", "ops")
    context = _common_context(form)
    if not (form["top"] or form["hand"]):
        return render_template("nambarz/solve.html", errors={}, **context), 200
    values: dict[str, str | list[str]] = {key: form[key] for key in ("top", "rules", "ops") if form[key]}
    if form["hand"]:
        values["hand"] = _hand_cards(form["hand"])
    data, errors = load_query(SolveRequestSchema(limits=card_limits), values, expected(EXPECTED))
    if data is None:
        return render_template("nambarz/solve.html", errors=errors, **context), 422
    if data["top"].is_joker:
        errors = {"top": refusal(None, context["written"]["top"], expected(EXPECTED)["top"])}
        return render_template("nambarz/solve.html", errors=errors, **context), 422
    rules = Rules(data["rules"], data["ops"])
    lang = current_language()
    try:
        best = hint(
            data["top"], data["hand"], rules, max(HINT_LEVELS), deck=nambarz_deck(), time_limit=search_time_limit()
        )
        solution = solve(data["top"], data["hand"], rules, deck=nambarz_deck(), time_limit=search_time_limit())
    except NambarzError as error:
        errors = {"hand": refusal(error, form["hand"], expected(EXPECTED)["hand"])}
        return render_template("nambarz/solve.html", errors=errors, **context), 422
    context["hints"] = [explain_hint(best.at_level(level), lang) for level in HINT_LEVELS]
    context["solution"] = _solution_context(solution)
    context["hand_keys"] = [card_key(card, lang) for card in hand_order(data["hand"])]
    context.update(_position_context(data["top"], rules))
    return render_template("nambarz/solve.html", errors={}, **context), 200
