"""Fair play as a property: nothing a seat may not see reaches it, through any answer of the games service.

Two games that differ only in what one seat cannot see give that seat
byte-identical answers at every step: its view (its hand, the table, its
legal actions, the latest actions), its log read a page at a time, its
review as JSON and as a page, the table page (with its story of the others'
turns and the marks of what changed) and the same with each level of the tutor's
hint, the log page at that step, the answer to each of its own actions, and
the refusal of an action it cannot take (a card it does not hold, a move out
of turn, a version gone by).  While the game is on no answer holds the seed.

**World A** is dealt from a seed drawn by Hypothesis, every seat a person (a
bot would choose otherwise in world B).  Its actions are drawn first, on the
engine alone: random legal actions (in The Game mostly the card closest to a
pile, so that a game lasts), and now and then one of the mover's own making
that the game refuses or, in Nambarz, carries out with its penalty (rule V).

**World B** is world A's deal with a few of the watched seat's hidden cards
exchanged (:mod:`tests.hidden_cards`): another hand's card with a card of
another hand or of the draw pile, and in Quando any card the seat sees only
one side of, turned to show the same number.  An exchange is kept only if
the same actions then play out alike for that seat: each taken, refused or
penalised as in world A, and after each one the state the same but for what
the seat cannot see (:func:`public_part`).  That judge is the rules' and
this test's own, never the service's answers: a leak in an answer cannot
make the test keep only the exchanges that hide it.

Both deals go into the store as :meth:`~services.play.tables.Tables.open_game`
puts a game there (the same seats, tokens, seed and commitment), and every
action goes to both through the JSON API with its mover's token.

What may differ, and is replaced in both answers before they are compared:
the game's id (in the JSON and in every address of the pages); the pages'
CSRF token, signed with the moment of the request; once the game is over,
the log's verdicts on the others' Quando plays, which then hold the hands
they kept (:func:`as_during_the_game`); and, only when it makes the reviews
differ, a turn whose judging ran out of time in either world on a slow
machine (:func:`judged_turns`).  Since both games share the seed, an answer
holding it would be the same in both: each is searched for it instead.
"""

from __future__ import annotations

import contextlib
import difflib
import itertools
import json
import random
import re
import secrets
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import Enum
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import Phase, assume, given, note, settings
from hypothesis import strategies as st
from werkzeug.test import TestResponse

from api.app import create_app
from services.configuration import game_tables
from services.play.fairness import deal_commitment
from services.play.store import SeatRecord, StoredGame, new_game_id
from services.play.tables import HUMAN, token_digest
from services.rate_limits import RATE_LIMITS_OFF
from solver.errors import IllegalMoveError, NambarzError
from solver.games import GameEntry, find_game
from solver.thegame.cards import CARDS as THEGAME_CARDS
from solver.thegame.rules import PILES, can_play
from tests.hidden_cards import exchange, hidden_places, tidy
from tutor.i18n import SUPPORTED_LANGUAGES
from web.play_tables import hint_levels

GAMES = ("nambarz", "thegame", "quando", "nmbrs")

EXAMPLES = 4
"""Games per game and run: each plays its actions twice over HTTP, answering a dozen requests a step."""

ACTIONS = st.integers(30, 60)
"""How many actions world A plays (fewer when the game ends first)."""

MISTAKES = 0.12
"""The chance that a mover tries an action of its own making that the game refuses or penalises."""

REQUESTS = 0.1
"""How often a person of The Game makes a request about a pile (``ask dont asc1``) instead of a move."""

WISHES = ("dont", "good", "none")

PENALTIES = 1
"""The penalties (three cards each) a Nambarz player may take in a round here, so that hands stay small."""

EXCHANGES = 4
"""The exchanges of hidden cards world B is made with, at most."""

SOON = 12
"""The draw pile's top cards, drawn within the actions played, that half of the exchanges take a card from."""

ATTEMPTS = 200
"""The exchanges tried, each kept only if the game then plays out alike for the watched seat (a millisecond each)."""

NAMES = ("Ann", "Bea", "Cid", "Dee")

CSRF = re.compile(r'(name="csrf_token"[^>]*value=")[^"]*(")')


class Outcome(Enum):
    """What the service does with an action: takes it (200), refuses it with a verdict (200), cannot judge it (422)."""

    TAKEN = "taken"
    REFUSED = "refused"
    UNJUDGED = "unjudged"


