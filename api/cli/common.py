"""What every ``nambarz`` command shares: the command groups, one-line errors, exit statuses, options, JSON output.

A command reads its input from options and arguments or from ``--request``
(the HTTP API's JSON body, loaded through the API's own schema) and prints
either the answer's explanation or, with ``--json``, the API's answer.  Bad
input is one line on standard error, ``nambarz: error: <input>: <what was
expected>``, with exit status 2; an illegal play is an answer, not an error.

This module is imported for ``nambarz --help`` too, so it imports click and
the standard library only; what a command needs (the solver, the tutor,
marshmallow) is imported by the command.

>>> to_json({"legal": True, "violations": []})
'{\\n  "legal": true,\\n  "violations": []\\n}'
>>> InputError("--play", "expected a calculation").text("en")
'nambarz: error: --play: expected a calculation'
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, BinaryIO, NoReturn, Protocol, TypeVar

import click

if TYPE_CHECKING:
    from marshmallow import Schema

    from solver.errors import NambarzError
    from solver.rulings import Ruling

EXIT_OK = 0
EXIT_BAD_BATCH_LINES = 1
EXIT_USAGE = 2
EXIT_OUTPUT_CLOSED = 141  # as a shell reports a command stopped by SIGPIPE
EXIT_INTERRUPTED = 130  # as a shell reports a command stopped by SIGINT (Ctrl-C)

MAX_REQUEST_BYTES = 64 * 1024
"""The largest ``--request`` a command reads, inline, from a file or from standard input.

It is the HTTP API's limit on a body (``api.app.MAX_BODY_BYTES``, not
imported: the command line does not load Flask), so any request the API
takes, the command line takes too.
"""

MAX_DECK_BYTES = 64 * 1024
"""The largest ``--deck`` file a command reads: over ten times the largest shipped deck (Nmbrs!'s, 5 KB)."""

MAX_BATCH_LINE_BYTES = MAX_REQUEST_BYTES
"""The longest line of ``solve --batch`` (its newline not counted): a line is one request, as large as the API takes.

The run as a whole has no cap: each line is answered and forgotten before
the next is read, so however long a file or a pipe, the command holds one
line at a time, and a long stream of hands is a proper use of ``--batch``.
"""

REQUEST_EXPECTED = "the API's JSON request body"
DECK_EXPECTED = "a deck description in JSON"
BATCH_EXPECTED = "one JSON object per line"
"""What each file option expects, as its error messages say after ``expected``."""

LANGUAGE = "nambarz.lang"
"""Where a command keeps the language it answers in (in the click context's ``meta``), for its error messages."""

T = TypeVar("T")
H = TypeVar("H", bound=Hashable)
T_co = TypeVar("T_co", covariant=True)
V = TypeVar("V")
Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]


class InputError(Exception):
    """Input a command cannot answer: the input it came from (``label``) and what was expected.

    ``problem`` is a message, or the engine's error, whose
    :meth:`~solver.errors.NambarzError.in_language` gives the names it lists
    (such as figure names) in the language the command answers in.
    """

    def __init__(self, label: str | None, problem: str | NambarzError) -> None:
        super().__init__(label, problem)
        self.label = label
        self.problem = problem

    def text(self, lang: str | None) -> str:
        """The one line printed on standard error."""
        what = self.problem if isinstance(self.problem, str) else self.problem.in_language(lang or "en")
        return f"nambarz: error: {what}" if self.label is None else f"nambarz: error: {self.label}: {what}"


class OneLineError(click.ClickException):
    """An error shown as its one line, with exit status 2."""

    exit_code = EXIT_USAGE

    def show(self, file: Any = None) -> None:
        click.echo(self.message, err=True)


@dataclass(frozen=True)
class Lazy:
    """A command of a group, imported from ``module`` (its attribute ``attribute``) only when it is run.

    The command is called as its attribute (its :attr:`name`).  ``help`` is
    the line ``nambarz --help`` shows for it, and the command's own short
    help, so the two cannot drift apart.
    """

    module: str
    attribute: str
    help: str

    @property
    def name(self) -> str:
        """The command's name: ``check``, or for a game's group the game's name (``quando``)."""
        return self.attribute

    def load(self) -> click.Command:
        """The command, imported now."""
        command: click.Command = getattr(importlib.import_module(self.module), self.attribute)
        return command


