"""Progress of long runs: the engine reports each game or exercise, the command line draws a bar only on a terminal."""

from __future__ import annotations

import io

import pytest

from api.cli.common import progress_bar
from solver.nambarz.simulate import simulate as simulate_nambarz
from solver.thegame.simulate import simulate as simulate_thegame
from tests.conftest import Cli
from tutor.exercises import generate


class Terminal(io.StringIO):
    """Standard error as a terminal shows it."""

    def isatty(self) -> bool:
        return True


class Counter:
    """A progress callback that counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> None:
        self.calls += 1


def test_nambarz_self_play_reports_each_game() -> None:
    counter = Counter()
    simulate_nambarz(players=2, games=3, bots=("random",), progress=counter)
    assert counter.calls == 3


def test_the_games_self_play_reports_each_game() -> None:
    counter = Counter()
    simulate_thegame(players=2, games=4, bot="naive", progress=counter)
    assert counter.calls == 4


def test_exercise_generation_reports_each_exercise() -> None:
    counter = Counter()
    assert len(generate(level=2, count=5, seed=1, progress=counter)) == counter.calls == 5


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--games", "2", "--players", "2"],
        ["thegame", "simulate", "--players", "2", "--games", "2", "--bot", "naive"],
        ["exercises", "--count", "10", "--kinds", "cover"],
        ["worksheet", "--count", "10", "--kinds", "cover"],
    ],
    ids=lambda argv: " ".join(argv[:2]),
)
def test_nothing_is_printed_on_standard_error_when_it_is_not_a_terminal(cli: Cli, argv: list[str]) -> None:
    result = cli(*argv)
    assert result.exit_code == 0
    assert result.stderr == ""


def test_on_a_terminal_the_bar_counts_every_step(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    with progress_bar(3) as advance:
        assert advance is not None
        for _ in range(3):
            advance()
    assert "3/3" in terminal.getvalue()


def test_no_bar_is_drawn_off_a_terminal_or_for_a_short_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stderr", io.StringIO())
    with progress_bar(3) as advance:
        assert advance is None
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    with progress_bar(3, least=10) as advance:
        assert advance is None
    assert terminal.getvalue() == ""