@dataclass(frozen=True)
class Move:
    """An action of world A: who sends it, its text, what the service does with it, the version it is sent for."""

    seat: int
    action: str
    outcome: Outcome
    version: int


@dataclass
class Playout:
    """World A's deal, its actions, and at each step the watched seat's action it cannot take and what it may see."""

    deal: dict[str, Any]
    moves: list[Move] = field(default_factory=list)
    probes: list[str] = field(default_factory=list)
    """At each step (before each move, and after the last), a card the watched seat does not hold, as an action."""
    public: list[Any] = field(default_factory=list)
    """At each step, the state less what the watched seat cannot see (:func:`public_part`)."""
    over: bool = False
    """Whether the game ended within the actions."""


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    database = tmp_path_factory.mktemp("secrecy") / "games.sqlite3"
    app = create_app(
        {
            "TESTING": True,
            "NAMBARZ_DATABASE_URL": f"sqlite:///{database}",
            "NAMBARZ_RATE_LIMIT": RATE_LIMITS_OFF,
            "NAMBARZ_ADDRESS_RATE_LIMIT": RATE_LIMITS_OFF,
        }
    )
    yield app
    with app.app_context():
        game_tables().store.dispose()


# ----------------------------------------------------------------- what a seat may know


def public_part(game: str, state: Any, seat: int) -> Any:
    """``state`` less what ``seat`` cannot see: the other hands and the draw pile as counts, Quando's hidden sides.

    Everything else in a state is laid, drawn or said in sight of everyone,
    The Game's pile requests included (made at the table as actions, with no
    number, as the rules let them be said aloud).
    """
    data = state.to_dict()
    if game == "nambarz":
        me = state.game.players[seat]
        data["hands"] = {player: cards if player == me else len(cards) for player, cards in data["hands"].items()}
        data["draw_pile"] = len(state.draw_pile)
        return data
    data["hands"] = [cards if other == seat else len(cards) for other, cards in enumerate(data["hands"])]
    data["draw_pile"] = len(state.draw_pile)
    if game == "quando":
        data["hands"][seat] = state.fronts(seat)
        data["draw_pile"] = [len(state.draw_pile), state.draw_visible]
        data["discard_pile"] = [card.front for card in state.discard_pile]
    elif game == "nmbrs":
        data["discard_pile"] = [len(state.discard_pile), data["discard_pile"][-1:]]
    return data


# ----------------------------------------------------------------- world A, on the engine


def attempt(entry: GameEntry, state: Any, text: str) -> tuple[Any, Outcome]:
    """The state after ``text`` as the service would apply it, and what the service does with it."""
    before = state.to_dict()
    try:
        state.apply(entry.parse_action(text))
    except IllegalMoveError:
        return entry.load_state(before), Outcome.REFUSED
    except NambarzError:
        return entry.load_state(before), Outcome.UNJUDGED
    return state, Outcome.TAKEN


def chosen_action(game: str, state: Any, rng: random.Random) -> str:
    """A legal action; in The Game mostly the card closest to its pile, and ``end`` as soon as the minimum is laid,
    and now and then a request about a pile."""
    legal = state.legal_actions()
    if game != "thegame":
        return str(rng.choice(legal))
    if rng.random() < REQUESTS:
        return f"ask {rng.choice(WISHES)} {rng.choice(PILES).value}"
    placements = [action for action in legal if not action.is_end]
    if not placements or (len(placements) < len(legal) and rng.random() < 0.7):
        return str(legal[-1])
    if rng.random() < 0.2:
        return str(rng.choice(placements))
    return str(min(placements, key=lambda action: _jump(action.card, action.pile, state.tops[action.pile])))


def _jump(card: int, pile: Any, top: int) -> int:
    return card - top if pile.ascending else top - card