class CommandGroup(click.Group):
    """A group of commands with one-line errors; its commands may be :class:`Lazy`.

    Without a command it is a usage error (exit status 2), not a help page.
    """

    def __init__(self, *args: Any, lazy: Mapping[str, Lazy] | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("invoke_without_command", True)
        kwargs.setdefault("subcommand_metavar", "COMMAND [ARGS]...")
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})
        if self.callback is None:
            self.callback = self._require_command

    def _require_command(self) -> None:
        context = click.get_current_context()
        if context.invoked_subcommand is None:
            raise click.UsageError(f"expected a command: {', '.join(self.list_commands(context))}", context)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*self.lazy, *self.commands]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy:
            return self.lazy[cmd_name].load()
        return super().get_command(ctx, cmd_name)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0]
        command = self.get_command(ctx, name)
        if command is None and not name.startswith("-"):
            raise click.UsageError(
                f"{name}: no such command; expected one of {', '.join(self.list_commands(ctx))}", ctx
            )
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # The lazy commands' lines come from their entries: showing the list must not import every command.
        rows = [(name, entry.help) for name, entry in self.lazy.items()]
        rows += [(name, command.get_short_help_str(formatter.width)) for name, command in self.commands.items()]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


class RootGroup(CommandGroup):
    """The ``nambarz`` command: every error is one line, and the exit status is the command's.

    Besides its ``lazy`` commands it has every game's group of ``games`` (a
    registry of :class:`Lazy` groups, read each time the commands are listed
    or looked up, so a game registered later is there too); its help lists
    the games' groups in a section of their own.  Called with
    ``standalone_mode=False`` (as a script or a doctest may), it returns the
    exit status instead of exiting.
    """

    def __init__(self, *args: Any, games: Iterable[Lazy] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.games = games

    def _game_groups(self) -> dict[str, Lazy]:
        return {group.name: group for group in self.games}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*super().list_commands(ctx), *self._game_groups()]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        group = self._game_groups().get(cmd_name)
        if group is not None and cmd_name not in self.lazy:
            return group.load()
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_commands(ctx, formatter)
        with formatter.section("Games"):
            formatter.write_dl([(name, group.help) for name, group in self._game_groups().items()])

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            result = super().main(args, prog_name or self.name, complete_var, standalone_mode=False, **extra)
            status = EXIT_OK if result is None else int(result)
        except click.ClickException as error:
            if isinstance(error, OneLineError):
                error.show()
            else:
                click.echo(one_line(error), err=True)
            status = error.exit_code
        except click.Abort:
            click.echo("nambarz: interrupted", err=True)
            status = EXIT_INTERRUPTED
        if standalone_mode:
            sys.exit(status)
        return status

    def invoke(self, ctx: click.Context) -> Any:
        from solver.errors import NambarzError  # noqa: PLC0415 - not needed for --help and --version

        try:
            return super().invoke(ctx)
        except InputError as error:
            raise OneLineError(error.text(ctx.meta.get(LANGUAGE))) from None
        except NambarzError as error:
            raise OneLineError(InputError(None, error).text(ctx.meta.get(LANGUAGE))) from None
        except BrokenPipeError:
            # The reader stopped early (as `| head` does): silence the flush at exit.
            _silence_standard_output()
            return EXIT_OUTPUT_CLOSED


def _silence_standard_output() -> None:
    try:
        descriptor = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return
    os.dup2(os.open(os.devnull, os.O_WRONLY), descriptor)


def one_line(error: click.ClickException) -> str:
    """click's own usage errors (a missing value, an unknown option) as one line naming the input."""
    if isinstance(error, click.MissingParameter):
        text = f"{_parameter_hint(error)}: expected a value; it is required"
    elif isinstance(error, click.BadParameter):
        text = f"{_parameter_hint(error)}: {error.message.rstrip('.')}"
    elif isinstance(error, click.NoSuchOption):
        suggestion = f"; did you mean {' or '.join(error.possibilities)}?" if error.possibilities else ""
        text = f"{error.option_name}: no such option{suggestion}"
    elif isinstance(error, click.BadOptionUsage) and "requires" in error.message:
        text = f"{error.option_name}: expected a value after it"
    else:
        text = error.format_message()
    if isinstance(error, click.UsageError) and error.ctx is not None:
        text += f" (see '{error.ctx.command_path} --help')"
    return f"nambarz: error: {text}"