def mistakes(entry: GameEntry, state: Any) -> list[str]:
    """Actions of the mover's own making that the game refuses, or (Nambarz) carries out with a penalty."""
    game = entry.name
    if game == "nambarz":
        player = state.turn_player
        words = [text for text in ("draw", "pass") if not _judged_legal(entry, state, text, False)]
        if state.penalties.get(player, 0) >= PENALTIES:
            return words
        numbers = [str(card) for card in state.hands[player] if not card.is_joker]
        plays = [*numbers, *(f"{first} + {second}" for first, second in itertools.pairwise(numbers))]
        return [*words, *(play for play in plays if not _judged_legal(entry, state, play, True))]
    if game == "thegame":
        hand = state.hands[state.to_move]
        placed = [
            f"{card}>{pile.value}" for card in hand for pile in PILES if not can_play(card, pile, state.tops[pile])
        ]
        candidates = [*placed[:6], "end"]
    elif game == "quando":
        fronts = state.fronts(state.to_move)
        candidates = [
            "knock",
            "pass",
            "take visible",
            "take hidden",
            *(f"play {number} {number + 2}" for number in fronts),
        ]
    else:
        candidates = ["take", "decline", "claim", "pass", "draw", "end"]
    return [text for text in candidates if not _judged_legal(entry, state, text, False)]


def _judged_legal(entry: GameEntry, state: Any, text: str, unjudged: bool) -> bool:
    """Whether the referee finds ``text`` legal; ``unjudged`` when it cannot judge it at all."""
    try:
        return bool(state.check(entry.parse_action(text)).legal)
    except NambarzError:
        return unjudged


def card_not_held(game: str, state: Any, seat: int, rng: random.Random) -> str:
    """An action laying a card ``seat`` does not hold (in Quando one more of a number than it shows)."""
    if game == "quando":
        fronts = state.fronts(seat)
        number = rng.randint(0, 10)
        return "play " + " ".join([str(number)] * (fronts.count(number) + 1))
    if game == "nambarz":
        held = {str(card) for card in state.hands.get(state.game.players[seat], [])}
        cards = sorted({str(card) for card in state.game.cards() if not card.is_joker} - held)
        return rng.choice(cards)
    held = {str(card) for card in state.hands[seat]}
    if game == "thegame":
        return f"{rng.choice(sorted(set(map(str, THEGAME_CARDS)) - held))}>asc1"
    return f"discard {rng.choice(sorted({str(card) for card in state.game.cards()} - held))}"


def play_world_a(entry: GameEntry, deal: dict[str, Any], seat: int, actions: int, rng: random.Random) -> Playout:
    """World A played on the engine: ``actions`` moves at most, each seat's legal ones and now and then a mistake."""
    game = entry.name
    state: Any = entry.load_state(json.loads(json.dumps(deal)))
    playout = Playout(deal)
    version = 0
    while len(playout.moves) < actions and not state.is_over:
        playout.probes.append(card_not_held(game, state, seat, rng))
        playout.public.append(public_part(game, state, seat))
        wrong = mistakes(entry, state) if rng.random() < MISTAKES else []
        text = rng.choice(wrong) if wrong else chosen_action(game, state, rng)
        mover = state.to_move
        state, outcome = attempt(entry, state, text)
        playout.moves.append(Move(mover, text, outcome, version))
        version += outcome is Outcome.TAKEN
    playout.probes.append(card_not_held(game, state, seat, rng))
    playout.public.append(public_part(game, state, seat))
    playout.over = state.is_over
    return playout


# ----------------------------------------------------------------- world B: world A's deal, hidden cards exchanged


def world_b_deal(entry: GameEntry, playout: Playout, seat: int, rng: random.Random) -> tuple[dict[str, Any], int]:
    """World A's deal with up to :data:`EXCHANGES` exchanges of cards ``seat`` cannot see; how many were kept."""
    game = entry.name
    deal, kept = playout.deal, 0
    for _ in range(ATTEMPTS):
        if kept == EXCHANGES:
            break
        state: Any = entry.load_state(json.loads(json.dumps(deal)))
        places = hidden_places(game, state, seat)
        # One card some hand holds (or, in Quando, the draw pile's top), the other anywhere, often among the
        # next cards to draw: a leak of a hand or of the cards to come would show.
        held = [
            index for index, (pile, _, shows) in enumerate(places) if pile is not state.draw_pile or shows is not None
        ]
        pile = [index for index, place in enumerate(places) if place[0] is state.draw_pile]
        first = rng.choice(held)
        others = pile[-SOON:] if rng.random() < 0.5 else range(len(places))
        second = rng.choice([index for index in others if index != first])
        if not exchange(places[first], places[second], rng):
            continue
        candidate = tidy(game, state).to_dict()
        if plays_alike(entry, candidate, playout, seat):
            deal, kept = candidate, kept + 1
    return deal, kept


def plays_alike(entry: GameEntry, deal: dict[str, Any], playout: Playout, seat: int) -> bool:
    """Whether world A's actions, played from ``deal``, fare alike and leave ``seat`` seeing the same at every step."""
    game = entry.name
    state = entry.load_state(json.loads(json.dumps(deal)))
    if public_part(game, state, seat) != playout.public[0]:
        return False
    for move, public in zip(playout.moves, playout.public[1:], strict=True):
        if state.to_move != move.seat:
            return False
        state, outcome = attempt(entry, state, move.action)
        if outcome is not move.outcome or public_part(game, state, seat) != public:
            return False
    return True


# ----------------------------------------------------------------- both worlds in the service


@dataclass(frozen=True)
class World:
    """A game in the service, and its seats' tokens and languages (the same in both worlds)."""

    game_id: str
    tokens: tuple[str, ...]
    languages: tuple[str, ...]


def store_world(app: Flask, world: World, entry: GameEntry, *, variant: str, seed: int, deal: dict[str, Any]) -> None:
    """Store a game as :meth:`~services.play.tables.Tables.open_game` stores one, dealt ``deal`` (its checkpoint 0)."""
    now = datetime.now(UTC)
    seats = tuple(
        SeatRecord(number, NAMES[number], HUMAN, token_digest(token), language)
        for number, (token, language) in enumerate(zip(world.tokens, world.languages, strict=True))
    )
    stored = StoredGame(
        id=world.game_id,
        game=entry.name,
        variant=variant,
        options={},
        seed=seed,
        seats=seats,
        version=0,
        state=deal,
        finished=entry.load_state(deal).is_over,
        created=now,
        updated=now,
        commitment=deal_commitment(seed),
        turn={"number": 0, "start": None, "seat": None},
    )
    with app.app_context():
        game_tables().store.add(stored)


Answer = tuple[int, str]
"""An answer's status and its body, the game's id and the forms' CSRF token replaced."""


@dataclass(frozen=True)
class Watched:
    """The watched seat of one world: what it asks the service, and its answers as compared."""

    client: FlaskClient
    world: World
    seat: int
    page: int
    """The log's page size."""

    @property
    def api(self) -> str:
        return f"/api/v1/games/{self.world.game_id}"

    @property
    def pages(self) -> str:
        return f"/play/{self.world.game_id}/seat/{self.seat}"

    @property
    def bearer(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.world.tokens[self.seat]}"}

    def answer(self, response: TestResponse) -> Answer:
        # The only differences allowed: the game's id (in the JSON and in every address of the pages), and the
        # CSRF token of the pages' forms, signed with the moment of the request.
        body = response.get_data(as_text=True).replace(self.world.game_id, "<game>")
        return response.status_code, CSRF.sub(r"\1<csrf>\2", body)

    def answers(self, version: int, probe: str, levels: Sequence[int]) -> dict[str, Answer]:
        """Everything the seat may ask at ``version``, the tutor's hint at each of ``levels``.

        The log is read from its latest page (the whole of it at the end:
        :meth:`whole_log`); the table page is the hint's, which shows the
        table with the hint, or says there is none.  ``probe`` lays a card
        the seat does not hold: refused, or out of turn.
        """
        get, post = self.client.get, self.client.post
        after = max(0, version - self.page)
        asked = {
            "view": get(self.api, headers=self.bearer),
            "version answer": get(f"{self.pages}/version"),
            "latest log page": get(f"{self.api}/log?after={after}&limit={self.page}", headers=self.bearer),
            "review": get(f"{self.api}/review", headers=self.bearer),
            "review page": get(f"{self.pages}/review"),
            "log page": get(f"{self.pages}/log?step={version}"),
            "table page": get(self.pages),
            "a card not held": post(
                f"{self.api}/actions", json={"action": probe, "version": version}, headers=self.bearer
            ),
            "a version gone by": post(
                f"{self.api}/actions", json={"action": probe, "version": version + 1}, headers=self.bearer
            ),
            **{f"hint {level}": get(f"{self.pages}/hint?level={level}") for level in levels},
        }
        refused = asked["a card not held"]
        assert refused.status_code != 200 or not refused.get_json()["accepted"], refused.get_json()
        return {what: self.answer(response) for what, response in asked.items()}

    def whole_log(self) -> Answer:
        """The log read page by page from the first action, as one answer."""
        pages, after = [], 0
        while after is not None:
            response = self.client.get(f"{self.api}/log?after={after}&limit={self.page}", headers=self.bearer)
            assert response.status_code == 200, response.get_json()
            pages.append(self.answer(response)[1])
            after = response.get_json()["next_after"]
        return 200, "".join(pages)