def _parameter_hint(error: click.BadParameter) -> str:
    if isinstance(error.param_hint, str):
        return error.param_hint
    if error.param is None:
        return "input"
    if isinstance(error.param, click.Option):
        long_names = [name for name in error.param.opts if name.startswith("--")]
        return (long_names or error.param.opts)[0]
    return error.param.human_readable_name


# ----------------------------------------------------------------- reading input


def fail(label: str | None, problem: str | NambarzError) -> NoReturn:
    """Stop the command: ``problem`` with the input it came from."""
    raise InputError(label, problem)


def read(label: str, parse: Callable[[V], T], value: V) -> T:
    """Parse ``value`` with an engine parser; its error becomes one line naming the input.

    >>> read("--players", int, "4")
    4
    """
    from solver.errors import NambarzError  # noqa: PLC0415 - the engine's error only when reading engine values

    try:
        return parse(value)
    except NambarzError as error:
        raise InputError(label, error) from None


def given(name: str) -> bool:
    """Whether the option or argument ``name`` was given on the command line (not left to its default)."""
    context = click.get_current_context()
    source = context.get_parameter_source(name)
    return source is click.core.ParameterSource.COMMANDLINE


def use_language(lang: str) -> str:
    """Record ``lang`` as the language the command answers in (its errors follow it); return it."""
    click.get_current_context().meta[LANGUAGE] = lang
    return lang


def comma_items(text: str) -> list[str]:
    """The items of a comma-separated value, stripped; blank text has none.

    >>> comma_items(" 3, 4,5 "), comma_items("  ")
    (['3', '4', '5'], [])
    """
    return [item.strip() for item in text.split(",")] if text.strip() else []


def read_list(label: str, text: str, parse: Callable[[str], H]) -> list[H]:
    """The comma-separated items of ``text``, each read by ``parse``; at least one, each once.

    >>> read_list("--players", "2, 3", int)
    [2, 3]
    """
    items = comma_items(text)
    if not items or not all(items):
        fail(label, f"expected a comma-separated list, not {text!r}")
    values = [read(label, parse, item) for item in items]
    if len(set(values)) != len(values):
        fail(label, f"each item once, not {text!r}")
    return values


def read_json_request(label: str, text: str) -> dict[str, Any]:
    """The JSON object given inline, as ``@FILE``, or as ``-`` for standard input, of at most 64 KiB.

    It is read as the API reads a body (:func:`services.json_body.read_json_body`),
    so what the API refuses, the command line refuses in one line too.

    >>> read_json_request("--request", '{"hand": [3]}')
    {'hand': [3]}
    >>> read_json_request("--request", '[3]')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    api.cli.common.InputError: ('--request', "the request is JSON but not an object; expected the API's JSON ...")
    """
    if text == "-" or text.startswith("@"):
        name = text.removeprefix("@")
        document = read_json_file(label, name, limit=MAX_REQUEST_BYTES, expected=REQUEST_EXPECTED)
        subject = _file_name(name)
    else:
        subject = "the request"
        data = text.encode("utf-8", "surrogateescape")  # an argument's bytes, as the shell gave them
        if len(data) > MAX_REQUEST_BYTES:
            fail(label, f"{subject} is larger than {_size(MAX_REQUEST_BYTES)}; expected {REQUEST_EXPECTED}")
        document = parse_json(label, subject, data, expected=REQUEST_EXPECTED)
    if not isinstance(document, dict):
        fail(label, f"{subject} is JSON but not an object; expected {REQUEST_EXPECTED}")
    return document


class DeckFromMapping(Protocol[T_co]):
    """A game's deck validator, such as ``Deck.from_mapping``: the deck a JSON document describes."""

    def __call__(self, document: Any, *, source: str) -> T_co: ...


def read_deck(name: str, from_mapping: DeckFromMapping[T]) -> T:
    """The deck the ``--deck`` file ``name`` describes, in JSON of at most 64 KiB, validated by ``from_mapping``.

    A file that cannot be read, is too large or is not JSON stops the
    command as :func:`read_json_file` says; a deck the game refuses, with
    the game's reason naming the file.
    """
    document = read_json_file("--deck", name, limit=MAX_DECK_BYTES, expected=DECK_EXPECTED)
    return read("--deck", lambda described: from_mapping(described, source=f"deck file {name!r}"), document)


def read_json_file(label: str, name: str, *, limit: int, expected: str) -> Any:
    """The JSON document in the file ``name`` (``-``: standard input), of at most ``limit`` bytes.

    The file is read by :func:`read_user_file` and its JSON by the API's
    strict reader; any failure stops the command with one line naming
    ``label``, the file and what was ``expected``.
    """
    return parse_json(label, _file_name(name), read_user_file(label, name, limit=limit, expected=expected), expected)