def send(client: FlaskClient, world: World, move: Move) -> TestResponse:
    """Send ``move`` to ``world`` with its mover's token, and check the service does with it what the engine did."""
    response = client.post(
        f"/api/v1/games/{world.game_id}/actions",
        json={"action": move.action, "version": move.version},
        headers={"Authorization": f"Bearer {world.tokens[move.seat]}"},
    )
    if move.outcome is Outcome.UNJUDGED:
        assert response.status_code == 422, response.get_json()
    else:
        assert response.status_code == 200, response.get_json()
        assert response.get_json()["accepted"] is (move.outcome is Outcome.TAKEN), response.get_json()
    return response


def assert_same(what: str, first: Answer, second: Answer) -> None:
    """The two worlds answered ``what`` alike; else the lines that differ."""
    if first == second:
        return
    lines = difflib.unified_diff(_lines(first), _lines(second), "world A", "world B", n=1, lineterm="")
    pytest.fail(f"{what} differs between the two worlds:\n" + "\n".join(list(lines)[:40]))


def _lines(answer: Answer) -> list[str]:
    status, body = answer
    with contextlib.suppress(ValueError):
        body = json.dumps(json.loads(body), indent=1)
    return [f"status {status}", *body.splitlines()]


def assert_alike(
    first: dict[str, Answer], second: dict[str, Answer], *, seed: int, seat: int, over: bool, when: str
) -> None:
    """Every answer alike in both worlds, but for what :func:`as_during_the_game` and :func:`judged_turns` say.

    While the game is on, no answer holds the seed.
    """
    if over:
        first, second = as_during_the_game(first, seat), as_during_the_game(second, seat)
    else:
        for what, answer in (*first.items(), *second.items()):
            assert str(seed) not in answer[1], f"the seed is in the {what} {when}"
    if "review" in first and first["review"] != second["review"]:
        unreviewed = unreviewed_turns(first["review"]) | unreviewed_turns(second["review"])
        if unreviewed:
            first, second = judged_turns(first, unreviewed), judged_turns(second, unreviewed)
    assert first.keys() == second.keys()
    for what in first:
        assert_same(f"the {what} {when}", first[what], second[what])


JSON_LOGS = ("latest log page", "whole log")


def as_during_the_game(answers: dict[str, Answer], seat: int) -> dict[str, Answer]:
    """The answers of the end with the logs' verdicts as ``seat`` read them during the game.

    Once the game is over the log gives the seed and every verdict whole, so
    that anyone can check the deal: Quando's verdict on another's play then
    holds the hand it kept, world B's and not world A's.  Only that is put
    back as it was shown during the game.
    """
    return {
        what: _log_as_during_the_game(answer, seat) if what in JSON_LOGS else answer for what, answer in answers.items()
    }


def _log_as_during_the_game(answer: Answer, seat: int) -> Answer:
    status, body = answer
    pages = []
    for page in body.splitlines():
        log = json.loads(page)
        for action in log["actions"]:
            if action["seat"] != seat and "hand_after" in action["verdict"]:
                action["verdict"]["hand_after"] = None
        pages.append(json.dumps(log))
    return status, "\n".join(pages)


def unreviewed_turns(review: Answer) -> set[int]:
    """The turns of a review that the engine could not judge in time."""
    return {turn["turn"] for turn in json.loads(review[1])["turns"] if turn["mark"] == "unreviewed"}


def judged_turns(answers: dict[str, Answer], unreviewed: set[int]) -> dict[str, Answer]:
    """The answers with the review's ``unreviewed`` turns left out, and the totals, summary and page that count them.

    A turn is judged when it ends, by a search with a time limit of its own;
    on a slow machine one world's search may run out of time where the
    other's does not.  Only when that makes the reviews differ are those
    turns left out, in both worlds.
    """
    status, body = answers["review"]
    review = json.loads(body)
    numbers = [turn["turn"] for turn in review["turns"]]
    review = {key: value for key, value in review.items() if key not in ("totals", "summary")}
    review["turns"] = [turn for turn in review["turns"] if turn["turn"] not in unreviewed]
    kept = {what: answer for what, answer in answers.items() if what != "review page"}
    return {**kept, "review": (status, json.dumps({**review, "numbers": numbers}))}