def parse_json(label: str, subject: str, data: bytes, expected: str) -> Any:
    """The JSON document in ``data``, read by the API's strict reader; a refusal names ``label`` and ``subject``.

    >>> parse_json("--deck", "'deck.json'", b'{"cards": {}}', "a deck")
    {'cards': {}}
    >>> parse_json("--deck", "'deck.json'", b"[" * 40, "a deck")
    Traceback (most recent call last):
    ...
    api.cli.common.InputError: ('--deck', "'deck.json' is nested more than 32 levels deep; expected a deck")
    """
    from services.json_body import BodyError, read_json_body  # noqa: PLC0415 - see the module's docstring

    try:
        return read_json_body(data)
    except BodyError as error:
        fail(label, f"{said_of(error, subject)}; expected {expected}")


def said_of(error: Exception, subject: str) -> str:
    """The API's reason for refusing a JSON body (:class:`services.json_body.BodyError`), said of ``subject`` instead.

    >>> said_of(ValueError("the JSON body is not UTF-8: byte 3 cannot start a character"), "line 2")
    'line 2 is not UTF-8: byte 3 cannot start a character'
    >>> said_of(ValueError("a reason worded otherwise"), "line 2")
    'line 2: a reason worded otherwise'
    """
    reason = str(error)
    body = "the JSON body"
    return subject + reason.removeprefix(body) if reason.startswith(body) else f"{subject}: {reason}"


def read_user_file(label: str, name: str, *, limit: int, expected: str) -> bytes:
    """The bytes of the file ``name`` (``-``: standard input), of at most ``limit`` bytes.

    No more than ``limit + 1`` bytes are ever read, so neither a huge file nor
    ``/dev/zero`` nor a pipe that never ends can fill the memory.  A file
    that cannot be opened or read, or is larger, stops the command with one
    line naming ``label``, the file and what was ``expected``.
    """
    with _opened(label, name, expected) as stream:
        data = _attempt(label, name, expected, lambda: stream.read(limit + 1))
    if len(data) > limit:
        fail(label, f"{_file_name(name)} is larger than {_size(limit)}; expected {expected}")
    return data


def read_user_lines(label: str, name: str, *, limit: int, expected: str) -> Iterator[bytes]:
    """The lines of the file ``name`` (``-``: standard input) one at a time, each of at most ``limit`` bytes.

    A line's newline is not counted, and no more than ``limit + 1`` bytes are
    read for a line, so the command holds one line at a time however long
    the input.  A file that cannot be opened or read, or a longer line, stops
    the command as :func:`read_user_file` says, naming the line.
    """
    with _opened(label, name, expected) as stream:
        number = 0
        while line := _attempt(label, name, expected, lambda: stream.readline(limit + 1)):
            number += 1
            if len(line.rstrip(b"\n")) > limit:
                fail(label, f"{_file_name(name)}: line {number} is longer than {_size(limit)}; expected {expected}")
            yield line


@contextmanager
def _opened(label: str, name: str, expected: str) -> Iterator[BinaryIO]:
    """The file ``name`` open for reading bytes, closed after; standard input (``-``) is left open."""
    if name == "-":
        yield sys.stdin.buffer
        return
    try:
        file = open(name, "rb")  # noqa: SIM115 - closed by the with statement below
    except OSError as error:
        fail(label, f"{_file_name(name)} cannot be read ({error.strerror or error}); expected {expected}")
    with file:
        yield file


def _attempt(label: str, name: str, expected: str, reading: Callable[[], bytes]) -> bytes:
    """What ``reading`` the file ``name`` gives; an error (a directory, a device) stops the command."""
    try:
        return reading()
    except OSError as error:
        fail(label, f"{_file_name(name)} cannot be read ({error.strerror or error}); expected {expected}")


def _file_name(name: str) -> str:
    """How a message names a file the user gave: quoted, or ``standard input`` for ``-``."""
    return "standard input" if name == "-" else repr(name)


def _size(limit: int) -> str:
    """A cap in words.

    >>> _size(64 * 1024), _size(1000)
    ('64 KiB', '1000 bytes')
    """
    return f"{limit // 1024} KiB" if limit % 1024 == 0 else f"{limit} bytes"


def load_request(schema: Schema, document: Mapping[str, Any], *, label: Callable[[str], str]) -> dict[str, Any]:
    """Load ``document`` with the API's ``schema``; a refusal is one line naming the input at fault.

    ``label`` turns a request field into what the user typed: an option, or
    ``--request: FIELD`` for a JSON request.
    """
    from marshmallow import ValidationError  # noqa: PLC0415 - only the commands that load a request need it

    try:
        request: dict[str, Any] = schema.load(document)
    except ValidationError as error:
        field, inner, message = first_error(error.messages)
        where = f" ({inner})" if inner else ""
        fail(f"{label(field)}{where}", message)
    return request


def request_label(from_request: bool, options: Mapping[str, str]) -> Callable[[str], str]:
    """How a refused field is named: ``--request: FIELD``, or the option that gave it."""
    if from_request:
        return lambda field: f"--request: {field}"
    return lambda field: options.get(field, field)


def load_request_or_options(
    schema: Schema,
    *,
    written: Mapping[str, str],
    required: Sequence[str],
    document_from_options: Callable[[], dict[str, Any]],
    request: str | None,
    lang: str | None,
) -> dict[str, Any]:
    """The API's request from ``--request`` or from the options (never both), loaded with the API's ``schema``.

    ``written`` maps each request field to the option that gives it;
    without ``--request``, the fields in ``required`` must each be given,
    and ``document_from_options`` writes the request body from the options.
    """
    refuse_mixed_input(written, request=request is not None)
    if request is not None:
        document = read_json_request("--request", request)
    else:
        parameters = click.get_current_context().params
        missing = [written[field] for field in required if parameters.get(field) in (None, ())]
        if missing:
            fail(None, f"expected {', '.join(missing)}, or --request")
        document = document_from_options()
    return load_request(schema, with_language(document, lang), label=request_label(request is not None, written))


def first_error(messages: Any) -> tuple[str, str, str]:
    """The first field error in marshmallow's nested messages: the field, the place inside it, the message.

    >>> first_error({"hand": {2: ["Not a valid integer."]}})
    ('hand', 'item 3', 'Not a valid integer')
    """
    path: list[str] = []
    while isinstance(messages, dict):
        key, messages = next(iter(messages.items()))
        path.append(f"item {int(key) + 1}" if isinstance(key, int) else str(key))
    message = messages[0] if isinstance(messages, list) else messages
    return path[0], ", ".join(path[1:]), str(message).rstrip(".")


def refuse_mixed_input(options: Mapping[str, str], *, request: bool) -> None:
    """``--request`` holds the whole request: refuse it together with options that give parts of it.

    ``options`` maps each parameter that gives a part of the request to the
    way it is written on the command line.
    """
    if request:
        mixed = [written for name, written in options.items() if given(name)]
        if mixed:
            fail("--request", f"it holds the whole request; drop {', '.join(mixed)}")


# ----------------------------------------------------------------- options and output


def number_option(
    *names: str, low: int | None, high: int | None, what: str, default: int | None, help_text: str, **settings: Any
) -> Decorator:
    """An option holding a whole number from ``low`` to ``high`` (either may be ``None``), read by :func:`bounded`."""
    if default is not None:
        settings["default"] = str(default)
    return click.option(
        *names,
        type=str,
        callback=bounded(low, high, what),
        metavar=settings.pop("metavar", "N"),
        help=help_text,
        **settings,
    )


def bounded(low: int | None, high: int | None, what: str) -> Callable[[click.Context, click.Parameter, Any], Any]:
    """A callback reading an option as a whole number from ``low`` to ``high`` (either may be ``None``).

    ``what`` is what the number counts, a plural (``players``) or a role
    (``as port``), or nothing (``""``); the messages name it.  An option not
    given stays ``None``.

    >>> bounded(2, 12, "players")(None, None, "13")  # type: ignore[arg-type]
    Traceback (most recent call last):
    ...
    click.exceptions.BadParameter: expected 2 to 12 players, not 13
    """

    def read_number(_ctx: click.Context, _param: click.Parameter, value: str | None) -> int | None:
        if value is None:
            return None
        try:
            number = int(value)
        except ValueError:
            role = what if what.startswith("as ") or not what else f"of {what}"
            raise click.BadParameter(f"expected {' '.join(['a whole number', role]).strip()}, not {value!r}") from None
        if (low is not None and number < low) or (high is not None and number > high):
            if low is None:
                expected = f"at most {high}"
            elif high is None:
                expected = f"at least {low}"
            else:
                expected = f"{low} to {high}"
            raise click.BadParameter(f"expected {' '.join([expected, what]).strip()}, not {number}")
        return number

    return read_number