def check_both_worlds(app: Flask, game: str, data: st.DataObject) -> None:
    entry = find_game(game)
    players = data.draw(st.integers(2, min(4, entry.players.stop - 1)), label="players")
    variant = data.draw(
        st.sampled_from([name for name, allowed in entry.variants_players.items() if players in allowed]),
        label="variant",
    )
    # A seed of the size the server draws: its digits turn up in no answer by chance.
    seed = data.draw(st.integers(2**100, 2**128), label="seed")
    watched = data.draw(st.integers(0, players - 1), label="watched seat")
    languages = tuple(data.draw(st.sampled_from(SUPPORTED_LANGUAGES), label="language") for _ in range(players))
    page = data.draw(st.integers(4, 30), label="log page size")
    rng = data.draw(st.randoms(use_true_random=False), label="choices")

    deal = entry.new_game(players=players, variant=variant, seed=seed).to_dict()
    playout = play_world_a(entry, deal, watched, data.draw(ACTIONS, label="actions"), rng)
    other_deal, exchanges = world_b_deal(entry, playout, watched, rng)
    assume(exchanges > 0)
    note(f"{exchanges} exchanges; the moves: {[(move.seat, move.action) for move in playout.moves]}")

    tokens = tuple(secrets.token_urlsafe(32) for _ in range(players))
    worlds = World(new_game_id(), tokens, languages), World(new_game_id(), tokens, languages)
    for world, dealt in zip(worlds, (deal, other_deal), strict=True):
        store_world(app, world, entry, variant=variant, seed=seed, deal=dealt)
    client = app.test_client()
    seats = []
    for world in worlds:
        client.set_cookie(f"nambarz_seat_{watched}", tokens[watched], path=f"/play/{world.game_id}/seat/{watched}")
        seats.append(Watched(client, world, watched, page))
    levels = hint_levels(game) or (1,)

    version = 0
    for step, probe in enumerate(playout.probes):
        its_turn = step < len(playout.moves) and playout.moves[step].seat == watched
        first, second = (seat.answers(version, probe, levels if its_turn else levels[:1]) for seat in seats)
        last = step == len(playout.moves)
        when = "at the end" if last else f"before action {step + 1} ({playout.moves[step].action!r})"
        assert_alike(first, second, seed=seed, seat=watched, over=playout.over and last, when=when)
        if last:
            break
        move = playout.moves[step]
        responses = [seat.answer(send(client, world, move)) for seat, world in zip(seats, worlds, strict=True)]
        if move.seat == watched:
            assert_same(f"the answer to action {step + 1} ({move.action!r})", *responses)
        version += move.outcome is Outcome.TAKEN
    whole = {"whole log": seats[0].whole_log()}, {"whole log": seats[1].whole_log()}
    assert_alike(*whole, seed=seed, seat=watched, over=playout.over, when="read page by page at the end")


@pytest.mark.parametrize("game", GAMES)
# Each example plays two games over HTTP: shrinking one would take minutes.  A failure says which answer
# differed, at which action, and the moves (Hypothesis's note).
@settings(max_examples=EXAMPLES, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(data=st.data())
def test_a_seat_gets_the_same_answers_from_two_games_that_differ_only_in_what_it_cannot_see(
    app: Flask, game: str, data: st.DataObject
) -> None:
    check_both_worlds(app, game, data)


@pytest.mark.parametrize("game", GAMES)
def test_opening_a_game_and_following_its_links_show_nobody_the_seed(app: Flask, game: str) -> None:
    client = app.test_client()
    created = client.post("/api/v1/games", json={"game": game, "seats": [{"name": "Ann"}, {"name": "Bea"}]})
    assert created.status_code == 201
    with app.app_context():
        seed = str(game_tables().get(created.get_json()["id"]).seed)
    assert seed not in created.get_data(as_text=True)
    for seat in created.get_json()["seats"]:
        joined = client.get(seat["link"].removeprefix("http://localhost"))
        assert joined.status_code == 303
        assert seed not in joined.get_data(as_text=True) and all(seed not in value for _, value in joined.headers)
        table = client.get(joined.headers["Location"])
        assert table.status_code == 200 and seed not in table.get_data(as_text=True)