def choice_option(*names: str, choices: Sequence[str], help_text: str, **settings: Any) -> Decorator:
    """An option whose value is one of ``choices``; any other is refused naming the choices."""

    def check(_ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
        if value is not None and value not in choices:
            raise click.BadParameter(f"invalid choice: {value!r} (choose from {', '.join(choices)})")
        return value

    return click.option(*names, callback=check, metavar=f"[{'|'.join(choices)}]", help=help_text, **settings)


def json_option(help_text: str = "print the API's JSON answer instead of text") -> Decorator:
    """``--json``: print the answer as the API gives it."""
    return click.option("--json", "as_json", is_flag=True, help=help_text)


def lang_option(help_text: str = "language of the explanation") -> Decorator:
    """``--lang``: the language of the words printed; without it a request's ``lang`` decides, else English."""
    from tutor.i18n import SUPPORTED_LANGUAGES  # noqa: PLC0415 - the root group must not import the tutor

    def remember(ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
        if value is not None:
            if value not in SUPPORTED_LANGUAGES:
                raise click.BadParameter(f"invalid choice: {value!r} (choose from {', '.join(SUPPORTED_LANGUAGES)})")
            ctx.meta[LANGUAGE] = value
        return value

    return click.option(
        "--lang", callback=remember, metavar=f"[{'|'.join(SUPPORTED_LANGUAGES)}]", help=f"{help_text} (default en)"
    )


def request_option() -> Decorator:
    """``--request``: the API's JSON body instead of the options: inline, ``@FILE``, or ``-`` for standard input."""
    return click.option(
        "--request",
        metavar="JSON|@FILE|-",
        help="the API's JSON body instead of the options: inline, @FILE, or - for standard input",
    )


def answer_language(option: str | None, request: Mapping[str, Any]) -> str:
    """The language of the answer: ``--lang``, else the request's ``lang``, else English."""
    return use_language(option or str(request.get("lang") or "en"))


def with_language(document: dict[str, Any], lang: str | None) -> dict[str, Any]:
    """``document`` (an API request body) with ``--lang``, when given, as its ``lang``."""
    if lang is not None:
        document["lang"] = lang
    return document


def to_json(document: Mapping[str, Any]) -> str:
    """The JSON text a command prints with ``--json``: indented, in the document's key order."""
    return json.dumps(document, ensure_ascii=False, indent=2)


def echo_answer(answer: Mapping[str, Any], *, as_json: bool, text: Callable[[], str] | None = None) -> None:
    """Print the API's ``answer`` with ``--json``, else its explanation (or ``text()``, for answers without one)."""
    click.echo(to_json(answer) if as_json else (text() if text is not None else str(answer["explanation"])))


def reference_text(document: Mapping[str, Any], rulings: Mapping[str, Ruling], *, domain: str, lang: str) -> str:
    """A game's reference tables in words: one line per violation code, then one sentence per ruling.

    ``document`` is the reference answer, its summaries already in ``lang``;
    a code's line is its code, rulebook section, penalty (if the game has
    them) and summary.  The rulings read as the explanations cite them.
    """
    from tutor.i18n import translator  # noqa: PLC0415 - see the module's docstring
    from tutor.text import aligned_table, ruling_sentence  # noqa: PLC0415

    penalties = any("penalty" in row for row in document["violations"])
    rows = [
        [row["code"], row["rule"], *([row.get("penalty", "")] if penalties else []), row["summary"]]
        for row in document["violations"]
    ]
    lines = aligned_table(rows, numeric=())
    translations = translator(lang, domain)
    lines += ["", *(ruling_sentence(ruling, rulings[ruling], translations) for ruling in rulings)]
    return "\n".join(lines)


@contextmanager
def progress_bar(total: int, *, least: int = 1) -> Iterator[Callable[[], None] | None]:
    """A callback that advances a progress bar of ``total`` steps on standard error; ``None`` for no bar.

    The bar is shown only when standard error is a terminal, so a log or a
    pipe never gets its redrawn lines, and only for runs of at least
    ``least`` steps, which take long enough to need one.
    """
    if total < least or not sys.stderr.isatty():
        yield None
        return
    with click.progressbar(length=total, file=sys.stderr, show_pos=True) as bar:
        yield lambda: bar.update(1)
